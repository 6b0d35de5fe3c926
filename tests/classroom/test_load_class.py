"""load_class: folders, files and uploads; bad files skipped with reasons; the table and CSV."""

from __future__ import annotations

import csv
import importlib.util
import io
import json
from pathlib import Path
from types import SimpleNamespace

import pytest

from prohis_nb.classroom import decision_counts, load_class
from prohis_nb.classroom.intervals import clustered, wilson
from prohis_nb.classroom.results import COLUMNS
from prohis_nb.widgets.lesson import stacked_game

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "notebooks" / "class_records"
HAND = ["illegal", "legal", "captain", "inspector"]


def a_game(waive: bool = True):
    game = stacked_game([HAND] * 3)
    for action in (
        {"act": "convoy", "cards": ["illegal", "legal"]},
        {"act": "control", "card": "captain"},
        {"act": "decline"},
        {"act": "no_bribe"},
        {"act": "waive" if waive else "inspect"},
    ):
        game.apply(action)
    return game


@pytest.fixture(scope="module")
def example():
    return load_class(FOLDER)


def test_the_example_folder_loads_and_skips_its_two_bad_files(example):
    assert len(example.games_of("prohis")) == 10 and len(example.games_of("smuggle")) == 10
    assert {s.name for s in example.skipped} == {"broken_save.json", "shopping_list.json"}
    reasons = {s.name: s.reason for s in example.skipped}
    assert reasons["broken_save.json"].startswith("not JSON")
    assert reasons["shopping_list.json"].startswith("not a game record")
    assert all("\n" not in s.reason for s in example.skipped)
    assert "Counted: Prohis, 10 games; Smuggle, 10 games. Skipped: 2 files." in repr(example)


def test_the_table_adds_up_the_games_counted_one_by_one(example):
    files = sorted((FOLDER / "prohis").glob("*.json"))
    per_game = [decision_counts(path) for path in files]
    row = example.table("prohis")["inspection"]
    k = sum(c["inspections"] for c in per_game)
    n = sum(c["inspections"] + c["waivers"] for c in per_game)
    assert (row.count, row.out_of, row.games) == (k, n, len(files))
    assert row.rate == pytest.approx(k / n)
    cluster = [(c["inspections"], c["inspections"] + c["waivers"]) for c in per_game]
    by_game = example.table("prohis", cluster="game")["inspection"]
    assert (by_game.low, by_game.high) == pytest.approx(clustered(cluster))
    plain = example.table("prohis", by_game=False)["inspection"]
    assert (plain.low, plain.high) == pytest.approx(wilson(k, n))


def _student_clusters(game, numerator, denominator):
    """(successes, trials) per student, from each file's ``students`` and each seat's count."""
    import json

    per_student: dict[str, list[int]] = {}
    for path in sorted((FOLDER / game).glob("*.json")):
        names = json.loads(path.read_text(encoding="utf-8"))["students"]
        for seat, name in enumerate(names):
            counts = decision_counts(path, seat)
            pair = per_student.setdefault(name, [0, 0])
            pair[0] += numerator(counts)
            pair[1] += denominator(counts)
    return [(k, n) for k, n in per_student.values()]


@pytest.mark.parametrize(
    ("game", "measure", "numerator", "denominator"),
    [
        ("prohis", "inspection", "inspections", ("inspections", "waivers")),
        ("smuggle", "searches all", "searches", ("officer_decisions",)),
    ],
)
def test_intervals_are_clustered_by_student_as_statsmodels_does(
    example, game, measure, numerator, denominator
):
    """Each student's decisions over all their games form one cluster; statsmodels'
    cluster-robust OLS of the 0/1 decisions on a constant, grouped by student, gives the
    design effect, and its t quantile on students − 1 the interval's width."""
    sm = pytest.importorskip("statsmodels.api")
    import numpy as np
    from scipy.stats import t

    from prohis_nb.classroom.intervals import design_effect

    row = example.table(game)[measure]
    table = example.table(game)
    assert "clustered by student" in table.interval_words()
    clusters = _student_clusters(
        game, lambda c: c[numerator], lambda c: sum(c[key] for key in denominator)
    )
    clusters = [(k, n) for k, n in clusters if n]
    assert (row.count, row.out_of) == (sum(k for k, _ in clusters), sum(n for _, n in clusters))
    y = np.concatenate([[1] * k + [0] * (n - k) for k, n in clusters]).astype(float)
    groups = np.concatenate([[g] * n for g, (_, n) in enumerate(clusters)])
    fit = sm.OLS(y, np.ones_like(y)).fit(
        cov_type="cluster", cov_kwds={"groups": groups}, use_t=True
    )
    p = y.mean()
    deff = max(1.0, fit.bse[0] ** 2 / (p * (1 - p) / len(y)))
    assert design_effect(clusters) == pytest.approx(deff)
    critical = t.ppf(0.975, len(clusters) - 1)
    assert (row.low, row.high) == pytest.approx(
        wilson(row.count / deff, row.out_of / deff, critical=critical)
    )
    by_game = example.table(game, cluster="game")[measure]
    assert row.high - row.low > by_game.high - by_game.low  # students keep their habits


