"""How long a teacher waits: each lesson's Run All and the slowest redraws, in JupyterLab.

Starts a private JupyterLab (``tests/helpers/browser.py``: the server
and Debian Chromium the browser tests use), opens each lesson as a teacher
would (a copy, never the repository's file), and prints:

* **Run All**: seconds from JupyterLab's "Run All Cells" until every cell has
  run and its outputs are on the page (one fresh kernel per lesson, as a
  teacher opening the lesson gets);
* **redraws** (milliseconds from the input event, caught in the page before
  the widget sees it, to the last change of what it redraws, an ``<img>``
  counted once its new picture is decoded):

  - lesson 3: the heat map's "Controller card" dropdown (``interact``);
  - lesson 4: the explorer's "Bribe: legal goods" slider moved one step with
    the keyboard (the picture and the sentences, the equilibrium's included);
  - lesson 4: the Play widget's "Coach" toggle, from off to the coach of the
    learner's seat on screen, and back;

* with ``--profile``, each lesson's **slowest cells** as the kernel ran them
  (wall seconds, and the kernel's CPU seconds, which a busy machine inflates
  far less): where a slow lesson spends its time.

Targets (issue 23, item 18): every Run All under 5 s, every redraw under
250 ms on the 2-core machine. Figures only, nothing is asserted (timings
are noisy while other work runs: compare runs made one after the other)::

    python benchmarks/lesson_speed.py [--repeats 5] [--lessons 03 04] [--profile]
    PYTHONPATH=/other python benchmarks/lesson_speed.py --notebooks /other/notebooks

The kernel imports ``prohis_nb`` from ``PYTHONPATH`` (this checkout by
default) and the lessons come from ``--notebooks``, so the same script
measures another checkout.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from functools import partial
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))  # the tests' helpers package

from helpers.browser import NOTEBOOKS, LabServer, launch_chromium, run_all_cells  # noqa: E402

RUN_ALL_TARGET_S = 5.0
REDRAW_TARGET_MS = 250.0

#: In the page: arm a watch on ``root`` (a CSS selector and index); the next input event
#: starts the clock; ``done()`` resolves once the kernel went busy and idle again and the
#: page settled, with the time of the last change under ``root`` (pictures decoded).
WATCH = """
([css, index]) => {
  const root = document.querySelectorAll(css)[index];
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const frame = () => new Promise(r => requestAnimationFrame(() => r()));
  const state = {t0: null, last: -1, decoding: [], busy: false};
  const start = () => { if (state.t0 === null) state.t0 = performance.now(); };
  document.addEventListener('pointerdown', start, true);
  document.addEventListener('keydown', start, true);
  document.addEventListener('change', start, true);
  const observer = new MutationObserver(records => {
    if (state.t0 === null) return;
    const now = performance.now();
    state.last = now;
    for (const r of records) for (const node of r.addedNodes || []) {
      const images = node.nodeType === 1 ? [...node.querySelectorAll('img'),
        ...(node.tagName === 'IMG' ? [node] : [])] : [];
      for (const img of images) {
        state.decoding.push(img.decode().then(() => performance.now(), () => now));
      }
    }
  });
  observer.observe(root, {subtree: true, childList: true, characterData: true, attributes: true});
  window.pnbWatch = new Promise(resolve => {
    const seen = (_k, status) => {
      if (state.t0 === null) return;
      if (status === 'busy') state.busy = true;
      if (status === 'idle' && state.busy) { kernel.statusChanged.disconnect(seen); resolve(); }
    };
    kernel.statusChanged.connect(seen);
  }).then(async () => {
    for (let i = 0; i < 3; i++) await frame();
    const decoded = await Promise.all(state.decoding);
    observer.disconnect();
    document.removeEventListener('pointerdown', start, true);
    document.removeEventListener('keydown', start, true);
    document.removeEventListener('change', start, true);
    return Math.max(state.last, ...decoded) - state.t0;
  });
}
"""


def timed(page, root: tuple[str, int], act) -> float:
    """Milliseconds from ``act()``'s input event to the last change under ``root``."""
    page.wait_for_function(
        "() => window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.status"
        " === 'idle'"
    )
    page.evaluate(WATCH, list(root))
    act()
    return page.evaluate("async () => await window.pnbWatch")


def heat_map_dropdown(page, repeats: int) -> list[float]:
    """Lesson 3: the heat map's "Controller card" picker, inspector and back."""
    box = page.locator(".widget-interact").first
    picker = box.locator("select").first
    times = []
    for i in range(repeats):
        card = "inspector" if i % 2 == 0 else "captain"
        times.append(timed(page, (".widget-interact", 0), lambda c=card: picker.select_option(c)))
    return times


def coach_toggle(page, repeats: int) -> tuple[list[float], list[float]]:
    """Lesson 4: the Play widget's Coach toggle: open (to the coach on screen) and close."""
    play = page.locator(".pnb-play").first
    toggle = play.get_by_role("button", name="Coach")
    opened, closed = [], []
    for _ in range(repeats):
        opened.append(timed(page, (".pnb-play", 0), toggle.click))
        closed.append(timed(page, (".pnb-play", 0), toggle.click))
    return opened, closed


def explorer_slider(page, repeats: int) -> list[float]:
    """Lesson 4: the explorer's "Bribe: legal goods" slider, one step right and back."""
    explorer = page.locator(".pnb-explorer").first
    handle = explorer.locator(".widget-slider", has_text="Bribe: legal goods").locator(
        ".noUi-handle"
    )
    times = []
    for i in range(repeats):
        handle.focus()
        key = "ArrowRight" if i % 2 == 0 else "ArrowLeft"
        times.append(timed(page, (".pnb-explorer", 0), lambda k=key: page.keyboard.press(k)))
    return times


