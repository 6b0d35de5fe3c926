"""The records' JSON Schemas agree with the engine's refusals (docs/record-schema.md).

A corpus of records is checked twice, independently: against the published
schemas (``jsonschema``, draft 2020-12) and by the engine (``Record.loads`` of
the JSON text, then ``replay``). For every record:

* the engine accepts it  =>  the schema accepts it (the schema is never stricter);
* the schema accepts it  =>  the engine accepts it, **except** for the kinds of
  mistakes a schema cannot express, listed in ``BEYOND_A_SCHEMA`` (and in the
  docs). Each broken record below names the kind it is, and a record of such a
  kind must be accepted by the schema and refused by the engine: it is a known
  gap, not a silent one.

The valid records are played by seeded bots (both games, 3 to 6 players,
variants, custom decks and boards, stacked tables, ``public_hands``); the broken
ones are those records with one thing changed.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

jsonschema = pytest.importorskip("jsonschema")

from prohis_nb.bots.random_bot import RandomBot  # noqa: E402
from prohis_nb.bots.runner import play_game  # noqa: E402
from prohis_nb.bots.smuggle_bots import SmuggleRandomBot  # noqa: E402
from prohis_nb.core.limits import MAX_AMOUNT, MAX_DECK_CARDS, MAX_RECORD_BYTES, MAX_SEED  # noqa: E402
from prohis_nb.core.record import Record  # noqa: E402
from prohis_nb.errors import ProhisNbError  # noqa: E402
from prohis_nb.prohis.actions import ACT_FIELDS as PROHIS_ACTS  # noqa: E402
from prohis_nb.prohis.cards import CONTROLLER_KINDS, KINDS  # noqa: E402
from prohis_nb.prohis.game import ProhisGame  # noqa: E402
from prohis_nb.prohis.rules import MAX_BRIBE_ROUNDS, ProhisRules  # noqa: E402
from prohis_nb.schemas import SCHEMA_FILES, record_schema  # noqa: E402
from prohis_nb.smuggle.actions import ACT_FIELDS as SMUGGLE_ACTS  # noqa: E402
from prohis_nb.smuggle.board import DUTIABLE, PACK_COUNTS  # noqa: E402
from prohis_nb.smuggle.game import PACK, SmuggleGame  # noqa: E402
from prohis_nb.smuggle.rules import SmuggleRules  # noqa: E402

#: What a JSON Schema cannot say, and the engine refuses (docs/record-schema.md).
BEYOND_A_SCHEMA = {
    "illegal move": "an action the rules do not allow at that point of the game "
    "(not that seat's turn, a card it does not hold, anything after the end)",
    "table is not the deck": "a stacked table whose cards are not exactly the deck "
    "(Prohis) or a pack order that is not exactly the 54-card pack (Smuggle)",
    "public card not in hand": "setup.public_hands naming a card the seat's hand does not hold",
    "deck over the limit": f"a custom deck of more than {MAX_DECK_CARDS:,} cards in all",
    "deck too small to deal": "a custom deck too small for a seeded deal (4 cards each and a row)",
    "whole number as 3.0": "a whole number written with a fraction (3.0): JSON Schema "
    "counts it as an integer, the engine wants a JSON integer",
    "free-form keys": "limits on keys the record does not define (a title, notes): "
    "nesting deeper than 32 levels, a whole number of more than 19 digits",
    "file size": f"a record text longer than {MAX_RECORD_BYTES:,} bytes",
}

VALIDATORS = {fmt: jsonschema.Draft202012Validator(record_schema(fmt)) for fmt in SCHEMA_FILES}


def schema_accepts(data: Any) -> bool:
    """Valid against the schema of one of the two formats."""
    return any(validator.is_valid(data) for validator in VALIDATORS.values())


def engine_accepts(data: Any) -> bool:
    """The engine reads the JSON text and replays every action without refusing."""
    text = json.dumps(data)
    try:
        Record.loads(text).replay()
    except ProhisNbError:
        return False
    return True


# ---------------------------------------------------------------------- the valid corpus


def prohis_record(seed: int, rules: ProhisRules, table: dict[str, Any] | None = None) -> dict:
    game = ProhisGame(rules, table=table) if table is not None else ProhisGame(rules, seed=seed)
    bots = [RandomBot(seed=seed * 10 + i) for i in range(rules.players)]
    return play_game(game, bots).record().to_json()


def smuggle_record(seed: int, rules: SmuggleRules, table: dict[str, Any] | None = None) -> dict:
    game = SmuggleGame(rules, table=table) if table is not None else SmuggleGame(rules, seed=seed)
    bots = [SmuggleRandomBot(seed=seed * 10 + i) for i in range(rules.players)]
    return play_game(game, bots).record().to_json()


def prohis_table(rules: ProhisRules, seed: int, public: bool, uneven: bool = False) -> dict:
    """A stacked table holding exactly the rules' deck, shuffled by ``seed``."""
    rng = random.Random(seed)
    deck = rules.deck_counts()
    n = rules.players
    stock = [k for k in ("legal", "illegal", "lieutenant") for _ in range(deck[k])]
    rng.shuffle(stock)
    sizes = [4 + (seat if uneven else 0) for seat in range(n)]
    hands, at = [], 0
    for size in sizes:
        hands.append(["captain", "inspector", *stock[at : at + size]])
        at += size
    table: dict[str, Any] = {
        "first": rng.randrange(n),
        "hands": hands,
        "row": stock[at : at + 4],
        "pile": stock[at + 4 :],
    }
    if public:
        table["public_hands"] = [["captain", "inspector"] for _ in range(n)]
    return table


