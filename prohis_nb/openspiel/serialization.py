"""States of the OpenSpiel adapters written as what they are, and read back without pickle.

OpenSpiel's generic serialization of a *Python* game's state is
``history=...\\nmove_number=...\\n__dict__=<base64 pickle>``, and reading it
back unpickles the last field: a state string from anywhere could run any
code (``__reduce__`` returning ``os.system``). prohis_nb never does that. A
state of ``python_prohis``, ``python_smuggle`` or ``python_prohis_convoy``
is written as one line of JSON::

    {"format": "prohis-nb-openspiel-state/1", "game": "python_prohis",
     "history": [1, 0, 2, ...]}

``history`` is the state's OpenSpiel actions from the start (chance outcomes
and decisions), as ``state.history()`` gives them: replaying them is how the
state came about. A state holding an engine game put there by
``state.set_engine(game)`` has no such history; it is written as that
game's record (docs/records.md) and the OpenSpiel actions of the composition in
progress::

    {"format": "prohis-nb-openspiel-state/1", "game": "python_prohis",
     "record": {"format": "prohis-record/1", ...}, "composing": [7, 8]}

A determinized sample (what ISMCTS puts there) has no record that could deal
it: serializing it is refused, saying so. Reading
(``game.deserialize_state(text)``) goes through the engine's own
bounded parser (:func:`prohis_nb.core.limits.parse_json`: size, depth and
number bounds of docs/records.md), then replays: every history action, the
record's every action and every composing step is checked for legality
exactly as ``state.apply_action`` checks it, so a string can only ever
describe a state the game can reach. Anything else, and the old pickle
form, is refused with :class:`StateTextError` (a ``pyspiel.SpielError`` and
a :class:`~prohis_nb.errors.RecordError`) saying what was wrong.

Every game of the package registers with pyspiel through
:func:`register_game` (never ``pyspiel.register_game`` directly), which puts
its name in :data:`SAFE_GAMES`: a new game cannot be forgotten. That does three
things for each of them:

* ``pyspiel.serialize_game_and_state`` / ``pyspiel.deserialize_game_and_state``
  go through the game's own ``serialize`` / ``deserialize_state`` (other games
  go to OpenSpiel's own functions, untouched);
* ``pickle``, ``copy`` and ``copy.deepcopy`` of a state go through the same
  text (:class:`PickleSafeState`): a state is rebuilt by replaying it, and the
  pickle form ``pyspiel.State.__setstate__`` would read is refused;
* OpenSpiel's C++ reader itself (``DeserializeGameAndState``, reachable through
  a reference to the original ``pyspiel.deserialize_game_and_state`` taken
  before this import, or from C++) cannot be changed from Python: for a Python
  game it makes a new state (``game.new_initial_state()``) and then calls
  ``pickle.loads`` on the ``__dict__=`` field. :func:`register_game` marks that
  moment (the new state is made from C++, and no Python code has run since),
  and an audit hook (:func:`sys.addaudithook`, the ``pickle.find_class`` event)
  refuses to look up any class or function during it. A payload that names a
  function (``os.system``, ``__reduce__``) is stopped before it runs; what is
  left of such a pickle is plain data, and the state is refused afterwards.
"""

from __future__ import annotations

import json
import sys
import threading
from typing import Any

import pyspiel

from prohis_nb.core.limits import MAX_RECORD_BYTES, parse_json
from prohis_nb.errors import ProhisNbError, RecordError, excerpt
from prohis_nb.openspiel.legality import OpenSpielActionError

#: The ``format`` of a state string (bumped if the form ever changes).
FORMAT = "prohis-nb-openspiel-state/1"
#: Every OpenSpiel game of the package, by short name: the game class
#: (filled by :func:`register_game` as each adapter module is imported).
SAFE_GAMES: dict[str, type] = {}
#: The largest action id a state string may hold (every id of these games is far below).
MAX_ACTION_ID = 1000

_PICKLE_FORM = (
    "this is OpenSpiel's generic form for Python games (history=, move_number=, "
    "__dict__=<pickle>); prohis_nb never reads it, because unpickling text can run any "
    "code. Write the state again with this version (state.serialize()): it gives "
    '{"format": "' + FORMAT + '", "game": ..., "history": [...]}'
)


