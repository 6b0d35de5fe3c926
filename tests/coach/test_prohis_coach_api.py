"""The Prohis coach's answers have the promised shape at every decision; bad input is refused."""

from __future__ import annotations

import doctest
import importlib
import random
from collections import Counter
from fractions import Fraction

import pytest

from prohis_nb import ProhisGame, ProhisRules
from prohis_nb.coach import Advice, advise, judge, judge_record
from prohis_nb.errors import IllegalActionError, RecordError, UnknownSeatError
from prohis_nb.prohis.actions import Action
from prohis_nb.prohis.cards import KINDS


def _games():
    """Seeded games of random play (each act equally likely), 3 to 6 players, variants on."""
    for seed in range(8):
        players = 3 + seed % 4
        rules = ProhisRules(
            players=players, bribe_rounds=1 + seed % 3, waiver_keeps_card=seed % 4 == 1
        )
        game = ProhisGame(rules, seed=seed)
        rng = random.Random(seed)
        while not game.ended:
            yield game
            legal = game.legal_actions()
            act = rng.choice(sorted({a.act for a in legal} - ({"pass"} if seed % 2 else set())))
            family = [a for a in legal if a.act == act] if act != "bribe" else None
            game.apply(rng.choice(family) if family else legal[rng.randrange(len(legal))])


def test_every_decision_gets_every_legal_choice_valued_and_a_best_one():
    kinds = Counter()
    for game in _games():
        seat = game.to_act
        view = game.view(seat)
        advice = advise(view)
        kinds[view.decision.kind] += 1
        assert isinstance(advice, Advice) and advice.deciding and advice.seat == seat
        assert advice.why.endswith(".")
        # a turn with a later turn left ranks draws and convoys apart (docs/coach.md)
        assert advice.best or (
            view.decision.kind == "turn" and advice.why.startswith("No move is marked best")
        )
        for belief in advice.beliefs:
            assert sum(belief.kinds.values()) == 1 and set(belief.kinds) <= set(KINDS)
        for choice in advice.choices:
            assert choice.model and choice.value == float(choice.details["exact_value"])
            assert choice.action in view.legal_actions
        best = max(c.details["exact_value"] for c in advice.choices)
        if advice.best:
            assert all(c.best == (c.details["exact_value"] == best) for c in advice.choices)
        else:

            def group(choice):
                return "draw" if choice.action.act == "take" else choice.action.act

            for choice in advice.choices:
                top = max(
                    c.details["exact_value"] for c in advice.choices if group(c) == group(choice)
                )
                assert choice.details["best_in_group"] == (choice.details["exact_value"] == top)
        legal = list(view.legal_actions) if view.decision.kind != "bribe" else None
        if view.decision.kind in ("turn",):
            convoys = {tuple(sorted(a.cards, key=KINDS.index)) for a in legal if a.act == "convoy"}
            shown = {c.details["cards"] for c in advice.choices if c.action.act == "convoy"}
            assert shown == convoys
            others = {a for a in legal if a.act != "convoy"}
            assert {c.action for c in advice.choices if c.action.act != "convoy"} == others
        elif legal is not None:
            assert [c.action for c in advice.choices] == legal
            for action in legal:  # every move is judged against the best
                verdict = judge(view, action)
                value = next(c for c in advice.choices if c.action == action).details["exact_value"]
                assert verdict.loss == pytest.approx(float(best - value))
                assert verdict.best == (value == best) and verdict.text
        else:
            hand = len(view.hand)
            sizes = [c.details["size"] for c in advice.choices]
            assert sizes[-1] == 0 and sizes[:-1] == sorted(sizes[:-1])
            assert set(sizes[:-1]) <= set(range(1, hand + 1))
        other = (seat + 1) % game.players
        aside = advise(game.view(other))
        assert not aside.deciding and aside.choices == () and f"seat {seat}" in aside.why
    assert set(kinds) == {
        "turn",
        "second_pick",
        "control",
        "bribe",
        "bribe_answer",
        "inspect_or_waive",
        "inspection",
    }


def test_a_finished_game_has_no_decision():
    game = ProhisGame(players=3, seed=1)
    while not game.ended:
        game.apply(
            Action(game.to_act, "pass")
            if game.decision.kind == "turn"
            else game.legal_actions()[-1]
        )
    advice = advise(game.view(0))
    assert not advice.deciding and advice.why == "The game is over."
    with pytest.raises(IllegalActionError, match="no decision"):
        judge(game.view(0), Action(0, "pass"))


