"""How much of a transcript's speech the PDF importer gets back from PDFs in layouts
other programs produce (issue 12: "≥ 99% of utterances imported exactly").

    .venv/bin/python -m benchmarks.import_pdf_layouts [--layout NAME ...] [--style2 2] [--diffs 5]
    .venv/bin/python -m benchmarks.import_pdf_layouts --held-out      # the final run only

Each plain-text transcript (the development hand-written set, the sample hearing,
`--style2` canonical texts of the second generator) is read by the plain-text
importer, which gives the expected utterances; it is drawn in each layout of
`tests/fixtures/pdf_layouts.py` (not the generators' PDF writer) and imported
through `import_file`. Per layout and material: the share of expected utterances
(speaker and speech, runs of white space counted as one space) that come back
exactly, aligned in order; how many utterances the PDF gives beyond those ("extra":
a heading, a divider or a footer read as speech, or an utterance that differs); the
metadata fields the PDF gives equal to those the text gives (cover name, CDCR number,
participants...); the share again with hyphenation aside ("hyph": a word broken at a hyphen
compares equal joined or not, "To- day's" = "Today's", "sixty- two" = "sixty-two"), since a
reference that is itself a PDF-to-text export keeps its line-end hyphens in the text the plain-text
importer reads, while the PDF importer joins them as issue 12 asks; and, with `--diffs`, the first
differing utterances. `--held-out` adds the held-out
hand-written set as a measured input: its figure is printed, never its differences.
`--variants` draws each layout also in other type sizes and widths ("two_column@size11"): the
same program's PDFs of other settings, where rows break at other words.
"""

from __future__ import annotations

import argparse
import dataclasses
import difflib
import re
import tempfile
import time
from pathlib import Path

from reviewer_app.core.document import Document
from reviewer_app.importers import TranscriptImportError, import_file
from tests.fixtures.generator_style2 import generate_style2
from tests.fixtures.handwritten_gold import DEV_FOLDER, FOLDER, load_handwritten
from tests.fixtures.pdf_layouts import Layout, layouts, render, text_document, utterances

REPO = Path(__file__).resolve().parents[1]
SAMPLE = REPO / "resources" / "sample" / "sample_hearing.txt"


def materials(style2: int, held_out: bool) -> dict[str, list[tuple[str, str]]]:
    """Material name -> (transcript name, text)."""
    found = {
        "handwritten_dev": [(t.name, t.text) for t in load_handwritten(DEV_FOLDER)],
        "sample": [("sample_hearing", SAMPLE.read_text(encoding="utf-8").rstrip("\n"))],
        "style2": [(f"style2_{seed}", generate_style2(seed).canonical_text) for seed in range(1, style2 + 1)],
    }
    if held_out:
        found["handwritten (held-out)"] = [(t.name, t.text) for t in load_handwritten(FOLDER)]
    return found


def variants(layout: Layout) -> dict[str, Layout]:
    """`layout` in smaller and larger type and in a narrower and a wider text block."""
    size, leading, right = layout.size, layout.leading, layout.right
    return {
        f"{layout.name}@size9": dataclasses.replace(layout, size=size - 1, leading=leading - 1),
        f"{layout.name}@size11": dataclasses.replace(layout, size=size + 1, leading=leading + 1),
        f"{layout.name}@narrow": dataclasses.replace(layout, right=right - 30),
        f"{layout.name}@wide": dataclasses.replace(layout, right=right + 20),
    }


def compare(expected: list[tuple[str, str]], got: list[tuple[str, str]]) -> tuple[int, list[str]]:
    """How many expected utterances come back exactly (in order), and the differences."""
    matcher = difflib.SequenceMatcher(None, expected, got, autojunk=False)
    exact = sum(block.size for block in matcher.get_matching_blocks())
    differences = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal":
            want = " | ".join(f"{s}: {t}" for s, t in expected[i1:i2])
            have = " | ".join(f"{s}: {t}" for s, t in got[j1:j2])
            differences.append(f"    expected {want[:300]!r}\n         got {have[:300]!r}")
    return exact, differences


