"""The customs stage game in OpenSpiel (optional extra ``openspiel``).

``pyspiel.load_game("python_customs_stage")`` plays the engine's
:class:`~prohis_nb.customs.game.CustomsStageGame`; importing
:mod:`prohis_nb.openspiel` registers it (the registry names this module).

1. **Chance** deals the declarer's 4 cards one at a time from the 54-card
   pack: outcome ``i`` is the card kind ``KINDS[i]``, with probability *cards
   of that kind left / cards left*;
2. the engine's decisions: ids 0-494 declare ``DECLARATIONS[i]``
   (:data:`prohis_nb.smuggle.actions.DECLARATIONS`), 495 claims immunity,
   496 accept, 497 search, 498 challenge.

Each seat observes only its engine view (with perfect recall, its whole
log). Returns are the engine's scores in **thousands of dollars**; every
payment is between the two seats, so the game is zero-sum. A state
serializes as its history (``state.serialize()``), read back by
``game.deserialize_state`` through the engine's checks: nothing is unpickled.
Parameter: ``board``, Smuggle's board changes written
``"compensation:300;fine.wine:60"`` (``""``: the default board).
"""

from __future__ import annotations

import json
from typing import Any

from prohis_nb.extras import raise_missing_extra

try:
    import pyspiel
except ModuleNotFoundError as error:  # name the extra that brings OpenSpiel
    raise_missing_extra(error, "prohis_nb.customs.openspiel")
    raise

from prohis_nb.customs.game import HAND_SIZE, CustomsStageGame
from prohis_nb.customs.rules import CustomsRules
from prohis_nb.openspiel.serialization import PickleSafeState, register_game
from prohis_nb.smuggle.actions import DECLARATIONS, Action
from prohis_nb.smuggle.board import PACK_COUNTS, Board

KINDS: tuple[str, ...] = tuple(PACK_COUNTS)
IMMUNITY = len(DECLARATIONS)
ACCEPT, SEARCH, CHALLENGE = IMMUNITY + 1, IMMUNITY + 2, IMMUNITY + 3
_INDEX = {items: i for i, items in enumerate(DECLARATIONS)}
MAX_HISTORY_TEXT = 100

GAME_TYPE = pyspiel.GameType(
    short_name="python_customs_stage",
    long_name="One declaration of Smuggle, declarer against Officer (prohis_nb stage game)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=False,
    parameter_specification={"board": ""},
)


def board_from_text(text: str) -> Board:
    """``"compensation:300;fine.wine:60"`` → the default board with those changes."""
    data = Board().to_json()
    for pair in (p for p in text.split(";") if p.strip()):
        name, sep, number = pair.partition(":")
        if not sep or not number.strip().isdigit():
            raise ValueError(f"board changes are written name:number;..., got {text!r}")
        table, _, kind = name.strip().partition(".")
        if kind:
            if table not in ("duty", "fine") or kind not in data[table]:
                raise ValueError(f"no board entry {name!r}")
            data[table][kind] = int(number)
        elif table in data and table not in ("duty", "fine"):
            data[table] = int(number)
        else:
            raise ValueError(f"no board entry {name!r}")
    return Board.from_json(data)


class CustomsStageOpenSpielGame(pyspiel.Game):
    """The customs stage game for OpenSpiel's algorithms (see the module docstring)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = params or {}
        self.rules = CustomsRules(board=board_from_text(str(params.get("board", ""))))
        board = self.rules.board
        worst = (board.immunity_fine + 4 * max(board.fine.values()) + board.compensation) / 1000
        worst = max(worst, 4 * max(board.duty.values()) / 1000)
        info = pyspiel.GameInfo(
            num_distinct_actions=CHALLENGE + 1,
            max_chance_outcomes=len(KINDS),
            num_players=2,
            min_utility=-worst,
            max_utility=worst,
            utility_sum=0.0,
            max_game_length=HAND_SIZE + 2,
        )
        super().__init__(GAME_TYPE, info, params)

    def new_initial_state(self) -> CustomsStageState:
        return CustomsStageState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ViewObserver:
        return ViewObserver(iig_obs_type, params)

    def deserialize_state(self, text: str) -> CustomsStageState:
        """A state from ``state.serialize()`` (its history), replayed through every check."""
        if not isinstance(text, str) or len(text) > MAX_HISTORY_TEXT:
            raise ValueError(
                f"a customs state is its history, at most {MAX_HISTORY_TEXT} characters"
            )
        state = self.new_initial_state()
        for word in text.strip().split(","):
            if not word:
                continue
            if not word.isascii() or not word.isdigit() or len(word) > 3:
                raise ValueError(f"a history is action numbers separated by commas, got {word!r}")
            state.apply_action(int(word))
        return state


class EngineBox:
    """Holds the engine game; a deep copy (OpenSpiel's ``clone``) is the game's cheap ``copy``."""

    __slots__ = ("game",)

    def __init__(self, game: CustomsStageGame | None) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict) -> EngineBox:
        return EngineBox(None if self.game is None else self.game.copy())


class CustomsStageState(PickleSafeState, pyspiel.State):
    """Chance deals 4 cards; then every decision is the engine's."""

    def __init__(self, game: CustomsStageOpenSpielGame) -> None:
        super().__init__(game)
        self.rules = game.rules
        self.dealt: list[str] = []
        self._box = EngineBox(None)

    @property
    def engine(self) -> CustomsStageGame | None:
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
        left = {kind: n - self.dealt.count(kind) for kind, n in PACK_COUNTS.items()}
        total = sum(left.values())
        return [(i, left[kind] / total) for i, kind in enumerate(KINDS) if left[kind]]

    def _encode(self, action: Action) -> int:
        if action.act == "declare":
            return _INDEX[action.items]
        return {"immunity": IMMUNITY, "accept": ACCEPT, "search": SEARCH}.get(action.act, CHALLENGE)

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
            self.dealt.append(KINDS[action])
            if len(self.dealt) == HAND_SIZE:
                self._box = EngineBox(
                    CustomsStageGame(self.rules, table={"hand": list(self.dealt)})
                )
            return
        for legal in self.engine.legal_actions():
            if self._encode(legal) == action:
                self.engine.apply(legal)
                return
        legal = self._legal_actions(self.current_player())
        raise ValueError(f"action {action} is not legal now; legal: {legal}")

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {KINDS[action]}"
        if action < IMMUNITY:
            return "declare " + (",".join(DECLARATIONS[action]) or "nothing")
        return {IMMUNITY: "immunity", ACCEPT: "accept", SEARCH: "search"}.get(action, "challenge")

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

    def set_from(self, state: CustomsStageState, player: int) -> None:
        pass

    def string_from(self, state: CustomsStageState, player: int) -> str:
        if state.engine is None:  # still dealing: the declarer sees its cards as they come
            return f"seat {player} dealt {state.dealt if player == 1 else len(state.dealt)}"
        if self.perfect_recall:  # the seat's log is everything it saw, in order
            return f"seat {player}\n" + "\n".join(state.engine.log(player))
        view = state.engine.view(player).to_json()
        view.pop("log")
        view.pop("legal_actions")
        return json.dumps(view, sort_keys=True, separators=(",", ":"))


register_game(GAME_TYPE, CustomsStageOpenSpielGame)  # its states are never read from a pickle
