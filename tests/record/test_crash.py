"""kill -9 in the middle of a game, in a real process on a real terminal, then resume."""

from __future__ import annotations

import os
import signal
import sys
import time

from plot_record import Recorder, load_record
from plot_session.session import Session
from terminal import Terminal

from .helpers import lines, uninterrupted


def test_kill_9_mid_game_then_resume_loses_no_action(tmp_path, rules, _games_folder):
    seed = 11
    path = tmp_path / "crash.plot.jsonl"
    env = dict(os.environ, TERM="xterm-256color", XDG_DATA_HOME=str(_games_folder.parent.parent))
    client = Terminal(
        [
            sys.executable,
            "-m",
            "plot_cli.main",
            "play",
            "--watch",
            "--seed",
            str(seed),
            "--record",
            str(path),
        ],
        env,
    )
    proc = client.proc
    try:
        deadline = time.monotonic() + 60
        while not (path.exists() and len(lines(path)) > 80):
            assert proc.poll() is None, "the client stopped by itself"
            assert time.monotonic() < deadline, "the game did not get going within a minute"
            time.sleep(0.05)
        os.kill(proc.pid, signal.SIGKILL)  # mid-game: the computer is still moving
        proc.wait(timeout=10)
    finally:
        client.close()
    assert proc.returncode == -signal.SIGKILL

    record = load_record(path, rules)
    whole = uninterrupted(rules, seed)
    played = len(record.timeline)
    assert 80 <= played < len(whole) - 1, "the kill came after the game had ended"
    # every action the killed process wrote is there, in order, as it was played
    assert [record.timeline.state_at(i) for i in range(played + 1)] == whole[: played + 1]

    session = Session.resume(record, Recorder(path, truncate_to=record.good_bytes))
    while session.state.outcome is None:
        session.computer_step()
    assert session.state == whole[-1]  # the same game as if never killed
    again = load_record(path, rules)
    assert again.finished and len(again.timeline) == len(whole) - 1
