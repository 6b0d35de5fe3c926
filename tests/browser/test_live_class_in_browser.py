"""A live class in Chromium: the teacher's notebook in JupyterLab, four students' pages.

Issue 25's browser test, with real parts only: JupyterLab runs a teacher's
notebook whose ``start_class`` serves the class from the kernel (uvicorn on
127.0.0.1, a free port, real websockets); four students open the student page
in four separate browser contexts (each its own storage, as four phones
would), two of them phone-sized with touch. Two join by typing the room code,
two by opening the address the QR code holds (checked to be the QR code shown
on the dashboard). Then:

* **a whole stage-game round**: two convoy tables, each smuggler dealt a
  dirty hand that sends an honest convoy (bait); one student's page is
  closed mid-round and opened again: the same table and seat, with no new
  join; the teacher's dashboard shows who joined, the student away and back,
  the tables, and the class's results once the round is over;
* **a whole Prohis game**: four students at one table play random legal
  actions, composed card by card on their pages, until the game ends.

**No page ever holds another seat's hidden card.** Decided from the rules
(docs/convoy-rules.md, docs/rules.md "Who knows what"), never from the
engine's views, over every frame a page's socket received and the page's
text at every move:

* convoy: only the smuggler sees its hand, the convoy lies face down, and an
  inspection shows only the cards it turns, so a controller facing an honest
  convoy from a dirty hand never sees an illegal card (the smugglers' pages
  do: the check can fail);
* Prohis: at the deal a seat sees its own hand and the face-up row, nothing
  else; during the game another seat's hand shows face up at most the
  controller cards everybody is dealt, the cards it took from the face-up
  row, and the bribe cards it offered (the only ways a card in a hand becomes
  known), counted from the class's records in its database.

Each student page passes axe's WCAG 2.1 AA rules, on a phone and on a laptop.
"""

from __future__ import annotations

import json
import random
import re
import time
from collections import Counter
from typing import Any

import pytest
from helpers.browser import ARTIFACTS, run_all_cells
from helpers.pagechecks import axe_violations
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
LAPTOP = {"viewport": {"width": 1280, "height": 900}}
NAMES = ("Ada", "Bob", "Cy", "Dee")  # Ada and Bob on phones; Ada and Cy type the room code
PAGE_ROOTS = "header, main, footer"
FAST = "bot_delay=0, break_seconds=0.05, fill_after=None, drop_timeout=600"
CONVOY_SETUPS = [{"hand": "dirty", "order": [0, 1, 2]}, {"hand": "dirty", "order": [2, 0, 1]}]


def prohis_setup() -> dict[str, Any]:
    """A stacked four-seat Prohis table (a record's setup), so the test knows every hand."""
    import prohis_nb

    view = prohis_nb.Game(players=4, seed=5).omniscient_view().to_json()
    return {
        "first": 0,
        "hands": [list(h) for h in view["hands"]],
        "row": list(view["row"]),
        "pile": list(view["pile_cards"]),
    }


def teacher_notebook(game: str, db: str, extra: str) -> dict[str, Any]:
    source = (
        "from prohis_nb.live import start_class\n"
        f'session = start_class("{game}", rounds=1, db="{db}", {extra}, {FAST})\n'
        "session"
    )
    cell = {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
            "id": "start", "source": source}  # fmt: skip
    kernel = {"display_name": "Python 3", "language": "python", "name": "python3"}
    return {"cells": [cell], "metadata": {"kernelspec": kernel}, "nbformat": 4, "nbformat_minor": 5}


# ------------------------------------------------------------------ a student's page


