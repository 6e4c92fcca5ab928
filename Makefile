# Two commands a new user needs: `make run` and `make test`.
# Both build their own virtual environment (.venv) from pyproject.toml.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp

# Compiled modules are kept (__pycache__, ignored by git) even where the environment
# asks Python not to write them: the tests start a hundred Python processes (pytest's
# workers, servers, the command line), and each compiled every module again (a
# worker's collection: 11 s without, 5 s with).
unexport PYTHONDONTWRITEBYTECODE

.PHONY: run test test-local test-doors bench soak-test lint clean ssh-client browser postgresql mutate mutate-again

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "plot needs Python 3.11 or newer; set PYTHON=/path/to/python3.11")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $@

run: $(STAMP)
	$(BIN)/plot $(ARGS)

# The SSH end-to-end tests drive a real OpenSSH client; install it where we can.
ssh-client:
	@command -v ssh >/dev/null 2>&1 || { command -v apt-get >/dev/null 2>&1 && [ "$$(id -u)" = 0 ] \
	  && { apt-get install -y -q openssh-client || { apt-get update -q \
	  && apt-get install -y -q openssh-client; }; } >/dev/null; } || \
	  echo "note: no OpenSSH client (ssh); the SSH end-to-end tests will say so and fail"

# The web door's end-to-end tests drive Debian's Chromium through chromedriver (reading
# the terminal's text from the page) and put nginx in front for TLS; nothing is
# downloaded by pip.
BROWSER_PACKAGES := chromium chromium-driver nginx
browser:
	@{ command -v chromium && command -v chromedriver \
	  && { command -v nginx || test -x /usr/sbin/nginx; }; } >/dev/null 2>&1 \
	  || { command -v apt-get >/dev/null 2>&1 && [ "$$(id -u)" = 0 ] \
	  && { apt-get install -y -q $(BROWSER_PACKAGES) || { apt-get update -q \
	  && apt-get install -y -q $(BROWSER_PACKAGES); }; } >/dev/null 2>&1; } || \
	  echo "note: no chromium, chromedriver or nginx; the web door's tests will say so"

# The shared store's tests start a throwaway PostgreSQL server; install
# Debian's where we can.
postgresql:
	@{ command -v initdb || ls /usr/lib/postgresql/*/bin/initdb; } >/dev/null 2>&1 \
	  || { command -v apt-get >/dev/null 2>&1 && [ "$$(id -u)" = 0 ] \
	  && { apt-get install -y -q postgresql || { apt-get update -q \
	  && apt-get install -y -q postgresql; }; } >/dev/null 2>&1; } || \
	  echo "note: no PostgreSQL server; the shared store's tests will say so"

# Three parts. The engine, record, screen, hidden-information and in-process served-game
# (tests/served) tests run in two processes (they keep to themselves; an idle process
# takes work from the other, so a long test near the end does not leave one waiting).
# Beside them, at the same time, the tests with real servers and clients
# (tests/server), also in two processes, a whole file to each: they mostly wait on
# terminals, browsers and servers (a third of one core), and their deadlines hold with
# both cores busy besides. Each part's output is printed whole when it ends. The floods
# last, on their own: they time an honest player's login while three connections flood
# one server, which any other test beside them would be timed with.
test: $(STAMP) ssh-client browser postgresql
	@$(MAKE) --no-print-directory -j2 --output-sync=target test-local test-doors
	$(BIN)/python -m pytest -q -m "not slow" $(PYTEST_ARGS) tests/server/test_floods.py

test-local: $(STAMP)
	$(BIN)/python -m pytest -q -m "not slow" -n 2 --dist worksteal --ignore=tests/server $(PYTEST_ARGS) tests

test-doors: $(STAMP) ssh-client browser postgresql
	$(BIN)/python -m pytest -q -m "not slow" -n 2 --dist loadfile --ignore=tests/server/test_floods.py $(PYTEST_ARGS) tests/server

bench: $(STAMP) ssh-client postgresql
	$(BIN)/python -m pytest -q -m slow $(PYTEST_ARGS)
	$(BIN)/python -m bench.engine
	$(BIN)/python -m bench.evaluation
	$(BIN)/python -m bench.timings
	$(BIN)/python -m bench.expert --before 6135eca
	$(BIN)/python -m bench.local_turns
	$(BIN)/python -m bench.openspiel
	$(BIN)/python -m tools.expert_agreement
	$(BIN)/python -m tools.trial_depth
	$(BIN)/python -m bench.serve 20 10 ssh
	$(BIN)/python -m bench.serve 20 10 ssh --thinkers 5
	$(BIN)/python -m bench.serve 20 10 web
	$(BIN)/python -m bench.serve 60 10 ssh
	$(BIN)/python -m bench.serve 60 10 ssh --workers 2
	$(BIN)/python -m bench.serve 20 10 web --workers 2
	$(BIN)/python -m bench.serve 200 5 ssh --workers 2
	$(BIN)/python -m bench.serve 100 5 web --workers 2
	$(BIN)/python -m bench.store 300
	$(BIN)/python -m bench.many_games 10000 500 50

# Mutation testing of plot_core: hours on 2 cores, never part of `make test`.
# Stopped by the time budget (or Ctrl+C), the next run goes on where it stopped.
# `make mutate-again [PREFIX=plot_core.engine.coup]` tests the survivors again after new tests.
MUTATE_SECONDS ?= 14400
# The goal covers the rules engine and the data loaders; MUTANTS='plot_core.*' takes all.
MUTANTS ?= 'plot_core.engine.*' 'plot_core.data.*'
MUTMUT := $(BIN)/python -m pip install --quiet "mutmut==3.8.1"
MUTATE_ENV := PLOT_RULEBOOK=$(CURDIR)/../shared/rules/plot-rules-1976.txt timeout $(MUTATE_SECONDS)
mutate: $(STAMP)
	$(MUTMUT)
	-$(MUTATE_ENV) $(BIN)/python mutation/mutate.py run --max-children 2 $(MUTANTS)
	$(BIN)/python mutation/mutate.py save
	$(BIN)/python mutation/report.py | tee mutation-report.md

mutate-again: $(STAMP)
	$(MUTMUT)
	-$(MUTATE_ENV) $(BIN)/python mutation/mutate.py survivors $(PREFIX)
	$(BIN)/python mutation/mutate.py save
	$(BIN)/python mutation/report.py | tee mutation-report.md

# The whole `make test` N times on a fresh clone with one core busy (docs/testing.md).
N ?= 10
soak-test:
	bench/soak-test $(N)

lint: $(STAMP)
	$(BIN)/ruff check src tests mutation bench tools
	$(BIN)/ruff format --check src tests mutation bench tools
	$(BIN)/python -m mypy
	$(BIN)/lint-imports --no-cache  # (its cache keeps a renamed module's imports: a second)

clean:
	rm -rf $(VENV) build dist .pytest_cache .hypothesis mutants mutation-report.md
