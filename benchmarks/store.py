"""Benchmark of the project store at corpus size.

Builds a project of synthetic transcripts (default: 300 documents of 15,000
words, 2,000 detected spans each), then measures what the window does most:
open the project and list its documents with statistics, load one document and
its spans, and commit decisions (one transaction each).

    .venv/bin/python benchmarks/store.py [--documents 300] [--words 15000] [--spans 2000]
                                         [--decisions 500] [--keep PATH] [--json]

Targets (issue 5): open + list < 1 s; a decision commits in < 5 ms at the median.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from reviewer_app.core.document import Document, Utterance
from reviewer_app.core.spans import Span, Status
from reviewer_app.store import Project

SPEAKERS = ("PRESIDING COMMISSIONER JONES", "DEPUTY COMMISSIONER SMITH", "INMATE RICHARDSON", "ATTORNEY LEE")
COMMON_WORDS = (
    "the and of to a in that is was he for it with as his on be at by had have not this are but from "
    "or were which an they you one all would there their been has when who will more no if out so said "
    "what up its about into than them can only other new some could time these two may then do first "
    "any my now such like our over man me even most made after also did many before must through back "
    "years where much your way well down should because each just those people how too little state "
    "good very make world still own see men work long get here between both life being under never day "
    "same another know while last might us great old year off come since against go came right used"
)
WORDS = tuple(COMMON_WORDS.split())
NAMES = ("Kevin Richardson", "Richardson", "Maria Alvarez", "Fresno", "San Quentin", "June 3, 1975", "L90314")
LABELS = ("PERSON", "PERSON", "PERSON", "LOCATION", "LOCATION", "DATE", "CDCR_ID")


def synthetic_document(n: int, words: int, spans: int, rng: random.Random) -> tuple[Document, list[Span]]:
    """A transcript-like text: speaker turns of random words, with `spans`
    names, places and dates spread through it, each a detected span."""
    every = max(1, words // spans)
    lines, found, utterances = [], [], []
    offset, count = 0, 0
    while count < words:
        speaker = rng.choice(SPEAKERS)
        pieces, cursor = [], len(speaker) + 2
        for _ in range(rng.randint(20, 80)):
            count += 1
            if count % every == 0 and len(found) < spans:
                k = rng.randrange(len(NAMES))
                found.append(
                    Span(offset + cursor, offset + cursor + len(NAMES[k]), LABELS[k], ("spacy",), 0.85)
                )
                word = NAMES[k]
            else:
                word = rng.choice(WORDS)
            pieces.append(word)
            cursor += len(word) + 1
        line = f"{speaker}: {' '.join(pieces)}"
        utterances.append(Utterance(speaker, offset, offset + len(line)))
        lines.append(line)
        offset += len(line) + 1
    text = "\n".join(lines)
    return Document(
        f"hearing-{n:04d}", text, f"/corpus/hearing-{n:04d}.pdf", utterances=tuple(utterances)
    ), found


def build(path: Path, documents: int, words: int, spans: int) -> float:
    rng = random.Random(5)
    started = time.perf_counter()
    with Project.create(path, "benchmark") as project:
        for n in range(documents):
            document, found = synthetic_document(n, words, spans, rng)
            doc_id = project.add_document(document)
            project.record_detection(doc_id, found, ["spacy"])
            # A corpus in review: some documents partly decided.
            if n % 3 == 0:
                ids = [s.id for s in project.spans(doc_id)[: spans // 4]]
                project.decide_many(ids, Status.ACCEPTED)
    return time.perf_counter() - started


_OPEN_AND_LIST = """
import sys, time
started = time.perf_counter()
from reviewer_app.store import Project
imported = time.perf_counter()
with Project.open(sys.argv[1], read_only=True) as project:
    documents = project.list_documents()
