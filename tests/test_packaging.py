"""The package as people install and cite it: one version, a licence, type hints, links.

These read the files a packaging tool or a reader reads (pyproject.toml,
CITATION.cff, CHANGELOG.md, README.md) and build the real wheel, so they fail
when one of them drifts from the others.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest

import prohis_nb

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PROJECT = PYPROJECT["project"]


def _cff_field(name: str) -> str:
    text = (ROOT / "CITATION.cff").read_text(encoding="utf-8")
    match = re.search(rf"^{name}:\s*\"?([^\"\n]+)\"?\s*$", text, re.MULTILINE)
    assert match, f"CITATION.cff has no {name}"
    return match.group(1).strip()


def test_one_version_number() -> None:
    # pyproject.toml reads the version from the package; nothing else writes it.
    assert "version" not in PROJECT
    assert PROJECT["dynamic"] == ["version"]
    assert PYPROJECT["tool"]["hatch"]["version"]["path"] == "prohis_nb/__init__.py"
    assert re.fullmatch(r"\d+\.\d+\.\d+", prohis_nb.__version__)
    assert _cff_field("version") == prohis_nb.__version__
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert f"## [{prohis_nb.__version__}]" in changelog


def test_licence_is_an_spdx_expression_with_its_file() -> None:
    # The table form (license = {text = ...}) is deprecated (PEP 639).
    assert PROJECT["license"] == "MIT"
    assert PROJECT["license-files"] == ["LICENSE"]
    licence = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert licence.startswith("MIT License")
    assert _cff_field("license") == "MIT"


def test_links_point_at_one_home() -> None:
    urls = PROJECT["urls"]
    home = urls["Repository"]
    assert re.fullmatch(r"https://github\.com/[\w.-]+/[\w.-]+", home)
    assert all(url.startswith(home) for url in urls.values())
    assert _cff_field("repository-code") == home
    owner_name = home.removeprefix("https://github.com/")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    badge = f"(https://mybinder.org/v2/gh/{owner_name}/main?urlpath=lab/tree/notebooks)"
    assert badge in readme
    for path in [ROOT / "README.md", ROOT / "binder" / "README.md"]:
        assert "<owner>" not in path.read_text(encoding="utf-8"), path


def _closure(extra: str) -> set[str]:
    """Every requirement an extra installs, its own extras' (prohis_nb[...]) included."""
    extras = PROJECT["optional-dependencies"]
    found: set[str] = set()
    for spec in extras[extra]:
        if spec.startswith("prohis_nb["):
            for inner in spec.removeprefix("prohis_nb[").removesuffix("]").split(","):
                found |= _closure(inner)
        else:
            found.add(re.match(r"[A-Za-z0-9_.-]+", spec)[0].lower())
    return found


def test_the_base_install_needs_only_tqdm() -> None:
    # The engine needs nothing; the command line's progress bars need tqdm (pure Python).
    assert PROJECT["dependencies"] == ["tqdm>=4.66"]
    extras = PROJECT["optional-dependencies"]
    for extra in ["analysis", "notebook", "lab", "openspiel", "scale", "docs", "lite"]:
        assert extra in extras
    # dev pulls in every other extra, so `make test` tests them all.
    assert _closure("dev") >= set().union(*(_closure(e) for e in extras if e != "dev"))


def test_notebook_brings_no_jupyterlab_into_a_hub() -> None:
    # `notebook` is what a kernel needs (widgets, kernel, maths) and nothing of a server.
    notebook = _closure("notebook")
    assert {"ipywidgets", "ipykernel", "numpy", "matplotlib", "nashpy", "scipy"} <= notebook
    assert not notebook & {"jupyterlab", "notebook", "jupyter_server", "jupyter-server"}
    assert _closure("lab") == notebook | {"jupyterlab"}
    # make lab (the dev extra) and Binder still get JupyterLab
    assert "jupyterlab" in _closure("dev")
    binder = (ROOT / "binder" / "requirements.txt").read_text(encoding="utf-8").split("\n")
    installs = [line.strip() for line in binder if line.strip() and not line.startswith("#")]
    assert installs == [".[lab]"]


def test_the_engine_imports_only_the_standard_library() -> None:
    # In a fresh interpreter: the core (every module), the games' folders, each
    # registered game's own parts (class, rules, views, knowledge, determinize), a
    # random game of each played to its end and written down, and the command line.
    # Whatever they import beyond what the interpreter had loaded at start-up must be
    # in the standard library (the command line imports tqdm only to draw a bar).
    code = """
import importlib, pkgutil, random, sys
before = set(sys.modules)
import prohis_nb, prohis_nb.core, prohis_nb.games, prohis_nb.errors, prohis_nb.cli
from prohis_nb.core import registry
for package in ("prohis_nb.core", "prohis_nb.prohis", "prohis_nb.smuggle"):
    module = importlib.import_module(package)
    for info in pkgutil.walk_packages(module.__path__, package + "."):
        importlib.import_module(info.name)
games = 0
for spec in registry.specs():
    for part in ("game", "rules", "views", "knowledge", "determinize"):
        if spec.has(part):
            spec.load(part)
    game = registry.new_game(spec.name, seed=3)
    rng = random.Random(3)
    while not game.ended:
        game.apply(rng.choice(game.legal_actions()))
    game.record().dumps(), game.view(0).to_json()
    games += 1
loaded = set(sys.modules) - before
print(games, len(loaded))
print(" ".join(sorted(
    name for name in loaded
    if name.partition(".")[0] not in sys.stdlib_module_names | {"prohis_nb"}
)))
"""
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=300
    )
    counts, outside = (done.stdout.splitlines() + [""])[:2]
    games, loaded = map(int, counts.split())
    assert games >= 2 and loaded > 50  # it did import and play the engine
    assert outside == "", f"the engine imports {outside}"


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(out), str(ROOT)],
        check=True,
        capture_output=True,
        text=True,
    )
    (built,) = out.glob("prohis_nb-*.whl")
    return built


