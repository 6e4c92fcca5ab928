"""The `plot` command: play (default), and tools for the data."""

from __future__ import annotations

import argparse
import builtins
import ipaddress
import shutil
import sys
import textwrap
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from plot_ai import LEVELS
from plot_core import DataError, PositionError, load_rules
from plot_core.data import Kind, Status
from plot_core.english import counted
from plot_record import Record, RecordError
from plot_session.describe import last_played
from plot_tui.plain import clean

from .admin import add_admin_parser
from .pipes import quiet_when_the_reader_stops

if TYPE_CHECKING:  # (the server's modules load only for plot serve; the analysis's when asked)
    from plot_server.notices import Smtp
    from plot_session.analysis import Analysis


def print(*parts, **kw) -> None:  # noqa: A001
    """Everything the command prints may hold outside text (file names, a record's
    contents, errors read from bad files): control characters are written out, never
    sent to the terminal as escape sequences."""
    builtins.print(*(clean(p) for p in parts), **kw)


def _cases(args: argparse.Namespace) -> int:
    rules = load_rules()
    inv = rules.cases
    total = len(inv.cases)
    absent = sum(1 for c in inv.cases.values() if c.absent)
    print(
        f"Case inventory: {total} numbered cases "
        f"({total - absent} in the rulebook, {absent} gaps in its numbering)"
    )
    kinds = inv.by_kind()
    print("By kind:   " + " · ".join(f"{k.value} {kinds.get(k.value, 0)}" for k in Kind))
    statuses = inv.by_status()
    print("By status: " + " · ".join(f"{s.value} {statuses.get(s.value, 0)}" for s in Status))
    for kind in (Kind.MECHANIC, Kind.PROCEDURE, Kind.EXAMPLE):
        mine = inv.by_status(kind)
        n = sum(mine.values())
        done = mine.get(Status.DONE.value, 0) + mine.get(Status.NOT_APPLICABLE.value, 0)
        print(f"{kind.value.capitalize()} cases answered: {done} of {n} ({100 * done // max(n, 1)}%)")
    if args.list:
        want = Status(args.list)
        print()
        for c in inv.cases.values():
            if c.status is want:
                print(f"{c.number:>6}  {c.kind.value:<9}  {c.title}")
    return 0


def _check_data(args: argparse.Namespace) -> int:
    rules = load_rules(args.directory)
    m = rules.map
    print(f"rules_data at {rules.directory} is valid (version {rules.version})")
    print(f"  {len(rules.units)} units, {len(rules.chits.chits)} chits, {len(rules.cases.cases)} cases")
    print(
        f"  map {m.columns}x{m.rows}: {len(m.area_of)} hexes, {len(m.areas)} areas, "
        f"{len(m.hqs)} HQs ({m.provenance.split(':')[0]})"
    )
    return 0


def _selfplay(args: argparse.Namespace) -> int:
    from plot_core.selfplay import gain_words

    load_rules()  # fail on bad data before any game
    first = _selfplay_line(args, args.ss, args.abwehr)
    if args.compare is None:
        return 0
    side, level = args.compare
    ss, abwehr = (level, args.abwehr) if side == "ss" else (args.ss, level)
    print()
    second = _selfplay_line(args, ss, abwehr)
    measured = args.ss if side == "ss" else args.abwehr
    k1, k2 = first.wins()[side], second.wins()[side]
    print("\n" + gain_words(side, measured, level, k1, first.games, k2, second.games))
    return 0


def _selfplay_line(args: argparse.Namespace, ss_level: str, abwehr_level: str):
    """One line of games, its summary printed; the summary."""
    import statistics

    from plot_ai.matches import play
    from plot_core.selfplay import Summary, header_line

    print(header_line(args.games, args.seed, ss_level, abwehr_level), flush=True)
    results = []
    clocks: dict[str, list] = {"SS": [], "Abwehr": []}
    for r, ss, ab in play(args.games, args.seed, ss_level, abwehr_level, args.think, args.procs):
        results.append(r)
        for side, c in (("SS", ss), ("Abwehr", ab)):
            if c is not None:
                clocks[side].append(c)
        if args.verbose:
            print(r.line(), flush=True)
    summary = Summary(tuple(results))
    print("\n".join(summary.report()))
    for side, level in (("SS", ss_level), ("Abwehr", abwehr_level)):
        seconds = [x for c in clocks[side] for x in c.seconds]
        if seconds:
            print(
                f"Think time, {side} ({level}): mean {statistics.mean(seconds) * 1000:.2f} ms, "
                f"median {statistics.median(seconds) * 1000:.2f} ms, "
                f"max {max(seconds) * 1000:.0f} ms per decision "
                f"({len(seconds)} decisions with a choice)"
            )
        thoughts = [x for c in clocks[side] for x in c.thoughts]
        if thoughts:  # a searching level: its new plans, and each game's total
            totals = [c.total for c in clocks[side]]
            print(
                f"  new plans: {len(thoughts)}, mean {statistics.mean(thoughts):.3f} s, "
                f"max {max(thoughts):.2f} s; thinking per game: mean "
                f"{statistics.mean(totals):.1f} s, max {max(totals):.1f} s"
            )
    return summary


