"""Asking every detector for its status happens on the UI thread when the window
and the welcome screen open: it must not import the heavy libraries (torch,
transformers, stanza, spaCy, Presidio), which take seconds."""

import json
import subprocess
import sys

HEAVY = ("torch", "transformers", "stanza", "spacy", "presidio_analyzer")


def test_detector_statuses_import_no_heavy_library():
    code = (
        "import json, sys\n"
        "from reviewer_app.settings import Settings\n"
        "from reviewer_app.detectors.registry import available_detectors\n"
        "infos = available_detectors(Settings())\n"
        f"print(json.dumps({{'names': [i.name for i in infos], "
        f"'heavy': [m for m in {HEAVY!r} if m in sys.modules]}}))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    result = json.loads(done.stdout)
    assert result["names"] == ["presidio", "spacy", "stanza", "zeroshot", "trained"]
    assert result["heavy"] == []
