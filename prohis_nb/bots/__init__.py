"""Bots: players that see only their own seat's view and choose among legal actions.

* :class:`~prohis_nb.bots.base.Bot`, the base class (seeded, deterministic);
* :func:`~prohis_nb.bots.runner.play_game`, which drives one game with one bot per seat;
* the bots themselves, found by name in a small registry so that tournaments
  can name them in plain, picklable *specs* that cross process boundaries.

A **spec** is one of:

* a registered name: ``"random"``, ``"honest"``, ``"bluff"``, ``"ev"``;
* the same with parameters, as text (the command line's form)
  ``"bluff:bait=0.3:bribe=2"`` or as a pair ``("bluff", {"bait": 0.3})``;
* a :class:`Bot` subclass, or a pair ``(BotSubclass, {...})`` (picklable
  when the class is importable from a module).

``make_bot(spec, seed, game)`` builds the bot. A ``name`` among the
parameters labels it; otherwise the label is the spec written out
(``bluff(bait=0.3)``).

A game's own bots are named by its entry in the game registry
(:mod:`prohis_nb.core.registry`, the spec's ``bots`` part: a mapping
``{name: BotClass or "module:Class"}``), loaded the first time that game's
bots are asked for: Prohis's are in ``prohis_nb.bots.prohis_bots``,
Smuggle's in ``prohis_nb.bots.smuggle_bots``, a stage game's in its own
folder. :data:`BOTS` holds the bots added here, by game (``"*"``: bots for
any game), and :func:`register_bot` adds one at run time. An unknown game
is refused with the registry's error, which names the games.

>>> make_bot(("bluff", {"bait": 0.5}), seed=3)
BluffBot(seed=3, name='bluff(bait=0.5)', bait=0.5, carry=2, bribe=1, bribe_honest=1.0, \
convoy_at=3, control_at=3, inspect=0.5, accept_at=2000)
>>> bot_names("prohis", optional=False)
['bluff', 'ev', 'honest', 'random']

Bots that need an optional extra are listed in :data:`OPTIONAL_BOTS` and
registered (with :func:`register_bot`) the first time a game's bots are
asked for, when the extra is installed: ``"ismcts"``, OpenSpiel's ISMCTS
(:mod:`prohis_nb.openspiel.ismcts`), needs ``pip install 'prohis-nb[openspiel]'``.
The engine never imports them.
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module
from typing import Any

from prohis_nb.bots.base import Bot, BotError
from prohis_nb.bots.random_bot import RandomBot
from prohis_nb.bots.runner import play_game
from prohis_nb.core.limits import parse_json
from prohis_nb.errors import RecordError, excerpt

#: Bot name -> class or "module:Class", by game name, for bots added here ("*": bots
#: that play any game); each game's own bots are named by its registry entry.
BOTS: dict[str, dict[str, Any]] = {
    "*": {"random": "prohis_nb.bots.random_bot:RandomBot"},
}

#: Bots that need an optional extra, by game: name -> ("module:Class", module that must exist).
OPTIONAL_BOTS: dict[str, dict[str, tuple[str, str]]] = {
    "prohis": {"ismcts": ("prohis_nb.openspiel.ismcts:ISMCTSBot", "pyspiel")},
}

#: Game name -> a further module defining ``BOTS = {name: BotClass}`` for that game,
#: read on first use (kept for older code: a registered game names its bots in its spec).
GAME_BOT_MODULES: dict[str, str] = {}

_loaded_modules: set[str] = set()
_game_bots_loaded: set[str] = set()  # games whose registry bots were added to BOTS
_optional_checked: set[str] = set()  # games whose optional bots were looked for

#: What names a bot in a tournament (see the module docstring).
BotSpec = str | type[Bot] | tuple[str | type[Bot], Mapping[str, Any]]


def register_bot(name: str, bot: type[Bot] | str, game: str = "*") -> None:
    """Make ``bot`` (a class, or ``"module:Class"``) available as ``name`` for ``game``."""
    if not name or ":" in name or "," in name:
        raise ValueError(f"a bot name is a plain word without ':' or ',', got {excerpt(name)}")
    BOTS.setdefault(game, {})[name] = bot


def _register_optional(game: str) -> None:
    """Register ``game``'s optional bots whose extra is installed (looked up, not imported)."""
    from importlib.util import find_spec

    for name, (target, needs) in OPTIONAL_BOTS.get(game, {}).items():
        if name not in BOTS.get(game, {}) and find_spec(needs) is not None:
            register_bot(name, target, game)


def _game_bots(game: str) -> dict[str, Any]:
    """Every bot for ``game``, by name (loading the game's bot module once)."""
    if game not in _game_bots_loaded:
        from prohis_nb.core.registry import spec

        found = spec(game)  # an unknown game: the registry's error, naming the games
        if found.has("bots"):
            for name, cls in found.load("bots").items():
                BOTS.setdefault(game, {}).setdefault(name, cls)
        _game_bots_loaded.add(game)
    if game not in _optional_checked:
        _register_optional(game)
        _optional_checked.add(game)
    module_name = GAME_BOT_MODULES.get(game)
    if module_name and module_name not in _loaded_modules:
        try:
            module = import_module(module_name)
        except ModuleNotFoundError as error:
            if error.name != module_name:
                raise
        else:
            for name, cls in getattr(module, "BOTS", {}).items():
                BOTS.setdefault(game, {}).setdefault(name, cls)
        _loaded_modules.add(module_name)
    return {**BOTS.get("*", {}), **BOTS.get(game, {})}


