"""The wheel as a teacher installs it: built, installed into new virtual environments, used.

Two new environments, each with nothing but what pip installs from the wheel:

* **bare** (``pip install prohis_nb-*.whl``): the wheel's own dependencies
  only (tqdm). The engine plays, the command line runs every command a bare
  install offers, ``prohis-nb lessons`` copies the lessons out, and each part
  that needs an extra says which one, for real (no library is hidden here:
  it is simply not installed).
* **notebook** (``pip install "prohis_nb-*.whl[notebook]"``): the lessons'
  needs and no JupyterLab. Every lesson copied out by ``prohis-nb lessons``
  runs top to bottom in a kernel of that environment (nbclient drives it from
  the test's own environment, so the teacher's environment holds exactly what
  the extra brings).

pip resolves every dependency itself (no ``--no-deps``), so this works on a
fresh machine with only Python and the package index. It is the slowest test
of the suite (the ``notebook`` install brings numpy, scipy, matplotlib, about
45 distributions); to keep it quick, both environments are made without
pip's own copy (``python -m venv --without-pip``; the test's pip installs
into them with ``pip --python``), pip reuses the wheels of its cache, and
nothing is byte-compiled at install time (``--no-compile``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from importlib.metadata import version
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"

#: What the base install may hold besides the package: its declared dependency.
BASE = {"prohis-nb", "tqdm"}
#: What the notebook extra must not bring into a JupyterHub's environment.
SERVER_SIDE = {"jupyterlab", "notebook", "jupyter-server", "jupyterlab-server"}


def clean_environment() -> dict[str, str]:
    """This process's environment without anything that would let the repository's copy in."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PYTHONSTARTUP"}
    }
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    env["PIP_NO_INPUT"] = "1"
    return env


def run(command: list[str], cwd: Path, timeout: float = 900) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command,
        cwd=cwd,
        env=clean_environment(),
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def checked(command: list[str], cwd: Path, timeout: float = 900) -> str:
    done = run(command, cwd, timeout)
    assert done.returncode == 0, f"{command} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done.stdout


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    checked(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(out), str(ROOT)],
        out,
    )
    (built,) = out.glob("prohis_nb-*.whl")
    return built


def new_environment(where: Path, requirement: str) -> Path:
    """A new virtual environment at ``where`` with ``requirement`` installed; its python."""
    checked([sys.executable, "-m", "venv", "--without-pip", str(where)], where.parent, 120)
    python = where / "bin" / "python"
    checked(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet",
         "--no-compile", requirement],
        where.parent,
    )  # fmt: skip
    return python


def distributions(python: Path, cwd: Path) -> set[str]:
    """The normalised names of every distribution installed in ``python``'s environment."""
    code = (
        "import importlib.metadata as m, re\n"
        "print('\\n'.join(sorted({re.sub(r'[-_.]+', '-', d.metadata['Name']).lower() "
        "for d in m.distributions()})))"
    )
    return set(checked([str(python), "-c", code], cwd).split())


def in_environment(python: Path, cwd: Path, code: str) -> str:
    return checked([str(python), "-c", textwrap.dedent(code)], cwd)


def tracked_lessons() -> dict[str, bytes]:
    """The files of the repository's notebooks/ that the wheel takes, by relative path.

    Hidden ones aside, and what .gitignore leaves out (as the wheel's build does): a
    lesson run in the clone may leave its own files there (lesson 13's class database).
    """
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z", "."],
        cwd=NOTEBOOKS, capture_output=True, check=True,
    ).stdout.decode().split("\0")  # fmt: skip
    return {
        name: (NOTEBOOKS / name).read_bytes()
        for name in listed
        if name
        and (NOTEBOOKS / name).is_file()
        and not any(p.startswith(".") or p == "__pycache__" for p in name.split("/"))
    }


def folder_files(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()
    }


# ---------------------------------------------------------------- the bare install


#: (what a teacher types, the extra the error must name)
NEEDS_AN_EXTRA = [
    ("from prohis_nb.widgets import Play", "notebook"),
    ("from prohis_nb.widgets import Table", "notebook"),
    ("from prohis_nb import plots", "analysis"),
    ("import prohis_nb.analysis.equilibrium", "analysis"),
    ("from prohis_nb.analysis import solve_convoy_game", "analysis"),
    ("import prohis_nb.openspiel", "openspiel"),
]


