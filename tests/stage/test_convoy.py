"""The convoy stage game, rule by rule (docs/convoy-rules.md), with stacked tables.

The payoffs are checked twice: against numbers worked out here from Prohis's
scoring table, and against :mod:`prohis_nb.analysis.equilibrium`'s convoy
game (every entry of its normal form, both payoff conventions, many
parameters), so the engine and the lessons' analysis cannot drift apart.
What a seat sees is checked with twin tables that differ only in what the
rules hide from it.
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import permutations, product

import pytest

from prohis_nb import ConvoyRules, ConvoyStageGame, RulesError
from prohis_nb.convoy.determinize import determinize_convoy, posterior_dirty
from prohis_nb.errors import IllegalActionError, RecordError

# Prohis's scoring table (docs/rules.md, "Scoring"), written out here on purpose.
W = {"legal": 1000, "illegal": 4000, "lieutenant": 3000, "captain": 4000, "inspector": 5000}
H = {"legal": 0, "illegal": -4000, "lieutenant": 1000, "captain": 2000, "inspector": 3000}


def stacked(hand: str, order: list[int], **variants) -> ConvoyStageGame:
    return ConvoyStageGame(ConvoyRules(**variants), table={"hand": hand, "order": order})


def play(game: ConvoyStageGame, *steps: dict) -> ConvoyStageGame:
    for step in steps:
        game.apply(step)
    return game


DIRTY = {"act": "convoy", "cards": ["illegal", "legal", "legal"]}
HONEST = {"act": "convoy", "cards": ["legal", "legal", "legal"]}
BRIBE = {"act": "bribe", "cards": ["legal"]}
NO_BRIBE = {"act": "no_bribe"}


# ---------------------------------------------------------------- the steps


def test_chance_deals_a_dirty_hand_with_the_rules_probability():
    dirty = sum(ConvoyStageGame(seed=seed).dirty for seed in range(4000))
    assert abs(dirty / 4000 - 0.5) < 0.03
    third = sum(ConvoyStageGame(p_dirty="1/3", seed=seed).dirty for seed in range(3000))
    assert abs(third / 3000 - 1 / 3) < 0.03
    assert not any(ConvoyStageGame(p_dirty=0, seed=seed).dirty for seed in range(200))


def test_a_hand_holds_the_convoy_and_what_the_menu_needs():
    rules = ConvoyRules(size=3, illegal=1, bribes=(("legal",), ("illegal", "legal")))
    assert sorted(rules.hand(True)) == sorted(["legal"] * 4 + ["illegal"] * 2)
    assert sorted(rules.hand(False)) == ["legal"] * 4  # an honest hand offers no illegal bribe


def test_an_honest_hand_can_only_send_an_honest_convoy():
    honest, dirty = stacked("honest", [0, 1, 2]), stacked("dirty", [0, 1, 2])
    assert [a.cards for a in honest.legal_actions()] == [("legal",) * 3]
    assert {a.cards for a in dirty.legal_actions()} == {
        ("legal",) * 3,
        ("legal", "legal", "illegal"),
    }
    with pytest.raises(IllegalActionError, match="dirty one from a dirty hand"):
        honest.apply(DIRTY)
    assert honest.actions == ()


def test_the_smuggler_is_asked_even_with_a_single_choice():
    game = stacked("honest", [0, 1, 2])
    assert game.to_act == 0 and len(game.legal_actions()) == 1  # asked, not skipped
    game.apply(HONEST)
    assert game.decision.kind == "bribe"


def test_a_bribe_comes_from_the_menu_and_the_hand():
    menu = (("legal",), ("illegal",))
    honest = play(stacked("honest", [0, 1, 2], bribes=menu), HONEST)
    dirty = play(stacked("dirty", [0, 1, 2], bribes=menu), HONEST)
    assert {a.cards for a in honest.legal_actions() if a.act == "bribe"} == {("legal",)}
    assert {a.cards for a in dirty.legal_actions() if a.act == "bribe"} == {
        ("legal",),
        ("illegal",),
    }
    with pytest.raises(IllegalActionError, match="the menu"):
        honest.apply({"act": "bribe", "cards": ["legal", "legal"]})


def test_a_bribe_is_accepted_or_rejected_and_a_rejection_inspects():
    accepted = play(stacked("dirty", [2, 1, 0]), DIRTY, BRIBE, {"act": "accept"})
    assert accepted.omniscient_view().ending == "accepted" and accepted.turned == ()
    rejected = stacked("dirty", [2, 1, 0])
    play(rejected, DIRTY, BRIBE)
    assert [a.act for a in rejected.legal_actions()] == ["accept", "reject"]
    rejected.apply({"act": "reject"})
    assert rejected.ended and rejected.turned  # the inspection followed at once
    assert [a["act"] for a in rejected.record().actions] == ["convoy", "bribe", "reject"]


def test_without_a_bribe_the_controller_inspects_or_waives():
    game = play(stacked("honest", [0, 1, 2]), HONEST, NO_BRIBE)
    assert [a.act for a in game.legal_actions()] == ["inspect", "waive"]
    game.apply({"act": "waive"})
    assert game.omniscient_view().ending == "waived" and game.turned == ()


@pytest.mark.parametrize(
    ("card", "order", "turned", "ending"),
    [
        ("captain", [2, 0, 1], ("illegal",), "confiscated"),  # the illegal card lies first
        ("captain", [0, 2, 1], ("legal", "illegal"), "confiscated"),
        ("captain", [0, 1, 2], ("legal", "legal"), "passed"),  # a captain turns 2 of 3
        ("lieutenant", [0, 2, 1], ("legal",), "passed"),  # a lieutenant turns 1
        ("inspector", [0, 1, 2], ("legal", "legal", "illegal"), "confiscated"),
    ],
)
def test_an_inspection_turns_up_to_the_rank_and_stops_at_illegal_goods(card, order, turned, ending):
    game = play(stacked("dirty", order, card=card), DIRTY, NO_BRIBE, {"act": "inspect"})
    assert game.turned == turned and game.omniscient_view().ending == ending


# ---------------------------------------------------------------- the scores


@pytest.mark.parametrize("payoffs", ["race", "own"])
def test_the_scores_of_every_ending_from_the_scoring_table(payoffs):
    def gains(ending: str, convoy: list[str], bribe: list[str] = ()) -> tuple[int, int]:
        stored = sum(W[c] - H[c] for c in convoy)
        if ending == "accepted":
            return stored - sum(H[c] for c in bribe), sum(W[c] for c in bribe)
        if ending == "waived":
            return stored, W["captain"] - H["captain"]
        if ending == "passed":
            return stored + H["captain"], -H["captain"]
        return -sum(H[c] for c in convoy), sum(W[c] for c in convoy) + W["captain"] - H["captain"]

    dirty = ["illegal", "legal", "legal"]
    assert gains("waived", dirty) == (10_000, 2_000)  # (4,000 + 4,000) + 2 × 1,000; the captain
    assert gains("confiscated", dirty) == (4_000, 8_000)
    cases = [
        ((DIRTY, BRIBE, {"act": "accept"}), "accepted", dirty, ["legal"]),
        ((DIRTY, NO_BRIBE, {"act": "waive"}), "waived", dirty, []),
        ((DIRTY, NO_BRIBE, {"act": "inspect"}), "confiscated", dirty, []),
        ((HONEST, BRIBE, {"act": "reject"}), "passed", ["legal"] * 3, []),
    ]
    for steps, ending, convoy, bribe in cases:
        game = play(stacked("dirty", [2, 1, 0], payoffs=payoffs), *steps)
        assert game.omniscient_view().ending == ending
        smuggler, controller = gains(ending, convoy, bribe)
        expected = (
            [smuggler - controller, controller - smuggler]
            if payoffs == "race"
            else [
                smuggler,
                controller,
            ]
        )
        assert game.scores() == expected
        assert game.view(1).final_scores == tuple(expected)


def test_waiver_keeps_card_leaves_the_controller_nothing_for_a_waiver():
    game = play(stacked("honest", [0, 1, 2], waiver_keeps_card=True, payoffs="own"), HONEST)
    play(game, NO_BRIBE, {"act": "waive"})
    assert game.scores() == [3000, 0]


def _engine_expectation(rules: ConvoyRules, dirty_hand: bool, load: str, offer, answer: str):
    """The engine's expected scores for one choice of everything, over every face-down order."""
    orders = list(permutations(range(rules.size)))
    total = [Fraction(0), Fraction(0)]
    for order in orders:
        game = ConvoyStageGame(
            rules, table={"hand": "dirty" if dirty_hand else "honest", "order": list(order)}
        )
        game.apply({"act": "convoy", "cards": list(rules.convoy(load == "dirty"))})
        game.apply({"act": "bribe", "cards": list(offer)} if offer else NO_BRIBE)
        game.apply({"act": answer})
        for seat in (0, 1):
            total[seat] += Fraction(game.scores()[seat], len(orders))
    return total


