"""Shared fixtures. Every test runs with its own settings and data folders and
with the hub libraries offline, so nothing a test does reaches the user's files
or the network."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("TLDEXTRACT_PUBLIC_SUFFIX_LIST_URLS", "")


@pytest.fixture(autouse=True)
def isolated_user_dirs(tmp_path_factory, monkeypatch):
    root = tmp_path_factory.mktemp("userdirs")
    monkeypatch.setenv("REVIEWER_APP_CONFIG_DIR", str(root / "config"))
    monkeypatch.setenv("REVIEWER_APP_DATA_DIR", str(root / "data"))
    return root
