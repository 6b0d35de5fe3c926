"""A part used without its extra names the extra to install, not a bare ModuleNotFoundError.

Each case runs in a fresh interpreter where the library is made missing
(``sys.modules[name] = None``, which makes ``import name`` fail and
``importlib.util.find_spec`` find nothing, as when it is not installed).
The wheel test (tests/test_wheel_install.py) checks the same for real, in a
virtual environment without the extras.
"""

from __future__ import annotations

import doctest
import subprocess
import sys
import textwrap

import pytest

import prohis_nb.extras
from prohis_nb.extras import EXTRA_OF, MissingExtraError, install_hint, raise_missing_extra

PROBE = """
import json, sys
for name in {missing!r}:
    sys.modules[name] = None
try:
{code}
except BaseException as error:
    print(json.dumps({{
        "type": type(error).__name__,
        "message": str(error),
        "classes": [cls.__name__ for cls in type(error).__mro__],
        "extra": getattr(error, "extra", None),
        "name": getattr(error, "name", None),
    }}))
else:
    print("null")
"""


def attempt(code: str, missing: tuple[str, ...]) -> dict | None:
    """Run ``code`` with ``missing`` libraries made unimportable; the error it raised."""
    import json

    script = PROBE.format(missing=missing, code=textwrap.indent(code, "    "))
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


CASES = [
    # (what a teacher types, the library made missing, the extra the message must name)
    ("from prohis_nb.widgets import Play", "ipywidgets", "notebook"),
    ("from prohis_nb.widgets import Table", "ipywidgets", "notebook"),
    ("from prohis_nb.widgets import Explorer", "ipywidgets", "notebook"),
    ("import prohis_nb.widgets as w\nw.HotSeat", "ipywidgets", "notebook"),
    ("from prohis_nb.widgets import *", "ipywidgets", "notebook"),
    ("from prohis_nb import plots", "matplotlib", "analysis"),
    ("import prohis_nb.plots", "numpy", "analysis"),
    ("import prohis_nb.analysis.equilibrium", "numpy", "analysis"),
    ("import prohis_nb.analysis.equilibrium", "nashpy", "analysis"),
    ("from prohis_nb.analysis import solve_convoy_game", "numpy", "analysis"),
]


def test_the_convoy_games_equilibrium_set_needs_no_extra():
    """``equilibrium_sets`` is exact fractions on the standard library (it no longer
    imports the solver module): it works with numpy, scipy and nashpy all missing."""
    code = "from prohis_nb.analysis.equilibrium_sets import equilibrium_set\nequilibrium_set()"
    assert attempt(code, ("numpy", "scipy", "nashpy")) is None


@pytest.mark.parametrize(("code", "missing", "extra"), CASES)
def test_a_missing_library_names_its_extra(code, missing, extra):
    error = attempt(code, (missing,))
    assert error is not None, f"{code!r} worked without {missing}"
    assert error["type"] == "MissingExtraError"
    assert error["extra"] == extra and error["name"] == missing
    assert f"needs {missing}, which comes with the '{extra}' extra" in error["message"]
    assert f'pip install "prohis-nb[{extra}]"' in error["message"]
    assert f'pip install ".[{extra}]"' in error["message"]
    # still an ImportError, for code that tries an optional import
    assert "ModuleNotFoundError" in error["classes"] and "ProhisNbError" in error["classes"]


def test_the_extras_named_are_the_ones_that_bring_the_library():
    # Independently of EXTRA_OF: the requirement lists of pyproject.toml.
    import re
    import tomllib
    from pathlib import Path

    pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
    extras = tomllib.loads(pyproject.read_text())["project"]["optional-dependencies"]
    import_names = {"open-spiel": "open_spiel"}  # where pip's name is not the import name
    direct = {}
    for extra, requirements in extras.items():
        for requirement in requirements:
            name = re.match(r"[A-Za-z0-9_.-]+", requirement)[0]
            if extra != "dev" and name != "prohis_nb":
                direct[import_names.get(name, name).lower()] = extra
    assert {"numpy", "ipywidgets", "ipykernel", "jupyterlab", "pyarrow"} <= set(direct)
    for library, extra in EXTRA_OF.items():
        if library.lower() in direct:
            assert direct[library.lower()] == extra, library


def test_the_engine_and_the_lessons_helpers_need_no_extra():
    # Nothing but the extras' own parts is refused: the engine, the bots, the coach,
    # the renderers the live pages share and the lessons' copier work with none.
    everything = tuple(EXTRA_OF)
    code = (
        "import prohis_nb, prohis_nb.bots, prohis_nb.coach, prohis_nb.analysis, prohis_nb.cli\n"
        "import prohis_nb.widgets, prohis_nb.widgets.render, prohis_nb.lessons\n"
        "game = prohis_nb.Game(players=3, seed=1)\n"
        "prohis_nb.widgets.render.renderer_for('prohis').card('legal')\n"
        "from prohis_nb.bots import make_bot, play_game\n"
        "bots = [make_bot(name, seed=s) for s, name in enumerate(['random', 'honest', 'ev'])]\n"
        "assert play_game('prohis', bots, seed=2).ended\n"
    )
    assert attempt(code, everything) is None


