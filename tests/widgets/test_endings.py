"""The end of a game: every widget shows the final scores and winners; HotSeat lifts the curtain.

The scores a table shows are checked against an independent recount: for
Prohis, the teacher's view's hands and warehouses valued with the numbers of
RULES.md ("Scoring"), written out here; for Smuggle, the money every seat
sees (money is public in Smuggle, RULES.md "Who knows what").
"""

from __future__ import annotations

import random
import re
import unicodedata

import ipywidgets as widgets
import pytest

from prohis_nb import ProhisGame, ProhisRules
from prohis_nb.cli import random_game
from prohis_nb.smuggle.game import SmuggleGame
from prohis_nb.smuggle.rules import SmuggleRules
from prohis_nb.text import money
from prohis_nb.widgets import TEACHER, HotSeat, Play, Stepper, Table

#: RULES.md, Scoring: what a card is worth in a warehouse and in a hand at the end.
WAREHOUSE = {"legal": 1000, "illegal": 4000, "lieutenant": 3000, "captain": 4000, "inspector": 5000}
HAND = {"legal": 0, "illegal": -4000, "lieutenant": 1000, "captain": 2000, "inspector": 3000}

ROW = re.compile(
    r"<tr class='([^']*)' data-seat='(\d+)'><th scope='row'>[^<]*</th>"
    r"<td class='pnb-score'>([^<]*)</td><td>([^<]*)</td></tr>"
)


def prohis_recount(game) -> list[int]:
    """Every seat's total from the teacher's view, valued by RULES.md (not by the engine)."""
    view = game.omniscient_view().to_json()
    return [
        sum(WAREHOUSE[k] for k in warehouse) + sum(HAND[k] for k in hand)
        for hand, warehouse in zip(view["hands"], view["warehouses"], strict=True)
    ]


def smuggle_recount(game) -> list[int]:
    """Every seat's money as each seat itself sees it (public), checked to agree."""
    seen = {tuple(game.view(seat).money) for seat in range(game.players)}
    assert len(seen) == 1
    return list(seen.pop())


def ending_rows(html: str) -> list[tuple[int, str, str, bool]]:
    """The final-scores box of a table: (seat, money shown, mark, highlighted) per row."""
    assert html.count("class='pnb-ending'") == 1, "one final-scores box"
    box = html[html.index("class='pnb-ending'") :]
    box = box[: box.index("</table>")]
    return [
        (int(seat), shown, mark, "pnb-winner" in cls) for cls, seat, shown, mark in ROW.findall(box)
    ]


def check_ending(html: str, recount: list[int]) -> None:
    best = max(recount)
    winners = [s for s, v in enumerate(recount) if v == best]
    rows = ending_rows(html)
    assert [r[0] for r in rows] == list(range(len(recount)))
    assert [r[1] for r in rows] == [money(v) for v in recount]
    assert [s for s, _, _, lit in rows if lit] == winners
    marks = {s: mark for s, _, mark, _ in rows}
    expected = "Shared win" if len(winners) > 1 else "Winner"
    assert all(marks[s] == (expected if s in winners else "") for s in marks)
    assert money(best) in html[html.index("class='pnb-ending'") :].split("</h4>")[0]


def ended_games():
    games = []
    for seed, players in [(1, 3), (2, 4), (5, 5)]:
        game = random_game(ProhisGame, ProhisRules(players=players), seed)
        games.append((game, prohis_recount(game)))
    for seed, players in [(1, 3), (4, 4)]:
        game = random_game(SmuggleGame, SmuggleRules(players=players), seed)
        games.append((game, smuggle_recount(game)))
    return games


ENDED = ended_games()


@pytest.mark.parametrize("game,recount", ENDED, ids=lambda x: getattr(x, "game_name", ""))
def test_every_seat_and_the_teacher_see_the_final_scores_and_winners(game, recount):
    assert game.ended
    for seat in [*range(game.players), TEACHER]:
        table = Table(game, seat)
        check_ending(table.html, recount)


def test_a_shared_win_is_marked_for_every_winner():
    """A constructed tie (an ended view's data drawn directly): both winners marked 'Shared win'."""
    from prohis_nb.widgets.render import render_table, renderer_for

    game, _ = ENDED[0]
    view = game.view(0).to_json()
    view["final_scores"], view["winners"] = [3000, -4000, 3000], [0, 2]
    html = render_table(view, renderer_for("prohis"), 0)
    check_ending(html, [3000, -4000, 3000])
    assert "shared win for you and seat 2" in html


