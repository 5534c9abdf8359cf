"""`reviewer-app models`: status of every detector; `models download stanza` fails fast offline."""

from __future__ import annotations

import time

from reviewer_app.cli.exit_codes import Exit
from reviewer_app.cli.main import main
from reviewer_app.settings import Settings, save_settings

# Fixtures: tiny_stanza_dir, tiny_nli_dir (tiny models built once per session), no_network.
pytest_plugins = ["tests.fixtures.tiny_models"]


def detector_lines(output: str) -> dict[str, str]:
    """Detector name -> its first output line."""
    lines = {}
    for line in output.splitlines():
        if line and not line[0].isspace():
            lines[line.split()[0]] = line
    return lines


def test_models_lists_every_detector_with_its_model(tiny_stanza_dir, tiny_nli_dir, capsys):
    save_settings(Settings(stanza_dir=str(tiny_stanza_dir), nli_model=str(tiny_nli_dir)))
    code = main(["models"])
    out = capsys.readouterr().out
    lines = detector_lines(out)
    assert {"presidio", "spacy", "stanza", "zeroshot"} <= set(lines)
    assert "ready" in lines["stanza"] and "tiny_ontonotes" in lines["stanza"]
    assert "ready" in lines["zeroshot"] and f"NLI {tiny_nli_dir}" in lines["zeroshot"]
    assert code == (0 if "MISSING" not in out else 1)


def test_models_says_what_is_missing_and_how_to_get_it(tmp_path, capsys):
    save_settings(Settings(stanza_dir=str(tmp_path / "nothing-here"), nli_model=""))
    code = main(["models"])
    out = capsys.readouterr().out
    assert "MISSING" in detector_lines(out)["stanza"]
    assert "reviewer-app models download stanza" in out
    assert "sentence-embedding similarity" in out  # zeroshot falls back to the bundled embeddings
    assert code == 1


def test_download_fails_fast_with_a_clear_message_without_network(tmp_path, capsys, no_network):
    began = time.monotonic()
    code = main(["models", "download", "stanza", "--dir", str(tmp_path / "stanza")])
    elapsed = time.monotonic() - began
    err = capsys.readouterr().err
    assert code == Exit.FAILED  # a network failure, not bad input
    assert "Download failed" in err and "machine with internet" in err
    assert elapsed < 15
    assert no_network  # it did try, and was refused at once
