"""The odds of a roll before it is made: the arithmetic, the table and column read, and
how many of the die's six faces give each result.

Every number comes from the functions the resolvers themselves use (the differential,
the ratio, the table lookups with their limits), so what a player is told is what the
roll will read. What goes in is public (ratings, positions, markers, committed chits)
but for one thing the acting side alone knows: the Führer Access chits the Abwehr holds,
counted when it commits one to the coup. So odds are for the side to act, and only
shown to it (plot_session.controller.Controller.odds).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence

import attrs

from ..english import listed, mid_sentence
from ..hexgrid import Hex
from ..parties import Party
from .actions import Action, Verb
from .coup import MUST_ATTEMPT, binds_to_the_coup
from .decisions import peek
from .errors import IllegalAction
from .harassment import harassment_terms, need_target
from .investigation import counting_investigators, investigation_terms
from .pending import CoupOffer, ExposeInvestigators, Exposure, InterrogationAlibi, Investigate, Recruit
from .recruitment import recruitment_terms, success_suspects, suspicion_words
from .state import GameState, chit_ids, defence
from .terms import Term


@attrs.frozen
class Odds:
    """What one roll will be read on, and the chance of each result."""

    title: str  # "Himmler harasses Strölin"
    case: str  # the table's case: 10.71, 12.9, 18.8 ...
    table: str  # the table's name, from its data file
    terms: tuple[Term, ...]  # the arithmetic, summed into ``total``
    total: str  # "+8", "7 to 3", "die + 2"
    column: str  # "+6", "2:1", "defence 3", "Game-Turn 4"; "": none
    faces: tuple[tuple[str, int], ...]  # each result and how many of the die's faces give it
    notes: tuple[str, ...] = ()  # what else to know: limits, caps, who may interfere
    allowed: bool = True  # False: the rules forbid the roll (the note says why)
    nothing: str = "-"  # what a face with no result ("-") means, in words
    assumes: str = ""  # who is counted that is not chosen yet: "with Oster and Gehre"
    meanings: tuple[tuple[str, str], ...] = ()  # each result it may give, and what it means
    set_off: bool = False  # a roll the rules make, which an action only sets off (6.23, 12.82)
    # what a success would bring about beside its result, weighed before rolling:
    # "On R or Sr, Oster falls under suspicion (12.73)."
    brings: tuple[str, ...] = ()

    def chances(self) -> str:
        """'De 50% · Dr 17% · N 17% · Ae 17%'; 'the coup fails 83% · 3/5/2 17%'."""
        sides = sum(n for _, n in self.faces)
        return " · ".join(
            f"{self.nothing if code == '-' else code} {round(100 * n / sides)}%" for code, n in self.faces
        )

    def legend(self) -> str:
        """'M: masked · Dr: defender retreats': what its results mean."""
        return legend(self.meanings)

    def choice_line(self) -> str:
        """What a list of choices says of the roll: whom it counts, then ``line``."""
        return f"{self.assumes}: {self.line()}" if self.assumes else self.line()

    def line(self) -> str:
        """'+8 → column +6: De 50% · ...'."""
        if not self.allowed:
            return f"{self.total}: no roll. {' '.join(self.notes)}"
        where = f", column {self.column}" if self.column else ""
        return f"{self.total} → {self.table}{where}: {self.chances()}"

    def arithmetic(self) -> str:
        """'Schellenberg 8 - Bonhoeffer 3 - in its HQ 4 (10.41) = +1', 'Himmler 9 + Hanke 4 to
        Bonhoeffer 3', 'die + Führer Access chits 2 (18.13)'."""

        def named(t: Term) -> str:
            return f"{t.what} {abs(t.value)}" + (f" ({t.case})" if t.case else "")

        if not self.terms:
            return ""
        if " to " in self.total:  # a ratio (13.0): the sum to a defence
            *side, against = self.terms
            return f"{' + '.join(named(t) for t in side)} to {named(against)}"
        if self.total.startswith("die"):  # a die and what is added to it
            return " + ".join(["die", *(named(t) for t in self.terms if t.value)])
        text = named(self.terms[0])
        for t in self.terms[1:]:
            text += f" {'-' if t.value < 0 else '+'} {named(t)}"
        return f"{text} = {self.total}"


def _faces(results: Sequence[str | None], order: Collection[str]) -> tuple[tuple[str, int], ...]:
    """Count each result over the six faces, in the table's own order of results."""
    counted: dict[str, int] = {}
    for r in results:
        key = "-" if r is None else r
        counted[key] = counted.get(key, 0) + 1
    ranked = [k for k in order if k in counted] + [k for k in counted if k not in order]
    return tuple((k, counted[k]) for k in ranked)