PARAMETERS = [
    dict(card="captain", size=3, illegal=1, bribes=(("legal",),)),
    dict(card="lieutenant", size=2, illegal=2, bribes=(("legal",), ("legal", "legal"))),
    dict(
        card="inspector",
        size=4,
        illegal=2,
        bribes=(("illegal",), ("legal",)),
        waiver_keeps_card=True,
    ),
    dict(card="captain", size=4, illegal=1, bribes=(("captain",),), p_dirty="1/3"),
    dict(card="captain", size=3, illegal=1, bribes=()),
]


@pytest.mark.parametrize("payoffs", ["race", "own"])
@pytest.mark.parametrize("parameters", PARAMETERS, ids=lambda p: f"{p['card']}-{p['size']}")
def test_the_engine_plays_the_payoffs_of_the_lessons_convoy_game(parameters, payoffs):
    """Every entry of the analysis's normal form, against the engine's own expectation."""
    np = pytest.importorskip("numpy")
    from prohis_nb.analysis.equilibrium import ConvoyGame

    rules = ConvoyRules(payoffs=payoffs, **parameters)
    model = ConvoyGame(
        card=rules.card,
        size=rules.size,
        illegal=rules.illegal,
        bribes=rules.bribes,
        p_dirty=rules.p_dirty,
        zero_sum=payoffs == "race",
        waiver_keeps_card=rules.waiver_keeps_card,
    )
    a, b = model.payoff_matrices()
    labels = model.offer_labels
    p = rules.p_dirty
    for i, ((dirty_load, dirty_offer), honest_offer) in enumerate(model.smuggler_strategies()):
        for j, plan in enumerate(model.controller_plans()):

            def answer(offer: str, plan: tuple = plan) -> str:
                if offer == "no bribe":
                    return plan[-1]
                return "accept" if plan[list(labels).index(offer) - 1] == "accept" else "reject"

            dirty = _engine_expectation(
                rules, True, dirty_load, labels[dirty_offer], answer(dirty_offer)
            )
            honest = _engine_expectation(
                rules, False, "honest", labels[honest_offer], answer(honest_offer)
            )
            smuggler = p * dirty[0] + (1 - p) * honest[0]
            controller = p * dirty[1] + (1 - p) * honest[1]
            assert float(smuggler) == pytest.approx(a[i, j], abs=1e-6)
            assert float(controller) == pytest.approx(b[i, j], abs=1e-6)
    assert np.shape(a) == (len(model.smuggler_strategies()), len(model.controller_plans()))