def smuggle_table(players: int, seed: int) -> dict:
    rng = random.Random(seed)
    packs = []
    for _ in range(players):
        pack = list(PACK)
        rng.shuffle(pack)
        packs.append(pack)
    return {"packs": packs}


BOARD = {
    "duty": {kind: 10 * (i + 1) for i, kind in enumerate(DUTIABLE)},
    "fine": {kind: 30 * (i + 1) for i, kind in enumerate(DUTIABLE)},
    "start_money": 1500,
    "compensation": 150,
    "informer_reward": 50,
    "immunity_fine": MAX_AMOUNT,
}
SMALL_DECK = {"legal": 14, "illegal": 8, "lieutenant": 2}


def valid_corpus() -> dict[str, dict]:
    corpus: dict[str, dict] = {}
    for players in range(3, 7):
        corpus[f"prohis {players}p seeded"] = prohis_record(players, ProhisRules(players=players))
        corpus[f"smuggle {players}p seeded"] = smuggle_record(
            players, SmuggleRules(players=players)
        )
        corpus[f"smuggle {players}p stacked"] = smuggle_record(
            100 + players, SmuggleRules(players=players), smuggle_table(players, players)
        )
        rules = ProhisRules(players=players)
        corpus[f"prohis {players}p stacked, public hands"] = prohis_record(
            100 + players, rules, prohis_table(rules, players, public=True)
        )
    variants = ProhisRules(
        players=4, pass_is_final=True, waiver_keeps_card=True, bribe_rounds=3, full_box=True
    )
    corpus["prohis variants"] = prohis_record(7, variants)
    corpus["prohis max bribe rounds"] = prohis_record(8, ProhisRules(players=5, bribe_rounds=20))
    small = ProhisRules(players=3, deck=SMALL_DECK)
    corpus["prohis custom deck"] = prohis_record(9, small)
    corpus["prohis custom deck, stacked, uneven hands"] = prohis_record(
        10, small, prohis_table(small, 10, public=False, uneven=True)
    )
    corpus["prohis deck naming captains"] = prohis_record(
        11, ProhisRules(players=4, deck={**SMALL_DECK, "captain": 4, "inspector": 4})
    )
    corpus["smuggle custom board"] = smuggle_record(
        12, SmuggleRules.from_json({"players": 4, "variants": {"board": BOARD}})
    )
    corpus["smuggle partial board"] = smuggle_record(
        13, SmuggleRules.from_json({"players": 3, "variants": {"board": {"compensation": 0}}})
    )
    # Hand-written details the engine tolerates and writers may use.
    record = copy.deepcopy(corpus["prohis 4p seeded"])
    record.update(title="A lesson's game", notes={"by": "a teacher", "draft": [1, 2.5, None]})
    record["rules"]["variants"] = None
    record["actions"] = [dict(reversed(list(a.items()))) for a in record["actions"]]
    corpus["prohis extra keys, null variants, reordered fields"] = record
    record = copy.deepcopy(corpus["prohis 3p seeded"])
    record["rules"]["variants"] = {"bribe_rounds": 1, "pass_is_final": False}
    record["rules"]["deck"] = None
    record["actions"] = record["actions"][:7]
    corpus["prohis defaults written out, unfinished"] = record
    record = copy.deepcopy(corpus["smuggle 3p seeded"])
    record["rules"]["variants"] = None
    record["actions"] = []
    record["title"] = "no move yet"
    corpus["smuggle no actions"] = record
    record = copy.deepcopy(corpus["prohis variants"])
    game = Record.from_json(record).replay()
    record["actions"] = []
    for index, taken in enumerate(game.actions):
        record["actions"].append(taken.to_json())
        record["actions"] += [forced.to_json() for forced in game.forced_after(index)]
    assert len(record["actions"]) > len(game.actions)
    corpus["prohis with the forced steps written out"] = record
    record = copy.deepcopy(corpus["prohis 5p seeded"])
    record["setup"] = {"seed": MAX_SEED}
    record["actions"] = []
    corpus["prohis largest seed"] = record
    return corpus


