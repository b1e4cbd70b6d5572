"""A save's content fingerprint changes when any card of any kind the game uses changes, and
the save is then refused naming that card (game/engine/persist.py)."""

from __future__ import annotations

import copy
import dataclasses
import json
from collections.abc import Callable
from typing import Any

import pytest

from game.engine import Catalogue, Game, SaveError
from game.engine.config import build_config
from game.engine.persist import fingerprint
from tests.helpers import new_game, play, shipped_catalogue

CAT = shipped_catalogue()
HONOUR = "gideon_first"
AGENT_OPERATION = "deathless_destroyers_first"


SAVE: dict[str, Any] = json.loads(json.dumps(play(
    new_game(3, "power_up", catalogue=CAT, wargear={1: ["auspex"], 2: ["medi_pack"]},
             special_operation={"player": 2, "card": AGENT_OPERATION},
             honours={1: [{"card": HONOUR, "operative": "intercessor1"}]}),
    (3, 4), steps=30).to_dict()))


def _swap(catalogue: Catalogue, kind: str, ident: str, change: Callable[[Any], Any]
          ) -> Catalogue:
    cards = dict(getattr(catalogue, kind))
    cards[ident] = change(cards[ident])
    return dataclasses.replace(catalogue, **{kind: cards})


def _text(card: Any) -> Any:
    return dataclasses.replace(card, text=card.text + " (changed)")


def _first_weapon_range(card: Any) -> Any:
    weapon = dataclasses.replace(card.weapons[0], range=card.weapons[0].range + 1)
    return dataclasses.replace(card, weapons=(weapon, *card.weapons[1:]))


def _ploy_text(team: Any) -> Any:
    ploy = team.ploys[0]
    return dataclasses.replace(team, ploys=(_text(ploy), *team.ploys[1:]))


def _reward_text(operation: Any) -> Any:
    return dataclasses.replace(operation, reward=_text(operation.reward))


def _cover(side: Any) -> Any:
    return dataclasses.replace(side, cover=(*side.cover, "A1"))


CHANGES: list[tuple[str, str, Callable[[Any], Any], str]] = [
    ("datacards", "assault_intercessor", _first_weapon_range, "datacard 'assault_intercessor'"),
    ("fireteams", "gideon", _ploy_text, "fireteam 'gideon'"),
    ("missions", "power_up", _text, "mission 'power_up'"),
    ("killzones", CAT.missions["power_up"].killzone, _cover, "killzone"),
    ("targets", sorted(CAT.targets)[0], lambda t: dataclasses.replace(t, vp=t.vp + 1),
     f"target of opportunity '{sorted(CAT.targets)[0]}'"),
    ("wargear", "auspex", _text, "wargear card 'auspex'"),
    ("wargear", "medi_pack", _text, "wargear card 'medi_pack'"),
    ("special_operations", HONOUR, _reward_text, f"special operation '{HONOUR}'"),
    ("special_operations", AGENT_OPERATION, _text, f"special operation '{AGENT_OPERATION}'"),
]


@pytest.mark.parametrize("kind,ident,change,named", CHANGES,
                         ids=[f"{k}-{i}" for k, i, _, _ in CHANGES])
def test_a_change_to_any_card_the_game_uses_changes_the_fingerprint(
        kind: str, ident: str, change: Callable[[Any], Any], named: str) -> None:
    changed = _swap(CAT, kind, ident, change)
    cards = {op["card"] for op in SAVE["state"]["operatives"]}
    before = fingerprint(build_config(CAT, SAVE["config"]), cards)
    after = fingerprint(build_config(changed, SAVE["config"]), cards)
    assert before["sha256"] != after["sha256"]
    assert before["sha256"] == SAVE["fingerprint"]["sha256"]
    with pytest.raises(SaveError, match=f"card data changed.*{named}"):
        Game.from_dict(copy.deepcopy(SAVE), changed)


def test_the_unchanged_content_loads_the_save() -> None:
    assert Game.from_dict(copy.deepcopy(SAVE), CAT).state.to_dict() == \
        Game.from_dict(copy.deepcopy(SAVE), CAT).state.to_dict()
