"""A form line's field keys read as persons are no names; its values stay (core/form_fields.py)."""

from reviewer_app.core.document import Document
from reviewer_app.core.form_fields import (
    drop_form_keys_read_as_bodies,
    drop_form_keys_read_as_persons,
    drop_record_keys_read_as_names,
)
from reviewer_app.core.merge import merge_spans
from reviewer_app.core.pseudonymize import pseudonymize
from reviewer_app.core.spans import Span
from reviewer_app.detectors.runner import run_detection
from reviewer_app.importers.text import document_from_text
from reviewer_app.settings import Settings

CALL_LOG = (
    "Call date: 01/14/2027     Start: 10:42 AM     Length: 9:38\n"
    "Caller: Will Grant     Operator: Officer Long     Direction: Outbound\n"
    "Witness: Sergeant Paris          Badge: 4471\n"
    "Examinee: DESROSIERS, LUCIEN PAUL          CDCR #: H29406\n"
    "Length of denial: 5 years             Reviewing Commissioner: R. PAKULSKI\n"
    "\n"
    "OPERATOR: Who am I speaking with? The examinee asked about the length of the call.\n"
    "CALLER: It's Will. My cousin Will Grant called before. Officer Long took it, then Sergeant Paris.\n"
)


def _person(text: str, name: str, nth: int = 0) -> Span:
    start = -1
    for _ in range(nth + 1):
        start = text.index(name, start + 1)
    return Span(start, start + len(name), "PERSON", ("presidio", "spacy"), 0.85)


def _persons(text: str, spans: list[Span]) -> list[str]:
    return [s.text_in(text) for s in spans if s.label == "PERSON"]


def test_the_keys_of_a_form_line_are_no_persons():
    spans = [
        _person(CALL_LOG, "Length"),
        _person(CALL_LOG, "Examinee"),
        _person(CALL_LOG, "Length", nth=1),
        _person(CALL_LOG, "DESROSIERS, LUCIEN PAUL"),
    ]
    assert _persons(CALL_LOG, drop_form_keys_read_as_persons(spans, CALL_LOG)) == ["DESROSIERS, LUCIEN PAUL"]


def test_the_values_of_a_form_line_stay_persons():
    spans = [
        _person(CALL_LOG, "Will Grant"),
        _person(CALL_LOG, "Long"),
        _person(CALL_LOG, "Paris"),
        _person(CALL_LOG, "R. PAKULSKI"),
    ]
    assert _persons(CALL_LOG, drop_form_keys_read_as_persons(spans, CALL_LOG)) == [
        "Will Grant",
        "Long",
        "Paris",
        "R. PAKULSKI",
    ]


def test_a_person_running_from_a_key_into_its_value_stays():
    # NER took the key with the name; the span holds a name and is left to the other rules.
    spans = [_person(CALL_LOG, "Witness: Sergeant Paris")]
    assert _persons(CALL_LOG, drop_form_keys_read_as_persons(spans, CALL_LOG)) == ["Witness: Sergeant Paris"]


def test_a_speaker_tag_alone_on_its_line_is_no_form_key():
    text = "GRANT: Yes, that was me.\nLONG: And after that?\n"
    spans = [_person(text, "GRANT"), _person(text, "LONG")]
    assert _persons(text, drop_form_keys_read_as_persons(spans, text)) == ["GRANT", "LONG"]


def test_a_key_the_document_names_a_person_elsewhere_stays_a_person():
    # Two short turns on one line look like two fields; Grant and Mason speak elsewhere.
    text = "GRANT: Yes.     MASON: No.\nMy cousin Will Grant and Officer Mason were there.\n"
    spans = [
        _person(text, "GRANT"),
        _person(text, "MASON"),
        _person(text, "Will Grant"),
        _person(text, "Mason"),
    ]
    kept = ["GRANT", "MASON", "Will Grant", "Mason"]
    assert _persons(text, drop_form_keys_read_as_persons(spans, text)) == kept


def test_the_export_replaces_every_name_of_the_form_and_leaves_its_keys():
    names = ["Will Grant", "Long", "Paris", "DESROSIERS, LUCIEN PAUL", "R. PAKULSKI", "Will"]
    spans = [_person(CALL_LOG, "Length"), _person(CALL_LOG, "Examinee"), _person(CALL_LOG, "Length", nth=1)]
    spans += [_person(CALL_LOG, name) for name in names]
    spans += [_person(CALL_LOG, name, nth=1) for name in ("Will Grant", "Long", "Paris")]
    merged = merge_spans(spans, CALL_LOG)
    out = pseudonymize(Document(id="call", text=CALL_LOG), [s for s in merged if s.label == "PERSON"]).text
    for name in ("Will", "Grant", "Long", "Paris", "DESROSIERS", "LUCIEN", "PAKULSKI"):
        assert name not in out
    assert "Length: 9:38" in out and "Examinee:" in out and "Length of denial" in out


