"""The synthetic hearing generator writes what its gold spans claim.

A wrong gold span would silently poison every precision/recall number measured
against the test corpus, so these tests check the generator itself: determinism,
span hygiene (no overlaps, no surrounding spaces), that each span's text is what its
label says, that every name it put in a line is annotated, and that each of the
paper's phenomena occurs across seeds.
"""

from __future__ import annotations

import itertools
import os
import random
import re
import subprocess
import sys
import tomllib
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from tests.fixtures.cast import Cast, load_list, load_table, make_cast
from tests.fixtures.dialogue import (
    NAMED_BODIES,
    NAMED_PROGRAMMES,
    PHONETIC,
    TOWNS_ABROAD,
    Line,
    make_dialogue,
)

ROOT = Path(__file__).resolve().parents[2]
SEEDS = range(20)
TARGET = 1500

WHITELIST = (
    "Board of Parole Hearings",
    "CDCR",
    "Comprehensive Risk Assessment",
    "CRA",
    "Penal Code",
    "Title 15",
    "Alcoholics Anonymous",
    "Narcotics Anonymous",
    "parole",
)
NUMBER_WORDS = frozenset(
    {"two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"}
    | {"thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"}
)
TITLES = (
    "Mr.", "Ms.", "Mrs.", "Dr.", "Commissioner", "Deputy", "Inmate", "Attorney", "Officer", "Doctor",
    "Detective",
)  # fmt: skip


@cache
def hearing(seed: int, target: int = TARGET) -> tuple[Cast, tuple[Line, ...]]:
    rng = random.Random(seed)
    cast = make_cast(rng)
    return cast, tuple(make_dialogue(rng, cast, target))


def all_lines() -> list[tuple[int, Cast, Line]]:
    out = []
    for seed in SEEDS:
        cast, lines = hearing(seed)
        out.extend((seed, cast, line) for line in lines)
    return out


def span_text(line: Line, span) -> str:  # type: ignore[no-untyped-def]
    return line.text[span.start : span.end]


@cache
def name_words() -> frozenset[str]:
    """Every word of every first name and surname in the lists."""
    words: set[str] = set()
    for name in (*load_list("first_names_male"), *load_list("first_names_female"), *load_list("surnames")):
        words.update(name.split())
    return frozenset(words)


def fine_labels() -> dict[str, str]:
    with (ROOT / "resources" / "labels.toml").open("rb") as fh:
        return tomllib.load(fh)["fine"]


# --------------------------------------------------------------------------- determinism


def test_same_seed_same_transcript():
    rng_a, rng_b = random.Random(7), random.Random(7)
    cast_a, cast_b = make_cast(rng_a), make_cast(rng_b)
    assert cast_a == cast_b
    assert make_dialogue(rng_a, cast_a, 2000) == make_dialogue(rng_b, cast_b, 2000)


def test_different_seeds_differ():
    texts = {"\n".join(line.text for line in hearing(seed)[1]) for seed in range(5)}
    assert len(texts) == 5


# --------------------------------------------------------------------------- the cast


def test_cast_shape():
    for seed in SEEDS:
        cast, _ = hearing(seed)
        assert re.fullmatch(r"[A-Z]\d{5}|[A-Z]{2}\d{4}", cast.cdcr_id)
        assert cast.facility in {row[0] for row in load_table("ca_prisons")}
        assert cast.inmate in cast.speakers
        assert all(p.group == "panel" for p in cast.panel) and len(cast.panel) == 2
        assert any(p.group == "attorney" for p in cast.others)
        assert cast.transcriber not in cast.speakers
        assert cast.role_word in ("INMATE", "INCARCERATED PERSON")
        surnames = [p.last for p in cast.everyone if p.group != "victim_family"]
        assert len(surnames) == len(set(surnames)), "unrelated cast members share a surname"
        assert re.fullmatch(r"\d{1,2}:\d{2} (a\.m\.|p\.m\.|AM|PM)", cast.hearing_time)


