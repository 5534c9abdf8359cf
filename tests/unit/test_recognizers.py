"""The paper's custom recognizers (resources/patterns), the spaCy label mapping,
and the presidio and spacy detectors on the real default pipeline."""

from __future__ import annotations

import pytest

from reviewer_app.core.document import Document, HearingMetadata, Participant
from reviewer_app.detectors.base import SharedAnalysis, TextChunk
from reviewer_app.detectors.patterns import PatternFileError, load_recognizer_specs
from reviewer_app.detectors.presidio_detector import (
    PresidioDetector,
    cover_name_terms,
    cover_place_terms,
)
from reviewer_app.detectors.spacy_ner import SpacyDetector, ner_mapping
from reviewer_app.settings import Settings


def matches(specs, entity: str, text: str) -> list[str]:
    """What the recognizer finds, leaving out matches inside longer ones (merging drops those)."""
    found = set()
    for _, regex in specs[entity]:
        found.update((m.start(), m.end()) for m in regex.finditer(text))
    outer = [
        (s, e) for s, e in found if not any(s2 <= s and e <= e2 and (s2, e2) != (s, e) for s2, e2 in found)
    ]
    return [text[s:e] for s, e in sorted(outer)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Richardson, R-I-C-H-A-R-D-S-O-N, CDCR", ["R-I-C-H-A-R-D-S-O-N"]),
        ("Jones J-O-N-E-S, Commissioner", ["J-O-N-E-S"]),
        ("that's R-E- E-D, yes", ["R-E- E-D"]),
        ("broken R-E-\nE-D over a line", ["R-E-\nE-D"]),
        ("spelled J, O, N, E, S.", ["J, O, N, E, S"]),
        ("spelled J O N E S here", ["J O N E S"]),
        ("Smith-Jones and well-known and I don't", []),
        # Capitals of any alphabet, and the marks a spelling says between its letters
        ("is E-C-H-E-V-E-R-R-Í-A, with the accent", ["E-C-H-E-V-E-R-R-Í-A"]),
        ("capital O, apostrophe, R-O-U-R-K-E, for", ["O, apostrophe, R-O-U-R-K-E"]),
        ("Saint-Jean, S-A-I-N-T, hyphen, J-E-A-N.", ["S-A-I-N-T, hyphen, J-E-A-N"]),
        ("an apostrophe, a hyphen and a dash, I said", []),
    ],
)
def test_spelled_name(specs, text, expected):
    assert matches(specs, "SPELLED_NAME", text) == expected


def test_spelled_out_item(specs):
    text = "that's V as in Victor, and B, as in boy? No, B as in Boy. I like Mary."
    assert matches(specs, "SPELLED_OUT_ITEM", text) == ["V as in Victor", "B, as in boy", "B as in Boy"]


def test_a_letter_spelled_like_or_for_a_word(specs):
    """ "M like Mary", "T for Tom", "S as in 'Sam'" (a capital letter and a word of that letter);
    not "I like Ice cream", "A for Apple" (a pronoun, an article), "Plan for Paul" nor the end of a
    spelling before "for Mr. Moss"."""
    text = (
        "that's M like Mary, T for Tom, S as in 'Sam'. I like Ice cream. A for Apple. Plan for Paul. "
        "Q-A-S-I-M, for Mr. Moss."
    )
    assert matches(specs, "SPELLED_OUT_ITEM", text) == ["M like Mary", "T for Tom", "S as in 'Sam'"]


def test_a_letter_said_like_a_word_of_a_spelling_alphabet_in_lower_case(specs):
    """Speech recognition writes "k like king" in lower case; a word of no spelling alphabet
    spells nothing ("s for sure", "t for two")."""
    text = "it's k like king, then d for david, s for sure, t for two, and j like jam"
    assert matches(specs, "SPELLED_OUT_ITEM", text) == ["k like king", "d for david"]


