"""Organisation-looking mentions the text settles: a street after "on", a name after a title and a
legislature's own bodies and bills (core/body_mentions, core/streets_after_on,
core/persons_after_titles, core/legislative_bodies). The texts are written for these tests; their
names are invented."""

from __future__ import annotations

from reviewer_app.core.capitals_fragments import drop_capitals_fragments
from reviewer_app.core.merge import merge_spans
from reviewer_app.core.numbered_measures import drop_numbered_measures
from reviewer_app.core.persons_after_titles import relabel_persons_after_titles
from reviewer_app.core.spans import Span
from reviewer_app.core.unplaced_offices import drop_unplaced_offices


def _span(text: str, piece: str, label: str = "ORGANIZATION", nth: int = 0) -> Span:
    start = -1
    for _ in range(nth + 1):
        start = text.index(piece, start + 1)
    return Span(start, start + len(piece), label, ("spacy",), 0.85)


def _labels(spans: list[Span], text: str) -> dict[str, str]:
    return {s.text_in(text): s.label for s in spans}


# --- streets after "on" -------------------------------------------------------------------------


def test_a_street_said_after_on_is_a_place():
    text = (
        "DRIVER: No, I moved. I'm on Marlowe now, 2215 South Marlowe. My grandmother's house was on "
        "Eleventh Street.\nINMATE: The store on Rosewood Line, the one that closed. The truck broke on I-405."
    )
    spans = [_span(text, w) for w in ("Marlowe", "Eleventh Street", "Rosewood Line", "I-405")]
    spans.append(_span(text, "2215 South Marlowe", "LOCATION"))
    labels = _labels(merge_spans(spans, text), text)
    assert labels == {
        "Marlowe": "LOCATION",
        "2215 South Marlowe": "LOCATION",
        "Eleventh Street": "LOCATION",
        "Rosewood Line": "LOCATION",
        "I-405": "LOCATION",
    }


def test_one_word_after_on_is_a_street_only_where_the_document_shows_it_a_place():
    text = "INMATE: Toon got killed in 1993, on Quillby. She is on Marvexa now, for the pain."
    labels = _labels(merge_spans([_span(text, "Quillby"), _span(text, "Marvexa")], text), text)
    assert labels == {"Quillby": "ORGANIZATION", "Marvexa": "ORGANIZATION"}


def test_a_medium_or_a_body_after_on_stays_an_organisation():
    text = (
        "WITNESS: My cousin found me on Chatterly, like 2014. I didn't order anything on Shopwell. "
        "She was on Kessler Hospital's night shift and now she's on Brightway Services."
    )
    spans = [_span(text, w) for w in ("Chatterly", "Shopwell", "Kessler Hospital", "Brightway Services")]
    labels = _labels(merge_spans(spans, text), text)
    assert labels["Chatterly"] == "ORGANIZATION"  # "found me on": a medium
    assert labels["Shopwell"] == "ORGANIZATION"  # "anything on": a medium
    assert labels["Kessler Hospital"] == "ORGANIZATION"  # an organisation's head word
    assert labels["Brightway Services"] == "ORGANIZATION"


def test_a_name_with_an_inner_capital_after_on_stays():
    text = "INMATE: I talked to her on TalkNow every Sunday, from the yard."
    labels = _labels(merge_spans([_span(text, "TalkNow")], text), text)
    assert labels["TalkNow"] == "ORGANIZATION"


# --- names after titles -------------------------------------------------------------------------


def test_a_name_after_a_title_across_a_reporters_line_number_is_a_person():
    text = (
        "14  Anger Management, sponsored by the Valley Reentry Collaborative, facilitator\n"
        "15  Ozias Pembrook, twenty weeks. No, sir. Officer\n"
        "16  Quenneville saw it, but nobody writes a chrono for that."
    )
    spans = [
        _span(text, "Valley Reentry Collaborative"),
        _span(text, "Ozias Pembrook"),
        _span(text, "Quenneville"),
    ]
    labels = _labels(merge_spans(spans, text), text)
    assert labels["Ozias Pembrook"] == "PERSON"
    assert labels["Quenneville"] == "PERSON"
    assert labels["Valley Reentry Collaborative"] == "ORGANIZATION"


