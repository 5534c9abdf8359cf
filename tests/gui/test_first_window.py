"""The first window: a transcript shown with speaker tags emphasised, opening
files (menu, drop), and errors as plain-words dialogs."""

from __future__ import annotations

from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent, QFont, QTextCharFormat
from PySide6.QtWidgets import QMessageBox

from reviewer_app.core.document import Document, Utterance
from reviewer_app.core.spans import Status
from reviewer_app.settings import Settings
from reviewer_app.ui.colors import ColourBy
from reviewer_app.ui.main_window import MainWindow
from reviewer_app.ui.span_table_model import SPAN_ID_ROLE
from reviewer_app.ui.workers import Task
from tests.gui.helpers import SAMPLE_LINES, Row, find, transcript


def formats_at(view, offset: int):
    """The highlighter's format ranges of the line holding `offset`."""
    block = view.document().findBlock(offset)
    pos = offset - block.position()
    ranges = block.layout().formats()
    return [QTextCharFormat(r.format) for r in ranges if r.start <= pos < r.start + r.length]


def make_window(qtbot) -> MainWindow:
    window = MainWindow(Settings(reviewer="tester"))
    qtbot.addWidget(window)
    return window


def test_shows_transcript_with_speaker_tags_bold(qtbot):
    window = make_window(qtbot)
    doc = transcript(SAMPLE_LINES)
    window.show_document(doc)
    view = window.transcript
    assert view.toPlainText() == doc.text
    tag = formats_at(view, doc.text.index("INMATE RICHARDSON"))
    assert tag and tag[0].fontWeight() == QFont.Weight.Bold
    speech = formats_at(view, doc.text.index("Good morning. R-I"))
    assert not speech
    assert "words" in window.message_label.text()


def test_only_a_tag_the_line_begins_with_is_styled_as_a_speaker_tag(qtbot):
    window = make_window(qtbot)
    text = "INMATE RICHARDSON: Yes.\nPROCEEDINGS\nINMATE RICHARDSON: Go on."
    # The importer carried the speaker over to the heading's line: no tag is written there.
    utterances = (
        Utterance("INMATE RICHARDSON", 0, 23),
        Utterance("INMATE RICHARDSON", 24, 35),
        Utterance("INMATE RICHARDSON", 36, len(text)),
    )
    window.show_document(Document(id="d", text=text, utterances=utterances))
    view = window.transcript
    assert formats_at(view, text.index("INMATE")) and formats_at(view, text.rindex("INMATE"))
    heading = text.index("PROCEEDINGS")
    assert all(not formats_at(view, heading + i) for i in range(len("PROCEEDINGS")))


def test_spans_drawn_by_status_and_colour_toggle(qtbot):
    window = make_window(qtbot)
    doc = transcript(SAMPLE_LINES)
    fresno = find(doc, "Fresno", "LOCATION", "spacy", "stanza")
    rows = [
        Row(1, find(doc, "Kevin Richardson", "PERSON", "presidio"), Status.ACCEPTED),
        Row(2, find(doc, "L90314", "CDCR_ID", "presidio"), Status.REJECTED),
        Row(3, fresno, Status.PENDING),
    ]
    view = window.transcript
    view.show_document(doc, rows)
    (accepted,) = formats_at(view, rows[0].span.start)
    assert accepted.fontWeight() == QFont.Weight.Bold
    (rejected,) = formats_at(view, rows[1].span.start)
    assert rejected.fontStrikeOut()
    (pending,) = formats_at(view, fresno.start)
    assert pending.fontOverline()  # two detectors agree
    by_detector = pending.background().color().name()
    view.set_colour_by(ColourBy.LABEL)
    (pending,) = formats_at(view, fresno.start)
    assert pending.background().color().name() != by_detector
    view.set_hidden_detectors({"spacy", "stanza"})
    assert not formats_at(view, fresno.start)
    assert "LOCATION" in view.tooltip_text(rows[2]) and "stanza" in view.tooltip_text(rows[2])


def test_failed_task_shows_plain_error_dialog(qtbot):
    window = make_window(qtbot)

    def work(progress):
        raise PermissionError(13, "Permission denied", "/tmp/secret.pdf")

    task = Task(work)
    task.signals.failed.connect(lambda exc: window.report_error("Could not open the file", exc, "opening it"))
    with qtbot.waitSignal(window.error_shown, timeout=5000) as blocker:
        window.tasks.start(task)
    box = blocker.args[0]
    assert isinstance(box, QMessageBox)
    assert "permission" in box.text().lower()
    assert box.isVisible()
    box.close()


