"""Python's cyclic garbage collection, run on the UI thread only.

Left to itself, Python collects cycles on whatever thread happens to allocate
when a threshold is passed: often a task's worker thread, or the thread that
feeds the detection process. A window or dialog kept alive by a cycle (a lambda
connected to one of its signals that captures it) is then destroyed there, and
with it its QTimers, which Qt can only unregister on their own thread: the next
timer tick of the UI thread's event loop touches freed memory and the process
dies with SIGSEGV in QTimerInfoList::activateTimers (seen in the window tests).
So the automatic collector is switched off and a timer on the UI thread does
its work, with Python's own thresholds.

Switching it off takes two locks, because libraries turn it back on: srsly
(under spaCy, loading a model on a worker thread) wraps its msgpack calls in
`gc.disable()` ... `gc.enable()`. Besides `gc.disable()`, the youngest
generation's threshold is set to zero, which stops automatic collection
whether the collector is enabled or not; the timer compares the counts with the
thresholds Python had before.
"""

from __future__ import annotations

import gc

import shiboken6
from PySide6.QtCore import QCoreApplication, QObject, QTimer

INTERVAL_MS = 500
# Python's own thresholds, read before this module switches automatic collection off.
PYTHON_THRESHOLDS = gc.get_threshold()


def _stop_automatic_collection() -> None:
    gc.disable()
    gc.set_threshold(0)  # holds even after a library's gc.enable()


class UiThreadGarbageCollector(QObject):
    def __init__(self, app: QCoreApplication) -> None:
        super().__init__(app)
        self._timer = QTimer(self)
        self._timer.setInterval(INTERVAL_MS)
        self._timer.timeout.connect(self.collect)
        _stop_automatic_collection()
        self._timer.start()

    def collect(self) -> None:
        """What the automatic collector would have done by now: the oldest generation
        whose count passed its threshold, with the younger ones."""
        _stop_automatic_collection()
        counts = gc.get_count()
        for generation in (2, 1, 0):
            if counts[generation] > PYTHON_THRESHOLDS[generation]:
                gc.collect(generation)
                return


_collector: UiThreadGarbageCollector | None = None


def collect_garbage_on_ui_thread() -> None:
    """Install the collector once per application; call it on the UI thread."""
    global _collector
    app = QCoreApplication.instance()
    if app is None:
        return
    # A collector of an application that is gone (a test's) is replaced.
    if _collector is not None and shiboken6.isValid(_collector) and _collector.parent() is app:
        _stop_automatic_collection()
        return
    _collector = UiThreadGarbageCollector(app)