def test_the_coach_reads_only_a_seats_view():
    game = ProhisGame(players=4, seed=3)
    with pytest.raises(TypeError, match="one seat's view"):
        advise(game)
    with pytest.raises(TypeError, match="teacher's view"):
        advise(game.omniscient_view())
    with pytest.raises(TypeError, match="view"):
        advise({"seat": 0})
    with pytest.raises(TypeError, match="one seat's view"):
        judge(game.omniscient_view(), game.legal_actions()[0])


def test_judge_refuses_a_move_that_is_not_legal_there():
    game = ProhisGame(players=4, seed=3)
    seat = game.to_act
    view = game.view(seat)
    with pytest.raises(IllegalActionError, match="not a legal choice"):
        judge(view, Action(seat, "control", card="captain"))
    with pytest.raises(IllegalActionError, match="no decision"):
        judge(game.view((seat + 1) % 4), Action((seat + 1) % 4, "pass"))
    with pytest.raises(IllegalActionError, match="Prohis action"):
        judge(view, "take pile")
    with pytest.raises(IllegalActionError):
        judge(view, {"act": "fly"})
    assert judge(view, {"act": "pass"}).action == Action(seat, "pass")  # the record's form


def test_judge_record_walks_a_whole_game_for_one_seat_or_all():
    game = ProhisGame(players=4, seed=9)
    rng = random.Random(9)
    for _ in range(60):
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    record = game.record()
    every = judge_record(record)
    assert [v.index for v in every] == list(range(len(record.actions)))
    assert [v.seat for v in every] == [a["seat"] for a in record.actions]
    seat_two = judge_record(record.dumps(), seat=2)
    assert seat_two == [v for v in every if v.seat == 2]
    assert judge_record(game) == every
    assert all(v.loss >= 0 and (v.loss == 0) == v.best for v in every)
    # each verdict is the coach's judgement at that moment, from that seat's view
    replayed = record.replay(5)
    assert every[5].text == judge(replayed.view(replayed.to_act), game.actions[5]).text
    with pytest.raises(UnknownSeatError, match="seats are 0 to 3"):
        judge_record(record, seat=4)
    with pytest.raises(RecordError):
        judge_record('{"format": "prohis-record/1"}')


@pytest.mark.parametrize(
    "name",
    [
        "prohis_nb.coach.prohis_beliefs",
        "prohis_nb.coach.review",
        "prohis_nb.analysis.convoy_ev",
    ],
)
def test_docstring_examples(name):
    failed, attempted = doctest.testmod(importlib.import_module(name))
    assert attempted > 0 and failed == 0


def test_values_are_exact_fractions():
    game = ProhisGame(players=4, seed=7)
    advice = advise(game.view(game.to_act))
    assert all(isinstance(c.details["exact_value"], Fraction) for c in advice.choices)


def test_a_family_of_millions_of_bribes_is_never_listed(monkeypatch):
    """A hand of 986 cards allows 316 million bribes: the coach groups them by size."""
    import importlib.util
    from pathlib import Path

    from prohis_nb.core.record import Record
    from prohis_nb.prohis.bribes import Bribes

    # the benchmark's worst case, read from its file (benchmarks/ is no package)
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "worst_case.py"
    found = importlib.util.spec_from_file_location("worst_case", path)
    assert found is not None and found.loader is not None
    worst_case = importlib.util.module_from_spec(found)
    found.loader.exec_module(worst_case)

    game = Record.from_json(worst_case.thousand(5, True)).replay()
    view = game.view(game.to_act)

    def listed(self):
        raise AssertionError("the coach listed a family of bribes")

    monkeypatch.setattr(Bribes, "__iter__", listed)
    advice = advise(view)
    sizes = [c.details["size"] for c in advice.choices]
    assert sizes[-1] == 0 and len(sizes) > 10
    offer = Action(game.to_act, "bribe", cards=("legal",) * 5 + ("illegal",) * 7)
    verdict = judge(view, offer)
    assert verdict.loss >= 0 and "bribe" in verdict.text.lower()


def test_judge_record_reads_a_smuggle_record_too():
    """The review walks any record: each Smuggle decision is judged by the Smuggle coach."""
    from prohis_nb.core.legal import group_by_act
    from prohis_nb.smuggle.game import SmuggleGame
    from prohis_nb.smuggle.rules import SmuggleRules

    game = SmuggleGame(SmuggleRules(players=3), seed=1)
    rng = random.Random(1)
    for _ in range(12):
        groups = group_by_act(game.legal_actions())
        group = groups[rng.choice(sorted(groups))]
        game.apply(group[rng.randrange(len(group))])
    verdicts = judge_record(game.record().dumps())
    assert [v.index for v in verdicts] == list(range(12))
    assert [v.seat for v in verdicts] == [a.seat for a in game.actions]
    assert judge_record(game, seat=2) == [v for v in verdicts if v.seat == 2]
