"""YAML content → the frozen definitions of :mod:`game.engine.defs`, validated.

One entry, :func:`load_catalogue`, reads the shipped content (``assets/killzones/*.yaml``,
``assets/fireteams/*.yaml``, ``assets/targets.yaml``, ``missions/*.yaml``,
``assets/wargear.yaml``, ``assets/special_operations/*.yaml``) plus any extra files or folders,
checks everything, and either returns a :class:`Catalogue` or raises one :class:`ContentError`
holding every issue found (file, line, column, key path, message).
:func:`content_root` tells where the shipped ``assets/`` and ``missions/`` are: the
repository's own top-level folders in a checkout (editable install included), the copy packaged
as ``game/_data`` in an installed wheel.
:func:`parse_datacards` reads the inline ``datacards`` of a scenario file the same way.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import replace
from importlib import resources
from pathlib import Path
from typing import Any

from yaml.nodes import Node

from game.content.cards import parse_special_operations, parse_wargear, wargear_card
from game.content.missions import parse_mission
from game.content.rulesets import NO_ROLES, packs
from game.content.schema import ABSENT, LIMITS, Board, Context, Reader, Run, describe
from game.content.yamlio import (
    ContentError,
    ContentIssue,
    KeyPath,
    Located,
    display_file,
    format_path,
    locate,
    parse_content,
    read_content,
    suggestion,
)
from game.engine import vocabulary as V
from game.engine.defs import (
    Ability,
    Catalogue,
    CompositionEntry,
    Datacard,
    Effect,
    Fireteam,
    FireteamOption,
    KillzoneSide,
    Ploy,
    TargetOfOpportunity,
    Wargear,
    Weapon,
)

# The folder holding the ``game`` package: the repository's top in a checkout (where assets/,
# missions/, docs/ and tools/ are), site-packages when installed. Content is found through
# content_root(), which works in both.
REPO_ROOT = Path(__file__).resolve().parents[2]
PACKAGED_DATA = "_data"  # game/_data/{assets,missions} in a wheel (see pyproject.toml)

FIRETEAM = "fireteam"
MISSION = "mission"
KILLZONE = "killzone"
TARGETS = "targets"
WARGEAR = "wargear"
SPECIAL_OPERATIONS = "special_operations"
# also the order they are read in
FILE_KINDS = (KILLZONE, FIRETEAM, TARGETS, MISSION, WARGEAR, SPECIAL_OPERATIONS)

_FIRETEAM_KEYS = ("id", "name", "faction", "datacards", "composition", "ploys")
_DATACARD_KEYS = ("id", "name", "apl", "move", "defence", "save", "wounds", "weapons")
_WEAPON_KEYS = ("id", "name", "ap", "range", "attacks", "hit", "damage")
_TEXT_KEYS = ("id", "name", "text")


def content_root() -> Path:
    """The folder holding the shipped ``assets/`` and ``missions/``: the copy packaged inside
    the game (``game/_data``) when it is installed from a wheel, else, in a checkout or an
    editable install, the repository's top-level folders, so that edits there are what is
    read."""
    package = Path(str(resources.files("game")))  # a folder: pip installs unpacked
    packaged = package / PACKAGED_DATA
    return packaged if packaged.is_dir() else package.parent


def shipped_files(root: Path | None = None) -> list[tuple[Path, str]]:
    """The shipped content files with their kinds, in a stable order (``root``: the folder
    holding ``assets/`` and ``missions/``, by default :func:`content_root`)."""
    if root is None:
        root = content_root()
    files = [(p, KILLZONE) for p in sorted((root / "assets" / "killzones").glob("*.yaml"))]
    files += [(p, FIRETEAM) for p in sorted((root / "assets" / "fireteams").glob("*.yaml"))]
    if (root / "assets" / "targets.yaml").is_file():
        files.append((root / "assets" / "targets.yaml", TARGETS))
    files += [(p, MISSION) for p in sorted((root / "missions").glob("*.yaml"))]
    if (root / "assets" / "wargear.yaml").is_file():
        files.append((root / "assets" / "wargear.yaml", WARGEAR))
    files += [(p, SPECIAL_OPERATIONS)
              for p in sorted((root / "assets" / "special_operations").glob("*.yaml"))]
    return files


def _missing_content(files: Sequence[tuple[Path, str]]) -> list[ContentIssue]:
    """An issue for each of assets/ and missions/ that gave no shipped file: a check must not
    pass on no content at all (a broken install)."""
    root = content_root()
    return [ContentIssue(display_file(root / folder), 0, 0, "",
                         f"no game content found: no .yaml files in {folder}/ (is the game "
                         "installed without its content?)")
            for folder in ("assets", "missions")
            if not any(path.is_relative_to(root / folder) for path, _ in files)]


def file_kind(data: Any) -> str | None:
    """What kind of content a file holds, told by its top-level keys (None: cannot tell)."""
    if not isinstance(data, dict):
        return None
    if "datacards" in data and "composition" in data:
        return FIRETEAM
    if "turning_points" in data or "territories" in data:
        return MISSION
    if "columns" in data or "blocked" in data:
        return KILLZONE
    if "targets" in data:
        return TARGETS
    if "special_operations" in data:
        return SPECIAL_OPERATIONS
    if "wargear" in data:
        return WARGEAR
    return None


def expand_paths(paths: Iterable[str | Path]) -> tuple[list[Path], list[ContentIssue]]:
    """Files named and the .yaml/.yml files under folders named (recursively), in order;
    plus an issue for each path that does not exist or holds no YAML."""
    found: list[Path] = []
    issues: list[ContentIssue] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            inside = sorted(p for p in path.rglob("*") if p.suffix in (".yaml", ".yml")
                            and p.is_file())
            if not inside:
                issues.append(ContentIssue(display_file(path), 0, 0, "",
                                           "folder holds no .yaml or .yml files"))
            found.extend(inside)
        elif path.is_file():
            found.append(path)
        else:
            issues.append(ContentIssue(display_file(path), 0, 0, "", "no such file or folder"))
    return found, issues


# The files the loader has read, by shown name and bytes: the shipped files are read again by
# every load of a file of one's own (the mission editor checks its draft at each key), and
# composing YAML is most of a load. Keyed by the bytes, so an edited file is read anew.
_PARSED: dict[tuple[str, bytes], Located] = {}
_PARSED_MAX = 256


def _parsed(path: Path, raw: bytes | None = None) -> Located:
    """``load_yaml(path)``, from :data:`_PARSED` when the file's bytes were read before (the
    loader only reads the data it returns, never changes it); ``raw``: its bytes, already
    read. Raises as ``load_yaml``."""
    if raw is None:
        raw = read_content(path)
    key = (str(display_file(path)), raw)
    doc = _PARSED.get(key)
    if doc is None:
        doc = parse_content(raw, path)
        if len(_PARSED) >= _PARSED_MAX:
            del _PARSED[next(iter(_PARSED))]
        _PARSED[key] = doc
    return doc


# Catalogues loaded before, by the bytes of every file read: checking the content is the
# other half of a load, and the game, its commands and the tests load the same files many
# times. Each caller gets its own dictionaries (the definitions in them are frozen).
_LOADED: dict[tuple[tuple[str, str, bytes], ...], Catalogue] = {}
_LOADED_MAX = 16


def _copy(c: Catalogue) -> Catalogue:
    return Catalogue(dict(c.datacards), dict(c.fireteams), dict(c.killzones),
                     dict(c.missions), dict(c.targets), dict(c.wargear),
                     dict(c.special_operations))


def _files_key(files: list[tuple[Path, str]]) -> tuple[tuple[str, str, bytes], ...] | None:
    """What a load of ``files`` depends on: each file's shown name, kind and bytes (None
    when one cannot be read: that load reports it)."""
    try:
        return tuple((str(display_file(p)), kind, read_content(p)) for p, kind in files)
    except ContentError:
        return None


def load_catalogue(extra_paths: Sequence[str | Path] = (), *,
                   shipped: bool = True) -> Catalogue:
    """Load and check the shipped content (unless ``shipped`` is False) plus ``extra_paths``
    (files, or folders searched recursively for .yaml/.yml; each extra file's kind is told by
    its keys). Raises :class:`ContentError` with every issue of the run."""
    run = Run()
    files = shipped_files() if shipped else []
    extra, run.issues = expand_paths(extra_paths)
    if shipped:
        run.issues[:0] = _missing_content(files)
    known = {p.resolve() for p, _ in files}
    for path in extra:
        if path.resolve() not in known:
            known.add(path.resolve())
            files.append((path, ""))
    key = None if run.issues else _files_key(files)
    if key is not None and key in _LOADED:
        return _copy(_LOADED[key])
    catalogue = _load(run, files, None if key is None else [raw for _, _, raw in key])
    if key is not None:
        if len(_LOADED) >= _LOADED_MAX:
            del _LOADED[next(iter(_LOADED))]
        _LOADED[key] = catalogue
    return _copy(catalogue)


def _load(run: Run, files: list[tuple[Path, str]],
          raws: list[bytes] | None = None) -> Catalogue:
    """Parse and check ``files`` (path, kind or "" to tell by the keys) into a catalogue.
    Raises :class:`ContentError` with every issue of ``run`` and of the files. ``raws``:
    the files' bytes when they were read already (in the order of ``files``)."""
    docs: dict[str, list[Reader]] = {kind: [] for kind in FILE_KINDS}
    for n, (path, kind) in enumerate(files):
        try:
            doc = _parsed(path, None if raws is None else raws[n])
        except ContentError as exc:
            run.issues.extend(exc.issues)
            continue
        kind = kind or file_kind(doc.data) or ""
        if not kind:
            run.issues.append(ContentIssue(doc.file, 1, 1, "", "cannot tell what this file "
                              "holds: a fireteam has 'datacards' and 'composition', a mission "
                              "'territories', a killzone side 'blocked', a target list "
                              "'targets', a wargear list 'wargear', a special operation list "
                              "'special_operations'"))
            continue
        docs[kind].append(Reader(doc, run.issues))
    # killzones before missions, fireteams before special operations: later kinds refer to
    # earlier ones
    parsers = ((KILLZONE, _killzone), (FIRETEAM, _fireteam), (TARGETS, _targets),
               (MISSION, parse_mission), (WARGEAR, parse_wargear),
               (SPECIAL_OPERATIONS, parse_special_operations))
    for kind, parse in parsers:
        for r in docs[kind]:
            parse(run, r)
    for r, where, card in run.card_refs:
        r.reference(where, card, run.declared_cards, "datacard")
    if run.issues:
        order = {str(display_file(p)): i for i, (p, _) in enumerate(files)}
        run.issues.sort(key=lambda s: (order.get(s.file, -1), s.line, s.column))
        raise ContentError(run.issues)
    return Catalogue(run.datacards, run.fireteams, run.killzones, run.missions, run.targets,
                     run.wargear, run.special_operations)


