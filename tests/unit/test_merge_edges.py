"""The merging rules of paper §4.3 at their edges: what a mutation test (`make mutation`)
found no test for. Small hand-made texts, each output worked out from the rule."""

from __future__ import annotations

import pytest

from reviewer_app.core import merge, name_propagation, number_filters
from reviewer_app.core.spans import Span
from tests.fixtures.speaker_tags import speaker_tags_of
from tests.unit.test_merge import APPENDIX_A, GENERAL_TITLES, at, covered


@pytest.fixture
def rules():
    return merge.load_merge_rules()


def _resources(tmp_path, monkeypatch, merge_toml: str, ner_toml: str, files: dict[str, str] | None = None):
    """A resources folder of our own, read instead of the shipped one."""
    (tmp_path / "patterns").mkdir()
    (tmp_path / "gazetteers").mkdir()
    (tmp_path / "patterns" / "merge.toml").write_text(merge_toml, encoding="utf-8")
    (tmp_path / "patterns" / "ner.toml").write_text(ner_toml, encoding="utf-8")
    (tmp_path / "whitelist.txt").write_text(
        "# terms\nBoard of Parole Hearings\n  the CDCR's \n", encoding="utf-8"
    )
    for name, content in (files or {}).items():
        (tmp_path / name).write_text(content, encoding="utf-8")
    monkeypatch.setenv("REVIEWER_APP_RESOURCES", str(tmp_path))


REQUIRED_MERGE_SETTINGS = """
titles = ["Dr.", "Commissioner"]
label_priority = ["CDCR_ID", "DATE", "PERSON", "LOCATION"]
propagate_labels = ["PERSON"]
numeric_labels = ["DATE"]
year_range = [1950, 2030]
"""


def test_merge_rules_are_read_from_the_resource_files_as_written(tmp_path, monkeypatch):
    optional = """
person_cues = ["Sister"]
place_cues = ["Near"]
location_cues = ["In"]
place_gazetteers = ["places.txt", "not_installed.txt"]
group_gazetteers = ["groups.txt"]
function_words = ["Your"]
law_heads = ["Act"]
test_words = ["Score"]
statute_words = ["Section"]
determiners = ["The"]
clause_words = ["Of"]
role_nouns = ["Chair"]
speaker_roles = ["Cross"]
[organisation_cues]
before = ["program called"]
"""
    ner = (
        '[date]\ncalendar_words = ["June"]\nduration_words = ["Years"]\n[head_words]\nLOCATION = ["Prison"]\n'
    )
    places = "# Places: name | other names\nChula Vista | Chula | CA\nRio Dell | Rio\n\n"
    _resources(
        tmp_path,
        monkeypatch,
        REQUIRED_MERGE_SETTINGS + optional,
        ner,
        {"gazetteers/places.txt": places, "gazetteers/groups.txt": "Baptist | Baptists\n"},
    )
    assert merge.load_merge_rules() == merge.MergeRules(
        whitelist=frozenset({"board of parole hearings", "cdcr"}),
        titles=frozenset({"dr", "commissioner"}),  # lower case, without the full stop
        label_priority=("CDCR_ID", "DATE", "PERSON", "LOCATION"),
        propagate_labels=("PERSON",),
        numeric_labels=("DATE",),
        year_range=(1950, 2030),
        calendar_words=frozenset({"june"}),
        duration_words=frozenset({"years"}),
        head_words={"LOCATION": ("Prison",)},
        person_cues=frozenset({"sister"}),
        # every name of a line, but no comment and no two-letter postal code; a gazetteer
        # that is not installed adds nothing
        known_places=frozenset({"chula vista", "chula", "rio dell", "rio"}),
        place_cues=frozenset({"near"}),
        location_cues=frozenset({"in"}),
        known_groups=frozenset({"baptist", "baptists"}),
        function_words=frozenset({"your"}),
        law_heads=("Act",),
        test_words=frozenset({"score"}),
        statute_words=frozenset({"section"}),
        organisation_cues={"before": ("program called",)},
        determiners=frozenset({"the"}),
        clause_words=frozenset({"of"}),
        role_nouns=frozenset({"chair", "cross"}),  # offices and the words of speakers' roles
        offices=frozenset({"chair"}),  # offices alone: one is addressed by them ("Madam Chair")
    )


