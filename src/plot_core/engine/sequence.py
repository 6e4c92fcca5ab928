"""The sequence of play (5.0): phases in order, and the automatic steps
(rolls, Military Advance, Hitler's movement) that need no one's choice.

``settle`` runs automatic steps until a player must decide something.
"""

from __future__ import annotations

from collections.abc import Callable

from ..hexgrid import Hex, label
from ..parties import Player
from . import assignment, coup, coup_turns, interrogation, setup, status
from .actions import Action, Verb, act, need
from .chitdraw import draw_chits
from .decisions import DECISION_RULES, DecisionRule, declare, pop, push
from .errors import IllegalAction
from .pending import Displace, HitlerHex, Retreat
from .registry import case
from .rolls import roll
from .state import HITLER, Box, Event, GameState, Outcome, Phase, Step, evolve, game_over, is_allied

# 5.2: the Player-Turns, phase by phase
PLAYER_TURN = {
    Player.ABWEHR: (Phase.MOVEMENT, Phase.RECRUITMENT, Phase.STATUS),
    Player.SS: (Phase.MOVEMENT, Phase.RECRUITMENT, Phase.INVESTIGATION, Phase.INTERROGATION, Phase.STATUS),
}


def player_turn(state: GameState) -> Player | None:
    """Whose Player-Turn it is (5.2): the phasing player in his own phases of a
    Game-Turn; None in the inter-phases, before the game and in the Coup-Turns, whose
    phases both players share (5.3)."""
    if state.coup is None and state.phase in PLAYER_TURN[state.phasing]:
        return state.phasing
    return None


def settle(state: GameState, *, stop_at: Step | None = None) -> GameState:
    """Carry out automatic steps until a decision or a player's free phase is reached
    (or, for new_game, the step ``stop_at``).

    A decision with a single possible answer is no decision: it is carried out.
    """
    for _ in range(10_000):
        if state.outcome is not None or (stop_at is not None and state.step == stop_at):
            return state
        if state.pending:
            forced = _forced(state)
            if forced is None:
                return state
            state = forced
            continue
        nxt = _automatic(state)
        if nxt is None:
            return state
        state = nxt
    raise AssertionError("the sequence of play did not settle")


def _forced(state: GameState) -> GameState | None:
    """The rules' own answer to the decision on top, when its player has no choice."""
    d = state.pending[-1]
    forced = DECISION_RULES[d.kind].forced
    return None if forced is None else forced(state, d)


def _automatic(state: GameState) -> GameState | None:
    """One automatic step, or None when a player now acts freely (_AUTOMATIC below)."""
    step = state.step
    rule = _ANY_PHASE.get(step) or _AUTOMATIC.get((state.phase, step))
    return None if rule is None else rule(state)


# -- set-up to play ---------------------------------------------------------------


@case("4.1")
def initial_draws(state: GameState) -> GameState:
    n = state.rules.game.initial_draw
    state = draw_chits(state, Player.SS, n, case_no="4.1")
    state = draw_chits(state, Player.ABWEHR, n, case_no="4.1")
    return start_game_turn(state, 1)


def start_game_turn(state: GameState, turn: int) -> GameState:
    state = evolve(
        state,
        turn=turn,
        phase=Phase.ASSIGNMENT,
        step=Step.HITLER8,
        phasing=Player.ABWEHR,
        active=None,
        mp_spent=0,
        activated=frozenset(),
    )
    return state.log(Event("5.2", f"Game-Turn {turn} begins"))


# -- the Assignment Inter-Phase ------------------------------------------------------


def _assignment_step(state: GameState) -> GameState:
    step = state.step
    if step == Step.HITLER8:
        state = evolve(state, step=Step.ADVANCE)
        if state.turn == state.rules.game.hitler_stays_from_turn:
            return hitler_to_berlin(state)
        return state
    if step == Step.ADVANCE:
        return evolve(military_advance(state), step=Step.ROLL)
    if step == Step.ROLL:
        return evolve(assignment.roll_assignment(state), step=Step.GERMAN)
    if step == Step.GERMAN:
        return evolve(assignment.start_german(state), step=Step.RANDOMIZER, german_assignment=None)
    if step == Step.RANDOMIZER:
        return begin_phase(randomizer(state), Player.ABWEHR, Phase.MOVEMENT)
    raise AssertionError(step)


@case("6.23", "6.24", "6.25")
def randomizer(state: GameState) -> GameState:
    die, state = roll(state)
    draw = state.rules.tables.randomizer.result(die, state.turn)
    column = min(state.turn, len(state.rules.tables.randomizer.cells[0]))
    said = (
        "no draw"
        if draw is None
        else (f"{draw.player.title} draws {draw.count} chit{'s' if draw.count != 1 else ''} from the cup")
    )
    state = state.log(
        Event(
            "6.23",
            f"Randomizer Table: die {die}, Game-Turn {state.turn}: {said}",
            roll=(die,),
            table="randomizer",
            row=die,
            column=column,
            result="-" if draw is None else f"{'S' if draw.player is Player.SS else 'A'}{draw.count}",
        )
    )
    if draw is None:
        return state  # 6.25
    return draw_chits(state, draw.player, draw.count, case_no="6.24")


