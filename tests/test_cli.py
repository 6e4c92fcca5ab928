"""The `plot` command line."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest

from plot_cli.main import main
from plot_cli.pipes import quiet_when_the_reader_stops


def test_cases_summary(capsys):
    assert main(["cases"]) == 0
    out = capsys.readouterr().out
    assert "332 numbered cases (329 in the rulebook, 3 gaps in its numbering)" in out
    assert "By kind:   mechanic 225" in out
    assert "By status:" in out and "data 10" in out


def test_cases_list(capsys):
    assert main(["cases", "--list", "data"]) == 0
    out = capsys.readouterr().out
    assert "10.71  table      Harassment Table" in out


def test_check_data_reports_a_broken_file_without_a_traceback(data_copy):
    (data_copy / "game.toml").write_text("[die]\nsides = 6\n")
    env = dict(os.environ, PLOT_RULES_DATA=str(data_copy))
    proc = subprocess.run(
        [sys.executable, "-m", "plot_cli.main", "check-data"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert proc.returncode == 2
    assert "game data is broken" in proc.stderr
    assert "rules_data/game.toml" in proc.stderr and "missing key 'turns'" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_a_position_file_with_a_mistake_is_named_as_the_position_not_the_game_data(tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text('phase = "recruitment"\nactive = "001"\n[units]\n"001" = { hex = "2110" }\n')
    assert main(["play", "--position", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("plot: the position was not loaded.\n")
    assert f"{bad}, line 2: active: no unit moves in the recruitment phase (9.11)" in err


def _plot(*args: str, **kw) -> subprocess.Popen:
    # its own session, so that a test that fails can end it and its workers together
    return subprocess.Popen(
        [sys.executable, "-m", "plot_cli.main", *args],
        stderr=subprocess.PIPE,
        text=True,
        env=dict(os.environ, PYTHONUNBUFFERED=""),  # buffered, as for a player
        start_new_session=True,
        **kw,
    )


def _ended(proc: subprocess.Popen) -> tuple[int, str]:
    try:
        _, err = proc.communicate(timeout=90)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    return proc.returncode, err


@pytest.mark.parametrize("args", [("cases",), ("--help",), ("selfplay", "--help")])
def test_output_to_a_pipe_nobody_reads_ends_quietly_with_the_shells_status(args):
    """`plot cases | true`: the reader has gone before a word is written; what is left
    in the buffer at the end (or on --help's way out) must not become a traceback."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        proc = _plot(*args, stdout=write_end)
    finally:
        os.close(write_end)
    assert _ended(proc) == (128 + signal.SIGPIPE, "")


def test_a_reader_that_stops_early_ends_selfplay_quietly_and_soon():
    """`plot selfplay -v | head -1` with games in two processes: no traceback, the shell's
    status for a closed pipe, and only the games already handed to the workers are
    played out (a thousand would take minutes)."""
    proc = _plot(
        *("selfplay", "--games", "1000", "--procs", "2", "--ss", "easy", "--abwehr", "easy", "-v"),
        stdout=subprocess.PIPE,
    )
    assert proc.stdout is not None
    assert proc.stdout.readline().startswith("plot selfplay: 1000 game(s)")
    proc.stdout.close()  # as head does once it has its line
    assert _ended(proc) == (128 + signal.SIGPIPE, "")


def test_a_broken_pipe_that_is_not_stdout_is_not_hidden():
    @quiet_when_the_reader_stops
    def talks_to_a_gone_peer() -> int:
        raise BrokenPipeError("a socket's peer went away")

    with pytest.raises(BrokenPipeError, match="socket"):
        talks_to_a_gone_peer()


def test_a_command_started_with_no_stdout_ends_as_it_would(monkeypatch):
    monkeypatch.setattr(sys, "stdout", None)  # (as with `plot cases >&-`)
    assert quiet_when_the_reader_stops(lambda: None)() == 0
    assert quiet_when_the_reader_stops(lambda: 2)() == 2


def test_check_data_ok(capsys):
    assert main(["check-data"]) == 0
    assert "is valid" in capsys.readouterr().out


def test_an_import_into_a_store_that_cannot_be_reached_says_so_in_a_line(tmp_path, capsys):
    """--import with a store that refuses or is not there: said, with status 2, as
    plot serve says it (it ended in a traceback)."""
    folder = tmp_path / "server"
    folder.mkdir()
    url = "postgresql://plot@127.0.0.1:9/plot"  # (nothing listens on the discard port)
    assert main(["serve", "--store", url, "--import", str(folder)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("plot serve: cannot reach the store") and "Traceback" not in err, err


def test_leaving_the_puzzles_says_where_one_stands_folded_to_the_terminal(monkeypatch, tmp_path, capsys):
    import os

    import plot_tui.app

    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))  # (a settings file of the test's own)
    monkeypatch.setattr(plot_tui.app.PlotApp, "run", lambda self: None)  # (left at once)
    monkeypatch.setattr("shutil.get_terminal_size", lambda fallback=None: os.terminal_size((44, 24)))
    assert main(["puzzles"]) == 0
    said = capsys.readouterr().out.splitlines()
    assert " ".join(said).endswith("; 0 solved of 0 tried.")
    assert all(len(line) <= 44 for line in said), said  # folded between words, not mid-word