done = time.perf_counter()
print(imported - started, done - imported, len(documents))
"""


def measure(path: Path, decisions: int) -> dict:
    figures: dict[str, float] = {}
    # Open and list in a fresh process: what starting the window pays.
    out = subprocess.run(
        [sys.executable, "-c", _OPEN_AND_LIST, str(path)], capture_output=True, text=True, check=True
    ).stdout.split()
    figures["fresh process: import store (s)"] = float(out[0])
    figures["fresh process: open + list documents with stats (s)"] = float(out[1])
    runs = []
    for _ in range(5):
        started = time.perf_counter()
        with Project.open(path) as project:
            listed = project.list_documents()
        runs.append(time.perf_counter() - started)
    figures["open + list documents with stats, median of 5 (s)"] = statistics.median(runs)
    figures["documents listed"] = len(listed)
    figures["spans in the project"] = sum(d.stats.total for d in listed)

    rng = random.Random(7)
    with Project.open(path) as project:
        doc_id = listed[len(listed) // 2].id
        started = time.perf_counter()
        project.document(doc_id)
        figures["load one document (s)"] = time.perf_counter() - started
        started = time.perf_counter()
        spans = project.spans(doc_id)
        figures["load its spans (s)"] = time.perf_counter() - started
        started = time.perf_counter()
        project.corpus_stats()
        figures["corpus statistics (s)"] = time.perf_counter() - started
        sample = rng.sample(spans, min(decisions, len(spans)))
        audit_ids = [project.accept(span.id) for span in sample[:5]]  # warm-up
        times = []
        for span in sample[5:]:
            started = time.perf_counter()
            audit_ids.append(project.accept(span.id) if rng.random() < 0.7 else project.reject(span.id))
            times.append(time.perf_counter() - started)
        times.sort()
        figures["decision commit median (ms)"] = 1000 * statistics.median(times)
        figures["decision commit p95 (ms)"] = 1000 * times[int(0.95 * (len(times) - 1))]
        undo_times = []
        for audit_id in reversed(audit_ids[-100:]):
            started = time.perf_counter()
            project.undo(audit_id)
            undo_times.append(time.perf_counter() - started)
        figures["undo median (ms)"] = 1000 * statistics.median(undo_times)
        span = project.spans(doc_id, [Status.PENDING])[0]
        started = time.perf_counter()
        project.decide_identical(span.id, Status.ACCEPTED, "corpus")
        figures["accept all identical mentions in the corpus (s)"] = time.perf_counter() - started
        figures["spans that action decided"] = len(project.audit_entry(project.audit_log(1)[0].id).span_ids)
    # The same decisions without waiting for the disk at each commit (power_safe=False).
    with Project.open(path, power_safe=False) as project:
        times = []
        for span in rng.sample(project.spans(doc_id, [Status.PENDING]), min(decisions, len(spans) // 2)):
            started = time.perf_counter()
            project.reject(span.id)
            times.append(time.perf_counter() - started)
        figures["decision commit median, power_safe=False (ms)"] = 1000 * statistics.median(times)
    figures["project file (MB)"] = path.stat().st_size / 1e6
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--documents", type=int, default=300)
    parser.add_argument("--words", type=int, default=15_000)
    parser.add_argument("--spans", type=int, default=2_000)
    parser.add_argument("--decisions", type=int, default=500)
    parser.add_argument("--keep", type=Path, help="build the project here (reused if it exists)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        path = args.keep or Path(tmp) / "benchmark.db"
        build_seconds = None
        if not path.exists():
            build_seconds = build(path, args.documents, args.words, args.spans)
        figures = measure(path, args.decisions)
    if build_seconds is not None:
        figures = {"build the project (s)": build_seconds, **figures}
    if args.json:
        print(json.dumps(figures, indent=1))
    else:
        print(
            f"| measure ({args.documents} documents x {args.words} words, {args.spans} spans each) | value |"
        )
        print("|---|---|")
        for name, value in figures.items():
            print(f"| {name} | {value:.4g} |" if isinstance(value, float) else f"| {name} | {value} |")
    ok = (
        figures["open + list documents with stats, median of 5 (s)"] < 1.0
        and figures["decision commit median (ms)"] < 5.0
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
