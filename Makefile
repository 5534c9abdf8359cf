# One word to do each thing. `make run` and `make test` set everything up first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
SAMPLE := resources/sample/sample_hearing.pdf

.PHONY: run test lint mutation package package-check clean

# torch is installed first and pinned: the CPU wheel lies on this machine's disk,
# while an unpinned torch would pull a multi-GB CUDA build.
$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet torch==2.13.0
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/reviewer-app open $(SAMPLE)

# The window's tests run in a process of their own, as the window does: no library is
# imported there before the window imports it (the core tests import torch, spaCy and
# pdfplumber), so a first import on a worker thread, which has crashed Qt, shows here.
test: $(STAMP)
	$(BIN)/ruff check reviewer_app tests benchmarks
	$(BIN)/lint-imports
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest --ignore=tests/gui
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest tests/gui

lint: $(STAMP)
	$(BIN)/ruff check reviewer_app tests benchmarks
	$(BIN)/lint-imports
	$(BIN)/ruff format --check reviewer_app tests benchmarks

# Mutation testing (slow, tens of minutes; not part of `make test`) of the modules that
# decide what is redacted: which one-line changes the tests notice ([tool.mutmut]).
mutation: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/mutmut run
	$(BIN)/mutmut export-cicd-stats && cat mutants/mutmut-cicd-stats.json

# The desktop bundle (slow; not part of `make test`): see packaging/README.md.
DIST := dist/reviewer-app
CHECK := build/package-check

package: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,package]'
	$(BIN)/pyinstaller --noconfirm --log-level WARN --distpath dist --workpath build/pyinstaller packaging/reviewer-app.spec
	du -sh $(DIST)

# Starts the built bundle headless on the sample: window, detection, export, then checks the export.
package-check: $(STAMP)
	test -x $(DIST)/reviewer-app || { echo "no bundle in $(DIST): run make package first"; exit 1; }
	rm -rf $(CHECK) && mkdir -p $(CHECK)
	QT_QPA_PLATFORM=offscreen $(DIST)/reviewer-app selfcheck > $(CHECK)/selfcheck.json; \
		status=$$?; cat $(CHECK)/selfcheck.json; exit $$status
	$(DIST)/reviewer-app export $(SAMPLE) --out $(CHECK)/out --accept-all
	$(BIN)/python packaging/check_export.py $(CHECK)/out/sample_hearing.txt resources/sample/sample_hearing.gold.jsonl

clean:
	rm -rf $(VENV) build dist .pytest_cache .ruff_cache