def test_speaker_tags():
    rng = random.Random(3)
    cast = make_cast(rng)
    presiding = cast.panel[0]
    assert (
        presiding.speaker_tag("role_surname", "INMATE") == f"PRESIDING COMMISSIONER {presiding.last.upper()}"
    )
    assert cast.inmate.speaker_tag("role_surname", "INCARCERATED PERSON") == (
        f"INCARCERATED PERSON {cast.inmate.last.upper()}"
    )
    assert cast.inmate.speaker_tag("full_name", "INMATE") == cast.inmate.full_name.upper()


# --------------------------------------------------------------------------- span hygiene


def test_spans_are_in_bounds_ordered_and_disjoint():
    for seed, _cast, line in all_lines():
        assert "\n" not in line.text and line.text == line.text.strip()
        previous_end = 0
        for span in line.spans:
            assert 0 <= span.start < span.end <= len(line.text), (seed, line)
            assert span.start >= previous_end, f"overlap in {line.text!r}"
            previous_end = span.end


def test_spans_have_no_surrounding_space_or_punctuation():
    for _seed, _cast, line in all_lines():
        for span in line.spans:
            text = span_text(line, span)
            assert text == text.strip(), text
            assert text[0] not in ",.;:!?'\"-" + ("" if span.label == "PHONE_NUMBER" else "("), (
                text,
                line.text,
            )
            assert text[-1] not in ",;:!?-(", (text, line.text)
            if text.endswith("."):
                assert span.label == "TIME", (text, line.text)  # "9:01 a.m."
            # The span does not cut a word in two (split names at "--" excepted).
            before = line.text[span.start - 1 : span.start]
            after = line.text[span.end : span.end + 1]
            if line.text[span.end : span.end + 2] != "--" and line.text[span.start - 2 : span.start] != "--":
                assert not before.isalnum() and not after.isalnum(), (text, line.text)


def test_fine_labels_roll_up_to_their_coarse_label():
    fine = fine_labels()
    for _seed, _cast, line in all_lines():
        for span in line.spans:
            if span.fine_label:
                assert fine[span.fine_label] == span.label, span


# --------------------------------------------------------------------------- each label says what it covers

_MONTH = r"(?:January|February|March|April|May|June|July|August|September|October|November|December)"
_DAY = r"\d{1,2}(?:st|nd|rd|th)?"
_WEEKDAY = r"(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)"
DATE_FORMS = [
    rf"{_MONTH} {_DAY}, \d{{4}}",  # September 1st, 2021
    rf"{_WEEKDAY}, {_MONTH} {_DAY}, \d{{4}}",  # Wednesday, September 1st, 2021
    rf"{_WEEKDAY} the {_DAY} of {_MONTH}(?:,? \d{{4}})?",  # Monday the 15th of June, 2011
    rf"the {_DAY} of {_MONTH}(?:,? \d{{4}})?",  # the 15th of June
    rf"{_MONTH}(?: of)? \d{{4}}",  # June of 2011, June 2011
    rf"{_MONTH} {_DAY}",  # March 3rd
    r"\d{1,2}/\d{1,2}/(?:\d{2}|\d{4})",  # 05/13/2012, 5/13/12
    r"\d{4}",  # 2011
    _WEEKDAY,  # "it was a Friday"
    r"the (?:'|)\d0s|the \d{4}s",  # the 80s, the 2000s
]


def check_date(text: str) -> bool:
    return any(re.fullmatch(form, text) for form in DATE_FORMS)


@cache
def known_locations() -> frozenset[str]:
    names: set[str] = set()
    for city, county in load_table("ca_cities"):
        names.update((city, f"{county} County"))
    for prison, city, county in load_table("ca_prisons"):
        names.update((prison, city, f"{county} County"))
    for country, _nat in load_table("countries"):
        names.add(country)
    names.update(load_list("us_states"))
    names.add("California")
    for towns in TOWNS_ABROAD.values():
        names.update(towns)
    return frozenset(names)


