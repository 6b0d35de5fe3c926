"""What the OpenSpiel adapters of both games share: the state shell and the observer.

An OpenSpiel state here is a thin shell around an engine game:

* **chance** first deals the cards, one chance node per card, each outcome a
  card kind with its true probability (cards of that kind left / cards left),
  then picks what else the rules leave to chance (Prohis: the first player);
* then the shell hands every decision to the engine: ``current_player`` is
  the engine's ``to_act``, legal actions are the engine's, encoded by the
  game's :class:`Encoding` (some engine actions are composed of several
  OpenSpiel actions, card by card);
* observations are built from the seat's **view** only
  (``game.view(seat)``): the information-state string is the view with the
  seat's whole log (perfect recall), the observation string and tensor the
  view without it.

Copies are cheap: the engine game is held in a small box whose deep copy is
``game.copy()``, so ``state.clone()`` (a deep copy for Python games) does not
walk the game's history.
"""

from __future__ import annotations

import json
from dataclasses import fields
from typing import Any

import numpy as np
import pyspiel

from prohis_nb.core.game import GameBase
from prohis_nb.openspiel.legality import check_offered
from prohis_nb.openspiel.serialization import PickleSafeState, state_text


def parse_pairs(text: str, what: str) -> dict[str, int]:
    """Read a game-string parameter ``"name:number;name:number"`` into a dict.

    OpenSpiel game strings (``python_prohis(players=4,deck=...)``) cannot hold
    commas or parentheses inside a value, so a deck or a board is written
    this way: ``"legal:12;illegal:6;lieutenant:2"``. Raises ``ValueError``
    saying what is wrong.
    """
    out: dict[str, int] = {}
    for pair in text.split(";"):
        name, sep, number = pair.strip().partition(":")
        try:
            value = int(number)
        except ValueError:
            value = None
        if not sep or not name or value is None:
            raise ValueError(
                f"{what} is written name:number;name:number (e.g. legal:12;illegal:6), got {text!r}"
            )
        out[name.strip()] = value
    return out


class EngineBox:
    """Holds an engine game and its seats' views (built once per position).

    ``copy.deepcopy`` of the box copies the game with ``game.copy()`` and
    leaves the views behind (the copy builds its own when asked).
    """

    __slots__ = ("game", "views")

    def __init__(self, game: Any) -> None:
        self.game = game
        self.views: dict[int, Any] = {}

    def __deepcopy__(self, memo: dict) -> EngineBox:
        return EngineBox(None if self.game is None else self.game.copy())

    def __reduce__(self) -> tuple:
        """Pickle the game through its state value (``game.__getstate__``: no caches).

        OpenSpiel clones a Python state by pickling its ``__dict__`` (with
        the history), so this is what ``state.clone()`` costs.
        """
        game = self.game
        if game is None:
            return (EngineBox, (None,))
        return (_unbox, (type(game), game.__getstate__()))


def _unbox(cls: type[GameBase], state: dict[str, Any]) -> EngineBox:
    """Rebuild a pickled :class:`EngineBox` (see ``EngineBox.__reduce__``)."""
    game: GameBase = object.__new__(cls)
    game.__setstate__(state)
    return EngineBox(game)


class Encoding:
    """How one game's engine actions become small integers (OpenSpiel actions) and back.

    A subclass lists its action names (:attr:`names`: action ``i`` is
    ``names[i]``) and says, for the state of the engine game and the
    composition in progress (``partial``, a tuple: the cards or items chosen
    so far of an action composed step by step), which OpenSpiel actions are
    legal and what one of them does: either an engine action to apply now,
    or a longer ``partial`` (one more step of the composition).
    """

    names: tuple[str, ...] = ()

    def legal(self, game: Any, partial: tuple) -> list[int]:
        raise NotImplementedError

    def step(self, game: Any, partial: tuple, action: int) -> tuple[Any, tuple]:
        """``(engine action or None, new partial)`` for OpenSpiel ``action``."""
        raise NotImplementedError

    def partial_json(self, partial: tuple) -> Any:
        """The composition in progress, for the composing seat's observation."""
        return list(partial)

    def partial_actions(self, partial: tuple) -> list[int]:
        """The OpenSpiel actions that composed ``partial`` (a state string writes these)."""
        raise NotImplementedError


def view_text(view: Any, with_log: bool) -> str:
    """The seat's view as text: JSON without the legal actions (they follow from the rest).

    With ``with_log`` the seat's log follows, one line per event: the
    information state (everything the seat has seen, in order).
    """
    data = {
        field.name: getattr(view, field.name)
        for field in fields(view)
        if field.name not in ("legal_actions", "log")
    }
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), default=repr)
    return text + ("\n" + "\n".join(view.log) if with_log else "")


