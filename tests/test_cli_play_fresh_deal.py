"""``prohis-nb play`` deals a fresh game and names its seed only at the end.

The seed deals every card. Played with a fixed default seed, every student's
game is the same deal, and the same command run in a second terminal with
another ``--seat`` prints the opponents' hands of the game on the screen
(attack-22b F8). So: no ``--seed``, a fresh deal; and no line the learner sees
before the end names the seed.
"""

from __future__ import annotations

import pytest

from prohis_nb.cli import main
from prohis_nb.core.record import Record


def play(monkeypatch, capsys, *options: str, typed: str = "0") -> str:
    """Run ``prohis-nb play`` in-process, answering every question with ``typed``."""

    def answer(prompt: str = "") -> str:
        if typed == "quit":
            return "quit"
        return typed

    monkeypatch.setattr("builtins.input", answer)
    assert main(["play", *options]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("game", ["prohis", "smuggle"])
def test_without_a_seed_every_run_is_a_fresh_deal(monkeypatch, capsys, game):
    seen = {
        play(monkeypatch, capsys, "--game", game, "--players", "3", typed="quit") for _ in range(4)
    }
    assert len(seen) > 1  # four runs of a fixed seed would print the same deal four times


@pytest.mark.parametrize("game", ["prohis", "smuggle"])
def test_the_seed_is_named_only_once_the_game_is_over(monkeypatch, capsys, tmp_path, game):
    saved = tmp_path / "mine.json"
    out = play(monkeypatch, capsys, "--game", game, "--players", "3", "--save", str(saved))
    seed = Record.load(saved).setup["seed"]
    before, end, after = out.partition("Final scores:")
    assert end, out[-500:]
    assert str(seed) not in before
    assert "a fresh deal" in before.splitlines()[0]
    assert f"seed {seed}" in after  # once over, the game is everyone's: it can be dealt again


def test_a_given_seed_is_not_repeated_on_the_screen_unless_asked(monkeypatch, capsys):
    seed = "987654321"
    out = play(monkeypatch, capsys, "--players", "3", "--seed", seed, typed="quit")
    assert seed not in out
    shown = play(monkeypatch, capsys, "--players", "3", "--seed", seed, "--show-seed", typed="quit")
    assert f"seed {seed}" in shown.splitlines()[0]
