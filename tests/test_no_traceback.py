"""No traceback, ever (issue 11): every bad input ends in the project's own error.

Each case runs the command line as a subprocess, as a user would, and asserts:
exit status non-zero, nothing on stdout, no ``Traceback`` on stderr, and a
short message that names what was wrong. The bad inputs are the issue's list:
wrong JSON types where a string is expected, bytes that are not UTF-8, JSON
nested 100,000 deep, integers of thousands of digits, absurd decks, bad
command-line numbers and files that exist already.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from prohis_nb.smuggle.game import PACK

SCRIPT = Path(sys.executable).with_name("prohis-nb")

PROHIS = {
    "format": "prohis-record/1",
    "game": "prohis",
    "rules": {"players": 4, "variants": {}},
    "setup": {"seed": 7},
    "actions": [],
}
SMUGGLE = {
    "format": "smuggle-record/1",
    "game": "smuggle",
    "rules": {"players": 3, "variants": {}},
    "setup": {"seed": 1},
    "actions": [],
}
STACKED = {
    "first": 0,
    "hands": [["captain", "inspector", "legal", "legal"]] * 3,
    "row": ["legal", "legal", "legal", "legal"],
    "pile": ["legal"] * 4,
}
STACKED_DECK = {"legal": 14, "illegal": 0, "lieutenant": 0}


def run(*argv: str, stdin: str | None = None) -> tuple[int, str, str]:
    command = [str(SCRIPT)] if SCRIPT.exists() else [sys.executable, "-m", "prohis_nb"]
    done = subprocess.run(
        [*command, *argv], capture_output=True, text=True, timeout=120, check=False, input=stdin
    )
    return done.returncode, done.stdout, done.stderr


def refused(*argv: str, stdin: str | None = None, match: str = "") -> str:
    """Run the CLI; it must refuse cleanly. Returns stderr."""
    status, out, err = run(*argv, stdin=stdin)
    assert "Traceback" not in err, err[-3000:]
    assert status != 0
    assert out == ""
    assert err.startswith("prohis-nb: ") or err.startswith("usage:"), err[:500]
    assert len(err) < 1200, f"{len(err)} characters on stderr"
    assert match.lower() in err.lower(), err
    return err


def with_(base: dict, **changes) -> dict:
    return {**json.loads(json.dumps(base)), **changes}


def stacked(**table) -> dict:
    return with_(
        PROHIS,
        rules={"players": 3, "deck": STACKED_DECK},
        setup={**STACKED, **table},
    )


def deep(n: int) -> str:
    return "[" * n + "]" * n


BIG = "9" * 5000

# (name, record text, words the message must hold)
BAD_RECORDS = [
    ("format is a list", json.dumps(with_(PROHIS, format=[])), "format"),
    ("format is an object", json.dumps(with_(PROHIS, format={"a": 1})), "format"),
    ("game is a list", json.dumps(with_(PROHIS, game=["prohis"])), "game"),
    ("act is a list", json.dumps(with_(PROHIS, actions=[{"seat": 0, "act": ["take"]}])), "act"),
    ("act is an object", json.dumps(with_(PROHIS, actions=[{"seat": 0, "act": {}}])), "act"),
    (
        "convoy card is a list",
        json.dumps(with_(PROHIS, actions=[{"seat": 2, "act": "convoy", "cards": [["legal"]]}])),
        "cards",
    ),
    (
        "from is a list",
        json.dumps(with_(PROHIS, actions=[{"seat": 2, "act": "take", "from": ["row"]}])),
        "from",
    ),
    (
        "control card is a list",
        json.dumps(with_(PROHIS, actions=[{"seat": 2, "act": "control", "card": ["x"]}])),
        "card",
    ),
    ("seat is a string", json.dumps(with_(PROHIS, actions=[{"seat": "0", "act": "pass"}])), "seat"),
    ("seat is a float", json.dumps(with_(PROHIS, actions=[{"seat": 0.5, "act": "pass"}])), "seat"),
    ("seat is true", json.dumps(with_(PROHIS, actions=[{"seat": True, "act": "pass"}])), "seat"),
    (
        "huge seat",
        '{"format": "prohis-record/1", "game": "prohis", "rules": {"players": 4}, '
        '"setup": {"seed": 7}, "actions": [{"seat": ' + BIG + ', "act": "pass"}]}',
        "digits",
    ),
    (
        "huge seed",
        '{"format": "prohis-record/1", "game": "prohis", "rules": {"players": 4}, '
        '"setup": {"seed": ' + BIG + '}, "actions": []}',
        "digits",
    ),
    (
        "seed too large",
        json.dumps(with_(PROHIS, setup={"seed": 2**64})),
        "9,223,372,036,854,775,807",
    ),
    ("negative seed", json.dumps(with_(PROHIS, setup={"seed": -1})), "seed"),
    ("players is a string", json.dumps(with_(PROHIS, rules={"players": "4"})), "players"),
    ("players is a list", json.dumps(with_(PROHIS, rules={"players": [4]})), "players"),
    (
        "variants is a list",
        json.dumps(with_(PROHIS, rules={"players": 4, "variants": []})),
        "variants",
    ),
    (
        "variant value is a list",
        json.dumps(with_(PROHIS, rules={"players": 4, "variants": {"bribe_rounds": [2]}})),
        "bribe_rounds",
    ),
    (
        "deck of 10**12",
        json.dumps(with_(PROHIS, rules={"players": 4, "deck": {"legal": 10**12}})),
        "1,000",
    ),
    (
        "deck of 10**7",
        json.dumps(with_(PROHIS, rules={"players": 4, "deck": {"legal": 10**7}})),
        "1,000",
    ),
    (
        "deck count a list",
        json.dumps(with_(PROHIS, rules={"players": 4, "deck": {"legal": [1]}})),
        "legal",
    ),
    (
        "deck kind a number",
        '{"format": "prohis-record/1", "game": "prohis", "rules": {"players": 4, '
        '"deck": {"1": 3}}, "setup": {"seed": 7}, "actions": []}',
        "kind",
    ),
    ("hand card is a list", json.dumps(stacked(hands=[[["legal"]]] * 3)), "hands"),
    ("hand is a string", json.dumps(stacked(hands=["legal"] * 3)), "hands"),
    ("row card is a list", json.dumps(stacked(row=[["legal"]] * 4)), "row"),
    ("pile card is an object", json.dumps(stacked(pile=[{}] * 4)), "pile"),
    ("first is a string", json.dumps(stacked(first="0")), "first"),
    ("not an object", "[1, 2]", "object"),
    ("nested 100,000 deep", deep(100_000), "deep"),
    ("nested inside a record", json.dumps(PROHIS)[:-1] + ', "x": ' + deep(100_000) + "}", "deep"),
    ("NaN", json.dumps(with_(PROHIS, setup={"seed": 7}))[:-1] + ', "x": NaN}', "nan"),
    # Smuggle
    (
        "smuggle items is a string",
        json.dumps(with_(SMUGGLE, actions=[{"seat": 1, "act": "declare", "items": "wine"}])),
        "items",
    ),
    (
        "smuggle item is a list",
        json.dumps(with_(SMUGGLE, actions=[{"seat": 1, "act": "declare", "items": [["wine"]]}])),
        "items",
    ),
    (
        "smuggle declare without items",
        json.dumps(with_(SMUGGLE, actions=[{"seat": 1, "act": "declare"}])),
        "items",
    ),
    (
        "smuggle discard card is a list",
        json.dumps(with_(SMUGGLE, actions=[{"seat": 1, "act": "discard", "card": ["wine"]}])),
        "card",
    ),
    (
        "smuggle act is a list",
        json.dumps(with_(SMUGGLE, actions=[{"seat": 1, "act": ["accept"]}])),
        "act",
    ),
    (
        "smuggle unknown rules key",
        json.dumps(with_(SMUGGLE, rules={"players": 3, "deck": {}})),
        "deck",
    ),
    (
        "smuggle variants is a list",
        json.dumps(with_(SMUGGLE, rules={"players": 3, "variants": []})),
        "variants",
    ),
    (
        "smuggle variants is a string",
        json.dumps(with_(SMUGGLE, rules={"players": 3, "variants": "x"})),
        "variants",
    ),
    (
        "smuggle pack card is a list",
        json.dumps(with_(SMUGGLE, setup={"packs": [[["wine"]] * 54] * 3})),
        "packs",
    ),
    ("smuggle packs is a string", json.dumps(with_(SMUGGLE, setup={"packs": "abc"})), "packs"),
    (
        "smuggle huge start money",
        json.dumps(
            with_(SMUGGLE, rules={"players": 3, "variants": {"board": {"start_money": 10**4000}}})
        ),
        "digits",
    ),
    (
        "smuggle start money too large",
        json.dumps(
            with_(SMUGGLE, rules={"players": 3, "variants": {"board": {"start_money": 10**9}}})
        ),
        "start_money",
    ),
    (
        "smuggle duty is a list",
        json.dumps(with_(SMUGGLE, rules={"players": 3, "variants": {"board": {"duty": [1]}}})),
        "duty",
    ),
]


@pytest.mark.parametrize(("name", "text", "words"), BAD_RECORDS, ids=[c[0] for c in BAD_RECORDS])
def test_a_bad_record_is_refused_without_a_traceback(tmp_path, name, text, words):
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    refused("replay", str(path), "--seat", "0", match=words)


def test_a_record_read_from_standard_input_is_checked_the_same_way():
    refused("replay", "-", stdin=deep(100_000), match="deep")


def test_a_file_that_is_not_utf8_is_refused(tmp_path):
    path = tmp_path / "latin1.json"
    path.write_bytes(json.dumps(with_(PROHIS, game="prohis")).encode()[:-1] + b', "x": "\xe9"}')
    refused("replay", str(path), match="UTF-8")


def test_a_huge_act_name_is_quoted_as_a_short_excerpt(tmp_path):
    path = tmp_path / "long.json"
    path.write_text(json.dumps(with_(PROHIS, actions=[{"seat": 0, "act": "x" * 1_000_000}])))
    err = refused("replay", str(path), match="action 0")
    assert "1,000,000 characters" in err


def test_replay_upto_still_checks_the_actions_after_n(tmp_path):
    path = tmp_path / "late.json"
    path.write_text(json.dumps(with_(PROHIS, actions=[{"seat": 0, "act": ["take"]}])))
    refused("replay", str(path), "--upto", "0", match="action 0")


def test_replay_upto_still_checks_that_the_later_actions_are_legal(tmp_path):
    path = tmp_path / "late.json"
    path.write_text(json.dumps(with_(PROHIS, actions=[{"seat": 0, "act": "accept"}])))
    refused("replay", str(path), "--upto", "0", match="action 0")


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["simulate", "--seed", "-5", "--games", "1"], "seed"),
        (["simulate", "--seed", "9" * 5000, "--games", "1"], "seed"),
        (["simulate", "--players", "9" * 5000, "--games", "1"], "players"),
        (["simulate", "--games", "0"], "games"),
        (["simulate", "--games", "10000000000"], "games"),
        (["simulate", "--game", "chess"], "chess"),
        (["simulate", "--variant", "bribe_rounds=" + "9" * 5000], "bribe_rounds"),
        (["simulate", "--variant", "bribe_rounds=" + deep(10_000)], "bribe_rounds"),
        (["simulate", "--game", "smuggle", "--variant", "board=[1]"], "board"),
        (["play", "--seed", "-5"], "seed"),
        (["play", "--seat", "9" * 5000], "seat"),
        (["replay", "nowhere.json", "--seat", "9" * 5000], ""),
        (["replay", "nowhere.json"], "nowhere.json"),
        (["replay", "."], ""),
    ],
)
def test_bad_command_line_arguments_are_refused(argv, words):
    refused(*argv, match=words)


def test_replay_refuses_a_seat_that_is_not_at_the_table(tmp_path):
    path = tmp_path / "ok.json"
    path.write_text(json.dumps(PROHIS))
    refused("replay", str(path), "--seat", "9" * 5000, match="seat")
    refused("replay", str(path), "--upto", "9" * 5000, match="upto")


def test_simulate_out_refuses_an_existing_file_unless_forced(tmp_path):
    target = tmp_path / "prohis-4p-seed0.json"
    target.write_text("keep me")
    refused("simulate", "--games", "1", "--out", str(tmp_path), match="--force")
    assert target.read_text() == "keep me"
    status, out, err = run("simulate", "--games", "1", "--out", str(tmp_path), "--force")
    assert status == 0, err
    assert json.loads(target.read_text())["format"] == "prohis-record/1"


def test_simulate_out_refuses_a_file_where_the_folder_should_be(tmp_path):
    target = tmp_path / "afile"
    target.write_text("keep me")
    refused("simulate", "--games", "1", "--out", str(target), match="afile")
    assert target.read_text() == "keep me"


@pytest.mark.parametrize(
    "typed", ["²", "take row ²", "turn ²", "take row 99999999999999999999", "\x00"]
)
def test_play_reads_odd_typing_as_a_refusal_and_asks_again(typed):
    status, out, err = run("play", "--seed", "3", stdin=f"{typed}\nquit\n")
    assert "Traceback" not in err, err[-3000:]
    assert status == 0
    assert "Stopped." in out


def test_play_save_refuses_an_existing_file(tmp_path):
    target = tmp_path / "keep.ipynb"
    target.write_text("lesson")
    status, out, err = run("play", "--players", "3", "--save", str(target), stdin="quit\n")
    assert "Traceback" not in err
    assert status != 0
    assert target.read_text() == "lesson"


def test_smuggle_pack_record_written_then_read_again_is_fine(tmp_path):
    """A control: a good Smuggle stacked record replays (the checks refuse only bad input)."""
    path = tmp_path / "ok.json"
    path.write_text(json.dumps(with_(SMUGGLE, setup={"packs": [list(PACK)] * 3})))
    status, out, err = run("replay", str(path))
    assert status == 0, err
    assert json.loads(out)["ended"] is False


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["tournament", "--seed", "-5", "--games", "1"], "seed"),
        (["tournament", "--games", "9" * 5000], "games"),
        (["tournament", "--workers", "0", "--games", "1"], "workers"),
        (["tournament", "--players", "9", "--games", "1", "--no-progress"], "players"),
        (["tournament", "--game", "chess", "--games", "1"], "chess"),
        (["tournament", "--variant", "bribe_rounds=" + deep(10_000), "--games", "1"], "deep"),
        (["tournament", "--variant", "bribe_rounds=" + "9" * 5000, "--games", "1"], "digits"),
        (["tournament", "--bots", "x" * 100_000, "--games", "1"], "100,000 characters"),
        (["tournament", "--bots", "random:a=" + "1" * 5000, "--games", "1"], "digits"),
    ],
)
def test_bad_tournament_arguments_are_refused(argv, words):
    status, out, err = run(*argv)
    assert "Traceback" not in err, err[-3000:]
    assert status != 0
    assert words in err
    assert len(err) < 1500


def test_tournament_out_refuses_existing_results_unless_forced(tmp_path):
    summary = tmp_path / "summary.json"
    summary.write_text("keep me")
    argv = ["tournament", "--games", "2", "--players", "3", "--workers", "1", "--no-progress"]
    status, out, err = run(*argv, "--out", str(tmp_path))
    assert "Traceback" not in err and status != 0 and "--force" in err
    assert summary.read_text() == "keep me"
    status, out, err = run(*argv, "--out", str(tmp_path), "--force")
    assert status == 0, err
    assert json.loads(summary.read_text())
