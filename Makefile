# Conquest Workbench — `make` builds the compiled rules engine (when a C compiler is present),
# `make run` opens the editor, `make test` runs lint and the test suite.
# Needs only python3 and make (and a C compiler for the compiled engine): the virtual environment
# is created and filled on first use and refreshed only when pyproject.toml changes.

VENV    := .venv
BIN     := $(VENV)/bin
PY      := $(BIN)/python
STAMP   := $(VENV)/.installed

.PHONY: all engine test test-engine-interpreted run schema bench lint clean saved-games playthroughs
.DEFAULT_GOAL := all

# The engine's tests and recorded playthroughs, run once more in the form the suite did not use.
ENGINE_TESTS := tests/rules tests/balance/test_balance_policy.py

all: engine

$(PY):
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[test,dev,balance,detect,compile]'
	touch $(STAMP)

# compiled when Cython and a C compiler are present, else interpreted; says which
engine: $(STAMP)
	$(PY) hatch_build.py

# the whole suite with the engine `make` built (compiled, or interpreted without a compiler),
# then the engine's tests interpreted too when the suite ran compiled
test: engine
	$(BIN)/ruff check .
	QT_QPA_PLATFORM=offscreen $(BIN)/pytest -q
	@if $(PY) -c "import editor.rules as r, sys; print('engine:', r.ENGINE); sys.exit(not r.ENGINE.startswith('compiled'))"; \
	then $(MAKE) --no-print-directory test-engine-interpreted; fi

test-engine-interpreted: $(STAMP)
	CONQUEST_ENGINE=interpreted $(BIN)/pytest -q $(ENGINE_TESTS)

lint: $(STAMP)
	$(BIN)/ruff check .

run: $(STAMP)
	$(BIN)/conquest-editor $(if $(wildcard boards/grand-conquest-4p.board.json),boards/grand-conquest-4p.board.json,)

schema: $(STAMP)
	$(BIN)/conquest schema

bench: engine
	$(BIN)/conquest bench --balance-games 60
	$(BIN)/conquest bench --variant grand-conquest-4p
	$(BIN)/conquest bench --against 7e92724
	$(BIN)/conquest bench --against 7e92724 --editor
	QT_QPA_PLATFORM=offscreen $(PY) -m editor.gui.bench
	QT_QPA_PLATFORM=offscreen $(PY) -m editor.gui.play.bench
	$(PY) -m editor.detect.bench

saved-games: $(STAMP)
	PYTHONPATH=.:tests $(PY) tests/support/replaykit.py 2000 80

# Re-record tests/rules/data/playthroughs/*.txt: only for a deliberate rule change (review the diff).
playthroughs: $(STAMP)
	cd tests && PYTHONPATH=.. ../$(PY) -m support.playthrough

clean:
	$(if $(wildcard $(PY)),$(PY) hatch_build.py --clean,rm -rf editor/rules/_native build/native)
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
