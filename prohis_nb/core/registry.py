"""The games of the family, by name: one entry per game, and every "any game" place asks here.

A game is **one entry** of :data:`GAMES`: its name and where its
:class:`GameSpec` lives. The spec is a frozen value that names the game's
facts (a title, its player counts, its record format) and its *parts*,
each as an import path ``"module:attribute"``:

======================  ==========================================================
part                    what it is (who asks for it)
======================  ==========================================================
``game``                the game class, a :class:`~prohis_nb.core.game.GameBase`
                        subclass (records, the command line, tournaments, widgets)
``rules``               its frozen rules value, with ``from_json``/``to_json``
``views``               the class of one seat's view (``game.view(seat)``)
``knowledge``           what each seat knows, built from the public history
``determinize``         ``determinize(view, rng)``: a whole table drawn from a view
                        (:func:`prohis_nb.core.determinize.determinize`)
``schema``              the record's JSON Schema, ``"package:file.json"``
                        (:func:`prohis_nb.schemas.record_schema`)
``renderer``            the class that draws its cards for the widgets
                        (:func:`prohis_nb.widgets.render.renderer_for`)
``bots``                a mapping of its bots, name -> class or ``"module:Class"``
                        (:func:`prohis_nb.bots.bot_names`, ``make_bot``)
``coach``               a module with ``advise(view)`` and ``judge(view, action)``
                        (:mod:`prohis_nb.coach`)
``class_counter``       the class that counts one game's decisions for the class
                        table, with its ``keys`` (:mod:`prohis_nb.classroom.counts`)
``class_rates``         ``rates()``: the rows of the class table
                        (:mod:`prohis_nb.classroom.results`)
``class_predictions``   ``predictions(totals, rules)``: the theory beside each row,
                        for the rules value the records were played under
``openspiel``           a module that registers the game with ``pyspiel``
                        (:mod:`prohis_nb.openspiel`)
======================  ==========================================================

A part a game does not have is ``None``, and asking for it is a clear
:class:`~prohis_nb.errors.UnknownGameError`-style refusal naming what exists.
Besides the parts, a spec holds plain facts: ``opponents`` (the bots a
widget seats when none are named) and ``openspiel_name`` (its name in
``pyspiel.load_game``).

This is how the project follows its anchors: OpenSpiel declares a game's
facts as data (``GameType``) and registers it once; python-chess lists its
variants in one ``VARIANTS`` list that the PGN reader searches; boardgame.io
asks a game for a small contract and does the rest itself.

**Nothing is imported before it is needed.** A part is resolved on first use
and kept (:meth:`GameSpec.load`), a spec is imported the first time its game
is asked for, and this module imports nothing but :mod:`prohis_nb.errors`:
``import prohis_nb`` stays fast, and the core imports no game.

**The one exception to the layers.** The package's imports run downward
(core < games < analysis, bots, coach < faces; ``tests/test_import_graph.py``
draws them). This module is the one place of the core that reaches up to
the games and their faces, and it does so only *by name*, at run time: each
``"module:attribute"`` string below is imported by :func:`resolve` when a
caller asks for that part. That is the point of a registry (the games plug
into the core, not the core into the games), and it is why no import cycle
can start here: nothing is imported when this module is.

>>> names()[:2]
['prohis', 'smuggle']
>>> spec("smuggle").record_format
'smuggle-record/1'
>>> spec("chess")
Traceback (most recent call last):
...
prohis_nb.errors.UnknownGameError: unknown game 'chess'; the game is one of 'prohis', 'smuggle', ...
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Mapping
from importlib import import_module

from prohis_nb.errors import RulesError, UnknownGameError, excerpt

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing (~10 ms)
if TYPE_CHECKING:
    from typing import Any

#: Every game of the family: name -> ``"module:attribute"`` of its :class:`GameSpec`.
#: Adding a game is one line here (and its own folder); :func:`register` adds one
#: at run time.
GAMES: dict[str, str] = {
    "prohis": "prohis_nb.prohis.spec:SPEC",
    "smuggle": "prohis_nb.smuggle.spec:SPEC",
    "convoy": "prohis_nb.convoy.spec:SPEC",
    "customs": "prohis_nb.customs.spec:SPEC",
}

#: The names of the parts a spec may name (see the module docstring).
PARTS: tuple[str, ...] = (
    "game",
    "rules",
    "views",
    "knowledge",
    "determinize",
    "schema",
    "renderer",
    "bots",
    "coach",
    "class_counter",
    "class_rates",
    "class_predictions",
    "openspiel",
)

_specs: dict[str, GameSpec] = {}  # the specs imported so far, by name


def resolve(path: str) -> Any:
    """The object an import path ``"module:attribute"`` names (``"module"``: the module itself).

    ``"a.b:C.d"`` follows attributes after the colon. Raises ``ImportError``
    or ``AttributeError`` as Python does when the path is wrong.
    """
    module_name, _, attributes = path.partition(":")
    value: Any = import_module(module_name)
    for attribute in attributes.split(".") if attributes else ():
        value = getattr(value, attribute)
    return value


class GameSpec:
    """One game of the family: its facts and the import paths of its parts (frozen).

    Build it with keywords; every part not given is ``None`` (the game has
    none). ``players`` lists the player counts the game allows, and
    ``default_players`` is the one a new game gets when none is given.

    >>> example = GameSpec(name="toy", title="Toy", players=(2,), record_format="toy/1",
    ...     game="prohis_nb.smuggle.game:SmuggleGame")
    >>> example.default_players, example.has("coach")
    (2, False)

    (A hand-written frozen class rather than a dataclass: ``dataclasses``
    costs more to import than the whole engine's core.)
    """

    __slots__ = (
        "name",
        "title",
        "summary",
        "players",
        "default_players",
        "record_format",
        "opponents",
        "openspiel_name",
        *PARTS,
        "_loaded",
    )

    name: str
    title: str
    summary: str
    players: tuple[int, ...]
    default_players: int
    record_format: str
    opponents: tuple[str, ...]
    openspiel_name: str | None
    game: str
    rules: str | None
    views: str | None
    knowledge: str | None
    determinize: str | None
    schema: str | None
    renderer: str | None
    bots: str | None
    coach: str | None
    class_counter: str | None
    class_rates: str | None
    class_predictions: str | None
    openspiel: str | None
    _loaded: dict[str, Any]

    def __init__(
        self,
        *,
        name: str,
        title: str,
        players: Iterable[int],
        record_format: str,
        game: str,
        summary: str = "",
        default_players: int | None = None,
        opponents: Iterable[str] = ("random",),
        openspiel_name: str | None = None,
        **parts: str | None,
    ) -> None:
        unknown = sorted(set(parts) - set(PARTS) - {"game"})
        if unknown:
            raise TypeError(f"unknown part(s) {unknown}; a spec names {', '.join(PARTS)}")
        if not isinstance(name, str) or not name.isidentifier() or not name.islower():
            raise ValueError(f"a game's name is one lower-case word, got {excerpt(name)}")
        for what, text in (("title", title), ("record_format", record_format), ("game", game)):
            if not isinstance(text, str) or not text.strip():
                raise ValueError(f"{what} is a non-empty string, got {excerpt(text)}")
        for part, path in (("openspiel_name", openspiel_name), *parts.items()):
            if path is not None and (not isinstance(path, str) or not path.strip()):
                raise ValueError(f"{part} is a non-empty string or None, got {excerpt(path)}")
        if isinstance(players, str) or not isinstance(players, Iterable):
            raise ValueError(f"players lists the player counts allowed, got {excerpt(players)}")
        counts = tuple(players)
        if not counts or not all(
            isinstance(n, int) and not isinstance(n, bool) and n >= 1 for n in counts
        ):
            raise ValueError(
                f"players lists the player counts allowed (whole numbers from 1), "
                f"got {excerpt(players)}"
            )
        if isinstance(opponents, str) or not all(
            isinstance(o, str) for o in (opponents if isinstance(opponents, Iterable) else [0])
        ):
            raise ValueError(f"opponents lists bot names, got {excerpt(opponents)}")
        default = counts[0] if default_players is None else default_players
        if default not in counts:
            raise ValueError(f"default_players {default} is not among players {counts}")
        values: dict[str, Any] = {
            "name": name,
            "title": title,
            "summary": summary,
            "players": counts,
            "default_players": default,
            "record_format": record_format,
            "opponents": tuple(opponents),
            "openspiel_name": openspiel_name,
            "game": game,
            **{part: parts.get(part) for part in PARTS if part != "game"},
            "_loaded": {},
        }
        for key, value in values.items():
            object.__setattr__(self, key, value)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a GameSpec is frozen (tried to set {name})")

    def __repr__(self) -> str:
        named = ", ".join(f"{part}={getattr(self, part)!r}" for part in PARTS if self.has(part))
        return (
            f"GameSpec(name={self.name!r}, title={self.title!r}, players={self.players}, "
            f"record_format={self.record_format!r}, {named})"
        )

    def __reduce__(self) -> tuple[Any, ...]:
        return (spec, (self.name,))  # a spec travels by name (tournament workers, pickles)

    # ------------------------------------------------------------ the parts

    def has(self, part: str) -> bool:
        """True if this game names ``part`` (one of :data:`PARTS`)."""
        if part not in PARTS:
            raise ValueError(f"unknown part {excerpt(part)}; the parts are {', '.join(PARTS)}")
        return getattr(self, part) is not None

    def load(self, part: str) -> Any:
        """The object ``part`` names, imported on first use and kept.

        ``load("schema")`` reads the record's JSON Schema (a new dict each time).
        Raises :class:`~prohis_nb.errors.UnknownGameError` (a ``ValueError``)
        when this game has no such part, saying which games have it.
        """
        loaded = self._loaded
        if part in loaded:
            return loaded[part]
        if not self.has(part):
            others = [n for n in names() if n != self.name and _has(n, part)]
            raise UnknownGameError(
                f"the game {self.name!r} has no {part.replace('_', ' ')}"
                + (f"; the games that have one: {', '.join(others)}" if others else "")
            )
        if part == "schema":  # data, not code: parsed afresh at each call (a caller may edit it)
            return _read_schema(getattr(self, part))
        value = loaded[part] = resolve(getattr(self, part))
        return value

    @property
    def game_class(self) -> Any:
        """The game class (``load("game")``)."""
        return self.load("game")

    def check_players(self, players: int) -> int:
        """``players`` if this game allows it, else a ``RulesError`` naming the counts allowed."""
        if isinstance(players, bool) or not isinstance(players, int) or players not in self.players:
            allowed = _counts_in_words(self.players)
            raise RulesError(f"{self.title} is played by {allowed}, got {excerpt(players)}")
        return players


def _read_schema(path: str) -> dict[str, Any]:
    """The JSON Schema a ``"package:file.json"`` path names (package data, read with importlib)."""
    import json
    from importlib import resources

    package, _, file = path.partition(":")
    return json.loads(resources.files(package).joinpath(file).read_text("utf-8"))


def _counts_in_words(counts: tuple[int, ...]) -> str:
    if len(counts) == 1:
        return f"exactly {counts[0]} players"
    if counts == tuple(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]} to {counts[-1]} players"
    return f"{', '.join(map(str, counts))} players"


def _has(name: str, part: str) -> bool:
    try:
        return spec(name).has(part)
    except (ImportError, AttributeError):
        return False


# ---------------------------------------------------------------- finding a game


def names() -> list[str]:
    """The names of every registered game, in registration order (nothing imported)."""
    return list(GAMES)


def unknown_game(name: Any) -> UnknownGameError:
    """The one error for a game that is not registered (it names the games that are)."""
    games = ", ".join(map(repr, GAMES))
    return UnknownGameError(f"unknown game {excerpt(name)}; the game is one of {games}")


def spec(name: str) -> GameSpec:
    """The :class:`GameSpec` of the game ``name`` (imported on first use).

    Raises :class:`~prohis_nb.errors.UnknownGameError` (both a ``RulesError``
    and a ``RecordError``, so a ``ValueError``) for a name not registered.
    """
    found = _specs.get(name) if isinstance(name, str) else None
    if found is not None:
        return found
    if not isinstance(name, str) or name not in GAMES:
        raise unknown_game(name)
    value = resolve(GAMES[name])
    if not isinstance(value, GameSpec) or value.name != name:
        raise TypeError(f"{GAMES[name]} is not the GameSpec of {name!r}")
    _specs[name] = value
    return value


def specs() -> list[GameSpec]:
    """The spec of every registered game that this installation can load, in order."""
    return [spec(name) for name in available_games()]


def available_games() -> list[str]:
    """Names of the games this installation can play (their spec and game class import)."""
    out = []
    for name in GAMES:
        try:
            spec(name).game_class  # noqa: B018 - imported to see that it can be
        except (ImportError, AttributeError):
            continue
        out.append(name)
    return out


def game_class(name: str) -> Any:
    """The game class of ``name`` (``"prohis"``, ``"smuggle"``, ``"convoy"``, ``"customs"``)."""
    return spec(name).game_class


def spec_for_format(record_format: Any) -> GameSpec:
    """The game whose records have the format ``record_format``.

    Raises :class:`~prohis_nb.errors.UnknownGameError` (a ``RecordError``)
    naming the formats there are.
    """
    known = []
    for name in GAMES:  # the format is a fact of the spec: no game class is imported to find it
        try:
            found = spec(name)
        except ImportError:
            continue
        if found.record_format == record_format:
            return found
        known.append(found.record_format)
    formats = ", ".join(map(repr, known))
    raise UnknownGameError(
        f"unknown record format {excerpt(record_format)}; format is one of the strings {formats}"
    )


def spec_of(thing: Any) -> GameSpec:
    """The game that a game, a view (a seat's or the teacher's) or a game name belongs to.

    A game is found by its class's ``game_name``, a seat's view by
    :func:`spec_of_view`, any other value of a game (its teacher's view, an
    action) by the folder its class is defined in, the game class's own.
    Raises ``TypeError`` for anything else, naming what is accepted, and
    :class:`~prohis_nb.errors.UnknownGameError` for an unknown name.
    """
    if isinstance(thing, str):
        return spec(thing)
    name = getattr(type(thing), "game_name", None)
    if isinstance(name, str) and name in GAMES:
        found = spec(name)
        if isinstance(thing, found.game_class):
            return found
    try:
        return spec_of_view(thing)
    except TypeError:
        module = type(thing).__module__
        for candidate in GAMES:
            found = spec(candidate)
            folder = found.game.partition(":")[0].rpartition(".")[0]
            if folder.count(".") >= 1 and module.startswith(folder + "."):
                return found
        raise


def spec_of_view(view: Any) -> GameSpec:
    """The game a seat's view (``game.view(seat)``) belongs to.

    The view's class is compared with each spec's ``views`` path, so nothing
    new is imported (a view's game is loaded already); a subclass of a loaded
    game's view class is found too. Raises ``TypeError`` for anything else.
    """
    cls = type(view)
    where = f"{cls.__module__}:{cls.__qualname__}"
    loaded = [spec(name) for name in GAMES if name in _specs or _importable(name)]
    for found in loaded:
        if found.views == where:
            return found
    for found in loaded:  # a subclass: only games whose views are imported already can match
        module = (found.views or "").partition(":")[0]
        if module and module in sys.modules and isinstance(view, found.load("views")):
            return found
    raise TypeError(
        f"expected a seat's view (game.view(seat)) of one of the games {', '.join(GAMES)}; "
        f"got {cls.__name__}"
    )


def _importable(name: str) -> bool:
    try:
        spec(name)
    except ImportError:
        return False
    return True


def new_game(
    name: str,
    *,
    players: int | None = None,
    seed: int | None = None,
    table: Any = None,
    rules: Any = None,
    **variants: Any,
) -> Any:
    """A new game of ``name``: ``new_game("smuggle", players=4, seed=1)``.

    The same keywords as every game class's constructor: ``players`` (the
    game's default count when left out), the variants of its rules as
    keywords, or a whole ``rules`` value (or its JSON); ``seed`` or a stacked
    ``table``. Bad input raises the project's errors, naming what is allowed.

    >>> new_game("smuggle", players=4, seed=1).players
    4
    """
    found = spec(name)
    cls = found.game_class
    if rules is None:
        if players is None:
            players = found.default_players
        return cls(players=players, seed=seed, table=table, **variants)
    if players is not None or variants:
        raise RulesError("give either a rules value or players=/variants, not both")
    if not isinstance(rules, cls.rules_type):
        if not isinstance(rules, Mapping | str):  # another game's rules, or not rules at all
            raise RulesError(
                f"a {name} game takes {cls.rules_type.__name__} (or its JSON, an object with "
                "players and variants), got "
                + (type(rules).__name__ if hasattr(rules, "to_json") else excerpt(rules))
            )
        rules = cls.rules_type.from_json(rules)  # a record's rules object
    return cls(rules, seed=seed, table=table)


# ---------------------------------------------------------------- adding a game


def register(path: str, *, replace: bool = False) -> GameSpec:
    """Add the game whose :class:`GameSpec` is at ``path`` (``"module:attribute"``); return it.

    For a game that lives outside this package: ``register("mygame.spec:SPEC")``
    and every widget, bot, record and class table knows it. A name already
    registered is refused unless ``replace=True``.
    """
    if not isinstance(path, str) or not path.partition(":")[0].strip():
        raise TypeError(
            f"register takes an import path 'module:attribute' (e.g. 'mygame.spec:SPEC'), "
            f"got {excerpt(path)}"
        )
    value = resolve(path)
    if not isinstance(value, GameSpec):
        raise TypeError(f"{excerpt(path)} is not a GameSpec")
    if value.name in GAMES and not replace and GAMES[value.name] != path:
        raise ValueError(f"a game named {value.name!r} is registered already ({GAMES[value.name]})")
    for other in GAMES:  # a record names its game by its format: one format, one game
        if other != value.name and _format_of(other) == value.record_format:
            raise ValueError(
                f"the record format {value.record_format!r} is the game {other!r}'s already; "
                f"give {value.name!r} its own (e.g. '{value.name}-record/1')"
            )
    GAMES[value.name] = path
    _specs[value.name] = value
    return value


def _format_of(name: str) -> str | None:
    try:
        return spec(name).record_format
    except (ImportError, AttributeError, TypeError):
        return None


def unregister(name: str) -> None:
    """Remove the game ``name`` (tests and plug-ins that added one)."""
    if not isinstance(name, str) or name not in GAMES:
        raise unknown_game(name)
    del GAMES[name]
    _specs.pop(name, None)


__all__ = [
    "GAMES",
    "PARTS",
    "GameSpec",
    "available_games",
    "game_class",
    "names",
    "new_game",
    "register",
    "resolve",
    "spec",
    "spec_for_format",
    "spec_of",
    "spec_of_view",
    "specs",
    "unknown_game",
    "unregister",
]
