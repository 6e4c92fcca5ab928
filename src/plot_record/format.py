"""The game record format: JSON Lines, a header then one line per thing that happened.

    {"format": "plot-record", "version": 1, "program": "plot 0.1.0", "game": "3f9a01c2",
     "rules_hash": "…", "seed": 7, "start": {"setup": "standard"},
     "players": {"ss": "human", "abwehr": "computer"}, "levels": {"abwehr": "easy"},
     "created": "2026-11-22T21:40:00Z"}
    {"i": 1, "side": "ss", "action": {"verb": "activate", "unit": "301", …}, "text": "activate 301",
     "at": "2026-11-23T21:40:00Z"}
    {"undo": 1}
    {"chat": {"after": 14, "time": "2026-11-23T21:40:05Z", "name": "alice", "role": "SS",
              "text": "good luck"}}
    {"think": {"after": 15, "side": "abwehr", "level": "expert", "trials": 1204,
               "seconds": 0.84, "plans": [{"text": "…", "win": 0.42, "trials": 310,
                                           "private": false, "effect": "…",
                                           "public": ""}, …]}}
    {"end": {"winner": "abwehr", "case": "18.73", "reason": "…"}, "i": 212}

``start`` is ``{"setup": "standard"}``, ``{"setup": "choose"}`` or
``{"position": "<TOML text>", "name": "file name"}``. An ``undo`` line takes back the
last action (its number is given as a check). ``chat`` (version 2) is a line said at
the table after action ``after``; the game ignores it and an undo never takes it back.
``think`` (version 3) says why a searching computer player chose action ``after``: the
plans it weighed (at most three, the chosen first), each with its estimated chance of
winning and the trials behind it; ``private`` marks a plan that names the player's own
unseen chits, which screens show the other side only once the game is over (in its
``public`` words, optional, meanwhile: the plan with no chit named); ``effect``
(optional, "" when absent) says in words what the plan changes.
``at`` (version 4, optional) is when the action was made (UTC, to the second): what a
server's list of a player's games says of the last move, and what a clock runs on.
A header's ``clock`` (version 4, optional: ``{"days": 3, "bonus_hours": 12}``) gives the
game a correspondence clock (clock.py); ``{"grant": {"side": "ss", "hours": 24, "time":
…}}`` is extra time given to a side by the other player, and ``{"flag": {"side": "ss",
"time": …}}`` ends the game: that side's clock ran out.
``{"unsay": {"line": 3, "time": …}}`` (version 5) takes back the fourth line of
talk said at the table (counted from 0): its host removed it (`plot admin unsay`); its
words stay in the file above, and every reader shows it as removed by the host.
A header's ``coached`` (optional, ``true``) marks a guided game (``plot learn --game``):
resumed, it has its coach's line again. ``end`` is written when the game ends.
This module only turns lines into values and back; checking the actions against
the rules is the timeline's job.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import re
import secrets
from collections.abc import Mapping
from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as package_version
from typing import Any

import attrs

from plot_core import Action, Player
from plot_core.engine import FormatError, Outcome, action_from_json, action_to_json

from .clock import ClockRule, Grant, clock_from_json, grant_problem, stamp

FORMAT = "plot-record"
VERSION = 5
# 1 is 2 without chat lines, 2 is 3 without think lines, 3 is 4 without at, 4 is 5
# without unsay lines
READS = (1, 2, 3, 4, 5)
HUMAN, COMPUTER = "human", "computer"  # who sits in a seat, as a header's players say
SEATS = (HUMAN, COMPUTER)


def human_sides(players: Mapping[str, str]) -> tuple[Player, ...]:
    """The sides people play, by a header's ``players``: every side if only computers
    play (a game watched, whose every side is anyone's to follow)."""
    humans = tuple(p for p in Player if players.get(p.value) == HUMAN)
    return humans or tuple(Player)


def secret_seed() -> int:
    """A game's seed from the operating system's randomness. Anyone who knows a seed
    can deal both hands and foresee every roll, so no player chooses or sees it while
    the game is on (``--seed`` is for bug reports and tests)."""
    return secrets.randbits(63)


def new_game_id(chosen_seed: int | None = None) -> str:
    """What screens call a game: random, so it says nothing of the seed. A seed chosen
    on the command line is no secret (the screen says so): its game's id is made from
    it, so tests and bug reports see the same screens every time."""
    if chosen_seed is not None:
        return hashlib.sha256(f"chosen/{chosen_seed}".encode()).hexdigest()[:8]
    return secrets.token_hex(4)


class RecordError(ValueError):
    """A record cannot be read; the message names the file and line."""


def program() -> str:
    try:
        return f"plot {package_version('plot')}"
    except PackageNotFoundError:  # running from a source tree
        return "plot (source)"


@attrs.frozen
class Header:
    rules_hash: str
    seed: int
    start: dict[str, Any]  # {"setup": ...} or {"position": ..., "name": ...}
    players: dict[str, str]  # side -> "human" | "computer"
    levels: dict[str, str] = attrs.field(factory=dict)  # computer side -> its level
    created: str = attrs.field(factory=lambda: utc_stamp())
    program: str = attrs.field(factory=program)
    chosen_seed: bool = False  # a player picked the seed (--seed)
    game: str = attrs.field()  # the id screens show, never the seed
    clock: ClockRule | None = None  # a correspondence clock (clock.py)
    coached: bool = False  # a guided game (plot learn --game): the coach's line at every move

    @game.default
    def _game_id(self) -> str:
        return new_game_id(self.seed if self.chosen_seed else None)

    def seed_words(self, over: bool) -> str:
        """How a screen names the game: its seed only once the game is over."""
        return f"game {self.game}, seed {self.seed}" if over else f"game {self.game}"

    def to_json(self) -> dict[str, Any]:
        data = {
            "format": FORMAT,
            "version": VERSION,
            "program": self.program,
            "game": self.game,
            "rules_hash": self.rules_hash,
            "seed": self.seed,
            "start": self.start,
            "players": self.players,
            "levels": self.levels,
            "created": self.created,
        }
        if self.chosen_seed:
            data["chosen_seed"] = True
        if self.clock is not None:
            data["clock"] = self.clock.to_json()
        if self.coached:
            data["coached"] = True
        return data


def utc_stamp() -> str:
    """Now, as a record writes a moment: UTC, to the second, ISO 8601."""
    return stamp(dt.datetime.now(dt.UTC))


STAMP = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ")


@attrs.frozen
class ActionLine:
    i: int
    side: Player
    action: Action
    at: str | None = None  # when it was made (version 4)


@attrs.frozen
class UndoLine:
    i: int


@attrs.frozen
class EndLine:
    i: int
    outcome: Outcome


@attrs.frozen
class ChatLine:
    """Something said at a table: after action ``after``, by ``name`` playing
    ``role`` ("SS", "Abwehr" or "watching"), at ``time`` (UTC, ISO 8601)."""

    after: int
    time: str
    name: str
    role: str
    text: str


CHAT_LIMITS = {"name": 64, "role": 16, "time": 32, "text": 1000}  # what a reader accepts
REMOVED = "(removed by the host)"  # what a line of talk the host took back shows


@attrs.frozen
class UnsayLine:
    """The host took back the ``line``-th line of talk at the table (from 0), at
    ``time``; its words stay in the file above, shown to no one."""

    line: int
    time: str


def unsaid(chat: ChatLine) -> ChatLine:
    """``chat`` as it is shown once the host has taken it back."""
    return attrs.evolve(chat, text=REMOVED)


def take_back(chat: list[ChatLine], unsay: UnsayLine, where: str) -> None:
    """``unsay`` read from a record applied to the talk read before it; RecordError,
    naming ``where``, if it names no line said yet."""
    if unsay.line >= len(chat):
        raise RecordError(f"{where}: unsay: there is no line {unsay.line} of talk before it")
    chat[unsay.line] = unsaid(chat[unsay.line])


@attrs.frozen
class PlanLine:
    """One plan a computer player weighed: its words, its estimated chance of winning
    (0..1), the trials behind the estimate, and whether it names unseen chits."""

    text: str
    win: float
    trials: int
    private: bool = False
    effect: str = ""  # what the plan changes, in a player's words
    public: str = ""  # a private plan in words the other side may read (no chit named)
    feared: str = ""  # what went worst in its trials (the die, or what it cannot see)


@attrs.frozen
class ThinkLine:
    """Why a searching computer player (``level``) chose action ``after``."""

    after: int
    side: Player
    level: str
    trials: int
    seconds: float
    plans: tuple[PlanLine, ...]


THINK_PLANS = 3  # plans a think line keeps
THINK_TEXT = 200  # characters of a plan's words a reader accepts


@attrs.frozen
class FlagLine:
    """``side``'s clock ran out at ``time``: the game is over (clock.on_time)."""

    side: Player
    time: str


Entry = ActionLine | UndoLine | EndLine | ChatLine | UnsayLine | ThinkLine | Grant | FlagLine


def dumps(data: dict[str, Any]) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False) + "\n"


