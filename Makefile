# `make train` and `make test` create .venv on demand; only python3 is needed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PIP := $(BIN)/python -m pip

.PHONY: train test example bench lint docs clean chromium tmux

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip

# make train installs what training needs: the train extra (SB3, sb3-contrib, torch, and the
# evaluation's tables) and monitoring (the progress bar, TensorBoard). The other targets install
# every extra the tests, the docs and lint use (RLlib, OpenSpiel, Sphinx, ...) as well.
TRAIN_EXTRAS := train,monitoring
ALL_EXTRAS := $(TRAIN_EXTRAS),test,dev,rllib,openspiel,docs

$(VENV)/.installed-train: $(BIN)/python pyproject.toml constraints.txt
	$(PIP) install --quiet -c constraints.txt -e ".[$(TRAIN_EXTRAS)]"
	touch $@

$(VENV)/.installed: $(BIN)/python pyproject.toml constraints.txt
	$(PIP) install --quiet -c constraints.txt -e ".[$(ALL_EXTRAS)]"
	touch $@ $(VENV)/.installed-train

train: $(VENV)/.installed-train
	$(BIN)/python training_scripts/train.py --game mykerinos --num-players 2 --timesteps 30000
	$(BIN)/python training_scripts/evaluate.py --from-run runs/mykerinos-2p --games 200 --opponents random
	$(BIN)/python training_scripts/evaluate.py --from-run runs/mykerinos-2p --games 200 --opponents heuristic

# The replay page's browser test drives Debian's chromium (installed here when apt can).
chromium:
	@command -v chromium >/dev/null || apt-get install -y -q chromium >/dev/null 2>&1 \
		|| (apt-get update -q >/dev/null 2>&1 && apt-get install -y -q chromium >/dev/null 2>&1) \
		|| echo "chromium could not be installed: the replay page's browser test is skipped"

# The terminal play's test types into tmux (installed here when apt can).
tmux:
	@command -v tmux >/dev/null || apt-get install -y -q tmux >/dev/null 2>&1 \
		|| (apt-get update -q >/dev/null 2>&1 && apt-get install -y -q tmux >/dev/null 2>&1) \
		|| echo "tmux could not be installed: the terminal play's test is skipped"

# The suite on every core (pytest-xdist); the commands of the README and the docs run as
# independent chains.
# Then the example game, as a plugin's author has it.
test: $(VENV)/.installed chromium tmux
	$(BIN)/python -m pytest -n auto
	$(MAKE) example

# The example game installed from its folder, outside the venv (so the suite above never sees
# a plugin), and its tests: digsite.testing on it, and every tool playing it.
EXAMPLE := examples/shards
EXAMPLE_SITE := $(CURDIR)/build/example-site
example: $(VENV)/.installed
	rm -rf $(EXAMPLE_SITE)
	$(PIP) install --quiet --no-deps --target $(EXAMPLE_SITE) ./$(EXAMPLE)
	PYTHONPATH=$(EXAMPLE_SITE) $(BIN)/python -m pytest -n auto $(EXAMPLE)/tests

bench: $(VENV)/.installed
	$(BIN)/python training_scripts/benchmark.py

# The documentation site, strictly: any warning fails the build.
docs: $(VENV)/.installed
	$(BIN)/python -m sphinx -W --keep-going -q -b html docs docs/_build/html
	@echo "docs/_build/html/index.html"

lint: $(VENV)/.installed
	$(BIN)/ruff check . && $(BIN)/ruff format --check .

clean:
	rm -rf $(VENV) runs .pytest_cache docs/_build docs/api docs/games build