def test_a_merge_toml_with_only_the_required_settings_loads(tmp_path, monkeypatch):
    _resources(
        tmp_path, monkeypatch, REQUIRED_MERGE_SETTINGS, "[date]\ncalendar_words = []\nduration_words = []\n"
    )
    rules = merge.load_merge_rules()
    assert rules.titles == frozenset({"dr", "commissioner"})
    optional = (rules.person_cues, rules.place_cues, rules.location_cues)
    optional += (rules.known_places, rules.known_groups, rules.function_words, rules.law_heads)
    optional += (rules.test_words, rules.statute_words, rules.determiners, rules.clause_words)
    assert all(len(setting) == 0 for setting in (*optional, rules.role_nouns, rules.organisation_cues))
    assert rules.head_words == {}


def test_the_shipped_gazetteers_know_places_by_every_name_but_not_by_postal_code(rules):
    assert {"california", "cali", "calif.", "alameda county", "alameda", "arvin", "slo"} <= rules.known_places
    assert "ca" not in rules.known_places
    assert not any(name.startswith("#") for name in rules.known_places | rules.known_groups)


def test_a_pattern_span_inside_an_ner_name_leaves_the_name_before_it(rules):
    text = "Deputy Commissioner Camila K A N G, Board of Parole Hearings."
    spans = [at(text, "Camila K A N G", "PERSON", "stanza"), at(text, "K A N G", "SPELLED_NAME", "presidio")]
    resolved = merge.resolve_overlaps(spans, text, rules)
    assert covered(resolved, text) == [("PERSON", "Camila"), ("SPELLED_NAME", "K A N G")]
    assert resolved[0].detectors == ("stanza",)


def test_a_span_of_titles_only_goes_and_the_names_after_it_stay(rules):
    text = "Commissioner. Then Deputy Commissioner Smith spoke to Dr. Lee."
    spans = [
        at(text, "Commissioner", "PERSON"),
        at(text, "Deputy Commissioner Smith", "PERSON"),
        at(text, "Lee", "PERSON"),
    ]
    assert covered(merge.strip_titles(spans, text, rules.titles), text) == [
        ("PERSON", "Smith"),
        ("PERSON", "Lee"),
    ]


def test_a_title_is_taken_in_also_at_the_start_of_the_text_and_with_its_full_stop():
    text = "Mr. Karl Strobel wrote. Strobel agreed, and so did Dr Ana Vogel and (Vogel)."
    spans = [
        at(text, "Karl Strobel", "PERSON"),
        at(text, "Strobel", "PERSON", nth=1),
        at(text, "Ana Vogel", "PERSON"),
        at(text, "Vogel", "PERSON", nth=1),
    ]
    assert covered(merge.take_in_titles(spans, text, GENERAL_TITLES), text) == [
        ("PERSON", "Mr. Karl Strobel"),
        ("PERSON", "Strobel"),
        ("PERSON", "Dr Ana Vogel"),
        ("PERSON", "Vogel"),
    ]
    first = [at("Strobel wrote.", "Strobel", "PERSON")]  # nothing at all before it
    assert merge.take_in_titles(first, "Strobel wrote.", GENERAL_TITLES) == first


def test_a_titled_person_after_the_stays_a_person_whatever_follows(rules):
    text = "Is this the Dr. Moss who treated you?"
    spans = [at(text, "Dr. Moss", "PERSON")]
    assert covered(merge.relabel_by_context(spans, text, rules), text) == [("PERSON", "Dr. Moss")]


