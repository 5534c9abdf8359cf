"""reviewer_app: review and pseudonymize verbatim transcripts before publication.

Importing the package makes the hub libraries offline before any of them is
imported: transcripts are sensitive and detection must never reach a network.
"""

import os

__version__ = "0.1.0"

# setdefault so that `reviewer-app models download` can lift them deliberately.
for _name, _value in (
    ("HF_HUB_OFFLINE", "1"),
    ("TRANSFORMERS_OFFLINE", "1"),
    # Presidio's e-mail recognizer asks tldextract for the public suffix list
    # online; an empty URL list makes it use its bundled copy at once.
    ("TLDEXTRACT_PUBLIC_SUFFIX_LIST_URLS", ""),
    ("HF_HUB_DISABLE_TELEMETRY", "1"),
):
    os.environ.setdefault(_name, _value)
