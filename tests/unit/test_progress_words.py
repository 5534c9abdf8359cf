"""Progress in words with the time left (core/progress.py), on a fake clock, and
the runner's per-chunk reports for every detector."""

from __future__ import annotations

import pytest

from reviewer_app.core.progress import Progress, ProgressWords, Step, about
from reviewer_app.detectors import registry
from reviewer_app.detectors.runner import CHUNK_UNIT, LOADING_NOTE, chunk_text, run_detection
from reviewer_app.settings import Settings
from tests.unit.test_runner import CountingDetector, hearing


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def chunk(done: int, total: int = 12, stage: str = "presidio") -> Step:
    return Step(stage, done / total, done, total, "chunks")


def test_no_time_left_is_promised_before_the_first_chunk_is_done():
    clock = FakeClock()
    words = ProgressWords(clock)
    assert words.describe(chunk(0)) == "presidio 0/12 chunks"
    clock.now += 7.0
    assert words.describe(chunk(0)) == "presidio 0/12 chunks"


def test_the_time_left_follows_the_pace_of_the_chunks_done():
    clock = FakeClock()
    words = ProgressWords(clock)
    words.describe(chunk(0))
    clock.now += 2.0  # one chunk in 2 s: 11 more take about 22 s
    assert words.seconds_left(chunk(1)) == pytest.approx(22.0)
    clock.now += 4.0  # three in 6 s: nine more take 18 s
    assert words.describe(chunk(3)) == "presidio 3/12 chunks · about 20 s left"
    clock.now += 18.0
    assert words.describe(chunk(12)) == "presidio 12/12 chunks"


def test_loading_time_does_not_count_as_the_pace_of_the_chunks():
    clock = FakeClock()
    words = ProgressWords(clock)
    assert words.describe(Step("presidio", 0.0, note="loading the model")) == "presidio: loading the model"
    clock.now += 30.0  # a slow model load
    words.describe(chunk(0))
    clock.now += 1.0
    assert words.seconds_left(chunk(1)) == pytest.approx(11.0)


def test_stages_without_counts_estimate_from_their_fraction():
    clock = FakeClock()
    words = ProgressWords(clock)
    assert words.describe(Step("zeroshot", 0.1)) == "zeroshot 10%"
    clock.now += 3.0
    assert words.describe(Step("zeroshot", 0.4)) == "zeroshot 40% · about 6 s left"


@pytest.mark.parametrize(
    ("seconds", "said"), [(0.2, "about 1 s"), (7.4, "about 7 s"), (21.0, "about 20 s"), (170, "about 3 min")]
)
def test_durations_are_rounded_as_an_estimate(seconds, said):
    assert about(seconds) == said


@pytest.fixture
def counting(monkeypatch):
    monkeypatch.setitem(registry.DETECTORS, "counting", "tests.unit.test_runner:CountingDetector")
    monkeypatch.setitem(registry.DETECTORS, "counting2", f"{__name__}:SecondCountingDetector")
    registry.shared_instance.cache_clear()
    yield
    registry.shared_instance.cache_clear()


class SecondCountingDetector(CountingDetector):
    name = "counting2"


def test_every_detector_reports_each_chunk_it_has_done(counting):
    document = hearing(6)
    chunk_chars = 200
    total = len(chunk_text(document.text, chunk_chars))
    assert total >= 3
    steps: list[Step] = []
    run_detection(
        document,
        ["counting", "counting2"],
        Settings(),
        Progress(on_step=steps.append),
        chunk_chars=chunk_chars,
    )
    for name in ("counting", "counting2"):
        mine = [s for s in steps if s.stage == name]
        assert mine[0].note == LOADING_NOTE
        counted = [s for s in mine if s.total]
        assert [s.done for s in counted] == list(range(total + 1))
        assert {s.total for s in counted} == {total} and {s.unit for s in counted} == {CHUNK_UNIT}
    # Chunk by chunk, both detectors: not one detector's chunks, then the other's.
    order = [(s.stage, s.done) for s in steps if s.total and s.done]
    assert order[:4] == [("counting", 1), ("counting2", 1), ("counting", 2), ("counting2", 2)]


def test_a_stage_and_fraction_listener_still_hears_every_report(counting):
    heard = []
    run_detection(
        hearing(4), ["counting"], Settings(), Progress(lambda s, f: heard.append((s, f))), chunk_chars=200
    )
    assert heard[0] == ("counting", 0.0) and heard[-1][1] == 1.0
