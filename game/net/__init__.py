"""Online play: the protocol, the game server, its store and the client library."""
