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
from prohis_nb.openspiel.serialization import register_game
from prohis_nb.openspiel.stage import (  # noqa: F401  (EngineBox, ViewObserver: kept importable here)
    EngineBox,
    StageOpenSpielGame,
    StageState,
    ViewObserver,
    stage_game_type,
)

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
    return stage_game_type(
        short_name,
        "One convoy of Prohis, smuggler against controller (prohis_nb stage game)"
        + (", each side's own money" if own else ""),
        zero_sum=not own,
        parameters=dict(_PARAMETERS),
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


class ConvoyStageOpenSpielGame(StageOpenSpielGame):
    """The convoy stage game for OpenSpiel's algorithms (see the module docstring)."""

    own = False
    stage_name = "convoy"
    max_history_text = MAX_HISTORY_TEXT

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


class ConvoyStageOwnOpenSpielGame(ConvoyStageOpenSpielGame):
    """The same game, each side's own money (``python_convoy_stage_own``)."""

    own = True


class ConvoyStageState(StageState):
    """Chance deals the hand and the face-down order; then every decision is the engine's."""

    def __init__(self, game: ConvoyStageOpenSpielGame) -> None:
        super().__init__(game)
        self.dirty: bool | None = None  # the hand, once chance dealt it

    @property
    def orders(self) -> tuple[tuple[int, ...], ...]:
        """Every face-down order (not in the state: a clone would copy it)."""
        return _orders(self.rules.size)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.engine is not None:
            return []
        if self.dirty is None:
            p = float(self.rules.p_dirty)
            return [(hand, q) for hand, q in ((HONEST, 1 - p), (DIRTY, p)) if q > 0]
        return [(i, 1 / len(self.orders)) for i in range(len(self.orders))]

    def _apply_chance(self, outcome: int) -> None:
        """First the hand, then the face-down order: the engine's stacked table."""
        if self.dirty is None:
            self.dirty = outcome == DIRTY
        else:
            table = {
                "hand": "dirty" if self.dirty else "honest",
                "order": list(self.orders[outcome]),
            }
            self._set_engine(ConvoyStageGame(self.rules, table=table))

    def _encode(self, action: Action) -> int:
        if action.act == "convoy":
            return DIRTY if "illegal" in action.cards else HONEST
        if action.act == "bribe":
            return BRIBE + self.rules.bribes.index(action.cards)
        if action.act == "no_bribe":
            return NO_BRIBE
        return {v: k for k, v in ANSWERS.items()}[action.act]

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

    def dealing_observation(self, player: int) -> str:
        """The smuggler will see its hand first; the controller sees nothing of the deal."""
        dealt = self.dirty if player == 0 else None
        return f"seat {player} dealing {dealt}"


ConvoyStageOpenSpielGame.state_class = ConvoyStageState


register_game(GAME_TYPE, ConvoyStageOpenSpielGame)  # its states are never read from a pickle
register_game(GAME_TYPE_OWN, ConvoyStageOwnOpenSpielGame)
