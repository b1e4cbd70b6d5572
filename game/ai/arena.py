"""The arena's games: computer against computer, each game fixed by its number and the seed
(``python -m game.cli.arena --a LEVEL --b LEVEL --games N --seed S [--mission M]
[--fireteams X Y] [--first K]`` plays a match and prints its lines).

Computer against computer, seats alternated (A is player 1 in even games; games 2k and 2k+1
are the same mission and fireteams from both seats), missions and fireteams in turn unless
given (every shipped mission pack: the Fireteam missions and the Kill
Team classic ``kt_*`` ones). Each player sees only ``game.view(seat)``. Every game is fixed by
its number and the seed, so a long match can be run in parts: ``--first K`` plays only games K
to N-1 of the N (the same games as in one run; add up the parts' wins, losses and draws), and
one stopped by Ctrl-C still prints its last lines for the games it finished (the decision times
then include those of the unfinished game).
Exits non-zero on any engine error. The line before the last counts the games in which nobody
attacked: ``games without an attack: N of G``. The last line reads, from A's side:
``A v B: W wins, L losses, D draws; A's decisions median X s, p95 Y s; B's decisions median
X s, p95 Y s; turns median Z s`` where decision times count only decisions with more than one
legal action (conceding and agreeing a result aside) and a turn is one of A's activations,
from its first action to its last. Times are the processor time the arena's process spends
deciding (``time.process_time``): on an idle machine that is the wall-clock time a player
waits, and on a shared one it leaves out the time other jobs take. This last line is the
shipped benchmark of the levels' speed targets (docs/ai.md).
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from game.ai.common import playable
from game.ai.players import player_for
from game.ai.rulesets import opens_activation
from game.engine import Attack, Catalogue, Game, RandomDice, opponent

MAX_ACTIONS = 5000


@dataclass
class Tally:
    wins: int = 0
    losses: int = 0
    draws: int = 0
    decisions: list[float] = field(default_factory=list)  # A's non-forced decisions
    b_decisions: list[float] = field(default_factory=list)  # B's non-forced decisions
    quiet_games: int = 0  # games in which nobody attacked
    turns: list[float] = field(default_factory=list)  # A's activations, thinking time

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws

    def add(self, other: Tally) -> None:
        """Another tally's times and quiet games (its results are counted by the caller)."""
        self.decisions += other.decisions
        self.b_decisions += other.b_decisions
        self.turns += other.turns
        self.quiet_games += other.quiet_games

    def share(self) -> tuple[float, float, float]:
        """A's share (draws half) with a 95 % Wilson interval."""
        n = self.games
        if n == 0:
            return 0.0, 0.0, 0.0
        p = (self.wins + 0.5 * self.draws) / n
        z = 1.96
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return p, max(0.0, centre - half), min(1.0, centre + half)


def play(game: Game, players: dict[int, object], a_seat: int, tally: Tally) -> None:
    """Play ``game`` to its end; the thinking times and whether anybody attacked go into
    ``tally``."""
    turn_time = 0.0
    in_turn = False
    attacked = False
    opens = opens_activation(game)
    for _ in range(MAX_ACTIONS):
        if game.is_over:
            if not attacked:
                tally.quiet_games += 1
            return
        seat = game.to_act
        view = game.view(seat)
        start = time.process_time()  # the deciding process's own time (see the module)
        action = players[seat].choose(view)  # type: ignore[attr-defined]
        spent = time.process_time() - start
        attacked = attacked or isinstance(action, Attack)
        if seat != a_seat and len(playable(view.legal_actions)) > 1:
            tally.b_decisions.append(spent)
        if seat == a_seat:
            if len(playable(view.legal_actions)) > 1:
                tally.decisions.append(spent)
            if isinstance(action, opens):
                in_turn, turn_time = True, 0.0
            if in_turn:
                turn_time += spent
        game.apply(action)
        if in_turn and (game.state.active is None or game.is_over):
            tally.turns.append(turn_time)
            in_turn = False
    raise RuntimeError(f"the game did not end within {MAX_ACTIONS} actions")


def p95(values: list[float]) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def pairing(i: int, pairs: Sequence[tuple[str, ...]]) -> tuple[str, ...]:
    """Game ``i``'s fireteams (A's, B's): each pairing for two games running, the pairings
    taken in steps of 7 or the next number prime to their count, so every pairing comes up
    (with 7 fireteams, steps of 7 gave B the first fireteam in every game)."""
    step = 7
    while math.gcd(step, len(pairs)) != 1:
        step += 1
    return pairs[(i // 2) * step % len(pairs)]


def game_plan(i: int, seed: int, missions: Sequence[str],
              pairs: Sequence[tuple[str, ...]]) -> tuple[str, tuple[str, str], int, int]:
    """Game ``i`` of a match: its mission, A's and B's fireteams, A's seat and its seed.
    Games 2k and 2k+1 are one mission and one pairing from both seats: a mission that
    favours a seat favours A and B alike."""
    x, y = pairing(i, pairs)
    return missions[(i // 2) % len(missions)], (x, y), 1 if i % 2 == 0 else 2, seed + i


def arena_game(catalogue: Catalogue, a: str, b: str, rules: str, mission: str,
               teams: tuple[str, str], a_seat: int, seed: int,
               tally: Tally | None = None) -> tuple[Tally, int, tuple[int, int]]:
    """One game of a match (here, or as a task on a cluster): the tally of its times (into
    ``tally`` when given), its winner (0: a draw) and A's VP and B's."""
    tally = tally if tally is not None else Tally()
    x, y = teams
    fireteams = (x, y) if a_seat == 1 else (y, x)
    players = {a_seat: player_for(a, seed * 2 + 1), opponent(a_seat): player_for(b, seed * 2 + 2)}
    game = Game.new(catalogue, mission, fireteams, RandomDice(seed), rules=rules)
    play(game, players, a_seat, tally)
    return tally, game.winner or 0, (game.vp[a_seat], game.vp[opponent(a_seat)])
