"""Does learning from reviewed gold hold on transcripts by writers the model never saw?

    .venv/bin/python -m benchmarks.trained_by_writer [--model DIR | --out DIR]
        [--architecture shared|own] [--epochs N] [--seed 0] [--style2 N] [--labels A,B]
        [--only promoted,added,generator,style2,tab] [--tab 30]

The development hearings (`tests/fixtures/handwritten_dev/`) are split BY WRITER,
from the sections of its README: the transcripts written for the development set
train a model (`training/train.py`, the base pipeline being the settings'
`spacy_model`, so that a shared head reads the spaCy detector's Doc); the test
sets are those of other writers: the ones listed under "Promoted from the held-out
set" (`promoted`) and under "Added ... by writer N" (`added`). With `--style2 N`, N
transcripts of the second generator style (seeds 1001..., never the gate's) are
trained on too. The checkpoint and the labels the model leads on are chosen on a
seeded 20% of the TRAINING documents, never on a test set.

Then, on each material, the quality gate's detectors (`tests/fixtures/quality_gate.py`,
presidio + spacy) run alone ("default") and with the trained detector beside them
("default + trained"), scored as the gate scores (`measure`: overlap matching, per
label, label-aware and -agnostic micro F1; on TAB the masking measures):
- `promoted`, `added`: the test transcripts (the figures that answer the question);
- `generator`, `style2`: the gate's generated hearings (must not drop);
- `tab`: the first `--tab` ECHR judgments (ER_di and the leak rate must not drop).

`--model DIR` skips training and evaluates a model trained by an earlier run (its
meta.json must list no test transcript: checked). `--out DIR` keeps the trained
model (default: a temporary folder). Training costs CPU: the epochs are the
architecture's default unless `--epochs` says otherwise (printed).
"""

from __future__ import annotations

import argparse
import dataclasses
import re
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from reviewer_app.core.document import Document
from reviewer_app.core.spans import Span
from reviewer_app.detectors.model_folder import read_meta
from reviewer_app.detectors.runner import run_detection
from reviewer_app.importers.text import document_from_text
from reviewer_app.settings import Settings
from reviewer_app.training.data import TrainingDocument
from reviewer_app.training.train import SHARED, TrainOptions, pipeline_predictor, train_model
from tests.fixtures import quality_gate as gate
from tests.fixtures.handwritten_gold import DEV_FOLDER, HandwrittenTranscript, load_handwritten

MATERIALS = ("promoted", "added", "generator", "style2", "tab")
# README sections that list transcripts by writers other than the development set's own.
OTHER_WRITERS = {"promoted": "## Promoted from the held-out set", "added": "## Added "}
# Seeds of the second style used for training: far from the gate's (gate.STYLE2_SEEDS).
STYLE2_TRAIN_SEEDS = 1001
TRAINED = "trained"


def listed_names(heading: str, readme: Path = DEV_FOLDER / "README.md") -> set[str]:
    """The transcripts named in the development README's sections whose heading starts with `heading`."""
    names: set[str] = set()
    for section in re.split(r"\n(?=## )", readme.read_text(encoding="utf-8")):
        if section.startswith(heading):
            names |= set(re.findall(r"`([A-Za-z0-9_]+)\.marked\.txt`", section.split("\n### ", 1)[0]))
    return names


def split_by_writer() -> dict[str, list[HandwrittenTranscript]]:
    """The development transcripts by who wrote them: "train" (the set's own writers),
    "promoted" and "added" (other writers)."""
    transcripts = load_handwritten(DEV_FOLDER)
    present = {t.name for t in transcripts}
    groups: dict[str, list[HandwrittenTranscript]] = {}
    others: set[str] = set()
    for group, heading in OTHER_WRITERS.items():
        names = listed_names(heading)
        if names - present:
            raise SystemExit(f"{group} transcripts not in {DEV_FOLDER}: {sorted(names - present)}")
        groups[group] = [t for t in transcripts if t.name in names]
        others |= names
    groups["train"] = [t for t in transcripts if t.name not in others]
    return groups


