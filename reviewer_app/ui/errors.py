"""Errors as dialogs in plain words.

The dialogs are window-modal but opened with `open()`, not `exec()`: the event
loop keeps running (tests and the autosave do not block) and the reviewer still
cannot click past the message.
"""

from __future__ import annotations

import functools
import importlib
import logging

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QWidget

log = logging.getLogger(__name__)

# Exceptions whose message was written for a reviewer (module, class name).
_READABLE = (
    ("reviewer_app.importers", "TranscriptImportError"),
    ("reviewer_app.detectors.base", "DetectorUnavailable"),
    ("reviewer_app.core.interchange", "InterchangeError"),
    ("reviewer_app.store.project", "ProjectError"),
    ("reviewer_app.ui.detection_process", "DetectorProcessCrashed"),
    ("reviewer_app.exporters.leakguard", "LeakFound"),
    ("reviewer_app.exporters.mapping", "MappingRefused"),
    ("reviewer_app.exporters.staging", "ExportPathError"),
)


@functools.cache
def readable_error_types() -> tuple[type[BaseException], ...]:
    found = []
    for module_name, class_name in _READABLE:
        try:
            found.append(getattr(importlib.import_module(module_name), class_name))
        except (ImportError, AttributeError):
            continue
    return tuple(found)


def plain_message(exc: BaseException, doing: str) -> str:
    """What went wrong, for a reviewer: our own errors carry readable messages;
    anything else is named without its (possibly transcript-bearing) details."""
    if isinstance(exc, readable_error_types()) and str(exc):
        return str(exc)
    if isinstance(exc, MemoryError):
        return f"The computer ran out of memory while {doing}."
    if isinstance(exc, FileNotFoundError):
        return f"The file {exc.filename or ''} does not exist (while {doing})."
    if isinstance(exc, PermissionError):
        return f"You do not have permission to use the file {exc.filename or ''} (while {doing})."
    if isinstance(exc, OSError):
        return f"A file could not be read or written while {doing}: {exc.strerror or exc}."
    return (
        f"Something unexpected went wrong while {doing} ({type(exc).__name__}). "
        "Your decisions so far are saved."
    )


def show_error(parent: QWidget | None, title: str, text: str) -> QMessageBox:
    log.info("error dialog: %s", title)
    box = QMessageBox(QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Ok, parent)
    box.setObjectName("errorDialog")
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.open()
    return box
