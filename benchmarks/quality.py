"""Detection quality on real text with human gold, beside bare spaCy.

    .venv/bin/python -m benchmarks.quality [--corpora DIR] [--limit N] [--slue 500] [--seed 12]
        [--only tab,slue-normalized,slue-raw,wnut] [--detectors presidio,spacy] [--profile auto]
        [--misses 30]

Corpora (`../shared/corpora/`, see its README): TAB (ECHR judgments), SLUE-VoxPopuli
normalized (spoken form: lower case, numbers in words) and raw (written form), WNUT-17
(noisy web text). Two systems run on each: the default pipeline (the detectors of the
settings, or `--detectors`) and bare spaCy (the settings' pipeline, every entity
mapped to a coarse label, nothing filtered).

Printed per corpus: per-label recall and precision with overlap matching (a gold span
is found when a prediction of its label shares a character with it; a prediction is
correct when it overlaps a gold span of its label). Our fine labels are compared with
the corpus's labels through `CORPUS_LABEL` (CDCR_ID and ID_NUMBER are TAB's CODE, "ID";
AGE and HEIGHT are QUANTITY...). Where the corpus marks which spans are personal data
(SLUE's `pii`: not its numbers, laws and events, which a de-identification tool leaves),
a second micro line ("micro personal") pools only those labels.

TAB is also scored with its own masking decisions (`evaluation/masking.py`): ER_di, the
share of DIRECT mentions fully masked; ER_qi, the same for QUASI; and the leak rate,
the share of letters and digits of DIRECT and QUASI mentions that no prediction covers,
whatever its label. NO_MASK spans may stay. `--misses N` prints N of the pipeline's
TAB leaks (direct ones first, then those bare spaCy masked: "ours") to see what is missed.

SLUE is sub-sampled (`--slue`, the same utterances in both forms, seeded); `--limit N`
keeps the first N documents of every corpus.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from reviewer_app.core.labels import catalog
from reviewer_app.core.spans import Span
from reviewer_app.detectors.nlp import load_pipeline
from reviewer_app.detectors.runner import run_detection
from reviewer_app.evaluation.masking import MaskedDocument, score_corpus
from reviewer_app.evaluation.metrics import DocumentPair, EvaluationResult, LabelScores, evaluate
from reviewer_app.importers.text import document_from_text
from reviewer_app.settings import Settings, load_settings, with_profile

DEFAULT_CORPORA = Path(__file__).resolve().parents[1].parent / "shared" / "corpora"
CORPORA = {
    "tab": "tab_train.jsonl",
    "slue-normalized": "slue_voxpopuli_finetune.normalized.jsonl",
    "slue-raw": "slue_voxpopuli_finetune.raw.jsonl",
    "wnut": "wnut17_dev.jsonl",
}
# spaCy's OntoNotes labels as the corpora's coarse labels.
BARE_SPACY_LABEL = {
    "PERSON": "PERSON",
    "GPE": "LOCATION",
    "LOC": "LOCATION",
    "FAC": "LOCATION",
    "ORG": "ORGANIZATION",
    "NORP": "NRP",
    "DATE": "DATE",
    "TIME": "TIME",
    "CARDINAL": "QUANTITY",
    "ORDINAL": "QUANTITY",
    "QUANTITY": "QUANTITY",
    "MONEY": "QUANTITY",
    "PERCENT": "QUANTITY",
    "LAW": "MISC",
    "EVENT": "MISC",
    "WORK_OF_ART": "MISC",
    "PRODUCT": "MISC",
    "LANGUAGE": "MISC",
}
# Our coarse labels as the corpora's labels (labels not listed are the same).
CORPUS_LABEL = {
    "CDCR_ID": "ID",
    "ID_NUMBER": "ID",
    "PHONE_NUMBER": "ID",
    "EMAIL_ADDRESS": "ID",
    "URL": "ID",
    "SPELLED_NAME": "PERSON",
    "SPELLED_OUT_ITEM": "MISC",
    "AGE": "QUANTITY",
    "HEIGHT": "QUANTITY",
    "AMOUNT": "QUANTITY",
}


@dataclass(frozen=True)
class GoldDocument:
    id: str
    text: str
    spans: tuple[Span, ...]
    identifier_types: tuple[str, ...]  # one per span; "" where the corpus has none
    # One per span: whether the corpus marks it as personal data (SLUE's "pii"; False
    # where the corpus says nothing).
    personal: tuple[bool, ...] = ()


def read_corpus(path: Path) -> list[GoldDocument]:
    documents = []
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            obj = json.loads(line)
            if not obj["text"].strip():
                continue
            spans = [s for s in obj["spans"] if s["end"] > s["start"]]
            documents.append(
                GoldDocument(
                    obj["id"],
                    obj["text"],
                    tuple(Span(s["start"], s["end"], s["label"]) for s in spans),
                    tuple(s.get("identifier_type", "") for s in spans),
                    tuple(bool(s.get("pii", False)) for s in spans),
                )
            )
    return documents


def load_corpora(folder: Path, names: Sequence[str], limit: int | None, slue: int, seed: int):
    """{name: documents}; SLUE's two forms sampled on the same utterance ids."""
    out = {name: read_corpus(folder / CORPORA[name]) for name in names if (folder / CORPORA[name]).exists()}
    slue_names = [n for n in out if n.startswith("slue")]
    if slue_names and slue:
        common = sorted(set.intersection(*({d.id for d in out[n]} for n in slue_names)))
        chosen = set(random.Random(seed).sample(common, min(slue, len(common))))
        for name in slue_names:
            out[name] = [d for d in out[name] if d.id in chosen]
    if limit:
        out = {name: docs[:limit] for name, docs in out.items()}
    return out


