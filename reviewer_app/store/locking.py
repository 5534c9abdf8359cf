"""One writer per project file (see `_WriterLock`)."""

from __future__ import annotations

import contextlib
import getpass
import os
import socket
import time
from pathlib import Path


class _WriterLock:
    """Exclusive advisory locks that make one writer per project *file*; the OS
    drops them when the process ends, however it ends, so a crash never leaves a
    stale lock.

    Two locks, both needed to write:
    - `<data dir>/locks/<device>-<inode>.lock` names the file itself, so every name
      of it (a hard link, a symlink, another spelling of the path) meets the same
      lock. It also records the name the holder reaches the file through (see
      `connection_path`). A lock on the database file itself is not used: closing
      any descriptor of it would drop the POSIX locks SQLite holds on it.
    - `<project>.lock` beside the file (the symlink resolved), for two machines
      sharing a folder, where device numbers differ.
    """

    def __init__(self, project_path: Path) -> None:
        self.project_path = project_path
        self.paths = (_inode_lock_path(project_path), project_path.with_name(project_path.name + ".lock"))
        self._fds: list[int] = []
        self._refused: Path | None = None

    def acquire(self) -> bool:
        owner = f"{getpass.getuser()}@{socket.gethostname()} (process {os.getpid()}) since {time.ctime()}"
        for path in self.paths:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
            except OSError:  # e.g. a read-only folder: nobody can write there, so read-only it is
                self._refuse(path)
                return False
            try:
                _lock_fd(fd)
            except OSError:
                os.close(fd)
                self._refuse(path)
                return False
            os.ftruncate(fd, 0)
            os.lseek(fd, 0, os.SEEK_SET)
            os.write(fd, f"{owner}\n{self.project_path}\n".encode())
            self._fds.append(fd)
        return True

    def _refuse(self, path: Path) -> None:
        self.release()
        self._refused = path

    def owner(self) -> str:
        """Who holds the lock this process did not get, in words."""
        lines = _lock_lines(self._refused) if self._refused else []
        return lines[0] if lines else "another process"

    def release(self) -> None:
        while self._fds:
            os.close(self._fds.pop())  # closing drops the lock


def _inode_lock_path(path: Path) -> Path:
    from reviewer_app.paths import data_dir

    info = path.stat()
    return data_dir() / "locks" / f"{info.st_dev}-{info.st_ino}.lock"


def _lock_lines(path: Path) -> list[str]:
    try:
        return [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    except (OSError, UnicodeDecodeError):
        return []


def connection_path(path: Path) -> Path:
    """The name to open the file through: the one the last writer used, if it
    still names the same file, else the path with its symlinks resolved.

    SQLite keeps a WAL database's recent commits in `<name>-wal` beside the name
    it was opened as, so two hard links of one file have two journals: a reader
    through the other name sees an I/O error, and a writer through it would
    ignore the commits a crashed writer left in the first journal.
    """
    real = path.resolve()
    lines = _lock_lines(_inode_lock_path(real))
    if len(lines) > 1:
        recorded = Path(lines[1])
        with contextlib.suppress(OSError):
            if recorded != real and recorded.samefile(real):
                return recorded
    return real


if os.name == "nt":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _lock_fd(fd: int) -> None:
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)

else:
    import fcntl

    def _lock_fd(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
