"""What the Play online screen remembers between runs (``online.json`` in the data folder):
the server's address, the player's name, and the seats this computer holds in games in
progress (to come back to after closing the window)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.net.remote import Link
from game.services import userdata
from game.services.saves import write_json_atomic

PREFS_FILE = "online.json"
DEFAULT_SERVER = "ws://127.0.0.1:8765"
KEEP_GAMES = 10  # seats remembered to come back to


@dataclass
class OnlinePrefs:
    """What the online screen remembers between runs."""

    server: str = DEFAULT_SERVER
    name: str = ""
    # {server, code, seat, token, mission}: seats to come back to, newest first
    games: list[dict[str, Any]] = field(default_factory=list)

    @staticmethod
    def path() -> Path:
        return userdata.data_folder() / PREFS_FILE

    @classmethod
    def load(cls) -> OnlinePrefs:
        """The saved preferences; a missing or damaged file gives the defaults."""
        try:
            data = json.loads(cls.path().read_text(encoding="utf-8"))
            games = [g for g in data.get("games", []) if isinstance(g, dict)
                     and all(isinstance(g.get(k), str) for k in ("server", "code", "token"))]
            return cls(str(data.get("server") or DEFAULT_SERVER), str(data.get("name", "")),
                       games[:KEEP_GAMES])
        except (OSError, ValueError, AttributeError, TypeError):
            return cls()

    def save(self) -> None:
        try:
            write_json_atomic({"server": self.server, "name": self.name,
                               "games": self.games[:KEEP_GAMES]}, self.path())
        except OSError:
            pass  # a read-only folder only costs the memory of these fields

    def remember(self, link: Link) -> None:
        seat, code, token, spec = link.read(lambda c: (c.seat, c.code, c.token, c.spec))
        if token is None:  # watching: nothing to come back to
            return
        entry = {"server": self.server, "code": code, "seat": seat, "token": token,
                 "mission": (spec or {}).get("mission", "")}
        self.games = [entry] + [g for g in self.games if g.get("token") != token]
        self.save()

    def replace_token(self, old: str, new: str) -> None:
        """A seat's token was rotated: the game is come back to with the new one."""
        for game in self.games:
            if game.get("token") == old:
                game["token"] = new
        self.save()

    def forget(self, token: str) -> None:
        self.games = [g for g in self.games if g.get("token") != token]
        self.save()


def server_url(address: str) -> str:
    """``host:port`` or a full ``ws://``/``wss://`` address, as a URL."""
    address = address.strip()
    if "://" not in address:
        address = "ws://" + address
    return address
