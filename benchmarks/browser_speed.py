"""How fast do the widgets follow a finger? From the input event to the new picture, in Chromium.

Starts a private JupyterLab (``tests/helpers/browser.py``: the same
server and Debian Chromium the browser tests use), runs a scratch notebook
holding an :class:`~prohis_nb.widgets.Explorer`, a
:class:`~prohis_nb.widgets.customs.CustomsExplorer`, a
:class:`~prohis_nb.widgets.Play` of each game (bots answering at once, ``delay=0``) and a
:class:`~prohis_nb.widgets.Stepper`, then moves each control the way a
learner does (a slider one step with the arrow keys, a button clicked) and
times, in the page with ``performance.now()``:

* **start**: the input event (``keydown`` / ``pointerdown``, captured on the
  document before the widget sees it);
* **end**: the last change of what the move redraws, once the kernel is idle
  again: the explorer's picture (an ``<img>``'s new ``src`` decoded, or the
  SVG chart replaced); the table for Play and the Stepper.

Each move is measured ``--repeats`` times (back and forth). The table gives
the median and the worst of **picture** (the new picture or table on the
page: what the targets are about), of **all** (the picture and everything
else the move redraws: the explorers' sentences, Play's buttons), and the
median time at which the kernel said it was idle (its Python work done).
Targets (issue 15): a slider under 100 ms median, Play's action button and
the Stepper under 50 ms. The last row, **floor**, is a button setting one
line of HTML with no prohis_nb code: the round trip through the kernel and
the page on this machine, below which no widget can answer. Figures only:
nothing is asserted. The kernel
imports ``prohis_nb`` from ``PYTHONPATH`` (the worktree by default), so the
same script measures another checkout::

    PYTHONPATH=$PWD python benchmarks/browser_speed.py [--repeats 15] [--only buttons]
    PYTHONPATH=/path/to/other/checkout python benchmarks/browser_speed.py

**Why a move's time is two-valued.** The last columns say where the time
goes: **busy**, the median time at which the kernel's "busy" (sent as soon as
it reads the move, before any prohis_nb code runs) reached the page, about
12 ms on a local server; and **held**, the moves whose first message after
"busy" reached the page more than ``HELD_MS`` later, with the picture's median
for the moves not held and for those held. The kernel sends all of a move's
messages within a few ms (their headers' timestamps say so), but jupyter_server
by default writes to the browser's websocket with Nagle's algorithm on (it
never calls tornado's ``set_nodelay``): after "busy", the next messages wait in
the server's socket until Chromium acknowledges "busy", and Linux delays that
acknowledgement by up to 40 ms, in about every other move (its delayed-ACK
"ping-pong" mode). A held move, even the floor's one line of HTML, lands
about 35 ms later than one not held; nothing in the kernel can avoid it. The
lessons' server (``make lab``, Binder, the browser tests: see
``prohis_nb/labserver.py``) turns ``TCP_NODELAY`` on, and so does this script
by default; ``--stock-server`` measures jupyter_server's default instead, to
show the hold.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))  # the tests' helpers package

from helpers.browser import LabServer, launch_chromium, run_all_cells  # noqa: E402

NOTEBOOK = "browser_speed.ipynb"
SLIDER_TARGET_MS = 100.0
BUTTON_TARGET_MS = 50.0

#: The scratch notebook: one widget per cell, each in a div the script can find.
CELLS = [
    "import prohis_nb\n"
    "from prohis_nb.cli import random_game\n"
    "from prohis_nb import ProhisGame, ProhisRules\n"
    "from prohis_nb.widgets import Explorer, Play, Stepper\n"
    "from prohis_nb.widgets.customs import CustomsExplorer\n"
    "print(prohis_nb.__file__)",
    'Explorer(card="captain", convoy_size=3, illegal=1, bribe_legal=1)',
    'CustomsExplorer(item="watch", count=2, search=0.2)',
    'Play(seat=0, opponents="random", seed=7, delay=0, coach=False)',
    'Play(game_name="smuggle", seat=0, opponents="random", seed=7, delay=0, coach=False)',
    "Stepper(random_game(ProhisGame, ProhisRules(players=4), seed=3).record(), seat=0,"
    " coach=False)",
    # The floor: a button that sets one line of HTML (no prohis_nb code at all).
    "import ipywidgets as widgets\n"
    "floor_button, floor_text = widgets.Button(description='Floor'), widgets.HTML('0')\n"
    "def _floor(_b):\n"
    "    floor_text.value = str(int(floor_text.value) + 1)\n"
    "floor_button.on_click(_floor)\n"
    "widgets.VBox([floor_button, floor_text]).add_class('pnb-floor')",
]

#: In-page helpers. ``arm`` starts watching groups of elements (CSS selectors
#: under ``root``); the next input event starts the clock; ``done`` resolves
#: once the kernel went busy and idle again and the page settled, with, for
#: each group, the time of its last change (an image counts when its new
#: source is decoded).
SCRIPT = """
() => {
  const kernel = () => window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const frame = () => new Promise(r => requestAnimationFrame(() => r()));
  window.pnbBench = {
    arm(root, groups) {
      const rootEl = document.querySelectorAll(root.css)[root.index];
      const state = {t0: null, busy: false, last: {}, images: {}, changes: 0};
      const onInput = () => { if (state.t0 === null) state.t0 = performance.now(); };
      document.addEventListener('keydown', onInput, true);
      document.addEventListener('pointerdown', onInput, true);
      const observers = [];
      let watched = 0;
      for (const [group, targets] of Object.entries(groups)) {
        state.images[group] = [];
        // an HTML widget replaces its content: watch the widget, not the element inside it
        const els = [...new Set(targets.flatMap(css => [...rootEl.querySelectorAll(css)])
          .map(el => el.closest('.widget-html') || el))];
        watched += els.length;
        const observer = new MutationObserver(records => {
          if (state.t0 === null) return;
          const now = performance.now();
          for (const r of records) {
            const el = r.target.nodeType === 1 ? r.target : r.target.parentElement;
            if (el && el.tagName === 'IMG' && r.attributeName === 'src') {
              state.images[group].push(el.decode().then(() => performance.now(), () => now));
            } else {
              state.last[group] = now;
            }
            state.changes += 1;
          }
        });
        for (const el of els) {
          observer.observe(el, {subtree: true, childList: true, characterData: true,
                                attributes: true, attributeFilter: ['src', 'style', 'class']});
        }
        observers.push(observer);
      }
      const k = kernel();
      // When the kernel's "busy" reached the page, and its first message after it.
      const onMessage = (_k, m) => {
        if (state.t0 === null || m.direction !== 'recv') return;
        const type = m.msg.header.msg_type;
        if (type === 'status' && m.msg.content.execution_state === 'busy') {
          if (state.busyAt === undefined) state.busyAt = performance.now();
        } else if (type !== 'status' && state.busyAt !== undefined && state.firstAt === undefined) {
          state.firstAt = performance.now();
        }
      };
      k.anyMessage.connect(onMessage);
      state.done = new Promise(resolve => {
        const onStatus = (_k, status) => {
          if (state.t0 === null) return;
          if (status === 'busy') state.busy = true;
          if (status === 'idle' && state.busy) {
            state.idle = performance.now();
            k.statusChanged.disconnect(onStatus);
            resolve();
          }
        };
        k.statusChanged.connect(onStatus);
      }).then(async () => {
        for (let i = 0; i < 3; i++) await frame();  // let the widget views apply the state
        k.anyMessage.disconnect(onMessage);
        const result = {changes: state.changes, kernel: state.idle - state.t0,
                        busy: state.busyAt - state.t0,
                        held: state.firstAt === undefined ? null : state.firstAt - state.busyAt};
        for (const group of Object.keys(groups)) {
          const decoded = await Promise.all(state.images[group]);
          const last = Math.max(state.last[group] ?? -1, ...decoded);
          result[group] = last < 0 ? null : last - state.t0;
        }
        observers.forEach(o => o.disconnect());
        document.removeEventListener('keydown', onInput, true);
        document.removeEventListener('pointerdown', onInput, true);
        return result;
      });
      this.state = state;
      return watched;
    },
    async done() { return await this.state.done; },
    idle() { return kernel().status === 'idle'; },
  };
}
"""


def write_notebook(folder: Path) -> None:
    cells = [
        {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": s}
        for s in CELLS
    ]
    notebook = {
        "cells": cells,
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    (folder / NOTEBOOK).write_text(json.dumps(notebook))


def measure(page, root: dict, groups: dict[str, list[str]], act) -> dict:
    """One move: arm the watchers, ``act()`` (the input), wait for the page to settle.

    ``groups``: name -> CSS selectors under ``root``; the result holds, for
    each group, the milliseconds from the input to its last change (None: unchanged).
    """
    page.wait_for_function("() => window.pnbBench.idle()")
    watched = page.evaluate("([r, g]) => window.pnbBench.arm(r, g)", [root, groups])
    if not watched:
        raise RuntimeError(f"nothing to watch under {root} for {groups}")
    act()
    return page.evaluate("async () => await window.pnbBench.done()")


#: What an explorer redraws: the picture (a PNG ``img`` before, an SVG chart now) and all.
EXPLORER = {"picture": ["img", ".pnb-chart"], "all": ["img", ".pnb-chart", ".pnb-explain"]}
#: What Play and the Stepper redraw: the table (and all: the action buttons too).
TABLE = {"picture": [".pnb-table-widget"], "all": [".pnb-table-widget", ".pnb-actions"]}


class Row:
    """One line of the table: the moves' times to the new picture and to the last change."""

    def __init__(self, name: str, target: float) -> None:
        self.name, self.target = name, target
        self.picture: list[float] = []
        self.all: list[float] = []
        self.kernel: list[float] = []
        self.busy: list[float] = []
        self.held: list[bool] = []

    def add(self, result: dict) -> None:
        if result["picture"] is None:
            raise RuntimeError(f"{self.name}: the move did not change the picture")
        self.picture.append(result["picture"])
        self.all.append(max(result["picture"], result["all"] or 0))
        self.kernel.append(result["kernel"])
        self.busy.append(result["busy"])
        self.held.append((result["held"] or 0) > HELD_MS)

    def line(self) -> str:
        median = statistics.median(self.picture)
        verdict = "meets" if median < self.target else "MISSES"
        free = [p for p, h in zip(self.picture, self.held, strict=True) if not h]
        held = [p for p, h in zip(self.picture, self.held, strict=True) if h]
        return (
            f"{self.name:<40} {median:7.1f} {max(self.picture):7.1f}   "
            f"{statistics.median(self.all):7.1f} {max(self.all):7.1f} "
            f"{statistics.median(self.kernel):7.1f} {len(self.picture):4d}"
            f"   < {self.target:3.0f} ms {verdict}"
            f"   {statistics.median(self.busy):5.1f} {sum(self.held):3d}/{len(self.held):<3d}"
            f" {_median(free):7} {_median(held):7}"
        )


