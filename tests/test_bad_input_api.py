"""No traceback, ever, through the public API and the widgets (issue 11).

Every bad input must end in the project's own error (``ProhisNbError``) with
the game, the record or the widget exactly as it was. The hypothesis
strategies below draw wrong *types* (lists, objects, floats, booleans, huge
integers, deep nesting) for every field of an action, of the rules and of the
setup, not only wrong values of the right type.
"""

from __future__ import annotations

import contextlib
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from prohis_nb import Action, IllegalActionError, ProhisGame, ProhisNbError, ProhisRules, Record
from prohis_nb.core.limits import MAX_DECK_CARDS, MAX_SEED
from prohis_nb.errors import RecordError, RulesError, excerpt
from prohis_nb.smuggle.actions import Action as SmuggleAction
from prohis_nb.smuggle.game import SmuggleGame
from prohis_nb.smuggle.rules import SmuggleRules

SETTINGS = settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def deep(n: int):
    value: list = []
    for _ in range(n):
        value = [value]
    return value


#: Values of every JSON type and then some, including the dangerous ones.
WRONG = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**6), max_value=10**6),
    st.sampled_from([10**5000, -(10**400), 2**64, 2**53]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=8),
    st.sampled_from(["x" * 100_000, "legal", "row", "pile", "take", "wine", "²"]),
    st.lists(st.sampled_from(["legal", "take", "row", "wine", 1, None]), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.just(deep(5000)),
)


def state(game) -> str:
    return json.dumps(
        {"view": game.omniscient_view().to_json(), "record": game.record().to_json()},
        sort_keys=True,
    )


