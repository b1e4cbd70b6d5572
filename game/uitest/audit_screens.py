"""The screens the layout audit (game/uitest/audit_layout.py) renders: each a function that puts a
fresh app (seed 1, animations off, a throw-away data folder) at that screen."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.uitest.rulesets import audit_systems

App = Any  # game.ui.app.App, imported lazily (pygame)

SCENE_NAMES = ("menu", "newgame", "setup", "deploy", "play", "attack-preview", "dice",
               "handover", "end", "rules", "cards")


def _scene(name: str) -> Callable[[App], None]:
    def setup(app: App) -> None:
        from game.uitest.headless import open_scene

        open_scene(app, name)
    return setup


def _play(app: App) -> Any:
    from game.uitest.headless import open_scene

    open_scene(app, "play")
    return app.scene


def summary(app: App) -> None:
    from game.ui.scenes.summary import SummaryScene
    from game.ui.turn_summary import summarise

    play = _play(app)
    view = play.view
    app.push(SummaryScene(app, summarise(view.events, 1), view.vp))


def pause(what: str = "") -> Callable[[App], None]:
    def setup(app: App) -> None:
        from game.ui.scenes.pause import PauseScene

        scene = PauseScene(app, _play(app))
        app.push(scene)
        if what:
            scene.ask(what)
    return setup


def save(app: App) -> None:
    from game.ui.scenes.load import SaveScene

    app.push(SaveScene(app, _play(app).game))


def load(app: App) -> None:
    from game.ui.scenes.load import LoadScene

    app.push(LoadScene(app, lambda game, setup: None))


def settings(app: App) -> None:
    from game.ui.scenes.settings import SettingsScene

    app.push(SettingsScene(app))


def visualizer(app: App) -> None:
    from game.ui.scenes.visualizer import VisualizerScene

    app.push(VisualizerScene(app, "dual_strike"))


def editor(app: App) -> None:
    from game.ui.scenes.mission_editor import MissionEditorScene

    app.push(MissionEditorScene(app, app.ctx.catalogue.missions["dual_strike"]))


def tutorial(index: int) -> Callable[[App], None]:
    def setup(app: App) -> None:
        from game.ui.scenes.tutorial import TutorialScene

        app.push(TutorialScene(app, index, remember=False))
    return setup


def tutorial_more(tool: str = "") -> Callable[[App], None]:
    """A step of the tutorial's second chapter: its first (the new position), or the one
    asking for ``tool``."""
    def setup(app: App) -> None:
        from game.help.tutorial_script import load_script
        from game.ui.scenes.tutorial import TutorialScene

        script = load_script()
        index = next(i for i, s in enumerate(script.steps)
                     if (s.tool == tool if tool else bool(s.position)))
        app.push(TutorialScene(app, index, script, remember=False))
    return setup


def campaigns(app: App) -> None:
    from game.ui.scenes.campaign import CampaignListScene

    app.push(CampaignListScene(app))


def campaign(app: App) -> None:
    from game.services.campaign import Campaign, Profile
    from game.ui.scenes.campaign import CampaignScene

    players = {1: Profile("ann", "Ann"), 2: Profile("bob", "Bob")}
    teams = {1: "gideon", 2: "deathless_destroyers"}
    app.push(CampaignScene(app, Campaign.start(app.ctx.catalogue, players, teams, seed=1)))


def campaign_agent(app: App) -> None:
    """A campaign after its first mission: an agent and an antagonist, wargear won."""
    from game.engine import AgreeResult
    from game.services.campaign import Campaign, Profile
    from game.ui.scenes.campaign import CampaignScene

    players = {1: Profile("ann", "Ann"), 2: Profile("bob", "Bob")}
    teams = {1: "gideon", 2: "deathless_destroyers"}
    campaign = Campaign.start(app.ctx.catalogue, players, teams, seed=1)
    game = campaign.next_game()
    game.apply(AgreeResult(game.to_act, 1))
    campaign.record_result(game)
    app.push(CampaignScene(app, campaign))


def campaign_setup(app: App) -> None:
    """A new campaign's form with no profile yet: Start disabled, the reason beside it."""
    from game.ui.scenes.campaign import CampaignListScene

    scene = CampaignListScene(app)
    scene.seats[2] = "hard"
    app.push(scene)


