"""The class's convoy choices at each information set, the QRE fit on them, the learning curves.

The counts are checked against a tally read off stacked deals (the hand is
in the record's ``setup``) and the records' action lists, not through the
engine's views; the fit against :func:`prohis_nb.analysis.qre.fit_qre` on
those counts; the curves against the class table of each round alone.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from prohis_nb.analysis.qre import (
    DIRTY_HAND,
    FACING_BRIBE,
    FACING_NONE,
    HONEST_HAND,
    convoy_agent_form,
    fit_qre,
)
from prohis_nb.classroom import load_class
from prohis_nb.classroom.convoy_qre import class_qre, curves_chart, learning_curves, qre_counts
from prohis_nb.core.record import Record
from prohis_nb.core.registry import new_game


def class_of(games: int, seed: int, rounds: int = 3) -> list[Record]:
    """Convoys from stacked deals, random legal play, random actors, spread over ``rounds``."""
    rng = random.Random(seed)
    records = []
    for number in range(games):
        hand = rng.choice(("dirty", "honest"))
        order = list(range(3))
        rng.shuffle(order)
        game = new_game("convoy", table={"hand": hand, "order": order})
        while not game.ended:
            game.apply(rng.choice(list(game.legal_actions())))
        data = game.record().to_json()
        data["live"] = {
            "round": 1 + number % rounds,
            "table": number,
            "actors": [rng.choice(("student", "student", "bot")) for _ in data["actions"]],
        }
        records.append(Record.from_json(data))
    return records


def tally(records: list[Record]) -> dict[str, Counter[str]]:
    """Each information set's choices by students, read off the setups and the action lists."""
    out: dict[str, Counter[str]] = {n: Counter() for n in (DIRTY_HAND, HONEST_HAND,
                                                          FACING_BRIBE, FACING_NONE)}  # fmt: skip
    for record in records:
        data = record.to_json()
        actions, actors = data["actions"], data["live"]["actors"]
        dirty_hand = data["setup"]["hand"] == "dirty"
        by = dict(zip((a["act"] for a in actions), zip(actions, actors, strict=True), strict=True))
        convoy, convoy_actor = by["convoy"]
        offer = next(k for k in ("bribe", "no_bribe") if k in by)
        _, offer_actor = by[offer]
        words = "bribe" if offer == "bribe" else "no bribe"
        if offer_actor == "student":
            if not dirty_hand:
                out[HONEST_HAND][words] += 1
            elif convoy_actor == "student":
                load = "dirty" if "illegal" in convoy["cards"] else "honest"
                out[DIRTY_HAND][f"{load}, {words}"] += 1
        for act, where in (("accept", FACING_BRIBE), ("reject", FACING_BRIBE),
                           ("inspect", FACING_NONE), ("waive", FACING_NONE)):  # fmt: skip
            if act in by and by[act][1] == "student":
                out[where][act] += 1
    return out


def test_the_counts_at_each_information_set_are_the_students_choices() -> None:
    records = class_of(80, seed=11)
    form, counts = qre_counts(records)
    expected = tally(records)
    for info in form.infosets:
        assert counts[info.name] == [expected[info.name][a] for a in info.actions], info.name
    assert sum(map(sum, counts.values())) > 0


def test_the_fit_is_fit_qre_on_those_counts() -> None:
    records = class_of(40, seed=5)
    fit = class_qre(records)
    form = convoy_agent_form()
    expected = tally(records)
    direct = fit_qre(
        form, {i.name: [expected[i.name][a] for a in i.actions] for i in form.infosets}
    )
    assert fit.lam == pytest.approx(direct.lam)
    assert fit.p_value == pytest.approx(direct.p_value)


def test_learning_curves_are_each_rounds_own_class_table() -> None:
    records = class_of(45, seed=2, rounds=3)
    curves = learning_curves(records)
    for number in (1, 2, 3):
        alone = [r for r in records if r.extra["live"]["round"] == number]
        table = load_class([(f"g{i}.json", r.dumps().encode()) for i, r in enumerate(alone)])
        row = table.table("convoy")["inspection"]
        point = next(p for p in curves["inspection"] if p[0] == number)
        assert point[1:] == (row.rate, row.count, row.out_of)


def test_the_curves_chart_draws_and_says_every_counted_point() -> None:
    curves = {
        "bribe offered": [(1, 0.5, 1, 2), (2, None, 0, 0), (3, 0.25, 1, 4)],
        "inspection": [(1, None, 0, 0), (2, None, 0, 0), (3, None, 0, 0)],
    }
    chart = curves_chart(curves, "the EXAMPLE class")
    # drawn: the counted points only, at their round and rate; a rate never counted is no line
    assert chart.series == {"bribe offered": [(1.0, 0.5), (3.0, 0.25)]}
    assert "the EXAMPLE class" in chart.title
    # said: each counted point with its counts, in the words a reader hears
    for said in ("round 1: 50% (1 of 2)", "round 3: 25% (1 of 4)"):
        assert said in chart.description
    assert "round 2" not in chart.description and "inspection" not in chart.description
    assert "<svg" in chart.svg()


def test_no_convoy_game_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="no convoy game"):
        qre_counts([])
    with pytest.raises(TypeError, match="a session or a list of records"):
        qre_counts(42)


def test_lesson_13s_example_class_is_what_its_script_writes(tmp_path) -> None:
    """The shipped example class is the script's output, and it is what the lesson says."""
    import importlib.util
    import json
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    shipped = root / "notebooks" / "live_class_example"
    spec = importlib.util.spec_from_file_location(
        "make_live_class_example", root / "scripts" / "make_live_class_example.py"
    )
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    assert script.main(["--out", str(tmp_path)]) == 0
    names = sorted(p.name for p in shipped.glob("*.json"))
    assert names == sorted(p.name for p in tmp_path.glob("*.json"))
    for name in names:
        assert (shipped / name).read_bytes() == (tmp_path / name).read_bytes(), name
    # lesson 13: eleven simulated students, ten rounds, said to be an example, bots marked
    data = [json.loads((shipped / name).read_text()) for name in names]
    students = {s for d in data for s in d["students"] if s is not None and s.startswith("student")}
    assert len(students) == 11
    assert {d["live"]["round"] for d in data} == set(range(1, 11))
    assert all("not a real class" in d["live"]["example"] for d in data)
    assert any("bot" in d["live"]["actors"] for d in data)