def prohis_game(seed: int = 5, steps: int = 3) -> ProhisGame:
    game = ProhisGame(ProhisRules(players=4), seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        game.apply(rng.choice(game.legal_actions()))
    return game


def smuggle_game(seed: int = 5) -> SmuggleGame:
    return SmuggleGame(SmuggleRules(players=3), seed=seed)


def refused_everywhere(game, action) -> ProhisNbError:
    """``is_legal`` says False, ``apply`` raises a project error, the game is untouched."""
    before = state(game)
    assert game.is_legal(action) is False
    with pytest.raises(ProhisNbError) as caught:
        game.apply(action)
    assert state(game) == before
    assert len(str(caught.value)) < 2000
    return caught.value


# ---------------------------------------------------------------- the list


@pytest.mark.parametrize(
    "action",
    [
        {"seat": 0, "act": ["take"]},
        {"seat": 0, "act": {"take": 1}},
        {"seat": [0], "act": "pass"},
        {"seat": "0", "act": "pass"},
        {"seat": 0.0, "act": "pass"},
        {"seat": True, "act": "pass"},
        {"seat": 10**5000, "act": "pass"},
        {"act": "take", "from": ["row"], "slot": 1},
        {"act": "take", "from": "row", "slot": [1]},
        {"act": "take", "from": "row", "slot": "1"},
        {"act": "take", "from": "row", "slot": 1.0},
        {"act": "take", "from": "pile", "slot": 0},
        {"act": "convoy", "cards": [["legal"], "legal"]},
        {"act": "convoy", "cards": "legal,legal"},
        {"act": "convoy", "cards": [{"legal": 1}, "legal"]},
        {"act": "bribe", "cards": [["legal"]]},
        {"act": "control", "card": ["inspector"]},
        {"act": "turn", "position": [0]},
        {"act": "x" * 1_000_000},
        {("act",): "pass"},
        {0: "pass", "act": "pass"},
        ["take"],
        "take pile",
        None,
        42,
    ],
    ids=lambda v: excerpt(v, 50),
)
def test_a_mapping_or_value_of_wrong_types_is_refused(action):
    game = prohis_game()
    refused_everywhere(game, action)


@pytest.mark.parametrize(
    "make",
    [
        lambda s: Action(s, "take", source="row", slot=7),
        lambda s: Action(s, "take", source="row", slot="x"),
        lambda s: Action(s, "take", source="row", slot=None),
        lambda s: Action(s, "take", source=["row"], slot=0),
        lambda s: Action(s, "bribe", cards=("joker",)),
        lambda s: Action(s, "convoy", cards=["legal", "legal"]),
        lambda s: Action(s, "convoy", cards=(["legal"], "legal")),
        lambda s: Action(s, "turn", position="x"),
        lambda s: Action(s, "pass", cards=("legal",)),
        lambda s: Action(s, "pass", slot=2),
        lambda s: Action(s, ["pass"]),
        lambda s: Action(str(s), "pass"),
        lambda s: Action(10**5000, "pass"),
    ],
)
def test_an_action_built_by_hand_with_bad_fields_is_refused(make):
    game = prohis_game()
    error = refused_everywhere(game, make(game.to_act))
    assert isinstance(error, IllegalActionError)


def test_a_huge_act_name_is_quoted_as_a_short_excerpt():
    game = prohis_game()
    error = refused_everywhere(game, {"seat": game.to_act, "act": "x" * 1_000_000})
    assert len(str(error)) < 300
    assert "1,000,000 characters" in str(error)


def test_excerpt_never_fails_and_stays_short():
    class Broken:
        def __repr__(self):
            raise RuntimeError("no")

    for value in (10**5000, "y" * 10**6, deep(100_000), {"a": deep(50)}, Broken(), b"\xff" * 10**5):
        text = excerpt(value)
        assert len(text) < 120, text


@pytest.mark.parametrize(
    "action",
    [
        {"seat": 1, "act": "declare"},
        {"seat": 1, "act": "declare", "items": "wine"},
        {"seat": 1, "act": "declare", "items": [["wine"]]},
        {"seat": 1, "act": "declare", "items": [{"wine": 1}]},
        {"seat": 1, "act": "declare", "items": None},
        {"seat": 1, "act": ["declare"], "items": []},
        {"seat": 1, "act": "discard", "card": ["wine"]},
        {"seat": 1, "act": "discard", "card": {}},
        {"seat": "1", "act": "immunity"},
        {"seat": 1.0, "act": "immunity"},
        SmuggleAction(1, "declare", items=["wine"]),
        SmuggleAction(1, "declare", items=(["wine"],)),
        SmuggleAction(1, "declare", items=5),
        SmuggleAction(1, "immunity", card="wine"),
        SmuggleAction(1, "accept", items=("wine",)),
        SmuggleAction(1, ["immunity"]),
        "1 declare ²",
        "² declare wine",
        ("1", "declare"),
    ],
    ids=lambda v: excerpt(v, 50),
)
def test_smuggle_actions_of_wrong_types_are_refused(action):
    refused_everywhere(smuggle_game(), action)


# ---------------------------------------------------------------- rules and setups


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda: ProhisRules(players=4, deck={"legal": 10**12}), "1,000"),
        (lambda: ProhisRules(players=4, deck={"legal": 10**7}), "1,000"),
        (lambda: ProhisRules(players=4, deck={"legal": 10**5000}), "1,000"),
        (lambda: ProhisRules.from_json({"players": 4, "deck": {"legal": [3]}}), "legal"),
        (lambda: ProhisRules.from_json({"players": 4, "deck": []}), "deck"),
        (lambda: ProhisRules.from_json({"players": "4"}), "players"),
        (lambda: ProhisRules.from_json({"players": 4, "variants": []}), "variants"),
        (lambda: ProhisRules.from_json({"players": 4, "variants": {"full_box": [1]}}), "full_box"),
        (lambda: ProhisRules.from_json({"players": 4, "variants": {1: 2}}), "variant"),
        (lambda: ProhisRules.from_json({"players": 4, 7: 1}), "unknown"),
        (lambda: SmuggleRules.from_json({"players": 3, "deck": {}}), "deck"),
        (lambda: SmuggleRules.from_json({"players": 3, "variants": []}), "variants"),
        (lambda: SmuggleRules.from_json({"players": 3, "variants": "board"}), "variants"),
        (lambda: SmuggleRules.from_json({"players": [3]}), "players"),
        (
            lambda: SmuggleRules.from_json(
                {"players": 3, "variants": {"board": {"start_money": 10**5000}}}
            ),
            "start_money",
        ),
        (
            lambda: SmuggleRules.from_json(
                {"players": 3, "variants": {"board": {"start_money": 10**7}}}
            ),
            "1,000,000",
        ),
        (
            lambda: SmuggleRules.from_json({"players": 3, "variants": {"board": {"duty": 1}}}),
            "duty",
        ),
        (lambda: SmuggleRules.from_json({"players": 3, "variants": {"board": {7: 1}}}), "board"),
        (lambda: ProhisGame(ProhisRules(players=4), seed=-5), "seed"),
        (lambda: ProhisGame(ProhisRules(players=4), seed=MAX_SEED + 1), "seed"),
        (lambda: ProhisGame(ProhisRules(players=4), seed="7"), "seed"),
        (lambda: SmuggleGame(SmuggleRules(players=3), seed=10**5000), "seed"),
        (lambda: SmuggleGame(SmuggleRules(players=3), table={"packs": [[["wine"]]] * 3}), "packs"),
        (lambda: SmuggleGame(SmuggleRules(players=3), table={"packs": "abc"}), "packs"),
    ],
)
def test_rules_and_setups_of_wrong_types_or_absurd_sizes_are_refused(make, words):
    with pytest.raises(ProhisNbError) as caught:
        make()
    assert words in str(caught.value)
    assert len(str(caught.value)) < 600


