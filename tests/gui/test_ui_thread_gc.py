"""Cycles are freed on the UI thread, never on a task's worker thread (a QObject
destroyed there leaves its timers registered on the UI thread: SIGSEGV)."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import threading
from typing import ClassVar

from reviewer_app.ui.workers import Task, TaskRunner


class Cycle:
    freed_on: ClassVar[list[str]] = []

    def __init__(self) -> None:
        self.me = self

    def __del__(self) -> None:
        Cycle.freed_on.append(threading.current_thread().name)


def allocate(progress) -> int:
    # Enough new containers to pass the youngest generation's threshold many times.
    junk = [[i] for i in range(50_000)]
    return len(junk)


def test_garbage_cycles_are_freed_on_the_ui_thread_while_tasks_allocate(qtbot):
    runner = TaskRunner()
    assert not gc.isenabled()
    Cycle.freed_on.clear()
    for _ in range(2000):
        Cycle()  # unreachable at once; only the cycle collector frees them
    task = Task(allocate, "allocate")
    # Waiting from before the start: a queued signal reaches only the slots connected when it is sent.
    with qtbot.waitSignal(task.signals.finished, timeout=10000):
        runner.start(task)
    qtbot.waitUntil(lambda: len(Cycle.freed_on) == 2000, timeout=5000)
    assert set(Cycle.freed_on) == {threading.main_thread().name}


def allocate_after_a_library_switched_collection_back_on(progress) -> int:
    gc.enable()  # what srsly's msgpack calls do when spaCy loads a model on a worker
    return allocate(progress)


def test_cycles_stay_on_the_ui_thread_when_a_library_switches_collection_back_on(qtbot):
    runner = TaskRunner()
    Cycle.freed_on.clear()
    for _ in range(2000):
        Cycle()
    task = Task(allocate_after_a_library_switched_collection_back_on, "allocate")
    with qtbot.waitSignal(task.signals.finished, timeout=10000):
        runner.start(task)
    qtbot.waitUntil(lambda: len(Cycle.freed_on) == 2000, timeout=5000)
    assert set(Cycle.freed_on) == {threading.main_thread().name}
    gc.disable()


def test_a_finished_task_lets_go_of_its_signals_on_the_ui_thread(qtbot):
    import shiboken6

    runner = TaskRunner()
    task = Task(lambda progress: 1, "one")
    signals = task.signals
    with qtbot.waitSignal(signals.finished, timeout=10000):
        runner.start(task)
    # The runner's own slot of `finished` may come after the waiting one.
    qtbot.waitUntil(lambda: runner.running == [], timeout=5000)
    qtbot.waitUntil(lambda: not shiboken6.isValid(signals), timeout=5000)


# In a process of its own: the crash this guards against kills the process.
DROPPED_RUNNERS = """
from PySide6.QtWidgets import QApplication
from reviewer_app.ui.workers import Task, TaskRunner
app = QApplication([])
for _ in range(5):
    runner = TaskRunner()
    task = Task(lambda progress: 1, "one")
    runner.start(task)
    runner.wait()  # `finished` is emitted and queued, not yet delivered
    del runner, task
    for _ in range(5):
        app.processEvents()
print("survived")
"""


def test_a_runner_without_parent_dropped_before_its_task_is_forgotten_is_deleted_once():
    # The connection of `finished` used to hold a Python callable that kept the runner
    # alive; deleting `signals` then deleted the runner, and `signals` again with it.
    done = subprocess.run(
        [sys.executable, "-X", "faulthandler", "-c", DROPPED_RUNNERS],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "survived"
