"""Strangers guessing the server's password from the address a player shares (a club's
NAT, a load balancer) do not keep out a browser that has signed in with the password
before: its sign-ins wait in a queue of their own until its first wrong password."""

from __future__ import annotations

import asyncio

from fakes import Later
from plot_server.guard import PasswordThrottle
from plot_server.hub import Hub
from plot_server.passes import DEVICE, SIGN_IN, password_account
from plot_server.server import ConnectionCount, Limits
from plot_server.web import COOKIE, DEVICE_COOKIE, make_app

RIGHT = {"name": "carol", "password": "swordfish"}
CAROL = password_account("carol")


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
            renewed = again.cookies[DEVICE_COOKIE].value  # made anew: another 180 days
            assert await hub.passes.who(DEVICE, renewed) is not None
            assert await hub.passes.who(DEVICE, device) is None

            # a browser new here, or one whose cookie was made up, waits its turn with
            # its address (it takes the address's next slot)
            for cookies in ({}, {DEVICE_COOKIE: "made-up"}):
                jar.clear()
                slot = throttle.next_slot["127.0.0.1"]
                waiting = asyncio.ensure_future(
                    client.post("/signin", data=RIGHT, cookies=cookies, allow_redirects=False)
                )
                await asyncio.sleep(0.3)
                assert throttle.next_slot["127.0.0.1"] > slot and not waiting.done()
                waiting.cancel()

            # its first wrong password forgets it: the next waits with the address again
            jar.clear()
            wrong = {"name": "carol", "password": "sword"}
            refused = await asyncio.wait_for(
                client.post("/signin", data=wrong, cookies={DEVICE_COOKIE: renewed}), 3
            )
            assert refused.status == 403 and "That is not the server" in await refused.text()
            assert await hub.passes.who(DEVICE, renewed) is None

            # signing out forgets the browser (a shared computer)
            jar.clear()
            device = await hub.passes.add(DEVICE, CAROL, "127.0.0.1")
            signed_in = await hub.passes.add(SIGN_IN, CAROL, "127.0.0.1")
            out = await client.post(
                "/signout",
                cookies={COOKIE: signed_in, DEVICE_COOKIE: device},
                headers={"Origin": str(client.make_url(""))},
                allow_redirects=False,
            )
            assert out.status == 303
            assert await hub.passes.who(DEVICE, device) is None

    asyncio.run(go())
