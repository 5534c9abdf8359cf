"""Bodies named after a person, which NER reads as the person (issue 12).

A school, a clinic or a foundation often bears a person's name, and a speaker names it by that
name with its head in lower case after it: "Also Hartnell college, two classes", "First a
shelter, the A. Miriam Jamison center, then a foster home". NER finds the name and, with the
head outside it, reads a person. The head right after the name says what it is: the body.
The heads are those of institutions a person's name is given to (`body_heads_after_names`,
`resources/patterns/person_context.toml`), not words that follow a person's own name in speech
("Tony house", "Dr. Ruiz office"). Only NER's guesses change: a name a cue, a tag or
propagation found stays a person's, and so does a name after a word that says it is one ("my
teacher Roberta Haines school program", "Officer Ruiz clinic staff").
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from reviewer_app.core.person_words import person_words
from reviewer_app.core.spans import Span
from reviewer_app.core.spoken_false_names import is_ner_guess

# The lower-case word right after a span, on the same line.
_NEXT_LOWER_WORD = re.compile(r"[ ]([a-z]+)(?![\w'’-])")
# The word right before a span (an initial is none: "the A. Miriam Jamison center").
_PREVIOUS_WORD = re.compile(r"(?<![A-Za-z])([A-Za-z]{2,}\.?)[ ]+\Z")


def relabel_persons_before_body_heads(
    spans: Iterable[Span], text: str, person_cues: frozenset[str]
) -> list[Span]:
    """`spans` with each PERSON NER guessed that a head of `body_heads_after_names` follows,
    in lower case, an ORGANIZATION (module docstring); never one right after a word of
    `person_cues` (titles, kin words, roles; lower case)."""
    heads = person_words("body_heads_after_names")
    out = []
    for span in spans:
        before = _PREVIOUS_WORD.search(text, max(0, span.start - 40), span.start)
        after_a_cue = before is not None and before.group(1).lower().rstrip(".") in person_cues
        if span.label == "PERSON" and is_ner_guess(span) and not after_a_cue:
            after = _NEXT_LOWER_WORD.match(text, span.end)
            if after and after.group(1) in heads:
                span = span.with_(label="ORGANIZATION")
        out.append(span)
    return out
