"""`project add --engine dask [--scheduler ADDRESS]`: detection tasks on Dask distributed.

Without `--scheduler`, a `LocalCluster` on this machine: `--jobs` worker
processes of one thread each, every socket bound to 127.0.0.1, no dashboard,
no spilling to disk (transcripts stay in memory). With `--scheduler`, any
running Dask scheduler; its workers need reviewer-app and the detectors'
models installed.

The client reads each file (the checks `import_file` makes first) and sends
its bytes, so workers need no view of the client's disk; a worker parses the
file and runs detection. Detectors load once per worker process: the task
uses `registry.shared_instance`, a per-process cache keyed by detector name
and settings. Only a bounded number of tasks is in flight, so memory does not
grow with the corpus. Results come back as they complete, and only the
client writes the project.

A task that fails (a detector that was ready raised, or the worker died) is
reported by its file name and run once more, possibly on another worker; the
second attempt keeps what the detectors that did run found, as a serial run
does. Logs and messages name files, detectors and error types, never text.

A `LocalCluster`'s workers are children of this process. They start with
SIGINT ignored: on Ctrl+C this process closes them. Each also watches a pipe
from this process and ends when it closes, so they end with it even on SIGKILL.
While the engine runs, Ctrl+C is noted (`ctrl_c_deferred`) and raised as
KeyboardInterrupt where `detect_on_cluster` waits for results, never inside one
of distributed's blocking calls.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from reviewer_app.settings import Settings

INSTALL_HINT = "pip install 'reviewer-app[cluster]' (from a checkout: pip install -e '.[cluster]')"
LOCALHOST = "127.0.0.1"
# How long to try reaching a scheduler named with --scheduler before giving up.
CONNECT_SECONDS = 10.0
# Tasks in flight per worker thread: enough to keep each busy while the client
# stores a result, few enough that the files' bytes do not pile up in memory.
IN_FLIGHT_PER_THREAD = 2
CLOSE_SECONDS = 10.0
# How often the wait for results looks whether Ctrl+C was pressed.
POLL_SECONDS = 0.1

# One detection at a time per worker process: loaded detectors (spaCy, torch
# models) are shared by the process's tasks and are not safe to load or run
# from two threads at once, should a worker run with several threads.
_DETECTION_LOCK = threading.Lock()


class EngineUnavailable(Exception):
    """Dask is not installed or the scheduler cannot be reached; the message says what to do."""


@dataclass(frozen=True)
class TryAgain:
    """A task's outcome asking for one more attempt; `reason` names detectors and error types."""

    reason: str


def require_dask():
    try:
        import distributed
    except ImportError as exc:
        raise EngineUnavailable(f"--engine dask needs Dask, which is not installed: {INSTALL_HINT}") from exc
    return distributed


@contextlib.contextmanager
def dask_client(scheduler: str | None, workers: int, say: Callable[[str], None]) -> Iterator[object]:
    """A Dask client: of a new LocalCluster of `workers` processes, or of the
    scheduler at `scheduler`. Client and cluster are closed on leaving, however."""
    distributed = require_dask()
    import dask

    with contextlib.ExitStack() as stack:
        if scheduler:
            _reach(scheduler)
            try:
                client = distributed.Client(scheduler, timeout=CONNECT_SECONDS, set_as_default=False)
            except Exception as exc:
                raise _unreachable(scheduler, exc) from exc
            stack.callback(client.close, CLOSE_SECONDS)
            threads = sum(client.nthreads().values())
            say(f"dask: scheduler {scheduler}, workers: {len(client.nthreads())}, threads: {threads}")
        else:
            # Spilling would write transcripts held by a worker to its scratch folder. A task
            # whose worker dies comes back as KilledWorker at once (the scheduler's default is
            # three more tries), to be retried once like any failed task.
            settings_of_dask = {
                "distributed.worker.memory.target": False,
                "distributed.worker.memory.spill": False,
                "distributed.scheduler.allowed-failures": 0,
            }
            stack.enter_context(dask.config.set(settings_of_dask))
            with _ctrl_c_ignored():
                cluster = distributed.LocalCluster(
                    n_workers=workers,
                    threads_per_worker=1,
                    processes=True,
                    host=LOCALHOST,
                    scheduler_port=0,
                    # The scheduler's HTTP routes (health, metrics) on a free local port, no dashboard.
                    dashboard_address=f"{LOCALHOST}:0",
                    scheduler_kwargs={"dashboard": False},
                    worker_dashboard_address=None,
                )
            stack.callback(cluster.close, CLOSE_SECONDS)
            client = distributed.Client(cluster, set_as_default=False)
            stack.callback(client.close, CLOSE_SECONDS)
            client.run(_skip_teardown_at_exit)
            say(f"dask: local cluster on {LOCALHOST}, worker processes: {workers}")
        yield client


@contextlib.contextmanager
def _ctrl_c_ignored() -> Iterator[None]:
    """SIGINT ignored in this process meanwhile, and so in the worker processes it
    starts: a terminal's Ctrl+C reaches the whole process group, and a worker that
    took it would die printing a traceback; this process closes them instead."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


@contextlib.contextmanager
def ctrl_c_deferred() -> Iterator[threading.Event]:
    """Meanwhile, Ctrl+C only sets the event given; `detect_on_cluster` raises
    KeyboardInterrupt when it sees it. distributed's blocking calls (its `sync`) answer
    an interrupt that lands before their coroutine has started with a NameError
    traceback printed from the event loop's thread (seen with distributed 2026.8)."""
    pressed = threading.Event()
    if threading.current_thread() is not threading.main_thread():
        yield pressed
        return
    previous = signal.signal(signal.SIGINT, lambda signum, frame: pressed.set())
    try:
        yield pressed
    finally:
        signal.signal(signal.SIGINT, previous)


