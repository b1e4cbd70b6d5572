"""The tutorial says what the screen shows: every step walked through the real screens, each
operative and hex its text names is the one selected or pointed at (or one the step's own
actions use, or right next to those), and what it points at is never under its box; the
terrain words of the tutorial, the hex tooltips, the rules help and the cards come from one
glossary (game/help/glossary.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from game.engine import parse_action
from game.help.glossary import BLOCKED, COVER, NOT_OUR_WORDS
from tests.ui.helpers import tutorial_at

ROOT = Path(__file__).resolve().parents[2]
HEX = re.compile(r"\b([A-O](?:1[01]|[1-9]))\b(?! key)")  # "the F1 key" is no hex


def named(scene) -> tuple[list[str], list[str]]:
    """The hexes and the operatives (by id, as the script writes them) a step's text names."""
    text = scene.step.text
    ops = [o for o in scene.game.state.operatives if re.search(rf"\b{o}\b", text)]
    return HEX.findall(text), ops


def problems(scene) -> list[str]:
    step, state, grid = scene.step, scene.game.state, scene.game.grid
    found: list[str] = []
    target = scene.target_rect()
    own_buttons = [rect for _, rect in scene.clickables()
                   if scene.box.contains(rect)]
    if target is not None and not (step.target or "").startswith("panel:") and \
            target.colliderect(scene.box) and target not in own_buttons:
        found.append(f"step {step.index}: its box lies over what it points at")
    pointed = next((h for h in grid.hexes if target is not None
                    and scene.hex_rect(h).center == target.center), None)
    # where the step's pointer goes as its actions are made, and who those actions use
    places = set(scene.step_hexes()) | ({pointed} if pointed else set())
    actors: set[str] = set()
    for notation in step.actions:
        action = parse_action(notation)
        actors |= {getattr(action, k) for k in ("operative", "target")
                   if getattr(action, k, None)}
    objectives = {o.hex for o in scene.view.objectives if o.hex}

    def near(h: str | None) -> bool:
        return h is not None and any(grid.distance(h, p) <= 1 for p in places)

    hexes, ops = named(scene)
    for h in hexes:
        if h not in places and h not in objectives and \
                not any(state.operatives[o].hex == h for o in ops):
            found.append(f"step {step.index}: names {h}, which it does not point at")
    whole_board = step.kind == "read" and step.target == "panel:board"
    for o in ops:
        op = state.operatives[o]
        if o == scene.selected or o in actors or op.hex == pointed or near(op.hex) or \
                whole_board:
            continue
        found.append(f"step {step.index}: names {o}, neither selected nor pointed at")
    if re.search(r"\bis selected\b", step.text):
        said = [o for o in ops if re.search(rf"\b{o}\b is selected", step.text)]
        if said and scene.selected not in said:
            found.append(f"step {step.index}: says {said[0]} is selected, but "
                         f"{scene.selected} is")
    return found


@pytest.mark.slow  # the whole tutorial through the screens
def test_every_step_names_what_it_shows_and_its_box_hides_nothing_it_points_at(make_app):
    from game.ui.scenes.tutorial import autoplay

    app = make_app(0)
    found: list[str] = []
    seen: list[int] = []
    autoplay(app, on_step=lambda scene: (seen.append(scene.step.index),
                                         found.extend(problems(scene))))
    assert len(set(seen)) == len(app.scene.script.steps)
    assert not found, "\n".join(found)


def test_step_nine_selects_the_operative_it_says_is_selected(make_app):
    """Issue 37: step 9 said Assault Intercessor 1 was selected while the sergeant was."""
    from game.ui.scenes.tutorial import TutorialScene
    from game.uitest.driver import Driver

    app = make_app(0)
    scene = TutorialScene(app, 8, remember=False)
    app.push(scene)
    Driver(app).confirm_handovers()
    scene = app.scene
    assert scene.step.index == 9 and "intercessor1 is selected" in scene.step.text
    assert scene.selected == "intercessor1"
    assert problems(scene) == []