# ---------------------------------------------------------------- who knows what


@pytest.mark.parametrize(
    "steps",
    [
        (HONEST, BRIBE, {"act": "accept"}),
        (HONEST, NO_BRIBE, {"act": "waive"}),
        (HONEST, BRIBE, {"act": "reject"}),
        (HONEST, NO_BRIBE, {"act": "inspect"}),
    ],
)
def test_the_controller_cannot_tell_a_dirty_hand_behind_an_honest_convoy(steps):
    """Twin tables: the hand differs (dirty, honest), the smuggler does the same."""
    dirty, honest = stacked("dirty", [1, 0, 2]), stacked("honest", [1, 0, 2])
    for step in (None, *steps):
        if step is not None:
            dirty.apply(step)
            honest.apply(step)
        assert dirty.view(1).to_json() == honest.view(1).to_json()
        assert dirty.public_view() == honest.public_view()
        assert dirty._repr_html_() == honest._repr_html_()
    assert dirty.view(0).to_json() != honest.view(0).to_json()  # the smuggler knows its hand


@pytest.mark.parametrize("answer", ["accept", "waive"])
def test_nobody_learns_the_face_down_order_without_an_inspection(answer):
    steps = (DIRTY, BRIBE if answer == "accept" else NO_BRIBE, {"act": answer})
    games = [play(stacked("dirty", list(order)), *steps) for order in permutations(range(3))]
    for seat in (0, 1):
        assert len({str(g.view(seat).to_json()) for g in games}) == 1
    # the teacher sees where the illegal card lies: 3 places
    assert len({g.omniscient_view().face_down for g in games}) == 3