def test_spelled_out_item_in_lower_case_speech(specs):
    """Speech recognition writes "b as in boy"; the word begins with the letter it spells
    ("a day as in the past" spells nothing)."""
    text = "apartment six b as in boy yeah, k as in kilo, but x as in boy, a day as in the past"
    assert matches(specs, "SPELLED_OUT_ITEM", text) == ["b as in boy", "k as in kilo"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("CDCR number L90314.", ["L90314"]),
        ("CDC number AB1234 on file", ["AB1234"]),
        ("his number is Victor 12345, right", ["Victor 12345"]),
        ("that is V-12345", ["V-12345"]),
        ("a PDF's hyphens: V‑40417 and KT‐3390", ["V‑40417", "KT‐3390"]),
        # Its letters written as initials; not initials before a year, nor a deposition's answer
        ("it's B.R. 5061, or V. 40417; J.R. 1995 and A. 12345", ["B.R. 5061", "V. 40417"]),
        ("P.O. Box 12345, Soledad, CA 93960 and ZIP 94964", []),
        ("it was 123456 or AB12345 or L9031", []),
    ],
)
def test_cdcr_id(specs, text, expected):
    assert matches(specs, "CDCR_ID", text) == expected


def test_a_cdcr_number_named_as_such_is_found_in_any_profile():
    """A real hearing's transcript may not be recognised as one; "CDCR number AK4126" still says it."""
    named = next(s for s in load_recognizer_specs() if s.name == "cdcr_id_named")
    assert named.runs_in("general") and named.runs_in("hearing")
    text = (
        "CDCR Number: AK4126, CDCR A-K 4126, CDC number V-12345, CDCR#: T-40917, CDC # G55102, "
        "CDCR B.R. 5061, CDCR No.KT3390; "
        "but CDCR 12345, CDCR# 4471 and ZIP 95671"
    )
    assert matches({"CDCR_ID": named.compiled()}, "CDCR_ID", text) == [
        "AK4126",
        "A-K 4126",
        "V-12345",
        "T-40917",
        "G55102",
        "B.R. 5061",
        "KT3390",
    ]


def test_phone_numbers_written_in_groups(specs):
    text = "call 209, 555, 0187 or (916) 555-0142; not 12, 345, 6789 nor 1, 2, 3"
    assert matches(specs, "PHONE_NUMBER", text) == ["209, 555, 0187", "(916) 555-0142"]


def test_time(specs):
    text = "Time is 1:30 PM, then 9:01 a.m. and 10:30, and 9 p.m.; ratio 3:2 and 11:75 no."
    assert matches(specs, "TIME", text) == ["1:30 PM", "9:01 a.m.", "10:30", "9 p.m."]


def test_times_on_the_clock_face_and_the_24_hour_clock(specs):
    text = (
        "at 2 o'clock, 11 o’clock, around 9.30 pm, at 1600 hours, 0630 hrs; "
        "but 9.30 and 14.5 percent, worked 1200 hours, 1600 hours of service"
    )
    assert matches(specs, "TIME", text) == ["2 o'clock", "11 o’clock", "9.30 pm", "1600 hours", "0630 hrs"]
    assert matches(specs, "TIME", "count is at 0900 and by 0630, room 0900, at 1430") == ["0900", "0630"]


def test_hours_with_a_part_of_the_day_and_ranges_of_hours(specs):
    text = (
        "about 11 at night, 2 in the morning, from 10 to 11 p.m.; 3 to 4 days, 2 in the second, "
        "9 this morning"
    )
    expected = ["11 at night", "2 in the morning", "10", "11 p.m.", "9 this morning"]
    assert matches(specs, "TIME", text) == expected


def test_heights_and_local_phone_numbers(specs):
    assert matches(specs, "HEIGHT", "He's six-foot-two, 6-foot-1.") == ["six-foot-two", "6-foot-1"]
    assert matches(specs, "PHONE_NUMBER", "call her at 555-0142, case 2003-1234") == ["555-0142"]
    assert matches(specs, "PHONE_NUMBER", "the number ending in 0198, in 2003") == ["0198"]


