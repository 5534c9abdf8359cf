"""The redacted recording (exporters/audio.py): numpy-made tones, checked sample by sample."""

from __future__ import annotations

import numpy as np
import pytest
import soundfile as sf

from reviewer_app.exporters.audio import (
    AudioExportError,
    Tone,
    check_covers,
    read_audio_info,
    redact_audio,
    sample_ranges,
)

# Two stretches to hide; at 16 kHz and 44.1 kHz they start and end on whole samples.
INTERVALS = [(0.5, 0.75), (1.0, 1.25)]


def _source(path, samplerate, channels, seconds=2.0, fmt="WAV", subtype="PCM_16"):
    """A 440 Hz sine (a 660 Hz one on the second channel) at half scale, written and read back."""
    t = np.arange(int(seconds * samplerate)) / samplerate
    waves = [0.5 * np.sin(2 * np.pi * 440 * t), 0.5 * np.sin(2 * np.pi * 660 * t)][:channels]
    sf.write(path, np.stack(waves, axis=1), samplerate, subtype=subtype, format=fmt)
    dtype = "int32" if subtype == "PCM_24" else "int16"
    return sf.read(path, dtype=dtype, always_2d=True)[0]


def _inside(samplerate, frames):
    mask = np.zeros(frames, dtype=bool)
    for start, end in INTERVALS:
        mask[round(start * samplerate) : round(end * samplerate)] = True
    return mask


def _expected_tone(samplerate, frames, full_scale, hz=1000.0, dbfs=-20.0):
    """The tone in each interval, computed here independently: phase 0 at the interval's first sample."""
    tone = np.zeros(frames)
    for start, end in INTERVALS:
        first, last = round(start * samplerate), round(end * samplerate)
        n = np.arange(last - first)
        tone[first:last] = 10 ** (dbfs / 20) * np.sin(2 * np.pi * hz * n / samplerate)
    return np.round(tone * full_scale)


@pytest.mark.parametrize(
    ("samplerate", "channels", "fmt", "subtype", "suffix"),
    [
        (16000, 1, "WAV", "PCM_16", "wav"),
        (44100, 2, "WAV", "PCM_16", "wav"),
        (16000, 2, "FLAC", "PCM_16", "flac"),
        (44100, 1, "FLAC", "PCM_24", "flac"),
    ],
)
@pytest.mark.parametrize("mode", ["tone", "silence"])
def test_lossless_audio_is_redacted_inside_and_bit_identical_outside(
    tmp_path, samplerate, channels, fmt, subtype, suffix, mode
):
    source = tmp_path / f"call.{suffix}"
    original = _source(source, samplerate, channels, fmt=fmt, subtype=subtype)
    info = read_audio_info(source)
    target = tmp_path / f"call.redacted.{suffix}"
    # Small blocks: intervals straddle block boundaries, and the tone must not restart at each.
    done = redact_audio(info, target, INTERVALS, mode, Tone(1000.0, -20.0), block_frames=3001)

    out_info = sf.info(str(target))
    assert (out_info.samplerate, out_info.channels, out_info.frames) == (samplerate, channels, len(original))
    assert (out_info.format, out_info.subtype) == (fmt, subtype)
    dtype = original.dtype.name
    redacted = sf.read(target, dtype=dtype, always_2d=True)[0]
    inside = _inside(samplerate, len(original))
    assert np.array_equal(redacted[~inside], original[~inside])
    if mode == "silence":
        assert not redacted[inside].any()
    else:
        full_scale = 32767 if dtype == "int16" else 2147483647
        expected = _expected_tone(samplerate, len(original), full_scale)
        for channel in range(channels):
            got = redacted[inside, channel].astype(np.int64)
            if subtype == "PCM_24":  # 24 bits kept of the 32 written: the low byte rounds away
                assert np.abs(got - expected[inside]).max() <= 256
            else:
                assert np.array_equal(got, expected[inside])
    assert done.frames_redacted == inside.sum()


