"""Race online: the lobby (host, join, ready) and the race screen, over game/net."""
