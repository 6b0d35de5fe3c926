"""Every refusal path says what was wrong and what is allowed, and changes nothing;
records round-trip; ``prohis-nb replay`` behaves as RECORD.md says."""

import json
import subprocess
import sys

import pytest
from helpers.engine import act, stacked

from prohis_nb import (
    IllegalActionError,
    MalformedActionError,
    ProhisGame,
    ProhisRules,
    Record,
    RecordError,
    RulesError,
    UnknownSeatError,
    WrongSeatError,
)
from prohis_nb.cli import main as cli_main
from prohis_nb.cli import random_game


def state(game) -> str:
    return json.dumps(game.omniscient_view().to_json())


def record_data(**changes):
    data = {
        "format": "prohis-record/1",
        "game": "prohis",
        "rules": {"players": 4, "variants": {}},
        "setup": {"seed": 7},
        "actions": [],
    }
    data.update(changes)
    return data


# ---------------------------------------------------------------- rules


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        ({"players": 2}, "players must be a whole number from 3 to 6"),
        ({"players": 7}, "from 3 to 6"),
        ({"players": "4"}, "from 3 to 6"),
        ({"players": 4, "variants": {"fast": True}}, "unknown variant"),
        ({"players": 4, "variants": {"pass_is_final": "yes"}}, "on or off"),
        ({"players": 4, "variants": {"bribe_rounds": 0}}, "from 1 to"),
        ({"players": 4, "variants": {"bribe_rounds": True}}, "whole number of offers"),
        ({"players": 4, "deck": {"gold": 3}}, "unknown card kind"),
        ({"players": 4, "deck": {"legal": -1}}, "whole number ≥ 0"),
        ({"players": 4, "deck": {"legal": 20, "captain": 2}}, "one captain per player"),
        ({"players": 4, "colour": "red"}, "unknown key"),
        ({"variants": {}}, "players is missing"),
    ],
)
def test_impossible_rules_are_refused_with_what_is_allowed(rules, message):
    with pytest.raises(RulesError, match=message):
        ProhisRules.from_json(rules)


def test_a_custom_deck_too_small_to_deal_is_refused_for_a_seeded_game():
    rules = ProhisRules(players=3, deck={"legal": 10})
    with pytest.raises(RulesError, match="at least 16 are needed"):
        ProhisGame(rules, seed=1)


def test_rules_are_frozen_and_round_trip():
    rules = ProhisRules(players=5, pass_is_final=True, bribe_rounds=2, deck={"legal": 30})
    with pytest.raises(AttributeError):
        rules.players = 3
    assert ProhisRules.from_json(rules.to_json()) == rules
    assert rules.replace(bribe_rounds=3).bribe_rounds == 3


# ---------------------------------------------------------------- actions


def test_a_wrong_seat_is_refused_and_told_whose_decision_it_is():
    game = ProhisGame(players=4, seed=7)
    before = state(game)
    with pytest.raises(WrongSeatError, match="it is seat 2's decision") as refused:
        game.apply({"seat": 0, "act": "pass"})
    # Seat 2's legal actions are never handed to seat 0: they could tell what seat 2 holds.
    assert refused.value.allowed == () and "allowed" not in str(refused.value)
    assert state(game) == before and game.actions == ()


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ({"seat": 2, "act": "fly"}, "unknown act 'fly'"),
        ({"seat": "two", "act": "pass"}, "seat must be a seat number"),
        ({"seat": 2, "act": "take", "from": "deck"}, "from must be 'row'"),
        ({"seat": 2, "act": "take", "from": "row", "slot": 4}, "slot must be 0 to 3"),
        ({"seat": 2, "act": "convoy", "cards": ["gold", "legal"]}, "cards must be a list"),
        ({"seat": 2, "act": "control", "card": "legal"}, "a controller kind"),
        ({"seat": 2, "act": "pass", "cards": []}, "unexpected field"),
        ("pass", "an action is an object"),
    ],
)
def test_malformed_actions_are_refused_untouched(action, message):
    game = ProhisGame(players=4, seed=7)
    before = state(game)
    with pytest.raises(MalformedActionError, match=message):
        game.apply(action)
    assert state(game) == before


def test_an_illegal_action_says_what_was_allowed_and_changes_nothing():
    game = ProhisGame(players=4, seed=7)
    before = state(game)
    with pytest.raises(IllegalActionError, match="allowed: take from") as refused:
        game.apply({"seat": 2, "act": "accept"})
    assert "does not answer this decision" in str(refused.value)
    assert state(game) == before


