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


def test_the_engine_depends_on_nothing() -> None:
    assert PROJECT["dependencies"] == []
    extras = PROJECT["optional-dependencies"]
    for extra in ["analysis", "notebook", "openspiel", "scale", "docs", "lite"]:
        assert extra in extras
    # dev pulls in every other extra, so `make test` tests them all.
    (dev_extras,) = [spec for spec in extras["dev"] if spec.startswith("prohis_nb[")]
    assert set(dev_extras.removeprefix("prohis_nb[").removesuffix("]").split(",")) == (
        set(extras) - {"dev", "analysis"}
    )


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
    assert metadata["Requires-Dist"] is None or all(
        "extra ==" in requirement for requirement in metadata.get_all("Requires-Dist")
    )