def test_holidays_that_name_one_day(specs):
    text = "since Easter. On Christmas Day we ate; a Christmas tree; since New Year's Eve; Easter Seals"
    assert matches(specs, "DATE", text) == ["Easter", "Christmas Day", "New Year's Eve"]


def test_dates_with_points(specs):
    text = "born 03.14.1979 and 14.3.1979, but 3.14 and 1.2.3"
    assert matches(specs, "DATE", text) == ["03.14.1979", "14.3.1979"]


def test_dates(specs):
    text = (
        "on September 1st, 2021 and 05/13/2012 and 1st of June, 2011, June of 2011, in 2011, "
        "the 80s, Sept. 3, but Title 15 and 12345 and $2011 are not"
    )
    assert matches(specs, "DATE", text) == [
        "September 1st, 2021",
        "05/13/2012",
        "1st of June, 2011",
        "June of 2011",
        "2011",
        "the 80s",
        "Sept. 3",
    ]


def test_age(specs):
    text = (
        "I was 33 years old, a 19-year-old, at the age of 19, aged twenty-one, 40 years of age; 3 years ago"
    )
    assert matches(specs, "AGE", text) == ["33", "19", "19", "twenty-one", "40"]


def test_height(specs):
    text = "He is 5'11\" tall, six feet two inches, 6 foot, 5 feet 9 inches; 20 feet away"
    assert matches(specs, "HEIGHT", text) == ["5'11\"", "six feet two inches", "6 foot", "5 feet 9 inches"]


def test_a_macro_defined_in_two_pattern_files_is_refused(tmp_path):
    for name, word in (("a.toml", "one"), ("b.toml", "two")):
        (tmp_path / name).write_text(
            f'[macros]\nnumber = \'{word}\'\n[[recognizer]]\nname = "{name}"\nentity = "X"\n'
            '[[recognizer.pattern]]\nname = "p"\nregex = "<<number>>"\n'
        )
    with pytest.raises(PatternFileError, match=r"b\.toml: macro 'number' is already defined in a\.toml"):
        load_recognizer_specs(tmp_path)


def test_a_broken_pattern_file_names_the_recognizer(tmp_path):
    (tmp_path / "bad.toml").write_text(
        '[[recognizer]]\nname = "x"\nentity = "X"\n[[recognizer.pattern]]\nname = "p"\nregex = "(<<nope>>"\n'
    )
    with pytest.raises(PatternFileError, match=r"bad\.toml, recognizer x: unknown macro"):
        load_recognizer_specs(tmp_path)


@pytest.mark.parametrize(
    ("label", "text", "expected"),
    [
        ("PERSON", "Kevin Richardson", [("PERSON", "Kevin Richardson")]),
        ("GPE", "Fresno", [("LOCATION", "Fresno")]),
        ("FAC", "San Quentin", [("LOCATION", "San Quentin")]),
        ("ORG", "Acme Roofing", [("ORGANIZATION", "Acme Roofing")]),
        ("NORP", "Mexican", [("NRP", "Mexican")]),
        ("DATE", "September 1st, 2021", [("DATE", "September 1st, 2021")]),
        ("DATE", "33 years old", [("AGE", "33")]),
        ("DATE", "the age of 19", [("AGE", "19")]),
        ("DATE", "three years", []),
        ("DATE", "the last 10 years", []),
        ("DATE", "Today", []),
        ("DATE", "Saturday", [("DATE", "Saturday")]),  # a weekday names one day
        ("DATE", "last Monday", [("DATE", "last Monday")]),
        ("DATE", "two years ago in 2019", [("DATE", "2019")]),
        ("TIME", "1:30 PM", [("TIME", "1:30 PM")]),
        ("TIME", "this morning", []),
        ("CARDINAL", "three", []),
    ],
)
def test_spacy_labels_map_to_ours(label, text, expected):
    spans = ner_mapping().map_entity(label, 10, 10 + len(text), text)
    assert [(s.label, text[s.start - 10 : s.end - 10]) for s in spans] == expected


