"""The window on a transcript with characters outside the BMP (emoji, mathematical
bold letters some PDFs emit, CJK extension ideographs) and combining marks,
before and inside spans: what the reviewer selects, resizes, sees highlighted,
is shown by a leak guard finding and reads in the preview is exactly the text
the project stores. Qt counts UTF-16 units; the store counts characters.

Expected Qt positions come from UTF-16 itself (`utf16`) or from Qt's own search
(`QTextDocument.find`), never from the conversion under test."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QTextCursor, QTextDocument

from reviewer_app.core.document import Document, Section
from reviewer_app.core.spans import Span, Status
from reviewer_app.settings import Settings
from reviewer_app.store.project import Project
from reviewer_app.ui.export_plan import output_offset, plan_export, source_offset
from reviewer_app.ui.main_window import MainWindow
from reviewer_app.ui.transcript_view import TranscriptView
from tests.gui.helpers import Row, find, transcript

LINES = [
    "PRESIDING COMMISSIONER HOLT: 😀 Good morning 🎉. We are here for Kevin Richardson, CDCR number L90314.",
    "INMATE 𝐑𝐈𝐂𝐇𝐀𝐑𝐃𝐒𝐎𝐍: Good morning. My name is 𝐉𝐨𝐡𝐧 and my sister is Mari\u0301a Lo\u0301pez.",
    "DEPUTY COMMISSIONER SMITH: You were born in 𠀀𠀁 Fresno on June 3rd, 1975? 🙂🙂🙂",
    "INMATE RICHARDSON: Yes, in Fresno, near 𪜀Liang's farm.",
]


def utf16(text: str, offset: int) -> int:
    """Qt's position of `text[offset]`: the UTF-16 units before it."""
    return len(text[:offset].encode("utf-16-le")) // 2


def open_window(qtbot, tmp_path, lines=LINES, spans=None) -> MainWindow:
    doc = transcript(lines)
    project = Project.create(tmp_path / "p.db")
    doc_id = project.add_document(doc)
    if spans is None:
        spans = [
            find(doc, "Kevin", "PERSON", "presidio"),
            find(doc, "L90314", "CDCR_ID", "presidio"),
            find(doc, "𝐉𝐨𝐡𝐧", "PERSON", "presidio", "spacy"),
            find(doc, "Mari\u0301a", "PERSON", "spacy"),
            find(doc, "Fresno", "LOCATION", "spacy"),
            find(doc, "Fresno", "LOCATION", "spacy", nth=1),
        ]
    project.record_detection(doc_id, spans, ["presidio", "spacy"])
    project.close()
    window = MainWindow(Settings(reviewer="tester"))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.open_path(tmp_path / "p.db")
    focus_transcript(qtbot, window)
    return window


def focus_transcript(qtbot, window) -> None:
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.transcript.setFocus()


def qt_find(view, needle: str) -> QTextCursor:
    cursor = view.document().find(needle, 0, QTextDocument.FindFlag.FindCaseSensitively)
    assert not cursor.isNull(), needle
    return cursor


def tag_selection(qtbot, window, label_filter: str = "person") -> int:
    """T, a label, Enter: the new span's id."""
    qtbot.keyClick(window.transcript, Qt.Key.Key_T)
    qtbot.waitUntil(window.label_picker.isVisible)
    qtbot.keyClicks(window.label_picker.filter, label_filter)
    qtbot.keyClick(window.label_picker.filter, Qt.Key.Key_Return)
    focus_transcript(qtbot, window)
    return window.review.current_id


def current_marking(view) -> str:
    (selection,) = view.extraSelections()
    return selection.cursor.selectedText()


def span_units(view) -> set[int]:
    """Every Qt position the highlighter painted with a span background."""
    units = set()
    block = view.document().begin()
    while block.isValid():
        for r in block.layout().formats():
            if r.format.background().style() != Qt.BrushStyle.NoBrush:
                units.update(range(block.position() + r.start, block.position() + r.start + r.length))
        block = block.next()
    return units


