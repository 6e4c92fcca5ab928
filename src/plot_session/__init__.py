"""A game at the table, without a screen: who sits in each seat, whose eyes see what,
undo, the log and the record (session, chair); the replay's model; a player's
settings; the words that describe actions and decisions; the coach's advice; and the
analysis of a finished game.

No Textual here: the full-screen client (plot_tui), the plain-text client and the
server all build on this package, and its rules of the table are tested without a
screen.
"""
