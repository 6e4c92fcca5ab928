"""The web door behind TLS: Debian's nginx, configured with the host's guide's
own block and a test certificate, in front of a real `plot serve --web --web-proxy`.
The cookie comes back Secure, the game's WebSocket works as wss://, and wrong
passwords are counted per player, by the address the proxy saw, not as the proxy's."""

from __future__ import annotations

import asyncio
import datetime
import ipaddress
import os
import re
import shutil
import signal
import socket
import ssl
import subprocess
import time
from pathlib import Path

import aiohttp
import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from serving import Server, eventually, free_port, make_keys

from .test_web import Tab, sign_in

GUIDE = Path(__file__).parents[2] / "docs" / "hosts" / "serving.md"
NGINX = shutil.which("nginx") or next(
    (p for p in ("/usr/sbin/nginx", "/sbin/nginx") if os.access(p, os.X_OK)), None
)
needs_nginx = pytest.mark.skipif(NGINX is None, reason="no nginx: `make test` installs it")


def readme_block() -> str:
    """The nginx configuration the host's guide gives, as printed there."""
    found = re.search(r"```nginx\n(.*?)\n\s*```", GUIDE.read_text(), re.S)
    assert found, "the host's guide has no ```nginx block"
    return found.group(1)


def make_certificate(d: Path) -> tuple[Path, Path]:
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "plot test")])
    now = datetime.datetime.now(datetime.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(hours=1))
        .add_extension(
            x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), critical=False
        )
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    (d / "cert.pem").write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    (d / "key.pem").write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        )
    )
    return d / "cert.pem", d / "key.pem"


class Nginx:
    """nginx in the foreground with the guide's server block, TLS on ``port``."""

    def __init__(self, d: Path, port: int, web_port: int) -> None:
        cert, key = make_certificate(d)
        block = (
            readme_block()
            .replace("listen 443 ssl;", f"listen 127.0.0.1:{port} ssl;")
            .replace("127.0.0.1:8080", f"127.0.0.1:{web_port}")
        )
        block = re.sub(r"ssl_certificate\s+\S+;", f"ssl_certificate {cert};", block)
        block = re.sub(r"ssl_certificate_key\s+\S+;", f"ssl_certificate_key {key};", block)
        temp = "\n".join(
            f"{kind}_temp_path {d / kind};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
        )
        (d / "nginx.conf").write_text(
            ("user root;\n" if os.geteuid() == 0 else "")
            + f"worker_processes 1;\npid {d / 'nginx.pid'};\nerror_log {d / 'error.log'};\n"
            f"events {{ worker_connections 64; }}\n"
            f"http {{\naccess_log off;\n{temp}\n{block}\n}}\n"
        )
        self.d, self.port = d, port
        self.proc = subprocess.Popen(
            [NGINX, "-p", str(d), "-c", str(d / "nginx.conf"), "-g", "daemon off;"],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        deadline = time.monotonic() + 20
        while True:
            assert self.proc.poll() is None, f"nginx stopped: {self.said()}"
            assert time.monotonic() < deadline, f"nginx never listened: {self.said()}"
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.1)

    def said(self) -> str:
        log = self.d / "error.log"
        return log.read_text() if log.exists() else ""

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGQUIT)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)


@pytest.fixture(scope="module")
def proxied(tmp_path_factory):
    if NGINX is None:
        pytest.skip("no nginx: `make test` installs it")
    d = tmp_path_factory.mktemp("proxied")
    make_keys(d, ["bob"])
    web, tls_port = free_port(), free_port()
    url = f"https://127.0.0.1:{tls_port}"
    srv = Server(d, "--web", str(web), "--web-proxy", "127.0.0.1", "--web-url", url)
    nginx = Nginx(d, tls_port, web)
    srv.url = url
    srv.tls = ssl.create_default_context(cafile=str(d / "cert.pem"))
    yield srv
    nginx.stop()
    srv.stop()


def browser(srv, local: str = "127.0.0.1") -> aiohttp.ClientSession:
    return aiohttp.ClientSession(
        cookie_jar=aiohttp.CookieJar(unsafe=True),
        connector=aiohttp.TCPConnector(ssl=srv.tls, local_addr=(local, 0)),
    )


@needs_nginx
def test_through_tls_the_cookie_is_secure_and_the_game_runs_over_wss(proxied):
    said = "".join(proxied.output)  # its address is https: no advice to put TLS in front
    assert f"the web door: {proxied.url}/; listening on 127.0.0.1:" in said and "put TLS in front" not in said

    async def go():
        async with browser(proxied) as http:
            r = await http.get(proxied.url + "/")
            assert r.status == 200 and 'action="/signin"' in await r.text()
            assert "script-src 'self'" in r.headers["Content-Security-Policy"]
            r = await sign_in(http, proxied.url, "alice")
            assert r.status == 303
            cookie = r.headers["Set-Cookie"]
            assert "Secure" in cookie and "HttpOnly" in cookie and "SameSite=Strict" in cookie
            ws = await http.ws_connect(
                proxied.url.replace("https", "wss") + "/ws?width=120&height=40",
                headers={"Origin": proxied.url},
            )
            tab = Tab(ws)
            await tab.wait_shown("you are alice")
            await tab.keys("n")  # keys go through, too
            await tab.wait_shown("A new table")
            await ws.close()

    asyncio.run(go())


@needs_nginx
def test_behind_the_proxy_wrong_passwords_count_per_player_and_cannot_be_hidden(proxied):
    async def go():
        async with browser(proxied) as mallory:
            for n in range(3):  # the free guesses, each claiming a new address
                r = await sign_in(
                    mallory, proxied.url, "mallory", "guess", headers={"X-Forwarded-For": f"10.0.0.{n}"}
                )
                assert r.status == 403
            started = time.monotonic()
            r = await sign_in(
                mallory, proxied.url, "mallory", "guess", headers={"X-Forwarded-For": "10.0.0.9"}
            )
            assert r.status == 403 and time.monotonic() - started >= 0.5  # still slowed
            await sign_in(mallory, proxied.url, "mallory", "guess")
        async with browser(proxied, local="127.0.0.2") as alice:  # another player
            started = time.monotonic()
            r = await sign_in(alice, proxied.url, "alice")
            assert r.status == 303 and time.monotonic() - started < 0.5
        # the operator hears whose guesses they were: the address nginx saw
        eventually(
            lambda: "5 wrong passwords from 127.0.0.1 " in "".join(proxied.output), "the operator's line"
        )
        assert "10.0.0." not in "".join(proxied.output)

    asyncio.run(go())