def _side_level(text: str) -> tuple[str, str]:
    side, _, level = text.partition("=")
    side, level = side.strip().lower(), level.strip().lower()
    if side not in ("ss", "abwehr") or level not in (*LEVELS, "busy"):
        known = ", ".join(sorted([*LEVELS, "busy"]))
        raise argparse.ArgumentTypeError(
            f"expected SIDE=LEVEL, SIDE ss or abwehr and LEVEL one of {known}; got {text!r}"
        )
    return side, level


def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None


def _positive(text: str) -> int:
    n = _whole(text)
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {n}")
    return n


def _decimal(text: str, expected: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected {expected}, got {text!r}") from None


def _minutes(text: str) -> float:
    n = _decimal(text, "a number of minutes, e.g. 30")
    if not n > 0:
        raise argparse.ArgumentTypeError(f"must be more than 0, got {text}")
    return n


def _port(text: str) -> int:
    n = _whole(text)
    if not 1 <= n <= 65535:
        raise argparse.ArgumentTypeError(f"must be a port from 1 to 65535, got {n}")
    return n


def _seconds(text: str) -> float:
    n = _decimal(text, "seconds, e.g. 0.5")
    if not 0 < n <= 600:
        raise argparse.ArgumentTypeError(f"must be more than 0 and at most 600, got {n}")
    return n


def _seed(text: str) -> int:
    n = _whole(text)
    if not 0 <= n < 2**63:
        raise argparse.ArgumentTypeError(f"must be between 0 and 2**63-1, got {n}")
    return n


def _settings():
    """The player's own settings file (plot_session.settings), kept between games."""
    from plot_session.settings import SettingsFile, local_settings_path

    return SettingsFile(local_settings_path())


def _play(args: argparse.Namespace) -> int:
    rules = load_rules()  # fail on bad data before the screen takes over
    from plot_core import Player
    from plot_tui.app import GameSetup, PlotApp  # imported late: `plot cases` needs no Textual

    record = Path(args.record) if getattr(args, "record", None) else None
    if record is not None and record.exists():
        print(
            f"plot: {record} already exists; a new game never writes over a record "
            f"(to go on with that game: plot resume {record})",
            file=sys.stderr,
        )
        return 2
    if getattr(args, "position", None):
        return _play_position(args, rules, record)
    if getattr(args, "plain", False):
        from plot_session.session import new_session, seats_for

        seats = seats_for(hotseat=args.hotseat, watch=args.watch, side=Player(args.side or "ss"))
        session = new_session(
            rules,
            seats,
            level=args.level,
            seed=args.seed,
            setup="choose" if args.choose_setup else "standard",
            think=args.think,
            path=record,
        )
        return _plain(session)
    setup = None
    if (
        getattr(args, "seed", None) is not None
        or getattr(args, "hotseat", False)
        or getattr(args, "side", None)
        or getattr(args, "watch", False)
        or getattr(args, "think", 1.0) != 1.0
    ):
        setup = GameSetup(
            hotseat=args.hotseat,
            watch=args.watch,
            side=Player(args.side or "ss"),
            level=args.level,
            think=args.think,
            seed=args.seed,
            setup="choose" if args.choose_setup else "standard",
        )
    PlotApp(rules, setup=setup, record_path=record, settings=_settings()).run()
    return 0


def _play_position(args: argparse.Namespace, rules, record: Path | None) -> int:
    from plot_core import Player, load_position
    from plot_record import Header, Recorder, new_record_path
    from plot_record.files import Unreadable, read_regular
    from plot_session.session import Seat, Session
    from plot_tui.app import PlotApp

    path = Path(args.position)
    try:
        text = read_regular(path, limit=1024 * 1024).decode("utf-8")
    except (Unreadable, UnicodeDecodeError) as exc:
        print(f"plot: cannot read the position: {exc}", file=sys.stderr)
        return 2
    from plot_record import secret_seed

    # (a position file shows every chit's holder anyway: its author knows the deal)
    chosen = args.seed is not None
    state = load_position(
        text, name=str(path), rules=rules, seed=args.seed if args.seed is not None else secret_seed()
    )
    if args.side:
        seats = {p: Seat.HUMAN if p is Player(args.side) else Seat.COMPUTER for p in Player}
    else:
        seats = {p: Seat.HUMAN for p in Player}
    levels = {p: args.level for p in Player if seats[p] is Seat.COMPUTER}
    header = Header(
        rules_hash=rules.version,
        seed=state.seed,
        chosen_seed=chosen,
        start={"position": text, "name": path.name},
        players={p.value: seats[p].value for p in Player},
        levels={p.value: level for p, level in levels.items()},
    )
    session = Session.begun(state, header, think=args.think)
    record = record or new_record_path(header)
    try:
        session.recorder = Recorder(record, header)
    except OSError as exc:
        session.record_problem = f"the game cannot be saved to {record}: {exc.strerror or exc}"
    if getattr(args, "plain", False):
        return _plain(session)
    PlotApp(rules, session=session, settings=_settings()).run()
    return 0


def _puzzles(args: argparse.Namespace) -> int:
    from plot_core.puzzles import load_puzzles
    from plot_session.puzzle_play import progress_words, record_of
    from plot_tui.app import PlotApp

    rules = load_rules()
    puzzles = load_puzzles(rules)  # a broken puzzle file is said here, with its line
    if not puzzles:
        print("plot puzzles: no puzzles are installed (rules_data/puzzles/ is empty)", file=sys.stderr)
        return 1
    if args.plain:
        from plot_tui.line_mode import puzzle_lines

        return puzzle_lines(puzzles, rules, _settings(), sys.stdin, _terminal_out())
    settings = _settings()
    PlotApp(rules, settings=settings, puzzles=puzzles).run()
    # said as the screen closes, folded to the terminal between words (not by it, mid-word)
    width = max(40, shutil.get_terminal_size().columns)
    print(textwrap.fill(progress_words(record_of(settings.reload())), width))
    return 0


def _learn_plain(args: argparse.Namespace, rules, lessons) -> int:
    """plot learn --plain: the lessons, or (--game) a guided game, in plain text."""
    import attrs

    from plot_core import Player
    from plot_session.session import new_session, seats_for
    from plot_tui.line_mode import learn_lines

    if args.game:
        return _plain(new_session(rules, seats_for(side=Player(args.side)), seed=args.seed, coached=True))
    settings = _settings()

    def keep(key: str) -> None:
        done = settings.settings.lessons_done
        settings.save(attrs.evolve(settings.settings, lessons_done=(*done, key)))

    return learn_lines(lessons, rules, settings.settings.lessons_done, sys.stdin, _terminal_out(), keep)


def _plain(session) -> int:
    """The game as lines of sentences (plot_tui.line_mode), on this terminal's streams."""
    from plot_tui.line_mode import play_lines

    return play_lines(session, sys.stdin, _terminal_out())


def _terminal_out() -> TextIO:
    """Standard output for plain text: on a terminal, each line folded to its width
    between words (the terminal would break them wherever its edge falls)."""
    import shutil
    from typing import cast

    from plot_tui.folding import FoldedText

    if not sys.stdout.isatty():
        return sys.stdout
    return cast(TextIO, FoldedText(sys.stdout, lambda: shutil.get_terminal_size().columns))


def _resume(args: argparse.Namespace) -> int:
    from plot_record import games_dir, latest_unfinished, load_record
    from plot_session.resuming import resumed
    from plot_tui.app import PlotApp

    rules = load_rules()
    path = _record_named(args.path) if args.path else latest_unfinished()
    if path is None and args.path:
        return 2
    why = ""
    if path is not None and not args.path:  # say which game was picked, and why
        why = (
            f" (no file named: the unfinished game you moved in most recently, {last_played(path)}; "
            "`plot games` lists them all)"
        )
        print(f"plot: resuming {path}{why}", file=sys.stderr)
    if path is None:
        print(
            f"plot: there is no unfinished game in {games_dir()}; start one with `plot play`", file=sys.stderr
        )
        return 1
    record = load_record(path, rules)
    for w in record.warnings:
        print(f"plot: warning: {w}", file=sys.stderr)
    if record.finished and (o := record.timeline.final.outcome) is not None:
        print(
            f"plot: the game in {path} is over ({o.winner} won by {o.case}); "
            f"watch it with `plot replay {path}`",
            file=sys.stderr,
        )
        return 1
    session, notice = resumed(record, why=why)
    if getattr(args, "plain", False):
        print(notice)
        return _plain(session)
    PlotApp(rules, session=session, notice=notice, settings=_settings()).run()
    return 0


def _analyse(args: argparse.Namespace) -> int:
    from plot_core import Player
    from plot_record import RecordError, load_record
    from plot_session.analysis import Kept, NotFinished, account, kept_analysis

    if args.calibration:
        from plot_session.analysis import calibration, calibration_table

        def counted_game(n: int) -> None:
            if n % 10 == 1:
                print(f"plot analyse: game {n} of {args.games}", file=sys.stderr, flush=True)

        bins = calibration(args.games, args.seed, progress=counted_game)
        for line in calibration_table(bins, args.games, args.seed):
            print(line)
        return 0
    if args.path is None:
        print("plot analyse: give a game record, or --calibration", file=sys.stderr)
        return 2
    rules = load_rules()
    path = _record_named(args.path)
    if path is None:
        return 2
    try:
        record = load_record(path, rules)
        kept = Kept(record)  # what an earlier run left beside the record
        eyes = None if args.eyes in (None, "all") or record.finished else Player(args.eyes)
        analysis = kept_analysis(record, top=args.top, kept=kept, eyes=eyes)
    except RecordError as exc:
        print(f"plot analyse: {exc}", file=sys.stderr)
        return 1
    except NotFinished as exc:
        print(f"plot analyse: {exc}; {_eyes_hint(record)}", file=sys.stderr)
        return 1
    better = None
    if args.expert or args.think:
        from plot_session.analysis import kept_alternatives

        def progress(k: int, n: int, point) -> None:
            # a bar of how far the searches have gone: one process tells each as it
            # starts, worker processes each as it ends
            width, finished = 20, k if args.procs > 1 else k - 1
            done = round(width * finished / n)
            verb = "has searched" if args.procs > 1 else "searches"
            print(
                f"plot analyse: [{'#' * done}{'.' * (width - done)}] the expert {verb} "
                f"turning point {k} of {n} (action {point.i})",
                file=sys.stderr,
                flush=True,
            )

        # through one side's eyes, only that side's own moves: the expert would search
        # from the mover's view, and the other side's view is not this side's to use
        points = tuple(p for p in analysis.turning_points if eyes is None or p.side is eyes)
        better = kept_alternatives(
            record,
            points,
            trials=args.expert or 300,
            think=args.think,
            progress=progress,
            kept=kept,
            procs=args.procs,
        )
    for line in account(record, analysis, better):
        print(line)
    if args.svg:
        if not _write_chart(analysis, Path(record.path), Path(args.svg)):
            return 1
        print(f"The chart is in {args.svg}.")
    return 0


def _write_chart(analysis: Analysis, record: Path, chart: Path) -> bool:
    """The chart of a game's chances written to ``chart``; False, said, if it cannot be."""
    from plot_session.analysis import svg

    try:
        chart.write_text(svg(analysis, f"plot: {record.name}"), encoding="utf-8")
    except OSError as exc:
        print(f"plot: the chart could not be written to {chart}: {exc.strerror or exc}", file=sys.stderr)
        return False
    return True


def _learn(args: argparse.Namespace) -> int:
    from plot_core import Player
    from plot_core.lessons import load_lessons
    from plot_tui.app import PlotApp

    rules = load_rules()
    lessons = load_lessons(rules)  # a broken lesson file is said here, with its line
    if args.plain:
        return _learn_plain(args, rules, lessons)
    coached = Player(args.side) if args.game else None
    PlotApp(
        rules, settings=_settings(), learn=not args.game, lessons=lessons, coached=coached, seed=args.seed
    ).run()
    return 0


def _eyes_hint(record: Record) -> str:
    """How to ask for the eyes an unfinished game may be seen through."""
    return "add " + " or ".join(f"--as {p.value}" for p in record.sides_shown())


def _record_named(given: str) -> Path | None:
    """The record ``given`` names (a path, a file of the games folder, a game's id); said
    why not, and None, when there is none, or several."""
    from plot_record import games_dir, records_named

    found = records_named(given)
    if len(found) == 1:
        return found[0]
    if found:
        names = ", ".join(p.name for p in found)
        said = f"plot: {given!r} is the id of {len(found)} games ({names}): name one by its file"
        print(said, file=sys.stderr)
    else:
        print(
            f"plot: there is no game record {given!r}: name its file, or its game's id "
            f"(the games in {games_dir()} are listed by `plot games`)",
            file=sys.stderr,
        )
    return None


def _replay(args: argparse.Namespace) -> int:
    from plot_core import Player
    from plot_record import load_record
    from plot_session.replay import EVERYONE, Replay
    from plot_tui.app import PlotApp

    rules = load_rules()
    path = _record_named(args.path)
    if path is None:
        return 2
    record = load_record(path, rules)
    for w in record.warnings:
        print(f"plot: warning: {w}", file=sys.stderr)
    replay = Replay(record)
    if args.eyes:
        try:
            replay.look(EVERYONE if args.eyes == "all" else Player(args.eyes))
        except ValueError as exc:  # eyes the game may not be seen through yet
            print(f"plot: {args.path}: {exc}; {_eyes_hint(record)}", file=sys.stderr)
            return 2
    if args.plain:
        from plot_tui.replay_lines import replay_lines

        return replay_lines(replay, sys.stdin, _terminal_out())
    PlotApp(rules, replay=replay).run()
    return 0


def _store(args: argparse.Namespace) -> int | None:
    """Check --store, --workers and --import; an exit code if they are wrong or the
    import is all that was asked, else None (serve)."""
    import os

    from plot_server.pgstore import StoreError, prepare, safe_url

    args.store = args.store or os.environ.get("PLOT_STORE") or None
    if args.store is None:
        for flag, given in (("--workers", args.workers > 1), ("--import", args.import_dir)):
            if given:
                print(
                    f"plot serve: {flag} needs the shared store: --store postgresql://... (or PLOT_STORE)",
                    file=sys.stderr,
                )
                return 2
        return None
    if not args.store.startswith(("postgresql://", "postgres://")):
        print("plot serve: --store wants a PostgreSQL address, postgresql://user@host/db", file=sys.stderr)
        return 2
    if args.import_dir:
        from plot_server.importer import import_tables

        try:
            done, before, problems = import_tables(Path(args.import_dir), args.store, load_rules())
        except StoreError as exc:  # (unreachable, or refused: said in a line, as serving says it)
            print(f"plot serve: {exc}", file=sys.stderr)
            return 2
        for line in done:
            print(f"imported table {line}")
        for line in before:
            print(f"imported before, left as it is: {line}")
        for line in problems:
            print(f"not imported: {line}", file=sys.stderr)
        print(f"{counted(len(done), 'table')} imported into {safe_url(args.store)}")
        return 1 if problems else 0
    try:
        prepare(args.store)
    except StoreError as exc:
        print(f"plot serve: {exc}", file=sys.stderr)
        return 2
    return None


def _web_door_problem(args: argparse.Namespace) -> str | None:
    """What is wrong with the web door's options, if anything."""
    if args.web_url and args.web is None:
        return "--web-url is the web door's address: open the door with --web PORT too"
    if args.web_proxy and args.web is None:
        return "--web-proxy is for the web door: open it with --web PORT too"
    if args.web_host and args.web is None:
        return "--web-host is the web door's address: open the door with --web PORT too"
    for address in args.web_proxy or ():
        try:
            ipaddress.ip_address(address)
        except ValueError:
            return (
                f"--web-proxy wants the proxy's IP address (as the server sees it connect), not {address!r}"
            )
    if args.web_url and not args.web_url.startswith(("http://", "https://")):
        return f"--web-url must start with http:// or https://, not {args.web_url!r}"
    return None


def _smtp(args: argparse.Namespace) -> Smtp | str:
    """The mail server notices go through, or what is wrong with --smtp and --smtp-from."""
    from plot_server.notices import Smtp, email_problem

    host_port = args.smtp.rsplit(":", 1)
    if len(host_port) != 2 or not host_port[1].isdigit() or not args.smtp_from:
        return "--smtp wants HOST:PORT (like mail.example.org:25), and --smtp-from the sender's address"
    if email_problem(args.smtp_from):
        return f"--smtp-from: {email_problem(args.smtp_from)}"
    return Smtp(host_port[0], int(host_port[1]), args.smtp_from)


def _serve(args: argparse.Namespace) -> int:
    import os

    from plot_record import games_dir
    from plot_server.private_files import keep_private, make_data_private
    from plot_server.process import run
    from plot_server.server import Limits, ensure_host_key
    from plot_server.tables import to_operator

    early = _store(args)
    if early is not None:
        return early
    rules = load_rules()
    password = os.environ.get("PLOT_SERVE_PASSWORD")
    if args.password_file:
        try:
            password = Path(args.password_file).read_text(encoding="utf-8").strip()
        except OSError as exc:
            print(
                f"plot serve: cannot read the password file {args.password_file}: {exc.strerror}",
                file=sys.stderr,
            )
            return 2
    keys = Path(args.authorized_keys) if args.authorized_keys else None
    if keys is not None and not keys.is_file():
        print(f"plot serve: no authorized-keys file at {keys}", file=sys.stderr)
        return 2
    if keys is not None:
        import asyncssh

        try:
            asyncssh.read_authorized_keys(str(keys))
        except (ValueError, OSError, asyncssh.KeyImportError) as exc:
            why = "it holds no key" if "No valid entries" in str(exc) else str(exc)
            print(f"plot serve: cannot use the authorized-keys file {keys}: {why}", file=sys.stderr)
            return 2
    if not password and keys is None:
        print(
            "plot serve: choose how players get in: --authorized-keys FILE and/or a "
            "password (--password-file FILE or PLOT_SERVE_PASSWORD)",
            file=sys.stderr,
        )
        return 2
    problem = _web_door_problem(args)
    if problem is not None:
        print(f"plot serve: {problem}", file=sys.stderr)
        return 2
    smtp: Smtp | None = None
    if args.smtp:
        chosen = _smtp(args)
        if isinstance(chosen, str):
            print(f"plot serve: {chosen}", file=sys.stderr)
            return 2
        smtp = chosen
    if args.host not in ("127.0.0.1", "localhost", "::1"):
        from plot_record import utc_stamp

        # (as every line the server writes: its name and the time)
        print(f"plot serve {utc_stamp()}: listening on {args.host}, not only this machine", file=sys.stderr)
    host_key = Path(args.host_key) if args.host_key else games_dir().parent / "ssh_host_key"
    home = Path(args.data) if args.data else games_dir().parent / "server"
    limits = Limits(
        connections=args.max_connections,
        idle=args.idle_minutes * 60,
        strangers=args.max_strangers,
        login=args.login_seconds,
        session_wait=min(10.0, args.login_seconds),
        stall=args.stall_seconds,
    )
    keep_private()  # the records hold each game's secret seed: this user's alone
    try:
        for problem in make_data_private(home):
            to_operator(problem)
    except OSError as exc:
        print(f"plot serve: --data {home}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    ensure_host_key(host_key)  # before any worker: one key for all of them

    def serve(worker: int = 0) -> None:
        run(
            args.host,
            args.port,
            rules,
            home=home,
            host_key=host_key,
            password=password or None,
            keys_file=keys,
            limits=limits,
            web_port=args.web,
            web_host=args.web_host or args.host,
            web_url=args.web_url,
            web_proxies=frozenset(str(ipaddress.ip_address(a)) for a in args.web_proxy or ()),
            store=args.store,
            shared_port=args.workers > 1,
            notices=not args.no_notices,
            # every worker keeps players' addresses and answers their off links; the first
            # (numbered from 1; 0 alone) sends, as it hears every table through the store,
            # so a move is told once however many workers see it
            tells_notices=worker <= 1,
            smtp=smtp,
            notice_rate=args.notices_an_hour,
            webhook_allow=frozenset(h.lower() for h in args.webhook_allow or ()),
            max_tables=args.max_tables,
            max_tables_per_player=args.max_tables_per_player,
        )

    try:
        if args.workers > 1:
            from plot_server.workers import supervise

            return supervise(args.workers, serve)
        serve()
    except OSError as exc:
        print(f"plot serve: cannot listen on {args.host}:{args.port}: {exc.strerror}", file=sys.stderr)
        return 2
    return 0


def _export(args: argparse.Namespace) -> int:
    from plot_record import load_record
    from plot_record.export import ALL, check_perspective, text_account
    from plot_record.notes import load_notes

    path = _record_named(args.path)
    if path is None:
        return 2
    record = load_record(path, load_rules())
    eyes = args.eyes or ALL
    try:
        check_perspective(record, eyes)  # (asked again as the account is written: cheap)
    except RecordError as exc:  # eyes the game may not be seen through yet
        print(f"plot: {exc}; {_eyes_hint(record)}", file=sys.stderr)
        return 2
    if args.chances and not record.finished:
        print(
            f"plot: the game in {args.path} is not finished: its chances would need what "
            "neither side may see yet, so --chances is for finished games",
            file=sys.stderr,
        )
        return 2
    notes = load_notes(record.path, record.header.game)
    for line in text_account(record, eyes, chat=not args.no_chat, notes=notes):
        print(line)
    if args.chances:
        from plot_session.analysis import Kept, chances_account, chart_path, kept_analysis

        kept = Kept(record)
        analysis = kept_analysis(record, kept=kept)
        for line in chances_account(record, analysis, kept.known_alternatives(analysis.turning_points)):
            print(line)
        chart = chart_path(Path(record.path))
        if not _write_chart(analysis, Path(record.path), chart):
            return 1
        print(f"\nThe chart of the chances is in {chart}.")
    return 0


def _games(args: argparse.Namespace) -> int:
    from plot_core.engine import PHASE_TITLES
    from plot_record import RecordError, games_dir, load_record, records_in

    rules = load_rules()
    out = _terminal_out()  # (a long line folded between words on a terminal, not mid-word)
    paths = list(records_in())
    if not paths:
        print(f"No games saved in {games_dir()} yet.", file=out)
        return 0
    print(
        f"Games in {games_dir()}, the most recently played last "
        "(plain `plot resume` goes on with the last unfinished one you moved in):",
        file=out,
    )
    for path in paths:
        try:
            record = load_record(path, rules)
        except RecordError as exc:
            print(f"  {path.name:<40} unreadable: {exc}", file=out)
            continue
        h, final = record.header, record.timeline.final
        who = ", ".join(f"{side} {h.levels.get(side, seat)}" for side, seat in h.players.items())
        o = final.outcome
        state = (
            f"{o.winner} won ({o.case}): plot replay {path}"
            if o is not None
            else f"unfinished: plot resume {path}"
        )
        where = f"Game-Turn {final.turn}, {PHASE_TITLES[final.phase]}"
        print(
            f"  {path.name:<40} {h.seed_words(o is not None)}, {who}, "
            f"{counted(len(record.timeline), 'action')}, {where}, last played {last_played(path)}; {state}",
            file=out,
        )
    return 0


def _version() -> str:
    """The installed package's version."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        number = version("plot")
    except PackageNotFoundError:
        number = "(not installed)"
    return number


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="plot",
        description="The Plot to Assassinate Hitler (SPI, 1976): a rules-enforced terminal edition.",
    )
    p.add_argument("--version", action="version", version=f"plot {_version()}")
    sub = p.add_subparsers(dest="command")
    pl = sub.add_parser(
        "play", help="start the game (the default); with any option below, skip the new-game screen"
    )
    who = pl.add_mutually_exclusive_group()
    who.add_argument("--side", choices=["ss", "abwehr"], help="your side against the computer")
    who.add_argument("--hotseat", action="store_true", help="two players at one keyboard")
    who.add_argument(
        "--watch", action="store_true", help="the computer plays both sides; you watch (as a spectator)"
    )
    pl.add_argument(
        "--level", choices=list(LEVELS), default="easy", help="the computer's level (default easy)"
    )
    pl.add_argument(
        "--think",
        type=_seconds,
        default=1.0,
        metavar="S",
        help="the expert's thinking: S seconds a decision on average, at most 3S, 60S a game (default 1)",
    )
    pl.add_argument(
        "--seed",
        type=_seed,
        help="the game's seed, for tests and bug reports: whoever knows it knows "
        "both hands and every roll (default: a secret one)",
    )
    pl.add_argument(
        "--choose-setup",
        action="store_true",
        help="place every unit yourselves (4.3) instead of the standard set-up",
    )
    pl.add_argument(
        "--position",
        metavar="FILE",
        help="start from a position file (TOML, see docs/developers/engine.md); hot-seat unless "
        "--side is given",
    )
    pl.add_argument(
        "--record",
        metavar="PATH",
        help="save the game's record here (default: a new file in "
        "$XDG_DATA_HOME/plot/games, i.e. ~/.local/share/plot/games)",
    )
    pl.add_argument(
        "--plain",
        action="store_true",
        help="play in plain text, a sentence a line: for screen readers and "
        "braille (no cursor movement, no colour needed)",
    )
    pl.set_defaults(run=_play)
    ln = sub.add_parser(
        "learn", help="learn to play: short lessons, each a practice position with a goal (the tutorial)"
    )
    ln.add_argument(
        "--game",
        action="store_true",
        help="a whole game against the easy computer with a coach's line under "
        "the prompt: where the game stands and what to weigh (K: off/on)",
    )
    ln.add_argument(
        "--side",
        choices=["abwehr", "ss"],
        default="abwehr",
        help="with --game: the side you play (default: abwehr)",
    )
    ln.add_argument("--seed", type=int, help="with --game: the game's seed (default: secret)")
    ln.add_argument(
        "--plain",
        action="store_true",
        help="in plain text, a sentence a line (the lessons, or with --game the "
        "guided game, its coach's line at every move)",
    )
    ln.set_defaults(run=_learn)
    pz = sub.add_parser(
        "puzzles",
        help="puzzles: decisions from real games where one plan is clearly best, to find "
        "yourself; rated, each the nearest your rating",
    )
    pz.add_argument("--plain", action="store_true", help="in plain text, a sentence a line")
    pz.set_defaults(run=_puzzles)
    rs = sub.add_parser("resume", help="go on with an unfinished game from its record")
    rs.add_argument(
        "path", nargs="?", help="the record, or its game's id (default: the latest unfinished game)"
    )
    rs.add_argument(
        "--plain", action="store_true", help="go on in plain text, a sentence a line (as plot play --plain)"
    )
    rs.set_defaults(run=_resume)
    an = sub.add_parser(
        "analyse",
        help="a game's chances of winning after every action (an unfinished one through "
        "one side's eyes), and its turning points (kept beside the "
        "record in GAME.analysis.json: a second run is "
        "instant)",
    )
    an.add_argument("path", nargs="?", help="the game record (.plot.jsonl), or its game's id")
    an.add_argument(
        "--top", type=_positive, default=5, metavar="N", help="how many turning points to list (default 5)"
    )
    an.add_argument("--svg", metavar="FILE", help="also draw the chances as an SVG chart")
    an.add_argument(
        "--as",
        dest="eyes",
        choices=["ss", "abwehr"],
        help="an unfinished game, through one side's eyes (against the computer: yours): its "
        "chances worked out from what that side can see, never the other's secrets (a "
        "finished game is seen whole)",
    )
    an.add_argument(
        "--expert",
        type=_positive,
        metavar="TRIALS",
        default=None,
        help="at each turning point, what the expert would have done, searching "
        "TRIALS trials from the mover's view (e.g. 300)",
    )
    an.add_argument(
        "--think",
        type=_seconds,
        default=None,
        metavar="S",
        help="the expert's choices (as --expert), each searched for S seconds instead of a number of trials",
    )
    an.add_argument(
        "--procs",
        type=_positive,
        default=1,
        metavar="N",
        help="with --expert or --think: search N turning points at once, in N worker processes (default 1)",
    )
    an.add_argument(
        "--calibration",
        action="store_true",
        help="instead of a game: how far the chances can be trusted, measured on "
        "games the evaluation was not fitted on (the hard player against "
        "itself): of the positions given 60-70 %%, how many were won",
    )
    an.add_argument(
        "--games",
        type=_positive,
        default=100,
        metavar="N",
        help="with --calibration: how many games (default 100, about a second each)",
    )
    an.add_argument(
        "--seed",
        type=int,
        default=2_000_000,
        help="with --calibration: the first game's seed (default 2000000)",
    )
    an.set_defaults(run=_analyse)
    rp = sub.add_parser("replay", help="watch a recorded game: step, jump, change eyes")
    rp.add_argument("path", help="the game record (.plot.jsonl), or its game's id")
    rp.add_argument(
        "--as",
        dest="eyes",
        choices=["ss", "abwehr", "all"],
        help="whose eyes to start with (default: all for a finished game, else "
        "the human's side); all only for finished games, and the computer's side too",
    )
    rp.add_argument(
        "--plain",
        action="store_true",
        help="in plain text, a sentence a line: step, jump and ask about the "
        "board by typed commands (help lists them)",
    )
    rp.set_defaults(run=_replay)
    ex = sub.add_parser("export", help="write a readable account of a recorded game")
    ex.add_argument("path", help="the game record (.plot.jsonl), or its game's id")
    ex.add_argument(
        "--text",
        action="store_true",
        help="plain text, turn by turn (the only format so far, and the default)",
    )
    ex.add_argument(
        "--as",
        dest="eyes",
        choices=["ss", "abwehr", "all"],
        help="whose account: one side's (what it saw), or all (finished games only; the default for "
        "them); while a game against the computer goes on, only the human's side",
    )
    ex.add_argument(
        "--no-chat", action="store_true", help="leave out what was said at the table (the replay notes stay)"
    )
    ex.add_argument(
        "--chances",
        action="store_true",
        help="finished games: add each side's chance of winning as each phase began and the turning "
        "points (with the expert's choices plot analyse --expert kept), and draw the chart as "
        "GAME.chances.svg beside the record",
    )
    ex.set_defaults(run=_export)
    sv = sub.add_parser("serve", help="serve the game over SSH (players connect with ssh)")
    sv.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)"
    )
    sv.add_argument("--port", type=_port, default=2222, help="port (default 2222)")
    sv.add_argument(
        "--web",
        type=_port,
        metavar="PORT",
        help="also open the web door on this port: the same tables from a "
        "browser, signed in with a name and the server password",
    )
    sv.add_argument(
        "--web-host",
        metavar="ADDRESS",
        help="the web door's own address to listen on (default: --host's); behind a TLS "
        "proxy on this machine, 127.0.0.1 keeps the door's plain HTTP off the network",
    )
    sv.add_argument(
        "--web-url",
        metavar="URL",
        help="the web door's address as players' browsers reach it (behind a "
        "proxy), for the links made in the lobby (default http://HOST:PORT/)",
    )
    sv.add_argument(
        "--web-proxy",
        metavar="ADDRESS",
        action="append",
        help="the address of a TLS proxy in front of the web door, whose "
        "X-Forwarded-For names the player (repeat for more proxies)",
    )
    sv.add_argument(
        "--authorized-keys", metavar="FILE", help="players whose public key is in this file may come in"
    )
    sv.add_argument(
        "--password-file", metavar="FILE", help="the server password (or set PLOT_SERVE_PASSWORD)"
    )
    sv.add_argument(
        "--host-key",
        metavar="FILE",
        help=(
            "the server's key (default: made once as plot/ssh_host_key in your data folder, "
            "beside --data's default plot/server, not inside it: back it up with --data)"
        ),
    )
    sv.add_argument(
        "--data",
        metavar="DIR",
        help="where the tables and their records live (default: the data folder's plot/server)",
    )
    sv.add_argument(
        "--max-connections",
        type=_positive,
        default=40,
        metavar="N",
        help="signed-in players at once (default 40)",
    )
    sv.add_argument(
        "--max-tables",
        type=_positive,
        default=20_000,  # (plot_server.hub.MAX_TABLES: not imported before the server starts)
        metavar="N",
        help="unfinished games the server keeps, loaded in memory or not (default 20,000)",
    )
    sv.add_argument(
        "--max-tables-per-player",
        type=_positive,
        default=10,
        metavar="N",
        help="unfinished games one player may have at once, made or joined (default 10)",
    )
    sv.add_argument(
        "--max-strangers",
        type=_positive,
        default=20,
        metavar="N",
        help="connections not yet signed in, at once (default 20)",
    )
    sv.add_argument(
        "--login-seconds",
        type=_seconds,
        default=15,
        metavar="S",
        help="time to sign in (default 15), and to ask for a terminal after",
    )
    sv.add_argument(
        "--idle-minutes",
        type=_minutes,
        default=30,
        metavar="M",
        help="close a connection after M minutes without a key press or a move at its table (default 30)",
    )
    sv.add_argument(
        "--stall-seconds",
        type=_seconds,
        default=30,
        metavar="S",
        help="close a connection whose client has not read its output (4 MiB behind) for S seconds "
        "(default 30)",
    )
    sv.add_argument(
        "--store",
        metavar="URL",
        help="keep the tables in PostgreSQL (postgresql://user@host/db), shared "
        "with every server that uses it; an empty database gets the schema. "
        "The password: ~/.pgpass or PGPASSWORD, not the URL (or PLOT_STORE "
        "for the whole URL)",
    )
    sv.add_argument(
        "--smtp",
        metavar="HOST:PORT",
        help="the mail server notices by e-mail go through (plain SMTP, STARTTLS when it offers it); "
        "without it, notices go by webhook only",
    )
    sv.add_argument("--smtp-from", metavar="ADDRESS", help="the sender of e-mail notices (with --smtp)")
    sv.add_argument(
        "--webhook-allow",
        metavar="HOST",
        action="append",
        help="a host name players' webhooks may name though it is on a private network (repeat for more)",
    )
    sv.add_argument(
        "--notices-an-hour",
        type=_positive,
        default=6,
        metavar="N",
        help="notices sent to one player in an hour, at most (default 6; more wait for the lobby)",
    )
    sv.add_argument(
        "--no-notices",
        action="store_true",
        help="send no notices at all (no e-mail, no webhook: the server calls out to no one)",
    )
    sv.add_argument(
        "--workers",
        type=_positive,
        default=1,
        metavar="N",
        help="N server processes on one port, one per core (needs --store)",
    )
    sv.add_argument(
        "--import",
        dest="import_dir",
        metavar="DIR",
        help="copy the tables of a files-based server (its --data folder) into --store, then stop",
    )
    sv.set_defaults(run=_serve)
    add_admin_parser(sub)
    gs = sub.add_parser("games", help="list the saved games")
    gs.set_defaults(run=_games)
    c = sub.add_parser("cases", help="summarise the rulebook case inventory")
    c.add_argument("--list", choices=[s.value for s in Status], help="also list the cases with this status")
    c.set_defaults(run=_cases)
    d = sub.add_parser("check-data", help="validate a rules_data directory")
    d.add_argument("directory", nargs="?", help="default: the game's own rules_data")
    d.set_defaults(run=_check_data)
    levels = sorted([*LEVELS, "busy"])
    sp = sub.add_parser(
        "selfplay", help="play whole games between computer players and summarise the outcomes"
    )
    sp.add_argument("--games", type=_positive, default=100, help="how many games (default 100)")
    sp.add_argument(
        "--seed", type=_seed, default=0, help="seed of the first game; game i uses seed+i (default 0)"
    )
    sp.add_argument(
        "--ss",
        choices=levels,
        default="random",
        help="the SS player's level (busy: the engine's random test policy)",
    )
    sp.add_argument("--abwehr", choices=levels, default="random", help="the Abwehr player's level")
    sp.add_argument(
        "--think",
        type=_seconds,
        default=1.0,
        help="a searching level's mean seconds per decision (the expert: at most "
        "3x that for one, 60x for a whole game; default 1)",
    )
    sp.add_argument(
        "--procs",
        type=_positive,
        default=1,
        metavar="N",
        help="play N games at once, in N processes (default 1)",
    )
    sp.add_argument("-v", "--verbose", action="store_true", help="a line per game")
    sp.add_argument(
        "--compare",
        type=_side_level,
        metavar="SIDE=LEVEL",
        help="then the same games with that side played by LEVEL (e.g. abwehr=hard), and "
        "how much more often the side won in the first line, with its 95%% interval",
    )
    sp.set_defaults(run=_selfplay)
    p.set_defaults(run=_play)
    return p


@quiet_when_the_reader_stops
def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except PositionError as err:  # (a DataError, but of the file the player gave)
        print(f"plot: the position was not loaded.\n  {err}", file=sys.stderr)
        return 2
    except DataError as err:
        print(f"plot: the game data is broken and was not loaded.\n  {err}", file=sys.stderr)
        return 2
    except RecordError as err:
        print(f"plot: the game record cannot be used; it was left as it is.\n  {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
