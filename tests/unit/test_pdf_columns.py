"""Finding the gutter of a page in two columns (`importers/pdf_columns.py`), and not
finding one on a page in one column that has gaps of other kinds."""

from __future__ import annotations

from reviewer_app.importers.pdf_columns import column_regions, find_gutter
from reviewer_app.importers.pdf_pages import Word

WIDTH = 612.0


def _row(y: float, x: float, text: str, char: float = 5.0) -> list[Word]:
    """The words of `text` from `x` on the baseline `y`, `char` points a character."""
    words = []
    for token in text.split():
        words.append(Word(token, x, x + char * len(token), y - 10, y))
        x += char * (len(token) + 1)
    return words


def test_two_columns_of_text_are_read_left_column_first():
    words = _row(40, 250, "THE RUNNING HEADER OF THE PAGE")
    for i in range(20):
        words += _row(80 + 14 * i, 54, f"left column row {i} with some more words")
        words += _row(80 + 14 * i, 330, f"right column row {i} with some more words")
    gutter = find_gutter(words, WIDTH, 2.5)
    assert gutter is not None and 54 + 5 * 40 < gutter.start < gutter.end < 330
    regions = column_regions(words, 2.5, [gutter])
    assert [r.column for r in regions] == [0, 1, 2]
    assert " ".join(w.text for w in regions[1].words).startswith("left column row 0")
    # The right column stands on the left column's edge.
    assert min(w.x0 for w in regions[2].words) == 54


def test_a_hanging_indent_and_an_index_are_one_column():
    tags = []
    for i in range(12):
        tags += _row(80 + 28 * i, 72, "PRESIDING COMMISSIONER:")
        tags += _row(80 + 28 * i, 216, "the speech starts at the tab stop and runs on to the edge")
        tags += _row(94 + 28 * i, 216, "and the wrapped rows stand at the tab stop under it all")
    assert find_gutter(tags, WIDTH, 2.5) is None
    index = []
    for i in range(12):
        index += _row(80 + 14 * i, 72, f"Section{i} ..............")
        index += _row(80 + 14 * i, 500, str(i + 3))
    assert find_gutter(index, WIDTH, 2.5) is None


def test_words_off_the_page_are_no_trouble():
    words = []
    for i in range(12):
        words += _row(80 + 14 * i, 54, "a row of text across the page from one edge to the other side")
    words += _row(300, WIDTH + 40, "drawn off the page") + _row(314, -60, "and left")
    assert find_gutter(words, WIDTH, 2.5) is None


def _page(x: float, rows: list[str], first_y: float = 80) -> list[Word]:
    """A line-numbered page from `x`: its margin counts 1-25, `rows` beside the first numbers."""
    words = []
    for i in range(25):
        y = first_y + 12 * i
        words += _row(y, x, str(i + 1))
        if i < len(rows):
            words += _row(y, x + 20, rows[i])
    return words


def test_pages_side_by_side_whose_right_page_holds_a_row_are_two_columns():
    """A short transcript's only sheet: the right page prints one row under its margin
    numbers, too few rows of text to show a column, but its margin counts 1-25 as the left's."""
    left = _page(30, [f"the left page's row {i} of speech in words" for i in range(25)])
    right = _page(330, ["WITNESS: the last row of the transcript"])
    gutter = find_gutter(left + right, WIDTH, 2.5)
    assert gutter is not None and 30 + 20 + 5 * 40 < gutter.start < gutter.end < 330
    regions = column_regions(left + right, 2.5, [gutter])
    assert [r.column for r in regions] == [1, 2]
    assert " ".join(w.text for w in regions[1].words) == " ".join(
        ["1 WITNESS: the last row of the transcript"] + [str(n) for n in range(2, 26)]
    )


def test_an_index_beside_a_page_is_no_column_of_margin_numbers():
    """Page numbers that count 1, 2, 3 at the right of an index's rows are no page's margin."""
    words = []
    for i in range(12):
        words += _row(80 + 14 * i, 72, f"Section {i} of the hearing and more ...........")
        words += _row(80 + 14 * i, 500, str(i + 1))
    assert find_gutter(words, WIDTH, 2.5) is None


def _short_second_column(right_rows: list[str]) -> list[Word]:
    """A page of text in two columns that flows into the right column for a few rows: a
    header over the left column, the page number centred under both."""
    words = _row(40, 54, "Interview Of The Witness")
    for i in range(40):
        words += _row(80 + 12 * i, 54, "the left column of speech has eight words")
    for i, text in enumerate(right_rows):  # a paragraph's space between: off the left rows' baselines
        words += _row(80 + 16 * i, 330, text)
    return words + _row(760, 303, "1")


def test_a_right_column_of_a_row_or_two_is_a_column():
    """A short document's only page: the right column holds a row or two beside a full left
    column, and the page number under the columns stands in the gutter (past a short row the
    page is clear too, wider than the gutter: the gutter is the clear stretch by the middle)."""
    rows_of = (["can reach you on."], ["it ends."], ["WITNESS: the last row of it", "ATTORNEY: thank you"])
    for rows in rows_of:
        words = _short_second_column(rows)
        gutter = find_gutter(words, WIDTH, 2.5)
        assert gutter is not None and 54 + 5 * 41 <= gutter.start < gutter.end < 330
        regions = column_regions(words, 2.5, [gutter])
        assert [r.column for r in regions] == [1, 2, 0]
        assert " ".join(w.text for w in regions[1].words) == " ".join(rows)


def test_rows_beside_a_column_below_its_top_are_no_column():
    """Rows that start right of a column of text but lower down (a signature beside the last
    rows) do not make the page two columns."""
    words = []
    for i in range(20):
        words += _row(80 + 12 * i, 54, "the left column of speech has eight words")
    words += _row(80 + 12 * 15, 330, "signed by the reporter")
    assert find_gutter(words, WIDTH, 2.5) is None


def test_a_row_of_the_left_column_run_on_into_the_gutter_stays_in_the_left_column():
    """A tag too long for its column that its program did not wrap runs into the gutter, its
    row empty in the right column: it is the left column's row, read where it stands, not a
    line across the page that cuts the columns into blocks; a title centred across the
    gutter still is one."""
    words = []
    for i in range(20):
        y = 80 + 14 * i
        if i == 9:
            # from 54 to 319: past the left column's edge at 249, across most of the gutter
            words += _row(y, 54, "DEPUTY DISTRICT ATTORNEY MARGARETHE HALVERSON-NAKAMURA:")
        elif i == 12:
            words += _row(y, 200, "A TITLE CENTRED ACROSS THE PAGE")
        else:
            words += _row(y, 54, f"left column row {i} with some more words")
            words += _row(y, 330, f"right column row {i} with some more words")
    gutter = find_gutter(words, WIDTH, 2.5)
    assert gutter is not None
    regions = column_regions(words, 2.5, [gutter])
    texts = [" ".join(w.text for w in region.words) for region in regions]
    # The centred title cuts the columns; the tag does not.
    assert [r.column for r in regions] == [1, 2, 0, 1, 2]
    tag = "DEPUTY DISTRICT ATTORNEY MARGARETHE HALVERSON-NAKAMURA:"
    assert f"row 8 with some more words {tag} left column row 10" in texts[0]
    assert texts[2] == "A TITLE CENTRED ACROSS THE PAGE"
