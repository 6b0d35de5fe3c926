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


# ---------------------------------------------------------------- views built only when read


def test_bots_play_the_same_games_when_every_decision_gets_its_view(monkeypatch):
    from prohis_nb.bots.base import Bot

    lean = tournament_hash("prohis", 4, games=8), tournament_hash("smuggle", 4, games=8)
    calls = []

    def always(self, decision, legal):
        calls.append(1)
        return self.uses_view

    from prohis_nb.bots.prohis_bots import ProhisBot
    from prohis_nb.bots.smuggle_bots import SmuggleBot

    for cls in (Bot, ProhisBot, SmuggleBot):
        monkeypatch.setattr(cls, "needs_view", always)
    full = tournament_hash("prohis", 4, games=8), tournament_hash("smuggle", 4, games=8)
    assert calls and full == lean


def test_a_view_free_decision_gets_only_the_seat_and_the_decision():
    from prohis_nb.bots import play_game
    from prohis_nb.bots.base import DecisionOnly
    from prohis_nb.bots.prohis_bots import HonestBot

    seen = []

    class Recording(HonestBot):
        def choose(self, view, legal_actions):
            seen.append((type(view), view.decision.kind, len(legal_actions)))
            return super().choose(view, legal_actions)

    play_game("prohis", [Recording(seed=s) for s in range(4)], seed=3)
    blind = {(kind, n == 1) for cls, kind, n in seen if cls is DecisionOnly}
    viewed = {kind for cls, kind, n in seen if cls is not DecisionOnly and n > 1}
    # honest answers bribes, inspections and inspect-or-waive without looking
    assert {k for k, _forced in blind} >= {"inspection", "bribe", "inspect_or_waive"}
    assert viewed == {"turn", "second_pick", "control"}
    assert DecisionOnly._fields == ("seat", "decision")


def test_overriding_a_view_free_method_brings_the_view_back():
    from prohis_nb import Game
    from prohis_nb.bots.base import view_free
    from prohis_nb.bots.prohis_bots import BluffBot, HonestBot

    class Looks(HonestBot):
        def on_bribe_answer(self, view, legal):  # reads the view: not marked
            return super().on_bribe_answer(view, legal)

    class StillBlind(HonestBot):
        @view_free
        def on_bribe_answer(self, view, legal):
            return super().on_bribe_answer(view, legal)

    game = Game(players=4, seed=1)
    decision = type("D", (), {"kind": "bribe_answer"})()
    legal = game.legal_actions()
    assert len(legal) > 1
    assert HonestBot().needs_view(decision, legal) is False
    assert StillBlind().needs_view(decision, legal) is False
    assert Looks().needs_view(decision, legal) is True
    assert BluffBot().needs_view(decision, legal) is True  # it weighs the bribe's cards
    assert HonestBot().needs_view(decision, legal[:1]) is False  # forced: nothing to read


def test_a_bot_that_wrongly_claims_no_view_fails_loudly():
    from prohis_nb.bots import play_game
    from prohis_nb.bots.base import view_free
    from prohis_nb.bots.prohis_bots import HonestBot

    class Liar(HonestBot):
        @view_free
        def on_control(self, view, legal):
            return super().on_control(view, legal)  # reads view.convoy

    with pytest.raises(AttributeError, match="convoy"):
        play_game("prohis", [Liar(seed=s) for s in range(4)], seed=3)


def test_smuggle_ev_bot_plays_as_without_its_caches(monkeypatch):
    from fractions import Fraction

    from prohis_nb.analysis import smuggle
    from prohis_nb.bots import smuggle_bots

    cached = tournament_hash("smuggle", 4, games=8)
    monkeypatch.setattr(smuggle, "_decimal", lambda value: Fraction(repr(value)))
    # the declaration in whole numbers (best_declaration) swapped back for the
    # Fractions of declaration_options it replaced
    monkeypatch.setattr(smuggle_bots, "_best_declaration", _slow_best_declaration)
    # and the check in whole numbers (worth_checking) for the Fractions it replaced
    monkeypatch.setattr(smuggle_bots, "_searches_or_informs", _slow_searches_or_informs)
    assert tournament_hash("smuggle", 4, games=8) == cached


def _slow_searches_or_informs(act, declared, lie, board):
    from prohis_nb.analysis import smuggle as maths

    p_false = maths.hides_goods_probability(lie) if not declared else lie
    if act == "search":
        return maths.search_gain(declared, p_false, board) > 0
    return maths.should_inform(p_false, board)


def _slow_best_declaration(hand, search, inform, challenge, board):
    from prohis_nb.analysis.smuggle import declaration_options

    return next(iter(declaration_options(hand, search, inform, challenge, board)))
