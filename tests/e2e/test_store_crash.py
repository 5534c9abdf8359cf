"""Crash safety: a reviewer process killed with SIGKILL at random moments loses
no decision it had acknowledged, and the project file stays intact."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from reviewer_app.core.document import Document
from reviewer_app.core.spans import Span, Status
from reviewer_app.store import Project

ROUNDS = 50
SPANS_PER_DOCUMENT = 3_000
DOCUMENTS = 3

# Decides open spans one after another and prints each decision only after the
# store has returned, i.e. after the commit: what it printed was acknowledged.
_REVIEWER = textwrap.dedent(
    """
    import sys
    from reviewer_app.store import Project
    from reviewer_app.core.spans import Status

    project = Project.open(sys.argv[1], read_only=False)
    print("ready", flush=True)
    step = int(sys.argv[2])
    for document_id in project.document_ids():
        span = project.next_open_span(document_id)
        while span is not None:
            step += 1
            if step % 3 == 0:
                project.relabel(span.id, "LABEL_%d" % (step % 7))
                outcome = "accepted LABEL_%d" % (step % 7)
            elif step % 3 == 1:
                project.accept(span.id)
                outcome = "accepted " + span.label
            else:
                project.reject(span.id)
                outcome = "rejected " + span.label
            print(span.id, outcome, flush=True)
            span = project.next_open_span(document_id, span.start)
    """
)


def _build_project(path) -> None:
    words = " ".join(f"w{i:05d}" for i in range(SPANS_PER_DOCUMENT))  # one span per word
    with Project.create(path) as project:
        for n in range(DOCUMENTS):
            doc_id = project.add_document(Document(f"d{n}", f"{n} {words}"))
            offset = len(str(n)) + 1
            spans = [
                Span(offset + 7 * i, offset + 7 * i + 6, "PERSON", ("spacy",))
                for i in range(SPANS_PER_DOCUMENT)
            ]
            project.record_detection(doc_id, spans, ["spacy"])


@pytest.mark.slow
def test_sigkill_at_random_moments_loses_no_acknowledged_decision(tmp_path):
    path = tmp_path / "crash.db"
    _build_project(path)
    rng = random.Random(20261125)
    killed_while_deciding = 0
    decided = 0
    rejected = 0
    for round_no in range(ROUNDS):
        acknowledged: dict[int, tuple[str, str]] = {}
        child = subprocess.Popen(
            [sys.executable, "-c", _REVIEWER, str(path), str(round_no)],
            stdout=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        # Random moments: one round in five while the child starts and opens the
        # project, the others while it commits decisions.
        if rng.random() < 0.2:
            time.sleep(rng.uniform(0.0, 0.5))
        else:
            assert child.stdout.readline() == "ready\n"
            time.sleep(rng.uniform(0.0, 0.25))
        child.send_signal(signal.SIGKILL)
        out, _ = child.communicate(timeout=30)
        assert child.returncode == -signal.SIGKILL
        lines = [line for line in out.splitlines() if line != "ready"]
        if out and not out.endswith("\n"):
            lines.pop()  # the kill cut the last line short: not acknowledged
        killed_while_deciding += bool(lines)
        for line in lines:
            span_id, status, label = line.split()
            acknowledged[int(span_id)] = (status, label)
        with Project.open(path, read_only=False) as project:
            assert project.integrity_check() == "ok"
            rows = project.db.execute("SELECT id, status, final_label FROM spans").fetchall()
            stored = {span_id: (status, label) for span_id, status, label in rows}
            lost = {i: want for i, want in acknowledged.items() if stored.get(i) != want}
            assert not lost, f"round {round_no}: {len(lost)} acknowledged decisions lost"
            # Every round starts from open spans again, so that a fast machine does not
            # run out of them (a child with nothing to decide would exit before the kill).
            with project.db.conn:
                project.db.execute(
                    "UPDATE spans SET status = 'pending', final_label = label, decided_at = NULL"
                )
        decided += len(acknowledged)
        rejected += sum(1 for status, _ in acknowledged.values() if status == Status.REJECTED)
    assert killed_while_deciding >= ROUNDS // 2, "the kills should mostly land while decisions are made"
    assert decided > 200
    assert rejected > 100


# Marks a document "detecting", as the window does when a run starts, then is
# killed before the run records anything.
_DETECTING = textwrap.dedent(
    """
    import os, signal, sys
    from reviewer_app.store import Project

    project = Project.open(sys.argv[1], read_only=False)
    project.set_detection_status(sys.argv[2], "detecting")
    os.kill(os.getpid(), signal.SIGKILL)
    """
)


def test_a_process_killed_while_detecting_leaves_the_document_interrupted(tmp_path):
    path = tmp_path / "p.db"
    with Project.create(path) as project:
        doc_id = project.add_document(Document("d0", "Ann Lee was here."))
    child = subprocess.run([sys.executable, "-c", _DETECTING, str(path), doc_id], timeout=60, check=False)
    assert child.returncode == -signal.SIGKILL
    with Project.open(path) as reopened:
        summary = reopened.document_summary(doc_id)
    assert summary.detection_status == "interrupted" and summary.state == "interrupted"
