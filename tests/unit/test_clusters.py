from rapidfuzz import fuzz

from reviewer_app.core.clusters import NamePart, build_clusters, fuzzy_links, name_parts
from reviewer_app.core.document import Document, HearingMetadata, Participant
from tests.unit.test_pseudonymize import marked


def _variants(clusters):
    return [set(c.variants) for c in clusters]


def test_full_name_surname_title_case_and_possessive_variants_form_one_cluster():
    doc, spans = marked(
        "[[PERSON|Kevin Richardson]] said [[PERSON|Mr. Richardson]] and [[PERSON|RICHARDSON]], "
        "[[PERSON|Richardson's]] file, [[SPELLED_NAME|R-I-C-H-A-R-D-S-O-N]]; [[PERSON|Ann Lee]] too."
    )
    clusters = build_clusters(doc, spans)
    assert _variants(clusters) == [
        {"Kevin Richardson", "Mr. Richardson", "RICHARDSON", "Richardson's", "R-I-C-H-A-R-D-S-O-N"},
        {"Ann Lee"},
    ]
    assert clusters[0].parts == ("kevin", "richardson")
    assert clusters[0].members == (0, 1, 2, 3, 4)
    assert not any(c.fuzzy for c in clusters)


def test_name_parts_drop_titles_and_the_possessive():
    parts = name_parts("Deputy Commissioner O'Brien's")
    assert [(p.key, p.is_title) for p in parts] == [
        ("deputy", True),
        ("commissioner", True),
        ("o'brien", False),
    ]
    assert "Deputy Commissioner O'Brien's"[parts[2].start : parts[2].end] == "O'Brien"
    # A span that is only a title still gets replaced.
    assert [p.is_title for p in name_parts("Commissioner")] == [False]


def test_misspelling_joins_the_cluster_as_a_flagged_proposal():
    doc, spans = marked(
        "[[PERSON|Mark Stevenson]] is present. [[PERSON|Mark Stevenston]] here. [[PERSON|Stevenson]]."
    )
    (cluster,) = build_clusters(doc, spans, threshold=88.0)
    assert cluster.fuzzy and not cluster.confirmed
    assert cluster.links == (("stevenston", "stevenson"),)
    confirmed = build_clusters(doc, spans, 88.0, confirmed_links=[("stevenson", "stevenston")])
    assert confirmed[0].confirmed
    # A stricter threshold (the setting) keeps them apart.
    assert len(build_clusters(doc, spans, threshold=99.0)) == 2
    broken = build_clusters(doc, spans, 88.0, broken_links=[("stevenston", "stevenson")])
    assert _variants(broken) == [{"Mark Stevenson", "Stevenson"}, {"Mark Stevenston"}]
    assert not any(c.fuzzy for c in broken)


def test_the_more_frequent_spelling_is_canonical_and_short_names_are_never_fuzzy():
    links = fuzzy_links(["stevenston", "stevenson", "mark", "marks"], {"stevenston": 1, "stevenson": 3}, 88.0)
    assert links == {"stevenston": "stevenson"}


def test_two_similar_names_on_the_cover_page_are_two_people():
    meta = HearingMetadata(
        participants=(Participant("Ann Johnson", "Commissioner"), Participant("Bob Johnston", "Attorney"))
    )
    doc, spans = marked("[[PERSON|Ann Johnson]] and [[PERSON|Bob Johnston]]; [[PERSON|Johnston]] objects.")
    doc = Document(id=doc.id, text=doc.text, metadata=meta)
    clusters = build_clusters(doc, spans, threshold=88.0)
    assert _variants(clusters) == [{"Ann Johnson"}, {"Bob Johnston", "Johnston"}]
    # A misspelling of a cover-page name links to the cover-page spelling.
    doc2, spans2 = marked("[[PERSON|Ann Jonhson]] then [[PERSON|Johnsonn]] then [[PERSON|Johnsonn]]")
    doc2 = Document(id="d2", text=doc2.text, metadata=meta)
    (cluster,) = build_clusters(doc2, spans2, threshold=80.0)
    assert cluster.links == (("johnsonn", "johnson"), ("jonhson", "johnson"))


def test_a_surname_shared_by_two_people_joins_the_nearest_full_name_before_it():
    doc, spans = marked(
        "[[PERSON|Alyssa Jones]] spoke. [[PERSON|Jones]] again. Then [[PERSON|Mary Jones]] spoke. "
        "[[PERSON|Jones]] once more. [[PERSON|Mary]] left."
    )
    clusters = build_clusters(doc, spans)
    assert [c.members for c in clusters] == [(0, 1), (2, 3, 4)]