class StateTextError(pyspiel.SpielError, RecordError):
    """A state string refused: OpenSpiel's ``SpielError`` and the project's ``RecordError``."""

    def __init__(self, message: str, index: int | None = None) -> None:
        RecordError.__init__(self, message, index)


def _short_name(game: Any) -> str:
    return str(game.get_type().short_name)


def state_text(state: Any) -> str:
    """``state`` as one line of JSON (see the module docstring); never a pickle."""
    name = _short_name(state.get_game())
    data: dict[str, Any] = {"format": FORMAT, "game": name}
    if getattr(state, "placed", False):
        record = state.engine.record()
        try:
            record.new_game()  # a seed or a stacked table: the record replays
        except ProhisNbError:
            raise StateTextError(
                f"{name}: this state holds a table put there by set_engine that no record "
                f"can deal (its setup is {excerpt(record.setup)}, e.g. a determinized "
                "sample); serialize the state it was drawn from instead"
            ) from None
        data["record"] = record.to_json()
        data["composing"] = state.encoding.partial_actions(state.partial)
    else:
        data["history"] = [int(action) for action in state.history()]
    return json.dumps(data, separators=(",", ":"))


def state_from_text(game: Any, text: Any) -> Any:
    """The state ``text`` describes, every step checked; raises :class:`StateTextError`.

    ``text`` is what :func:`state_text` (``state.serialize()``) wrote, as
    ``str`` or UTF-8 ``bytes``. Nothing is ever unpickled or evaluated.
    """
    name = _short_name(game)
    if isinstance(text, bytes | bytearray | str):
        if len(text) > MAX_RECORD_BYTES:
            raise StateTextError(_too_long(len(text)))
        head = text[:8] if isinstance(text, str) else bytes(text[:8]).decode("latin-1")
        if head == "history=":  # OpenSpiel's pickle form always starts so
            raise StateTextError(f"{name}: {_PICKLE_FORM}")
    else:
        raise StateTextError(
            f"{name}: a state string is text (what state.serialize() gives), got {excerpt(text)}"
        )
    try:
        data = parse_json(bytes(text) if isinstance(text, bytearray) else text, "the state string")
    except RecordError as error:
        raise StateTextError(f"{name}: {error}") from None
    if not isinstance(data, dict):
        raise StateTextError(
            f"{name}: a state string is a JSON object with format, game and history, "
            f"got {excerpt(data)}"
        )
    if data.get("format") != FORMAT:
        raise StateTextError(
            f"{name}: the state string's format is {excerpt(data.get('format'))}; "
            f"this version reads {FORMAT!r}"
        )
    if data.get("game") != name:
        raise StateTextError(
            f"{name}: the state string is of the game {excerpt(data.get('game'))}, not of {name!r}"
        )
    keys = set(data)
    if keys == {"format", "game", "history"}:
        return _replay_history(game, name, data["history"])
    if keys == {"format", "game", "record", "composing"} and name != "python_prohis_convoy":
        return _place_record(game, name, data["record"], data["composing"])
    allowed = "format, game and history (or record and composing, for a placed table)"
    raise StateTextError(
        f"{name}: the state string has the keys {excerpt(sorted(keys))}; it has {allowed}"
    )


def _too_long(size: int) -> str:
    return f"the state string is {size:,} characters long; at most {MAX_RECORD_BYTES:,} are read"


def _action_ids(value: Any, name: str, what: str) -> list[int]:
    if not isinstance(value, list):
        raise StateTextError(f"{name}: {what} is a list of action ids, got {excerpt(value)}")
    for index, action in enumerate(value):
        if (
            isinstance(action, bool)
            or not isinstance(action, int)
            or not 0 <= action <= MAX_ACTION_ID
        ):
            raise StateTextError(
                f"{name}: {what}[{index}] is {excerpt(action)}; an action id is a whole "
                f"number from 0 to {MAX_ACTION_ID}",
                index=index,
            )
    return value


