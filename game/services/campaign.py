"""Campaigns: connected missions between the same two players (the rulebook's "Playing
Campaigns"), with their spoils, kept on disk from one evening to the next.

Pure Python, no pygame. Everything lives in one folder passed in as a :class:`Path` (the
client uses ``data_folder() / "campaigns"``):

- ``profiles/<id>.json``: a player profile (a name and an id), the player's record, and the
  Command Assets that outlive a campaign, each kept for (that player, a fireteam, an opponent);
- ``campaigns/<id>.json``: one campaign in progress or finished.

Every change is saved at once (atomic JSON writes). A damaged file is reported with a clear
message in :attr:`CampaignStore.problems`; the other files still load.

The campaign itself is a small state machine (:class:`Campaign`):

1. a random mission (``kind == "mission"``); its winner becomes the agent;
2. the agent plays its special operation (first, second or final by its number of Battle
   Honours) on a random mission, with that card in force (``kind == "special_operation"``);
3. the agent wins: the card is turned (a Battle Honour or a Command Asset on an operative its
   owner picks, :meth:`Campaign.choose_operative`) and play returns to step 1; the agent
   loses: the other player becomes the agent, back to step 2;
4. the agent who wins its final special operation wins the campaign.

Every mission won draws a special issue wargear card from those neither player holds; cards
used in a mission (``game.state.wargear_used``) go back to the pile before that draw. A level
mission never happens: campaign games carry ``campaign: true`` in their config, so the engine
settles a draw with the tiebreakers (:func:`game.engine.flow.tiebreak`).

All randomness (mission choice, wargear draws, each mission's dice seed) comes from a seeded
generator whose state is saved with the campaign: a reloaded campaign goes on identically.
"""

from __future__ import annotations

import json
import re
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.engine.config import build_config
from game.engine.defs import Catalogue, SpecialOperation
from game.engine.dice import RandomDice, SplitMix64
from game.engine.events import MissionEnded, TiebreakerUsed
from game.engine.game import Game, starting_state
from game.engine.state import opponent
from game.services.saves import write_json_atomic

FORMAT = 1
STAGES = ("first", "second", "final")
SEATS = ("human", "computer")
LEVELS = ("easy", "normal", "hard")  # a computer seat's level (normal unless chosen)
MAX_NAME = 40
# the profile a computer seat plays under: made on first use, never listed among the people
COMPUTER_ID = "computer"
COMPUTER_NAME = "The computer"


class CampaignError(ValueError):
    """Something about a campaign or profile that cannot be done or read, said plainly."""


# --- profiles -------------------------------------------------------------------------------

@dataclass
class Profile:
    """A player: a name and an id, their record, and the Command Assets they keep between
    campaigns (``{"fireteam", "opponent", "card", "operative", "campaign"}`` each)."""

    id: str
    name: str
    record: dict[str, int] = field(default_factory=lambda: {
        "campaigns_played": 0, "campaigns_won": 0, "missions_played": 0, "missions_won": 0})
    command_assets: list[dict[str, str]] = field(default_factory=list)

    def assets_against(self, fireteam: str, opponent: str) -> list[dict[str, str]]:
        return [a for a in self.command_assets
                if a["fireteam"] == fireteam and a["opponent"] == opponent]

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "id": self.id, "name": self.name, "record": dict(self.record),
                "command_assets": [dict(a) for a in self.command_assets]}

    @classmethod
    def from_dict(cls, data: Any) -> Profile:
        if not isinstance(data, dict):
            raise CampaignError("not a player profile (expected a JSON object)")
        if data.get("format") != FORMAT:
            raise CampaignError(f"unknown profile format {data.get('format')!r}")
        ident, name = data.get("id"), data.get("name")
        if not isinstance(ident, str) or not isinstance(name, str) or not ident:
            raise CampaignError("the profile has no id or name")
        record = data.get("record", {})
        if not isinstance(record, dict) or not all(
                isinstance(k, str) and isinstance(v, int) for k, v in record.items()):
            raise CampaignError("the profile's record is damaged")
        assets = data.get("command_assets", [])
        keys = {"fireteam", "opponent", "card", "operative"}
        if not isinstance(assets, list) or not all(
                isinstance(a, dict) and keys <= set(a) and
                all(isinstance(v, str) for v in a.values()) for a in assets):
            raise CampaignError("the profile's command assets are damaged")
        profile = cls(ident, name)
        profile.record.update(record)
        profile.command_assets = [dict(a) for a in assets]
        return profile