def bot_names(game: str = "prohis", *, optional: bool = True) -> list[str]:
    """The registered bot names that can play ``game``, sorted.

    ``optional=False`` leaves out the bots of :data:`OPTIONAL_BOTS` (a
    tournament's default line-up uses only the bots every installation has).
    """
    names = _game_bots(game)
    if not optional:
        names = {n: b for n, b in names.items() if n not in OPTIONAL_BOTS.get(game, {})}
    return sorted(names)


def bot_class(name: str, game: str = "prohis") -> type[Bot]:
    """The bot class registered as ``name`` for ``game``."""
    bots = _game_bots(game)
    if name not in bots:
        raise ValueError(
            f"no bot named {excerpt(name)} for {game}; the bots are {', '.join(sorted(bots))}"
        )
    target = bots[name]
    if isinstance(target, str):
        module, _, attribute = target.partition(":")
        target = getattr(import_module(module), attribute)
    return target


def parse_spec(text: str) -> tuple[str, dict[str, Any]]:
    """Read the text form ``name:key=value:key=value`` (values read as JSON when they can).

    >>> parse_spec("bluff:bait=0.3:name=sly")
    ('bluff', {'bait': 0.3, 'name': 'sly'})
    """
    name, *pairs = text.strip().split(":")
    if not name:
        raise ValueError(f"a bot spec starts with a bot name, got {excerpt(text)}")
    kwargs: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise ValueError(
                f"bot parameter {excerpt(pair)} in {excerpt(text)} is not key=value "
                "(write e.g. bluff:bait=0.3:bribe=2)"
            )
        try:
            kwargs[key] = parse_json(value, what=f"bot parameter {excerpt(key)}")
        except RecordError as error:  # a plain word is a string; too long or deep is refused
            if "not valid JSON" not in str(error):
                raise ValueError(str(error)) from None
            kwargs[key] = value
    return name, kwargs


def _split_spec(spec: BotSpec) -> tuple[str | type[Bot], dict[str, Any]]:
    if isinstance(spec, str):
        return parse_spec(spec)
    if isinstance(spec, type) and issubclass(spec, Bot):
        return spec, {}
    if isinstance(spec, tuple | list) and len(spec) == 2 and isinstance(spec[1], Mapping):
        return spec[0], dict(spec[1])
    raise ValueError(
        f"a bot spec is a name ('bluff'), 'name:key=value', (name, {{params}}) or a Bot "
        f"class, got {excerpt(spec)}"
    )


def spec_label(spec: BotSpec) -> str:
    """How a spec is labelled in results: its ``name`` parameter, else the spec written out."""
    who, kwargs = _split_spec(spec)
    if "name" in kwargs:
        return str(kwargs["name"])
    base = who if isinstance(who, str) else who.default_name
    if not kwargs:
        return base
    return f"{base}({', '.join(f'{k}={v!r}' for k, v in sorted(kwargs.items()))})"


def make_bot(spec: BotSpec, seed: int | str, game: str = "prohis") -> Bot:
    """Build the bot ``spec`` names, seeded with ``seed``, for a game of ``game``."""
    who, kwargs = _split_spec(spec)
    cls = bot_class(who, game) if isinstance(who, str) else who
    if not (isinstance(cls, type) and issubclass(cls, Bot)):
        raise ValueError(f"{who!r} is not a Bot class")
    if cls.games is not None and game not in cls.games:
        raise ValueError(f"bot {spec_label(spec)!r} plays {', '.join(cls.games)}, not {game}")
    kwargs.setdefault("name", spec_label(spec))
    try:
        return cls(seed, **kwargs)
    except TypeError as error:
        raise ValueError(f"bad parameters for bot {spec_label(spec)!r}: {error}") from None


def __getattr__(name: str) -> Any:  # lazy: the bots that need more than the engine
    lazy = {
        "HonestBot": "prohis_nb.bots.prohis_bots",
        "BluffBot": "prohis_nb.bots.prohis_bots",
        "ProhisBot": "prohis_nb.bots.prohis_bots",
        "ExpectedValueBot": "prohis_nb.bots.ev_bot",
        "unseen_cards": "prohis_nb.bots.beliefs",
    }
    if name in lazy:
        value = getattr(import_module(lazy[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'prohis_nb.bots' has no attribute {name!r}")


__all__ = [
    "BOTS",
    "GAME_BOT_MODULES",
    "OPTIONAL_BOTS",
    "BluffBot",
    "Bot",
    "BotError",
    "BotSpec",
    "ExpectedValueBot",
    "HonestBot",
    "ProhisBot",
    "RandomBot",
    "bot_class",
    "bot_names",
    "make_bot",
    "parse_spec",
    "play_game",
    "register_bot",
    "spec_label",
    "unseen_cards",
]
