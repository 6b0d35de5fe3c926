"""The stage games write the same records as before their shared base (core/stage.py).

convoy and customs share their plumbing (:class:`prohis_nb.core.stage.StageGame`):
reading the rules, the seed or the stacked table, actions typed or given as
mappings. Their records must not have moved by a byte. Each record here is
written by the test itself, from a fixed list of actions, in the record format
the docs give (docs/records.md: the envelope ``format, game, rules, setup,
actions`` in that order, the rules as ``{"players": 2, "variants": {...}}``
holding only what differs from the defaults, one action per line), and
compared with what the engine writes, byte for byte. The deal a seed makes is
recomputed here from the games' documented draw (Python's ``random.Random(seed)``,
then the engine's Fisher-Yates shuffle), so a seed deals the same table too.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from prohis_nb import ConvoyStageGame, CustomsStageGame
from prohis_nb.core.deal import shuffle
from prohis_nb.core.record import Record
from prohis_nb.smuggle.board import PACK_COUNTS

LEGAL3 = ["legal", "legal", "legal"]


def record_text(fmt: str, game: str, variants: dict, setup: dict, actions: list[dict]) -> str:
    """A record as docs/records.md writes it: the envelope on one line, one action a line."""
    head = {"format": fmt, "game": game, "rules": {"players": 2, "variants": variants}}
    head["setup"] = setup
    lines = [json.dumps(head)[:-1] + ', "actions": [']
    lines.append(",\n".join("  " + json.dumps(action) for action in actions))
    lines.append("]}")
    return "\n".join(lines) + "\n"


def with_seats(actions: list[dict], seat_of: dict[str, int]) -> list[dict]:
    """The record's form of each action: ``seat`` first, then ``act`` and its fields."""
    return [{"seat": seat_of[action["act"]], **action} for action in actions]


CONVOY_SEATS = dict.fromkeys(("convoy", "bribe", "no_bribe"), 0) | dict.fromkeys(
    ("accept", "reject", "inspect", "waive"), 1
)
CUSTOMS_SEATS = dict.fromkeys(("declare", "immunity"), 1) | dict.fromkeys(
    ("accept", "search", "challenge"), 0
)

# An honest convoy and a one-card bribe are legal whatever the hand (docs/convoy-rules.md).
CONVOY_PLAYS: list[tuple[dict, dict, list[dict]]] = [
    ({}, {"seed": 1}, [{"act": "convoy", "cards": LEGAL3}, {"act": "no_bribe"}, {"act": "waive"}]),
    (
        {"payoffs": "own"},
        {"seed": 7},
        [
            {"act": "convoy", "cards": LEGAL3},
            {"act": "bribe", "cards": ["legal"]},
            {"act": "reject"},
        ],
    ),
    (
        {"p_dirty": "1/3", "waiver_keeps_card": True},
        {"seed": 2**40 + 3},
        [{"act": "convoy", "cards": LEGAL3}, {"act": "no_bribe"}, {"act": "inspect"}],
    ),
    (
        {"card": "inspector", "size": 4, "illegal": 2},
        {"hand": "dirty", "order": [3, 1, 0, 2]},
        [
            {"act": "convoy", "cards": ["legal", "legal", "illegal", "illegal"]},
            {"act": "bribe", "cards": ["legal"]},
            {"act": "accept"},
        ],
    ),
    ({}, {"hand": "honest", "order": [0, 2, 1]}, [{"act": "convoy", "cards": LEGAL3}]),
    ({}, {"seed": 0}, []),
]

# Any declaration, and an immunity claim, is legal whatever the hand (docs/customs-rules.md).
CUSTOMS_PLAYS: list[tuple[dict, list[dict]]] = [
    ({"seed": 1}, [{"act": "declare", "items": ["wine", "wine"]}, {"act": "search"}]),
    ({"seed": 12}, [{"act": "declare", "items": []}, {"act": "accept"}]),
    ({"seed": 99}, [{"act": "immunity"}, {"act": "challenge"}]),
    ({"seed": 5}, [{"act": "immunity"}, {"act": "accept"}]),
    (
        {"hand": ["watch", "luggage", "luggage", "luggage"]},
        [{"act": "declare", "items": ["watch"]}, {"act": "search"}],
    ),
    ({"seed": 2**62}, [{"act": "declare", "items": ["cigars"]}]),
]


def convoy_game(variants: dict, setup: dict) -> ConvoyStageGame:
    if "seed" in setup:
        return ConvoyStageGame(seed=setup["seed"], **variants)
    return ConvoyStageGame(table=setup, **variants)


@pytest.mark.parametrize(("variants", "setup", "actions"), CONVOY_PLAYS)
def test_a_convoy_record_is_written_as_the_docs_write_it(variants, setup, actions):
    game = convoy_game(variants, setup)
    for action in actions:
        game.apply(action)
    expected = record_text(
        "convoy-record/1", "convoy", variants, setup, with_seats(actions, CONVOY_SEATS)
    )
    assert game.record().dumps() == expected
    # Read back, it replays to the same game and is written again the same.
    again = Record.loads(expected).replay()
    assert again.record().dumps() == expected
    assert again.scores() == game.scores() and again.log(None) == game.log(None)


@pytest.mark.parametrize(("setup", "actions"), CUSTOMS_PLAYS)
def test_a_customs_record_is_written_as_the_docs_write_it(setup, actions):
    if "seed" in setup:
        game = CustomsStageGame(seed=setup["seed"])
    else:
        game = CustomsStageGame(table=setup)
    for action in actions:
        game.apply(action)
    expected = record_text(
        "customs-record/1", "customs", {}, setup, with_seats(actions, CUSTOMS_SEATS)
    )
    assert game.record().dumps() == expected
    again = Record.loads(expected).replay()
    assert again.record().dumps() == expected
    assert again.scores() == game.scores() and again.log(None) == game.log(None)


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 17, 2**31 - 1, 2**63 - 1])
@pytest.mark.parametrize("p_dirty", ["1/2", "1/3", "0", "1"])
def test_a_convoy_seed_deals_the_documented_table(seed, p_dirty):
    """``random.Random(seed)``: a dirty hand with probability p_dirty, then the face-down order."""
    numerator, _, denominator = p_dirty.partition("/")
    rng = random.Random(seed)
    dirty = rng.randrange(int(denominator or 1)) < int(numerator)
    order = list(range(3))
    shuffle(rng, order)
    game = ConvoyStageGame(seed=seed, p_dirty=p_dirty)
    table = game.omniscient_view()
    assert table.dirty is dirty
    hand = ("legal",) * 4 + (("illegal",) if dirty else ())
    assert table.hand == hand
    game.apply({"act": "convoy", "cards": LEGAL3})
    assert game.omniscient_view().face_down == tuple(LEGAL3[i] for i in order)
    # The same order as the stacked table that names it.
    twin = ConvoyStageGame(
        p_dirty=p_dirty, table={"hand": "dirty" if dirty else "honest", "order": order}
    )
    twin.apply({"act": "convoy", "cards": LEGAL3})
    assert twin.omniscient_view() == game.omniscient_view()


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 17, 2**31 - 1, 2**63 - 1])
def test_a_customs_seed_deals_the_top_four_cards_of_the_shuffled_pack(seed):
    pack: list[Any] = [kind for kind, n in PACK_COUNTS.items() for _ in range(n)]
    assert len(pack) == 54
    shuffle(random.Random(seed), pack)
    game = CustomsStageGame(seed=seed)
    assert game.omniscient_view().hand == tuple(pack[:4])  # top card first
    assert game.log(1) == CustomsStageGame(table={"hand": pack[:4]}).log(1)
