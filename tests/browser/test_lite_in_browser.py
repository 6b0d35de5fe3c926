"""The lessons in JupyterLite (Python in the browser), with the network cut off.

The site is built once per session by ``lite/build_site.py`` (what ``make lite``
runs) into a temporary folder and served from 127.0.0.1. Nothing else can be
reached: Chromium resolves no other host name, and Playwright's routes note and
abort every other request of the page and of its kernel's Web Worker. So what
passes here runs offline: the Pyodide runtime, the kernel, ``%pip
install prohis_nb ipywidgets`` through piplite, the engine, and the Table,
Stepper, Play and HotSeat widgets of lessons 1 and 2. What the page shows is
compared with the same code run here by CPython.

Lessons 3 to 12 need numpy, matplotlib, scipy: Pyodide's compiled packages,
which the site loads from the Pyodide CDN. This machine cannot reach it; the
test checks that they are asked for there, and nothing more.

The first build downloads the Pyodide runtime (npm) and a few wheels (PyPI)
into ``build/lite-cache``; later builds only rebuild the site.
"""

from __future__ import annotations

import functools
import hashlib
import html
import http.server
import json
import os
import re
import subprocess
import sys
import threading
import time
import zipfile
from pathlib import Path
from typing import Any

import pytest
from helpers.browser import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, REPO, run_all_cells
from playwright.sync_api import expect

import prohis_nb
from prohis_nb.bots import make_bot, play_game
from prohis_nb.widgets import HotSeat, Play

pytestmark = pytest.mark.browser

BUILD_SCRIPT = REPO / "lite" / "build_site.py"
CACHE = REPO / "build" / "lite-cache"
#: Booting Pyodide in a Web Worker on a busy 2-core machine has taken over a minute.
KERNEL_START_MS = 300_000


def kinds(locator) -> list[str]:
    """The data-kind of every card under ``locator``, in page order."""
    return locator.locator(".pnb-card").evaluate_all("cards => cards.map(c => c.dataset.kind)")


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the types module workers and WebAssembly need."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
    }

    def log_message(self, *args) -> None:  # quiet
        pass


class LiteSite:
    """A built JupyterLite site served on a free 127.0.0.1 port."""

    def __init__(self, root: Path) -> None:
        self.root = root
        handler = functools.partial(Handler, directory=str(root))
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def notebook_url(self, name: str) -> str:
        return f"{self.url}/lab/index.html?path={name}"

    def is_local(self, url: str) -> bool:
        return url == self.url or url.startswith(self.url + "/")

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(scope="session")
def lite_site(tmp_path_factory):
    output = tmp_path_factory.mktemp("lite") / "site"
    started = time.perf_counter()
    built = subprocess.run(
        [sys.executable, str(BUILD_SCRIPT), "--output", str(output), "--cache", str(CACHE)],
        capture_output=True,
        text=True,
    )
    if built.returncode:
        pytest.fail(
            "lite/build_site.py failed (the first build needs npm and PyPI to fill "
            f"{CACHE}):\n{built.stdout[-3000:]}\n{built.stderr[-3000:]}"
        )
    print(f"\nJupyterLite site built in {time.perf_counter() - started:.0f} s")
    # Let the test reach JupyterLab's application object (as the JupyterLab tests do
    # with --LabApp.expose_app_in_browser); the site `make lite` builds does not.
    config = output / "jupyter-lite.json"
    data = json.loads(config.read_text())
    data["jupyter-config-data"]["exposeAppInBrowser"] = True
    config.write_text(json.dumps(data))
    site = LiteSite(output)
    try:
        yield site
    finally:
        site.stop()


#: Chromium resolves no host name but 127.0.0.1: nothing reaches the network, whatever
#: asks (the page, the kernel's Web Worker, JupyterLite's service worker).
NO_DNS = "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"


