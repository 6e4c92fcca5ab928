"""What just happened is said where the player looks: every roll and table result (and the
coup's turns of fortune) as a sentence under the prompt, for every screen allowed to see
it, whoever rolled: the player, the other player, or the computer."""

from __future__ import annotations

import re

import attrs
import pytest
from textual.geometry import Region

from plot_core import Player, load_rules
from plot_core.engine.state import Event
from plot_core.hexgrid import parse_hex
from plot_core.wording import is_news, news
from plot_session.session import Seat, Session
from plot_tui.app import PlotApp

from .helpers import (
    SS_ALONE,
    THREE_RECRUITERS,
    act_on,
    app_for,
    fold_the_choices,
    game,
    pos,
    prompt,
    prompt_seen,
    quick,
    session_of,
)

H = parse_hex

COUP_WINDOW = """
turn = 3
phase = "recruitment"
phasing = "abwehr"
dice = [{die}]
[units]
"000" = {{ hex = "2410" }}
"013" = {{ hex = "2510" }}
"300" = {{ hex = "1810" }}
"301" = {{ hex = "1812" }}
[chits]
abwehr = ["FA1", "FA2"]
"""

# three recruiters beside Stauffenberg, and a second target beside him (12.27)
TWO_TARGETS = THREE_RECRUITERS + '"402" = { hex = "2209", controller = "none" }\n'


def test_a_result_is_said_with_what_it_means_and_its_case():
    rules = load_rules()
    e = Event(
        "10.71",
        "Schellenberg harasses Bonhoeffer: 8 - 3 = +5, die 3: N",
        roll=(3,),
        table="harassment",
        row=3,
        column=5,
        result="N",
    )
    assert is_news(e)
    assert news(rules, e) == ("Schellenberg harasses Bonhoeffer: 8 - 3 = +5, die 3: N (neutralized) (10.71)")
    # a meaning with brackets of its own is said after a dash, not in brackets in brackets
    sr = Event(
        "12.31", "Canaris recruits Popitz: 6 - 4 = +2, die 4: Sr", roll=(4,), table="recruitment", result="Sr"
    )
    assert news(rules, sr) == (
        "Canaris recruits Popitz: 6 - 4 = +2, die 4: Sr — semi-recruited (Abwehr) / recruited (SS) (12.31)"
    )
    assert is_news(Event("18.52", "Hitler lives: the Abwehr's bonus is now +3"))
    assert not is_news(Event("9.13", "Schellenberg moves to 2111"))
    assert is_news(Event("7.21", "Gisevius is sent on assignment to 1827"))  # a unit gone away


@pytest.mark.asyncio
async def test_the_walkyrie_roll_is_said_under_the_prompt_not_only_in_the_log():
    """The tester saw "Abwehr recruitment phase" and had to find the failed coup in the
    log: die 1 + 2 Führer Access = 3 is a failure (18.16)."""
    app = app_for(pos(COUP_WINDOW.format(die=1)), human=Player.ABWEHR)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("P")  # end the phase: the question
        await pilot.press("1", "2", "r")  # FA1, FA2, roll
        await pilot.pause()
        shown = prompt(app)
        assert "Walkyrie: die 1 + 2 Führer Access = 3: the coup fails (18.8)" in shown, shown


@pytest.mark.asyncio
async def test_the_computers_rolls_are_said_on_the_humans_screen():
    """The SS is the computer; it harasses Bonhoeffer (the only thing it can do that
    rolls) and the Abwehr player reads the die and its result under the prompt."""
    s = Session(
        pos("""
        phasing = "ss"
        dice = [3]
        active = "002"
        [units]
        "002" = { hex = "2110" }
        "305" = { hex = "2210", suspected = true }
        "308" = { hex = "1810", suspected = true }
        """),
        {Player.SS: Seat.COMPUTER, Player.ABWEHR: Seat.HUMAN},
    )
    s.computers[Player.SS].decide = lambda view, actions, rnd: next(
        a for a in actions if a.verb.value == "harass"
    )
    app = PlotApp(session=s, settings=quick())
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(50):
            await pilot.pause()
            if s.state.unit("305").marker is not None:
                break
        await pilot.pause()
        assert "die 3: N (neutralized) (10.71)" in prompt(app)


