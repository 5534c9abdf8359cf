"""How a command names the file a message is about."""

from __future__ import annotations


def about_file(name: str, reason: str) -> str:
    """`name: reason`, unless `reason` already starts with the file's name (the
    importers' and the spans reader's messages do): a name said twice reads as two files."""
    return reason if reason.startswith(name) else f"{name}: {reason}"
