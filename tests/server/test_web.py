"""`plot serve --web`: the web door of a real server process, over real HTTP and
WebSockets on loopback. What the page's script would send is sent as it
would send it; what comes back is played on a terminal (pyte) and read as a player would."""

from __future__ import annotations

import asyncio
import json
import sys
import time

import aiohttp
import asyncssh
import pyte
import pytest

from serving import Server, eventually, free_port, make_keys, player


def session() -> aiohttp.ClientSession:
    # a cookie from an address (127.0.0.1) is kept, as a browser keeps it
    return aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))


async def sign_in(
    http: aiohttp.ClientSession, url: str, name: str, password: str = "swordfish", **how
) -> aiohttp.ClientResponse:
    return await http.post(
        f"{url}/signin", data={"name": name, "password": password}, allow_redirects=False, **how
    )


class Tab:
    """A browser tab's terminal: the page's messages out, its screen in."""

    def __init__(self, ws, cols: int = 120, rows: int = 40) -> None:
        self.ws, self.screen = ws, pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.texts: list[str] = []
        self.reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        async for m in self.ws:
            if m.type is aiohttp.WSMsgType.BINARY:
                self.stream.feed(m.data)
            elif m.type is aiohttp.WSMsgType.TEXT:
                self.texts.append(m.data)

    def shown(self) -> str:
        return "\n".join(self.screen.display)

    async def wait_shown(self, what: str, timeout: float = 20) -> None:
        deadline = time.monotonic() + timeout
        while what not in self.shown():
            assert time.monotonic() < deadline, f"{what!r} never shown:\n{self.shown()}"
            await asyncio.sleep(0.05)

    async def keys(self, *presses: str, pause: float = 0.25) -> None:
        for press in presses:
            await self.ws.send_str(json.dumps(["stdin", press]))
            await asyncio.sleep(pause)


async def open_tab(http, url: str, *, origin: str | None = None, size=(120, 40)):
    return await http.ws_connect(
        f"{url}/ws?width={size[0]}&height={size[1]}", headers={"Origin": origin or url}
    )


def test_the_sign_in_page_is_served_with_its_protections(web_server):
    async def go():
        async with session() as http:
            r = await http.get(web_server.web + "/")
            page = await r.text()
            assert r.status == 200 and '<form method="post" action="/signin">' in page
            csp = r.headers["Content-Security-Policy"]
            assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp
            assert "default-src 'none'" in csp and "connect-src 'self'" in csp
            assert r.headers["X-Content-Type-Options"] == "nosniff"
            for path in (
                "/static/js/textual.js",
                "/static/css/xterm.css",
                "/plot/plot.css",
                "/plot/page.js",
                "/static/fonts/RobotoMono-VariableFont_wght.ttf",
            ):
                r = await http.get(web_server.web + path)  # every file from this server
                assert r.status == 200, path
                assert r.headers["Content-Security-Policy"] == csp
            r = await http.get(web_server.web + "/static/../webpage/plot.css")
            assert r.status in (403, 404)

    asyncio.run(go())


def test_a_wrong_password_or_a_hostile_name_is_refused_and_said_as_text(web_server):
    async def go():
        async with session() as http:
            r = await sign_in(http, web_server.web, "alice", "guess")
            page = await r.text()
            assert r.status == 403 and "That is not the server&#x27;s password." in page
            assert 'value="alice"' in page and "plot_session" not in r.headers.get("Set-Cookie", "")
            r = await sign_in(http, web_server.web, "<img src=x onerror=alert(1)>")
            page = await r.text()
            assert r.status == 400 and "That name:" in page
            assert "<img" not in page and "onerror" not in page  # never echoed as markup
            r = await http.get(web_server.web + "/")  # still not signed in
            assert 'action="/signin"' in await r.text()

    asyncio.run(go())


