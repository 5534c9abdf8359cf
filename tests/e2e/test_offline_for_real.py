"""The installed `reviewer-app`, run as a user runs it, makes no network call.

tests/conftest.py sets the hub libraries' offline variables for the test process,
which would hide whether the app sets them itself. Here the entry point runs in a
subprocess with a clean environment (none of those variables) and a
`sitecustomize` that every Python process of the run imports — the window's
spawned detection process too — which records and refuses any connection or
name lookup that does not stay on this machine.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
ENTRY_POINT = Path(sys.executable).with_name("reviewer-app")
SAMPLE = REPO / "resources" / "sample" / "sample_hearing.pdf"

# Imported at the start of every Python process whose path holds its folder.
BLOCKER = textwrap.dedent(
    """
    import os, socket

    _LOG = os.environ["NETWORK_ATTEMPTS_LOG"]
    _LOCAL = ("127.0.0.1", "::1", "localhost", "0.0.0.0", "")


    def _local(address):
        if isinstance(address, (str, bytes)):  # a Unix socket path
            return True
        host = address[0] if address else ""
        return host in _LOCAL or str(host).startswith("127.")


    def _refuse(what, address):
        with open(_LOG, "a", encoding="utf-8") as log:
            log.write(f"{os.getpid()} {what} {address!r}\\n")
        raise OSError(f"network blocked by the test: {what} {address!r}")


    _connect, _connect_ex = socket.socket.connect, socket.socket.connect_ex
    _getaddrinfo = socket.getaddrinfo


    def connect(self, address):
        if not _local(address):
            _refuse("connect", address)
        return _connect(self, address)


    def connect_ex(self, address):
        if not _local(address):
            _refuse("connect_ex", address)
        return _connect_ex(self, address)


    def getaddrinfo(host, *args, **kwargs):
        if host not in _LOCAL and not str(host).startswith("127."):
            _refuse("getaddrinfo", host)
        return _getaddrinfo(host, *args, **kwargs)


    socket.socket.connect, socket.socket.connect_ex = connect, connect_ex
    socket.getaddrinfo = getaddrinfo
    """
)


@pytest.fixture
def blocked_env(tmp_path: Path) -> tuple[dict[str, str], Path]:
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(BLOCKER, encoding="utf-8")
    log = tmp_path / "network-attempts.log"
    log.touch()
    home = tmp_path / "home"
    home.mkdir()
    # A clean environment: none of the offline variables the test process has.
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(home),
        "LANG": "C.UTF-8",
        "QT_QPA_PLATFORM": "offscreen",
        "REVIEWER_APP_CONFIG_DIR": str(tmp_path / "config"),
        "REVIEWER_APP_DATA_DIR": str(tmp_path / "data"),
        # The checkout under test first, so the entry point runs this code.
        "PYTHONPATH": os.pathsep.join([str(site), str(REPO)]),
        "NETWORK_ATTEMPTS_LOG": str(log),
    }
    return env, log


def run(args: list[str], env: dict[str, str], cwd: Path, timeout: float = 300) -> subprocess.CompletedProcess:
    return subprocess.run(args, env=env, cwd=cwd, capture_output=True, text=True, timeout=timeout)


def test_the_blocker_sees_a_connection(blocked_env, tmp_path):
    """Without this the other tests could pass with a blocker that blocks nothing."""
    env, log = blocked_env
    probe = (
        "import urllib.request\n"
        "try:\n"
        "    urllib.request.urlopen('http://example.org', timeout=2)\n"
        "except OSError:\n"
        "    pass"
    )
    done = run([sys.executable, "-c", probe], env, tmp_path, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "getaddrinfo 'example.org'" in log.read_text(encoding="utf-8")


@pytest.mark.slow
def test_export_from_the_command_line_makes_no_network_call(blocked_env, tmp_path):
    env, log = blocked_env
    out = tmp_path / "out"
    done = run([str(ENTRY_POINT), "export", str(SAMPLE), "--out", str(out), "--accept-all"], env, tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    assert (out / "sample_hearing.txt").read_text(encoding="utf-8").count("[PERSON_") > 10
    assert log.read_text(encoding="utf-8") == ""


@pytest.mark.slow
def test_window_and_its_detection_process_make_no_network_call(blocked_env, tmp_path):
    env, log = blocked_env
    done = run([str(ENTRY_POINT), "selfcheck", "--timeout", "240"], env, tmp_path)
    figures = json.loads(done.stdout)
    assert done.returncode == 0 and figures["ok"], (figures, done.stderr[-3000:])
    # Detection ran in the window's spawned process, with every detector the settings enable.
    assert figures["spans"] > 100 and "presidio" in figures["detectors"]
    assert log.read_text(encoding="utf-8") == ""
