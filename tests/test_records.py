"""Game records (RECORD.md): written, read back, replayed to the same state.

A record is the PGN of prohis_nb: the envelope (format, game, rules, setup,
actions), a seed or a stacked table, and every decision taken (forced steps
left out).
"""

from __future__ import annotations

import json
import random

import pytest

import prohis_nb
from prohis_nb import Action, ProhisGame, ProhisRules, Record
from prohis_nb.core.record import load_record


def state(game):
    return json.dumps(game.omniscient_view().to_json(), sort_keys=True)


def random_game(rules, seed, steps=None):
    game = ProhisGame(rules, seed=seed)
    rng = random.Random(seed)
    while not game.ended and (steps is None or len(game.actions) < steps):
        game.apply(rng.choice(game.legal_actions()))
    return game


RULES = [
    ProhisRules(players=3),
    ProhisRules(players=4, bribe_rounds=3, waiver_keeps_card=True),
    ProhisRules(players=5, pass_is_final=True),
    ProhisRules(players=6, full_box=True),
    ProhisRules(players=4, deck={"legal": 22, "illegal": 6, "lieutenant": 2}),
]


@pytest.mark.parametrize("rules", RULES, ids=repr)
def test_a_record_round_trips_through_its_text(rules):
    game = random_game(rules, seed=11)
    record = game.record()
    text = record.dumps()
    again = Record.loads(text)
    assert again.to_json() == record.to_json()
    replayed = again.replay()
    assert state(replayed) == state(game)
    assert replayed.actions == game.actions
    assert again.dumps() == text


def test_dumps_writes_plain_json_with_the_envelope_in_order():
    game = random_game(ProhisRules(players=4, bribe_rounds=2), seed=3)
    text = game.record().dumps()
    data = json.loads(text)
    assert list(data) == ["format", "game", "rules", "setup", "actions"]
    assert data["format"] == "prohis-record/1" and data["game"] == "prohis"
    assert data["rules"] == {"players": 4, "variants": {"bribe_rounds": 2}}
    assert data["setup"] == {"seed": 3}
    assert data["actions"] == [a.to_json() for a in game.actions]
    # one action per line, so records read and diff well
    assert text.count("\n") == len(game.actions) + 2
    assert json.loads(game.record().dumps(indent=2)) == data


def test_save_and_load_round_trip(tmp_path):
    game = random_game(ProhisRules(players=3), seed=5, steps=40)
    path = tmp_path / "game.json"
    game.record().save(path)
    assert state(Record.load(path).replay()) == state(game)
    assert state(prohis_nb.replay(path)) == state(game)
    assert state(prohis_nb.replay(str(path))) == state(game)


def test_a_stacked_table_is_written_as_the_table_and_replays():
    rules = ProhisRules(players=3, deck={"legal": 20, "illegal": 4, "lieutenant": 2})
    seeded = ProhisGame(rules, seed=9)
    table = seeded.omniscient_view()
    setup = {
        "first": seeded.to_act,
        "hands": [list(h) for h in table.hands],
        "row": list(table.row),
        "pile": list(table.pile),
    }
    game = ProhisGame(rules, table=setup)
    rng = random.Random(1)
    while not game.ended:
        game.apply(rng.choice(game.legal_actions()))
    data = json.loads(game.record().dumps())
    assert data["setup"] == setup
    assert data["rules"]["deck"] == {
        "legal": 20,
        "illegal": 4,
        "lieutenant": 2,
        "captain": 3,
        "inspector": 3,
    }
    assert state(Record.from_json(data).replay()) == state(game)


def test_the_envelope_example_of_record_md_replays():
    text = (
        '{"format": "prohis-record/1", "game": "prohis", '
        '"rules": {"players": 4, "variants": {}}, "setup": {"seed": 7}, "actions": []}'
    )
    game = Record.loads(text).replay()
    assert state(game) == state(ProhisGame(players=4, seed=7))


def test_the_action_example_of_record_md_reads():
    data = {"seat": 1, "act": "convoy", "cards": ["illegal", "legal", "captain"]}
    action = Action.from_json(data)
    assert action == Action(1, "convoy", cards=("illegal", "legal", "captain"))
    assert action.to_json() == data


