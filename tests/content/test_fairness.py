"""Both killzone sides and every mission map are fair to both players: point-symmetric under
a half turn, connected, nothing on a blocked hex (tools/check_symmetry.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_killzones_and_missions_are_symmetric_and_connected() -> None:
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "check_symmetry.py")],
                         capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "OK" in out.stdout
