"""Help content of each rule set and mission pack beyond the Fireteam rules."""
