"""The table widget draws one seat's view and nothing else; the teacher's view shows all."""

from collections import Counter

import pytest
from helpers.widgets import drawn_cards, face_up_kinds, random_positions, stacked

from prohis_nb import ProhisRules
from prohis_nb.widgets import TEACHER, Table
from prohis_nb.widgets.render import render_table, renderer_for

R3 = ProhisRules(players=3)
CI = ["captain", "inspector"]
SMUGGLER_HAND = ["illegal", "illegal", "illegal", "legal", *CI]
HONEST_HAND = ["legal", "legal", "legal", "legal", *CI]
SEAT_0_HAND = ["legal", "legal", "legal", "lieutenant", *CI]


def table_with_hidden_illegal_goods():
    """Seat 1 holds three illegal goods; nothing illegal is anywhere seats 0 and 2 can see."""
    return stacked(R3, [SEAT_0_HAND, SMUGGLER_HAND, HONEST_HAND])


def test_a_seat_never_sees_illegal_goods_hidden_in_another_hand():
    game = table_with_hidden_illegal_goods()
    for viewer in (0, 2):
        table = Table(game, viewer)
        assert table.view.seat == viewer
        assert "illegal" not in face_up_kinds(table.html)
        assert "ILLEGAL" not in table.html  # not even the word printed on the card face
        hidden_in_seat_1 = [c for c in drawn_cards(table.html) if c[1] == 1 and c[2] == "pnb-hand"]
        assert [kind for kind, _, _ in hidden_in_seat_1] == ["hidden"] * 6


def test_the_owner_and_the_teacher_see_the_illegal_goods():
    game = table_with_hidden_illegal_goods()
    own = Table(game, 1)
    assert Counter(face_up_kinds(own.html))["illegal"] == 3
    teacher = Table(game, TEACHER)
    assert teacher.view.omniscient
    assert "Teacher" in teacher.html
    cards = drawn_cards(teacher.html)
    seat_1_hand = [k for k, seat, part in cards if seat == 1 and part == "pnb-hand"]
    assert sorted(seat_1_hand) == sorted(SMUGGLER_HAND)


def test_a_convoy_is_face_down_for_everyone_but_the_smuggler():
    game = table_with_hidden_illegal_goods()
    game.apply({"seat": 0, "act": "pass"})
    game.apply({"seat": 1, "act": "convoy", "cards": ["illegal", "illegal", "legal"]})
    convoy = lambda html: [k for k, _, part in drawn_cards(html) if part == "pnb-convoy-cards"]  # noqa: E731
    assert convoy(Table(game, 0).html) == ["hidden"] * 3
    assert convoy(Table(game, 2).html) == ["hidden"] * 3
    assert convoy(Table(game, 1).html) == ["illegal", "illegal", "legal"]
    assert "illegal" not in face_up_kinds(Table(game, 0).html)


def test_a_turned_convoy_card_is_face_up_for_everyone():
    game = table_with_hidden_illegal_goods()
    game.apply({"seat": 0, "act": "pass"})
    game.apply({"seat": 1, "act": "convoy", "cards": ["legal", "illegal", "illegal"]})
    game.apply({"seat": 2, "act": "control", "card": "captain"})
    game.apply({"seat": 0, "act": "decline"})
    game.apply({"seat": 1, "act": "no_bribe"})
    game.apply({"seat": 2, "act": "inspect"})
    game.apply({"seat": 2, "act": "turn", "position": 0})
    for viewer in (0, 2):
        convoy = [k for k, _, p in drawn_cards(Table(game, viewer).html) if p == "pnb-convoy-cards"]
        assert convoy == ["legal", "hidden", "hidden"]


def test_a_seat_table_is_the_same_whatever_cards_it_cannot_see():
    """Two tables that differ only in seat 1's hidden cards draw byte-identical HTML for seat 0."""
    bluffer = stacked(R3, [SEAT_0_HAND, SMUGGLER_HAND, HONEST_HAND])
    honest = stacked(R3, [SEAT_0_HAND, HONEST_HAND, SMUGGLER_HAND])
    for game, convoy in ((bluffer, ["illegal", "illegal", "legal"]), (honest, ["legal"] * 3)):
        game.apply({"seat": 0, "act": "pass"})
        game.apply({"seat": 1, "act": "convoy", "cards": convoy})
    assert Table(bluffer, 0).html == Table(honest, 0).html
    assert Table(bluffer, 1).html != Table(honest, 1).html  # the smuggler sees the difference


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_drawn_card_comes_from_the_viewers_own_view(players):
    """At many positions of random games: hands drawn face up are exactly what the view knows."""
    for game in random_positions(players, seed=players, every=5 + 2 * players):
        for viewer in range(players):
            table = Table(game, viewer)
            view = game.view(viewer)
            cards = drawn_cards(table.html)
            for info in view.seats:
                in_hand = [k for k, seat, part in cards if seat == info.seat and part == "pnb-hand"]
                face_up = [k for k in in_hand if k != "hidden"]
                assert Counter(face_up) == Counter(info.known_in_hand[: info.hand_size])
                assert len(in_hand) == info.hand_size
                assert not Counter(face_up) - Counter(game.hand(info.seat))  # all really there
            convoy = [k for k, _, part in cards if part == "pnb-convoy-cards"]
            expected = [] if view.convoy is None else [k or "hidden" for k in view.convoy.cards]
            assert convoy == expected
            assert table.html == render_table(view.to_json(), renderer_for("prohis"), viewer)


