"""`project add --jobs N` killed with SIGKILL leaves no worker process behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROC = Path("/proc")

pytestmark = pytest.mark.skipif(not (PROC / "self" / "stat").exists(), reason="needs Linux /proc")

HEARING = (
    "PRESIDING COMMISSIONER JONES: Good morning, Mr. Kevin Richardson{n}. You were born in Fresno.\n"
    "INMATE RICHARDSON: Yes. My brother Michael Richardson lives in Los Angeles.\n"
)


def _stat_fields(pid: int) -> list[str] | None:
    """Fields of /proc/PID/stat after the command name (which may hold spaces)."""
    try:
        return (PROC / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None


def _alive(pid: int) -> bool:
    fields = _stat_fields(pid)
    return fields is not None and fields[0] not in ("Z", "X")  # a zombie has ended


def _descendants(pid: int) -> set[int]:
    parents = {}
    for entry in PROC.iterdir():
        if entry.name.isdigit():
            fields = _stat_fields(int(entry.name))
            if fields is not None:
                parents[int(entry.name)] = int(fields[1])
    found, frontier = set(), {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def _wait_until_gone(pids: set[int], seconds: float) -> set[int]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        alive = {p for p in pids if _alive(p)}
        if not alive:
            return alive
        time.sleep(0.1)
    return {p for p in pids if _alive(p)}


def _kill_all(pids: set[int]) -> None:
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass


def new_corpus(tmp_path) -> tuple[list, list[Path], dict[str, str]]:
    """A new project of four small hearings: the `project` command, the project and its
    files (to add), and the environment to run it in."""
    project = tmp_path / "corpus.db"
    files = []
    for n in range(4):
        files.append(tmp_path / f"hearing_{n}.txt")
        files[-1].write_text(HEARING.format(n=f" the {n}th"), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "reviewer_app", "project"]
    subprocess.run([*command, "new", project], cwd=ROOT, env=env, check=True, capture_output=True)
    return command, [project, *files], env


def test_workers_of_a_killed_add_end_within_seconds(tmp_path):
    command, (project, *files), env = new_corpus(tmp_path)
    add = subprocess.Popen(
        [*command, "add", project, *files, "--jobs", "2", "--detectors", "spacy"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    workers: set[int] = set()
    try:
        deadline = time.monotonic() + 60
        while len(workers) < 2 and time.monotonic() < deadline and add.poll() is None:
            time.sleep(0.05)
            workers = {
                pid
                for pid in _descendants(add.pid)
                if b"spawn_main" in (PROC / str(pid) / "cmdline").read_bytes()
            }
        assert len(workers) >= 2, "the pool did not start its workers"
        family = _descendants(add.pid)
        add.send_signal(signal.SIGKILL)
        assert add.wait(timeout=30) == -signal.SIGKILL  # killed while the pool was running
        left = _wait_until_gone(family, seconds=5)
        assert not left, f"{len(left)} processes outlived their killed parent"
    finally:
        if add.poll() is None:
            add.kill()
        _kill_all({p for p in workers | _descendants(add.pid) if _alive(p)})


_ORPHAN = textwrap.dedent(
    """
    import os, subprocess, sys, time
    child = subprocess.Popen([sys.executable, "-c", sys.argv[1], str(os.getpid())])
    print(child.pid, flush=True)
    time.sleep(120)
    """
)
_WATCHER = textwrap.dedent(
    """
    import sys, time
    from reviewer_app.core.workers import end_with_parent
    end_with_parent(int(sys.argv[1]), kernel_signal=False)
    time.sleep(120)
    """
)


def test_the_portable_fallback_ends_a_worker_whose_parent_died(tmp_path):
    """Without the kernel's signal (other systems), the watching thread ends it."""
    parent = subprocess.Popen(
        [sys.executable, "-c", _ORPHAN, _WATCHER],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        text=True,
    )
    child = int(parent.stdout.readline())
    try:
        time.sleep(1.0)  # the child is running its watcher
        assert _alive(child)
        parent.kill()
        parent.wait(timeout=30)
        assert not _wait_until_gone({child}, seconds=5)
    finally:
        _kill_all({child} if _alive(child) else set())
