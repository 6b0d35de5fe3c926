"""Stacked tables for Smuggle tests: put chosen cards on top of a round's pack."""

from collections import Counter

from prohis_nb.smuggle.game import PACK, SmuggleGame
from prohis_nb.smuggle.rules import SmuggleRules


def stacked_pack(top: list[str]) -> list[str]:
    """A full 54-card pack order whose first cards are ``top`` (top card first)."""
    rest = Counter(PACK)
    rest.subtract(top)
    assert min(rest.values()) >= 0, "more cards on top than the pack holds"
    return list(top) + list(rest.elements())


def stacked_game(top: list[str], players: int = 3) -> SmuggleGame:
    """A game whose first round starts with ``top``; later rounds in the fixed pack order."""
    packs = [stacked_pack(top)] + [list(PACK) for _ in range(players - 1)]
    return SmuggleGame(SmuggleRules(players=players), table={"packs": packs})


def declare(game: SmuggleGame, *items: str) -> None:
    game.apply({"act": "declare", "items": list(items)})


def act(game: SmuggleGame, name: str) -> None:
    game.apply({"act": name})
