"""Speaker tags of the roles in calls, interviews and broadcasts ("DISPATCH:", "CALL TAKER:",
"ADJUSTER:", "GUEST:") name no one; a tag of a name alone still does (merge.toml speaker_roles)."""

from __future__ import annotations

import pytest

from reviewer_app.core.merge import merge_spans
from tests.fixtures.speaker_tags import speaker_tags_of


def _tag_persons(text: str) -> set[str]:
    return {
        s.text_in(text)
        for s in merge_spans([], text, speaker_tags=speaker_tags_of(text))
        if s.label == "PERSON"
    }


@pytest.mark.parametrize(
    "role",
    ["DISPATCH", "CALL TAKER", "CALL-TAKER", "ADJUSTER", "GUEST", "TELECOMMUNICATOR", "ARRESTEE", "DETAINEE"],
)
def test_a_role_tag_is_no_name(role):
    text = "".join(
        f"[00:00:{k:02d}] {speaker}: {words}\n"
        for k, (speaker, words) in enumerate(
            [
                (role, "Go ahead."),
                ("CALLER", "Hi, it's about the car out front."),
                (role, "Okay, what's the address?"),
                ("CALLER", "It's the green house."),
                (role, "Thanks."),
            ]
        )
    )
    assert _tag_persons(text) == set()


def test_a_name_tag_is_still_a_name():
    text = "ORTEGA-VALE: Go ahead.\nCALLER: Hi.\nORTEGA-VALE: Okay.\nCALLER: Bye.\n"
    assert _tag_persons(text) == {"ORTEGA-VALE"}
