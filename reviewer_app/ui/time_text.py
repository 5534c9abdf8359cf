"""How the window writes when a span was said: "00:01:23.4 – 00:01:24.1", with "≈ " in
front when the times were interpolated inside a cue rather than read from word times."""

from __future__ import annotations

from reviewer_app.core.timemap import TimeInterval, TimeMap

APPROXIMATE = "≈ "


def clock(seconds: float) -> str:
    """`seconds` as hours:minutes:seconds to a tenth of a second ("01:02:03.5")."""
    tenths = round(seconds * 10)
    hours, rest = divmod(tenths, 36000)
    minutes, rest = divmod(rest, 600)
    return f"{hours:02d}:{minutes:02d}:{rest // 10:02d}.{rest % 10}"


def describe_interval(interval: TimeInterval | None) -> str:
    """The interval as the inspector and the span table show it; "" for none."""
    if interval is None:
        return ""
    prefix = APPROXIMATE if interval.approximate else ""
    return f"{prefix}{clock(interval.start_s)} – {clock(interval.end_s)}"


def span_time(time_map: TimeMap, start: int, end: int) -> tuple[str, float]:
    """What the Time column shows for the text [start, end), and its sort key (the start in
    seconds; -1 where the text has no time, so such rows sort first)."""
    interval = time_map.interval(start, end) if time_map else None
    return describe_interval(interval), interval.start_s if interval is not None else -1.0
