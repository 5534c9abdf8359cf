"""The last word on organisation-looking mentions, after every other rule of the merge (issue 12).

Readings NER gets wrong and the text settles: a name it settled, said again in capitals
(`capitals_mentions`), a street said by its name after "on" (`streets_after_on`), a name after a
title (`persons_after_titles`), a legislature's own bodies (`legislative_bodies`), measures, forms
and fields named by number (`numbered_measures`), a prosecutor's or defender's office said without
its place (`unplaced_offices`), a piece of a sentence typed in capitals (`capitals_fragments`), a
union's local by its number, which reads like a numbered stage or a form (`union_locals`), and a
parole unit or field office named by its town, which keeps only the town (`unit_towns`).
They run last so that no propagation or relabelling brings back what they settle.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from reviewer_app.core.capitals_fragments import drop_capitals_fragments
from reviewer_app.core.capitals_mentions import label_names_said_in_capitals
from reviewer_app.core.legislative_bodies import settle_legislative_mentions
from reviewer_app.core.numbered_measures import drop_numbered_measures
from reviewer_app.core.pattern_tables import load_table
from reviewer_app.core.persons_after_titles import relabel_persons_after_titles
from reviewer_app.core.spans import Span
from reviewer_app.core.streets_after_on import relabel_streets_after_on
from reviewer_app.core.union_locals import label_union_locals
from reviewer_app.core.unit_towns import label_towns_of_units
from reviewer_app.core.unplaced_offices import drop_unplaced_offices


@functools.cache
def _edge_words() -> frozenset[str]:
    """What opens or closes a sentence's run of words, never a body's name (capitals_fragments)."""
    merge = load_table("merge.toml")
    return frozenset(w.lower() for w in [*merge["clause_words"], *merge["determiners"]]) | _words("pronouns")


@functools.cache
def _words(*keys: str) -> frozenset[str]:
    """The lower-case words of body_mentions.toml's lists `keys`."""
    table = load_table("body_mentions.toml")
    return frozenset(w.lower() for key in keys for w in table[key])


def settle_body_mentions(
    spans: Iterable[Span], text: str, known_places: frozenset[str], organisation_heads: frozenset[str]
) -> list[Span]:
    """`spans` with settled names found in capitals, streets after "on" made places, names after
    titles persons, a legislature's own bodies, measures, fields, unplaced offices and pieces of
    sentences in capitals dropped, union locals made bodies and units named by their towns those
    towns (module docstring). `known_places`: lower-case place names; `organisation_heads`: the
    lower-case last words of organisations' heads ("hospital")."""
    spans = label_names_said_in_capitals(spans, text, organisation_heads)
    spans = relabel_streets_after_on(spans, text, organisation_heads, _words("medium_openers"))
    titles = _words("member_titles", "address_titles")
    spans = relabel_persons_after_titles(spans, text, titles, organisation_heads)
    spans = drop_numbered_measures(settle_legislative_mentions(spans, text, known_places), text)
    spans = drop_capitals_fragments(drop_unplaced_offices(spans, text), text, _edge_words())
    spans = label_union_locals(spans, text, _words("union_words"), _edge_words(), _words("address_units"))
    table = load_table("body_mentions.toml")
    return label_towns_of_units(spans, text, known_places, table["unit_qualifiers"], table["unit_heads"])
