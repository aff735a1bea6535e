# Conquest Workbench — `make` builds the compiled rules engine (when a C compiler is present),
# `make run` opens the editor, `make test` runs lint and the test suite.
# Needs only python3 and make (and a C compiler for the compiled engine): the virtual environment
# is created and filled on first use and refreshed only when pyproject.toml changes.

VENV    := .venv
BIN     := $(VENV)/bin
PY      := $(BIN)/python
STAMP   := $(VENV)/.installed

.PHONY: all engine test test-engine-interpreted run schema docs bench bench-invariants lint clean \
        dist dist-check saved-games playthroughs fuzz evaluation translations
.DEFAULT_GOAL := all

# The engine's tests and recorded playthroughs, run once more in the form the suite did not use.
ENGINE_TESTS := tests/engine tests/agents/test_greedy.py

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
# then the engine's tests interpreted too when the suite ran compiled; the slowest tests are
# listed, to keep the suite within its 15 minutes
test: engine
	$(BIN)/ruff check .
	QT_QPA_PLATFORM=offscreen $(BIN)/pytest -q --durations=12
	@if $(PY) -c "import editor.engine as r, sys; print('engine:', r.ENGINE); sys.exit(not r.ENGINE.startswith('compiled'))"; \
	then $(MAKE) --no-print-directory test-engine-interpreted; fi

test-engine-interpreted: $(STAMP)
	CONQUEST_ENGINE=interpreted $(BIN)/pytest -q $(ENGINE_TESTS)

lint: $(STAMP)
	$(BIN)/ruff check .

# the German and Italian catalogues (editor/locale/*/messages.po) merged with the messages the
# code marks with _(), ngettext(), N_(): new ones are added untranslated, translations are kept,
# stale ones dropped; `make test` fails until every message is translated (tests/test_translations.py)
translations: $(STAMP)
	$(PY) -m editor.i18n_catalogues

run: $(STAMP)
	$(BIN)/conquest-editor $(if $(wildcard boards/grand-conquest-4p.board.json),boards/grand-conquest-4p.board.json,)

schema: $(STAMP)
	$(BIN)/conquest schema

# the generated docs: the finding codes' table and the user guide's pictures (docs/guide/img),
# which the application takes of itself
docs: $(STAMP)
	$(BIN)/conquest docs
	QT_QPA_PLATFORM=offscreen $(PY) -m editor.gui.guide_shots

bench: engine
	$(BIN)/conquest bench --balance-games 60
	$(BIN)/conquest bench --variant grand-conquest-4p
	$(BIN)/conquest bench --against 446e4f5 --rounds 5
	$(BIN)/conquest bench --against 7e92724 --editor
	QT_QPA_PLATFORM=offscreen $(PY) -m editor.gui.bench
	QT_QPA_PLATFORM=offscreen $(PY) -m editor.gui.play.bench
	$(PY) -m editor.detect.bench

# INVARIANT_GAMES random games per shipped variant in the compiled engine, the invariants checked
# after every action (conquest selfplay); stops at the first variant with a violation (exit 1).
# VARIANT+OVERLAY plays a variant with a shipped overlay. Hours for all of them: pick some with
# INVARIANT_VARIANTS="conquest-4p grand-conquest-4p".
INVARIANT_GAMES    ?= 10000
INVARIANT_VARIANTS ?= conquest-2p conquest-4p conquest-team conquest-plus-2p conquest-plus-4p \
                      grand-conquest-2p grand-conquest-4p grand-conquest-team \
                      conquest-plus-2p+catapult-4cm conquest-2p+classic-recapture

