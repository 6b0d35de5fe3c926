"""Smuggle in the widgets: the table shows only what a seat may see, the stepper walks a
record, and a learner plays a seat (declaring through the composer) as for Prohis."""

import json
import random
from collections import Counter

import pytest
from helpers.smuggle_widgets import (
    Accepts,
    click_something,
    drawn_cards,
    face_up,
    offered,
    packs_with,
    random_positions,
    stacked,
)

from prohis_nb.cli import random_game
from prohis_nb.errors import UnknownSeatError
from prohis_nb.smuggle.actions import Action
from prohis_nb.smuggle.board import DEFAULT_DUTY, Board
from prohis_nb.smuggle.game import SmuggleGame
from prohis_nb.smuggle.rules import SmuggleRules
from prohis_nb.widgets import TEACHER, HotSeat, Play, Stepper, Table
from prohis_nb.widgets.declare import ItemComposer
from prohis_nb.widgets.render import render_table, renderer_for
from prohis_nb.widgets.render.base import OKABE_ITO
from prohis_nb.widgets.render.smuggle import CARD_STYLE, SHAPES, SmuggleRenderer

GOODS = ["wine", "wine", "luggage", "luggage"]
WINE_AT_35 = Board(duty={**DEFAULT_DUTY, "wine": 35})  # a custom board: wine duty $35


# ------------------------------------------------------------ the renderer


def test_smuggle_tables_are_drawn_by_the_smuggle_renderer():
    assert isinstance(renderer_for("smuggle"), SmuggleRenderer)
    html = Table(stacked(GOODS), 1).html
    assert "Smuggle · Seat 1&#x27;s view" in html and "Round 1 of 3" in html


def test_every_kind_has_its_own_shape_and_letters_on_an_okabe_ito_colour():
    kinds = [
        "luggage",
        "diplomatic_bag",
        "crown",
        "wine",
        "cigars",
        "brandy",
        "perfume",
        "watch",
        "camera",
        "necklace",
    ]
    assert sorted(CARD_STYLE) == sorted(kinds)
    assert len({style[1] for style in CARD_STYLE.values()}) == 10  # corner letters
    assert len({SHAPES[k] for k in kinds}) == 10
    palette = {*OKABE_ITO.values(), "#000000"}
    assert all(style[0] in palette for style in CARD_STYLE.values())
    renderer = SmuggleRenderer()
    pictures = {kind: renderer.card(kind) for kind in kinds}
    assert len(set(pictures.values())) == 10
    for kind, html in pictures.items():
        assert f"data-kind='{kind}'" in html and "role='img'" in html
        assert f"aria-label='{CARD_STYLE[kind][3]}'" in html
    assert renderer.card_name("diplomatic_bag") == "Diplomatic Bag"


def test_a_face_down_card_names_no_kind_and_an_unknown_kind_is_never_guessed():
    renderer = SmuggleRenderer()
    back = renderer.card(None)
    assert "data-kind='hidden'" in back and "face-down card" in back
    assert not any(style[2] in back or style[3] in back for style in CARD_STYLE.values())
    assert "data-kind='hidden'" in renderer.card("contraband")


@pytest.mark.parametrize(
    ("act", "fields", "decision", "label"),
    [
        ("accept", {}, "officer", "Accept the declaration"),
        ("accept", {}, "receiver", "Accept the passed hand"),
        ("search", {}, "officer", "Search the hand"),
        ("inform", {}, "receiver", "Turn Informer"),
        ("challenge", {}, "officer", "Challenge the immunity claim"),
        ("immunity", {}, "declare", "Claim Diplomatic Immunity"),
        ("discard", {"card": "watch"}, "discard", "Discard your Watch"),
        ("discard", {"card": "diplomatic_bag"}, "discard", "Discard your Diplomatic Bag"),
        ("declare", {"items": ("wine", "wine", "watch")}, "declare", "Declare 2 Wine, 1 Watch"),
        ("declare", {}, "declare", "Declare nothing"),
    ],
)
def test_buttons_say_in_plain_words_what_they_do(act, fields, decision, label):
    view = {"decision": {"seat": 0, "kind": decision, "text": ""}, "immunity": False}
    assert SmuggleRenderer().action_label(Action(0, act, **fields), view) == label