def test_a_member_title_and_a_name_read_as_a_body_is_the_person_without_the_title():
    text = "CHAIR: Our first item is by Assemblymember Tarrowby, relating to reentry housing."
    merged = merge_spans([_span(text, "Assemblymember Tarrowby")], text)
    assert _labels(merged, text) == {"Tarrowby": "PERSON"}


def test_a_title_before_a_bodys_name_makes_no_person():
    text = "Nurse Halvern Clinic staff saw him, then Sponsor Brightway Services took him in."
    spans = [_span(text, "Halvern Clinic"), _span(text, "Brightway Services")]
    titles = frozenset({"nurse", "sponsor"})
    heads = frozenset({"clinic", "services"})
    assert [s.label for s in relabel_persons_after_titles(spans, text, titles, heads)] == [
        "ORGANIZATION",
        "ORGANIZATION",
    ]


# --- a legislature's own words ------------------------------------------------------------------

_HEARING = (
    "CALIFORNIA STATE ASSEMBLY\n"
    "COMMITTEE ON PUBLIC SAFETY\n\n"
    "CHAIR WEXLEY: The Assembly Committee on Public Safety will come to order. Our first item is "
    "AB 1847. The bill was heard in the Senate Committee on Housing last year as SB 612, and Senate "
    "Bill 1437 before it. Witnesses, on behalf of the Coastal Reentry Housing Coalition? The motion "
    "is do pass and re-refer to the Committee on Appropriations. The Assembly stands at ease. The "
    "American Friends Service Committee wrote in support, as did the Congress of Racial Equality. The "
    "Committee of Ministers and the Senate of the Republic were told."
)


def test_a_legislatures_chambers_and_committees_are_not_annotated():
    text = _HEARING
    spans = [
        _span(text, "CALIFORNIA STATE ASSEMBLY"),
        _span(text, "COMMITTEE ON PUBLIC SAFETY"),
        _span(text, "Assembly Committee on Public Safety"),
        _span(text, "Senate Committee"),
        _span(text, "Housing", "LOCATION", nth=1),
        _span(text, "Committee on Appropriations"),
        _span(text, "Assembly", nth=1),
        _span(text, "Coastal Reentry Housing Coalition"),
        _span(text, "American Friends Service Committee"),
        _span(text, "Congress of Racial Equality"),
        _span(text, "Committee of Ministers"),
        _span(text, "Senate of the Republic"),
    ]
    kept = _labels(merge_spans(spans, text), text)
    assert kept == {
        "CALIFORNIA": "LOCATION",
        "Coastal Reentry Housing Coalition": "ORGANIZATION",
        "American Friends Service Committee": "ORGANIZATION",
        "Congress of Racial Equality": "ORGANIZATION",
        "Committee of Ministers": "ORGANIZATION",
        "Senate of the Republic": "ORGANIZATION",
    }


def test_bill_numbers_are_not_annotated():
    text = _HEARING
    spans = [_span(text, "AB 1847"), _span(text, "SB 612"), _span(text, "Senate Bill 1437")]
    kept = {s.text_in(text) for s in merge_spans(spans, text)}
    assert not kept & {"AB 1847", "SB 612", "Senate Bill 1437"}


# --- measures, forms and fields named by number --------------------------------------------------


def test_code_sections_and_forms_by_number_are_not_organisations():
    text = (
        "Arrested by the Ceres Police Department, Vehicle Code 10851, taking a vehicle. Then HS 11377, "
        "possession. We filed the I-589 with the court, with Form I-870 attached, under W&I 777."
    )
    spans = [
        _span(text, "Ceres Police Department"),
        _span(text, "Vehicle Code 10851"),
        _span(text, "HS 11377"),
        _span(text, "I-589"),
        _span(text, "Form I-870"),
        _span(text, "W&I"),
    ]
    kept = {s.text_in(text) for s in drop_numbered_measures(spans, text)}
    assert kept == {"Ceres Police Department"}