def corpus_label(label: str, corpus: str) -> str:
    coarse = CORPUS_LABEL.get(catalog().coarse(label), catalog().coarse(label))
    if corpus == "tab" and coarse == "TIME":
        return "DATE"  # TAB's DATETIME
    return coarse


def bare_spacy(texts: Sequence[str], model: str) -> list[tuple[Span, ...]]:
    nlp = load_pipeline(model)
    out = []
    for doc in nlp.pipe(texts, batch_size=32):
        out.append(
            tuple(
                Span(e.start_char, e.end_char, BARE_SPACY_LABEL[e.label_], ("spacy",))
                for e in doc.ents
                if e.label_ in BARE_SPACY_LABEL
            )
        )
    return out


def pipeline(
    documents: Sequence[GoldDocument], detectors: Sequence[str], settings: Settings
) -> list[tuple[Span, ...]]:
    return [run_detection(document_from_text(d.id, d.text), detectors, settings).spans for d in documents]


def timed(work: Callable[[], list[tuple[Span, ...]]]) -> tuple[float, list[tuple[Span, ...]]]:
    started = time.perf_counter()
    value = work()
    return time.perf_counter() - started, value


def label_scores(
    documents: Sequence[GoldDocument], predicted: Sequence[tuple[Span, ...]], corpus: str
) -> EvaluationResult:
    pairs = [
        DocumentPair(
            d.id,
            d.text,
            tuple(s.with_(label=corpus_label(s.label, corpus)) for s in d.spans),
            tuple(s.with_(label=corpus_label(s.label, corpus)) for s in p),
        )
        for d, p in zip(documents, predicted, strict=True)
    ]
    return evaluate(pairs, mode="overlap")


def masked_documents(documents: Sequence[GoldDocument], predicted: Sequence[tuple[Span, ...]]):
    return [
        MaskedDocument(d.id, d.text, tuple(zip(d.spans, d.identifier_types, strict=True)), p)
        for d, p in zip(documents, predicted, strict=True)
    ]


def leak_shares(leaks, scores, gold_label) -> str:
    """Each gold label's share of the identifying characters left readable."""
    by_label: dict[str, int] = {}
    for leak in leaks:
        label = gold_label[(leak.document_id, leak.span)]
        by_label[label] = by_label.get(label, 0) + leak.leaked_chars
    return ", ".join(
        f"{label} {chars / scores.identifying_chars:.3f}"
        for label, chars in sorted(by_label.items(), key=lambda kv: -kv[1])
    )


def personal_labels(documents: Sequence[GoldDocument]) -> list[str]:
    """The labels the corpus marks as personal data (SLUE: not its numbers, laws and events)."""
    return sorted({s.label for d in documents for s, p in zip(d.spans, d.personal, strict=True) if p})


def print_labels(ours: EvaluationResult, bare: EvaluationResult, personal: Sequence[str] = ()) -> None:
    labels = sorted(set(ours.per_label) | set(bare.per_label))
    head = f"  {'label':14} {'gold':>5} | {'ours R':>6} {'P':>6} {'pred':>5} | "
    print(head + f"{'spaCy R':>7} {'P':>6} {'pred':>5}")
    for label in labels:
        o, b = ours.per_label.get(label), bare.per_label.get(label)
        gold = (o or b).gold
        print(
            f"  {label:14} {gold:5} | {o.recall if o else 0:6.3f} {o.precision if o else 0:6.3f} "
            f"{o.predicted if o else 0:5} | {b.recall if b else 0:7.3f} {b.precision if b else 0:6.3f} "
            f"{b.predicted if b else 0:5}"
        )
    om, bm = ours.micro, bare.micro
    micro = f"  {'micro':14} {'':5} | {om.recall:6.3f} {om.precision:6.3f} {'':5} | "
    print(micro + f"{bm.recall:7.3f} {bm.precision:6.3f}")
    if personal and set(personal) != set(labels):
        # What a de-identification tool is for: the corpus's personal-data labels only.
        o, b = (
            sum((r.per_label[x] for x in personal if x in r.per_label), LabelScores("")) for r in (ours, bare)
        )
        line = f"  {'micro personal':14} {'':5} | {o.recall:6.3f} {o.precision:6.3f} {'':5} | "
        print(line + f"{b.recall:7.3f} {b.precision:6.3f}")
        print(f"  (F1 {o.f1:.3f}, bare spaCy {b.f1:.3f}; personal data here: {', '.join(personal)})")