def test_a_number_after_a_statute_word_is_no_year_even_at_the_start_of_the_text(rules):
    text = (
        "Section 2042 applies. Mark it in your notes: Section 2042. Born in 2042? No, in 1975. "
        "It's section, 2042."
    )
    spans = [
        at(text, "2042", "DATE"),
        at(text, "2042", "DATE", nth=1),
        at(text, "2042", "DATE", nth=2),
        at(text, "1975", "DATE"),
        at(text, "2042", "DATE", nth=3),
    ]
    kept = number_filters.drop_non_sensitive_numbers(spans, text, rules)
    assert [(s.start, s.text_in(text)) for s in kept] == [
        (text.index("2042?"), "2042"),
        (text.index("1975"), "1975"),
    ]


def test_a_date_is_a_month_name_with_or_without_its_full_stop_or_a_year_in_the_range(rules):
    low, high = rules.year_range
    dates = ["the fifth of June", "Sept. 3rd", str(low), str(high), f"in {low + 1}"]
    no_dates = [str(low - 1), str(high + 1), "12345", "9 of 10"]
    text = " | ".join(dates + no_dates)
    spans = [at(text, phrase, "DATE") for phrase in dates + no_dates]
    assert [s.text_in(text) for s in number_filters.drop_non_sensitive_numbers(spans, text, rules)] == dates


def test_dates_said_in_number_words_and_weekdays_that_name_one_day_are_kept(rules):
    text = "in ninety-three; yeah the fourth; by Friday; every Friday; Saturday is busy; fifteen"
    spans = [
        at(text, phrase, "DATE")
        for phrase in ("ninety-three", "the fourth", "Friday", "every Friday", "Saturday", "fifteen")
    ]
    kept = number_filters.drop_non_sensitive_numbers(spans, text, rules)
    assert [s.text_in(text) for s in kept] == ["ninety-three", "the fourth", "Friday"]


def test_durations_are_kept_only_where_the_profile_keeps_them(rules):
    durations = ["five years", "3 months", "a ten-day", "Three Weeks"]
    not_durations = ["many years", "five", "3 times"]
    text = " | ".join(durations + not_durations)
    spans = [at(text, phrase, "DATE") for phrase in durations + not_durations]
    kept = number_filters.drop_non_sensitive_numbers(spans, text, rules, keep_durations=True)
    assert [s.text_in(text) for s in kept] == durations
    assert number_filters.drop_non_sensitive_numbers(spans, text, rules) == []


def test_propagation_of_short_names_and_of_organisations_learnt_from_context_only(rules):
    text = "Mr. Wu worked at Acme in Ridgeview. Wu said Acme and Ridgeview were home."
    spans = [
        at(text, "Wu", "PERSON"),
        at(text, "Acme", "ORGANIZATION", "spacy"),
        at(text, "Ridgeview", "LOCATION", "context"),
    ]
    added = [s for s in name_propagation.propagate(spans, text, rules) if s not in spans]
    assert covered(added, text) == [("PERSON", "Wu"), ("LOCATION", "Ridgeview")]
    assert all(
        (s.detectors, s.score) == ((name_propagation.PROPAGATION,), name_propagation.PROPAGATION_SCORE)
        for s in added
    )


def test_propagation_finds_a_full_name_once_whatever_the_spacing(rules):
    text = "Tyrone Torres and Kevin  Richardson came. Tyrone Torres, Tyrone  Torres, Kevin  Richardson."
    spans = [at(text, "Tyrone Torres", "PERSON"), at(text, "Kevin  Richardson", "PERSON")]
    added = [s for s in name_propagation.propagate(spans, text, rules) if s not in spans]
    assert covered(added, text) == [
        ("PERSON", "Tyrone Torres"),
        ("PERSON", "Tyrone  Torres"),
        ("PERSON", "Kevin  Richardson"),
    ]


