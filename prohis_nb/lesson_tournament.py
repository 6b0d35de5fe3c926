"""The tournament of the tournament lesson, played once and stored, read back in a millisecond.

Lesson 8 ("Tournaments and exploitability") lets four bots play 200 games of
Prohis. Playing them takes 10 to 20 seconds on a small machine, too long for
a class waiting for *Run All*, and the games never change: the same seed
gives the same games anywhere (the tournament is deterministic). So the
package ships their results, ``lesson_tournament.json`` beside this module
(each game's deal, seats, scores and winners, and the score breakdown of
:func:`prohis_nb.tournament.score_breakdown`), and :func:`lesson_tournament`
rebuilds the very :class:`~prohis_nb.tournament.TournamentResult` that
:func:`~prohis_nb.tournament.run_tournament` returns, with the same tables,
intervals and paired comparisons to the last digit. Only the first game's
record is kept (replayed from its seeds when asked), for the lesson's
``Stepper``.

Nothing is typed in: ``tests/test_lesson_tournament.py`` plays the
tournament again with the same seeds and checks that it gives exactly what
is stored; :func:`write_lesson_tournament` writes the file again::

    python -m prohis_nb.lesson_tournament   # after a change to the bots or the rules

Playing the tournament yourself (another ``seed``, more games) is one call,
as the lesson shows: ``run_tournament(LINEUP, players=4, games=400, seed=2)``.
Pure standard library, like the tournament itself.
"""

from __future__ import annotations

import json
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

from prohis_nb.tournament import (
    GameResult,
    TournamentResult,
    make_plan,
    run_tournament,
    score_breakdown,
)

#: The four strategies of the lesson (bot specs, see :mod:`prohis_nb.bots`).
LINEUP = ("honest", "bluff:bait=0:carry=1", "bluff:bait=0.5:carry=1", "bluff:bait=1:carry=1")
#: Players at the table, games played and the tournament's seed.
PLAYERS, GAMES, SEED = 4, 200, 1
STORED = Path(__file__).with_name("lesson_tournament.json")
FORMAT = "prohis-nb-lesson-tournament/1"


def _settings() -> dict[str, Any]:
    return {"lineup": list(LINEUP), "players": PLAYERS, "games": GAMES, "seed": SEED}


def play_lesson_tournament(workers: int = 1) -> TournamentResult:
    """Play the lesson's tournament from its seeds (10 to 20 seconds): what is stored."""
    return run_tournament(
        list(LINEUP), players=PLAYERS, games=GAMES, seed=SEED, workers=workers, progress=False
    )


def as_stored(result: TournamentResult) -> dict[str, Any]:
    """A played tournament as the stored file's JSON data (games without records)."""
    labels = sorted({label for game in result.games for label in game.lineup})
    return {
        "format": FORMAT,
        **_settings(),
        "labels": labels,
        # one row a game: index, deal, seed, label index at each seat, scores, winners, decisions
        "results": [
            [
                g.index,
                g.deal,
                g.seed,
                [labels.index(label) for label in g.lineup],
                list(g.scores),
                list(g.winners),
                g.decisions,
            ]
            for g in result.games
        ],
        "breakdown": score_breakdown(result),
    }


def write_lesson_tournament(path: Path = STORED, workers: int = 1) -> Path:
    """Play the tournament again and write its results to ``path`` (the shipped file)."""
    data = as_stored(play_lesson_tournament(workers))
    path.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    return path


@cache
def _stored() -> dict[str, Any]:
    data = json.loads(STORED.read_text(encoding="utf-8"))
    if data.get("format") != FORMAT or {k: data.get(k) for k in _settings()} != _settings():
        raise ValueError(
            f"{STORED.name} was written for other settings than the lesson's "
            f"({_settings()}): run `python -m prohis_nb.lesson_tournament` to write it again"
        )
    return data


def lesson_tournament() -> TournamentResult:
    """The lesson's tournament, read from the stored file (exactly what playing it gives).

    Every game is there without its record, except the first, which is
    played again from its seeds (one game, a few milliseconds) so that
    ``result.games[0].record`` can be stepped through.
    """
    data = _stored()
    labels = data["labels"]
    plan = make_plan(list(LINEUP), players=PLAYERS, seed=SEED)
    games = [
        GameResult(
            index=index,
            deal=deal,
            seed=seed,
            lineup=tuple(labels[i] for i in seats),
            scores=tuple(scores),
            winners=tuple(winners),
            decisions=decisions,
            record=None,
        )
        for index, deal, seed, seats, scores, winners, decisions in data["results"]
    ]
    first = plan.play(0)
    if replace(first, record=None) != games[0]:
        raise ValueError(
            f"{STORED.name} no longer matches the bots: its first game plays differently "
            "now; run `python -m prohis_nb.lesson_tournament` to write it again"
        )
    games[0] = first
    return TournamentResult(plan, games)


def lesson_breakdown() -> dict[str, dict[str, float]]:
    """:func:`~prohis_nb.tournament.score_breakdown` of the lesson's tournament, as stored."""
    return {label: dict(row) for label, row in _stored()["breakdown"].items()}


if __name__ == "__main__":
    print(f"wrote {write_lesson_tournament()}")
