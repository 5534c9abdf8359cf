"""Atomic file writes: a temporary file in the target folder, then a rename.

A reader (or a crash) never sees half a file: the target is either the old file or
the complete new one.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path


@contextlib.contextmanager
def atomic_path(path: Path | str) -> Iterator[Path]:
    """Yield a temporary path beside `path`; on success it is renamed onto `path`."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    os.close(fd)
    tmp_path = Path(tmp)
    try:
        yield tmp_path
        tmp_path.replace(path)
    finally:
        tmp_path.unlink(missing_ok=True)


def atomic_write_text(path: Path | str, text: str) -> Path:
    path = Path(path)
    # newline="" keeps the text's own line ends byte for byte.
    with atomic_path(path) as tmp, tmp.open("w", encoding="utf-8", newline="") as fh:
        fh.write(text)
    return path


def atomic_write_bytes(path: Path | str, data: bytes) -> Path:
    path = Path(path)
    with atomic_path(path) as tmp:
        tmp.write_bytes(data)
    return path
