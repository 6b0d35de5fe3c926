"""Non-interference: a seat is shown nothing that depends on cards it may not see.

Independent of the engine's own log and knowledge bounds: what seat S may
know is the tests' model (``knowledge_model``, written from RULES.md's "Who
knows what" and the Smuggle rules, computed from the truth). A game and a
*twin* that differs in cards S was never allowed to see (pile cards, other
seats' hands, a bribe or a convoy S did not see, a Smuggle hand passed to S
before it accepts it, another seat's discard, fresh hands from the pack) are
played with the same random actions. While S's allowed-knowledge traces are
equal up to step t (and the twin accepts the actions), S must be shown the
same at step t: its view, the command line's ``replay --seat S`` (in-process;
a few through the real script), its exact knowledge of the cards (what it
saw, the chances it gives, its description), the legal actions it is offered,
the Table, Stepper, Play and HotSeat widgets drawn for it, and (issue 22) every
button of those widgets pressed (Undo, Download, Save, the Teacher's view,
another seat in a live Stepper), every download asked for, the coach's
panels and every repr a notebook cell shows (``seatoutputs.every_other_path``).

Every player count (3-6), both games and every Prohis variant
(``pass_is_final``, ``waiver_keeps_card``, ``bribe_rounds`` 1-5, ``full_box``)
are covered; hypothesis draws the seeds (derandomized: the same examples on
every run).
"""

from __future__ import annotations

import json
import random

import pytest
from helpers.knowledge_model import Trace
from helpers.seatoutputs import cli_replay, cli_replay_subprocess, legal_for, widgets_for
from helpers.twins import (
    PAIR_SETTINGS,
    SEEDED_VARIANTS,
    STACKED_VARIANTS,
    choose,
    hidden_twin_packs,
    hidden_twin_table,
    look_alike,
    seeded_twin,
    smuggle_packs,
    stacked_table,
)
from hypothesis import given
from hypothesis import strategies as st

from prohis_nb import ProhisGame, ProhisRules
from prohis_nb.smuggle.game import SmuggleGame
from prohis_nb.smuggle.rules import SmuggleRules
from prohis_nb.widgets import Table

MAX_STEPS = 120  # enough for several convoys, bribes and rounds; keeps the suite quick


def views_equal(one, two, seat: int, step: int, tables) -> None:
    assert json.dumps(one.view(seat).to_json(), sort_keys=True) == json.dumps(
        two.view(seat).to_json(), sort_keys=True
    ), f"seat {seat}'s view differs at step {step}"
    # The seat's exact knowledge (not in the JSON): what it saw, and every chance it gives.
    known_one, known_two = one.view(seat).knowledge, two.view(seat).knowledge
    assert known_one == known_two, f"seat {seat}'s knowledge differs at step {step}"
    if step % 7 == 0 and not one.ended:
        places = known_one.places()
        assert places == known_two.places()
        assert [known_one.expected(p) for p in places] == [known_two.expected(p) for p in places], (
            f"seat {seat}'s chances differ at step {step}"
        )
        assert known_one.describe() == known_two.describe()
    assert legal_for(one, seat) == legal_for(two, seat), f"legal actions differ at step {step}"
    for table in tables:
        table.refresh()
    assert tables[0].html == tables[1].html, f"the table differs at step {step}"


def play_twins(one, two, seat: int, seed: int, seeded: bool = False) -> list[int]:
    """Play both games while S may not tell them apart; compare at every step.

    Returns the steps compared (numbers of actions taken).
    """
    rng = random.Random(seed)
    trace_one, trace_two = Trace(one, seat, seeded), Trace(two, seat, seeded)
    tables = (Table(one, seat), Table(two, seat))  # redrawn after every step
    compared = []
    for step in range(MAX_STEPS + 1):
        if trace_one != trace_two:
            break  # S may now know something that tells the games apart
        views_equal(one, two, seat, step, tables)
        compared.append(step)
        if one.ended:
            break
        action = choose(rng, one.legal_actions())
        answer = look_alike(rng, action, two, seat)
        if not two.is_legal(answer):
            break  # the twin's cards do not allow the same move
        trace_one.record_action(one, action)
        trace_two.record_action(two, answer)
        one.apply(action)
        two.apply(answer)
        trace_one.record_state(one)
        trace_two.record_state(two)
    return compared