# --- killzone sides -------------------------------------------------------------------------


def _killzone(run: Run, r: Reader) -> None:
    top = r.doc.path
    mark = r.mark()
    m = r.mapping(top, r.doc.data, ("id", "name"), ("columns", "rows", "blocked", "cover"))
    if m is None:
        return
    ident = r.ident(top + ("id",), m.get("id", ABSENT))
    name = r.text(top + ("name",), m.get("name", ABSENT))
    columns = r.limited(top + ("columns",), m.get("columns", 15), "columns")
    rows = r.limited(top + ("rows",), m.get("rows", 11), "rows")
    if columns is None or rows is None:
        return
    board = Board(columns, rows)
    blocked = r.hexes(top + ("blocked",), m.get("blocked", []), board)
    cover = r.hexes(top + ("cover",), m.get("cover", []), board)
    if ident is not None and run.register(r, top + ("id",), "killzone side", ident) \
            and r.clean_since(mark):
        assert name is not None and blocked is not None and cover is not None
        run.killzones[ident] = KillzoneSide(ident, name, columns, rows, blocked, cover)


# --- datacards and fireteams -----------------------------------------------------------------


def _weapon(r: Reader, path: KeyPath, raw: Any, scenario: bool) -> Weapon | None:
    required = tuple(k for k in _WEAPON_KEYS if not (scenario and k == "name"))
    optional = ("name", "rules") if scenario else ("rules",)
    mark = r.mark()
    m = r.mapping(path, raw, required, optional)
    if m is None:
        return None
    ident = r.ident(path + ("id",), m.get("id", ABSENT))
    name = r.text(path + ("name",), m.get("name", ident or ""))
    ap = r.limited(path + ("ap",), m.get("ap", ABSENT), "ap")
    rng = r.limited(path + ("range",), m.get("range", ABSENT), "range")
    attacks = r.limited(path + ("attacks",), m.get("attacks", ABSENT), "attacks")
    hit = r.limited(path + ("hit",), m.get("hit", ABSENT), "hit")
    damage = m.get("damage", ABSENT)
    normal = crit = None
    if not isinstance(damage, list) or len(damage) != 2:
        if "damage" in m:
            r.error(path + ("damage",), "damage must be a pair [normal, critical], "
                                        f"got {describe(damage)}")
    else:
        normal = r.limited(path + ("damage", 0), damage[0], "damage")
        crit = r.limited(path + ("damage", 1), damage[1], "damage")
    rules = []
    for i, rule in enumerate(r.items(path + ("rules",), m.get("rules", [])) or []):
        rules.append(r.choice(path + ("rules", i), rule, V.WEAPON_RULES, "weapon rule"))
    if not r.clean_since(mark) or "id" not in m or "damage" not in m:
        return None
    assert ident is not None and name is not None and ap is not None and rng is not None
    assert attacks is not None and hit is not None and normal is not None and crit is not None
    return Weapon(ident, name, ap, rng, attacks, hit, normal, crit,
                  tuple(x for x in rules if x is not None))


