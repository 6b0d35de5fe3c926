"""What the stage games' OpenSpiel adapters share: the game, the state shell, the observer.

A stage game (:mod:`prohis_nb.core.stage`) in OpenSpiel is a thin shell
around the engine game:

* **chance** first deals what the engine keeps hidden, one chance node at a
  time with the true probabilities (:meth:`StageState.chance_outcomes`); once
  the deal is complete the state makes the engine game from a stacked table
  (:meth:`StageState._apply_chance`);
* then every decision is the engine's: ``current_player`` is the engine's
  ``to_act``, the legal actions are the engine's, each encoded as a small
  integer by the game's :meth:`StageState._encode`; an id that encodes no
  legal action is refused with a ``ValueError`` and the state is left as it was;
* each seat observes only its engine view (:class:`ViewObserver`): with
  perfect recall its whole log, else its view without the log;
* returns are the engine's scores in **thousands of dollars**.

A state serializes as its history, action ids separated by commas
(``state.serialize()``), and ``game.deserialize_state(text)`` reads at most
:attr:`StageOpenSpielGame.max_history_text` characters of digits and commas
and replays them through every check: nothing is ever unpickled, and the state
classes derive from :class:`~prohis_nb.openspiel.serialization.PickleSafeState`
(a pickle or a copy goes through that text; ``__setstate__`` is refused).

A stage game's adapter module keeps only what differs: its parameters and
rules, its chance deal, its action ids and their words.
"""

from __future__ import annotations

import json
from typing import Any, ClassVar

import pyspiel

from prohis_nb.core.stage import StageGame
from prohis_nb.openspiel.serialization import PickleSafeState, StateTextError


def stage_game_type(
    short_name: str, long_name: str, *, zero_sum: bool, parameters: dict[str, Any]
) -> Any:
    """The ``pyspiel.GameType`` of a stage game: two seats, sequential, chance explicit.

    Imperfect information (each seat sees only its view), a reward at the end
    only, information-state and observation strings (no tensors).
    """
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(
            pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification=parameters,
    )


class StageOpenSpielGame(pyspiel.Game):
    """A stage game for OpenSpiel's algorithms: new states, observers, states read back.

    A subclass's ``__init__`` makes its rules (``self.rules``) and calls
    ``super().__init__(game_type, game_info, params)`` as ``pyspiel.Game``
    wants.
    """

    #: The class of this game's states.
    state_class: ClassVar[type[StageState]]
    #: The game's name in a refusal ("a convoy state is its history...").
    stage_name: ClassVar[str]
    #: The longest history text :meth:`deserialize_state` reads.
    max_history_text: ClassVar[int]

    rules: Any

    def new_initial_state(self) -> Any:
        """A state before chance deals."""
        return self.state_class(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ViewObserver:
        """The observer of a seat's engine view (see :class:`ViewObserver`)."""
        return ViewObserver(iig_obs_type, params)

    def deserialize_state(self, text: str) -> Any:
        """A state from ``state.serialize()`` (its history), replayed through every check."""
        if not isinstance(text, str) or len(text) > self.max_history_text:
            raise StateTextError(
                f"a {self.stage_name} state is its history, "
                f"at most {self.max_history_text} characters"
            )
        state = self.new_initial_state()
        for index, word in enumerate(text.strip().split(",")):
            if not word:
                continue
            if not word.isascii() or not word.isdigit() or len(word) > 3:
                raise StateTextError(
                    f"a history is action numbers separated by commas, got {word!r}", index
                )
            try:
                state.apply_action(int(word))
            except (ValueError, pyspiel.SpielError) as problem:  # an illegal action
                message = f"{problem} (action {index + 1} of the history)"
                raise StateTextError(message, index) from None
        return state


class EngineBox:
    """Holds the engine game; a deep copy (OpenSpiel's ``clone``) is the game's cheap ``copy``."""

    __slots__ = ("game",)

    def __init__(self, game: StageGame | None) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict) -> EngineBox:
        return EngineBox(None if self.game is None else self.game.copy())