def test_a_forms_field_name_is_no_organisation_but_a_union_local_is():
    text = (
        "In the matter of the Life Term   )  CDCR Number AH-4172\n"
        "Incident No.: SPD26-1186\n"
        "He joined SEIU 1000 and Laborers Local 1193 in 2019."
    )
    spans = [
        _span(text, "CDCR Number"),
        _span(text, "Incident No"),
        _span(text, "SEIU 1000"),
        _span(text, "Laborers Local 1193"),
    ]
    kept = {s.text_in(text) for s in drop_numbered_measures(spans, text)}
    assert kept == {"SEIU 1000", "Laborers Local 1193"}


# --- offices said without their place ------------------------------------------------------------


def test_a_prosecutors_or_defenders_office_without_its_county_is_no_organisation():
    text = (
        "Counsel and DA? Ana Quiroz from the Public Defender's Office. She said the D.A. had no video. "
        "Taken at the Office of the Attorney General. The Kern County DA and the Office of the Public "
        "Defender of Tulare County wrote, and so did the Law Offices of Dana Pike."
    )
    offices = ("DA", "Public Defender's Office", "D.A.", "Office of the Attorney General", "Kern County DA")
    spans = [_span(text, o) for o in offices]
    spans += [
        _span(text, "Office of the Public Defender of Tulare County"),
        _span(text, "Law Offices of Dana Pike"),
    ]
    kept = {s.text_in(text) for s in drop_unplaced_offices(spans, text)}
    assert kept == {
        "Kern County DA",
        "Office of the Public Defender of Tulare County",
        "Law Offices of Dana Pike",
    }


def test_a_processing_center_where_people_are_held_is_a_place():
    text = (
        "He appears by video from the Desert Ridge Processing Center; the Ridgeline Medical Center saw him."
    )
    spans = [_span(text, "Desert Ridge Processing Center"), _span(text, "Ridgeline Medical Center")]
    labels = _labels(merge_spans(spans, text), text)
    assert labels == {
        "Desert Ridge Processing Center": "LOCATION",
        "Ridgeline Medical Center": "ORGANIZATION",
    }


# --- pieces of a sentence in capitals ------------------------------------------------------------


def test_a_piece_of_a_sentence_in_capitals_is_no_organisation_but_a_body_in_capitals_is():
    text = (
        "PRESIDING COMMISSIONER QUARLE:  YOU WERE WORKING IN THE PRISON INDUSTRY AUTHORITY.\n"
        "INMATE TOLLAND:  YES.  BEFORE THAT I WAS IN VOCATIONAL MILL AND CABINET, AND I ARE IN ALCOHOLICS "
        "ANONYMOUS.  THE BOARD OF PRISON TERMS SAYS I POSE NO RISK OF DANGER TO SOCIETY.\n"
        "Then I went to the Salvation Army of Long Beach."
    )
    pieces = (
        "YOU WERE WORKING",
        "VOCATIONAL MILL AND",
        "ARE IN ALCOHOLICS ANONYMOUS",
        "OF DANGER TO SOCIETY",
    )
    bodies = ("PRISON INDUSTRY AUTHORITY", "BOARD OF PRISON TERMS", "Salvation Army of Long")
    spans = [_span(text, p) for p in pieces + bodies]
    edge_words = frozenset({"you", "were", "and", "are", "of", "to", "in", "the"})
    kept = {s.text_in(text) for s in drop_capitals_fragments(spans, text, edge_words)}
    # A piece loses the function words at its edges, and goes where another is inside it; what
    # is left stays (a name NER ran into the sentence: "BOYS AND GIRLS CLUB OF" must keep its body).
    assert kept == set(bodies) | {"WORKING", "VOCATIONAL MILL", "ALCOHOLICS ANONYMOUS"}
    club = "I VOLUNTEERED WITH THE BOYS AND GIRLS CLUB OF FRESNO."
    kept = {
        s.text_in(club)
        for s in drop_capitals_fragments([_span(club, "BOYS AND GIRLS CLUB OF")], club, edge_words)
    }
    assert kept == {"BOYS AND GIRLS CLUB"}