VALID = valid_corpus()


def test_the_schemas_are_valid_draft_2020_12():
    for fmt in SCHEMA_FILES:
        schema = record_schema(fmt)
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        jsonschema.Draft202012Validator.check_schema(schema)
        assert schema["properties"]["format"] == {"const": fmt}


def test_the_schemas_state_the_engine_s_names_and_limits():
    """The kinds, acts and bounds in the schemas are the engine's (a change must touch both)."""
    prohis = record_schema("prohis-record/1")["$defs"]
    smuggle = record_schema("smuggle-record/1")["$defs"]
    assert prohis["kind"]["enum"] == list(KINDS)
    assert prohis["action"]["properties"]["act"]["enum"] == list(PROHIS_ACTS)
    for act, fields in PROHIS_ACTS.items():
        assert set(prohis[f"act_{act}"]["properties"]) == {"seat", "act", *fields}
    assert prohis["act_control"]["properties"]["card"]["enum"] == list(CONTROLLER_KINDS)
    assert prohis["seed"]["maximum"] == MAX_SEED == smuggle["seed"]["maximum"]
    variants = prohis["rules"]["properties"]["variants"]["properties"]
    assert variants["bribe_rounds"]["maximum"] == MAX_BRIBE_ROUNDS
    assert set(variants) == set(ProhisRules(players=3).__slots__) - {"players", "deck"}
    assert smuggle["kind"]["enum"] == list(PACK_COUNTS)
    assert smuggle["action"]["properties"]["act"]["enum"] == list(SMUGGLE_ACTS)
    for act, fields in SMUGGLE_ACTS.items():
        assert set(smuggle[f"act_{act}"]["properties"]) == {"seat", "act", *fields}
    assert smuggle["amount"]["maximum"] == MAX_AMOUNT
    assert smuggle["amounts"]["required"] == list(DUTIABLE)


@pytest.mark.parametrize("name", list(VALID))
def test_valid_records_are_valid_for_both(name):
    record = VALID[name]
    assert engine_accepts(record), name
    errors = list(VALIDATORS[record["format"]].iter_errors(record))
    assert not errors, f"{name}: {errors[0].message} at {list(errors[0].absolute_path)}"


