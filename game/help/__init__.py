"""What the game teaches a player (no pygame): the rules help, the tutorial's script, the
Kill Team pack's rule cards and the terrain glossary they all share."""
