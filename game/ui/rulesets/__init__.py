"""Each rule set and mission pack beyond the Fireteam rules on screen, a folder per system
(:mod:`.skirmish`, :mod:`.killteam`)."""
