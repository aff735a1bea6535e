# Conquest Workbench — `make run` opens the editor, `make test` runs lint and the test suite.
# Needs only python3 and make: the virtual environment is created and filled on first use and
# refreshed only when pyproject.toml changes.

VENV    := .venv
BIN     := $(VENV)/bin
PY      := $(BIN)/python
STAMP   := $(VENV)/.installed

.PHONY: test run schema bench lint clean saved-games playthroughs

$(PY):
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[test,dev,balance,detect]'
	touch $(STAMP)

test: $(STAMP)
	$(BIN)/ruff check .
	QT_QPA_PLATFORM=offscreen $(BIN)/pytest -q

lint: $(STAMP)
	$(BIN)/ruff check .

run: $(STAMP)
	$(BIN)/conquest-editor $(if $(wildcard boards/grand-conquest-4p.board.json),boards/grand-conquest-4p.board.json,)

schema: $(STAMP)
	$(BIN)/conquest schema

bench: $(STAMP)
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
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