def _median(values: list[float]) -> str:
    return f"{statistics.median(values):.1f}" if values else "-"


#: A move counts as *held* when the kernel's first message after its "busy"
#: reached the page more than this many ms after the "busy" (see the module docstring).
HELD_MS = 20.0

HEADER = (
    f"{'move (Chromium, ms from the input event)':<40} {'picture':>7} {'':>7}   "
    f"{'all':>7} {'':>7} {'kernel':>7}{'':<30}{'busy':>5} {'held':>7}"
    f" {'picture median':>15}\n{'':<40} {'median':>7} {'worst':>7}   {'median':>7} "
    f"{'worst':>7} {'idle':>7} {'n':>4}   target (median, picture)"
    f"   {'median':>5} {'moves':>7} {'not held':>7} {'held':>7}"
)


def slider_moves(page, root: dict, label: str, repeats: int, row: Row, groups: dict) -> Row:
    """Move the slider labelled ``label`` one step right, then back, ``repeats`` times."""
    container = page.locator(root["css"]).nth(root["index"])
    handle = container.locator(".widget-slider", has_text=label).locator(".noUi-handle").first
    for i in range(repeats):
        key = "ArrowRight" if i % 2 == 0 else "ArrowLeft"
        row.add(measure(page, root, groups, lambda k=key: handle.press(k)))
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=15)
    parser.add_argument(
        "--stock-server",
        action="store_true",
        help="serve with jupyter_server's default websockets (Nagle's algorithm on) instead of "
        "the lessons' server (TCP_NODELAY, as make lab): shows the delayed-ACK hold",
    )
    parser.add_argument(
        "--only",
        choices=["all", "buttons"],
        default="all",
        help="buttons: Play, the Stepper and the floor only (no explorer sliders)",
    )
    args = parser.parse_args()
    os.environ.setdefault("PYTHONPATH", str(REPO))
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        lab = LabServer(Path(tmp), prompt_websockets=not args.stock_server)
        write_notebook(lab.root)
        try:
            lab.start()
            with sync_playwright() as playwright:
                browser = launch_chromium(playwright)
                try:
                    context = browser.new_context(viewport={"width": 1280, "height": 1000})
                    context.set_default_timeout(120_000)
                    page = context.new_page()
                    run_all_cells(page, lab, NOTEBOOK, timeout_ms=300_000)
                    source = page.locator(".jp-OutputArea-output pre").first.inner_text()
                    print(f"kernel imports {source.strip()}")
                    if args.stock_server:
                        print("jupyter_server's default websockets (--stock-server: Nagle on)")
                    else:
                        print("the lessons' server: websockets with TCP_NODELAY, as make lab")
                    page.evaluate(SCRIPT)
                    print(HEADER)
                    for row in measure_all(page, args.repeats, args.only == "buttons"):
                        print(row.line(), flush=True)

                finally:
                    browser.close()
        finally:
            lab.stop()