def player_texts() -> dict[str, list[str]]:
    """Every text a player reads that the game ships as data: the tutorial, the rules help,
    the cards (targets, wargear, special operations), the missions' own words."""

    def strings(value, out: list[str]) -> list[str]:
        if isinstance(value, str):
            out.append(value)
        elif isinstance(value, dict):
            for key, item in value.items():
                if key in ("text", "title", "caption", "name") or not isinstance(item, str):
                    strings(item, out)
        elif isinstance(value, list):
            for item in value:
                strings(item, out)
        return out

    files = [ROOT / "assets" / "tutorial.yaml", ROOT / "assets" / "tutorial_more.yaml",
             ROOT / "assets" / "rules_help.yaml", ROOT / "assets" / "targets.yaml",
             ROOT / "assets" / "wargear.yaml", *sorted((ROOT / "missions").glob("*.yaml")),
             *sorted((ROOT / "assets" / "special_operations").glob("*.yaml"))]
    return {f.name: strings(yaml.safe_load(f.read_text(encoding="utf-8")), [])
            for f in files}


def test_terrain_words_come_from_the_glossary():
    wrong = [(name, word) for name, texts in player_texts().items() for text in texts
             for word in NOT_OUR_WORDS if re.search(rf"\b{word}\b", text, re.IGNORECASE)]
    assert not wrong, f"terrain words not in the glossary: {wrong}"
    texts = player_texts()
    tutorial = " ".join(texts["tutorial.yaml"])
    rules = " ".join(texts["rules_help.yaml"])
    for term in (BLOCKED, COVER):  # the tutorial's map key and the rules help use them
        assert re.search(rf"\b{term.plural}\b|\b{term.word}\b", tutorial), term.word
        assert re.search(rf"\b{term.plural}\b|\b{term.word}\b", rules), term.word


def test_the_hex_tooltip_uses_the_glossary(make_app, catalogue):
    from game.ui.scenes.play import PlayScene
    from game.ui.scenes.play_board import terrain_tip
    from tests.ui.helpers import midgame

    app = make_app(4)
    game = midgame(catalogue)
    play = PlayScene(app, game)
    app.push(play)
    blocked = next(iter(sorted(game.grid.blocked)))
    cover = next(iter(sorted(game.grid.cover - game.grid.blocked)))
    assert terrain_tip(play, blocked)[0].startswith(f"{BLOCKED.title}: ")
    assert terrain_tip(play, cover)[0].startswith(f"{COVER.title}, a cover hex")


def test_a_refusal_is_drawn_whole(make_app):
    """Issue 37: "Not that one: … attack Canoptek Scarab Swarm 1 with the..." was cut."""
    from game.help.tutorial_script import load_script
    from game.ui.scenes.tutorial import TutorialScene

    script = load_script()
    attacks = [s.index - 1 for s in script.steps if s.kind == "act"
               and any(" attack " in a for a in s.actions)]
    app = make_app(0)
    for index in attacks[:3]:
        scene = TutorialScene(app, index, remember=False)
        app.replace(scene)
        app.frame([])
        scene = app.scene
        scene.remind()
        app.ctx.drawn = []
        scene.draw(app.screen)
        drawn = " ".join(app.ctx.drawn)
        app.ctx.drawn = None
        assert " ".join(scene.reminder[0].split()) in " ".join(drawn.split()), index


def at_step(make_app, word: str):
    """The tutorial on the real screens at the first step whose actions name ``word``, with
    a driver, one frame run."""
    from game.help.tutorial_script import load_script

    index = next(s.index - 1 for s in load_script().steps if any(word in a
                                                                 for a in s.actions))
    return tutorial_at(make_app, index)


