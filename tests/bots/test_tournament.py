"""Tournaments: reproducible whatever runs them, rotated seats, and a summary that adds up."""

from __future__ import annotations

import json
import math
import statistics
import subprocess
import sys
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor

import pytest
from scipy.stats import t as student_t

from prohis_nb.cli import main
from prohis_nb.core.record import Record
from prohis_nb.tournament import derive_seed, run_tournament

LINEUP = ["random", "honest", "bluff:bait=0.5"]


def quick(bots=LINEUP, **kwargs):
    settings = {"games": 9, "seed": 4, "workers": 1, "progress": False, **kwargs}
    return run_tournament(bots, **settings)


def test_results_do_not_depend_on_the_executor_or_the_number_of_workers():
    alone = quick()
    pooled = quick(workers=2, chunk_size=2)
    with ThreadPoolExecutor(max_workers=3) as threads:
        threaded = quick(executor=threads, chunk_size=1)
    assert alone.games == pooled.games == threaded.games
    assert alone.by_bot == pooled.by_bot == threaded.by_bot
    assert [g.index for g in threaded.games] == list(range(9))


def test_game_seeds_come_from_the_tournament_seed_and_the_game_index_only():
    short, long = quick(games=6), quick(games=12)
    assert long.games[:6] == short.games
    other = quick(games=6, seed=5)
    assert [g.seed for g in other.games] != [g.seed for g in short.games]
    assert short.games[0].seed == derive_seed(4, "deal", 0)


def test_seats_rotate_over_games_that_share_a_deal():
    result = quick(games=6, players=4)
    for deal in range(2):
        group = result.games[3 * deal : 3 * deal + 3]
        assert {g.seed for g in group} == {derive_seed(4, "deal", deal)}
        assert [g.deal for g in group] == [deal] * 3
        # seat s, game r of the group: bots[(s + r) % 3]; every bot in every seat once
        for seat in range(4):
            assert sorted(g.lineup[seat] for g in group) == ["bluff(bait=0.5)", "honest", "random"]
    assert result.games[1].lineup == ("honest", "bluff(bait=0.5)", "random", "honest")


def test_without_rotation_seats_are_fixed_and_every_game_has_its_own_deal():
    result = quick(games=4, rotate=False)
    assert {g.lineup for g in result.games} == {("random", "honest", "bluff(bait=0.5)", "random")}
    assert len({g.seed for g in result.games}) == 4


def test_each_game_record_replays_to_its_scores():
    result = quick(games=3)
    for i, game in enumerate(result.games):
        replayed = Record.from_json(json.loads(json.dumps(game.record))).replay()
        assert tuple(replayed.scores()) == game.scores
        assert tuple(replayed.winners()) == game.winners
        assert result.replay(i).scores() == list(game.scores)
    assert quick(games=2, keep_records=False).games[0].record is None


def test_summary_by_bot_and_seat_matches_a_direct_recount():
    result = quick(games=12, bots=["random", "bluff"])
    rows = defaultdict(list)  # label -> (score, share, deal)
    seats = defaultdict(list)
    for game in result.games:
        winners = game.winners
        for seat, (label, score) in enumerate(zip(game.lineup, game.scores)):
            share = 1 / len(winners) if seat in winners else 0.0
            rows[label].append((score, share, game.deal))
            seats[seat].append((score, share, game.deal))
        assert math.isclose(sum(game.win_shares()), 1.0)
    assert set(result.by_bot) == set(rows)
    for label, stats in result.by_bot.items():
        check(stats, rows[label])
    for seat, stats in enumerate(result.by_seat):
        check(stats, seats[seat])
    total = sum(s.win_rate * s.appearances for s in result.by_bot.values())
    assert math.isclose(total, len(result.games))


def check(stats, rows):
    scores = [r[0] for r in rows]
    shares = [r[1] for r in rows]
    assert stats.appearances == len(rows)
    assert math.isclose(stats.mean_score, statistics.fmean(scores))
    assert math.isclose(stats.win_rate, statistics.fmean(shares))
    for column, (low, high) in ((0, stats.score_ci), (1, stats.win_ci)):
        values = [r[column] for r in rows]
        mean = statistics.fmean(values)
        # Cluster-robust SE, computed another way: per-deal sums of deviations.
        by_deal = defaultdict(float)
        for r in rows:
            by_deal[r[2]] += r[column] - mean
        d, n = len(by_deal), len(values)
        se = math.sqrt(d / (d - 1) * sum(v * v for v in by_deal.values())) / n
        t = student_t.ppf(0.975, d - 1)  # Student's t on deals − 1 degrees of freedom
        expected_low, expected_high = mean - t * se, mean + t * se
        if column == 1:  # a win rate's interval is clipped to [0, 1]
            expected_low, expected_high = max(0.0, expected_low), min(1.0, expected_high)
        assert math.isclose(low, expected_low, abs_tol=1e-9)
        assert math.isclose(high, expected_high, abs_tol=1e-9)