@cache
def known_organizations() -> frozenset[str]:
    names: set[str] = set()
    for table in ("companies", "schools", "programs", "churches", "hospitals", "gangs", "police_departments"):
        names.update(load_list(table))
    for city, county in load_table("ca_cities"):
        names.update((f"{city} Police Department", f"{county} County Superior Court"))
        names.add(f"{county} County Sheriff's Department")
        names.add(f"{county} County District Attorney's Office")
    names.update(NAMED_PROGRAMMES, NAMED_BODIES.values())
    return frozenset(names)


@cache
def known_nrp() -> frozenset[str]:
    return frozenset(
        (
            *(nat for _c, nat in load_table("countries")),
            *load_list("religions"),
            *load_list("political_groups"),
        )
    )


def person_ok(text: str, cast: Cast, line: Line, span) -> bool:  # type: ignore[no-untyped-def]
    words = name_words()
    if all(part in words for part in text.split()):
        return True
    # A name cut by overlapping speech: "Kevin Rich--" / "--ardson".
    if line.text[span.end : span.end + 2] == "--" or line.text[span.start - 2 : span.start] == "--":
        return True
    # A false start repaired: "Mr. Rich- Mr. Richardson".
    if line.text[span.end : span.end + 2] == "- " and any(p.last.startswith(text) for p in cast.everyone):
        return True
    # A transcriber's misspelling of a cast surname (Stevenson / Stevenston).
    return any(edit_distance(text, p.last) <= 1 for p in cast.everyone)


def edit_distance(a: str, b: str) -> int:
    row = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, cb in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (ca != cb))
    return row[-1]


def test_each_span_is_what_its_label_claims():
    nrp = known_nrp()
    locations = known_locations()
    organizations = known_organizations()
    for _seed, cast, line in all_lines():
        for span in line.spans:
            text = span_text(line, span)
            label = span.label
            if label == "PERSON":
                assert person_ok(text, cast, line, span), (text, line.text)
                assert not any(text.startswith(t + " ") for t in TITLES), text
                assert not text.endswith("'s"), text
            elif label == "SPELLED_NAME":
                assert re.fullmatch(r"[A-Z](?:(?:-|, | |- )[A-Z])+", text), text
                letters = re.sub(r"[^A-Z]", "", text)
                assert len(set(letters)) > 1, f"a stutter annotated as a spelled name: {text}"
            elif label == "SPELLED_OUT_ITEM":
                m = re.fullmatch(r"([A-Z]) as in ([A-Z][a-z-]+)", text)
                assert m and PHONETIC[m.group(1)] == m.group(2), text
            elif label == "CDCR_ID":
                assert text == cast.cdcr_id or re.fullmatch(r"(?:[A-Z][A-Za-z-]+ ){1,2}\d{4,5}", text), text
                if " " in text:
                    words, digits = text.rsplit(" ", 1)
                    assert "".join(w[0] for w in words.split()) + digits == cast.cdcr_id, text
            elif label == "DATE":
                assert check_date(text), text
            elif label == "TIME":
                assert re.fullmatch(r"\d{1,2}(?::\d{2})?(?: (?:a\.m\.|p\.m\.|AM|PM))?", text), text
            elif label == "AGE":
                assert text.isdigit() or text in NUMBER_WORDS, text
            elif label == "HEIGHT":
                assert re.fullmatch(
                    r"\d'\d{1,2}\"|\d foot(?: \d{1,2})?"
                    r"|(?:five|six|seven) (?:feet|foot)(?: \w+(?: inches)?)?",
                    text,
                ), text
            elif label == "LOCATION":
                if span.fine_label == "ADDRESS":
                    assert re.search(r"\d", text) or text in load_list("streets"), text
                else:
                    assert text in locations, text
            elif label == "ORGANIZATION":
                assert text in organizations, text
            elif label == "NRP":
                assert text in nrp, text
            elif label == "AMOUNT":
                assert re.fullmatch(r"[\d,]+ (?:dollars|cents)", text), text
            elif label == "PHONE_NUMBER":
                assert re.fullmatch(r"\(\d{3}\) \d{3}-\d{4}|\d{3}-\d{3}-\d{4}", text), text
            elif label == "EMAIL_ADDRESS":
                assert re.fullmatch(r"[a-z0-9.]+@[a-z0-9.-]+\.[a-z]{2,}", text), text
            elif label == "URL":
                assert re.fullmatch(r"(?:https?://)?(?:www\.)?[a-z0-9-]+\.(?:org|com|net)(?:/\S*)?", text), (
                    text
                )
            else:
                pytest.fail(f"unknown label {label}")


