"""Monte Carlo through the engine itself: play one control many times and count.

The analysis (:mod:`prohis_nb.analysis`) computes catch probabilities and
expected values exactly, with formulas. This module measures the same numbers
the slow, honest way: it sets up a stacked table where a smuggler holds a
given convoy and one opponent a given controller card, plays the convoy, the
control and the controller's choice through the real engine, and repeats the
random part (which face-down card the controller turns each time) ``trials``
times with a seeded generator. Agreement between the two is a check on both.

>>> tally = simulate_inspections(["illegal", "legal"], "lieutenant", trials=2000, seed=1)
>>> round(tally.catch_rate, 1)  # one card of two turned: caught half the time
0.5

Score changes are measured from the stacked table's start (the convoy still
in the smuggler's hand, the controller card in the controller's hand) to the
end of that turn, with the game's own scoring.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from prohis_nb.prohis.cards import CONTROLLER_KINDS, KINDS
from prohis_nb.prohis.game import ProhisGame
from prohis_nb.prohis.rules import ProhisRules

SMUGGLER, CONTROLLER = 0, 1


def control_table(
    convoy: Sequence[str],
    controller_card: str,
    bribe: Sequence[str] = (),
    rules: ProhisRules | None = None,
) -> ProhisGame:
    """A stacked 3-player game where seat 0 is about to form ``convoy``.

    Seat 0 holds exactly the convoy and the ``bribe`` cards; seat 1 holds only
    ``controller_card``; seat 2 holds nothing (so it must decline). Every
    other card of the deck is in the row and the pile.
    """
    rules = rules or ProhisRules(players=3)
    if controller_card not in CONTROLLER_KINDS:
        raise ValueError(
            f"controller_card must be one of {CONTROLLER_KINDS}, got {controller_card!r}"
        )
    if not 2 <= len(convoy) <= 4:
        raise ValueError(f"a convoy has 2 to 4 cards, got {len(convoy)}")
    rest = Counter(rules.deck_counts())
    rest.subtract([*convoy, *bribe, controller_card])
    short = {kind: -count for kind, count in rest.items() if count < 0}
    if short:
        raise ValueError(f"the deck of {rules!r} does not hold these cards: {short} too many")
    others = [kind for kind in KINDS for _ in range(rest[kind])]
    table = {
        "first": SMUGGLER,
        "hands": [[*convoy, *bribe], [controller_card], []],
        "row": others[:4],
        "pile": others[4:],
    }
    return ProhisGame(rules, table=table)


def _controlled(
    convoy: Sequence[str], controller_card: str, bribe: Sequence[str]
) -> tuple[ProhisGame, list[int]]:
    """The table after the convoy and the control, and the scores before the convoy.

    Seat 2 declined (a step the engine takes: its hand is empty, which
    everyone sees). With no bribe cards the smuggler's hand is empty, so
    "no bribe" is the engine's too and the controller is already choosing
    between inspecting and waiving.
    """
    game = control_table(convoy, controller_card, bribe)
    start = game.scores()
    game.apply({"seat": SMUGGLER, "act": "convoy", "cards": list(convoy)})
    game.apply({"seat": CONTROLLER, "act": "control", "card": controller_card})
    assert game.decision is not None
    assert game.decision.kind == ("bribe" if bribe else "inspect_or_waive"), game.decision
    return game, start


@dataclass(frozen=True)
class InspectionTally:
    """What ``trials`` inspections of one convoy gave: outcomes and mean score changes."""

    trials: int
    caught: int  # an illegal card was turned: the convoy went to the controller
    stopped: int  # a controller card was turned first: the convoy passed
    cleared: int  # only legal cards were turned: the convoy passed
    smuggler_mean: float  # mean score change of the smuggler
    controller_mean: float  # mean score change of the controller
    smuggler_sd: float  # standard deviation of the smuggler's change (one trial)
    controller_sd: float

    @property
    def catch_rate(self) -> float:
        """Share of trials where the convoy was caught."""
        return self.caught / self.trials


def simulate_inspections(
    convoy: Sequence[str], controller_card: str, trials: int, seed: int | str
) -> InspectionTally:
    """Inspect ``convoy`` (in this order) ``trials`` times, the controller turning at random.

    No bribe is offered; the controller inspects with ``controller_card``
    (rank = how many cards it may turn), choosing each face-down card
    uniformly at random with a generator seeded from ``seed``.
    """
    if trials < 2:
        raise ValueError("simulate at least 2 trials")
    rng = random.Random(seed)
    base, start = _controlled(convoy, controller_card, ())
    counts: Counter[str] = Counter()
    smuggler: list[int] = []
    controller: list[int] = []
    for _ in range(trials):
        game = base.copy()
        game.apply({"seat": CONTROLLER, "act": "inspect"})
        turned = []
        while game.decision is not None and game.decision.kind == "inspection":
            action = rng.choice(game.legal_actions())
            turned.append(convoy[action.position])
            game.apply(action)
        # A forced last turn is taken by the engine: read the outcome from the warehouses.
        if game.warehouse(CONTROLLER):
            counts["caught"] += 1
        elif any(card in CONTROLLER_KINDS for card in _all_turned(game, turned, convoy)):
            counts["stopped"] += 1
        else:
            counts["cleared"] += 1
        scores = game.scores()
        smuggler.append(scores[SMUGGLER] - start[SMUGGLER])
        controller.append(scores[CONTROLLER] - start[CONTROLLER])
    return InspectionTally(
        trials=trials,
        caught=counts["caught"],
        stopped=counts["stopped"],
        cleared=counts["cleared"],
        smuggler_mean=math.fsum(smuggler) / trials,
        controller_mean=math.fsum(controller) / trials,
        smuggler_sd=_sd(smuggler),
        controller_sd=_sd(controller),
    )


def _all_turned(game: ProhisGame, turned: list[str], convoy: Sequence[str]) -> list[str]:
    """The turned cards, the engine's forced last turn included."""
    forced = [a for a in game.forced_after(len(game.actions) - 1) if a.act == "turn"]
    return turned + [convoy[a.position] for a in forced]


def _sd(values: Sequence[float]) -> float:
    mean = math.fsum(values) / len(values)
    return math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (len(values) - 1))


def settle(
    convoy: Sequence[str], controller_card: str, choice: str, bribe: Sequence[str] = ()
) -> tuple[int, int]:
    """Score changes (smuggler, controller) of a control settled without an inspection.

    ``choice`` is ``"waive"`` (no bribe offered) or ``"accept"`` (``bribe``
    offered and accepted). Nothing is random: one play through the engine.
    """
    game, start = _controlled(convoy, controller_card, bribe)
    if choice == "waive":
        if game.decision is not None and game.decision.kind == "bribe":
            game.apply({"seat": SMUGGLER, "act": "no_bribe"})
        game.apply({"seat": CONTROLLER, "act": "waive"})
    elif choice == "accept":
        if not bribe:
            raise ValueError("accepting needs a bribe: give bribe=[...]")
        game.apply({"seat": SMUGGLER, "act": "bribe", "cards": list(bribe)})
        game.apply({"seat": CONTROLLER, "act": "accept"})
    else:
        raise ValueError(f"choice is 'waive' or 'accept', got {choice!r}")
    scores = game.scores()
    return scores[SMUGGLER] - start[SMUGGLER], scores[CONTROLLER] - start[CONTROLLER]
