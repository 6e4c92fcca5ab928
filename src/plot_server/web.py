"""`plot serve --web PORT`: the same hub, tables and identities from a browser.

The browser's page is textual-serve's terminal (its textual.js, xterm.js inside, and its
fonts and stylesheet, served from the installed textual-serve package: nothing comes
from the internet), and each tab's session is a ServedApp in this process on a
WebDriver, beside the SSH sessions. A player signs in with a user name and the server
password, and is then the same player as ``ssh name@host`` with that password: the
seats they take are theirs through either door.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import ipaddress
import secrets
from pathlib import Path
from urllib.parse import urlsplit

import textual_serve
from aiohttp import web

from .collector import Collector
from .figures import Watched, prometheus_text
from .guard import PasswordThrottle, normal_name
from .hub import Account, Hub
from .passes import (
    DEVICE,
    DEVICE_DAYS,
    LINK,
    LINK_MINUTES,
    SESSION_HOURS,
    SIGN_IN,
    password_account,
    queue_of,
)
from .pgstore import StoreError
from .server import ConnectionCount, Frontend, Limits, ServedApp
from .tables import to_operator
from .webdriver import MAX_MESSAGE, WebDriver

WEB = Frontend(WebDriver, "in the browser")
TERMINAL_FILES = Path(textual_serve.__file__).parent / "static"
OUR_FILES = Path(__file__).parent / "webpage"

COOKIE = "plot_session"
DEVICE_COOKIE = "plot_device"  # this browser has signed in with the password before
MAX_FORM = 4096  # bytes of a sign-in form
FAREWELL = 5.0  # seconds a page's last frames and its goodbye may take
# seconds requests still running may take once the server stops: a page's farewell;
# not a sign-in waiting out its guesses' delay (aiohttp's own default, 60 s, let a
# server under guessing load ignore a stop for a minute)
STOP_GRACE = FAREWELL + 1.0
STOPPING = web.AppKey("stopping", asyncio.Event)  # set when the server stops (stop_waiting)

# Scripts only from this server and no inline ones; xterm.js sets styles inline; the
# page talks only to its own server (the WebSocket) and may not be framed elsewhere.
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "font-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; "
    "frame-ancestors 'none'; base-uri 'none'"
)
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    # same-origin: a link's token never leaves in a Referer, and our own forms
    # still carry their Origin (no-referrer would make it "null")
    "Referrer-Policy": "same-origin",
    "Cache-Control": "no-store",
}


def _page(title: str, body: str, *, status: int = 200) -> web.Response:
    text = (
        f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width">'
        f"<title>{html.escape(title)}</title>"
        f'<link rel="stylesheet" href="/plot/plot.css"></head>\n<body>{body}</body></html>\n'
    )
    return web.Response(text=text, content_type="text/html", status=status, headers=HEADERS)


def sign_in_page(*, password: bool, name: str = "", problem: str = "", status: int = 200) -> web.Response:
    said = f'<p class="problem" role="alert">{html.escape(problem)}</p>' if problem else ""
    if not password:
        return _page(
            "plot: sign in",
            f'<main class="signin"><h1>plot</h1>{said}<p>This '
            "server lets players in by SSH key. To play here, make a one-time "
            "link in your SSH session (L in the lobby) and open it.</p></main>",
            status=status,
        )
    return _page(
        "plot: sign in",
        f"""<main class="signin"><h1>plot</h1>
<p>The Plot to Assassinate Hitler, for two players. Sign in with a name (the same as
your name over SSH, to sit in the same seats) and the server's password.</p>{said}
<form method="post" action="/signin">
<label>Name <input name="name" autocomplete="username" maxlength="32" required
 value="{html.escape(name)}" autofocus></label>
<label>Password <input name="password" type="password" autocomplete="current-password"
 required></label>
<button type="submit">Sign in</button></form></main>""",
        status=status,
    )


# Once the connection has closed (q in the lobby, or the server stopping) the page says
# so, and offers to sign this browser out: on a shared computer, leaving is not enough.
PLAY_PAGE = """<main id="terminal" class="textual-terminal"
 data-session-websocket-url="/ws" data-font-size="16"></main>
