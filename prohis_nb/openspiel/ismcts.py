"""OpenSpiel's ISMCTS playing Prohis, with ``determinize`` drawing the tables it plans on.

Information-set Monte Carlo tree search (Cowling, Powley and Whitehouse,
2012) plans from what a seat knows: each simulation starts from a complete
table *drawn from the seat's information* and walks one shared tree whose
nodes are information states. OpenSpiel's ``ISMCTSBot`` asks the game for
those draws; here it gets them from the engine: :func:`resampler` wraps
``determinize(state.view(player), rng)``, a table drawn uniformly among those
the seat cannot tell from its own (see :mod:`prohis_nb.prohis.determinize`).

:class:`ISMCTSBot` is an engine bot (it sees only its view and its legal
actions, like every bot of :mod:`prohis_nb.bots`) that runs the search at
each decision and plays the engine action it composes. It is registered as
``"ismcts"`` for Prohis tournaments when OpenSpiel is installed::

    run_tournament(["ismcts:simulations=20", "bluff"], players=4, games=8)

**Leaves.** A leaf is valued by a random rollout played by the engine
itself (engine actions, not OpenSpiel's card-by-card steps: a few
milliseconds to the end of a game), then the scores (hand and warehouse,
docs/rules.md Scoring). ``rollout=k`` stops after ``k`` actions and scores the
table as if the game ended there (``0``: score the leaf as it is, the
cheapest and most short-sighted).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts

from prohis_nb.bots.base import Bot
from prohis_nb.core.determinize import determinize
from prohis_nb.openspiel import prohis_game  # noqa: F401  (registers python_prohis)
from prohis_nb.prohis.rules import ProhisRules


def resampler(rng: random.Random) -> Callable[[Any, int], Any]:
    """ISMCTS's ``resampler_fn(state, player)``: a state drawn from ``player``'s information.

    The new state holds ``determinize(state.view(player), rng)``, and the
    action ``player`` is composing (its own, so it knows it). Its information
    state for ``player`` is the same string as ``state``'s.
    """

    def resample(state: Any, player: int) -> Any:
        sample = determinize(state.view(player), rng)
        new = state.get_game().new_initial_state()
        new.set_engine(sample, state.partial if state.engine.to_act == player else ())
        return new

    return resample


class ScoreEvaluator:
    """Values a leaf by the scores after a random rollout (to the end, or ``rollout`` actions).

    OpenSpiel's evaluator interface: ``evaluate(state)`` (one value per
    player) and ``prior(state)`` (uniform over the legal actions).
    """

    def __init__(self, rng: random.Random, rollout: int | None = None) -> None:
        self.rng = rng
        self.rollout = rollout

    def evaluate(self, state: Any) -> np.ndarray:
        game = state.engine.copy()
        steps = 0
        while not game.ended and (self.rollout is None or steps < self.rollout):
            steps += 1
            legal = game.legal_actions()
            game.apply(legal[self.rng.randrange(len(legal))])
        return np.array(game.scores(), dtype=float) / 1000

    def prior(self, state: Any) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(action, 1 / len(legal)) for action in legal]


def params_from_rules(rules: ProhisRules) -> dict[str, Any]:
    """OpenSpiel parameters of ``python_prohis`` for the engine's rules."""
    params: dict[str, Any] = {"players": rules.players, **rules.variants}
    if rules.deck is not None:
        params["deck"] = ";".join(f"{kind}:{count}" for kind, count in rules.deck)
    return params


@lru_cache(maxsize=16)
def _openspiel_game(rules: ProhisRules) -> Any:
    return pyspiel.load_game("python_prohis", params_from_rules(rules))


class ISMCTSBot(Bot):
    """A Prohis bot that plans with OpenSpiel's ISMCTS (see the module docstring).

    ``simulations``: searches per OpenSpiel decision (a convoy or a bribe is
    composed card by card, one search per card); ``uct_c``: the exploration
    constant (returns are in thousands of dollars, a few units apart);
    ``rollout``: random actions before a leaf is scored (``None``: to the end).
    """

    default_name = "ismcts"
    games = ("prohis",)

    def __init__(
        self,
        seed: int | str = 0,
        *,
        name: str | None = None,
        simulations: int = 30,
        uct_c: float = 4.0,
        rollout: int | None = None,
    ) -> None:
        super().__init__(seed, name=name)
        if isinstance(simulations, bool) or not isinstance(simulations, int) or simulations < 1:
            raise ValueError(f"simulations must be a whole number ≥ 1, got {simulations!r}")
        if rollout is not None and (isinstance(rollout, bool) or not isinstance(rollout, int)):
            raise ValueError(
                f"rollout is a number of actions or None (to the end), got {rollout!r}"
            )
        self.simulations, self.uct_c, self.rollout = simulations, float(uct_c), rollout

    def parameters(self) -> dict[str, Any]:
        return {"simulations": self.simulations, "uct_c": self.uct_c, "rollout": self.rollout}

    def choose(self, view: Any, legal_actions: Sequence[Any]) -> Any:
        if len(legal_actions) == 1:
            return legal_actions[0]
        game = _openspiel_game(view.rules)
        state = game.new_initial_state()
        state.set_engine(determinize(view, self.rng))
        search = ismcts.ISMCTSBot(
            game,
            ScoreEvaluator(self.rng, self.rollout),
            self.uct_c,
            self.simulations,
            random_state=np.random.RandomState(self.rng.randrange(2**32)),
            child_selection_policy=ismcts.ChildSelectionPolicy.UCT,
        )
        search.set_resampler(resampler(self.rng))
        while True:
            choice = int(search.step(state))
            action, state.partial = state.encoding.step(state.engine, state.partial, choice)
            if action is not None:
                return action
