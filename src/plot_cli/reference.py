"""The command reference (docs/developers/commands.md), written from the argument parser
itself so that it cannot fall behind: `python -m plot_cli.reference > FILE` writes it,
and a test fails when the file differs from what this prints."""

from __future__ import annotations

import argparse
import os

from plot_cli.main import build_parser

WIDTH = 88


def reference() -> str:
    os.environ["COLUMNS"] = str(WIDTH)  # argparse wraps help to the terminal's width
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    out = [
        "# Commands",
        "",
        "Every subcommand of `plot` and its options, as each one's `--help` prints",
        "them (after `make run`, `plot` is `.venv/bin/plot`). Written from the program's",
        "own argument parser: `python -m plot_cli.reference > docs/developers/commands.md`",
        "after a change, or the suite fails.",
        "",
        "`plot` alone is `plot play`: the new-game screen, then the game.",
        "",
        "A command ends with status 0 when done; 1 or 2 when it could not do what was",
        "asked, its message saying why; 130 when stopped by Ctrl+C; and 141, with",
        "nothing printed, when whoever reads its output stops early",
        "(`plot selfplay -v | head -3`), as other Unix tools do.",
        "",
    ]
    for choice in sub._choices_actions:
        out += [
            f"## plot {choice.dest}",
            "",
            choice.help or "",
            "",
            "```",
            sub.choices[choice.dest].format_help().rstrip(),
            "```",
            "",
        ]
    return "\n".join(out)


if __name__ == "__main__":
    print(reference(), end="")
