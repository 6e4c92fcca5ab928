"""The web door in a real browser: Debian's Chromium, headless, driven through
chromedriver by Selenium, against a real `plot serve --web` process. `make test`
installs chromium and chromium-driver where it can; nothing is downloaded by pip."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from plot_core import Player, load_rules
from plot_record import load_record
from serving import Server, TerminalScreen, eventually, join_with_code, move_on, player

CHROMIUM, DRIVER = shutil.which("chromium"), shutil.which("chromedriver")
needs_browser = pytest.mark.skipif(
    None in (CHROMIUM, DRIVER),
    reason="no chromium or chromedriver: `make test` installs Debian's chromium and chromium-driver",
)


def chromium(profile: Path):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    # The machine's network is closed: without these Chromium keeps trying Google's.
    for arg in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--window-size=1300,1000",
        f"--user-data-dir={profile}",
    ):
        options.add_argument(arg)
    return webdriver.Chrome(service=Service(DRIVER), options=options)


def sign_in(browser, url: str, name: str, password: str = "swordfish") -> None:
    from selenium.webdriver.common.by import By

    browser.get(url + "/")
    browser.find_element(By.NAME, "name").send_keys(name)
    browser.find_element(By.NAME, "password").send_keys(password)
    browser.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    eventually(
        lambda: browser.find_elements(By.CSS_SELECTOR, ".xterm-helper-textarea"),
        "the terminal page",
        timeout=30,
    )


def screen(browser) -> str:
    """What the page's terminal shows, as text: the page's own reading of xterm.js's rows
    (webpage/page.js; the terminal is drawn on a canvas, so no picture is read)."""
    return browser.execute_script("return window.plotScreenText ? window.plotScreenText() : null") or ""


def shown(browser, *texts: str, timeout: float = 30) -> str:
    eventually(
        lambda: all(t in screen(browser) for t in texts),
        f"the page showing {texts}: it shows\n{screen(browser)}",
        timeout=timeout,
    )
    return screen(browser)


def press(browser, *keys: str) -> None:
    """Keys as a player types them, to whatever has the page's focus (the page gives it
    to the terminal by itself: no click, which would be a mouse press in the game)."""
    from selenium.webdriver.common.action_chains import ActionChains

    for key in keys:
        ActionChains(browser).send_keys(key).perform()


def record_path(web_server: Server, table: str) -> Path:
    return web_server.record_file(table)


def actions(web_server: Server, table: str) -> int:
    return sum('"action"' in line for line in record_path(web_server, table).read_text().splitlines())


def to_act(web_server: Server, table: str) -> Player | None:
    return load_record(record_path(web_server, table), load_rules()).timeline.final.to_act


def shows_the_map(text: str) -> bool:
    """The map pane is drawn: some of Berlin's area codes are on it (which ones depends
    on where the view is centred)."""
    codes = ("OKW", "OBH", "GES", "FOR", "COM", "SSG", "ABW", "FHQ")
    return sum(code in text for code in codes) >= 3


class BrowserScreen:
    """A player's screen and keyboard in a browser page (serving.move_on drives it)."""

    def __init__(self, browser) -> None:
        self.browser = browser

    def screen(self) -> str:
        return screen(self.browser)

    def press(self, key: str) -> None:
        from selenium.webdriver.common.keys import Keys

        press(self.browser, {"\r": Keys.ENTER, "\x1b": Keys.ESCAPE}.get(key, key))


@needs_browser
def test_a_lone_escape_in_the_browser_closes_a_dialog_without_waiting_for_another_key(web_server, tmp_path):
    carol = chromium(tmp_path / "carol")
    try:
        sign_in(carol, web_server.web, "carol")
        shown(carol, "tables on this server")
        # the page gave the terminal the keyboard by itself
        assert carol.execute_script(
            "return document.activeElement.classList.contains('xterm-helper-textarea')"
        )
        press(carol, "n")
        shown(carol, "A new table")
        from selenium.webdriver.common.keys import Keys

        press(carol, Keys.ESCAPE)  # and nothing after it
        eventually(lambda: "A new table" not in screen(carol), "the dialog closed", timeout=5)
        assert "tables on this server" in screen(carol)
        # one picture of the page, as a smoke test that it draws at all
        assert carol.save_screenshot(str(tmp_path / "carol.png"))
        assert (tmp_path / "carol.png").stat().st_size > 10_000
    finally:
        carol.quit()