def test_the_cookie_is_httponly_and_samesite_and_the_socket_wants_it(web_server):
    async def go():
        async with session() as http:
            with pytest.raises(aiohttp.WSServerHandshakeError) as no_cookie:
                await open_tab(http, web_server.web)
            assert no_cookie.value.status == 401
            r = await sign_in(http, web_server.web, "alice")
            assert r.status == 303 and r.headers["Location"] == "/"
            cookie = r.headers["Set-Cookie"]
            assert cookie.startswith("plot_session=")
            assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Path=/" in cookie
            r = await http.get(web_server.web + "/")
            page = await r.text()
            assert 'data-session-websocket-url="/ws"' in page
            # each visit gives the cookie another day in the browser too
            again = r.headers.get("Set-Cookie", "")
            assert again.startswith("plot_session=") and "Max-Age=86400" in again
            assert '<script src="/static/js/textual.js">' in page and "<script>" not in page
            assert '<script src="/plot/page.js" defer>' in page  # the terminal takes keys
            # once the connection closes, the page offers to sign this browser out
            assert '<form method="post" action="/signout"><button type="submit">Sign this' in page
            # another site's page may not drive alice's session with her cookie
            with pytest.raises(aiohttp.WSServerHandshakeError) as elsewhere:
                await open_tab(http, web_server.web, origin="http://evil.example")
            assert elsewhere.value.status == 403
            r = await http.post(web_server.web + "/signout", allow_redirects=False)
            assert r.status == 303
            with pytest.raises(aiohttp.WSServerHandshakeError):
                await open_tab(http, web_server.web)

    asyncio.run(go())


def test_a_browser_player_makes_a_table_and_plays_and_junk_is_ignored(web_server):
    async def go():
        async with session() as http:
            await sign_in(http, web_server.web, "carol")
            ws = await open_tab(http, web_server.web)
            tab = Tab(ws)
            await tab.wait_shown("you are carol")
            # not the page's protocol: ignored, the session goes on
            for junk in (
                "not json",
                "{}",
                "[]",
                "[1]",
                '["stdin", 5]',
                '["resize", {"width": -1, "height": 2}]',
                '["resize", {"width": true, "height": 2}]',
                '["ping", {}]',
            ):
                await ws.send_str(junk)
            await ws.send_bytes(b"\x00\x01binary")
            await ws.send_str(json.dumps(["ping", "42"]))
            deadline = time.monotonic() + 10
            while '["pong", "42"]' not in tab.texts:
                assert time.monotonic() < deadline, tab.texts
                await asyncio.sleep(0.05)
            await tab.keys("n")
            await tab.wait_shown("A new table")
            await tab.keys("\x1b[B", " ", "\t", "\x1b[B", " ", "\r")  # Abwehr; computer
            await tab.wait_shown("Game-Turn 1 of 9")
            await tab.wait_shown("carol plays the Abwehr")
            for code in ("FHQ", "GES", "SSG", " BE "):  # the map's HQs and areas
                await tab.wait_shown(code)
            await ws.close()
        t1 = web_server.table("T1")
        assert "password carol" in json.dumps(t1)  # her seat, by her name

        # the host's log says when her page's game connection opened and closed
        def said(what: str) -> bool:
            return any(what in line for line in web_server.output)

        assert said("sign-in: carol by the password, web door, from 127.0.0.1")
        assert said("connected: carol from 127.0.0.1 (web door)")
        deadline = time.monotonic() + 10
        while not said("disconnected: carol from 127.0.0.1 (web door)"):
            assert time.monotonic() < deadline, "".join(web_server.output)
            time.sleep(0.05)

    asyncio.run(go())


def test_a_key_holder_makes_a_one_time_link_over_ssh_and_is_the_same_player_in_a_browser(web_server):
    bob = player(web_server, "bob")  # in by key, no password
    try:
        bob.send("L")
        bob.wait_shown("in a browser:")
        shown = bob.shown()
        url = shown[shown.index(web_server.web + "/link/") :].split()[0]
    finally:
        bob.close()
    token = url.rsplit("/", 1)[1]

    async def go():
        async with session() as http:
            r = await http.get(url)  # a preview would do this
            page = await r.text()
            assert r.status == 200 and "Sign in as <b>bob</b>" not in page
            assert "Sign in as bob</button>" in page
            r = await http.post(web_server.web + "/link", data={"token": token}, allow_redirects=False)
            assert r.status == 303 and "HttpOnly" in r.headers["Set-Cookie"]
            tab = Tab(await open_tab(http, web_server.web))
            await tab.wait_shown("you are bob")
            await tab.ws.close()
        async with session() as other:  # once: never again
            r = await other.post(web_server.web + "/link", data={"token": token}, allow_redirects=False)
            assert r.status == 410 and "That link has been used" in await r.text()
            r = await other.get(url)
            assert r.status == 410
            r = await other.get(web_server.web + "/link/<script>")
            assert r.status == 404

    asyncio.run(go())