def measure_all(page, repeats: int, buttons_only: bool = False) -> Iterator[Row]:
    """Every row of the table, one at a time (printed as it is measured)."""
    explorer = {"css": ".pnb-explorer", "index": 0}
    for label in (
        ()
        if buttons_only
        else (
            "Cards in the convoy",
            "Bribe: legal goods",
            "Bribe: illegal goods",
            "Unseen legal goods",
            "Unseen illegal goods",
            "Unseen lieutenants",
            "Unseen captains",
            "Unseen inspectors",
        )
    ):
        row = Row(f"explorer: {label}", SLIDER_TARGET_MS)
        yield slider_moves(page, explorer, label, repeats, row, EXPLORER)
    # The convoy's contents change the sentences only (the picture does not depend on them).
    for label in () if buttons_only else ("Illegal goods in it", "Lieutenants in it"):
        row = Row(f"explorer: {label} (words)", SLIDER_TARGET_MS)
        words = {"picture": [".pnb-explain"], "all": EXPLORER["all"]}
        yield slider_moves(page, explorer, label, repeats, row, words)
    customs = {"css": ".pnb-customs-explorer", "index": 0}
    for label in () if buttons_only else ("How many", "search rate", "Informer"):
        row = Row(f"customs explorer: {label}", SLIDER_TARGET_MS)
        yield slider_moves(page, customs, label, repeats, row, EXPLORER)
    yield play_moves(page, repeats, 0, "play: action button -> table")
    yield play_moves(page, repeats, 1, "play (Smuggle): action button -> table")
    stepper = {"css": ".pnb-stepper", "index": 0}
    box = page.locator(".pnb-stepper").first
    for name, tooltip in (("forward", "One decision forward"), ("back", "One decision back")):
        row = Row(f"stepper: {name} button -> table", BUTTON_TARGET_MS)
        button = box.locator(f"button[title='{tooltip}']")
        for _ in range(repeats):
            row.add(measure(page, stepper, TABLE, button.click))
        yield row
    row = Row("stepper: slider -> table", BUTTON_TARGET_MS)
    yield slider_moves(page, stepper, "Step", repeats, row, TABLE)
    floor = {"css": ".pnb-floor", "index": 0}
    row = Row("floor: a button setting one HTML line", BUTTON_TARGET_MS)
    button = page.locator(".pnb-floor button").first
    html = {"picture": [".widget-html"], "all": [".widget-html"]}
    for _ in range(repeats):
        row.add(measure(page, floor, html, button.click))
    yield row


