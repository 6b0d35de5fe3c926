"""One consistency suite for every registered game, in the spirit of OpenSpiel's random_sim_test.

Every test here is parametrised over the game registry
(:mod:`prohis_nb.core.registry`): a new game gets the whole suite by being
registered. Seeded random play drives each game to its end, and at every
step (or at a sample of steps, for the long games) the suite checks what any
game of the family must do:

* **invariants of play**: the seat to act is the decision's; the legal
  actions are unique, each accepted; an action from another seat or of an
  unknown kind is refused and changes nothing; views and the teacher's view
  are JSON; the game ends; the final scores are the views' announced ones;
* **copy** is independent and plays on exactly as the original;
* **undo** is replaying one action fewer;
* **replay**: the record, written as JSON text and read back, replays to the
  same game, at its end and part way;
* **pickling** keeps the whole game;
* **the record schema against the engine's refusals**: on records mutated
  one thing at a time, the game's JSON Schema and the engine agree (a record
  the schema rejects is refused by the engine, and the engine refuses no
  record the schema accepts but an illegal move, which a schema cannot see);
* **views unchanged by cards a seat may not see**: twin games that differ
  only there (the second drawn by ``determinize`` from the seat's view)
  played with the same actions, and the seat's view is the same whenever its
  log is (the log says everything the seat was told);
* **a determinize round trip**: a sample's view is the view it came from, and
  the sample plays on to its end.
"""

from __future__ import annotations

import copy as copying
import json
import pickle
import random
from typing import Any

import pytest

from prohis_nb.core import registry
from prohis_nb.core.determinize import determinize
from prohis_nb.core.record import Record
from prohis_nb.errors import IllegalActionError, ProhisNbError

jsonschema = pytest.importorskip("jsonschema")

NAMES = registry.names()
SEEDS = (1, 2)
MAX_DECISIONS = 20_000


def tables(name: str) -> list[int]:
    """The player counts to try: the game's smallest, usual and largest."""
    counts = registry.spec(name).players
    return sorted({counts[0], registry.spec(name).default_players, counts[-1]})


CASES = [
    (name, players, seed)
    for name in NAMES
    for players in tables(name)
    for seed in (SEEDS if players <= registry.spec(name).default_players else SEEDS[:1])
]


def case_id(case: tuple[str, int, int]) -> str:
    return f"{case[0]}-{case[1]}p-seed{case[2]}"


def state(game: Any) -> str:
    """Everything a game shows: its record, every seat's view and the teacher's, as JSON text."""
    data = {
        "record": game.record().to_json(),
        "views": [game.view(seat).to_json() for seat in range(game.players)],
        "teacher": game.omniscient_view().to_json(),
        "scores": game.scores(),
    }
    return json.dumps(data, sort_keys=True, default=repr)


def played(name: str, players: int, seed: int) -> tuple[Any, list[Any]]:
    """A seeded game played to its end by seeded random choices, and the actions taken."""
    game = registry.new_game(name, players=players, seed=seed)
    rng = random.Random(f"consistency:{seed}")
    taken = []
    while not game.ended:
        assert len(taken) < MAX_DECISIONS, "the game does not end"
        action = rng.choice(game.legal_actions())
        game.apply(action)
        taken.append(action)
    return game, taken


def checkpoints(total: int, most: int = 12) -> list[int]:
    """Up to ``most`` steps spread over a game of ``total`` actions (the first and last too)."""
    if total <= most:
        return list(range(total + 1))
    return sorted({round(i * total / (most - 1)) for i in range(most)})