def at_the_fists_weapon_choice(make_app):
    """The power fist's step, the operative activated and the enemy picked as the attack's
    target: the weapon is to choose. The app, the driver and the tutorial screen."""
    from game.ui.chooser import Kind

    app, driver = at_step(make_app, "power_fist")
    driver.perform(app.scene.runner.expected())  # the activation
    scene = app.scene
    driver.click_button("Attack", prefix=True)
    driver.click_hex(scene.game.state.operatives["warrior1"].hex)
    assert scene.chooser.next_kind == Kind.WEAPON
    return app, driver, scene


def test_the_pointer_goes_to_the_weapon_button_and_the_fist_is_the_better_line(make_app):
    """Issue 37: no pointer on the weapon buttons. At the fist step, once the enemy is
    picked the pointer is on the Power fist's button, whose odds beat both pistol lines (as
    the step's words say)."""
    from game.engine import Attack

    app, driver, scene = at_the_fists_weapon_choice(make_app)
    fist = scene.find_clickable("Power fist", prefix=True)  # "Power fist: odds", or odds under it
    assert fist is not None and scene.target_rect() == fist
    assert not scene.box.colliderect(fist)
    odds = {a.weapon + ("+oc" if a.overcharge else ""): scene.game.attack_odds(a).expected
            for a in scene.game.legal_actions() if isinstance(a, Attack)}
    assert odds["power_fist"] > max(odds["plasma_pistol"], odds["plasma_pistol+oc"])


def test_the_mulligan_shows_the_new_card_before_the_hand_over(make_app):
    """Issue 37: the tutorial's mulligan skipped the screen of the NEW card."""
    app, driver = at_step(make_app, "mulligan")
    driver.confirm_handovers()
    scene = app.scene
    driver.perform(scene.runner.expected())
    assert scene.swapped is not None and scene.swapped[0] == 1
    assert type(app.scene).__name__ == "TutorialScene"  # no hand-over yet
    cont = scene.find_clickable("Continue", prefix=True)
    assert cont is not None and scene.target_rect() == cont
    assert "Continue" in scene.step.text


def test_after_the_computer_finishes_a_turning_point_the_last_roll_stays_shown(make_app):
    """Issue 37: "Last roll: no dice rolled yet" after a whole mission."""
    from game.help.tutorial_script import load_script
    from game.ui.scenes.tutorial import FINISH

    script = load_script()
    index = [s.index - 1 for s in script.steps if s.kind == "finish"][-1]
    app, driver = tutorial_at(make_app, index)
    driver.click_button(FINISH)
    app.ctx.drawn = []
    app.frame([])
    drawn, app.ctx.drawn = app.ctx.drawn, None
    assert "Last roll: no dice rolled yet" not in drawn


def test_a_turning_point_the_computer_finishes_gets_its_summary(make_app):
    """Issue 37: the tutorial skipped the turning point's summary."""
    from game.help.tutorial_script import load_script
    from game.ui.scenes.tutorial import FINISH, TutorialScene

    index = [s.index - 1 for s in load_script().steps if s.kind == "finish"][0]
    app, driver = tutorial_at(make_app, index)
    driver.click_button(FINISH)
    assert type(app.scene).__name__ == "SummaryScene"
    driver.confirm_handovers()  # its Continue
    assert isinstance(app.scene, TutorialScene) and app.scene.runner.index == index + 1


def test_a_refusal_never_asks_for_a_button_it_hides(make_app):
    """Issue 37: a refusal asked for Wait while the Wait button was hidden (the player had
    gone on to pick a weapon): it now says to go back first."""
    from game.engine import Wait

    app, driver, scene = at_the_fists_weapon_choice(make_app)
    # as if the step asked for Wait now: its button is hidden behind the weapon choice
    scene.runner.expected = lambda: Wait(1)  # type: ignore[method-assign]
    assert scene.find_clickable("Wait", prefix=True) is None
    scene.remind()
    assert "press Back first" in scene.reminder[0]