def _replay_history(game: Any, name: str, history: Any) -> Any:
    """A new state with every action of ``history`` applied, each checked."""
    actions = _action_ids(history, name, "history")
    state = game.new_initial_state()
    for index, action in enumerate(actions):
        try:
            state.apply_action(action)
        except OpenSpielActionError as error:
            raise StateTextError(f"history[{index}]: {error}", index=index) from None
    return state


def _place_record(game: Any, name: str, data: Any, composing: Any) -> Any:
    """A state holding the game ``data`` records, and the composition ``composing`` in progress."""
    from prohis_nb.core.record import Record

    steps = _action_ids(composing, name, "composing")
    try:
        record = Record.from_json(data)
        engine = record.replay()
    except ProhisNbError as error:
        raise StateTextError(f"{name}: the state's record is refused: {error}") from None
    if engine.rules != game.rules:
        raise StateTextError(
            f"{name}: the state's record has other rules ({excerpt(record.rules)}) than this "
            f"game ({excerpt(game.rules.to_json())})"
        )
    state = game.new_initial_state()
    partial: tuple = ()
    encoding = state.encoding
    for index, action in enumerate(steps):
        legal = [] if engine.ended else encoding.legal(engine, partial)
        if action not in legal:
            raise StateTextError(
                f"{name}: composing[{index}] is {action}, which is not offered there; "
                f"the steps offered were {legal}",
                index=index,
            )
        done, partial = encoding.step(engine, partial, action)
        if done is not None:
            raise StateTextError(
                f"{name}: composing[{index}] ({action}) completes an action; a composition "
                "in progress holds only the steps before its last",
                index=index,
            )
    state.set_engine(engine, partial)
    return state


# ---------------------------------------------------------------- pyspiel's generic pair

_HEADER = "# Automatically generated by OpenSpiel SerializeGameAndState\n[Meta]\nVersion: 1\n\n"


def serialize_game_and_state(game: Any, state: Any) -> str:
    """``pyspiel.serialize_game_and_state`` for the package's games: the state's own text.

    That is ``state.serialize()``: :func:`state_text` for Prohis and Smuggle,
    the history for the stage games; never a pickle.
    """
    if _short_name(game) not in SAFE_GAMES:
        return _ORIGINAL["serialize"](game, state)
    return f"{_HEADER}[Game]\n{game}\n[State]\n{state.serialize()}\n"


def deserialize_game_and_state(text: str) -> tuple[Any, Any]:
    """``pyspiel.deserialize_game_and_state`` for the package's games: never unpickles.

    Other games' text goes to OpenSpiel's own function unchanged.
    """
    game_string = _game_line(text)
    name = None if game_string is None else game_string.split("(", 1)[0].strip()
    if name not in SAFE_GAMES:
        return _ORIGINAL["deserialize"](text)
    _, _, rest = text.partition("\n[State]\n")
    if not rest:
        raise StateTextError(f"{game_string}: the text has no [State] section")
    if rest.startswith("history="):  # OpenSpiel's pickle form, refused before anything is read
        raise StateTextError(f"{name}: {_PICKLE_FORM}")
    game = pyspiel.load_game(game_string)
    return game, game.deserialize_state(rest.strip("\n"))


def _game_line(text: Any) -> str | None:
    if not isinstance(text, str):
        return None
    _, found, rest = text.partition("[Game]\n")
    return rest.split("\n", 1)[0] if found else None


_ORIGINAL: dict[str, Any] = {}


def install() -> None:
    """Route pyspiel's generic pair through this module, and guard OpenSpiel's reader (once)."""
    if _ORIGINAL:
        return
    _ORIGINAL["serialize"] = pyspiel.serialize_game_and_state
    _ORIGINAL["deserialize"] = pyspiel.deserialize_game_and_state
    pyspiel.serialize_game_and_state = serialize_game_and_state
    pyspiel.deserialize_game_and_state = deserialize_game_and_state
    sys.addaudithook(_refuse_unpickling_in_openspiel_reader)


# ---------------------------------------------------------------- registering a game