class Offline:
    """A browser context that reaches only the site; ``asked`` lists every other URL asked for.

    Playwright's routes see the requests of the page and of the kernel's Web Worker
    (they are noted, then aborted); the Chromium it runs in resolves no other host.
    """

    def __init__(self, browser, site: LiteSite) -> None:
        self.site = site
        self.asked: list[str] = []
        self.context = browser.new_context(viewport={"width": 1280, "height": 1000})
        self.context.set_default_timeout(60_000)
        self.context.route("**/*", self._only_the_site)

    def _only_the_site(self, route) -> None:
        if self.site.is_local(route.request.url):
            route.continue_()
        else:
            self.asked.append(route.request.url)
            route.abort("internetdisconnected")


@pytest.fixture(scope="module")
def offline_chromium():
    """Chromium resolving no host name but 127.0.0.1."""
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"Chromium is not installed at {CHROMIUM}: run `make browser`")
    from playwright.sync_api import sync_playwright

    expect.set_options(timeout=30_000)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, NO_DNS], headless=True
        )
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def offline(offline_chromium, lite_site):
    """A fresh offline context for each test: JupyterLite keeps its workspace in the
    browser's storage, and a context shared with an earlier test would reopen that
    test's notebook (and start its kernel) beside this one's."""
    offline = Offline(offline_chromium, lite_site)
    try:
        yield offline
    finally:
        offline.context.close()


@pytest.fixture
def lite_page(offline):
    ARTIFACTS.mkdir(exist_ok=True)
    return offline.context.new_page()


def text_of(fragment: str) -> str:
    """The text of an HTML fragment, as a browser shows it (tags dropped, entities read)."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", fragment)).split())


def log_lines(play: Play) -> list[str]:
    """The lines of the log in the table of ``play`` (a widget made here by CPython)."""
    items = re.findall(r"<li[^>]*>(.*?)</li>", play.table.board.value, flags=re.S)
    return [text_of(item) for item in items]


def run_in_kernel(page, code: str) -> str:
    """Run ``code`` in the open notebook's kernel; its printed text (and any error)."""
    return page.evaluate(
        """async (code) => {
            const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
            const out = [];
            const future = kernel.requestExecute({code});
            future.onIOPub = (msg) => {
                if (msg.header.msg_type === 'stream') out.push(msg.content.text);
                if (msg.header.msg_type === 'error')
                    out.push(msg.content.ename + ': ' + msg.content.evalue);
            };
            await future.done;
            return out.join('');
        }""",
        code,
    )


def assert_seat_view(table, view) -> None:
    """The table shows ``view``'s own hand face up, other hands only as far as it knows them."""
    for info in view.seats:
        hand = kinds(table.locator(f".pnb-seat[data-seat='{info.seat}'] .pnb-hand"))
        if info.seat == view.seat:
            assert hand == list(view.hand)
        else:
            assert sorted(k for k in hand if k != "hidden") == sorted(info.known_in_hand)
            assert len(hand) == info.hand_size


def lesson_seed(page, widget: str) -> int:
    """The seed of the lesson's one ``widget`` (``"Play"`` or ``"HotSeat"``), read in its kernel.

    A game a learner plays is a fresh deal (no seed in the lesson, docs/teaching.md),
    so the test asks the kernel which seed it drew, to play the same game alongside.
    """
    code = (
        "import gc\n"
        "print(*[o.game.setup['seed'] for o in gc.get_objects()"
        f" if type(o).__name__ == {widget!r}])"
    )
    seeds = run_in_kernel(page, code).split()
    assert len(seeds) == 1, seeds
    return int(seeds[0])


def simple_move(expected: Play, seat: int) -> tuple[Any, str]:
    """A move one button makes (Pass at a turn, Decline at a control), and that button's name.

    The lessons' games are fresh deals, so the first decision may be either.
    """
    view = expected.game.view(seat).to_json()
    move = next(a for a in expected.game.legal_actions() if a.act in ("pass", "decline"))
    return move, expected.renderer.action_label(move, view)