# ---------------------------------------------------------------------- the broken corpus

Change = Callable[[dict], Any]


def first_act(record: dict, act: str) -> int:
    return next(i for i, a in enumerate(record["actions"]) if a["act"] == act)


def action(act: str, **fields: Any) -> Change:
    """Replace the record's first ``act`` action by one with ``fields`` changed (None: removed)."""

    def change(record: dict) -> None:
        index = first_act(record, act)
        new = {**record["actions"][index], **fields}
        record["actions"][index] = {k: v for k, v in new.items() if v is not None}

    return change


def at(path: str, value: Any) -> Change:
    """Set (or, with ``...``, delete) the value at a dotted path; a list index is a number."""

    def change(record: dict) -> None:
        *parents, last = path.split(".")
        node: Any = record
        for key in parents:
            node = node[int(key)] if isinstance(node, list) else node[key]
        key: Any = int(last) if isinstance(node, list) else last
        if value is ...:
            del node[key]
        else:
            node[key] = value

    return change


def drop_last(path: str) -> Change:
    """Remove the last item of the list at a dotted path."""

    def change(record: dict) -> None:
        node: Any = record
        for key in path.split("."):
            node = node[int(key)] if isinstance(node, list) else node[key]
        node.pop()

    return change


def replace_record(value: Any) -> Change:
    """Put ``value`` in the record's place (the one change that returns something)."""

    def change(record: dict) -> Any:
        return value

    return change


def swap_first_pile_card(record: dict) -> None:
    pile = record["setup"]["pile"]
    pile[0] = "illegal" if pile[0] != "illegal" else "legal"


def wrong_seat(record: dict) -> None:
    first = record["actions"][0]
    first["seat"] = (first["seat"] + 1) % record["rules"]["players"]


def after_the_end(record: dict) -> None:
    record["actions"].append(dict(record["actions"][-1]))


def nested(depth: int) -> Any:
    value: Any = []
    for _ in range(depth):
        value = [value]
    return value


def luggage_to_wine(record: dict) -> None:
    pack = record["setup"]["packs"][0]
    pack[pack.index("luggage")] = "wine"


SCHEMA = "refused by both"
P4, P3S, S4, S4S = (
    "prohis 4p seeded",
    "prohis 3p stacked, public hands",
    "smuggle 4p seeded",
    "smuggle 4p stacked",
)