@pytest.mark.asyncio
async def test_a_roll_in_hot_seat_is_said_to_both_but_a_secret_draw_only_to_its_side():
    """Recruitment's Ep (12.53) makes the enemy draw: that it drew is public, which chits
    is not. The SS screen says the roll and its result but never the Abwehr's chits."""
    app = app_for(
        pos("""
        phase = "recruitment"
        phasing = "ss"
        dice = [5]
        [units]
        "101" = { hex = "2210", controller = "none" }
        "011" = { hex = "2310" }
        "012" = { hex = "2209" }
        """)
    )  # 4 + 4 against 7: +1
    async with app.run_test(size=(100, 30)) as pilot:
        s = session_of(app)
        await act_on(pilot, app, H("2210"), H("2310"), H("2209"))  # recruit; two join
        await pilot.press("r")  # die 5 in +1: Ep
        await pilot.pause()
        ss_screen = prompt(app)
        assert "die 5: Ep (enemy draws a chit from the cup) (12.9)" in ss_screen, ss_screen
        secret = [ln.event.text for ln in s.log_for(Player.ABWEHR) if ln.event.private is Player.ABWEHR]
        assert secret and not any(text in ss_screen for text in secret)


@pytest.mark.asyncio
async def test_at_80x24_a_rolls_result_and_all_it_caused_stay_in_sight():
    """Three Abwehr recruiters roll an R: the die, the result, the three suspicions
    (12.73) and the recruitment (12.31) are all on the screen, not only in the log."""
    app = app_for(pos(THREE_RECRUITERS))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1", "1", "2", "3")  # Stauffenberg; Canaris, Dohnanyi, Gisevius
        await pilot.press("r")
        await pilot.pause()
        seen = prompt_seen(app)
        for said in (
            "die 1: R (recruited) (12.9)",
            "Canaris, Dohnanyi and Gisevius fall under suspicion (12.73)",
            "Stauffenberg is recruited by Abwehr (12.31)",
        ):
            assert said in seen, seen
        assert "P End the phase" in seen and not game(app).prompt_pane.keys_alone  # room to grow
        [line] = game(app).controller.news()  # what the roll caused, on the roll's line
        assert line.startswith("Canaris + Dohnanyi + Gisevius try") and line.endswith("by Abwehr (12.31)")
        await pilot.press("P")  # acting again: the pane is its own size again
        await pilot.pause()
        assert game(app).query_one("#prompt").outer_size.height <= 8


@pytest.mark.asyncio
async def test_at_80x24_the_newest_news_stays_whole_when_old_news_fill_the_pane():
    """A spectator never acts, and the news it is told (three lines, each a roll with
    all it caused) can outgrow the pane: then the oldest go, the line that says more is
    in the log stays, and the newest is said whole, its case included (it was the
    newest whose end was cut off)."""
    from plot_session.controller import MAX_NEWS, MORE_IN_THE_LOG, Asking

    app = app_for(pos(SS_ALONE))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        caused = "; ".join(f"{name} falls under suspicion (12.73)" for name in ("Canaris", "Oster", "Beck"))
        rolls = [
            f"Roll {i}: Oster tries to recruit Tresckow: +1, die 1: R (12.9); {caused}" for i in (1, 2, 3)
        ]
        assert len(rolls) == MAX_NEWS  # as many as the controller tells
        waiting = Asking("Waiting for the Abwehr: take markers off your units.", "waiting")
        game(app).prompt_pane.show(attrs.evolve(waiting, news=(MORE_IN_THE_LOG, *rolls)))
        await pilot.pause()
        seen = prompt_seen(app)
        assert rolls[-1] in seen, seen
        assert "Roll 1:" not in seen and "Waiting for the Abwehr" in seen and MORE_IN_THE_LOG in seen
        assert game(app).query_one("#prompt").outer_size.height <= 12 + 1  # half the screen, and its border


