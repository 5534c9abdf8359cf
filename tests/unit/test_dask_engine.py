"""`project add --engine dask`: a real Dask cluster on 127.0.0.1, detectors loaded once
per worker, one retry per failed task, the same spans as a serial run, clear messages
when Dask is missing or the scheduler cannot be reached."""

from __future__ import annotations

import collections
import os
import signal
import socket
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from reviewer_app.cli.exit_codes import Exit
from reviewer_app.cli.main import main
from reviewer_app.core.spans import Span
from reviewer_app.detectors import registry
from reviewer_app.detectors.base import Detector, DetectorStatus
from reviewer_app.store import Project

distributed = pytest.importorskip("distributed")

HEARING = (
    "PRESIDING COMMISSIONER JONES: Good morning, Mr. Kevin Richardson. You were born in Fresno{n}.\n"
    "INMATE RICHARDSON: Yes. My brother Michael Richardson lives in Los Angeles.\n"
)
# Set in each worker by `_RegisterTestDetectors`, in this process by the `markers` fixture.
MARKERS: Path | None = None


def _note(kind: str) -> None:
    with (MARKERS / kind).open("a") as fh:
        fh.write(f"{os.getpid()}\n")


def _find(chunk, word: str, label: str, name: str) -> list[Span]:
    start = chunk.text.find(word)
    return [Span(start, start + len(word), label, (name,))] if start >= 0 else []


class LoadCountingDetector(Detector):
    """Notes each model load and each detection with the process id."""

    name = "load_counting"
    labels = ("PERSON",)

    def __init__(self, settings) -> None:
        super().__init__(settings)
        self.loaded = False

    def status(self) -> DetectorStatus:
        return DetectorStatus(True, "test detector")

    def load(self) -> None:
        if not self.loaded:
            _note("loads")
            self.loaded = True

    def detect(self, chunk, shared):
        _note("detections")
        return _find(chunk, "Richardson", "PERSON", self.name)


class FailingDetector(Detector):
    """Raises on a text saying FAIL-ALWAYS; on one saying FAIL-ONCE, the first time that
    document is detected in any process (a marker file per document)."""

    name = "failing"
    labels = ("LOCATION",)

    def status(self) -> DetectorStatus:
        return DetectorStatus(True, "test detector")

    def load(self) -> None:
        pass

    def detect(self, chunk, shared):
        if "FAIL-ALWAYS" in chunk.text:
            raise RuntimeError("an error quoting the text")
        marker = MARKERS / f"failed-{chunk.document.id}"
        if "FAIL-ONCE" in chunk.text and not marker.exists():
            marker.touch()
            raise RuntimeError("an error quoting the text")
        return _find(chunk, "Fresno", "LOCATION", self.name)


TEST_DETECTORS = {
    "load_counting": f"{__name__}:LoadCountingDetector",
    "failing": f"{__name__}:FailingDetector",
}


class _RegisterTestDetectors(distributed.WorkerPlugin):
    def __init__(self, markers: Path) -> None:
        self.markers = markers

    def setup(self, worker) -> None:
        global MARKERS
        MARKERS = self.markers
        registry.DETECTORS.update(TEST_DETECTORS)


@pytest.fixture(scope="module")
def scheduler(tmp_path_factory):
    """A running two-worker cluster with the test detectors, as a user's cluster would be."""
    markers = tmp_path_factory.mktemp("markers")
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, host="127.0.0.1", dashboard_address=None
        ) as cluster,
        distributed.Client(cluster, set_as_default=False) as client,
    ):
        client.register_plugin(_RegisterTestDetectors(markers))
        yield cluster.scheduler_address, markers


def run(*argv) -> int:
    return main([str(a) for a in argv])


def _files(folder: Path, texts: dict[str, str]) -> list[Path]:
    paths = []
    for stem, text in texts.items():
        paths.append(folder / f"{stem}.txt")
        paths[-1].write_text(text, encoding="utf-8")
    return paths