def training_documents(transcripts: Sequence[HandwrittenTranscript], style2: int) -> list[TrainingDocument]:
    documents = [
        TrainingDocument(t.name, t.text, tuple(Span(s.start, s.end, s.label) for s in t.gold_spans))
        for t in transcripts
    ]
    if style2:
        from tests.fixtures.generator_style2 import generate_style2

        for seed in range(STYLE2_TRAIN_SEEDS, STYLE2_TRAIN_SEEDS + style2):
            generated = generate_style2(seed)
            spans = tuple(Span(s.start, s.end, s.label) for s in generated.gold_spans)
            documents.append(TrainingDocument(f"style2-{seed}", generated.canonical_text, spans))
    return documents


def gold_documents(material: str, by_writer: dict[str, list[HandwrittenTranscript]], tab: int) -> list[tuple]:
    """(Document, gold spans, identifier types) of a material, as the gate reads it."""
    if material in OTHER_WRITERS:
        return [(_document(t.name, t.text), t.gold_spans, ()) for t in by_writer[material]]
    if material == "generator":
        from tests.fixtures.generator import generate_transcript

        made = [generate_transcript(seed, gate.GENERATOR_WORDS) for seed in gate.GENERATOR_SEEDS]
        return [(_document(g.name, g.canonical_text), tuple(g.gold_spans), ()) for g in made]
    if material == "style2":
        from tests.fixtures.generator_style2 import generate_style2

        made = [generate_style2(seed) for seed in gate.STYLE2_SEEDS]
        return [(_document(g.name, g.canonical_text), tuple(g.gold_spans), ()) for g in made]
    if material == "tab":
        from benchmarks.quality import read_corpus

        if not gate.TAB.exists():
            return []
        return [
            (document_from_text(g.id, g.text), g.spans, g.identifier_types)
            for g in read_corpus(gate.TAB)[:tab]
        ]
    raise SystemExit(f"unknown material {material!r}; choose from {', '.join(MATERIALS)}")


def _document(name: str, text: str) -> Document:
    document = document_from_text(name, text, f"{name}.txt")
    if document.text != text:
        raise SystemExit(f"{name}: the importer changed the text")
    return document


def detect(documents: Sequence[tuple], names: Sequence[str], settings: Settings) -> list[gate.ScoredText]:
    """The documents scored for one system (its spans in the gate's `pipeline` column)."""
    return [
        gate.ScoredText(d.id, d.text, gold, run_detection(d, names, settings).spans, (), kinds)
        for d, gold, kinds in documents
    ]


def comparison(material: str, default: gate.Measured, trained: gate.Measured) -> str:
    rows = [
        f"{material}: label | gold | default R/P | default+trained R/P | dR dP",
        "|---|---|---|---|---|",
    ]
    for label, d in default.pipeline.items():
        t = trained.pipeline.get(label, gate.Figure(d.gold, 0.0, 0, 0.0))
        if not d.gold and not t.predicted and not d.predicted:
            continue
        rows.append(
            f"| {label} | {d.gold} | {d.recall:.3f} / {d.precision:.3f} | {t.recall:.3f} / {t.precision:.3f} "
            f"| {t.recall - d.recall:+.3f} {t.precision - d.precision:+.3f} |"
        )
    for label, t in trained.pipeline.items():
        if label not in default.pipeline and (t.gold or t.predicted):
            rows.append(f"| {label} | {t.gold} | - | {t.recall:.3f} / {t.precision:.3f} | |")
    if default.micro and trained.micro:
        d, t = default.micro[0], trained.micro[0]
        rows.append(
            f"micro F1 label-aware {d.aware:.4f} -> {t.aware:.4f} ({t.aware - d.aware:+.4f}); "
            f"label-agnostic {d.agnostic:.4f} -> {t.agnostic:.4f} ({t.agnostic - d.agnostic:+.4f})"
        )
    if default.masking and trained.masking:
        d, t = default.masking[0], trained.masking[0]
        rows.append(
            f"ER_di {d.er_di:.3f} -> {t.er_di:.3f}; ER_qi {d.er_qi:.3f} -> {t.er_qi:.3f}; "
            f"leak rate {d.leak_rate:.3f} -> {t.leak_rate:.3f}"
        )
    return "\n".join(rows)


