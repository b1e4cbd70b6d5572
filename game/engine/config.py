"""What stays fixed for a whole game: the map, the cards in play, the mission."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from typing import Any

from game.engine.defs import (
    Ability,
    Catalogue,
    Datacard,
    Effect,
    Fireteam,
    Mission,
    MissionAction,
    Ploy,
    SpecialOperation,
    TargetOfOpportunity,
    Wargear,
    Weapon,
)
from game.engine.hexgrid import Grid, grid_for
from game.engine.packs import pack_of_mission
from game.engine.rulebook import book
from game.engine.rulesets import RULE_SET_NAMES, RuleSet, plays, rule_set


@dataclass(frozen=True)
class Config:
    """The fixed part of a game. ``spec`` is the JSON-able recipe it was built from."""

    grid: Grid
    datacards: dict[str, Datacard]
    fireteams: dict[int, Fireteam | None]
    territories: dict[int, tuple[str, ...]]
    objectives: dict[str, str]
    turning_points: int
    mission: Mission | None
    targets: dict[str, TargetOfOpportunity]
    spec: dict[str, Any] = field(default_factory=dict)
    wargear: dict[int, tuple[Wargear, ...]] = field(default_factory=dict)  # cards held
    special_operation: tuple[int, SpecialOperation] | None = None  # (agent, card)
    honours: dict[int, tuple[tuple[SpecialOperation, str], ...]] = field(default_factory=dict)
    campaign: bool = False  # a campaign game: a draw is settled by the tiebreakers
    rules: RuleSet | str = RuleSet.FIRETEAM  # the rule set the game is played under
    dangerous: frozenset[str] = frozenset()  # dangerous terrain (a rule set's that counts it)

    @property
    def mission_rules(self) -> tuple[Effect, ...]:
        return self.mission.rules if self.mission else ()

    @property
    def mission_actions(self) -> tuple[MissionAction, ...]:
        return self.mission.actions if self.mission else ()

    def objective_side(self, objective: str) -> int:
        return self.mission.objective_sides.get(objective, 0) if self.mission else 0

    @property
    def sudden_victory(self) -> int:
        return self.mission.sudden_victory if self.mission else 0

    def cards_held(self, player: int) -> tuple[Wargear, ...]:
        """The once-a-mission cards ``player`` may use: the special issue wargear it holds,
        then its fireteam's tactical ploys."""
        team = self.fireteams.get(player)
        return self.wargear.get(player, ()) + (team.tactical_ploys if team else ())

    def wargear_card(self, player: int, card_id: str) -> Wargear | None:
        """A card of :meth:`cards_held` by id, or None."""
        for card in self.cards_held(player):
            if card.id == card_id:
                return card
        return None

    def is_tactical_ploy(self, player: int, card_id: str) -> bool:
        team = self.fireteams.get(player)
        return team is not None and any(c.id == card_id for c in team.tactical_ploys)

    def ploy(self, player: int, ploy_id: str) -> Ploy | None:
        team = self.fireteams.get(player)
        if team is None:
            return None
        for ploy in team.ploys:
            if ploy.id == ploy_id:
                return ploy
        return None

    def ploys_of(self, player: int) -> tuple[Ploy, ...]:
        team = self.fireteams.get(player)
        return team.ploys if team else ()