bench-invariants: engine
	@for v in $(INVARIANT_VARIANTS); do \
	  echo "== $$v: $(INVARIANT_GAMES) games, compiled engine"; \
	  CONQUEST_ENGINE=compiled $(BIN)/conquest selfplay --variant $${v%%+*} \
	    $$(case $$v in *+*) echo --overlay $${v#*+};; esac) \
	    --games $(INVARIANT_GAMES) --seed 1 || exit 1; \
	done

# The figures of the computer opponents (issue "Done when"): the default search level against
# greedy on C2, CP2 and GC2, each level against the one below, one search agent against three
# greedy ones on C4 and GC4 (CPU time per turn per level), 200 games each. Hours on a busy
# machine; AGENT_WORKERS processes per match.
.PHONY: bench-agents
AGENT_GAMES   ?= 200
AGENT_WORKERS ?= 2
MATCH := $(BIN)/conquest match --games $(AGENT_GAMES) --workers $(AGENT_WORKERS) --no-progress

bench-agents: engine
	@for v in conquest-2p conquest-plus-2p grand-conquest-2p; do \
	  $(MATCH) --variant $$v --agents search greedy || exit 1; \
	  $(MATCH) --variant $$v --agents search:1 greedy || exit 1; \
	  $(MATCH) --variant $$v --agents search:2 search:1 || exit 1; \
	  $(MATCH) --variant $$v --agents search:3 search:2 || exit 1; \
	done
	@for v in conquest-4p grand-conquest-4p; do \
	  for a in search:1 search:2 search:3; do \
	    $(MATCH) --variant $$v --agents $$a greedy || exit 1; \
	  done; \
	done

saved-games: $(STAMP)
	PYTHONPATH=.:tests $(PY) tests/support/replaykit.py 2000 80

# Re-record tests/engine/data/playthroughs/*.txt: only for a deliberate rule change (review the diff).
playthroughs: $(STAMP)
	cd tests && PYTHONPATH=.. ../$(PY) -m support.playthrough

# Coverage-guided fuzzing of every loader (atheris, the `fuzz` extra): each target runs
# FUZZ_SECONDS from the seeds in tests/fuzz/seeds; new inputs and crashes go to build/fuzz.
# Copy a crash into tests/fuzz/crashes/TARGET/ (the suite replays it), then fix the loader.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS := board variant scenario package notation
FUZZ_STAMP   := $(VENV)/.fuzz-installed

$(FUZZ_STAMP): pyproject.toml | $(STAMP)
	$(PY) -m pip install --quiet -e '.[fuzz]'
	touch $(FUZZ_STAMP)

fuzz: $(FUZZ_STAMP)
	@for t in $(FUZZ_TARGETS); do \
	  mkdir -p build/fuzz/$$t && \
	  $(PY) tests/fuzz/run_fuzz.py $$t -max_total_time=$(FUZZ_SECONDS) -timeout=60 \
	    -rss_limit_mb=2048 -artifact_prefix=build/fuzz/crash-$$t- \
	    build/fuzz/$$t tests/fuzz/seeds/$$t || exit 1; \
	done


# `make dist`: the self-contained Linux bundle (PyInstaller one-folder, packaging/*.spec) as
# dist/conquest-workbench-linux-x86_64.tar.gz; built in a venv of its own from the installed
# package, never from the checkout. `make dist-check` starts it headless and takes a screenshot.
DIST_VENV  := build/dist-venv
DIST_PY    := $(DIST_VENV)/bin/python
DIST_STAMP := $(DIST_VENV)/.installed
BUNDLE     := dist/conquest-workbench

$(DIST_STAMP): pyproject.toml
	python3 -m venv $(DIST_VENV)
	$(DIST_PY) -m pip install --quiet --upgrade pip
	$(DIST_PY) -m pip install --quiet '.[detect,dist]'
	# the OCR model's package pulls in opencv-python, a second OpenCV with Qt 5 inside: keep
	# only the detect extra's headless one
	$(DIST_PY) -m pip uninstall --quiet --yes opencv-python
	$(DIST_PY) -m pip install --quiet --force-reinstall --no-deps opencv-python-headless
	touch $@

dist: $(DIST_STAMP)
	$(DIST_PY) -m pip install --quiet --no-deps --force-reinstall .
	cd build && dist-venv/bin/pyinstaller --noconfirm --clean --log-level WARN \
	    --distpath ../dist --workpath pyinstaller ../packaging/conquest-workbench.spec
	tar -C dist -czf dist/conquest-workbench-linux-x86_64.tar.gz conquest-workbench
	@du -sh $(BUNDLE) dist/conquest-workbench-linux-x86_64.tar.gz

dist-check: dist
	python3 packaging/check_bundle.py $(BUNDLE)

# the agents' evaluation of every shipped variant (docs/evaluation.md; about 10 minutes)
evaluation: $(STAMP)
	$(BIN)/conquest evaluate --workers 2 -o docs/evaluation.md

clean:
	$(if $(wildcard $(PY)),$(PY) hatch_build.py --clean,rm -rf editor/engine/_native build/native)
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis build dist