def test_forms_sent_from_another_sites_page_are_refused(web_server):
    """Cross-site request forgery: a page elsewhere auto-submitting to /signout, /signin
    or /link. Browsers say where a form comes from; this server's own page passes."""

    async def go():
        async with session() as http:
            assert (await sign_in(http, web_server.web, "alice")).status == 303
            for elsewhere in (
                {"Origin": "http://evil.example"},
                {"Origin": "null"},
                {"Sec-Fetch-Site": "cross-site"},
            ):
                for path, data in (
                    ("/signout", {}),
                    ("/link", {"token": "x"}),
                    ("/signin", {"name": "mallory", "password": "swordfish"}),
                ):
                    r = await http.post(
                        web_server.web + path, data=data, headers=elsewhere, allow_redirects=False
                    )
                    assert r.status == 403, (path, elsewhere)
                    assert "another site's page" in await r.text()
            page = await (await http.get(web_server.web + "/")).text()
            assert 'data-session-websocket-url="/ws"' in page  # still signed in
            r = await http.post(
                web_server.web + "/signout",
                allow_redirects=False,
                headers={"Origin": web_server.web, "Sec-Fetch-Site": "same-origin"},
            )
            assert r.status == 303  # from our own page
            page = await (await http.get(web_server.web + "/")).text()
            assert 'action="/signin"' in page

    asyncio.run(go())


@pytest.fixture(scope="module")
def small(tmp_path_factory):
    """A server for one player at a time, whose password guesses are its own."""
    d = tmp_path_factory.mktemp("small")
    make_keys(d, ["gina"])
    web = free_port()
    srv = Server(d, "--web", str(web), "--max-connections", "1")
    srv.web = f"http://127.0.0.1:{web}"
    yield srv
    srv.stop()


def test_a_full_server_and_an_oversized_message_are_refused_and_the_player_stays(small):
    async def go():
        async with session() as http, session() as second:
            await sign_in(http, small.web, "erin")
            await sign_in(second, small.web, "finn")
            tab = Tab(await open_tab(http, small.web))
            await tab.wait_shown("you are erin")
            with pytest.raises(aiohttp.WSServerHandshakeError) as full:
                await open_tab(second, small.web)  # the one place is taken
            assert full.value.status == 503
            r = await second.get(small.web + "/ws", headers={"Origin": small.web})
            assert "the server is full (1 players)" in await r.text()
            # a message past 64 KiB closes that tab only; the server and its place remain
            await tab.ws.send_str(json.dumps(["stdin", "x" * 70_000]))
            deadline = time.monotonic() + 10
            while not tab.ws.closed:
                assert time.monotonic() < deadline, "the oversized message was taken"
                await asyncio.sleep(0.05)
            assert tab.ws.close_code == aiohttp.WSCloseCode.MESSAGE_TOO_BIG
            deadline = time.monotonic() + 10
            while True:  # erin's place is given back
                try:
                    again = Tab(await open_tab(second, small.web))
                    break
                except aiohttp.WSServerHandshakeError:
                    assert time.monotonic() < deadline, "the place never came back"
                    await asyncio.sleep(0.2)
            await again.wait_shown("you are finn")
            await again.ws.close()

    asyncio.run(go())


def test_wrong_passwords_slow_down_through_both_doors_together(small):
    async def go():
        async with session() as http:
            for _ in range(3):  # the free ones, by the web
                r = await sign_in(http, small.web, "mallory", "guess")
                assert r.status == 403
            started = time.monotonic()
            with pytest.raises(asyncssh.PermissionDenied):  # the next one, by SSH, waits
                await asyncssh.connect(
                    "127.0.0.1",
                    small.port,
                    username="mallory",
                    password="guess",
                    known_hosts=None,
                    client_keys=None,
                    preferred_auth="password",
                )
            assert time.monotonic() - started >= 0.5
            started = time.monotonic()
            r = await sign_in(http, small.web, "mallory", "guess")  # and the web's: longer
            assert r.status == 403 and time.monotonic() - started >= 1.0

    asyncio.run(go())


