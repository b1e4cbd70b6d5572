"""The computer player under the one-page skirmish rules (:mod:`.scores`)."""