def test_speaker_spans_cover_the_name_in_the_tag():
    for _seed, cast, line in all_lines():
        speaker = next((p for p in cast.speakers if cast.tag(p) == line.speaker), None)
        if speaker is None:
            assert not line.speaker_spans
            continue
        assert len(line.speaker_spans) == 1
        span = line.speaker_spans[0]
        expected = speaker.full_name if cast.speaker_style == "full_name" else speaker.last
        assert line.speaker[span.start : span.end] == expected.upper()
        assert span.label == "PERSON"


# --------------------------------------------------------------------------- nothing left unannotated


def covered(line: Line, start: int, end: int) -> bool:
    return any(s.start <= start and end <= s.end for s in line.spans)


def test_no_name_is_left_unannotated():
    """Every first name or surname from the lists that appears in a line lies inside a span."""
    pattern = re.compile(
        r"\b(" + "|".join(sorted(map(re.escape, name_words()), key=len, reverse=True)) + r")\b"
    )
    for seed, cast, line in all_lines():
        for m in pattern.finditer(line.text):
            assert covered(line, m.start(), m.end()), (
                f"seed {seed}: {m.group()!r} unannotated in {line.text!r}"
            )
        for person in cast.everyone:
            for m in re.finditer(rf"\b{re.escape(person.last)}\b", line.text):
                assert covered(line, m.start(), m.end()), (seed, line.text)


def test_whitelisted_terms_are_never_annotated():
    seen: Counter[str] = Counter()
    for _seed, _cast, line in all_lines():
        for term in WHITELIST:
            for m in re.finditer(rf"\b{re.escape(term)}\b", line.text):
                seen[term] += 1
                assert not any(s.start < m.end() and m.start() < s.end for s in line.spans), (term, line.text)
    for term in ("Board of Parole Hearings", "CDCR", "Comprehensive Risk Assessment", "Penal Code"):
        assert seen[term] > 0, term


# --------------------------------------------------------------------------- length


@pytest.mark.parametrize("target", [1000, 2000, 3000, 6000, 15000])
def test_target_words_is_respected(target):
    for seed in range(8):
        _cast, lines = hearing(seed, target)
        words = sum(len(line.text.split()) for line in lines)
        assert abs(words - target) <= 0.1 * target, (seed, target, words)


# --------------------------------------------------------------------------- the paper's phenomena


def spans_of(label: str) -> list[tuple[str, Line]]:
    return [
        (span_text(line, s), line)
        for _seed, _cast, line in all_lines()
        for s in line.spans
        if s.label == label
    ]


def count(predicate) -> int:  # type: ignore[no-untyped-def]
    return sum(1 for _seed, cast, line in all_lines() if predicate(cast, line))


def test_every_label_occurs():
    labels = Counter(s.label for _seed, _cast, line in all_lines() for s in line.spans)
    for label in ("PERSON", "SPELLED_NAME", "SPELLED_OUT_ITEM", "CDCR_ID", "LOCATION", "ORGANIZATION", "DATE",
                  "TIME", "AGE", "HEIGHT", "NRP", "PHONE_NUMBER", "EMAIL_ADDRESS", "URL"):  # fmt: skip
        assert labels[label] >= 3, (label, labels)


