"""The `plot` command: play (default), and tools for the data."""

from __future__ import annotations

import argparse
import sys

from plot_core import DataError, load_rules
from plot_core.data.cases import Kind, Status


def _cases(args: argparse.Namespace) -> int:
    rules = load_rules()
    inv = rules.cases
    total = len(inv.cases)
    absent = sum(1 for c in inv.cases.values() if c.absent)
    print(f"Case inventory: {total} numbered cases "
          f"({total - absent} in the rulebook, {absent} gaps in its numbering)")
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
    print(f"  {len(rules.units)} units, {len(rules.chits.chits)} chits, "
          f"{len(rules.cases.cases)} cases")
    print(f"  map {m.columns}x{m.rows}: {len(m.area_of)} hexes, {len(m.areas)} areas, "
          f"{len(m.hqs)} HQs ({m.provenance.split(':')[0]})")
    return 0


def _selfplay(args: argparse.Namespace) -> int:
    from plot_core.selfplay import POLICIES, Summary, play_games

    load_rules()
    print(f"plot selfplay: {args.games} game(s), seeds {args.seed}-{args.seed + args.games - 1}, "
          f"SS {args.ss} vs Abwehr {args.abwehr}", flush=True)
    results = []
    for r in play_games(args.games, args.seed, POLICIES[args.ss], POLICIES[args.abwehr]):
        results.append(r)
        if args.verbose:
            coup = f"coup at GT {r.coup_declared}, {r.coup_turns} CT" if r.coup_declared else "no coup"
            print(f"  seed {r.seed}: {r.winner} by {r.case} after {r.actions} actions, "
                  f"GT {r.game_turns}, {coup}, {r.seconds * 1000:.0f} ms", flush=True)
    print("\n".join(Summary(tuple(results)).report()))
    return 0


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


def _seed(text: str) -> int:
    n = _whole(text)
    if not 0 <= n < 2**63:
        raise argparse.ArgumentTypeError(f"must be between 0 and 2**63-1, got {n}")
    return n


def _play(args: argparse.Namespace) -> int:
    rules = load_rules()              # fail on bad data before the screen takes over
    from plot_core import Player
    from plot_tui.app import GameSetup, PlotApp  # imported late: `plot cases` needs no Textual

    if getattr(args, "position", None):
        return _play_position(args, rules)
    setup = None
    if getattr(args, "seed", None) is not None or getattr(args, "hotseat", False) \
            or getattr(args, "side", None):
        setup = GameSetup(hotseat=args.hotseat, side=Player(args.side or "ss"),
                          seed=args.seed if args.seed is not None else 0,
                          setup="choose" if args.choose_setup else "standard")
    PlotApp(rules, setup=setup).run()
    return 0


def _play_position(args: argparse.Namespace, rules) -> int:
    from pathlib import Path

    from plot_core import Player, load_position
    from plot_tui.app import PlotApp
    from plot_tui.session import Seat, Session

    path = Path(args.position)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        print(f"plot: cannot read the position {path}: {exc.strerror}", file=sys.stderr)
        return 2
    state = load_position(text, name=str(path), rules=rules, seed=args.seed or 0)
    if args.side:
        seats = {p: Seat.HUMAN if p is Player(args.side) else Seat.COMPUTER for p in Player}
    else:
        seats = {p: Seat.HUMAN for p in Player}
    PlotApp(rules, session=Session(state, seats, seed=args.seed or 0)).run()
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="plot", description="The Plot to Assassinate Hitler "
                                "(SPI, 1976): a rules-enforced terminal edition.")
    sub = p.add_subparsers(dest="command")
    pl = sub.add_parser("play", help="start the game (the default); with any option below, "
                        "skip the new-game screen")
    pl.add_argument("--side", choices=["ss", "abwehr"], help="your side against the computer")
    pl.add_argument("--hotseat", action="store_true", help="two players at one keyboard")
    pl.add_argument("--seed", type=_seed, help="the game's seed")
    pl.add_argument("--choose-setup", action="store_true",
                    help="place every unit yourselves (4.3) instead of the standard set-up")
    pl.add_argument("--position", metavar="FILE",
                    help="start from a position file (TOML, see README); hot-seat unless "
                         "--side is given")
    pl.set_defaults(run=_play)
    c = sub.add_parser("cases", help="summarise the rulebook case inventory")
    c.add_argument("--list", choices=[s.value for s in Status],
                   help="also list the cases with this status")
    c.set_defaults(run=_cases)
    d = sub.add_parser("check-data", help="validate a rules_data directory")
    d.add_argument("directory", nargs="?", help="default: the game's own rules_data")
    d.set_defaults(run=_check_data)
    from plot_core.selfplay import POLICIES

    sp = sub.add_parser("selfplay", help="play whole games between computer policies and "
                        "summarise the outcomes")
    sp.add_argument("--games", type=_positive, default=100, help="how many games (default 100)")
    sp.add_argument("--seed", type=_seed, default=0,
                    help="seed of the first game; game i uses seed+i (default 0)")
    sp.add_argument("--ss", choices=sorted(POLICIES), default="random", help="the SS player")
    sp.add_argument("--abwehr", choices=sorted(POLICIES), default="random",
                    help="the Abwehr player")
    sp.add_argument("-v", "--verbose", action="store_true", help="a line per game")
    sp.set_defaults(run=_selfplay)
    p.set_defaults(run=_play)
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except DataError as err:
        print(f"plot: the game data is broken and was not loaded.\n  {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
