"""Where the application finds its editable resources and keeps user data."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import platformdirs

APP_NAME = "reviewer-app"


def resources_dir() -> Path:
    """The `resources/` folder: whitelist, patterns, gazetteers, labels, sample.

    Looked up, in order, in $REVIEWER_APP_RESOURCES, inside a PyInstaller
    bundle, and at the project root of a source checkout.
    """
    override = os.environ.get("REVIEWER_APP_RESOURCES")
    if override:
        return Path(override)
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle) / "resources"
    return Path(__file__).resolve().parent.parent / "resources"


def resource(*parts: str) -> Path:
    return resources_dir().joinpath(*parts)


def config_dir() -> Path:
    """User settings live here, never in the installation or the bundle."""
    override = os.environ.get("REVIEWER_APP_CONFIG_DIR")
    if override:
        return Path(override)
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def data_dir() -> Path:
    """Default place for the user's projects and caches."""
    override = os.environ.get("REVIEWER_APP_DATA_DIR")
    if override:
        return Path(override)
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