# (name, base record, change, expected): expected is SCHEMA or a key of BEYOND_A_SCHEMA.
BROKEN: list[tuple[str, str, Change, str]] = [
    # ---- the envelope (both games)
    ("not an object", P4, replace_record([]), SCHEMA),
    *[
        (f"no {key}", base, at(key, ...), SCHEMA)
        for key in ("format", "game", "rules", "setup", "actions")
        for base in (P4, S4)
    ],
    ("unknown format", P4, at("format", "prohis-record/2"), SCHEMA),
    ("format is not a string", P4, at("format", ["prohis-record/1"]), SCHEMA),
    ("game does not match the format", P4, at("game", "smuggle"), SCHEMA),
    ("smuggle format, prohis game", S4, at("game", "prohis"), SCHEMA),
    ("rules are a list", P4, at("rules", [4]), SCHEMA),
    ("setup is a number", S4, at("setup", 7), SCHEMA),
    ("actions are an object", P4, at("actions", {"0": {}}), SCHEMA),
    ("an action is a string", S4, at("actions.0", "1 accept"), SCHEMA),
    # ---- Prohis rules
    ("players missing", P4, at("rules.players", ...), SCHEMA),
    ("players as a string", P4, at("rules.players", "4"), SCHEMA),
    ("players true", P4, at("rules.players", True), SCHEMA),
    ("2 players", P4, at("rules.players", 2), SCHEMA),
    ("7 players", P4, at("rules.players", 7), SCHEMA),
    ("unknown rules key", P4, at("rules.board", {}), SCHEMA),
    ("variants a list", P4, at("rules.variants", ["full_box"]), SCHEMA),
    ("unknown variant", P4, at("rules.variants", {"jokers": True}), SCHEMA),
    ("pass_is_final as 1", P4, at("rules.variants", {"pass_is_final": 1}), SCHEMA),
    ("full_box null", P4, at("rules.variants", {"full_box": None}), SCHEMA),
    ("bribe_rounds 0", P4, at("rules.variants", {"bribe_rounds": 0}), SCHEMA),
    ("bribe_rounds 21", P4, at("rules.variants", {"bribe_rounds": 21}), SCHEMA),
    ("bribe_rounds as a string", P4, at("rules.variants", {"bribe_rounds": "2"}), SCHEMA),
    ("deck a list", P4, at("rules.deck", ["legal"]), SCHEMA),
    ("deck of an unknown kind", P4, at("rules.deck", {**SMALL_DECK, "joker": 1}), SCHEMA),
    ("deck count negative", P4, at("rules.deck", {**SMALL_DECK, "legal": -1}), SCHEMA),
    ("deck count a string", P4, at("rules.deck", {**SMALL_DECK, "legal": "14"}), SCHEMA),
    ("deck count true", P4, at("rules.deck", {**SMALL_DECK, "lieutenant": True}), SCHEMA),
    ("deck count of 20 digits", P4, at("rules.deck", {**SMALL_DECK, "legal": 10**19}), SCHEMA),
    ("deck with 3 captains for 4", P4, at("rules.deck", {**SMALL_DECK, "captain": 3}), SCHEMA),
    ("deck with 5 inspectors for 4", P4, at("rules.deck", {**SMALL_DECK, "inspector": 5}), SCHEMA),
    # ---- Prohis setup
    ("seed negative", P4, at("setup.seed", -1), SCHEMA),
    ("seed 2**63", P4, at("setup.seed", MAX_SEED + 1), SCHEMA),
    ("seed as a string", P4, at("setup.seed", "7"), SCHEMA),
    ("seed false", P4, at("setup.seed", False), SCHEMA),
    ("seed beside a table", P3S, at("setup.seed", 7), SCHEMA),
    ("seed with another key", P4, at("setup.first", 0), SCHEMA),
    ("empty setup", P4, at("setup", {}), SCHEMA),
    ("table without a row", P3S, at("setup.row", ...), SCHEMA),
    ("table without first", P3S, at("setup.first", ...), SCHEMA),
    ("unknown table key", P3S, at("setup.discards", []), SCHEMA),
    ("first = players", P3S, at("setup.first", 3), SCHEMA),
    ("first negative", P3S, at("setup.first", -1), SCHEMA),
    ("hands for 4 at a table of 3", P3S, lambda r: r["setup"]["hands"].append([]), SCHEMA),
    ("a hand is a string", P3S, at("setup.hands.0", "captain"), SCHEMA),
    ("a card of an unknown kind", P3S, at("setup.hands.1.0", "joker"), SCHEMA),
    ("a card as a list", P3S, at("setup.hands.1.0", ["captain"]), SCHEMA),
    ("a row of 3 slots", P3S, drop_last("setup.row"), SCHEMA),
    ("a row card of an unknown kind", P3S, at("setup.row.2", "gold"), SCHEMA),
    ("an empty slot with cards in the pile", P3S, at("setup.row.0", None), SCHEMA),
    ("pile is a number", P3S, at("setup.pile", 51), SCHEMA),
    ("public_hands for 2 of 3 seats", P3S, drop_last("setup.public_hands"), SCHEMA),
    ("public card of an unknown kind", P3S, at("setup.public_hands.0.0", "joker"), SCHEMA),
    # ---- Prohis actions
    ("action without a seat", P4, at("actions.0.seat", ...), SCHEMA),
    ("action without an act", P4, at("actions.0.act", ...), SCHEMA),
    ("unknown act", P4, at("actions.0.act", "cheat"), SCHEMA),
    ("act as a list", P4, at("actions.0.act", ["pass"]), SCHEMA),
    ("seat as a string", P4, at("actions.0.seat", "0"), SCHEMA),
    ("seat true", P4, at("actions.0.seat", True), SCHEMA),
    ("seat negative", P4, at("actions.0.seat", -1), SCHEMA),
    ("seat 4 at a table of 4", P4, at("actions.0.seat", 4), SCHEMA),
    ("seat of 20 digits", P4, at("actions.0.seat", 10**19), SCHEMA),
    ("unexpected field", P4, action("take", note="hi"), SCHEMA),
    ("take without from", P4, action("take", **{"from": None, "slot": None}), SCHEMA),
    (
        "take from the row without a slot",
        P4,
        action("take", **{"from": "row", "slot": None}),
        SCHEMA,
    ),
    ("take from slot 4", P4, action("take", **{"from": "row", "slot": 4}), SCHEMA),
    ("take from slot '1'", P4, action("take", **{"from": "row", "slot": "1"}), SCHEMA),
    ("take from the pile with a slot", P4, action("take", **{"from": "pile", "slot": 0}), SCHEMA),
    ("take from the box", P4, action("take", **{"from": "box"}), SCHEMA),
    ("convoy cards a string", P4, action("convoy", cards="legal"), SCHEMA),
    ("convoy of an unknown kind", P4, action("convoy", cards=["legal", "gold"]), SCHEMA),
    ("convoy of 1 card", P4, action("convoy", cards=["legal"]), SCHEMA),
    ("convoy of 5 cards", P4, action("convoy", cards=["legal"] * 5), SCHEMA),
    ("convoy without cards", P4, action("convoy", cards=None), SCHEMA),
    ("bribe of no card", P4, action("bribe", cards=[]), SCHEMA),
    ("control with a legal", P4, action("control", card="legal"), SCHEMA),
    ("control without a card", P4, action("control", card=None), SCHEMA),
    ("turn position 4", P4, action("turn", position=4), SCHEMA),
    ("turn position -1", P4, action("turn", position=-1), SCHEMA),
    ("turn position '0'", P4, action("turn", position="0"), SCHEMA),
    ("pass with cards", P4, action("pass", cards=["legal", "legal"]), SCHEMA),
    # ---- Smuggle rules and setup
    ("smuggle deck", S4, at("rules.deck", {"wine": 4}), SCHEMA),
    ("smuggle players 7", S4, at("rules.players", 7), SCHEMA),
    ("smuggle variants a list", S4, at("rules.variants", []), SCHEMA),
    ("smuggle unknown variant", S4, at("rules.variants", {"full_box": True}), SCHEMA),
    ("board null", S4, at("rules.variants", {"board": None}), SCHEMA),
    ("unknown board field", S4, at("rules.variants", {"board": {"bonus": 5}}), SCHEMA),
    (
        "duty of 7 kinds",
        S4,
        at("rules.variants", {"board": {"duty": {k: 1 for k in DUTIABLE[:7]}}}),
        SCHEMA,
    ),
    (
        "duty of an unknown kind",
        S4,
        at("rules.variants", {"board": {"duty": {**BOARD["duty"], "gold": 1}}}),
        SCHEMA,
    ),
    (
        "amount over a million",
        S4,
        at("rules.variants", {"board": {"start_money": MAX_AMOUNT + 1}}),
        SCHEMA,
    ),
    (
        "negative fine",
        S4,
        at("rules.variants", {"board": {"fine": {**BOARD["fine"], "wine": -5}}}),
        SCHEMA,
    ),
    ("amount true", S4, at("rules.variants", {"board": {"compensation": True}}), SCHEMA),
    ("smuggle seed as a string", S4, at("setup.seed", "5"), SCHEMA),
    ("smuggle seed with packs", S4S, at("setup.seed", 5), SCHEMA),
    ("packs for 3 rounds of 4", S4S, drop_last("setup.packs"), SCHEMA),
    ("a pack of 53 cards", S4S, drop_last("setup.packs.0"), SCHEMA),
    ("a pack card of an unknown kind", S4S, at("setup.packs.0.0", "gold"), SCHEMA),
    ("packs an object", S4S, at("setup.packs", {"0": []}), SCHEMA),
    # ---- Smuggle actions
    ("declare without items", S4, action("declare", items=None), SCHEMA),
    ("declare 5 items", S4, action("declare", items=["wine"] * 5), SCHEMA),
    ("declare luggage", S4, action("declare", items=["luggage"]), SCHEMA),
    ("declare items a string", S4, action("declare", items="wine"), SCHEMA),
    ("discard an unknown kind", S4, action("discard", card="gold"), SCHEMA),
    ("discard without a card", S4, action("discard", card=None), SCHEMA),
    ("accept with items", S4, action("accept", items=[]), SCHEMA),
    ("a Prohis act in Smuggle", S4, at("actions.0.act", "pass"), SCHEMA),
    ("smuggle seat 4 at a table of 4", S4, at("actions.0.seat", 4), SCHEMA),
    # ---- what a schema cannot say: accepted by the schema, refused by the engine
    ("not the seat to act", P4, wrong_seat, "illegal move"),
    ("an action after the end", P4, after_the_end, "illegal move"),
    ("smuggle: not the seat to act", S4, wrong_seat, "illegal move"),
    ("smuggle: an action after the end", S4, after_the_end, "illegal move"),
    ("one card swapped in the pile", P3S, swap_first_pile_card, "table is not the deck"),
    ("a pack with 5 wines", S4S, luggage_to_wine, "table is not the deck"),
    (
        "3 public captains",
        P3S,
        at("setup.public_hands.0", ["captain"] * 3),
        "public card not in hand",
    ),
    (
        "a deck of 1,001 cards",
        P4,
        at("rules.deck", {"legal": 1000, "illegal": 0, "lieutenant": 0}),
        "deck over the limit",
    ),
    ("a deck too small to deal", P4, at("rules.deck", {"legal": 5}), "deck too small to deal"),
    ("players 4.0", P4, at("rules.players", 4.0), "whole number as 3.0"),
    ("seed 7.0", P4, at("setup.seed", 7.0), "whole number as 3.0"),
    (
        "smuggle seat 1.0",
        S4,
        lambda r: r["actions"][0].update(seat=float(r["actions"][0]["seat"])),
        "whole number as 3.0",
    ),
    ("notes nested 40 deep", P4, at("notes", nested(40)), "free-form keys"),
    ("a 20-digit number in notes", S4, at("notes", {"count": 10**19}), "free-form keys"),
    ("a record of 5 MB", P4, at("notes", "x" * MAX_RECORD_BYTES), "file size"),
]


@pytest.mark.parametrize("name, base, change, expected", BROKEN, ids=[entry[0] for entry in BROKEN])
def test_broken_records_are_refused_as_documented(name, base, change, expected):
    record = copy.deepcopy(VALID[base])
    changed = change(record)
    if changed is not None:
        assert name == "not an object", f"{name}: a change edits the record in place"
        record = changed
    assert not engine_accepts(record), f"{name}: the engine accepted it"
    if expected == SCHEMA:
        assert not schema_accepts(record), f"{name}: the schema accepted it"
    else:
        assert expected in BEYOND_A_SCHEMA
        assert schema_accepts(record), f"{name}: the schema refused it (it can say more)"


def test_every_gap_of_the_schema_has_an_example_and_is_documented():
    from pathlib import Path

    shown = {entry[3] for entry in BROKEN}
    assert set(BEYOND_A_SCHEMA) <= shown
    page = (Path(__file__).parents[1] / "docs" / "record-schema.md").read_text("utf-8")
    for kind in BEYOND_A_SCHEMA:
        assert f"**{kind}**" in page, f"docs/record-schema.md does not list {kind!r}"