class StageState(PickleSafeState, pyspiel.State):
    """Chance deals; then every decision is the engine's (see the module docstring).

    A subclass sets what chance has dealt so far in its ``__init__`` (after
    ``super().__init__(game)``) and implements the deal
    (:meth:`chance_outcomes`, :meth:`_apply_chance`), the action ids
    (:meth:`_encode`) and the words (:meth:`_action_to_string`,
    :meth:`dealing_observation`).
    """

    def __init__(self, game: StageOpenSpielGame) -> None:
        super().__init__(game)
        self.rules = game.rules
        self._box = EngineBox(None)

    @property
    def engine(self) -> Any:
        """The engine game (None while chance deals)."""
        return self._box.game

    def _set_engine(self, game: StageGame) -> None:
        """Chance has dealt everything: play ``game`` (made from a stacked table) from now on."""
        self._box = EngineBox(game)

    # ------------------------------------------------------------ the game's part
    # (pyspiel.State is no ABC: a missing one raises NotImplementedError when called)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """While chance deals: every outcome of this chance node and its probability."""
        raise NotImplementedError

    def _apply_chance(self, outcome: int) -> None:
        """Deal ``outcome`` (already checked); once the deal is complete, :meth:`_set_engine`."""
        raise NotImplementedError

    def _encode(self, action: Any) -> int:
        """The OpenSpiel id of one of the engine's actions."""
        raise NotImplementedError

    def dealing_observation(self, player: int) -> str:
        """What ``player`` observes while chance deals (only what is dealt to it)."""
        raise NotImplementedError

    # ------------------------------------------------------------ the shell

    def current_player(self) -> int:
        engine = self.engine
        if engine is None:
            return pyspiel.PlayerId.CHANCE
        if engine.ended:
            return pyspiel.PlayerId.TERMINAL
        return engine.to_act

    def _engine_action(self, action: int) -> Any:
        """The engine action an OpenSpiel id stands for now, or None."""
        engine = self.engine
        assert engine is not None
        for legal in engine.legal_actions():
            if action == self._encode(legal):
                return legal
        return None

    def _legal_actions(self, player: int) -> list[int]:
        engine = self.engine
        if engine is None or engine.ended or player != engine.to_act:
            return []
        return sorted(self._encode(action) for action in engine.legal_actions())

    def _apply_action(self, action: int) -> None:
        if self.engine is None:
            allowed = [outcome for outcome, _ in self.chance_outcomes()]
            if action not in allowed:
                raise ValueError(f"chance outcome {action} is not one of {allowed}")
            self._apply_chance(action)
            return
        chosen = self._engine_action(action)
        if chosen is None:
            legal = self._legal_actions(self.current_player())
            raise ValueError(f"action {action} is not legal now; legal: {legal}")
        self.engine.apply(chosen)

    def is_terminal(self) -> bool:
        return self.engine is not None and self.engine.ended

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        assert self.engine is not None
        return [score / 1000 for score in self.engine.scores()]

    def serialize(self) -> str:
        """The history: every chance outcome and decision, comma separated."""
        return ",".join(map(str, self.history()))

    def __str__(self) -> str:
        return f"history {self.history()}"


class ViewObserver:
    """A seat's observation: its engine view as JSON; with perfect recall, its log too."""

    def __init__(self, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        self.perfect_recall = bool(iig_obs_type is None or iig_obs_type.perfect_recall)
        self.tensor = None
        self.dict: dict[str, Any] = {}

    def set_from(self, state: StageState, player: int) -> None:
        pass

    def string_from(self, state: StageState, player: int) -> str:
        if state.engine is None:  # chance is dealing: each seat sees only what it is dealt
            return state.dealing_observation(player)
        if self.perfect_recall:  # the seat's log is everything it saw, in order
            return f"seat {player}\n" + "\n".join(state.engine.log(player))
        view = state.engine.view(player).to_json()
        view.pop("log")
        view.pop("legal_actions")
        return json.dumps(view, sort_keys=True, separators=(",", ":"))


__all__ = ["EngineBox", "StageOpenSpielGame", "StageState", "ViewObserver", "stage_game_type"]