def test_silent_connections_cannot_fill_the_web_door(tmp_path):
    """Sockets opened and left half-way through a request (slowloris): past
    --max-strangers the oldest are closed, and a player still gets in and plays."""
    import socket as sockets

    make_keys(tmp_path, ["hana"])
    web = free_port()
    srv = Server(tmp_path, "--web", str(web), "--max-strangers", "3")
    url = f"http://127.0.0.1:{web}"
    silent = []
    try:
        for _ in range(10):
            s = sockets.create_connection(("127.0.0.1", web))
            s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")  # and never the rest
            s.settimeout(5)
            silent.append(s)
            time.sleep(0.05)

        def closed(s) -> bool:
            try:
                return s.recv(1) == b""
            except (TimeoutError, ConnectionResetError):
                return isinstance(sys.exc_info()[1], ConnectionResetError)

        assert all(closed(s) for s in silent[:6])  # the oldest went

        async def go():
            async with session() as http:
                await sign_in(http, url, "ivan")
                tab = Tab(await open_tab(http, url))
                await tab.wait_shown("you are ivan")
                await tab.ws.close()

        asyncio.run(go())
    finally:
        for s in silent:
            s.close()
        srv.stop()


def test_the_first_size_a_page_asks_for_is_clamped_like_every_later_one(web_server):
    """The page's first size comes in the WebSocket's address; 99999x99999 there once
    made the server draw (and hold) a screen of that size."""

    async def go():
        async with session() as http:
            await sign_in(http, web_server.web, "wide")
            ws = await open_tab(http, web_server.web, size=(99999, 99999))
            tab = Tab(ws, cols=520, rows=220)
            await tab.wait_shown("you are wide")
            await tab.wait_shown("plot draws at most 500x200")
            lines = tab.screen.display
            assert "Leave" in lines[199]  # the footer: the 200th line
            assert not any(line.strip() for line in lines[200:])
            assert not any(line[500:].strip() for line in lines)
            await ws.close()

    asyncio.run(go())


def _frame(text: str) -> bytes:
    """A masked WebSocket text frame, as a client must send it."""
    import os
    import struct

    data = text.encode()
    head = bytes([0x81])
    n = len(data)
    head += bytes([0x80 | n]) if n < 126 else bytes([0x80 | 126]) + struct.pack("!H", n)
    mask = os.urandom(4)
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))