def _stored(project_path: Path) -> dict[str, list[tuple]]:
    with Project.open(project_path) as project:
        return {
            d.id: [(s.start, s.end, s.label, s.detector_names, s.status.value) for s in project.spans(d.id)]
            for d in project.list_documents()
        }


def test_detectors_load_once_per_worker_and_a_failed_task_is_reported_and_retried_once(
    tmp_path, scheduler, capsys
):
    address, markers = scheduler
    files = _files(
        tmp_path,
        {
            "plain_a": HEARING.format(n=""),
            "flaky": HEARING.format(n=" FAIL-ONCE"),
            "broken": HEARING.format(n=" FAIL-ALWAYS"),
            "plain_b": HEARING.format(n=" again"),
        },
    )
    project = tmp_path / "p.db"
    run("project", "new", project)
    code = run(
        "project", "add", project, *files, "--engine", "dask", "--scheduler", address,
        "--detectors", "load_counting,failing",
    )  # fmt: skip
    err = capsys.readouterr().err
    # `failing` ran on three documents; on `broken` the other detector's spans are kept, as serially.
    assert code == Exit.OK
    assert "4/4" in err
    assert "flaky.txt: failing: detection failed: RuntimeError; trying once more" in err
    assert "broken.txt: failing: detection failed: RuntimeError; trying once more" in err
    assert "broken: detector failing did not run: detection failed: RuntimeError" in err
    assert "flaky: detector failing did not run" not in err
    assert "quoting the text" not in err  # errors are reported by type, never by message
    with Project.open(project) as opened:
        ran = {d.id: d.detectors for d in opened.list_documents()}
        # (only the failing detector's "Fresno": the merge also tags the known place "Los Angeles")
        fresno = {
            d: [
                s.detector_names
                for s in opened.spans(d)
                if s.label == "LOCATION" and "failing" in s.detector_names
            ]
            for d in ran
        }
    assert ran == {
        "plain_a": ("load_counting", "failing"),
        "flaky": ("load_counting", "failing"),
        "broken": ("load_counting",),
        "plain_b": ("load_counting", "failing"),
    }
    assert fresno["flaky"] == [("failing",)] and fresno["broken"] == []
    # Six tasks (four files, two retries) ran in processes that each loaded the detector once.
    loads = collections.Counter((markers / "loads").read_text().split())
    detections = collections.Counter((markers / "detections").read_text().split())
    assert set(loads.values()) == {1} and len(loads) <= 2
    assert sum(detections.values()) == 6 and set(detections) <= set(loads)


@pytest.mark.slow
def test_dask_finds_the_same_spans_as_a_serial_run(tmp_path, capsys):
    files = _files(
        tmp_path,
        {
            "first": HEARING.format(n=""),
            "second": HEARING.replace("Kevin", "Maria Alvarez and").format(n=", California"),
            "third": "DEPUTY COMMISSIONER SMITH: Mr. Alvarez, you worked at Acme Roofing in San Diego.\n",
        },
    )
    serial, clustered = tmp_path / "serial.db", tmp_path / "dask.db"
    for project in (serial, clustered):
        run("project", "new", project)
    assert run("project", "add", serial, *files, "--detectors", "spacy") == Exit.OK
    assert run("project", "add", clustered, *files, "--detectors", "spacy", "--engine", "dask") == 0
    assert "local cluster on 127.0.0.1, worker processes: 1" in capsys.readouterr().err
    expected = _stored(serial)
    assert sum(map(len, expected.values())) >= 6
    assert _stored(clustered) == expected


