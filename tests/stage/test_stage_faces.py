"""The stage games' faces, all reached through the registry: bots, coach, class results,
OpenSpiel, and the widgets (Table, Stepper, Play, HotSeat), which need no change to play them.

Every number is checked against an independent computation: the equilibrium
bot's value by exact enumeration through the engine, its rates and the
coach's beliefs by what seeded games actually show, the class counts by
counting games whose deals the test stacked itself, the OpenSpiel game's
value by CFR against the analysis's solver.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import permutations

import pytest

from prohis_nb import ConvoyRules, ConvoyStageGame, CustomsStageGame
from prohis_nb.bots import make_bot
from prohis_nb.bots.runner import play_game
from prohis_nb.core import registry

pytest.importorskip("numpy")

STAGE = ["convoy", "customs"]


# ---------------------------------------------------------------- bots


@pytest.mark.parametrize("payoffs", ["race", "own"])
def test_the_convoy_equilibrium_bot_plays_the_solved_value_exactly(payoffs):
    """Its behaviour, enumerated through the engine, is worth the analysis's equilibrium value."""
    from prohis_nb.convoy.bots import _key, behaviour
    from prohis_nb.convoy.coach import expected_scores

    rules = ConvoyRules(payoffs=payoffs, bribes=(("legal",), ("legal", "legal")))
    plan = behaviour(rules)
    value = [0.0, 0.0]
    for dirty, p_hand in ((True, rules.p_dirty), (False, 1 - rules.p_dirty)):
        hand = "dirty" if dirty else "honest"
        loads = (
            {"dirty": plan.dirty_convoy, "honest": 1 - plan.dirty_convoy}
            if dirty
            else {"honest": 1.0}
        )
        for load, p_load in loads.items():
            for offer, p_offer in plan.offers.get((hand, load), {}).items():
                if offer:
                    accept = plan.accept[_key(offer)]
                    answers = {"accept": accept, "reject": 1 - accept}
                else:
                    answers = {"inspect": plan.inspect, "waive": 1 - plan.inspect}
                for answer, p_answer in answers.items():
                    scores = expected_scores(rules, load == "dirty", offer, answer)
                    for seat in (0, 1):
                        value[seat] += (
                            float(p_hand) * p_load * p_offer * p_answer * float(scores[seat])
                        )
    assert value[0] == pytest.approx(plan.point.smuggler_value, abs=1e-6)
    assert value[1] == pytest.approx(plan.point.controller_value, abs=1e-6)


def test_the_convoy_equilibrium_bots_rates_are_seen_in_their_games():
    from prohis_nb.convoy.bots import behaviour

    plan = behaviour(ConvoyRules())
    counts: Counter[str] = Counter()
    for seed in range(3000):
        bots = [make_bot("equilibrium", f"{seed}:{s}", "convoy") for s in (0, 1)]
        game = play_game("convoy", bots, seed)
        acts = [a["act"] for a in game.record().actions]
        if game.dirty:
            counts["dirty hands"] += 1
            counts["dirty convoys"] += "illegal" in game.convoy
        if "no_bribe" in acts:
            counts["unbribed"] += 1
            counts["inspected"] += "inspect" in acts
    for seen, out_of, rate in (
        ("dirty convoys", "dirty hands", plan.dirty_convoy),
        ("inspected", "unbribed", plan.inspect),
    ):
        if counts[out_of] >= 50:
            sigma = (rate * (1 - rate) / counts[out_of]) ** 0.5
            assert abs(counts[seen] / counts[out_of] - rate) <= 4 * sigma + 1e-9


def test_the_customs_equilibrium_bot_mixes_as_the_solved_game():
    from prohis_nb.analysis.signalling import declaration_equilibrium
    from prohis_nb.customs.bots import EquilibriumCustomsBot

    solved = declaration_equilibrium()
    game = CustomsStageGame(table={"hand": ["watch", "luggage", "luggage", "luggage"]})
    view, legal = game.view(1), game.legal_actions()
    mix = solved.choices(("watch",), False)
    bot = EquilibriumCustomsBot(seed=1)
    picks = Counter(bot.choose(view, legal).items for _ in range(4000))
    for declaration, p in mix.items():
        sigma = (p * (1 - p) / 4000) ** 0.5
        assert abs(picks[tuple(declaration)] / 4000 - p) <= 4 * sigma + 1e-9
    game.apply({"act": "declare", "items": []})
    rate = solved.search_rate(())
    searched = sum(
        bot.choose(game.view(0), game.legal_actions()).act == "search" for _ in range(4000)
    )
    assert abs(searched / 4000 - rate) <= 4 * (rate * (1 - rate) / 4000) ** 0.5 + 1e-9


@pytest.mark.parametrize("name", STAGE)
def test_the_stage_games_bots_and_default_opponents_come_from_the_registry(name):
    from prohis_nb.bots import bot_names
    from prohis_nb.widgets.play import default_opponents

    assert bot_names(name) == ["equilibrium", "random"]
    assert default_opponents(name) == ("equilibrium",)
    other = "customs" if name == "convoy" else "convoy"
    with pytest.raises(ValueError, match=f"plays {name}, not {other}"):
        make_bot(registry.spec(name).load("bots")["equilibrium"], 0, other)
    with pytest.raises(ValueError, match="no bot named 'equilibrium' for prohis"):
        make_bot("equilibrium", 0, "prohis")