def test_a_deck_of_exactly_the_bound_is_accepted_and_one_more_is_refused():
    players = 3
    legal = MAX_DECK_CARDS - 2 * players
    rules = ProhisRules(players=players, deck={"legal": legal})
    assert sum(rules.deck_counts().values()) == MAX_DECK_CARDS
    ProhisGame(rules, seed=1)  # deals
    with pytest.raises(RulesError, match="at most 1,000 cards"):
        ProhisRules(players=players, deck={"legal": legal + 1})


def test_a_board_at_the_money_bound_plays_and_its_log_prints():
    board = {"start_money": 1_000_000, "compensation": 1_000_000}
    rules = SmuggleRules.from_json({"players": 3, "variants": {"board": board}})
    game = SmuggleGame(rules, seed=2)
    rng = random.Random(2)
    while not game.ended:
        game.apply(rng.choice(game.legal_actions()))
    assert json.dumps(game.view(0).to_json())
    assert Record.loads(game.record().dumps()).replay().scores() == game.scores()


# ---------------------------------------------------------------- records as text


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000 + "]" * 100_000,
        '{"format": "prohis-record/1", "x": ' + "[" * 100_000 + "]" * 100_000 + "}",
        '{"format": ' + "9" * 5000 + "}",
        '{"format": []}',
        '{"format": {}, "game": "prohis", "rules": {}, "setup": {}, "actions": []}',
        '{"format": "prohis-record/1", "game": [], "rules": {}, "setup": {}, "actions": []}',
        '{"format": "prohis-record/1", "game": "prohis", "rules": {"players": 4}, '
        '"setup": {"seed": NaN}, "actions": []}',
        b'{"format": "prohis-record/1", "x": "\xe9"}',
        "x" * 6_000_000,
    ],
)
def test_record_text_that_would_crash_the_parser_is_refused(text):
    with pytest.raises(RecordError):
        Record.loads(text)


# ---------------------------------------------------------------- hypothesis: wrong types


def record_json(**changes):
    base = {
        "format": "prohis-record/1",
        "game": "prohis",
        "rules": {"players": 3, "variants": {}},
        "setup": {"seed": 3},
        "actions": [],
    }
    base.update(changes)
    return base


@SETTINGS
@given(
    field=st.sampled_from(["seat", "act", "from", "slot", "cards", "card", "position", "other"]),
    value=WRONG,
    act=st.sampled_from(["take", "convoy", "bribe", "control", "turn", "pass", "decline"]),
    seed=st.integers(0, 30),
    steps=st.integers(0, 12),
)
def test_prohis_actions_with_any_field_of_any_type_raise_only_project_errors(
    field, value, act, seed, steps
):
    game = prohis_game(seed, steps)
    if game.ended:
        return
    action = {"seat": game.to_act, "act": act, field: value}
    before = state(game)
    legal = game.is_legal(action)
    try:
        game.apply(action)
    except ProhisNbError:
        assert state(game) == before
    else:
        assert legal