def _reach(address: str) -> None:
    """Raise EngineUnavailable unless a Dask scheduler answers at `address`. Tried
    before making a Client, which prints a traceback when it is collected
    after failing to connect."""
    import asyncio

    from distributed.comm import connect

    async def probe() -> None:
        comm = await connect(address, timeout=CONNECT_SECONDS)
        await comm.close()

    try:
        asyncio.run(probe())
    except Exception as exc:
        raise _unreachable(address, exc) from exc


def _unreachable(address: str, exc: Exception) -> EngineUnavailable:
    why = str(exc) if isinstance(exc, (OSError, ValueError)) else type(exc).__name__
    return EngineUnavailable(
        f"cannot reach a Dask scheduler at {address} ({why}); is it running, and is the address right?"
    )


def _skip_teardown_at_exit() -> None:
    """Run on each worker of a LocalCluster: end the process at exit without the
    interpreter's teardown, which takes ~5 s once spaCy and torch are loaded,
    longer than the nanny waits before killing the worker with a warning."""
    import atexit
    import logging
    import os
    import sys

    def exit_now() -> None:
        logging.shutdown()
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(0)

    atexit.register(exit_now)


def detect_task(
    path: Path, data: bytes, names: Sequence[str], settings: Settings, detect: bool, last_attempt: bool
):
    """Run on a worker: parse one file's bytes and detect. Returns what
    `import_and_detect` returns (an import error message, or (document,
    result-or-None)), or `TryAgain` when something failed and this is not the
    last attempt. Raises nothing, so Dask never logs the task's arguments."""
    from reviewer_app.importers import TranscriptImportError, import_bytes

    try:
        document = import_bytes(path, data)
        if not detect:
            return document, None
        from reviewer_app.detectors.runner import run_detection

        with _DETECTION_LOCK:
            result = run_detection(document, names, settings)
    except TranscriptImportError as exc:
        return str(exc)
    except Exception as exc:  # noqa: BLE001 - reported by file; the batch goes on
        return f"failed: {type(exc).__name__}" if last_attempt else TryAgain(f"failed: {type(exc).__name__}")
    # A detector that was ready but raised may have met a passing trouble (memory);
    # one that is not installed would fail again and is not retried.
    failed = [f"{r.name}: {r.error}" for r in result.runs if r.status.ready and r.error]
    if failed and not last_attempt:
        return TryAgain("; ".join(failed))
    return document, result


def detect_on_cluster(
    client,
    paths: Sequence[Path],
    names: Sequence[str],
    settings: Settings,
    detect: bool,
    say: Callable[[str], None],
    interrupted: threading.Event | None = None,
) -> Iterator[tuple[Path, object]]:
    """(path, outcome) pairs as the cluster finishes them, outcomes as
    `import_and_detect` returns them; each file tried at most twice. Raises
    KeyboardInterrupt once `interrupted` is set (see `ctrl_c_deferred`)."""
    from distributed import as_completed

    from reviewer_app.importers import TranscriptImportError, read_transcript_bytes

    threads = max(1, sum(client.nthreads().values()))
    limit = max(2, IN_FLIGHT_PER_THREAD * threads)
    waiting = iter(paths)
    tasks: dict[object, tuple[Path, bool]] = {}
    running = as_completed(loop=client.loop)
    interrupted = interrupted or threading.Event()

    def finished() -> Iterator[object]:
        while not running.is_empty():
            batch = running.next_batch(block=False)
            if not batch:
                interrupted.wait(POLL_SECONDS)
            for future in batch:
                if interrupted.is_set():
                    raise KeyboardInterrupt
                yield future
            if interrupted.is_set():
                raise KeyboardInterrupt

    def submit(path: Path, last_attempt: bool) -> str | None:
        """Send `path` to the cluster; an import error message if it cannot be read."""
        if interrupted.is_set():
            raise KeyboardInterrupt
        try:
            data = read_transcript_bytes(path, settings)
        except TranscriptImportError as exc:
            return str(exc)
        # pure=False: a random key; a key made from the file name would show it in the scheduler's logs.
        future = client.submit(detect_task, path, data, names, settings, detect, last_attempt, pure=False)
        tasks[future] = (path, last_attempt)
        running.add(future)
        return None

    def fill() -> Iterator[tuple[Path, str]]:
        for path in waiting:
            if (problem := submit(path, last_attempt=False)) is not None:
                yield path, problem
            if len(tasks) >= limit:
                return

    yield from fill()
    for future in finished():
        path, last_attempt = tasks.pop(future)
        try:
            outcome = future.result()
        except Exception as exc:  # noqa: BLE001 - a worker that died (KilledWorker), a lost connection
            reason = f"failed: {type(exc).__name__}"
            outcome = reason if last_attempt else TryAgain(reason)
        future.release()
        if isinstance(outcome, TryAgain):
            say(f"{path.name}: {outcome.reason}; trying once more")
            if (problem := submit(path, last_attempt=True)) is not None:
                yield path, problem
        else:
            yield path, outcome
        yield from fill()