def _named_effects(r: Reader, path: KeyPath, raw: Any, ctx: Context, extra: Sequence[str] = (),
                   lenient: bool = False) -> tuple[dict[str, Any], tuple[Effect, ...]] | None:
    """An ability, ploy or such: ``id``, ``name``, ``text`` and optional ``effects``.
    Returns the checked fields (``lenient``: name defaults to the id, text to "")."""
    required = ("id",) if lenient else _TEXT_KEYS
    mark = r.mark()
    m = r.mapping(path, raw, required, tuple(k for k in _TEXT_KEYS if k not in required)
                  + ("effects",) + tuple(extra))
    if m is None:
        return None
    ident = r.ident(path + ("id",), m.get("id", ABSENT))
    fields = {
        "id": ident,
        "name": r.text(path + ("name",), m.get("name", ident if lenient else ABSENT)),
        "text": r.text(path + ("text",), m.get("text", "" if lenient else ABSENT)),
    }
    effects = r.effects(path + ("effects",), m.get("effects", []), ctx)
    if not r.clean_since(mark) or not all(k in m for k in required) or effects is None:
        return None
    return {**m, **fields}, effects


def _datacard(r: Reader, path: KeyPath, raw: Any, ident: str | None, scenario: bool,
              ctx: Context) -> Datacard | None:
    """One datacard; ``ident`` is given when the id is the mapping key (scenario form)."""
    required = tuple(k for k in _DATACARD_KEYS
                     if not (ident is not None and k == "id") and not (scenario and k == "name"))
    optional = tuple(k for k in ("id", "name", "keywords", "abilities") if k not in required)
    mark = r.mark()
    m = r.mapping(path, raw, required, optional)
    if m is None:
        return None
    if ident is None:
        ident = r.ident(path + ("id",), m.get("id", ABSENT))
    elif "id" in m and m["id"] != ident:
        r.error(path + ("id",), f"id '{m['id']}' differs from the key '{ident}' it is under")
    name = r.text(path + ("name",), m.get("name", ident or ""))
    apl = r.limited(path + ("apl",), m.get("apl", ABSENT), "apl")
    move = r.limited(path + ("move",), m.get("move", ABSENT), "move")
    defence = r.limited(path + ("defence",), m.get("defence", ABSENT), "defence")
    save = r.limited(path + ("save",), m.get("save", ABSENT), "save")
    wounds = r.limited(path + ("wounds",), m.get("wounds", ABSENT), "wounds")
    keywords = r.words(path + ("keywords",), m.get("keywords", []))
    weapons, weapon_seen = _card_weapons(r, path, m, scenario, ident)
    ability_ctx = replace(ctx, weapons=ctx.weapons if ctx.weapons is not None else weapon_seen,
                          holder="a datacard ability", target_ok=False, use_ok=False)
    abilities = _card_abilities(r, path, m, ability_ctx, scenario, ident)
    if not r.clean_since(mark) or not all(k in m for k in required):
        return None
    assert ident is not None and name is not None and apl is not None and move is not None
    assert defence is not None and save is not None and wounds is not None
    return Datacard(ident, name, apl, move, defence, save, wounds, tuple(weapons),
                    tuple(abilities), keywords or ())


