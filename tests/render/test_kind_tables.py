"""The pictures' tables keyed by a kind cover every kind (issue 41, item 3): a new staff kind or a new Overbooking
resolution step kind without its look fails here instead of at the first picture that shows it."""

from __future__ import annotations

import re
from pathlib import Path

from engine.gah.datacheck import STAFF_KINDS
from engine.overbooking import resolve
from render.gah.hotel import STAFF_TAGS
from render.gah.texts import KIND_LABEL
from render.overbooking.resolution import KIND_CHECKED, KIND_TONE, KIND_WORD


def test_every_staff_kind_has_a_tag_used_or_not() -> None:
    assert set(STAFF_TAGS) == set(STAFF_KINDS) == set(KIND_LABEL)
    for kind, tags in STAFF_TAGS.items():
        assert set(tags) == {False, True}, kind
        assert all(words for words, _, _ in tags.values()), kind
    # only a once-per-round card can be used up this round, and then it says so and is greyed out
    assert STAFF_TAGS["once_per_round"][True] != STAFF_TAGS["once_per_round"][False]
    assert STAFF_TAGS["once_per_round"][True][2]
    assert not any(greyed for kind, tags in STAFF_TAGS.items() if kind != "once_per_round"
                   for _, _, greyed in tags.values())


def test_every_resolution_step_kind_has_a_word_a_tone_and_a_check_mark_rule() -> None:
    source = Path(resolve.__file__).read_text(encoding="utf-8")
    kinds = set(re.findall(r'(?:_step\(state, |Step\()"([a-z_]+)"', source))  # the ability step is made whole
    assert {"reveal", "book", "full"} <= kinds  # the scan itself works
    assert set(KIND_WORD) == set(KIND_TONE) == set(KIND_CHECKED) == kinds
    assert [kind for kind, checked in KIND_CHECKED.items() if checked] == ["book"]