def test_dropping_a_file_opens_it(qtbot, monkeypatch, tmp_path):
    window = make_window(qtbot)
    opened = []
    monkeypatch.setattr(window, "open_path", opened.append)
    mime = QMimeData()
    target = tmp_path / "hearing.pdf"
    mime.setUrls([QUrl.fromLocalFile(str(target))])
    event = QDropEvent(
        QPointF(QPoint(10, 10)),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
    )
    window.dropEvent(event)
    assert opened == [target]


def test_label_picker_filters_as_you_type_and_enter_chooses(qtbot):
    from PySide6.QtWidgets import QWidget

    from reviewer_app.ui.label_picker import LabelPicker

    parent = QWidget()
    qtbot.addWidget(parent)
    picker = LabelPicker(parent)
    picker.choose_from("PERSON")
    assert picker.list.currentItem().text() == "PERSON"
    qtbot.keyClicks(picker.filter, "pris")
    assert picker.visible_labels() == ["PRISON"]
    with qtbot.waitSignal(picker.chosen) as blocker:
        qtbot.keyClick(picker.filter, Qt.Key.Key_Return)
    assert blocker.args == ["PRISON"]
    picker.choose_from()
    qtbot.keyClicks(picker.filter, "loc")  # LOCATION and every fine label under it
    assert "LOCATION" in picker.visible_labels() and "CITY" in picker.visible_labels()
    assert "PERSON" not in picker.visible_labels()
    qtbot.keyClick(picker.filter, Qt.Key.Key_Down)
    with qtbot.waitSignal(picker.chosen) as blocker:
        qtbot.keyClick(picker.filter, Qt.Key.Key_Return)
    assert blocker.args[0] == picker.visible_labels()[1]


def test_open_transcript_file_imports_into_a_project(qtbot, tmp_path):
    window = make_window(qtbot)
    path = tmp_path / "hearing.txt"
    path.write_text("\n".join(SAMPLE_LINES) + "\n", encoding="utf-8")
    with qtbot.waitSignal(window.document_shown, timeout=10000) as blocker:
        window.open_path(path)
    assert "Kevin Richardson" in window.transcript.toPlainText()
    assert blocker.args[0].id in window.project.document_ids()
    assert window.project.path.parent.name == "projects"  # kept in the user's data folder
    assert window.documents.count() == 1
    # Nothing detected yet: the inspector says how to start rather than "press N".
    assert "Ctrl+D" in window.inspector.context.text()


def test_bad_files_get_plain_words_dialogs(qtbot, tmp_path):
    window = make_window(qtbot)
    empty = tmp_path / "empty.txt"
    empty.write_text("", encoding="utf-8")
    with qtbot.waitSignal(window.error_shown, timeout=10000) as blocker:
        window.open_path(empty)
    box = blocker.args[0]
    assert "empty" in box.text() and "Traceback" not in box.text()
    box.close()
    odd = tmp_path / "notes.docx"
    odd.write_bytes(b"PK\x03\x04")
    with qtbot.waitSignal(window.error_shown, timeout=10000) as blocker:
        window.open_path(odd)
    assert ".docx" in blocker.args[0].text()
    blocker.args[0].close()


def test_the_window_says_which_encoding_a_text_was_read_in(qtbot, tmp_path):
    window = make_window(qtbot)
    path = tmp_path / "unicode.txt"
    path.write_bytes(("\n".join(SAMPLE_LINES) + "\n").encode("utf-16"))  # with a byte-order mark
    with qtbot.waitSignal(window.document_shown, timeout=10000):
        window.open_path(path)
    assert "Kevin Richardson" in window.transcript.toPlainText()
    assert "read as UTF-16 LE" in window.message_label.text()


def test_binary_data_and_folders_named_txt_get_plain_words_dialogs(qtbot, tmp_path):
    import random

    window = make_window(qtbot)
    binary = tmp_path / "binary.txt"
    binary.write_bytes(random.Random(3).randbytes(2048))
    folder = tmp_path / "folder.txt"
    folder.mkdir()
    for path, words in ((binary, "does not look like text"), (folder, "is a folder, not a file")):
        with qtbot.waitSignal(window.error_shown, timeout=10000) as blocker:
            window.open_path(path)
        assert words in blocker.args[0].text() and "Traceback" not in blocker.args[0].text()
        blocker.args[0].close()


def test_preview_follows_decisions_and_scroll(qtbot, tmp_path):
    from reviewer_app.core.spans import Status as S
    from tests.gui.test_review_controller import make_project

    project, _ = make_project(tmp_path / "p.db")
    project.close()
    window = make_window(qtbot)
    window.show()
    window.open_path(tmp_path / "p.db")
    window.actions.toggle_preview.trigger()
    assert window.preview.isVisible()
    with qtbot.waitSignal(window.preview.rebuilt, timeout=10000):
        pass
    assert "Kevin Richardson" in window.preview.toPlainText()  # nothing accepted yet
    person = next(r for r in window.review.rows if r.span.label == "PERSON")
    window.review.set_current(person.id)
    with qtbot.waitSignal(window.preview.rebuilt, timeout=10000):
        window.review.accept()
    assert "Kevin Richardson" not in window.preview.toPlainText()
    assert "[PERSON_1]" in window.preview.toPlainText()
    assert window.project.span(person.id).status is S.ACCEPTED
    last_line = window.review.document.text.rindex("\n") + 1
    window.preview.follow(last_line)
    assert window.preview.textCursor().block().text().startswith("INMATE")