# --- the store ------------------------------------------------------------------------------

_SAFE = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


class CampaignStore:
    """The folder of profiles and campaigns. :attr:`problems` lists the files that could not
    be read at the last listing (``"campaigns/x.json: why"``)."""

    def __init__(self, root: Path, catalogue: Catalogue) -> None:
        self.root = Path(root)
        self.catalogue = catalogue
        self.problems: list[str] = []

    # paths
    def _profile_path(self, ident: str) -> Path:
        if not _SAFE.match(ident):
            raise CampaignError(f"not a profile id: {ident!r}")
        return self.root / "profiles" / f"{ident}.json"

    def _campaign_path(self, ident: str) -> Path:
        if not _SAFE.match(ident):
            raise CampaignError(f"not a campaign id: {ident!r}")
        return self.root / "campaigns" / f"{ident}.json"

    @staticmethod
    def _read(path: Path) -> Any:
        try:
            with open(path, encoding="utf-8") as handle:
                return json.load(handle)
        except FileNotFoundError:
            raise CampaignError(f"{path.name} does not exist") from None
        except (OSError, UnicodeDecodeError) as error:
            raise CampaignError(f"{path.name} cannot be read: {error}") from None
        except json.JSONDecodeError as error:
            raise CampaignError(f"{path.name} is damaged (not valid JSON: {error.msg} at "
                                f"line {error.lineno})") from None

    # profiles
    def profiles(self) -> list[Profile]:
        """Every readable profile, by name; damaged ones are reported in :attr:`problems`."""
        self.problems = [p for p in self.problems if not p.startswith("profiles/")]
        found: list[Profile] = []
        for path in sorted((self.root / "profiles").glob("*.json")):
            if path.stem == COMPUTER_ID:
                continue  # the computer's own profile is no person's
            try:
                found.append(Profile.from_dict(self._read(path)))
            except CampaignError as error:
                self.problems.append(f"profiles/{path.name}: {error}")
        return sorted(found, key=lambda p: (p.name.lower(), p.id))

    def profile(self, ident: str) -> Profile:
        try:
            return Profile.from_dict(self._read(self._profile_path(ident)))
        except CampaignError as error:
            raise CampaignError(f"player profile {ident}: {error}") from None

    def add_profile(self, name: str) -> Profile:
        name = " ".join(name.split())[:MAX_NAME]
        if not name:
            raise CampaignError("a player needs a name")
        if any(p.name.lower() == name.lower() for p in self.profiles()):
            raise CampaignError(f"there is already a player called {name!r}")
        slug = re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")[:24] or "player"
        profile = Profile(f"{slug}_{uuid.uuid4().hex[:6]}", name)
        self.save_profile(profile)
        return profile

    def computer_profile(self) -> Profile:
        """The profile every computer seat plays under (its record and the Command Assets it
        keeps against each person), made on first use: nobody has to add one by hand."""
        try:
            return self.profile(COMPUTER_ID)
        except CampaignError:
            profile = Profile(COMPUTER_ID, COMPUTER_NAME)
            self.save_profile(profile)
            return profile

    def save_profile(self, profile: Profile) -> None:
        write_json_atomic(profile.to_dict(), self._profile_path(profile.id))

    # campaigns
    def campaigns(self) -> list[Campaign]:
        """Every readable campaign, the most recently changed first; damaged ones are
        reported in :attr:`problems` and the others still load."""
        self.problems = [p for p in self.problems if not p.startswith("campaigns/")]
        found: list[Campaign] = []
        for path in sorted((self.root / "campaigns").glob("*.json")):
            try:
                found.append(Campaign.from_dict(self._read(path), self.catalogue, self))
            except CampaignError as error:
                self.problems.append(f"campaigns/{path.name}: {error}")
        return sorted(found, key=lambda c: (-c.data["changed"], c.id))

    def campaign(self, ident: str) -> Campaign:
        try:
            return Campaign.from_dict(self._read(self._campaign_path(ident)), self.catalogue,
                                      self)
        except CampaignError as error:
            raise CampaignError(f"campaign {ident}: {error}") from None

    def save_campaign(self, campaign: Campaign) -> None:
        write_json_atomic(campaign.to_dict(), self._campaign_path(campaign.id))

    def new_campaign(self, players: dict[int, Profile], fireteams: dict[int, str],
                     seed: int | None = None, seats: dict[int, str] | None = None,
                     name: str = "", levels: dict[int, str] | None = None,
                     missions: list[str] | None = None) -> Campaign:
        """Start a campaign between two profiles, each with its fireteam for the whole
        campaign (the same fireteam on both sides is allowed), and save it. ``levels``: a
        computer seat's level; ``missions``: the missions the random mission is drawn from
        (the mission cards; the players' own only if they choose to add them). Raises
        CampaignError saying what is wrong."""
        return Campaign.start(self.catalogue, players, fireteams, seed, seats, name, self,
                              levels, missions)

    def campaign_of(self, game: Game) -> Campaign | None:
        """The campaign a game was started for (None for a game outside any campaign)."""
        ref = campaign_link(game)
        return None if ref is None else self.campaign(ref["id"])


