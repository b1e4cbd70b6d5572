"""The one-page skirmish rules on the play screen (:mod:`.screen`)."""
