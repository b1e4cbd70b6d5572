"""The rules help (assets/rules_help.yaml) covers every weapon rule and every ruling, its links
lead somewhere, its pictures are legal killzones, and it is written in our own words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.engine.config import build_config
from game.engine.defs import WEAPON_RULES
from game.help import rules_help
from game.help.rules_help import picture_config

ROOT = Path(__file__).resolve().parents[2]
DECISIONS = ROOT / "docs" / "rules-decisions.md"
RULEBOOKS = sorted((ROOT.parent / "shared" / "seeds").glob("000_*.txt"))
NO_BOOK = "the rulebook (the studio seeds folder beside the checkout) is absent"


def headings() -> list[str]:
    return [line[3:].strip() for line in DECISIONS.read_text(encoding="utf-8").splitlines()
            if line.startswith("## ")]


def test_every_weapon_rule_has_an_entry():
    missing = [rule for rule in WEAPON_RULES
               if rules_help.entry_for_word(rule) is None
               or rules_help.entry_for_word(rule).section != "Weapon rules"]
    assert not missing, f"weapon rules without a rules help entry: {missing}"


def test_every_ruling_has_an_entry():
    covered = {e.decision for e in rules_help.entries() if e.decision}
    missing = [h for h in headings() if h not in covered]
    assert not missing, f"docs/rules-decisions.md sections without an entry: {missing}"
    stale = covered - set(headings())
    assert not stale, f"entries naming a ruling that no longer exists: {stale}"


def test_entries_are_complete_and_ids_unique():
    entries = rules_help.entries()
    assert len({e.id for e in entries}) == len(entries)
    for e in entries:
        assert e.title and e.section and e.text and e.keywords, e.id


def test_every_link_leads_to_an_entry():
    by_id = {e.id for e in rules_help.entries()}
    for e in rules_help.entries():
        for word in e.keywords:
            assert rules_help.entry_for_word(word) is not None, (e.id, word)
        for other in e.see:
            assert other in by_id, f"{e.id} sees {other!r}, which is no entry"
        for line in e.paragraphs():
            for _, _, target in rules_help.links(line, e.id):
                assert target in by_id and target != e.id


def test_search_finds_cover_and_rapid_fire():
    assert rules_help.search("cover")[0].id == "cover"
    assert rules_help.search("Rapid Fire")[0].id == "rapid_fire"
    assert rules_help.search("rapid")[0].id == "rapid_fire"
    assert rules_help.search("retained block")  # a word of the text only
    assert rules_help.search("xyzzy plugh") == []
    assert len(rules_help.search("")) == len(rules_help.entries())


def test_entry_for_word_takes_names_and_ids():
    assert rules_help.entry_for_word("Rapid Fire").id == "rapid_fire"
    assert rules_help.entry_for_word("rapid_fire").id == "rapid_fire"
    assert rules_help.entry_for_word("TWIN-LINKED").id == "twin_linked"
    assert rules_help.entry_for_word("line of sight").id == "line_of_sight"
    assert rules_help.entry_for_word("nonsense") is None


@pytest.mark.parametrize("entry", [e for e in rules_help.entries() if e.picture],
                         ids=lambda e: e.id)
def test_pictures_are_legal_killzones(catalogue, entry):
    picture = entry.picture
    config = picture_config(catalogue, picture)
    grid = config.grid
    for h in (*picture.shade, *picture.line, *picture.path, *picture.objectives,
              *(at for at, _, _ in picture.operatives)):
        assert h in grid.hexes, f"{entry.id}: {h} is off its {picture.columns}x{picture.rows}"
    spots = [at for at, _, _ in picture.operatives]
    assert len(spots) == len(set(spots))
    assert not set(spots) & grid.blocked
    assert len(picture.line) in (0, 2)
    assert build_config(catalogue, {"killzone": {"columns": 7, "rows": 5},
                                    "fireteams": {1: None, 2: None}})


def test_picture_captions_match_the_engine(catalogue):
    """What a caption says about sight is what the engine decides."""
    def sees(entry_id):
        picture = rules_help.entry(entry_id).picture
        grid = picture_config(catalogue, picture).grid
        a, b = picture.line
        return grid.visible(a, b, {at for at, _, _ in picture.operatives})
    assert sees("line_of_sight")
    assert not sees("blocked_sight")
    assert sees("operatives_in_the_way")
    assert not sees("decision_visibility")
    assert sees("cover")


def sentences(text: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=[.!?:;])\s+|\n+|•", text) if s.strip()]


def words(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9']+", text.lower().replace("’", "'")))


@pytest.mark.skipif(not RULEBOOKS, reason=NO_BOOK)
def test_no_sentence_is_copied_from_the_rulebook():
    book = " ".join(words(p.read_text(encoding="utf-8")) for p in RULEBOOKS)
    copied = []
    for e in rules_help.entries():
        caption = e.picture.caption if e.picture else ""
        for sentence in sentences(f"{e.title}\n{e.text}\n{caption}"):
            flat = words(sentence)
            if len(flat.split()) >= 8 and flat in book:
                copied.append((e.id, sentence))
    assert not copied, f"sentences copied from the rulebook: {copied}"


@pytest.mark.skipif(not RULEBOOKS, reason=NO_BOOK)
def test_no_long_run_of_words_is_copied_from_the_rulebook():
    """Stricter than whole sentences: no 10 words in a row come from the rulebook."""
    book = " " + " ".join(words(p.read_text(encoding="utf-8")) for p in RULEBOOKS) + " "
    copied = []
    for e in rules_help.entries():
        flat = words(e.text).split()
        for i in range(len(flat) - 9):
            run = " ".join(flat[i:i + 10])
            if f" {run} " in book:
                copied.append((e.id, run))
    assert not copied, f"runs of words copied from the rulebook: {copied}"


def test_each_title_and_each_synonym_finds_its_entry_first():
    """Search ranks a title match first, and each word players use for a rule (LoS,
    mulligan...) leads to that rule's entry before any other."""
    wrong = []
    for e in rules_help.entries():
        for query in (e.title, *e.synonyms):
            found = rules_help.search(query)
            if not found or found[0] is not e:
                wrong.append((query, e.id, found[0].id if found else None))
    assert not wrong, f"(query, expected, got first): {wrong}"


def test_the_words_of_issue_37_find_their_entries():
    first = {q: rules_help.search(q)[0].id for q in
             ("cover", "mulligan", "LoS", "los", "Rending", "fist", "melee")}
    assert first == {"cover": "cover", "mulligan": "targets_of_opportunity",
                     "LoS": "line_of_sight", "los": "line_of_sight",
                     "Rending": "skirmish_rending", "fist": "melee", "melee": "melee"}
    # a word matches the start of a word only: "los" is not found inside "close"
    assert all("close" not in e.text.lower() or "los" in " ".join(e.synonyms).lower()
               or e.id == "line_of_sight" for e in rules_help.search("los")[:1])


def test_every_skirmish_rule_has_an_entry():
    from game.engine.rulesets.skirmish.profiles import SPECIAL_NAMES

    names = [*SPECIAL_NAMES.values(), "Stealth", "Hold", "Advance", "Rush", "Charge",
             "Shaken", "fatigued"]
    # a name the Fireteam rules share (Heavy) finds theirs first, the skirmish one beside it
    missing = [n for n in names if not any(e.section == "Skirmish rules"
                                           for e in rules_help.search(n)[:2])]
    assert not missing, f"skirmish rules without an entry of their own: {missing}"