def test_a_refusal_in_the_middle_of_an_inspection_leaves_the_state_as_it_was():
    game = stacked(
        ProhisRules(players=3),
        [["captain", "inspector", "legal", "illegal", "legal"], ["captain"], ["inspector"]],
    )
    act(game, 0, "convoy", cards=["legal", "illegal", "legal"])
    act(game, 1, "control", card="captain")
    act(game, 2, "decline")
    act(game, 0, "no_bribe")
    act(game, 1, "inspect")
    act(game, 1, "turn", position=0)
    before = state(game)
    with pytest.raises(IllegalActionError, match="already face up"):
        act(game, 1, "turn", position=0)
    with pytest.raises(IllegalActionError, match="not in the convoy"):
        act(game, 1, "turn", position=3)
    assert state(game) == before


def test_an_unknown_seat_is_refused():
    game = ProhisGame(players=3, seed=1)
    with pytest.raises(UnknownSeatError, match="seats are 0 to 2"):
        game.view(3)


def test_undo_with_nothing_to_undo_is_refused():
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        ProhisGame(players=3, seed=1).undo()


# ---------------------------------------------------------------- records


def test_a_record_round_trips_through_json_text(tmp_path):
    game = random_game(ProhisGame, ProhisRules(players=5, bribe_rounds=2), seed=4)
    path = tmp_path / "game.json"
    game.record().save(path)
    again = Record.load(path)
    assert again.to_json() == game.record().to_json()
    assert state(again.replay()) == state(game)
    assert json.loads(str(game.record())) == game.record().to_json()


def test_a_stacked_record_round_trips():
    game = stacked(ProhisRules(players=3), [["captain", "inspector", "legal", "legal"], [], []])
    act(game, 0, "convoy", cards=["legal", "captain"])
    record = Record.loads(game.record().dumps())
    assert record.setup["hands"][0] == ["legal", "legal", "captain", "inspector"]
    assert state(record.replay()) == state(game)


def test_extra_keys_are_kept():
    record = Record.from_json(record_data(title="lesson 1"))
    assert record.to_json()["title"] == "lesson 1"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "a record is a JSON object"),
        ({"format": "prohis-record/1"}, "the record lacks"),
        (record_data(format="chess-record/1"), "unknown record format"),
        (record_data(game="smuggle"), "is a record of 'prohis'"),
        (record_data(actions={}), "actions must be a list"),
        (record_data(actions=[3]), "action 0"),
        (record_data(setup={"seed": -1}), "seed must be a whole number"),
        (record_data(setup={"seed": 1, "first": 0}), "either"),
        (record_data(setup={"first": 0, "hands": [], "row": [], "pile": []}), "list of 4 hands"),
    ],
)
def test_malformed_records_are_refused(data, message):
    with pytest.raises((RecordError, RulesError), match=message):
        Record.from_json(data).replay()


def test_a_stacked_table_off_by_some_cards_says_which_kind_and_by_how_many():
    rules = ProhisRules(players=3)
    hands = [["captain", "inspector"]] * 3
    table = {"first": 0, "hands": hands, "row": ["legal"] * 4, "pile": ["legal"] * 40}
    with pytest.raises(RecordError) as refused:
        ProhisGame(rules, table=table)
    message = str(refused.value)
    assert "legal: 44 on the table, the deck has 40 (4 too many)" in message
    assert "illegal: 0 on the table, the deck has 20 (20 too few)" in message


def test_invalid_json_is_refused():
    with pytest.raises(RecordError, match="not valid JSON"):
        Record.loads("{not json")


def test_replay_names_the_index_of_the_refused_action():
    data = record_data(actions=[{"seat": 2, "act": "pass"}, {"seat": 2, "act": "pass"}])
    with pytest.raises(RecordError) as refused:
        Record.from_json(data).replay()
    assert refused.value.index == 1
    assert "action 1" in str(refused.value) and "seat 3's decision" in str(refused.value)


def test_a_forced_step_written_in_a_record_is_read_as_already_taken():
    game = stacked(
        ProhisRules(players=3), [["captain", "inspector", "legal", "legal"], ["legal"], []]
    )
    act(game, 0, "convoy", cards=["legal", "legal"])
    # seat 1 holds no controller card, but nobody else knows: it is asked (and recorded);
    # seat 2's hand is empty, which everyone knows: its decline is the engine's
    assert game.to_act == 1
    act(game, 1, "decline")
    assert [a.act for a in game.forced_after(1)] == ["decline"]
    data = game.record().to_json()
    assert [a["act"] for a in data["actions"]] == ["convoy", "decline"]
    data["actions"] += [{"seat": 2, "act": "decline"}]  # the public forced step written out
    assert state(Record.from_json(data).replay()) == state(game)
    # a record written before hidden-forced steps were asked leaves seat 1's decline out
    data["actions"] = data["actions"][:1] + [{"seat": 2, "act": "decline"}]
    assert state(Record.from_json(data).replay()) == state(game)


# ---------------------------------------------------------------- the command line


@pytest.fixture
def record_file(tmp_path):
    game = random_game(ProhisGame, ProhisRules(players=4), seed=12)
    path = tmp_path / "game.json"
    game.record().save(path)
    return path, game


