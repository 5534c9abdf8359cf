"""Every review action as a QAction with its shortcut, in one table.

The menus, the inspector's buttons and the cheat sheet are all built from this
table, so a shortcut shown anywhere is the one that works.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QLabel, QVBoxLayout, QWidget


@dataclass(frozen=True)
class ActionSpec:
    key: str  # attribute name on ReviewActions
    text: str
    shortcut: str
    menu: str
    tip: str


SPECS: tuple[ActionSpec, ...] = (
    ActionSpec("next_pending", "&Next pending span", "N", "Review", "Go to the next span still pending"),
    ActionSpec("previous_pending", "&Previous pending span", "Shift+N", "Review", "Back to a pending span"),
    ActionSpec("accept", "&Accept", "A", "Review", "Accept the span and go to the next pending one"),
    ActionSpec("reject", "&Reject", "R", "Review", "Reject the span and go to the next pending one"),
    # Choosing a label or boundaries is a decision about the span: it is accepted with them.
    ActionSpec(
        "relabel",
        "Re&label…",
        "L",
        "Review",
        "Choose another label (type to filter); the span is accepted under it",
    ),
    ActionSpec(
        "widen_start",
        "Widen by a word at the start",
        "[",
        "Review",
        "Take in the word before; accepts the span",
    ),
    ActionSpec(
        "widen_end", "Widen by a word at the end", "]", "Review", "Take in the word after; accepts the span"
    ),
    ActionSpec(
        "narrow_start",
        "Narrow by a word at the start",
        "Ctrl+[",
        "Review",
        "Drop the first word; accepts the span",
    ),
    ActionSpec(
        "narrow_end",
        "Narrow by a word at the end",
        "Ctrl+]",
        "Review",
        "Drop the last word; accepts the span",
    ),
    ActionSpec(
        "add_span", "Add span from selection…", "T", "Review", "Tag the selected text with a label (accepted)"
    ),
    ActionSpec(
        "accept_identical",
        "Accept all identical mentions",
        "Shift+A",
        "Review",
        "Accept every pending span with the same text and label in this document",
    ),
    ActionSpec(
        "reject_identical",
        "Reject all identical mentions",
        "Shift+R",
        "Review",
        "Reject every pending span with the same text in this document",
    ),
    ActionSpec(
        "accept_identical_corpus",
        "Accept identical mentions in all documents",
        "Ctrl+Shift+A",
        "Review",
        "Accept every pending span with the same text and label in the project",
    ),
    ActionSpec(
        "reject_identical_corpus",
        "Reject identical mentions in all documents",
        "Ctrl+Shift+R",
        "Review",
        "Reject every pending span with the same text in the project",
    ),
    ActionSpec(
        "whitelist",
        "Whitelist this text",
        "W",
        "Review",
        "Never flag this text again; rejects its other pending mentions",
    ),
    ActionSpec(
        "accept_selected",
        "Accept selected rows",
        "Ctrl+Alt+A",
        "Review",
        "Accept every span selected in the span table (one undo step)",
    ),
    ActionSpec(
        "reject_selected",
        "Reject selected rows",
        "Ctrl+Alt+R",
        "Review",
        "Reject every span selected in the span table (one undo step)",
    ),
    ActionSpec("undo", "&Undo", "Ctrl+Z", "Edit", "Undo the last decision"),
    ActionSpec("redo", "&Redo", "Ctrl+Shift+Z", "Edit", "Redo"),
    ActionSpec(
        "find",
        "&Find in the transcript…",
        "Ctrl+F",
        "Edit",
        "Text or a regular expression; every match marked, Tag all tags them",
    ),
    ActionSpec("find_next", "Find &next", "F3", "Edit", "Go to the next match"),
    ActionSpec("find_previous", "Find pre&vious", "Shift+F3", "Edit", "Go to the previous match"),
    ActionSpec("detect", "Run &detection…", "Ctrl+D", "Tools", "Run the detectors on documents"),
    ActionSpec("whitelist_manager", "&Whitelist…", "Ctrl+Shift+W", "Tools", "Search and edit the whitelist"),
    ActionSpec("export", "&Export…", "Ctrl+E", "File", "Export pseudonymized text and annotations"),
    ActionSpec("toggle_preview", "Pseudonymized &preview", "F6", "View", "Pseudonymized text beside"),
    ActionSpec("toggle_colour", "Colour by label / detector", "F7", "View", "Switch the span colours"),
    ActionSpec("focus_table", "Go to the span table", "F8", "View", "Move the keyboard to the table"),
    ActionSpec("focus_persons", "Go to the persons", "F10", "View", "Move the keyboard to who is who"),
    ActionSpec("focus_text", "Go to the transcript", "F9", "View", "Move the keyboard to the transcript"),
    ActionSpec("cheat_sheet", "&Keyboard shortcuts", "F1", "Help", "Show every shortcut"),
)


# Keys of the find bar itself (not window actions): the cheat sheet lists them too.
FIND_BAR_KEYS: tuple[tuple[str, str], ...] = (
    ("Enter / Shift+Enter", "next / previous match (in the find field)"),
    ("Alt+X / Alt+C / Alt+W", "regular expression / match case / whole words on or off"),
    ("Alt+G", "tag all matches not yet covered by a span as the chosen label (asks first)"),
    ("Esc", "close the find bar; the current match stays selected, so T tags it"),
)


class ReviewActions:
    """Builds the QActions of SPECS on `owner`; look them up as attributes."""

    def __init__(self, owner: QWidget) -> None:
        self.all: dict[str, QAction] = {}
        for spec in SPECS:
            action = QAction(spec.text, owner)
            action.setShortcut(QKeySequence(spec.shortcut))
            action.setToolTip(f"{spec.tip} ({spec.shortcut})")
            action.setStatusTip(spec.tip)
            owner.addAction(action)
            self.all[spec.key] = action
            setattr(self, spec.key, action)

    def in_menu(self, menu: str) -> list[QAction]:
        return [self.all[s.key] for s in SPECS if s.menu == menu]


class CheatSheet(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("cheatSheet")
        self.setWindowTitle("Keyboard shortcuts")
        rows = "".join(
            f"<tr><td><b>{QKeySequence(s.shortcut).toString(QKeySequence.SequenceFormat.NativeText)}</b>"
            f"&nbsp;&nbsp;</td><td>{s.text.replace('&', '')}&nbsp;&nbsp;</td><td><i>{s.tip}</i></td></tr>"
            for s in SPECS
        )
        rows += "<tr><td colspan=3><br><b>In the find bar (Ctrl+F)</b></td></tr>"
        rows += "".join(
            f"<tr><td><b>{keys}</b>&nbsp;&nbsp;</td><td colspan=2>{what}</td></tr>"
            for keys, what in FIND_BAR_KEYS
        )
        label = QLabel(f"<table>{rows}</table>", self)
        layout = QVBoxLayout(self)
        layout.addWidget(label)
