"""Shared fixtures. Every test runs with its own settings and data folders and
with the hub libraries offline, so nothing a test does reaches the user's files
or the network."""

from __future__ import annotations

import os
import sys

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("TLDEXTRACT_PUBLIC_SUFFIX_LIST_URLS", "")


@pytest.fixture(scope="module")
def specs():
    """The compiled patterns of the hearing's recognizers, by entity (for the pattern tests)."""
    from reviewer_app.detectors.patterns import load_recognizer_specs

    out: dict[str, list] = {}
    for spec in load_recognizer_specs():
        if spec.runs_in("hearing"):
            out.setdefault(spec.entity, []).extend(spec.compiled())
    return out


@pytest.fixture(autouse=True)
def isolated_user_dirs(tmp_path_factory, monkeypatch):
    root = tmp_path_factory.mktemp("userdirs")
    monkeypatch.setenv("REVIEWER_APP_CONFIG_DIR", str(root / "config"))
    monkeypatch.setenv("REVIEWER_APP_DATA_DIR", str(root / "data"))
    return root


# The cached loaders of the modules under mutation testing (`make mutation`). mutmut links a
# mutant to the tests that called its function; a cache filled by an earlier test would hide
# every later test that reads the loaded rules, and their mutants would survive untested.
_MUTATED_CACHES = {
    "reviewer_app.core.merge": ("default_rules",),
    "reviewer_app.core.pseudonymize": ("tag_formats",),
    "reviewer_app.core.clusters": ("person_titles",),
    "reviewer_app.exporters.leakguard": ("_guard_settings", "function_words", "unguarded_labels"),
}


@pytest.fixture(autouse=True)
def fresh_loader_caches_under_mutmut():
    if not os.environ.get("MUTANT_UNDER_TEST"):
        return
    for module_name, functions in _MUTATED_CACHES.items():
        module = sys.modules.get(module_name)
        if module is not None:
            for function in functions:
                getattr(module, function).cache_clear()
