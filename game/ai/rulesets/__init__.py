"""What the computer player knows of each rule set and mission pack beyond the Fireteam
rules, a folder per system (:mod:`.skirmish`, :mod:`.killteam`)."""
