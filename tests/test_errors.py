"""Every refusal path: what is wrong is said, what is allowed is said, nothing changes.

Records (malformed JSON, envelope, rules, setup, actions), stacked tables that
do not add up to the deck, and actions refused by ``game.apply`` (malformed,
wrong seat, illegal, after the end). After each refusal by ``apply`` the game
is exactly as before: same omniscient JSON, same actions.
"""

from __future__ import annotations

import json

import pytest

from prohis_nb import (
    Action,
    IllegalActionError,
    MalformedActionError,
    ProhisGame,
    ProhisNbError,
    ProhisRules,
    Record,
    RecordError,
    RulesError,
    UnknownSeatError,
    WrongSeatError,
)
from prohis_nb.prohis.cards import KINDS

ENVELOPE = {
    "format": "prohis-record/1",
    "game": "prohis",
    "rules": {"players": 4, "variants": {}},
    "setup": {"seed": 7},
    "actions": [],
}


def record(**changes):
    return {**json.loads(json.dumps(ENVELOPE)), **changes}


def state(game):
    return json.dumps(game.omniscient_view().to_json(), sort_keys=True), game.actions


def refused(game, action, error=IllegalActionError, match=None):
    """Apply ``action``; it must be refused with ``error`` and leave the game untouched."""
    before = state(game)
    with pytest.raises(error, match=match) as caught:
        game.apply(action)
    assert state(game) == before
    return caught.value


def full_table(players=3, **changes):
    """A stacked table holding exactly the deck (4 legal per hand, the rest in the pile)."""
    deck = ProhisRules(players=players).deck_counts()
    hands = [["captain", "inspector", "legal", "legal", "legal", "legal"] for _ in range(players)]
    row = ["legal", "illegal", "lieutenant", "legal"]
    used = {"legal": 4 * players + 2, "illegal": 1, "lieutenant": 1}
    used.update(captain=players, inspector=players)
    pile = []
    for kind in KINDS:
        pile += [kind] * (deck[kind] - used[kind])
    return {"first": 0, "hands": hands, "row": row, "pile": pile, **changes}


# ---------------------------------------------------------------- the error family


def test_every_error_is_a_prohis_nb_error_and_a_value_error():
    for cls in (RulesError, RecordError, IllegalActionError, UnknownSeatError):
        assert issubclass(cls, ProhisNbError) and issubclass(cls, ValueError)
    assert issubclass(WrongSeatError, IllegalActionError)
    assert issubclass(MalformedActionError, RecordError)
    assert issubclass(MalformedActionError, IllegalActionError)


# ---------------------------------------------------------------- record envelope


def test_malformed_json_is_refused():
    with pytest.raises(RecordError, match="not valid JSON"):
        Record.loads('{"format": "prohis-record/1",')


def test_a_record_must_be_an_object():
    with pytest.raises(RecordError, match="JSON object"):
        Record.loads("[1, 2]")


@pytest.mark.parametrize("key", ["format", "game", "rules", "setup", "actions"])
def test_a_missing_envelope_key_is_named(key):
    data = record()
    del data[key]
    with pytest.raises(RecordError, match=f"lacks {key}"):
        Record.from_json(data)


def test_an_unknown_format_is_refused_with_the_formats_read():
    with pytest.raises(RecordError, match="unknown record format 'chess/1'.*prohis-record/1"):
        Record.from_json(record(format="chess/1"))


def test_a_game_that_does_not_match_the_format_is_refused():
    with pytest.raises(RecordError, match="record of 'prohis', but game says 'poker'"):
        Record.from_json(record(game="poker"))


@pytest.mark.parametrize(
    ("key", "value", "match"),
    [
        ("rules", [4], "rules must be an object"),
        ("setup", 7, "setup must be"),
        ("actions", {"seat": 0}, "actions must be a list"),
    ],
)
def test_envelope_values_of_the_wrong_type_are_refused(key, value, match):
    with pytest.raises(RecordError, match=match):
        Record.from_json(record(**{key: value}))


def test_an_action_that_is_not_an_object_is_refused_with_its_index():
    data = record(actions=[{"seat": 2, "act": "pass"}, "pass"])
    with pytest.raises(RecordError, match="action 1") as error:
        Record.from_json(data)
    assert error.value.index == 1


# ---------------------------------------------------------------- rules


@pytest.mark.parametrize("players", [2, 7, 0, "4", 4.0, True, None])
def test_players_must_be_a_whole_number_from_3_to_6(players):
    with pytest.raises(RulesError, match="players must be a whole number from 3 to 6"):
        ProhisRules(players=players)
    with pytest.raises(RulesError):
        Record.from_json(record(rules={"players": players, "variants": {}})).replay()