class Student:
    """One student's browser context and page, with every frame its socket received."""

    def __init__(self, browser: Any, name: str, options: dict[str, Any]) -> None:
        self.name = name
        self.context = browser.new_context(**options)
        self.context.set_default_timeout(30_000)
        self.frames: list[str] = []
        self.page: Any = None
        self.snapshots: list[str] = []  # the page's text at every move it saw
        self.acted: tuple[Any, ...] | None = None
        self.open_page()

    def open_page(self, url: str | None = None) -> None:
        self.page = self.context.new_page()
        self.page.on("websocket", lambda ws: ws.on("framereceived", self._frame))
        if url is not None:
            self.page.goto(url)

    def _frame(self, payload: Any) -> None:
        self.frames.append(payload if isinstance(payload, str) else payload.decode())

    def messages(self) -> list[dict[str, Any]]:
        return [json.loads(f) for f in self.frames]

    def state(self) -> dict[str, Any] | None:
        states = [m for m in self.messages() if m["type"] == "state"]
        return states[-1] if states else None

    @property
    def ended(self) -> bool:
        return any(m["type"] == "ended" for m in self.messages())

    def join(self, url: str, room: str | None) -> None:
        """Join by typing the code (``room``) or by the QR code's address (``room=None``)."""
        self.page.goto(url)
        if room is not None:
            self.page.locator("#room").fill(room)
        self.page.locator("#name").fill(self.name)
        self.page.get_by_role("button", name="Join").click()
        expect(self.page.locator("#notice")).to_contain_text("You're in!")

    def snapshot(self) -> None:
        self.snapshots.append(self.page.content())


def my_turn(state: dict[str, Any] | None) -> bool:
    return bool(
        state
        and not state["paused"]
        and state["view"]["to_act"] == state["seat"]
        and state["controls"]["groups"]
    )


def options_of(state: dict[str, Any]) -> list[tuple[str, Any]]:
    """Every legal choice the page offers.

    ``("button", (index, action))`` or ``(kind, (composer, cards))``.
    """
    out: list[tuple[str, Any]] = []
    index = 0
    for group in state["controls"]["groups"]:
        for c in group["composers"]:
            if c["kind"] == "cards":
                out.extend(("cards", (c, list(choice))) for choice in c["choices"])
            elif c["kind"] == "counts":  # one card of a kind, unless that offer was refused
                out.extend(("counts", (c, [kind])) for kind in c["up_to"]
                           if {kind: 1} not in (c.get("except") or []))  # fmt: skip
        for button in group["buttons"]:
            out.append(("button", (index, button["action"])))
            index += 1
    return out


def is_bait(option: tuple[str, Any]) -> bool:
    """A convoy button of the stage game that sends no illegal card."""
    how, what = option
    return how == "button" and what[1]["act"] == "convoy" and "illegal" not in what[1]["cards"]


def perform(student: Student, state: dict[str, Any], choice: tuple[str, Any]) -> None:
    """Do one choice on the page, as a student would: by clicking its buttons."""
    page = student.page
    controls = page.locator("#controls")
    names = state["controls"].get("cards") or {}

    def card_name(kind: str) -> str:
        return names.get(kind, {}).get("name", kind)

    how, what = choice
    if how == "button":
        controls.locator(".pnb-group > .pnb-row > button").nth(what[0]).click()
        return
    composer, cards = what
    box = controls.locator(f".pnb-composer[data-act='{composer['act']}']").first
    for kind in cards:
        if how == "cards":
            box.locator(".pnb-row").first.locator("button:enabled").filter(
                has_text=re.compile(f"^{re.escape(card_name(kind))}$")
            ).first.click()
        else:
            box.get_by_role("button", name=f"one {card_name(kind)} more").click()
    box.get_by_role("button", name=composer["send"], exact=True).click()


def play(students: list[Student], choose: Any, limit: int = 600, idle: float = 90.0) -> int:
    """Each student acts at its turns (``choose(state)``) until the class ends; moves made.

    Fails if the class makes no move for ``idle`` seconds, or more than ``limit`` moves.
    """
    moves = 0
    quiet_since = time.monotonic()
    while not all(s.ended for s in students):
        assert moves < limit, "the class did not end"
        assert time.monotonic() - quiet_since < idle, "nobody could move"
        acted = False
        for student in students:
            state = student.state()
            if student.ended or not my_turn(state):
                continue
            assert state is not None
            mark = (state["round"], state["table"], state["seq"])
            if student.acted == mark:
                continue  # its move is on its way
            heading = state["controls"]["groups"][0]["heading"]
            expect(student.page.locator("#notice.pnb-your-turn")).to_be_visible()
            expect(student.page.locator("#controls .pnb-group h2").first).to_have_text(heading)
            student.snapshot()
            perform(student, state, choose(state))
            student.acted = mark
            moves += 1
            acted = True
        if acted:
            quiet_since = time.monotonic()
        else:
            students[0].page.wait_for_timeout(20)  # frames arrive meanwhile (Playwright's loop)
    for student in students:
        student.snapshot()
    return moves