@case("16.13")
def military_advance(state: GameState) -> GameState:
    """Areas falling this Game-Turn: German units there are eliminated, Allied units
    go back to their holding box. (Only Game-Turns call this: frozen in the coup.)"""
    m = state.rules.map
    falling = {c for c, a in m.areas.items() if a.military_advance == state.turn}
    for code in sorted(falling):
        state = state.log(Event("16.11", f"{m.areas[code].name} is overrun by the Allies"))
        for u in state.units:
            if u.hex is not None and m.area_of[u.hex] == code:
                if is_allied(state.rules, u):
                    state = state.with_unit(u.id, hex=None, box=Box.ALLIED_HOLDING, marker=None)
                    state = state.log(
                        Event("16.13", f"{state.info(u.id).short} returns to the Allied Unit Holding Box")
                    )
                else:
                    state = state.with_unit(u.id, hex=None, box=Box.ELIMINATED, marker=None)
                    state = state.log(Event("16.13", f"{state.info(u.id).short} is eliminated"))
    return state


# -- phases ------------------------------------------------------------------------

_FIRST_STEP = {Phase.STATUS: Step.RETIRE, Phase.INTERROGATION: Step.INTERROGATE}


def begin_phase(state: GameState, player: Player, phase: Phase) -> GameState:
    step = (
        Step.HITLER
        if (player is Player.SS and phase is Phase.MOVEMENT)
        else (_FIRST_STEP.get(phase, Step.FREE))
    )
    state = evolve(
        state,
        phase=phase,
        phasing=player,
        step=step,
        active=None,
        mp_spent=0,
        activated=frozenset(),
        targeted=frozenset(),
    )
    return state.log(Event("5.2", f"{player.title} {phase.value} phase"))


def end_phase(state: GameState) -> GameState:
    """A phase of the Game-Turn is over: after the SS's status phase comes OKW panic
    (12.81); after every phase the Abwehr may try a coup (18.11)."""
    if state.phase is Phase.STATUS and state.phasing is Player.SS:
        return evolve(state, step=Step.PANIC)
    return evolve(state, step=Step.COUP_WINDOW)


@case("5.0", "5.1", "5.2")
def advance_phase(state: GameState) -> GameState:
    order = PLAYER_TURN[state.phasing]
    i = order.index(state.phase)
    if i + 1 < len(order):
        return begin_phase(state, state.phasing, order[i + 1])
    if state.phasing is Player.ABWEHR:
        return begin_phase(state, Player.SS, PLAYER_TURN[Player.SS][0])
    return next_game_turn(state)


@case("18.74")
def next_game_turn(state: GameState) -> GameState:
    """D. Game-Turn indication: the marker moves on, or the game ends (5.1, 18.74)."""
    if state.turn >= state.rules.game.game_turns:
        return game_over(
            state, Outcome("ss", "18.74", f"Game-Turn {state.turn} has ended and no coup was declared")
        )
    return start_game_turn(state, state.turn + 1)


# -- Hitler ------------------------------------------------------------------------


def _hq_hexes(state: GameState, key: str) -> tuple[Hex, ...]:
    return state.rules.map.hqs[key].hexes


@case("9.61", "9.62")
def hitler_roll(state: GameState) -> GameState:
    state = evolve(state, step=Step.FREE)
    hitler = state.unit(HITLER)
    g = state.rules.game
    if hitler.hex is None or state.turn >= g.hitler_stays_from_turn:
        return state
    die, state = roll(state)
    key = "fuhrer" if die in g.hitler_fuhrer_rolls else "rastenburg"
    hq = state.rules.map.hqs[key]
    state = state.log(Event("9.61", f"Hitler's movement: die {die}: Hitler goes to {hq.name}", roll=(die,)))
    if hitler.hex in hq.hexes:
        return state
    occ = state.occupancy()
    free = [h for h in hq.hexes if h not in occ]
    if not free:
        return state.log(Event("9.62", f"{hq.name} is full: Hitler stays where he is"))
    return _place_hitler(state, free)


def _place_hitler(state: GameState, free: list[Hex]) -> GameState:
    if len(free) == 1:
        return move_hitler(state, free[0])
    return push(state, HitlerHex(Player.SS, options=tuple(free)))


def move_hitler(state: GameState, h: Hex) -> GameState:
    state = state.with_unit(HITLER, hex=h)
    return state.log(Event("9.62", f"Hitler moves to {label(h)}"))