<div class="closed"><p>The connection has closed; any game of yours waits for you.
<a href="/">Come back</a></p>
<form method="post" action="/signout"><button type="submit">Sign this browser out</button>
(on a computer others use)</form></div>"""


def _secure(request: web.Request) -> bool:
    # Behind a TLS proxy (the host's guide's advice for the open internet) the proxy says so.
    return request.secure or request.headers.get("X-Forwarded-Proto", "") == "https"


def _address(request: web.Request, proxies: frozenset[str]) -> str:
    """Who is asking, for the password throttle: behind a proxy named by --web-proxy
    every request comes from the proxy, which puts the real address last in
    X-Forwarded-For (what comes before it is whatever the client wrote there)."""
    remote = request.remote or "?"
    if remote in proxies:
        forwarded = request.headers.get("X-Forwarded-For", "").split(",")[-1].strip()
        if forwarded:
            return forwarded[:64]
    return remote


def set_cookie(
    response: web.StreamResponse,
    request: web.Request,
    token: str,
    *,
    name: str = COOKIE,
    seconds: int = SESSION_HOURS * 3600,
) -> None:
    """One of the server's cookies, never read by the page's script and never sent by
    another site: the sign-in's by default, good for a day from now (each visit sets it
    again); the known browser's (DEVICE_COOKIE) for DEVICE_DAYS."""
    response.set_cookie(
        name, token, httponly=True, samesite="Strict", path="/", secure=_secure(request), max_age=seconds
    )


LOOPBACK_NAMES = ("localhost", "127.0.0.1", "[::1]")


def _from_this_machine(request: web.Request, proxies: frozenset[str]) -> bool:
    """Sent from this machine itself, for this machine: not passed on by a proxy (named
    by --web-proxy, or adding a forwarding header), and addressed to a loopback name (a
    page elsewhere that renamed itself to 127.0.0.1, DNS rebinding, names its own)."""
    remote = request.remote or ""
    if remote in proxies or any(h in request.headers for h in ("X-Forwarded-For", "Forwarded", "X-Real-IP")):
        return False
    if request.host.rsplit(":", 1)[0] not in LOOPBACK_NAMES:
        return False
    try:
        return ipaddress.ip_address(remote).is_loopback
    except ValueError:
        return False


def _same_origin(request: web.Request) -> bool:
    """A WebSocket opened by our own page: a page elsewhere may not drive a player's
    session with their cookie (cross-site WebSocket hijacking)."""
    origin = request.headers.get("Origin")
    return origin is not None and urlsplit(origin).netloc == request.host


def _posted_from_elsewhere(request: web.Request) -> bool:
    """A form sent by another site's page (cross-site request forgery: a page elsewhere
    signing a player out, or in as someone else). Browsers say where a POST comes from
    in Origin ("null" from a sandbox or a privacy redirect counts as elsewhere) or in
    Sec-Fetch-Site; a client that says neither is not a browser acting for someone."""
    site = request.headers.get("Sec-Fetch-Site")
    if site is not None:
        return site not in ("same-origin", "none")
    origin = request.headers.get("Origin")
    return origin is not None and (origin == "null" or urlsplit(origin).netloc != request.host)


@web.middleware
async def same_site_forms(request: web.Request, handler):
    if request.method == "POST" and _posted_from_elsewhere(request):
        return web.Response(
            status=403,
            headers=HEADERS,
            content_type="text/plain",
            text="That form was sent from another site's page: open this server's own page and try again.",
        )
    return await handler(request)


@web.middleware
async def store_away(request: web.Request, handler):
    """A sign-in or link the store cannot check now: said to the browser, whose page
    can be loaded again, and the reason to the host."""
    try:
        return await handler(request)
    except StoreError as exc:
        route = request.match_info.route.resource  # its pattern: a token is not logged
        where = route.canonical if route is not None else "a page"
        to_operator(f"web door: {request.method} {where} not answered: {exc}")
        return _page(
            "plot: try again",
            '<main class="signin"><h1>plot</h1><p>The server cannot check sign-ins just now '
            "(its store does not answer). Try again in a minute.</p></main>",
            status=503,
        )


class WebConnectionLimit:
    """The web door's connections that hold no game (a page loading, a sign-in, or one
    opened and left silent): past ``most`` the oldest is closed, as the SSH door closes
    its oldest stranger, so silent sockets cannot fill the server."""

    def __init__(self, most: int) -> None:
        self.most = most
        self.seated: set = set()  # connections that carry a game session
        self.server: web.Server | None = None

    def watch(self, server: web.Server) -> None:
        self.server, made = server, server.connection_made

        def connection_made(handler, transport) -> None:
            made(handler, transport)
            strangers = [h for h in server.connections if h not in self.seated]
            for oldest in strangers[: max(0, len(strangers) - self.most)]:
                oldest.force_close()
                if oldest.transport is not None:
                    oldest.transport.close()

        # aiohttp has no hook for a new connection: its server's own method is wrapped
        server.connection_made = connection_made  # type: ignore[method-assign]