def play_hint(app: App) -> None:
    """The play screen against the computer with the hint shown (its box and marks)."""
    from game.engine import Game, RandomDice, Step
    from game.ui.scenes.play import PlayScene
    from game.uitest.headless import play_until

    game = Game.new(app.ctx.catalogue, "dual_strike", ("gideon", "deathless_destroyers"),
                    RandomDice(5))
    play_until(game, 5, lambda g: g.state.step == Step.ACT and g.state.to_act == 1)
    scene = PlayScene(app, game, {1: "human", 2: "normal"})
    app.push(scene)
    scene.ask_hint()


def handover_menu(app: App) -> None:
    """Esc on the hand-over screen: the pause menu over the cover."""
    from game.engine import Game, RandomDice
    from game.ui.registry import SceneName
    from game.ui.scenes.play import PlayScene

    game = Game.new(app.ctx.catalogue, "dual_strike", ("gideon", "deathless_destroyers"),
                    RandomDice(1))
    play = PlayScene(app, game)
    app.push(play)
    app.frame([])
    handover = app.scene
    if type(handover).__name__ == "HandoverScene":
        handover.open_menu()
    else:
        app.open(SceneName.PAUSE, play)


def tutorial_titled(title: str) -> Callable[[App], None]:
    """The tutorial at the step whose title begins with ``title`` (a screen it is read
    over, the summary or the end screen, opens on the first frame)."""
    def setup(app: App) -> None:
        from game.help.tutorial_script import load_script
        from game.ui.scenes.tutorial import TutorialScene

        script = load_script()
        index = next(i for i, s in enumerate(script.steps) if s.title.startswith(title))
        app.push(TutorialScene(app, index, script, remember=False))
    return setup


def tutorial_refusal(app: App) -> None:
    """A tutorial step with a refusal shown whole under its text."""
    from game.help.tutorial_script import load_script
    from game.ui.scenes.tutorial import TutorialScene

    script = load_script()
    index = next(s.index - 1 for s in script.steps if s.kind == "act"
                 and any(" attack " in a for a in s.actions))
    scene = TutorialScene(app, index, remember=False)
    app.push(scene)
    scene.remind()


def error(app: App) -> None:
    from game.ui.scenes.error import ErrorScene

    app.push(ErrorScene(app, "ValueError: an example of an unexpected error", None, None))


def error_report(app: App) -> None:
    """The error screen after a save, with its bug-report button pressed."""
    from game.ui.scenes.error import ErrorScene

    scene = ErrorScene(app, "ValueError: an example of an unexpected error",
                       lambda: "bug-report.txt", "autosave")
    app.push(scene)
    scene.report = "/home/player/.local/share/fireteam/reports/bug-report-2026-12-01.txt"


def replay(app: App) -> None:
    from game.services.replay import Replay
    from game.ui.scenes.replay import ReplayScene

    app.push(ReplayScene(app, Replay.from_game(_play(app).game)))


def analysis(finished: bool) -> Callable[[App], None]:
    """The analysis screen over a seeded game's attack decision where player 1 chose its
    worst action by the heuristics: at work (its progress bar), or finished (the costly
    decision on the board, the two choices and why)."""
    def setup(app: App) -> None:
        from game.ai import heuristics
        from game.ai.common import playable
        from game.analysis.core import Record, Settings
        from game.engine import RandomDice
        from game.ui.scenes.analysis import AnalysisScene
        from game.ui.scenes.menu import MenuScene

        game = _game_at(app, "fireteam", "attack")
        start = game.clone(dice=RandomDice(1))
        worst = min(playable(start.legal_actions()), key=lambda a: heuristics.score(start, a))
        record = Record(start, [worst])
        app.push(MenuScene(app))
        scene = AnalysisScene(app, record, 1, settings=Settings(samples=3, rivals=2))
        app.push(scene)
        if finished:
            scene.run_to_end()
        else:
            scene.progress = 0.4
    return setup


def computer_newgame(app: App) -> None:
    """The new-game screen with a computer in each seat (what each level is like, at the
    foot of the players' panels) and the fireteam with the longest ploys."""
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.newgame import NewGameScene

    app.push(MenuScene(app))
    scene = NewGameScene(app, fireteams=("kappic_eagles", "pathfinders"))
    scene.seats = {1: "easy", 2: "hard"}
    app.push(scene)


