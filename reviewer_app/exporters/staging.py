"""All-or-nothing exports, and file names that stay inside their folder.

An export writes the pseudonymized text, gold files and the mapping, often into
different folders. `StagedExport` has them written into a staging folder beside
each target folder and moves them into place together at the end: a failure on
the way (a folder that is a file, a full disk, the leak guard) leaves every
target as it was, with no half of the export published.

A staging folder holds the original text (gold files, the mapping) until it is
moved into place. A hard kill in between leaves it behind, hidden beside the target:
its name carries the id of the process that made it, and the next export to the same
place removes the ones whose process is gone (`remove_stale_stages`).

Document ids come from the project file and become file names: `safe_file_stem`
makes one that has no folder separators, no `..` and no control characters, so
that a tampered project cannot write outside the export folder.
"""

from __future__ import annotations

import logging
import os
import re
import shutil
import tempfile
import unicodedata
from collections.abc import Callable
from pathlib import Path

log = logging.getLogger(__name__)


class ExportPathError(Exception):
    """A target folder that cannot be used; the message names it and says why."""


def is_within(path: Path | str, folder: Path | str) -> bool:
    """Whether `path` is `folder` or lies inside it (links resolved)."""
    path, folder = Path(path).resolve(), Path(folder).resolve()
    return path == folder or folder in path.parents


def folder_problem(folder: Path | str) -> str | None:
    """Why `folder` cannot be (or be created as) a folder, or None."""
    folder = Path(folder)
    for candidate in (folder, *folder.parents):
        if candidate.is_dir():
            return None
        if candidate.exists() or candidate.is_symlink():
            what = "names a file" if candidate == folder else f"lies under {candidate}, which is a file"
            return f"{folder} {what}, not a folder"
    return None


def export_places_problem(
    out: Path | str,
    gold_dir: Path | str | None = None,
    mapping: Path | str | None = None,
    mapping_beside_text: bool = False,
) -> str | None:
    """Why an export cannot write to these places, or None. Gold files and the
    mapping hold the original text: they never go into the published folder
    (the mapping may, when explicitly allowed)."""
    problem = folder_problem(out)
    if problem:
        return f"the output folder: {problem}"
    if gold_dir is not None:
        problem = folder_problem(gold_dir)
        if problem:
            return f"the gold folder: {problem}"
        if is_within(gold_dir, out):
            return (
                "gold files hold the original text and are not written into the folder of the "
                "published text (or below it); choose a gold folder outside it"
            )
    if mapping is not None:
        mapping = Path(mapping)
        if mapping.is_dir():
            return f"the mapping: {mapping} is a folder; name the mapping file"
        problem = folder_problem(mapping.parent)
        if problem:
            return f"the mapping's folder: {problem}"
        if not mapping_beside_text and is_within(mapping.parent, out):
            return (
                "the mapping is sensitive and is not written into the folder of the published text; "
                "choose another folder"
            )
    return None


# Characters not allowed in file names somewhere (Windows), besides folder
# separators and control and format characters.
_RESERVED = re.compile(r'[:*?"<>|]')
_MAX_STEM = 120


def safe_file_stem(name: str) -> str:
    """`name` as a file name stem: folder parts `.` and `..` dropped, separators,
    reserved and control characters made "_", runs of dots cut to one, a leading
    dot (a hidden file) made "_"; never empty."""
    cleaned = "".join("_" if unicodedata.category(ch)[0] in "CZ" and ch != " " else ch for ch in name)
    parts = [part for part in re.split(r"[/\\]", cleaned) if part not in ("", ".", "..")]
    cleaned = _RESERVED.sub("_", "_".join(parts))
    cleaned = re.sub(r"\.{2,}", ".", cleaned).strip(" ")
    if cleaned.startswith("."):
        cleaned = "_" + cleaned[1:]
    cleaned = cleaned[:_MAX_STEM].rstrip(". ")
    return cleaned or "document"


def unique_stems(names: list[str]) -> list[str]:
    """A safe, distinct file stem for each name, in order (`-2`, `-3`... where
    two clean to the same stem, compared case-insensitively for case-blind file
    systems)."""
    taken: set[str] = set()
    stems: list[str] = []
    for name in names:
        base = safe_file_stem(name)
        stem, n = base, 1
        while stem.casefold() in taken:
            n += 1
            stem = f"{base}-{n}"
        taken.add(stem.casefold())
        stems.append(stem)
    return stems


def remove_stale_stages_of_export(
    out: Path | str, gold_dir: Path | str | None = None, mapping: Path | str | None = None
) -> list[str]:
    """Remove what interrupted exports left beside this export's places (before
    anything else, so that a refused export cleans up too); one line per folder."""
    targets = [out, gold_dir, Path(mapping).parent if mapping is not None else None]
    return [
        f"removed {folder}, left by an interrupted export (process {pid} is gone)"
        for target in dict.fromkeys(Path(t).absolute() for t in targets if t is not None)
        for folder, pid in remove_stale_stages(target)
    ]


def describe_write_failure(exc: Exception) -> str:
    """Why an export could not be written, in words: the file and the reason."""
    if isinstance(exc, OSError):
        where = f" {exc.filename}" if exc.filename else ""
        return f"could not write{where} ({exc.strerror or type(exc).__name__})"
    return str(exc)


