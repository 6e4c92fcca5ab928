"""`plot admin` against a real `plot serve`: who is on (with the address), a name barred
while its player is on (told why, the session ended, the name and its look-alikes
refused at sign-in), the bar lifted."""

from __future__ import annotations

import asyncio
import subprocess
import sys

import asyncssh
import pytest

from serving import Server, eventually, make_keys

from .test_strangers import OPTIONS, lobby, until_shown

pytestmark = pytest.mark.asyncio


def admin(server: Server, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "plot_cli.main", "admin", "--data", str(server.d / "home"), *args],
        capture_output=True,
        text=True,
        timeout=30,
    )


@pytest.fixture
def server(tmp_path):
    make_keys(tmp_path, ["player"])
    srv = Server(tmp_path)
    yield srv
    srv.stop()


async def test_the_host_sees_who_is_on_and_bars_a_name_with_its_look_alikes(server):
    conn, proc = await lobby(server.port, "mallory")
    who = await asyncio.to_thread(admin, server, "who")
    assert who.returncode == 0, who.stderr
    assert "mallory  over SSH  127.0.0.1" in who.stdout and "the lobby" in who.stdout
    barred = await asyncio.to_thread(admin, server, "ban", "mallory", "--why", "spam in the lobby")
    assert barred.stdout.strip() == "The name 'mallory' is barred; 1 session of it ended."
    said = await until_shown(proc, b"spam in the lobby", timeout=10)
    assert b"the host of this server has barred the name 'mallory'" in said
    await asyncio.wait_for(proc.wait_closed(), 10)
    conn.close()
    for name in ("mallory", "ma1lory"):
        with pytest.raises(asyncssh.DisconnectError, match="barred the name 'mallory': spam in the lobby"):
            await asyncssh.connect("127.0.0.1", server.port, username=name, **OPTIONS)
    # the host's log says the bar and each try of a barred name (read from the server's
    # output as it comes: the client may hear of its refusal before that line is read)
    logged = ["the host of this server has barred the name 'mallory': spam in the lobby (1 session ended)"]
    logged += [f"refused sign-in: '{name}' from 127.0.0.1 (" for name in ("mallory", "ma1lory")]
    for said in logged:

        def shown(said: str = said) -> bool:
            return any(said in line for line in server.output)

        await asyncio.to_thread(eventually, shown, said)
    lifted = await asyncio.to_thread(admin, server, "unban", "mallory")
    assert lifted.returncode == 0, lifted.stderr
    conn, _ = await lobby(server.port, "mallory")
    conn.close()
    nobody = await asyncio.to_thread(
        subprocess.run,
        [sys.executable, "-m", "plot_cli.main", "admin", "--data", str(server.d / "elsewhere"), "who"],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert nobody.returncode == 2 and "no running plot serve answers for the data folder" in nobody.stderr


async def test_on_a_store_with_two_workers_the_host_closes_a_table_its_player_is_told(tmp_path, url):
    """Every worker answers `plot admin`; the tables are listed once; a table closed
    through one worker sends its player, on whichever worker, back to the lobby."""
    make_keys(tmp_path, ["player"])
    server = Server(tmp_path, store=url, workers=2)
    try:
        conn, proc = await lobby(server.port, "alice")
        proc.stdin.write(b"n")
        await until_shown(proc, b"A new table")
        proc.stdin.write(b"\r")
        await until_shown(proc, b"Game-Turn 1", timeout=20)
        tables = await asyncio.to_thread(admin, server, "tables", "--player", "alice")
        assert tables.returncode == 0, tables.stderr
        assert tables.stdout.count("T1 ") == 1 and "SS: alice" in tables.stdout, tables.stdout
        who = await asyncio.to_thread(admin, server, "who")
        assert "alice  over SSH  127.0.0.1" in who.stdout and "T1, the SS" in who.stdout, who.stdout
        closed = await asyncio.to_thread(admin, server, "close", "T1", "--why", "a test")
        assert closed.returncode == 0, closed.stderr
        await until_shown(proc, b"The host closed table T1: a test.", timeout=15)
        after = await asyncio.to_thread(admin, server, "tables")
        assert after.stdout.strip() == "No tables."
        conn.close()
        # a bar in the store is lifted by the first worker asked: the second finding it
        # gone is no failure (it printed "not barred here" and exited 1)
        for ask, lift in (("ban", "unban"), ("mute", "unmute")):
            done = await asyncio.to_thread(admin, server, ask, "troll")
            assert done.returncode == 0, done.stderr
            lifted = await asyncio.to_thread(admin, server, lift, "troll")
            assert lifted.returncode == 0 and not lifted.stderr, lifted.stderr
            again = await asyncio.to_thread(admin, server, lift, "troll")
            assert again.returncode == 1 and "the name 'troll' is not" in again.stderr, again.stderr
    finally:
        server.stop()