def test_the_local_cluster_listens_on_localhost_only_without_a_dashboard():
    psutil = pytest.importorskip("psutil")
    from reviewer_app.cli.dask_engine import dask_client

    with dask_client(None, 1, lambda message: None) as client:
        # The scheduler's HTTP server has its health route, not the dashboard's pages.
        http = f"http://127.0.0.1:{client.scheduler_info()['services']['dashboard']}"
        assert urllib.request.urlopen(f"{http}/health", timeout=10).read() == b"ok"
        with pytest.raises(urllib.error.HTTPError, match="404"):
            urllib.request.urlopen(f"{http}/status", timeout=10)
        me = psutil.Process()
        family = [me, *me.children(recursive=True)]
        listening = {c.laddr for p in family for c in p.net_connections("inet") if c.status == "LISTEN"}
    # Scheduler, worker and nanny sockets, and the scheduler's HTTP routes.
    assert len(listening) >= 3
    assert {address.ip for address in listening} == {"127.0.0.1"}
    assert "bokeh" not in sys.modules


def test_without_dask_the_engine_says_how_to_install_it(tmp_path, transcript, monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "distributed", None)  # `import distributed` fails
    project = tmp_path / "p.db"
    run("project", "new", project)
    assert run("project", "add", project, transcript, "--engine", "dask") == Exit.BAD_INPUT
    err = capsys.readouterr().err
    assert "needs Dask, which is not installed" in err and "pip install -e '.[cluster]'" in err
    assert _stored(project) == {}


@pytest.fixture
def transcript(tmp_path) -> Path:
    return _files(tmp_path, {"hearing": HEARING.format(n="")})[0]


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.mark.parametrize("address", ["tcp://127.0.0.1:{port}", "no-port-here"])
def test_an_unreachable_scheduler_is_a_clear_error(tmp_path, transcript, address, monkeypatch, capsys):
    from reviewer_app.cli import dask_engine

    monkeypatch.setattr(dask_engine, "CONNECT_SECONDS", 1.0)
    address = address.format(port=_closed_port())
    project = tmp_path / "p.db"
    run("project", "new", project)
    code = run("project", "add", project, transcript, "--engine", "dask", "--scheduler", address)
    err = capsys.readouterr().err
    assert code == Exit.BAD_INPUT
    assert f"cannot reach a Dask scheduler at {address}" in err and "Traceback" not in err
    assert _stored(project) == {}


def test_scheduler_needs_the_dask_engine(tmp_path, transcript, capsys):
    project = tmp_path / "p.db"
    run("project", "new", project)
    assert run("project", "add", project, transcript, "--scheduler", "tcp://127.0.0.1:8786") == Exit.BAD_INPUT
    assert "--scheduler needs --engine dask" in capsys.readouterr().err


def test_ctrl_c_while_the_engine_runs_is_noted_not_raised():
    from reviewer_app.cli.dask_engine import ctrl_c_deferred

    before = signal.getsignal(signal.SIGINT)
    with ctrl_c_deferred() as interrupted:
        os.kill(os.getpid(), signal.SIGINT)  # raises KeyboardInterrupt here without the deferral
        assert interrupted.wait(5)
    assert signal.getsignal(signal.SIGINT) is before


def test_an_interrupted_run_stops_at_its_next_wait_and_sends_no_more_files(scheduler, tmp_path):
    import threading

    from reviewer_app.cli.dask_engine import detect_on_cluster
    from reviewer_app.settings import Settings

    address, _ = scheduler
    files = _files(tmp_path, {f"hearing{n}": HEARING.format(n=n) for n in range(8)})
    interrupted = threading.Event()
    with distributed.Client(address, set_as_default=False) as client:
        sent = []
        submit = client.submit

        def counting_submit(task, path, *args, **kwargs):
            sent.append(path)
            return submit(task, path, *args, **kwargs)

        client.submit = counting_submit
        outcomes = detect_on_cluster(client, files, ["load_counting"], Settings(), True, print, interrupted)
        path, outcome = next(outcomes)
        assert path in files and not isinstance(outcome, str)
        in_flight = len(sent)  # two per worker thread
        assert in_flight == 4
        interrupted.set()
        with pytest.raises(KeyboardInterrupt):
            next(outcomes)
        assert len(sent) == in_flight
