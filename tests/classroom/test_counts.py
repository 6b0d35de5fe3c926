"""decision_counts against counts made another way.

Two independent checks:

* stacked games whose every decision is written here, so the right counts are
  known by reading the script (and RULES.md for what each step means);
* seeded bot games counted step by step while they are played, from the
  omniscient view at each step (the convoy on the table, the hand behind a
  declaration, the hand a search shows), not from the record afterwards.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from prohis_nb.bots import make_bot, play_game
from prohis_nb.classroom import decision_counts
from prohis_nb.classroom.counts import PROHIS_KEYS, SMUGGLE_KEYS
from prohis_nb.core.record import Record
from prohis_nb.errors import RecordError
from prohis_nb.smuggle.board import PACK_COUNTS
from prohis_nb.smuggle.game import SmuggleGame, SmuggleRules
from prohis_nb.widgets.lesson import stacked_game

HAND = ["illegal", "legal", "captain", "inspector"]


def play(game, *actions):
    for action in actions:
        game.apply(action)
    return game


def nonzero(counts: dict[str, int]) -> dict[str, int]:
    return {key: value for key, value in counts.items() if value and key != "games"}


def test_a_bribed_dirty_convoy_rejected_and_caught():
    # Seat 0 ships illegal+legal; seat 1 plays a Captain, seat 2 an Inspector (the
    # Inspector outranks it); seat 0 offers a Captain, seat 2 rejects and so must
    # inspect: it turns the legal card, then the illegal one (the last turn may be
    # taken by the engine, as a forced step).
    game = play(
        stacked_game([HAND] * 3),
        {"act": "convoy", "cards": ["illegal", "legal"]},
        {"act": "control", "card": "captain"},
        {"act": "control", "card": "inspector"},
        {"act": "bribe", "cards": ["captain"]},
        {"act": "reject"},
        {"act": "turn", "position": 1},
    )
    if not any(a.act == "turn" and a.position == 0 for a in game.forced_after(5)):
        game.apply({"act": "turn", "position": 0})
    expected = {
        "convoys": 1,
        "convoys_dirty": 1,
        "convoys_controlled": 1,
        "convoys_dirty_bribed": 1,
        "control_chances": 2,
        "controls": 2,
        "controls_captain": 1,
        "controls_inspector": 1,
        "bribe_chances": 1,
        "bribes": 1,
        "bribe_cards": 1,
        "bribe_value": 4_000,  # a Captain in the controller's warehouse
        "bribes_dirty_convoy": 1,
        "bribes_rejected": 1,
        "searches": 1,
        "catches": 1,
    }
    assert nonzero(decision_counts(game.record())) == expected
    assert nonzero(decision_counts(game.record(), seat=0)) == {
        "convoys": 1,
        "convoys_dirty": 1,
        "convoys_controlled": 1,
        "convoys_dirty_bribed": 1,
        "bribe_chances": 1,
        "bribes": 1,
        "bribe_cards": 1,
        "bribe_value": 4_000,
        "bribes_dirty_convoy": 1,
    }
    assert nonzero(decision_counts(game.record(), seat=1)) == {
        "control_chances": 1,
        "controls": 1,
        "controls_captain": 1,
    }


def test_bait_a_clean_convoy_from_a_hand_with_illegal_goods_waived():
    game = play(
        stacked_game([HAND] * 3),
        {"act": "convoy", "cards": ["legal", "captain"]},  # the illegal card stays in hand
        {"act": "control", "card": "captain"},
        {"act": "decline"},
        {"act": "no_bribe"},
        {"act": "waive"},
    )
    assert nonzero(decision_counts(game.record())) == {
        "convoys": 1,
        "convoys_clean": 1,
        "convoys_bait": 1,
        "convoys_controlled": 1,
        "control_chances": 2,
        "controls": 1,
        "controls_captain": 1,
        "bribe_chances": 1,
        "waivers": 1,
        "waivers_captain": 1,
    }


def test_a_clean_convoy_from_a_clean_hand_is_no_bait_and_an_inspection_finds_nothing():
    clean = ["legal", "legal", "captain", "inspector"]
    game = play(
        stacked_game([clean, HAND, HAND]),
        {"act": "convoy", "cards": ["legal", "legal"]},
        {"act": "decline"},
        {"act": "control", "card": "inspector"},
        {"act": "no_bribe"},
        {"act": "inspect"},
        {"act": "turn", "position": 0},
    )
    counts = decision_counts(game.record())
    assert counts["convoys_clean"] == 1 and counts["convoys_bait"] == 0
    assert counts["inspections"] == counts["inspections_inspector"] == counts["searches"] == 1
    assert counts["catches"] == 0 and counts["inspections_dirty"] == 0


def test_a_record_that_writes_out_a_forced_step_counts_the_same():
    game = play(
        stacked_game([HAND] * 3),
        {"act": "convoy", "cards": ["illegal", "legal"]},
        {"act": "control", "card": "captain"},
        {"act": "decline"},
        {"act": "bribe", "cards": ["inspector"]},
        {"act": "reject"},
        {"act": "turn", "position": 1},
    )
    written = game.record().to_json()
    written["actions"] = [
        step.to_json()
        for i, action in enumerate(game.actions)
        for step in (action, *game.forced_after(i))
    ]
    assert len(written["actions"]) > len(game.actions), "the engine should have taken steps"
    assert decision_counts(written) == decision_counts(game.record())


def test_no_decision_no_count_and_every_key_present():
    game = stacked_game([HAND] * 3)
    counts = decision_counts(game.record())
    assert list(counts) == list(PROHIS_KEYS)
    assert nonzero(counts) == {} and counts["games"] == 1


# ------------------------------------------------------------ Smuggle, stacked


def smuggle_pack(top: list[str]) -> list[str]:
    rest = Counter(PACK_COUNTS) - Counter(top)
    return top + [kind for kind in PACK_COUNTS for _ in range(rest[kind])]


def test_smuggle_a_lie_searched_and_a_truth_passed_and_informed_on():
    # Round 0: seat 0 is the Officer, seat 1 draws the top 4 cards.
    pack = smuggle_pack(
        ["wine", "wine", "luggage", "luggage", "cigars", "luggage", "luggage", "luggage"]
    )
    game = SmuggleGame(SmuggleRules(players=3), table={"packs": [pack] * 3})
    play(
        game,
        {"act": "declare", "items": ["wine"]},  # holds 2 wine: a lie
        {"act": "search"},  # caught; seat 2 draws 4 fresh cards: cigars and luggage
        {"act": "declare", "items": ["cigars"]},  # the truth
        {"act": "accept"},  # the Officer lets it through, to seat 1
        {"act": "inform"},  # seat 1 informs on a true hand
    )
    assert nonzero(decision_counts(game.record())) == {
        "declarations": 2,
        "declarations_1_items": 2,
        "lies": 1,
        "lies_1_items": 1,
        "officer_decisions": 2,
        "officer_decisions_1_items": 2,
        "searches": 1,
        "searches_1_items": 1,
        "searches_of_lies": 1,
        "passed_hands": 1,
        "receiver_decisions": 1,
        "informs": 1,
    }
    assert nonzero(decision_counts(game.record(), seat=1)) == {
        "declarations": 1,
        "declarations_1_items": 1,
        "lies": 1,
        "lies_1_items": 1,
        "receiver_decisions": 1,
        "informs": 1,
    }


def test_smuggle_immunity_without_the_bag_is_a_lie():
    pack = smuggle_pack(["wine", "luggage", "luggage", "luggage"])
    game = SmuggleGame(SmuggleRules(players=3), table={"packs": [pack] * 3})
    play(game, {"act": "immunity"}, {"act": "challenge"})
    counts = decision_counts(game.record())
    assert counts["declarations_immunity"] == counts["lies_immunity"] == 1
    assert counts["searches_immunity"] == counts["searches_of_lies"] == 1


# ------------------------------------------------------------ bot games, step by step


def prohis_step_by_step(game, rng: random.Random) -> Counter:
    """Play random legal moves; count from the omniscient view before each one."""
    counts: Counter = Counter()
    while not game.ended:
        before = game.omniscient_view()
        action = rng.choice(list(game.legal_actions()))
        hand = list(game.hand(action.seat))
        game.apply(action)
        if action.act == "convoy":
            convoy = game.omniscient_view().convoy  # the convoy on the table now
            if convoy is not None:
                dirty = "illegal" in convoy.cards
            else:  # nobody could control: it went straight to the warehouse
                dirty = hand.count("illegal") > game.hand(action.seat).count("illegal")
            counts["convoys"] += 1
            counts["convoys_dirty" if dirty else "convoys_clean"] += 1
            counts["convoys_bait"] += not dirty and "illegal" in hand
        elif action.act == "control":
            counts[f"controls_{action.card}"] += 1
        elif action.act in ("inspect", "waive"):
            card = before.convoy.controller_card
            counts[f"{action.act}_{card}"] += 1
            if "illegal" in before.convoy.cards:
                counts[f"{action.act}_dirty"] += 1
        elif action.act == "bribe":
            counts["bribe_cards"] += len(action.cards)
        elif action.act in ("accept", "reject"):
            counts[action.act] += 1
    return counts


@pytest.mark.parametrize("seed", [1, 2])
def test_prohis_counts_match_a_step_by_step_count(seed):
    from prohis_nb.prohis import ProhisGame, ProhisRules

    game = ProhisGame(ProhisRules(players=4), seed=seed)
    independent = prohis_step_by_step(game, random.Random(seed))
    counts = decision_counts(game.record())
    for key in ("convoys", "convoys_dirty", "convoys_clean", "convoys_bait"):
        assert counts[key] == independent[key], key
    for rank in ("lieutenant", "captain", "inspector"):
        assert counts[f"controls_{rank}"] == independent[f"controls_{rank}"]
        assert counts[f"inspections_{rank}"] == independent[f"inspect_{rank}"]
        assert counts[f"waivers_{rank}"] == independent[f"waive_{rank}"]
    assert counts["inspections_dirty"] == independent["inspect_dirty"]
    assert counts["waivers_dirty"] == independent["waive_dirty"]
    assert counts["bribe_cards"] == independent["bribe_cards"]
    assert counts["bribes_accepted"] == independent["accept"]
    assert counts["bribes_rejected"] == independent["reject"]


def test_prohis_every_convoy_dirty_or_clean_counted_through_the_hand():
    """Dirty/clean/bait from the smuggler's hand before and after the convoy, bots playing."""
    from prohis_nb.prohis import ProhisGame, ProhisRules

    game = ProhisGame(ProhisRules(players=4), seed=11)
    bots = [make_bot(spec, seed=i) for i, spec in enumerate(["bluff:bait=0.5", "ev"] * 2)]
    independent: Counter = Counter()
    while not game.ended:
        seat = game.to_act
        action = bots[seat].choose(game.view(seat), game.legal_actions())
        hand = Counter(game.hand(seat))
        game.apply(action)
        if action.act == "convoy":
            dirty = hand["illegal"] > Counter(game.hand(seat))["illegal"]  # it left the hand
            independent["dirty" if dirty else "clean"] += 1
            independent["bait"] += not dirty and hand["illegal"] > 0
    counts = decision_counts(game.record())
    assert (counts["convoys_dirty"], counts["convoys_clean"], counts["convoys_bait"]) == (
        independent["dirty"],
        independent["clean"],
        independent["bait"],
    )
    assert counts["convoys"] > 3 and counts["convoys_bait"] > 0


