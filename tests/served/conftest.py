"""The served game's tables and screens tested in this process (no real terminal, no
server process), so `make test` runs them in its first part, two at a time: the hub's
rules of the room, the served app by its pilot, plain text by its lines. (The hub
fixture is the root conftest's.)"""