#: In the kernel, before Run All: time every cell the kernel runs (IPython's events).
PROFILE_HOOKS = """
import time as _pnb_time
_pnb_cells = []
def _pnb_pre(info):
    _pnb_cells.append([_pnb_time.perf_counter(), _pnb_time.process_time()])
def _pnb_post(result):
    if _pnb_cells and len(_pnb_cells[-1]) == 2:
        wall, cpu = _pnb_cells[-1]
        _pnb_cells[-1] = [_pnb_time.perf_counter() - wall, _pnb_time.process_time() - cpu, 0]
get_ipython().events.register("pre_run_cell", _pnb_pre)
get_ipython().events.register("post_run_cell", _pnb_post)
"""

#: In the page: run ``code`` in the lesson's kernel (not in a cell); its printed text.
KERNEL_RUN = """
async (code) => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const future = kernel.requestExecute({code, silent: false, store_history: false});
  let text = '';
  future.onIOPub = msg => { if (msg.header.msg_type === 'stream') text += msg.content.text; };
  await future.done;
  return text;
}
"""


def cell_profile(page, name: str, notebooks: Path, top: int = 4) -> str:
    """The lesson's slowest code cells in the kernel's run: '#index wall s (CPU s)'."""
    import json

    text = page.evaluate(KERNEL_RUN, "import json; print(json.dumps(_pnb_cells))")
    timed_cells = [c for c in json.loads(text) if len(c) == 3]
    cells = json.loads((notebooks / name).read_text(encoding="utf-8"))["cells"]
    code = [i for i, c in enumerate(cells) if c["cell_type"] == "code"]
    rows = sorted(zip(code, timed_cells, strict=False), key=lambda r: -r[1][0])[:top]
    wall = sum(c[0] for c in timed_cells)
    cpu = sum(c[1] for c in timed_cells)
    return f"{name[:2]} kernel: cells {wall:.1f} s wall, {cpu:.1f} s CPU; slowest: " + ", ".join(
        f"#{i} {w:.2f} s ({c:.2f} s CPU)" for i, (w, c, _) in rows
    )


def line(name: str, values: list[float], target: float, unit: str) -> str:
    median = statistics.median(values)
    verdict = "meets" if median < target else "MISSES"
    return (
        f"{name:<44} median {median:8.1f} {unit}   worst {max(values):8.1f} {unit}"
        f"   n={len(values):<3} target < {target:g} {unit}: {verdict}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5, help="redraws measured per control")
    parser.add_argument(
        "--lessons", nargs="*", default=None, help="lesson numbers (default: every lesson)"
    )
    parser.add_argument(
        "--notebooks", type=Path, default=NOTEBOOKS, help="the lessons' folder (another checkout's)"
    )
    parser.add_argument(
        "--profile", action="store_true", help="also print each lesson's slowest cells"
    )
    args = parser.parse_args()
    os.environ.setdefault("PYTHONPATH", str(REPO))
    from playwright.sync_api import sync_playwright

    lessons = sorted(p.name for p in args.notebooks.glob("[0-9][0-9]_*.ipynb"))
    if args.lessons:
        lessons = [n for n in lessons if n[:2] in {f"{int(x):02d}" for x in args.lessons}]
    with tempfile.TemporaryDirectory() as tmp:
        lab = LabServer(Path(tmp), args.notebooks)
        try:
            lab.start()
            with sync_playwright() as playwright:
                browser = launch_chromium(playwright)
                try:
                    print(f"prohis_nb from {os.environ['PYTHONPATH']}; {os.cpu_count()} cores")
                    rows: list[str] = []
                    profiles: list[str] = []
                    for name in lessons:
                        context = browser.new_context(viewport={"width": 1280, "height": 1000})
                        context.set_default_timeout(300_000)
                        page = context.new_page()
                        before = (
                            partial(page.evaluate, KERNEL_RUN, PROFILE_HOOKS)
                            if args.profile
                            else None
                        )
                        seconds = run_all_cells(page, lab, name, timeout_ms=600_000, before=before)
                        print(line(f"{name[:2]} Run All", [seconds], RUN_ALL_TARGET_S, "s"),
                              flush=True)  # fmt: skip
                        if name.startswith("03"):
                            rows.append(line("03 heat map: Controller card dropdown",
                                             heat_map_dropdown(page, args.repeats),
                                             REDRAW_TARGET_MS, "ms"))  # fmt: skip
                        if args.profile:
                            profiles.append(cell_profile(page, name, args.notebooks))
                        if name.startswith("04"):
                            rows.append(line("04 explorer: bribe slider, one step",
                                             explorer_slider(page, args.repeats),
                                             REDRAW_TARGET_MS, "ms"))  # fmt: skip
                            opened, closed = coach_toggle(page, args.repeats)
                            rows.append(line("04 Play: Coach toggle, opening", opened,
                                             REDRAW_TARGET_MS, "ms"))  # fmt: skip
                            rows.append(line("04 Play: Coach toggle, closing", closed,
                                             REDRAW_TARGET_MS, "ms"))  # fmt: skip
                        page.evaluate(  # one kernel at a time on the 2-core machine
                            "async () => await window.jupyterapp.shell.currentWidget"
                            ".sessionContext.shutdown()"
                        )
                        context.close()
                    for row in rows + profiles:
                        print(row)
                finally:
                    browser.close()
        finally:
            lab.stop()


if __name__ == "__main__":
    main()