def legend(meanings: Iterable[tuple[str, str]]) -> str:
    """Results and what they mean, in a line: 'M: masked · Dr: defender retreats'."""
    return " · ".join(f"{code}: {meant}" for code, meant in meanings)


def _meanings(faces: tuple[tuple[str, int], ...], meant: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    """What each result among ``faces`` means, in the table's words: ("M", "masked")."""
    return tuple((code, mid_sentence(meant[code])) for code, _ in faces if code in meant)


def _die(state: GameState) -> range:
    return range(1, state.rules.game.die_sides + 1)


# -- harassment (10.0, 18.41) ----------------------------------------------------------


def harassment_odds(state: GameState, target: str | None = None, hq_hex: Hex | None = None) -> Odds:
    """The active unit harassing ``target`` (or the vacant HQ at ``hq_hex``, 10.69)."""
    rules = state.rules
    coup = state.coup is not None  # 18.41
    grid = rules.tables.coup_harassment if coup else rules.tables.harassment
    terms = harassment_terms(state, target, hq_hex)
    diff = sum(t.value for t in terms)
    notes = []
    whom = "the vacant HQ" if hq_hex is not None else state.info(need_target(target)).short
    title = f"{state.info(state.mover).short} harasses {whom}"
    if diff < grid.columns[0]:
        return Odds(
            title,
            grid.case,
            grid.name,
            terms,
            f"{diff:+d}",
            "-",
            (),
            (f"Below {grid.columns[0]:+d} there is no harassment (10.34).",),
            allowed=False,
        )
    if diff > grid.columns[-1]:
        notes.append(
            f"Above {grid.columns[-1]:+d} the {grid.columns[-1]:+d} column is read (see the rules notes)."
        )
    results = [rules.tables.harassment_result(diff, die, coup=coup) for die in _die(state)]
    faces = _faces(results, grid.results)
    if "Ae" in results:
        fatal = [die for die, r in zip(_die(state), results, strict=True) if r == "Ae"]
        notes.append(f"A {', '.join(map(str, fatal))} eliminates the harasser (10.72).")
    return Odds(
        title,
        grid.case,
        grid.name,
        terms,
        f"{diff:+d}",
        grid.column_label(min(diff, grid.columns[-1])),
        faces,
        tuple(notes),
        meanings=_meanings(faces, grid.results),
    )


# -- recruitment (12.0, 12.5) ----------------------------------------------------------


def recruitment_odds(state: GameState, target: str, units: tuple[str, ...]) -> Odds:
    rules = state.rules
    grid = rules.tables.recruitment
    terms = recruitment_terms(state, target, units)
    diff = sum(t.value for t in terms)
    names = " + ".join(state.info(u).short for u in units) or "nobody"
    title = f"{names} {'try' if len(units) > 1 else 'tries'} to recruit {state.info(target).short}"

    def no_roll(why: str) -> Odds:
        return Odds(title, "12.9", grid.name, terms, f"{diff:+d}", "-", (), (why,), allowed=False)

    if not units:  # a target named out of everyone's reach
        return no_roll(
            f"No unit of yours that may still recruit this phase has "
            f"{state.info(target).short} in its zone (12.21)."
        )
    if diff < rules.game.recruit_min:
        return no_roll(f"Recruitment needs at least {rules.game.recruit_min:+d} (12.53).")
    notes = []
    if diff > grid.columns[-1]:
        notes.append(f"Above {grid.columns[-1]:+d} the {grid.columns[-1]:+d} column is read (12.54).")
    # What the recruiter risks by succeeding: the decision a player weighs here.
    suspects = success_suspects(state, units)
    brings: tuple[str, ...] = ()
    if suspects:
        goerdeler = any(rules.units[u].party is not Party.ABWEHR for u in suspects)  # 12.74
        brings = (
            f"On R or Sr, {suspicion_words(rules, suspects)} ({'12.73, 12.74' if goerdeler else '12.73'}).",
        )
    results = [rules.tables.recruitment_result(diff, die) for die in _die(state)]
    faces = _faces(results, grid.results)
    return Odds(
        title,
        "12.9",
        grid.name,
        terms,
        f"{diff:+d}",
        grid.column_label(min(diff, grid.columns[-1])),
        faces,
        tuple(notes),
        meanings=_meanings(faces, grid.results),
        brings=brings,
    )


# -- investigation (13.0) --------------------------------------------------------------


def investigation_odds(
    state: GameState, target: str, units: tuple[str, ...], *, exposable: bool = False, revealing: bool = False
) -> Odds:
    """``exposable``: the SS is still naming investigators; ``revealing``: the odds once
    the Abwehr reveals a Loyalty chit (13.17)."""
    rules = state.rules
    grid = rules.tables.investigation
    terms = investigation_terms(state, target, units)
    total = sum(t.value for t in terms[:-1])
    dfn = -terms[-1].value
    column = rules.tables.investigation_column(total, dfn)
    names = " + ".join(state.info(u).short for u in units) or "nobody"
    title = f"{names} investigate{'' if len(units) > 1 else 's'} {state.info(target).short}"
    notes = []
    if exposable:
        notes.append("The Abwehr may still reveal investigators' Loyalty chits to take them out (13.17).")
    if column is None:
        return Odds(
            title,
            "13.36",
            grid.name,
            terms,
            f"{total} to {dfn}",
            "-",
            (),
            (f"Below {grid.columns[0]}:1 there is no investigation (13.21).", *notes),
            allowed=False,
        )
    if total // dfn > grid.columns[-1]:
        notes.append(f"Above {grid.columns[-1]}:1 the {grid.columns[-1]}:1 column is read (13.23).")
    alike = all(len(set(row)) == 1 for row in grid.cells)  # (as printed: docs/rules/notes.md)
    if exposable and alike:
        notes.append(
            "The columns read alike (13.36): more investigators only keep the "
            f"{rules.game.investigate_min} to 1 if the Abwehr reveals Loyalty chits (13.17, 13.22); "
            "each investigates once a phase (13.24)."
        )
    if revealing and alike:
        notes.append(
            "The columns read alike (13.36): a revealed chit changes the chances only where it "
            f"leaves the investigation below {rules.game.investigate_min} to 1, and it is not "
            "carried out (13.22)."
        )
    results = [grid.cell(die, column) for die in _die(state)]
    faces = _faces(results, grid.results)
    return Odds(
        title,
        "13.36",
        grid.name,
        terms,
        f"{total} to {dfn}",
        grid.column_label(column),
        faces,
        tuple(notes),
        meanings=_meanings(faces, grid.results),
    )


# -- interrogation (14.2) --------------------------------------------------------------


def interrogation_odds(state: GameState, uid: str, alibis: int) -> Odds:
    rules = state.rules
    grid = rules.tables.interrogation
    dfn = defence(rules, state.unit(uid))
    top_roll = rules.game.interrogation_max_roll
    terms = (Term("Alibi/Arrest chits", alibis, "14.22"),)
    results = [rules.tables.interrogation_result(dfn, min(die + alibis, top_roll)) for die in _die(state)]
    faces = _faces(results, grid.results)
    column = max(grid.columns[0], min(dfn, grid.columns[-1]))
    notes = [f"The roll counts at most {top_roll} (14.23)."]
    return Odds(
        f"Interrogation of {state.info(uid).short}",
        "14.34",
        grid.name,
        terms,
        f"die + {alibis}" if alibis else "die",
        grid.column_label(column),
        faces,
        tuple(notes),
        meanings=_meanings(faces, grid.results),
    )


# -- the Walkyrie roll (18.13) ---------------------------------------------------------


# a coup's result, three numbers (18.15): harassment's cost in movement points, the bonus
# added to its differential, the Abwehr units moving in the interphase
WALKYRIE_RESULT = ("P/B/U", "harassment cost (18.17) / bonus (18.18) / interphase units (18.22)")


def walkyrie_odds(state: GameState, chits: int) -> Odds:
    table = state.rules.tables.walkyrie
    results = []
    for die in _die(state):
        r = table.result(die + chits)
        results.append(None if r is None else f"{r.penalty}/{r.bonus}/{r.units}")
    return Odds(
        "The Walkyrie roll",
        table.case,
        table.name,
        (Term("Führer Access chits", chits, "18.13"),),
        f"die + {chits}" if chits else "die",
        "",
        _faces(results, ["-"]),
        nothing="the coup fails",
        meanings=(WALKYRIE_RESULT,) if any(r is not None for r in results) else (),
    )


# -- the rolls no one chooses: the Randomizer (6.23) and OKW Panic (12.82) -----------


def randomizer_odds(state: GameState, turn: int) -> Odds:
    table = state.rules.tables.randomizer
    column = min(turn, len(table.cells[0]))
    results = []
    for die in _die(state):
        d = table.result(die, turn)
        results.append(None if d is None else f"{d.player.title} draws {d.count}")
    return Odds(
        f"The Randomizer of Game-Turn {turn}",
        table.case,
        table.name,
        (),
        "die",
        f"Game-Turn {column}",
        _faces(results, []),
        nothing="no draw",
        set_off=True,
    )


def panic_odds(state: GameState, rolls: int) -> Odds:
    table = state.rules.tables.okw_panic
    results = [f"{table.result(die)} panic" for die in _die(state)]
    return Odds(
        f"OKW Panic, {rolls} roll{'s' if rolls != 1 else ''}",
        table.case,
        table.name,
        (),
        "die",
        "-",
        _faces(results, []),
        (
            "One roll for each SS-controlled SS, Nazi or Civilian unit in an HQ "
            "friendly to OKW; the Abwehr unrecruits that many of his OKW units (12.83).",
        ),
        set_off=True,
    )


# -- which roll an action makes --------------------------------------------------------


def _counting_every_joiner(state: GameState, odds: Odds, units: tuple[str, ...]) -> Odds:
    """The odds of a target just named count every unit that may still join the
    attempt (units combine their ratings: 12.25, 13.19): said, since the player then
    adds them one by one and may add fewer."""
    if not units:
        return odds  # nobody in reach: the odds say why there is no roll
    return attrs.evolve(odds, assumes=f"with {listed([state.info(u).short for u in units])}")


def _who_may_still_join(
    state: GameState, odds: Odds, joined: tuple[str, ...], everyone: tuple[str, ...], whole: Odds, case: str
) -> Odds:
    """The roll of the units ``joined`` so far, with a note of those in reach that have
    not joined and what the roll would be with ``everyone`` (``whole``; units combine,
    ``case``): a player who rolls after the first helper should know the rest were not
    counted."""
    left = [u for u in everyone if u not in joined]
    if not left or (odds.allowed and whole.allowed and odds.faces == whole.faces):
        return odds  # (the same chances with them: a capped column, columns that read alike)
    names = listed([state.info(u).short for u in left])
    with_them = f"{whole.total}, column {whole.column}" if whole.allowed and whole.column else whole.total
    note = f"Not joined yet: {names}; with everyone, {with_them} ({case})."
    return attrs.evolve(odds, notes=(*odds.notes, note))


def _counting_every_chit(state: GameState, d: CoupOffer) -> Odds:
    """The Walkyrie roll of a coup the Abwehr commits chits to counts every Führer
    Access chit it holds (each adds one, 18.13): said, since it commits them one at a
    time and may stop short, as the odds of a recruitment count every joiner. (Only the
    Abwehr, whose decision this is, is shown it: its own hand.)"""
    from .coup import fuhrer_access_chits

    chits = (*d.chits, *fuhrer_access_chits(state))
    counted = f"with {listed(list(chits))}"
    odds = walkyrie_odds(state, len(chits))
    return attrs.evolve(odds, title=f"{odds.title} {counted}", assumes=counted)


def odds_of(state: GameState, action: Action) -> list[Odds]:
    """The rolls ``action`` would make (or, for a named target, the roll it leads to),
    with their odds; [] for an action that rolls nothing. ``state`` is the true state;
    what reaches the answer is public, or the acting side's own hand (its Führer Access
    chits at the coup): for the side to act alone."""
    d = peek(state)
    verb = action.verb
    try:
        if verb is Verb.HARASS and state.active is not None:
            return [harassment_odds(state, action.unit, action.hex)]
        if verb is Verb.RECRUIT and action.unit is not None and d is None:
            from .recruitment import recruiters_for

            units = tuple(recruiters_for(state, action.unit))
            return [_counting_every_joiner(state, recruitment_odds(state, action.unit, units), units)]
        if verb is Verb.INVESTIGATE and action.unit is not None and d is None:
            from .investigation import investigators_for

            units = tuple(investigators_for(state, action.unit))
            odds = investigation_odds(state, action.unit, units, exposable=True)
            return [_counting_every_joiner(state, odds, units)]
        if isinstance(d, Recruit) and verb in (Verb.JOIN, Verb.ROLL):
            from .recruitment import recruiters_for

            units = d.units + ((action.unit,) if verb is Verb.JOIN and action.unit else ())
            everyone = units + tuple(u for u in recruiters_for(state, d.unit) if u not in units)
            odds, whole = recruitment_odds(state, d.unit, units), recruitment_odds(state, d.unit, everyone)
            return [_who_may_still_join(state, odds, units, everyone, whole, "12.25")]
        if isinstance(d, Investigate) and verb in (Verb.JOIN, Verb.ROLL):
            from .investigation import investigators_for

            units = d.units + ((action.unit,) if verb is Verb.JOIN and action.unit else ())
            everyone = units + tuple(u for u in investigators_for(state, d.unit) if u not in units)
            odds = investigation_odds(state, d.unit, units, exposable=True)
            whole = investigation_odds(state, d.unit, everyone, exposable=True)
            return [_who_may_still_join(state, odds, units, everyone, whole, "13.25")]
        if isinstance(d, Exposure):
            if verb is Verb.REVEAL and action.chit:  # 13.17: one drops out
                d = attrs.evolve(d, chits=d.chits + (action.chit,))
                odds = investigation_odds(state, d.unit, counting_investigators(d), revealing=True)
                return [attrs.evolve(odds, assumes=f"once {action.chit} is revealed")]
            if verb is Verb.ALIBI and action.unit:  # 13.18: one comes back
                d = attrs.evolve(d, cleared=d.cleared + (action.unit,))
            return [investigation_odds(state, d.unit, counting_investigators(d))]
        if isinstance(d, InterrogationAlibi):
            extra = 1 if verb is Verb.REVEAL else 0
            return [interrogation_odds(state, d.unit, len(d.chits) + extra)]
        if isinstance(d, CoupOffer) and verb is Verb.REVEAL:
            return [_counting_every_chit(state, d)]
        if isinstance(d, CoupOffer) and verb is Verb.COUP:
            return [walkyrie_odds(state, len(d.chits))]
    except (IllegalAction, KeyError, StopIteration):
        return []
    return automatic_odds(state, action)


def _probe(state: GameState, action: Action) -> GameState | None:
    """``action`` played on a copy whose dice all show 1 and whose generator is not the
    game's: what it sets off, with nothing of the real rolls or draws foreseen."""
    from .api import apply

    try:
        return apply(attrs.evolve(state, dice=(1,) * 40, rng=0), action)
    except IllegalAction:
        return None


def automatic_odds(state: GameState, action: Action) -> list[Odds]:
    """The Randomizer and OKW Panic rolls that ``action`` sets off before anyone decides
    again."""
    if action.verb not in (
        Verb.END_PHASE,
        Verb.END,
        Verb.NO_REVEAL,
        Verb.STAY,
        Verb.ADVANCE,
        Verb.ASSIGN,
        Verb.REVEAL,
        Verb.PLACE_ALLIED,
        Verb.RETURN,
    ):
        return []
    after = _probe(state, action)
    if after is None:
        return []
    out: list[Odds] = []
    panic = sum(1 for e in after.events if e.table == "okw_panic")
    for e in after.events:
        if e.table == "randomizer" and e.column is not None:
            out.append(randomizer_odds(state, e.column))
    if panic:
        out.append(panic_odds(state, panic))
    return out


@attrs.frozen
class Stakes:
    """What an action puts at risk before it is taken: the dice it rolls (with their
    odds where a table is known) and the acting side's own chits it gives up."""

    rolls: bool
    odds: tuple[Odds, ...]
    spends: tuple[str, ...]
    binds: str = ""  # an answer it closes, with its case: "the coup must be attempted (18.12)"

    def __bool__(self) -> bool:
        return self.rolls or bool(self.spends)


def stakes(state: GameState, action: Action) -> Stakes:
    """For the acting side's own eyes: ``spends`` names his chits."""
    after = _probe(state, action)
    if after is None or state.to_act is None:
        return Stakes(False, (), ())
    mine = state.to_act.value
    enemy = state.to_act.enemy.value
    ids = chit_ids(state.rules)
    # a chit taken by the enemy is what a roll did (13.32, 14.31), not what was spent
    spent = tuple(
        ids[i]
        for i, (was, now) in enumerate(zip(state.chits, after.chits, strict=True))
        if was == mine and now not in (mine, enemy)
    )
    # an investigation's roll is committed at the SS's key (13.24), though the die waits
    # for the Abwehr's answer (13.17): asked about as a roll, like any other
    rolled = any(e.roll for e in after.events) or (
        isinstance(peek(after), ExposeInvestigators) and not isinstance(peek(state), ExposeInvestigators)
    )  # (a Loyalty chit revealed then is no roll: the die still waits, 13.17)
    binds = f"{MUST_ATTEMPT} (18.12)" if binds_to_the_coup(state, action) else ""
    return Stakes(rolled, tuple(odds_of(state, action)) if rolled else (), spent, binds)