def make_app(
    hub: Hub,
    *,
    password: str | None,
    limits: Limits,
    gauge: ConnectionCount,
    throttle: PasswordThrottle,
    collector: Collector | None = None,
    doorman: WebConnectionLimit | None = None,
    proxies: frozenset[str] = frozenset(),
    watched: Watched | None = None,
) -> web.Application:
    passes = hub.passes
    doorman = doorman or WebConnectionLimit(limits.strangers)
    app = web.Application(client_max_size=MAX_FORM, middlewares=[same_site_forms, store_away])
    app[STOPPING] = asyncio.Event()

    def turned_away(who: Account) -> web.Response | None:
        """The sign-in page saying why, for a name or key the host barred."""
        ban = hub.barred(who)
        if ban is None:
            return None
        return sign_in_page(password=password is not None, problem=f"{ban.words()}.", status=403)

    async def index(request: web.Request) -> web.Response:
        token = request.cookies.get(COOKIE)
        who = None if token is None else await passes.who(SIGN_IN, token)
        if token is None or who is None:
            return sign_in_page(password=password is not None)
        turned = turned_away(who)  # (a browser signed in before the ban)
        if turned is not None:
            return turned
        page = web.Response(
            text=(
                '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
                "<title>plot</title>"
                '<link rel="stylesheet" href="/static/css/xterm.css">'
                '<link rel="stylesheet" href="/plot/plot.css">'
                '<script src="/static/js/textual.js"></script>'
                '<script src="/plot/page.js" defer></script></head>\n'
                f'<body class="playing">{PLAY_PAGE}</body></html>\n'
            ),
            content_type="text/html",
            headers=HEADERS,
        )
        set_cookie(page, request, token)  # a visit: another day from now, in the browser too
        return page

    async def sign_in(request: web.Request) -> web.Response:
        if password is None:
            return sign_in_page(password=False, status=403)
        try:
            form = await request.post()
        except (ValueError, web.HTTPException):
            return sign_in_page(password=True, problem="That form was too large.", status=400)
        name, given = form.get("name", ""), form.get("password", "")
        if not isinstance(name, str) or not isinstance(given, str):
            return sign_in_page(password=True, problem="Send a name and a password.", status=400)
        address = _address(request, proxies)
        # A browser that has had the right password waits behind its own wrong ones
        # only; any other, behind every guess from its address (both doors).
        device = request.cookies.get(DEVICE_COOKIE)
        known = device if device and await passes.who(DEVICE, device) is not None else None
        queue = queue_of(known) if known else address
        wait = throttle.delay(queue)
        # a stop ends the wait
        if wait and await _stopped_within(request.app[STOPPING], wait):
            return sign_in_page(password=True, problem="The server is stopping; try again soon.", status=503)
        problem = hub.name_problem(name)
        if problem is not None:
            return sign_in_page(password=True, problem=f"That name: {problem}.", status=400)
        if not secrets.compare_digest(given.encode(), password.encode()):
            throttle.failed(queue)
            if known:  # its first wrong password: the browser waits with its address again
                await passes.take(DEVICE, known)
            to_operator(f"refused sign-in: {name[:40]} from {address} (a wrong password, web door)")
            return sign_in_page(
                password=True, name=name, problem="That is not the server's password.", status=403
            )
        throttle.passed(queue)
        name = normal_name(name)
        who = password_account(name)  # as `ssh name@host`
        problem = hub.signed_in_problem(who)
        if problem is not None:
            return sign_in_page(password=True, problem=f"That name: {problem}.", status=400)
        response = _signed_in(request, who, "the password", await passes.add(SIGN_IN, who, address))
        if known:  # made anew at each right password: known DEVICE_DAYS from now
            await passes.take(DEVICE, known)
        anew = await passes.add(DEVICE, who, address)
        set_cookie(response, request, anew, name=DEVICE_COOKIE, seconds=DEVICE_DAYS * 86400)
        return response

    def _link_gone() -> web.Response:
        return sign_in_page(
            password=password is not None,
            status=410,
            problem=(
                f"That link has been used, or is more than {LINK_MINUTES} minutes old: make a "
                "new one in your SSH session (L in the lobby)."
            ),
        )

    async def link(request: web.Request) -> web.Response:
        # Opening the link only asks: a preview that fetches it does not use it up.
        token = request.match_info["token"]
        who = await passes.who(LINK, token)
        if who is None:
            return _link_gone()
        name = html.escape(who.name)
        return _page(
            "plot: sign in",
            f"""<main class="signin"><h1>plot</h1>
<p>This link signs you in as <b>{name}</b>, once, with the seats of your SSH session.</p>
<form method="post" action="/link"><input type="hidden" name="token"
 value="{html.escape(token)}"><button type="submit">Sign in as {name}</button></form></main>""",
        )

    # The link at the end of every notice: opening it asks (a mail scanner that fetches
    # it changes nothing), the button turns notices off.
    def notices_page(body: str) -> web.Response:
        return _page("plot: notices", f'<main class="signin"><h1>plot</h1>{body}</main>')

    unknown = "<p>This link is not known here.</p>"

    async def notices_off(request: web.Request) -> web.Response:
        token = request.match_info["token"]
        name = await hub.notices.book.whose(token) if hub.notices is not None else None
        if name is None:
            return notices_page(unknown)
        return notices_page(
            f"""<p>No more notices (e-mail or webhook) for <b>{html.escape(name)}</b>?</p>
<form method="post" action="/notices/off"><input type="hidden" name="token"
 value="{html.escape(token)}"><button type="submit">Turn notices off</button></form>"""
        )

    async def notices_off_done(request: web.Request) -> web.Response:
        token = await posted_token(request)
        name = await hub.notices.book.off(token) if hub.notices is not None else None
        if name is None:
            return notices_page(unknown)
        return notices_page(
            f"<p>No more notices for <b>{html.escape(name)}</b>. "
            "N in the server's lobby turns them on again.</p>"
        )

    async def posted_token(request: web.Request) -> str:
        """The ``token`` a form posted ("" for none, or a form that cannot be read)."""
        try:
            token = (await request.post()).get("token", "")
        except (ValueError, web.HTTPException):
            token = ""
        return token if isinstance(token, str) else ""

    async def use_link(request: web.Request) -> web.Response:
        token = await posted_token(request)
        who = await passes.who(LINK, token)
        if who is None:
            return _link_gone()
        turned = turned_away(who)
        if turned is not None:
            return turned
        # the sign-in first, then the link used up: a store that fails between them
        # leaves the link good for another try, and two tries at once sign in once
        cookie = await passes.add(SIGN_IN, who, _address(request, proxies))
        if await passes.take(LINK, token) is None:
            await passes.take(SIGN_IN, cookie)
            return _link_gone()
        return _signed_in(request, who, "a one-time link", cookie)

    def _signed_in(request: web.Request, who: Account, how: str, cookie: str) -> web.Response:
        to_operator(f"sign-in: {who.name} by {how}, web door, from {_address(request, proxies)}")
        response = web.HTTPSeeOther("/", headers=HEADERS)
        set_cookie(response, request, cookie)
        return response

    async def sign_out(request: web.Request) -> web.Response:
        who = await passes.take(SIGN_IN, request.cookies.get(COOKIE))
        if who is not None:
            to_operator(f"sign-out: {who.name} from {_address(request, proxies)} (web door)")
        await passes.take(DEVICE, request.cookies.get(DEVICE_COOKIE))  # (a shared computer)
        response = web.HTTPSeeOther("/", headers=HEADERS)
        response.del_cookie(COOKIE, path="/")
        response.del_cookie(DEVICE_COOKIE, path="/")
        return response

    async def play(request: web.Request) -> web.StreamResponse:
        if request.app[STOPPING].is_set():  # (its goodbye has been said: no new game)
            return web.Response(status=503, text="the server is stopping", headers=HEADERS)
        who = await passes.who(SIGN_IN, request.cookies.get(COOKIE))
        if who is None:
            return web.Response(status=401, text="sign in first", headers=HEADERS)
        ban = hub.barred(who)
        if ban is not None:
            return web.Response(status=403, text=ban.words(), headers=HEADERS)
        if not _same_origin(request):
            return web.Response(status=403, text="not from this server's page", headers=HEADERS)
        if gauge.open >= limits.connections:
            return web.Response(
                status=503,
                text=f"the server is full ({limits.connections} players); try again later",
                headers=HEADERS,
            )
        size = (_number(request.query.get("width"), 80), _number(request.query.get("height"), 24))
        socket = web.WebSocketResponse(heartbeat=30, max_msg_size=MAX_MESSAGE)
        transport = request.transport
        await socket.prepare(request)
        doorman.seated.add(request.protocol)
        gauge.open += 1
        address = _address(request, proxies)
        to_operator(f"connected: {who.name} from {address} (web door)")
        served = ServedApp(
            socket,
            hub,
            who,
            limits=limits.connection(),
            collector=collector,
            door=WEB,
            size=size,
            address=address,
        )
        try:
            await served.run_async()
        finally:
            to_operator(f"disconnected: {who.name} from {address} (web door)")
            gauge.open -= 1
            doorman.seated.discard(request.protocol)
            served.leave_everything()
            # The page's last frames and the goodbye, then the close; all within a bound,
            # as a page that reads nothing would otherwise hold them forever.
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(
                    _farewell(socket, getattr(served, "web_sender", None), served.goodbye), FAREWELL
                )
            await _let_go(transport)
        return socket

    app.router.add_get("/", index)
    app.router.add_post("/signin", sign_in)
    app.router.add_post("/signout", sign_out)
    app.router.add_get(r"/link/{token:[A-Za-z0-9_-]{1,64}}", link)
    app.router.add_post("/link", use_link)
    app.router.add_get(r"/notices/off/{token:[A-Za-z0-9_-]{1,64}}", notices_off)
    app.router.add_post("/notices/off", notices_off_done)

    async def metrics(request: web.Request) -> web.Response:
        # this machine's monitoring only: a request from elsewhere, or forwarded by a
        # proxy (which may sit on this machine), is told there is no such page
        if watched is None or not _from_this_machine(request, proxies):
            return web.Response(status=404, text="Not Found", headers=HEADERS)
        return web.Response(
            text=prometheus_text(watched, hub.figures),
            headers={**HEADERS, "Content-Type": "text/plain; version=0.0.4; charset=utf-8"},
        )

    app.router.add_get("/ws", play)
    app.router.add_get("/metrics", metrics)
    app.router.add_static("/static/", TERMINAL_FILES, follow_symlinks=False)
    app.router.add_static("/plot/", OUR_FILES, follow_symlinks=False)
    app.on_response_prepare.append(_static_headers)
    return app


