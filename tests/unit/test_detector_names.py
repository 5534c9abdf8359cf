"""The detector names core rules single out are the names the detectors declare."""

from reviewer_app.core.detector_names import PRESIDIO
from reviewer_app.detectors.presidio_detector import PresidioDetector
from reviewer_app.detectors.registry import DETECTORS


def test_the_presidio_detector_declares_the_name_the_merge_singles_out():
    # `number_filters` leaves whole a DATE this detector's patterns read ("ten in September").
    assert PresidioDetector.name == PRESIDIO
    assert DETECTORS[PRESIDIO] == f"{PresidioDetector.__module__}:{PresidioDetector.__name__}"
