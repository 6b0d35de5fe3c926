"""Build a JupyterLite site of the lessons whose engine and widgets run offline.

Run it with ``make lite`` (or ``python lite/build_site.py --output build/lite``),
then serve the folder with any static web server, for example
``python -m http.server -d build/lite`` and open http://localhost:8000/lab/.

What the site holds, and where each piece comes from (fetched once, at build
time, through the registries' own clients, and kept in ``build/lite-cache``):

* JupyterLab for the browser: ``jupyterlite-core`` and the Pyodide kernel
  extension of ``jupyterlite-pyodide-kernel`` (both from PyPI, installed in
  the build environment), plus the widget extension of ``jupyterlab_widgets``.
* The Pyodide runtime (``pyodide.mjs``, ``pyodide.asm.wasm``,
  ``python_stdlib.zip``, ``pyodide-lock.json``): the ``pyodide`` package of
  the npm registry (``npm pack pyodide@VERSION``), at exactly the version the
  kernel extension was built for. ``jupyterlite-pyodide-kernel`` does not
  bundle it: without this step the kernel loads it from the jsDelivr CDN.
* The pure-Python wheels the kernel needs to start (micropip, packaging,
  IPython and its dependencies, jedi, parso, traitlets) and the engine's
  dependency tqdm, at the versions of
  Pyodide's lock file, from PyPI (``pip download``). Pyodide's lock file is
  rewritten to point at these local copies (with their own SHA-256).
* The engine as a wheel built from this checkout, and the Python side of the
  widgets (``ipywidgets``, ``jupyterlab_widgets``, ``comm``) and ``nashpy``,
  from PyPI: served to ``piplite`` from the site's ``pypi/`` folder, so that
  ``%pip install prohis_nb ipywidgets`` works with no network.

Everything else in Pyodide's lock file (numpy, matplotlib, scipy and the other
compiled packages) keeps its original hash and points at the Pyodide CDN
(``https://cdn.jsdelivr.net/pyodide/vVERSION/full/``): lessons that need them
load them from there, so they work only online.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from importlib.metadata import version
from pathlib import Path

try:
    from jupyterlite_pyodide_kernel.constants import (
        PYODIDE_CDN_URL,
        PYODIDE_PYTHON_VERSION,
        PYODIDE_VERSION,
    )
except ImportError:  # pragma: no cover - a message instead of a traceback
    sys.exit(
        "building the JupyterLite site needs jupyterlite-core and jupyterlite-pyodide-kernel: "
        "pip install -e '.[lite]' (make setup installs them with the dev extra)"
    )

REPO = Path(__file__).resolve().parents[1]

#: The files of the npm ``pyodide`` package that make up the runtime.
RUNTIME_FILES = (
    "pyodide.mjs",
    "pyodide.js",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
    "package.json",
)

#: Packages of Pyodide's lock file the kernel loads while it starts
#: (``micropip``, then ``ipython`` and ``jedi`` through piplite); their
#: dependencies in the lock file are added.
KERNEL_START = ("micropip", "packaging", "ipython", "jedi", "traitlets")

#: The engine wheel's dependencies (tqdm, for the command line's progress bars). They
#: are in Pyodide's lock file, and micropip takes a package of the lock file from where
#: the lock file says: served locally like the kernel's, so lessons 1 and 2 stay offline.
ENGINE_DEPENDENCIES = ("tqdm",)

#: Pure-Python wheels served to piplite from the site's ``pypi/`` folder,
#: pinned to the versions in the build environment where one is installed
#: (so the widgets' Python side matches the widget extension in the page).
PIPLITE_EXTRA = ("comm", "ipywidgets", "jupyterlab_widgets", "nashpy")

#: Settings for the page: every cell kept in the page (short lessons; the browser test
#: reads every output), and no news or update checks (they would go to the network).
OVERRIDES = {
    "@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"},
    "@jupyterlab/apputils-extension:notification": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
}


def normalize(name: str) -> str:
    """A project name as PEP 503 compares them."""
    return re.sub(r"[-_.]+", "-", name).lower()


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def run(command: list[str], **kwargs) -> None:
    print("+", " ".join(map(str, command)), flush=True)
    subprocess.run(command, check=True, **kwargs)


def fetch_runtime(cache: Path) -> Path:
    """The npm ``pyodide`` package at the kernel's version, unpacked in ``cache``."""
    unpacked = cache / f"pyodide-{PYODIDE_VERSION}"
    if (unpacked / "pyodide-lock.json").is_file():
        return unpacked
    npm = shutil.which("npm")
    if npm is None:
        sys.exit(
            "npm is needed once to fetch the Pyodide runtime (the `pyodide` package of the npm "
            "registry): install Node.js and npm, or put the package's files in "
            f"{unpacked}"
        )
    cache.mkdir(parents=True, exist_ok=True)
    run([npm, "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", str(cache)])
    tarball = cache / f"pyodide-{PYODIDE_VERSION}.tgz"
    staging = Path(tempfile.mkdtemp(dir=cache))
    with tarfile.open(tarball) as archive:
        members = [m for m in archive if m.name.removeprefix("package/") in RUNTIME_FILES]
        archive.extractall(staging, members=members)
    (staging / "package").rename(unpacked)
    staging.rmdir()
    tarball.unlink()
    return unpacked


def lock_closure(packages: dict, names: tuple[str, ...]) -> list[str]:
    """``names`` and everything they depend on in Pyodide's lock file (normalized names)."""
    by_name = {normalize(name): name for name in packages}
    seen: list[str] = []
    todo = [normalize(name) for name in names]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.append(name)
        todo += [normalize(dep) for dep in packages[by_name[name]]["depends"]]
    return sorted(seen)