def _card_weapons(r: Reader, path: KeyPath, m: dict[str, Any], scenario: bool,
                  ident: str | None) -> tuple[list[Weapon], set[str]]:
    """A datacard's weapons, and the ids among them."""
    weapons: list[Weapon] = []
    entries = r.items(path + ("weapons",), m.get("weapons", ABSENT)) if "weapons" in m else []
    weapon_seen: set[str] = set()
    for i, raw_weapon in enumerate(entries or []):
        weapon = _weapon(r, path + ("weapons", i), raw_weapon, scenario)
        if weapon is not None:
            if weapon.id in weapon_seen:
                r.error(path + ("weapons", i, "id"), f"duplicate weapon id '{weapon.id}' "
                                                     f"on datacard '{ident}'")
            weapon_seen.add(weapon.id)
            weapons.append(weapon)
    return weapons, weapon_seen


def _card_abilities(r: Reader, path: KeyPath, m: dict[str, Any], ability_ctx: Context,
                    scenario: bool, ident: str | None) -> list[Ability]:
    """A datacard's abilities."""
    abilities: list[Ability] = []
    ability_seen: set[str] = set()
    for i, raw_ability in enumerate(r.items(path + ("abilities",),
                                            m.get("abilities", [])) or []):
        got = _named_effects(r, path + ("abilities", i), raw_ability, ability_ctx,
                             lenient=scenario)
        if got is not None:
            a, effects = got
            if a["id"] in ability_seen:
                r.error(path + ("abilities", i, "id"), f"duplicate ability id '{a['id']}' "
                                                       f"on datacard '{ident}'")
            ability_seen.add(a["id"])
            abilities.append(Ability(a["id"], a["name"], a["text"], effects))
    return abilities


