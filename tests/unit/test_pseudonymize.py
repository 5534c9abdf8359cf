import re

import pytest

from reviewer_app.core.clusters import Cluster, build_clusters
from reviewer_app.core.document import Document
from reviewer_app.core.pseudonymize import DateWords, TagScope, cdcr_key, load_tag_formats, pseudonymize
from reviewer_app.core.spans import Span
from reviewer_app.paths import resource

_MARK = re.compile(r"\[\[(\w+)\|(.*?)\]\]", re.DOTALL)


def marked(source: str, doc_id: str = "doc") -> tuple[Document, list[Span]]:
    """A document and spans from `[[LABEL|text]]` markup."""
    text, spans, pos = "", [], 0
    for m in _MARK.finditer(source):
        text += source[pos : m.start()]
        start = len(text)
        text += m.group(2)
        spans.append(Span(start, len(text), m.group(1)))
        pos = m.end()
    text += source[pos:]
    return Document(id=doc_id, text=text), spans


def test_paper_example_1_names_spelled_names_and_ids():
    doc, spans = marked(
        "We have a [[PERSON|John Doe]] and the victim is [[PERSON|Jane Smith]]. "
        "That's [[SPELLED_NAME|D-O-E]]. Case ID [[CDCR_ID|M23515]]."
    )
    # The paper prints [SPELLED_NAME_2] for D-O-E; by its own rule (and the tag
    # scheme) a spelled name that spells [PERSON_2] is [SPELLED_NAME_PERSON_2].
    assert pseudonymize(doc, spans).text == (
        "We have a [PERSON_1] [PERSON_2] and the victim is [PERSON_3] [PERSON_4]. "
        "That's [SPELLED_NAME_PERSON_2]. Case ID [CDCR_ID_1]."
    )


def test_paper_example_2_dates_split_into_parts():
    doc, spans = marked(
        "Today is [[DATE|05/13/2012]], [[TIME|10:30]], he was convicted back on "
        "[[DATE|Monday the 15th of June, 2011]] at the age of [[AGE|33]] years old."
    )
    assert pseudonymize(doc, spans).text == (
        "Today is [DATE], [TIME], he was convicted back on [DAY_OF_WEEK] the [DAY] of [MONTH], "
        "[YEAR] at the age of [AGE] years old."
    )


def test_paper_example_3_fine_labels_numbered_per_kind():
    doc, spans = marked(
        "He lived in [[STATE|Connecticut]] but then moved to [[STATE|California]]. He is a "
        "[[NATIONALITY|Canadian]] citizen from [[COUNTRY|Canada]] and works with the "
        "[[POLICE_DEPARTMENT|California City Police Department]]."
    )
    assert pseudonymize(doc, spans).text == (
        "He lived in [STATE_1] but then moved to [STATE_2]. He is a [NATIONALITY_1] citizen from "
        "[COUNTRY_1] and works with the [POLICE_DEPARTMENT_1]."
    )


APPENDIX_A = (
    "[[PERSON|ALYSSA]] [[PERSON|JONES]], Presiding Commissioner\n"
    "[[PERSON|MARIA LOPEZ]], Deputy Commissioner\n"
    "[[PERSON|DAVID CHEN]], Attorney for Inmate\n"
    "[[PERSON|KEVIN RICHARDSON]], Inmate\n"
    "\n"
    "PRESIDING COMMISSIONER [[PERSON|JONES]]: All right. Good afternoon. Today's date, "
    "[[DATE|September 1st, 2021]]. Time is, uh, [[TIME|1:30 PM]]. This is the initial parole "
    "suitability hearing for inmate- Correction. This is the first subsequent parole suitability "
    "hearing for inmate [[PERSON|Kevin Richardson]], [[SPELLED_NAME|R-I-C-H-A-R-D-S-O-N]], CDCR "
    "number [[CDCR_ID|L90314]]. Inmate [[PERSON|Richardson]] is not present at the hearing room at "
    "[[PRISON|San Quentin State Prison]]. Uh, we were notified today that the inmate is currently "
    "out at the hospital and, uh, is currently unavailable for his hearing. Uh, so, uh, let's uh, "
    "take appearances. Uh, we are conducting this hearing by video conference. So, let's take "
    "appearances on who's here today. Uh, we'll have the Panel members go first. My name is "
    "[[PERSON|Alyssa Jones]] [[SPELLED_NAME|J-O-N-E-S]], Commissioner with the Board of Parole Hearings."
)