def test_the_declaration_is_shown_with_its_duty_as_a_claim_not_as_cards():
    game = stacked(GOODS)
    game.apply({"act": "declare", "items": ["wine", "watch"]})
    html = Table(game, 0).html
    assert "Seat 1 declared" in html and "data-duty='175'" in html and "duty $175" in html
    assert "data-item='wine'" in html and "data-item='watch'" in html
    assert not face_up(html)  # the Officer sees no card: a declaration is words
    game.apply({"act": "accept", "seat": 0})
    assert "hand passed to them" in Table(game, 2).html  # the receiver is marked


def test_a_custom_board_gives_the_declarations_duty():
    game = stacked(GOODS, board=WINE_AT_35)
    game.apply({"act": "declare", "items": ["wine", "wine"]})
    assert "duty $70" in Table(game, 2).html


def test_an_immunity_claim_is_shown_as_such():
    game = stacked(GOODS)
    game.apply({"act": "immunity", "seat": 1})
    html = Table(game, 0).html
    assert "claimed <b>Diplomatic Immunity</b>" in html
    assert "Accept the immunity claim" in [b.description for b in _panel_buttons(game, 0)]


def _panel_buttons(game, seat):
    play = Play(game, seat=seat, opponents="random", delay=0)
    return list(play.panel.buttons.values())


def test_money_roles_and_borrowing_are_shown_for_every_seat():
    game = stacked(GOODS)
    view = game.view(2).to_json()
    view["money"] = [2000, -150, 2150]
    html = render_table(view, renderer_for("smuggle"), 2)
    assert "Money: −$150 <span class='pnb-muted'>(borrowing)</span>" in html
    assert "data-money='2150'" in html
    officer_box = html.split("data-seat='0'")[1].split("data-seat='1'")[0]
    assert "Customs Officer" in officer_box
    holder_box = html.split("data-seat='1'")[1].split("data-seat='2'")[0]
    assert "holds the hand" in holder_box and "Hand: 4 cards, face down" in holder_box


# ------------------------------------------------------------ who sees what


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_a_seat_is_drawn_exactly_the_cards_its_view_holds(players):
    """At random positions of seeded games, the face-up cards of seat S are S's view's cards."""
    renderer = renderer_for("smuggle")
    checked_hands = checked_searches = 0
    for game in random_positions(players, seed=40 + players, every=3 + players):
        for seat in range(players):
            view = game.view(seat)
            html = Table(game, seat).html
            searched = view.last_search.cards if view.last_search else ()
            assert face_up(html) == Counter(view.hand or ()) + Counter(searched)
            shown = [k for k, _s, part in drawn_cards(html) if part == "pnb-search"]
            assert shown == list(searched)  # a searched hand is public: drawn for everyone
            checked_hands += bool(view.hand)
            checked_searches += bool(searched)
            in_hand = [(k, s) for k, s, part in drawn_cards(html) if part == "pnb-hand"]
            holder = view.holder
            assert in_hand == [(k, holder) for k in (view.hand or ["hidden"] * view.hand_size)]
            assert not [c for c in drawn_cards(html) if c[2] in ("pnb-pack", "pnb-discards")]
            assert html == render_table(view.to_json(), renderer, seat)
    assert checked_hands > 5 and checked_searches > 2


def test_a_seats_table_is_the_same_whatever_lies_deep_in_the_packs():
    """Packs that differ deep in round 1 and everywhere in round 2 draw the same table."""
    players = 3
    one = stacked(GOODS, packs=packs_with(GOODS, players, deep={30: "crown"}))
    other_packs = packs_with(GOODS, players, deep={30: "necklace", 45: "diplomatic_bag"})
    other_packs[1] = list(reversed(other_packs[1]))
    other = stacked(GOODS, packs=other_packs)
    assert one._packs != other._packs
    script = [
        {"act": "declare", "items": ["wine"]},
        {"act": "accept", "seat": 0},
        {"act": "accept", "seat": 2},
        {"act": "discard", "seat": 2, "card": "luggage"},
        {"act": "declare", "items": []},
        {"act": "search", "seat": 0},
    ]
    for step in [None, *script]:
        if step is not None:
            one.apply(step)
            other.apply(step)
        for seat in [*range(players), TEACHER]:  # the teacher sees only the pack's top
            assert Table(one, seat).html == Table(other, seat).html