COVER = HearingMetadata(
    inmate_name="Kevin Richardson",
    cdcr_number="L90314",
    location="San Quentin State Prison, San Quentin, California",
    participants=(
        Participant("Alyssa Jones", "Presiding Commissioner", "panel"),
        Participant("Mark A. Young Jr.", "Attorney for Inmate", "attorney"),
    ),
)


def test_cover_terms_are_full_names_and_their_parts():
    doc = Document("d", "x", metadata=COVER)
    names = cover_name_terms(doc)
    assert set(names) == {
        "Kevin Richardson", "Kevin", "Richardson", "Alyssa Jones", "Alyssa", "Jones",
        "Mark A. Young Jr.", "Mark", "Young",
    }  # fmt: skip
    assert set(cover_place_terms(doc)) == {
        "San Quentin State Prison, San Quentin, California",
        "San Quentin State Prison",
        "San Quentin",
        "California",
    }


@pytest.fixture(scope="module")
def detectors():
    settings = Settings()
    spacy_detector, presidio = SpacyDetector(settings), PresidioDetector(settings)
    spacy_detector.load()
    presidio.load()
    return spacy_detector, presidio


TEXT = (
    "PRESIDING COMMISSIONER JONES: Inmate RICHARDSON, CDCR number L90314, is here. "
    "Mr. Young will speak; the young man is 33 years old and lives at San Quentin. "
    "Call (916) 555-0142 or write to kevin@example.org."
)


def test_presidio_uses_the_cover_deny_list_and_skips_the_licence_recognizer(detectors):
    _, presidio = detectors
    doc = Document("d", TEXT, metadata=COVER)
    spans = presidio.detect(TextChunk(doc, TEXT, 0), SharedAnalysis())
    found = {(s.label, s.text_in(TEXT)) for s in spans}
    assert {
        ("PERSON", "JONES"),
        ("PERSON", "RICHARDSON"),
        ("PERSON", "Young"),
        ("CDCR_ID", "L90314"),
    } <= found
    assert ("LOCATION", "San Quentin") in found
    assert ("PHONE_NUMBER", "(916) 555-0142") in found
    assert ("EMAIL_ADDRESS", "kevin@example.org") in found
    assert ("PERSON", "young") not in found  # lowercase speech is not the cover name
    assert all(s.label != "US_DRIVER_LICENSE" for s in spans)
    assert all(s.detectors == ("presidio",) for s in spans)


def test_a_cover_name_that_opens_a_sentence_as_an_ordinary_word_is_none(detectors):
    _, presidio = detectors
    text = "It took a young man years. Young people here know it. I met Young. Mr. Young said so."
    chunk_text = text[text.index("Young people") :]
    doc = Document("d", text, metadata=COVER)
    spans = presidio.detect(TextChunk(doc, chunk_text, text.index("Young people")), SharedAnalysis())
    starts = {s.start for s in spans if s.label == "PERSON"}
    # The document (not only this chunk) writes "young" in lower case.
    assert 0 not in starts
    assert {chunk_text.index("Young."), chunk_text.index("Young said")} <= starts


def test_without_cover_metadata_the_deny_list_adds_nothing(detectors):
    _, presidio = detectors
    doc = Document("d", TEXT)
    spans = presidio.detect(TextChunk(doc, TEXT, 0), SharedAnalysis())
    assert ("PERSON", "RICHARDSON") not in {(s.label, s.text_in(TEXT)) for s in spans}


