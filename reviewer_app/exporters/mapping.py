"""The mapping from originals to tags, per cluster, as JSON.

It is the key that undoes the pseudonymization, so it is written only when asked for
and, unless explicitly allowed, never into the folder that holds the published text.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from reviewer_app.core.pseudonymize import PseudonymizedText
from reviewer_app.exporters.atomic import atomic_write_text
from reviewer_app.exporters.staging import is_within

WARNING = "SENSITIVE: this file maps tags back to the real names and values. Do not publish it."


class MappingRefused(Exception):
    """The mapping would have been written beside the published text."""


def mapping_to_json(
    results: Sequence[PseudonymizedText], tags: Mapping[str, str] | None = None
) -> dict[str, Any]:
    """The mapping; `tags` says how the tags were numbered ("scope": document, case or
    corpus; "person_tags": part or person), so a reader knows whether [PERSON_3] of two
    documents is one person."""
    return {
        "warning": WARNING,
        "tags": dict(tags or {"scope": "document", "person_tags": "part"}),
        "documents": [
            {
                "id": result.document_id,
                "entries": [
                    {
                        "label": entry.label,
                        "tag": entry.tag,
                        "originals": list(entry.originals),
                        "cluster": entry.cluster,
                        "fuzzy": entry.fuzzy,
                    }
                    for entry in result.mapping
                ],
            }
            for result in results
        ],
    }


def check_mapping_place(path: Path | str, text_dir: Path | str) -> None:
    """Raise `MappingRefused` when `path` lies in `text_dir` (or below it)."""
    if is_within(Path(path).parent, text_dir):
        raise MappingRefused(
            f"the mapping is sensitive and would be written into {Path(text_dir).resolve()}, the folder "
            "of the published text; choose another folder or allow it explicitly"
        )


def write_mapping(
    path: Path | str,
    results: Sequence[PseudonymizedText],
    text_dir: Path | str | None = None,
    allow_beside_text: bool = False,
    tags: Mapping[str, str] | None = None,
) -> Path:
    """Write the mapping of `results`; refuse a path inside `text_dir` unless allowed."""
    path = Path(path)
    if text_dir is not None and not allow_beside_text:
        check_mapping_place(path, text_dir)
    text = json.dumps(mapping_to_json(results, tags), ensure_ascii=False, indent=2) + "\n"
    return atomic_write_text(path, text)


def read_mapping(path: Path | str) -> dict[str, Any]:
    return json.loads(Path(path).read_text(encoding="utf-8"))
