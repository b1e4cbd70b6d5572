"""How a game was set up: one record that every way into the play screen takes whole.

A :class:`GameSetup` says who plays each seat (a person at this screen, or the computer at
one of its levels), the players' names, the rule set, the mission and its mission pack, the
fireteams, and the game's links outside itself: the campaign mission it is (a
:class:`CampaignLink`) and the online game it is a seat of (an :class:`OnlineLink`).

Who carries it:

- every save and the autosave (:func:`game.services.saves.save_game` writes it under the key
  ``"setup"``; :func:`game.services.saves.read_setup` reads it back);
- the autosave journal (its first line, :mod:`game.services.journal`), so a journal can always be
  told apart from another game's;
- the replay (:attr:`game.services.replay.Replay.setup`), which names the seats as they were played;
- "Play again" on the end screen (:meth:`GameSetup.replay_spec` gives the same mission,
  fireteams, rule set and cards; the same seats and levels play it).

Every path that opens the play screen (new game, resume the last game, load, play again,
campaign) passes one to ``PlayScene(app, game, setup=...)``, which takes its seats, levels and
names from it, never from what the window happened to hold before.

The game itself stays the source of truth for what the engine plays (its config: mission,
fireteams, rule set, campaign reference): :meth:`GameSetup.of` reads those from it, and
:meth:`GameSetup.differences` says where a record and a game disagree (a save edited by
hand, or a record of another game), so they are never silently mixed.

Saves written before the record (no ``"setup"`` key) load through :func:`infer`: a campaign
mission takes its campaign's seats and levels; any other game is taken as two people, with
:attr:`GameSetup.inferred` set, so that the load screen asks who played before it opens.

As JSON (``to_dict``)::

    {"version": 1, "seats": {"1": "human", "2": "normal"}, "names": {"1": "Quinn",
     "2": "Kai"}, "rules": "fireteam", "mission": "dual_strike", "pack": "fireteam",
     "fireteams": ["gideon", "deathless_destroyers"],
     "campaign": {"id": "20260101_120000_abcdef", "number": 2} or null,
     "online": {"server": "ws://127.0.0.1:8765", "code": "ABCDEF", "seat": 1} or null}

This module imports nothing of pygame and nothing of the computer players.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.engine.defs import Catalogue
    from game.engine.dice import Dice
    from game.engine.game import Game

__all__ = ["HUMAN", "LEVELS", "SEAT_KINDS", "CampaignLink", "GameSetup", "OnlineLink",
           "SetupError", "infer"]

VERSION = 1
HUMAN = "human"  # a person at this screen
LEVELS = ("easy", "normal", "hard")  # the computer's levels (game/ai/search.py LEVELS)
SEAT_KINDS = (HUMAN, *LEVELS)
MAX_NAME = 40


class SetupError(ValueError):
    """A record that cannot be read; the message names the key and what is wrong."""


@dataclass(frozen=True)
class CampaignLink:
    """The campaign a game is a mission of: the campaign's id and the mission's number in it
    (the game's ``campaign_ref``, game/services/campaign.py)."""

    id: str
    number: int

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "number": self.number}


@dataclass(frozen=True)
class OnlineLink:
    """The online game a game is a seat of: the server's address, the join code and this
    computer's seat (None: watching)."""

    server: str
    code: str
    seat: int | None

    def to_dict(self) -> dict[str, Any]:
        return {"server": self.server, "code": self.code, "seat": self.seat}


