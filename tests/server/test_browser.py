"""The web door in a real browser (issue 20): Debian's Chromium, headless, driven through
chromedriver by Selenium, against a real `plot serve --web` process. `make test`
installs chromium and chromium-driver where it can; nothing is downloaded by pip."""

from __future__ import annotations

import shutil
import subprocess
import time
from pathlib import Path

import pytest

from plot_core import Player, load_rules
from plot_record import load_record
from serving import Server, eventually, free_port, join_with_code, make_keys, player

CHROMIUM, DRIVER = shutil.which("chromium"), shutil.which("chromedriver")
TESSERACT = shutil.which("tesseract")
needs_browser = pytest.mark.skipif(
    None in (CHROMIUM, DRIVER, TESSERACT),
    reason="no chromium, chromedriver or tesseract: `make test` installs Debian's "
           "chromium, chromium-driver and tesseract-ocr")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    d = tmp_path_factory.mktemp("browser")
    make_keys(d, ["bob"])
    web = free_port()
    srv = Server(d, "--web", str(web))
    srv.web = f"http://127.0.0.1:{web}"
    yield srv
    srv.stop()


def chromium(profile: Path):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    # The machine's network is closed: without these Chromium keeps trying Google's.
    # Drawn at twice the size, the terminal's small text reads far better by OCR.
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--no-first-run", "--window-size=1200,800",
                "--force-device-scale-factor=2",
                f"--user-data-dir={profile}"):
        options.add_argument(arg)
    return webdriver.Chrome(service=Service(DRIVER), options=options)


def sign_in(browser, url: str, name: str, password: str = "swordfish") -> None:
    from selenium.webdriver.common.by import By

    browser.get(url + "/")
    browser.find_element(By.NAME, "name").send_keys(name)
    browser.find_element(By.NAME, "password").send_keys(password)
    browser.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    eventually(lambda: browser.find_elements(By.CSS_SELECTOR, ".xterm-helper-textarea"),
               "the terminal page", timeout=30)


