"""Merging a detection run into a project, keeping the decisions made."""

from __future__ import annotations

import bisect
import dataclasses
import json
import logging
import time
from collections.abc import Mapping, Sequence

from reviewer_app.core.spans import Span, Status
from reviewer_app.store.records import DetectionMerge
from reviewer_app.store.schema import text_key

log = logging.getLogger(__name__)


class DetectionMixin:
    """Part of `Project`: uses its connection and transactions."""

    def record_detection(
        self,
        document_id: str,
        spans: Sequence[Span],
        detectors_run: Sequence[str] = (),
        scores: Sequence[Mapping[str, float]] | None = None,
        who: str = "",
    ) -> DetectionMerge:
        """Merge a detection run's spans into the document, keeping decisions.

        A span is the same as an earlier one when its detected start, end and
        label are, or when they equal the final ones of a span a reviewer added
        or resized or relabelled. Found again: its detectors and score are
        updated and its status kept (a stale span becomes pending again). New: pending, or
        rejected at once if its text is whitelisted. Not found again: a pending
        span becomes stale; a decided span keeps its decision and is marked
        not found (`found=False`); spans a reviewer added are never touched.
        `scores[i]`, if given, holds each detector's own score for `spans[i]`.
        """
        who = who or self.reviewer
        now = time.time()
        proposals: dict[tuple[int, int, str], tuple[dict[str, float], float]] = {}
        for i, span in enumerate(spans):
            per_detector = (
                dict(scores[i]) if scores is not None else dict.fromkeys(span.detectors, span.score)
            )
            key = (span.start, span.end, span.label)
            if key in proposals:
                known, best = proposals[key]
                known.update(per_detector)
                proposals[key] = (known, max(best, span.score))
            else:
                proposals[key] = (per_detector, span.score)
        text = self.document_text(document_id)
        new = kept = stale = whitelisted = 0
        with self._write():
            whitelist = self._whitelist_keys(document_id)
            existing = {
                (r[1], r[2], r[3]): (r[0], r[4])
                for r in self._conn.execute(
                    'SELECT id, start, "end", label, status FROM spans'
                    " WHERE document_id = ? AND origin = 'detected'",
                    (document_id,),
                )
            }
            # Spans a reviewer added or reshaped, by their final form: a detector
            # that now proposes exactly that joins them instead of doubling them.
            reshaped = {
                (r[1], r[2], r[3]): r[0]
                for r in self._conn.execute(
                    "SELECT id, final_start, final_end, final_label FROM spans WHERE document_id = ?"
                    " AND (origin = 'manual' OR final_start != start OR final_end != \"end\""
                    " OR final_label != label)",
                    (document_id,),
                )
            }
            inserts = []
            joined: set[int] = set()
            for (start, end, label), (per_detector, score) in proposals.items():
                if not 0 <= start < end <= len(text):
                    raise ValueError(f"span [{start}, {end}) lies outside document {document_id}")
                detectors = json.dumps(per_detector)
                if (start, end, label) in existing:
                    span_id, status = existing.pop((start, end, label))
                    if status == Status.STALE:
                        status = Status.PENDING.value
                    self._conn.execute(
                        "UPDATE spans SET detectors = ?, score = ?, found = 1, status = ?, updated_at = ?"
                        " WHERE id = ?",
                        (detectors, score, status, now, span_id),
                    )
                    kept += 1
                    continue
                if (start, end, label) in reshaped:
                    span_id = reshaped.pop((start, end, label))
                    joined.add(span_id)
                    self._conn.execute(
                        "UPDATE spans SET detectors = ?, score = ?, found = 1, updated_at = ? WHERE id = ?",
                        (detectors, score, now, span_id),
                    )
                    kept += 1
                    continue
                key = text_key(text[start:end])
                whitelist_id = whitelist.get(key)
                status = Status.REJECTED if whitelist_id else Status.PENDING
                whitelisted += whitelist_id is not None
                new += 1
                inserts.append(
                    (
                        document_id,
                        start,
                        end,
                        label,
                        detectors,
                        score,
                        status.value,
                        start,
                        end,
                        label,
                        whitelist_id,
                        who if whitelist_id else "",
                        now,
                        now,
                        now if whitelist_id else None,
                        key,
                    )
                )
            self._conn.executemany(
                'INSERT INTO spans(document_id, start, "end", label, detectors, score, origin, status,'
                " final_start, final_end, final_label, whitelist_id, reviewer, created_at, updated_at,"
                " decided_at, text_key) VALUES (?, ?, ?, ?, ?, ?, 'detected', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                inserts,
            )
            for span_id, status in existing.values():
                if span_id in joined:
                    continue
                new_status = Status.STALE.value if status == Status.PENDING else status
                stale += new_status == Status.STALE
                self._conn.execute(
                    "UPDATE spans SET found = 0, status = ?, updated_at = ? WHERE id = ?",
                    (new_status, now, span_id),
                )
            self._conn.execute(
                "UPDATE documents SET detection_status = 'detected', detectors = ?, detected_at = ?"
                " WHERE id = ?",
                (json.dumps(list(detectors_run)), now, document_id),
            )
            merge = DetectionMerge(new, kept, stale, whitelisted)
            self._audit(
                "detect",
                who,
                document_id,
                {},
                {"detectors": list(detectors_run), **dataclasses.asdict(merge)},
            )
        log.info(
            "detection on %s: %d new, %d kept, %d stale, %d whitelisted",
            document_id,
            new,
            kept,
            stale,
            whitelisted,
        )
        return merge


def detector_scores(merged: Sequence[Span], raw: Mapping[str, Sequence[Span]]) -> list[dict[str, float]]:
    """Each detector's own score for each merged span: the best score among that
    detector's raw spans overlapping it (the merged span's score if it has none).
    The result lines up with `merged`, for `Project.record_detection(scores=...)`."""
    by_start = {name: sorted(spans) for name, spans in raw.items()}
    starts = {name: [s.start for s in spans] for name, spans in by_start.items()}
    longest = {name: max((s.length for s in spans), default=0) for name, spans in by_start.items()}
    out = []
    for span in merged:
        scores = {}
        for name in span.detectors:
            candidates = by_start.get(name, [])
            # Only spans starting in [span.start - longest, span.end) can overlap it.
            lo = bisect.bisect_left(starts.get(name, []), span.start - longest.get(name, 0))
            hi = bisect.bisect_left(starts.get(name, []), span.end)
            overlapping = [r.score for r in candidates[lo:hi] if r.overlaps(span)]
            scores[name] = max(overlapping) if overlapping else span.score
        out.append(scores)
    return out