def check_records(one, two, seat: int, steps: list[int], tmp_path, subprocess_at=()) -> None:
    """The command line and the widgets give S the same at the compared steps."""
    if not steps:  # S saw the difference at the deal: nothing to compare
        return
    a, b = one.record(), two.record()
    sample = sorted({*steps[:: max(1, len(steps) // 6)], steps[-1]})
    for upto in sample:
        assert cli_replay(a, seat, upto, tmp_path) == cli_replay(b, seat, upto, tmp_path), (
            f"replay --seat {seat} --upto {upto} differs"
        )
    for upto in sorted({steps[len(steps) // 2], steps[-1]}):
        coach = upto == steps[-1]  # the coach's panels too, once (they take longer)
        shown_a = widgets_for(a, a.replay(upto), seat, upto, coach=coach)
        shown_b = widgets_for(b, b.replay(upto), seat, upto, coach=coach)
        assert shown_a == shown_b, f"a widget drawn for seat {seat} differs at step {upto}"
    for upto in subprocess_at:
        out_a = cli_replay_subprocess(a, seat, upto, tmp_path)
        assert out_a.startswith("0\n")
        assert out_a == cli_replay_subprocess(b, seat, upto, tmp_path)


# ---------------------------------------------------------------- Prohis twins


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@PAIR_SETTINGS
@given(seed=st.integers(0, 2**31 - 1))
def test_prohis_stacked_twins_look_the_same_to_the_seat(players, seed, tmp_path_factory):
    rules = ProhisRules(players=players, **STACKED_VARIANTS[players])
    rng = random.Random(seed)
    table = stacked_table(rules, rng)
    seat = rng.randrange(players)
    twin = hidden_twin_table(table, seat, rng)
    one, two = ProhisGame(rules, table=table), ProhisGame(rules, table=twin)
    steps = play_twins(one, two, seat, seed)
    tmp_path = tmp_path_factory.mktemp("twins")
    subprocess_at = [steps[-1]] if players == 4 else []  # the real script, once or twice
    check_records(one, two, seat, steps, tmp_path, subprocess_at)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@PAIR_SETTINGS
@given(seed=st.integers(0, 2**31 - 1))
def test_prohis_seeded_twins_look_the_same_to_the_seat(players, seed):
    rules = ProhisRules(players=players, **SEEDED_VARIANTS[players])
    rng = random.Random(seed)
    one = ProhisGame(rules, seed=seed)
    seat = rng.randrange(players)
    two = seeded_twin(rules, seed, seat, rng)
    steps = play_twins(one, two, seat, seed, seeded=True)
    assert steps  # at least the deal is compared


# ---------------------------------------------------------------- Smuggle twins


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@PAIR_SETTINGS
@given(seed=st.integers(0, 2**31 - 1))
def test_smuggle_twins_look_the_same_to_the_seat(players, seed, tmp_path_factory):
    rng = random.Random(seed)
    packs = smuggle_packs(players, seed)
    rules = SmuggleRules(players=players)
    seat = rng.randrange(players)
    one = SmuggleGame(rules, table={"packs": packs})
    two = SmuggleGame(rules, table={"packs": hidden_twin_packs(packs, rng)})
    steps = play_twins(one, two, seat, seed)
    tmp_path = tmp_path_factory.mktemp("twins")
    subprocess_at = [steps[-1]] if players == 5 and steps else []
    check_records(one, two, seat, steps, tmp_path, subprocess_at)


def test_a_passed_hand_with_the_bag_looks_the_same_to_its_receiver_before_accepting(tmp_path):
    """The receiver of a passed hand, and the Officer, before and after it is accepted."""
    from prohis_nb.smuggle.game import PACK

    def packs(fourth):
        pack = ["luggage", "luggage", "wine", fourth]
        rest = list(PACK)
        for card in pack:
            rest.remove(card)
        return [pack + rest, list(PACK), list(PACK)]

    rules = SmuggleRules(players=3)
    opening = [{"act": "declare", "items": ["wine"]}, {"act": "accept"}, {"act": "accept"}]
    for seat, taken in ((0, 1), (2, 1), (0, 3)):  # the Officer; the receiver before accepting
        one = SmuggleGame(rules, table={"packs": packs("diplomatic_bag")})
        two = SmuggleGame(rules, table={"packs": packs("cigars")})
        for action in opening[:taken]:
            one.apply(action)
            two.apply(action)
        steps = play_twins(one, two, seat, 7)
        assert steps
        check_records(one, two, seat, steps, tmp_path)


def test_the_twins_are_compared_far_into_the_game():
    """The model is not so strict that nothing is ever compared (a check of the test itself)."""
    rules = ProhisRules(players=4, bribe_rounds=3)
    longest = 0
    for seed in range(6):
        rng = random.Random(seed)
        table = stacked_table(rules, rng)
        seat = rng.randrange(4)
        one = ProhisGame(rules, table=table)
        two = ProhisGame(rules, table=hidden_twin_table(table, seat, rng))
        longest = max(longest, len(play_twins(one, two, seat, seed)))
    assert longest >= 20


def test_the_model_stops_the_comparison_when_the_seat_sees_the_difference():
    """Twins that differ in the seat's own hand are told apart at once by the trace."""
    rules = ProhisRules(players=3)
    table = {
        "first": 0,
        "hands": [["legal"], ["illegal"], ["legal"]],
        "row": ["legal"] * 4,
        "pile": [],
    }
    deck = rules.deck_counts()
    pile = []
    for kind, count in deck.items():
        placed = sum(h.count(kind) for h in table["hands"]) + table["row"].count(kind)
        pile += [kind] * (count - placed)
    table["pile"] = pile
    twin = json.loads(json.dumps(table))
    twin["hands"][0], twin["hands"][1] = twin["hands"][1], twin["hands"][0]
    one, two = ProhisGame(rules, table=table), ProhisGame(rules, table=twin)
    assert Trace(one, 0) != Trace(two, 0)
    assert Trace(one, 2) == Trace(two, 2)
    assert play_twins(one, two, 0, 1) == []


def test_the_new_paths_see_the_old_leaks(monkeypatch):
    """A check of the check: the displays and downloads of before issue 22 are told apart."""
    from helpers.seatoutputs import every_other_path

    from prohis_nb.widgets import Play

    rules = ProhisRules(players=3)
    rng = random.Random(3)
    table = stacked_table(rules, rng)
    twin = hidden_twin_table(table, 0, rng)
    one, two = ProhisGame(rules, table=table), ProhisGame(rules, table=twin)
    assert Trace(one, 0) == Trace(two, 0)
    assert every_other_path(one, 0) == every_other_path(two, 0)
    # ``game`` alone in a cell showed the teacher's view:
    monkeypatch.setattr(ProhisGame, "_repr_html_", lambda g: g.omniscient_view()._repr_html_())
    differ = [k for k, v in every_other_path(one, 0).items() if every_other_path(two, 0)[k] != v]
    assert differ == ["game html"]
    monkeypatch.undo()
    # Download gave the record mid-game, unasked:
    monkeypatch.setattr(
        Play,
        "offer_download",
        lambda self, name=None, confirmed=False: setattr(
            self.download, "value", self.game.record().dumps()
        ),
    )
    differ = [k for k, v in every_other_path(one, 0).items() if every_other_path(two, 0)[k] != v]
    assert "play after download_button" in differ
