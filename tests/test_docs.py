"""The README is the front door and the docs hold the rest: the README stays short,
every link in them leads somewhere, and every `plot` command they show is one the
program takes, as typed."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from plot_cli.main import build_parser

REPO = Path(__file__).resolve().parents[1]
PAGES = [REPO / "README.md", *sorted((REPO / "docs").rglob("*.md"))]
README_MOST = 200


def test_the_readme_is_a_front_door_of_at_most_200_lines():
    lines = (REPO / "README.md").read_text(encoding="utf-8").count("\n")
    assert lines <= README_MOST, f"README.md has {lines} lines; the rest belongs in docs/"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(REPO)))
def test_every_link_leads_to_a_file_that_is_there(page):
    text = page.read_text(encoding="utf-8")
    broken = []
    for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text):
        if re.match(r"[a-z]+:", target):
            continue  # http:, mailto:
        if not (page.parent / target).exists():
            broken.append(target)
    assert not broken, f"{page.relative_to(REPO)} links to {broken}"


def shown_commands(page: Path) -> list[str]:
    """Each `plot ...` command a page shows, in a code block or in inline code."""
    text = page.read_text(encoding="utf-8")
    found = []
    for line in text.splitlines():
        for m in re.finditer(r"(?:^\s{4}|`)(?:[A-Z_]+=\S+ )*(?:\.venv/bin/)?plot (\w[^`#]*)", line):
            found.append(m.group(1).strip())
    return found


def subcommands() -> dict[str, set[str]]:
    """Each subcommand and its option strings."""
    import argparse

    def options(p: argparse.ArgumentParser) -> set[str]:
        """``p``'s options, and those of its own subcommands (plot admin REQUEST ...)."""
        own = {o for a in p._actions for o in a.option_strings}
        for a in p._actions:
            if isinstance(a, argparse._SubParsersAction):
                own |= {o for q in a.choices.values() for o in options(q)}
        return own

    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return {name: options(p) for name, p in sub.choices.items()}


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(REPO)))
def test_every_plot_command_shown_names_a_subcommand_and_options_it_has(page):
    known = subcommands()
    wrong = []
    for command in shown_commands(page):
        name, *rest = command.split()
        if name not in known:
            wrong.append(f"plot {name}: no such subcommand")
            continue
        for word in rest:
            for option in re.findall(r"--[a-z][a-z-]*", word):
                if option not in known[name]:
                    wrong.append(f"plot {name} {option}: no such option")
    assert not wrong, f"{page.relative_to(REPO)}: {wrong}"


def test_every_command_the_readme_shows_parses_as_typed(capsys):
    """The README's commands work as typed after `make run` (here: they parse)."""
    parser = build_parser()
    text = (REPO / "README.md").read_text(encoding="utf-8")
    wrong = []
    for m in re.finditer(r"^    (?:[A-Z_]+=\S+ )*\.venv/bin/plot ([^#\n]*)", text, re.M):
        words = shlex.split(m.group(1).replace("FILE", "game.plot.jsonl"))
        try:
            parser.parse_args(words)
        except SystemExit as exc:
            if exc.code:
                wrong.append(m.group(1))
    capsys.readouterr()
    assert not wrong, wrong


def test_the_readme_shows_plot_as_a_new_user_can_type_it():
    """After `make run` there is no `plot` on the PATH: the README says .venv/bin/plot."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^    (?:[A-Z_]+=\S+ )*(\S+) ", text, re.M)
    assert "plot" not in blocks, "a README command starts with a bare `plot`"
    assert ".venv/bin/plot" in blocks


def test_the_command_reference_is_the_parsers_own():
    from plot_cli.reference import reference

    shown = (REPO / "docs" / "developers" / "commands.md").read_text(encoding="utf-8")
    assert shown == reference(), (
        "docs/developers/commands.md is stale: python -m plot_cli.reference > docs/developers/commands.md"
    )


@pytest.mark.parametrize(
    "page",
    [p for p in PAGES if ">>> " in p.read_text(encoding="utf-8")],
    ids=lambda p: str(p.relative_to(REPO)),
)
def test_every_example_in_the_docs_runs_as_shown(page):
    import doctest

    failed, tried = doctest.testfile(str(page), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failed == 0, f"{page.relative_to(REPO)}: {failed} of {tried} failed"
