"""The game registry: one entry per game, and every "any game" place asks it.

Checked from outside: each entry's parts exist and are what they say; an
unknown game gets the registry's one error (naming the games) at every place
that takes a game; a game registered at run time is found everywhere, and a
part it lacks is refused instead of being borrowed from another game (its
records are never counted as Smuggle's); every game class is built the same
way; ``import prohis_nb`` imports no game but Prohis.
"""

from __future__ import annotations

import json
import pickle
import random
import subprocess
import sys

import pytest

import prohis_nb
from prohis_nb.core import registry
from prohis_nb.core.record import Record
from prohis_nb.errors import RecordError, RulesError, UnknownGameError
from prohis_nb.smuggle.game import SmuggleGame
from prohis_nb.smuggle.rules import SmuggleRules

NAMES = registry.names()


def finished(name: str, seed: int = 3):
    """A game of ``name`` played to its end by seeded random choices."""
    game = registry.new_game(name, seed=seed)
    rng = random.Random(seed)
    while not game.ended:
        game.apply(rng.choice(game.legal_actions()))
    return game


# ---------------------------------------------------------------- the entries


@pytest.mark.parametrize("name", NAMES)
def test_each_entry_names_parts_of_its_own_kind(name):
    spec = registry.spec(name)
    cls = spec.game_class
    assert spec.name == name == cls.game_name
    assert spec.record_format == cls.record_format
    assert spec.load("rules") is cls.rules_type
    assert spec.default_players in spec.players
    game = registry.new_game(name, seed=1)
    assert isinstance(game.view(0), spec.load("views"))
    assert registry.spec_of(game) is spec and registry.spec_of(game.view(0)) is spec
    assert callable(spec.load("determinize"))
    # what a seat knows: the part names the type (or builder) the game's views carry
    assert spec.has("knowledge")
    built = spec.load("knowledge")
    assert callable(built)
    if hasattr(game.view(0), "knowledge"):
        assert isinstance(game.view(0).knowledge, built)
    schema = spec.load("schema")
    assert spec.record_format in json.dumps(schema)
    from prohis_nb.bots import bot_names

    assert set(spec.opponents) <= set(bot_names(name))
    coach = spec.load("coach")
    assert callable(coach.advise) and callable(coach.judge)
    counter = spec.load("class_counter")
    assert "games" in counter.keys
    assert callable(spec.load("class_rates")) and callable(spec.load("class_predictions"))
    from prohis_nb.widgets.render import renderer_for

    assert renderer_for(name) is not None and type(renderer_for(name)).__name__ != "Renderer"


@pytest.mark.parametrize("name", NAMES)
def test_a_part_is_loaded_once_and_kept(name):
    spec = registry.spec(name)
    assert spec.load("game") is spec.load("game") is spec.game_class
    assert registry.spec(name) is spec


def test_a_spec_is_frozen_and_travels_by_name():
    spec = registry.spec("smuggle")
    with pytest.raises(AttributeError, match="frozen"):
        spec.title = "Other"  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(spec)) is spec
    assert "smuggle-record/1" in repr(spec)


def test_a_spec_refuses_what_is_not_a_game():
    with pytest.raises(TypeError, match="unknown part"):
        registry.GameSpec(name="x", title="X", players=(2,), record_format="x/1", game="a:b", c=1)
    with pytest.raises(ValueError, match="one lower-case word"):
        registry.GameSpec(name="Two Words", title="X", players=(2,), record_format="x/1", game="a")
    with pytest.raises(ValueError, match="not among players"):
        registry.GameSpec(
            name="x", title="X", players=(2,), default_players=3, record_format="x/1", game="a"
        )
    with pytest.raises(ValueError, match="unknown part"):
        registry.spec("prohis").has("wheels")


# ---------------------------------------------------------------- one error for an unknown game


def _unknown_everywhere():
    """Every place that takes a game's name, called with a name that is not registered."""
    from prohis_nb.bots import bot_names, make_bot
    from prohis_nb.bots.runner import new_game as runner_new_game
    from prohis_nb.classroom.counts import keys_of
    from prohis_nb.classroom.results import load_class
    from prohis_nb.schemas import record_schema
    from prohis_nb.tournament import make_plan

    return {
        "registry.spec": lambda: registry.spec("chess"),
        "registry.new_game": lambda: registry.new_game("chess"),
        "prohis_nb.new_game": lambda: prohis_nb.new_game("chess", players=2),
        "games.game_class": lambda: __import__("prohis_nb.games").games.game_class("chess"),
        "bots.bot_names": lambda: bot_names("chess"),
        "bots.make_bot": lambda: make_bot("random", 0, "chess"),
        "runner.new_game": lambda: runner_new_game("chess", 1),
        "classroom.keys_of": lambda: keys_of("chess"),
        "results.games_of": lambda: load_class([]).games_of("chess"),
        "tournament.make_plan": lambda: make_plan(["random"], game="chess"),
        "schemas.record_schema": lambda: record_schema("chess-record/1"),
    }


