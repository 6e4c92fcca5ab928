"""The table runtime (plot_session.table), without a screen: one owner of a game that
moves its computer in one place, publishes a version per change, and makes each set of
eyes' snapshot once per version however many screens ask. Run by hand (InlineScheduler)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from fakes import Later
from plot_ai.pool import Answer, Job
from plot_core import Player, new_game, parse_action
from plot_record import load_record
from plot_server.guard import CodeLimit
from plot_server.hub import Account, Hub
from plot_session import snapshot as snapshot_module
from plot_session.controller import Controller
from plot_session.session import Seat, Session, new_session
from plot_session.table import CallbackScheduler, Changed, InlineScheduler, Table

from .helpers import DUEL, HOTSEAT, SS_ALONE, pos

AGAINST = {Player.SS: Seat.HUMAN, Player.ABWEHR: Seat.COMPUTER}


def test_every_change_is_a_new_version_told_to_every_listener():
    table = Table(Session(pos(DUEL), HOTSEAT), InlineScheduler())
    heard: list[Changed] = []
    stop = table.subscribe(heard.append)
    table.session.act(parse_action("activate 002"))
    table.session.act(parse_action("move 2010"))
    assert [c.version for c in heard] == [1, 2] and table.version == 2
    stop()
    table.session.undo()
    assert len(heard) == 2 and table.version == 3  # no longer told, still counted


def test_the_computer_moves_by_itself_at_the_tables_pace_until_a_human_is_asked():
    scheduler = InlineScheduler()
    session = Session(new_game(2), AGAINST, seed=2)
    table = Table(session, scheduler, pace=0.4)
    table.start()
    assert scheduler.delays == [0.4]  # one step at a time, each after the pace
    scheduler.run()
    assert session.my_move() and len(scheduler.delays) == session.actions
    assert set(scheduler.delays) == {0.4}
    table.start()  # nothing to do: a human is asked
    assert not scheduler.waiting


def test_skipping_ahead_plays_on_without_pausing_until_a_human_is_asked():
    scheduler = InlineScheduler()
    session = Session(new_game(2), AGAINST, seed=2)
    table = Table(session, scheduler, pace=0.4)
    table.skip()
    scheduler.run()
    assert session.my_move() and not table.skipping
    assert scheduler.delays[0] == 0.0 and 0.4 not in scheduler.delays[:-1]


def test_a_lesson_s_goal_stops_the_computer():
    scheduler = InlineScheduler()
    session = Session(new_game(2), AGAINST, seed=2)
    table = Table(session, scheduler, until=lambda state: True)  # met from the start
    table.start()
    assert not scheduler.waiting and session.actions == 0


def test_a_search_runs_away_from_the_loop_and_a_stale_answer_is_not_played(rules):
    """The expert's plan is sent to the think pool, and the screens hear that the
    computer is thinking. An answer for a game that has since moved on (another server
    process played the step) is dropped, and the table thinks again."""
    jobs: list[tuple[Job, Callable[[Answer | None], None]]] = []
    later = Later()
    scheduler = CallbackScheduler(later, lambda job, done: jobs.append((job, done)))
    seats = {Player.SS: Seat.COMPUTER, Player.ABWEHR: Seat.HUMAN}
    session = Session(new_game(4), seats, seed=4, levels={Player.SS: "expert"}, think=0.05)
    table = Table(session, scheduler)
    thinking: list[bool] = []
    table.subscribe(lambda change: thinking.append(table.snapshot(None).thinking))
    table.start()
    for _ in range(500):  # the Abwehr's set-up first (7.1), then the SS's plans
        later.run()
        if jobs:
            break
        if session.my_move():
            session.act(session.legal()[0])
    assert jobs and thinking[-1] is True  # asked, and said so
    job, done = jobs.pop()
    session.computer_step()  # the game moves on meanwhile (elsewhere)
    moved = session.actions
    done(Answer(job.legal[0], (), (), None))
    assert session.actions == moved and not table.snapshot(None).thinking  # not played
    for _ in range(50):
        later.run()
        if jobs or session.my_move():
            break
    assert jobs or session.my_move()  # it thought again (or had nothing to think about)


def test_each_set_of_eyes_is_snapshot_once_a_version_however_many_screens(monkeypatch, rules, tmp_path):
    """A served table with one player and twenty spectators: each change costs one
    snapshot for the player's eyes and one for all the spectators, not twenty-one, and
    one set of overlays (public: where the units stand) for both."""
    made: list[tuple[int, Player | None]] = []
    overlaid: list[int] = []
    real, real_overlays = snapshot_module.snapshot_of, snapshot_module.overlays

    def counted(session, eyes, version, shown=None):
        made.append((version, eyes))
        return real(session, eyes, version, shown)

    def counted_overlays(state):
        overlaid.append(1)
        return real_overlays(state)

    monkeypatch.setattr("plot_session.table.snapshot_of", counted)
    monkeypatch.setattr(snapshot_module, "overlays", counted_overlays)
    later = Later()
    hub = Hub(rules, tmp_path, later=later)
    t = hub.create(Account("key a", "alice"), Player.SS, opponent=Seat.COMPUTER, level="easy", seed=9)
    player = hub.sit(t.id, Account("key a", "alice"), codes=CodeLimit(5))
    watchers = [hub.watch(t.id, Account(f"key w{i}", f"w{i}")) for i in range(20)]
    screens = [player.chair] + [w.chair for w in watchers]
    for _ in range(30):  # every screen draws every version, as a served screen does
        made.clear()
        overlaid.clear()
        for c in screens:
            c.snapshot()
        assert len(made) <= 2 and len(set(made)) == len(made), made
        assert len(overlaid) <= 1 and player.chair.overlays() is watchers[0].chair.overlays()
        if player.chair.my_move():
            player.chair.act(player.chair.legal()[0])
        else:
            later.run()  # the computer's step


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_a_local_game_and_a_served_game_against_the_same_computer_are_the_same_game(rules, tmp_path, level):
    """The computer is moved in one place, the table, whether the game is at one
    keyboard or on a server: the same seed, the same human moves, the same record."""
    seed, moves = 123_456, 120

    def human(state, legal, i):
        return random.Random(i).choice(legal)

    # at one keyboard
    session = new_session(rules, AGAINST, level=level, seed=seed, path=tmp_path / "local.jsonl")
    scheduler = InlineScheduler()
    local = Controller(Table(session, scheduler), [Player.SS])
    local.table.start()
    for i in range(moves):
        scheduler.run()
        if session.state.outcome is not None:
            break
        local.act(human(session.state, local.legal(), i))
    # on a server
    later = Later()
    hub = Hub(rules, tmp_path / "server", later=later)
    t = hub.create(Account("key a", "alice"), Player.SS, opponent=Seat.COMPUTER, level=level, seed=seed)
    guest = hub.sit(t.id, Account("key a", "alice"), codes=CodeLimit(5))
    for i in range(moves):
        later.run()
        if t.session.state.outcome is not None:
            break
        guest.chair.act(human(t.session.state, guest.chair.legal(), i))
    mine = load_record(tmp_path / "local.jsonl", rules).timeline
    theirs = load_record(t.record, rules).timeline
    assert len(mine) > 40
    assert [(s.side, s.action) for s in mine.steps] == [(s.side, s.action) for s in theirs.steps]


def test_a_computer_step_that_fails_is_reported_and_the_table_moves_again():
    scheduler = InlineScheduler()
    session = Session(new_game(2), AGAINST, seed=2)
    failures: list[BaseException] = []
    table = Table(session, scheduler, on_error=failures.append)
    real_step, broken = session.computer_step, [True]

    def step_once_broken():
        if broken.pop() if broken else False:
            raise RuntimeError("a bug in a computer player")
        return real_step()

    session.computer_step = step_once_broken
    table.start()
    scheduler.run()
    assert [str(f) for f in failures] == ["a bug in a computer player"] and session.actions == 0
    table.start()  # not stuck "on its way": the next change (or start) moves it again
    scheduler.run()
    assert session.my_move() and session.actions > 0


def test_a_step_on_its_way_for_a_replaced_session_is_dropped():
    """A server on a shared store reads a game again (a line lost a race): what the
    table had scheduled for the old session does not also run, so one chain of
    computer steps goes on, on the game as stored."""
    scheduler = InlineScheduler()
    old = Session(new_game(2), AGAINST, seed=2)
    table = Table(old, scheduler)
    table.start()
    assert len(scheduler.waiting) == 1  # the old session's step, on its way
    fresh = Session(new_game(2), AGAINST, seed=2)
    table.replace_session(fresh)
    assert len(scheduler.waiting) == 2
    scheduler.run()
    assert old.actions == 0 and fresh.my_move()
    assert len(scheduler.delays) == fresh.actions + 1  # one chain, and the dropped step


def test_a_standing_no_coup_is_answered_by_the_table_and_nobody_hears_it_asked():
    """The Abwehr's D (18.11) is kept by the table, not a screen: each coup question
    of that Game-Turn is answered as it comes, with no screen open, and no change is
    published with the question pending (so no screen prompts and no notice is sent)."""
    scheduler = InlineScheduler()
    start = pos(SS_ALONE)
    session = Session(start, {Player.SS: Seat.COMPUTER, Player.ABWEHR: Seat.HUMAN})
    table = Table(session, scheduler)
    asked: list[bool] = []
    table.subscribe(
        lambda _c: asked.append(
            bool(session.state.pending) and "coup" in str(session.state.pending[-1].kind).lower()
        )
    )
    table.no_coup_in[Player.ABWEHR] = start.turn
    table.start()
    scheduler.run()
    assert session.state.turn == start.turn + 1  # the SS's phases all ended, the turn is over
    assert asked and not any(asked)
    no_coups = [ln for ln in session.log if ln.action is not None and ln.action.verb.value == "no-reveal"]
    assert len(no_coups) >= 4  # one answer at each SS phase's end


def test_enter_on_a_hex_acts_walks_or_says_why_not_without_a_screen():
    """Enter on a hex is decided by the controller, whichever screen pressed it: the one
    action there is taken; a hex further than a step is a walk, said first with its
    way; a hex the unit may not enter is refused with its case (11.32 here); and the
    side not to move is told whose move it is."""
    from plot_core.hexgrid import parse_hex

    def controller(side: Player) -> Controller:
        return Controller(Table(Session(pos(DUEL), HOTSEAT), InlineScheduler()), [side])

    ss = controller(Player.SS)
    said = ss.at_hex(parse_hex("2110"))  # Schellenberg's hex: the one action, to move him
    assert not isinstance(said, list) and said.text == "Move Schellenberg (002)"
    assert ss.table.session.state.active == "002"
    walk = ss.at_hex(parse_hex("2112"))
    assert not isinstance(walk, list) and walk.path == (parse_hex("2011"), parse_hex("2112"))
    assert walk.text.endswith("(2 steps)") and ss.table.session.state.unit("002").hex == parse_hex("2110")
    refused = ss.at_hex(parse_hex("2111"))
    assert not isinstance(refused, list) and refused.error and refused.text.endswith("(11.32)")
    waiting = controller(Player.ABWEHR).at_hex(parse_hex("2110"))
    assert not isinstance(waiting, list) and waiting.error and waiting.text == "It is the SS player's move."


def test_enter_on_a_unit_whose_one_action_takes_it_elsewhere_lists_it_first():
    """13.35: after Ic one investigator may advance into the vacated hex. Enter on an
    investigator picks him and says where he would go, without moving him; Enter on
    the hex he would go to is where the advance is taken."""
    from plot_core.hexgrid import parse_hex

    from .helpers import INVESTIGATION_13_19

    s = Session(pos(INVESTIGATION_13_19.replace("dice = [4]", "dice = [6]")), HOTSEAT)
    for text in ("investigate 305", "join 000", "join 011", "roll", "no-reveal"):
        s.act(parse_action(text))
    ss = Controller(Table(s, InlineScheduler()), [Player.SS])
    picked = ss.at_hex(parse_hex("2110"))  # Himmler (000), one action: advance to 2210
    assert isinstance(picked, list) and [str(a) for a in picked] == ["advance 000 2210"]
    assert s.state.unit("000").hex == parse_hex("2110")
    there = ss.at_hex(parse_hex("2210"))  # both investigators may advance here
    assert isinstance(there, list) and {a.unit for a in there} == {"000", "011"}
    said = ss.press(there[0])
    assert not said.error and s.state.unit(there[0].unit or "").hex == parse_hex("2210")
    # Himmler alone investigating: Enter on him lists his advance, Enter on 2210 takes it
    s = Session(pos(INVESTIGATION_13_19.replace("dice = [4]", "dice = [6]")), HOTSEAT)
    for text in ("investigate 305", "join 000", "roll", "no-reveal"):
        s.act(parse_action(text))
    ss = Controller(Table(s, InlineScheduler()), [Player.SS])
    assert isinstance(ss.at_hex(parse_hex("2110")), list) and s.state.unit("000").hex == parse_hex("2110")
    said = ss.at_hex(parse_hex("2210"))
    assert not isinstance(said, list) and s.state.unit("000").hex == parse_hex("2210")


def test_d_is_not_offered_once_fuhrer_access_chits_are_committed_to_the_coup():
    """Committed chits make the coup go ahead (18.13): the engine offers only the roll,
    so D ("no coup this Game-Turn") is neither shown nor taken, and sets nothing."""
    from plot_core import load_rules, parse_action
    from plot_core.lessons import load_lessons
    from plot_session.controller import coup_declinable

    lesson = next(ls for ls in load_lessons() if ls.key == "06-coup")
    seats = {Player.SS: Seat.COMPUTER, Player.ABWEHR: Seat.HUMAN}
    session = Session(lesson.start(load_rules()), seats)
    controller = Controller(Table(session, InlineScheduler()), [Player.ABWEHR])
    controller.act(parse_action("end-phase"))
    shot = controller.snapshot()
    assert coup_declinable(shot) and any(c.key == "D" for c in controller.asking().choices)
    controller.act(parse_action("reveal FA1"))
    shot = controller.snapshot()
    assert not coup_declinable(shot) and not any(c.key == "D" for c in controller.asking().choices)
    said = controller.no_coup_this_turn()
    assert said.error and said.text.startswith(
        "Führer Access chits are committed: the coup goes ahead (18.13)."
    )
    assert Player.ABWEHR not in controller.table.no_coup_in


def test_what_a_coup_roll_stakes_is_said_once_with_its_chances():
    """ "Roll on the Walkyrie Table: the coup, rolls on the Walkyrie Table." said the
    table twice; the roll is said once, with its chances as they stand (the chits
    committed, none here: the odds shown beside may count every chit held)."""
    from plot_core import load_rules, parse_action
    from plot_core.lessons import load_lessons
    from plot_core.wording import words

    lesson = next(ls for ls in load_lessons() if ls.key == "06-coup")
    session = Session(lesson.start(load_rules()), {Player.SS: Seat.COMPUTER, Player.ABWEHR: Seat.HUMAN})
    controller = Controller(Table(session, InlineScheduler()), [Player.ABWEHR])
    controller.act(parse_action("end-phase"))
    coup = parse_action("coup")
    said = controller.stakes_words(coup, words(session.state.rules, controller.view(), coup))
    assert said == "Roll on the Walkyrie Table: the coup; die: the coup fails 83% · 3/5/2 17%."


def test_a_chit_committed_to_the_coup_is_asked_with_the_roll_it_counts_on():
    from plot_core import load_rules, parse_action
    from plot_core.lessons import load_lessons
    from plot_core.wording import words

    lesson = next(ls for ls in load_lessons() if ls.key == "06-coup")
    session = Session(lesson.start(load_rules()), {Player.SS: Seat.COMPUTER, Player.ABWEHR: Seat.HUMAN})
    controller = Controller(Table(session, InlineScheduler()), [Player.ABWEHR])
    controller.act(parse_action("end-phase"))
    commit = next(a for a in controller.legal() if a.verb.value == "reveal")
    said = controller.stakes_words(commit, words(session.state.rules, controller.view(), commit))
    # it spends the chit, binds the Abwehr to the coup (18.12), and counts towards the
    # roll with every one held (18.13)
    bound = f"spends {commit.chit} and then the coup must be attempted (18.12); the Walkyrie roll with "
    assert bound in said, said
    assert "→ Walkyrie Table: " in said
    controller.act(commit)
    second = next(a for a in controller.legal() if a.verb.value == "reveal")
    said = controller.stakes_words(second, words(session.state.rules, controller.view(), second))
    assert f"spends {second.chit}; the Walkyrie roll with " in said, said  # bound already


def test_the_side_waiting_is_told_the_other_sides_last_action_and_not_after_its_own_move():
    """At a table of two players, the one waiting sees the other's last action (a step:
    what the map changed by) under the wait, with the rolls; once it is their own move
    again, the news is the rolls and results alone."""
    table = Table(Session(pos(DUEL), HOTSEAT), InlineScheduler())  # (die 1)
    ss, abwehr = Controller(table, [Player.SS], local=False), Controller(table, [Player.ABWEHR], local=False)
    ss.act(parse_action("activate 002"))
    assert abwehr.asking().news == ("SS: Move Schellenberg (002)",)
    ss.act(parse_action("move 2010"))
    assert abwehr.asking().kind == "waiting" and abwehr.asking().news == ("SS: Step to 2010",)
    assert "SS: " not in " ".join(ss.asking().news)  # its own moves are not news to the SS
    ss.act(parse_action("move 2110"))
    ss.act(parse_action("harass 305"))  # die 1: Dr, the Abwehr retreats Bonhoeffer (10.65)
    asked = abwehr.asking()
    assert asked.kind == "question" and not any(line.startswith("SS: ") for line in asked.news)
    assert any("die 1: Dr" in line for line in asked.news)


def test_an_action_that_ends_the_step_says_it_sets_off_the_randomizer_not_that_it_rolls():
    """Placing the Allied unit ends the Assignment Inter-Phase, and the rules then roll
    the Randomizer (6.23): no one chooses that roll. Said first, the placing used to
    read as though it rolled itself ("rolls on the Randomizer Table column Game-Turn 1")."""
    from engine.test_assignment import interphase
    from plot_core import legal_actions

    from .helpers import HOTSEAT, seat_at, shared_table

    s = interphase("4, 1, 1")
    session = Session(s, HOTSEAT)
    side = s.to_act
    place = next(a for a in legal_actions(s) if str(a).startswith("allied"))
    controller = seat_at(shared_table(session), side)
    said = controller.stakes_words(place, "Place it")
    assert said.startswith("Place it, sets off the roll on the Randomizer Table"), said
    assert "rolls on the" not in said


def test_an_investigation_that_cannot_reach_2_to_1_says_so_among_the_choices():
    """13.21: below 2 to 1 there is no investigation. Strölin (2) alone beside Bonhoeffer
    (3) makes at best 2 to 3, so beginning it leads only to calling it off: the choice
    says so before it is taken. With Himmler (9) in reach too, 11 to 3 rolls: nothing said."""
    alone = """
        phase = "investigation"
        phasing = "ss"
        [units]
        "305" = { hex = "2210", suspected = true }
        "108" = { hex = "2209", controller = "ss" }
        """
    controller = Controller(Table(Session(pos(alone), HOTSEAT), InlineScheduler()), list(Player))
    [choice] = [c for c in controller.asking().choices if c.text.startswith("Investigate Bonhoeffer")]
    assert choice.text == "Investigate Bonhoeffer (305) — no roll at 2 to 3"
    helped = alone + '"000" = { hex = "2110" }\n'
    controller = Controller(Table(Session(pos(helped), HOTSEAT), InlineScheduler()), list(Player))
    [choice] = [c for c in controller.asking().choices if c.text.startswith("Investigate Bonhoeffer")]
    assert choice.text == "Investigate Bonhoeffer (305)"