_HYPHEN_JOIN = re.compile(r"(?<=\w)-\s*(?=\w)")


def hyphenation_aside(pairs: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """`pairs` with every hyphen between two word characters removed, with the space after it."""
    return [(speaker, _HYPHEN_JOIN.sub("", speech)) for speaker, speech in pairs]


def metadata_fields(document: Document) -> set[str]:
    """The metadata fields the document fills (the PDF's must equal the text's to count)."""
    return {key for key, value in vars(document.metadata).items() if value}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--layout", action="append", help="only these layouts (default: all)")
    parser.add_argument("--style2", type=int, default=2, help="style-2 transcripts to include (seeds 1..N)")
    parser.add_argument("--diffs", type=int, default=0, help="print up to N differences per transcript")
    parser.add_argument("--held-out", action="store_true", help="measure the held-out set too (final run)")
    parser.add_argument(
        "--variants", action="store_true", help="each layout in other type sizes and widths too"
    )
    args = parser.parse_args()
    chosen = {n: layout for n, layout in layouts().items() if not args.layout or n in args.layout}
    if args.variants:
        chosen = {
            name: drawn
            for layout in chosen.values()
            for name, drawn in {layout.name: layout, **variants(layout)}.items()
        }
    found = materials(args.style2, args.held_out)
    print(
        f"{'layout':<28} {'material':<24} {'exact':>11} {'share':>7} {'hyph':>7} {'extra':>5} "
        f"{'meta':>7} {'s':>5}"
    )
    totals: dict[str, list[int]] = {}
    with tempfile.TemporaryDirectory() as folder:
        for layout_name, layout in chosen.items():
            for material, transcripts in found.items():
                exact = total = extra = meta_found = meta_expected = joined = 0
                started = time.perf_counter()
                report = []
                for name, text in transcripts:
                    reference = text_document(name, text)
                    pdf = Path(folder) / f"{name}.pdf"
                    pdf.write_bytes(render(text, reference, layout, title=name.replace("_", " ").title()))
                    try:
                        document = import_file(pdf)
                    except TranscriptImportError as exc:
                        report.append(f"  {name}: not imported: {exc}")
                        total += len(reference.utterances)
                        continue
                    expected = utterances(reference)
                    got = utterances(document)
                    same, differences = compare(expected, got)
                    joined += compare(hyphenation_aside(expected), hyphenation_aside(got))[0]
                    exact, total, extra = exact + same, total + len(expected), extra + len(got) - same
                    wanted = metadata_fields(reference)
                    meta_expected += len(wanted)
                    meta_found += sum(
                        getattr(document.metadata, key) == getattr(reference.metadata, key) for key in wanted
                    )
                    if differences and args.diffs and "held-out" not in material:
                        report.append(f"  {name} ({same}/{len(expected)}):")
                        report.extend(differences[: args.diffs])
                share = exact / total if total else 1.0
                counts = totals.setdefault(layout_name, [0, 0, 0, 0])
                if "held-out" not in material:
                    counts[0] += exact
                    counts[1] += total
                    counts[2] += extra
                    counts[3] += joined
                print(
                    f"{layout_name:<28} {material:<24} {exact:>5}/{total:<5} {share:7.1%} "
                    f"{joined / total if total else 1.0:7.1%} {extra:>5} "
                    f"{meta_found:>3}/{meta_expected:<3} {time.perf_counter() - started:5.1f}"
                )
                for line in report:
                    print(line)
    for layout_name, (exact, total, extra, joined) in totals.items():
        print(
            f"{layout_name:<28} {'all development material':<24} {exact:>5}/{total:<5} {exact / total:7.1%}"
            f" {joined / total:7.1%} {extra:>5}"
        )


if __name__ == "__main__":
    main()
