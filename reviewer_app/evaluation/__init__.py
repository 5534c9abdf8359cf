"""Evaluation against gold spans, residual risk, reviewer agreement and whitelist curation (Qt-free).

- `metrics`: per-label precision, recall, F1 (exact and overlap), micro and macro,
  per detector, confusions, misses.
- `risk`: residual-risk scores per missed string, per document, and the corpus criterion.
- `agreement`: span F1 and token-level Cohen's kappa between two reviewers.
- `curation`: whitelist candidates and the impact of whitelisting a term.
- `charts`, `report`: PNG charts and the Markdown/HTML report; the tables the CLI prints.
- `ablation`: detection run again without a detector or the cover-page deny-list.
- `sources`: the same inputs read from a project.
"""
