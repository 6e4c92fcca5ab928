"""The game record format: JSON Lines, a header then one line per thing that happened.

    {"format": "plot-record", "version": 1, "program": "plot 0.1.0", "game": "3f9a01c2",
     "rules_hash": "…", "seed": 7, "start": {"setup": "standard"},
     "players": {"ss": "human", "abwehr": "computer"}, "levels": {"abwehr": "easy"},
     "created": "2026-11-22T21:40:00Z"}
    {"i": 1, "side": "ss", "action": {"verb": "activate", "unit": "301", …}, "text": "activate 301"}
    {"undo": 1}
    {"chat": {"after": 14, "time": "2026-11-23T21:40:05Z", "name": "alice", "role": "SS",
              "text": "good luck"}}
    {"end": {"winner": "abwehr", "case": "18.73", "reason": "…"}, "i": 212}

``start`` is ``{"setup": "standard"}``, ``{"setup": "choose"}`` or
``{"position": "<TOML text>", "name": "file name"}``. An ``undo`` line takes back the
last action (its number is given as a check). ``chat`` (version 2) is a line said at
the table after action ``after``; the game ignores it and an undo never takes it back.
``end`` is written when the game ends.
This module only turns lines into values and back; checking the actions against
the rules is the timeline's job.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import re
import secrets
from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as package_version

import attrs

from plot_core import Action, Player
from plot_core.engine.serial import FormatError, action_from_json, action_to_json
from plot_core.engine.state import Outcome

FORMAT = "plot-record"
VERSION = 2
READS = (1, 2)                  # version 1 is version 2 without chat lines
SEATS = ("human", "computer")


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
    except PackageNotFoundError:          # running from a source tree
        return "plot (source)"


@attrs.frozen
class Header:
    rules_hash: str
    seed: int
    start: dict                       # {"setup": ...} or {"position": ..., "name": ...}
    players: dict[str, str]           # side -> "human" | "computer"
    levels: dict[str, str] = attrs.field(factory=dict)   # computer side -> its level
    created: str = attrs.field(factory=lambda: dt.datetime.now(dt.UTC)
                               .strftime("%Y-%m-%dT%H:%M:%SZ"))
    program: str = attrs.field(factory=program)
    chosen_seed: bool = False                        # a player picked the seed (--seed)
    game: str = attrs.field()                        # the id screens show, never the seed

    @game.default
    def _game_id(self) -> str:
        return new_game_id(self.seed if self.chosen_seed else None)

    def seed_words(self, over: bool) -> str:
        """How a screen names the game: its seed only once the game is over (24)."""
        return f"game {self.game}, seed {self.seed}" if over else f"game {self.game}"

    def to_json(self) -> dict:
        data = {"format": FORMAT, "version": VERSION, "program": self.program,
                "game": self.game, "rules_hash": self.rules_hash, "seed": self.seed,
                "start": self.start, "players": self.players, "levels": self.levels,
                "created": self.created}
        if self.chosen_seed:
            data["chosen_seed"] = True
        return data


@attrs.frozen
class ActionLine:
    i: int
    side: Player
    action: Action


@attrs.frozen
class UndoLine:
    i: int


@attrs.frozen
class EndLine:
    i: int
    outcome: Outcome


@attrs.frozen
class ChatLine:
    """Something said at a table (issue 19): after action ``after``, by ``name`` playing
    ``role`` ("SS", "Abwehr" or "watching"), at ``time`` (UTC, ISO 8601)."""

    after: int
    time: str
    name: str
    role: str
    text: str


CHAT_LIMITS = {"name": 64, "role": 16, "time": 32, "text": 1000}   # what a reader accepts

Entry = ActionLine | UndoLine | EndLine | ChatLine


def dumps(data: dict) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False) + "\n"


def header_line(h: Header) -> str:
    return dumps(h.to_json())


def action_line(i: int, side: Player, action: Action) -> str:
    return dumps({"i": i, "side": side.value, "action": action_to_json(action),
                  "text": str(action)})


def undo_line(i: int) -> str:
    return dumps({"undo": i})


def chat_line(chat: ChatLine) -> str:
    return dumps({"chat": attrs.asdict(chat)})


def end_line(i: int, outcome: Outcome) -> str:
    return dumps({"end": attrs.asdict(outcome), "i": i})


# -- reading ------------------------------------------------------------------------------
def parse_header(data: object, where: str) -> Header:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(f"{where}: not a plot game record (the first line must be a header "
                          f'with "format": "{FORMAT}")')
    if data.get("version") not in READS:
        raise RecordError(f"{where}: record format version {data.get('version')!r} is not "
                          f"one this program reads (it reads versions "
                          f"{', '.join(map(str, READS))})")
    seed = data.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
        raise RecordError(f"{where}: the seed must be a whole number from 0 to 2**63-1, "
                          f"got {seed!r}")
    rules_hash = data.get("rules_hash")
    if not isinstance(rules_hash, str):
        raise RecordError(f"{where}: rules_hash is missing")
    start = data.get("start")
    if not (isinstance(start, dict) and (start.get("setup") in ("standard", "choose")
                                         or isinstance(start.get("position"), str))):
        raise RecordError(f'{where}: start must be {{"setup": "standard"}}, '
                          f'{{"setup": "choose"}} or {{"position": "<TOML>"}}, got {start!r}')
    players = data.get("players")
    if not (isinstance(players, dict) and set(players) == {p.value for p in Player}
            and all(v in SEATS for v in players.values())):
        raise RecordError(f'{where}: players must give "ss" and "abwehr" each as '
                          f'"human" or "computer", got {players!r}')
    levels = data.get("levels", {})
    if not (isinstance(levels, dict) and all(players.get(k) == "computer" and isinstance(v, str)
                                             for k, v in levels.items())):
        raise RecordError(f'{where}: levels must give a level for computer sides only, '
                          f'e.g. {{"abwehr": "easy"}}, got {levels!r}')
    created, prog = str(data.get("created", "")), str(data.get("program", ""))
    game = data.get("game")
    if game is None:        # written before games had ids: one made from what is not secret
        game = hashlib.sha256(f"{created}/{prog}".encode()).hexdigest()[:8]
    if not (isinstance(game, str) and re.fullmatch(r"[0-9a-z]{1,32}", game)):
        raise RecordError(f"{where}: game must be an id of up to 32 letters and digits, "
                          f"got {game!r}")
    return Header(rules_hash=rules_hash, seed=seed, start=start, players=players,
                  levels=levels, created=created, program=prog, game=game,
                  chosen_seed=data.get("chosen_seed") is True)


def parse_entry(data: object, where: str) -> Entry:
    if not isinstance(data, dict):
        raise RecordError(f"{where}: expected an object, got {data!r}")
    if "undo" in data:
        return UndoLine(_index(data["undo"], where))
    if "chat" in data:
        return _chat(data["chat"], where)
    if "end" in data:
        end = data["end"]
        if not (isinstance(end, dict) and all(isinstance(end.get(k), str)
                                              for k in ("winner", "case", "reason"))):
            raise RecordError(f"{where}: end must give winner, case and reason, got {end!r}")
        return EndLine(_index(data.get("i"), where),
                       Outcome(end["winner"], end["case"], end["reason"]))
    i = _index(data.get("i"), where)
    try:
        side = Player(data.get("side"))
    except ValueError:
        raise RecordError(f"{where}: side must be \"ss\" or \"abwehr\", "
                          f"got {data.get('side')!r}") from None
    try:
        action = action_from_json(data.get("action"))
    except FormatError as exc:
        raise RecordError(f"{where}: {exc}") from None
    text = data.get("text")
    if text is not None and text != str(action):
        raise RecordError(f"{where}: the action's text {text!r} does not match its JSON "
                          f"({str(action)!r}); the line has been altered")
    return ActionLine(i, side, action)


def _chat(chat: object, where: str) -> ChatLine:
    if not isinstance(chat, dict):
        raise RecordError(f"{where}: chat must be an object, got {chat!r}")
    after = chat.get("after")
    if not isinstance(after, int) or isinstance(after, bool) or after < 0:
        raise RecordError(f"{where}: chat: after must be a whole number from 0, got {after!r}")
    for key, limit in CHAT_LIMITS.items():
        value = chat.get(key)
        if not isinstance(value, str) or len(value) > limit:
            raise RecordError(f"{where}: chat: {key} must be text of at most {limit} "
                              f"characters, got {str(value)[:40]!r}")
    return ChatLine(after, chat["time"], chat["name"], chat["role"], chat["text"])


def _index(value: object, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise RecordError(f"{where}: the action number must be a whole number from 1, "
                          f"got {value!r}")
    return value