@pytest.mark.parametrize(
    "data",
    [
        {"seat": 0, "act": "take", "from": "row", "slot": 3},
        {"seat": 0, "act": "take", "from": "pile"},
        {"seat": 0, "act": "stop"},
        {"seat": 0, "act": "pass"},
        {"seat": 0, "act": "convoy", "cards": ["legal", "illegal"]},
        {"seat": 2, "act": "control", "card": "lieutenant"},
        {"seat": 2, "act": "decline"},
        {"seat": 0, "act": "bribe", "cards": ["legal", "captain"]},
        {"seat": 0, "act": "no_bribe"},
        {"seat": 2, "act": "accept"},
        {"seat": 2, "act": "reject"},
        {"seat": 2, "act": "inspect"},
        {"seat": 2, "act": "waive"},
        {"seat": 2, "act": "turn", "position": 1},
    ],
    ids=lambda data: data["act"],
)
def test_every_act_reads_and_writes_in_the_record_form(data):
    assert Action.from_json(data).to_json() == data


def test_a_bribe_is_a_set_of_cards_written_in_the_fixed_kind_order():
    action = Action.from_json({"seat": 0, "act": "bribe", "cards": ["captain", "legal"]})
    assert action.cards == ("legal", "captain")
    # a convoy keeps its order
    convoy = Action.from_json({"seat": 0, "act": "convoy", "cards": ["captain", "legal"]})
    assert convoy.cards == ("captain", "legal")


def test_rules_read_back_from_a_record_are_equal():
    for rules in RULES:
        assert ProhisRules.from_json(json.loads(json.dumps(rules.to_json()))) == rules


def test_variants_may_be_left_out():
    record = Record.from_json(
        {
            "format": "prohis-record/1",
            "game": "prohis",
            "rules": {"players": 3},
            "setup": {"seed": 1},
            "actions": [],
        }
    )
    assert record.replay().rules == ProhisRules(players=3)


def test_replay_upto_stops_after_that_many_actions():
    game = random_game(ProhisRules(players=4), seed=2)
    record = game.record()
    for upto in (0, 1, 7, len(game.actions) // 2, len(game.actions)):
        partial = record.replay(upto)
        assert partial.actions == game.actions[:upto]
        step = ProhisGame(game.rules, seed=2)
        for action in game.actions[:upto]:
            step.apply(action)
        assert state(partial) == state(step)
    assert state(prohis_nb.replay(record, upto=3)) == state(record.replay(3))


def test_extra_keys_are_kept_when_a_record_is_written_again():
    data = json.loads(random_game(ProhisRules(players=3), seed=4, steps=5).record().dumps())
    data["event"] = "Year 9 lesson"
    again = Record.from_json(data)
    assert json.loads(again.dumps())["event"] == "Year 9 lesson"
    assert again.replay().actions == tuple(Action.from_json(a) for a in data["actions"])


def test_load_record_takes_a_path_text_object_or_record(tmp_path):
    record = random_game(ProhisRules(players=3), seed=8, steps=12).record()
    path = tmp_path / "r.json"
    record.save(path)
    for source in (path, str(path), record.dumps(), json.loads(record.dumps()), record):
        assert load_record(source).to_json() == record.to_json()


def test_a_new_game_writes_a_record_with_no_actions():
    game = ProhisGame(players=5, seed=0)
    data = json.loads(game.record().dumps())
    assert data["actions"] == [] and data["setup"] == {"seed": 0}
    assert state(Record.from_json(data).replay()) == state(game)


def test_a_game_without_a_seed_picks_one_and_records_it():
    game = ProhisGame(players=3)
    seed = game.record().setup["seed"]
    assert isinstance(seed, int) and seed >= 0
    assert state(ProhisGame(players=3, seed=seed)) == state(game)


def test_forced_steps_are_not_written():
    game = random_game(ProhisRules(players=6), seed=13)
    forced = sum(len(game.forced_after(i)) for i in range(-1, len(game.actions)))
    assert forced > 0  # a long game has some (a last turn, an inspect owed, ...)
    assert game.record().actions == [a.to_json() for a in game.actions]
    # each recorded action is one the seat chose among several, or a step forced
    # only by the seat's own hidden cards (a decline, a last possible no_bribe)
    replayed = ProhisGame(game.rules, seed=13)
    for action in game.actions:
        legal = replayed.legal_actions()
        assert len(legal) > 1 or legal[0].act in ("decline", "no_bribe")
        replayed.apply(action)