def _stage_prefix(target: Path, inside: bool) -> str:
    """The start of the name of a staging folder for `target`: beside it, or (when its
    parent is not ours) hidden inside it."""
    return ".export-" if inside else f".{target.name}.export-"


def _stage_pattern(target: Path, inside: bool) -> re.Pattern[str]:
    # mkdtemp's random part is letters, digits and "_": the pid is the part before it.
    return re.compile(re.escape(_stage_prefix(target, inside)) + r"(\d+)-[a-z0-9_]+")


def _process_alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    if os.name != "posix":
        return True  # os.kill(pid, 0) would end the process on Windows: keep the folder
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another user's process has that id
    except OSError:
        return True  # cannot tell: keep the folder
    return True


def remove_stale_stages(target: Path | str) -> list[tuple[Path, int]]:
    """Remove the staging folders for `target` left by exports whose process is gone
    (killed before it could publish or clean up); returns each with its process id.
    A folder whose process id is alive is kept, even when the id was reused since."""
    target = Path(target).absolute()
    places = [(_stage_base(target), False)]
    if target.is_dir():
        places.append((target, True))
    removed = []
    for folder, inside in places:
        pattern = _stage_pattern(target, inside)
        try:
            candidates = list(folder.iterdir())
        except OSError:
            continue
        for candidate in candidates:
            match = pattern.fullmatch(candidate.name)
            if match is None or candidate.is_symlink() or not candidate.is_dir():
                continue
            pid = int(match.group(1))
            if _process_alive(pid):
                continue
            shutil.rmtree(candidate, ignore_errors=True)
            if not candidate.exists():
                log.warning("removed a staging folder left by an interrupted export (process %d)", pid)
                removed.append((candidate, pid))
    return removed


class StagedExport:
    """The files of one export, written into staging folders and published by
    `commit`. Use as a context manager: leaving the block without `commit`
    (an exception, a refusal) removes everything staged.

        with StagedExport() as export:
            write_text(export.folder(out) / "a.txt", ...)
            written = export.commit()

    Before staging for a target, the folders an interrupted export left for it are
    removed; `on_stale(folder, pid)` is told of each (the CLI says so on stderr).
    """

    def __init__(self, on_stale: Callable[[Path, int], None] | None = None) -> None:
        self._stages: dict[Path, Path] = {}  # target folder -> its staging folder
        self._on_stale = on_stale

    def __enter__(self) -> StagedExport:
        return self

    def __exit__(self, *exc_info) -> None:
        self.discard()

    def folder(self, target: Path | str) -> Path:
        """The staging folder whose files `commit` moves into `target`;
        raises `ExportPathError` when `target` cannot be a folder."""
        target = Path(target).absolute()
        if target in self._stages:
            return self._stages[target]
        problem = folder_problem(target)
        if problem:
            raise ExportPathError(problem)
        for stale, pid in remove_stale_stages(target):
            if self._on_stale is not None:
                self._on_stale(stale, pid)
        pid = os.getpid()
        try:
            stage = Path(
                tempfile.mkdtemp(dir=_stage_base(target), prefix=f"{_stage_prefix(target, False)}{pid}-")
            )
        except PermissionError:
            if not target.is_dir():
                raise
            # The folder's parent is not ours (e.g. /tmp in /): stage hidden inside the folder.
            stage = Path(tempfile.mkdtemp(dir=target, prefix=f"{_stage_prefix(target, True)}{pid}-"))
        self._stages[target] = stage
        return stage

    def commit(self) -> list[Path]:
        """Move every staged file into its target folder (replacing files of
        the same name); on a failure, undo the moves made and re-raise."""
        moved: list[tuple[Path, Path | None]] = []
        created: list[Path] = []
        try:
            for target in self._stages:
                created += _make_folders(target)
            for target, stage in self._stages.items():
                for staged in sorted(p for p in stage.iterdir() if p.is_file()):
                    final = target / staged.name
                    previous = None
                    if final.is_dir():
                        raise ExportPathError(f"{final} is a folder; the export would replace it")
                    if final.exists() or final.is_symlink():
                        previous = stage / f".previous-{staged.name}"
                        final.replace(previous)
                    moved.append((final, previous))
                    staged.replace(final)
        except BaseException:
            for final, previous in reversed(moved):
                final.unlink(missing_ok=True)
                if previous is not None and previous.exists():
                    previous.replace(final)
            for folder in reversed(created):
                _remove_empty(folder)
            raise
        finally:
            self.discard()
        return [final for final, _ in moved]

    def discard(self) -> None:
        """Remove the staging folders and what is in them."""
        for stage in self._stages.values():
            shutil.rmtree(stage, ignore_errors=True)
        self._stages.clear()


def _stage_base(target: Path) -> Path:
    """Where `target`'s staging folder goes: beside it, or in its nearest existing parent."""
    return target.parent if target.is_dir() else _nearest_existing(target)


def _nearest_existing(path: Path) -> Path:
    for candidate in path.parents:
        if candidate.is_dir():
            return candidate
    return Path(path.anchor or ".")


def _make_folders(target: Path) -> list[Path]:
    """Create `target` and its missing parents; returns those created, outermost first."""
    missing = [p for p in (target, *target.parents) if not p.exists()]
    for folder in reversed(missing):
        folder.mkdir()
    return list(reversed(missing))


def _remove_empty(folder: Path) -> None:
    try:
        folder.rmdir()
    except OSError:
        pass