def test_a_page_that_pings_and_never_reads_is_closed_and_cannot_grow_the_server(web_server):
    """A client that sends ["ping", ...] without pause and reads nothing: the pongs once
    queued without bound (1 GiB in a minute). Now pings count against the input budget,
    a client that does not read gets no pongs, and a flood is closed."""
    import socket as sockets

    async def cookie() -> str:
        async with session() as http:
            r = await sign_in(http, web_server.web, "deaf")
            return r.cookies["plot_session"].value

    token = asyncio.run(cookie())
    port = int(web_server.web.rsplit(":", 1)[1])
    s = sockets.create_connection(("127.0.0.1", port))
    s.setsockopt(sockets.SOL_SOCKET, sockets.SO_RCVBUF, 4096)  # and never read
    s.sendall(
        f"GET /ws?width=80&height=24 HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
        f"Origin: {web_server.web}\r\nCookie: plot_session={token}\r\nUpgrade: websocket\r\n"
        "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
        "Sec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    before = web_server.rss_mib()
    ping = _frame(json.dumps(["ping", "x" * 32])) * 64
    s.settimeout(1)
    started, closed = time.monotonic(), False
    try:
        while time.monotonic() - started < 12 and not closed:  # a flood is closed in 10 s
            try:
                s.sendall(ping)
            except TimeoutError:
                pass  # the server has stopped reading us
            except OSError:
                closed = True  # reset: the server has let go
        grown = web_server.rss_mib() - before
        # Now read: what the server still sent, then the end of the connection.
        deadline = time.monotonic() + 20
        while not closed and time.monotonic() < deadline:
            try:
                closed = s.recv(65536) == b""
            except TimeoutError:
                continue
            except OSError:
                closed = True
    finally:
        s.close()
    assert closed, "a client pinging without pause was never closed"
    assert grown < 50, f"the server grew {grown:.0f} MiB for a client that reads nothing"


def test_the_link_at_the_end_of_a_notice_asks_then_turns_notices_off(web_server):
    """Opening the link changes nothing (a mail scanner fetches links); its button does."""
    from plot_server.notice_addresses import NoticeBook
    from plot_server.tables import Account

    book = NoticeBook(web_server.d / "home")
    who = Account("key SHA256:dave", "dave <b>")

    async def go() -> None:
        token = (await book.set(who, email="dave@example.org", webhook="")).token
        async with session() as http:
            page = await (await http.get(f"{web_server.web}/notices/off/{token}")).text()
            assert "No more notices (e-mail or webhook) for <b>dave &lt;b&gt;</b>?" in page
            assert (await book.get(who)).email == "dave@example.org"  # only asked
            r = await http.post(
                f"{web_server.web}/notices/off", data={"token": token}, headers={"Origin": web_server.web}
            )
            assert "No more notices for <b>dave &lt;b&gt;</b>." in await r.text()
            assert (await book.get(who)).email == ""
            gone = await (await http.get(f"{web_server.web}/notices/off/{'x' * 24}")).text()
            assert "This link is not known here." in gone

    asyncio.run(go())


def test_the_host_reads_the_servers_figures_from_this_machine_only(web_server):
    """/metrics: Prometheus's text, with a key's time to its redraw counted; a request
    passed on by a proxy (which may sit on this machine) is told there is no such page."""

    def figure(text: str, name: str) -> float:
        line = next(ln for ln in text.splitlines() if ln.startswith(name + "{"))
        return float(line.rsplit(" ", 1)[1])

    async def go():
        async with session() as http:
            r = await http.get(web_server.web + "/metrics")
            assert r.status == 200 and r.headers["Content-Type"].startswith("text/plain; version=0.0.4")
            before = figure(await r.text(), "plot_key_to_redraw_seconds_count")
            await sign_in(http, web_server.web, "erin")
            tab = Tab(await open_tab(http, web_server.web))
            await tab.wait_shown("you are erin")
            await tab.keys("n")
            await tab.wait_shown("A new table")
            r = await http.get(web_server.web + "/metrics")
            text = await r.text()
            assert figure(text, "plot_players_connected") >= 1
            assert figure(text, "plot_key_to_redraw_seconds_count") > before
            assert figure(text, "plot_resident_memory_bytes") > 10 * 2**20
            await tab.ws.close()
            for header in ("X-Forwarded-For", "Forwarded", "X-Real-IP"):
                r = await http.get(web_server.web + "/metrics", headers={header: "203.0.113.9"})
                assert r.status == 404 and "plot_" not in await r.text()
            # a page that renamed itself to this machine's address names its own host
            r = await http.get(web_server.web + "/metrics", headers={"Host": "plot.attacker.example"})
            assert r.status == 404

    asyncio.run(go())


def test_the_web_door_may_listen_on_an_address_of_its_own(tmp_path):
    """--web-host: SSH open to the network, the web door's plain HTTP kept to this machine
    (its TLS proxy's side). Here 127.0.0.2 stands for "another address": the door answers
    there alone, and the start says where it listens."""
    import socket

    make_keys(tmp_path, ["bob"])
    web = free_port()
    srv = Server(tmp_path, "--web", str(web), "--web-host", "127.0.0.2")
    try:
        # (the web door says so after the SSH door's line, not always by the time that one is read)
        said = f"listening on 127.0.0.2:{web}"
        eventually(lambda: any(said in ln for ln in srv.output), "the web door's line")

        async def page(address: str) -> int:
            async with session() as http:
                return (await http.get(f"http://{address}:{web}/")).status

        assert asyncio.run(page("127.0.0.2")) == 200
        with socket.socket() as s:
            assert s.connect_ex(("127.0.0.1", web)) != 0  # nothing listens there
    finally:
        srv.stop()
