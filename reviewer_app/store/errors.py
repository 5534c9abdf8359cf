"""The store's errors, each in words a reviewer can act on."""

from __future__ import annotations


class ProjectError(RuntimeError):
    """A problem with a project file, in words a reviewer can act on."""


class ProjectLocked(ProjectError):
    """Another process has the project open for writing."""


class ReadOnlyProject(ProjectError):
    """A change was asked of a project opened read-only."""


class DuplicateDocument(ProjectError):
    """The same file (by sha256) is already in the project."""

    def __init__(self, message: str, existing_id: str) -> None:
        super().__init__(message)
        self.existing_id = existing_id


class DuplicateTerm(ProjectError):
    """The whitelist already holds this term in this scope."""


class UndoConflict(ProjectError):
    """The rows an undo or redo would restore were changed by something else since."""