def test_what_each_seat_sees():
    game = play(stacked("dirty", [2, 0, 1]), DIRTY, BRIBE)  # the illegal card lies first
    smuggler, controller, onlooker = game.view(0), game.view(1), game.public_view()
    assert smuggler.hand == game.hand and smuggler.dirty is True
    assert smuggler.convoy == ("legal", "legal", "illegal") and smuggler.face_down == (None,) * 3
    assert controller.hand is None and controller.dirty is None and controller.convoy is None
    assert controller.bribe == ("legal",) == smuggler.bribe  # both seats see the bribe
    assert onlooker.bribe is None and onlooker.offered is True  # an onlooker does not
    game.apply({"act": "reject"})
    for view in (game.view(0), game.view(1), game.public_view()):
        assert view.face_down == ("illegal", None, None)  # a turned card is public
        assert view.ending == "confiscated"
    assert game.view(1).convoy == ("legal", "legal", "illegal")  # now in its warehouse
    assert game.public_view().convoy is None


# ---------------------------------------------------------------- determinize


def test_the_posterior_of_a_dirty_hand_is_bayes_over_a_uniform_smuggler():
    menu = (("legal",), ("illegal",))
    game = play(stacked("dirty", [0, 1, 2], bribes=menu, p_dirty="2/5"), HONEST, BRIBE)
    # A uniformly random smuggler: a dirty hand sends either convoy (1/2 each, both face
    # down: the controller sees the same) and then offers legal, illegal or nothing (1/3
    # each); an honest hand sends its one convoy and offers legal or nothing (1/2 each).
    dirty = Fraction(2, 5) * (Fraction(1, 2) + Fraction(1, 2)) * Fraction(1, 3)
    honest = Fraction(3, 5) * 1 * Fraction(1, 2)
    assert posterior_dirty(game.view(1)) == dirty / (dirty + honest)
    rng = random.Random(9)
    draws = [determinize_convoy(game.view(1), rng) for _ in range(1200)]
    share = sum(sample.dirty for sample in draws) / len(draws)
    expected = float(dirty / (dirty + honest))
    assert abs(share - expected) < 4 * (expected * (1 - expected) / len(draws)) ** 0.5
    orders = {sample.order for sample in draws}
    assert orders == set(permutations(range(3)))  # every face-down order is drawn
    assert all(sample.view(1) == game.view(1) for sample in draws[:50])


def test_an_illegal_bribe_tells_the_controller_the_hand_is_dirty():
    menu = (("illegal",),)
    game = play(
        stacked("dirty", [0, 1, 2], bribes=menu), HONEST, {"act": "bribe", "cards": ["illegal"]}
    )
    assert posterior_dirty(game.view(1)) == 1