def _weapon_ids_in(raw_cards: Any) -> set[str]:
    """Weapon ids written anywhere in a raw datacards list or mapping (for rule filters)."""
    cards = raw_cards.values() if isinstance(raw_cards, dict) else raw_cards
    ids: set[str] = set()
    for card in cards if isinstance(cards, Iterable) else ():
        weapons = card.get("weapons") if isinstance(card, dict) else None
        for w in weapons if isinstance(weapons, list) else ():
            if isinstance(w, dict) and isinstance(w.get("id"), str):
                ids.add(w["id"])
    return ids


def _datacards(r: Reader, path: KeyPath, raw: Any, scenario: bool,
               known_weapons: Collection[str] = ()) -> list[tuple[KeyPath, Datacard]]:
    """A ``datacards`` list (or, in a scenario, a mapping of id -> card)."""
    ctx = Context(weapons=set(known_weapons) | _weapon_ids_in(raw))
    found: list[tuple[KeyPath, Datacard]] = []
    if scenario and isinstance(raw, dict):
        for key, card_raw in raw.items():
            ident = r.ident(path + (key,), key)
            if ident is None:
                continue
            card = _datacard(r, path + (key,), card_raw, ident, scenario, ctx)
            if card is not None:
                found.append((path + (key,), card))
        return found
    entries = r.items(path, raw)
    for i, card_raw in enumerate(entries or []):
        card = _datacard(r, path + (i,), card_raw, None, scenario, ctx)
        if card is not None:
            found.append((path + (i, "id"), card))
    return found