def test_missing_players_is_refused():
    with pytest.raises(RulesError, match="rules.players is missing"):
        ProhisRules.from_json({"variants": {}})


def test_an_unknown_variant_is_refused_with_the_variants_listed():
    data = record(rules={"players": 4, "variants": {"pass_is_fatal": True}})
    with pytest.raises(RulesError, match="unknown variant.*pass_is_fatal.*pass_is_final"):
        Record.from_json(data).replay()


def test_an_unknown_rules_key_is_refused():
    with pytest.raises(RulesError, match="unknown key"):
        ProhisRules.from_json({"players": 4, "variant": {}})


@pytest.mark.parametrize(
    "variants",
    [
        {"pass_is_final": "yes"},
        {"waiver_keeps_card": 1},
        {"full_box": None},
        {"bribe_rounds": "2"},
        {"bribe_rounds": True},
        {"bribe_rounds": 0},
        {"bribe_rounds": 2.0},
    ],
)
def test_variants_of_the_wrong_type_or_range_are_refused(variants):
    with pytest.raises(RulesError, match="variant"):
        ProhisRules.from_json({"players": 4, "variants": variants})


def test_variants_must_be_an_object():
    with pytest.raises(RulesError, match="variants must be an object"):
        ProhisRules.from_json({"players": 4, "variants": ["full_box"]})


@pytest.mark.parametrize(
    ("deck", "match"),
    [
        ({"legal": 20, "contraband": 3}, "unknown card kind"),
        ({"legal": -1}, "whole number"),
        ({"legal": "20"}, "whole number"),
        ({"legal": 20, "captain": 3}, "exactly one captain per player"),
        ({"legal": 20, "inspector": 5}, "exactly one inspector per player"),
        ([1, 2], "counts by kind"),
    ],
)
def test_an_impossible_custom_deck_is_refused(deck, match):
    with pytest.raises(RulesError, match=match):
        ProhisRules(players=4, deck=deck)


def test_a_custom_deck_in_a_record_must_be_an_object():
    with pytest.raises(RulesError, match="deck must be an object"):
        ProhisRules.from_json({"players": 4, "deck": 40})


def test_a_seeded_deal_refuses_a_deck_too_small_to_deal():
    data = record(rules={"players": 4, "variants": {}, "deck": {"legal": 19}})
    with pytest.raises(RulesError, match=r"\(19\) cannot deal 4 cards to each of 4 players"):
        Record.from_json(data).replay()


def test_rules_are_frozen():
    rules = ProhisRules(players=4)
    with pytest.raises(AttributeError, match="frozen"):
        rules.players = 5


# ---------------------------------------------------------------- setup


@pytest.mark.parametrize("seed", [-1, "7", 1.5, True])
def test_a_seed_must_be_a_whole_number_from_0(seed):
    with pytest.raises(RecordError, match="seed must be a whole number"):
        Record.from_json(record(setup={"seed": seed})).replay()


def test_a_seed_and_a_table_together_are_refused():
    with pytest.raises(RecordError, match="either"):
        Record.from_json(record(setup={"seed": 7, "first": 0})).replay()
    with pytest.raises(RecordError, match="not both"):
        ProhisGame(players=3, seed=1, table=full_table())


def test_the_stacked_table_example_is_accepted():
    game = ProhisGame(players=3, table=full_table())
    assert game.card_counts() == ProhisRules(players=3).deck_counts()


@pytest.mark.parametrize(
    ("changes", "match"),
    [
        ({"first": 3}, "setup.first must be a seat from 0 to 2"),
        ({"first": None}, "setup.first"),
        ({"hands": [["legal"]] * 2}, "list of 3 hands"),
        ({"hands": "legal"}, "list of 3 hands"),
        ({"row": ["legal"] * 3}, "4 face-up slots"),
        ({"row": ["legal", "legal", "gold", "legal"]}, r"setup.row\[2\]: unknown card 'gold'"),
        ({"pile": "legal"}, "setup.pile must be a list"),
        ({"colour": "red"}, "unknown key"),
    ],
)
def test_a_malformed_stacked_table_is_refused(changes, match):
    with pytest.raises(RecordError, match=match):
        ProhisGame(players=3, table=full_table(**changes))


def test_an_unknown_card_in_a_hand_is_named():
    table = full_table()
    table["hands"][1][4] = "diamond"
    with pytest.raises(RecordError, match=r"setup.hands\[1\]\[4\]: unknown card 'diamond'"):
        ProhisGame(players=3, table=table)