def campaign_link(game: Game) -> dict[str, Any] | None:
    """The campaign a game belongs to, as its set-up records it: ``{"id", "number"}`` (the
    campaign's id and the mission's number in it), or None for a game outside any campaign.
    The one place that reads the link, so that where the set-up keeps it may change."""
    ref = game.config.spec.get("campaign_ref")
    if not isinstance(ref, dict) or not isinstance(ref.get("id"), str):
        return None
    return ref


def mission_in_progress(campaign: Campaign, saves: list[tuple[Path, Game]]
                        ) -> tuple[Path, Game] | None:
    """Of ``saves`` (each a path and the game read from it), the one that holds
    ``campaign``'s next mission begun and not over, the furthest played (the most actions)
    where several do; None when the next mission has not been begun."""
    found = [(path, game) for path, game in saves
             if campaign.belongs(game) and not game.is_over]
    return max(found, key=lambda item: len(item[1].log), default=None)


# --- the campaign ---------------------------------------------------------------------------

def _player_key(data: dict[Any, Any]) -> dict[int, Any]:
    return {int(k): v for k, v in data.items()}


def _check_sides(catalogue: Catalogue, players: dict[int, Profile],
                 fireteams: dict[int, str]) -> None:
    """Raise CampaignError unless two different players each bring a fireteam that has
    special operations."""
    if set(players) != {1, 2} or set(fireteams) != {1, 2}:
        raise CampaignError("a campaign needs two players, each with a fireteam")
    if players[1].id == players[2].id and players[1].id != COMPUTER_ID:
        raise CampaignError("a campaign is played by two different players")
    for team in fireteams.values():
        if team not in catalogue.fireteams:
            raise CampaignError(f"unknown fireteam {team!r}")
        if len([s for s in catalogue.special_operations.values()
                if s.fireteam == team]) < 3:
            raise CampaignError(f"the fireteam {team!r} has no special operations")


def _check_choices(catalogue: Catalogue, seats: dict[int, str], levels: dict[int, str],
                   missions: list[str] | None) -> list[str]:
    """Raise CampaignError for an unknown seat, level or mission; the missions to draw
    from, sorted."""
    for seat in seats.values():
        if seat not in SEATS:
            raise CampaignError(f"a seat is 'human' or 'computer', not {seat!r}")
    for level in levels.values():
        if level not in LEVELS:
            raise CampaignError(f"a computer's level is one of {', '.join(LEVELS)}, not "
                                f"{level!r}")
    pool = sorted(missions) if missions is not None else sorted(catalogue.missions)
    unknown = [m for m in pool if m not in catalogue.missions]
    if unknown or not pool:
        raise CampaignError(f"unknown mission {unknown[0]!r}" if unknown else
                            "a campaign needs at least one mission to draw from")
    return pool