def test_the_bare_wheel(wheel: Path, tmp_path: Path) -> None:
    work = tmp_path / "work"
    work.mkdir()
    python = new_environment(tmp_path / "bare", str(wheel))
    bin_dir = python.parent
    assert distributions(python, work) == BASE  # exactly the declared dependencies

    # the engine, from the environment (not from the repository)
    out = in_environment(
        python,
        work,
        """
        import prohis_nb, sys
        game = prohis_nb.Game(players=4, seed=7)
        while not game.ended:
            game.apply(game.legal_actions()[0])
        record = prohis_nb.Record.loads(game.record().dumps())
        assert record.replay().scores() == game.scores()
        print(prohis_nb.__file__.startswith(sys.prefix), prohis_nb.__version__)
        """,
    )
    assert out.split() == ["True", version("prohis_nb")]

    # the command line: every command of a bare install
    cli = str(bin_dir / "prohis-nb")
    assert checked([cli, "--version"], work) == f"prohis-nb {version('prohis_nb')}\n"
    bare = run([cli], work)
    assert bare.returncode == 2 and bare.stdout == "" and bare.stderr.startswith("usage: prohis-nb")
    summary = checked([cli, "simulate", "--players", "3", "--games", "4", "--out", "records"], work)
    assert "4 random prohis games" in summary
    record = sorted((work / "records").glob("*.json"))[0]
    assert json.loads(checked([cli, "replay", str(record), "--seat", "1"], work))["seat"] == 1
    table = checked(
        [cli, "tournament", "--players", "3", "--games", "6", "--workers", "1",
         "--bots", "random,honest,ev"],
        work,
    )  # fmt: skip
    assert "honest" in table and "ev" in table
    smuggle = checked([cli, "tournament", "--game", "smuggle", "--players", "3", "--games", "3",
                       "--workers", "1"], work)  # fmt: skip
    assert "smuggle" in smuggle.lower() or "seat" in smuggle

    solved = run([cli, "tournament", "--game", "smuggle", "--players", "3", "--games", "2",
                  "--workers", "1", "--bots", "random,solved"], work)  # fmt: skip
    assert solved.returncode == 1 and solved.stdout == ""
    assert solved.stderr.startswith("prohis-nb tournament: the 'solved' bot needs numpy, "
                                    "which comes with the 'analysis' extra")  # fmt: skip
    assert len(solved.stderr.splitlines()) == 1

    # the lessons ship in the wheel and come out byte for byte
    assert "Copied" in checked([cli, "lessons", "lessons"], work)
    assert folder_files(work / "lessons") == tracked_lessons()

    # each part that needs an extra names it
    for code, extra in NEEDS_AN_EXTRA:
        done = run([str(python), "-c", code], work)
        assert done.returncode == 1, code
        last = done.stderr.strip().splitlines()[-1]
        assert f"prohis-nb[{extra}]" in last, (code, last)
        if extra != "openspiel":  # prohis_nb.openspiel has said so in its own words since 0.1
            assert last.startswith("prohis_nb.extras.MissingExtraError: "), last
            assert f"comes with the '{extra}' extra" in last


# ---------------------------------------------------------------- with [notebook]


def test_every_lesson_runs_in_the_notebook_extra(wheel: Path, tmp_path: Path) -> None:
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    from jupyter_client.kernelspec import KernelSpecManager
    from jupyter_client.manager import KernelManager

    work = tmp_path / "work"
    work.mkdir()
    python = new_environment(tmp_path / "notebook", f"{wheel}[notebook]")
    installed = distributions(python, work)
    assert {"ipywidgets", "ipykernel", "numpy", "scipy", "matplotlib", "nashpy"} <= installed
    assert not installed & SERVER_SIDE, "the notebook extra must leave a hub's JupyterLab alone"

    lessons = work / "lessons"
    checked([str(python.parent / "prohis-nb"), "lessons", str(lessons)], work)
    notebooks = sorted(lessons.glob("*.ipynb"))
    assert [n.name for n in notebooks] == sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))

    # a kernel of the new environment, and only of it
    kernels = tmp_path / "kernels"
    (kernels / "wheel").mkdir(parents=True)
    argv = [str(python), "-m", "ipykernel_launcher", "-f", "{connection_file}"]
    spec = {"argv": argv, "display_name": "the wheel", "language": "python"}
    (kernels / "wheel" / "kernel.json").write_text(json.dumps(spec))
    where = (
        "import sys, prohis_nb\n"
        f"assert sys.prefix == {str(python.parent.parent)!r}, sys.prefix\n"
        "assert prohis_nb.__file__.startswith(sys.prefix), prohis_nb.__file__"
    )
    for path in notebooks:
        notebook = nbformat.read(path, as_version=4)
        notebook.cells.append(nbformat.v4.new_code_cell(where))
        manager = KernelManager(
            kernel_name="wheel", kernel_spec_manager=KernelSpecManager(kernel_dirs=[str(kernels)])
        )
        client = nbclient.NotebookClient(
            notebook,
            km=manager,
            timeout=600,
            resources={"metadata": {"path": str(lessons)}},  # the lesson's folder, as in Jupyter
        )
        client.execute(env=clean_environment(), cwd=str(lessons))  # raises at a failing cell
        errors = [
            output
            for cell in notebook.cells
            if cell.cell_type == "code" and "raises-exception" not in cell.metadata.get("tags", [])
            for output in cell.get("outputs", [])
            if output.output_type == "error"
        ]
        assert errors == [], path.name
