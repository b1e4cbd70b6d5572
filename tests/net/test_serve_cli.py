"""``fireteam serve``: its arguments, and that it listens on this computer only by default."""

from __future__ import annotations

import subprocess
import sys

from game.cli import main
from game.net.server import DEFAULT_PORT, build_parser
from tests.net.helpers import ServerProcess


def test_the_defaults_bind_localhost_only():
    options = build_parser().parse_args([])
    assert options.host == "127.0.0.1" and options.port == DEFAULT_PORT
    options = build_parser().parse_args(["--host", "0.0.0.0", "--port", "9000", "--db", "x.db"])
    assert (options.host, options.port, str(options.db)) == ("0.0.0.0", 9000, "x.db")


def test_a_bad_port_is_refused_naming_it(capsys):
    assert main(["serve", "--port", "70000"]) == 2
    assert "--port 70000" in capsys.readouterr().err


def test_serve_is_a_command_of_the_game():
    done = subprocess.run([sys.executable, "-m", "game", "serve", "--help"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "--db" in done.stdout and "serve" in done.stdout


def test_the_server_started_prints_its_address_and_resumes_nothing_new(tmp_path):
    server = ServerProcess(tmp_path / "games.sqlite3")
    try:
        line = server.start()
        assert line.startswith(f"listening on ws://127.0.0.1:{server.port} (0 games resumed)")
    finally:
        server.stop()
    assert server.proc is not None and server.proc.returncode == 0  # SIGTERM: a clean stop