def test_t_tags_exactly_the_selected_name(qtbot, tmp_path):
    window = open_window(qtbot, tmp_path)
    project, text = window.project, window.review.document.text
    names = ("Mari\u0301a Lo\u0301pez", "𝐑𝐈𝐂𝐇𝐀𝐑𝐃𝐒𝐎𝐍", "𪜀Liang", "RICHARDSON", "𠀀𠀁")
    for name in names:
        window.transcript.setTextCursor(qt_find(window.transcript, name))
        assert window.transcript.selected_range() == (text.index(name), text.index(name) + len(name))
        span_id = tag_selection(qtbot, window)
        stored = project.span(span_id)
        assert stored.origin == "manual" and stored.status is Status.ACCEPTED
        assert stored.span.text_in(text) == name
        assert current_marking(window.transcript) == name
    # What an export writes: no letter of the tagged names is left beside their tags.
    published = plan_export(project, window.review.document_id, draft=False).result.text
    for fragment in ("Lo\u0301pez", "pez", "𝐑𝐈𝐂", "𝐍:", "Liang", "RICHARDSON:", "𠀀", "𠀁"):
        assert fragment not in published
    window.close()


def test_resize_keys_mark_and_store_whole_words(qtbot, tmp_path):
    window = open_window(qtbot, tmp_path)
    review, project, view = window.review, window.project, window.transcript
    text = review.document.text
    for name, widened in (("Kevin", "Kevin Richardson"), ("Mari\u0301a", "Mari\u0301a Lo\u0301pez")):
        row = next(r for r in review.rows if r.span.text_in(text) == name)
        review.set_current(row.id)
        assert current_marking(view) == name
        qtbot.keyClick(view, Qt.Key.Key_BracketRight)
        assert project.span(row.id).span.text_in(text) == widened
        assert current_marking(view) == widened
        found = qt_find(view, widened)
        assert set(range(found.selectionStart(), found.selectionEnd())) <= span_units(view)
        qtbot.keyClick(view, Qt.Key.Key_BracketRight, Qt.KeyboardModifier.ControlModifier)
        assert project.span(row.id).span.text_in(text) == name
        assert current_marking(view) == name
        # The word given back is painted as plain text again.
        tail = qt_find(view, widened[len(name) :])
        assert not set(range(tail.selectionStart(), tail.selectionEnd())) & span_units(view)
    window.close()


def test_highlights_and_speaker_tags_cover_exactly_the_text(qtbot, tmp_path):
    window = open_window(qtbot, tmp_path)
    view, text = window.transcript, window.review.document.text
    expected = set()
    for row in window.review.rows:
        expected.update(range(utf16(text, row.span.start), utf16(text, row.span.end)))
    assert span_units(view) == expected
    tag = "INMATE 𝐑𝐈𝐂𝐇𝐀𝐑𝐃𝐒𝐎𝐍:"
    found = qt_find(view, tag)
    block = found.block()
    bold = set()
    for r in block.layout().formats():
        if r.format.fontWeight() == QFont.Weight.Bold:
            bold.update(range(block.position() + r.start, block.position() + r.start + r.length))
    # The tag and the accepted-looking bold of nothing else: exactly the tag's units.
    assert bold == set(range(found.selectionStart(), found.selectionEnd()))
    window.close()


def test_clicking_the_last_letter_of_a_name_chooses_its_span(qtbot, tmp_path):
    window = open_window(qtbot, tmp_path)
    view, text = window.transcript, window.review.document.text
    kevin = next(r for r in window.review.rows if r.span.text_in(text) == "Kevin")
    window.review.set_current(None)
    cursor = QTextCursor(view.document())
    cursor.setPosition(qt_find(view, "Kevin").selectionEnd() - 1)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.cursorRect(cursor).center())
    assert window.review.current_id == kevin.id
    window.close()


def test_leak_guard_finding_selects_the_name_and_t_tags_it(qtbot, tmp_path):
    window = open_window(qtbot, tmp_path)
    project, doc_id, text = window.project, window.review.document_id, window.review.document.text
    kevin = next(r for r in window.review.rows if r.span.text_in(text) == "Kevin")
    window.review.set_current(kevin.id)
    qtbot.keyClick(window.transcript, Qt.Key.Key_BracketRight)  # "Kevin Richardson"
    for span in project.spans(doc_id):
        project.accept(span.id)
    window.open_export()
    dialog = window.export_dialog
    qtbot.waitUntil(lambda: dialog.plan is not None, timeout=10000)
    plan = dialog.plan
    hits = [h for h in plan.leaks if h.found.casefold() == "richardson"]
    assert hits, "the guard should find RICHARDSON in the last speaker tag"
    start = source_offset(plan.result, hits[0].start)
    end = start + len(hits[0].found)
    assert text[start:end] == "RICHARDSON"
    dialog.finding_activated.emit(start, end)
    view = window.transcript
    assert view.textCursor().selectedText() == "RICHARDSON"
    assert view.selected_range() == (start, end)
    dialog.close()
    focus_transcript(qtbot, window)
    span_id = tag_selection(qtbot, window)
    assert project.span(span_id).span.text_in(text) == "RICHARDSON"
    window.close()