def parse_datacards(node: Node | Located, file: str | Path = "", *,
                    known_weapons: Collection[str] = ()) -> dict[str, Datacard]:
    """Read the inline ``datacards`` of a scenario: a mapping of id -> card (or a list of
    cards with ``id``). ``node`` is that value (``load_yaml(f).at("datacards")`` or its YAML
    node) or a whole file with a top-level ``datacards`` key. A card's, weapon's or ability's
    ``name`` may be omitted (it defaults to the id), as may an ability's ``text``.
    ``known_weapons`` are further weapon ids an ability's weapon filter may name.
    Raises :class:`ContentError` with every issue found."""
    doc = node if isinstance(node, Located) else locate(node, file)
    if isinstance(doc.data, dict) and "datacards" in doc.data:
        doc = doc.at("datacards")
    issues: list[ContentIssue] = []
    r = Reader(doc, issues, strict_ids=False)
    cards: dict[str, Datacard] = {}
    for path, card in _datacards(r, doc.path, doc.data, True, known_weapons):
        if card.id in cards:
            r.error(path, f"duplicate datacard id '{card.id}'")
        cards[card.id] = card
    if issues:
        raise ContentError(issues)
    return cards


def _composition(run: Run, r: Reader, path: KeyPath, raw: Any) -> tuple[CompositionEntry, ...]:
    entries: list[CompositionEntry] = []
    stems: set[str] = set()
    for i, entry in enumerate(r.items(path, raw) or []):
        p = path + (i,)
        mark = r.mark()
        m = r.mapping(p, entry, ("card", "count", "id"))
        if m is None:
            continue
        card = r.ident(p + ("card",), m.get("card", ABSENT))
        count = r.limited(p + ("count",), m.get("count", ABSENT), "count")
        stem = r.ident(p + ("id",), m.get("id", ABSENT))
        if stem is not None and stem in stems:
            r.error(p + ("id",), f"duplicate composition id '{stem}'")
        if card is not None:
            run.card_refs.append((r, p + ("card",), card))
        if r.clean_since(mark) and stem is not None:
            assert card is not None and count is not None
            stems.add(stem)
            entries.append(CompositionEntry(card, count, stem))
    total = sum(e.count for e in entries)
    low, high = LIMITS["operatives"]
    if isinstance(raw, list) and len(entries) == len(raw) and not low <= total <= high:
        r.error(path, f"a fireteam has {low} to {high} operatives in all, this one {total}")
    return tuple(entries)


