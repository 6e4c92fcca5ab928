"""JSON for actions, states and views (cattrs, not hand-written converters).

A state's JSON carries the rules-data version it was made under; loading it
under other rules_data is refused with a clear message.
"""

from __future__ import annotations

import copyreg
import json
from typing import Any, get_origin

import attrs
from cattrs import ClassValidationError, IterableValidationError, transform_error
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override
from cattrs.preconf.json import make_converter
from cattrs.v import format_exception

from ..rules import Rules, load_rules, same_game
from .actions import Action
from .decisions import DECISION_RULES
from .pending import JSON_DEFAULTS, JSON_NAMES, Decision
from .state import GameState, evolve
from .view import PlayerView

converter = make_converter()


def _is_set(t: object) -> bool:
    return t in (set, frozenset) or get_origin(t) in (set, frozenset)


# Sets are written sorted: the same state is the same text, in every process (Python
# orders a set of strings differently from run to run), so states can be compared and
# checksummed as text.
converter.register_unstructure_hook_func(
    _is_set, lambda s: sorted((converter.unstructure(x) for x in s), key=json.dumps)
)


def _decision_to_json(d: Decision) -> dict[str, Any]:
    data = dict(JSON_DEFAULTS, kind=d.kind, player=d.player, unit=d.subject)
    for f in attrs.fields(type(d)):
        data[JSON_NAMES.get(f.name, f.name)] = getattr(d, f.name)
    return {k: converter.unstructure(v) for k, v in data.items()}


def _decision_from_json(data: dict[str, Any], _: object) -> Decision:
    rule = DECISION_RULES.get(data["kind"])  # (a kind's value finds it: the kinds are strings)
    if rule is None:
        raise ValueError(f"no decision is of the kind {data['kind']!r}")
    cls: type[Decision] = rule.cls
    fields = {
        f.name: converter.structure(data[JSON_NAMES.get(f.name, f.name)], f.type) for f in attrs.fields(cls)
    }
    return cls(**fields)


# A pending decision is written as the one shape every kind shares (pending.JSON_NAMES).
converter.register_unstructure_hook_func(
    lambda t: isinstance(t, type) and issubclass(t, Decision), _decision_to_json
)
converter.register_structure_hook_func(
    lambda t: isinstance(t, type) and issubclass(t, Decision), _decision_from_json
)
# Scripted picks (rolls.py) are left out when there are none: every state saved before
# they existed reads and writes the same text.
converter.register_unstructure_hook(
    GameState,
    make_dict_unstructure_fn(
        GameState, converter, rules=override(omit=True), picks=override(omit_if_default=True)
    ),
)
converter.register_structure_hook(
    GameState, make_dict_structure_fn(GameState, converter, rules=override(omit=True))
)


class FormatError(ValueError):
    pass


def action_to_json(action: Action) -> dict[str, Any]:
    data: dict[str, Any] = converter.unstructure(action)
    return data


def action_from_json(data: dict[str, Any]) -> Action:
    try:
        return converter.structure(data, Action)
    except Exception as exc:  # cattrs raises several kinds; the caller needs one
        raise FormatError(f"not an action: {data!r} ({'; '.join(_what_was_wrong(exc, 'action'))})") from None


def state_to_json(state: GameState) -> str:
    data = converter.unstructure(state)
    data["rules_version"] = state.rules.version
    return json.dumps(data, sort_keys=True)


def state_from_json(text: str, rules: Rules | None = None) -> GameState:
    rules = rules or load_rules()
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise FormatError(f"not JSON: {exc}") from None
    if not isinstance(data, dict):  # (a damaged file: a list, a number)
        raise FormatError(f"not a game state: a JSON object was expected, not {type(data).__name__}")
    version = data.pop("rules_version", None)
    if not isinstance(version, str) or not same_game(version, rules):
        raise FormatError(
            f"this state was saved under rules data {version}, but the loaded rules data is {rules.version}"
        )
    try:
        state = converter.structure(data, GameState)
    except Exception as exc:
        raise FormatError(f"not a game state: {'; '.join(_what_was_wrong(exc))}") from None
    return evolve(state, rules=rules)


def _what_was_wrong(exc: Exception, what: str = "state") -> list[str]:
    """Each thing wrong with a state's (or an action's) JSON, and where ("no decision
    is of the kind 'toss' @ state.pending[0]"): a reader's own words where it gave some."""

    def said(e: BaseException, type_: Any) -> str:
        return str(e) if isinstance(e, ValueError) and str(e) else format_exception(e, type_)

    if not isinstance(exc, (ClassValidationError, IterableValidationError)):
        return [format_exception(exc, None)]  # (not a table at all)
    return transform_error(exc, path=what, format_exception=said)


def _pickled(state: GameState) -> tuple[Any, tuple[str]]:
    return state_from_json, (state_to_json(state),)


# A state pickles as its JSON: the rules it points to are read again where it is
# unpickled (and refused there if they are other rules data).
copyreg.pickle(GameState, _pickled)


def view_to_json(v: PlayerView) -> str:
    return json.dumps(converter.unstructure(v), sort_keys=True)
