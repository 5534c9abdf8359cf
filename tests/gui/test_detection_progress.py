"""Detection progress in the window: words that move chunk by chunk, with the
time left, and the Documents list showing each name once beside its bar."""

from __future__ import annotations

from pathlib import Path

from reviewer_app.paths import resource
from reviewer_app.settings import Settings
from reviewer_app.ui.main_window import MainWindow

ROOT = Path(__file__).resolve().parents[2]


def test_the_progress_label_moves_chunk_by_chunk_during_a_real_detection(qtbot, tmp_path):
    source = tmp_path / "hearing.txt"
    # About 20,000 characters: several chunks of the runner.
    source.write_text(resource("sample", "sample_hearing.txt").read_text(encoding="utf-8"), encoding="utf-8")
    window = MainWindow(Settings(reviewer="tester"))
    qtbot.addWidget(window)
    window.show()
    with qtbot.waitSignal(window.document_shown, timeout=60000):
        window.open_path(source)
    doc_id = window.review.document_id
    seen: list[str] = []
    names_drawn: list[int] = []

    def record(*_):
        # Connected after the window's own slot: what the reviewer sees now.
        text = window.detection_label.text()
        if not seen or seen[-1] != text:
            seen.append(text)
        item = window.documents.item_of(doc_id)
        holder = window.documents.itemWidget(item)
        labels = [w.text() for w in holder.findChildren(type(window.detection_label))] if holder else []
        names_drawn.append(labels.count("hearing.txt") + item.text().count("hearing.txt"))

    window.detection.progress.connect(record)
    with qtbot.waitSignal(window.detection.finished, timeout=120000):
        window.start_detection([doc_id], ["spacy"])
    counted = [text for text in seen if "chunks" in text]
    assert len(counted) >= 3, seen
    assert any(" 1/" in text for text in counted) and any("left" in text for text in counted), seen
    assert any("loading the model" in text for text in seen), seen
    # The document's name once in its row while the bar shows, never twice.
    assert names_drawn and set(names_drawn) == {1}, names_drawn
    assert window.detection_label.text() == "Detection done"
    window.close()