def _fireteam(run: Run, r: Reader) -> None:
    top = r.doc.path
    mark = r.mark()
    m = r.mapping(top, r.doc.data, _FIRETEAM_KEYS,
                  ("text", "leader", "fearless", "break_rerolls", "tactical_ploys",
                   "options"))
    if m is None:
        return
    ident = r.ident(top + ("id",), m.get("id", ABSENT))
    name = r.text(top + ("name",), m.get("name", ABSENT))
    faction = r.text(top + ("faction",), m.get("faction", ABSENT))
    text = r.text(top + ("text",), m.get("text", ""))
    cards = _datacards(r, top + ("datacards",), m.get("datacards", ABSENT), False) \
        if "datacards" in m else []
    for path, card in cards:
        if run.register(r, path, "datacard", card.id):
            run.datacards[card.id] = card
    raw_cards = m.get("datacards")
    if isinstance(raw_cards, list):
        run.declared_cards.update(c["id"] for c in raw_cards
                                  if isinstance(c, dict) and isinstance(c.get("id"), str))
    team_weapons = _weapon_ids_in(raw_cards)
    run.declared_weapons.update(team_weapons)
    if isinstance(m.get("id"), str):
        raw_composition = m.get("composition")
        run.team_cards.setdefault(m["id"], set()).update(
            e["card"] for e in (raw_composition if isinstance(raw_composition, list) else ())
            if isinstance(e, dict) and isinstance(e.get("card"), str))
    composition = _composition(run, r, top + ("composition",), m.get("composition", ABSENT))
    options = _options(run, r, top, m, composition)
    if isinstance(m.get("id"), str):
        run.team_cards.setdefault(m["id"], set()).update(c for o in options for c in o.cards)
    ploys = _team_ploys(run, r, top, m, team_weapons)
    tactical = _tactical_ploys(run, r, top, m, team_weapons)
    roles = NO_ROLES
    for pack in packs():  # the keys a mission pack reads from a fireteam file
        roles = pack.read_roles(r, top, m, composition)
    if ident is not None and run.register(r, top + ("id",), "fireteam", ident) \
            and r.clean_since(mark):
        assert name is not None and faction is not None and text is not None
        leader, fearless, rerolls = roles
        run.fireteams[ident] = Fireteam(ident, name, faction, composition, tuple(ploys), text,
                                        leader, fearless, rerolls, tuple(tactical),
                                        tuple(options))


def _options(run: Run, r: Reader, top: KeyPath, m: dict[Any, Any],
             composition: tuple[CompositionEntry, ...]) -> list[FireteamOption]:
    """A fireteam's ``options``: the choices made as it is picked (the Pathfinders' drones),
    each up to ``most`` operatives of its ``cards``; the composition's operatives of those
    cards (its choice when the player makes none) must keep to the limit too."""
    options: list[FireteamOption] = []
    seen_cards: set[str] = set()
    stems = {e.id for e in composition}
    for i, raw in enumerate((r.items(top + ("options",), m["options"]) or [])
                            if "options" in m else []):
        p = top + ("options", i)
        mark = r.mark()
        om = r.mapping(p, raw, ("id", "name", "text", "most", "cards"))
        if om is None:
            continue
        ident, name, text = r.id_name_text(p, om)
        most = r.limited(p + ("most",), om.get("most", ABSENT), "most")
        entries: list[CompositionEntry] = []
        for j, entry in enumerate(r.items(p + ("cards",), om.get("cards", ABSENT)) or []):
            q = p + ("cards", j)
            em = r.mapping(q, entry, ("card", "id"))
            if em is None:
                continue
            card = r.ident(q + ("card",), em.get("card", ABSENT))
            stem = r.ident(q + ("id",), em.get("id", ABSENT))
            if card is None or stem is None:
                continue
            run.card_refs.append((r, q + ("card",), card))
            if card in seen_cards:
                r.error(q + ("card",), f"datacard '{card}' is already in an option: a card "
                        "belongs to one option at most")
                continue
            owner = next((e for e in composition if e.card == card), None)
            if stem in stems and (owner is None or owner.id != stem):
                r.error(q + ("id",), f"duplicate composition id '{stem}'")
                continue
            seen_cards.add(card)
            stems.add(stem)
            entries.append(CompositionEntry(card, 1, stem))
        if not r.clean_since(mark) or ident is None or most is None:
            continue
        assert name is not None and text is not None
        option = FireteamOption(ident, name, text, most, tuple(entries))
        fielded = sum(e.count for e in composition if e.card in option.cards)
        if fielded > most:
            r.error(top + ("composition",), f"the composition fields {fielded} operatives of "
                    f"option '{ident}' ({', '.join(option.cards)}), which allows at most "
                    f"{most}")
        options.append(option)
    return options


