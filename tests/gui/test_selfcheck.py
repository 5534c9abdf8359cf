"""`reviewer-app selfcheck` is what `make package-check` runs inside the bundle:
it must open the sample in the real window, detect with the ready detectors and
report timings, without touching the user's data folder."""

import json
import os
import subprocess
import sys

import pytest

from reviewer_app.paths import resource

SAMPLE = resource("sample", "sample_hearing.pdf")


@pytest.mark.slow
def test_selfcheck_opens_the_sample_detects_and_reports_timings(tmp_path):
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "REVIEWER_APP_DATA_DIR": str(tmp_path / "user")}
    settings_dir = tmp_path / "config"
    settings_dir.mkdir()
    # spaCy alone keeps this test quick; the bundle check runs the full default set.
    (settings_dir / "settings.toml").write_text(
        f'detectors = ["spacy", "stanza"]\nstanza_dir = "{tmp_path / "no-stanza"}"\n', encoding="utf-8"
    )
    env["REVIEWER_APP_CONFIG_DIR"] = str(settings_dir)
    done = subprocess.run(
        [sys.executable, "-m", "reviewer_app", "selfcheck", "--timeout", "240"],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    figures = json.loads(done.stdout)
    assert figures["ok"] is True
    assert figures["detectors"] == ["spacy"]  # stanza has no model here: left out, not an error
    assert "error" not in figures
    # The window shows exactly the spans `reviewer-app detect` finds with the same settings.
    detected = subprocess.run(
        [sys.executable, "-m", "reviewer_app", "detect", str(SAMPLE), "--out", str(tmp_path / "detect")],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert detected.returncode == 0, detected.stderr[-2000:]
    record = json.loads((tmp_path / "detect" / "sample_hearing.spans.jsonl").read_text(encoding="utf-8"))
    assert figures["spans"] == len(record["spans"]) > 50
    assert 0 < figures["first_paint_s"] <= figures["sample_shown_s"] <= figures["detection_done_s"]
    assert not (tmp_path / "user").exists()  # the throw-away project lives elsewhere
