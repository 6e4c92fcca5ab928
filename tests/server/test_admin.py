"""`plot admin` against a real `plot serve`: who is on (with the address), a name barred
while its player is on (told why, the session ended, the name and its look-alikes
refused at sign-in), the bar lifted."""

from __future__ import annotations

import asyncio
import subprocess
import sys

import asyncssh
import pytest

from serving import Server, make_keys

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
    assert any("the host barred the name 'mallory'" in line for line in server.output)
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
