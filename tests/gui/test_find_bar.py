"""Find in the transcript and Tag all matches, with the keys a reviewer presses."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from reviewer_app.core.spans import Span, Status
from reviewer_app.settings import Settings
from reviewer_app.store.project import Project
from reviewer_app.ui.main_window import MainWindow
from tests.gui.helpers import SAMPLE_LINES, transcript
from tests.gui.test_review_controller import make_project

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier
ALT = Qt.KeyboardModifier.AltModifier


def press(qtbot, window, key, modifier=Qt.KeyboardModifier.NoModifier):
    qtbot.keyClick(window.focusWidget() or window, key, modifier)


def open_window(qtbot, path) -> MainWindow:
    window = MainWindow(Settings(reviewer="tester"))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.open_path(path)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.transcript.setFocus()
    return window


def toggle(qtbot, window, key, box) -> None:
    """Alt+key on a check box of the find bar: its mnemonic clicks it (animated,
    so it takes effect a moment later)."""
    was = box.isChecked()
    press(qtbot, window, key, ALT)
    qtbot.waitUntil(lambda: box.isChecked() != was)


def offsets_of(text: str, needle: str, *, fold: bool = True) -> list[tuple[int, int]]:
    haystack, needle = (text.casefold(), needle.casefold()) if fold else (text, needle)
    found, start = [], haystack.find(needle)
    while start >= 0:
        found.append((start, start + len(needle)))
        start = haystack.find(needle, start + 1)
    return found


def test_find_steps_through_every_match_and_esc_returns_to_the_transcript(qtbot, tmp_path):
    project, _ = make_project(tmp_path / "p.db")
    project.close()
    window = open_window(qtbot, tmp_path / "p.db")
    bar, view = window.find_bar, window.transcript
    text = window.review.document.text
    press(qtbot, window, Qt.Key.Key_F, CTRL)
    assert bar.isVisible() and window.focusWidget() is bar.field
    qtbot.keyClicks(window.focusWidget(), "fresno")
    fresno = offsets_of(text, "fresno")
    assert len(fresno) == 2
    assert bar.count_label.text() == "1 of 2"
    # Every match marked, the current one apart; the span colours are untouched.
    assert sorted(view.match_selections()) == sorted([(*fresno[0], True), *((*m, False) for m in fresno)])
    press(qtbot, window, Qt.Key.Key_F3)
    assert bar.count_label.text() == "2 of 2"
    assert (*fresno[1], True) in view.match_selections()
    press(qtbot, window, Qt.Key.Key_F3)  # wraps around
    assert bar.count_label.text() == "1 of 2"
    press(qtbot, window, Qt.Key.Key_F3, SHIFT)
    assert bar.count_label.text() == "2 of 2"
    press(qtbot, window, Qt.Key.Key_Return)
    assert bar.count_label.text() == "1 of 2"
    press(qtbot, window, Qt.Key.Key_Return, SHIFT)
    assert bar.count_label.text() == "2 of 2"
    # Whole words and case from the keyboard.
    qtbot.keyClicks(window.focusWidget(), "x")
    assert bar.count_label.text() == "No matches"
    press(qtbot, window, Qt.Key.Key_Backspace)
    toggle(qtbot, window, Qt.Key.Key_C, bar.case_box)  # match case: "fresno" is not "Fresno"
    assert bar.count_label.text() == "No matches"
    toggle(qtbot, window, Qt.Key.Key_C, bar.case_box)
    assert bar.count_label.text() == "2 of 2"  # a new search starts at the current match
    assert window.focusWidget() is bar.field or bar.isAncestorOf(window.focusWidget())
    bar.field.setFocus()
    press(qtbot, window, Qt.Key.Key_Escape)
    assert not bar.isVisible()
    assert window.focusWidget() is view
    assert view.match_selections() == []
    # The current match stays selected: T would tag it.
    assert view.selected_range() == fresno[1]
    window.close()


def test_an_invalid_regex_says_so_in_the_bar(qtbot, tmp_path):
    project, _ = make_project(tmp_path / "p.db")
    project.close()
    window = open_window(qtbot, tmp_path / "p.db")
    bar = window.find_bar
    press(qtbot, window, Qt.Key.Key_F, CTRL)
    toggle(qtbot, window, Qt.Key.Key_X, bar.regex_box)  # regular expression on
    bar.field.setFocus()
    qtbot.keyClicks(window.focusWidget(), "(fres")
    assert bar.count_label.text().startswith("Not a valid regular expression: missing )")
    assert bar.matches == [] and not bar.tag_button.isEnabled()
    qtbot.keyClicks(window.focusWidget(), "no)")
    assert bar.count_label.text() == "1 of 2"
    window.close()


def test_tag_all_skips_covered_matches_asks_first_and_is_one_undo_step(qtbot, tmp_path):
    project, doc_id = make_project(tmp_path / "p.db")
    project.close()
    window = open_window(qtbot, tmp_path / "p.db")
    bar, review = window.find_bar, window.review
    text = review.document.text
    spans_before = {s.id for s in window.project.spans(doc_id)}
    press(qtbot, window, Qt.Key.Key_F, CTRL)
    # "Kevin Richardson" is a span; the two "INMATE RICHARDSON" speaker tags are not.
    qtbot.keyClicks(window.focusWidget(), "richardson")
    toggle(qtbot, window, Qt.Key.Key_W, bar.word_box)  # whole words: not the spelled R-I-C-H…
    assert bar.count_label.text().endswith("of 3")
    bar.label_combo.setFocus()
    qtbot.keyClicks(bar.label_combo, "PERSON")
    assert bar.label_combo.currentText() == "PERSON"
    press(qtbot, window, Qt.Key.Key_G, ALT)  # Tag all
    qtbot.waitUntil(lambda: bar.confirm_box is not None and bar.confirm_box.isVisible())
    box = bar.confirm_box
    assert box.text() == "Tag 2 matches as PERSON? 1 already covered by a span is skipped."
    assert window.project.spans(doc_id) and {s.id for s in window.project.spans(doc_id)} == spans_before
    qtbot.keyClick(box, Qt.Key.Key_Return)  # Yes is the default
    qtbot.waitUntil(lambda: bar.confirm_box is None)
    # The offscreen platform does not give the window back its activation as a desktop does.
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    assert window.focusWidget() is window.transcript
    added = [s for s in window.project.spans(doc_id) if s.id not in spans_before]
    expected = offsets_of(text, "RICHARDSON", fold=False)
    assert sorted((s.start, s.end) for s in added) == expected
    assert all(s.status is Status.ACCEPTED and s.origin == "manual" and s.label == "PERSON" for s in added)
    assert window.project.audit_log(limit=1)[0].span_ids == tuple(sorted(s.id for s in added))
    assert "Tagged 2 match(es) as PERSON" in window.message_label.text()
    # On screen: the new spans are rows of the table and are drawn in the transcript.
    assert {r.id for r in review.rows} >= {s.id for s in added}
    assert window.span_table.model.rowCount() == len(spans_before) + 2
    # A second Tag all finds every match covered now.
    bar.field.setFocus()
    press(qtbot, window, Qt.Key.Key_G, ALT)
    qtbot.waitUntil(lambda: window.message_label.text().startswith("Nothing"))
    assert bar.confirm_box is None
    assert window.message_label.text() == "Nothing to tag: 3 already covered by a span are skipped."
    # Ctrl+Z in the transcript takes all of them back in one step.
    window.transcript.setFocus()
    press(qtbot, window, Qt.Key.Key_Z, CTRL)
    assert {s.id for s in window.project.spans(doc_id)} == spans_before
    assert window.span_table.model.rowCount() == len(spans_before)
    press(qtbot, window, Qt.Key.Key_Z, CTRL | SHIFT)
    assert len(window.project.spans(doc_id)) == len(spans_before) + 2
    window.close()


def test_matches_after_emoji_are_marked_on_exactly_their_text(qtbot, tmp_path):
    first = "PRESIDING COMMISSIONER HOLT: 😀 Good morning 🎉. Is it 𝐀nn? Ann Lee, 🎉 Ann."
    lines = [first, *SAMPLE_LINES[1:]]
    document = transcript(lines, "emoji")
    with Project.create(tmp_path / "e.db") as project:
        project.add_document(document)
    window = open_window(qtbot, tmp_path / "e.db")
    press(qtbot, window, Qt.Key.Key_F, CTRL)
    qtbot.keyClicks(window.focusWidget(), "ann")
    toggle(qtbot, window, Qt.Key.Key_W, window.find_bar.word_box)
    expected = [(m, m + 3) for m in (document.text.index("Ann Lee"), document.text.index("Ann."))]
    shown = window.transcript.extraSelections()
    assert [cursor.selectedText() for cursor in (s.cursor for s in shown)] == ["Ann", "Ann", "Ann"]
    assert sorted({(s, e) for s, e, _ in window.transcript.match_selections()}) == expected
    press(qtbot, window, Qt.Key.Key_F3)
    assert window.find_bar.count_label.text() == "2 of 2"
    press(qtbot, window, Qt.Key.Key_Escape)
    assert window.transcript.textCursor().selectedText() == "Ann"
    assert window.transcript.selected_range() == expected[1]
    window.close()
    QApplication.processEvents()


def test_the_f1_sheet_lists_the_find_keys(qtbot):
    from reviewer_app.ui.actions import FIND_BAR_KEYS, CheatSheet

    sheet = CheatSheet()
    qtbot.addWidget(sheet)
    text = sheet.findChildren(type(sheet.layout().itemAt(0).widget()))[0].text()
    for keys in ("Ctrl+F", "F3", "Shift+F3", *(k for k, _ in FIND_BAR_KEYS)):
        assert f"<b>{keys}</b>" in text


def test_tag_all_keeps_the_transcript_at_the_match_the_reviewer_is_on(qtbot, tmp_path):
    # A current span on the first line; the matches 150 lines down, pages away from it.
    filler = [f"INMATE RICHARDSON: Line {n} of what happened that year." for n in range(150)]
    document = transcript(SAMPLE_LINES + filler + ["INMATE RICHARDSON: Lamont was there, and Lamont left."])
    with Project.create(tmp_path / "p.db") as project:
        doc_id = project.add_document(document)
        start = document.text.index("Kevin Richardson")
        project.record_detection(doc_id, [Span(start, start + 16, "PERSON", ("spacy",), 0.9)], ["spacy"])
    window = open_window(qtbot, tmp_path / "p.db")
    view, bar, review = window.transcript, window.find_bar, window.review
    review.set_current(review.rows[0].id)
    press(qtbot, window, Qt.Key.Key_F, CTRL)
    qtbot.keyClicks(window.focusWidget(), "Lamont")
    press(qtbot, window, Qt.Key.Key_Return)  # the second "Lamont"
    assert bar.count_label.text() == "2 of 2"
    press(qtbot, window, Qt.Key.Key_G, ALT)  # Tag all
    qtbot.waitUntil(lambda: bar.confirm_box is not None and bar.confirm_box.isVisible())
    qtbot.keyClick(bar.confirm_box, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: bar.confirm_box is None)
    second = document.text.rindex("Lamont")
    assert (review.current.span.start, review.current.span.end) == (second, second + 6)
    cursor = view.textCursor()
    cursor.setPosition(second)
    assert view.viewport().rect().contains(view.cursorRect(cursor).center())
    window.close()