def register_game(game_type: Any, game_class: type) -> None:
    """Register ``game_class`` with pyspiel, its states never read from a pickle.

    Every adapter module of the package registers its games through this
    function: the name joins :data:`SAFE_GAMES` (pyspiel's generic pair then
    uses the game's own text), and ``new_initial_state`` is wrapped to mark
    the moment OpenSpiel's C++ reader makes a state (see the module docstring).
    The game's state class derives from :class:`PickleSafeState`.
    """
    install()
    name = str(game_type.short_name)
    new_initial_state = game_class.new_initial_state  # type: ignore[attr-defined]
    if not getattr(new_initial_state, "_marks_new_states", False):

        def marked_new_initial_state(self: Any, *args: Any, **kwargs: Any) -> Any:
            caller = sys._getframe(1)
            _READING.mark = (id(caller), caller.f_code, caller.f_lasti, type(self))
            return new_initial_state(self, *args, **kwargs)

        marked_new_initial_state.__doc__ = new_initial_state.__doc__
        marked_new_initial_state._marks_new_states = True  # type: ignore[attr-defined]
        game_class.new_initial_state = marked_new_initial_state  # type: ignore[attr-defined]
    pyspiel.register_game(game_type, game_class)
    SAFE_GAMES[name] = game_class


class _Reading(threading.local):
    """Per thread: where the last state was made (frame id, code, instruction, game class)."""

    mark: tuple[int, Any, int, type] | None = None


_READING = _Reading()


def _refuse_unpickling_in_openspiel_reader(event: str, args: tuple) -> None:
    """Audit hook: no class or function is looked up while OpenSpiel reads a state of ours.

    OpenSpiel's C++ ``PyGame::DeserializeState`` calls ``new_initial_state``
    and then, with no Python code in between, ``pickle.loads`` on the
    ``__dict__=`` field. Python code calling ``new_initial_state`` and later
    ``pickle.loads`` always runs at least one instruction in between, so
    "the innermost Python frame is still at the instruction that made the
    state" means: inside OpenSpiel's reader. Any other unpickling is left alone.
    """
    if event != "pickle.find_class":
        return
    mark = _READING.mark
    if mark is None:
        return
    caller = sys._getframe(1)
    if (id(caller), caller.f_code, caller.f_lasti) != mark[:3]:
        _READING.mark = None  # Python moved on: that state was not being read
        return
    _READING.mark = None  # refused once: the reader stops here
    module, attribute = args
    name = next((name for name, cls in SAFE_GAMES.items() if cls is mark[3]), "a game")
    raise StateTextError(
        f"{name}: OpenSpiel's reader was about to unpickle a state (it names "
        f"{module}.{attribute}); {_PICKLE_FORM}"
    )


class PickleSafeState:
    """Base of every state class of the package (before ``pyspiel.State``).

    ``pickle.dumps(state)``, ``copy.copy`` and ``copy.deepcopy`` write the
    game string and the state's own text (``state.serialize()``); loading
    replays that text through every check. ``pyspiel.State.__setstate__``
    (which would hand a pickle to OpenSpiel's reader) is refused.
    """

    def __reduce__(self) -> tuple:
        game = self.get_game()  # type: ignore[attr-defined]
        return (state_from_pickle, (str(game), self.serialize()))  # type: ignore[attr-defined]

    def __setstate__(self, value: Any) -> None:
        raise StateTextError(
            "a state of prohis_nb's OpenSpiel games is not restored from OpenSpiel's pickle "
            f"form ({excerpt(value)}); pickle writes it again with this version, as its text"
        )


def state_from_pickle(game_string: Any, text: Any) -> Any:
    """The state ``PickleSafeState.__reduce__`` wrote: the game loaded, the text replayed."""
    name = game_string.split("(", 1)[0].strip() if isinstance(game_string, str) else None
    if name not in SAFE_GAMES:
        raise StateTextError(
            f"a pickled state names the game {excerpt(game_string)}; "
            f"the games are {sorted(SAFE_GAMES)}"
        )
    if isinstance(text, str) and text.startswith("history="):
        raise StateTextError(f"{name}: {_PICKLE_FORM}")
    return pyspiel.load_game(game_string).deserialize_state(text)