@pytest.mark.parametrize("seed", [3, 4])
def test_smuggle_counts_match_what_searches_showed(seed):
    """Lies from the hand behind each declaration (omniscient view, another counting function)."""
    from prohis_nb.analysis.smuggle import dutiable

    specs = ["liar:lie=0.5:fake=0.2", "honest", "random", "liar"]
    bots = [make_bot(s, seed=seed + i, game="smuggle") for i, s in enumerate(specs)]
    game = SmuggleGame(SmuggleRules(players=4), seed=seed)
    independent: Counter = Counter()
    while not game.ended:
        seat = game.to_act
        action = bots[seat].choose(game.view(seat), game.legal_actions())
        view = game.omniscient_view()
        game.apply(action)
        if action.act == "declare":
            lie = dutiable(view.hands[seat]) != Counter(action.items)
            independent["lies"] += lie
            independent[f"lies_{len(action.items)}"] += lie
        elif action.act == "immunity":
            independent["lies"] += "diplomatic_bag" not in view.hands[seat]
        if action.act in ("declare", "immunity"):
            last_lie = lie if action.act == "declare" else "diplomatic_bag" not in view.hands[seat]
        elif action.act != "discard":
            role = view.decision.kind  # who answered: the Officer or the receiver
            searched = action.act != "accept"
            independent[f"{role}_{searched}"] += 1
            independent[f"{role}_{searched}_{last_lie}"] += 1
    counts = decision_counts(game.record())
    assert counts["lies"] == independent["lies"] > 0
    for n in range(5):
        assert counts[f"lies_{n}_items"] == independent[f"lies_{n}"]
    assert counts["searches"] == independent["officer_True"]
    assert counts["searches_of_lies"] == independent["officer_True_True"]
    assert counts["passed_hands"] == independent["officer_False"]
    assert counts["passed_lies"] == independent["officer_False_True"]
    assert counts["informs"] == independent["receiver_True"] > 0
    assert counts["informs_on_lies"] == independent["receiver_True_True"]
    assert (
        counts["receiver_decisions"] == independent["receiver_True"] + independent["receiver_False"]
    )
    assert list(counts) == list(SMUGGLE_KEYS)


