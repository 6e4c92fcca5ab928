"""The Coup-Turns (18.24, 18.3): the players move a unit each in turn until both have
moved all they can or will, then each adjusts status; after each Coup-Turn the
Abwehr's bonus falls while Hitler lives, and after the sixth the Allies win."""

from __future__ import annotations

from ..parties import Player
from . import coup as coup_mod
from .movement import can_move
from .registry import case
from .state import CUP, Event, GameState, Outcome, Phase, Step, evolve, game_over


@case("18.24", "18.31", "5.3")
def begin_coup_turn(state: GameState, n: int) -> GameState:
    coup = evolve(state.coup_state, turn=n, passed=frozenset())
    # (the step is handoff's to set: it gives the move to whoever may move first)
    state = evolve(
        state,
        coup=coup,
        phase=Phase.COUP_MOVEMENT,
        phasing=Player.ABWEHR,
        active=None,
        mp_spent=0,
        activated=frozenset(),
    )
    state = state.log(Event("5.3", f"Coup-Turn {n} begins"))
    return handoff(state, first=True)


@case("18.32", "18.33", "18.34", "18.35")
def handoff(state: GameState, *, first: bool = False) -> GameState:
    """Abwehr first, then one unit each in turn; once a player has moved all he can, or
    passes, the other moves the rest (18.33). Then the status phase (18.34)."""
    coup = state.coup_state
    order = [Player.ABWEHR, Player.SS] if first else [state.phasing.enemy, state.phasing]
    for p in order:
        if p not in coup.passed and can_move(state, p):
            return evolve(state, phasing=p, step=Step.FREE)
    return begin_coup_status(state, Player.ABWEHR)


def pass_moves(state: GameState) -> GameState:
    coup = evolve(state.coup_state, passed=state.coup_state.passed | {state.phasing})
    state = evolve(state, coup=coup)
    state = state.log(Event("18.33", f"{state.phasing.title} moves no more units this Coup-Turn"))
    return handoff(state)


def begin_coup_status(state: GameState, player: Player) -> GameState:
    state = evolve(state, phase=Phase.COUP_STATUS, phasing=player, step=Step.FREE, active=None, mp_spent=0)
    return state.log(Event("5.3", f"{player.title} status adjustment (Coup-Turn {state.coup_state.turn})"))


@case("18.52", "18.53", "18.54", "18.63", "18.73", "15.13")
def end_coup_status(state: GameState) -> GameState:
    """Both players adjust (no retirement rolls, 15.13); then the Coup-Turn ends: the
    Abwehr's bonus falls by 2 while Hitler lives (18.52, never below 0, 18.54), the
    Loyalty chits laid on units go back to the cup (18.63), and after the sixth the
    Allies win (18.73)."""
    if state.phasing is Player.ABWEHR:
        return begin_coup_status(state, Player.SS)
    coup = state.coup_state
    g = state.rules.game
    if not coup_mod.hitler_dead(state):
        lowered = max(g.min_bonus, coup.abwehr_bonus - g.bonus_loss_per_coup_turn)
        coup = evolve(coup, abwehr_bonus=lowered)
        state = state.log(Event("18.52", f"Hitler lives: the Abwehr's bonus is now +{lowered}"))
    chits = tuple(CUP if where not in (CUP, "ss", "abwehr") else where for where in state.chits)
    state = evolve(state, coup=coup, chits=chits)
    if coup.turn >= g.coup_turns:
        return game_over(
            state,
            Outcome(
                "allies",
                "18.73",
                f"after {coup.turn} Coup-Turns neither side has won: Germany collapses and the Allies win",
            ),
        )
    return begin_coup_turn(state, coup.turn + 1)
