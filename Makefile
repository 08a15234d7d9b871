# Loopcity: the two commands are `make serve` (the main job) and `make test` (the whole test suite).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
EXTRAS ?= dev,rl,web,ray,bench,workbench

.PHONY: serve test lint venv clean compiled compiled-check

# Create or reuse the virtual environment; reinstall when pyproject.toml changes.
$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[$(EXTRAS)]'
	touch $@

venv: $(VENV)/.installed

HOST   ?= 127.0.0.1
PORT   ?= 8000

serve: venv
	$(BIN)/loopcity serve --host $(HOST) --port $(PORT)

lint: venv
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks
	$(BIN)/mypy src/loopcity

test: lint
	bash scripts/system-deps.sh
	$(BIN)/pytest -n auto tests

# The optional compiled build (docs/performance.md, "Compiled build"): the engine and the games' rules
# compiled with mypyc into build/compiled, used through PYTHONPATH=build/compiled. The installed
# package stays interpreted; tests/engine/test_compiled_build.py compares the two when it is built.
compiled: venv
	$(BIN)/python benchmarks/build_compiled.py build --out build/compiled

# The compiled build checked: built, then the same seeded games played compiled and interpreted,
# every state hash, record and observation compared. Compiling takes minutes (7-9 on two cores), so
# `make test` leaves it out; run it after a change to the engine or a game's rules.
compiled-check: compiled
	LOOPCITY_COMPILED_REQUIRED=1 $(BIN)/pytest -p no:cacheprovider tests/engine/test_compiled_build.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