def _team_ploys(run: Run, r: Reader, top: KeyPath, m: dict[Any, Any],
                team_weapons: Collection[str]) -> list[Ploy]:
    """A fireteam's strategic ploys."""
    ploys: list[Ploy] = []
    raw_ploys = (r.items(top + ("ploys",), m["ploys"]) or []) if "ploys" in m else []
    for i, raw in enumerate(raw_ploys):
        p = top + ("ploys", i)
        targeted = isinstance(raw, dict) and raw.get("target") == "operative"
        ctx = Context(weapons=team_weapons, holder="a ploy without 'target: operative'",
                      target_ok=targeted)
        got = _named_effects(r, p, raw, ctx, ("target",))
        if got is None:
            continue
        pm, effects = got
        target = r.choice(p + ("target",), pm.get("target", ""), V.PLOY_TARGETS, "ploy target")
        if target is not None and run.register(r, p + ("id",), "ploy", pm["id"]):
            ploys.append(Ploy(pm["id"], pm["name"], pm["text"], effects, target))
    return ploys


def _tactical_ploys(run: Run, r: Reader, top: KeyPath, m: dict[Any, Any],
                    team_weapons: Collection[str]) -> list[Wargear]:
    """A fireteam's tactical ploys (cards used like wargear)."""
    tactical: list[Wargear] = []
    tactical_ctx = Context(weapons=team_weapons, holder="a tactical ploy", target_ok=True,
                           use_ok=True)
    for i, raw in enumerate((r.items(top + ("tactical_ploys",), m["tactical_ploys"]) or [])
                            if "tactical_ploys" in m else []):
        card = wargear_card(run, r, top + ("tactical_ploys", i), raw, tactical_ctx,
                            "tactical ploy")
        if card is not None:
            tactical.append(card)
    return tactical


# --- targets of opportunity -----------------------------------------------------------------


def _targets(run: Run, r: Reader) -> None:
    for p, raw in r.listed("targets"):
        mark = r.mark()
        card = r.mapping(p, raw, ("id", "name", "text", "vp", "condition"))
        if card is None:
            continue
        ident, name, text = r.id_name_text(p, card)
        vp = r.limited(p + ("vp",), card.get("vp", ABSENT), "vp")
        condition = _target_condition(r, p + ("condition",), card.get("condition", ABSENT)) \
            if "condition" in card else None
        if ident is not None and run.register(r, p + ("id",), "target of opportunity", ident) \
                and r.clean_since(mark) and condition is not None:
            assert name is not None and text is not None and vp is not None
            run.targets[ident] = TargetOfOpportunity(ident, name, text, vp, condition)


def _target_condition(r: Reader, path: KeyPath, raw: Any) -> Effect | None:
    if not isinstance(raw, dict) or "kind" not in raw:
        r.mapping(path, raw, ("kind",))
        return None
    kind = r.choice(path + ("kind",), raw["kind"], V.TARGET_CONDITIONS,
                    "target of opportunity condition")
    if kind is None:
        return None
    mark = r.mark()
    params = r.value(path, {k: v for k, v in raw.items() if k != "kind"},
                     V.TARGET_CONDITIONS[kind], Context())
    if not r.clean_since(mark) or not isinstance(params, dict):
        return None
    return Effect(kind, params)


__all__ = [
    "FILE_KINDS", "REPO_ROOT", "SPECIAL_OPERATIONS", "WARGEAR", "content_root", "expand_paths",
    "file_kind", "format_path", "load_catalogue", "parse_datacards", "shipped_files", "suggestion",
]