@case("9.63")
def hitler_to_berlin(state: GameState) -> GameState:
    """From Game-Turn 8 Hitler stays in Führer HQ; make room if it is full."""
    hitler = state.unit(HITLER)
    hexes = _hq_hexes(state, "fuhrer")
    if hitler.hex is None or hitler.hex in hexes:
        return state
    state = state.log(Event("9.63", "Prussia is falling: Hitler returns to Führer HQ for good"))
    occ = state.occupancy()
    free = [h for h in hexes if h not in occ]
    if free:
        return _place_hitler(state, free)
    return push(state, Displace(Player.SS, options=tuple(hexes)))


def displace(state: GameState, uid: str) -> GameState:
    """9.63: the chosen occupant retreats one hex (10.6) and Hitler takes its hex."""
    u = state.unit(uid)  # on the map, in Führer HQ, someone's (9.63)
    # The unit's owner picks its retreat hex (10.65), or it retires (10.64); then Hitler
    # moves into the hex it left.
    state = push(state, HitlerHex(Player.SS, options=(u.at,)))
    return push(state, Retreat(u.owner, unit=uid))


# -- the automatic steps, as a table ---------------------------------------------------


def _coup_window(state: GameState) -> GameState:
    return evolve(coup.offer(state), step=Step.AFTER_WINDOW)  # 18.11


def _leaders_placed(state: GameState) -> GameState:  # 4.3: the leaders first
    return evolve(setup.place_leaders(state), step=Step.SS_MARKED, phasing=Player.SS)


def _setup_step(state: GameState) -> GameState | None:  # 4.3: the next side's placing
    return setup.next_step(state) if setup.step_done(state) else None


def _retirement(state: GameState) -> GameState:  # 15.12
    return evolve(status.retirement_rolls(state), step=Step.FREE)


def _panic(state: GameState) -> GameState:  # 12.81
    return evolve(status.panic_rolls(state), step=Step.COUP_WINDOW)


def _interrogation(state: GameState) -> GameState:  # 14.12: each prisoner in turn
    uid = interrogation.next_prisoner(state)
    if uid is None:
        return evolve(state, step=Step.FREE)
    return interrogation.announce(state, uid)


_Automatic = Callable[[GameState], GameState | None]

# Steps carried out whatever the phase: the coup's window, which closes a Status phase
# (18.11), and the move to the next phase after it.
_ANY_PHASE: dict[Step, _Automatic] = {Step.COUP_WINDOW: _coup_window, Step.AFTER_WINDOW: advance_phase}

# The other automatic steps, by phase and step; at any step not listed a player acts.
_AUTOMATIC: dict[tuple[Phase, Step], _Automatic] = {
    (Phase.COUP_MOVEMENT, Step.HANDOFF): coup_turns.handoff,  # 18.32
    (Phase.SETUP, Step.NAMED): _leaders_placed,
    **{(Phase.SETUP, step): _setup_step for step in setup.STEPS},
    (Phase.SETUP, Step.DONE): initial_draws,
    # the Assignment Inter-Phase has no free step: each of its steps is the next one's
    **{(Phase.ASSIGNMENT, step): _assignment_step for step in Step if step not in _ANY_PHASE},
    (Phase.MOVEMENT, Step.HITLER): hitler_roll,  # 9.61
    (Phase.STATUS, Step.RETIRE): _retirement,
    (Phase.STATUS, Step.PANIC): _panic,
    (Phase.INTERROGATION, Step.INTERROGATE): _interrogation,
}


# -- the decisions Hitler's movement hands the SS ---------------------------------------------
def _hitler(state: GameState, d: HitlerHex, a: Action) -> GameState:
    h = need(a.hex, "a hex")
    if h not in d.options:
        raise IllegalAction("9.62", f"Hitler may go to {', '.join(label(x) for x in d.options)}")
    return move_hitler(pop(state), h)


def _displace(state: GameState, d: Displace, a: Action) -> GameState:
    uid = need(a.unit, "a unit")
    if state.unit(uid).hex not in d.options:
        raise IllegalAction("9.63", "choose a unit standing in Führer HQ")
    return displace(pop(state), uid)


def _displaceable(state: GameState, d: Displace) -> list[Action]:
    occ = state.occupancy()
    return [act(Verb.DISPLACE, u) for h in d.options for u in occ.get(h, ())]


declare(
    DecisionRule[HitlerHex](
        HitlerHex,
        "9.62",
        "Hitler's hex",
        "choose Hitler's hex (9.62)",
        lambda s, d: [act(Verb.HITLER, None, h) for h in d.options],
        {Verb.HITLER: _hitler},
        forced=lambda s, d: move_hitler(pop(s), d.options[0]) if len(d.options) == 1 else None,
    )
)
declare(
    DecisionRule[Displace](
        Displace,
        "9.63",
        "who leaves Führer HQ",
        "choose who leaves Führer HQ for Hitler (9.63)",
        _displaceable,
        {Verb.DISPLACE: _displace},
    )
)