@pytest.mark.asyncio
async def test_at_80x24_the_news_leave_the_choices_their_words_where_the_pane_can_grow():
    """With a roll's news on screen the numbers used to fold to their keys whenever the
    pane's usual room was full ("1  2" with no words: a player learnt what a number did
    by pressing it); now the pane grows first, up to the rows the map keeps."""
    app = app_for(pos(TWO_TARGETS))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1", "1", "2", "3")  # Stauffenberg; Canaris, Dohnanyi, Gisevius
        await pilot.press("r")  # R: Stauffenberg may now recruit next door (12.27)
        await pilot.pause()
        seen = prompt_seen(app)
        assert not game(app).prompt_pane.keys_alone, seen
        assert "1 Try to recruit" in seen and "Stauffenberg is recruited by Abwehr (12.31)" in seen, seen
        assert game(app).query_one("MapView").outer_size.height >= 6  # five rows of hexes


@pytest.mark.asyncio
async def test_at_80x24_a_number_shown_without_its_words_is_said_before_it_acts():
    """With the news of a roll on screen the choices fold to their keys; a number
    pressed then says what it is and waits for the same number again (it started an
    attempt the player could not see)."""
    app = app_for(pos(TWO_TARGETS))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1", "1", "2", "3")  # Stauffenberg; Canaris, Dohnanyi, Gisevius
        await pilot.press("r")  # R: Stauffenberg may now recruit next door (12.27)
        await pilot.pause()
        fold_the_choices(app)  # (news too long for the pane to grow to)
        await pilot.pause()
        s = session_of(app)
        before = s.actions
        await pilot.press("1")
        await pilot.pause()
        seen = prompt_seen(app)
        assert "Press again to go ahead: 1: Try to recruit" in seen and "never ask" not in seen, seen
        assert s.actions == before  # nothing done yet
        await pilot.press("1")
        await pilot.pause()
        assert s.actions == before + 1 and s.state.pending[-1].kind == "recruit"