def test_paper_appendix_a_step_4():
    doc, spans = marked(APPENDIX_A)
    out = pseudonymize(doc, spans).text
    cover, body = out.split("\n\n")
    assert cover.splitlines()[3] == "[PERSON_7] [PERSON_8], Inmate"
    # Two deviations from the paper's printed step 4, both noted here: the paper writes
    # [ID_1] where its own scheme (and the issue's) says [CDCR_ID_1]; and it shows a comma
    # after "[PERSON_2]" that its original ("Alyssa Jones J-O-N-E-S,") does not have: the
    # text outside spans is kept byte for byte.
    assert body == (
        "PRESIDING COMMISSIONER [PERSON_2]: All right. Good afternoon. Today's date, "
        "[MONTH] [DAY], [YEAR]. Time is, uh, [TIME] PM. This is the initial parole suitability "
        "hearing for inmate- Correction. This is the first subsequent parole suitability hearing "
        "for inmate [PERSON_7] [PERSON_8], [SPELLED_NAME_PERSON_8], CDCR number [CDCR_ID_1]. "
        "Inmate [PERSON_8] is not present at the hearing room at [PRISON_1]. Uh, we were notified "
        "today that the inmate is currently out at the hospital and, uh, is currently unavailable "
        "for his hearing. Uh, so, uh, let's uh, take appearances. Uh, we are conducting this "
        "hearing by video conference. So, let's take appearances on who's here today. Uh, we'll "
        "have the Panel members go first. My name is [PERSON_1] [PERSON_2] "
        "[SPELLED_NAME_PERSON_2], Commissioner with the Board of Parole Hearings."
    )


def test_replacements_point_into_the_output_and_text_outside_spans_is_unchanged():
    doc, spans = marked(APPENDIX_A)
    result = pseudonymize(doc, spans)
    assert len(result.replacements) == len(spans)
    pieces, cursor = [], 0
    for r in result.replacements:
        assert result.text[r.out_start : r.out_end] == r.tag
        pieces.append(doc.text[cursor : r.span.start])
        cursor = r.span.end
    pieces.append(doc.text[cursor:])
    untouched = [p for p in pieces if p]
    assert all(p in result.text for p in untouched)
    assert result.text.count("\n") == doc.text.count("\n")


def test_spelled_name_of_no_known_name_and_spelled_out_items_are_numbered():
    doc, spans = marked(
        "That's [[SPELLED_NAME|K-L-E-E]], [[SPELLED_OUT_ITEM|V as in Victor]], "
        "[[SPELLED_NAME|k, l, e, e]] and [[SPELLED_NAME|M-O-O-R-E]] then [[SPELLED_OUT_ITEM|v as in victor]]."
    )
    assert pseudonymize(doc, spans).text == (
        "That's [SPELLED_NAME_1], [SPELLED_OUT_ITEM_1], [SPELLED_NAME_1] and [SPELLED_NAME_2] "
        "then [SPELLED_OUT_ITEM_1]."
    )


def test_spelled_name_before_the_name_still_links_and_split_spellings_normalise():
    doc, spans = marked("Spell it: [[SPELLED_NAME|R-E- E-D]]. Mr. [[PERSON|Reed]] is here.")
    assert pseudonymize(doc, spans).text == "Spell it: [SPELLED_NAME_PERSON_1]. Mr. [PERSON_1] is here."


def test_cdcr_ids_one_number_per_distinct_id_however_written():
    assert cdcr_key("Victor 12345") == cdcr_key("V12345") == cdcr_key("v-12345") == "V12345"
    doc, spans = marked(
        "[[CDCR_ID|V12345]], that's [[CDCR_ID|Victor 12345]], not [[CDCR_ID|AB1234]] or [[CDCR_ID|v12345]]."
    )
    assert pseudonymize(doc, spans).text == "[CDCR_ID_1], that's [CDCR_ID_1], not [CDCR_ID_2] or [CDCR_ID_1]."