def test_spacy_and_presidio_share_one_parse(detectors, monkeypatch):
    spacy_detector, presidio = detectors
    from reviewer_app.detectors import nlp

    pipeline = nlp.load_pipeline(Settings().spacy_model)
    calls = []
    original = type(pipeline).__call__

    def counting(self, text, *args, **kwargs):
        calls.append(len(text))
        return original(self, text, *args, **kwargs)

    monkeypatch.setattr(type(pipeline), "__call__", counting)
    doc = Document("d", TEXT, metadata=COVER)
    shared = SharedAnalysis()
    chunk = TextChunk(doc, TEXT, 0)
    spacy_spans = spacy_detector.detect(chunk, shared)
    presidio.detect(chunk, shared)
    assert calls == [len(TEXT)]
    assert ("AGE", "33") in {(s.label, s.text_in(TEXT)) for s in spacy_spans}


def test_cdcr_id_read_out_with_two_phonetic_letters(specs):
    assert matches(specs, "CDCR_ID", "Efrain Webster, W-E-B, George Charles 3150.") == ["George Charles 3150"]


def test_ages_given_as_answers(specs):
    text = (
        "I was 24. She's 84 now. By 18 I was using. I had just turned sixteen. I was high. I was 1990. "
        "Marijuana at 10, then. You're now 45. My mother is 68. Today, at 62, he is. I got there at 5:30."
    )
    assert matches(specs, "AGE", text) == ["24", "84", "18", "sixteen", "10", "45", "68", "62"]


def test_weekday_dates(specs):
    text = "it was Saturday the 16th of August, 1986 and Tuesday, September 3, 2002"
    assert matches(specs, "DATE", text) == ["Saturday the 16th of August, 1986", "Tuesday, September 3, 2002"]


def test_names_after_titles(specs):
    text = (
        "a chrono from Officer Quiroz dated, Dr. Toledo wrote it, Commissioner with the Board.\n"
        "INMATE RUIZ: Go ahead, Mr. Meh- Mr. Mehta. I- I went."
    )
    assert matches(specs, "PERSON", text) == ["Quiroz", "Toledo", "Mehta"]