def check_hot_seat(hot_seat, expected: HotSeat) -> None:
    """The curtain names the seat to act; confirming shows its cards; after a pass, none.

    ``expected`` is the lesson's widget made here by CPython: it is played alongside.
    """
    seat = expected.game.to_act
    # a fresh deal: the bots may play several moves first, each shown `delay` seconds apart
    expect(hot_seat).to_contain_text(text_of(expected.status.value), timeout=60_000)
    expect(hot_seat).to_contain_text(f"Waiting for seat {seat}")
    assert kinds(hot_seat) == []  # behind the curtain, no card at all is in the page
    hot_seat.get_by_role("button", name=f"I am seat {seat}: show my cards").click()
    expected.reveal()
    expect(hot_seat.locator(".pnb-table")).to_have_attribute("data-viewer", str(seat))
    expect(hot_seat).to_contain_text(text_of(expected.status.value))
    assert_seat_view(hot_seat, expected.game.view(seat))
    hot_seat.screenshot(path=ARTIFACTS / f"lite-hotseat-seat{seat}.png")
    move, label = simple_move(expected, seat)
    hot_seat.get_by_role("button", name=label, exact=True).click()
    expected.act(move)
    # the next person's curtain (after the bots' moves), and no card left in the page
    assert expected.game.to_act != seat
    expect(hot_seat).to_contain_text(text_of(expected.status.value), timeout=60_000)
    expect(hot_seat).to_contain_text(f"Waiting for seat {expected.game.to_act}")
    expect(hot_seat.locator(".pnb-card")).to_have_count(0)