def mission_list(mission: str, expanded: bool) -> Callable[[App], None]:
    """The new-game screen with ``mission`` chosen (a Kill Team mission of our design has
    the longest name), its list of missions open with ``expanded``."""
    def setup(app: App) -> None:
        from game.ui.scenes.menu import MenuScene
        from game.ui.scenes.newgame import NewGameScene

        app.push(MenuScene(app))
        scene = NewGameScene(app, mission=mission)
        app.push(scene)
        if expanded:
            scene.rebuild = lambda: None  # the audit's redraw keeps the list open
            drop = scene.mission_drop
            drop.current_state.finish()
            drop.current_state = drop.menu_states["expanded"]
            drop.current_state.start()
    return setup


# --- the transient overlays, under each rule set and mission pack ---------------------------

# name -> (mission, fireteams, rule set): the Fireteam rulebook's missions, each other rule
# set's and mission pack's own game (game.uitest.rulesets), and the Pathfinders (the longest
# names and the most actions)
GAMES: dict[str, tuple[str, tuple[str, str], str]] = {
    "fireteam": ("power_up", ("gideon", "deathless_destroyers"), "fireteam"),
    **{system.name: system.game for system in audit_systems()},
    "pathfinders": ("power_up", ("pathfinders", "kappic_eagles"), "fireteam"),
}


def _attacks(game: Any) -> list[Any]:
    """The legal attacks (or shots, under a rule set that has them) of the position, those
    with an overcharge first."""
    from game.engine import Attack

    kinds = (Attack, *(kind for system in audit_systems() for kind in system.attacks))
    found = [a for a in game.legal_actions() if isinstance(a, kinds)]
    return sorted(found, key=lambda a: not getattr(a, "overcharge", False))


def _game_at(app: App, which: str, at: str) -> Any:
    """A seeded game of ``which`` (see :data:`GAMES`) played by greedy computers up to
    ``at``: "activate" (player 1 to activate an operative in turning point 2) or "attack"
    (player 1's operative may attack: with an overcharge in the first of a few seeded games
    that offers one, else the first attack of the first game)."""
    from game.engine import Step

    if at == "activate":
        return _play_until(app, which, 3, lambda g: bool(
            g.state.turning_point >= 2 and g.state.step == Step.ACTIVATE
            and g.state.to_act == 1))
    for seed in range(3, 9):
        game = _play_until(app, which, seed, lambda g: bool(
            g.state.to_act == 1 and any(getattr(a, "overcharge", False)
                                        for a in _attacks(g))))
        if not game.is_over:
            return game
    return _play_until(app, which, 3, lambda g: bool(
        g.state.turning_point >= 2 and g.state.to_act == 1 and _attacks(g)))


def _play_until(app: App, which: str, seed: int, done: Callable[[Any], bool]) -> Any:
    from game.ai.players import player_for
    from game.engine import Game, RandomDice

    mission, teams, rules = GAMES[which]
    game = Game.new(app.ctx.catalogue, mission, teams, RandomDice(seed), rules=rules)
    players = {p: player_for("greedy", p) for p in (1, 2)}
    for _ in range(3000):
        if game.is_over or done(game):
            break
        game.apply(players[game.to_act].choose(game.view(game.to_act)))
    return game


def _open_play(app: App, game: Any, computer: bool = True) -> Any:
    """The play screen of ``game`` over the menu, player 2 a computer (``computer``)."""
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.play import PlayScene

    app.push(MenuScene(app))
    scene = PlayScene(app, game, {1: "human", 2: "normal"} if computer else None)
    app.push(scene)
    scene.anim.banners.clear()
    return scene


def banner(which: str, kind: str) -> Callable[[App], None]:
    """The play screen of ``which`` with the turn banner, or a score banner, showing."""
    def setup(app: App) -> None:
        from game.ui.anim import Banner

        scene = _open_play(app, _game_at(app, which, "activate"))
        names, colours = app.ctx.names, app.ctx.colours
        text = f"{names[1]}'s turn" if kind == "turn" else f"{names[2]} scores 3 VP"
        # it stays up through the audit's frames (animations are off: a banner's time
        # would run out at once)
        scene.anim.banners = [Banner(text, colours[1 if kind == "turn" else 2], left=1e9)]
    return setup


def _hover(scene: Any, h: str, rest: float = 0.0) -> None:
    """The mouse on hex ``h`` (for ``rest`` seconds already: its tooltip shows)."""
    import pygame

    x, y = scene.view_board.centre(h)
    pygame.mouse.set_pos((int(x), int(y)))
    scene.hover = scene._rested_on = h
    scene.hover_time = rest