def test_a_lower_case_word_does_not_stop_propagation_of_the_name_after_it(rules):
    text = "Jones spoke. The jones family was there, and Jones left."
    spans = [at(text, "Jones", "PERSON")]
    assert covered(name_propagation.propagate(spans, text, rules), text) == [
        ("PERSON", "Jones"),
        ("PERSON", "Jones"),
    ]


def test_name_parts_propagated_are_three_letters_or_more_and_never_titles(rules):
    text = "Officer Ann Lee and Kevin J Richardson met. The Officer and Lee left for Plan J."
    spans = [at(text, "Officer Ann Lee", "PERSON"), at(text, "Kevin J Richardson", "PERSON")]
    added = [s for s in name_propagation.propagate(spans, text, rules) if s not in spans]
    assert covered(added, text) == [("PERSON", "Lee")]


def test_a_place_whose_whole_text_is_a_persons_full_name_is_that_person(rules):
    text = "Dallas Reyes testified. Later Dallas Reyes returned."
    spans = [at(text, "Dallas Reyes", "PERSON"), at(text, "Dallas Reyes", "LOCATION", nth=1)]
    assert [s.label for s in name_propagation.relabel_known_persons(spans, text, rules)] == [
        "PERSON",
        "PERSON",
    ]


def test_the_rest_of_a_cut_off_name_is_a_propagation_proposal():
    text = "COMMISSIONER CHOW: the family of Dayton Dub--\nINMATE WEBSTER: --ois. Yes."
    completed = merge.complete_interrupted_names([at(text, "Dayton", "PERSON")], text)
    assert (completed[1].detectors, completed[1].score) == (
        (name_propagation.PROPAGATION,),
        name_propagation.PROPAGATION_SCORE,
    )


def test_a_trained_span_gives_way_only_to_a_better_scored_span_with_other_boundaries(rules):
    text = "On June 2020. I left Fresno for Sacramento County Jail."
    kept_spans = {
        "date": at(text, "June 2020", "DATE", "spacy", score=0.85),
        "better trained": at(text, "left Fresno", "LOCATION", "trained", score=0.95),
        "place": at(text, "Fresno", "LOCATION", "spacy", score=0.85),
        "same boundaries": at(text, "Fresno", "LOCATION", "trained", score=0.6),
        "jail": at(text, "Sacramento County Jail", "ORGANIZATION", "spacy", score=0.85),
        "city": at(text, "Sacramento", "LOCATION", "stanza", score=0.9),
        "same score": at(text, "Jail", "ORGANIZATION", "trained", score=0.85),
    }
    longer = at(text, "June 2020. I", "DATE", "trained", score=0.7)
    inside = at(text, "County Jail", "ORGANIZATION", "trained", score=0.5)  # starts well after "Sacramento"
    spans = sorted([*kept_spans.values(), longer, inside])
    assert merge.defer_trained_spans(spans) == sorted(kept_spans.values())
    assert merge.defer_trained_spans([longer, inside]) == [longer, inside]  # nothing to give way to


def test_a_trained_span_never_relabels_or_drops_what_the_other_detectors_found(rules):
    text = "He was turned down in twenty sixteen and moved to Ukiah after nineteen ninety."
    year = at(text, "twenty sixteen", "DATE", "presidio", score=0.85)
    as_a_time = at(text, "twenty sixteen", "TIME", "trained", score=0.5)
    as_ages = [
        at(text, "nineteen", "AGE", "trained", score=0.5),
        at(text, "ninety", "AGE", "trained", score=0.5),
    ]
    other_year = at(text, "nineteen ninety", "DATE", "spacy", score=0.85)
    gap = at(text, "Ukiah", "LOCATION", "trained", score=0.5)  # nothing else there: it stays
    assert merge.defer_trained_spans(sorted([year, as_a_time, gap])) == [year, gap]
    # Through the whole merge: a TIME the trained model saw there must not make the
    # number rules drop the DATE under it, nor its AGEs the other one.
    merged = merge.merge_spans([year, as_a_time, *as_ages, other_year, gap], text, rules)
    assert covered(merged, text) == [
        ("DATE", "twenty sixteen"),
        ("LOCATION", "Ukiah"),
        ("DATE", "nineteen ninety"),
    ]