def test_replay_prints_the_state_as_json(record_file, capsys):
    path, game = record_file
    assert cli_main(["replay", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    for key in ("ended", "to_act", "scores", "winners", "hands", "warehouses", "row", "pile"):
        assert key in out
    assert out["ended"] is True and out["to_act"] is None
    assert out["scores"] == game.scores() and out["winners"] == game.winners()
    assert isinstance(out["pile"], int)


def test_replay_upto_stops_after_n_actions(record_file, capsys):
    path, game = record_file
    assert cli_main(["replay", str(path), "--upto", "5"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out == json.loads(json.dumps(Record.load(path).replay(5).omniscient_view().to_json()))


def test_replay_seat_prints_only_that_seats_view(record_file, capsys):
    path, game = record_file
    assert cli_main(["replay", str(path), "--seat", "1", "--upto", "10"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["seat"] == 1 and "hands" not in out and "pile_cards" not in out
    assert out == json.loads(json.dumps(Record.load(path).replay(10).view(1).to_json()))


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda d: d["actions"].insert(3, {"seat": 9, "act": "pass"}), "action 3"),
        (lambda d: d["actions"].insert(0, {"seat": 0, "act": "fly"}), "action 0"),
        (lambda d: d.pop("setup"), "lacks setup"),
        (lambda d: d["rules"].update(players=9), "players must be"),
    ],
)
def test_a_refused_record_prints_nothing_and_explains_on_stderr(tmp_path, capsys, change, expected):
    data = random_game(ProhisGame, ProhisRules(players=3), seed=3).record().to_json()
    change(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    assert cli_main(["replay", str(path)]) != 0
    captured = capsys.readouterr()
    assert captured.out == ""
    assert expected in captured.err and "refused" in captured.err


def test_an_illegal_action_refusal_says_what_was_allowed(tmp_path, capsys):
    data = record_data(actions=[{"seat": 2, "act": "accept"}])
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    assert cli_main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert "action 0" in err and "allowed: take from" in err


def test_the_console_script_runs_as_a_module(record_file):
    path, game = record_file
    done = subprocess.run(
        [sys.executable, "-m", "prohis_nb", "replay", str(path), "--seat", "0"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(done.stdout)["seat"] == 0


def test_simulate_prints_a_summary_and_writes_records_that_replay(tmp_path, capsys):
    assert (
        cli_main(
            ["simulate", "--players", "3", "--games", "4", "--seed", "2", "--out", str(tmp_path)]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "mean score" in out and "games/s" in out
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 4
    for path in files:
        assert Record.load(path).replay().ended


def test_play_drives_one_seat_from_the_terminal():
    done = subprocess.run(
        [sys.executable, "-m", "prohis_nb", "play", "--seat", "1", "--players", "3", "--seed", "4"],
        input="help\nlist\n0\nquit\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0
    assert "You play seat 1" in done.stdout and "Stopped." in done.stdout


def test_is_legal_answers_any_candidate_without_raising_and_changes_nothing():
    hands = [["captain", "inspector", "legal", "legal"], ["captain", "inspector"], ["inspector"]]
    game = stacked(ProhisRules(players=3), hands)
    before = state(game)
    assert game.is_legal({"seat": 0, "act": "convoy", "cards": ["legal", "legal"]})
    assert not game.is_legal({"seat": 0, "act": "convoy", "cards": ["illegal", "legal"]})
    assert not game.is_legal({"seat": 0, "act": "fly"})  # malformed: not legal, no error
    assert not game.is_legal({"seat": 1, "act": "pass"})  # another seat's turn
    assert not game.is_legal("pass")
    assert state(game) == before


def test_an_action_applied_before_anything_was_asked_is_checked_the_same():
    hands = [["captain", "inspector", "legal", "legal"], ["captain", "inspector"], ["inspector"]]
    fresh = stacked(ProhisRules(players=3), hands, pile_top=["illegal"])
    with pytest.raises(IllegalActionError, match="holds 0 illegal"):
        fresh.apply({"seat": 0, "act": "convoy", "cards": ["illegal", "legal"]})
    fresh = stacked(ProhisRules(players=3), hands, pile_top=["illegal"])
    fresh.apply({"seat": 0, "act": "take", "from": "pile"})
    assert fresh.hand(0).count("illegal") == 1
    # after an undo, or in a copy, nothing is listed yet: the same checks, the same result
    fresh.undo()
    twin = fresh.copy()
    for game in (fresh, twin):
        with pytest.raises(IllegalActionError, match="holds 0 illegal"):
            game.apply({"seat": 0, "act": "convoy", "cards": ["illegal", "legal"]})
    for game in (fresh.copy(), twin.copy()):
        game.apply({"seat": 0, "act": "take", "from": "pile"})
        assert game.hand(0).count("illegal") == 1
