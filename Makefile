# `make train` and `make test` create .venv on demand; only python3 is needed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PIP := $(BIN)/python -m pip

.PHONY: train test bench lint clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip

$(VENV)/.installed: $(BIN)/python pyproject.toml constraints.txt
	$(PIP) install --quiet -c constraints.txt -e ".[train,test,dev,rllib,openspiel]"
	touch $@

train: $(VENV)/.installed
	$(BIN)/python training_scripts/train.py --game mykerinos --num-players 2 --timesteps 30000 --out runs/mykerinos
	$(BIN)/python training_scripts/evaluate.py --game mykerinos --num-players 2 --model runs/mykerinos/model.zip --games 200 --opponents random
	$(BIN)/python training_scripts/evaluate.py --game mykerinos --num-players 2 --model runs/mykerinos/model.zip --games 200 --opponents heuristic

test: $(VENV)/.installed
	$(BIN)/python -m pytest

bench: $(VENV)/.installed
	$(BIN)/python training_scripts/benchmark.py

lint: $(VENV)/.installed
	$(BIN)/ruff check . && $(BIN)/ruff format --check .

clean:
	rm -rf $(VENV) runs .pytest_cache