@pytest.mark.parametrize(
    ("name", "pattern"),
    [
        ("hyphen spelling", r"^[A-Z](?:-[A-Z]){2,}$"),
        ("comma spelling", r"^[A-Z](?:, [A-Z]){2,}$"),
        ("spaced spelling", r"^[A-Z](?: [A-Z]){2,}$"),
        ("broken spelling", r"^[A-Z](?:-[A-Z])*- [A-Z](?:-[A-Z])*$"),
    ],
)
def test_spelling_forms_occur(name, pattern):
    found = [t for t, _line in spans_of("SPELLED_NAME") if re.match(pattern, t)]
    assert len(found) >= 3, name


def test_cdcr_number_forms_occur():
    ids = spans_of("CDCR_ID")
    after_cdcr = after_cdc = bare = readout = 0
    for text, line in ids:
        before = line.text[: line.text.index(text)]
        if " " in text:
            readout += 1
        elif before.endswith("CDCR number "):
            after_cdcr += 1
        elif before.endswith("CDC number "):
            after_cdc += 1
        else:
            bare += 1
    assert min(after_cdcr, after_cdc, bare, readout) >= 2, (after_cdcr, after_cdc, bare, readout)


def test_phonetic_spelling_occurs():
    assert len(spans_of("SPELLED_OUT_ITEM")) >= 3


def test_stutters_occur_and_are_not_annotated():
    n = 0
    for _seed, _cast, line in all_lines():
        for m in re.finditer(r"(?<![\w-])(?<!- )(\w)(?:- ?\1)+(?![\w-])", line.text):
            n += 1
            assert not any(s.start < m.end() and m.start() < s.end for s in line.spans), line.text
    assert n >= 10


def test_fillers_and_repairs_occur():
    assert count(lambda c, line: re.search(r"\b(uh|um|Uh|Um)\b", line.text)) >= 40
    assert count(lambda c, line: "- Correction." in line.text) >= 2


def test_overlapping_speech_splits_a_name_across_speakers():
    splits = 0
    for seed in SEEDS:
        _cast, lines = hearing(seed)
        for a, b in itertools.pairwise(lines):
            if a.text.endswith("--") and b.text.startswith("--"):
                assert a.speaker != b.speaker
                assert a.spans and a.spans[-1].end == len(a.text) - 2 and a.spans[-1].label == "PERSON"
                assert b.spans and b.spans[0].start == 2 and b.spans[0].label == "PERSON"
                splits += 1
    assert splits >= 3


@pytest.mark.parametrize(
    ("name", "pattern"),
    [
        ("long", r"^[A-Z][a-z]+ \d{1,2}, \d{4}$"),
        ("ordinal", r"\d(st|nd|rd|th), \d{4}$"),
        ("slash", r"^\d{1,2}/\d{1,2}/\d{2,4}$"),
        ("month of year", r"^[A-Z][a-z]+ of \d{4}$"),
        ("decade", r"^the \d0s$"),
        ("weekday", r"^(Monday|Tuesday|Wednesday|Thursday|Friday) the \d{1,2}(st|nd|rd|th) of"),
        ("year", r"^\d{4}$"),
    ],
)
def test_date_forms_occur(name, pattern):
    assert sum(1 for t, _line in spans_of("DATE") if re.search(pattern, t)) >= 2, name


def test_time_forms_occur():
    times = [t for t, _line in spans_of("TIME")]
    assert any(re.search(r"[AP]M$", t) for t in times)
    assert any(re.search(r"[ap]\.m\.$", t) for t in times)
    assert any(re.fullmatch(r"\d{1,2}:\d{2}", t) for t in times)


def test_age_forms_occur():
    contexts = Counter()
    for text, line in spans_of("AGE"):
        i = line.text.index(text)
        after = line.text[i + len(text) : i + len(text) + 10]
        before = line.text[max(0, i - 11) : i]
        if after.startswith(" years old"):
            contexts["years old"] += 1
        if after.startswith("-year-old"):
            contexts["-year-old"] += 1
        if before.endswith("the age of "):
            contexts["age of"] += 1
    assert min(contexts["years old"], contexts["-year-old"], contexts["age of"]) >= 2, contexts