def print_masking(documents, ours, bare, misses: int) -> None:
    """TAB's ER_di, ER_qi and leak rate for both systems, the leak by gold label, and
    `misses` of the pipeline's leaks: direct ones first, then those bare spaCy masked."""
    gold_label = {(d.id, s): s.label for d in documents for s in d.spans}
    ours_mask, leaks = score_corpus(masked_documents(documents, ours))
    bare_mask, bare_leaks = score_corpus(masked_documents(documents, bare))
    bare_leaked = {(leak.document_id, leak.span) for leak in bare_leaks}
    for who, who_leaks, scores in (("pipeline", leaks, ours_mask), ("bare spaCy", bare_leaks, bare_mask)):
        print(f"  {who} leak by gold label: {leak_shares(who_leaks, scores, gold_label)}")
    print(f"  {'masking':14} {'':5} | {'ER_di':>6} {'ER_qi':>6} {'leak':>5} |")
    for who, scores in (("pipeline", ours_mask), ("bare spaCy", bare_mask)):
        print(f"  {who:14} {'':5} | {scores.er_di:6.3f} {scores.er_qi:6.3f} {scores.leak_rate:5.3f} |")
    print(f"  ({ours_mask.direct} DIRECT and {ours_mask.quasi} QUASI mentions)")
    leaks.sort(
        key=lambda leak: (leak.identifier_type != "DIRECT", (leak.document_id, leak.span) in bare_leaked)
    )
    for leak in leaks[:misses]:
        label = gold_label[(leak.document_id, leak.span)]
        who = "both" if (leak.document_id, leak.span) in bare_leaked else "ours"
        print(f"  leak {leak.identifier_type:6} {label:12} {who} {leak.text!r:40} | {leak.context}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpora", type=Path, default=DEFAULT_CORPORA)
    parser.add_argument("--only", default=",".join(CORPORA), help="comma-separated corpus names")
    parser.add_argument("--limit", type=int, default=None, help="first N documents of each corpus")
    parser.add_argument("--slue", type=int, default=500, help="SLUE utterances sampled (0: all)")
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--detectors", help="comma-separated (default: the settings')")
    parser.add_argument("--profile", choices=("auto", "hearing", "general"), default=None)
    parser.add_argument("--misses", type=int, default=0, help="print N of the pipeline's TAB leaks")
    args = parser.parse_args()

    settings = with_profile(load_settings(), args.profile)
    detectors = args.detectors.split(",") if args.detectors else list(settings.detectors)
    names = [n.strip() for n in args.only.split(",") if n.strip()]
    corpora = load_corpora(args.corpora, names, args.limit, args.slue, args.seed)
    if not corpora:
        print(f"no corpus found in {args.corpora}")
        return 1
    load_pipeline(settings.spacy_model)
    # Warm-up: loads every model, the zero-shot one too (it needs a place or organisation to refine).
    warm_up = "John Smith of Acme Corporation moved to Paris, France, in 1999."
    for profile in ("hearing", "general"):
        run_detection(document_from_text("warm-up", warm_up), detectors, settings, profile=profile)
    print(f"pipeline: {', '.join(detectors)}; bare spaCy: {settings.spacy_model}")
    for name, documents in corpora.items():
        words = sum(len(d.text.split()) for d in documents)
        bare_seconds, bare = timed(
            lambda docs=documents: bare_spacy([d.text for d in docs], settings.spacy_model)
        )
        ours_seconds, ours = timed(lambda docs=documents: pipeline(docs, detectors, settings))
        print(
            f"\n## {name}: {len(documents)} documents, {words:,} words "
            f"(pipeline {ours_seconds:.1f} s, bare spaCy {bare_seconds:.1f} s)"
        )
        print_labels(
            label_scores(documents, ours, name),
            label_scores(documents, bare, name),
            personal_labels(documents),
        )
        if name == "tab":
            print_masking(documents, ours, bare, args.misses)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