def test_the_wheel_ships_type_hints_and_licence(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        (metadata_name,) = [name for name in names if name.endswith(".dist-info/METADATA")]
        metadata = Parser().parsestr(archive.read(metadata_name).decode("utf-8"))
    assert "prohis_nb/py.typed" in names
    # package data the code reads: the record schemas, the solved Smuggle game
    assert "prohis_nb/schemas/prohis-record.schema.json" in names
    assert "prohis_nb/analysis/smuggle_equilibrium.json" in names
    assert any(name.endswith(".dist-info/licenses/LICENSE") for name in names)
    assert not any(name.startswith(("tests/", "notebooks/", "benchmarks/")) for name in names)
    assert metadata["Version"] == prohis_nb.__version__
    assert metadata["License-Expression"] == "MIT"
    assert metadata.get_all("License-File") == ["LICENSE"]
    base = [r for r in metadata.get_all("Requires-Dist") if "extra ==" not in r]
    assert base == ["tqdm>=4.66"]
    assert set(metadata.get_all("Provides-Extra")) >= {"analysis", "notebook", "lab"}


def _tracked_lessons() -> set[str]:
    """The files of notebooks/ that git tracks (or, outside a git checkout, those on disk)."""
    try:
        done = subprocess.run(
            ["git", "ls-files", "-z", "notebooks"],
            cwd=ROOT,
            capture_output=True,
            check=True,
            text=True,
        )
        tracked = {name.removeprefix("notebooks/") for name in done.stdout.split("\0") if name}
    except (OSError, subprocess.CalledProcessError):
        tracked = set()
    if tracked:
        return tracked
    return {
        path.relative_to(ROOT / "notebooks").as_posix()
        for path in (ROOT / "notebooks").rglob("*")
        if path.is_file() and ".ipynb_checkpoints" not in path.parts
    }


def test_the_wheel_ships_the_lessons_and_the_example_class(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        shipped = {
            name.removeprefix("prohis_nb/notebooks/"): archive.read(name)
            for name in archive.namelist()
            if name.startswith("prohis_nb/notebooks/")
        }
    tracked = _tracked_lessons()
    assert sum(name.endswith(".ipynb") for name in tracked) >= 7
    assert "README.md" in tracked and any(n.startswith("class_records/") for n in tracked)
    assert tracked <= set(shipped)
    for name in tracked:
        assert shipped[name] == (ROOT / "notebooks" / name).read_bytes(), name
    assert not any(part.startswith(".") for name in shipped for part in name.split("/"))


def _github_anchor(heading: str) -> str:
    """The anchor GitHub gives a Markdown heading: lower case, punctuation dropped, - for spaces."""
    text = re.sub(r"[`*_]", "", heading.strip().lower())
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def test_the_readme_links_and_images_are_absolute() -> None:
    # The package index shows README.md away from the repository: a relative link or
    # image there is broken. Every one must be absolute, and those into this
    # repository must name a file (or folder, or heading) that exists here.
    home = PROJECT["urls"]["Repository"]
    owner_name = home.removeprefix("https://github.com/")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)\s]+)\)", readme) + re.findall(
        r"<img [^>]*src=\"([^\"]+)\"", readme
    )
    assert len(targets) > 20
    kinds = {
        f"{home}/blob/main/": Path.is_file,
        f"{home}/tree/main/": Path.is_dir,
        f"https://raw.githubusercontent.com/{owner_name}/main/": Path.is_file,
    }
    ours = 0
    for target in targets:
        assert re.match(r"https?://", target), f"relative link in README.md: {target}"
        for prefix, exists in kinds.items():
            if target.startswith(prefix):
                ours += 1
                path, _, anchor = target.removeprefix(prefix).partition("#")
                assert exists(ROOT / path), target
                if anchor:
                    headings = re.findall(r"^#+ (.+)$", (ROOT / path).read_text(), re.MULTILINE)
                    assert anchor in {_github_anchor(h) for h in headings}, target
    assert ours > 10
    # images come from raw.githubusercontent.com (a blob/ address is an HTML page)
    images = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", readme) + re.findall(
        r"<img [^>]*src=\"([^\"]+)\"", readme
    )
    for image in images:
        assert "/blob/" not in image, image


def test_the_readme_starts_with_the_install_line() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    first_block = readme.split("```")[1]
    name = PROJECT["name"].replace("_", "-")
    assert 'pip install ".[notebook]"' in first_block
    assert f'pip install "{name}[notebook]"' in first_block
    # the newcomer's two commands come right after: the first section of the README
    sections = readme.split("\n## ")
    assert first_block in sections[0]
    assert sections[1].startswith("Two commands")
    assert "make lab" in sections[1] and "make test" in sections[1]
