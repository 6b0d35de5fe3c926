"""Sphinx configuration of the documentation site (`make docs`; tests/test_docs_build.py).

The site is built from the Markdown pages of ``docs/`` (MyST), the lessons of
``notebooks/`` (myst-nb, rendered as committed: they are *not* executed here,
since ``make test`` already runs each one under nbval) and the docstrings of
the package (autodoc + autosummary: the docstrings are plain reStructuredText, so
napoleon is not used; it would read a property's first line "text: more" as a type).
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
sys.path.insert(0, str(ROOT))  # document this checkout's package, not an installed one

from sphinx.addnodes import pending_xref  # noqa: E402
from sphinx.transforms.post_transforms import SphinxPostTransform  # noqa: E402

import prohis_nb  # noqa: E402

project = "prohis_nb"
author = "prohis_nb contributors"
copyright = "prohis_nb contributors"  # noqa: A001 - Sphinx's name
release = version = prohis_nb.__version__

extensions = [
    "myst_nb",  # Markdown (MyST) pages and notebooks
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.viewcode",
]

exclude_patterns = ["_build", "Thumbs.db", ".DS_Store", "**.ipynb_checkpoints"]
html_theme = "alabaster"
html_title = f"prohis_nb {release}"

# ---------------------------------------------------------------- MyST and the lessons

# The lessons are run by nbval in `make test`; here they are only rendered.
nb_execution_mode = "off"
myst_enable_extensions = ["dollarmath", "amsmath", "colon_fence", "deflist"]
myst_heading_anchors = 3  # `[text](page.md#a-heading)` links, as GitHub makes them

LESSONS = DOCS / "lessons"  # a build-time copy of notebooks/ (gitignored)


def _copy_lessons() -> None:
    """Copy the lessons and their guide into ``docs/lessons`` (only what changed)."""
    LESSONS.mkdir(exist_ok=True)
    sources = [*sorted((ROOT / "notebooks").glob("*.ipynb")), ROOT / "notebooks" / "README.md"]
    wanted = {source.name for source in sources}
    for stale in LESSONS.iterdir():
        if stale.name not in wanted:
            stale.unlink()
    for source in sources:
        target = LESSONS / source.name
        if not target.exists() or target.read_bytes() != source.read_bytes():
            shutil.copyfile(source, target)


_copy_lessons()

# ---------------------------------------------------------------- the API reference

autosummary_generate = True
autosummary_ignore_module_all = True  # document what each module defines, not its __all__
# Each object is documented once, in the module that defines it (a package's re-exports
# in __all__ would describe it twice and make its short name ambiguous).
autodoc_default_options = {"members": True, "show-inheritance": True, "ignore-module-all": True}
autodoc_member_order = "bysource"
autodoc_typehints = "signature"  # a hint names a short class (SeatView): no fuzzy look-up
autodoc_preserve_defaults = True
# Optional extras other modules may use: documented even when they are not installed.
autodoc_mock_imports = ["pyspiel", "open_spiel", "dask", "distributed", "pyarrow", "duckdb"]

# ---------------------------------------------------------------- pages other branches add

# Every page of docs/ that index.md does not place ends the "How-to guides", so a new
# page (docs/coach.md, docs/openspiel.md, ...) is never left out of the site.
MORE_GUIDES_MARKER = "more-guides-listed-by-conf-py"


def _list_more_guides(app, docname: str, source: list[str]) -> None:
    if docname != "index":
        return
    text = source[0]
    placed = set(re.findall(r"^([\w./-]+)$", text, flags=re.MULTILINE))
    extra = sorted(page.stem for page in DOCS.glob("*.md") if page.stem not in placed | {"index"})
    source[0] = text.replace(MORE_GUIDES_MARKER, "\n".join(extra))


class NearestTarget(SphinxPostTransform):
    """Link a short class name that both games define to the referring module's own.

    ``Action``, ``SeatView`` and ``TableView`` exist in ``prohis_nb.prohis`` and in
    ``prohis_nb.smuggle``; a type hint ``-> SeatView`` in a Prohis module means the
    Prohis one. Of the documented objects of that name, the one whose module shares the
    longest prefix with the referring module is chosen; a tie is left to Sphinx (which
    then warns, and the build fails).
    """

    default_priority = 5  # before Sphinx resolves references (10)

    def run(self, **kwargs: object) -> None:
        objects = self.env.get_domain("py").objects
        for node in self.document.findall(pending_xref):
            target, module = node.get("reftarget", ""), node.get("py:module") or ""
            if node.get("refdomain") != "py" or "." in target or not module:
                continue
            found = [name for name in objects if name.endswith("." + target)]
            if len(found) < 2:
                continue
            here = module.split(".")

            def shared(name: str, here: list[str] = here) -> int:
                count = 0
                for mine, theirs in zip(here, name.split(".")[:-1], strict=False):
                    if mine != theirs:
                        break
                    count += 1
                return count

            best = max(map(shared, found))
            nearest = [name for name in found if shared(name) == best]
            if len(nearest) == 1:
                node["reftarget"] = nearest[0]


def setup(app) -> None:
    app.connect("source-read", _list_more_guides)
    app.add_post_transform(NearestTarget)