def test_the_site_serves_pyodide_and_the_kernel_wheels_itself(lite_site):
    """The lock file points at local files for the kernel, at the CDN for the rest."""
    runtime = lite_site.root / "static" / "pyodide"
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"):
        assert (runtime / name).is_file(), name
    config = json.loads((lite_site.root / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    version = json.loads((runtime / "package.json").read_text())["version"]  # npm's
    npm_lock = json.loads((CACHE / f"pyodide-{version}" / "pyodide-lock.json").read_text())
    lock = json.loads((runtime / "pyodide-lock.json").read_text())
    cdn = f"https://cdn.jsdelivr.net/pyodide/v{version}/full/"
    local = set()
    for name, package in lock["packages"].items():
        original = npm_lock["packages"][name]
        if package["file_name"].startswith("https://"):
            assert package["file_name"] == cdn + original["file_name"]
            assert package["sha256"] == original["sha256"]
        else:
            wheel = runtime / package["file_name"]
            assert hashlib.sha256(wheel.read_bytes()).hexdigest() == package["sha256"]
            local.add(name)
    assert {"micropip", "packaging", "ipython", "jedi", "traitlets"} <= local
    assert {"numpy", "matplotlib", "scipy"}.isdisjoint(local)

    index = json.loads((lite_site.root / "pypi" / "all.json").read_text())
    assert {"prohis-nb", "ipywidgets", "jupyterlab-widgets", "comm"} <= set(index)
    # the engine's wheel is this checkout's code
    wheel = next((lite_site.root / "pypi").glob("prohis_nb-*.whl"))
    with zipfile.ZipFile(wheel) as archive:
        packed = archive.read("prohis_nb/prohis/rules.py")
    assert packed == (REPO / "prohis_nb" / "prohis" / "rules.py").read_bytes()


def test_lesson_1_offline_engine_table_stepper_play_hot_seat(lite_page, lite_site, offline):
    page = lite_page
    name = "01_the_game_and_a_first_round.ipynb"
    opened = time.perf_counter()
    seconds = run_all_cells(page, lite_site, name, timeout_ms=KERNEL_START_MS)
    started = time.perf_counter() - opened - seconds
    print(f"\nlesson 1 in JupyterLite: page and kernel {started:.0f} s, Run All {seconds:.1f} s")
    where = run_in_kernel(page, "import sys, prohis_nb; print(sys.platform, prohis_nb.__file__)")
    assert where.startswith("emscripten ") and "site-packages/prohis_nb" in where, where

    # The table of a fresh game, from the seat to act (CPython deals the same game).
    game = prohis_nb.Game(players=4, seed=13)
    table = page.locator(".pnb-table-widget").first
    expect(table.locator(".pnb-table")).to_have_attribute("data-viewer", str(game.to_act))
    assert_seat_view(table, game.view(game.to_act))
    table.screenshot(path=ARTIFACTS / "lite-lesson01-table.png")

    # The first round the bots play, and its stepper.
    bots = [make_bot(name, seed=seat) for seat, name in enumerate(["honest", "bluff"] * 2)]
    turns = 0
    while True:
        if game.decision.kind == "turn":
            if turns == game.players:
                break
            turns += 1
        game.apply(bots[game.to_act].choose(game.view(game.to_act), game.legal_actions()))
    decisions = len(game.record().actions)
    expect(page.get_by_text(f"{decisions} decisions in the first round")).to_be_visible()
    stepper = page.locator(".pnb-stepper").first
    expect(stepper.locator(".pnb-table")).to_contain_text(f"of {decisions} decisions")

    # Play: the same widget made here by CPython says what the page must show.
    seed = lesson_seed(page, "Play")  # the lesson's game is a fresh deal: the same one here
    expected = Play(seat=0, opponents=["honest", "bluff", "random"], seed=seed, delay=0)
    play = page.locator(".pnb-play").filter(has_text="Your decision").first
    # a fresh deal: up to five bot moves come first, each shown `delay` seconds apart
    expect(play).to_contain_text(text_of(expected.status.value), timeout=60_000)
    expect(play.locator(".pnb-table")).to_have_attribute("data-viewer", "0")
    for action in expected.game.legal_actions():
        if action.act in expected.renderer.card_acts:
            continue  # a convoy or a bribe is picked card by card (a composer), not one button
        label = expected.renderer.action_label(action, expected.game.view(0).to_json())
        expect(play.get_by_role("button", name=label, exact=True)).to_be_visible()
    log = play.locator(".pnb-log li")
    assert [line.strip() for line in log.all_inner_texts()] == log_lines(expected)
    move, label = simple_move(expected, 0)
    before = len(log_lines(expected))
    expected.act(move)  # the bots answer here as they do in the page
    play.get_by_role("button", name=label, exact=True).click()
    expect(play).to_contain_text(text_of(expected.status.value), timeout=60_000)
    expect(log).to_have_count(len(log_lines(expected)))
    assert [line.strip() for line in log.all_inner_texts()] == log_lines(expected)
    assert len(log_lines(expected)) > before
    play.screenshot(path=ARTIFACTS / "lite-lesson01-play.png")

    # Hot-seat: seats 0, 1, 2 are people, seat 3 a bot.
    hot_seat = page.locator(".pnb-play").filter(has=page.locator(".pnb-curtain")).first
    seed = lesson_seed(page, "HotSeat")
    check_hot_seat(
        hot_seat, HotSeat(players=4, humans=[0, 1, 2], opponents="honest", seed=seed, delay=0)
    )
    assert offline.asked == []


def test_lesson_2_offline_seats_stepper_hot_seat_and_the_cdn(lite_page, lite_site, offline):
    page = lite_page
    opened = time.perf_counter()
    seconds = run_all_cells(page, lite_site, "02_who_knows_what.ipynb", timeout_ms=KERNEL_START_MS)
    started = time.perf_counter() - opened - seconds
    print(f"\nlesson 2 in JupyterLite: page and kernel {started:.0f} s, Run All {seconds:.1f} s")

    # The seat selector: only seat 1 sees its three illegal goods in the convoy.
    table = page.locator(".pnb-table-widget").first
    board = table.locator(".pnb-table")
    expect(board).to_have_attribute("data-viewer", "0")
    assert kinds(table.locator(".pnb-convoy-cards")) == ["hidden"] * 3
    table.locator("select").select_option(label="Seat 1")
    expect(board).to_have_attribute("data-viewer", "1")
    assert kinds(table.locator(".pnb-convoy-cards")) == ["illegal", "illegal", "legal"]
    table.locator("select").select_option(label="Seat 2")
    expect(board).to_have_attribute("data-viewer", "2")
    assert "illegal" not in kinds(table)
    expect(page.get_by_text("seat 0 sees the same game: True")).to_be_visible()

    # The stepper over a full bot game: Forward and the seat selector redraw it.
    bots = [make_bot(n, seed=s) for s, n in enumerate(["honest", "bluff", "random", "honest"])]
    truth = play_game("prohis", bots, seed=4).record()
    end = len(truth.actions)
    stepper = page.locator(".pnb-stepper").first
    stepper_board = stepper.locator(".pnb-table")
    expect(stepper_board).to_contain_text(f"after 20 of {end} decisions")
    stepper.get_by_role("button", name="Forward").click()
    expect(stepper_board).to_contain_text(f"after 21 of {end} decisions")
    assert_seat_view(stepper, truth.replay(21).view(0))
    stepper.locator("select").select_option(label="Seat 2")
    expect(stepper_board).to_have_attribute("data-viewer", "2")
    assert_seat_view(stepper, truth.replay(21).view(2))
    stepper.screenshot(path=ARTIFACTS / "lite-lesson02-stepper.png")

    # Hot-seat with three people.
    hot_seat = page.locator(".pnb-play").filter(has=page.locator(".pnb-curtain")).first
    check_hot_seat(hot_seat, HotSeat(players=3, seed=lesson_seed(page, "HotSeat"), delay=0))
    assert offline.asked == []

    # numpy is one of Pyodide's compiled packages: the site asks the Pyodide CDN for it
    # (and, offline, cannot have it).
    reply = run_in_kernel(
        page,
        "import piplite\ntry:\n    await piplite.install('numpy')\n    import numpy\n"
        "except ImportError as error:\n    print('no numpy:', error)",
    )
    assert "no numpy" in reply, reply
    lock = json.loads((lite_site.root / "static/pyodide/pyodide-lock.json").read_text())
    assert offline.asked and set(offline.asked) == {lock["packages"]["numpy"]["file_name"]}


def test_lesson_3_offline_says_in_words_that_it_needs_the_network(lite_page, lite_site, offline):
    """Offline, lesson 3's first cell ends with a sentence to act on, not a traceback."""
    page = lite_page
    name = "03_the_odds_of_an_inspection.ipynb"
    page.goto(lite_site.notebook_url(name))
    page.wait_for_function(
        """(name) => {
            const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
            const k = w && w.context && w.context.path.endsWith(name) && w.sessionContext
                && w.sessionContext.session && w.sessionContext.session.kernel;
            return k && k.status === 'idle' && w.content && w.content.widgets.length > 0;
        }""",
        arg=name,
        timeout=KERNEL_START_MS,
    )
    shown = page.evaluate(
        """async () => {
            const panel = window.jupyterapp.shell.currentWidget;
            const index = panel.content.widgets.findIndex(c => c.model.type === 'code');
            panel.content.activeCellIndex = index;
            await window.jupyterapp.commands.execute('notebook:run-cell');
            const cell = panel.content.widgets[index];
            return cell.model.outputs.toJSON();
        }"""
    )
    text = json.dumps(shown)
    errors = [o for o in shown if o.get("output_type") == "error"]
    assert errors, f"the first cell should stop the lesson offline: {text[:2000]}"
    words = " ".join(" ".join(o.get("traceback", [])) for o in errors)
    assert "needs numpy" in words and "network" in words, words
    assert "ModuleNotFoundError" not in text and "Traceback" not in words, words
    page.screenshot(path=ARTIFACTS / "lite-lesson03-offline.png")
