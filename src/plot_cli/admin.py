"""`plot admin`: who is on a running `plot serve`, its tables, and the host's hand on
them (close a table, bar a name), through the server's admin socket in its data folder
(plot_server/admin.py)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from plot_core.english import counted

WHO = ("name", "door", "address", "since", "where")


def add_admin_parser(sub: Any) -> None:
    ad = sub.add_parser(
        "admin",
        help="the host's view of a running plot serve: who is on, its tables; close a table, "
        "bar or mute a name",
    )
    ad.add_argument(
        "--data",
        metavar="DIR",
        help="the server's data folder, as given to plot serve (default: the data folder's plot/server)",
    )
    asks = ad.add_subparsers(dest="request", required=True, metavar="REQUEST")
    asks.add_parser("who", help="who is connected, through which door, from where, since when, and where")
    tables = asks.add_parser("tables", help="the tables: players, how far the game is, who watches")
    tables.add_argument("--player", metavar="NAME", help="only the tables where NAME plays or watches")
    close = asks.add_parser("close", help="close a table: its players are told, its record is kept")
    close.add_argument("table", help="the table's number (T3)")
    close.add_argument("--why", default="", help="the reason its players are told")
    ban = asks.add_parser("ban", help="bar a name (and names that look just like it); its sessions end now")
    ban.add_argument("name")
    ban.add_argument("--why", default="", help="the reason the player is told")
    unban = asks.add_parser("unban", help="lift a bar")
    unban.add_argument("name")
    mute = asks.add_parser("mute", help="a name (and its look-alikes) may play, but not talk, here")
    mute.add_argument("name")
    mute.add_argument("--why", default="", help="the reason the player is told")
    unmute = asks.add_parser("unmute", help="lift a mute")
    unmute.add_argument("name")
    asks.add_parser("bans", help="the names barred or muted")
    talk = asks.add_parser("talk", help="a table's talk, each line numbered")
    talk.add_argument("table", help="the table's number (T3)")
    unsay = asks.add_parser("unsay", help="take back a line of a table's talk (shown as removed by the host)")
    unsay.add_argument("table", help="the table's number (T3)")
    unsay.add_argument("line", type=int, help="the line's number, as `plot admin talk` gives it")
    ad.set_defaults(run=run_admin)


def run_admin(args: argparse.Namespace) -> int:
    from plot_record import games_dir
    from plot_server.admin import NoServer, ask
    from plot_tui.plain import clean

    home = Path(args.data) if args.data else games_dir().parent / "server"
    request: dict[str, Any] = {"command": args.request}
    for field in ("player", "table", "why", "name", "line"):
        if getattr(args, field, None) is not None:
            request[field] = getattr(args, field)
    try:
        # a table is closed, or its talk read or taken back, by one process (the others
        # hear it through the store)
        answers = ask(home, request, first_only=args.request in ("close", "talk", "unsay"))
    except (NoServer, OSError, ValueError) as exc:
        print(f"plot admin: {exc}", file=sys.stderr)
        return 2
    results = [a["answer"] for a in answers if "answer" in a]
    if args.request in ("unban", "unmute") and results and not any(r["lifted"] for r in results):
        print(
            f"plot admin: the name {clean(results[0]['name'])!r} is not {results[0]['was']}", file=sys.stderr
        )
        return 1
    if results:  # (what was done where it could be, said even if a worker refused)
        for line in _lines(args.request, results):
            print(clean(line))
    errors = [str(a.get("error", "no answer")) for a in answers if "answer" not in a]
    for error in dict.fromkeys(errors):
        print(f"plot admin: {clean(error)}", file=sys.stderr)
    return 1 if errors else 0


def _lines(request: str, results: list[Any]) -> list[str]:
    if request == "who":
        rows = [[s[k] for k in WHO] for answer in results for s in answer]
        return _columns(list(WHO), rows) if rows else ["Nobody is connected."]
    if request == "tables":
        seen: dict[str, dict[str, Any]] = {}
        for answer in results:  # (every worker on one store holds every table: once each)
            for t in answer:
                seen.setdefault(t["id"], t)
        rows = [
            [
                t["id"],
                " · ".join(f"{side}: {name}" for side, name in t["players"].items()),
                t["stage"],
                ", ".join(t["watching"]) or "-",
            ]
            for t in seen.values()
        ]
        return _columns(["table", "players", "game", "watching"], rows) if rows else ["No tables."]
    if request == "close":
        t = results[0]
        return [f"Table {t['id']} is closed ({t['closed']}); its players were told, its record is kept."]
    if request == "ban":
        ended = sum(r["ended"] for r in results)
        return [f"The name {results[0]['name']!r} is barred; {counted(ended, 'session')} of it ended."]
    if request == "unban":
        return [f"The name {results[0]['name']!r} may sign in again."]
    if request == "talk":
        rows = [[str(c["line"]), c["time"], f"{c['name']} ({c['role']})", c["text"]] for c in results[0]]
        return (
            _columns(["line", "time", "who", "said"], rows) if rows else ["Nothing was said at that table."]
        )
    if request == "unsay":
        u = results[0]
        return [f"Line {u['line']} of the talk at {u['table']} ({u['name']}'s) is taken back."]
    if request == "mute":
        return [f"The name {results[0]['name']!r} is muted: it may play, not talk."]
    if request == "unmute":
        return [f"The name {results[0]['name']!r} may talk again."]
    bans = {(b["name"], b["what"]): b for answer in results for b in answer}
    rows = [[b["name"], b["what"], b["at"], b["why"] or "-"] for b in bans.values()]
    return _columns(["name", "what", "since", "why"], rows) if rows else ["No name is barred or muted."]


def _columns(heads: list[str], rows: list[list[str]]) -> list[str]:
    widths = [max(len(str(x)) for x in col) for col in zip(heads, *rows, strict=False)]
    return [
        "  ".join(str(x).ljust(w) for x, w in zip(row, widths, strict=True)).rstrip()
        for row in [heads, *rows]
    ]