@pytest.mark.parametrize(
    ("date", "expected"),
    [
        ("the 80s", "the [DECADE]"),
        ("'90s", "[DECADE]"),
        ("1990s", "[DECADE]"),
        ("June of 2011", "[MONTH] of [YEAR]"),
        ("2011", "[YEAR]"),
        ("9/1/21", "[DATE]"),
        ("Sept. 3rd", "[MONTH]. [DAY]"),
        ("the twenty-first of March", "the [DAY] of [MONTH]"),
        # The day rule: a number 1-31 right before or after a month is its day.
        ("Tuesday, 5 May", "[DAY_OF_WEEK], [DAY] [MONTH]"),
        ("August 23, 2021", "[MONTH] [DAY], [YEAR]"),
        ("Aug. 3 2021", "[MONTH]. [DAY] [YEAR]"),
        ("23 August 2021", "[DAY] [MONTH] [YEAR]"),
        ("August 32", "[MONTH] [NUMBER]"),
        ("August, 23 days later", "[MONTH], [NUMBER] days later"),
        ("August 0", "[MONTH] [NUMBER]"),
        ("Christmas", "[DATE]"),
        ("the eighties", "the [DECADE]"),
        # A year said in words was published as said ("May ninth, nineteen eighty-two").
        ("May ninth, nineteen eighty-two", "[MONTH] [DAY], [YEAR]"),
        ("June fourth, two thousand and three", "[MONTH] [DAY], [YEAR]"),
        ("March third, ninety-one", "[MONTH] [DAY], [YEAR]"),
        ("the fourteenth of March, twenty twenty-three", "the [DAY] of [MONTH], [YEAR]"),
        ("nineteen eighty-two", "[YEAR]"),
        ("two thousand oh five", "[YEAR]"),
        ("two weeks ago", "[DATE]"),
        ("In May, fifteen years to life", "In [MONTH], fifteen years to life"),
    ],
)
def test_date_parts(date, expected):
    doc, spans = marked(f"[[DATE|{date}]]")
    assert pseudonymize(doc, spans).text == expected


@pytest.mark.parametrize(
    ("time", "expected"),
    [
        ("1:30 PM", "[TIME] PM"),
        ("9:01 a.m.", "[TIME] a.m."),
        ("10 o'clock", "[TIME] o'clock"),
        ("noon", "[TIME]"),
        ("1330 hours", "[TIME] hours"),
    ],
)
def test_time_keeps_the_meridiem_outside_the_tag(time, expected):
    doc, spans = marked(f"[[TIME|{time}]]")
    assert pseudonymize(doc, spans).text == expected


def test_titles_and_possessives_stay_outside_person_tags_and_other_labels_are_numbered():
    doc, spans = marked(
        "[[PERSON|Dr. Kevin Richardson]] and [[PERSON|Richardson's]] brother called [[PERSON|RICHARDSON]] "
        "at [[PHONE_NUMBER|(415) 555-0100]] from [[CITY|Fresno]] and [[CITY|fresno]], [[AGE|19]], "
        "[[HEIGHT|6 foot]], [[ORGANIZATION|Acme Roofing]]."
    )
    assert pseudonymize(doc, spans).text == (
        "Dr. [PERSON_1] [PERSON_2] and [PERSON_2]'s brother called [PERSON_2] at [PHONE_NUMBER_1] "
        "from [CITY_1] and [CITY_1], [AGE], [HEIGHT], [ORGANIZATION_1]."
    )


def test_a_surname_that_is_also_a_title_is_replaced_after_a_first_name():
    # "Judge" and "Hon" before a name are titles and stay; after a first name they are the
    # surname, and leaving them in the text published it ("[PERSON_1] Judge").
    doc, spans = marked(
        "[[PERSON|Mary Judge]] came. [[PERSON|Aaron Hon]] spoke. [[PERSON|Judge Smith]] ruled. "
        "[[PERSON|John Smith Jr.]] left. [[PERSON|Hon. Ann Lee]] sat."
    )
    assert pseudonymize(doc, spans).text == (
        "[PERSON_1] [PERSON_2] came. [PERSON_3] [PERSON_4] spoke. Judge [PERSON_5] ruled. "
        "[PERSON_6] [PERSON_5] Jr. left. Hon. [PERSON_7] [PERSON_8] sat."
    )


