"""The web door's arguments: each wrong one named."""

from __future__ import annotations

import pytest

from plot_cli.main import main


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
        (["--web-host", "127.0.0.1"], "--web-host is the web door's address: open the door with --web"),
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
