"""Training from the window, in a child process.

spaCy's training holds Python's GIL for most of each step, so it runs in a
spawned process of its own (like detection, see `detection_process`); the
window polls a queue for progress and the result, and a stop is an Event the
child turns into spaCy-safe stop at the next batch (the best model so far is
kept). Only figures and messages cross the queue, never transcript text.
"""

from __future__ import annotations

import multiprocessing
import queue
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reviewer_app.training.train import TrainOptions


@dataclass(frozen=True)
class TrainingUpdate:
    kind: str  # "progress", "done", "error"
    fraction: float = 0.0
    eta: float | None = None
    best_score: float | None = None
    message: str = ""
    result: Any = None  # a TrainResult when kind == "done"


def _train_in_child(project: str, out: str, options: TrainOptions, updates, stop) -> None:
    import signal
    import sys

    # Terminated (the dialog closed): unwind, so the temporary folder with the
    # training text is removed and no half-written model is left.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    from reviewer_app.settings import load_settings
    from reviewer_app.training.data import TrainingDataError, read_sources
    from reviewer_app.training.model_dir import ModelDirError
    from reviewer_app.training.train import TrainingStopped, pipeline_predictor, request_stop, train_model

    def report(progress) -> None:
        if stop.is_set():
            request_stop()
        updates.put(TrainingUpdate("progress", progress.fraction, progress.eta, progress.best_score))

    try:
        documents = read_sources([Path(project)])
        compare = pipeline_predictor(load_settings())
        result = train_model(documents, Path(out), options, report, sources=[project], compare_with=compare)
    except (TrainingDataError, ModelDirError, TrainingStopped, OSError) as exc:
        updates.put(TrainingUpdate("error", message=str(exc)))
        return
    except Exception as exc:  # noqa: BLE001 - reported in the window; its message may quote text
        updates.put(TrainingUpdate("error", message=f"training failed ({type(exc).__name__})"))
        return
    updates.put(TrainingUpdate("done", 1.0, 0.0, message=str(result.model_dir), result=result))


class TrainingProcess:
    """One training run in a spawned child; `poll()` returns the updates so far."""

    def __init__(self, project: Path, out: Path, options: TrainOptions) -> None:
        context = multiprocessing.get_context("spawn")
        self._updates = context.Queue()
        self._stop = context.Event()
        self._process = context.Process(
            target=_train_in_child,
            args=(str(project), str(out), options, self._updates, self._stop),
            daemon=True,
            name="reviewer-train",
        )
        self.finished = False

    def start(self) -> None:
        self._process.start()

    def stop(self) -> None:
        """Ask for a stop; the child keeps the best model so far and reports it as done."""
        self._stop.set()

    def poll(self) -> list[TrainingUpdate]:
        updates = self._drain(0.0)
        if not self.finished and self._process.exitcode is not None:
            # Ended: what it put last may still be on its way through the pipe.
            updates += self._drain(1.0)
        if not self.finished and self._process.exitcode is not None:
            # Died without a word (killed, out of memory): say so once.
            self.finished = True
            updates.append(TrainingUpdate("error", message="the training process ended unexpectedly"))
        return updates

    def _drain(self, wait: float) -> list[TrainingUpdate]:
        updates = []
        while not self.finished:
            try:
                update = self._updates.get(timeout=wait) if wait else self._updates.get_nowait()
            except (queue.Empty, OSError, EOFError):
                break
            updates.append(update)
            self.finished = update.kind in ("done", "error")
        return updates

    def kill(self) -> None:
        if self._process.is_alive():
            self._process.terminate()
            self._process.join(5)
