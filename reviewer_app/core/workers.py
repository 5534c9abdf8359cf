"""Worker processes that end with the process that started them.

A process pool's worker holds its own copies of the pool's pipes, so when its
parent is killed it never sees them close: it waits for work forever, holding
the models it loaded (~550 MB each). `end_with_parent`, run in the worker (as a
pool's initializer), ends it within a second of its parent, however the parent
ended.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys
import threading
import time

# <linux/prctl.h>: the signal the kernel sends this process when its parent dies.
_PR_SET_PDEATHSIG = 1
POLL_SECONDS = 0.5


def end_with_parent(parent_pid: int, kernel_signal: bool = True) -> None:
    """End this process when the process `parent_pid` (its parent) dies.

    On Linux the kernel kills it at once (prctl PR_SET_PDEATHSIG), even while a
    model holds the GIL. Strictly, that signal follows the parent *thread* that
    started this process; a pool started from a thread that ends before the
    pool does must pass kernel_signal=False. Everywhere, a thread also watches
    `os.getppid()`, which changes when the parent dies (the process is adopted).
    """
    if kernel_signal and sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    # The parent may have died before the signal was asked for.
    if os.getppid() != parent_pid:
        os._exit(1)
    threading.Thread(target=_watch_parent, args=(parent_pid,), name="end-with-parent", daemon=True).start()


def _watch_parent(parent_pid: int) -> None:
    while os.getppid() == parent_pid:
        time.sleep(POLL_SECONDS)
    os._exit(1)