def test_preview_follows_to_the_same_text(qtbot, tmp_path):
    lines = [f"SPEAKER {n} 𝐀: 😀 Kevin 𠀀 🎉" for n in range(120)]
    doc = transcript(lines)
    spans = [find(doc, "Kevin", "PERSON", "presidio", nth=n) for n in range(120)]
    window = open_window(qtbot, tmp_path, lines, spans)
    project, doc_id, text = window.project, window.review.document_id, window.review.document.text
    for span in project.spans(doc_id):
        project.accept(span.id)
    window.actions.toggle_preview.trigger()
    with qtbot.waitSignal(window.preview.rebuilt, timeout=10000):
        window.preview.schedule()
    result = window.preview.result
    assert "Kevin" not in window.preview.toPlainText()
    line_40 = text.index("SPEAKER 40 ")
    window.preview.follow(line_40)
    out = output_offset(result, line_40)
    assert window.preview.textCursor().position() == utf16(result.text, out)
    assert window.preview.textCursor().block().text().startswith("SPEAKER 40 𝐀:")
    # Scrolling the transcript: the first line on screen is read back as a document offset.
    view = window.transcript
    view.verticalScrollBar().setValue(60)
    top = view.firstVisibleBlock().blockNumber()
    assert top > 0
    first = view.first_visible_offset()
    assert text[first:].startswith(f"SPEAKER {top} 𝐀:")
    assert window.preview.textCursor().block().text().startswith(f"SPEAKER {top} 𝐀:")
    window.close()


# -- any text ---------------------------------------------------------------------
PIECES = st.sampled_from(
    [
        *("a", "Z", " ", ".", "\t", "\x00", "é", "e\u0301"),
        *("\n", "\r\n", "\r", "\u2028", "\u2029", "\ufffc"),
        *("😀", "🎉", "𝐉", "𝐨", "𠀀", "𪜀"),
    ]
)


def qt_plain(text: str) -> str:
    """A document slice as Qt's `selectedText` gives it: every paragraph end is one U+2029."""
    return text.replace("\r\n", "\u2029").replace("\r", "\u2029").replace("\n", "\u2029")


@st.composite
def text_and_range(draw):
    """A text and a range of it that does not split a CR LF (Qt holds it as one character)."""
    text = draw(st.lists(PIECES, min_size=1, max_size=60).map("".join))
    bounds = [i for i in range(len(text) + 1) if text[i - 1 : i + 1] != "\r\n"]
    start = draw(st.sampled_from(bounds[:-1]))
    end = draw(st.sampled_from([b for b in bounds if b > start]))
    return text, start, end


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text_and_range())
def test_any_document_range_selects_and_highlights_exactly_that_text(qtbot, case):
    text, start, end = case
    view = TranscriptView()
    qtbot.addWidget(view)
    document = Document(id="any", text=text, sections=(Section("text", 0, len(text)),))
    view.show_document(document, [Row(1, Span(start, end, "PERSON", ("manual",), 1.0), Status.ACCEPTED)])
    view.select_range(start, end)
    assert view.selected_range() == (start, end)
    assert view.textCursor().selectedText() == qt_plain(text[start:end])
    # The highlight: exactly the span's units, paragraph separators aside (Qt paints none there).
    qt_start = utf16(text, start) - text[: start + 1].count("\r\n")
    units = qt_plain(text[start:end]).encode("utf-16-le")
    wanted = {
        qt_start + i // 2 for i in range(0, len(units), 2) if units[i : i + 2] != "\u2029".encode("utf-16-le")
    }
    assert span_units(view) == wanted
    view.show_span(1)
    assert current_marking(view) == qt_plain(text[start:end])