def test_ogg_vorbis_keeps_rate_channels_and_length_and_hides_the_speech(tmp_path):
    source = tmp_path / "call.ogg"
    _source(source, 44100, 2, fmt="OGG", subtype="VORBIS")
    original = sf.read(source, dtype="float32", always_2d=True)[0]
    info = read_audio_info(source)
    assert not info.exact
    target = tmp_path / "call.redacted.ogg"
    redact_audio(info, target, INTERVALS, "silence")
    out_info = sf.info(str(target))
    assert (out_info.samplerate, out_info.channels, out_info.frames, out_info.subtype) == (
        44100,
        2,
        len(original),
        "VORBIS",
    )
    redacted = sf.read(target, dtype="float32", always_2d=True)[0]
    # Lossy: the middle of each interval is near silence, the rest close to the original.
    for start, end in INTERVALS:
        middle = redacted[round((start + 0.05) * 44100) : round((end - 0.05) * 44100)]
        assert np.sqrt(np.mean(middle**2)) < 0.01
    outside = ~_inside(44100, len(original))
    assert np.sqrt(np.mean((redacted[outside] - original[outside]) ** 2)) < 0.05
    assert np.sqrt(np.mean(original[outside] ** 2)) > 0.3


def test_sample_ranges_round_outward_and_clamp():
    assert sample_ranges([(10.35, 10.5)], 16000, 10**9) == [(165600, 168000)]
    assert sample_ranges([(0.00001, 0.00002)], 16000, 100) == [(0, 1)]  # partly inside one sample
    assert sample_ranges([(1.0, 2.0), (0.5, 1.0), (5.0, 9.0)], 10, 70) == [(5, 20), (50, 70)]


def test_a_tone_the_sample_rate_cannot_carry_is_refused(tmp_path):
    source = tmp_path / "call.wav"
    _source(source, 16000, 1)
    with pytest.raises(AudioExportError, match="redaction_tone_hz"):
        redact_audio(read_audio_info(source), tmp_path / "x.wav", INTERVALS, "tone", Tone(9000.0))


# ---------------------------------------------------------------- bad input


def test_a_folder_a_missing_file_and_unreadable_bytes_are_refused_plainly(tmp_path):
    with pytest.raises(AudioExportError, match="is a folder"):
        read_audio_info(tmp_path)
    with pytest.raises(AudioExportError, match="no such file"):
        read_audio_info(tmp_path / "nothing.wav")
    junk = tmp_path / "junk.wav"
    junk.write_bytes(b"RIFF" + bytes(range(256)) * 10)
    with pytest.raises(AudioExportError, match="not an audio file that can be read"):
        read_audio_info(junk)
    text = tmp_path / "notes.mp4"
    text.write_text("not audio at all", encoding="utf-8")
    with pytest.raises(AudioExportError, match=r"notes\.mp4: not an audio file"):
        read_audio_info(text)


def test_a_file_damaged_halfway_is_refused_while_reading(tmp_path):
    source = tmp_path / "call.flac"
    _source(source, 16000, 1, seconds=3.0, fmt="FLAC")
    data = source.read_bytes()
    source.write_bytes(data[: len(data) // 2])  # the header still announces 3 s
    info = read_audio_info(source)
    with pytest.raises(AudioExportError, match=r"damaged|truncated"):
        redact_audio(info, tmp_path / "out.flac", INTERVALS, "silence", block_frames=4096)


def test_audio_ending_before_a_span_is_refused_within_a_tolerance(tmp_path):
    source = tmp_path / "call.wav"
    _source(source, 16000, 1, seconds=2.0)
    info = read_audio_info(source)
    check_covers(info, 2.2)  # a rounded ASR end time just past the end
    with pytest.raises(AudioExportError, match=r"lasts 2\.00 s .* at 5\.00 s"):
        check_covers(info, 5.0)
