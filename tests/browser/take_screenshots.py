"""Take the README's widget screenshots in a real JupyterLab (run by hand, not a test).

    python tests/browser/take_screenshots.py [--out docs/screenshots]

Writes one PNG per widget (table, stepper, play, play with the coach open,
hotseat's curtain, a Smuggle game being played, and the two explorers when
``prohis_nb.analysis`` is installed), each cropped to the widget.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

import nbformat
from helpers.browser import REPO, LabServer, launch_chromium, run_all_cells
from nbformat.v4 import new_code_cell, new_notebook

SETUP = """
import random
import prohis_nb
from prohis_nb.widgets import HotSeat, Play, Stepper, Table
game = prohis_nb.Game(players=4, seed=7)
rng = random.Random(1)
while game.decision.kind != "inspection":
    game.apply(rng.choice(game.legal_actions()))
"""

WIDGETS = {
    "table": "Table(game, seat=2)",
    "stepper": "s = Stepper(game.record(), seat=0); s.seek(4); s",
    "play": (
        "p = Play(seat=0, seed=5, delay=0)\n"
        "c = p.panel.composers['convoy']\n"
        "c.pick(c.hand.index('illegal')); c.pick(c.hand.index('legal'))\n"
        "p"
    ),
    "coach": (
        "k = Play(seat=0, seed=5, delay=0)\n"
        "k.coach_toggle.button.value = True  # the learner pressed 'Coach'\n"
        "k"
    ),
    "hotseat": "HotSeat(players=3, seed=5, delay=0)",
    "smuggle": (
        "s = Play(game_name='smuggle', players=4, seat=1, seed=7, delay=0)\n"
        "d = s.panel.composers['declare']; d.add('camera')\n"
        "s"
    ),
    "explorer": "from prohis_nb.widgets import Explorer\nExplorer()",
    "customs": "from prohis_nb.widgets import CustomsExplorer\nCustomsExplorer(search=0.2)",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=REPO / "docs" / "screenshots")
    args = parser.parse_args()
    try:
        import prohis_nb.widgets.explorer  # noqa: F401
    except ImportError:  # the explorer needs prohis_nb.analysis and prohis_nb.plots
        WIDGETS.pop("explorer")
        WIDGETS.pop("customs")
    with tempfile.TemporaryDirectory() as work:
        source = Path(work) / "source"
        source.mkdir()
        notebook = new_notebook(cells=[new_code_cell(SETUP)])
        notebook.cells += [new_code_cell(code) for code in WIDGETS.values()]
        notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
        nbformat.write(notebook, source / "widgets.ipynb")
        lab = LabServer(Path(work), notebooks=source)
        lab.start()
        try:
            from playwright.sync_api import sync_playwright

            with sync_playwright() as playwright:
                browser = launch_chromium(playwright)
                page = browser.new_page(viewport={"width": 1100, "height": 2600})
                page.set_default_timeout(60_000)
                run_all_cells(page, lab, "widgets.ipynb")
                page.evaluate(
                    "() => window.jupyterapp.commands.execute('application:toggle-left-area')"
                )
                cells = page.locator(".jp-Notebook .jp-CodeCell")
                for index, name in enumerate(WIDGETS, start=1):
                    widget = cells.nth(index).locator(".jp-OutputArea-output").first
                    widget.wait_for()
                    widget.scroll_into_view_if_needed()
                    args.out.mkdir(parents=True, exist_ok=True)
                    path = args.out / f"{name}.png"
                    widget.screenshot(path=path)
                    print(f"{path}: {path.stat().st_size // 1024} KB")
                browser.close()
        finally:
            lab.stop()


if __name__ == "__main__":
    main()
