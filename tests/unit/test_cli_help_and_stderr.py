"""`--help` describes every command and argument; stderr carries the commands'
own words, not the model libraries' progress bars (unless `-v`)."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

import pytest

from reviewer_app.cli.main import build_parser, main
from reviewer_app.settings import Settings, save_settings, settings_path

pytest_plugins = ["tests.fixtures.tiny_models"]

ROOT = Path(__file__).resolve().parents[2]


def _commands(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()):
    """(command path, parser) for every command and subcommand."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield (*path, name), sub
                yield from _commands(sub, (*path, name))


def test_every_command_has_a_description_and_every_positional_argument_a_help_text():
    commands = dict(_commands(build_parser()))
    assert {("open",), ("import",), ("selfcheck",), ("project", "add")} <= set(commands)
    for path, parser in commands.items():
        # A subcommand is described in its command's --help list.
        if len(path) == 1:
            assert parser.description, f"`{path[0]} --help` has no description"
        for action in parser._actions:
            if not action.option_strings and not isinstance(action, argparse._SubParsersAction):
                assert action.help, f"`{' '.join(path)}`: argument {action.dest} has no help text"


def test_project_subcommands_say_what_the_project_argument_is(capsys):
    for sub in ("add", "status", "export"):
        with pytest.raises(SystemExit):
            main(["project", sub, "--help"])
        help_text = capsys.readouterr().out
        assert "project file" in help_text.split("positional arguments:", 1)[1], sub


def _detect(tmp_path: Path, *options: str) -> subprocess.CompletedProcess:
    source = tmp_path / "hearing.txt"
    source.write_text("PRESIDING COMMISSIONER SMITH: He lived in Fresno, California.\n", encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "HF_HUB_DISABLE_PROGRESS_BARS"}
    env["PYTHONPATH"] = str(ROOT)
    command = [*options, "detect", str(source), "--out", str(tmp_path / "out"), "--detectors", "zeroshot"]
    return subprocess.run(
        [sys.executable, "-m", "reviewer_app", *command],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
        env=env,
    )


def test_model_loading_bars_reach_stderr_only_with_verbose(tmp_path, tiny_nli_dir):
    # The zero-shot detector loads a (tiny, local) transformers model: transformers
    # draws "Loading weights" bars for it unless told not to.
    save_settings(Settings(nli_model=str(tiny_nli_dir), reviewer="r"), settings_path())
    quiet = _detect(tmp_path)
    assert quiet.returncode == 0, quiet.stderr[-2000:]
    assert "Loading weights" not in quiet.stderr
    assert "%|" not in quiet.stderr
    verbose = _detect(tmp_path, "-v")
    assert verbose.returncode == 0, verbose.stderr[-2000:]
    assert "Loading weights" in verbose.stderr


def test_a_bad_spans_file_is_named_once(tmp_path, capsys):
    spans = tmp_path / "broken.jsonl"
    spans.write_text("not json\n", encoding="utf-8")
    assert main(["detect", str(spans), "--out", str(tmp_path / "out"), "--detectors", "presidio"]) == 2
    message = capsys.readouterr().err.strip().splitlines()[-1]
    assert message.count("broken.jsonl") == 1, message