def test_misspelt_name_takes_the_number_of_the_name_unless_the_reviewer_breaks_the_link():
    doc, spans = marked("[[PERSON|Mark Stevenson]] is present.\n[[PERSON|Mark Stevenston]] here is...")
    assert (
        pseudonymize(doc, spans).text == "[PERSON_1] [PERSON_2] is present.\n[PERSON_1] [PERSON_2] here is..."
    )
    # Broken, the paper's example (4) output: a new number for the misspelt part.
    clusters = build_clusters(doc, spans, 88.0, broken_links=[("stevenston", "stevenson")])
    assert pseudonymize(doc, spans, clusters).text == (
        "[PERSON_1] [PERSON_2] is present.\n[PERSON_1] [PERSON_3] here is..."
    )


def test_the_spelling_of_a_misspelt_name_links_to_the_person_it_misspells():
    doc, spans = marked(
        "[[PERSON|Mark Stevenson]] is present.\n"
        "[[PERSON|Mr. Stevenston]], spelled [[SPELLED_NAME|S-T-E-V-E-N-S-T-O-N]], is here."
    )
    assert pseudonymize(doc, spans).text == (
        "[PERSON_1] [PERSON_2] is present.\nMr. [PERSON_2], spelled [SPELLED_NAME_PERSON_2], is here."
    )


def test_corpus_scope_numbers_a_person_the_same_across_documents():
    scope = TagScope()
    first = pseudonymize(*marked("[[PERSON|Kevin Richardson]], [[CDCR_ID|L90314]]", "a"), scope=scope)
    second = pseudonymize(
        *marked("[[PERSON|Ann Lee]] and [[PERSON|Richardson]], [[CDCR_ID|L90314]]", "b"), scope=scope
    )
    assert first.text == "[PERSON_1] [PERSON_2], [CDCR_ID_1]"
    assert second.text == "[PERSON_3] [PERSON_4] and [PERSON_2], [CDCR_ID_1]"
    alone = pseudonymize(*marked("[[PERSON|Ann Lee]] and [[PERSON|Richardson]]", "b"))
    assert alone.text == "[PERSON_1] [PERSON_2] and [PERSON_3]"


def test_mapping_lists_originals_per_cluster_and_per_value():
    doc, spans = marked(APPENDIX_A)
    result = pseudonymize(doc, spans)
    kevin = next(e for e in result.mapping if "Kevin Richardson" in e.originals)
    assert kevin.tag == "[PERSON_7] [PERSON_8]"
    assert set(kevin.originals) == {
        "KEVIN RICHARDSON",
        "Kevin Richardson",
        "Richardson",
        "R-I-C-H-A-R-D-S-O-N",
    }
    assert kevin.cluster is not None and not kevin.fuzzy
    prison = next(e for e in result.mapping if e.label == "PRISON")
    assert (prison.tag, prison.originals) == ("[PRISON_1]", ("San Quentin State Prison",))


def test_overlapping_spans_are_refused():
    doc = Document(id="d", text="Kevin Richardson")
    with pytest.raises(ValueError, match="overlap"):
        pseudonymize(doc, [Span(0, 16, "PERSON"), Span(6, 16, "PERSON")])


def test_tag_formats_come_from_the_resource_file(tmp_path):
    custom = (
        resource("tags.toml")
        .read_text(encoding="utf-8")
        .replace('PERSON = "[PERSON_{n}]"', 'PERSON = "<person {n}>"')
    )
    path = tmp_path / "tags.toml"
    path.write_text(custom, encoding="utf-8")
    doc, spans = marked("[[PERSON|Ann Lee]] in [[STATE|Ohio]]")
    out = pseudonymize(doc, spans, formats=load_tag_formats(path)).text
    assert out == "<person 1> <person 2> in [STATE_1]"


def test_a_name_of_several_parts_spelled_as_one_word_links_to_its_last_part():
    doc, spans = marked(
        "[[PERSON|Ana Villanueva-Reyes]], [[SPELLED_NAME|V-I-L-L-A-N-U-E-V-A-R-E-Y-E-S]]; "
        "[[PERSON|Luis De La Cruz]], [[SPELLED_NAME|D-E L-A C-R-U-Z]]"
    )
    assert pseudonymize(doc, spans).text == (
        "[PERSON_1] [PERSON_2]-[PERSON_3], [SPELLED_NAME_PERSON_3]; "
        "[PERSON_4] [PERSON_5] [PERSON_6] [PERSON_7], [SPELLED_NAME_PERSON_7]"
    )


