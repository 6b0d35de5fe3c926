"""A live class's rates count its students' decisions only, never its bots'.

The live server marks who took each action (``extra["live"]["actors"]``:
``student``, ``bot``, ``standin``, ``finish``). These tests play convoy games
with random legal actions, mark each action's actor at random, and check the
class's counts against a tally read straight off the records' action lists
(the acts of the actions marked ``student``), not through the counter.
"""

from __future__ import annotations

import json
import random
from collections import Counter

from prohis_nb.classroom import load_class
from prohis_nb.core.registry import new_game

ACTORS = ("student", "bot", "standin", "finish")


def played_records(count: int, seed: int) -> list[tuple[str, bytes]]:
    """``count`` convoy games of random legal play, each action with a random actor."""
    rng = random.Random(seed)
    files = []
    for number in range(count):
        game = new_game("convoy", seed=rng.randrange(10**6))
        while not game.ended:
            game.apply(rng.choice(list(game.legal_actions())))
        record = game.record()
        data = record.to_json()
        data["students"] = [f"student {rng.randrange(6):03d}", f"bot x (game {number})"]
        data["live"] = {
            "round": 1,
            "table": number + 1,
            "actors": [rng.choice(ACTORS) for _ in data["actions"]],
        }
        files.append((f"game-{number:03d}.json", json.dumps(data).encode()))
    return files


def students_acts(files: list[tuple[str, bytes]]) -> tuple[Counter[str], int]:
    """Every act taken by a student, and every action taken by a bot, read off the records."""
    acts: Counter[str] = Counter()
    bots = 0
    for _, data in files:
        record = json.loads(data)
        for action, actor in zip(record["actions"], record["live"]["actors"], strict=True):
            if actor == "student":
                acts[action["act"]] += 1
            else:
                bots += 1
    return acts, bots


def test_only_students_actions_are_counted() -> None:
    files = played_records(60, seed=7)
    acts, bots = students_acts(files)
    assert bots and sum(acts.values())  # both kinds occur, or the test proves nothing
    results = load_class(files)
    assert not results.skipped
    totals = results.totals("convoy")
    assert totals["convoys"] == acts["convoy"]
    assert totals["bribes"] == acts["bribe"]
    assert totals["bribes_accepted"] == acts["accept"]
    assert totals["bribes_rejected"] == acts["reject"]
    assert totals["inspections"] == acts["inspect"]
    assert totals["waivers"] == acts["waive"]
    assert sum(g.bot_actions for g in results.games) == bots
    table = results.table("convoy")
    assert f"{bots} actions by bots left out" in table.interval_words()
    assert "taken by bots left out" in results.summary()
    inspection = table["inspection"]
    assert (inspection.count, inspection.out_of) == (
        acts["inspect"],
        acts["inspect"] + acts["waive"],
    )


def test_a_record_without_actors_counts_every_action() -> None:
    files = played_records(20, seed=3)
    stripped = []
    for name, data in files:
        record = json.loads(data)
        everyone = Counter(a["act"] for a in record["actions"])
        del record["live"]
        stripped.append((name, json.dumps(record).encode(), everyone))
    results = load_class([(name, data) for name, data, _ in stripped])
    expected = sum((c for _, _, c in stripped), Counter())
    assert results.totals("convoy")["inspections"] == expected["inspect"]
    assert results.totals("convoy")["convoys"] == expected["convoy"]
    assert "bots" not in results.summary()


def test_actors_that_do_not_follow_the_actions_skip_the_record_with_a_reason() -> None:
    name, data = played_records(1, seed=1)[0]
    record = json.loads(data)
    record["live"]["actors"] = record["live"]["actors"][:-1]
    results = load_class([(name, json.dumps(record).encode())])
    assert not results.games
    assert "actors do not follow its actions" in results.skipped[0].reason