@pytest.mark.parametrize("where", list(_unknown_everywhere()))
def test_an_unknown_game_gets_the_registrys_one_error_everywhere(where):
    with pytest.raises(UnknownGameError) as refused:
        _unknown_everywhere()[where]()
    message = str(refused.value)
    assert "chess" in message
    assert all(name in message for name in ("prohis", "smuggle")), message
    assert isinstance(refused.value, RulesError | RecordError)
    assert isinstance(refused.value, ValueError)


def test_a_record_of_an_unknown_game_is_refused_naming_the_formats():
    data = finished("prohis").record().to_json()
    unknown = "unknown record format 'chess-record/1'.*prohis-record/1"
    with pytest.raises(RecordError, match=unknown):
        Record.from_json({**data, "format": "chess-record/1", "game": "chess"})
    with pytest.raises(RecordError, match="is a record of 'prohis', but game says 'smuggle'"):
        Record.from_json({**data, "game": "smuggle"})


def test_the_command_lines_name_the_games(capsys):
    from prohis_nb.cli import main

    assert main(["simulate", "--game", "chess", "--games", "1"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "unknown game 'chess'" in captured.err and "'smuggle'" in captured.err
    assert captured.err.count("\n") == 1
    assert main(["tournament", "--game", "chess", "--games", "1", "--no-progress"]) == 1
    assert "chess" in capsys.readouterr().err


def test_views_and_coach_refuse_what_is_not_a_view():
    from prohis_nb.coach import advise
    from prohis_nb.core.determinize import determinize

    with pytest.raises(TypeError, match="seat's view"):
        determinize({"seat": 0}, random.Random(0))
    with pytest.raises(TypeError, match="seat's view"):
        advise(prohis_nb.Game(players=3, seed=1))  # a game, not a view
    with pytest.raises(TypeError, match="seat's view"):
        registry.spec_of(3.5)


# ---------------------------------------------------------------- a game added at run time


class ToyGame(SmuggleGame):
    """Smuggle under another name and format: a third game with no class table of its own."""

    game_name = "toy"
    record_format = "toy-record/1"


TOY_SPEC = registry.GameSpec(
    name="toy",
    title="Toy",
    players=(3, 4),
    record_format="toy-record/1",
    game=f"{__name__}:ToyGame",
    rules="prohis_nb.smuggle.rules:SmuggleRules",
)


@pytest.fixture
def toy():
    spec = registry.register(f"{__name__}:TOY_SPEC")
    try:
        yield spec
    finally:
        registry.unregister("toy")


def test_a_registered_game_is_found_by_every_place(toy, tmp_path):
    assert "toy" in registry.names() and registry.spec("toy") is toy
    game = prohis_nb.new_game("toy", players=3, seed=2)
    assert isinstance(game, ToyGame)
    rng = random.Random(2)
    while not game.ended:
        game.apply(rng.choice(game.legal_actions()))
    record = Record.loads(game.record().dumps())
    assert record.format == "toy-record/1"
    assert type(record.replay()) is ToyGame and record.replay().scores() == game.scores()
    from prohis_nb.bots import bot_names, make_bot

    assert bot_names("toy") == ["random"]  # no bots of its own: only those for any game
    assert type(make_bot("random", 1, "toy")).__name__ == "RandomBot"


def test_a_third_games_record_is_never_counted_as_smuggle(toy, tmp_path):
    from prohis_nb.classroom.counts import decision_counts
    from prohis_nb.classroom.results import load_class

    game = prohis_nb.new_game("toy", players=3, seed=4)
    rng = random.Random(4)
    while not game.ended:
        game.apply(rng.choice(game.legal_actions()))
    game.record().save(tmp_path / "toy.json")
    finished("smuggle").record().save(tmp_path / "smuggle.json")
    with pytest.raises(UnknownGameError, match="'toy' has no class counter.*smuggle"):
        decision_counts(game.record())
    results = load_class(tmp_path)
    assert [g.game for g in results.games] == ["smuggle"]
    (skipped,) = results.skipped
    assert "toy.json" in str(skipped) and "no class counter" in str(skipped)
    with pytest.raises(UnknownGameError, match="no class counter"):
        results.games_of("toy")


def test_a_game_lacking_a_part_is_refused_not_lent_another_games(toy):
    from prohis_nb.coach import judge_record

    game = prohis_nb.new_game("toy", seed=1)
    with pytest.raises(UnknownGameError, match="'toy' has no coach; the games that have one"):
        judge_record(game.record())
    with pytest.raises(UnknownGameError, match="no determinize"):
        toy.load("determinize")


SECOND_TOY = registry.GameSpec(
    name="toy", title="Toy again", players=(3,), record_format="toy/2", game=f"{__name__}:ToyGame"
)


def test_registering_a_name_twice_is_refused(toy):
    with pytest.raises(ValueError, match="a game named 'toy' is registered already"):
        registry.register(f"{__name__}:SECOND_TOY")
    assert registry.spec("toy") is toy
    registry.register("prohis_nb.smuggle.spec:SPEC")  # the same entry again: nothing changes
    assert registry.names()[:2] == ["prohis", "smuggle"]


# ---------------------------------------------------------------- every game on equal terms


@pytest.mark.parametrize("name", NAMES)
def test_every_game_class_takes_the_same_keywords(name):
    spec = registry.spec(name)
    cls = spec.game_class
    players = spec.players[-1]
    by_keywords = cls(players=players, seed=11)
    by_rules = cls(cls.rules_type(players=players), seed=11)
    by_name = prohis_nb.new_game(name, players=players, seed=11)
    by_json = prohis_nb.new_game(name, rules=by_rules.rules.to_json(), seed=11)
    for seat in range(players):
        assert by_keywords.view(seat) == by_rules.view(seat) == by_name.view(seat)
        assert by_json.view(seat) == by_rules.view(seat)
    assert prohis_nb.new_game(name, seed=2).players == spec.default_players
    with pytest.raises(RulesError, match="not both"):
        cls(cls.rules_type(players=players), players=players)


def test_smuggle_takes_the_keyword_constructor_of_prohis():
    assert SmuggleGame(players=4, seed=1).view(1) == SmuggleGame(SmuggleRules(4), seed=1).view(1)
    assert SmuggleGame(players=3, seed=1).rules == SmuggleRules(players=3)
    with pytest.raises(RulesError, match="unknown Smuggle variant"):
        SmuggleGame(players=3, seed=1, pass_is_final=True)
    with pytest.raises(RulesError, match="players must be a whole number from 3 to 6"):
        SmuggleGame(players=2, seed=1)


def test_every_game_class_and_record_are_in_the_front_door():
    for name in NAMES:
        cls = registry.spec(name).game_class
        assert cls.__name__ in prohis_nb.__all__
        assert getattr(prohis_nb, cls.__name__) is cls
        assert getattr(prohis_nb, cls.rules_type.__name__) is cls.rules_type
    assert "Record" in prohis_nb.__all__ and prohis_nb.Record is Record
    for public in prohis_nb.__all__:
        assert getattr(prohis_nb, public) is not None
    assert prohis_nb.available_games() == NAMES


def test_importing_the_package_imports_no_other_game():
    code = "import json, sys, prohis_nb; print(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    modules = [name for name in json.loads(out.stdout) if name.startswith("prohis_nb.")]
    imported = {name.split(".")[1] for name in modules}
    others = {registry.GAMES[name].split(".")[1] for name in NAMES if name != "prohis"}
    assert "prohis" in imported and not imported & others
    assert not imported & {"analysis", "bots", "coach", "widgets", "classroom", "openspiel"}


@pytest.mark.parametrize("command", [["simulate"], ["tournament"]])
def test_the_players_help_names_every_registered_games_counts(toy, command, capsys):
    from prohis_nb.cli import build_parser

    with pytest.raises(SystemExit):
        build_parser().parse_args([*command, "--help"])
    said = " ".join(capsys.readouterr().out.split())
    told = said.split("how many players; ", 1)[1].split(" --", 1)[0]
    counts_of = {}
    for group in told.split("; "):
        games, counts = group.split(": ")
        counts_of.update(dict.fromkeys(games.split(" or "), counts))
    assert set(counts_of) == set(registry.names())
    for name, counts in counts_of.items():
        found = registry.spec(name)
        low, high = found.players[0], found.players[-1]
        assert counts == (f"{low}" if low == high else f"{low} to {high} ({found.default_players})")
    assert counts_of["toy"] == "3 to 4 (3)"


def test_a_views_game_is_found_in_a_process_that_never_asked_the_registry():
    import subprocess
    import sys

    code = (
        "from prohis_nb.smuggle.game import SmuggleGame\n"
        "from prohis_nb.core import registry\n"
        "assert not registry._specs, registry._specs\n"
        "view = SmuggleGame(players=3, seed=1).view(0)\n"
        "print(registry.spec_of_view(view).name)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert done.stdout.split() == ["smuggle"]
