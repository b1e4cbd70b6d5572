"""The Kill Team classic mission pack, played under the Fireteam rules: its numbers and
questions (:mod:`.core`), its decisions (:mod:`.actions`), its events (:mod:`.events`) and the
stages the flow table runs for a mission whose ``kill_team`` data asks for them (:mod:`.rules`).
"""