def test_an_office_whose_place_ner_cut_off_stays():
    text = (
        "provided to me by the Office of the Public Defender\nof Tulare County, and the Kern County DA wrote."
    )
    spans = [
        _span(text, "Office of the Public Defender"),
        _span(text, "Kern County", "LOCATION"),
        _span(text, "DA"),
    ]
    kept = {s.text_in(text) for s in drop_unplaced_offices(spans, text)}
    assert kept == {"Office of the Public Defender", "Kern County", "DA"}


def test_a_committee_outside_a_legislature_or_one_named_by_a_place_keeps_its_tag():
    town = "I volunteered with the Committee on Homeless Veterans of Madera."
    kept = _labels(merge_spans([_span(town, "Committee on Homeless Veterans of Madera")], town), town)
    assert kept == {"Committee on Homeless Veterans of Madera": "ORGANIZATION"}
    jails = (
        "She testified before the Assembly Committee on Fresno County Jails. "
        "Later the Senate Committee on Tulare Lake Basin heard her."
    )
    spans = [
        _span(jails, "Assembly Committee on Fresno County Jails"),
        _span(jails, "Senate Committee"),
        _span(jails, "Tulare Lake Basin", "LOCATION"),
    ]
    kept = _labels(merge_spans(spans, jails), jails)
    # The subjects name places: published, they told where she lives.
    assert "Assembly Committee on Fresno County Jails" in kept and kept.get("Tulare Lake Basin") == "LOCATION"


def test_an_organisation_before_a_fields_name_keeps_its_tag_without_it():
    text = (
        "Saint Agnes Medical Center Account Number 7710. Bank of America Account No. 4471. CDCR Number AH-41."
    )
    spans = [
        _span(text, "Saint Agnes Medical Center Account Number"),
        _span(text, "Bank of America Account No."),
        _span(text, "CDCR Number"),
    ]
    kept = _labels(drop_numbered_measures(spans, text), text)
    assert kept == {"Saint Agnes Medical Center": "ORGANIZATION", "Bank of America": "ORGANIZATION"}


def test_an_office_placed_with_in_and_a_firm_named_like_an_office_keep_their_tags():
    text = "My lawyer was from the Conflict Defenders. The Alternate Public Defender in Visalia wrote. DA."
    spans = [_span(text, "Conflict Defenders"), _span(text, "Public Defender"), _span(text, "DA")]
    kept = {s.text_in(text) for s in drop_unplaced_offices(spans, text)}
    assert kept == {"Conflict Defenders", "Public Defender"}


def test_the_name_of_a_numbering_of_pages_is_no_organisation_but_a_body_before_a_phone_is():
    text = (
        "Q.   Exhibit 6, Bates number TALLEY 000530. And Exhibit 7, Bates stamped AGO 000214.\n"
        "A.   I called the Kaiser number 555-0134."
    )
    spans = [_span(text, "Bates"), _span(text, "Bates", nth=1), _span(text, "Kaiser")]
    kept = [s.text_in(text) for s in drop_numbered_measures(spans, text)]
    assert kept == ["Kaiser"]


def test_a_body_before_a_phone_number_of_ten_digits_is_no_numbering_of_pages():
    text = "Call the Kaiser number 559-555-0134. Or the Sutter number 9165550188. Bates number 0005301."
    spans = [_span(text, "Kaiser"), _span(text, "Sutter"), _span(text, "Bates")]
    kept = [s.text_in(text) for s in drop_numbered_measures(spans, text)]
    assert kept == ["Kaiser", "Sutter"]