def test_a_first_name_alone_joins_its_full_name_and_a_lone_surname_stays_its_own_person():
    doc, spans = marked(
        "[[PERSON|Kevin]] and [[PERSON|Kevin J. Richardson]] met [[PERSON|Lopez]] and [[PERSON|LOPEZ]]."
    )
    clusters = build_clusters(doc, spans)
    assert [c.members for c in clusters] == [(0, 1), (2, 3)]


def test_a_fuzzy_link_must_fit_the_other_parts_mentioned_with_it():
    doc, spans = marked(
        "[[PERSON|Andre Chambers]] asked about [[PERSON|Andrew Ingram]]. [[PERSON|Andre]] nodded."
    )
    clusters = build_clusters(doc, spans, threshold=88.0)
    assert not any(c.fuzzy for c in clusters)
    assert _variants(clusters) == [{"Andre Chambers", "Andre"}, {"Andrew Ingram"}]


def test_a_spelling_of_several_name_parts_joins_their_cluster():
    doc, spans = marked(
        "[[PERSON|Luis De La Cruz]] spelled [[SPELLED_NAME|D-E L-A C-R-U-Z]]; [[PERSON|Cruz]] nodded."
    )
    (cluster,) = build_clusters(doc, spans)
    assert cluster.members == (0, 1, 2)


def test_a_span_of_titles_only_is_its_own_name_and_titles_can_be_given():
    assert name_parts("Commissioner") == [NamePart(0, 12, "commissioner", False)]
    assert name_parts("Judge Dredd's", titles=frozenset()) == [
        NamePart(0, 5, "judge", False),
        NamePart(6, 11, "dredd", False),
    ]


def test_a_misspelling_of_five_letters_is_linked_to_the_more_frequent_spelling_even_before_it():
    doc, spans = marked(
        "[[PERSON|Maria Chavz]] said. [[PERSON|Chavez]] agreed. [[PERSON|Maria Chavez]] left; "
        "[[PERSON|Mark Stevenston]], [[PERSON|Stevenson]], [[PERSON|Mark Stevenson]]."
    )
    clusters = build_clusters(doc, spans, threshold=88.0)
    assert [c.links for c in clusters] == [(("chavz", "chavez"),), (("stevenston", "stevenson"),)]
    assert [c.parts for c in clusters] == [("maria", "chavez"), ("mark", "stevenson")]


def test_clusters_follow_the_text_whatever_the_order_of_the_spans():
    doc, spans = marked(
        "[[PERSON|Alyssa Jones]] spoke. [[PERSON|Jones]] again. Then [[PERSON|Mary Jones]] spoke. "
        "[[PERSON|Jones]] once more. [[PERSON|Mary]] left."
    )
    clusters = build_clusters(doc, spans[::-1])  # index i of the text's order is 4 - i here
    assert [(c.id, c.members, c.variants) for c in clusters] == [
        (1, (4, 3), ("Alyssa Jones", "Jones")),
        (2, (2, 1, 0), ("Mary Jones", "Jones", "Mary")),
    ]


def test_the_spelling_of_a_first_name_joins_its_persons_cluster():
    doc, spans = marked("[[PERSON|Kevin Richardson]], first name [[SPELLED_NAME|K-E-V-I-N]].")
    (cluster,) = build_clusters(doc, spans)
    assert cluster.members == (0, 1)


def test_a_ratio_equal_to_the_threshold_links_and_the_closest_spelling_wins():
    assert fuzzy_links(["chavez", "chavz"], {"chavez": 2, "chavz": 1}, fuzz.ratio("chavez", "chavz")) == {
        "chavz": "chavez"
    }
    # stevensen is nearer stevenssen (94.7) than stevenson (88.9)
    counts = {"stevenson": 3, "stevenssen": 2, "stevensen": 1}
    assert fuzzy_links(["stevenson", "stevenssen", "stevensen"], counts, 85.0) == {"stevensen": "stevenssen"}


def test_a_misspelling_of_a_misspelling_links_to_the_name_itself():
    counts = {"katherine": 3, "katharine": 2, "katharina": 1}
    # katharina is 88.9 from katharine, but only 77.8 from katherine
    assert fuzzy_links(["katherine", "katharine", "katharina"], counts, 85.0) == {
        "katharine": "katherine",
        "katharina": "katherine",
    }


def test_of_two_spellings_as_frequent_the_earlier_in_the_text_is_canonical_whatever_the_span_order():
    doc, spans = marked("[[PERSON|Mark Stevenson]] is present. [[PERSON|Mark Stevenston]] here.")
    for given in (spans, spans[::-1]):
        (cluster,) = build_clusters(doc, given, threshold=88.0)
        assert cluster.links == (("stevenston", "stevenson"),)
