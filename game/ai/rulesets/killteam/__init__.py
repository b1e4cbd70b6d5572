"""The computer player on a Kill Team classic mission (:mod:`.scores`)."""