def header_line(h: Header) -> str:
    return dumps(h.to_json())


def action_line(i: int, side: Player, action: Action, at: str | None = None) -> str:
    data = {"i": i, "side": side.value, "action": action_to_json(action), "text": str(action)}
    if at is not None:
        data["at"] = at
    return dumps(data)


def undo_line(i: int) -> str:
    return dumps({"undo": i})


def chat_line(chat: ChatLine) -> str:
    return dumps({"chat": attrs.asdict(chat)})


def unsay_line(unsay: UnsayLine) -> str:
    return dumps({"unsay": attrs.asdict(unsay)})


def think_line(t: ThinkLine) -> str:
    data = attrs.asdict(t)
    data["side"] = t.side.value
    return dumps({"think": data})


def clock_line(line: Grant | FlagLine) -> str:
    if isinstance(line, Grant):
        return dumps({"grant": {"side": line.side.value, "hours": line.hours, "time": line.time}})
    return dumps({"flag": {"side": line.side.value, "time": line.time}})


def end_line(i: int, outcome: Outcome) -> str:
    return dumps({"end": attrs.asdict(outcome), "i": i})


# -- reading ------------------------------------------------------------------------------
def parse_header(data: object, where: str) -> Header:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(
            f'{where}: not a plot game record (the first line must be a header with "format": "{FORMAT}")'
        )
    if data.get("version") not in READS:
        raise RecordError(
            f"{where}: record format version {data.get('version')!r} is not "
            f"one this program reads (it reads versions "
            f"{', '.join(map(str, READS))})"
        )
    seed = data.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
        raise RecordError(f"{where}: the seed must be a whole number from 0 to 2**63-1, got {seed!r}")
    rules_hash = data.get("rules_hash")
    if not isinstance(rules_hash, str):
        raise RecordError(f"{where}: rules_hash is missing")
    start = data.get("start")
    if not (
        isinstance(start, dict)
        and (start.get("setup") in ("standard", "choose") or isinstance(start.get("position"), str))
    ):
        raise RecordError(
            f'{where}: start must be {{"setup": "standard"}}, '
            f'{{"setup": "choose"}} or {{"position": "<TOML>"}}, got {start!r}'
        )
    players = data.get("players")
    if not (
        isinstance(players, dict)
        and set(players) == {p.value for p in Player}
        and all(v in SEATS for v in players.values())
    ):
        raise RecordError(
            f'{where}: players must give "ss" and "abwehr" each as "human" or "computer", got {players!r}'
        )
    levels = data.get("levels", {})
    if not (
        isinstance(levels, dict)
        and all(players.get(k) == "computer" and isinstance(v, str) for k, v in levels.items())
    ):
        raise RecordError(
            f"{where}: levels must give a level for computer sides only, "
            f'e.g. {{"abwehr": "easy"}}, got {levels!r}'
        )
    clock = None
    if data.get("clock") is not None:
        try:
            clock = clock_from_json(data["clock"])
        except ValueError as exc:
            raise RecordError(f"{where}: {exc}") from None
    created, prog = str(data.get("created", "")), str(data.get("program", ""))
    game = data.get("game")
    if game is None:  # written before games had ids: one made from what is not secret
        game = hashlib.sha256(f"{created}/{prog}".encode()).hexdigest()[:8]
    if not (isinstance(game, str) and re.fullmatch(r"[0-9a-z]{1,32}", game)):
        raise RecordError(f"{where}: game must be an id of up to 32 letters and digits, got {game!r}")
    return Header(
        rules_hash=rules_hash,
        seed=seed,
        start=start,
        players=players,
        levels=levels,
        created=created,
        program=prog,
        game=game,
        chosen_seed=data.get("chosen_seed") is True,
        clock=clock,
        coached=data.get("coached") is True,
    )


