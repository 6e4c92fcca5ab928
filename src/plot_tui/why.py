"""Why the computer moved: its last new plan and the others it weighed, after the
plans it chose before it in the same turn of its (since its opponent last acted).

A searching player records, with each new plan, the plans it weighed (at most three,
the chosen first) with its estimate of its chance of winning after each, the trials
behind that estimate, what the plan changes in game terms (plot_ai.effects), and what
went worst in the chosen plan's trials: the next die, or what it cannot see
(plot_ai.search.feared). A
plan that names or spends the player's own chits (a Travel, a coup with some number of
Führer Access chits) would tell the other side what it holds: such a plan (and what it
changes) is shown to the other side as "a plan with chits you have not
seen" until the game is over. The estimates themselves are the computer's opinion.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from plot_core import Player
from plot_core.english import counted
from plot_record import PlanLine, ThinkLine
from plot_session.describe import SIDE

from .plain import plain

HIDDEN = "a plan with chits you have not seen"


def seen_whole(plan: PlanLine, thinker: Player, viewer: Player | None, over: bool) -> bool:
    """May ``viewer`` read the plan and what it changes as the thinker wrote them? Not
    while the game lasts, if they name the thinker's unseen chits."""
    return not plan.private or over or viewer is thinker


def plan_words(plan: PlanLine, thinker: Player, viewer: Player | None, over: bool) -> str:
    """The plan as ``viewer`` may read it: whole, or in its public words (no chit
    named) while the game lasts and the chits are the thinker's secret."""
    if seen_whole(plan, thinker, viewer, over):
        return plan.text
    return f"{plan.public} (any chits it commits not shown)" if plan.public else HIDDEN


def why_text(
    t: ThinkLine | None, viewer: Player | None, *, over: bool, earlier: Sequence[ThinkLine] = ()
) -> Text:
    """The computer's reasons for ``t``, its last new plan, with each plan it chose
    ``earlier`` in the same turn of its (since its opponent last acted), as ``viewer``
    may read them."""
    if t is None:
        return Text(
            "The computer has not weighed a plan yet in this game: only the\n"
            "searching level (expert) says why it moves. (W or any key closes this.)"
        )
    out = Text()
    out.append(f"Why the computer ({t.level}, {SIDE[t.side]}) did what it did\n", style="bold")
    if earlier:
        out.append("Its plans before the last, since its opponent last acted:\n", style="dim")
        for before in earlier:
            chosen = before.plans[0]
            out.append(f" at action {before.after}: ")
            out.append_text(plain(plan_words(chosen, before.side, viewer, over)))
            if chosen.effect and seen_whole(chosen, before.side, viewer, over):
                out.append(" — ", style="dim")
                out.append_text(plain(chosen.effect))
            if chosen.trials:  # (no chance is given for a plan it did not try)
                out.append(f" (wins {100 * chosen.win:.0f}%)", style="green")
            out.append("\n")
        out.append("\n")
    if t.trials == 0:  # nothing was weighed: no chance to give, and none made up
        only = t.plans[0]
        out.append(f"At action {t.after} it had one plan only, so it tried none:\n\n", style="dim")
        out.append(" chosen  ", style="bold")
        out.append_text(plain(plan_words(only, t.side, viewer, over)))
        if only.effect and seen_whole(only, t.side, viewer, over):
            out.append("\n           what it changes: ", style="dim")
            out.append_text(plain(only.effect))
        weighed = next((before for before in reversed(earlier) if before.plans[0].trials), None)
        if weighed is not None:  # the chance it last gave itself, as it gave it
            out.append(
                f"\n\nIts last weighed plan, at action {weighed.after}, expected to win "
                f"{100 * weighed.plans[0].win:.0f}% ({counted(weighed.plans[0].trials, 'trial')}).",
                style="dim",
            )
        else:
            out.append("\n\nIt has weighed no plan since its opponent last acted.", style="dim")
        out.append("\n\n(any key closes this)", style="dim")
        return out
    out.append(
        f"Its last new plan, at action {t.after}: {counted(t.trials, 'trial')} in {t.seconds:.2f} s.\n",
        style="dim",
    )
    out.append(
        "A trial plays a plan out on one guess at what it cannot see (the other\n"
        "side's chits, the cup, the dice) and scores the position reached: its\n"
        "estimated chance of winning.\n\n",
        style="dim",
    )
    for n, plan in enumerate(t.plans):
        out.append(" chosen  " if n == 0 else "         ", style="bold" if n == 0 else "")
        out.append_text(plain(plan_words(plan, t.side, viewer, over)))
        if plan.effect and seen_whole(plan, t.side, viewer, over):
            out.append("\n           what it changes: ", style="dim")
            out.append_text(plain(plan.effect))
        if n == 0 and plan.feared and seen_whole(plan, t.side, viewer, over):
            out.append("\n           what it feared: ", style="dim")
            out.append_text(plain(plan.feared))
        chances = (
            f"wins {100 * plan.win:.0f}% · {counted(plan.trials, 'trial')}"
            if plan.trials
            else "not tried in the time it had"
        )
        out.append(f"\n           {chances}\n", style="green" if n == 0 else "")
    out.append(tipped(t), style="dim")
    out.append("\n(any key closes this)", style="dim")
    return out


def tipped(t: ThinkLine) -> str:
    """Why a plan its trials rated lower was chosen, where one was (as the percentages
    shown say it): a plan's score is its estimate and the rules of thumb's opinion,
    which decides between plans the trials cannot tell apart (plot_ai.search)."""
    chosen, others = t.plans[0], t.plans[1:]
    shown = round(100 * chosen.win)
    # (a rival on fewer trials was left behind earlier in the search, on what it had then)
    rivals = [plan for plan in others if chosen.trials and plan.trials >= chosen.trials]
    if not any(round(100 * plan.win) > shown for plan in rivals):
        return ""
    return (
        "\nIt chose a plan its trials rated lower: between plans the trials"
        "\ncannot tell apart, the rules of thumb decide.\n"
    )