def test_records_without_students_fall_back_to_games_and_say_so(tmp_path):
    import json

    from prohis_nb.classroom import load_class

    for path in sorted((FOLDER / "prohis").glob("*.json"))[:4]:
        data = json.loads(path.read_text(encoding="utf-8"))
        data.pop("students")
        (tmp_path / path.name).write_text(json.dumps(data), encoding="utf-8")
    table = load_class(tmp_path).table("prohis")
    assert "clustered by game (the records name no students)" in table.interval_words()
    with pytest.raises(ValueError, match="'student' or 'game'"):
        load_class(tmp_path).table("prohis", cluster="seat")


def test_predictions_come_from_the_analysis(example):
    from fractions import Fraction

    from prohis_nb.analysis.equilibrium import ConvoyGame
    from prohis_nb.analysis.equilibrium_sets import equilibrium_set
    from prohis_nb.analysis.informer import informer_equilibrium

    totals = example.totals("prohis")
    share = Fraction(totals["convoys_dirty"] + totals["convoys_bait"], totals["convoys"])
    p = Fraction(round(share * 100), 100)  # the class's share, to the percent
    every = equilibrium_set(ConvoyGame(card="captain", size=3, p_dirty=p, bribe=("legal",)))
    table = example.table()
    row = table["inspection"]
    assert (row.predicted_low, row.predicted_high) == pytest.approx(
        tuple(map(float, every.inspect_range))
    )
    assert table["bait"].predicted_low == pytest.approx(float(every.bait_range[0]))
    dirty = table["dirty convoys"]
    assert dirty.predicted_high == pytest.approx(float(p * (1 - every.bait_range[0])))
    assert "convoy game" in row.model
    assert table["control"].predicted_low is None and "no prediction" in table["control"].note
    assert table["informing"].predicted_high == 0.0 and informer_equilibrium().never_informs
    eq = informer_equilibrium().declarations
    assert table["searches all"].predicted_low == pytest.approx(
        float((eq.usage() * eq.search).sum())
    )


def test_an_off_path_threat_gets_no_verdict_and_an_on_path_rate_does(example):
    from dataclasses import replace
    from fractions import Fraction

    from prohis_nb.analysis.equilibrium import ConvoyGame
    from prohis_nb.analysis.equilibrium_sets import equilibrium_set

    table = example.table("prohis")
    inspection, offered = table["inspection"], table["bribe offered"]
    # the convoy game as the class table sets it up; in every equilibrium every hand offers
    # the bribe (the offer rate is 1 at both ends), so no unbribed convoy is ever inspected
    totals = example.totals("prohis")
    share = Fraction(totals["convoys_dirty"] + totals["convoys_bait"], totals["convoys"])
    p = Fraction(round(share * 100), 100)
    every = equilibrium_set(ConvoyGame(card="captain", size=3, p_dirty=p, bribe=("legal",)))
    assert every.bribe_rate_range == (1, 1)
    assert not inspection.prediction.tested and inspection.agrees() is None
    assert offered.prediction.tested and isinstance(offered.agrees(), bool)
    # the same counts, were the range on the path of play, would get a verdict
    on_path = replace(inspection, note="")
    assert on_path.agrees() is (
        on_path.low <= on_path.predicted_high and on_path.predicted_low <= on_path.high
    )


def test_csv_round_trips(example, tmp_path):
    table = example.table()
    text = example.to_csv(tmp_path / "class.csv")
    assert (tmp_path / "class.csv").read_bytes().decode("utf-8") == text
    rows = list(csv.DictReader(io.StringIO(text)))
    assert list(rows[0]) == list(COLUMNS) and len(rows) == len(table)
    for row, back in zip(table, rows, strict=True):
        assert back["measure"] == row.measure and int(back["count"]) == row.count
        assert int(back["out_of"]) == row.out_of
        assert float(back["rate"]) == pytest.approx(row.rate, abs=1e-6)
        if row.predicted_low is None:
            assert back["predicted_low"] == ""
        else:
            assert float(back["predicted_low"]) == pytest.approx(row.predicted_low, abs=1e-6)


def test_the_download_link_carries_the_csv(example):
    import base64
    import re

    link = example.csv_link()
    data = re.search(r"base64,([^']+)'", link).group(1)
    assert base64.b64decode(data).decode("utf-8") == example.to_csv()
    assert "download='class_results.csv'" in link
    html = example.table()._repr_html_()
    assert "pnb-class-table" in html and "bluff by bait" in html