def parse_entry(data: object, where: str) -> Entry:
    if not isinstance(data, dict):
        raise RecordError(f"{where}: expected an object, got {data!r}")
    if "undo" in data:
        return UndoLine(_index(data["undo"], where))
    if "chat" in data:
        return _chat(data["chat"], where)
    if "unsay" in data:
        unsay = data["unsay"]
        if not (
            isinstance(unsay, dict) and isinstance(unsay.get("time"), str) and STAMP.fullmatch(unsay["time"])
        ):
            raise RecordError(
                f"{where}: unsay must give a line of talk and a UTC time, got {str(unsay)[:60]!r}"
            )
        line = unsay.get("line")
        if not isinstance(line, int) or isinstance(line, bool) or not 0 <= line < 100_000:
            raise RecordError(f"{where}: unsay: line must be a whole number from 0, got {line!r}")
        return UnsayLine(line, unsay["time"])
    if "think" in data:
        return _think(data["think"], where)
    if "grant" in data or "flag" in data:
        return _clock_line(data, where)
    if "end" in data:
        end = data["end"]
        if not (
            isinstance(end, dict) and all(isinstance(end.get(k), str) for k in ("winner", "case", "reason"))
        ):
            raise RecordError(f"{where}: end must give winner, case and reason, got {end!r}")
        return EndLine(_index(data.get("i"), where), Outcome(end["winner"], end["case"], end["reason"]))
    i = _index(data.get("i"), where)
    side = _side(data.get("side"), where)
    try:
        action = action_from_json(data.get("action"))  # type: ignore[arg-type]  # it checks
    except FormatError as exc:
        raise RecordError(f"{where}: {exc}") from None
    text = data.get("text")
    if text is not None and text != str(action):
        raise RecordError(
            f"{where}: the action's text {text!r} does not match its JSON "
            f"({str(action)!r}); the line has been altered"
        )
    at = data.get("at")
    if at is not None and not (isinstance(at, str) and STAMP.fullmatch(at)):
        raise RecordError(f"{where}: at must be a UTC time like 2026-11-23T21:40:00Z, got {str(at)[:40]!r}")
    return ActionLine(i, side, action, at)


