"""Scenario files: loading and checking them (:mod:`game.scenario.loader`), their shape
(:mod:`game.scenario.shapes`) and writing a game's position as one
(:mod:`game.scenario.export`)."""