@SETTINGS
@given(
    field=st.sampled_from(["seat", "act", "items", "card", "other"]),
    value=WRONG,
    act=st.sampled_from(["declare", "discard", "accept", "search", "immunity", "inform"]),
    seed=st.integers(0, 30),
)
def test_smuggle_actions_with_any_field_of_any_type_raise_only_project_errors(
    field, value, act, seed
):
    game = smuggle_game(seed)
    action = {"seat": game.to_act, "act": act, field: value}
    before = state(game)
    legal = game.is_legal(action)
    try:
        game.apply(action)
    except ProhisNbError:
        assert state(game) == before
    else:
        assert legal


RULES_PATHS = [
    ("rules",),
    ("rules", "players"),
    ("rules", "variants"),
    ("rules", "variants", "bribe_rounds"),
    ("rules", "variants", "pass_is_final"),
    ("rules", "variants", "board"),
    ("rules", "deck"),
    ("rules", "deck", "legal"),
    ("rules", "other"),
    ("setup",),
    ("setup", "seed"),
    ("setup", "first"),
    ("setup", "hands"),
    ("setup", "row"),
    ("setup", "pile"),
    ("setup", "packs"),
    ("format",),
    ("game",),
    ("actions",),
    ("actions", 0),
]


def put(data, path, value):
    target = data
    for key in path[:-1]:
        if isinstance(key, int):
            while len(target) <= key:
                target.append({})
        elif not isinstance(target.get(key), dict | list):
            target[key] = {}
        target = target[key]
    key = path[-1]
    if isinstance(key, int):
        while len(target) <= key:
            target.append({})
    target[key] = value


@SETTINGS
@given(
    path=st.sampled_from(RULES_PATHS),
    value=WRONG,
    smuggle=st.booleans(),
    stacked=st.booleans(),
)
def test_records_with_any_field_of_any_type_raise_only_project_errors(
    path, value, smuggle, stacked
):
    data = record_json()
    if smuggle:
        data.update(format="smuggle-record/1", game="smuggle")
    if stacked and not smuggle:
        data["rules"]["deck"] = {"legal": 14, "illegal": 0, "lieutenant": 0}
        data["setup"] = {
            "first": 0,
            "hands": [["captain", "inspector", "legal", "legal"]] * 3,
            "row": ["legal"] * 4,
            "pile": ["legal"] * 4,
        }
    put(data, path, value)
    for source in (data, _dumps_or_none(data)):
        if source is None:
            continue
        try:
            game = Record.loads(source).replay() if isinstance(source, str) else None
            if game is None:
                game = Record.from_json(source).replay()
        except ProhisNbError:
            continue
        json.dumps(game.omniscient_view().to_json())  # what was accepted can be printed
        game.record().dumps()


def _dumps_or_none(data):
    try:
        return json.dumps(data)
    except (ValueError, RecursionError):
        return None  # a value JSON cannot write (a huge int): only the object is tried


JSON_TREES = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.floats(),
        st.sampled_from(["prohis-record/1", "smuggle-record/1", "prohis", "smuggle", "legal"]),
        st.text(max_size=5),
    ),
    lambda children: st.one_of(
        st.lists(children, max_size=4),
        st.dictionaries(
            st.sampled_from(
                ["format", "game", "rules", "setup", "actions", "players", "seed", "act", "seat"]
            ),
            children,
            max_size=5,
        ),
    ),
    max_leaves=25,
)


@SETTINGS
@given(tree=JSON_TREES)
def test_fuzz_whole_json_trees_through_loads_and_replay(tree):
    try:
        text = json.dumps(tree)
    except ValueError:
        return
    with contextlib.suppress(ProhisNbError):
        Record.loads(text).replay()


# ---------------------------------------------------------------- widgets


def test_play_act_shows_the_message_of_a_malformed_action():
    from prohis_nb.widgets import Play

    play = Play(seat=0, seed=4, delay=0)
    before = state(play.game)
    for bad in (
        Action(0, "take", source="row", slot=7),
        Action(0, "turn", position="x"),
        Action(0, "bribe", cards=("joker",)),
        Action(0, "convoy", cards=["legal", "legal"]),
        {"seat": 0, "act": ["take"]},
        {"seat": 0, "act": "x" * 1_000_000},
    ):
        assert play.act(bad) is False
        assert "not allowed" in play.message.value
        assert len(play.message.value) < 3000
    assert state(play.game) == before


