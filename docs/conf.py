"""Sphinx configuration of the documentation site (`make docs`; tests/test_docs_build.py).

The site is built from the Markdown pages of ``docs/`` (MyST), the lessons of
``notebooks/`` (myst-nb: **executed** during the build, so that their cards,
tables, plots and widgets appear, with myst-nb's cache, ``docs/_build/.jupyter_cache``:
a lesson runs again only when it changed) and the docstrings of the package
(autodoc + autosummary: the docstrings are plain reStructuredText, so napoleon
is not used; it would read a property's first line "text: more" as a type).

Each lesson page opens with links that launch it on Binder and in JupyterLite
(added to the build's copy of the lesson, never to ``notebooks/``). The
one-page rules sheets (``sheet-*.md``) get their numbers from the package, and
are printed to PDF by Chromium (Playwright) when the build ends: ``sheets/*.pdf``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
sys.path.insert(0, str(ROOT))  # document this checkout's package, not an installed one
# the lessons' kernels import this checkout's package too
os.environ["PYTHONPATH"] = os.pathsep.join(
    p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p
)

from sphinx.addnodes import pending_xref  # noqa: E402
from sphinx.transforms.post_transforms import SphinxPostTransform  # noqa: E402

import prohis_nb  # noqa: E402

project = "prohis_nb"
author = "prohis_nb contributors"
copyright = "prohis_nb contributors"  # Sphinx's name for it
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

# The lessons run during the build (their outputs are not committed), each in a fresh
# kernel in its own folder (lesson 9 reads class_records/ next to it), cached by jupyter-cache.
nb_execution_mode = "cache"
nb_execution_cache_path = str(DOCS / "_build" / ".jupyter_cache")
nb_execution_timeout = 600
nb_execution_raise_on_error = True
nb_execution_show_tb = True
myst_enable_extensions = ["dollarmath", "amsmath", "colon_fence", "deflist"]
myst_heading_anchors = 3  # `[text](page.md#a-heading)` links, as GitHub makes them

LESSONS = DOCS / "lessons"  # a build-time copy of notebooks/ (gitignored)

#: Where the lessons are launched from: the repository on Binder, and the JupyterLite site
#: that `make lite` builds, published beside this site as lite/ (PNB_LITE_URL to change it).
REPOSITORY = "prohis-nb/prohis_nb"
BINDER = "https://mybinder.org/v2/gh/{repo}/HEAD?urlpath=lab/tree/notebooks/{name}"
LITE = os.environ.get("PNB_LITE_URL", "../lite/lab/index.html") + "?path={name}"


def launch_links(name: str) -> str:
    """The Markdown of a lesson page's launch links (Binder, JupyterLite)."""
    binder = BINDER.format(repo=REPOSITORY, name=name)
    lite = LITE.format(name=name)
    return (
        ":::{note}\n**Run this lesson yourself:** "
        f"[on Binder]({binder}) (JupyterLab in the cloud, nothing to install) · "
        f'<a href="{lite}">in JupyterLite</a> (Python in your browser; lessons 3 to 12 '
        "download numpy and matplotlib the first time, so they need the network) · "
        "or on your machine with `make lab` (see the teacher's guide).\n:::"
    )


def _with_launch_links(source: Path) -> bytes:
    """The lesson with a first Markdown cell of launch links (the build's copy only)."""
    notebook = json.loads(source.read_text(encoding="utf-8"))
    cell = {"cell_type": "markdown", "id": "pnb-launch", "metadata": {},
            "source": launch_links(source.name)}  # fmt: skip
    notebook["cells"].insert(1, cell)  # after the title
    return (json.dumps(notebook, indent=1, ensure_ascii=False) + "\n").encode("utf-8")


def _copy_lessons() -> None:
    """Copy the lessons (with launch links), their guide and the folders they read into
    ``docs/lessons`` (only what changed, so that the execution cache stays valid)."""
    LESSONS.mkdir(exist_ok=True)
    notebooks = ROOT / "notebooks"
    sources = [*sorted(notebooks.glob("*.ipynb")), notebooks / "README.md"]
    # the folders the lessons read (class_records/ for lesson 9, live_class_example/ for 13)
    folders = sorted(path for path in notebooks.iterdir() if path.is_dir() and path.name[0] != ".")
    wanted = {source.name for source in sources} | {folder.name for folder in folders}
    for stale in LESSONS.iterdir():
        if stale.name not in wanted:
            shutil.rmtree(stale) if stale.is_dir() else stale.unlink()
    for source in sources:
        target = LESSONS / source.name
        data = _with_launch_links(source) if source.suffix == ".ipynb" else source.read_bytes()
        if not target.exists() or target.read_bytes() != data:
            target.write_bytes(data)
    for folder in folders:
        shutil.copytree(folder, LESSONS / folder.name, dirs_exist_ok=True)


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


# ---------------------------------------------------------------- the one-page rules sheets