def test_malformed_and_foreign_files_are_listed_not_fatal(tmp_path):
    good = a_game()
    (tmp_path / "good.json").write_text(good.record().dumps())
    (tmp_path / "copy.json").write_text(good.record().dumps(indent=2))  # same game, other spacing
    (tmp_path / "notes.txt").write_text("my notes")
    (tmp_path / "binary.json").write_bytes(b"\xff\xfe\x00")
    (tmp_path / "list.json").write_text("[1, 2, 3]")
    other = good.record().to_json()
    other["format"], other["game"] = "chess-record/1", "chess"
    (tmp_path / "chess.json").write_text(json.dumps(other))
    illegal = good.record().to_json()
    illegal["actions"] = [*illegal["actions"][:1], {"seat": 1, "act": "inspect"}]
    (tmp_path / "illegal.json").write_text(json.dumps(illegal))
    (tmp_path / ".ipynb_checkpoints").mkdir()
    (tmp_path / ".ipynb_checkpoints" / "good-checkpoint.json").write_text("{")
    results = load_class(tmp_path)
    assert [g.name for g in results.games] == ["copy.json"]  # sorted: copy.json comes first
    reasons = {s.name: s.reason for s in results.skipped}
    assert set(reasons) == {"good.json", "notes.txt", "binary.json", "list.json", "chess.json",
                            "illegal.json"}  # fmt: skip
    assert reasons["good.json"] == "the same game as copy.json (counted once)"
    assert reasons["notes.txt"].startswith("not JSON")
    assert reasons["binary.json"].startswith("not a text file")
    assert reasons["list.json"].startswith("not a game record: a record is a JSON object")
    assert "unknown record format 'chess-record/1'" in reasons["chess.json"]
    assert reasons["illegal.json"].startswith("cannot be replayed: action 1")


def test_a_list_of_paths_and_uploads(tmp_path):
    first, second = a_game(waive=True), a_game(waive=False)
    (tmp_path / "a.json").write_text(first.record().dumps())
    (tmp_path / "b.json").write_text(second.record().dumps())
    by_paths = load_class([tmp_path / "a.json", str(tmp_path / "b.json")])
    assert [g.name for g in by_paths.games] == ["a.json", "b.json"]
    uploads_v8 = (
        {"name": "a.json", "type": "application/json", "size": 1,
         "content": memoryview(first.record().dumps().encode())},
        {"name": "junk.json", "content": memoryview(b"{not json")},
    )  # fmt: skip
    widget = SimpleNamespace(value=uploads_v8, accept=".json")
    for source in (uploads_v8, list(uploads_v8), widget):
        results = load_class(source)
        assert [g.name for g in results.games] == ["a.json"]
        assert [s.name for s in results.skipped] == ["junk.json"]
    uploads_v7 = {"b.json": {"metadata": {}, "content": second.record().dumps().encode()}}
    assert [g.name for g in load_class(uploads_v7).games] == ["b.json"]
    objects = [SimpleNamespace(name="b.json", content=second.record().dumps().encode())]
    table = load_class(objects).table()
    assert table["inspection"].count == 1 and table["inspection"].out_of == 1


def test_a_wrong_source_is_a_clear_error(tmp_path):
    with pytest.raises(FileNotFoundError, match="no file or folder"):
        load_class(tmp_path / "missing")
    with pytest.raises(FileNotFoundError, match="holds no files"):
        load_class(tmp_path)
    with pytest.raises(TypeError, match="load_class reads a folder"):
        load_class(42)
    with pytest.raises(ValueError, match="game is one of"):
        load_class([]).games_of("chess")


def test_an_empty_class_has_an_empty_table_and_no_plot():
    results = load_class([])
    assert len(results.table()) == 0
    with pytest.raises(ValueError, match="no game was counted"):
        results.plot()


def test_the_plot_draws_one_line_per_rate(example):
    import matplotlib

    matplotlib.use("Agg")
    fig, ax = example.plot("prohis")
    table = example.table("prohis")
    labels = [t.get_text() for t in ax.get_yticklabels()]
    assert labels == [row.description for row in table][::-1]
    assert "Prohis" in ax.get_title()
    import matplotlib.pyplot as plt

    plt.close(fig)


def load_script():
    spec = importlib.util.spec_from_file_location(
        "make_class_records", ROOT / "scripts" / "make_class_records.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_script_writes_the_shipped_folder_byte_for_byte(tmp_path):
    script = load_script()
    assert script.main(["--out", str(tmp_path)]) == 0
    for name in ("prohis/round1_table1.json", "smuggle/round5_table2.json", "broken_save.json"):
        assert (tmp_path / name).read_bytes() == (FOLDER / name).read_bytes(), name
    shipped = sorted(p.relative_to(FOLDER).as_posix() for p in FOLDER.rglob("*") if p.is_file())
    written = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file())
    assert shipped == written
    assert sum(p.stat().st_size for p in FOLDER.rglob("*") if p.is_file()) < 300_000