def test_names_keyed_to_roles_in_a_list_of_appearances_stay_persons():
    text = "Ana Ruiz: observer     Tom Lee: counsel\nThe hearing began.\n"
    spans = [_person(text, "Ana Ruiz"), _person(text, "Tom Lee")]
    assert _persons(text, drop_form_keys_read_as_persons(spans, text)) == ["Ana Ruiz", "Tom Lee"]


def test_names_keyed_to_numbers_in_a_contact_list_or_a_household_stay_persons():
    # review12: names are the keys of a phone list, a household's ages, a sign-in sheet; only a
    # key of one word the document also writes in lower case is taken for a form's word.
    text = (
        "Ana Ruiz: 555-0134     Tom Lee: 555-0199\n"
        "Maria Lopez: 14     Jose Lopez: 9\n"
        "Reyes: 4471     Okafor: 5532     Length: 9:38\n"
        "Ask for the length of the call.\n"
    )
    names = ["Ana Ruiz", "Tom Lee", "Maria Lopez", "Jose Lopez", "Reyes", "Okafor"]
    spans = [_person(text, name) for name in [*names, "Length"]]
    assert _persons(text, drop_form_keys_read_as_persons(spans, text)) == names


RECORD = (
    "DISTRICT COURT OF ARAPAHOE COUNTY, COLORADO\n"
    "Court Address: 7325 South Potomac Street, Centennial\n"
    "Housing: HU 24-C-17\n"
    "Second Wind: 555-0134\n"
    "(the court address and housing as of intake)\n"
    "\n"
    "THE COURT: We are on the record. Second Wind has a bed for him.\n"
    "Kaiser Permanente: That's the clinic, Your Honor.\n"
)


def _body(text: str, name: str, label: str = "ORGANIZATION") -> Span:
    start = text.index(name)
    return Span(start, start + len(name), label, ("presidio", "spacy"), 0.85)


def test_a_headers_key_is_no_body_or_place_unless_the_talk_names_it():
    tags = [
        (RECORD.index("THE COURT:"), RECORD.index("THE COURT:") + 9),
        (RECORD.index("Kaiser"), RECORD.index(": That")),
    ]
    spans = [
        _body(RECORD, "Court Address"),
        _body(RECORD, "Housing", "LOCATION"),
        _body(RECORD, "Second Wind"),  # the talk names it again
        _body(RECORD, "Centennial", "LOCATION"),  # a value, not a key
        _body(RECORD, "Kaiser Permanente"),  # a key after the header: a turn, left alone
    ]
    kept = [s.text_in(RECORD) for s in drop_form_keys_read_as_bodies(spans, RECORD, tags)]
    assert kept == ["Second Wind", "Centennial", "Kaiser Permanente"]
    assert len(drop_form_keys_read_as_bodies(spans, RECORD, [])) == len(spans)  # no turns, no header


def test_a_headers_key_made_of_a_names_words_is_the_name():
    # review19: a key that is a body's or a person's name, said once, stays redacted.
    text = (
        "Fresno Police Department: Recorded Interview\nGuadalupe Renteria: Treasurer\n\n"
        "DET. HALE: This is the interview. Please state your name for the record.\n"
        "MS. PIKE: Dana Pike. I am the treasurer's assistant.\n"
    )
    tags = [(text.index(t), text.index(t) + len(t) - 1) for t in ("DET. HALE:", "MS. PIKE:")]
    spans = [_body(text, "Fresno Police Department"), _body(text, "Guadalupe Renteria", "LOCATION")]
    assert len(drop_form_keys_read_as_bodies(spans, text, tags)) == 2


def _span(text: str, name: str, label: str = "PERSON", nth: int = 0) -> Span:
    start = -1
    for _ in range(nth + 1):
        start = text.index(name, start + 1)
    return Span(start, start + len(name), label, ("presidio", "spacy"), 0.85)


TABLET = (
    "INMATE TABLET MESSAGE REPORT\n"
    "\n"
    "Message ID: 5520091\n"
    "From: WHITCOMBE, DARNELL\n"
    "Sent: 08/02/2024 9:14 PM\n"
    "Body: hey its me. did u get the message i sent? tell mama i said hi\n"
    "\n"
    "Message ID: 5520117\n"
    "From: Keisha Lott\n"
    "Sent: 08/02/2024 9:40 PM\n"
    "Body: ok i put 40 on there. my whole body hurts. call his number 909\n"
    "Body (cont): 555 0147\n"
)


def _tablet_spans() -> list[Span]:
    # What NER and the patterns find: the keys read as names, the values.
    spans = [_span(TABLET, "TABLET MESSAGE REPORT")]
    for nth in (0, 1):
        spans += [
            _span(TABLET, "Message", nth=nth),
            _span(TABLET, "Sent", nth=nth),
            _span(TABLET, "Body", nth=nth),
            _span(TABLET, "08/02/2024", "DATE", nth=nth),
        ]
    spans += [_span(TABLET, "WHITCOMBE, DARNELL"), _span(TABLET, "Keisha Lott"), _span(TABLET, "Body", nth=2)]
    return sorted(spans, key=lambda s: s.start)


