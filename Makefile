# One word to do each thing. `make run` and `make test` set everything up first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
SAMPLE := resources/sample/sample_hearing.pdf

.PHONY: run test lint package package-check clean

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

test: $(STAMP)
	$(BIN)/ruff check reviewer_app tests benchmarks
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check reviewer_app tests benchmarks
	$(BIN)/ruff format --check reviewer_app tests benchmarks

clean:
	rm -rf $(VENV) build dist .pytest_cache .ruff_cache