def preview(which: str) -> Callable[[App], None]:
    """The attack preview (odds of each weapon, an overcharge's risk among them) of
    ``which``, the mouse on the target."""
    def setup(app: App) -> None:
        from game.ui.chooser import Chooser, Kind

        game = _game_at(app, which, "attack")
        scene = _open_play(app, game)
        attack = _attacks(game)[0]
        root = scene.chooser.root()
        for option in root.buttons():
            picked = root.pick(option.value)
            if isinstance(picked, Chooser) and picked.next_kind == Kind.ENEMY:
                scene.chooser = picked
                break
        scene.rebuild()
        target = game.state.operatives[attack.target]
        _hover(scene, target.hex)
    return setup


def tooltip(which: str) -> Callable[[App], None]:
    """A terrain tooltip of ``which``: the mouse resting on the cover or objective hex
    nearest to the most operatives."""
    def setup(app: App) -> None:
        from game.ui.scenes.play_board import TIP_DELAY, terrain_tip

        game = _game_at(app, which, "activate")
        scene = _open_play(app, game)
        grid = game.grid
        ops = [o.hex for o in game.state.operatives.values() if o.on_killzone and o.hex]
        tips = [h for h in grid.hexes if terrain_tip(scene, h)
                and h not in grid.blocked and h not in ops]
        h = min(tips, key=lambda t: (sum(grid.distance(t, o) for o in ops), t))
        _hover(scene, h, TIP_DELAY + 1.0)
    return setup


