"""The screen audits of the Kill Team classic pack: its seeded game, the steps player 1
decides at and its puzzle (registered with :mod:`game.uitest.systems`)."""

from game.uitest.systems import AuditSystem, register

AUDIT = register(AuditSystem(
    name="killteam", game=("kt_forward_push", ("gideon", "deathless_destroyers"), "fireteam"),
    steps=("place_objectives", "deploy", "seize", "ploy", "act", "game_length"),
    puzzle=("retreat_reactivation_2", "solution")))
