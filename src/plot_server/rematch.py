"""A rematch, sides swapped: offered by one player at a finished table, answered by the
other; against the computer it is a new game at once.

What a table knows of its rematch is a small value kept with its owners and code (the
table file, or the store's row), so an offer waits for a player who is away, survives
a restart and is seen by a player on another server process. A side offers once a
game: a declined offer is not made again, so no one can be pestered with offers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

from plot_core import Player
from plot_session.describe import SIDE
from plot_session.session import Seat

from .listing import Listing
from .tables import DECLINED, Refused, Rematch, ServedTable, to_operator

if TYPE_CHECKING:
    from .tables import TableConnection


def rematch_from(meta: dict[str, Any], where: str) -> Rematch | None:
    """A table file's (or row's) rematch. One that cannot be read is left out, with a
    word to the operator: the table and its game still come back."""
    found = meta.get("rematch")
    if found is None:
        return None
    try:
        answer = found["answer"]
        if not isinstance(answer, str) or len(answer) > 20:
            raise ValueError(f"answer {str(answer)[:20]!r}")
        return Rematch(Player(found["by"]), answer)
    except (KeyError, TypeError, ValueError) as exc:
        to_operator(f"{where}: its rematch could not be read ({exc}); it is left out")
        return None


def rematch_words(table: ServedTable, side: Player | None) -> str:
    """What a screen at a finished table says of the rematch, to ``side`` (None: a
    spectator)."""
    r = table.rematch
    if not table.over:
        return ""
    if r is None:
        nobody = side is not None and side.enemy in table.owners and table.owners[side.enemy] is None
        return "" if side is None or nobody else "R: a rematch, sides swapped."
    name = _offerer(table, r.by)
    if r.table is not None:
        if side is None:
            return f"The rematch is table {r.table}."
        return f"The rematch is table {r.table}: you play the {SIDE[side.enemy]} there."
    if r.answer == DECLINED:
        if side is r.by:
            return "Your offer of a rematch was declined."
        return f"{name}'s offer of a rematch was declined." if side is None else "You declined the rematch."
    if side is r.by:
        return "You offered a rematch, sides swapped; it waits for your opponent's answer."
    if side is None:
        return f"{name} offers a rematch."
    return f"{offer_words(table, side)}: R to answer."


def offer_words(table: ServedTable, side: Player) -> str:
    """The offer waiting for ``side``, in words."""
    r = table.rematch
    name = _offerer(table, r.by if r is not None else side.enemy)
    return f"{name} offers a rematch, sides swapped (you would play the {SIDE[side.enemy]})"


def _offerer(table: ServedTable, by: Player) -> str:
    owner = table.owners.get(by)
    return owner.name if owner is not None else f"the {SIDE[by]} player"


def waiting_for(table: ServedTable | Listing, side: Player | None) -> bool:
    """Does an offer at ``table`` wait for ``side``'s answer?"""
    r = table.rematch
    return side is not None and r is not None and r.answer == "" and r.by is side.enemy


class Rematches:
    """The rematches at a hub's tables: asked for, offered, answered. ``create`` makes
    a table (the hub's, with its limits) and ``save`` writes a table's small file or
    row."""

    def __init__(
        self,
        tables: dict[str, ServedTable],
        create: Callable[..., ServedTable],
        save: Callable[[ServedTable], None],
    ) -> None:
        self.tables = tables  # the hub's own, as it changes
        self.create, self._save = create, save

    def ask(self, guest: TableConnection) -> ServedTable | None:
        """R at a finished table. Against the computer: the new table, sides swapped. Against
        a player: their offer accepted (the new table), or ours made (None). Refused with
        why when there is nothing to offer."""
        table = self.tables[guest.table_id]
        side = guest.chair.side
        if side is None:
            raise Refused("Only the players at a table can ask for a rematch.")
        if not table.over:
            raise Refused("A rematch is asked for when the game is over.")
        session = table.session
        if session.seats[side.enemy] is Seat.COMPUTER:
            return self.create(
                guest.who, side.enemy, opponent=Seat.COMPUTER, level=session.levels[side.enemy]
            )
        r = table.rematch
        if r is not None and r.table is not None:
            raise Refused(f"The rematch is already table {r.table}; it is in the lobby.")
        if waiting_for(table, side):
            return self.answer(guest, yes=True)
        if r is not None:
            raise Refused(
                "You offered a rematch already."
                if r.by is side and not r.answer
                else "This game's rematch was declined; a side offers once."
            )
        if table.owners.get(side.enemy) is None:
            raise Refused("No one took the other side: there is no one to offer a rematch to.")
        self._set(table, Rematch(side))
        return None

    def answer(self, guest: TableConnection, *, yes: bool) -> ServedTable | None:
        """Accept (the new table, where each plays the side the other played) or decline
        the offer waiting for ``guest``."""
        table = self.tables[guest.table_id]
        side, r = guest.chair.side, table.rematch
        if side is None or r is None or not waiting_for(table, side):
            raise Refused("No offer of a rematch waits for your answer.")
        if not yes:
            self._set(table, attrs.evolve(r, answer=DECLINED))
            return None
        offerer = table.owners.get(r.by)
        if offerer is None:
            raise Refused("The player who offered the rematch is no longer at this table.")
        new = self.create(guest.who, r.by, opponent=Seat.HUMAN)  # the offerer's old side
        new.owners[side] = offerer  # ... and the offerer takes ours: no join code asked
        self._save(new)
        self._set(table, attrs.evolve(r, answer=new.id))
        new.runtime.changed()
        return new

    def _set(self, table: ServedTable, rematch: Rematch) -> None:
        before, table.rematch = table.rematch, rematch
        try:
            self._save(table)
        except Refused:
            table.rematch = before
            raise
        table.runtime.changed()