@pytest.mark.parametrize(
    ("entity", "text", "expected"),
    [
        ("LOCATION", "from Folsom State Prison in 2017", ["Folsom State Prison"]),
        ("LOCATION", "at California State Prison, Corcoran in June", ["California State Prison, Corcoran"]),
        ("LOCATION", "recorded at Mule Creek State Prison, Ione, California", ["Mule Creek State Prison"]),
        ("LOCATION", "in Pittsburg, Contra Costa County.", ["Contra Costa County"]),
        ("LOCATION", "lives at 264 Fifth Street, Vacaville, California 95230.", [
            "264 Fifth Street, Vacaville, California 95230"
        ]),
        ("ORGANIZATION", "by a jury in the Contra Costa County Superior Court on", [
            "Contra Costa County Superior Court"
        ]),
        ("ORGANIZATION", "At Precision Transcript Services and Hale and Dorr Associates.", [
            "Precision Transcript Services", "Hale and Dorr Associates"
        ]),
        ("ORGANIZATION", "Lincoln Elementary School, then Cal State Fresno.", [
            "Lincoln Elementary School", "Cal State Fresno"
        ]),
        ("ORGANIZATION", "He joined the Army, then the U.S. Navy; the Salvation Army helped.", [
            "Army", "U.S. Navy"
        ]),
        ("ORGANIZATION", "Kicked out of Franklin High, then Pershing Elementary. It was High noon.", [
            "Franklin High", "Pershing Elementary"
        ]),
        ("ORGANIZATION", "Law Offices of Emilio Vasquez. Law Office of J. Ames-Lee. Ask the law office.", [
            "Law Offices of Emilio Vasquez", "Law Office of J. Ames-Lee"
        ]),
        ("ORGANIZATION", "St. Anne's has the pantry. Saint Mary's too. We went to St. Louis.", [
            "St. Anne", "Saint Mary"
        ]),
        ("ORGANIZATION", "The Frankfurt/Oder Labour Court and the Moers District Court; the Court held.", [
            "Frankfurt/Oder Labour Court", "Moers District Court"
        ]),
        ("ORGANIZATION", "I, NADIA PETROSYAN, a transcriber, RIDGELINE TRANSCRIPTION SERVICES, do declare.", [
            "RIDGELINE TRANSCRIPTION SERVICES"
        ]),
        ("ORGANIZATION", "Transcribed by Capitol Reporting Group for Delta Court Reporters LLC in a group.", [
            "Capitol Reporting Group", "Delta Court Reporters LLC"
        ]),
        ("ORGANIZATION", "SIERRA REPORTING GROUP, and the GROUP of readers.", ["SIERRA REPORTING GROUP"]),
        ("LOCATION", "On Wilson Way near Hammer Lane, at J Street. Her place on Coffee Road.", [
            "Wilson Way", "Hammer Lane", "J Street", "Coffee Road"
        ]),
        ("LOCATION", "At Fifth and Main, corner of Olive and Blackstone; the Second and Third Districts.", [
            "Fifth and Main", "Olive and Blackstone"
        ]),
        ("LOCATION", "Hearings on the 3rd and 4th of June; we met at 3rd and 4th, by the park.", [
            "3rd and 4th"
        ]),
        ("ORGANIZATION", "Holloway Rich LLP, Ridgeline Transcription, the Eastside Neighbors Alliance.", [
            "Holloway Rich LLP", "Ridgeline Transcription", "Eastside Neighbors Alliance"
        ]),
        # A freeway by its number where travel shows a road, not a form or a count.
        ("LOCATION", "It's forty minutes on 99. West side, off the 5. Take the 101 north.", [
            "99", "5", "101"
        ]),
        ("LOCATION", "like forty minutes on\n 7   the 57. But", ["57"]),
        ("LOCATION", "He got the 115 dismissed, took the 5 of them, off the 115 hearing.", []),
        ("LOCATION", "It took 20 minutes on 2 calls, and the 57 bus.", []),
        # review12: a plea's term, an item and a bus route are no freeways.
        ("LOCATION", "They offered 8 or 12, and I took the 8. I spent hours on the 3. She took the 2.", []),
    ],
)  # fmt: skip
def test_places_and_organisations_of_the_hearing_domain(specs, entity, text, expected):
    found = []
    for spec in load_recognizer_specs():
        if spec.entity == entity:
            for _, regex in spec.compiled():
                found += [(m.start(), m.group()) for m in regex.finditer(text)]
    outer = [
        g
        for s, g in sorted(found)
        if not any(s2 <= s and s + len(g) <= s2 + len(g2) and g2 != g for s2, g2 in found)
    ]
    assert outer == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("January 1979 to March 1981", [("DATE", "January 1979"), ("DATE", "March 1981")]),
        ("between 1990 and 1995", [("DATE", "1990"), ("DATE", "1995")]),
        ("since 2011", [("DATE", "2011")]),
        ("the months before January 1994", [("DATE", "January 1994")]),
        ("the summer of 2011", [("DATE", "2011")]),
        ("June of 2011", [("DATE", "June of 2011")]),
        ("the 2nd of July, 2022", [("DATE", "the 2nd of July, 2022")]),
    ],
)
def test_spacy_dates_split_ranges_and_lose_leading_words(text, expected):
    spans = ner_mapping().map_entity("DATE", 0, len(text), text)
    assert [(s.label, text[s.start : s.end]) for s in spans] == expected


def test_the_general_profile_reads_whole_titled_names_in_any_alphabet():
    general = {s.name: s for s in load_recognizer_specs() if s.runs_in("general")}
    assert "titled_full_name" not in {s.name for s in load_recognizer_specs() if s.runs_in("hearing")}
    spec = {"PERSON": general["titled_full_name"].compiled()}
    text = (
        "Counsel for Dr Øyvind Brække-Lund and Ms T. Ŝkoda met Mrs Ilgın Şahin Doğru in Bergen; "
        "the witness, Mr Zoltán, left."
    )
    assert matches(spec, "PERSON", text) == [
        "Øyvind Brække-Lund",
        "T. Ŝkoda",
        "Ilgın Şahin Doğru",
        "Zoltán",
    ]