def hint(which: str) -> Callable[[App], None]:
    """The hint of ``which`` asked for with its key while the mouse is on the board: the
    suggestion on the board, its words at the mouse."""
    def setup(app: App) -> None:
        from game.engine import Step

        game = _game_at(app, which, "activate")
        scene = _open_play(app, game)
        scene.act(game.legal_actions()[0])  # an operative activated: the hint speaks of its action
        scene.play_computer_now()
        if game.state.step != Step.ACT:
            scene.chooser = scene.new_chooser()
        scene.anim.banners.clear()
        _hover(scene, scene.view_board.grid.hexes[len(scene.view_board.grid.hexes) // 2])
        scene.ask_hint()
    return setup


def _dice_settled(scene: Any) -> None:
    """No banner left, and the dice rolled (if any) shown at rest."""
    scene.anim.banners.clear()
    if scene.anim.roll is not None:
        scene.anim.roll.shown = 99.0


def dice(which: str) -> Callable[[App], None]:
    """The dice of an attack of ``which`` just made (an overcharged one when it can be)."""
    def setup(app: App) -> None:
        game = _game_at(app, which, "attack")
        scene = _open_play(app, game)
        scene.act(_attacks(game)[0])
        _dice_settled(scene)
    return setup


def replay_dice(which: str) -> Callable[[App], None]:
    """The replay of a game of ``which`` at its last attack, its dice shown."""
    def setup(app: App) -> None:
        from game.services.replay import Replay
        from game.ui.scenes.menu import MenuScene
        from game.ui.scenes.replay import ReplayScene

        game = _game_at(app, which, "attack")
        game.apply(_attacks(game)[0])
        app.push(MenuScene(app))
        replay = Replay.from_game(game)
        scene = ReplayScene(app, replay)
        app.push(scene)
        scene.seek(len(replay))
        _dice_settled(scene)
    return setup


def tp_summary(which: str) -> Callable[[App], None]:
    """The summary of turning point 1 of ``which``."""
    def setup(app: App) -> None:
        from game.ui.scenes.summary import SummaryScene
        from game.ui.turn_summary import summarise

        scene = _open_play(app, _game_at(app, which, "activate"))
        view = scene.view
        app.push(SummaryScene(app, summarise(view.events, 1), view.vp))
    return setup


def puzzle_list(theme: str = "", progress: bool = False) -> Callable[[App], None]:
    """The puzzle list at ``theme`` (the first by default), some of it solved or tried."""
    def setup(app: App) -> None:
        from game.ui.scenes.menu import MenuScene
        from game.ui.scenes.puzzles import PuzzleListScene, load_book

        app.push(MenuScene(app))
        book = load_book(app)
        if progress:
            for n, puzzle in enumerate(book.puzzles[:6]):
                key = book.key(puzzle)
                book.progress.answer(key, n % 3 == 0)
                if n % 3 == 2:
                    book.progress.answer(key, False)
        app.push(PuzzleListScene(app, book, theme))
    return setup


def puzzle(name: str, state: str = "") -> Callable[[App], None]:
    """The puzzle ``name`` on the play screen: at its decision, with its hint asked, after a
    wrong answer, with the solution shown (after two), or solved."""
    def setup(app: App) -> None:
        from game.services.puzzle_book import judge
        from game.ui.scenes.menu import MenuScene
        from game.ui.scenes.puzzles import PuzzleListScene, PuzzleScene, load_book

        app.push(MenuScene(app))
        book = load_book(app)
        chosen = next(p for p in book.puzzles if p.key == name)
        app.push(PuzzleListScene(app, book, chosen.theme))
        wrong = next(a for a in chosen.game.legal_actions() if not judge(chosen, a))
        if state == "solution":
            book.progress.answer(book.key(chosen), False)
        scene = PuzzleScene(app, book, chosen, seed=1)
        app.push(scene)
        if state == "hint":
            scene.ask_hint()
        elif state in ("wrong", "solution"):
            scene.act(wrong)
        elif state == "solved":
            scene.act(scene.answer())
        _dice_settled(scene)
    return setup


def puzzle_export(app: App) -> None:
    """The pause menu's "Export as a puzzle", a goal typed."""
    from game.ui.scenes.puzzles import PuzzleExportScene

    scene = PuzzleExportScene(app, _play(app))
    scene.goal_text = "Take down the leader this activation"
    app.push(scene)


PUZZLE_SCREENS: dict[str, Callable[[App], None]] = {
    "puzzles": puzzle_list(progress=True), "puzzles-own": puzzle_list("own"),
    "puzzles-retreats": puzzle_list("retreat", progress=True),
    "puzzle": puzzle("take_down_step_out_1"), "puzzle-hint": puzzle("take_down_first_1", "hint"),
    "puzzle-wrong": puzzle("take_down_target_1", "wrong"),
    "puzzle-solution": puzzle("retreat_reactivation_1", "solution"),
    "puzzle-solved": puzzle("objective_outnumber_1", "solved"),
    **{f"puzzle-{system.name}": puzzle(*system.puzzle) for system in audit_systems()},
    "puzzle-ploy": puzzle("ploy_wins_the_attack_1", "hint"),
    "puzzle-target": puzzle("target_reveal_1"),
    "puzzle-setup": puzzle("setup_spot_first_1", "solution"),
    "puzzle-export": puzzle_export,
}


# the steps where player 1 decides, by rule set and pack: their buttons and choices
STEPS = {
    "fireteam": ("mulligan", "deploy", "reveal", "ploy", "act"),
    **{system.name: system.steps for system in audit_systems()},
    "pathfinders": ("mulligan", "deploy", "reveal", "ploy", "act"),
}


def step(which: str, name: str) -> Callable[[App], None]:
    """The play screen of ``which`` the first time player 1 decides at step ``name`` (the
    one with the most choices among the first few, for an activation), the hand shown."""
    def setup(app: App) -> None:
        from game.engine import Step

        wanted = name  # a step's value: each system declares its own steps
        seen: list[int] = []

        def done(g: Any) -> bool:
            if g.state.to_act != 1 or g.state.step != wanted:
                return False
            seen.append(1)  # an activation: the third decision (more actions offered)
            return wanted != Step.ACT or len(seen) >= 3
        game = _play_until(app, which, 3, done)
        scene = _open_play(app, game)
        if wanted in (Step.MULLIGAN, Step.REVEAL):
            scene.reveal_to(1)
        scene.anim.banners.clear()
    return setup


def weapons(which: str) -> Callable[[App], None]:
    """The weapon choice of ``which``: an enemy picked in attack mode, each weapon (and an
    overcharge) offered with its odds."""
    def setup(app: App) -> None:
        from game.ui.chooser import Chooser, Kind

        game = _game_at(app, which, "attack")
        scene = _open_play(app, game)
        target = _attacks(game)[0].target
        root = scene.chooser.root()
        for option in root.buttons():
            picked = root.pick(option.value)
            if isinstance(picked, Chooser) and picked.next_kind == Kind.ENEMY:
                chosen = picked.pick(target)
                if isinstance(chosen, Chooser) and chosen.next_kind == Kind.WEAPON:
                    scene.chooser = chosen
                    break
        scene.rebuild()
    return setup


def cards(which: str) -> Callable[[App], None]:
    """The mission card and both stratagem cards (F2) over the board of ``which``."""
    def setup(app: App) -> None:
        scene = _open_play(app, _game_at(app, which, "activate"))
        scene.show_cards = True
    return setup


def flagged(mission: str, teams: tuple[str, str]) -> Callable[[App], None]:
    """The play screen of ``mission`` when player 1 is to act and an objective carries a
    mission token (powered, downloaded...) written beside it; then the replay at that
    point."""
    def setup(app: App) -> None:
        from game.ai.players import player_for
        from game.engine import Game, MissionAction, RandomDice

        for seed in range(3, 12):
            game = Game.new(app.ctx.catalogue, mission, teams, RandomDice(seed))
            players = {p: player_for("greedy", p) for p in (1, 2)}
            for _ in range(3000):
                if game.is_over or (game.to_act == 1
                                    and any(game.state.objective_flags.values())):
                    break
                # a mission action whenever one is offered (the tokens come from them)
                chosen = next((a for a in game.legal_actions()
                               if isinstance(a, MissionAction)), None)
                game.apply(chosen or players[game.to_act].choose(game.view(game.to_act)))
            if not game.is_over:
                break
        _open_play(app, game)
    return setup


TRANSIENT: dict[str, Callable[[str], Callable[[App], None]]] = {
    "turn-banner": lambda w: banner(w, "turn"), "score-banner": lambda w: banner(w, "score"),
    "preview": preview, "tooltip": tooltip, "hint": hint, "attack-dice": dice,
    "replay-dice": replay_dice, "summary": tp_summary, "cards": cards,
}


SCREENS: dict[str, Callable[[App], None]] = {
    **{name: _scene(name) for name in SCENE_NAMES},
    "turning-point-summary": summary,
    "pause": pause(), "pause-concede": pause("concede"), "pause-draw": pause("draw"),
    "pause-quit": pause("quit"),
    "save": save, "load": load, "settings": settings, "visualizer": visualizer,
    "mission-editor": editor,
    **PUZZLE_SCREENS,
    "tutorial-1": tutorial(0), "tutorial-2": tutorial(1), "tutorial-3": tutorial(2),
    "tutorial-chapter-2": tutorial_more(), "tutorial-threat": tutorial_more("threat"),
    "tutorial-hint": tutorial_more("hint"),
    "campaigns": campaigns, "campaign": campaign, "error": error, "error-report": error_report,
    "campaign-agent": campaign_agent, "campaign-setup": campaign_setup, "play-hint": play_hint,
    "handover-menu": handover_menu, "tutorial-refusal": tutorial_refusal,
    "tutorial-alone": tutorial_titled("Turning point 2: the first"),
    "tutorial-last": tutorial_titled("Turning point 3: the last turns"),
    "tutorial-save": tutorial_more("save"),
    "tutorial-summary": tutorial_titled("The turning point's summary"),
    "tutorial-end": tutorial_titled("The end screen"),
    "replay": replay, "newgame-computer": computer_newgame,
    "analysis-progress": analysis(False), "analysis": analysis(True),
    # the mission list (a Kill Team classic mission of our design has the longest name)
    "newgame-kill-team-mission": mission_list("kt_head_hunt", False),
    "newgame-mission-list": mission_list("kt_head_hunt", True),
    "newgame-forward-push": mission_list("kt_forward_push", False),
    # each rule set's and pack's own screens
    **{name: make for system in audit_systems() for name, make in system.screens.items()},
    # the transient overlays of each rule set and pack ("fireteam-preview"...)
    **{f"{which}-{kind}": make(which) for which in GAMES for kind, make in TRANSIENT.items()},
    # the buttons and choices of each step of each rule set and pack ("fireteam-reveal"...)
    **{f"{which}-{name.replace('_', '-')}": step(which, name) for which in GAMES
       for name in STEPS[which]},
    **{f"{which}-weapons": weapons(which) for which in GAMES
       if which not in {system.name for system in audit_systems() if not system.weapons}},
    # the objectives' mission tokens in words beside them
    "power-up-tokens": flagged("power_up", ("gideon", "deathless_destroyers")),
    "data-heist-tokens": flagged("data_heist", ("kappic_eagles", "pathfinders")),
}
