"""One-time browser links: good once, for ten minutes, never for another."""

from __future__ import annotations

import pytest

from fakes import Ticks
from plot_cli.main import main
from plot_server.hub import Who
from plot_server.links import Links


def test_a_link_is_good_once_and_for_ten_minutes():
    clock = Ticks()
    links = Links(clock=clock)
    bob = Who("key SHA256:abc", "bob")
    token = links.make(bob)
    assert len(token) >= 32 and links.make(bob) != token  # random, never the same
    assert links.peek(token) == bob and links.peek(token) == bob  # looking does not use it
    assert links.use(token) == bob
    assert links.use(token) is None and links.peek(token) is None  # once
    late = links.make(bob)
    clock.now += 10 * 60
    assert links.peek(late) == bob  # the tenth minute
    clock.now += 1
    assert links.use(late) is None  # then not
    assert links.use("made-up") is None


def test_past_the_most_open_links_the_oldest_lapses():
    links = Links(most=2)
    a, b, c = (links.make(Who(f"password {n}", n)) for n in "abc")
    assert links.peek(a) is None and links.peek(b).name == "b" and links.peek(c).name == "c"


@pytest.mark.parametrize(
    "args,message",
    [
        (
            ["--web-url", "https://plot.example/"],
            "--web-url is the web door's address: open the door with --web PORT too",
        ),
        (
            ["--web", "8080", "--web-url", "plot.example"],
            "--web-url must start with http:// or https://, not 'plot.example'",
        ),
        (["--web", "none"], "--web"),
        (["--web-proxy", "127.0.0.1"], "--web-proxy is for the web door: open it with --web"),
        (
            ["--web", "8080", "--web-proxy", "proxy.example"],
            "--web-proxy wants the proxy's IP address (as the server sees it connect), not 'proxy.example'",
        ),
    ],
)
def test_bad_web_door_arguments_are_named(capsys, args, message, monkeypatch):
    monkeypatch.setenv("PLOT_SERVE_PASSWORD", "swordfish")
    with pytest.raises(SystemExit) as exc:
        code = main(["serve", *args])
        raise SystemExit(code)
    assert exc.value.code == 2
    assert message in capsys.readouterr().err