def test_per_seat_counts_add_up_to_the_table():
    for game_name, specs in (("prohis", ["bluff", "ev", "honest"]), ("smuggle", ["liar"] * 3)):
        bots = [make_bot(s, seed=i, game=game_name) for i, s in enumerate(specs)]
        record = play_game(game_name, bots, seed=9).record()
        total = decision_counts(record)
        seats = [decision_counts(record, seat=s) for s in range(3)]
        for key, value in total.items():
            if key != "games":
                assert sum(s[key] for s in seats) == value, key


def test_bad_input_is_refused_clearly():
    game = stacked_game([HAND] * 3)
    with pytest.raises(ValueError, match="seat must be a seat of this game, 0 to 2"):
        decision_counts(game.record(), seat=3)
    with pytest.raises(RecordError, match="a game record is"):
        decision_counts(42)
    bad = game.record().to_json()
    bad["actions"] = [{"seat": 0, "act": "inspect"}]
    with pytest.raises(RecordError, match="action 0"):
        decision_counts(bad)
    assert isinstance(Record.loads(game.record().dumps()), Record)


def test_the_theory_column_names_models_in_words_not_modules():
    """A learner reads the model's name: no Python module path in it (issue 23, item 6)."""
    pytest.importorskip("scipy")
    from prohis_nb.classroom.theory import convoy_predictions, declaration_predictions

    predictions = {**convoy_predictions(0.5), **declaration_predictions()}
    for name, prediction in predictions.items():
        assert prediction.model, name
        assert "analysis." not in prediction.model and "prohis_nb" not in prediction.model, name
