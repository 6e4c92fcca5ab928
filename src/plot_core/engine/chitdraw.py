"""Drawing chits (6.2): from the cup at random, or from the enemy's box (6.26)."""

from __future__ import annotations

from ..parties import Player
from .registry import case
from .rolls import pick
from .state import CUP, Event, GameState, chit_ids


@case("6.21", "6.26")
def draw_chits(state: GameState, player: Player, n: int, *, case_no: str) -> GameState:
    """``player`` draws ``n`` chits at random from the cup; what the cup lacks he takes
    at random from the enemy's holding box (6.26, read as: the cup first, then the
    enemy's box for the rest). Only the drawer learns which chits he got (6.21)."""
    ids = chit_ids(state.rules)
    got: list[str] = []
    from_enemy = 0
    for _ in range(n):
        pool = [i for i, where in enumerate(state.chits) if where == CUP]
        if not pool:
            source = player.enemy.value
            pool = [i for i, where in enumerate(state.chits) if where == source]
            if not pool:
                break
            from_enemy += 1
        k, state = pick(state, len(pool))
        got.append(ids[pool[k]])
        state = state.with_chit(ids[pool[k]], player.value)
    note = f" ({from_enemy} of them from the {player.enemy.title} box, 6.26)" if from_enemy else ""
    chits = "chit" if len(got) == 1 else "chits"
    state = state.log(Event(case_no, f"{player.title} draws {len(got)} {chits}{note}"))
    if got:
        # named, not "you": the line may be read by everyone once the game is over
        state = state.log(Event(case_no, f"{player.title} drew {', '.join(got)}", private=player))
    return state
