"""The command line (RECORD.md, "The command line"): replay, simulate, play.

Most tests call ``prohis_nb.cli.main`` in-process (with capsys); a few run the
installed ``prohis-nb`` script or ``python -m prohis_nb`` as a subprocess, as a
user would.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from prohis_nb import ProhisGame, ProhisRules, Record
from prohis_nb.cli import main

SCRIPT = Path(sys.executable).with_name("prohis-nb")


def run(*argv):
    """Run the command line as a subprocess; returns (status, stdout, stderr)."""
    command = [str(SCRIPT)] if SCRIPT.exists() else [sys.executable, "-m", "prohis_nb"]
    done = subprocess.run(
        [*command, *map(str, argv)], capture_output=True, text=True, timeout=120, check=False
    )
    return done.returncode, done.stdout, done.stderr


def played(rules=None, seed=3, steps=None):
    game = ProhisGame(rules or ProhisRules(players=4), seed=seed)
    rng = random.Random(seed)
    while not game.ended and (steps is None or len(game.actions) < steps):
        game.apply(rng.choice(game.legal_actions()))
    return game


def write(tmp_path, data, name="game.json"):
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def replay_cli(capsys, *argv):
    status = main(["replay", *map(str, argv)])
    out, err = capsys.readouterr()
    return status, out, err


# ---------------------------------------------------------------- replay


def test_replay_prints_the_state_as_json(tmp_path, capsys):
    game = played(steps=30)
    path = tmp_path / "game.json"
    game.record().save(path)
    status, out, err = replay_cli(capsys, path)
    assert status == 0 and err == ""
    data = json.loads(out)
    assert data["ended"] is False and data["to_act"] == game.to_act
    assert data["scores"] == game.scores() and data["winners"] == game.winners()
    assert data["hands"] == [game.hand(s) for s in range(4)]
    assert data["warehouses"] == [game.warehouse(s) for s in range(4)]
    assert data["row"] == list(game.omniscient_view().row)
    assert data["pile"] == len(game.omniscient_view().pile)


def test_replay_of_a_finished_game_gives_final_scores_and_winners(tmp_path, capsys):
    game = played(ProhisRules(players=3), seed=8)
    assert game.ended
    status, out, _ = replay_cli(capsys, write(tmp_path, game.record().dumps()))
    data = json.loads(out)
    assert status == 0 and data["ended"] is True and data["to_act"] is None
    assert data["scores"] == game.scores() and data["winners"] == game.winners()


def test_replay_upto_stops_after_n_actions(tmp_path, capsys):
    game = played(steps=40)
    path = write(tmp_path, game.record().dumps())
    status, out, _ = replay_cli(capsys, path, "--upto", 12)
    assert status == 0
    assert json.loads(out) == game.record().replay(12).omniscient_view().to_json()


def test_replay_seat_prints_only_that_seats_knowledge(tmp_path, capsys):
    game = played(steps=50)
    path = write(tmp_path, game.record().dumps())
    status, out, _ = replay_cli(capsys, path, "--seat", 1)
    data = json.loads(out)
    assert status == 0
    assert data == game.view(1).to_json()
    assert "hands" not in data and "pile_cards" not in data and "warehouses" not in data
    assert data["hand"] == game.hand(1) and isinstance(data["pile"], int)


def stacked_record(pile_swap=False, hidden_card="legal"):
    """A record on a stacked table: seat 2 holds ``hidden_card`` and never shows it."""
    rules = ProhisRules(players=3, deck={"legal": 20, "illegal": 4, "lieutenant": 2})
    hands = [
        ["captain", "inspector", "legal", "legal"],
        ["captain", "inspector", "illegal", "legal"],
        ["captain", "inspector", hidden_card],
    ]
    row = ["legal", "lieutenant", "legal", "legal"]
    pile = ["legal", "illegal", "legal"] + ["legal"] * 10 + ["lieutenant", "illegal"]
    used = {"legal": 0, "illegal": 0, "lieutenant": 0}
    for card in [c for h in hands for c in h] + row + pile:
        if card in used:
            used[card] += 1
    pile += ["legal"] * (20 - used["legal"]) + ["illegal"] * (4 - used["illegal"])
    if pile_swap:  # two cards deep in the pile change places
        pile[-1], pile[-2] = pile[-2], pile[-1]
    table = {"first": 0, "hands": hands, "row": row, "pile": pile}
    game = ProhisGame(rules, table=table)
    for action in [
        {"seat": 0, "act": "take", "from": "row", "slot": 1},
        {"seat": 0, "act": "take", "from": "pile"},
        {"seat": 1, "act": "convoy", "cards": ["illegal", "legal"]},
        {"seat": 2, "act": "decline"},
        {"seat": 0, "act": "control", "card": "captain"},
        {"seat": 1, "act": "no_bribe"},
        {"seat": 0, "act": "inspect"},
        {"seat": 0, "act": "turn", "position": 1},
        {"seat": 2, "act": "take", "from": "pile"},
        {"seat": 2, "act": "stop"},
    ]:
        game.apply(action)
    return game.record().dumps()


def test_replay_seat_is_byte_identical_for_records_differing_only_in_hidden_cards(tmp_path, capsys):
    plain = write(tmp_path, stacked_record(), "plain.json")
    deep = write(tmp_path, stacked_record(pile_swap=True), "deep.json")
    hidden = write(tmp_path, stacked_record(hidden_card="illegal"), "hidden.json")

    def output(path, *options):
        status, out, _ = replay_cli(capsys, path, *options)
        assert status == 0
        return out

    for seat in (0, 1):
        outputs = {output(path, "--seat", seat) for path in (plain, deep, hidden)}
        assert len(outputs) == 1
    # seat 2 sees its own hand: the third record differs for it, and for the teacher
    assert output(plain, "--seat", 2) != output(hidden, "--seat", 2)
    assert output(plain) != output(deep)
    # the installed script writes the very same bytes
    assert run("replay", plain, "--seat", 0)[1] == run("replay", hidden, "--seat", 0)[1]


def test_replay_reads_standard_input():
    text = played(steps=10).record().dumps()
    command = [str(SCRIPT)] if SCRIPT.exists() else [sys.executable, "-m", "prohis_nb"]
    done = subprocess.run(
        [*command, "replay", "-"], input=text, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0
    assert json.loads(done.stdout)["pile"] == len(
        Record.loads(text).replay().omniscient_view().pile
    )


def test_python_dash_m_runs_the_same_command(tmp_path):
    path = write(tmp_path, played(steps=20).record().dumps())
    done = subprocess.run(
        [sys.executable, "-m", "prohis_nb", "replay", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0 and json.loads(done.stdout)["to_act"] is not None


# ---------------------------------------------------------------- replay refusals


def illegal_record():
    data = json.loads(played(steps=6).record().dumps())
    data["actions"].append({"seat": data["actions"][-1]["seat"], "act": "accept"})
    return data


def test_a_refused_action_exits_non_zero_and_names_its_index_and_what_was_allowed(tmp_path, capsys):
    data = illegal_record()
    index = len(data["actions"]) - 1
    status, out, err = replay_cli(capsys, write(tmp_path, data))
    assert status != 0 and out == ""
    assert f"action {index}" in err and "allowed:" in err


def test_a_refused_action_through_the_installed_script(tmp_path):
    data = illegal_record()
    status, out, err = run("replay", write(tmp_path, data))
    assert status != 0 and out == ""
    assert f"action {len(data['actions']) - 1}:" in err and "allowed:" in err


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"format": ', "not valid JSON"),
        ('{"format": "prohis-record/1"}', "lacks game"),
        ('{"format": "x", "game": "prohis", "rules": {}, "setup": {}, "actions": []}', "format"),
    ],
)
def test_a_malformed_record_exits_non_zero_with_nothing_on_stdout(tmp_path, capsys, text, message):
    status, out, err = replay_cli(capsys, write(tmp_path, text))
    assert status != 0 and out == "" and message in err


def test_a_malformed_action_names_its_index(tmp_path, capsys):
    data = json.loads(played(steps=3).record().dumps())
    data["actions"].append({"seat": 0, "act": "take", "from": "sky"})
    status, out, err = replay_cli(capsys, write(tmp_path, data))
    assert status != 0 and out == "" and "action 3" in err and "from must be" in err


def test_bad_rules_in_a_record_are_refused(tmp_path, capsys):
    data = json.loads(played(steps=3).record().dumps())
    data["rules"]["players"] = 7
    status, out, err = replay_cli(capsys, write(tmp_path, data))
    assert status != 0 and out == "" and "players must be a whole number from 3 to 6" in err


def test_a_missing_file_an_unknown_seat_and_a_bad_upto_are_refused(tmp_path, capsys):
    status, out, err = replay_cli(capsys, tmp_path / "nothing.json")
    assert status != 0 and out == "" and "cannot read" in err
    path = write(tmp_path, played(steps=5).record().dumps())
    status, out, err = replay_cli(capsys, path, "--seat", 4)
    assert status != 0 and out == "" and "no seat 4" in err
    status, out, err = replay_cli(capsys, path, "--upto", 99)
    assert status != 0 and out == "" and "upto must be from 0 to 5" in err


# ---------------------------------------------------------------- simulate


def test_simulate_prints_a_summary_and_writes_records_that_replay(tmp_path, capsys):
    out_dir = tmp_path / "records"
    status = main(
        ["simulate", "--players", "3", "--games", "4", "--seed", "20", "--out", str(out_dir)]
    )
    out, err = capsys.readouterr()
    assert status == 0 and err == ""
    assert out.startswith("4 random prohis games, 3 players, seeds 20..23")
    files = sorted(out_dir.glob("*.json"))
    assert len(files) == 4
    totals = [0, 0, 0]
    for path in files:
        game = Record.load(path).replay()
        assert game.ended
        totals = [t + s for t, s in zip(totals, game.scores())]
    lines = out.splitlines()
    header = lines.index("seat  mean score  win share")
    for seat in range(3):
        fields = lines[header + 1 + seat].split()
        assert int(fields[0]) == seat
        assert int(fields[1].replace(",", "")) == round(totals[seat] / 4)


def test_simulate_is_the_same_for_the_same_seed(tmp_path, capsys):
    for name in ("a", "b"):
        out = str(tmp_path / name)
        main(["simulate", "--players", "5", "--games", "2", "--seed", "1", "--out", out])
    capsys.readouterr()
    for path in (tmp_path / "a").glob("*.json"):
        assert path.read_text() == (tmp_path / "b" / path.name).read_text()


def test_simulate_writes_the_variants_into_the_records(tmp_path, capsys):
    status = main(
        [
            "simulate",
            "--players",
            "4",
            "--games",
            "1",
            "--variant",
            "bribe_rounds=2",
            "--variant",
            "pass_is_final",
            "--out",
            str(tmp_path),
        ]
    )
    capsys.readouterr()
    assert status == 0
    (path,) = tmp_path.glob("*.json")
    assert json.loads(path.read_text())["rules"]["variants"] == {
        "pass_is_final": True,
        "bribe_rounds": 2,
    }


def test_simulate_refuses_an_unknown_variant(capsys):
    status = main(["simulate", "--games", "1", "--variant", "no_such_rule"])
    out, err = capsys.readouterr()
    assert status != 0 and "unknown variant" in err and out == ""


# ---------------------------------------------------------------- play


def test_play_through_standard_input_reaches_the_end_and_saves_a_record(tmp_path):
    record = tmp_path / "mine.json"
    command = [str(SCRIPT)] if SCRIPT.exists() else [sys.executable, "-m", "prohis_nb"]
    done = subprocess.run(
        [*command, "play", "--players", "3", "--seat", "1", "--seed", "2", "--save", str(record)],
        input="help\nlist\nfly\n" + "0\n" * 3000,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "You play seat 1 of 3" in done.stdout
    assert "unknown act 'fly'" in done.stdout  # a bad line is explained, then asked again
    assert "Final scores:" in done.stdout
    game = Record.load(record).replay()
    assert game.ended
    assert f"Final scores: {game.scores()}" in done.stdout


def test_play_names_an_unknown_act_even_with_words_after_it():
    command = [str(SCRIPT)] if SCRIPT.exists() else [sys.executable, "-m", "prohis_nb"]
    done = subprocess.run(
        [*command, "play", "--players", "3", "--seat", "1", "--seed", "2"],
        input="fly away\nquit\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0
    assert "unknown act 'fly'" in done.stdout


def test_play_quits_cleanly(tmp_path):
    command = [str(SCRIPT)] if SCRIPT.exists() else [sys.executable, "-m", "prohis_nb"]
    for text in ("quit\n", ""):  # typed quit, or end of input
        done = subprocess.run(
            [*command, "play", "--players", "4", "--seat", "0", "--seed", "5"],
            input=text,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 0 and "Stopped." in done.stdout and done.stderr == ""


def test_no_command_prints_the_usage_on_stderr(capsys):
    assert main([]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("usage: prohis-nb") and "replay" in err


def test_play_smuggle_in_the_terminal_with_typed_declarations(tmp_path):
    record = tmp_path / "smuggle.json"
    command = [str(SCRIPT)] if SCRIPT.exists() else [sys.executable, "-m", "prohis_nb"]
    done = subprocess.run(
        [*command, "play", "--game", "smuggle", "--players", "3", "--seat", "1", "--seed", "3",
         "--save", str(record)],
        input="help\nsmuggle everything\ndeclare wine,wine,wine,wine,wine\ndeclare nothing\n"
        + "0\n" * 3000,
        capture_output=True,
        text=True,
        timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "'declare wine,wine'" in done.stdout  # the examples are Smuggle's
    assert "unknown act 'smuggle'" in done.stdout
    assert "at most 4 items" in done.stdout
    assert "You declared nothing." in done.stdout
    game = Record.load(record).replay()
    assert game.ended and f"Final scores: {game.scores()}" in done.stdout
    assert game.actions[0].to_json() == {"seat": 1, "act": "declare", "items": []}