class Campaign:
    """One campaign. ``data`` is its whole JSON-able state; the methods that change it save
    it (and the profiles it touches) through its store at once."""

    def __init__(self, data: dict[str, Any], catalogue: Catalogue,
                 store: CampaignStore | None = None) -> None:
        self.data = data
        self.catalogue = catalogue
        self.store = store

    # --- construction ------------------------------------------------------------------

    @classmethod
    def start(cls, catalogue: Catalogue, players: dict[int, Profile], fireteams: dict[int, str],
              seed: int | None = None, seats: dict[int, str] | None = None, name: str = "",
              store: CampaignStore | None = None, levels: dict[int, str] | None = None,
              missions: list[str] | None = None) -> Campaign:
        _check_sides(catalogue, players, fireteams)
        if store is not None:  # the latest record of each player, not a copy held earlier
            players = {p: store.profile(players[p].id) for p in (1, 2)}
        seats = seats or {1: "human", 2: "human"}
        levels = levels or {}
        pool = _check_choices(catalogue, seats, levels, missions)
        if seed is None:
            seed = uuid.uuid4().int & ((1 << 63) - 1)
        now = time.time()
        data: dict[str, Any] = {
            "format": FORMAT,
            "id": time.strftime("%Y%m%d_%H%M%S", time.localtime(now)) + "_" +
                  uuid.uuid4().hex[:6],
            "name": name or f"{players[1].name} v {players[2].name}",
            "created": now, "changed": now,
            "seed": seed, "rng": SplitMix64(seed).state,
            "players": {p: {"profile": players[p].id, "name": players[p].name,
                            "fireteam": fireteams[p], "seat": seats.get(p, "human"),
                            "level": levels.get(p, "normal")}
                        for p in (1, 2)},
            "missions": pool,  # what the random mission is drawn from
            "honours": {1: [], 2: []},  # battle honours: {card, operative}
            "assets": {1: [], 2: []},  # command assets in force: {card, operative, carried}
            "wargear": {1: [], 2: []},  # special issue wargear in hand
            "agent": 0,
            "next": None,
            "pending": None,  # a turned card waiting for its owner to pick the operative
            "history": [],
            "notes": [],
            "winner": 0,
        }
        campaign = cls(data, catalogue, store)
        for p in (1, 2):  # command assets won against this opponent in earlier campaigns
            for asset in players[p].assets_against(fireteams[p], players[opponent(p)].id):
                if asset["card"] in catalogue.special_operations:
                    data["assets"][p].append({"card": asset["card"],
                                              "operative": asset["operative"],
                                              "carried": True})
                    campaign._note(f"{players[p].name} brings the command asset "
                                   f"{campaign._reward_name(asset['card'])} from an earlier "
                                   "campaign")
        campaign._set_next("mission", 0)
        if store is not None:
            for p in (1, 2):
                campaign._update_profile(p, campaigns_played=1)
        campaign._save()
        return campaign

    @classmethod
    def from_dict(cls, data: Any, catalogue: Catalogue,
                  store: CampaignStore | None = None) -> Campaign:
        """Rebuild a saved campaign; raises CampaignError saying what is wrong."""
        if not isinstance(data, dict):
            raise CampaignError("not a campaign (expected a JSON object)")
        if data.get("format") != FORMAT:
            raise CampaignError(f"unknown campaign format {data.get('format')!r}")
        try:
            data = dict(data)
            for key in ("players", "honours", "assets", "wargear"):
                data[key] = _player_key(data[key])
                if set(data[key]) != {1, 2}:
                    raise CampaignError(f"'{key}' must name players 1 and 2")
            for key in ("id", "name"):
                if not isinstance(data[key], str):
                    raise CampaignError(f"'{key}' must be text")
            for key in ("seed", "rng", "agent", "winner"):
                if not isinstance(data[key], int):
                    raise CampaignError(f"'{key}' must be a whole number")
            if not isinstance(data["history"], list) or not isinstance(data["notes"], list):
                raise CampaignError("the history is damaged")
            for p in (1, 2):
                seat = data["players"][p]
                for key in ("profile", "name", "fireteam", "seat"):
                    if not isinstance(seat.get(key), str):
                        raise CampaignError(f"player {p} has no {key}")
                if seat["fireteam"] not in catalogue.fireteams:
                    raise CampaignError(f"player {p}'s fireteam {seat['fireteam']!r} is not "
                                        "in this version of the game")
                for card in data["wargear"][p]:
                    if card not in catalogue.wargear:
                        raise CampaignError(f"unknown wargear card {card!r}")
                for entry in data["honours"][p] + data["assets"][p]:
                    if entry["card"] not in catalogue.special_operations:
                        raise CampaignError(f"unknown special operation {entry['card']!r}")
            data["changed"] = float(data.get("changed", 0))
            nxt = data.get("next")
            if nxt is not None:
                if nxt.get("mission") not in catalogue.missions:
                    raise CampaignError(f"unknown mission {nxt.get('mission')!r}")
                if nxt.get("card") and nxt["card"] not in catalogue.special_operations:
                    raise CampaignError(f"unknown special operation {nxt['card']!r}")
        except (KeyError, TypeError, AttributeError) as error:
            raise CampaignError(f"the campaign file is damaged ({error!s} missing or of the "
                                "wrong kind)") from None
        return cls(data, catalogue, store)

    def to_dict(self) -> dict[str, Any]:
        return json.loads(json.dumps(self.data))

    # --- what a screen shows -----------------------------------------------------------

    @property
    def id(self) -> str:
        return str(self.data["id"])

    @property
    def name(self) -> str:
        return str(self.data["name"])

    @property
    def players(self) -> dict[int, dict[str, str]]:
        return self.data["players"]

    @property
    def agent(self) -> int:
        """The player who is the agent now (0: nobody, a normal mission comes next)."""
        return int(self.data["agent"])

    @property
    def is_over(self) -> bool:
        return bool(self.data["winner"])

    @property
    def winner(self) -> int:
        return int(self.data["winner"])

    @property
    def next(self) -> dict[str, Any] | None:
        """The next mission: ``{"number", "kind", "mission", "agent", "card", "seed"}``."""
        return self.data["next"]

    @property
    def pending(self) -> dict[str, Any] | None:
        """A turned card whose owner must pick the operative that receives it:
        ``{"player", "card", "options"}`` (None when nothing waits)."""
        return self.data["pending"]

    @property
    def history(self) -> list[dict[str, Any]]:
        return self.data["history"]

    def honours(self, player: int) -> list[dict[str, str]]:
        return self.data["honours"][player]

    def assets(self, player: int) -> list[dict[str, Any]]:
        return self.data["assets"][player]

    def wargear(self, player: int) -> list[str]:
        return self.data["wargear"][player]

    def special_operation_for(self, player: int) -> SpecialOperation:
        """The special operation ``player`` would play now, by its number of Battle Honours:
        none → first, one → second, two or more → final."""
        team = self.players[player]["fireteam"]
        stage = STAGES[min(len(self.honours(player)), 2)]
        for card in self.catalogue.special_operations.values():
            if card.fireteam == team and card.stage == stage:
                return card
        raise CampaignError(f"the fireteam {team!r} has no {stage} special operation")

    def deck(self) -> list[str]:
        """The special issue wargear cards neither player holds, in a fixed order."""
        held = set(self.wargear(1)) | set(self.wargear(2))
        return sorted(c for c in self.catalogue.wargear if c not in held)

    def describe_next(self) -> str:
        """What comes next, in a sentence."""
        if self.pending:
            pend = self.pending
            return (f"{self.players[pend['player']]['name']} picks the operative who receives "
                    f"{self._reward_name(pend['card'])}.")
        if self.is_over:
            return f"{self.players[self.winner]['name']} has won the campaign."
        nxt = self.next
        assert nxt is not None
        mission = self.catalogue.missions[nxt["mission"]].name
        if nxt["kind"] == "mission":
            return f"Mission {nxt['number']}: {mission}, a random mission."
        card = self.catalogue.special_operations[nxt["card"]]
        return (f"Mission {nxt['number']}: {mission}, {self.players[nxt['agent']]['name']}'s "
                f"{card.stage} special operation, {card.name}.")

    # --- playing -----------------------------------------------------------------------

    def operative_id(self, player: int, stem: str) -> str:
        """The id an operative has in a game of this campaign (``p1_``/``p2_`` in front when
        both players use the same fireteam)."""
        teams = self.players
        if teams[1]["fireteam"] == teams[2]["fireteam"]:
            return f"p{player}_{stem}"
        return stem

    def game_spec(self) -> dict[str, Any]:
        """The config recipe of the next mission: the mission, the fireteams, the wargear in
        hand, the special operation in force, the honours and command assets, and the
        ``campaign`` rule (no draws: tiebreakers)."""
        nxt = self._playable()
        spec: dict[str, Any] = {
            "mission": nxt["mission"],
            "fireteams": {p: self.players[p]["fireteam"] for p in (1, 2)},
            "campaign": True,
            "campaign_ref": {"id": self.id, "number": nxt["number"]},
        }
        wargear = {p: list(self.wargear(p)) for p in (1, 2) if self.wargear(p)}
        if wargear:
            spec["wargear"] = wargear
        if nxt["kind"] == "special_operation":
            spec["special_operation"] = {"player": nxt["agent"], "card": nxt["card"]}
        honours = {p: [{"card": h["card"], "operative": self.operative_id(p, h["operative"])}
                       for h in self.honours(p) + self.assets(p)] for p in (1, 2)}
        honours = {p: v for p, v in honours.items() if v}
        if honours:
            spec["honours"] = honours
        return spec

    def next_game(self) -> Game:
        """The next mission as a new :class:`Game` at set-up, with its own seeded dice."""
        nxt = self._playable()
        config = build_config(self.catalogue, self.game_spec())
        return Game(config, starting_state(config), RandomDice(int(nxt["seed"])))

    def belongs(self, game: Game) -> bool:
        """Whether ``game`` is this campaign's next mission."""
        ref = campaign_link(game) or {}
        nxt = self.next
        return (nxt is not None and ref.get("id") == self.id
                and ref.get("number") == nxt["number"])

    def record_result(self, game: Game) -> dict[str, Any]:
        """Record a finished mission of this campaign: wargear used goes back to the pile,
        the winner draws its spoils, a special operation's card is turned or the agent
        changes, and the next mission is set. Saves. Returns the history entry."""
        if self.is_over:
            raise CampaignError("this campaign is already over")
        if not game.is_over:
            raise CampaignError("the mission is not over yet")
        if not self.belongs(game):
            raise CampaignError("this game is not the campaign's next mission")
        winner = game.winner
        if winner not in (1, 2):
            raise CampaignError("a campaign mission needs a winner")
        nxt = self._playable()
        names = {p: self.players[p]["name"] for p in (1, 2)}
        entry: dict[str, Any] = {
            "number": nxt["number"], "kind": nxt["kind"], "mission": nxt["mission"],
            "agent": nxt["agent"], "card": nxt["card"], "winner": winner,
            "vp": [game.state.vp[1], game.state.vp[2]], "reason": "", "tiebreaker": 0,
            "wargear_used": {}, "spoils": "", "reward": "",
        }
        ended = [e for e in game.events if isinstance(e, MissionEnded)]
        if ended:
            entry["reason"] = ended[-1].reason
        broke = [e for e in game.events if isinstance(e, TiebreakerUsed)]
        if broke:
            entry["tiebreaker"] = broke[-1].number
        # wargear used in this mission goes back to the pile, before the winner draws
        for p in (1, 2):
            used = [c for c in game.state.wargear_used.get(p, []) if c in self.wargear(p)]
            for card in used:
                self.wargear(p).remove(card)
            if used:
                entry["wargear_used"][p] = used
        deck = self.deck()
        if deck:
            drawn = deck[self._rng(len(deck))]
            self.wargear(winner).append(drawn)
            entry["spoils"] = drawn
        # the record of each player
        if self.store is not None:
            for p in (1, 2):
                self._update_profile(p, missions_played=1, missions_won=int(p == winner))
        if nxt["kind"] == "mission":
            self.data["agent"] = winner
            self._note(f"{names[winner]} wins mission {nxt['number']} and becomes the agent")
            self._set_next("special_operation", winner)
        elif winner == nxt["agent"]:
            card = self.catalogue.special_operations[nxt["card"]]
            entry["reward"] = card.id
            self._note(f"{names[winner]} wins the {card.stage} special operation and turns "
                       f"the card: {card.reward.name}")
            self._turn_card(winner, card)
            if card.stage == "final":
                self.data["winner"] = winner
                self.data["next"] = None
                self._note(f"{names[winner]} wins the campaign")
                if self.store is not None:
                    self._update_profile(winner, campaigns_won=1)
            else:
                self.data["agent"] = 0
                self._set_next("mission", 0)
        else:
            other = opponent(nxt["agent"])
            self.data["agent"] = other
            self._note(f"{names[nxt['agent']]} fails the special operation; {names[other]} "
                       "becomes the agent")
            self._set_next("special_operation", other)
        self.history.append(entry)
        self._save()
        return entry

    def candidates(self, player: int, card_id: str) -> list[str]:
        """The operatives (ids without the mirror-match prefix) that may receive the reward
        of ``card_id``: those of its datacard, or any of the fireteam."""
        card = self.catalogue.special_operations[card_id]
        team = self.catalogue.fireteams[self.players[player]["fireteam"]]
        out = []
        for entry in team.composition:
            if card.reward.card and entry.card != card.reward.card:
                continue
            for n in range(1, entry.count + 1):
                out.append(entry.id if entry.count == 1 else f"{entry.id}{n}")
        return out

    def choose_operative(self, operative: str) -> None:
        """The owner of the turned card picks the operative that receives it. Saves."""
        pend = self.pending
        if pend is None:
            raise CampaignError("no card is waiting for an operative")
        if operative not in pend["options"]:
            raise CampaignError(f"{operative!r} cannot receive this card; choose from "
                                f"{', '.join(pend['options'])}")
        self.data["pending"] = None
        self._give(pend["player"], pend["card"], operative)
        self._save()

    # --- inside ------------------------------------------------------------------------

    def _playable(self) -> dict[str, Any]:
        if self.is_over:
            raise CampaignError("this campaign is over")
        if self.pending:
            raise CampaignError("pick the operative for the turned card first")
        nxt = self.next
        if nxt is None:
            raise CampaignError("the campaign has no next mission")
        return nxt

    def _rng(self, n: int) -> int:
        rng = SplitMix64(0)
        rng.state = int(self.data["rng"])
        value = rng.below(n)
        self.data["rng"] = rng.state
        return value

    def _note(self, text: str) -> None:
        self.data["notes"].append(text)

    def _reward_name(self, card_id: str) -> str:
        return self.catalogue.special_operations[card_id].reward.name

    def seats(self) -> dict[int, str]:
        """Who plays each side of this campaign's games: "human", or the computer's level."""
        return {p: self.level(p) if self.players[p].get("seat") == "computer" else "human"
                for p in (1, 2)}

    def level(self, player: int) -> str:
        """The level a computer seat plays at (normal unless chosen)."""
        level = self.players[player].get("level", "normal")
        return level if level in LEVELS else "normal"

    def mission_pool(self) -> list[str]:
        """The missions the random mission is drawn from: those chosen at the start (the
        mission cards unless the players added their own), as far as they still exist."""
        chosen = self.data.get("missions")
        if isinstance(chosen, list):
            pool = sorted(m for m in chosen if m in self.catalogue.missions)
            if pool:
                return pool
        return sorted(self.catalogue.missions)

    def _set_next(self, kind: str, agent: int) -> None:
        # campaigns are the Fireteam rulebook's: they stay on its pack's missions
        missions = [m for m in self.mission_pool() if self.catalogue.missions[m].pack == "fireteam"]
        mission = missions[self._rng(len(missions))]
        card = ""
        if kind == "special_operation":
            special = self.special_operation_for(agent)
            card = special.id
            if special.stage == "final":
                self._discard_carried_assets(agent)
        number = 1 if self.data["next"] is None else int(self.data["next"]["number"]) + 1
        self.data["next"] = {"number": number,
                             "kind": kind, "mission": mission, "agent": agent, "card": card,
                             "seed": self._rng(1 << 62)}

    def _discard_carried_assets(self, player: int) -> None:
        """Before a fireteam's final special operation, the Command Assets it brought from
        earlier campaigns against this opponent are discarded (here and in the profile)."""
        carried = [a for a in self.assets(player) if a.get("carried")]
        if not carried:
            return
        for asset in carried:
            self.assets(player).remove(asset)
            self._note(f"{self.players[player]['name']} discards the command asset "
                       f"{self._reward_name(asset['card'])} before the final special operation")
        if self.store is not None:
            me, them = self.players[player], self.players[opponent(player)]
            prof = self.store.profile(me["profile"])
            gone = {a["card"] for a in carried}
            prof.command_assets = [a for a in prof.command_assets
                                   if not (a["fireteam"] == me["fireteam"]
                                           and a["opponent"] == them["profile"]
                                           and a["card"] in gone)]
            self.store.save_profile(prof)

    def _turn_card(self, player: int, card: SpecialOperation) -> None:
        options = self.candidates(player, card.id)
        if len(options) == 1:
            self._give(player, card.id, options[0])
        else:
            self.data["pending"] = {"player": player, "card": card.id, "options": options}

    def _give(self, player: int, card_id: str, operative: str) -> None:
        card = self.catalogue.special_operations[card_id]
        if card.reward.kind == "battle_honour":
            self.honours(player).append({"card": card_id, "operative": operative})
            return
        self.assets(player).append({"card": card_id, "operative": operative, "carried": False})
        if self.store is not None:
            me, them = self.players[player], self.players[opponent(player)]
            prof = self.store.profile(me["profile"])
            prof.command_assets = [a for a in prof.command_assets
                                   if not (a["fireteam"] == me["fireteam"]
                                           and a["opponent"] == them["profile"]
                                           and a["card"] == card_id)]
            prof.command_assets.append({"fireteam": me["fireteam"], "opponent": them["profile"],
                                        "card": card_id, "operative": operative,
                                        "campaign": self.id})
            self.store.save_profile(prof)

    def _update_profile(self, player: int, **add: int) -> None:
        assert self.store is not None
        try:
            prof = self.store.profile(self.players[player]["profile"])
        except CampaignError:
            return  # a profile file gone or damaged: the campaign goes on without its record
        for key, value in add.items():
            prof.record[key] = prof.record.get(key, 0) + value
        self.store.save_profile(prof)

    def _save(self) -> None:
        self.data["changed"] = time.time()
        if self.store is not None:
            self.store.save_campaign(self)


