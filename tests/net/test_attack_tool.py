"""The attack tool end to end, short: every attack held, honest games finished with no
error, no code found, a short server log, and its last line in the documented form."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from tests.net.helpers import free_port


@pytest.mark.slow
def test_the_attack_tool_holds_every_attack_and_reports_in_its_format():
    done = subprocess.run(
        [sys.executable, "-m", "game.cli.attack", "--host", "127.0.0.1", "--port",
         str(free_port()), "--seed", "5", "--duration", "5", "--pairs", "1"],
        capture_output=True, text=True, timeout=400)
    last = done.stdout.strip().splitlines()[-1]
    assert done.returncode == 0, done.stdout + done.stderr
    found = re.fullmatch(r"attacks: (\d+) tried, (\d+) held; honest games: (\d+) finished, "
                         r"0 errors, round trip p95 (\d+) ms; codes found: 0; server log: "
                         r"(\d+) lines", last)
    assert found, last
    tried, held, finished, _p95, log = map(int, found.groups())
    assert tried == held == 13 and finished >= 1 and log < 200


def test_the_attack_tool_refuses_a_host_not_on_this_machine():
    done = subprocess.run([sys.executable, "-m", "game.cli.attack", "--host", "192.0.2.1",
                           "--port", "8765"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "this machine only" in done.stderr
