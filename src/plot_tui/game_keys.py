"""The game screen's keys: what each does is an action of the screen (game.py), which
asks its controller; the footer shows a key only where it does something now."""

from __future__ import annotations

from textual.binding import Binding, BindingType

LETTERS = (("e", "End move"), ("P", "End phase"), ("r", "Roll"), ("d", "Decline"))

GAME_KEYS: list[BindingType] = [
    Binding("enter,space", "act_here", "Act", priority=False),
    Binding("a", "menu", "Actions"),
    # shown in the prompt when they do something; always live, to say why when not
    *[Binding(k, f"fixed('{k}')", d, show=False) for k, d in LETTERS],
    Binding("D", "no_coup_this_turn", "No coup this Game-Turn", show=False),
    Binding("O", "ask_before_rolling", "Ask before rolling", show=False),
    # talk at a served table
    Binding("T", "talk('talk')", "Talk", show=False),
    Binding("H", "talk('hide')", "Hide spectators' talk", show=False),
    Binding("M", "talk('mute')", "Mute someone", show=False),
    Binding("u", "undo", "Undo"),
    Binding("s", "skip", "Skip ahead"),
    Binding("minus", "pace(1)", "Slower", show=False),
    Binding("plus,equals_sign", "pace(-1)", "Faster", show=False),
    Binding("tab", "target(1)", "Next target", show=False),
    Binding("shift+tab", "target(-1)", "Previous target", show=False),
    Binding("W", "why", "Why the computer moved", show=False),
    Binding("R", "rematch", "Rematch", show=False),
    Binding("question_mark", "help", "Help"),
    Binding("q", "app.quit_game", "Quit"),
    # the log (the replay viewer has these keys for moving through the record);
    # priority: the focused map is a scroll view and would take these keys itself
    Binding("pageup", "scroll_log('up')", priority=True, description="Log up", show=False),
    Binding("pagedown", "scroll_log('down')", priority=True, description="Log down", show=False),
    Binding("home", "scroll_log('home')", priority=True, description="Log start", show=False),
    Binding("end", "scroll_log('end')", priority=True, description="Log end", show=False),
    *[Binding(str(i), f"number({i})", show=False) for i in range(1, 10)],
]