# ---------------------------------------------------------------- coach


def test_the_convoy_coachs_belief_is_what_games_show():
    """P(dirty convoy | a bribe was offered), against seeded games of the equilibrium bots."""
    from prohis_nb.coach import advise

    seen: Counter[str] = Counter()
    for seed in range(3000):
        game = ConvoyStageGame(seed=seed)
        smuggler = make_bot("equilibrium", seed, "convoy")
        while game.to_act == 0:
            game.apply(smuggler.choose(game.view(0), game.legal_actions()))
        if game.bribe:
            seen["bribed"] += 1
            seen["dirty"] += "illegal" in game.convoy
    advice = advise(_bribed().view(1))
    believed = float(advice.choices[0].details["p_dirty_convoy"])
    share = seen["dirty"] / seen["bribed"]
    assert abs(share - believed) <= 4 * (believed * (1 - believed) / seen["bribed"]) ** 0.5
    assert sum(choice.best for choice in advice.choices) >= 1


def _bribed() -> ConvoyStageGame:
    """A convoy offered the bribe of one legal card: the controller's view of it is all alike."""
    game = ConvoyStageGame(table={"hand": "dirty", "order": [0, 1, 2]})
    game.apply({"act": "convoy", "cards": ["legal"] * 3})
    game.apply({"act": "bribe", "cards": ["legal"]})
    return game


def test_the_convoy_coach_judges_a_best_move_as_free_and_others_by_their_loss():
    from prohis_nb.coach import advise, judge

    game = ConvoyStageGame(seed=3)
    game.apply(game.legal_actions()[0])
    game.apply(next(a for a in game.legal_actions() if a.act == "no_bribe"))
    advice = advise(game.view(1))
    values = {c.action.act: c.value for c in advice.choices}
    best = max(values, key=values.get)
    worst = min(values, key=values.get)
    assert judge(game.view(1), {"act": best}).loss == 0
    assert judge(game.view(1), {"act": worst}).loss == pytest.approx(values[best] - values[worst])


def test_the_customs_coach_believes_the_solved_games_share_of_false_hands():
    from prohis_nb.analysis.signalling import declaration_equilibrium
    from prohis_nb.coach import advise, judge

    game = CustomsStageGame(table={"hand": ["watch", "luggage", "luggage", "luggage"]})
    game.apply({"act": "declare", "items": []})
    advice = advise(game.view(0))
    p_false = advice.choices[0].details["p_false"]
    assert p_false == pytest.approx(declaration_equilibrium().false_share(()), abs=1e-9)
    declarer = advise(CustomsStageGame(table={"hand": ["watch"] + ["luggage"] * 3}).view(1))
    assert max(c.value for c in declarer.choices) == max(c.value for c in declarer.best)
    assert judge(game.view(0), {"act": "search"}).seat == 0


# ---------------------------------------------------------------- class results


def test_a_class_of_convoys_is_counted_by_its_own_counter(tmp_path):
    from prohis_nb.classroom.results import load_class

    rng = random.Random(4)
    expected: Counter[str] = Counter()
    written: set[str] = set()
    for index in range(40):
        hand = rng.choice(["dirty", "honest"])
        game = ConvoyStageGame(table={"hand": hand, "order": rng.sample(range(3), 3)})
        convoy = rng.choice(game.legal_actions())
        game.apply(convoy)
        offer = rng.choice(game.legal_actions())
        game.apply(offer)
        answer = rng.choice(game.legal_actions())
        game.apply(answer)
        text = game.record().dumps()
        if text in written:  # the same game twice is counted once (ClassResults.skipped)
            continue
        written.add(text)
        dirty_convoy = "illegal" in convoy.cards
        expected["convoys"] += 1
        expected["convoys_from_dirty_hands"] += hand == "dirty"
        expected["convoys_bait"] += hand == "dirty" and not dirty_convoy
        expected["bribes"] += offer.act == "bribe"
        expected["inspections"] += answer.act == "inspect"
        expected["waivers"] += answer.act == "waive"
        expected["catches"] += "illegal" in game.turned
        game.record().save(tmp_path / f"convoy-{index}.json")
    CustomsStageGame(seed=1).record().save(tmp_path / "customs.json")  # another game, apart
    results = load_class(tmp_path)
    totals = results.totals("convoy")
    for key, value in expected.items():
        assert totals[key] == value, key
    assert [g.game for g in results.games_of("customs")] == ["customs"]
    table = results.table("convoy")
    assert table["bait"].count == expected["convoys_bait"]
    assert table["inspection"].prediction.applies  # lesson 6's theory beside it
    assert f"Counted: One convoy, {len(written)} games" in results.summary()


