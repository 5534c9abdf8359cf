"""What the leak guard lets through because a reviewer said so.

One record for every export path (the file export, `project export`, the window's
export and its preview), so that each honours the same decisions.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from reviewer_app.core.spans import Span


@dataclass(frozen=True)
class GuardExemptions:
    """`allow`: words the guard may let through (`--allow`); `undecided`: indices of
    the replaced spans that carry no decision (a draft's pending ones: they add no
    term); `rejected`: spans a reviewer rejected (no finding inside them, unless a
    person's name); `allowed_at`: places of the text marked "not identifying here"."""

    allow: tuple[str, ...] = ()
    undecided: frozenset[int] = frozenset()
    rejected: tuple[Span, ...] = ()
    allowed_at: tuple[tuple[int, int], ...] = ()

    @classmethod
    def of(
        cls,
        allow: Iterable[str] = (),
        undecided: Iterable[int] = (),
        rejected: Iterable[Span] = (),
        allowed_at: Iterable[tuple[int, int]] = (),
    ) -> GuardExemptions:
        return cls(tuple(allow), frozenset(undecided), tuple(rejected), tuple(allowed_at))


NO_EXEMPTIONS = GuardExemptions()
