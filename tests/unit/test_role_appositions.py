"""A role written after a person's name and a comma is no second person (core/role_appositions.py)."""

from reviewer_app.core.merge import load_merge_rules, merge_spans
from reviewer_app.core.role_appositions import role_after_name, surnames_in_tags, tag_roles
from reviewer_app.core.spans import Span

APPEARANCES = (
    "OTHERS PRESENT:\n"
    "Marisol Quintana, Victim Services Representative (via video)\n"
    "BERNARD OKONJO, Victim Services Representative\n"
    "Representative: Lydia Farrow, Victim Advocacy Coordinator, (Operator ID 5521)\n"
    "Ana Ruiz, Jane Guest (via video)\n"
    "OKAFOR, Mason\n"
    "Tom Reyes, Deputy Will Porter\n"
    "Rosa Lind, Officer Dan Guest (via video)\n"
    "Mei Tran, Deputy Probation Officer\n"
    "She called Victim Services Representative Dana Clerk, Victim Services Representative Adams.\n"
)


def _span(text: str, words: str, nth: int = 0) -> Span:
    start = -1
    for _ in range(nth + 1):
        start = text.index(words, start + 1)
    return Span(start, start + len(words), "PERSON", ("presidio", "spacy"), 0.85)


def _roles() -> tuple[frozenset[str], frozenset[str]]:
    rules = load_merge_rules()
    openers = rules.role_nouns | rules.titles | rules.determiners
    return openers, rules.role_nouns


TAGGED = (
    APPEARANCES
    + "VICTIM SERVICES REPRESENTATIVE QUINTANA: Good morning.\nVICTIM ADVOCACY COORDINATOR FARROW: Yes.\n"
)
TAGS = [
    (TAGGED.index(tag), TAGGED.index(tag) + len(tag))
    for tag in ("VICTIM SERVICES REPRESENTATIVE QUINTANA", "VICTIM ADVOCACY COORDINATOR FARROW")
]


def test_a_role_after_a_name_and_a_comma_is_no_person():
    openers, heads = _roles()
    roles = tag_roles(TAGGED, TAGS)
    assert roles == {"victim services representative", "victim advocacy coordinator"}
    for words, nth in (("Victim Services Representative", 0), ("Victim Services Representative", 1)):
        assert role_after_name(_span(TAGGED, words, nth), TAGGED, openers, heads, roles, frozenset())
    # The title "Victim" already cut from the span still opens the role phrase.
    assert role_after_name(_span(TAGGED, "Advocacy Coordinator"), TAGGED, openers, heads, roles, frozenset())
    # A role of titles and roles alone needs no tag.
    assert role_after_name(
        _span(TAGGED, "Deputy Probation Officer"), TAGGED, openers, heads, frozenset(), frozenset()
    )


def test_a_role_no_tag_shows_is_left_alone():
    openers, heads = _roles()
    # "Services" is neither a title nor a role: only the tags show the phrase is a role.
    span = _span(TAGGED, "Victim Services Representative")
    assert not role_after_name(span, TAGGED, openers, heads, frozenset(), frozenset())


def test_names_after_a_comma_stay_persons():
    openers, heads = _roles()
    # A person opening with a first name whose surname is a role ("Guest"), a surname written
    # first before a first name, a name after a title in a list of names, and names in a
    # sentence after a role are all persons.
    roles = tag_roles(TAGGED, TAGS)
    names = (
        "Jane Guest",
        "Mason",
        "Will Porter",
        "Deputy Will Porter",
        "Adams",
        "Dana Clerk",
        "Officer Dan Guest",
    )
    for words in (*names, "Dan Guest"):
        assert not role_after_name(_span(TAGGED, words), TAGGED, openers, heads, roles, frozenset()), words


def test_merge_keeps_the_name_and_drops_its_role():
    spans = [
        _span(TAGGED, "Marisol Quintana"),
        _span(TAGGED, "Victim Services Representative"),
        _span(TAGGED, "Ana Ruiz"),
        _span(TAGGED, "Jane Guest"),
        _span(TAGGED, "Rosa Lind"),
        _span(TAGGED, "Officer Dan Guest"),
    ]
    merged = merge_spans(spans, TAGGED, speaker_tags=TAGS)
    persons = [s.text_in(TAGGED) for s in merged if s.label == "PERSON"]
    for name in ("Marisol Quintana", "Jane Guest", "Ana Ruiz", "Rosa Lind", "Dan Guest"):
        assert name in persons
    assert not any("Representative" in p or "Services" in p for p in persons)


REPORT = (
    "The reporting employee, Officer N. Cross, badge 58214, wrote it.\n"
    "Present: Dana Whitt, Correctional Officer Nathaniel Cross (via phone)\n"
    "Also: Lena Ho, Deputy Guest\n"
    "Then: Ray Ito, Officer Cross\n"
    "Next: Kim Bo, Probation Cross\n"
    "OFFICER CROSS: I do.\n"
    "Mr. Guest was there.\n"
)


def test_a_role_word_the_document_shows_as_a_surname_stays_a_name():
    # "Cross" closes a speaker tag a title opens, "Guest" follows a courtesy title: both are
    # surnames here, and an initial ("N. Cross") is no word of a role.
    openers, heads = _roles()
    tags = [(REPORT.index("OFFICER CROSS"), REPORT.index("OFFICER CROSS") + len("OFFICER CROSS"))]
    surnames = surnames_in_tags(REPORT, tags, openers)
    assert surnames == {"cross"}
    for words in ("N. Cross", "Correctional Officer Nathaniel Cross", "Nathaniel Cross", "Deputy Guest"):
        assert not role_after_name(_span(REPORT, words), REPORT, openers, heads, frozenset(), surnames), words
    assert not role_after_name(_span(REPORT, "Officer Cross"), REPORT, openers, heads, frozenset(), surnames)
    cross = _span(REPORT, "Probation Cross")
    assert not role_after_name(cross, REPORT, openers, heads, frozenset(), surnames)
    assert role_after_name(cross, REPORT, openers, heads, frozenset(), frozenset())
    # A title of address before the last word makes it a surname, tag or none.
    assert not role_after_name(
        _span(REPORT, "Officer Cross"), REPORT, openers, heads, frozenset(), frozenset()
    )
    # Without the tag, the initial alone keeps "N. Cross" a name.
    assert not role_after_name(_span(REPORT, "N. Cross"), REPORT, openers, heads, frozenset(), frozenset())