def test_the_teacher_sees_every_hand_and_the_convoy():
    for game in random_positions(4, seed=11, every=13):
        cards = drawn_cards(Table(game, TEACHER).html)
        for seat in range(4):
            hand = [k for k, s, part in cards if s == seat and part == "pnb-hand"]
            assert sorted(hand) == sorted(game.hand(seat))
        convoy = [k for k, _, part in cards if part == "pnb-convoy-cards"]
        truth = game.omniscient_view().convoy
        assert convoy == ([] if truth is None else list(truth.cards))
        assert "hidden" not in convoy


def test_the_seat_selector_switches_whose_view_is_drawn():
    game = table_with_hidden_illegal_goods()
    table = Table(game, 0)
    table.seat_picker.value = 1
    assert table.seat == 1 and table.view.seat == 1
    assert "illegal" in face_up_kinds(table.html)
    table.seat_picker.value = TEACHER
    assert table.seat == TEACHER and table.view.omniscient
    table.seat_picker.value = 2
    assert table.view.seat == 2
    assert "illegal" not in face_up_kinds(table.html)


def test_an_unknown_seat_shows_a_message_and_changes_nothing():
    game = table_with_hidden_illegal_goods()
    table = Table(game, 2)
    before = table.html
    assert not table.show_seat(7)
    assert "no seat 7" in table.message.value and "0 to 2" in table.message.value
    assert table.seat == 2 and table.html == before and table.view.seat == 2
    assert table.show_seat(0)
    assert table.message.value == ""


def test_a_learners_table_offers_no_teacher_view():
    game = table_with_hidden_illegal_goods()
    table = Table(game, 0, teacher=False)
    assert TEACHER not in [value for _label, value in table.seat_picker.options]
    assert not table.show_seat(TEACHER)
    assert "not offered" in table.message.value
    assert table.view.seat == 0


def test_a_table_built_for_an_unknown_seat_says_so_and_shows_seat_0():
    table = Table(table_with_hidden_illegal_goods(), 5)
    assert "no seat 5" in table.message.value
    assert table.view.seat == 0


def test_every_card_is_named_for_screen_readers():
    game = table_with_hidden_illegal_goods()
    html = Table(game, TEACHER).html
    spans = html.count("class='pnb-card'")
    assert spans > 20
    assert html.count("role='img' data-kind=") == spans
    assert html.count("aria-label='illegal goods") >= 3
    assert "aria-label='face-down card" in Table(game, 0).html


def test_the_decision_and_its_owner_are_shown():
    game = table_with_hidden_illegal_goods()
    assert "Your decision" in Table(game, 0).html
    other = Table(game, 1).html
    assert "Seat 0 decides" in other and "Your decision" not in other


def test_the_log_is_the_viewers_own():
    game = table_with_hidden_illegal_goods()
    game.apply({"seat": 0, "act": "take", "from": "pile"})
    assert "You drew a legal card from the pile." in Table(game, 0).html
    assert "Seat 0 drew a card from the pile." in Table(game, 1).html


@pytest.mark.parametrize("seed", [5, 8])
def test_a_view_never_knows_more_cards_in_a_hand_than_it_holds(seed):
    """Knowledge is a lower bound on a hand: it can never exceed the hand's size.

    Fails while a bribe is offered (engine: the bounds drop only when the bribe is
    accepted), e.g. 5 players, seed 5, action 70: seat 3 offers its last two cards.
    """
    import random

    from prohis_nb import ProhisGame

    game = ProhisGame(ProhisRules(players=5), seed=seed)
    rng = random.Random(seed)
    while not game.ended:
        game.apply(rng.choice(game.legal_actions()))
        for viewer in range(game.players):
            for info in game.view(viewer).seats:
                assert len(info.known_in_hand) <= info.hand_size, (len(game.actions), viewer, info)