def test_another_missing_module_is_not_dressed_up():
    # a module no extra brings (a bug, a broken install) keeps its own error
    error = ModuleNotFoundError("No module named 'prohis_nb.nothing'", name="prohis_nb.nothing")
    raise_missing_extra(error, "the test")  # returns: the caller re-raises the error as it was
    raise_missing_extra(ImportError("cannot import name 'x'"), "the test")
    with pytest.raises(MissingExtraError) as caught:
        raise_missing_extra(ModuleNotFoundError("no", name="scipy.optimize"), "the test")
    assert caught.value.name == "scipy" and caught.value.extra == "analysis"
    assert "the test needs scipy" in str(caught.value)


def test_the_command_line_names_the_extra_in_one_line(monkeypatch, capsys):
    from prohis_nb import cli

    def needs_numpy(args):
        raise ModuleNotFoundError("No module named 'numpy'", name="numpy")

    parser = cli.build_parser
    monkeypatch.setattr(
        cli,
        "build_parser",
        lambda: _with_run(parser(), needs_numpy),
    )
    assert cli.main(["replay", "x.json"]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (
        "prohis-nb: prohis-nb replay needs numpy, which comes with the 'analysis' extra: "
        f"{install_hint('analysis')}\n"
    )


def _with_run(parser, run):
    parser.set_defaults(run=run)
    for action in parser._subparsers._group_actions:  # every command runs ``run``
        for sub in action.choices.values():
            sub.set_defaults(run=run)
    return parser


def test_docstring_examples():
    failed, attempted = doctest.testmod(prohis_nb.extras, optionflags=doctest.ELLIPSIS)
    assert attempted > 0 and failed == 0


def test_a_tournament_bot_without_its_maths_names_the_extra():
    # Smuggle's "solved" bot plays the solved signalling game, which needs numpy.
    code = (
        "import sys\n"
        "sys.modules['numpy'] = None\n"
        "from prohis_nb.cli import main\n"
        "sys.exit(main(['tournament', '--game', 'smuggle', '--players', '3', '--games', '2',\n"
        "               '--workers', '1', '--no-progress', '--bots', 'random,solved']))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr == (  # checked before the first game (attack-24 F7)
        "prohis-nb tournament: the 'solved' bot needs numpy, which comes with the 'analysis' "
        f"extra: {install_hint('analysis')}\n"
    )


# ------------------------------------------------ the reviews' cases (attack-24 F7, F8)

REVIEW_CASES = [
    (
        "import prohis_nb\nfrom prohis_nb import coach\n"
        "coach.advise(prohis_nb.new_game('customs', seed=1).view(1))",
        "numpy",
        "analysis",
    ),
    (
        "import prohis_nb\nfrom prohis_nb.bots import make_bot\n"
        "game = prohis_nb.new_game('customs', seed=1)\n"
        "make_bot('equilibrium', 0, 'customs').choose(game.view(game.to_act), "
        "game.legal_actions())",
        "numpy",
        "analysis",
    ),
    ("import prohis_nb.convoy.openspiel", "pyspiel", "openspiel"),
    ("import prohis_nb.customs.openspiel", "pyspiel", "openspiel"),
    (
        "from prohis_nb.tournament import run_tournament\n"
        "run_tournament(['equilibrium', 'random'], game='convoy', games=4, workers=2)",
        "numpy",
        "analysis",
    ),
]


@pytest.mark.parametrize(("code", "missing", "extra"), REVIEW_CASES)
def test_the_stage_games_parts_name_their_extra(code, missing, extra):
    test_a_missing_library_names_its_extra(code, missing, extra)


def test_the_tournament_command_names_the_extra_before_any_worker_starts():
    script = (
        "import sys\nsys.modules['numpy'] = None\nfrom prohis_nb.cli import main\n"
        "sys.exit(main(['tournament', '--game', 'convoy', '--games', '4', '--workers', '2']))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 1 and done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert "needs numpy, which comes with the 'analysis' extra" in lines[0]
    assert "Traceback" not in done.stderr and "BrokenProcessPool" not in done.stderr


def test_the_error_survives_a_trip_through_a_worker():
    import pickle

    error = MissingExtraError("x needs numpy", name="numpy", extra="analysis")
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is MissingExtraError
    assert (str(again), again.name, again.extra) == (str(error), "numpy", "analysis")
