"""Names made of ordinary words ("Summer Cross", "Hope Mercy") where the layout shows them as
names: an appearance list's line, a name and a comma before a role."""

from __future__ import annotations

from reviewer_app.core.merge import merge_spans
from reviewer_app.core.role_appositions import named_before_role
from reviewer_app.core.spans import Span

HEARING = (
    "PANEL PRESENT:\n"
    "SUMMER CROSS, Deputy Commissioner\n"
    "\n"
    "DEPUTY COMMISSIONER CROSS: You kept the faith. She visits every summer?\n"
    "INMATE RIVERS: Yes. We never cross paths with them.\n"
    "DEPUTY COMMISSIONER CROSS: Thank you.\n"
)


def tags(text: str) -> list[tuple[int, int]]:
    out, at = [], 0
    for line in text.split("\n"):
        if ": " in line and line.split(": ")[0].isupper() and not line.endswith(":"):
            out.append((at, at + line.index(": ")))
        at += len(line) + 1
    return out


def test_a_name_before_a_comma_and_a_role_stands_as_a_name():
    name = HEARING.index("SUMMER CROSS")
    assert named_before_role(Span(name, name + 12, "PERSON"), HEARING, frozenset({"deputy"}))
    assert not named_before_role(Span(name, name + 12, "PERSON"), HEARING, frozenset({"inmate"}))
    role = "Victim Services Representative, Unidentified\n"
    at = role.index("Services")
    roles = frozenset({"representative", "unidentified"})
    assert not named_before_role(Span(at, role.index(","), "PERSON"), role, roles)
    paths = HEARING.index("cross paths")
    assert not named_before_role(Span(paths, paths + 5, "PERSON"), HEARING, frozenset({"deputy"}))


def test_an_appearance_lists_name_of_ordinary_words_is_kept_and_its_surname_found_in_the_tags():
    name = HEARING.index("SUMMER CROSS")
    found = merge_spans([Span(name, name + 12, "PERSON", ("presidio",))], HEARING, speaker_tags=tags(HEARING))
    persons = [s.text_in(HEARING) for s in found if s.label == "PERSON"]
    # The heading-shaped line holds words the text writes in lower case: still a name, and its
    # surname is the speaker's in the tags; the words said as words stay readable.
    assert persons[:2] == ["SUMMER CROSS", "CROSS"]
    assert "cross" not in persons and "summer" not in persons
