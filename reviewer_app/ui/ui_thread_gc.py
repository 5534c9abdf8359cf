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
"""

from __future__ import annotations

import gc

import shiboken6
from PySide6.QtCore import QCoreApplication, QObject, QTimer

INTERVAL_MS = 500


class UiThreadGarbageCollector(QObject):
    def __init__(self, app: QCoreApplication) -> None:
        super().__init__(app)
        self._timer = QTimer(self)
        self._timer.setInterval(INTERVAL_MS)
        self._timer.timeout.connect(self.collect)
        gc.disable()
        self._timer.start()

    def collect(self) -> None:
        """What the automatic collector would have done by now: the oldest generation
        whose count passed its threshold, with the younger ones."""
        # Some libraries switch it back on after their own work (srsly's msgpack
        # loading, under spaCy): off again at every tick.
        gc.disable()
        counts, thresholds = gc.get_count(), gc.get_threshold()
        for generation in (2, 1, 0):
            if counts[generation] > thresholds[generation]:
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
        gc.disable()  # a library may have switched it back on
        return
    _collector = UiThreadGarbageCollector(app)
