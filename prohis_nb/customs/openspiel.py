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

from typing import Any

from prohis_nb.extras import raise_missing_extra

try:
    import pyspiel
except ModuleNotFoundError as error:  # name the extra that brings OpenSpiel
    raise_missing_extra(error, "prohis_nb.customs.openspiel")
    raise

from prohis_nb.customs.game import HAND_SIZE, CustomsStageGame
from prohis_nb.customs.rules import CustomsRules
from prohis_nb.openspiel.serialization import register_game
from prohis_nb.openspiel.stage import (  # noqa: F401  (EngineBox, ViewObserver: kept importable here)
    EngineBox,
    StageOpenSpielGame,
    StageState,
    ViewObserver,
    stage_game_type,
)
from prohis_nb.smuggle.actions import DECLARATIONS, Action
from prohis_nb.smuggle.board import PACK_COUNTS, Board

KINDS: tuple[str, ...] = tuple(PACK_COUNTS)
IMMUNITY = len(DECLARATIONS)
ACCEPT, SEARCH, CHALLENGE = IMMUNITY + 1, IMMUNITY + 2, IMMUNITY + 3
_INDEX = {items: i for i, items in enumerate(DECLARATIONS)}
MAX_HISTORY_TEXT = 100

GAME_TYPE = stage_game_type(
    "python_customs_stage",
    "One declaration of Smuggle, declarer against Officer (prohis_nb stage game)",
    zero_sum=True,
    parameters={"board": ""},
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


class CustomsStageOpenSpielGame(StageOpenSpielGame):
    """The customs stage game for OpenSpiel's algorithms (see the module docstring)."""

    stage_name = "customs"
    max_history_text = MAX_HISTORY_TEXT

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


class CustomsStageState(StageState):
    """Chance deals 4 cards; then every decision is the engine's."""

    def __init__(self, game: CustomsStageOpenSpielGame) -> None:
        super().__init__(game)
        self.dealt: list[str] = []  # the declarer's cards, as chance deals them

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.engine is not None:
            return []
        left = {kind: n - self.dealt.count(kind) for kind, n in PACK_COUNTS.items()}
        total = sum(left.values())
        return [(i, left[kind] / total) for i, kind in enumerate(KINDS) if left[kind]]

    def _apply_chance(self, outcome: int) -> None:
        """One more card to the declarer; the fourth completes the engine's stacked table."""
        self.dealt.append(KINDS[outcome])
        if len(self.dealt) == HAND_SIZE:
            self._set_engine(CustomsStageGame(self.rules, table={"hand": list(self.dealt)}))

    def _encode(self, action: Action) -> int:
        if action.act == "declare":
            return _INDEX[action.items]
        return {"immunity": IMMUNITY, "accept": ACCEPT, "search": SEARCH}.get(action.act, CHALLENGE)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {KINDS[action]}"
        if action < IMMUNITY:
            return "declare " + (",".join(DECLARATIONS[action]) or "nothing")
        return {IMMUNITY: "immunity", ACCEPT: "accept", SEARCH: "search"}.get(action, "challenge")

    def dealing_observation(self, player: int) -> str:
        """The declarer sees its cards as they come; the Officer only how many."""
        return f"seat {player} dealt {self.dealt if player == 1 else len(self.dealt)}"


CustomsStageOpenSpielGame.state_class = CustomsStageState


register_game(GAME_TYPE, CustomsStageOpenSpielGame)  # its states are never read from a pickle
