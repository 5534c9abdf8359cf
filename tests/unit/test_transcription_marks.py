from reviewer_app.core.spans import Span
from reviewer_app.core.transcription_marks import (
    drop_legend_marks,
    drop_roles_a_key_defines,
    legend_marks,
    roles_a_key_defines,
)


def _span(text: str, word: str, label: str, nth: int = 0) -> Span:
    start = -1
    for _ in range(nth + 1):
        start = text.index(word, start + 1)
    return Span(start, start + len(word), label, ("spacy",))


def test_a_legend_defines_a_bracketed_mark_by_a_gloss_in_lower_case():
    assert legend_marks("(UI) = unintelligible. Overlapping speech is shown with --.") == {"UI"}
    assert legend_marks("Times in [PH]=phonetic") == {"PH"}
    # No gloss in lower case, or no "=": no legend.
    assert legend_marks("(UI) = Unit Inventory") == frozenset()
    assert legend_marks("the Department of Veterans Affairs (VA) clinic") == frozenset()


def test_a_name_that_is_only_a_mark_of_the_legend_is_dropped():
    text = "(UI) = unintelligible.\nSit down. (UI) Agent Vue, grab a bag. Say hi. (UI.) She's at UIC."
    spans = [
        _span(text, "UI", "ORGANIZATION", 1),
        _span(text, "UI", "ORGANIZATION", 2),
        _span(text, "UIC", "ORGANIZATION"),
    ]
    assert [s.text_in(text) for s in drop_legend_marks(spans, text)] == ["UIC"]


def test_without_a_legend_the_letters_stay():
    text = "Sit down. (UI) Agent Vue, grab a bag."
    spans = [_span(text, "UI", "ORGANIZATION")]
    assert drop_legend_marks(spans, text) == spans


def test_the_marks_letters_outside_brackets_stay_a_name():
    # "(Ed.) = editor's note" defines the mark, not the sponsor's name said in the turns.
    text = (
        "Notes: (UI) = unintelligible, (Ed.) = editor's note\n"
        "INMATE SMITH: Ed. He was my sponsor. (Ed.) I call Ed."
    )
    spans = [_span(text, "Ed", "PERSON", 1), _span(text, "Ed", "PERSON", 2), _span(text, "Ed", "PERSON", 3)]
    assert [s.start for s in drop_legend_marks(spans, text)] == [spans[0].start, spans[2].start]


_ROLE_WORDS = frozenset({"deputy", "commissioner", "presiding", "dispatcher"})


def test_a_key_defines_speakers_letters_by_a_role():
    text = (
        "Key: CT = call-taker; RP = reporting party; DISP = radio dispatcher.\n"
        "OPS = deputy DA from Kern County, woman\nEV = Eddie, the inmate"
    )
    # OPS does not shorten its gloss: letters of another kind, perhaps a name, stay.
    assert roles_a_key_defines(text, _ROLE_WORDS) == {"CT", "RP", "DISP"}
    assert roles_a_key_defines("DDA = deputy DA from Kern County", _ROLE_WORDS) == {"DDA", "DA"}


def test_a_key_takes_only_a_real_shortening_never_a_name():
    # review14: a surname in capitals inside the gloss ("CO = correctional officer GARCIA") and a
    # first name whose letters fit the gloss ("TED = the defendant", "DAN = defendant") were
    # dropped at every tag and published.
    text = (
        "KEY: CO = correctional officer GARCIA; IP = incarcerated person; TED = the defendant\n"
        "DAN = defendant; VIC = victim; DISP = radio dispatcher\n"
        "IP: GARCIA, come on. TED: I was home. DAN: In Fresno."
    )
    assert roles_a_key_defines(text, _ROLE_WORDS) == {"CO", "IP", "DISP"}
    # review16: a short surname in capitals is no role's letters ("DKIM = detective KIM").
    assert roles_a_key_defines("DKIM = detective KIM; DLEE = deputy LEE\nDKIM: Go.", _ROLE_WORDS) == set()


def test_a_name_in_capitals_glossed_by_a_role_stays_a_person():
    # A speaker key naming speakers by first names in capitals: the tags are names, not roles.
    text = (
        "SPEAKER KEY: MARIA = victim's mother; JOHN = my brother; TED = the detective\n"
        "MARIA: He was my son. TED: Okay. Ted said so. JOHN: Yes."
    )
    assert roles_a_key_defines(text, _ROLE_WORDS) == frozenset()


def test_the_letters_of_a_role_in_the_key_are_no_person_at_any_turn():
    text = (
        "Legend: RP = reporting party; DISP = radio dispatcher\n"
        "[00:03] RP: My neighbour Dana Whitlow is hitting her.\n"
        "[00:12] DISP: South units, RP is in 212. Copy, Dana.\n"
    )
    spans = [
        _span(text, "RP", "PERSON", 1),
        _span(text, "Dana Whitlow", "PERSON"),
        _span(text, "DISP", "PERSON", 1),
        _span(text, "RP", "PERSON", 2),
        _span(text, "Dana", "PERSON", 1),
    ]
    kept = drop_roles_a_key_defines(spans, text, _ROLE_WORDS)
    assert [s.text_in(text) for s in kept] == ["Dana Whitlow", "Dana"]


def test_letters_a_key_glosses_by_a_name_stay_a_person():
    # A gloss by a name, even written small where the text capitalises it elsewhere, defines a
    # person's tag; letters no key glosses are left alone, and so are other spellings of them.
    text = (
        "SPEAKER KEY: EV = Eddie Villa; KB = kaylee, the caller; DC = deputy commissioner\n"
        "MR = mother of the victim, Mrs. Maria Reyes; TJ = the juvenile, Ms. Dr. Tomas Jimenez\n"
        "EV: Yes sir. KB: I called Kaylee's mom. DC: Go on. JT: Okay. Dc Ortiz said so.\n"
    )
    spans = [
        _span(text, "EV", "PERSON", 1),
        _span(text, "KB", "PERSON", 1),
        _span(text, "JT", "PERSON"),
        _span(text, "Dc", "PERSON"),
        _span(text, "MR", "PERSON"),
        _span(text, "TJ", "PERSON"),
    ]
    assert drop_roles_a_key_defines(spans, text, _ROLE_WORDS) == spans
    # DC would shorten "deputy commissioner", but the text also writes "Dc" as a name's word.
    assert roles_a_key_defines(text, _ROLE_WORDS) == frozenset()
    assert roles_a_key_defines(text.replace("Dc Ortiz", "Ortiz"), _ROLE_WORDS) == {"DC"}