# ------------------------------------------------------------------ the teacher's page


def dashboard_parts(teacher: Any) -> tuple[str, str]:
    """The room code and the join address the dashboard shows; the QR code is that address."""
    import segno

    board = teacher.locator(".pnb-live-dashboard")
    expect(board).to_be_visible()
    room = board.locator(".pnb-live-room").inner_text().strip()
    href = board.locator("a[target='_blank']").first.get_attribute("href")
    assert href and href.endswith(f"/?room={room}"), href
    shown = board.locator("[aria-label='QR code of the join address'] svg path").first
    qr = segno.make(href, error="m").svg_inline(scale=5)
    assert shown.get_attribute("d") == re.search(r' d="([^"]+)"', qr).group(1)
    return room, href


def check_axe(student: Student) -> None:
    found = axe_violations(student.page, roots=PAGE_ROOTS)
    assert found["checked"] >= 1
    assert not found["violations"], f"{student.name}: {found['violations']}"


# ------------------------------------------------------------------ the tests


@pytest.fixture
def students(browser):
    made = [Student(browser, name, PHONE if i < 2 else LAPTOP) for i, name in enumerate(NAMES)]
    yield made
    for student in made:
        student.context.close()


def test_a_class_plays_a_convoy_round_with_a_drop_and_a_prohis_game(page, lab, students):
    ARTIFACTS.mkdir(exist_ok=True)
    teacher = page

    # ---- the convoy round ------------------------------------------------------------
    (lab.root / "scratch_live_convoy.ipynb").write_text(json.dumps(teacher_notebook(
        "convoy", "scratch-convoy.sqlite", f"setups={CONVOY_SETUPS!r}")))  # fmt: skip
    run_all_cells(teacher, lab, "scratch_live_convoy.ipynb", timeout_ms=180_000)
    room, href = dashboard_parts(teacher)
    base = href.split("/?")[0] + "/"
    for i, student in enumerate(students):
        student.join(base if i % 2 == 0 else href, room if i % 2 == 0 else None)
    board = teacher.locator(".pnb-live-dashboard")
    for name in NAMES:
        expect(board.locator(".pnb-live-students")).to_contain_text(name)
    check_axe(students[0])  # the lobby, on a phone
    board.get_by_role("button", name="Start", exact=True).click()
    expect(board.locator(".pnb-live-tables")).to_contain_text("tables (0 of 2 done)")
    for student in students:
        expect(student.page.locator("#notice")).to_contain_text("table")

    smugglers = [s for s in students if s.state() and s.state()["seat"] == 0]
    controllers = [s for s in students if s.state() and s.state()["seat"] == 1]
    assert len(smugglers) == len(controllers) == 2

    # one smuggler sends its convoy; then its partner's page drops and comes back
    first = smugglers[0]
    honest = next(o for o in options_of(first.state()) if is_bait(o))
    expect(first.page.locator("#notice.pnb-your-turn")).to_be_visible()
    perform(first, first.state(), honest)
    partner = next(c for c in controllers if c.state()["table"] == first.state()["table"])
    seat_before = (partner.state()["table"], partner.state()["seat"])
    partner.snapshot()
    partner.page.close()
    expect(board.locator(".pnb-live-students")).to_contain_text("away")
    frames_before = len(partner.frames)
    partner.open_page(base)  # the same browser: it comes back to its seat without asking
    expect(partner.page.locator("#notice")).to_contain_text(
        f"table {seat_before[0]} · you are seat {seat_before[1]}"
    )
    assert len(partner.frames) > frames_before
    expect(board.locator(".pnb-live-students")).not_to_contain_text("away")
    assert len(teacher.locator(".pnb-live-students tbody tr").all()) == 4  # no new student

    def bait_and_answer(state: dict[str, Any]) -> tuple[str, Any]:
        choices = options_of(state)
        convoys = [o for o in choices if is_bait(o)]
        if convoys:
            return convoys[0]  # an honest convoy from a dirty hand: bait
        return random.Random(state["table"] * 10 + state["seq"]).choice(choices)

    play(students, bait_and_answer)
    check_axe(controllers[1])  # the end of the round, on a laptop
    check_axe(smugglers[0] if smugglers[0] in students[:2] else students[0])
    expect(board.locator(".pnb-live-state")).to_contain_text("the class is over")
    # the results follow: both tables' finished games, the students' decisions only
    expect(board).to_contain_text("The class against the theory")
    expect(board).to_contain_text("Counted: One convoy, 2 games", timeout=60_000)
    board.screenshot(path=ARTIFACTS / "live-dashboard-convoy.png")
    for student in students:
        student.page.screenshot(path=ARTIFACTS / f"live-convoy-{student.name}.png", full_page=True)

    # by the rules, a controller facing an honest convoy never sees an illegal card
    for student in controllers:
        seen = " ".join(student.frames + student.snapshots).lower()
        assert "illegal" not in seen, f"{student.name}, a controller, was shown an illegal card"
    for student in smugglers:  # a check of the check: the smuggler sees its dirty hand
        assert "illegal" in " ".join(student.frames).lower()

    # ---- a whole Prohis game ---------------------------------------------------------
    setup = prohis_setup()
    for student in students:
        student.frames.clear()
        student.snapshots.clear()
        student.acted = None
    (lab.root / "scratch_live_prohis.ipynb").write_text(json.dumps(teacher_notebook(
        "prohis", "scratch-prohis.sqlite", f"seats=4, setups=[{setup!r}]")))  # fmt: skip
    run_all_cells(teacher, lab, "scratch_live_prohis.ipynb", timeout_ms=180_000)
    room, href = dashboard_parts(teacher)
    base = href.split("/?")[0] + "/"
    for i, student in enumerate(students):
        student.page.close()
        student.open_page()
        student.join(base if i % 2 else href, room if i % 2 else None)
    board = teacher.locator(".pnb-live-dashboard")
    for name in NAMES:
        expect(board.locator(".pnb-live-students")).to_contain_text(name)
    board.get_by_role("button", name="Start", exact=True).click()
    for student in students:
        expect(student.page.locator("#notice")).to_contain_text("you are seat")

    # at the deal a seat sees its own hand and the row face up, nothing else
    for student in students:
        state = student.state()
        assert state is not None
        faces = Counter(re.findall(r"data-kind='(\w+)'", state["board"]))
        faces.pop("hidden", None)
        own = Counter(setup["hands"][state["seat"]]) + Counter(setup["row"])
        others = Counter({"captain": 3, "inspector": 3})  # dealt to everyone in the open
        assert not faces - (own + others), (student.name, faces, own + others)  # nothing more
        assert not own - faces, (student.name, faces, own)  # its own hand and the row: shown

    rng = random.Random(4)
    moves = play(students, lambda state: rng.choice(options_of(state)))
    assert moves > 20
    expect(board.locator(".pnb-live-state")).to_contain_text("the class is over")
    check_axe(students[1])  # a whole game's board, on a phone
    check_axe(students[3])
    for student in students:
        student.page.screenshot(path=ARTIFACTS / f"live-prohis-{student.name}.png", full_page=True)
    check_prohis_hands(students, lab.root / "scratch-prohis.sqlite")