def test_a_seats_table_is_the_same_whatever_another_seat_holds():
    goods = stacked(["crown", "necklace", "luggage", "luggage"])
    plain = stacked(["luggage", "luggage", "luggage", "luggage"])
    for game in (goods, plain):
        game.apply({"act": "declare", "items": []})
    for seat in (0, 2):
        assert Table(goods, seat).html == Table(plain, seat).html
    assert Table(goods, 1).html != Table(plain, 1).html  # the holder sees the difference
    assert face_up(Table(goods, 1).html) == Counter(["crown", "necklace", "luggage", "luggage"])


def test_the_teachers_view_shows_every_hand_and_the_pack_and_says_whose_it_is():
    for game in random_positions(4, seed=7, every=6):
        html = Table(game, TEACHER).html
        assert "data-viewer='teacher'" in html and "Teacher&#x27;s view: every card" in html
        cards = drawn_cards(html)
        for seat in range(4):
            hand = [k for k, s, part in cards if s == seat and part == "pnb-hand"]
            assert hand == (list(game.hand) if seat == game.holder else [])
        pack = [k for k, _s, part in cards if part == "pnb-pack"]
        assert pack == list(game.omniscient_view().pack[:8])
        assert "hidden" not in pack + [k for k, _s, part in cards if part == "pnb-hand"]
    assert "Teacher only: the next cards of the pack, top card first" in html


def test_an_unknown_seat_shows_a_message_and_changes_nothing():
    table = Table(stacked(GOODS), 1)
    before = table.html
    assert not table.show_seat(3)
    assert "no seat 3" in table.message.value and "0 to 2" in table.message.value
    assert table.seat == 1 and table.html == before and table.view.seat == 1


# ------------------------------------------------------------ the stepper


@pytest.fixture(scope="module")
def record():
    return random_game(SmuggleGame, SmuggleRules(players=4), seed=3).record()


def state(game) -> str:
    return json.dumps(game.omniscient_view().to_json())


def test_stepping_a_smuggle_record_shows_the_replayed_views(record):
    renderer = renderer_for("smuggle")
    end = len(record.actions)
    stepper = Stepper(record, seat=2)
    moves = ["forward"] * 5 + ["back", "back", "last", "back", "first", "forward"]
    expected = [1, 2, 3, 4, 5, 4, 3, end, end - 1, 0, 1]
    for move, position in zip(moves, expected):
        getattr(stepper, f"{move}_button").click()
        assert stepper.position == position
        view = record.replay(position).view(2)
        assert stepper.table.view == view
        caption = f"after {position} of {end} decisions"
        assert stepper.table.html == render_table(view.to_json(), renderer, 2, caption=caption)
    stepper.table.seat_picker.value = TEACHER
    stepper.last_button.click()
    assert state(stepper.game) == state(record.replay())
    assert "The game is over" in stepper.table.html


def test_the_stepper_follows_a_live_smuggle_game():
    game = stacked(GOODS)
    stepper = Stepper(game, seat=1, start=None)
    game.apply({"act": "declare", "items": ["wine", "wine"]})
    game.apply({"act": "accept", "seat": 0})
    stepper.last_button.click()
    assert stepper.position == 2 and stepper.table.view == game.view(1)
    stepper.back_button.click()
    assert state(stepper.game) == state(game.record().replay(1))


# ------------------------------------------------------------ playing a seat


def learner_declares(**options) -> tuple:
    game = stacked(GOODS, **options)
    play = Play(game, seat=1, opponents=Accepts, delay=0)
    return game, play, play.panel.composers["declare"]


def test_the_declaration_is_composed_not_chosen_among_496_buttons():
    game, play, composer = learner_declares()
    assert isinstance(composer, ItemComposer)
    assert len(game.legal_actions()) == 496
    assert len(play.panel.buttons) == 1  # only the immunity claim is a button of its own
    assert offered(play) == set(game.legal_actions())
    assert composer.kinds == ["wine", "cigars", "brandy", "perfume", "watch", "camera"] + [
        "necklace",
        "crown",
    ]
    assert composer.send_button.disabled  # an empty declaration has its own button
    assert composer.empty_button.description == "Declare nothing"


def test_a_learner_declares_nothing():
    game, play, composer = learner_declares()
    composer.empty_button.click()
    assert game.actions[0] == Action(1, "declare")
    # The bots accept, seat 2 takes the hand and declares; the hand comes to seat 1 again.
    assert game.to_act == 1 and game.decision.kind == "receiver"
    labels = [b.description for b in play.panel.buttons.values()]
    assert labels == ["Accept the passed hand", "Turn Informer"]