def test_with_one_appearance_per_deal_the_interval_is_the_textbook_one():
    result = quick(games=10, rotate=False, bots=["random", "honest", "bluff"], players=3)
    for seat, stats in enumerate(result.by_seat):
        scores = [g.scores[seat] for g in result.games]
        t = student_t.ppf(0.975, len(scores) - 1)
        half = t * statistics.stdev(scores) / math.sqrt(len(scores))
        assert math.isclose(stats.score_ci[1] - stats.mean_score, half)


def test_bad_settings_are_refused_before_any_game():
    with pytest.raises(ValueError, match="at most one bot per seat"):
        run_tournament(["random"] * 4, players=3, progress=False)
    with pytest.raises(ValueError, match="no bot named 'sly'"):
        run_tournament(["random", "sly"], progress=False)
    with pytest.raises(ValueError, match="games must be"):
        run_tournament(["random"], games=0, progress=False)


def test_progress_bar_can_be_shown(capsys):
    result = run_tournament(["random"], games=3, workers=1, progress=True)
    assert len(result.games) == 3
    assert "3/3" in capsys.readouterr().err


def test_cli_tournament_prints_a_summary_and_writes_replayable_records(tmp_path, capsys):
    out = tmp_path / "run"
    status = main(
        [
            "tournament",
            "--players", "3",
            "--games", "6",
            "--seed", "2",
            "--bots", "random,honest,bluff:bait=0.5",
            "--workers", "1",
            "--no-progress",
            "--out", str(out),
        ]
    )  # fmt: skip
    assert status == 0
    printed = capsys.readouterr().out
    assert "bluff(bait=0.5)" in printed and "seat 2" in printed
    summary = json.loads((out / "summary.json").read_text())
    assert len(summary["games"]) == 6 and set(summary["by_bot"]) == {
        "random",
        "honest",
        "bluff(bait=0.5)",
    }
    records = sorted(out.glob("game-*.json"))
    assert len(records) == 6
    game = Record.load(records[5]).replay()
    assert game.scores() == summary["games"][5]["scores"]


def test_cli_tournament_refuses_an_unknown_bot(capsys):
    status = main(["tournament", "--bots", "random,sly", "--games", "2", "--no-progress"])
    assert status == 1
    assert "no bot named 'sly'" in capsys.readouterr().err