@dataclass(frozen=True)
class GameSetup:
    """How one game was set up (see the module's docstring)."""

    seats: dict[int, str] = field(default_factory=lambda: {1: HUMAN, 2: HUMAN})
    names: dict[int, str] = field(default_factory=lambda: {1: "Player 1", 2: "Player 2"})
    rules: str = "fireteam"
    mission: str = ""
    pack: str = "fireteam"
    fireteams: tuple[str, str] = ("", "")
    campaign: CampaignLink | None = None
    online: OnlineLink | None = None
    inferred: bool = False  # read from a save older than the record: the seats are a guess

    # --- building -----------------------------------------------------------------------

    @classmethod
    def of(cls, game: Game, seats: dict[int, str] | None = None,
           names: dict[int, str] | None = None, online: OnlineLink | None = None,
           inferred: bool = False) -> GameSetup:
        """The record of ``game`` (its rule set, mission, pack, fireteams and campaign link
        read from the game) played by ``seats`` under ``names``."""
        config = game.config
        teams = config.fireteams
        ref = config.spec.get("campaign_ref")
        campaign = None
        if isinstance(ref, dict) and isinstance(ref.get("id"), str):
            try:
                campaign = CampaignLink(ref["id"], int(ref.get("number") or 0))
            except (TypeError, ValueError):
                campaign = None
        chosen = {1: HUMAN, 2: HUMAN}
        for player, seat in (seats or {}).items():
            if int(player) in (1, 2):
                chosen[int(player)] = str(seat) or HUMAN
        named = {p: f"Player {p}" for p in (1, 2)}
        for player, name in (names or {}).items():
            if int(player) in (1, 2) and str(name).strip():
                named[int(player)] = str(name).strip()[:MAX_NAME]
        return cls(seats=chosen, names=named, rules=str(config.rules),
                   mission=config.mission.id if config.mission else "",
                   pack=config.mission.pack if config.mission else "",
                   fireteams=(teams[1].id if teams.get(1) else "",
                              teams[2].id if teams.get(2) else ""),
                   campaign=campaign, online=online, inferred=inferred)

    def with_seats(self, seats: dict[int, str]) -> GameSetup:
        """The same record with ``seats`` (no longer a guess)."""
        chosen = dict(self.seats)
        for player, seat in seats.items():
            if player in (1, 2) and seat:
                chosen[player] = seat
        return replace(self, seats=chosen, inferred=False)

    # --- reading ------------------------------------------------------------------------

    @property
    def computers(self) -> dict[int, str]:
        """The computer seats and their levels."""
        return {p: s for p, s in self.seats.items() if s != HUMAN}

    def seat_words(self, player: int) -> str:
        """Who plays ``player``'s seat, in words: "Kai (computer, normal)", "Quinn"."""
        seat = self.seats.get(player, HUMAN)
        name = self.names.get(player, f"Player {player}")
        return name if seat == HUMAN else f"{name} (computer, {seat})"

    def differences(self, game: Game) -> list[str]:
        """Where this record and ``game`` disagree (empty: it is the record of that game's
        set-up)."""
        mine = GameSetup.of(game)
        found = []
        for key in ("rules", "mission", "pack", "fireteams", "campaign"):
            if getattr(self, key) != getattr(mine, key):
                found.append(f"{key}: the record says {getattr(self, key)!r}, the game "
                             f"{getattr(mine, key)!r}")
        return found

    def replay_spec(self, game: Game) -> dict[str, Any]:
        """The config recipe of a fresh game set up as ``game`` was ("Play again"): the same
        mission, fireteams, rule set and cards, without its campaign link (a campaign's next
        mission comes from the campaign)."""
        spec = dict(game.config.spec)
        # a campaign's cards (its wargear, special operation, honours) belong to its mission
        dropped = ["campaign", "campaign_ref", "special_operation", "honours"]
        if "campaign_ref" in spec:
            dropped.append("wargear")
        for key in dropped:
            spec.pop(key, None)
        return spec

    def fresh_game(self, game: Game, catalogue: Catalogue, dice: Dice) -> Game:
        """A new game at set-up, set up as ``game`` was ("Play again": see
        :meth:`replay_spec`), rolling ``dice``."""
        from game.engine.config import build_config
        from game.engine.game import Game, starting_state

        config = build_config(catalogue, self.replay_spec(game))
        return Game(config, starting_state(config), dice)

    # --- JSON ---------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {"version": VERSION,
                "seats": {str(p): s for p, s in sorted(self.seats.items())},
                "names": {str(p): n for p, n in sorted(self.names.items())},
                "rules": self.rules, "mission": self.mission, "pack": self.pack,
                "fireteams": list(self.fireteams),
                "campaign": self.campaign.to_dict() if self.campaign else None,
                "online": self.online.to_dict() if self.online else None}

    @classmethod
    def from_dict(cls, data: Any) -> GameSetup:
        """A record from its JSON; raises SetupError naming the key that is wrong."""
        if not isinstance(data, dict):
            raise SetupError("setup: expected an object")
        version = data.get("version")
        if version != VERSION:
            raise SetupError(f"setup.version: expected {VERSION}, found {version!r}")
        seats = _per_player(data.get("seats"), "seats")
        for player, seat in seats.items():
            if seat not in SEAT_KINDS:
                raise SetupError(f"setup.seats.{player}: expected one of "
                                 f"{', '.join(SEAT_KINDS)}, found {seat!r}")
        names = {p: n.strip()[:MAX_NAME] or f"Player {p}"
                 for p, n in _per_player(data.get("names"), "names").items()}
        texts = {}
        for key in ("rules", "mission", "pack"):
            if not isinstance(data.get(key), str):
                raise SetupError(f"setup.{key}: expected text, found {data.get(key)!r}")
            texts[key] = data[key]
        teams = data.get("fireteams")
        if not (isinstance(teams, list) and len(teams) == 2
                and all(isinstance(t, str) for t in teams)):
            raise SetupError(f"setup.fireteams: expected two fireteam ids, found {teams!r}")
        return cls(seats=seats, names=names, rules=texts["rules"], mission=texts["mission"],
                   pack=texts["pack"], fireteams=(teams[0], teams[1]),
                   campaign=_campaign(data.get("campaign")), online=_online(data.get("online")))


def _per_player(value: Any, key: str) -> dict[int, str]:
    if not isinstance(value, dict) or sorted(str(k) for k in value) != ["1", "2"] \
            or not all(isinstance(v, str) for v in value.values()):
        raise SetupError(f"setup.{key}: expected text for players \"1\" and \"2\", found "
                         f"{value!r}")
    return {int(k): v for k, v in value.items()}


def _campaign(value: Any) -> CampaignLink | None:
    if value is None:
        return None
    if not (isinstance(value, dict) and isinstance(value.get("id"), str)
            and isinstance(value.get("number"), int) and not isinstance(value["number"], bool)):
        raise SetupError(f"setup.campaign: expected {{\"id\": text, \"number\": a number}} or "
                         f"null, found {value!r}")
    return CampaignLink(value["id"], value["number"])


def _online(value: Any) -> OnlineLink | None:
    if value is None:
        return None
    seat = value.get("seat") if isinstance(value, dict) else None
    if not (isinstance(value, dict) and isinstance(value.get("server"), str)
            and isinstance(value.get("code"), str) and seat in (1, 2, None)):
        raise SetupError(f"setup.online: expected {{\"server\": text, \"code\": text, "
                         f"\"seat\": 1, 2 or null}} or null, found {value!r}")
    return OnlineLink(value["server"], value["code"], seat)


def infer(game: Game, names: dict[int, str] | None = None,
          campaign_seats: dict[int, str] | None = None) -> GameSetup:
    """The record of a game saved before records were kept: a campaign mission's seats and
    levels come from its campaign (``campaign_seats``, when the campaign is still there);
    otherwise both seats are taken as people and the record is marked
    :attr:`~GameSetup.inferred`, for the screen to ask who played."""
    if campaign_seats:
        return GameSetup.of(game, campaign_seats, names)
    return GameSetup.of(game, None, names, inferred=True)