@needs_browser
@pytest.mark.e2e
def test_browser_and_ssh_players_play_one_game_a_browser_watches_and_one_plays_the_computer(
    web_server, tmp_path
):
    from selenium.webdriver.common.keys import Keys

    alice = chromium(tmp_path / "alice")
    bob = watcher = None
    try:
        sign_in(alice, web_server.web, "alice")
        shown(alice, "tables on this server")
        press(alice, "n")
        shown(alice, "A new table")
        press(alice, Keys.ARROW_DOWN, " ")  # the Abwehr
        shown(alice, "\u2590\u25cf\u258c Abwehr")
        press(alice, Keys.ENTER)  # against a player
        eventually(
            lambda: (web_server.d / "home" / "tables" / "T1.json").exists(),
            "a table made from the browser",
            timeout=30,
        )
        assert web_server.table("T1")["owners"]["abwehr"]["key"] == "password alice"

        bob = player(web_server, "bob")  # over SSH, with his key
        join_with_code(bob, web_server.table("T1")["code"])
        bob.wait_shown("You are: SS")
        shown(alice, "You are: Abwehr")
        doors = {Player.ABWEHR: BrowserScreen(alice), Player.SS: TerminalScreen(bob)}
        movers = []
        while set(movers) != {Player.SS, Player.ABWEHR}:  # until both doors have moved
            assert len(movers) < 30, movers
            side = to_act(web_server, "T1")
            movers.append(side)
            move_on(web_server, "T1", doors[side], load_rules())

        watcher = chromium(tmp_path / "dave")
        sign_in(watcher, web_server.web, "dave")
        shown(watcher, "tables on this server", "T1")
        press(watcher, "w")  # the table under the cursor
        seen = shown(watcher, "You are: spectator")
        assert shows_the_map(seen), seen

        # alice closes her tab: the game waits; she comes back and sits again
        alice.quit()
        alice = chromium(tmp_path / "alice-again")
        sign_in(alice, web_server.web, "alice")
        shown(alice, "tables on this server", "T1")
        press(alice, Keys.ENTER)  # sit at T1, hers
        seen = shown(alice, "You are: Abwehr")
        assert shows_the_map(seen), seen

        # back to the lobby, and a table against the computer, where she moves first
        press(alice, "q")
        shown(alice, "Yes")  # are you sure?
        press(alice, "y")
        shown(alice, "tables on this server")
        press(alice, "n")
        shown(alice, "A new table")
        press(alice, Keys.ARROW_DOWN, " ")  # the Abwehr
        shown(alice, "\u2590\u25cf\u258c Abwehr")
        press(alice, Keys.TAB, Keys.ARROW_DOWN, " ")  # against the computer
        shown(alice, "\u2590\u25cf\u258c the computer")
        press(alice, Keys.ENTER)
        eventually(
            lambda: (web_server.d / "home" / "tables" / "T2.json").exists(),
            "a table against the computer",
            timeout=30,
        )
        assert "ss" not in web_server.table("T2")["owners"]  # the computer's side
        assert load_record(record_path(web_server, "T2"), load_rules()).header.players == {
            "ss": "computer",
            "abwehr": "human",
        }
        shown(alice, "You are: Abwehr")
        move_on(web_server, "T2", BrowserScreen(alice), load_rules())
        assert actions(web_server, "T2") >= 1
    finally:
        for browser in (alice, watcher):
            if browser is not None:
                browser.quit()
        if bob is not None:
            bob.close()


@needs_browser
def test_a_finished_game_is_replayed_in_the_browser_with_its_chances_and_the_experts_word(tmp_path):
    from selenium.webdriver.common.keys import Keys

    from fakes import Later
    from plot_server.hub import Hub
    from served.test_replays import finished_table
    from serving import free_port, make_keys

    d = tmp_path / "server"
    d.mkdir()
    make_keys(d, ["bob"])  # (the server wants a key file; carol signs in with the password)
    table = finished_table(Hub(load_rules(), d / "home", later=Later()), 5)  # the server's own files
    web = free_port()
    server = Server(d, "--web", str(web))
    carol = None
    try:
        carol = chromium(tmp_path / "carol")
        sign_in(carol, f"http://127.0.0.1:{web}", "carol")
        shown(carol, "tables on this server", table.id, "over:")
        press(carol, "R")
        shown(carol, "Start of the game", "here (the expert's evaluation)")  # the chart's line
        press(carol, "e")  # the first turning point, and what the expert makes of it
        seen = shown(carol, "A turning point (", "The expert ")
        assert shows_the_map(seen), seen
        press(carol, "q")
        shown(carol, "tables on this server")
        press(carol, Keys.ESCAPE)  # nothing left open: the lobby stays
        assert "tables on this server" in screen(carol)
    finally:
        if carol is not None:
            carol.quit()
        server.stop()


@needs_browser
def test_leaving_in_the_browser_offers_to_sign_it_out_and_puzzles_open_from_the_lobby(web_server, tmp_path):
    """On a computer others use, leaving the server (q) is not enough: the page offers
    to sign the browser out, and after that the page asks for a name again. Before
    leaving, p opens the puzzles and q brings the lobby back."""
    from selenium.webdriver.common.by import By

    dave = chromium(tmp_path / "dave")
    try:
        sign_in(dave, web_server.web, "dave")
        shown(dave, "tables on this server")
        press(dave, "p")
        shown(dave, "Puzzle ", "You play the")
        press(dave, "q")
        shown(dave, "tables on this server")
        press(dave, "q")  # leave the server
        button = dave.find_element(By.CSS_SELECTOR, ".closed button")
        eventually(button.is_displayed, "the closed page's sign-out", timeout=30)
        button.click()
        eventually(lambda: dave.find_elements(By.NAME, "password"), "the sign-in page", timeout=30)
        dave.get(web_server.web + "/")  # the cookie is gone: asked again
        assert dave.find_elements(By.NAME, "password")
    finally:
        dave.quit()
