"""The names detectors declare (`Detector.name`) that core rules single out.

The core sits below the detectors (it may not import them), so a name a rule of the
merge needs lives here and the detector declares it from here.
"""

# The patterns, deny-list and spoken forms (detectors/presidio_detector.py).
PRESIDIO = "presidio"