def test_a_class_of_declarations_is_counted_by_its_own_counter():
    from prohis_nb.classroom.counts import decision_counts

    game = CustomsStageGame(table={"hand": ["watch", "luggage", "luggage", "luggage"]})
    game.apply({"act": "declare", "items": []})
    game.apply({"act": "search"})
    counts = decision_counts(game.record())
    assert counts["lies_0_items"] == counts["searches_of_lies"] == counts["searches"] == 1
    assert counts["passed_hands"] == 0
    assert decision_counts(game.record(), seat=0)["declarations"] == 0


# ---------------------------------------------------------------- OpenSpiel


def test_cfr_on_the_convoy_finds_the_analysiss_value():
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python.algorithms import cfr, expected_game_score

    import prohis_nb.openspiel  # noqa: F401  (registers every registered game)
    from prohis_nb.analysis.equilibrium import ConvoyGame, solve_convoy_game

    game = pyspiel.load_game("python_convoy_stage")
    solver = cfr.CFRPlusSolver(game)
    for _ in range(60):  # CFR+ is within $10 of the value by then (a $50 margin here)
        solver.evaluate_and_update_policy()
    value = expected_game_score.policy_value(
        game.new_initial_state(), [solver.average_policy()] * 2
    )
    assert value[0] == pytest.approx(
        solve_convoy_game(ConvoyGame()).smuggler_value / 1000, abs=0.05
    )


@pytest.mark.parametrize(
    "short_name", ["python_convoy_stage", "python_convoy_stage_own", "python_customs_stage"]
)
def test_the_stage_games_in_openspiel_refuse_bad_input_and_never_unpickle(short_name):
    pyspiel = pytest.importorskip("pyspiel")
    import prohis_nb.openspiel  # noqa: F401

    game = pyspiel.load_game(short_name)
    pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    history = state.history()
    with pytest.raises(ValueError, match="not legal"):
        state.apply_action(250 if short_name.startswith("python_convoy") else 900)
    assert state.history() == history
    again = game.deserialize_state(state.serialize())
    assert again.history() == history
    for junk in ("gASVWQAAAAA=", "1,2,x", "9" * 500):
        with pytest.raises(ValueError):
            game.deserialize_state(junk)


# ---------------------------------------------------------------- widgets


@pytest.mark.parametrize("name", registry.names())
def test_play_hotseat_table_and_stepper_play_every_registered_game(name):
    pytest.importorskip("ipywidgets")
    from prohis_nb.widgets import HotSeat, Play, Stepper, Table

    rng = random.Random(7)
    play = Play(game_name=name, seed=7, delay=0, opponents="random")
    steps = 0
    while not play.game.ended and steps < 400:
        steps += 1
        legal = set(play.game.legal_actions()) if len(play.game.legal_actions()) < 600 else None
        buttons = list(play.panel.buttons)
        if legal is not None and not play.panel.composers:
            assert set(buttons) == legal  # exactly the legal actions, as buttons
        if buttons and rng.random() < 0.8:
            play.panel.buttons[rng.choice(buttons)].click()
        else:
            play.act(rng.choice(play.game.legal_actions()))
    assert play.table.view.seat == 0
    if name in STAGE:
        assert play.game.ended
    hot = HotSeat(game_name=name, seed=3, delay=0)
    for _ in range(60):
        if hot.game.ended:
            break
        hot.reveal()
        hot.act(hot.game.legal_actions()[0])
    for seat in range(play.game.players):
        assert Table(play.game, seat).view.seat == seat
    stepper = Stepper(play.game.record(), seat=play.game.players - 1)
    stepper.last()
    assert stepper.table.view == play.game.view(play.game.players - 1)


def test_a_seats_table_never_shows_a_hidden_card():
    pytest.importorskip("ipywidgets")
    from prohis_nb.widgets import Table

    dirty = ConvoyStageGame(table={"hand": "dirty", "order": [1, 0, 2]})
    dirty.apply({"act": "convoy", "cards": ["illegal", "legal", "legal"]})
    assert "data-kind='illegal'" in Table(dirty, 0).html  # the smuggler's own hand
    assert "data-kind='illegal'" not in Table(dirty, 1, teacher=False).html
    customs = CustomsStageGame(table={"hand": ["crown", "watch", "wine", "luggage"]})
    customs.apply({"act": "declare", "items": []})
    officer = Table(customs, 0, teacher=False).html
    assert not any(f"data-kind='{k}'" in officer for k in ("crown", "watch", "wine", "luggage"))
    for order in permutations(range(3)):  # the controller's page is the same for every order
        twin = ConvoyStageGame(table={"hand": "dirty", "order": list(order)})
        twin.apply({"act": "convoy", "cards": ["illegal", "legal", "legal"]})
        assert Table(twin, 1, teacher=False).html == Table(dirty, 1, teacher=False).html


def test_the_coach_and_determinize_take_a_stage_games_view_through_the_registry():
    from prohis_nb.coach import advise
    from prohis_nb.core.determinize import determinize

    for name in STAGE:
        game = registry.new_game(name, seed=2)
        view = game.view(game.to_act)
        assert advise(view).game == name
        assert determinize(view, random.Random(1)).view(game.to_act) == view
    assert Fraction(1, 2) == ConvoyRules().p_dirty