def _chat(chat: object, where: str) -> ChatLine:
    if not isinstance(chat, dict):
        raise RecordError(f"{where}: chat must be an object, got {chat!r}")
    after = chat.get("after")
    if not isinstance(after, int) or isinstance(after, bool) or after < 0:
        raise RecordError(f"{where}: chat: after must be a whole number from 0, got {after!r}")
    for key, limit in CHAT_LIMITS.items():
        value = chat.get(key)
        if not isinstance(value, str) or len(value) > limit:
            raise RecordError(
                f"{where}: chat: {key} must be text of at most {limit} characters, got {str(value)[:40]!r}"
            )
    return ChatLine(after, chat["time"], chat["name"], chat["role"], chat["text"])


def _clock_line(data: dict[str, Any], where: str) -> Grant | FlagLine:
    kind = "grant" if "grant" in data else "flag"
    line = data[kind]
    if not isinstance(line, dict):
        raise RecordError(f"{where}: {kind} must be an object, got {str(line)[:40]!r}")
    side = _side(line.get("side"), f"{where}: {kind}")
    time = line.get("time")
    if not (isinstance(time, str) and STAMP.fullmatch(time)):
        raise RecordError(f"{where}: {kind}: time must be a UTC time like 2026-11-23T21:40:00Z")
    if kind == "flag":
        return FlagLine(side, time)
    hours = line.get("hours")
    problem = grant_problem(hours)
    if problem:
        raise RecordError(f"{where}: grant: {problem}")
    return Grant(side, float(hours), time)  # type: ignore[arg-type]  # (checked just above)


