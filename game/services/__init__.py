"""The player's files and the features kept in them (no pygame): the data folder, saved
games and the autosave journal, replays, campaigns, the puzzle book, missions of their own
and the record of how a game was set up."""
