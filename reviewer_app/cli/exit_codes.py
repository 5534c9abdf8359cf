"""The exit codes of every `reviewer-app` command: one table, used by every
command and printed in the README (section "Exit codes"; a test keeps the two equal).

When several things go wrong in one run, the highest code is returned (`worst`).
"""

from __future__ import annotations

from enum import IntEnum


class Exit(IntEnum):
    OK = 0
    FAILED = 1
    BAD_INPUT = 2
    NOT_REVIEWED = 3
    LEAK = 4


MEANINGS: dict[Exit, str] = {
    Exit.OK: "done",
    Exit.FAILED: "the command ran but part of it did not work: a detector or model missing or failing, "
    "a download or the self-check failed, a file could not be written",
    Exit.BAD_INPUT: "bad input or usage, nothing done with it: a file that is missing, unreadable or not "
    "a transcript, an invalid spans file, a bad option or folder, a project that cannot be opened",
    Exit.NOT_REVIEWED: "export refused: spans are not decided yet (pending or stale); review them or "
    "export a draft",
    Exit.LEAK: "export refused: the leak guard found an identifier in the output; nothing was written",
}


def worst(*codes: int) -> Exit:
    """The code of a run in which each of `codes` happened."""
    return Exit(max((0, *codes)))


def markdown_table() -> str:
    """The README's table of exit codes."""
    rows = ["| code | meaning |", "|---|---|"]
    rows += [f"| {int(code)} | {meaning} |" for code, meaning in MEANINGS.items()]
    return "\n".join(rows)