def test_exact_duplicates_keep_the_best_score_and_ner_labels_compete_on_score(rules):
    spans = [
        at(APPENDIX_A, "San Quentin", "PERSON", "stanza", score=0.6),
        at(APPENDIX_A, "San Quentin", "LOCATION", "spacy", score=0.8),
        at(APPENDIX_A, "San Quentin", "LOCATION", "flair", score=0.7),
    ]
    (one,) = merge.merge_exact_duplicates(spans, rules)
    assert (one.label, one.score, one.detectors) == ("LOCATION", 0.8, ("stanza", "spacy", "flair"))


def test_of_two_equally_long_spans_at_one_start_the_pattern_label_stays(rules):
    text = "CDCR number L90314 was read out"
    spans = [at(text, "L90314", "PERSON", "spacy"), at(text, "L90314", "CDCR_ID", "presidio")]
    assert covered(merge.keep_longer_same_start(spans, rules), text) == [("CDCR_ID", "L90314")]
    assert covered(merge.keep_longer_same_end(spans[::-1], rules), text) == [("CDCR_ID", "L90314")]


def test_the_longest_span_at_one_start_keeps_the_pattern_span_it_swallows(rules):
    text = "K A N G, Board of Parole Hearings."
    ner = at(text, "K A N G, Board of Parole Hearings", "ORGANIZATION", "spacy")
    spelled = at(text, "K A N G", "SPELLED_NAME", "presidio")
    person = at(text, "K A N G, Board", "PERSON", "stanza")
    assert merge.keep_longer_same_start([ner, spelled, person], rules) == [spelled, ner]


def test_a_spelled_name_of_two_distinct_letters_is_a_name_not_a_stutter():
    text = "L-E-E, and she said m-m-m"
    spans = [at(text, "L-E-E", "SPELLED_NAME", "presidio"), at(text, "m-m-m", "SPELLED_NAME", "presidio")]
    assert covered(merge.drop_stutters(spans, text), text) == [("SPELLED_NAME", "L-E-E")]


def test_an_address_by_office_with_an_abbreviated_title_names_no_one(rules):
    text = "Mr. President, Mrs. Brandauer wrote."
    spans = [at(text, "Mr. President", "PERSON"), at(text, "Mrs. Brandauer", "PERSON")]
    kept = merge.drop_role_only_persons(spans, text, rules.titles | rules.role_nouns)
    assert covered(kept, text) == [("PERSON", "Mrs. Brandauer")]


def test_a_span_over_several_lines_becomes_one_span_per_line():
    text = "Folsom\nState\nPrison"
    spans = [Span(0, len(text), "LOCATION", ("spacy",))]
    assert covered(merge.tidy_boundaries(spans, text), text) == [
        ("LOCATION", "Folsom"),
        ("LOCATION", "State"),
        ("LOCATION", "Prison"),
    ]


def test_merge_spans_by_default_keeps_the_hearing_rules(rules):
    text = "Kapoor's family came. It took five years. Officer Salcedo stayed."
    spans = [
        at(text, "Kapoor", "ORGANIZATION"),
        at(text, "five years", "DATE"),
        at(text, "Salcedo", "LOCATION"),
    ]
    merged = merge.merge_spans(spans, text, rules, with_propagation=False)
    assert covered(merged, text) == [("PERSON", "Kapoor"), ("PERSON", "Salcedo")]


