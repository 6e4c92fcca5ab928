"""A server told to stop answers at once the browser sign-ins waiting out their
guesses' delay (they held a stopped server up for a minute under a guessing load)."""

from __future__ import annotations

import asyncio
import time

from fakes import Later
from plot_server.guard import PasswordThrottle
from plot_server.hub import Hub
from plot_server.server import ConnectionCount, Limits
from plot_server.web import make_app, stop_waiting


def test_a_stop_answers_a_sign_in_waiting_out_its_guesses_delay(rules, tmp_path):
    from aiohttp.test_utils import TestClient, TestServer

    hub = Hub(rules, tmp_path, later=Later())
    throttle = PasswordThrottle()
    for _ in range(10):  # a guesser's queue from this address: minutes long now
        throttle.delay("127.0.0.1")
    app = make_app(hub, password="swordfish", limits=Limits(), gauge=ConnectionCount(), throttle=throttle)

    async def go():
        async with TestClient(TestServer(app)) as client:
            form = {"name": "carol", "password": "swordfish"}
            waiting = asyncio.ensure_future(client.post("/signin", data=form))
            await asyncio.sleep(0.5)
            assert not waiting.done()  # in the queue behind the guesses
            asked = time.monotonic()
            stop_waiting(client.server.runner)
            page = await asyncio.wait_for(waiting, 5)
            assert page.status == 503 and "The server is stopping; try again soon." in await page.text()
            assert time.monotonic() - asked < 2
            # and no game opens once the players have been told goodbye
            game = await client.get("/ws", headers={"Origin": str(client.make_url(""))})
            assert game.status == 503 and await game.text() == "the server is stopping"

    asyncio.run(go())