def test_cdcr_id_read_out_in_digit_words(specs):
    text = "It's Boy Henry, seven zero two three. Or Victor one two three four five. Mike two three."
    assert matches(specs, "CDCR_ID", text) == [
        "Boy Henry, seven zero two three",
        "Victor one two three four five",
    ]


def test_presidio_reads_codes_said_aloud_and_sums_in_words_outside_hearings(detectors):
    """The read-out identifiers (detectors/read_out.py) and spoken sums
    (detectors/spoken_amounts.py) run in every profile: a hearing's restitution is a sum too."""
    _, presidio = detectors
    text = "AGENT: And the VIN?\nCALLER: Two H, G, F, three oh nine. It cost nine hundred dollars."
    doc = Document("d", text)
    general = {
        (s.label, s.text_in(text))
        for s in presidio.detect(TextChunk(doc, text, 0, "general"), SharedAnalysis())
    }
    hearing = {
        (s.label, s.text_in(text))
        for s in presidio.detect(TextChunk(doc, text, 0, "hearing"), SharedAnalysis())
    }
    assert ("ID_NUMBER", "Two H, G, F, three oh nine") in general & hearing
    assert ("AMOUNT", "nine hundred dollars") in general & hearing


def test_ner_money_without_a_currency_a_share_or_a_scale_is_no_sum(detectors):
    """spaCy calls a suite's number or a street address MONEY; a sum in any currency stays one."""
    spacy, _ = detectors
    text = (
        "I was Search Officer #3, and I saw him. "
        "Send it to 2210 K Street, Suite 300, Fresno. We paid $300 and then 2 million dollars more, "
        "an allowance of 588 GDR marks a month and 1,200 zlotys, and rent at PLN 200."
    )
    doc = Document("d", text)
    found = {
        (s.start, s.text_in(text))
        for s in spacy.detect(TextChunk(doc, text, 0, "general"), SharedAnalysis())
        if s.label == "AMOUNT"
    }
    assert not any("Street" in f for _, f in found) and (text.index("300"), "300") not in found
    assert (text.index("3,"), "3") not in found
    assert {(text.index("$300") + 1, "300"), (text.index("2 million"), "2 million dollars")} <= found
    # Currencies of any name
    assert {(text.index("588"), "588 GDR marks"), (text.index("1,200"), "1,200 zlotys")} <= found
    assert (text.index("PLN 200") + 4, "200") in found


def test_presidio_finds_a_cdcr_number_said_again_in_another_chunk(detectors):
    """The CDCR numbers read out anywhere in the document are known in every chunk of it."""
    _, presidio = detectors
    first = "speaker 1: and your cdcr number\nspeaker 2: it's kilo delta four four one nine\n"
    later = "speaker 1: okay so k d four four one nine you're cleared for work\n"
    doc = Document("d", first + later)
    spans = presidio.detect(TextChunk(doc, later, len(first), "general"), SharedAnalysis())
    assert ("CDCR_ID", "k d four four one nine") in {(s.label, s.text_in(later)) for s in spans}
    alone = presidio.detect(TextChunk(Document("e", later), later, 0, "general"), SharedAnalysis())
    assert "CDCR_ID" not in {s.label for s in alone}


def test_a_piece_of_a_file_name_is_no_web_address(detectors):
    """Presidio's URL recognizer takes "B.mp" out of "7104112_SHO_B.mp3" (.mp is a country's
    domain); an address is a whole word, as "records.example.org" stays."""
    _, presidio = detectors
    text = "Audio file: 7104112_SHO_B.mp3 (26:18). Forms are at records.example.org for you."
    spans = presidio.detect(TextChunk(Document("d", text), text, 0, "general"), SharedAnalysis())
    urls = [s.text_in(text) for s in spans if s.label == "URL"]
    assert urls == ["records.example.org"]


