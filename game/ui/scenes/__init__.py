"""The game's screens."""