def test_merge_spans_in_the_general_profile_uses_its_titles_and_keeps_durations(rules):
    text = (
        "Member Republics met for five years, as Deputy Governor said. They met in Chula Vista. "
        "Eurostat's data."
    )
    spans = [
        at(text, "Member Republics", "LOCATION"),
        at(text, "five years", "DATE"),
        at(text, "Deputy Governor", "PERSON"),
        at(text, "Chula", "LOCATION"),
        at(text, "Vista", "LOCATION"),
        at(text, "Eurostat", "ORGANIZATION"),
    ]
    merged = merge.merge_spans(
        spans,
        text,
        rules,
        with_propagation=False,
        strip_person_titles=False,
        keep_durations=True,
        name_titles=GENERAL_TITLES,
        possessive_persons=False,
    )
    assert covered(merged, text) == [
        ("LOCATION", "Member Republics"),
        ("DATE", "five years"),
        ("LOCATION", "Chula Vista"),
        ("ORGANIZATION", "Eurostat"),
    ]


def test_speaker_tags_of_offices_and_kin_hold_no_name(rules):
    text = "ATTORNEY GENERAL: We object.\nVICTIM NEXT OF KIN: Thank you.\nINMATE OKAFOR: I disagree."
    assert covered(merge.merge_spans([], text, rules, speaker_tags=speaker_tags_of(text)), text) == [
        ("PERSON", "OKAFOR")
    ]


def test_tidy_boundaries_trims_spaces_and_lower_case_words_after_a_name_and_drops_empty_spans():
    text = "Seen  June 5  in Merced today and at Training Facility in Soledad. Signed: --"
    spans = [
        at(text, " June 5 ", "DATE"),
        at(text, "Merced today and", "LOCATION"),
        at(text, "Training Facility in", "ORGANIZATION"),
        at(text, "  ", "DATE"),
        at(text, "--", "PERSON"),
    ]
    assert covered(merge.tidy_boundaries(spans, text), text) == [
        ("DATE", "June 5"),
        ("LOCATION", "Merced"),
        ("ORGANIZATION", "Training Facility"),
    ]
    assert merge.tidy_boundaries([Span(4, 6, "DATE")], "Seen  ") == []  # spaces only, at the end


def test_a_person_span_holding_part_of_a_hyphenated_name_takes_the_whole_name():
    text = "BY MR. FERRANTE-OYAMA: And Ana-Lucia Brand-Ruiz-Soto? Bob- Bobby, in Winston-Salem, a Smith-era."
    spans = [
        at(text, "OYAMA", "PERSON"),
        at(text, "Ana", "PERSON"),
        at(text, "Ruiz", "PERSON"),
        at(text, "Bob", "PERSON"),
        at(text, "Salem", "LOCATION"),
        at(text, "Smith", "PERSON"),
    ]
    # NER tags one part of a hyphenated name; the other part would be published.
    assert covered(merge.tidy_boundaries(spans, text), text) == [
        ("PERSON", "FERRANTE-OYAMA"),
        ("PERSON", "Ana-Lucia"),
        ("PERSON", "Brand-Ruiz-Soto"),
        ("PERSON", "Bob"),
        ("LOCATION", "Salem"),
        ("PERSON", "Smith"),
    ]


def test_a_bed_codes_bunk_letter_is_no_initial_that_keeps_the_full_stop():
    text = "First bed I have is C5-132L. Then Booker T. and Lee Jr. came."
    spans = [
        at(text, "C5-132L.", "ORGANIZATION"),
        at(text, "Booker T.", "PERSON"),
        at(text, "Lee Jr.", "PERSON"),
    ]
    assert covered(merge.tidy_boundaries(spans, text), text) == [
        ("ORGANIZATION", "C5-132L"),
        ("PERSON", "Booker T."),
        ("PERSON", "Lee Jr."),
    ]


def test_a_number_said_in_words_at_a_sentence_start_keeps_its_lower_case_words():
    # A ZIP code read digit by digit opens its sentence with a capital; it is no name that
    # ends at its last capital. A capitalised name still loses the word after it.
    text = "I live on Alder Creek Road, Modesto. Nine five three five oh. Back in Modesto today."
    spans = [at(text, "Nine five three five oh", "LOCATION"), at(text, "Modesto today", "LOCATION")]
    assert covered(merge.tidy_boundaries(spans, text), text) == [
        ("LOCATION", "Nine five three five oh"),
        ("LOCATION", "Modesto"),
    ]


