"""The Kill Team classic pack on screen (:mod:`.screen`)."""