async def _static_headers(request: web.Request, response: web.StreamResponse) -> None:
    for key, value in HEADERS.items():
        if key != "Cache-Control":
            response.headers.setdefault(key, value)


async def _farewell(socket: web.WebSocketResponse, sender: asyncio.Task[None] | None, goodbye: str) -> None:
    if sender is not None:
        await asyncio.wait({sender})  # (a sender cancelled or failed is done too)
    with contextlib.suppress(ConnectionError, RuntimeError):
        if goodbye and not socket.closed:
            await socket.send_bytes(f"\r\n{goodbye}\r\n".encode())
        await socket.close()


async def _let_go(transport: asyncio.Transport | None, seconds: float = 5) -> None:
    """Once the session is over: asyncio closes a connection only after the client has
    read what is still queued for it, which a page that reads nothing never does. Give
    it ``seconds``, then cut it off."""
    if transport is None:
        return
    for _ in range(int(seconds * 10)):
        if transport.get_write_buffer_size() == 0:
            return
        await asyncio.sleep(0.1)
    transport.abort()


def _number(text: str | None, default: int) -> int:
    # ASCII digits only: "²".isdigit() is true, and int() refuses it
    return int(text) if text and text.isascii() and text.isdigit() and len(text) < 6 else default


async def _stopped_within(stopping: asyncio.Event, seconds: float) -> bool:
    """Waits ``seconds``, or less if the server stops meanwhile: did it?"""
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(stopping.wait(), seconds)
    return stopping.is_set()


def stop_waiting(runner: web.AppRunner) -> None:
    """The server stops: sign-ins waiting out their guesses' delay are answered now."""
    runner.app[STOPPING].set()


async def start(host: str, port: int, hub: Hub, *, reuse_port: bool = False, **kwargs) -> web.AppRunner:
    doorman = WebConnectionLimit(kwargs["limits"].strangers)
    runner = web.AppRunner(
        make_app(hub, doorman=doorman, **kwargs),
        access_log=None,
        keepalive_timeout=15,
        shutdown_timeout=STOP_GRACE,
    )
    await runner.setup()
    if runner.server is None:
        raise RuntimeError("the web server did not start")
    doorman.watch(runner.server)
    await web.TCPSite(runner, host, port, reuse_port=reuse_port or None).start()
    return runner