def test_an_area_code_said_on_its_own_is_part_of_a_telephone_number(specs):
    text = "area code 559, then 555-0177; the area code is (707). Not code 916 nor area 916."
    assert matches(specs, "PHONE_NUMBER", text) == ["559", "555-0177", "(707)"]

    named = "Records to T-Mobile for the 951 number; his old 415 number is off. Not the 115 number, page 951."
    assert matches(specs, "PHONE_NUMBER", named) == ["951", "415"]
    # A service code (N11) or a non-geographic one (N00) names no one's line.
    services = "Call the 911 number if anything happens. Or the 411 number. Take the 300 number on the list."
    assert matches(specs, "PHONE_NUMBER", services) == []


def test_a_number_read_as_a_sum_is_no_age_nor_clock_time(detectors):
    """The spoken forms read "twenty-four" after "Started at" as an age and "twenty-one fifty" as a
    clock time; before "an hour" they are wages, and only the sum is kept."""
    _, presidio = detectors
    text = "Started at twenty-four an hour. I'd start him at twenty-one fifty an hour, that's what I pay."
    spans = presidio.detect(TextChunk(Document("w", text), text, 0, "hearing"), SharedAnalysis())
    said = {(s.label, s.text_in(text)) for s in spans if s.label in ("AGE", "TIME", "AMOUNT")}
    assert said == {("AMOUNT", "twenty-four"), ("AMOUNT", "twenty-one fifty")}


@pytest.mark.parametrize(
    ("text", "year", "wage"),
    [
        ("Back in nineteen ninety nine twenty an hour was good money.", "nineteen ninety nine", "twenty"),
        ("In nineteen eighty seven fifty an hour was a lot of money.", "nineteen eighty seven", "fifty"),
        ("I was born in two thousand five ten an hour is what they paid.", "two thousand five", "ten"),
    ],
)
def test_a_wage_starts_after_a_year_said_before_it(detectors, text, year, wage):
    """A wage never starts inside a date the spoken forms read, nor takes a year in: the year
    stays whole (no "nineteen" left in clear) and the sum is what follows it."""
    _, presidio = detectors
    spans = presidio.detect(TextChunk(Document("w", text), text, 0, "hearing"), SharedAnalysis())
    said = {(s.label, s.text_in(text)) for s in spans if s.label in ("DATE", "AGE", "TIME", "AMOUNT")}
    assert said == {("DATE", year), ("AMOUNT", wage)}


def test_a_number_broken_over_two_lines_is_a_span_each(specs):
    # A message or a field wraps: the area code ends a line, the rest opens the next, after the key
    # of the field it continues.
    text = "Body: call my lawyer his number is 909\nBody (cont): 555 0147\nor text 213\n555-0199 at work"
    assert matches(specs, "PHONE_NUMBER", text) == ["909", "555 0147", "213", "555-0199"]
    # Not a count ending a line over a number that opens the next, nor a service code.
    others = "Page 115\n555 0147 is on it. Call 911\n555 0147. Room 12 3\n555-0147"
    assert matches(specs, "PHONE_NUMBER", others) == ["555-0147"]


def test_an_area_code_ending_a_line_needs_a_phone_word_and_a_number_going_on(specs):
    # A count ending a line is no area code, whatever opens the next; a number after the key of a
    # new field ("Callback:") is a number of its own, not the rest of the one above.
    assert matches(specs, "PHONE_NUMBER", "Total count 250\nNext: 300 1000 more") == []
    assert matches(specs, "PHONE_NUMBER", "Cell 214\nCallback: 555-0147") == ["555-0147"]
    assert matches(specs, "PHONE_NUMBER", "or 213\n555-0199") == ["555-0199"]