def play_moves(page, repeats: int, index: int, name: str) -> Row:
    """Take a decision in the Play widget; the bots answer; the table is new.

    The decision is the first enabled action button; where the decision is
    made with a composer (cards picked one by one), cards are picked first
    and the timed press is the composer's send button.
    """
    root = {"css": ".pnb-play", "index": index}
    play = page.locator(".pnb-play").nth(index)
    row = Row(name, BUTTON_TARGET_MS)
    while len(row.picture) < repeats:
        kind = page.evaluate(MARK_DECISION, index)
        if kind is None:
            break  # the game ended
        if kind == "pick":
            play.locator("[data-pnb-bench='pick']").click()
            continue
        row.add(measure(page, root, TABLE, play.locator("[data-pnb-bench='decide']").click))
    return row


#: Marks the next button to press in the Play widget: an enabled action button
#: ("decide"), else a composer's enabled send button ("decide"), else a card to
#: pick in the composer ("pick"); None when there is nothing to press.
MARK_DECISION = """
(index) => {
  const panel = document.querySelectorAll('.pnb-play')[index].querySelector('.pnb-actions');
  panel.querySelectorAll('[data-pnb-bench]').forEach(b => b.removeAttribute('data-pnb-bench'));
  const enabled = [...panel.querySelectorAll('button')].filter(b => !b.disabled);
  const composer = b => b.closest('[class*="pnb-composer"]');
  const plain = enabled.find(b => !composer(b));
  const send = enabled.find(b => composer(b) && b.classList.contains('mod-primary'));
  const card = enabled.find(b => composer(b) && !b.classList.contains('mod-primary')
                                 && b.textContent.trim() !== 'Clear');
  const choice = plain || send || card;
  if (!choice) return null;
  choice.setAttribute('data-pnb-bench', choice === card ? 'pick' : 'decide');
  return choice === card ? 'pick' : 'decide';
}
"""


if __name__ == "__main__":
    main()