def test_apostrophe_names_link_to_their_spelling_and_a_name_without_letters_is_still_replaced():
    doc, spans = marked("[[PERSON|Sean O'Brien]], [[SPELLED_NAME|O-B-R-I-E-N]]; inmate [[PERSON|#4471]].")
    result = pseudonymize(doc, spans)
    assert result.text == "[PERSON_1] [PERSON_2], [SPELLED_NAME_PERSON_2]; inmate [PERSON_3]."
    assert set(result.clusters[0].variants) == {"Sean O'Brien", "O-B-R-I-E-N"}


def test_a_tags_toml_without_dates_or_a_default_format_still_loads(tmp_path):
    path = tmp_path / "tags.toml"
    path.write_text('[formats]\nPERSON = "<person {n}>"\n', encoding="utf-8")
    formats = load_tag_formats(path)
    assert formats.date_words == DateWords(frozenset(), frozenset(), frozenset(), frozenset())
    doc, spans = marked("[[PERSON|Ann Lee]] in [[STATE|Ohio]]")
    assert pseudonymize(doc, spans, formats=formats).text == "<person 1> <person 2> in [STATE_1]"


def test_date_words_are_read_whatever_their_case_in_tags_toml(tmp_path):
    date = (
        '[date]\nwhole = "<date>"\nday = "<day>"\nmonth = "<month>"\nday_of_week = "<weekday>"\n'
        'decade = "<decade>"\nyear = "<year>"\nnumber = "<n>"\nnumeric_date = "<date>"\n'
        'months = ["JUNE"]\ndays_of_week = ["Friday"]\nordinal_days = ["Fifth"]\ndecades = ["Eighties"]\n'
    )
    path = tmp_path / "tags.toml"
    path.write_text(date, encoding="utf-8")
    doc, spans = marked("[[DATE|Friday the fifth of June]], [[DATE|the eighties]], [[DATE|Easter]]")
    assert pseudonymize(doc, spans, formats=load_tag_formats(path)).text == (
        "<weekday> the <day> of <month>, the <decade>, <date>"
    )


def test_spans_in_any_order_and_spans_that_touch_are_replaced_in_text_order():
    doc, spans = marked("On [[DATE|05/13/2012]][[TIME|10:30]] [[PERSON|Ann Lee]] met [[PERSON|Bo Chan]].")
    result = pseudonymize(doc, spans[::-1])
    assert result.text == "On [DATE][TIME] [PERSON_1] [PERSON_2] met [PERSON_3] [PERSON_4]."
    assert result.document_id == doc.id
    assert [r.span for r in result.replacements] == spans


def test_the_fuzzy_threshold_decides_whether_a_misspelling_shares_the_number():
    doc, spans = marked("[[PERSON|Mark Stevenson]] is present.\n[[PERSON|Mark Stevenston]] here.")
    assert pseudonymize(doc, spans, threshold=99.0).text == (
        "[PERSON_1] [PERSON_2] is present.\n[PERSON_1] [PERSON_3] here."
    )
    (entry,) = [e for e in pseudonymize(doc, spans).mapping if e.cluster is not None]
    assert (entry.label, entry.tag, entry.fuzzy) == ("PERSON", "[PERSON_1] [PERSON_2]", True)


def test_names_without_letters_are_numbered_per_distinct_value():
    doc, spans = marked("inmate [[PERSON|#4471]], inmate [[PERSON|#5582]] and [[PERSON|# 4471]]")
    assert pseudonymize(doc, spans).text == "inmate [PERSON_1], inmate [PERSON_2] and [PERSON_1]"


@pytest.mark.parametrize(
    ("date", "expected"),
    [
        ("August 1", "[MONTH] [DAY]"),
        ("31 May", "[DAY] [MONTH]"),
        ("2 weeks in August", "[NUMBER] weeks in [MONTH]"),
    ],
)
def test_the_day_rule_takes_days_one_to_thirty_one_beside_a_month_only(date, expected):
    doc, spans = marked(f"[[DATE|{date}]]")
    assert pseudonymize(doc, spans).text == expected