def train(args, documents: list[TrainingDocument], settings: Settings, out: Path) -> Path:
    options = TrainOptions(
        base=settings.spacy_model,
        labels=tuple(args.labels.split(",")) if args.labels else (),
        eval_split=0.2,
        epochs=args.epochs,
        seed=args.seed,
        architecture=args.architecture,
    )
    words = sum(len(d.text.split()) for d in documents)
    print(
        f"training {options.architecture} on {len(documents)} documents ({words} words), "
        f"{options.epochs_to_run} epochs, seed {options.seed}, base {options.base}",
        flush=True,
    )
    started, cpu = time.perf_counter(), time.process_time()
    result = train_model(documents, out, options, compare_with=pipeline_predictor(settings))
    print(
        f"trained in {time.perf_counter() - started:.0f} s wall, {time.process_time() - cpu:.0f} s CPU; "
        f"held out (training writers): {len(result.meta['held_out'])} documents; "
        f"leads: {result.meta['leads']}"
    )
    return result.model_dir


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model", type=Path, help="a model trained by an earlier run (skip training)")
    parser.add_argument("--out", type=Path, help="where to keep the trained model (default: temporary)")
    parser.add_argument("--architecture", default=SHARED)
    parser.add_argument("--epochs", type=int, help="default: the architecture's")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--style2", type=int, default=0, help="also train on N second-style transcripts")
    parser.add_argument("--labels", help="labels to train (default: every label of the gold)")
    parser.add_argument("--only", default=",".join(MATERIALS))
    parser.add_argument("--tab", type=int, default=30, help="first N TAB judgments")
    args = parser.parse_args()

    settings = dataclasses.replace(Settings(), detectors=gate.DETECTORS)
    by_writer = split_by_writer()
    print("development set by writer: " + ", ".join(f"{k} {len(v)}" for k, v in by_writer.items()))
    with tempfile.TemporaryDirectory(prefix="trained-by-writer-") as scratch:
        model = args.model
        if model is None:
            documents = training_documents(by_writer["train"], args.style2)
            model = train(args, documents, settings, args.out or Path(scratch) / "model")
        else:
            meta = read_meta(model)
            test_names = {t.name for group in OTHER_WRITERS for t in by_writer[group]}
            seen = [d["id"] for d in meta["documents"] + meta["held_out"] if d["id"] in test_names]
            if seen:
                raise SystemExit(f"{model} was trained on test transcripts ({len(seen)}); not a fair test")
            print(f"model {model}: {meta['architecture']}, {meta['epochs']} epochs, leads {meta['leads']}")
        with_trained = dataclasses.replace(settings, trained_model=str(model))
        names = (*gate.DETECTORS, TRAINED)
        for material in args.only.split(","):
            documents = gold_documents(material, by_writer, args.tab)
            if not documents:
                print(f"\n{material}: no material")
                continue
            started = time.perf_counter()
            label_of = gate.tab_label if material == "tab" else None
            default = gate.measure(material, detect(documents, gate.DETECTORS, settings), label_of)
            middle = time.perf_counter()
            trained = gate.measure(material, detect(documents, names, with_trained), label_of)
            print(
                f"\n{material}: {len(documents)} documents; detection {middle - started:.1f} s default, "
                f"{time.perf_counter() - middle:.1f} s default + trained"
            )
            print(comparison(material, default, trained), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