def test_no_ending_box_before_the_end():
    for game, _ in ENDED:
        middle = game.record().replay(len(game.actions) // 2)
        assert not middle.ended
        for seat in [*range(game.players), TEACHER]:
            assert "class='pnb-ending'" not in Table(middle, seat).html
        if game.game_name == "smuggle":  # the seat view announces nothing before the end
            assert middle.view(0).final_scores is None and middle.view(0).winners is None


def test_smuggle_seat_views_announce_final_money_and_winners():
    for game, recount in ENDED:
        if game.game_name != "smuggle":
            continue
        best = max(recount)
        for seat in range(game.players):
            data = game.view(seat).to_json()
            assert list(data["final_scores"]) == recount
            assert list(data["winners"]) == [s for s, v in enumerate(recount) if v == best]


@pytest.mark.parametrize("game,recount", ENDED, ids=lambda x: getattr(x, "game_name", ""))
def test_the_stepper_shows_the_ending_at_the_last_position_only(game, recount):
    stepper = Stepper(game.record(), seat=1)
    stepper.last()
    check_ending(stepper.table.html, recount)
    stepper.back()
    assert "class='pnb-ending'" not in stepper.table.html
    stepper.forward()
    check_ending(stepper.table.html, recount)
    stepper.table.show_seat(TEACHER)
    check_ending(stepper.table.html, recount)


@pytest.mark.parametrize("game,recount", ENDED, ids=lambda x: getattr(x, "game_name", ""))
def test_play_at_the_end_shows_the_final_scores(game, recount):
    play = Play(game.copy(), seat=0, opponents="random", delay=0)
    check_ending(play.table.html, recount)
    assert "The game is over" in play.status.value
    assert play.table.seat == 0  # a learner against bots keeps their own view


@pytest.mark.parametrize("game,recount", ENDED, ids=lambda x: getattr(x, "game_name", ""))
def test_hot_seat_at_the_end_lifts_the_curtain_for_a_final_reveal(game, recount):
    hot = HotSeat(game.copy(), delay=0)
    assert hot.curtain.layout.display == "none"
    assert hot.table.layout.display == ""
    assert hot.table.seat == TEACHER and getattr(hot.table.view, "omniscient", True)
    assert hot.table.view.to_json() == game.omniscient_view().to_json()
    check_ending(hot.table.html, recount)
    assert "Every hand is shown" in hot.status.value
    assert not hot.panel.children


def test_hot_seat_played_to_the_end_by_clicks_reveals_every_hand():
    from helpers.widgets import click_something

    hot = HotSeat(ProhisGame(ProhisRules(players=3), seed=21), delay=0)
    rng = random.Random(21)
    while not hot.game.ended:
        assert hot.table.seat != TEACHER  # the teacher's view never shows during play
        hot.ready_button.click()
        click_something(hot, rng)
    assert hot.curtain.layout.display == "none" and hot.table.seat == TEACHER
    view = hot.game.omniscient_view().to_json()
    for hand in view["hands"]:  # every hand is in the page, face up
        for kind in hand:
            assert f"data-kind='{kind}'" in hot.table.html
    check_ending(hot.table.html, prohis_recount(hot.game))


# ---------------------------------------------------------------- button glyphs

#: Characters any text font draws: printable ASCII, Latin-1 letters and signs,
#: and the common punctuation (dashes, quotes, ellipsis, the minus sign).
SAFE_EXTRA = set("–—‘’“”…−×·")


def safe(char: str) -> bool:
    code = ord(char)
    if 0x20 <= code < 0x7F or char in SAFE_EXTRA:
        return True
    return 0xA0 <= code <= 0xFF and unicodedata.category(char)[0] in "LNPSZ"


def button_texts(widget) -> list[str]:
    """The descriptions of every button (and file upload) in a widget tree."""
    texts = []
    stack = [widget]
    while stack:
        w = stack.pop()
        if isinstance(w, widgets.Button | widgets.ToggleButton | widgets.FileUpload):
            texts.append(w.description)
        stack.extend(getattr(w, "children", ()))
    return texts


def widgets_to_check():
    from prohis_nb.widgets import CustomsExplorer, Explorer

    out = [Stepper(ENDED[0][0].record()), Explorer(), CustomsExplorer()]
    for name, players in [("prohis", 4), ("smuggle", 3)]:
        play = Play(game_name=name, players=players, seed=2, opponents="random", delay=0)
        out.append(play)
        hot = HotSeat(game_name=name, players=players, seed=2, delay=0)
        out.append(hot)
    return out


def test_no_button_uses_a_symbol_font_glyph():
    """Stepper, Play, HotSeat and the explorers, with the buttons of many decisions."""
    from helpers.smuggle_widgets import click_something as click_smuggle
    from helpers.widgets import click_something as click_prohis

    seen = []
    rng = random.Random(3)
    for widget in widgets_to_check():
        seen += button_texts(widget)
        if isinstance(widget, Play):
            click = click_prohis if widget.game.game_name == "prohis" else click_smuggle
            for _ in range(40):
                if widget.game.ended:
                    break
                if isinstance(widget, HotSeat):
                    widget.ready_button.click()
                seen += button_texts(widget)
                click(widget, rng)
    assert len(seen) > 50
    bad = sorted({t for t in seen if not all(safe(c) for c in t)})
    assert not bad, f"button text outside the safe characters: {bad}"


def test_the_stepper_buttons_have_icons_ipywidgets_ships():
    stepper = Stepper(ENDED[0][0].record())
    buttons = [stepper.first_button, stepper.back_button, stepper.forward_button]
    buttons.append(stepper.last_button)
    assert [b.description for b in buttons] == ["First", "Back", "Forward", "Last"]
    assert [b.icon for b in buttons] == [
        "fast-backward",
        "step-backward",
        "step-forward",
        "fast-forward",
    ]
