"""The load test command: it starts its own server, plays its games, kills and restarts the
server when told, and ends with the line the issue fixes."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from tests.net.helpers import free_port

LAST_LINE = re.compile(r"^(\d+) games finished, (\d+) errors, (\d+) lost actions; round trip "
                       r"median [\d.]+ ms, p95 [\d.]+ ms; server peak memory \d+ MiB$")


@pytest.mark.slow
def test_the_load_test_survives_a_killed_server_and_reports_in_its_format():
    done = subprocess.run(
        [sys.executable, "-m", "game.cli.loadtest", "--host", "127.0.0.1", "--port",
         str(free_port()), "--games", "3", "--seed", "4", "--think", "0.02",
         "--kill-server-after", "2"], capture_output=True, text=True, timeout=300)
    lines = done.stdout.strip().splitlines()
    assert done.returncode == 0, done.stdout + done.stderr
    assert any("killing the server (SIGKILL)" in line for line in lines)
    assert sum("listening on" in line for line in lines) == 2
    match = LAST_LINE.match(lines[-1])
    assert match and match.groups() == ("3", "0", "0"), lines[-1]