def pip_download(requirements: list[str], dest: Path) -> None:
    """Pure-Python wheels (``py3-none-any``) for ``requirements``, without dependencies."""
    dest.mkdir(parents=True, exist_ok=True)
    run(
        [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
         "--implementation", "py", "--abi", "none", "--platform", "any",
         "--python-version", PYODIDE_PYTHON_VERSION, "-d", str(dest), *requirements]
    )  # fmt: skip


def wheel_for(folder: Path, name: str, wanted: str | None = None) -> Path:
    """The wheel of project ``name`` (at version ``wanted`` if given) in ``folder``."""
    for wheel in sorted(folder.glob("*.whl")):
        project, release = wheel.name.split("-")[:2]
        if normalize(project) == normalize(name) and wanted in (None, release):
            return wheel
    raise FileNotFoundError(f"no wheel of {name} {wanted or ''} in {folder}")


def installed_version(name: str) -> str | None:
    try:
        return version(name)
    except Exception:
        return None


def build_engine_wheel(dest: Path) -> Path:
    """A wheel of prohis_nb built from a fresh copy of this checkout's files.

    A copy, so that nothing left over in the checkout's ``build/`` folder (say, a
    module since deleted) can end up in the wheel.
    """
    with tempfile.TemporaryDirectory(prefix="prohis-wheel-") as tmp:
        source = Path(tmp)
        for path in REPO.iterdir():
            if path.is_file() and not path.name.startswith("."):
                shutil.copy2(path, source / path.name)
        shutil.copytree(
            REPO / "prohis_nb", source / "prohis_nb", ignore=shutil.ignore_patterns("__pycache__")
        )
        run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(dest), tmp])
    return wheel_for(dest, "prohis_nb")


def write_runtime(runtime: Path, wheels: Path, target: Path) -> list[str]:
    """Copy the runtime to ``target`` with a lock file pointing at local wheels or the CDN.

    Returns the names of the packages served locally.
    """
    target.mkdir(parents=True)
    for name in RUNTIME_FILES:
        if name != "pyodide-lock.json":
            shutil.copy2(runtime / name, target / name)
    lock = json.loads((runtime / "pyodide-lock.json").read_text())
    packages = lock["packages"]
    local = lock_closure(packages, KERNEL_START + ENGINE_DEPENDENCIES)
    for key, package in packages.items():
        if normalize(key) in local:
            wheel = wheel_for(wheels, key, package["version"])
            shutil.copy2(wheel, target / wheel.name)
            package["file_name"] = wheel.name
            package["sha256"] = sha256(wheel)
        else:
            package["file_name"] = f"{PYODIDE_CDN_URL}/{package['file_name']}"
    (target / "pyodide-lock.json").write_text(json.dumps(lock, indent=1))
    return local


def fetch_wheels(runtime: Path, wheels: Path) -> list[str]:
    """Download (once) the wheels the site serves; return the requirements of piplite's ones."""
    lock = json.loads((runtime / "pyodide-lock.json").read_text())["packages"]
    by_name = {normalize(name): package for name, package in lock.items()}
    kernel = [
        f"{name}=={by_name[name]['version']}"
        for name in lock_closure(lock, KERNEL_START + ENGINE_DEPENDENCIES)
    ]
    piplite = []
    for name in PIPLITE_EXTRA:
        pinned = installed_version(name)
        piplite.append(f"{name}=={pinned}" if pinned else name)
    missing = []
    for requirement in kernel + piplite:
        name, _, pin = requirement.partition("==")
        try:
            wheel_for(wheels, name, pin or None)
        except FileNotFoundError:
            missing.append(requirement)
    if missing:
        pip_download(missing, wheels)
    return piplite


def build(output: Path, cache: Path) -> None:
    """Build the site in ``output`` (replaced), keeping downloads in ``cache``."""
    started = time.perf_counter()
    runtime = fetch_runtime(cache)
    wheels = cache / "wheels"
    piplite = fetch_wheels(runtime, wheels)
    with tempfile.TemporaryDirectory(prefix="prohis-lite-") as tmp:
        lite_dir = Path(tmp)
        pypi = lite_dir / "pypi"  # piplite serves the wheels in a lite dir's pypi/ folder
        pypi.mkdir()
        engine = build_engine_wheel(pypi)
        for requirement in piplite:
            name, _, pin = requirement.partition("==")
            shutil.copy2(wheel_for(wheels, name, pin or None), pypi)
        local = write_runtime(runtime, wheels, lite_dir / "static" / "pyodide")
        (lite_dir / "overrides.json").write_text(json.dumps(OVERRIDES, indent=1))
        contents = lite_dir / "contents"
        shutil.copytree(
            REPO / "notebooks",
            contents,
            ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"),
        )
        if output.exists():
            shutil.rmtree(output)
        run(
            [sys.executable, "-m", "jupyter", "lite", "build",
             "--lite-dir", str(lite_dir),
             "--output-dir", str(output.resolve()),
             "--contents", str(contents),
             "--apps", "lab", "--apps", "notebooks",
             "--no-sourcemaps"],
            cwd=lite_dir,
        )  # fmt: skip
    print(
        f"\nJupyterLite site in {output} ({time.perf_counter() - started:.0f} s).\n"
        f"Offline: Pyodide {PYODIDE_VERSION} (from npm), {', '.join(local)};\n"
        f"through piplite: {engine.name}, {', '.join(piplite)}.\n"
        f"Every other Pyodide package (numpy, matplotlib, scipy, ...): {PYODIDE_CDN_URL}/"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=REPO / "build" / "lite")
    parser.add_argument("--cache", type=Path, default=REPO / "build" / "lite-cache")
    args = parser.parse_args(argv)
    build(args.output, args.cache)


if __name__ == "__main__":
    main()
