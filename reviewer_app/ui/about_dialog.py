"""Help > About: name, version, and the licences of the models the app ships with."""

from __future__ import annotations

import html
import tomllib

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFrame, QLabel, QScrollArea, QVBoxLayout, QWidget

from reviewer_app import __version__
from reviewer_app.paths import resource

APP_TITLE = "reviewer_app"


def window_title(suffix: str = "") -> str:
    """The title every main window carries: app name, version, then what is open."""
    base = f"{APP_TITLE} {__version__}"
    return f"{suffix} — {base}" if suffix else base


def bundled_models() -> list[dict[str, str]]:
    with resource("bundled_models.toml").open("rb") as fh:
        return list(tomllib.load(fh).get("model", []))


class AboutDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"About {APP_TITLE}")
        rows = "".join(
            "<tr><td><b>{}</b><br><small>{}</small></td><td>{}</td><td>{}</td></tr>".format(
                *(html.escape(m.get(k, "")) for k in ("name", "package", "used_by", "licence"))
            )
            for m in bundled_models()
        )
        self.text = QLabel(
            f"<h2>{APP_TITLE} {__version__}</h2>"
            "<p>Review and pseudonymize verbatim transcripts before they are published.<br>"
            "Works offline: no transcript text ever leaves this computer.</p>"
            "<h3>Bundled models</h3>"
            "<table cellpadding='4'><tr><th align='left'>Model</th><th align='left'>Used by</th>"
            f"<th align='left'>Licence</th></tr>{rows}</table>"
            "<p><small>Stanza and NLI zero-shot models are not bundled; "
            "Tools &gt; Models tells how to add them.</small></p>"
        )
        self.text.setWordWrap(True)
        self.text.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        # The list of models grows with the bundle: it scrolls rather than being cut off.
        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setWidget(self.text)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.scroll)
        layout.addWidget(buttons)
        self.resize(680, 520)