def test_prohis_nb_tournament_runs_as_a_command():
    done = subprocess.run(
        [sys.executable, "-m", "prohis_nb", "tournament", "--games", "2", "--bots", "random",
         "--workers", "1", "--no-progress"],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "random" in done.stdout


def test_cli_tournament_refuses_an_unknown_game(capsys):
    assert main(["tournament", "--game", "chess", "--games", "2", "--no-progress"]) == 1
    assert "unknown game 'chess'; the game is one of 'prohis'" in capsys.readouterr().err


def test_cli_tournament_plays_smuggle_with_its_own_bots(tmp_path, capsys):
    out = tmp_path / "smuggle"
    status = main(
        [
            "tournament",
            "--game", "smuggle",
            "--players", "3",
            "--games", "6",
            "--seed", "4",
            "--bots", "honest,liar:lie=0.5,ev",
            "--workers", "1",
            "--no-progress",
            "--out", str(out),
        ]
    )  # fmt: skip
    assert status == 0
    assert "smuggle, 3 players, 6 games" in capsys.readouterr().out
    summary = json.loads((out / "summary.json").read_text())
    assert set(summary["by_bot"]) == {"honest", "liar(lie=0.5)", "ev"}
    for path, game in zip(sorted(out.glob("game-*.json")), summary["games"]):
        record = Record.load(path)
        assert record.format == "smuggle-record/1"
        assert record.replay().scores() == game["scores"]
        assert sum(game["scores"]) == 3 * 2000  # money only changes hands


def test_smuggle_tournament_results_do_not_depend_on_the_number_of_workers():
    from prohis_nb.tournament import run_tournament

    lineup = ["honest", "liar", "ev"]
    one = run_tournament(
        lineup, game="smuggle", players=3, games=6, seed=1, workers=1, progress=False
    )
    two = run_tournament(
        lineup, game="smuggle", players=3, games=6, seed=1, workers=2, progress=False
    )
    assert [g.scores for g in one.games] == [g.scores for g in two.games]


def _paired_by_hand(result, first, second):
    """Per-deal differences and their 95% interval, computed with numpy and scipy."""
    import numpy as np

    deals = sorted({g.deal for g in result.games})
    diffs = []
    for deal in deals:
        games = [g for g in result.games if g.deal == deal]
        a = [s for g in games for lab, s in zip(g.lineup, g.scores) if lab == first]
        b = [s for g in games for lab, s in zip(g.lineup, g.scores) if lab == second]
        diffs.append(np.mean(a) - np.mean(b))
    diffs = np.array(diffs)
    # Student's t on deals − 1 degrees of freedom (10 deals: 2.26, not the normal 1.96)
    half = student_t.ppf(0.975, len(diffs) - 1) * diffs.std(ddof=1) / np.sqrt(len(diffs))
    return diffs, diffs.mean() - half, diffs.mean() + half


@pytest.mark.parametrize("rotate", [True, False])
def test_paired_difference_matches_a_direct_computation(rotate):
    result = quick(games=24, rotate=rotate, bots=["random", "honest", "bluff"], players=3)
    paired = result.compare("honest", "random")
    diffs, low, high = _paired_by_hand(result, "honest", "random")
    assert paired.deals == len(diffs) == (8 if rotate else 24)
    assert paired.per_deal == pytest.approx(tuple(diffs))
    assert paired.ci == pytest.approx((low, high), abs=1e-6)
    assert paired.mean == pytest.approx(
        result.by_bot["honest"].mean_score - result.by_bot["random"].mean_score
    )
    assert paired.real == (low > 0 or high < 0)
    ranked = sorted(result.by_bot.values(), key=lambda s: -s.mean_score)
    assert [(c.first, c.second) for c in result.comparisons()] == [
        (ranked[0].label, s.label) for s in ranked[1:]
    ]


def test_paired_difference_needs_two_bots_and_two_shared_deals():
    result = quick(games=6, bots=["random", "honest", "bluff"], players=3)
    with pytest.raises(ValueError, match="at least two deals"):
        result.compare("honest", "honest")
    with pytest.raises(ValueError, match="at least two deals"):
        result.compare("honest", "ev")


def test_the_table_shows_timing_only_when_asked():
    result = quick()
    assert "games/s" not in result.table()
    assert "games/s" in result.table(timing=True)


def test_score_breakdown_adds_up_to_each_bot_s_mean_score():
    from prohis_nb.tournament import score_breakdown

    result = quick(games=6, bots=["honest", "bluff:bait=1"], players=4)
    breakdown = score_breakdown(result)
    for label, row in breakdown.items():
        dollars = sum(
            v
            for k, v in row.items()
            if k.startswith(("stored ", "in hand ")) and k != "stored cards"
        )
        assert dollars == pytest.approx(result.by_bot[label].mean_score)
        assert row["in hand illegal"] == pytest.approx(-4000 * row["illegal cards in hand"])


def test_tournament_intervals_use_t_on_deals_minus_one_as_statsmodels_does():
    """A bot's mean score with deals as clusters, and a paired difference: statsmodels' OLS
    on a constant (cluster-robust by deal; plain for the differences), t inference."""
    sm = pytest.importorskip("statsmodels.api")
    import numpy as np

    from prohis_nb.tournament_stats import cluster_mean_ci, t_quantile

    scipy_t = pytest.importorskip("scipy.stats").t
    for df in (1, 3, 9, 40):
        assert t_quantile(0.975, df) == pytest.approx(scipy_t.ppf(0.975, df), rel=1e-9)
    values = [3.0, 5.0, 1.0, 8.0, 2.0, 2.0, 9.0, 4.0, 6.0, 1.0]
    deals = [0, 0, 1, 1, 2, 2, 3, 3, 4, 4]
    mean, low, high = cluster_mean_ci(values, deals)
    fit = sm.OLS(np.array(values), np.ones(len(values))).fit(
        cov_type="cluster", cov_kwds={"groups": np.array(deals)}, use_t=True
    )
    assert (low, high) == pytest.approx(tuple(fit.conf_int()[0]))
    diffs = np.array([1.0, -2.0, 3.5, 0.5, 2.0, 1.0])
    paired = sm.OLS(diffs, np.ones(len(diffs))).fit()
    expect = tuple(paired.conf_int()[0])
    half = scipy_t.ppf(0.975, len(diffs) - 1) * diffs.std(ddof=1) / len(diffs) ** 0.5
    assert expect == pytest.approx((diffs.mean() - half, diffs.mean() + half))