def test_whole_document_repaint_is_sliced_visible_lines_first(qtbot, monkeypatch):
    from reviewer_app.ui import transcript_view

    monkeypatch.setattr(transcript_view, "REHIGHLIGHT_SLICE_S", 0.0)  # one line per slice
    lines = [f"SPEAKER {i}: said Fresno on line {i}" for i in range(300)]
    doc = transcript(lines)
    rows = [Row(i, find(doc, "Fresno", "LOCATION", "spacy", nth=i)) for i in range(300)]
    window = make_window(qtbot)
    view = window.transcript
    view.show_document(doc, rows)
    first_line = rows[0].span.start
    last_line = rows[-1].span.start
    view.set_colour_by(ColourBy.LABEL)
    label_colour = formats_at(view, first_line)[-1].background().color().name()
    assert formats_at(view, last_line)[-1].background().color().name() != label_colour  # not yet
    qtbot.waitUntil(lambda: not view._dirty_blocks, timeout=10000)
    assert formats_at(view, last_line)[-1].background().color().name() == label_colour


def test_document_list_counts_follow_decisions(qtbot, tmp_path):
    from tests.gui.test_review_controller import make_project

    project, _ = make_project(tmp_path / "p.db")
    project.close()
    window = make_window(qtbot)
    window.open_path(tmp_path / "p.db")
    assert "0 of 5 reviewed" in window.documents.item(0).text()
    window.actions.next_pending.trigger()
    window.actions.accept.trigger()
    qtbot.waitUntil(lambda: "1 of 5 reviewed" in window.documents.item(0).text(), timeout=5000)


def test_legend_toggles_colours_and_hides_detectors_in_the_window(qtbot):
    window = make_window(qtbot)
    doc = transcript(SAMPLE_LINES)
    fresno = find(doc, "Fresno", "LOCATION", "stanza")
    window.transcript.show_document(doc, [Row(1, fresno)])
    assert formats_at(window.transcript, fresno.start)
    window.legend.detector_boxes["stanza"].setChecked(False)
    assert window.transcript.highlighter.hidden_detectors == {"stanza"}
    assert not formats_at(window.transcript, fresno.start)
    window.legend.detector_boxes["stanza"].setChecked(True)
    window.actions.toggle_colour.trigger()  # F7
    assert window.legend.by_label.isChecked()
    assert window.transcript.highlighter.colour_by is ColourBy.LABEL
    assert "LOCATION" in window.legend.label_key.text()


def test_reopening_a_transcript_file_returns_to_its_project_without_reimport(qtbot, tmp_path, monkeypatch):
    path = tmp_path / "hearing.txt"
    path.write_text("\n".join(SAMPLE_LINES) + "\n", encoding="utf-8")
    window = make_window(qtbot)
    with qtbot.waitSignal(window.document_shown, timeout=10000):
        window.open_path(path)
    window.actions.next_pending.trigger()  # nothing detected: nothing pending
    project_path = window.project.path
    window.close()

    import reviewer_app.importers as importers

    def no_import(*args):
        raise AssertionError("re-imported")

    monkeypatch.setattr(importers, "import_file", no_import)
    again = make_window(qtbot)
    with qtbot.waitSignal(again.document_shown, timeout=10000):
        again.open_path(path)
    assert again.project.path == project_path
    assert again.project.document_ids() == [again.review.document_id]


def test_span_table_and_transcript_follow_each_other(qtbot, tmp_path):
    from tests.gui.test_review_controller import make_project

    project, _ = make_project(tmp_path / "p.db")
    project.close()
    window = make_window(qtbot)
    window.open_path(tmp_path / "p.db")
    table = window.span_table.table
    proxy = window.span_table.proxy
    table.setCurrentIndex(proxy.index(3, 0))  # a row of the table -> the span in the text
    row = window.review.current
    assert row is not None and row.id == proxy.data(proxy.index(3, 0), SPAN_ID_ROLE)
    assert window.transcript.textCursor().position() == row.span.start
    other = window.review.rows[1]
    window.review.set_current(other.id)  # a span in the text -> its row in the table
    assert proxy.data(table.currentIndex(), SPAN_ID_ROLE) == other.id
    window.span_table.search.setText("fresno")  # filters keep following
    assert proxy.rowCount() == 2