def test_an_empty_row_slot_with_cards_in_the_pile_is_refused():
    table = full_table()
    table["pile"].append(table["row"][1])
    table["row"][1] = None
    with pytest.raises(RecordError, match="refilled at once from the pile"):
        ProhisGame(players=3, table=table)


def test_a_table_off_by_some_cards_says_which_kind_and_by_how_many():
    table = full_table()
    table["pile"].remove("illegal")
    table["pile"].remove("illegal")
    table["pile"].append("legal")
    with pytest.raises(RecordError) as error:
        ProhisGame(players=3, table=table)
    message = str(error.value)
    assert "legal: 41 on the table, the deck has 40 (1 too many)" in message
    assert "illegal: 18 on the table, the deck has 20 (2 too few)" in message
    assert "lieutenant" not in message.split(";", 1)[1]  # kinds that add up are not blamed


def test_a_table_with_a_fourth_captain_for_three_players_is_refused():
    table = full_table()
    table["pile"].remove("legal")
    table["pile"].append("captain")
    expected = r"captain: 4 on the table, the deck has 3 \(1 too many\)"
    with pytest.raises(RecordError, match=expected):
        ProhisGame(players=3, table=table)


# ---------------------------------------------------------------- actions refused by apply


@pytest.fixture
def game():
    game = ProhisGame(players=3, table=full_table())
    assert game.to_act == 0
    return game


@pytest.mark.parametrize(
    ("action", "match"),
    [
        ({"seat": 0, "act": "fly"}, "unknown act 'fly'; the Prohis acts are take, stop"),
        ({"seat": 0, "act": "take", "from": "sky"}, "from must be 'row'"),
        ({"seat": 0, "act": "take", "from": "row", "slot": 4}, "slot must be 0 to 3"),
        ({"seat": 0, "act": "take", "from": "row", "slot": "1"}, "slot must be 0 to 3"),
        ({"seat": 0, "act": "take", "from": "row"}, "slot must be 0 to 3"),
        ({"seat": 0, "act": "take", "from": "pile", "slot": 1}, "no slot"),
        ({"seat": 0, "act": "pass", "cards": []}, r"unexpected field\(s\) \['cards'\]"),
        ({"seat": 0, "act": "convoy", "cards": "legal,legal"}, "cards must be a list"),
        ({"seat": 0, "act": "convoy", "cards": ["legal", "gold"]}, "cards must be a list"),
        ({"seat": 0, "act": "control", "card": "legal"}, "card must be a controller kind"),
        ({"seat": 0, "act": "turn", "position": "0"}, "position must be the index"),
        ({"seat": "0", "act": "pass"}, "seat must be a seat number"),
        ({"seat": True, "act": "pass"}, "seat must be a seat number"),
        ("pass", "an action is an object"),
        (None, "an action is an object"),
    ],
)
def test_a_malformed_action_is_refused_and_changes_nothing(game, action, match):
    error = refused(game, action, MalformedActionError, match)
    assert isinstance(error, RecordError) and isinstance(error, IllegalActionError)


def test_an_action_by_the_wrong_seat_says_whose_decision_it_is(game):
    error = refused(game, {"seat": 1, "act": "pass"}, WrongSeatError)
    assert "seat 1 may not act now: it is seat 0's decision" in str(error)
    # never seat 0's legal actions: a control or a bribe would tell seat 1 what seat 0 holds
    assert "allowed" not in str(error) and error.allowed == ()


def test_an_action_by_a_seat_not_at_the_table_is_refused(game):
    error = refused(game, {"seat": 9, "act": "pass"}, IllegalActionError)
    assert "seat 9" in str(error)
    with pytest.raises(UnknownSeatError, match="no seat 9 at this table: seats are 0 to 2"):
        game.view(9)
    with pytest.raises(UnknownSeatError):
        game.log(-1)


def test_an_illegal_action_says_what_is_allowed(game):
    error = refused(game, {"seat": 0, "act": "accept"}, IllegalActionError)
    assert "'accept' does not answer this decision" in str(error)
    assert "allowed: take from row slot 0" in str(error) and "pass" in str(error)
    assert error.allowed == game.legal_actions() and error.allowed


def test_an_illegal_convoy_says_which_card_is_missing(game):
    error = refused(game, {"seat": 0, "act": "convoy", "cards": ["illegal", "legal"]})
    assert "seat 0 holds 0 illegal card(s), the convoy needs 1" in str(error)


