"""What the window remembers from one start to the next: its geometry and dock
layout, the colour mode (by detector or by label, F7), the last folders of the
open and export dialogs, and the recent transcripts and projects the welcome
screen lists.

All of it is kept with QSettings, in an INI file in the user's config folder
(`config_dir()/window.ini`), not in `settings.toml` (reviewer_app/settings.py):
- settings.toml holds the reviewer's choices about detection, read by the CLI
  too and edited by hand and by the Models and Train dialogs; these are traces
  of using the window, rewritten at every open and close, that the CLI never
  needs. The recent lists are such traces, so they live here as well.
- Qt's saveGeometry/saveState give opaque bytes, which QSettings stores as they are.
- Being under `config_dir()`, the file follows REVIEWER_APP_CONFIG_DIR, which the
  tests point at a temporary folder: no test touches the real reviewer's file.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Literal

from PySide6.QtCore import QByteArray, QSettings, SignalInstance
from PySide6.QtWidgets import QLineEdit, QMainWindow

from reviewer_app.paths import config_dir
from reviewer_app.ui.colors import ColourBy
from reviewer_app.ui.legend import Legend

WINDOW_FILE = "window.ini"
# Bumped when the docks change so much that an old layout would misplace them:
# restoreState refuses a layout saved with another version, and the defaults apply.
LAYOUT_VERSION = 1
MAX_RECENT = 8

RecentKind = Literal["transcripts", "projects"]


class WindowMemory:
    def __init__(self, path: Path | None = None) -> None:
        self.path = path or config_dir() / WINDOW_FILE

    def _settings(self) -> QSettings:
        # One for each read or write (Qt caches the parsed file), so no Qt object of
        # this plain-Python helper outlives the call or the window.
        return QSettings(str(self.path), QSettings.Format.IniFormat)

    def _value(self, key: str, default: object = None) -> object:
        return self._settings().value(key, default)

    def _store(self, values: dict[str, object]) -> None:
        qsettings = self._settings()
        for key, value in values.items():
            qsettings.setValue(key, value)
        qsettings.sync()  # written now: a crash later keeps it

    # -- geometry and docks

    def save_window(self, window: QMainWindow) -> None:
        self._store(
            {"window/geometry": window.saveGeometry(), "window/layout": window.saveState(LAYOUT_VERSION)}
        )

    def restore_window(self, window: QMainWindow) -> bool:
        """Put the window and its docks back; False when no dock layout was restored."""
        geometry = self._value("window/geometry")
        if isinstance(geometry, QByteArray):
            window.restoreGeometry(geometry)
        layout = self._value("window/layout")
        return isinstance(layout, QByteArray) and window.restoreState(layout, LAYOUT_VERSION)

    # -- colour mode

    def colour_by(self) -> ColourBy:
        value = self._value("view/colour_by", ColourBy.DETECTOR.value)
        return ColourBy(value) if value in {c.value for c in ColourBy} else ColourBy.DETECTOR

    def set_colour_by(self, colour_by: ColourBy) -> None:
        self._store({"view/colour_by": ColourBy(colour_by).value})

    def keep_colour_mode(self, legend: Legend) -> None:
        """Set the legend's colour mode to the remembered one, and remember its changes."""
        if self.colour_by() is ColourBy.LABEL:
            legend.by_label.setChecked(True)
        legend.colour_by_changed.connect(self.set_colour_by)

    # -- folders of the file dialogs

    def folder(self, purpose: Literal["open", "export"], default: str = "") -> str:
        """The folder last used to open files (or to export to), if it still exists."""
        value = self._value(f"folders/{purpose}", "")
        return value if isinstance(value, str) and value and Path(value).is_dir() else default

    def remember_folder(self, purpose: Literal["open", "export"], path: Path) -> None:
        self._store({f"folders/{purpose}": str(path if path.is_dir() else path.parent)})

    def keep_export_folder(self, folder_field: QLineEdit, exported: SignalInstance) -> None:
        """An export dialog starts in the folder exported to last, and remembers the next one."""
        folder_field.setText(self.folder("export", folder_field.text()))
        exported.connect(lambda _paths: self.remember_folder("export", Path(folder_field.text())))

    # -- recent files

    def recent(self, kind: RecentKind) -> list[Path]:
        """Most recent first; files that have gone are listed too (the welcome greys them)."""
        try:
            paths = json.loads(self._value(f"recent/{kind}", "[]"))
        except (TypeError, ValueError):
            return []
        return [Path(p) for p in paths if isinstance(p, str)] if isinstance(paths, list) else []

    def add_recent(self, kind: RecentKind, path: Path) -> None:

        path = Path(path).absolute()
        paths = [path] + [p for p in self.recent(kind) if p != path]
        self._store({f"recent/{kind}": json.dumps([str(p) for p in paths[:MAX_RECENT]])})