def check_prohis_hands(students: list[Student], db: Any) -> None:
    """Another seat's hand never shows a card face up that the rules do not make known."""
    from prohis_nb.classroom.live import session_records

    (record,) = session_records(str(db))
    game = record.new_game()
    public: list[Counter[str]] = [Counter({"captain": 1, "inspector": 1}) for _ in range(4)]
    for action in record.replay().actions:
        if action.act == "take" and getattr(action, "source", None) == "row":
            public[action.seat][game.omniscient_view().row[action.slot]] += 1
        elif action.act == "bribe":
            public[action.seat].update(action.cards)
        game.apply(action)
    assert game.ended
    hand = re.compile(r"data-seat='(\d)'>.*?<div class='pnb-cards pnb-hand'>(.*?)</div>", re.S)
    checked = 0
    for student in students:
        me = student.state()["seat"]
        boards = [m["board"] for m in student.messages() if m["type"] == "state"]
        boards += student.snapshots
        for board in boards:
            for seat, cards in hand.findall(board):
                if int(seat) == me:
                    continue
                shown = Counter(k for k in re.findall(r"data-kind='(\w+)'", cards) if k != "hidden")
                extra = shown - public[int(seat)]
                assert not extra, f"{student.name} saw seat {seat}'s hidden {dict(extra)}"
                checked += 1
    assert checked > 100
