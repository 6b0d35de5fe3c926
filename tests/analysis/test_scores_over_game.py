"""Every seat's score over a game: the replayed history against an independent recount.

The recount replays the record to each position separately (``Record.replay(k)``)
and values that position by hand: Prohis from the teacher's view's hands and
warehouses with the card values of RULES.md ("Scoring"), written out here;
Smuggle from the money every seat sees (public, RULES.md "Who knows what").
"""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import pytest

from prohis_nb import (
    ProhisGame,
    ProhisRules,
    RecordError,
    plots,
)
from prohis_nb.analysis import score_history
from prohis_nb.cli import random_game
from prohis_nb.smuggle.game import SmuggleGame
from prohis_nb.smuggle.rules import SmuggleRules
from prohis_nb.text import money

WAREHOUSE = {"legal": 1000, "illegal": 4000, "lieutenant": 3000, "captain": 4000, "inspector": 5000}
HAND = {"legal": 0, "illegal": -4000, "lieutenant": 1000, "captain": 2000, "inspector": 3000}


def recount(game) -> list[int]:
    if game.game_name == "prohis":
        view = game.omniscient_view().to_json()
        return [
            sum(WAREHOUSE[k] for k in w) + sum(HAND[k] for k in h)
            for h, w in zip(view["hands"], view["warehouses"], strict=True)
        ]
    return list(game.view(0).money)


GAMES = [
    random_game(ProhisGame, ProhisRules(players=3), 4),
    random_game(ProhisGame, ProhisRules(players=5), 8),
    random_game(SmuggleGame, SmuggleRules(players=3), 2),
    random_game(SmuggleGame, SmuggleRules(players=5), 6),
]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g.game_name}-{g.players}")
def test_the_history_equals_a_step_by_step_recount(game):
    record = game.record()
    history = score_history(record)
    assert len(history) == len(record.actions) + 1
    expected = [recount(record.replay(k)) for k in range(len(record.actions) + 1)]
    assert history == expected
    assert history[-1] == recount(game)
    assert len({tuple(row) for row in history}) > 2  # the scores do move over the game


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g.game_name}-{g.players}")
def test_a_game_a_record_and_its_json_give_the_same_history(game):
    record = game.record()
    assert score_history(game) == score_history(record) == score_history(record.dumps())


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g.game_name}-{g.players}")
def test_the_figure_has_one_line_per_seat_ending_at_the_final_score(game):
    fig, ax = plots.scores_over_game(game.record())
    lines = ax.get_lines()
    assert len(lines) == game.players
    final = recount(game)
    best = max(final)
    for seat, line in enumerate(lines):
        assert list(line.get_xdata()) == list(range(len(game.actions) + 1))
        assert line.get_ydata()[-1] == final[seat]
        label = line.get_label()
        assert label.startswith(f"Seat {seat}: {money(final[seat])}")
        assert label.endswith("(winner)") == (final[seat] == best)
    assert "as if the game ended now" in ax.get_ylabel()
    assert "decisions" in ax.get_xlabel()
    plt.close(fig)


def test_some_seats_only_and_a_bad_seat():
    game = GAMES[0]
    fig, ax = plots.scores_over_game(game, seats=[2])
    assert len(ax.get_lines()) == 1 and ax.get_lines()[0].get_label().startswith("Seat 2")
    plt.close(fig)
    with pytest.raises(ValueError, match="seats are numbers from 0 to 2"):
        plots.scores_over_game(game, seats=[3])


def test_a_bad_record_is_refused_with_the_action_named():
    data = GAMES[0].record().to_json()
    data["actions"][5] = {"act": "fly"}
    with pytest.raises(RecordError, match="action 5"):
        score_history(data)