@pytest.mark.parametrize(
    "bad",
    [
        "[" * 100_000 + "]" * 100_000,
        '{"format": "prohis-record/1", "x": ' + "9" * 5000 + "}",
        '{"format": [], "game": "prohis", "rules": {}, "setup": {}, "actions": []}',
        {"format": [], "game": "prohis", "rules": {}, "setup": {}, "actions": []},
        {"format": "prohis-record/1", "x": 10**5000},
        {"format": "prohis-record/1", "x": deep(100_000)},
        b"\xff\xfe",
        12,
    ],
    ids=lambda v: excerpt(v, 40),
)
def test_the_stepper_refuses_bad_records_with_a_message_and_changes_nothing(bad):
    from prohis_nb.widgets import Stepper

    record = prohis_game(3, 12).record()
    stepper = Stepper(record, seat=0)
    stepper.seek(5)
    before = (stepper.table.html, stepper.timeline.record, stepper.position)
    assert stepper.load(bad) is False
    assert "cannot be shown" in stepper.message.value
    assert (stepper.table.html, stepper.timeline.record, stepper.position) == before
    if isinstance(bad, str | bytes):
        content = bad.encode() if isinstance(bad, str) else bad
        stepper._on_upload({"new": ({"name": "bad.json", "content": memoryview(content)},)})
        assert "bad.json cannot be shown" in stepper.message.value
        assert (stepper.table.html, stepper.timeline.record, stepper.position) == before


def test_records_refused_without_data_loss_through_cursor_seek():
    from prohis_nb.widgets import Stepper

    stepper = Stepper(prohis_game(3, 12).record(), seat=0)
    for position in ("x", [1], 10**5000, -1, 999):
        stepper.seek(position)
        assert "Cannot go there" in stepper.message.value


WIDGET_BAD = [None, "x", [0], {"a": 1}, 1.5, True, -1, 10**5000, "9" * 100_000]


@pytest.mark.parametrize("bad", WIDGET_BAD, ids=lambda v: excerpt(v, 30))
def test_widget_arguments_of_any_type_raise_only_project_errors(bad, tmp_path, monkeypatch):
    from prohis_nb.widgets import HotSeat, Play, Stepper, Table

    monkeypatch.chdir(tmp_path)  # save(None) writes the name in the box: here, not in the repo

    game = prohis_game(1, 0)
    calls = [
        lambda: Table(game, bad),
        lambda: Play(seat=bad, seed=1, delay=0),
        lambda: Play(players=bad, seed=1, delay=0),
        lambda: Play(seed=bad, delay=0),
        lambda: Play(rules=bad, seed=1, delay=0),
        lambda: Play(game_name=bad, seed=1, delay=0),
        lambda: HotSeat(humans=bad, seed=1, delay=0),
        lambda: Stepper(game.record(), seat=bad),
    ]
    for call in calls:
        with contextlib.suppress(ProhisNbError):
            call()
    play = Play(seed=1, delay=0)
    before = state(play.game)
    play.act(bad)
    play.save(bad)
    assert state(play.game) == before


@SETTINGS
@given(
    field=st.sampled_from(Action._fields),
    value=WRONG,
    seed=st.integers(0, 30),
    steps=st.integers(0, 12),
)
def test_legal_prohis_actions_with_one_field_of_any_type_raise_only_project_errors(
    field, value, seed, steps
):
    game = prohis_game(seed, steps)
    if game.ended:
        return
    action = random.Random(seed).choice(game.legal_actions())._replace(**{field: value})
    before = state(game)
    legal = game.is_legal(action)
    try:
        game.apply(action)
    except ProhisNbError:
        assert state(game) == before
    else:
        assert legal


@SETTINGS
@given(field=st.sampled_from(SmuggleAction._fields), value=WRONG, seed=st.integers(0, 30))
def test_legal_smuggle_actions_with_one_field_of_any_type_raise_only_project_errors(
    field, value, seed
):
    game = smuggle_game(seed)
    action = random.Random(seed).choice(game.legal_actions())._replace(**{field: value})
    before = state(game)
    legal = game.is_legal(action)
    try:
        game.apply(action)
    except ProhisNbError:
        assert state(game) == before
    else:
        assert legal