def build_config(catalogue: Catalogue, spec: dict[str, Any]) -> Config:
    """Build a config from a recipe:

    ``mission`` (a mission id) or ``killzone`` (``columns``, ``rows``, ``blocked``, ``cover``,
    ``objectives``, ``territories``); ``fireteams`` ``{1: id|None, 2: id|None}``; optional
    ``datacards`` (inline definitions as dicts, see :func:`datacard_from_dict`),
    ``options`` (``{player: {option id: [datacard ids]}}``: the choices made as the fireteam
    was picked, see :func:`choose_options`), ``turning_points``, ``campaign`` (true: a
    campaign game, which the tiebreakers keep from
    ending in a draw), ``rules`` (a rule set's id, :mod:`game.engine.rulesets`; Fireteam by
    default: its book says whether the mission's own objectives give way to markers the
    players place, whether targets of opportunity are dealt, how many turning points it plays
    and whether the killzone's ``dangerous`` hexes count). Raises KeyError/ValueError
    naming what is unknown.
    """
    rules = rule_set(spec.get("rules"))
    extra = {k: datacard_from_dict(v) for k, v in (spec.get("datacards") or {}).items()}
    datacards = dict(catalogue.datacards)
    datacards.update(extra)
    fireteams = _fireteams(catalogue, spec)
    mission, grid, territories, objectives, turning_points = _board(catalogue, spec)
    turning_points = int(spec.get("turning_points") or turning_points)
    own = book(rules)
    if mission is not None and not plays(rules, mission):
        raise ValueError(f"mission {mission.id!r} is a mission of the {mission.pack!r} pack: "
                         f"the {RULE_SET_NAMES[rules]} rules do not play it")
    if own.markers:  # the rule set's own markers, placed by the players
        objectives = {marker: "" for marker in own.markers}
    if own.turning_points:
        turning_points = int(spec.get("turning_points") or own.turning_points)
    dangerous = _dangerous(grid, spec) if own.dangerous else frozenset[str]()
    wargear = _wargear(catalogue, spec)
    special = _special_operation(catalogue, spec)
    honours = _honours(catalogue, spec)
    # a pack's mission may score objectives of its own instead of targets of opportunity
    pack = pack_of_mission(mission)
    targets = {} if (pack is not None and not pack.targets) or not own.targets \
        else dict(catalogue.targets)
    if mission is not None:  # a mission's deck: only the cards it lets a player complete
        from game.engine.targets import can_be_completed

        targets = {k: t for k, t in targets.items()
                   if can_be_completed(t.condition, len(objectives), territories,
                                       grid.is_on_board)}
    return Config(grid, datacards, fireteams, territories, objectives, turning_points,
                  mission, targets, spec, wargear, special, honours,
                  campaign=bool(spec.get("campaign")), rules=rules, dangerous=dangerous)


def _fireteams(catalogue: Catalogue, spec: dict[str, Any]) -> dict[int, Fireteam | None]:
    fireteams: dict[int, Fireteam | None] = {}
    teams = per_player(spec.get("fireteams"))
    chosen = per_player(spec.get("options"))
    for player in (1, 2):
        team_id = teams.get(player)
        if team_id is None:
            fireteams[player] = None
        elif team_id not in catalogue.fireteams:
            raise KeyError(f"unknown fireteam {team_id!r}")
        else:
            fireteams[player] = choose_options(catalogue.fireteams[team_id],
                                               chosen.get(player), f"options.{player}")
    return fireteams


def choose_options(team: Fireteam, chosen: Any, where: str = "options") -> Fireteam:
    """``team`` with the choices ``chosen`` (``{option id: [datacard ids]}``, None for
    none) made: each option named gives its composition entries way to the operatives
    chosen, in the place of the first of them. Raises ValueError naming ``where``, the option
    and the limit when a choice is not the fireteam's or goes beyond it."""
    if not chosen:
        return team
    if not isinstance(chosen, dict):
        raise ValueError(f"{where}: expected {{option: [datacards]}}, found {chosen!r}")
    options = {o.id: o for o in team.options}
    composition = list(team.composition)
    for option_id, cards in chosen.items():
        option = options.get(str(option_id))
        if option is None:
            have = ", ".join(options) or "none"
            raise ValueError(f"{where}: {team.name} has no option {option_id!r} (its "
                             f"options: {have})")
        at = f"{where}.{option.id}"
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            raise ValueError(f"{at}: expected a list of datacard ids, found {cards!r}")
        for card in cards:
            if card not in option.cards:
                raise ValueError(f"{at}: {card!r} is not one of '{option.name}' "
                                 f"({', '.join(option.cards)})")
        if len(cards) > option.most:
            raise ValueError(f"{at}: {team.name} may take at most {option.most} for "
                             f"'{option.name}' ({', '.join(option.cards)}), not "
                             f"{len(cards)}")
        place = next((i for i, e in enumerate(composition) if e.card in option.cards),
                     len(composition))
        kept = [e for e in composition if e.card not in option.cards]
        new = [replace(e, count=cards.count(e.card)) for e in option.entries
               if e.card in cards]
        composition = kept[:place] + new + kept[place:]
    return replace(team, composition=tuple(composition))


