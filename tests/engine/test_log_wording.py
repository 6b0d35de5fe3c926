"""Words a learner reads in the logs (issue 23 item 13).

A card is never "an illegal" or "a legal" (an adjective used as a noun):
"an illegal card". Smuggle's last line reads "Seat 3: −$600. Winner: seat 0.",
not "seat 3: $-600. Winner(s): [0].". The log box numbers its events in the
text, so it never reads 1 to 12 above "(26 earlier events)".
"""

from __future__ import annotations

import random
import re

import pytest

import prohis_nb
from prohis_nb.widgets.render.base import LOG_LINES, log_html

ADJECTIVE_AS_NOUN = re.compile(r"\b(an illegal|a legal)\b(?! card| good)")


def random_game(name: str, players: int, seed: int):
    game = prohis_nb.new_game(name, players=players, seed=seed)
    rng = random.Random(seed)
    while not game.ended:
        game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize("seed", range(6))
def test_no_log_line_uses_legal_or_illegal_as_a_noun(seed):
    game = random_game("prohis", 3 + seed % 4, seed)
    lines = [line for seat in [None, *range(game.players)] for line in game.log(seat)]
    assert any("illegal card" in line for line in lines)  # the check below has something to see
    assert not [line for line in lines if ADJECTIVE_AS_NOUN.search(line)]


def dollars(amount: int) -> str:
    """Money as the lessons write it, worked out here: −$600, $1,300."""
    return ("\N{MINUS SIGN}" if amount < 0 else "") + f"${abs(amount):,}"


@pytest.mark.parametrize("seed", range(8))
def test_a_smuggle_game_ends_with_each_seats_money_and_the_winners_in_words(seed):
    game = random_game("smuggle", 3 + seed % 3, seed)
    last = game.log(None)[-1]
    money = game.scores()
    top = max(money)
    winners = [seat for seat, amount in enumerate(money) if amount == top]
    amounts = "; ".join(f"seat {seat}: {dollars(amount)}" for seat, amount in enumerate(money))
    if len(winners) == 1:
        won = f"Winner: seat {winners[0]}."
    else:
        won = (
            f"Winners (a shared win): seats {', '.join(map(str, winners[:-1]))} and {winners[-1]}."
        )
    assert last == f"The game ends. S{amounts[1:]}. {won}"
    for seat in range(game.players):
        assert game.log(seat)[-1] == last  # the end is public
    assert "$-" not in last and "[" not in last and "Winner(s)" not in last


@pytest.mark.parametrize("events", [LOG_LINES - 1, LOG_LINES, LOG_LINES + 1, 38])
def test_the_log_box_numbers_each_event_in_its_text(events):
    html = log_html([f"event {n}" for n in range(1, events + 1)], 0)
    numbers = [int(n) for n in re.findall(r"<li value='\d+'>(\d+)\. event \1</li>", html)]
    shown = min(events, LOG_LINES)
    assert numbers == list(range(events, events - shown, -1))  # newest first, whole-log numbers
    older = events - shown
    assert "earlier events" not in html
    if older == 0:
        assert "older" not in html
    elif older == 1:
        assert "(event 1 is older)" in html
    else:
        assert f"(events 1 to {older} are older)" in html
