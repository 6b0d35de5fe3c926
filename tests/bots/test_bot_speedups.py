"""Faster bots play the same games: tournaments pinned by hash, fast maths against slow.

Issue 15 made the bots and the analysis they call faster (exact maths without
a ``Fraction`` per convoy make-up, tables cached across decisions and games).
None of that may change a single choice:

* :data:`PINNED` holds hashes of whole tournaments (every game's seats, scores,
  winners, decision count and record, actions included) of each game's four
  bots, **computed with the code before the speedups** (main at beb0825);
* the fast exact functions are compared with the slow sums they replace, on
  random pools, number for number (exact ``Fraction`` equality);
* the EV bot's choices are replayed with its maths swapped back to the slow
  path (``controller_values(convoy_belief(...))``): same games.
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from prohis_nb.analysis import controller_values, convoy_belief
from prohis_nb.analysis.payoffs import ending_payoff
from prohis_nb.analysis.values import inspect_value
from prohis_nb.bots import bot_names
from prohis_nb.prohis.cards import CONTROLLER_KINDS, KINDS
from prohis_nb.tournament import run_tournament

FOUR_BOTS = {
    "prohis": ["random", "honest", "bluff", "ev"],
    "smuggle": ["random", "honest", "liar", "ev"],
}

#: sha256 (first 16 hex digits) of 40 games (seed 11) of the four bots, and the
#: decisions they took, computed before the speedups (main at beb0825).
PINNED = {
    ("prohis", 4): ("dbe604c3f2107d0c", 5990),
    ("prohis", 3): ("92f4d3c44894283c", 5319),
    ("prohis", 5): ("078b653f9ed6ee58", 9467),
    ("smuggle", 4): ("f9808fe451581fd5", 8447),
    ("smuggle", 3): ("b7cac9c6f6d073a9", 7191),
    ("smuggle", 5): ("9aaece3cdaf769ad", 10619),
}


def tournament_hash(game: str, players: int, games: int = 40, workers: int = 1):
    bots = FOUR_BOTS[game][:players]
    result = run_tournament(
        bots, game=game, players=players, games=games, seed=11, workers=workers,
        progress=False, keep_records=True,
    )  # fmt: skip
    blob = json.dumps(
        [[g.index, g.lineup, g.scores, g.winners, g.decisions, g.record] for g in result.games],
        sort_keys=True,
        default=list,
    )
    decisions = sum(g.decisions for g in result.games)
    return hashlib.sha256(blob.encode()).hexdigest()[:16], decisions


def test_the_four_bots_are_every_bot_without_an_extra():
    assert set(FOUR_BOTS["prohis"]) == set(bot_names("prohis", optional=False))
    assert set(FOUR_BOTS["smuggle"]) <= set(bot_names("smuggle", optional=False))


@pytest.mark.parametrize(("game", "players"), sorted(PINNED))
def test_tournaments_are_the_games_played_before_the_speedups(game, players):
    assert tournament_hash(game, players) == PINNED[game, players]


def test_two_workers_play_the_same_tournament():
    assert tournament_hash("prohis", 4, games=16, workers=2) == tournament_hash(
        "prohis", 4, games=16
    )


def test_inspect_value_is_the_slow_exact_sum():
    rng = random.Random(15)
    for _ in range(400):
        pool = tuple(rng.choice([0, 0, 1, 2, 3, 5, 9, 20, 40]) for _ in KINDS)
        if not sum(pool):
            continue
        n = rng.randint(1, min(sum(pool), 6))
        card = rng.choice(CONTROLLER_KINDS)
        slow = controller_values(convoy_belief(dict(zip(KINDS, pool)), n), card)["inspect"]
        assert inspect_value(pool, n, card) == slow


def test_inspect_value_refuses_bad_input():
    with pytest.raises(ValueError, match="cannot draw a convoy of 3 cards from 2"):
        inspect_value((1, 1, 0, 0, 0), 3, "captain")
    with pytest.raises(ValueError, match="controller card"):
        inspect_value((1, 1, 0, 0, 0), 1, "legal")
    with pytest.raises(ValueError, match="whole numbers"):
        inspect_value((1, -1, 0, 0, 0), 1, "captain")
    with pytest.raises(ValueError, match="whole numbers"):
        inspect_value((1, 1), 1, "captain")


def _slow_values(pool, n, card, waiver_keeps_card):
    """The EV bot's maths as written before the speedups: a Fraction per make-up."""
    belief = convoy_belief(dict(zip(KINDS, pool)), n)
    values = controller_values(belief, card, waiver_keeps_card=waiver_keeps_card)
    waive = ending_payoff("waived", [], card, waiver_keeps_card=waiver_keeps_card).controller
    assert values["waive"] == waive
    return {"inspect": float(values["inspect"]), "waive": float(values["waive"])}


def test_ev_bot_plays_as_with_the_slow_maths(monkeypatch):
    from prohis_nb.bots import ev_bot

    fast = tournament_hash("prohis", 4, games=8)
    monkeypatch.setattr(ev_bot, "_values", _slow_values)
    assert tournament_hash("prohis", 4, games=8) == fast
