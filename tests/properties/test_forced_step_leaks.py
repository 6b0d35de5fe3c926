"""The three leaks through forced steps (issue 11): each a pair of records S cannot tell apart.

Each pair differs only in cards seat S may not see (RULES.md, "Who knows
what"). Before the fix the engine took a step with one legal action by
itself, so what it skipped told S a hidden card. Here S must be shown the very
same bytes at every ``--upto``: the command line's output (in-process and as a
subprocess), its view, the legal actions it is offered, and the widgets drawn
for it.
"""

from __future__ import annotations

import copy
import random

import pytest
from helpers.seatoutputs import cli_replay_subprocess, seat_outputs

from prohis_nb import ProhisGame, ProhisRules, Record
from prohis_nb.core.record import apply_recorded
from prohis_nb.smuggle.game import SmuggleGame
from prohis_nb.smuggle.rules import SmuggleRules

# 1. A decline the engine took by itself told everyone the seat held no controller card.
DECLINE = {
    "format": "prohis-record/1",
    "game": "prohis",
    "rules": {
        "players": 3,
        "deck": {"legal": 8, "illegal": 1, "lieutenant": 1, "captain": 3, "inspector": 3},
    },
    "setup": {
        "first": 0,
        "hands": [["legal", "illegal", "captain"], ["lieutenant", "legal"], ["legal", "legal"]],
        "row": ["legal", "legal", "legal", "legal"],
        "pile": ["captain", "captain", "inspector", "inspector", "inspector"],
    },
    "actions": [
        {"seat": 0, "act": "convoy", "cards": ["legal", "illegal"]},
        {"seat": 1, "act": "decline"},
        {"seat": 2, "act": "decline"},
    ],
}
DECLINE_TWIN = copy.deepcopy(DECLINE)
DECLINE_TWIN["setup"]["hands"][1:] = [["legal", "legal"], ["lieutenant", "legal"]]

# 2. With three bribe rounds, a skipped no_bribe told a bystander the smuggler's cards.
NO_BRIBE = {
    "format": "prohis-record/1",
    "game": "prohis",
    "rules": {
        "players": 3,
        "variants": {"bribe_rounds": 3},
        "deck": {"legal": 9, "illegal": 2, "lieutenant": 0, "captain": 3, "inspector": 3},
    },
    "setup": {
        "first": 0,
        "hands": [["legal", "illegal", "legal", "legal"], ["inspector", "legal"], ["legal"]],
        "row": ["legal"] * 4,
        "pile": ["captain"] * 3 + ["inspector"] * 2 + ["illegal"],
    },
    "actions": [
        {"seat": 0, "act": "convoy", "cards": ["legal", "illegal"]},
        {"seat": 1, "act": "control", "card": "inspector"},
        {"seat": 0, "act": "bribe", "cards": ["legal"]},
        {"seat": 1, "act": "reject"},
        {"seat": 0, "act": "bribe", "cards": ["legal", "legal"]},
        {"seat": 1, "act": "reject"},
        {"seat": 0, "act": "no_bribe"},
    ],
}
NO_BRIBE_TWIN = copy.deepcopy(NO_BRIBE)
NO_BRIBE_TWIN["setup"]["hands"][0] = ["legal", "illegal", "legal", "illegal"]
NO_BRIBE_TWIN["setup"]["pile"][-1] = "legal"
NO_BRIBE_TWIN["actions"][4]["cards"] = ["legal", "illegal"]


def _smuggle_pack(fourth: str) -> list[str]:
    from prohis_nb.smuggle.game import PACK

    pack = ["luggage", "luggage", "wine", "diplomatic_bag"]
    rest = list(PACK)
    for card in pack:
        rest.remove(card)
    pack += rest
    if fourth != "diplomatic_bag":  # swap the Bag with the first card of that kind below
        below = pack.index(fourth, 4)
        pack[3], pack[below] = pack[below], pack[3]
    return pack


# 3. Smuggle: a skipped discard told the Officer the passed hand held the Diplomatic Bag.
def _discard_record(fourth: str) -> dict:
    from prohis_nb.smuggle.game import PACK

    return {
        "format": "smuggle-record/1",
        "game": "smuggle",
        "rules": {"players": 3, "variants": {}},
        "setup": {"packs": [_smuggle_pack(fourth), list(PACK), list(PACK)]},
        "actions": [
            {"seat": 1, "act": "declare", "items": ["wine"]},
            {"seat": 0, "act": "accept"},
            {"seat": 2, "act": "accept"},
        ],
    }


