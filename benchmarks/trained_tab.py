"""What a model trained on TAB court judgments adds, on the judgments it never saw.

    .venv/bin/python -m benchmarks.trained_tab --model MODEL_DIR [--gold ../shared/corpora/tab_train.jsonl]

The model is one `reviewer-app train` wrote from the same gold file with a
held-out split; its meta.json names the held-out documents. On those, three
predictions are scored with TAB's masking decisions:
- bare spaCy: every entity of one pass of the base pipeline, whatever its type;
- the default pipeline (the settings' detectors);
- the default pipeline with the trained detector beside it.

Scored as `benchmarks/quality.py` scores TAB (`evaluation/masking.py`): ER_di and
ER_qi, the share of DIRECT / QUASI mentions whose letters and digits are all
covered; the leak rate, the share of those letters and digits left readable.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import time
from pathlib import Path

from reviewer_app.core.interchange import read_jsonl
from reviewer_app.core.spans import Span
from reviewer_app.detectors.model_folder import read_meta
from reviewer_app.detectors.nlp import load_pipeline
from reviewer_app.detectors.registry import default_names
from reviewer_app.detectors.runner import run_detection
from reviewer_app.evaluation.masking import IDENTIFYING, MaskedDocument, score_corpus
from reviewer_app.importers.text import document_from_text
from reviewer_app.settings import Settings


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model", type=Path, required=True)
    parser.add_argument("--gold", type=Path, default=Path("../shared/corpora/tab_train.jsonl"))
    args = parser.parse_args()

    held_out = {d["id"] for d in read_meta(args.model)["held_out"]}
    records = [r for r in read_jsonl(args.gold) if r.id in held_out]
    settings = Settings()
    with_trained = dataclasses.replace(settings, trained_model=str(args.model))
    runs = {
        "bare spaCy": None,
        "default pipeline": (settings, list(default_names(settings))),
        "default + trained": (with_trained, list(default_names(with_trained))),
    }
    nlp = load_pipeline(settings.spacy_model)
    words = sum(len(r.text.split()) for r in records)
    print(f"held-out documents: {len(records)} ({words} words)")
    print("| prediction | ER_di | ER_qi | leak rate | seconds |")
    print("|---|---|---|---|---|")
    for name, run in runs.items():
        masked: list[MaskedDocument] = []
        started = time.perf_counter()
        ran: set[str] = set()
        for record in records:
            gold = [
                (r.span, str(r.extra.get("identifier_type")))
                for r in record.spans
                if r.extra.get("identifier_type") in IDENTIFYING
            ]
            if run is None:
                predicted = [Span(e.start_char, e.end_char, e.label_) for e in nlp(record.text).ents]
            else:
                document = document_from_text(record.id, record.text, str(args.gold))
                result = run_detection(document, run[1], run[0])
                ran |= {r.name for r in result.runs if r.ok}
                predicted = list(result.spans)
            masked.append(MaskedDocument(record.id, record.text, tuple(gold), tuple(predicted)))
        seconds = time.perf_counter() - started
        scores, _ = score_corpus(masked)
        detail = f" ({', '.join(sorted(ran))})" if ran else ""
        print(
            f"| {name}{detail} | {scores.er_di:.3f} | {scores.er_qi:.3f} | {scores.leak_rate:.3f} "
            f"| {seconds:.1f} |"
        )
    scores = read_meta(args.model)["scores"]
    print("\nheld-out per-label scores (meta.json):")
    print(json.dumps(scores, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