def test_context_cues_count_at_the_very_start_of_the_text_and_with_a_full_stop(rules):
    for text, name in [
        ("Officer Salcedo came in.", "Salcedo"),
        ("Cousin, Eduardo came in.", "Eduardo"),
        ("I was with Sgt. Ortega then.", "Ortega"),
        ("I was with Sgt. Ortega then.", "Sgt. Ortega"),
        ("and my cousin Christian came", "Christian"),
    ]:
        (span,) = merge.relabel_by_context([at(text, name, "ORGANIZATION")], text, rules)
        assert span.label == "PERSON", text
    (nrp,) = merge.relabel_by_context(
        [at("and my cousin Christian came", "Christian", "NRP")], "and my cousin Christian came", rules
    )
    assert nrp.label == "PERSON"


def test_known_places_and_groups_are_no_persons_whatever_their_first_word(rules):
    text = "He violated Parole at Correctional Training Facility, walked Fresno's streets, was Baptist."
    spans = [
        at(text, "Parole", "ORGANIZATION"),
        at(text, "Correctional Training Facility", "ORGANIZATION"),
        at(text, "Fresno", "LOCATION"),
        at(text, "Baptist", "ORGANIZATION"),
    ]
    assert [s.label for s in merge.relabel_by_context(spans, text, rules)] == [
        "ORGANIZATION",
        "LOCATION",
        "LOCATION",
        "NRP",
    ]


def test_spans_inside_any_whitelisted_phrase_go_and_the_others_stay(rules):
    text = (
        "The Board of Parole Hearings, Kevin Lee, the California Code of Regulations "
        "and the Board of Prison Terms."
    )
    spans = [
        at(text, "of Parole Hearings", "ORGANIZATION"),
        at(text, "Kevin Lee", "PERSON"),
        at(text, "California Code", "ORGANIZATION"),
        at(text, "of Prison", "ORGANIZATION"),
    ]
    assert covered(merge.apply_whitelist(spans, text, rules.whitelist), text) == [("PERSON", "Kevin Lee")]


def test_ages_no_one_has_are_dropped(rules):
    text = "aged 0, 1, 119 and 120"
    spans = [at(text, age, "AGE") for age in ("0", "1", "119", "120")]
    assert [s.text_in(text) for s in number_filters.drop_non_sensitive_numbers(spans, text, rules)] == [
        "1",
        "119",
    ]


def test_a_known_place_split_by_ner_is_joined_whatever_its_first_parts_label():
    text = "from Chula Vista and Chula Vista, with Isabel Banerjee"
    spans = [
        at(text, "Chula", "ORGANIZATION"),
        at(text, "Vista", "LOCATION", "stanza"),
        at(text, "Chula", "PERSON", nth=1),
        at(text, "Vista", "LOCATION", nth=1),
        at(text, "Isabel", "PERSON", score=0.9),
        at(text, "Banerjee", "PERSON", score=0.6),
    ]
    joined = merge.join_split_names(spans, text, frozenset({"chula vista"}))
    assert [(s.label, s.text_in(text), s.score) for s in joined] == [
        ("LOCATION", "Chula Vista", 0.85),
        ("LOCATION", "Chula Vista", 0.85),
        ("PERSON", "Isabel Banerjee", 0.6),
    ]
    assert joined[0].detectors == ("spacy", "stanza")


def test_name_terms_keep_short_parts_and_leave_out_abbreviations_and_suffixes():
    assert name_propagation.name_terms(
        ["Ming Li", "", "Wm. Smith", "Xavier 'Bobby' Ortega III", "Ann Lee Jr"]
    ) == (
        "Ming Li",
        "Ming",
        "Li",
        "Wm. Smith",
        "Smith",
        "Xavier 'Bobby' Ortega III",
        "Xavier",
        "Bobby",
        "Ortega",
        "Bobby Ortega",
        "Ann Lee Jr",
        "Ann",
        "Lee",
    )


