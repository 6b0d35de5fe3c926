"""The convoy stage game in OpenSpiel (optional extra ``openspiel``).

``pyspiel.load_game("python_convoy_stage")`` plays the engine's
:class:`~prohis_nb.convoy.game.ConvoyStageGame` (race payoffs, zero-sum);
``pyspiel.load_game("python_convoy_stage_own")`` the same with each side's
own money (general-sum). Importing :mod:`prohis_nb.openspiel` registers them
(the registry names this module). Every step is the engine's:

1. **chance** deals the hand: honest (0) or dirty (1), with the rules'
   probabilities;
2. **chance** shuffles the convoy face down: outcome ``i`` is the ``i``-th
   order of :func:`itertools.permutations` of the places, each equally likely
   (dealt now: nobody sees it, and it changes no probability);
3. the engine's decisions, encoded as small integers:

=====  ======================================================
id     action
=====  ======================================================
0, 1   send an honest / a dirty convoy (the smuggler, seat 0)
2      offer no bribe
3-6    accept, reject, inspect, waive (the controller, seat 1)
7+i    offer bribe ``i`` of the menu
=====  ======================================================

Each seat observes only its engine view (its information state: the view
and its whole log). Returns are the engine's scores in **thousands of
dollars**. Parameters: ``card``, ``size``, ``illegal``, ``p_dirty`` (text,
``"1/2"``), ``waiver_keeps_card`` and ``bribes`` (bribes separated by
``;``, cards by ``+``: ``"legal;legal+legal"``; ``""`` for none).

A state serializes as its action history (``state.serialize()``) and
``game.deserialize_state(text)`` replays it through the engine's checks:
nothing is ever unpickled. An action that is not legal is refused with a
``ValueError`` and the state is left as it was.
"""

from __future__ import annotations

import json
from functools import lru_cache
from itertools import permutations
from typing import Any

from prohis_nb.extras import raise_missing_extra

try:
    import pyspiel
except ModuleNotFoundError as error:  # name the extra that brings OpenSpiel
    raise_missing_extra(error, "prohis_nb.convoy.openspiel")
    raise

from prohis_nb.convoy.actions import Action
from prohis_nb.convoy.game import ENDINGS, ConvoyStageGame, ending_scores
from prohis_nb.convoy.rules import ConvoyRules, read_probability
from prohis_nb.openspiel.serialization import PickleSafeState, register_game

HONEST, DIRTY, NO_BRIBE, ACCEPT, REJECT, INSPECT, WAIVE, BRIBE = range(8)
ANSWERS = {ACCEPT: "accept", REJECT: "reject", INSPECT: "inspect", WAIVE: "waive"}
#: The longest history text ``deserialize_state`` reads (a convoy takes at most 5 actions).
MAX_HISTORY_TEXT = 200

_PARAMETERS = {
    "card": "captain",
    "size": 3,
    "illegal": 1,
    "bribes": "legal",
    "p_dirty": "1/2",
    "waiver_keeps_card": False,
}


def _game_type(short_name: str, own: bool) -> Any:
    return pyspiel.GameType(
        short_name=short_name,
        long_name="One convoy of Prohis, smuggler against controller (prohis_nb stage game)"
        + (", each side's own money" if own else ""),
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM if own else pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification=dict(_PARAMETERS),
    )


GAME_TYPE = _game_type("python_convoy_stage", own=False)
GAME_TYPE_OWN = _game_type("python_convoy_stage_own", own=True)


def rules_from_params(params: dict[str, Any], payoffs: str) -> ConvoyRules:
    """The engine's rules for OpenSpiel parameters (``RulesError`` for bad ones)."""
    values = {**_PARAMETERS, **params}
    menu = tuple(tuple(b.split("+")) for b in str(values["bribes"]).split(";") if b)
    return ConvoyRules(
        card=values["card"],
        size=values["size"],
        illegal=values["illegal"],
        bribes=menu,
        p_dirty=read_probability(str(values["p_dirty"])),
        waiver_keeps_card=values["waiver_keeps_card"],
        payoffs=payoffs,
    )


@lru_cache(maxsize=8)
def _orders(size: int) -> tuple[tuple[int, ...], ...]:
    """The face-down orders of ``size`` places, chance's outcomes in this order."""
    return tuple(permutations(range(size)))


def _every_score(rules: ConvoyRules) -> list[tuple[int, int]]:
    """The scores of every way a convoy of ``rules`` can end (for the utility bounds)."""
    out = []
    for dirty in (False, True):
        for bribe in ((), *rules.bribes):
            for ending in ENDINGS:
                out.append(ending_scores(rules, ending, rules.convoy(dirty), bribe))
    return out


