"""The rules engine: immutable game state, actions, and one reducer per case."""
