"""A refusal whose sentence is written only when it is read (errors.IllegalAction)."""

from __future__ import annotations

import copy
import pickle

from plot_core.engine.errors import IllegalAction


def test_a_refusal_says_its_case_at_once_and_writes_its_sentence_once_when_read():
    written = []

    def sentence() -> str:
        written.append(1)
        return "Canaris has no movement points left to harass"

    refusal = IllegalAction("10.23", sentence)
    assert refusal.case == "10.23" and written == []
    assert str(refusal) == "Canaris has no movement points left to harass (10.23)"
    assert refusal.reason == "Canaris has no movement points left to harass"
    assert written == [1]


def test_a_refusal_given_its_sentence_reads_as_before():
    assert str(IllegalAction("9.14", "activate a unit first")) == "activate a unit first (9.14)"
    assert str(IllegalAction("", "there is no unit 'X'")) == "there is no unit 'X'"
    assert repr(IllegalAction("9.14", lambda: "activate a unit first")) == (
        "IllegalAction('activate a unit first (9.14)')"
    )


def test_a_copied_or_pickled_refusal_carries_its_sentence_not_the_function():
    refusal = IllegalAction("10.69", lambda: "Abwehr HQ is friendly to Canaris")
    for again in (pickle.loads(pickle.dumps(refusal)), copy.deepcopy(refusal)):
        assert isinstance(again, IllegalAction)
        assert (again.case, again.reason) == ("10.69", "Abwehr HQ is friendly to Canaris")