def test_determinize_refuses_what_is_not_a_view_of_a_real_table():
    game = ConvoyStageGame(seed=1)
    with pytest.raises(TypeError, match="seat's view"):
        determinize_convoy(game.omniscient_view(), random.Random(0))
    forged = game.view(1).__class__(**{**game.view(1).__dict__, "size": 9})
    with pytest.raises(ValueError, match="not a view of a real table"):
        determinize_convoy(forged, random.Random(0))


# ---------------------------------------------------------------- rules and records


def test_both_payoff_conventions_are_a_rules_option_written_into_the_record():
    game = ConvoyStageGame(payoffs="own", p_dirty="1/3", seed=4)
    data = game.record().to_json()
    assert data["rules"] == {"players": 2, "variants": {"p_dirty": "1/3", "payoffs": "own"}}
    assert ConvoyRules.from_json(data["rules"]) == game.rules


@pytest.mark.parametrize(
    ("variants", "message"),
    [
        (dict(players=3), "exactly 2 players"),
        (dict(payoffs="mine"), "'race' or 'own'"),
        (dict(p_dirty="3/2"), "from 0 to 1"),
        (dict(p_dirty="1e-3"), "a fraction '1/3' or a decimal"),
        (dict(size=5), "size must be a whole number from 2 to 4"),
        (dict(illegal=4, size=3), "illegal must be a whole number from 1 to 3"),
        (dict(card="legal"), "controller card"),
        (dict(bribes=(("legal",), ("legal",))), "must differ"),
        (dict(colour="red"), "unknown convoy variant"),
    ],
)
def test_bad_rules_are_refused_saying_what_is_allowed(variants, message):
    with pytest.raises(RulesError, match=message):
        ConvoyStageGame(seed=1, **variants)


def test_a_bad_stacked_table_is_refused():
    with pytest.raises(RecordError, match="the face-down order"):
        ConvoyStageGame(table={"hand": "dirty", "order": [0, 0, 1]})
    with pytest.raises(RecordError, match="'dirty' or 'honest'"):
        ConvoyStageGame(table={"hand": "clean", "order": [0, 1, 2]})


def test_the_command_line_replays_a_convoy_for_one_seat(tmp_path, capsys):
    import json

    from prohis_nb.cli import main

    game = play(stacked("dirty", [1, 0, 2]), DIRTY, BRIBE, {"act": "accept"})
    path = game.record().save(tmp_path / "convoy.json")
    assert main(["replay", str(path), "--seat", "1"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["hand"] is None and shown["convoy"] is None and shown["ending"] == "accepted"
    assert main(["replay", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["dirty"] is True
    assert main(["simulate", "--game", "convoy", "--games", "20"]) == 0
    assert "20 random convoy games, 2 players" in capsys.readouterr().out


@pytest.mark.parametrize("values", list(product(["race", "own"], [0, 1])))
def test_a_finished_convoy_announces_its_scores_to_both_seats(values):
    payoffs, seed = values
    game = ConvoyStageGame(payoffs=payoffs, seed=seed)
    rng = random.Random(seed)
    while not game.ended:
        game.apply(rng.choice(game.legal_actions()))
    assert game.view(0).final_scores == game.view(1).final_scores == tuple(game.scores())
    if payoffs == "race":
        assert sum(game.scores()) == 0


def test_with_own_money_an_honest_convoy_never_pays_a_dirty_hand():
    """docs/convoy-rules.md: with lesson 6's parameters baiting comes from the race only."""
    for payoffs, dominated in (("own", True), ("race", False)):
        rules = ConvoyRules(payoffs=payoffs)
        better = []
        for offer, answers in (((), ("inspect", "waive")), (("legal",), ("accept", "reject"))):
            for answer in answers:
                honest = _engine_expectation(rules, True, "honest", offer, answer)[0]
                dirty = _engine_expectation(rules, True, "dirty", offer, answer)[0]
                better.append(dirty > honest)
        assert all(better) is dominated