def test_a_learner_declares_wine_wine_and_pays_its_duty():
    game, play, composer = learner_declares()
    composer.plus_buttons["wine"].click()
    composer.plus_buttons["watch"].click()
    composer.plus_buttons["wine"].click()
    composer.minus_buttons["watch"].click()
    assert composer.items == ["wine", "wine"]
    assert "2 Wine: duty $50" in composer.chosen.value
    composer.send_button.click()
    assert game.actions[0] == Action(1, "declare", items=("wine", "wine"))
    assert game.actions[1] == Action(0, "accept")  # the Officer bot accepted
    assert game.money[:2] == [2050, 1950]


def test_the_composer_shows_the_duty_of_the_games_board():
    _game, _play, composer = learner_declares(board=WINE_AT_35)
    composer.add("wine")
    composer.add("wine")
    assert "duty $70" in composer.chosen.value


def test_a_learner_claims_diplomatic_immunity():
    game, play, _composer = learner_declares()
    button = play.panel.button_for(act="immunity")
    assert button.description == "Claim Diplomatic Immunity"
    button.click()
    assert game.actions[:2] == (Action(1, "immunity"), Action(0, "accept"))


def test_no_more_items_than_a_hand_holds_can_be_composed_or_sent():
    _game, _play, composer = learner_declares()
    assert all(composer.add(kind) for kind in ["crown", "wine", "wine", "camera"])
    assert all(button.disabled for button in composer.plus_buttons.values())
    assert not composer.add("wine")  # a fifth item
    composer.plus_buttons["cigars"].click()  # a disabled button's click does nothing either
    assert sorted(composer.items) == ["camera", "crown", "wine", "wine"]
    assert composer.action == Action(1, "declare", items=("wine", "wine", "camera", "crown"))


def test_the_composer_sends_only_an_action_of_the_list_it_was_given():
    sent = []
    view = stacked(GOODS).view(1).to_json()
    legal = [Action(1, "declare", items=("wine", "wine"))]
    composer = ItemComposer("declare", legal, "items", view, renderer_for("smuggle"), sent.append)
    assert composer.kinds == ["wine"] and composer.empty_button.layout.display == "none"
    assert not composer.send_empty()
    composer.add("wine")
    assert composer.send_button.disabled and not composer.send() and not sent
    assert not composer.add("cigars")
    composer.add("wine")
    assert composer.send() and sent == legal


def test_the_officer_searches_and_the_liar_pays_fines():
    game = stacked(GOODS)
    play = Play(game, seat=0, opponents=Accepts, delay=0)
    assert game.actions == (Action(1, "declare"),)  # the bot hid two wines
    labels = [b.description for b in play.panel.buttons.values()]
    assert labels == ["Accept the declaration", "Search the hand"]
    play.panel.button_for(act="search").click()
    assert game.money == [2100, 1900, 2000]  # two wine fines of $50
    assert "searched seat 1&#x27;s hand: wine, wine, luggage, luggage" in play.table.html


def test_the_officer_accepts():
    game = stacked(GOODS)
    play = Play(game, seat=0, opponents=Accepts, delay=0)
    play.panel.button_for(act="accept").click()
    assert game.actions[1] == Action(0, "accept") and game.money == [2000] * 3


def test_the_receiver_turns_informer():
    game = stacked(GOODS)
    play = Play(game, seat=2, opponents=Accepts, delay=0)
    assert game.decision.kind == "receiver" and not face_up(play.table.html)
    play.panel.button_for(act="inform").click()
    assert game.actions[2] == Action(2, "inform")
    assert game.money == [2000, 1900, 2100]  # fines to the Officer, who pays the reward


def test_the_receiver_accepts_looks_and_discards():
    game = stacked(GOODS)
    play = Play(game, seat=2, opponents=Accepts, delay=0)
    play.panel.button_for(act="accept").click()
    assert face_up(play.table.html) == Counter(GOODS)  # now the hand is seat 2's to see
    labels = sorted(b.description for b in play.panel.buttons.values())
    assert labels == ["Discard your Luggage", "Discard your Wine"]
    play.panel.button_for(act="discard", card="wine").click()
    assert game.actions[-1] == Action(2, "discard", card="wine")
    assert "declare" in play.panel.composers and game.to_act == 2
    assert sum(face_up(play.table.html).values()) == 4