#: The sheets: page name -> the PDF printed from it (in the built site's sheets/ folder).
SHEETS = {"sheet-prohis": "prohis-rules-sheet.pdf", "sheet-smuggle": "smuggle-rules-sheet.pdf"}


def _money(amount: int) -> str:
    from prohis_nb.text import money

    return money(amount).replace("$", "\\$")  # one amount per table cell: no formula


def _sheet_tables() -> dict[str, str]:
    """The numbers of the sheets, as Markdown tables, from the package itself."""
    from prohis_nb.prohis.cards import HAND_VALUE, KINDS, WAREHOUSE_VALUE
    from prohis_nb.prohis.rules import ProhisRules
    from prohis_nb.smuggle.board import DUTIABLE, PACK_COUNTS, Board

    few, many = ProhisRules(players=4).deck_counts(), ProhisRules(players=6).deck_counts()
    prohis = ["| card | in your warehouse | left in your hand | cards (3–4 players) | (5–6) |",
              "| --- | ---: | ---: | ---: | ---: |"]  # fmt: skip
    for kind in KINDS:
        prohis.append(
            f"| {kind} | {_money(WAREHOUSE_VALUE[kind])} | {_money(HAND_VALUE[kind])} "
            f"| {few[kind]} | {many[kind]} |"
        )
    board = Board()
    smuggle = ["| item | cards | duty if declared | fine if found hidden |",
               "| --- | ---: | ---: | ---: |"]  # fmt: skip
    for kind in DUTIABLE:
        smuggle.append(
            f"| {kind} | {PACK_COUNTS[kind]} | {_money(board.duty[kind])} "
            f"| {_money(board.fine[kind])} |"
        )
    for kind in PACK_COUNTS:
        if kind not in DUTIABLE:
            smuggle.append(f"| {kind.replace('_', ' ')} | {PACK_COUNTS[kind]} | none | none |")
    amounts = (
        f"Each player starts with {_money(board.start_money)}. A searched true declaration: "
        f"the Officer pays {_money(board.compensation)} compensation. An Informer who catches "
        f"a false hand gets {_money(board.informer_reward)} from the Officer. A false immunity "
        f"claim costs {_money(board.immunity_fine)} plus the fines."
    )
    return {
        "<!-- pnb:prohis-cards -->": "\n".join(prohis),
        "<!-- pnb:smuggle-board -->": "\n".join(smuggle),
        "<!-- pnb:smuggle-amounts -->": amounts,
    }


def _fill_sheets(app, docname: str, source: list[str]) -> None:
    if docname in SHEETS:
        for marker, table in _sheet_tables().items():
            source[0] = source[0].replace(marker, table)


#: What a printed sheet leaves out: the site's sidebar, header links and footer.
PRINT_CSS = """
.sphinxsidebar, .related, .footer, .pnb-no-print, a.headerlink { display: none !important; }
div.bodywrapper { margin: 0 !important; } div.body { max-width: none !important; padding: 0; }
div.document { width: auto !important; margin: 0 !important; }
body { font-size: 10.5pt; margin: 0; } h1 { font-size: 17pt; margin: 0 0 4pt; }
h2 { font-size: 12.5pt; margin: 8pt 0 2pt; } p, li { margin: 2pt 0; line-height: 1.3; }
table.docutils { font-size: 9.5pt; } table.docutils td, table.docutils th { padding: 1pt 6pt; }
"""


def print_sheets(html_dir: Path) -> list[Path]:
    """Print each sheet's page of the built site to an A4 PDF with Chromium (Playwright).

    Uses the Chromium the browser tests use (``PNB_CHROMIUM``, default Debian's
    ``/usr/bin/chromium``: ``make browser`` installs it). Returns the PDFs written.
    """
    from playwright.sync_api import sync_playwright

    chromium = os.environ.get("PNB_CHROMIUM", "/usr/bin/chromium")
    if not Path(chromium).exists():
        raise RuntimeError(
            f"the rules sheets are printed to PDF by Chromium, not found at {chromium}: "
            "run `make browser` (apt-get install chromium) or set PNB_CHROMIUM"
        )
    out = html_dir / "sheets"
    out.mkdir(exist_ok=True)
    written = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium, args=["--no-sandbox", "--disable-gpu"], headless=True
        )
        try:
            page = browser.new_page()
            for docname, pdf in SHEETS.items():
                page.goto((html_dir / f"{docname}.html").as_uri())
                page.add_style_tag(content=PRINT_CSS)
                page.emulate_media(media="print")
                margin = {"top": "12mm", "bottom": "12mm", "left": "14mm", "right": "14mm"}
                page.pdf(path=str(out / pdf), format="A4", print_background=True, margin=margin)
                written.append(out / pdf)
        finally:
            browser.close()
    return written


def _print_sheets(app, exception: Exception | None) -> None:
    if exception is None and app.builder.format == "html":
        print_sheets(Path(app.outdir))


def setup(app) -> None:
    app.connect("source-read", _list_more_guides)
    app.connect("source-read", _fill_sheets)
    app.connect("build-finished", _print_sheets)
    app.add_post_transform(NearestTarget)