# --- headless play --------------------------------------------------------------------------

def play_campaign(campaign: Campaign, seed: int, quick: bool = False,
                  max_missions: int = 200, max_actions: int = 5000) -> Campaign:
    """Play ``campaign`` to its end between random players (every operative pick random
    too). ``quick``: some missions end at once by an agreed draw (the tiebreakers decide) or
    a concession, which keeps many campaigns fast. Raises on any error."""
    from game.ai.random_player import RandomPlayer
    from game.engine.actions import AgreeResult, Concede

    rng = SplitMix64(seed ^ 0xCA3E)
    for _ in range(max_missions):
        if campaign.pending:  # a card turned, even the final one, gets its operative
            options = campaign.pending["options"]
            campaign.choose_operative(options[rng.below(len(options))])
            continue
        if campaign.is_over:
            return campaign
        game = campaign.next_game()
        players = {1: RandomPlayer(rng.next() & 0xFFFF), 2: RandomPlayer(rng.next() & 0xFFFF)}
        shortcut = rng.below(4) if quick else 3
        for _ in range(max_actions):
            if game.is_over:
                break
            if shortcut == 0:
                game.apply(AgreeResult(game.to_act, 0))
            elif shortcut == 1:
                game.apply(Concede(game.to_act))
            else:
                game.apply(players[game.to_act].choose(game))
        else:
            raise CampaignError(f"mission {campaign.next and campaign.next['number']} did not "
                                f"end within {max_actions} actions")
        campaign.record_result(game)
    if not campaign.is_over or campaign.pending:
        raise CampaignError(f"the campaign did not end within {max_missions} missions")
    return campaign


