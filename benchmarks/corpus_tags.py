"""How long matching persons across a corpus takes (`project export --tags corpus`,
`project persons --match`), against the number of documents.

    .venv/bin/python -m benchmarks.corpus_tags [--documents 200 1000 3000] [--persons 15] [--seed 1]

Each synthetic document has `--persons` people drawn from a pool of recurring people
(commissioners and attorneys in many hearings, an incarcerated person in a few) and
one-off people, some names misspelt. Only the matching is timed (`CorpusTagging.assign`
over every document, in a project with no corpus persons yet), not reading spans or
clustering within the documents. Prints documents, corpus persons found, seconds in
all and milliseconds per document.
"""

from __future__ import annotations

import argparse
import random
import string
import tempfile
import time
from pathlib import Path

from reviewer_app.core.clusters import Cluster
from reviewer_app.core.document import Document
from reviewer_app.store import Project
from reviewer_app.store.corpus_scope import CorpusTagging


def _name(rng: random.Random) -> tuple[str, str]:
    def word(n: int) -> str:
        return rng.choice(string.ascii_lowercase.upper()) + "".join(rng.choices(string.ascii_lowercase, k=n))

    return word(rng.randint(3, 6)), word(rng.randint(4, 9))


def _misspell(rng: random.Random, part: str) -> str:
    i = rng.randrange(1, len(part))
    return part[:i] + rng.choice(string.ascii_lowercase) + part[i + 1 :]


def corpus(documents: int, persons: int, seed: int) -> list[tuple[Document, list[Cluster]]]:
    rng = random.Random(seed)
    recurring = [_name(rng) for _ in range(max(20, documents // 5))]
    out = []
    for d in range(documents):
        clusters = []
        chosen = rng.sample(recurring, k=min(persons // 2, len(recurring)))
        chosen += [_name(rng) for _ in range(persons - len(chosen))]
        for c, (first, last) in enumerate(chosen):
            if rng.random() < 0.05 and len(last) >= 6:
                last = _misspell(rng, last)
            full = f"{first} {last}"
            parts = (first.casefold(), last.casefold())
            clusters.append(Cluster(c + 1, (c,), (full, last), parts))
        out.append((Document(f"doc{d:05d}", ""), clusters))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--documents", type=int, nargs="+", default=[200, 1000, 3000])
    parser.add_argument("--persons", type=int, default=15)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print("documents  corpus persons  seconds  ms/document")
    for n in args.documents:
        data = corpus(n, args.persons, args.seed)
        with tempfile.TemporaryDirectory() as tmp, Project.create(Path(tmp) / "p.db") as project:
            tagging = CorpusTagging(project)
            started = time.perf_counter()
            for document, clusters in data:
                tagging.assign(document, clusters)
            seconds = time.perf_counter() - started
        print(f"{n:9d}  {len(tagging.new_persons):14d}  {seconds:7.2f}  {1000 * seconds / n:11.2f}")


if __name__ == "__main__":
    main()
