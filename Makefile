# prohis_nb: the two commands a newcomer needs are `make lab` and `make test`.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-dev
# The browser test drives Debian's Chromium (Playwright's own download is not used).
CHROMIUM ?= /usr/bin/chromium
# JupyterLab refuses to run as root unless told to (CI and containers run as root).
LAB_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root,)
# Where JupyterLab listens: `make lab PORT=8890 IP=0.0.0.0` (empty: JupyterLab's defaults,
# port 8888 or the next free one, on localhost only).
PORT ?=
IP ?=
LAB_WHERE := $(if $(PORT),--port=$(PORT),) $(if $(IP),--ip=$(IP),)
# The server sends each widget update at once (TCP_NODELAY; see prohis_nb/labserver.py).
LAB_SERVER := --ServerApp.kernel_websocket_connection_class=prohis_nb.labserver.PromptKernelWebsocketConnection

.PHONY: help setup lab test slow lint format bench clean browser typecheck docs lite postgres

help:
	@echo "make lab    set up .venv and open the lessons in JupyterLab (PORT=, IP= to choose where)"
	@echo "make test   set up .venv and run ruff, every test and every notebook"
	@echo "make bench  print the speed figures (benchmarks/)"
	@echo "make docs   build the documentation site into docs/_build/html"
	@echo "make lite   build the lessons as a JupyterLite site in build/lite (see lite/build_site.py)"

$(STAMP): pyproject.toml
	$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "prohis_nb needs Python 3.11 or newer"'
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[dev]"
	touch $(STAMP)

setup: $(STAMP)

lab: $(STAMP)
	$(VENV)/bin/jupyter lab $(LAB_ROOT) $(LAB_WHERE) $(LAB_SERVER) notebooks/

# Install Debian's Chromium for the browser test when it is missing (needs root, as in CI).
browser:
	@test -x $(CHROMIUM) || { echo "Chromium is missing: installing Debian's chromium"; \
		apt-get update && apt-get install -y chromium; }

# Install Debian's PostgreSQL server for the class server's database tests when it is missing
# (tests/live start their own server from /usr/lib/postgresql/*/bin; needs root, as in CI).
postgres:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { echo "PostgreSQL is missing: installing Debian's postgresql"; \
		apt-get update && apt-get install -y postgresql; }

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

format: $(STAMP)
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

# The type checker on the package (its settings: [tool.mypy] in pyproject.toml).
typecheck: $(STAMP)
	$(VENV)/bin/mypy

# The documentation site (Sphinx + myst-nb); warnings are errors, as in tests/test_docs_build.py.
# The lessons run during the build (cached in docs/_build/.jupyter_cache); the rules sheets are
# printed to PDF by Chromium (`make browser`).
docs: $(STAMP) browser
	$(VENV)/bin/sphinx-build -b html -W --keep-going -q docs docs/_build/html
	@echo "open docs/_build/html/index.html"

# Two runs: everything else in parallel, then the browser tests on their own (a JupyterLab
# server's kernels started beside the lesson-executing tests' kernels once left a test waiting).
test: $(STAMP) lint typecheck browser postgres
	$(PY) -m pytest -n 2 --dist loadfile -p no:cacheprovider --durations=10 --nbval-lax -m "not browser and not slow" tests notebooks
	$(PY) -m pytest -p no:cacheprovider -m browser tests/browser

# The slow checks: everything stored solved again (scripts/solve_smuggle_equilibrium.py --check)
# and second solvers on the whole game; minutes, so not in `make test`.
slow: $(STAMP)
	$(PY) -m pytest -p no:cacheprovider -m slow tests

# The lessons as a static JupyterLite site (Python in the browser). The first build downloads
# the Pyodide runtime (npm) and a few wheels (PyPI) into build/lite-cache; the engine and the
# widgets then run with no network. Serve it: $(PY) -m http.server -d build/lite
lite: $(STAMP)
	$(PY) lite/build_site.py --output build/lite --cache build/lite-cache

bench: $(STAMP)
	$(PY) benchmarks/engine_speed.py
	$(PY) benchmarks/browser_speed.py --repeats 9  # widgets in Chromium (`make browser` first)

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .mypy_cache .hypothesis test-artifacts docs/_build docs/generated docs/lessons