def _side(value: object, where: str) -> Player:
    try:
        return Player(str(value))
    except ValueError:
        raise RecordError(f'{where}: side must be "ss" or "abwehr", got {value!r}') from None


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _number(value: object, low: float, high: float) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and low <= value <= high


def _think(think: object, where: str) -> ThinkLine:
    if not isinstance(think, dict):
        raise RecordError(f"{where}: think must be an object, got {think!r}")
    if not _whole(think.get("after")) or think["after"] < 1:
        raise RecordError(
            f"{where}: think: after must be an action number from 1, got {think.get('after')!r}"
        )
    side = _side(think.get("side"), f"{where}: think")
    level = think.get("level")
    if not isinstance(level, str) or not 0 < len(level) <= 16:
        raise RecordError(f"{where}: think: level must be a level's name, got {level!r}")
    if not _whole(think.get("trials")):
        raise RecordError(f"{where}: think: trials must be a whole number, got {think.get('trials')!r}")
    if not _number(think.get("seconds"), 0, 3600):
        raise RecordError(
            f"{where}: think: seconds must be a number from 0 to 3600, got {think.get('seconds')!r}"
        )
    plans = think.get("plans")
    if not isinstance(plans, list) or not 0 < len(plans) <= THINK_PLANS:
        raise RecordError(
            f"{where}: think: plans must be a list of 1 to {THINK_PLANS}, got {str(plans)[:40]!r}"
        )
    out = []
    for n, plan in enumerate(plans, 1):
        ok = (
            isinstance(plan, dict)
            and isinstance(plan.get("text"), str)
            and len(plan["text"]) <= THINK_TEXT
            and _number(plan.get("win"), 0, 1)
            and _whole(plan.get("trials"))
            and isinstance(plan.get("private", False), bool)
            and isinstance(plan.get("effect", ""), str)
            and len(plan.get("effect", "")) <= THINK_TEXT
            and isinstance(plan.get("public", ""), str)
            and len(plan.get("public", "")) <= THINK_TEXT
            and isinstance(plan.get("feared", ""), str)
            and len(plan.get("feared", "")) <= THINK_TEXT
        )
        if not ok:
            raise RecordError(
                f"{where}: think: plan {n} must give text and effect (at most "
                f"{THINK_TEXT} characters each, as must its public words and what it "
                f"feared), win (0 to 1), "
                f"trials and private, got {str(plan)[:60]!r}"
            )
        out.append(
            PlanLine(
                plan["text"],
                float(plan["win"]),
                plan["trials"],
                plan.get("private", False),
                plan.get("effect", ""),
                plan.get("public", ""),
                plan.get("feared", ""),
            )
        )
    return ThinkLine(think["after"], side, level, think["trials"], float(think["seconds"]), tuple(out))


def _index(value: object, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise RecordError(f"{where}: the action number must be a whole number from 1, got {value!r}")
    return value
