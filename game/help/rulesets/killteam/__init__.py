"""The Kill Team classic pack's rules as cards for the card library (:mod:`.cards`)."""
