"""The graphical client: everything that imports pygame lives here (the engine never does).

``app.py`` runs the loop over a stack of scenes (``scenes/``); scenes turn clicks into engine
actions (only those the engine lists as legal) and draw what the engine's view and events say.
"""