class ConvoyStageOpenSpielGame(pyspiel.Game):
    """The convoy stage game for OpenSpiel's algorithms (see the module docstring)."""

    own = False

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.rules = rules_from_params(params or {}, "own" if self.own else "race")
        self.orders = _orders(self.rules.size)
        scores = [score / 1000 for pair in _every_score(self.rules) for score in pair]
        info = pyspiel.GameInfo(
            num_distinct_actions=BRIBE + len(self.rules.bribes),
            max_chance_outcomes=max(2, len(self.orders)),
            num_players=2,
            min_utility=min(scores),
            max_utility=max(scores),
            utility_sum=None if self.own else 0.0,
            max_game_length=6,
        )
        super().__init__(GAME_TYPE_OWN if self.own else GAME_TYPE, info, params or {})

    def new_initial_state(self) -> ConvoyStageState:
        return ConvoyStageState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ViewObserver:
        return ViewObserver(iig_obs_type, params)

    def deserialize_state(self, text: str) -> ConvoyStageState:
        """A state from ``state.serialize()`` (its history), replayed through every check."""
        if not isinstance(text, str) or len(text) > MAX_HISTORY_TEXT:
            raise ValueError(
                f"a convoy state is its history, at most {MAX_HISTORY_TEXT} characters"
            )
        state = self.new_initial_state()
        for word in text.strip().split(","):
            if not word:
                continue
            if not word.isascii() or not word.isdigit() or len(word) > 3:
                raise ValueError(f"a history is action numbers separated by commas, got {word!r}")
            state.apply_action(int(word))
        return state


class ConvoyStageOwnOpenSpielGame(ConvoyStageOpenSpielGame):
    """The same game, each side's own money (``python_convoy_stage_own``)."""

    own = True


class EngineBox:
    """Holds the engine game; a deep copy (OpenSpiel's ``clone``) is the game's cheap ``copy``."""

    __slots__ = ("game",)

    def __init__(self, game: ConvoyStageGame | None) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict) -> EngineBox:
        return EngineBox(None if self.game is None else self.game.copy())


class ConvoyStageState(PickleSafeState, pyspiel.State):
    """Chance deals the hand and the face-down order; then every decision is the engine's."""

    def __init__(self, game: ConvoyStageOpenSpielGame) -> None:
        super().__init__(game)
        self.rules = game.rules
        self.dirty: bool | None = None
        self._box = EngineBox(None)

    @property
    def orders(self) -> tuple[tuple[int, ...], ...]:
        """Every face-down order (not in the state: a clone would copy it)."""
        return _orders(self.rules.size)

    @property
    def engine(self) -> ConvoyStageGame | None:
        """The engine game (None while chance deals)."""
        return self._box.game

    def current_player(self) -> int:
        engine = self.engine
        if engine is None:
            return pyspiel.PlayerId.CHANCE
        if engine.ended:
            return pyspiel.PlayerId.TERMINAL
        return engine.to_act  # type: ignore[return-value]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.engine is not None:
            return []
        if self.dirty is None:
            p = float(self.rules.p_dirty)
            return [(hand, q) for hand, q in ((HONEST, 1 - p), (DIRTY, p)) if q > 0]
        return [(i, 1 / len(self.orders)) for i in range(len(self.orders))]

    def _engine_action(self, action: int) -> Action | None:
        """The engine action an OpenSpiel id stands for now, or None."""
        engine = self.engine
        assert engine is not None
        for legal in engine.legal_actions():
            if action == self._encode(legal):
                return legal
        return None

    def _encode(self, action: Action) -> int:
        if action.act == "convoy":
            return DIRTY if "illegal" in action.cards else HONEST
        if action.act == "bribe":
            return BRIBE + self.rules.bribes.index(action.cards)
        if action.act == "no_bribe":
            return NO_BRIBE
        return {v: k for k, v in ANSWERS.items()}[action.act]

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
            if self.dirty is None:
                self.dirty = action == DIRTY
            else:
                table = {
                    "hand": "dirty" if self.dirty else "honest",
                    "order": list(self.orders[action]),
                }
                self._box = EngineBox(ConvoyStageGame(self.rules, table=table))
            return
        chosen = self._engine_action(action)
        if chosen is None:
            legal = self._legal_actions(self.current_player())
            raise ValueError(f"action {action} is not legal now; legal: {legal}")
        self.engine.apply(chosen)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self.dirty is None:
                return "dirty hand" if action == DIRTY else "honest hand"
            return f"face-down order {self.orders[action]}"
        if action in (HONEST, DIRTY):
            return "dirty convoy" if action == DIRTY else "honest convoy"
        if action == NO_BRIBE:
            return "no bribe"
        if action in ANSWERS:
            return ANSWERS[action]
        return "bribe " + "+".join(self.rules.bribes[action - BRIBE])

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

    def set_from(self, state: ConvoyStageState, player: int) -> None:
        pass

    def string_from(self, state: ConvoyStageState, player: int) -> str:
        if state.engine is None:  # chance is dealing: the smuggler will see its hand first
            dealt = state.dirty if player == 0 else None
            return f"seat {player} dealing {dealt}"
        if self.perfect_recall:  # the seat's log is everything it saw, in order
            return f"seat {player}\n" + "\n".join(state.engine.log(player))
        view = state.engine.view(player).to_json()
        view.pop("log")
        view.pop("legal_actions")
        return json.dumps(view, sort_keys=True, separators=(",", ":"))


register_game(GAME_TYPE, ConvoyStageOpenSpielGame)  # its states are never read from a pickle
register_game(GAME_TYPE_OWN, ConvoyStageOwnOpenSpielGame)