class ViewObserver:
    """OpenSpiel's observer for a seat: a string and a tensor, both from ``game.view(seat)``.

    ``perfect_recall``: the string holds the seat's whole log (the
    information state); otherwise only the current view (the observation).
    The tensor is the game's ``tensor_pieces`` (see each adapter), filled from
    the view; the same for both kinds (the log is not in the tensor, so the
    game says it provides no information-state tensor).
    """

    def __init__(self, game: Any, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self._fill = game.fill_tensor
        pieces = game.tensor_pieces()
        size = sum(int(np.prod(shape)) for _name, shape in pieces)
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, np.ndarray] = {}
        index = 0
        for name, shape in pieces:
            length = int(np.prod(shape))
            self.dict[name] = self.tensor[index : index + length].reshape(shape)
            index += length

    def set_from(self, state: Any, player: int) -> None:
        self.tensor.fill(0)
        self._fill(self.dict, state, player)

    def string_from(self, state: Any, player: int) -> str:
        game = state.engine
        if game is None:  # still dealing: the seat has seen nothing but its own cards so far
            return f"seat {player} dealing {state.dealt_to_seat(player)}"
        composing = ""
        if state.partial and game.to_act == player:
            composing = f"composing {state.encoding.partial_json(state.partial)}\n"
        return f"seat {player}\n{composing}{view_text(state.view(player), self.perfect_recall)}"


class EngineState(PickleSafeState, pyspiel.State):
    """The shell of a state: chance deals, then the engine decides (see the module docstring).

    Subclasses say how chance deals (:meth:`chance_outcomes`,
    :meth:`_deal_done`), which engine game the deal makes (:meth:`_start`)
    and what a seat knows while the cards are still being dealt
    (:meth:`dealt_to_seat`).
    """

    encoding: Encoding

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self.dealt = b""  # chance outcomes so far (bytes: copied for free by clone)
        self._box = EngineBox(None)
        self.partial: tuple = ()  # an action composed step by step, in progress
        self.placed = False  # True once set_engine put a table here (no history behind it)

    # ------------------------------------------------------------ what subclasses supply

    def _deal_done(self) -> bool:
        raise NotImplementedError

    def _start(self) -> Any:
        """The engine game the finished deal makes."""
        raise NotImplementedError

    def dealt_to_seat(self, seat: int) -> Any:
        """What ``seat`` has seen of the deal so far (while chance is dealing)."""
        return None

    def utility_scale(self) -> float:
        return 1000.0

    # ------------------------------------------------------------ the engine

    @property
    def engine(self) -> Any:
        """The engine game (``None`` while chance is still dealing)."""
        return self._box.game

    def set_engine(self, game: Any, partial: tuple = ()) -> None:
        """Put ``game`` (e.g. a determinized sample) in this shell, the deal done."""
        self._box = EngineBox(game)
        self.partial = tuple(partial)
        self.placed = True

    def view(self, seat: int) -> Any:
        """``seat``'s view of the engine game (kept until the next action)."""
        views = self._box.views
        if seat not in views:
            views[seat] = self.engine.view(seat)
        return views[seat]

    # ------------------------------------------------------------ OpenSpiel's API

    def current_player(self) -> int:
        game = self.engine
        if game is None:
            return pyspiel.PlayerId.CHANCE
        if game.ended:
            return pyspiel.PlayerId.TERMINAL
        return game.to_act

    def _legal_actions(self, player: int) -> list[int]:
        game = self.engine
        if game is None or game.ended or player != game.to_act:
            return []
        return self.encoding.legal(game, self.partial)

    def _apply_action(self, action: int) -> None:
        action = check_offered(self, action)  # refused before anything moves
        game = self.engine
        self._box.views.clear()
        if game is None:
            self.dealt += bytes((int(action),))
            if self._deal_done():
                self._box = EngineBox(self._start())
            return
        engine_action, self.partial = self.encoding.step(game, self.partial, int(action))
        if engine_action is not None:
            game.apply(engine_action)
            self.partial = ()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if not 0 <= action < self.get_game().max_chance_outcomes():
                return "not a chance outcome"
            return self.chance_string(int(action))
        names = self.encoding.names
        if not 0 <= action < len(names):
            return f"not an action (ids are 0-{len(names) - 1})"
        return names[int(action)]

    def chance_string(self, action: int) -> str:
        return f"deal:{action}"

    def is_terminal(self) -> bool:
        game = self.engine
        return game is not None and game.ended

    def returns(self) -> list[float]:
        game = self.engine
        if game is None or not game.ended:
            return [0.0] * self.get_game().num_players()
        return [score / self.utility_scale() for score in game.scores()]

    def serialize(self) -> str:
        """The state as one line of JSON: its history, never a pickle (see ``serialization``)."""
        return state_text(self)

    def __str__(self) -> str:
        """The actions so far (they determine the state), and a composition in progress."""
        partial = f" composing {list(self.partial)}" if self.partial else ""
        return f"history {self.history()}{partial}"