# ---------------------------------------------------------------- play


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_random_play_keeps_the_invariants(case):
    name, players, seed = case
    game = registry.new_game(name, players=players, seed=seed)
    rng = random.Random(f"invariants:{seed}")
    steps = 0
    while not game.ended:
        steps += 1
        assert steps < MAX_DECISIONS, "the game does not end"
        decision = game.decision
        legal = game.legal_actions()
        assert decision is not None and decision.seat == game.to_act
        assert len(legal) > 0
        sample = list(legal) if len(legal) <= 600 else [legal[i] for i in range(0, len(legal), 997)]
        assert len(set(sample)) == len(sample), "a legal action is listed twice"
        assert all(action.seat == game.to_act and game.is_legal(action) for action in sample)
        if steps % 10 == 1:  # refusals leave the game exactly as it was
            before = state(game)
            other = (game.to_act + 1) % game.players
            for wrong in (
                {"seat": other, "act": sample[0].act},
                {"seat": game.to_act, "act": "fly-away"},
                "nonsense",
            ):
                with pytest.raises(ProhisNbError):
                    game.apply(wrong)
            assert state(game) == before
        if steps % 3 == 1:  # every view is plain JSON
            json.dumps([game.view(s).to_json() for s in range(game.players)])
            json.dumps(game.omniscient_view().to_json(), default=repr)
        game.apply(rng.choice(legal))
    assert game.legal_actions() == () or len(game.legal_actions()) == 0
    assert game.to_act is None and game.decision is None
    scores = game.scores()
    assert all(isinstance(score, int) for score in scores) and len(scores) == game.players
    assert set(game.winners()) <= set(range(game.players))
    assert max(scores) == scores[game.winners()[0]]
    for seat in range(game.players):
        view = game.view(seat)
        announced = getattr(view, "final_scores", None)
        assert announced is None or list(announced) == scores
    with pytest.raises(IllegalActionError, match="ended"):
        game.apply({"seat": 0, "act": "accept"})


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_a_copy_is_independent_and_plays_on_as_the_original(case):
    name, players, seed = case
    final, taken = played(name, players, seed)
    game = registry.new_game(name, players=players, seed=seed)
    marks = set(checkpoints(len(taken), most=6))
    for index, action in enumerate(taken):
        if index in marks:
            twin = game.copy()
            assert state(twin) == state(game)
            for later in taken[index:]:
                twin.apply(later)
            assert state(twin) == state(final)
            assert len(game.actions) == index  # the original did not move
        game.apply(action)
    assert state(game) == state(final)
    assert state(copying.deepcopy(final)) == state(final)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_undo_is_replaying_one_action_fewer(case):
    name, players, seed = case
    final, taken = played(name, players, seed)
    for index in checkpoints(len(taken), most=5)[1:]:
        game = registry.new_game(name, players=players, seed=seed)
        for action in taken[:index]:
            game.apply(action)
        fewer = registry.new_game(name, players=players, seed=seed)
        for action in taken[: index - 1]:
            fewer.apply(action)
        assert game.undo() == taken[index - 1]
        assert state(game) == state(fewer)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_the_record_replays_to_the_same_game_at_its_end_and_part_way(case):
    name, players, seed = case
    final, taken = played(name, players, seed)
    record = Record.loads(final.record().dumps())
    assert record.game == name and record.format == registry.spec(name).record_format
    assert state(record.replay()) == state(final)
    assert state(Record.loads(final.record().dumps(indent=2)).replay()) == state(final)
    for upto in checkpoints(len(record.actions), most=4):
        game = registry.new_game(name, players=players, seed=seed)
        for action in record.actions[:upto]:
            game.apply(action)
        assert state(record.replay(upto)) == state(game)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_pickling_keeps_the_whole_game(case):
    name, players, seed = case
    final, taken = played(name, players, seed)
    half = registry.new_game(name, players=players, seed=seed)
    for action in taken[: len(taken) // 2]:
        half.apply(action)
    for game in (half, final):
        again = pickle.loads(pickle.dumps(game))
        assert type(again) is type(game) and state(again) == state(game)
    again = pickle.loads(pickle.dumps(half))
    for action in taken[len(taken) // 2 :]:
        again.apply(action)
    assert state(again) == state(final)


# ---------------------------------------------------------------- the record schema


def _mutations(data: dict[str, Any]) -> dict[str, tuple[bool, dict[str, Any]]]:
    """Records changed one thing at a time: name -> (a schema can see it, the record)."""

    def changed(**keys: Any) -> dict[str, Any]:
        out = copying.deepcopy(data)
        out.update(keys)
        return out

    out: dict[str, tuple[bool, dict[str, Any]]] = {}
    for key in ("format", "game", "rules", "setup", "actions"):
        dropped = copying.deepcopy(data)
        del dropped[key]
        out[f"no {key}"] = (True, dropped)
    out["another format"] = (True, changed(format="chess-record/1"))
    out["another game"] = (True, changed(game="chess"))
    out["rules not an object"] = (True, changed(rules=[2]))
    out["no players"] = (True, changed(rules={"variants": {}}))
    out["99 players"] = (True, changed(rules={**data["rules"], "players": 99}))
    out["an unknown rules key"] = (True, changed(rules={**data["rules"], "colour": "red"}))
    out["an unknown variant"] = (
        True,
        changed(rules={**data["rules"], "variants": {"no_such_variant": True}}),
    )
    out["setup not an object"] = (True, changed(setup=7))
    out["a negative seed"] = (True, changed(setup={"seed": -1}))
    out["a seed and a table key"] = (True, changed(setup={"seed": 1, "pile": []}))
    out["actions not a list"] = (True, changed(actions={"seat": 0}))
    out["a title kept"] = (True, changed(title="a lesson's game"))
    if data["actions"]:
        first = data["actions"][0]
        rest = data["actions"][1:]
        out["an action not an object"] = (True, changed(actions=["convoy", *rest]))
        out["an unknown act"] = (True, changed(actions=[{**first, "act": "fly-away"}, *rest]))
        out["a seat as text"] = (True, changed(actions=[{**first, "seat": "zero"}, *rest]))
        out["an unknown action key"] = (True, changed(actions=[{**first, "colour": 1}, *rest]))
        out["no act"] = (True, changed(actions=[{"seat": first["seat"]}, *rest]))
        out["an action twice"] = (False, changed(actions=[first, first, *rest]))
        out["an action after the end"] = (False, changed(actions=[*data["actions"], first]))
    return out


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_the_record_schema_agrees_with_the_engines_refusals(case):
    name, players, seed = case
    validator = jsonschema.Draft202012Validator(registry.spec(name).load("schema"))
    final, _ = played(name, players, seed)
    data = final.record().to_json()

    def engine_accepts(record: Any) -> bool:
        try:
            Record.loads(json.dumps(record)).replay()
        except ProhisNbError:
            return False
        return True

    assert validator.is_valid(data) and engine_accepts(data)
    for what, (visible, record) in _mutations(data).items():
        schema, engine = validator.is_valid(record), engine_accepts(record)
        if schema:  # the schema accepts: the engine may still refuse an illegal move only
            assert engine or not visible, f"{what}: the schema accepts what the engine refuses"
        else:  # the schema rejects: the engine refuses it too
            assert not engine, f"{what}: the engine accepts what the schema rejects"
        if visible:
            assert schema == engine, f"{what}: schema {schema}, engine {engine}"


# ---------------------------------------------------------------- what a seat may know


def twins(name: str, players: int, seed: int, seat: int) -> list[Any]:
    """Games ``seat`` cannot tell from the seeded one at the start: two kinds.

    * a **determinized** sample of the seat's view (:func:`determinize`);
    * other **seeds** whose deal shows ``seat`` the same view (the other hands,
      the pile, the order differ as chance dealt them, not as the engine's
      model of the seat draws them).

    Each game's own tests add twins built from its rules alone (a stage
    game's: tests/stage/).
    """
    game = registry.new_game(name, players=players, seed=seed)
    start = game.view(seat)
    found = [determinize(start, random.Random(f"twin:{seed}:{seat}"))]
    for other in range(seed + 1, seed + 300):
        twin = registry.new_game(name, players=players, seed=other)
        if twin.view(seat) == start:
            found.append(twin)
            if len(found) == 3:
                break
    return found


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_views_are_unchanged_by_cards_the_seat_may_not_see(case):
    name, players, seed = case
    compared = seeded = 0
    for seat in range(players):
        for number, twin in enumerate(twins(name, players, seed, seat)):
            seeded += number > 0
            game = registry.new_game(name, players=players, seed=seed)
            rng = random.Random(f"twins:{seed}:{seat}:{number}")
            for _ in range(MAX_DECISIONS):
                if game.ended or twin.ended:
                    break
                mine, theirs = game.view(seat), twin.view(seat)
                if mine.log == theirs.log:  # told the same: it must see the same
                    assert mine.to_json() == theirs.to_json()
                    compared += 1
                    if game.to_act == seat:
                        assert list(game.legal_actions()) == list(twin.legal_actions())
                legal = game.legal_actions()
                listed = list(legal) if len(legal) <= 600 else [legal[i] for i in range(600)]
                both = [action for action in listed if twin.is_legal(action)]
                if not both:
                    break
                action = rng.choice(both)
                game.apply(action)
                twin.apply(action)
    assert compared > 0
    if name not in ("prohis", "smuggle"):  # a small deal: some seat has a seeded twin
        assert seeded > 0


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_a_determinized_sample_shows_the_seat_its_own_view_and_plays_on(case):
    name, players, seed = case
    final, taken = played(name, players, seed)
    game = registry.new_game(name, players=players, seed=seed)
    marks = set(checkpoints(len(taken), most=5)[:-1])
    for index, action in enumerate(taken):
        if index in marks:
            for seat in range(players):
                view = game.view(seat)
                sample = determinize(view, random.Random(f"sample:{seed}:{index}:{seat}"))
                assert type(sample) is type(game)
                assert sample.view(seat) == view
                rng = random.Random(index)
                for _ in range(MAX_DECISIONS):
                    if sample.ended:
                        break
                    sample.apply(rng.choice(sample.legal_actions()))
                assert sample.ended
        game.apply(action)
    with pytest.raises(ValueError):
        determinize(final.view(0), random.Random(0))


def test_every_registered_game_is_in_the_suite():
    assert {case[0] for case in CASES} == set(registry.names()) >= {"prohis", "smuggle"}
