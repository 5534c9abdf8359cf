"""The window's detector process: it outlives the task thread that started it (Qt ends
idle pool threads) and ends within seconds when the window's process is killed."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from reviewer_app.ui.detection_process import DetectionProcess
from tests.e2e.test_add_killed import PROC, _alive, _wait_until_gone

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(not (PROC / "self" / "stat").exists(), reason="needs Linux /proc")


def _start_from_a_thread_that_ends(process: DetectionProcess) -> int:
    """Start the pool as the window does, from a task thread, and let that thread end."""
    started: list[int] = []
    thread = threading.Thread(target=lambda: started.append(process._ensure().submit(os.getpid).result()))
    thread.start()
    thread.join()
    return started[0]


def test_the_detector_process_outlives_the_thread_that_started_it():
    process = DetectionProcess()
    try:
        child = _start_from_a_thread_that_ends(process)
        time.sleep(1.0)  # a parent-death signal tied to that thread would have come at once
        assert _alive(child)
        assert process._ensure().submit(os.getpid).result(timeout=30) == child
    finally:
        process.shutdown()


def test_the_detector_process_ends_when_the_window_process_is_killed():
    script = textwrap.dedent(
        """
        import time
        from reviewer_app.ui.detection_process import DetectionProcess
        from tests.unit.test_detection_process import _start_from_a_thread_that_ends

        print(_start_from_a_thread_that_ends(DetectionProcess()), flush=True)
        time.sleep(120)
        """
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    window = subprocess.Popen(
        [sys.executable, "-c", script], cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True
    )
    try:
        child = int(window.stdout.readline())
        assert _alive(child)
        os.kill(window.pid, signal.SIGKILL)
        window.wait()
        left = _wait_until_gone({child}, 5.0)
        if left:
            os.kill(child, signal.SIGKILL)
        assert not left, "the detector process outlived the window by more than 5 s"
    finally:
        window.kill()
        window.wait()
        window.stdout.close()