def _board(catalogue: Catalogue, spec: dict[str, Any]
           ) -> tuple[Mission | None, Grid, dict[int, tuple[str, ...]], dict[str, str], int]:
    """The mission (None for a drawn killzone), its grid, territories, objectives and
    turning points."""
    if spec.get("mission"):
        if spec["mission"] not in catalogue.missions:
            raise KeyError(f"unknown mission {spec['mission']!r}")
        mission = catalogue.missions[spec["mission"]]
        side = catalogue.killzones[mission.killzone]
        blocked, cover = mission.terrain or (tuple(side.blocked), tuple(side.cover))
        objectives = dict(mission.objectives)
        # markers the players place (a mission pack's) have no hex until then
        pack = pack_of_mission(mission)
        if pack is not None:
            objectives.update({marker: "" for marker in pack.placed(mission)})
        return (mission, grid_for(side.columns, side.rows, blocked, cover),
                dict(mission.territories), objectives, mission.turning_points)
    kz = spec.get("killzone") or {}
    grid = grid_for(int(kz.get("columns", 15)), int(kz.get("rows", 11)),
                    tuple(kz.get("blocked") or ()), tuple(kz.get("cover") or ()))
    territories = {int(k): tuple(v) for k, v in (kz.get("territories") or {}).items()}
    objectives = {str(k): str(v) for k, v in (kz.get("objectives") or {}).items()}
    return None, grid, territories, objectives, 3


def _dangerous(grid: Grid, spec: dict[str, Any]) -> frozenset[str]:
    """The dangerous hexes of the killzone the recipe draws (for a rule set that counts them)."""
    raw_dangerous = (spec.get("killzone") or {}).get("dangerous") or ()
    for h in raw_dangerous:
        if not grid.is_on_board(str(h)):
            raise ValueError(f"killzone.dangerous: {h!r} is not a hex of the killzone")
    return frozenset(str(h) for h in raw_dangerous)


def _wargear(catalogue: Catalogue, spec: dict[str, Any]) -> dict[int, tuple[Wargear, ...]]:
    wargear: dict[int, tuple[Wargear, ...]] = {}
    for player, cards in per_player(spec.get("wargear")).items():
        for card in cards:
            if card not in catalogue.wargear:
                raise KeyError(f"unknown wargear {card!r}")
        wargear[player] = tuple(catalogue.wargear[c] for c in cards)
    return wargear


def _special_operation(catalogue: Catalogue, spec: dict[str, Any]
                       ) -> tuple[int, SpecialOperation] | None:
    if not spec.get("special_operation"):
        return None
    raw = spec["special_operation"]
    card = raw.get("card")
    if card not in catalogue.special_operations:
        raise KeyError(f"unknown special operation {card!r}")
    if int(raw.get("player", 0)) not in (1, 2):
        raise ValueError("special_operation.player must be 1 or 2")
    return int(raw["player"]), catalogue.special_operations[card]


def _honours(catalogue: Catalogue, spec: dict[str, Any]
             ) -> dict[int, tuple[tuple[SpecialOperation, str], ...]]:
    honours: dict[int, tuple[tuple[SpecialOperation, str], ...]] = {}
    for player, entries in per_player(spec.get("honours")).items():
        got = []
        for entry in entries:
            if entry.get("card") not in catalogue.special_operations:
                raise KeyError(f"unknown special operation {entry.get('card')!r}")
            got.append((catalogue.special_operations[entry["card"]], str(entry["operative"])))
        honours[player] = tuple(got)
    return honours


def per_player(data: Any) -> dict[int, Any]:
    """``{1: x, 2: y}`` from a mapping keyed by player (1/"1", 2/"2"); other keys ignored."""
    if not isinstance(data, dict):
        return {}
    return {int(k): v for k, v in data.items() if str(k) in ("1", "2")}


def datacard_to_dict(card: Datacard) -> dict[str, Any]:
    data = asdict(card)
    for weapon in data["weapons"]:
        weapon["damage"] = [weapon.pop("normal"), weapon.pop("crit")]
        weapon["rules"] = list(weapon["rules"])
    return data


def _effect(raw: dict[str, Any]) -> Effect:
    return Effect(raw["kind"], dict(raw.get("params", {})), raw.get("text", ""))


def datacard_from_dict(data: dict[str, Any]) -> Datacard:
    """Rebuild a datacard written by :func:`datacard_to_dict`."""
    weapons = tuple(
        Weapon(w["id"], w.get("name", w["id"]), int(w["ap"]), int(w["range"]),
               int(w["attacks"]), int(w["hit"]), int(w["damage"][0]), int(w["damage"][1]),
               tuple(w.get("rules", ())))
        for w in data["weapons"])
    abilities = tuple(
        Ability(a["id"], a.get("name", a["id"]), a.get("text", ""),
                tuple(_effect(e) for e in a.get("effects", ())))
        for a in data.get("abilities", ()))
    return Datacard(data["id"], data.get("name", data["id"]), int(data["apl"]),
                    int(data["move"]), int(data["defence"]), int(data["save"]),
                    int(data["wounds"]), weapons, abilities, tuple(data.get("keywords", ())))