def test_height_forms_occur():
    heights = [t for t, _line in spans_of("HEIGHT")]
    assert any("'" in t for t in heights)
    assert any("feet" in t or "foot" in t for t in heights)


def test_titles_and_possessives_stay_outside_person_spans():
    titled = possessive = 0
    for text, line in spans_of("PERSON"):
        i = line.text.find(text)
        if re.search(r"(Mr\.|Ms\.|Dr\.|Commissioner|Officer) $", line.text[:i]):
            titled += 1
        if line.text[i + len(text) : i + len(text) + 2] == "'s":
            possessive += 1
    assert titled >= 20 and possessive >= 3, (titled, possessive)


def test_misspelled_surnames_occur():
    n = 0
    for _seed, cast, line in all_lines():
        surnames = {p.last for p in cast.everyone}
        for s in line.spans:
            text = span_text(line, s)
            if (
                s.label == "PERSON"
                and text not in surnames
                and any(edit_distance(text, x) == 1 for x in surnames)
            ):
                n += 1
    assert n >= 3


# --------------------------------------------------------------------------- the template files


def test_every_template_in_the_data_files_renders():
    """Each wording of each exchange and statement fills in (no unknown {field})."""
    from tests.fixtures.cast import DATA_DIR
    from tests.fixtures.dialogue import Hearing, Vals, load_exchanges, load_sentences, render

    casts = [hearing(seed)[0] for seed in SEEDS]
    full = next(c for c in casts if c.district_attorney and c.victim_family)
    h = Hearing(random.Random(0), full)
    exchange_files = sorted(DATA_DIR.glob("exchanges_*.txt"))
    sentence_files = sorted(DATA_DIR.glob("sentences_*.txt"))
    assert len(exchange_files) >= 6 and len(sentence_files) >= 5
    rendered = 0
    for path in exchange_files:
        blocks = load_exchanges(path.stem)
        assert len(blocks) >= 2, path.name
        for block in blocks:
            for turn in block.turns:
                for option in turn.options:
                    text = render(option, Vals(h, {})).text
                    assert "{" not in text and "}" not in text, (path.name, option)
                    rendered += 1
    for path in sentence_files:
        for sentence in load_sentences(path.stem):
            render(sentence, Vals(h, {"verdict": "is not suitable for parole at this time"}))
            rendered += 1
        # A whole statement from the file, both outcomes: every [tag] is known.
        for suitable in (False, True):
            statement = Hearing(random.Random(1), full).monologue(
                path.stem, 100_000, verdict="", suitable=suitable
            )
            assert "[" not in statement.text and len(statement.text.split()) > 40, path.name
    assert rendered > 300


def test_repaired_names_occur():
    """ "Mr. Rich- Mr. Richardson": both the false start and the name are PERSON spans."""
    repairs = 0
    for _seed, _cast, line in all_lines():
        for a, b in itertools.pairwise(line.spans):
            first, second = span_text(line, a), span_text(line, b)
            if (
                a.label == b.label == "PERSON"
                and line.text[a.end : a.end + 2] == "- "
                and second.startswith(first)
            ):
                repairs += 1
    assert repairs >= 2


def test_output_does_not_depend_on_hash_seed():
    """The corpus is the same in every process (no set or dict order leaks into it)."""
    code = (
        "import random, hashlib\n"
        "from tests.fixtures.cast import make_cast\n"
        "from tests.fixtures.dialogue import make_dialogue\n"
        "m = hashlib.sha256()\n"
        "for seed in range(3):\n"
        "    rng = random.Random(seed)\n"
        "    cast = make_cast(rng)\n"
        "    m.update(repr((cast, make_dialogue(rng, cast, 3000))).encode())\n"
        "print(m.hexdigest())\n"
    )
    digests = {
        subprocess.run(
            [sys.executable, "-c", code],
            cwd=ROOT,
            env={**os.environ, "PYTHONHASHSEED": str(hash_seed)},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for hash_seed in (1, 2)
    }
    assert len(digests) == 1
