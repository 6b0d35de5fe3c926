"""The command line takes Smuggle as it takes Prohis: replay by seat, simulate, records."""

import json

from helpers.smuggle import stacked_pack

from prohis_nb.cli import main
from prohis_nb.core.record import Record
from prohis_nb.smuggle.game import PACK, SmuggleGame
from prohis_nb.smuggle.rules import SmuggleRules


def play_first_steps(packs):
    game = SmuggleGame(SmuggleRules(players=3), table={"packs": packs})
    game.apply({"act": "declare", "items": ["wine"]})
    game.apply({"act": "accept"})  # the Officer
    return game


def test_replay_seat_is_byte_identical_when_only_unseen_cards_differ(tmp_path, capsys):
    top = ["wine", "luggage", "luggage", "luggage"]
    first = stacked_pack(top)
    other = first[:4] + list(reversed(first[4:]))  # the rest of the pack, upside down
    assert first != other
    outputs = []
    for i, pack in enumerate((first, other)):
        game = play_first_steps([pack, list(PACK), list(PACK)])
        path = tmp_path / f"game{i}.json"
        game.record().save(path)
        assert main(["replay", str(path), "--seat", "2"]) == 0
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1]
    seen = json.loads(outputs[0])
    assert seen["hand"] is None and seen["declared"] == ["wine"]
    # the teacher's replay does tell the two apart
    for i in (0, 1):
        assert main(["replay", str(tmp_path / f"game{i}.json")]) == 0
    teacher = capsys.readouterr().out
    assert teacher.count('"pack"') == 2 and len(set(teacher.split("\n}\n"))) > 1


def test_simulate_smuggle_writes_records_that_replay(tmp_path, capsys):
    out = tmp_path / "records"
    args = ["simulate", "--game", "smuggle", "--players", "4", "--games", "3", "--seed", "9"]
    assert main([*args, "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "games/s" in printed
    paths = sorted(out.glob("*.json"))
    assert len(paths) == 3
    for path in paths:
        record = Record.load(path)
        assert record.format == "smuggle-record/1"
        game = record.replay()
        assert game.ended and sum(game.scores()) == 4 * 2000
