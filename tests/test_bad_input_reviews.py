"""Bad input the outside reviews found (attack-24 F2, F3, F12, F13): clear errors, state untouched.

Each refusal names what was wrong and what is allowed, is one of the
project's errors (never a bare ``TypeError`` traceback), and changes nothing.
"""

from __future__ import annotations

import sys
import textwrap

import pytest

import prohis_nb
from prohis_nb import SmuggleRules
from prohis_nb.core import registry
from prohis_nb.core.limits import MAX_SEED
from prohis_nb.core.record import Record
from prohis_nb.errors import MalformedActionError, RecordError, RulesError, UnknownGameError
from prohis_nb.smuggle.board import Board

# ---------------------------------------------------------------- F2: convoy cards


@pytest.mark.parametrize("cards", [3, True, 1.5, "legal", {"legal": 1}])
@pytest.mark.parametrize("act", ["convoy", "bribe"])
def test_convoy_cards_that_are_not_a_list_are_refused_in_words(act, cards):
    game = prohis_nb.new_game("convoy", table={"hand": "dirty", "order": [0, 1, 2]})
    if act == "bribe":
        game.apply({"seat": 0, "act": "convoy", "cards": ["legal", "legal", "illegal"]})
    before = game.record().dumps()
    with pytest.raises(MalformedActionError, match=f"{act}: cards is a list of 1 to 4 card kinds"):
        game.apply({"seat": 0, "act": act, "cards": cards})
    assert game.record().dumps() == before


def test_a_record_with_such_cards_is_a_record_error_naming_the_action():
    data = {
        "format": "convoy-record/1",
        "game": "convoy",
        "rules": {"players": 2, "variants": {}},
        "setup": {"seed": 3},
        "actions": [{"seat": 0, "act": "convoy", "cards": 3}],
    }
    with pytest.raises(RecordError, match="action 0: convoy: cards is a list") as caught:
        Record.from_json(data).replay()
    assert caught.value.index == 0


# ---------------------------------------------------------------- F3: the seed of a record


def record_with_seed(name, seed):
    found = registry.spec(name)
    return {
        "format": found.record_format,
        "game": name,
        "rules": {"players": found.default_players, "variants": {}},
        "setup": {"seed": seed},
        "actions": [],
    }


@pytest.mark.parametrize("name", registry.names())
@pytest.mark.parametrize("seed", [None, -1, 1.0, True, "3"])
def test_a_record_names_its_one_game_never_a_random_one(name, seed):
    record = Record.from_json(record_with_seed(name, seed))
    with pytest.raises(
        RecordError, match=f"setup.seed must be a whole number from 0 to {MAX_SEED:,}"
    ):
        record.replay()


@pytest.mark.parametrize("name", registry.names())
def test_a_good_seed_replays_the_same_game_every_time(name):
    record = Record.from_json(record_with_seed(name, 7))
    assert record.replay().record().dumps() == record.replay().record().dumps()


# ---------------------------------------------------------------- F12: variants and rules


@pytest.mark.parametrize(
    "call",
    [lambda: prohis_nb.new_game("prohis", bogus=1), lambda: prohis_nb.Game(players=4, bogus=1)],
)
def test_an_unknown_prohis_variant_names_the_allowed_ones(call):
    with pytest.raises(
        RulesError,
        match=r"unknown Prohis variant\(s\) \['bogus'\]; allowed: "
        r"pass_is_final, waiver_keeps_card, bribe_rounds, full_box, deck",
    ):
        call()


@pytest.mark.parametrize("name", ["smuggle", "customs"])
def test_a_board_may_be_given_as_its_json(name):
    board = Board(immunity_fine=500)
    game = prohis_nb.new_game(name, board=board.to_json(), seed=1)
    assert game.rules.board == board
    assert game.rules == prohis_nb.new_game(name, board=board, seed=1).rules
    with pytest.raises(RulesError, match="board must be a Board or its JSON"):
        prohis_nb.new_game(name, board=42, seed=1)


def test_another_games_rules_are_named_as_such():
    with pytest.raises(RulesError, match="a convoy game takes ConvoyRules .* got SmuggleRules"):
        prohis_nb.new_game("convoy", rules=SmuggleRules(players=3))
    with pytest.raises(RulesError, match="a prohis game takes ProhisRules .* got 42"):
        prohis_nb.new_game("prohis", rules=42)


# ---------------------------------------------------------------- F13: the registry


@pytest.mark.parametrize("path", [123, "", ":SPEC", None])
def test_register_wants_an_import_path(path):
    with pytest.raises(TypeError, match="an import path 'module:attribute'"):
        registry.register(path)


@pytest.mark.parametrize("name", [["x"], 3, None, "chess"])
def test_unregister_of_a_non_game_is_the_unknown_game_error(name):
    before = registry.names()
    with pytest.raises(UnknownGameError, match="unknown game"):
        registry.unregister(name)
    assert registry.names() == before


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"players": (True,)}, "players lists the player counts"),
        ({"players": (0,)}, "players lists the player counts"),
        ({"players": "3"}, "players lists the player counts"),
        ({"record_format": None}, "record_format is a non-empty string"),
        ({"record_format": ""}, "record_format is a non-empty string"),
        ({"game": None}, "game is a non-empty string"),
        ({"title": 3}, "title is a non-empty string"),
        ({"name": 3}, "a game's name is one lower-case word"),
        ({"coach": 3}, "coach is a non-empty string or None"),
        ({"opponents": "random"}, "opponents lists bot names"),
    ],
)
def test_a_spec_checks_its_facts(changes, words):
    facts = {
        "name": "toy",
        "title": "Toy",
        "players": (2,),
        "record_format": "toy/1",
        "game": "prohis_nb.smuggle.game:SmuggleGame",
    }
    with pytest.raises(ValueError, match=words):
        registry.GameSpec(**{**facts, **changes})


def test_a_plug_in_may_not_take_another_games_record_format(tmp_path, monkeypatch):
    (tmp_path / "toyplug_fixsec.py").write_text(
        textwrap.dedent(
            """
            from prohis_nb.core.registry import GameSpec
            SPEC = GameSpec(name="toyplug", title="Toy", players=(3,),
                            record_format="smuggle-record/1",
                            game="prohis_nb.smuggle.game:SmuggleGame")
            OWN = GameSpec(name="toyplug", title="Toy", players=(3,),
                           record_format="toyplug-record/1",
                           game="prohis_nb.smuggle.game:SmuggleGame")
            """
        )
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    before = registry.names()
    try:
        with pytest.raises(ValueError, match="'smuggle-record/1' is the game 'smuggle''s already"):
            registry.register("toyplug_fixsec:SPEC")
        assert registry.names() == before
        assert registry.spec_for_format("smuggle-record/1").name == "smuggle"
        assert registry.register("toyplug_fixsec:OWN").record_format == "toyplug-record/1"
    finally:
        if "toyplug" in registry.names():
            registry.unregister("toyplug")
        sys.modules.pop("toyplug_fixsec", None)
    assert registry.names() == before
