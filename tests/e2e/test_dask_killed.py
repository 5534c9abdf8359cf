"""`project add --engine dask` stopped by Ctrl+C or killed by SIGKILL leaves no worker
process of its local cluster behind."""

from __future__ import annotations

import os
import signal
import subprocess

import pytest

from tests.e2e.test_add_killed import (
    PROC,
    ROOT,
    _alive,
    _descendants,
    _kill_all,
    _wait_until_gone,
    new_corpus,
)

pytest.importorskip("distributed")
pytestmark = [
    pytest.mark.skipif(not (PROC / "self" / "stat").exists(), reason="needs Linux /proc"),
    pytest.mark.slow,
]


def _start_add(tmp_path) -> tuple[subprocess.Popen, set[int]]:
    """A `project add --engine dask --jobs 2` run in its own session, once its cluster is
    up, with the process ids of its workers (loading spaCy at that point)."""
    command, (project, *files), env = new_corpus(tmp_path)
    add = subprocess.Popen(
        [*command, "add", project, *files, "--engine", "dask", "--jobs", "2", "--detectors", "spacy"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # a terminal's Ctrl+C reaches the whole process group
    )
    for line in add.stderr:
        if "dask: local cluster" in line:
            break
    # Started by multiprocessing's spawn_main, then renamed by Dask "dask worker [ADDRESS]".
    workers = {
        pid
        for pid in _descendants(add.pid)
        if any(name in (PROC / str(pid) / "cmdline").read_bytes() for name in (b"spawn_main", b"dask worker"))
    }
    return add, workers


def _clean_up(add: subprocess.Popen, workers: set[int]) -> None:
    if add.poll() is None:
        add.kill()
        add.wait()
    add.stderr.close()
    _kill_all({p for p in workers if _alive(p)})


def test_ctrl_c_closes_the_cluster_and_says_what_was_kept(tmp_path):
    add, workers = _start_add(tmp_path)
    try:
        assert len(workers) == 2, "the local cluster did not start its two workers"
        assert add.poll() is None, "the run ended before it could be interrupted"
        os.killpg(add.pid, signal.SIGINT)
        assert add.wait(timeout=30) == 1
        err = add.stderr.read()
        assert "interrupted after" in err and "the same command detects the rest" in err
        assert "Traceback" not in err
        assert not _wait_until_gone(workers, seconds=5), "a worker outlived the interrupted run"
    finally:
        _clean_up(add, workers)


def test_workers_of_a_killed_client_end_within_seconds(tmp_path):
    add, workers = _start_add(tmp_path)
    try:
        assert len(workers) == 2, "the local cluster did not start its two workers"
        family = _descendants(add.pid)
        add.send_signal(signal.SIGKILL)
        assert add.wait(timeout=30) == -signal.SIGKILL  # killed while the cluster was working
        left = _wait_until_gone(family, seconds=5)
        assert not left, f"{len(left)} processes outlived their killed client"
    finally:
        _clean_up(add, workers | _descendants(add.pid))