def test_a_person_that_is_a_known_place_is_the_place_after_from_but_not_alone(rules):
    for text, label in [
        ("He came from Arvin.", "LOCATION"),
        ("From Arvin he came.", "LOCATION"),
        ("Arvin is my brother.", "PERSON"),
    ]:
        (span,) = merge.relabel_by_context([at(text, "Arvin", "PERSON")], text, rules)
        assert span.label == label, text


def test_after_in_a_titled_name_or_a_curly_possessive_stays_a_person(rules):
    text = "We trust in Dr. Ebner and in Marek’s account, as in Tarnów."
    spans = [at(text, "Dr. Ebner", "PERSON"), at(text, "Marek", "PERSON"), at(text, "Tarnów", "PERSON")]
    assert [s.label for s in merge.relabel_by_context(spans, text, rules)] == ["PERSON", "PERSON", "LOCATION"]


def test_a_span_inside_another_up_to_its_end_goes(rules):
    spans = [
        at(APPENDIX_A, "San Quentin State Prison", "LOCATION", "spacy"),
        at(APPENDIX_A, "State Prison", "ORGANIZATION", "stanza"),
    ]
    assert covered(merge.resolve_overlaps(spans, APPENDIX_A, rules)) == [
        ("LOCATION", "San Quentin State Prison")
    ]


def test_a_group_that_is_a_cover_page_name_is_that_person(rules):
    text = "Christian Dallas spoke. Christian said so."
    spans = [at(text, "Christian", "NRP", nth=1)]
    relabelled = name_propagation.relabel_known_persons(spans, text, rules, ["Christian Dallas"])
    assert [s.label for s in relabelled] == ["PERSON"]


def test_a_group_is_no_person_for_being_part_of_a_longer_name(rules):
    text = "The Idre Nya Sami village appealed. The Sami herd reindeer. Dallas Reyes and Dallas agreed."
    spans = [
        at(text, "Idre Nya Sami", "PERSON"),
        at(text, "Sami", "NRP", nth=1),
        at(text, "Dallas Reyes", "PERSON"),
        at(text, "Dallas", "LOCATION", nth=1),
    ]
    relabelled = name_propagation.relabel_known_persons(spans, text, rules)
    # The people stays a group; a place that is a part of a person's name is that person.
    assert [(s.text_in(text), s.label) for s in relabelled][1:] == [
        ("Sami", "NRP"),
        ("Dallas Reyes", "PERSON"),
        ("Dallas", "PERSON"),
    ]
    # The word alone as a person elsewhere still makes it one.
    alone = [at(text, "Sami", "PERSON"), at(text, "Sami", "NRP", nth=1)]
    assert [s.label for s in name_propagation.relabel_known_persons(alone, text, rules)] == [
        "PERSON",
        "PERSON",
    ]


def test_in_the_general_profile_a_hearing_title_after_the_still_names_someone(rules):
    text = "Is this the Reverend Moss who wrote?"
    spans = [at(text, "Reverend Moss", "PERSON")]
    assert merge.relabel_by_context(spans, text, rules, GENERAL_TITLES)[0].label == "PERSON"


def test_a_camp_is_a_place_whatever_ner_said():
    from reviewer_app.core.merge import merge_spans

    text = "At fifteen, Camp Barrett. Then Camp Afflerbaugh at sixteen."
    spans = [
        Span(text.index("Camp Barrett"), text.index("Camp Barrett") + 12, "PERSON", ("spacy",), 0.85),
        Span(text.index("Camp Aff"), text.index("Camp Aff") + 16, "ORGANIZATION", ("spacy",), 0.85),
    ]
    kept = {(s.text_in(text), s.label) for s in merge_spans(spans, text)}
    assert kept >= {("Camp Barrett", "LOCATION"), ("Camp Afflerbaugh", "LOCATION")}
