"""Documents per minute of `project add --engine dask` against the number of local
workers, with the default detectors on generated hearings, and what Dask adds to an
install (size on disk, import time).

    .venv/bin/python -m benchmarks.dask_engine [--docs 6] [--words 15000] [--workers 1,2]
    .venv/bin/python -m benchmarks.dask_engine --weight-only

For each number of workers: a LocalCluster as `project add --engine dask --jobs N`
makes it, a warm-up that loads the detectors in every worker (timed apart: each
worker pays it once), then the documents through the engine into a project, the
client storing each result as `project add` does. The rate is documents over that
last stretch; memory is each worker's resident set size at the end.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from reviewer_app.cli.dask_engine import dask_client, detect_on_cluster
from reviewer_app.cli.project_cmd import _store_detection
from reviewer_app.core.document import Document
from reviewer_app.detectors.registry import default_names
from reviewer_app.settings import Settings
from reviewer_app.store import Project
from tests.fixtures.generator import generate_transcript

CLUSTER_PACKAGES = ("dask", "distributed")


def _requirements(name: str, extras: tuple[str, ...] = ()) -> set[str]:
    """Names of the distributions `name` needs (with `extras`), markers for this interpreter."""
    try:
        requires = importlib.metadata.requires(name) or []
    except importlib.metadata.PackageNotFoundError:
        return set()
    out = set()
    for line in requires:
        requirement, _, marker = line.partition(";")
        extra = re.search(r"extra\s*==\s*['\"]([^'\"]+)['\"]", marker)
        if extra and extra.group(1) not in extras:
            continue
        if "python_version" in marker and "<" in marker:  # back-ports older Pythons need
            continue
        out.add(re.split(r"[\s<>=!~\[(]", requirement.strip(), maxsplit=1)[0].lower().replace("_", "-"))
    return out


def _closure(roots: set[str]) -> set[str]:
    seen, todo = set(), set(roots)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        todo |= _requirements(name)
    return seen


def _size_mb(name: str) -> float:
    try:
        dist = importlib.metadata.distribution(name)
    except importlib.metadata.PackageNotFoundError:
        return 0.0
    total = 0
    for file in dist.files or ():
        path = Path(dist.locate_file(file))
        if path.is_file():
            total += path.stat().st_size
    return total / 1e6


def _import_seconds(module: str, repeat: int = 3) -> float:
    """Best wall time of `import module` in a fresh interpreter, less the bare interpreter's."""

    def best(code: str) -> float:
        times = []
        for _ in range(repeat):
            started = time.perf_counter()
            subprocess.run([sys.executable, "-c", code], check=True)
            times.append(time.perf_counter() - started)
        return min(times)

    return best(f"import {module}") - best("pass")


def weight() -> None:
    app = _closure({"reviewer-app"})
    cluster = _closure(set(CLUSTER_PACKAGES))
    # What `pip install reviewer-app` (no extras) does not bring already.
    added = sorted(cluster - app)
    sizes = {name: _size_mb(name) for name in added}
    print("installed by the cluster extra beyond the desktop install:")
    for name, size in sorted(sizes.items(), key=lambda item: -item[1]):
        print(f"  {name:20} {size:7.1f} MB")
    print(f"  {'total':20} {sum(sizes.values()):7.1f} MB ({len(added)} distributions)")
    dask_s, distributed_s = _import_seconds("dask"), _import_seconds("distributed")
    print(f"import time: dask {dask_s:.2f} s, distributed (with dask) {distributed_s:.2f} s")


def _warm_up(names: tuple[str, ...], settings: Settings) -> float:
    """Run in each worker: load the detectors (once per process, as the tasks would)."""
    from reviewer_app.detectors.runner import run_detection

    started = time.perf_counter()
    run_detection(Document("warm-up", "Mr. Kevin Richardson lives in Fresno.\n"), names, settings)
    return time.perf_counter() - started


def _rss_mb() -> float:
    import psutil

    return psutil.Process().memory_info().rss / 1e6


def measure(
    files: list[Path], workers: int, names: tuple[str, ...], settings: Settings, folder: Path
) -> dict:
    started = time.perf_counter()
    with dask_client(None, workers, lambda message: None) as client:
        ready = time.perf_counter() - started
        loads = client.run(_warm_up, names, settings)
        started = time.perf_counter()
        project_path = folder / f"workers-{workers}.db"
        storing = 0.0
        with Project.create(project_path, "benchmark") as project:
            for path, outcome in detect_on_cluster(client, files, names, settings, True, print):
                if isinstance(outcome, str):
                    raise SystemExit(f"{path.name}: {outcome}")
                document, result = outcome
                stored = time.perf_counter()
                doc_id = project.add_document(document)
                _store_detection(project, doc_id, document, result, settings)
                storing += time.perf_counter() - stored
        seconds = time.perf_counter() - started
        memory = client.run(_rss_mb)
    return {
        "workers": workers,
        "start": ready,
        "load": max(loads.values()),
        "seconds": seconds,
        "per_minute": 60 * len(files) / seconds,
        "rss_mb": max(memory.values()),
        "store": storing / len(files),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--docs", type=int, default=6)
    parser.add_argument("--words", type=int, default=15000)
    parser.add_argument("--workers", default="1,2", help="comma-separated numbers of workers")
    parser.add_argument("--weight-only", action="store_true", help="only the install size and import time")
    args = parser.parse_args()

    weight()
    if args.weight_only:
        return 0
    settings = Settings()
    names = default_names(settings)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        files = []
        for seed in range(args.docs):
            generated = generate_transcript(100 + seed, args.words)
            files.append(folder / f"{generated.name}.txt")
            files[-1].write_text(generated.canonical_text, encoding="utf-8")
        words = sum(len(f.read_text(encoding="utf-8").split()) for f in files) / len(files)
        print(f"\n{args.docs} hearings of {words:,.0f} words; detectors: {', '.join(names)}")
        rows = [measure(files, int(n), names, settings, folder) for n in args.workers.split(",")]
    print(
        f"\n{'workers':>7} {'start s':>8} {'load s':>7} {'detect s':>9} {'docs/min':>9} "
        f"{'RSS/worker MB':>14} {'store s/doc':>12}"
    )
    for row in rows:
        print(
            f"{row['workers']:7} {row['start']:8.1f} {row['load']:7.1f} {row['seconds']:9.1f} "
            f"{row['per_minute']:9.2f} {row['rss_mb']:14,.0f} {row['store']:12.2f}"
        )
    # The one writer's ceiling: beyond it, more workers do not help.
    store = max(row["store"] for row in rows)
    print(f"\nthe client stores a document in {store:.2f} s: at most {60 / store:,.0f} documents/min")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
