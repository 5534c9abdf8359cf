"""Benchmark of the reviewer statistics (evaluation/review_pace.py) on a large audit log.

The Documents panel computes them when a tooltip is about to show, and
`project status` once: both read every reviewer action of the project.
Builds a project of `--documents` documents and `--decisions` decisions
(accept/reject alternating on each document's spans), then times
`Project.review_actions()` and `review_pace()` (median of 5).

    .venv/bin/python benchmarks/review_pace.py [--documents 50] [--decisions 20000] [--json]

Target: under 0.2 s for 20,000 decisions, so a tooltip shows without a felt wait.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from reviewer_app.core.document import Document, Section
from reviewer_app.core.spans import Span, Status
from reviewer_app.evaluation.review_pace import review_pace
from reviewer_app.store import Project

SPANS_PER_DOCUMENT = 40


def build(path: Path, documents: int, decisions: int) -> None:
    with Project.create(path):
        pass
    with Project.open(path, power_safe=False) as project:
        span_ids: list[int] = []
        for n in range(documents):
            text = " ".join(f"Person{n}x{i} said a thing." for i in range(SPANS_PER_DOCUMENT))
            doc = Document(id=f"doc{n}", text=text, sections=(Section("body", 0, len(text)),))
            doc_id = project.add_document(doc, "bench")
            spans = []
            for i in range(SPANS_PER_DOCUMENT):
                start = text.index(f"Person{n}x{i} ")
                spans.append(Span(start, start + len(f"Person{n}x{i}"), "PERSON", ("spacy",), 0.9))
            project.record_detection(doc_id, spans, ["spacy"])
            span_ids += [s.id for s in project.spans(doc_id)]
        for k in range(decisions):
            status = Status.ACCEPTED if k % 2 else Status.REJECTED
            project.decide(span_ids[k % len(span_ids)], status, who="bench")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--documents", type=int, default=50)
    parser.add_argument("--decisions", type=int, default=20000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.db"
        started = time.perf_counter()
        build(path, args.documents, args.decisions)
        build_s = time.perf_counter() - started
        read, compute = [], []
        with Project.open(path, read_only=True) as project:
            for _ in range(5):
                t0 = time.perf_counter()
                actions = project.review_actions()
                t1 = time.perf_counter()
                paces = review_pace(actions)
                t2 = time.perf_counter()
                read.append(t1 - t0)
                compute.append(t2 - t1)
    figures = {
        "documents": args.documents,
        "decisions": args.decisions,
        "actions_read": len(actions),
        "documents_with_pace": len(paces),
        "build_s": round(build_s, 1),
        "review_actions_s": round(statistics.median(read), 4),
        "review_pace_s": round(statistics.median(compute), 4),
        "total_s": round(statistics.median(read) + statistics.median(compute), 4),
    }
    if args.json:
        print(json.dumps(figures, indent=1))
    else:
        for key, value in figures.items():
            print(f"{key:>20}: {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