PAIRS = {
    "forced decline": (DECLINE, DECLINE_TWIN, 0),
    "forced no_bribe": (NO_BRIBE, NO_BRIBE_TWIN, 2),
    "forced discard": (_discard_record("diplomatic_bag"), _discard_record("cigars"), 0),
}


@pytest.mark.parametrize("name", list(PAIRS))
def test_the_twin_records_replay_and_differ_only_in_hidden_cards(name):
    first, second, seat = PAIRS[name]
    a, b = Record.from_json(first), Record.from_json(second)
    assert a.setup != b.setup
    end_a, end_b = a.replay(), b.replay()  # both are valid records, replayed to the end
    assert end_a.omniscient_view().to_json() != end_b.omniscient_view().to_json()


@pytest.mark.parametrize("name", list(PAIRS))
def test_the_seat_is_shown_the_same_at_every_step(name, tmp_path):
    first, second, seat = PAIRS[name]
    a, b = Record.from_json(first), Record.from_json(second)
    for upto in range(len(a.actions) + 1):
        shown_a = seat_outputs(a, seat, upto, tmp_path)
        shown_b = seat_outputs(b, seat, upto, tmp_path)
        for door in shown_a:
            assert shown_a[door] == shown_b[door], f"{name}: {door} differs at --upto {upto}"
        assert shown_a["replay"].startswith("0\n")  # replayed, not refused


@pytest.mark.parametrize("name", list(PAIRS))
def test_the_command_line_prints_the_same_bytes_at_every_step(name, tmp_path):
    first, second, seat = PAIRS[name]
    a, b = Record.from_json(first), Record.from_json(second)
    for upto in range(len(a.actions) + 1):
        out_a = cli_replay_subprocess(a, seat, upto, tmp_path)
        out_b = cli_replay_subprocess(b, seat, upto, tmp_path)
        assert out_a.startswith("0\n") and "Traceback" not in out_a
        assert out_a == out_b, f"{name}: replay --seat {seat} --upto {upto} differs"


def test_a_forced_decline_is_asked_and_shown_pending_to_everyone():
    game = Record.from_json(DECLINE).replay(1)
    twin = Record.from_json(DECLINE_TWIN).replay(1)
    assert game.to_act == twin.to_act == 1
    assert [a.act for a in twin.legal_actions()] == ["decline"]  # forced, but asked
    assert {a.act for a in game.legal_actions()} == {"decline", "control"}


def test_the_discard_of_the_bag_is_asked_and_recorded():
    game = Record.from_json(_discard_record("diplomatic_bag")).replay()
    assert game.decision.kind == "discard" and game.to_act == 2
    (only,) = game.legal_actions()
    assert only.card == "diplomatic_bag"
    game.apply(only)
    assert game.record().actions[-1] == {"seat": 2, "act": "discard", "card": "diplomatic_bag"}


def _old_style(game_class, rules, seed):
    """A random game, and its record with every single-option step left out (as before the fix)."""
    game = game_class(rules, seed=seed)
    rng = random.Random(seed)
    kept, positions = [], []
    while not game.ended:
        legal = game.legal_actions()
        action = rng.choice(legal)
        game.apply(action)
        if len(legal) > 1:
            kept.append(action.to_json())
            positions.append(game.copy())
    record = game.record().to_json()
    record["actions"] = kept
    return game, Record.from_json(record), positions


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_old_records_without_hidden_forced_steps_replay_to_the_same_positions(players):
    stripped_any = False
    for game_class, rules in (
        (ProhisGame, ProhisRules(players=players, bribe_rounds=3)),
        (SmuggleGame, SmuggleRules(players=players)),
    ):
        for seed in range(2):
            game, old, positions = _old_style(game_class, rules, seed)
            stripped_any |= len(old.actions) < len(game.actions)
            replayed = old.new_game()
            pending = list(replayed.forced_after(-1))
            for index, (data, position) in enumerate(zip(old.actions, positions)):
                pending = apply_recorded(replayed, data, index, pending)
                assert replayed.decision == position.decision
                assert replayed.scores() == position.scores()
                if index % 25 == 0:
                    assert replayed.omniscient_view() == position.omniscient_view()
            assert replayed.omniscient_view() == positions[-1].omniscient_view()
    assert stripped_any
