"""Small pieces of English the screens and the engine's event texts share."""

from __future__ import annotations

import unicodedata

SPELLED_OUT = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """'1 trial', '2 trials', '1,204 trials'; ``plural`` where adding an s is wrong."""
    return f"{n:,} {noun if n == 1 else plural or noun + 's'}"


def listed(names: list[str]) -> str:
    """'Canaris', 'Canaris and Oster', 'Canaris, Oster and Beck' ('' for none)."""
    return ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else "".join(names)


def sentence(clause: str) -> str:
    """A clause as a sentence of its own: its first letter capitalised, one full stop."""
    clause = clause.rstrip(".")
    return f"{clause[:1].upper()}{clause[1:]}."


def mid_sentence(text: str) -> str:
    """``text`` inside a sentence: its first letter lower case ("Masked": "masked"), unless
    it begins with a capitalised abbreviation ("SS units" stays)."""
    return text if not text or text[:2].isupper() else text[0].lower() + text[1:]


def title_mid_sentence(title: str) -> str:
    """A title inside a sentence: its leading article in lower case ("the Walkyrie
    roll"), a name kept as it is ("Himmler + Strölin investigate Bonhoeffer")."""
    first, space, rest = title.partition(" ")
    return f"{first.lower()}{space}{rest}" if first in ("The", "A", "An") else title


def plain_letters(text: str) -> str:
    """``text`` as a search compares it: lower case, accents dropped (Müller: muller)."""
    if text.isascii():  # nothing to drop: the common case, kept cheap (a search a key)
        return text.lower()
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def finds(text: str, word: str) -> bool:
    """Does a search for ``word`` find ``text`` (both made searchable)? A number is found
    at the start of one: 307 finds Gehre (307) and hex 3071, not hex 4307."""
    if not word.isdigit():
        return word in text
    at = text.find(word)
    while at > 0 and text[at - 1].isdigit():
        at = text.find(word, at + 1)
    return at >= 0


def searchable(text: str) -> str:
    """``text`` as a search looks in it: in plain letters, and again with German
    umlauts spelled out where it has any, so that muller, mueller and müller all find
    Müller (a query is made ``plain_letters`` too)."""
    spelled = plain_letters(text.casefold().translate(SPELLED_OUT))
    plain = plain_letters(text)
    return plain if spelled == plain else f"{plain} {spelled}"


def starts_a_word(key: str, text: str) -> bool:
    """Does ``key`` (a query, in plain letters) start ``text`` or a word in it (after a
    space or a hyphen), accents and case aside and umlauts spelled either way: "lorr"
    and "alsace lorraine" find Alsace-Lorraine, "mull" Müller."""
    found = searchable(text).replace("-", " ")
    return found.startswith(key) or f" {key}" in found


def one_slip(typed: str, word: str) -> bool:
    """``typed`` is ``word`` with one slip of the fingers: a letter wrong, left out, added
    or swapped with the next ("hepl": help); not for words of two letters or fewer."""
    if typed == word or len(word) < 3 or abs(len(typed) - len(word)) > 1:
        return False
    same = zip(typed, word, strict=False)
    i = next((k for k, (a, b) in enumerate(same) if a != b), min(len(typed), len(word)))  # the first slip
    if len(typed) == len(word):
        swapped = typed[i + 1 : i + 2] + typed[i : i + 1] == word[i : i + 2]
        return typed[i + 1 :] == word[i + 1 :] or (swapped and typed[i + 2 :] == word[i + 2 :])
    longer, shorter = (typed, word) if len(typed) > len(word) else (word, typed)
    return longer[:i] + longer[i + 1 :] == shorter


__all__ = ["counted", "listed", "one_slip", "plain_letters", "searchable", "starts_a_word"]
