"""``game`` typed alone in a cell: the public table, never a hand; a record: a public summary.

What the public table may show is decided here from the rules and the
stacked tables of the tests (the row, controller cards played, turned convoy
cards, a hand searched in front of everyone, what every seat saw dealt), not
from the engine's views; the cards drawn are read back from the HTML.
"""

from __future__ import annotations

import random
from collections import Counter

from helpers.widgets import drawn_cards, face_up_kinds, stacked

from prohis_nb import ProhisGame, ProhisRules, Record
from prohis_nb.smuggle.game import PACK, SmuggleGame
from prohis_nb.smuggle.rules import SmuggleRules

R3 = ProhisRules(players=3)
CI = ["captain", "inspector"]
HANDS = [["legal"] * 4 + CI, ["illegal", "illegal", "illegal", "legal", *CI], ["legal"] * 4 + CI]


def test_a_prohis_game_alone_in_a_cell_shows_the_row_and_no_hand():
    game = stacked(R3, HANDS)
    html = game._repr_html_()
    assert "data-viewer='public'" in html and "only what every seat may know" in html
    assert "game.omniscient_view()" in html  # where every card is, said in words
    assert Counter(face_up_kinds(html)) == Counter(["legal"] * 4)  # the row, nothing else
    assert "Teacher" not in html


def test_the_public_table_shows_what_was_done_in_the_open_and_nothing_else():
    game = stacked(R3, HANDS, first=1)
    game.apply({"act": "convoy", "cards": ["illegal", "legal"]})  # seat 1, face down
    game.apply({"act": "control", "card": "inspector"})  # seat 2
    game.apply({"act": "decline"})  # seat 0
    html = game._repr_html_()
    convoy = [kind for kind, _seat, part in drawn_cards(html) if part == "pnb-convoy-cards"]
    assert convoy == ["hidden", "hidden"]
    assert "inspector" in face_up_kinds(html)  # the controller card played
    game.apply({"act": "no_bribe"})
    game.apply({"act": "inspect"})
    game.apply({"act": "turn", "position": 0})  # the illegal card turned over: public
    html = game._repr_html_()
    # The turned card is public (wherever the table draws it: the convoy went to the
    # controller's warehouse); seat 1's two other illegal goods are in its hand, unseen.
    assert face_up_kinds(html).count("illegal") == 1
    hand = [kind for kind, seat, part in drawn_cards(html) if seat == 1 and part == "pnb-hand"]
    assert "illegal" not in hand and len(hand) == 4


def test_the_seed_leaves_a_games_repr_only_once_it_is_over():
    game = ProhisGame(R3, seed=12345)
    assert "12345" not in repr(game) and "shown once the game is over" in repr(game)
    rng = random.Random(1)
    while not game.ended:
        game.apply(rng.choice(game.legal_actions()))
    assert "seed 12345" in repr(game)
    smuggle = SmuggleGame(SmuggleRules(players=3), seed=54321)
    assert "54321" not in repr(smuggle)


def test_a_smuggle_game_alone_in_a_cell_shows_no_hand_until_it_is_searched():
    top = ["crown", "wine", "camera", "luggage"]
    rest = list(PACK)
    for card in top:
        rest.remove(card)
    game = SmuggleGame(SmuggleRules(players=3), table={"packs": [top + rest, PACK, PACK]})
    html = game._repr_html_()
    assert "data-viewer='public'" in html and face_up_kinds(html) == []
    game.apply({"act": "declare", "items": ["wine"]})
    assert face_up_kinds(game._repr_html_()) == []  # a claim is words, not cards
    game.apply({"act": "search"})  # searched in front of everyone: public
    assert Counter(face_up_kinds(game._repr_html_())) >= Counter(top)


def test_a_record_alone_in_a_cell_says_it_holds_every_hand_and_shows_none():
    game = ProhisGame(R3, seed=777)
    rng = random.Random(2)
    for _ in range(12):
        game.apply(rng.choice(game.legal_actions()))
    record = game.record()
    for shown in (repr(record), record._repr_html_()):
        assert "holds every hand" in shown and "777" not in shown
        assert "illegal" not in shown and "captain" not in shown  # no action's cards
        assert "12 recorded decisions" in shown
    assert Record.loads(str(record)) == record  # str() is still the whole text, asked for


def test_no_registered_game_shows_its_seed_or_a_hidden_card_alone_in_a_cell():
    """Every game of the registry: ``repr`` hides the seed until the end, the cell shows
    the public table (the teacher's view is never what a cell shows)."""
    from prohis_nb.core import registry

    for name in registry.names():
        game = registry.new_game(name, seed=987654)
        assert "987654" not in repr(game), name
        html = game._repr_html_()
        assert "Teacher" not in html and "every card, hidden ones included" not in html, name
        rng = random.Random(3)
        while not game.ended:
            game.apply(rng.choice(game.legal_actions()))
        assert "987654" in repr(game), name
