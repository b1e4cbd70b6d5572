"""``fireteam serve``: its arguments, and that it listens on this computer only by default."""

from __future__ import annotations

import asyncio
import subprocess
import sys

import pytest

from game.cli.main import main
from game.cli.server import build_parser
from game.net.client import Client, play_scripted, seeded_chooser
from game.net.server import DEFAULT_PORT
from tests.net.helpers import ServerProcess


def test_the_defaults_bind_localhost_only():
    options = build_parser().parse_args([])
    assert options.host == "127.0.0.1" and options.port == DEFAULT_PORT
    options = build_parser().parse_args(["--host", "0.0.0.0", "--port", "9000", "--db", "x.db"])
    assert (options.host, options.port, str(options.db)) == ("0.0.0.0", 9000, "x.db")


def test_a_bad_port_is_refused_naming_it(capsys):
    with pytest.raises(SystemExit) as stopped:
        main(["serve", "--port", "70000"])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert "--port" in err and "70000" in err


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


@pytest.mark.slow
def test_the_computer_takes_a_seat_from_the_command_line(tmp_path, catalogue):
    server = ServerProcess(tmp_path / "games.sqlite3")
    server.start()

    async def scenario() -> tuple[Client, str]:
        host = Client(server.url, catalogue)
        await host.connect()
        await host.create("dual_strike", ("gideon", "bad_ladz"), name="Ana")
        bot = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "game.cli.bot", "--port", str(server.port), "--code",
            host.code or "", "--level", "random", "--seed", "3",
            stdout=asyncio.subprocess.PIPE)
        await play_scripted(host, seeded_chooser(1))
        out, _ = await asyncio.wait_for(bot.communicate(), 60)
        assert bot.returncode == 0
        await host.close()
        return host, out.decode()

    try:
        host, out = asyncio.run(asyncio.wait_for(scenario(), 180))
    finally:
        server.stop()
    assert host.over and host.names[2] == "Computer (random)"
    assert f"the mission is over: winner {host.winner}" in out