def test_the_keys_of_a_records_fields_are_no_names():
    kept = drop_record_keys_read_as_names(_tablet_spans(), TABLET)
    assert [s.text_in(TABLET) for s in kept] == [
        "TABLET MESSAGE REPORT",  # a heading, no key: left to the other rules
        "WHITCOMBE, DARNELL",
        "08/02/2024",
        "Keisha Lott",
        "08/02/2024",
    ]


def test_a_records_key_read_as_a_body_is_none():
    text = TABLET.replace("Body", "Transcription")
    spans = [_span(text, "Transcription", "ORGANIZATION", nth) for nth in (0, 1, 2)]
    spans += [_span(text, "WHITCOMBE, DARNELL"), _span(text, "Keisha Lott")]
    spans += [_span(text, "08/02/2024", "DATE", nth) for nth in (0, 1)]
    kept = drop_record_keys_read_as_names(sorted(spans, key=lambda s: s.start), text)
    assert [s.label for s in kept] == ["PERSON", "DATE", "PERSON", "DATE"]


def test_a_records_key_the_document_says_alone_as_a_name_stays():
    text = TABLET.replace("Sent", "Rose") + "Body: tell Rose i said hi\n"
    spans = [_span(text, "Rose", nth=nth) for nth in (0, 1, 2)]
    spans += [_span(text, "WHITCOMBE, DARNELL"), _span(text, "Keisha Lott")]
    assert len(drop_record_keys_read_as_names(spans, text)) == len(spans)


def test_a_dialogues_tags_are_no_records_keys():
    # Two speakers alternate: no cycle of three keys, whatever their turns say.
    two = "ROSE: 40 on your books.\nDANTE: 50 then.\n" * 3
    spans = [_span(two, tag, nth=nth) for tag in ("ROSE", "DANTE") for nth in (0, 1, 2)]
    assert len(drop_record_keys_read_as_names(spans, two)) == len(spans)
    # Three in turn: their turns are talk, not numbers or names.
    three = "ROSE: You look thin.\nDANTE: It's fine, Mom.\nKIM: He wants 5 more.\n" * 2
    spans = [_span(three, tag, nth=nth) for tag in ("ROSE", "DANTE", "KIM") for nth in (0, 1)]
    assert len(drop_record_keys_read_as_names(spans, three)) == len(spans)


def test_the_merge_drops_a_records_keys():
    merged = merge_spans(_tablet_spans(), TABLET)
    assert {s.text_in(TABLET) for s in merged if s.label == "PERSON"} >= {"WHITCOMBE, DARNELL", "Keisha Lott"}
    assert not {"Sent", "Body", "Message"} & {s.text_in(TABLET) for s in merged}


def _persons_detected(text: str) -> list[str]:
    result = run_detection(document_from_text("records", text), ("presidio", "spacy"), Settings())
    return sorted(text[s.start : s.end] for s in result.spans if s.label == "PERSON")


def test_names_keyed_to_times_and_dates_record_after_record_stay_names():
    # A sign-in sheet that repeats: the keys are people written as names are.
    sign_in = (
        "VISITING ROOM SIGN-IN, SATURDAY\n"
        "Rosa Delgado: 9:14 AM\nTasha Whitcombe: 9:20 AM\nKeisha Bell: 9:31 AM\n"
        "VISITING ROOM SIGN-IN, SUNDAY\n"
        "Rosa Delgado: 10:02 AM\nTasha Whitcombe: 10:15 AM\nKeisha Bell: 10:40 AM\n"
    )
    assert _persons_detected(sign_in) == ["Keisha Bell"] * 2 + ["Rosa Delgado"] * 2 + ["Tasha Whitcombe"] * 2
    # A visit log keying a surname the document never writes in lower case.
    log = "Visitor: Darnell Whitcombe\nWhitcombe: 03/14/2025\nRoom: 12\n" * 2
    assert _persons_detected(log).count("Whitcombe") == 2
    # A chat export's tags that come back in the same order.
    chat = "Rose: 8pm\nTasha: 9 is better\nMarcus: 9:30, Fresno\n" * 2
    assert _persons_detected(chat).count("Marcus") == 2


def test_a_records_key_written_as_a_name_is_one_whatever_ner_called_it():
    text = "Rosa Delgado: 9:14 AM\nTasha Whitcombe: 9:20 AM\nKeisha Bell: 9:31 AM\n" * 2
    keys = ("Rosa Delgado", "Tasha Whitcombe", "Keisha Bell")
    spans = [_span(text, key, "LOCATION", nth) for key in keys for nth in (0, 1)]
    assert len(drop_record_keys_read_as_names(sorted(spans, key=lambda s: s.start), text)) == len(spans)