def test_a_wrong_move_is_refused_with_a_message_and_changes_nothing():
    game, play, _composer = learner_declares()
    before = game.actions
    assert not play.act({"seat": 0, "act": "search"})
    assert "not allowed" in play.message.value
    assert not play.act({"seat": 1, "act": "declare", "items": ["wine"] * 5})
    assert "at most 4 items" in play.message.value
    assert game.actions == before and game.to_act == 1


def test_a_learner_cannot_sit_at_a_seat_that_is_not_at_the_table():
    with pytest.raises(UnknownSeatError, match="seats are 0 to 2"):
        Play(game_name="smuggle", players=3, seat=3, seed=1, opponents="random", delay=0)


@pytest.mark.parametrize("players", [3, 5])
def test_a_learner_plays_a_whole_game_against_bots(players, tmp_path):
    play = Play(
        game_name="smuggle", players=players, seat=1, opponents="random", seed=players, delay=0
    )
    assert play.game.game_name == "smuggle" and play.game.players == players
    rng = random.Random(players)
    decisions = 0
    while not play.game.ended:
        assert play.game.to_act == 1 and play.table.view.seat == 1
        assert offered(play) == set(play.game.legal_actions())
        click_something(play, rng)
        decisions += 1
    assert decisions > 5
    assert "The game is over" in play.status.value and not play.panel.children
    assert play.save(tmp_path / "smuggle.json")
    replayed = Stepper(str(tmp_path / "smuggle.json"), start=None).game
    assert replayed.scores() == play.game.scores()


def test_the_default_opponents_are_the_games_own_bots():
    pytest.importorskip("prohis_nb.bots.smuggle_bots")
    play = Play(game_name="smuggle", players=4, seat=0, seed=3, delay=0)
    assert [play.bots[s].name for s in (1, 2, 3)] == ["honest", "liar", "ev"]
    prohis = Play(players=4, seat=0, seed=3, delay=0)
    assert [prohis.bots[s].name for s in (1, 2, 3)] == ["honest", "bluff", "random"]


# ------------------------------------------------------------ hot-seat


def test_hot_seat_hides_the_hand_between_turns():
    game = stacked(["crown", "wine", "luggage", "luggage"])
    hot = HotSeat(game, delay=0)
    assert hot.shown is None and hot.table.board.value == "" and not hot.panel.children
    assert "Seat 1's turn" in hot.curtain_text.value
    assert not hot.act({"seat": 1, "act": "declare", "items": []})  # nobody confirmed yet
    hot.ready_button.click()
    assert hot.table.view.seat == 1
    assert face_up(hot.table.html) == Counter(["crown", "wine", "luggage", "luggage"])
    hot.panel.composers["declare"].empty_button.click()
    # The Officer's turn: the hand vanishes at once, the Officer never sees it.
    assert hot.shown is None and hot.table.board.value == ""
    assert "Seat 0's turn" in hot.curtain_text.value
    hot.ready_button.click()
    assert hot.table.view.seat == 0 and not face_up(hot.table.html)
    hot.panel.button_for(act="accept").click()
    hot.ready_button.click()
    assert hot.table.view.seat == 2 and not face_up(hot.table.html)  # passed face down
    hot.panel.button_for(act="accept").click()
    # Seat 2 goes on (discard): no curtain, and now seat 2 sees the hand.
    assert hot.shown == 2 and hot.panel.children
    assert face_up(hot.table.html) == Counter(["crown", "wine", "luggage", "luggage"])


def test_hot_seat_with_bots_plays_a_smuggle_game_to_the_end():
    hot = HotSeat(
        game_name="smuggle", players=3, humans=[0, 2], opponents="random", seed=9, delay=0
    )
    rng = random.Random(9)
    while not hot.game.ended:
        assert hot.game.to_act in (0, 2)
        hot.ready_button.click()
        assert hot.table.view.seat == hot.game.to_act
        assert offered(hot) == set(hot.game.legal_actions())
        click_something(hot, rng)
    assert "The game is over" in hot.status.value
    # The final reveal (deliberate change): the curtain is lifted, every card is shown.
    assert hot.table.seat == "teacher" and hot.curtain.layout.display == "none"
    assert "data-viewer='teacher'" in hot.table.board.value
