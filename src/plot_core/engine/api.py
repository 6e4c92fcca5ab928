"""The engine's public face: new_game, legal_actions, apply, outcome.

``apply`` never mutates: it returns the next state, or raises IllegalAction
naming the rules case that forbids the action. ``state.events`` holds what
the action caused (rolls, table cells, results), each with its case number.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from ..dice import seed_state
from ..hexgrid import label
from ..parties import Player
from ..rules import Rules, load_rules
from . import (
    assignment,
    coup,
    harassment,
    interrogation,
    investigation,
    movement,
    recruitment,
    sequence,
    setup,
    status,
)
from .actions import Action, Verb, act
from .board import empty_hexes
from .decisions import KINDS, pop, top
from .errors import IllegalAction
from .registry import case
from .returns import choose_return, return_hexes
from .state import Box, GameState, Outcome, Phase, UnitState, chit_ids, evolve

SETUPS = ("standard", "choose")


@case("4.0", "4.2", "4.36", "4.37")
def new_game(seed: int, *, setup: str = "standard", rules: Rules | None = None) -> GameState:
    """A fresh game. ``setup="choose"`` leaves the set-up (4.3) to the players as
    decisions; ``"standard"`` plays the quick standard set-up through the same rules."""
    if setup not in SETUPS:
        raise ValueError(f"unknown set-up {setup!r}; choose one of {', '.join(SETUPS)}")
    rules = rules or load_rules()
    if setup == "standard":
        # The standard set-up rolls no die before the first chits are drawn (4.1), so
        # every game's set-up is the same until then: done once per Rules.
        placed = _standard_placements(rules)
        return sequence.settle(evolve(placed, seed=seed, rng=seed_state(seed)))
    return sequence.settle(_unplaced(seed, rules))


def _unplaced(seed: int, rules: Rules) -> GameState:
    units = []
    for uid, info in rules.units.items():
        box = Box.ALLIED_HOLDING if not info.party.german else Box.UNPLACED   # 4.2
        units.append(UnitState(uid, box=box, controller=info.control))       # 4.36, 4.37
    return GameState(rules=rules, seed=seed, turn=0, phase=Phase.SETUP, phasing=Player.SS,
                     step="named", units=tuple(units),
                     chits=("cup",) * len(chit_ids(rules)),                  # 4.1
                     rng=seed_state(seed))


@functools.cache
def _standard_placements(rules: Rules) -> GameState:
    """The standard set-up's last placement made, as ``apply`` would leave it but for
    the automatic steps from the first draws on (which roll dice)."""
    state = sequence.settle(_unplaced(0, rules), stop_at="done")
    while state.step != "done":
        choice = setup_module_choice(state)
        state = setup.place(evolve(state, events=()), choice.unit, choice.hex)
        state = sequence.settle(state, stop_at="done")
    return state


def setup_module_choice(state: GameState) -> Action:
    return setup.standard_choice(state)


def outcome(state: GameState) -> Outcome | None:
    return state.outcome


def legal_actions(state: GameState) -> Sequence[Action]:
    """Every legal action for ``state.to_act``, small enough to list in a menu."""
    if state.outcome is not None:
        return []
    actions = _actions(state)
    if state.coup is not None:
        actions += coup.coup_chit_actions(state, state.to_act)                            # 18.6
    elif state.to_act is Player.SS and state.phase is not Phase.SETUP:
        actions += [act(Verb.EXPOSE, u) for u in recruitment.exposable(state)]   # 12.75
    return actions


def _actions(state: GameState) -> list[Action]:
    d = top(state)
    if d is not None:
        return _decision_actions(state, d)
    if state.phase is Phase.SETUP:
        return setup.placements(state)
    if state.phase in (Phase.MOVEMENT, Phase.COUP_INTERPHASE, Phase.COUP_MOVEMENT):
        return movement.movement_actions(state)
    if state.phase is Phase.RECRUITMENT:
        return recruitment.recruitment_actions(state)
    if state.phase is Phase.INVESTIGATION:
        return investigation.investigation_actions(state)
    if state.phase in (Phase.STATUS, Phase.COUP_STATUS):
        return status.clear_actions(state) + [act(Verb.END_PHASE)]
    return [act(Verb.END_PHASE)]


def _decision_actions(state: GameState, d) -> list[Action]:
    kind = d.kind
    if kind == "place_allied":
        return [act(Verb.PLACE_ALLIED, None, h) for h in empty_hexes(state, d.area)]
    if kind == "assignment_chits":
        return assignment.chit_actions(state)
    if kind == "assign":
        return assignment.assign_actions(state)
    if kind == "retreat":
        return [act(Verb.RETREAT, None, h) for h in harassment.retreat_hexes(state, d.unit)]
    if kind == "advance":
        if d.units:                                     # 13.35: one investigator may advance
            return [act(Verb.ADVANCE, u, d.hex) for u in d.units] + [act(Verb.STAY)]
        return [act(Verb.ADVANCE, None, d.hex), act(Verb.STAY)]
    if kind == "hitler":
        return [act(Verb.HITLER, None, h) for h in d.options]
    if kind == "displace":
        occ = state.occupancy()
        return [act(Verb.DISPLACE, u) for h in d.options for u in occ.get(h, ())]
    if kind == "recruit":
        return recruitment.recruitment_actions(state)
    if kind in ("investigate", "expose_investigators", "alibi"):
        return investigation.investigation_actions(state)
    if kind == "interrogation_alibi":
        return interrogation.alibi_actions(state)
    if kind == "return":
        return [act(Verb.RETURN, None, h) for h in return_hexes(state, d.unit)]
    if kind == "panic":
        return [act(Verb.PANIC, u) for u in status.panickers(state)]
    if kind == "coup":
        return coup.offer_actions(state)
    raise AssertionError(kind)


# Verbs that only ever answer a decision (decisions.KINDS): alone they mean nothing.
_DECISION_ONLY = set().union(*(k.answers for k in KINDS.values())) - {Verb.ROLL}


def apply(state: GameState, action: Action) -> GameState:
    if state.outcome is not None:
        raise IllegalAction("18.7", "the game is over")
    _known(state, action)
    if state.events:
        state = evolve(state, events=())
    d = top(state)
    verb = action.verb
    actor = state.to_act
    if verb is Verb.PIN:
        if state.coup is None:
            raise IllegalAction("18.61", "Loyalty chits are laid on units only during the coup")
        state = coup.pin(state, _need(action.unit, "a unit"))
    elif verb is Verb.EXPOSE and state.coup is not None:
        if actor is not Player.SS:
            raise IllegalAction("18.64", "only the SS reveals semi-recruited units' chits")
        state = coup.expose_semi(state, _need(action.unit, "a unit"))
    elif verb is Verb.EXPOSE:
        if state.to_act is not Player.SS or state.phase is Phase.SETUP:
            raise IllegalAction("12.75", "only the SS reveals Abwehr Loyalty chits, when it is "
                                         "his move")
        state = recruitment.expose(state, _need(action.unit, "a unit"))
    elif d is not None:
        kind = KINDS[d.kind]
        if verb not in kind.answers:
            raise IllegalAction(kind.case, f"waiting for {d.player.title} to choose {kind.choose}")
        state = _decide(state, d, action)
    elif verb in _DECISION_ONLY:
        raise IllegalAction("5.2", f"nothing is waiting for '{verb.value}' now")
    elif state.phase is Phase.SETUP:
        if verb is not Verb.PLACE:
            raise IllegalAction("4.3", "set-up is under way: place units")
        state = setup.place(state, _need(action.unit, "a unit"), _need(action.hex, "a hex"))
    elif state.phase in (Phase.MOVEMENT, Phase.COUP_INTERPHASE, Phase.COUP_MOVEMENT):
        state = _movement(state, action)
    elif state.phase is Phase.RECRUITMENT and verb is Verb.RECRUIT:
        state = recruitment.start(state, _need(action.unit, "a unit"))
    elif state.phase is Phase.INVESTIGATION and verb is Verb.INVESTIGATE:
        state = investigation.start(state, _need(action.unit, "a unit"))
    elif state.phase in (Phase.STATUS, Phase.COUP_STATUS) and verb is Verb.CLEAR:
        state = status.clear(state, _need(action.unit, "a unit"))
    elif state.phase is Phase.COUP_STATUS and verb is Verb.END_PHASE:
        state = coup.end_coup_status(state)
    elif verb is Verb.END_PHASE:      # (settle interrogates every prisoner before, 14.12)
        state = sequence.end_phase(state)
    else:
        raise _out_of_phase(state, verb)
    return coup.check_victory(sequence.settle(state), actor)


def _known(state: GameState, action: Action) -> None:
    """Names from outside (a record, the network) are checked before a rule reads them."""
    rules = state.rules
    if action.unit is not None and action.unit not in rules.units:
        raise IllegalAction("", f"there is no unit {action.unit!r}")
    if action.hex is not None and action.hex not in rules.map:
        raise IllegalAction("", f"{label(action.hex)} is not a hex of the map")
    if action.chit is not None and action.chit not in rules.chits.by_id():
        raise IllegalAction("", f"there is no chit {action.chit!r}")


def _out_of_phase(state: GameState, verb: Verb) -> IllegalAction:
    phase = state.phase.value.replace("_", " ")                  # "coup movement"
    return IllegalAction("5.2", f"'{verb.value}' is not possible in the {phase} phase")


def _need(value, what: str):
    if value is None:
        raise IllegalAction("", f"this action needs {what}")
    return value


def _decide(state: GameState, d, action: Action) -> GameState:
    verb, kind = action.verb, d.kind
    if verb is Verb.PLACE_ALLIED:
        return assignment.place_allied(state, _need(action.hex, "a hex"))
    if kind == "assignment_chits":
        chit = _need(action.chit, "a chit") if verb is Verb.REVEAL else None
        return assignment.reveal_assignment_chit(state, chit)
    if verb is Verb.ASSIGN:
        return assignment.assign(state, _need(action.unit, "a unit"), _need(action.hex, "a hex"))
    if verb is Verb.RETREAT:
        return harassment.choose_retreat(state, _need(action.hex, "a hex"))
    if kind == "advance" and d.units:
        return investigation.advance_investigator(
            state, _need(action.unit, "a unit") if verb is Verb.ADVANCE else None)
    if verb in (Verb.ADVANCE, Verb.STAY):
        if verb is Verb.ADVANCE and action.hex not in (None, d.hex):   # 10.67: that hex only
            raise IllegalAction("10.67", f"the advance may go only into {label(d.hex)}, the "
                                         "hex the harassed unit left")
        return harassment.choose_advance(state, verb is Verb.ADVANCE)
    if verb is Verb.HITLER:
        h = _need(action.hex, "a hex")
        if h not in d.options:
            raise IllegalAction("9.62", f"Hitler may go to {', '.join(label(x) for x in d.options)}")
        return sequence.move_hitler(pop(state), h)
    if verb is Verb.DISPLACE:
        uid = _need(action.unit, "a unit")
        if state.unit(uid).hex not in d.options:
            raise IllegalAction("9.63", "choose a unit standing in Führer HQ")
        return sequence.displace(pop(state), uid)
    if kind == "recruit":
        if verb is Verb.JOIN:
            return recruitment.join(state, _need(action.unit, "a unit"))
        return recruitment.resolve(state) if verb is Verb.ROLL else recruitment.cancel(state)
    if kind == "investigate":
        if verb is Verb.JOIN:
            return investigation.join(state, _need(action.unit, "a unit"))
        return investigation.announce(state) if verb is Verb.ROLL else pop(state)
    if kind == "expose_investigators":
        if verb is Verb.REVEAL:
            return investigation.expose_investigator(state, _need(action.chit, "a chit"))
        return investigation.done_exposing(state)
    if kind == "alibi":
        if verb is Verb.ALIBI:
            return investigation.cover(state, _need(action.unit, "a unit"),
                                       _need(action.chit, "a chit"))
        return investigation.done_covering(state)
    if kind == "interrogation_alibi":
        if verb is Verb.REVEAL:
            return interrogation.add_alibi(state, _need(action.chit, "a chit"))
        return interrogation.interrogate(state)
    if verb is Verb.RETURN:
        return choose_return(state, _need(action.hex, "a hex"))
    if verb is Verb.PANIC:
        return status.panic(state, _need(action.unit, "a unit"))
    if kind == "coup":
        if verb is Verb.REVEAL:
            return coup.commit_chit(state, _need(action.chit, "a chit"))
        return coup.attempt(state) if verb is Verb.COUP else coup.decline(state)
    raise AssertionError((kind, verb))


def _movement(state: GameState, action: Action) -> GameState:
    verb = action.verb
    if verb is Verb.ACTIVATE:
        return movement.activate(state, _need(action.unit, "a unit"))
    if verb is Verb.END_PHASE:
        if state.active is not None:
            raise IllegalAction("9.14", f"finish moving {state.info(state.active).short} first")
        if state.phase is Phase.COUP_INTERPHASE:
            return coup.begin_coup_turn(state, 1)                              # 18.24
        if state.phase is Phase.COUP_MOVEMENT:
            return coup.pass_moves(state)                                      # 18.33
        return sequence.end_phase(state)
    if verb not in (Verb.MOVE, Verb.TRAVEL, Verb.HARASS, Verb.END):
        raise _out_of_phase(state, verb)
    if state.active is None:
        raise IllegalAction("9.14", "activate a unit first")
    if verb is Verb.MOVE:
        return movement.move(state, _need(action.hex, "a hex"))
    if verb is Verb.TRAVEL:
        return movement.travel(state, _need(action.hex, "a hex"), _need(action.chit, "a Travel chit"))
    if verb is Verb.HARASS:
        if action.unit is None:                          # 10.69: or a vacant HQ hex
            _need(action.hex, "a unit or an HQ hex")
        return harassment.harass(state, target=action.unit, hq_hex=action.hex)
    return movement.end_activation(state)                                      # END
