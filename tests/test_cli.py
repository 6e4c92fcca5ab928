"""The `plot` command line."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

from plot_cli.main import main


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


def test_a_reader_that_stops_early_ends_the_command_quietly_and_at_once():
    """`plot selfplay -v | head -1`: no traceback, the shell's status for a closed pipe,
    and the games nobody will read are not played (a thousand would take minutes)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "plot_cli.main", "selfplay", "--games", "1000", "--procs", "2"]
        + ["--ss", "easy", "--abwehr", "easy", "-v"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None and proc.stderr is not None
    assert proc.stdout.readline().startswith("plot selfplay: 1000 game(s)")
    proc.stdout.close()  # as head does once it has its line
    try:
        assert proc.wait(timeout=90) == 128 + signal.SIGPIPE
    finally:
        proc.kill()
    assert proc.stderr.read() == ""


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
