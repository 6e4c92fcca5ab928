"""Strangers guessing the server's password from the address a player shares (a club's
NAT, a load balancer) do not keep out a browser that has signed in with the password
before: its sign-ins wait only behind its own wrong ones."""

from __future__ import annotations

import asyncio

from fakes import Later
from plot_server.guard import PasswordThrottle
from plot_server.hub import Hub
from plot_server.server import ConnectionCount, Limits
from plot_server.web import COOKIE, DEVICE_COOKIE, make_app

RIGHT = {"name": "carol", "password": "swordfish"}


def test_a_browser_known_from_an_earlier_sign_in_is_not_kept_waiting_by_guesses_from_its_address(
    rules, tmp_path
):
    from aiohttp.test_utils import TestClient, TestServer

    hub = Hub(rules, tmp_path, later=Later())
    throttle = PasswordThrottle()
    app = make_app(hub, password="swordfish", limits=Limits(), gauge=ConnectionCount(), throttle=throttle)

    async def go():
        async with TestClient(TestServer(app)) as client:
            jar = client.session.cookie_jar  # (each request below says its own cookies)
            first = await client.post("/signin", data=RIGHT, allow_redirects=False)
            assert first.status == 303 and COOKIE in first.cookies
            device = first.cookies[DEVICE_COOKIE].value  # this browser now has had the password
            assert first.cookies[DEVICE_COOKIE]["httponly"]
            for _ in range(10):  # strangers at the same address: its queue is minutes long
                throttle.delay("127.0.0.1")

            jar.clear()
            again = await asyncio.wait_for(
                client.post("/signin", data=RIGHT, cookies={DEVICE_COOKIE: device}, allow_redirects=False), 3
            )
            assert again.status == 303 and COOKIE in again.cookies
            assert again.cookies[DEVICE_COOKIE].value == device  # known another 180 days

            # a browser new here, or one whose cookie was made up, waits its turn
            for cookies in ({}, {DEVICE_COOKIE: "made-up"}):
                jar.clear()
                waiting = asyncio.ensure_future(
                    client.post("/signin", data=RIGHT, cookies=cookies, allow_redirects=False)
                )
                await asyncio.sleep(0.5)
                assert not waiting.done()
                waiting.cancel()

            # its own wrong passwords slow it as any other's would
            wrong = {"name": "carol", "password": "sword"}
            for _ in range(3):
                jar.clear()
                refused = await client.post("/signin", data=wrong, cookies={DEVICE_COOKIE: device})
                assert refused.status == 403 and "That is not the server" in await refused.text()
            jar.clear()
            slowed = asyncio.ensure_future(
                client.post("/signin", data=wrong, cookies={DEVICE_COOKIE: device})
            )
            await asyncio.sleep(0.3)
            assert not slowed.done()
            slowed.cancel()

            # signing out forgets the browser (a shared computer)
            signed_in = again.cookies[COOKIE].value
            jar.clear()
            out = await client.post(
                "/signout",
                cookies={COOKIE: signed_in, DEVICE_COOKIE: device},
                headers={"Origin": str(client.make_url(""))},
                allow_redirects=False,
            )
            assert out.status == 303
            assert await hub.passes.who(DEVICE_KIND, device) is None

    from plot_server.passes import DEVICE as DEVICE_KIND

    asyncio.run(go())