def press(browser, *keys: str, pause: float = 0.3) -> None:
    """Keys into the terminal, as a player types them: to the focused page, where
    xterm.js's (hidden) textarea takes them."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    # focused without a click: a click is a mouse press in the game too
    browser.execute_script("arguments[0].focus()", browser.find_element(
        By.CSS_SELECTOR, ".xterm-helper-textarea"))
    for key in keys:
        ActionChains(browser).send_keys(key).perform()
        time.sleep(pause)


def record_path(server: Server, table: str) -> Path:
    path = Path(server.table(table)["record"])
    return path if path.is_absolute() else server.d / "home" / path


def actions(server: Server, table: str) -> int:
    return sum('"action"' in line for line in record_path(server, table).read_text().splitlines())


def to_act(server: Server, table: str) -> Player | None:
    return load_record(record_path(server, table), load_rules()).timeline.final.to_act


def read_screen(browser, path: Path) -> str:
    """What the page shows, as text: a screenshot read by tesseract (the terminal is drawn
    on a canvas, so there is no text in the page to ask for)."""
    assert browser.save_screenshot(str(path)) and path.stat().st_size > 10_000
    return subprocess.run([TESSERACT, str(path), "-"], capture_output=True, text=True,
                          timeout=120, check=True).stdout


def screen_with(browser, path: Path, *lines: str) -> str:
    """The page's text once it shows ``lines`` and the map (OCR misreads a screenshot
    now and then, and a screen may still be drawing): up to three reads, a second
    apart; the last read is returned either way, for the assertion to show."""
    for _ in range(3):
        seen = read_screen(browser, path)
        if all(line in seen for line in lines) and shows_the_map(seen):
            break
        time.sleep(1)
    return seen


def shows_the_map(text: str) -> bool:
    # OCR misreads a code now and then (or its case): most of the area codes will do
    codes = ("OKW", "OBH", "GES", "FOR", "COM", "SSG", "ABW", "FHQ")
    return sum(code in text.upper() for code in codes) >= 5


@needs_browser
def test_browser_and_ssh_players_play_one_game_a_browser_watches_and_one_plays_the_computer(
        server, tmp_path):
    from selenium.webdriver.common.keys import Keys

    alice = chromium(tmp_path / "alice")
    bob = watcher = None
    try:
        sign_in(alice, server.web, "alice")
        eventually(lambda: "-first-byte" in alice.find_element(
            "css selector", "body").get_attribute("class"), "the lobby drawn", timeout=30)
        press(alice, "n")
        time.sleep(1)
        press(alice, Keys.ARROW_DOWN, " ", Keys.ENTER)   # the Abwehr, against a player
        eventually(lambda: (server.d / "home" / "tables" / "T1.json").exists(),
                   "a table made from the browser", timeout=30)
        assert server.table("T1")["owners"]["abwehr"]["key"] == "password alice"

        bob = player(server, "bob")                       # over SSH, with his key
        join_with_code(bob, server.table("T1")["code"])
        bob.wait_shown("You are: SS")
        movers = []
        while set(movers) != {Player.SS, Player.ABWEHR}:   # until both doors have moved
            assert len(movers) < 30, movers
            before, side = actions(server, "T1"), to_act(server, "T1")
            movers.append(side)
            # a decision: its first answer; a free step: the phase's end (or the move's)
            asked = bool(load_record(record_path(server, "T1"), load_rules()).timeline.final.pending)
            # (Enter twice: the list asks first of a roll or a spent chit)
            tries = [("a", "\r", "\r")] * 3 if asked else [("P",), ("e",), ("P",),
                                                            ("a", "\r", "\r")]
            for keys in tries:      # a key that came before the screen was ready: again
                for key in keys:
                    if side is Player.ABWEHR:
                        press(alice, Keys.ENTER if key == "\r" else key, pause=0.5)
                    else:
                        bob.send(key)
                        time.sleep(0.5)
                deadline = time.monotonic() + 4
                while actions(server, "T1") == before and time.monotonic() < deadline:
                    time.sleep(0.1)
                if actions(server, "T1") > before:
                    break
            assert actions(server, "T1") > before, f"the {side} player's move never came"
        assert alice.save_screenshot(str(tmp_path / "alice.png"))

        watcher = chromium(tmp_path / "dave")
        sign_in(watcher, server.web, "dave")
        time.sleep(2)
        press(watcher, "w")                               # the table under the cursor
        time.sleep(3)
        seen = screen_with(watcher, tmp_path / "dave.png", "You are: spectator")
        assert "You are: spectator" in seen and shows_the_map(seen), seen

        # alice closes her tab: the game waits; she comes back and sits again
        alice.quit()
        alice = chromium(tmp_path / "alice-again")
        sign_in(alice, server.web, "alice")
        time.sleep(2)
        press(alice, Keys.ENTER)                          # sit at T1, hers
        time.sleep(3)
        seen = screen_with(alice, tmp_path / "alice-again.png", "You are: Abwehr")
        assert "You are: Abwehr" in seen and shows_the_map(seen), seen

        # back to the lobby, and a table against the computer, where she moves first
        press(alice, "q", "y", pause=1)
        press(alice, "n", pause=1)
        press(alice, Keys.ARROW_DOWN, " ", Keys.TAB, Keys.ARROW_DOWN, " ", Keys.ENTER)
        eventually(lambda: (server.d / "home" / "tables" / "T2.json").exists(),
                   "a table against the computer", timeout=30)
        assert "ss" not in server.table("T2")["owners"]           # the computer's side
        assert load_record(record_path(server, "T2"), load_rules()).header.players == {
            "ss": "computer", "abwehr": "human"}
        for _ in range(4):
            press(alice, "a", Keys.ENTER, pause=0.5)
            if actions(server, "T2"):
                break
            time.sleep(2)
        assert actions(server, "T2") >= 1
    finally:
        for browser in (alice, watcher):
            if browser is not None:
                browser.quit()
        if bob is not None:
            bob.close()