def history_lines(campaign: Campaign) -> list[str]:
    """The missions played, one line each, for a log or a terminal."""
    lines = []
    names = {p: campaign.players[p]["name"] for p in (1, 2)}
    for h in campaign.history:
        mission = campaign.catalogue.missions[h["mission"]].name
        what = "random mission"
        if h["kind"] == "special_operation":
            card = campaign.catalogue.special_operations[h["card"]]
            what = f"{names[h['agent']]}'s {card.stage} special operation ({card.name})"
        extra = []
        if h.get("tiebreaker"):
            extra.append(f"tiebreaker {h['tiebreaker']}")
        if h.get("spoils"):
            extra.append(f"spoils: {campaign.catalogue.wargear[h['spoils']].name}")
        for p, used in (h.get("wargear_used") or {}).items():
            cards = [campaign.catalogue.wargear[c].name if c in campaign.catalogue.wargear
                     else c for c in used]
            extra.append(f"{names[int(p)]} used {', '.join(cards)}")
        if h.get("reward"):
            extra.append(f"card turned: {campaign._reward_name(h['reward'])}")
        tail = f" [{'; '.join(extra)}]" if extra else ""
        lines.append(f"{h['number']:>2}. {mission}, {what}: {names[h['winner']]} wins "
                     f"{h['vp'][0]}-{h['vp'][1]}{tail}")
    return lines