def test_a_refusal_in_the_middle_of_a_convoy_changes_nothing(game):
    game.apply({"seat": 0, "act": "convoy", "cards": ["legal", "legal"]})
    game.apply({"seat": 1, "act": "control", "card": "inspector"})
    game.apply({"seat": 2, "act": "decline"})
    refused(game, {"seat": 0, "act": "bribe", "cards": ["illegal"]}, match="holds 0 illegal")
    refused(game, {"seat": 1, "act": "accept"}, WrongSeatError)
    refused(game, {"seat": 0, "act": "waive"}, match="does not answer this decision")
    game.apply({"seat": 0, "act": "no_bribe"})
    game.apply({"seat": 1, "act": "inspect"})
    refused(game, {"seat": 1, "act": "turn", "position": 7}, match="not in the convoy")


def test_a_missing_seat_means_the_seat_to_act(game):
    game.apply({"act": "pass"})
    assert game.actions == (Action(0, "pass"),)


def test_no_action_after_the_end_of_the_game(game):
    for seat in (0, 1, 2):
        game.apply({"seat": seat, "act": "pass"})
    assert game.ended
    error = refused(game, {"seat": 0, "act": "pass"}, IllegalActionError, "the game has ended")
    assert error.allowed == ()


def test_nothing_to_undo_at_the_start(game):
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        game.undo()


def test_rules_and_players_together_are_refused():
    with pytest.raises(RulesError, match="not both"):
        ProhisGame(ProhisRules(players=4), players=5)


@pytest.mark.parametrize(
    "action",
    [
        Action(0.0, "take", source="pile"),
        Action(0, "take", source="row", slot=1.0),
        Action(0, "take", source="row", slot=True),
        Action(0, "turn", position=False),
    ],
    ids=["float seat", "float slot", "bool slot", "bool position"],
)
def test_a_legal_action_with_float_or_bool_fields_is_read_canonically_or_refused_cleanly(
    game, action
):
    # A NamedTuple compares by value (1.0 == 1 == True): the engine must either take
    # such an action as the integer it means, or refuse it; never half-apply it or
    # write a record it cannot read back.
    before = state(game)
    try:
        game.apply(action)
    except ProhisNbError:
        assert state(game) == before
        return
    assert game.card_counts() == game.rules.deck_counts()
    text = game.record().dumps()
    replayed = Record.loads(text).replay()
    assert state(replayed) == state(game)


# ---------------------------------------------------------------- refusals while replaying


def test_a_refused_record_action_names_its_index_and_what_was_allowed():
    data = record(actions=[{"seat": 2, "act": "pass"}, {"seat": 0, "act": "waive"}])
    with pytest.raises(RecordError) as error:
        Record.from_json(data).replay()
    assert error.value.index == 1
    assert str(error.value).startswith("action 1: ")
    assert "seat 0 may not act now: it is seat 3's decision (" in str(error.value)
    # (seat 3's legal actions are not listed: a wrong seat is never told what another
    # seat may do, which could tell what it holds; the decision's words are public)
    assert "allowed" not in str(error.value)


def test_a_malformed_record_action_names_its_index():
    data = record(actions=[{"seat": 2, "act": "take", "from": "row", "slot": 9}])
    with pytest.raises(RecordError, match="action 0: take from the row: slot must be 0 to 3"):
        Record.from_json(data).replay()


@pytest.mark.parametrize("upto", [-1, 2, "1", True])
def test_upto_outside_the_record_is_refused(upto):
    data = record(actions=[{"seat": 2, "act": "pass"}])
    with pytest.raises(RecordError, match="upto must be from 0 to 1"):
        Record.from_json(data).replay(upto)


def test_a_record_file_that_cannot_be_read_is_refused(tmp_path):
    with pytest.raises(RecordError, match="cannot read the record"):
        Record.load(tmp_path / "missing.json")


def test_a_numpy_integer_seat_is_written_as_a_plain_number(game):
    numpy = pytest.importorskip("numpy")
    game.apply(Action(numpy.int64(0), "take", source="pile"))
    text = game.record().dumps()
    assert json.loads(text)["actions"][0] == {"seat": 0, "act": "take", "from": "pile"}
    assert state(Record.loads(text).replay()) == state(game)


def test_a_seat_that_is_not_at_the_table_is_named_as_such():
    from prohis_nb import ProhisGame, ProhisRules

    game = ProhisGame(ProhisRules(players=3), seed=1)
    before = game.record().to_json()
    with pytest.raises(WrongSeatError, match=r"there is no seat 9 at this table \(seats 0 to 2\)"):
        game.apply({"seat": 9, "act": "pass"})
    assert game.record().to_json() == before


def test_an_empty_setup_says_what_a_setup_is():
    from prohis_nb import ProhisGame, ProhisRules
    from prohis_nb.errors import RecordError

    with pytest.raises(RecordError, match=r"setup must be \{'seed': N\} or a stacked table"):
        ProhisGame(ProhisRules(players=3), table={})