@pytest.mark.asyncio
async def test_a_choices_key_is_never_left_at_a_lines_end_without_its_words():
    """The prompt's choices wrap choice by choice: a key is followed on its line by its
    words ("d" at a line's end with "Call the attempt off" under it was seen)."""
    app = app_for(
        pos("""
        phase = "recruitment"
        phasing = "abwehr"
        [units]
        "401" = { hex = "2210", controller = "none" }
        "301" = { hex = "2110" }
        "300" = { hex = "2310" }
        """)
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1")  # Stauffenberg: two may join
        await pilot.pause()
        pane = game(app).query_one("#prompt")
        w, h = pane.outer_size
        lines = [strip.text.rstrip(" │") for strip in pane.render_lines(Region(0, 0, w, h))]
        choices = [ln for ln in lines if "Add " in ln or "Call the attempt off" in ln]
        assert len(choices) >= 2, lines
        for ln in lines:
            assert not re.search(r"  [1-9dre P]$", ln), lines  # a key alone at the end


def test_words_inside_a_sentence_lose_their_capital_but_an_abbreviation_keeps_its():
    from plot_core.english import mid_sentence

    assert (mid_sentence("Masked"), mid_sentence("SS units"), mid_sentence("")) == ("masked", "SS units", "")


@pytest.mark.asyncio
async def test_at_80x24_the_map_keeps_its_rows_when_news_and_the_odds_are_both_shown():
    """At the coup's window, with the other side's rolls to tell and the Walkyrie odds
    open, the prompt and the odds used to take all but two rows of the map; now the map
    keeps six (five rows of hexes), the odds their title and chances, and the newest
    news is said whole."""
    from plot_core.engine import Odds

    app = app_for(pos(COUP_WINDOW.format(die=1)), human=Player.ABWEHR)

    def odds_seen() -> str:
        odds = game(app).query_one("#odds")
        w, h = odds.outer_size
        return " ".join(" ".join(s.text for s in odds.render_lines(Region(0, 0, w, h))).split())

    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("P")  # the end of the phase: the coup's window (18.11)
        await pilot.pause()
        g = game(app)
        caused = "; ".join(f"{name} falls under suspicion (12.73)" for name in ("Canaris", "Oster"))
        rolls = tuple(f"Roll {i}: Himmler investigates Oster: +1, die 1: A (13.6); {caused}" for i in (1, 2))
        g.prompt_pane.show(attrs.evolve(g.controller.asking(), news=rolls))
        g.draw_odds()
        await pilot.pause()
        assert g.query_one("MapView").outer_size.height >= 6
        seen = prompt_seen(app)
        assert "Abwehr to attempt a coup now" in seen and rolls[-1] in seen, seen
        assert "Walkyrie Table (18.8)" in odds_seen() and "2/5/3" in odds_seen(), odds_seen()
        # odds whose shortest form is longer (a title of three lines, chances of two): the
        # prompt makes room for them, and the map still keeps its rows
        long = Odds(
            "Canaris + Dohnanyi + Gisevius + Oster + Gehre try to recruit Schlabrendorff",
            "12.9",
            "Recruitment Table",
            (),
            "+2",
            "+2",
            (("R", 2), ("Sr", 1), ("Ar", 2), ("Ep", 1)),
        )
        g.odds.at = lambda shot, cursor: [long]
        g.draw_odds()
        await pilot.pause()
        assert g.query_one("MapView").outer_size.height >= 6
        assert "try to recruit Schlabrendorff" in odds_seen() and "Ep 17%" in odds_seen(), odds_seen()


def test_an_investigations_ss_says_on_its_line_which_chit_each_side_saw_taken():
    """An Ss (13.32): the SS takes a chit from the Abwehr's box. Which one is said on the
    roll's own line, to each side in its own words (the SS took it, the Abwehr lost it),
    and never to the other side in the other's words."""
    from plot_core import parse_action

    from .helpers import HOTSEAT, INVESTIGATION_13_19, seat_at, shared_table

    session = Session(pos(INVESTIGATION_13_19.replace("dice = [4]", "dice = [1, 1]")), HOTSEAT)
    table = shared_table(session)
    for typed in ("investigate 305", "join 000", "join 011", "roll", "no-reveal"):
        session.act(parse_action(typed))
    ss, abwehr = seat_at(table, Player.SS).news(), seat_at(table, Player.ABWEHR).news()
    [taken] = [c for c in ("L011", "L108") if c in session.state.chits_of("ss")]
    [roll_line] = [n for n in ss if "(13.36)" in n]
    assert roll_line.endswith(f"SS takes 1 chit from the Abwehr box (13.32); SS took {taken} (13.32)"), ss
    assert any(n.endswith(f"Abwehr lost {taken} to the SS (13.32)") for n in abwehr), abwehr
    assert not any("Abwehr lost" in n for n in ss) and not any("SS took" in n for n in abwehr)


def test_what_changes_a_roll_about_to_be_made_or_where_a_unit_went_is_said_to_the_other_side():
    """A newcomer read "die 1 + 1 = 2 against defence 4" with nothing saying where the
    +1 came from, an investigator gone from the count unexplained, and "Dr" with nothing
    saying where the unit went: those lines were in the log alone."""
    from engine.test_investigation import cell
    from plot_core import parse_action

    from .helpers import HOTSEAT, INVESTIGATION_13_19, seat_at, shared_table

    def said_to(side: Player, state, *typed: str) -> tuple[str, ...]:
        session = Session(state, HOTSEAT)
        for t in typed:
            session.act(parse_action(t))
        return seat_at(shared_table(session), side).news()

    # 14.22: the Abwehr's Alibi chit before the interrogation's roll, told to the SS
    prisoner = '"305" = { box = "interrogation_cell", suspected = true }'
    ss = said_to(
        Player.SS, cell(prisoner, dice="6", chits='abwehr = ["AA1"]'), "end-phase", "no-reveal", "reveal AA1"
    )
    assert any("Abwehr reveals AA1: +1 to the interrogation roll (14.22)" in n for n in ss), ss
    # 13.17: an investigator's Loyalty chit revealed, told to the SS
    s = pos(INVESTIGATION_13_19)
    ss = said_to(Player.SS, s, "investigate 305", "join 000", "join 011", "roll", "reveal L011")
    assert any("Abwehr reveals L011: Hanke drops out of the investigation (13.17)" in n for n in ss), ss
    # 10.61: where the harassed unit retreated to, the Abwehr's choice, told to the SS
    from .test_play import DUEL

    duel = pos(DUEL.format(die=1))  # +5, die 1: Dr
    session = Session(duel, HOTSEAT)
    for t in ("activate 002", "harass 305"):
        session.act(parse_action(t))
    retreat = next(a for a in session.legal() if a.verb.value == "retreat")
    session.act(retreat)
    ss = seat_at(shared_table(session), Player.SS).news()
    assert any(n.startswith("Bonhoeffer retreats to ") and n.endswith("(10.61)") for n in ss), ss