def test_one_tag_per_person_links_spellings_the_clusters_do_not_list():
    doc, spans = marked(
        "[[PERSON|Kevin Richardson]] and [[PERSON|Luis De La Cruz]]: [[SPELLED_NAME|K-E-V-I-N]], "
        "[[SPELLED_NAME|D-E L-A C-R-U-Z]], [[SPELLED_NAME|Z-E-D]]"
    )
    clusters = build_clusters(doc, spans[:2])  # the reviewer's clusters, made before the spellings
    assert pseudonymize(doc, spans, clusters, person_tags="person").text == (
        "[PERSON_1] and [PERSON_2]: [SPELLED_NAME_PERSON_1], [SPELLED_NAME_PERSON_2], [SPELLED_NAME_1]"
    )


def test_one_tag_per_person_without_clusters_is_one_per_distinct_name_and_value():
    doc, spans = marked(
        "[[PERSON|Ann Lee]], [[PERSON|ANN LEE]], [[PERSON|Bo Chan]], [[PERSON|#4471]], [[PERSON|# 4471]], "
        "[[PERSON|#5582]]"
    )
    assert pseudonymize(doc, spans, [], person_tags="person").text == (
        "[PERSON_1], [PERSON_1], [PERSON_2], [PERSON_3], [PERSON_3], [PERSON_4]"
    )


def test_one_tag_per_person_a_spelling_takes_its_persons_number_after_a_name_without_letters():
    doc, spans = marked("[[PERSON|#4471]] then [[PERSON|Kevin Richardson]], [[SPELLED_NAME|K-E-V-I-N]]")
    clusters = build_clusters(doc, spans[:2])
    _, kevin, spelled = pseudonymize(doc, spans, clusters, person_tags="person").replacements
    assert spelled.tag == kevin.tag.replace("[PERSON_", "[SPELLED_NAME_PERSON_")


def test_one_tag_per_person_keeps_two_people_of_one_name_apart_and_one_name_the_same_across_files():
    scope = TagScope()
    first = pseudonymize(*marked("[[PERSON|Ann Lee]] spoke.", "a"), scope=scope, person_tags="person")
    doc, spans = marked("[[PERSON|Ann Lee]] (the mother) and [[PERSON|Ann Lee]] (the daughter)", "b")
    split = [Cluster(1, (0,), ("Ann Lee",), ("ann", "lee")), Cluster(2, (1,), ("Ann Lee",), ("ann", "lee"))]
    second = pseudonymize(doc, spans, split, scope=scope, person_tags="person")
    assert first.text == "[PERSON_1] spoke."
    assert second.text == "[PERSON_1] (the mother) and [PERSON_2] (the daughter)"


def test_part_links_number_a_part_and_its_misspellings_as_the_part_they_link_to():
    scope = TagScope()
    pseudonymize(*marked("[[PERSON|Mark Stevens]]", "a"), scope=scope)
    doc, spans = marked(
        "[[PERSON|Mark Stevenson]] here. [[PERSON|Mark Stevenston]] there. "
        "[[PERSON|Maria Chavez]] and [[PERSON|Maria Chavz]].",
        "b",
    )
    clusters = build_clusters(doc, spans)  # links stevenston to stevenson, chavz to chavez
    result = pseudonymize(doc, spans, clusters, scope=scope, part_links={"stevenson": "stevens"})
    assert result.text == (
        "[PERSON_1] [PERSON_2] here. [PERSON_1] [PERSON_2] there. "
        "[PERSON_3] [PERSON_4] and [PERSON_3] [PERSON_4]."
    )


def test_one_tag_per_person_a_spelling_the_reviewer_put_with_a_person_takes_that_persons_tag():
    doc, spans = marked(
        "[[PERSON|Alyssa Jones]] spoke. Then [[PERSON|Mary Jones]], spelled [[SPELLED_NAME|J-O-N-E-S]]."
    )
    clusters = [
        Cluster(1, (0,), ("Alyssa Jones",), ("alyssa", "jones")),
        Cluster(2, (1, 2), ("Mary Jones", "J-O-N-E-S"), ("mary", "jones")),
    ]
    assert pseudonymize(doc, spans, clusters, person_tags="person").text == (
        "[PERSON_1] spoke. Then [PERSON_2], spelled [SPELLED_NAME_PERSON_2]."
    )
