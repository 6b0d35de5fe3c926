"""What the theory predicts for each rate of the class table, and from which model.

Nothing is computed here from scratch: every prediction is read off a solved
model of :mod:`prohis_nb.analysis`, and each says which model and which
parameters it used, because a model is a simplification and a prediction
only means something next to its assumptions.

**Prohis: the convoy game** (:mod:`prohis_nb.analysis.equilibrium`, every
equilibrium in exact fractions by :mod:`prohis_nb.analysis.equilibrium_sets`).
Two players, one convoy: a Captain already played, a 3-card convoy with one
illegal card when dirty, a single possible bribe of one legal card, relative
score. The chance of a dirty hand is taken from the class itself: the share
of its convoys sent from a hand that held illegal goods. Where the game has
many equilibria the prediction is the range they span. It predicts the bait
rate, the share of dirty convoys, the bribe rate, the acceptance rate and
the inspection rate of an unbribed convoy; it says nothing about whether to
control at all (the card is already played), the rank played, bribe sizes
(its bribe is fixed) or how often a search catches something.

**Smuggle: the declaration game** (:mod:`prohis_nb.analysis.signalling`):
the declarer holds a fresh 4-card hand, the Officer hears the declaration.
A kind's lying rate is the equilibrium share of false hands among the
declarations of that kind, weighted by how often each is made; its search
rate likewise. The class's declarers also hold inherited hands (passed on,
one card swapped), which the model leaves out. **Informing**
(:mod:`prohis_nb.analysis.informer`): in the three-player stage game the
receiver never informs (when ``never_informs`` holds for the board).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from prohis_nb.text import percent

#: The note of a rate the equilibrium never puts to the test: the controller's
#: answer to an offer no equilibrium smuggler makes. Any rate in the range keeps
#: the equilibrium one (it is a threat, off the path of play), so a class's rate
#: of that decision is no evidence for or against the theory: the table shows
#: the range and gives no verdict (``Row.agrees()`` is ``None``).
UNTESTED = "never tested in equilibrium: any rate in this range keeps it one"


@dataclass(frozen=True)
class Prediction:
    """A predicted rate (``low`` to ``high``; equal for a single value), its model and a note.

    ``low is None``: no prediction; ``note`` says why.
    """

    low: float | None
    high: float | None
    model: str
    note: str = ""

    @property
    def applies(self) -> bool:
        return self.low is not None

    @property
    def tested(self) -> bool:
        """Whether equilibrium play ever makes this decision (False: an off-path threat)."""
        return self.note != UNTESTED

    def __str__(self) -> str:
        if self.low is None or self.high is None:
            return "no prediction"
        if abs(self.high - self.low) < 5e-4:
            return percent(self.low)
        return f"{percent(self.low)} to {percent(self.high)}"


def none(reason: str) -> Prediction:
    """No prediction, and why."""
    return Prediction(None, None, "", reason)


# ------------------------------------------------------------ Prohis


def convoy_predictions(p_dirty: float | None) -> dict[str, Prediction]:
    """The convoy game's predictions by row name, for a chance ``p_dirty`` of a dirty hand."""
    if p_dirty is None:
        reason = "no convoys in the class: the chance of a dirty hand is unknown"
        return {
            name: none(reason)
            for name in ("bait", "dirty convoys", "bribe offered", "bribe accepted", "inspection")
        }
    from prohis_nb.analysis.equilibrium import ConvoyGame
    from prohis_nb.analysis.equilibrium import exact_probability as exact
    from prohis_nb.analysis.equilibrium_sets import equilibrium_set

    # to the percent: the solver reads a float as it prints (0.77 → 77/100), exactly
    p = round(p_dirty, 2)
    every = equilibrium_set(
        ConvoyGame(card="captain", size=3, illegal=1, bribe=("legal",), p_dirty=p)
    )
    model = (
        "convoy game (every equilibrium, in exact fractions): a captain, 3-card convoy, "
        f"1 illegal card, "
        f"a bribe of 1 legal card, P(dirty hand) = {percent(p)} as in the class"
    )
    bait = every.bait_range
    never = every.offers_never_made

    def rng(bounds: tuple[Fraction, Fraction], note: str = "") -> Prediction:
        return Prediction(float(bounds[0]), float(bounds[1]), model, note)

    untested = UNTESTED
    return {
        "bait": rng(bait),
        "dirty convoys": rng((exact(p) * (1 - bait[1]), exact(p) * (1 - bait[0]))),
        "bribe offered": rng(every.bribe_rate_range),
        "bribe accepted": rng(every.accept_ranges["bribe"], untested if "bribe" in never else ""),
        "inspection": rng(every.inspect_range, untested if "no bribe" in never else ""),
    }


# ------------------------------------------------------------ Smuggle


def _kind(declaration: Any) -> str:
    from prohis_nb.analysis.signalling import IMMUNITY

    return "immunity" if declaration == IMMUNITY else f"{len(declaration)}_items"


def declaration_predictions(board: Any = None) -> dict[str, Prediction]:
    """The declaration and informer games' predictions, by table row name (a few seconds, cached).

    Row names: ``lies <k>`` and ``searches <k>`` for every declaration kind
    ``k`` (and ``all``), ``passed lies`` and ``informing``.
    """
    import numpy as np

    from prohis_nb.analysis.informer import informer_equilibrium
    from prohis_nb.classroom.counts import DECLARATION_KINDS
    from prohis_nb.smuggle.board import Board

    informer = informer_equilibrium(board or Board())
    eq = informer.declarations
    model = (
        "declaration game (solved by linear programming): a fresh 4-card hand, the Officer hears it"
    )
    truthful = np.array(
        [
            [(t.bag if d == "immunity" else (t.goods == d)) for d in eq.declarations]
            for t in eq.types
        ]
    )
    mass = eq.probability[:, None] * eq.strategy  # P(type t declares d)
    usage = mass.sum(axis=0)
    false = (mass * ~truthful).sum(axis=0)
    kinds = np.array([_kind(d) for d in eq.declarations])
    out: dict[str, Prediction] = {}
    for k in (*DECLARATION_KINDS, "all"):
        chosen = np.ones(len(kinds), bool) if k == "all" else kinds == k
        used = usage[chosen].sum()
        if used <= 1e-12:
            reason = "nobody makes such a declaration in equilibrium"
            out[f"lies {k}"] = out[f"searches {k}"] = none(reason)
            continue
        lie = float(false[chosen].sum() / used)
        search = float((usage[chosen] * eq.search[chosen]).sum() / used)
        out[f"lies {k}"] = Prediction(lie, lie, model)
        out[f"searches {k}"] = Prediction(search, search, model)
    passed = usage * (1 - eq.search)
    share = float((false * (1 - eq.search)).sum() / passed.sum())
    out["passed lies"] = Prediction(share, share, model)
    if informer.never_informs:
        out["informing"] = Prediction(
            0.0,
            0.0,
            "informer stage game: declarer, Officer and receiver",
            "informing never pays in equilibrium",
        )
    else:
        out["informing"] = none("for this board the informer game's candidate fails")
    return out


# ------------------------------------------------------------ the convoy stage game

#: The largest own-money convoy game whose every equilibrium is listed (smuggler strategies
#: × controller plans: 8 × 4 with one bribe on the menu, a few milliseconds). A bigger menu
#: would take minutes by brute force, so its table says "no prediction" instead.
MAX_OWN_MONEY_CELLS = 8 * 4


def rules_in_words(rules: Any) -> str:
    """A convoy rules value in a teacher's words: card, convoy, menu, chance, payoffs."""
    from prohis_nb.analysis.convoy_game import _article

    menu = (
        "no bribe on the menu"
        if not rules.bribes
        else "bribes of " + " or ".join("+".join(bribe) for bribe in rules.bribes)
    )
    illegal = f"{rules.illegal} illegal card{'s' if rules.illegal > 1 else ''}"
    payoffs = "a race (zero-sum)" if rules.payoffs == "race" else "each side's own money"
    waiver = ", a waiver keeps the card" if rules.waiver_keeps_card else ""
    return (
        f"{_article(rules.card)} {rules.card}, {rules.size}-card convoy, {illegal}, {menu}, "
        f"P(dirty hand) = {percent(rules.p_dirty)}, {payoffs}{waiver}"
    )


def _corners(rules: Any) -> tuple[list[dict], list[dict]] | None:
    """Every equilibrium's corners as behaviour: (smuggler corners, controller corners).

    A smuggler corner maps ``(hand, load, offer label)`` to the chance the hand
    makes that choice; a controller corner maps each bribe's label to its
    acceptance rate and ``"no bribe"`` to the inspection rate. The race: the
    zero-sum game's sets (:mod:`~prohis_nb.analysis.equilibrium_sets`); own
    money: every extreme equilibrium (:func:`~prohis_nb.analysis.equilibrium.extreme_equilibria`),
    or None when the game is too big to list them.
    """
    from prohis_nb.analysis.convoy_game import NO_BRIBE
    from prohis_nb.convoy.bots import analysis_game

    game = analysis_game(rules)
    if rules.payoffs == "race":
        from prohis_nb.analysis.equilibrium_sets import equilibrium_set

        every = equilibrium_set(game)
        return list(every.smuggler_corners), list(every.controller_corners)
    strategies, plans = game.smuggler_strategies(), game.controller_plans()
    if len(strategies) * len(plans) > MAX_OWN_MONEY_CELLS:
        return None
    from prohis_nb.analysis.bimatrix import extreme_equilibria

    labels = list(game.offer_labels)[1:]
    smuggler, controller = [], []
    for x, y in extreme_equilibria(*game.exact_payoff_matrices()):
        corner: dict[tuple[str, str, str], Fraction] = {}
        for weight, ((load, dirty_offer), honest_offer) in zip(x, strategies, strict=True):
            corner["dirty", load, dirty_offer] = (
                corner.get(("dirty", load, dirty_offer), 0) + weight
            )
            key = ("honest", "honest", honest_offer)
            corner[key] = corner.get(key, Fraction(0)) + weight
        smuggler.append(corner)
        rates = {label: Fraction(0) for label in [*labels, NO_BRIBE]}
        for weight, plan in zip(y, plans, strict=True):
            for label, answer in zip(labels, plan, strict=False):
                rates[label] += weight if answer == "accept" else 0
            rates[NO_BRIBE] += weight if plan[-1] == "inspect" else 0
        controller.append(rates)
    return smuggler, controller


def convoy_stage_predictions(rules: Any) -> dict[str, Prediction]:
    """The convoy game *of these rules* beside each row of a convoy class's table.

    Each rate's lowest and highest value over every equilibrium of the game
    the records were played under (card, convoy, menu, ``p_dirty``, payoffs).
    The rows: ``bait`` (dirty hands sending an honest convoy), ``dirty
    convoys``, ``bribe offered`` (among hands that could offer one),
    ``bribe accepted`` (one bribe on the menu; with several the table pools
    answers to different bribes, each with its own rate, so no prediction) and
    ``inspection`` (of a convoy offered no bribe).
    """
    from prohis_nb.analysis.convoy_game import NO_BRIBE
    from prohis_nb.convoy.bots import analysis_game

    rows = ("bait", "dirty convoys", "bribe offered", "bribe accepted", "inspection")
    found = _corners(rules)
    if found is None:
        reason = (
            f"no prediction: with each side's own money and {len(rules.bribes)} bribes on the "
            "menu the game has too many strategies to list every equilibrium here"
        )
        return {name: none(reason) for name in rows}
    smuggler, controller = found
    game = analysis_game(rules)
    labels = game.offer_labels
    kind = "every equilibrium, in exact fractions"
    model = f"convoy game of the records' rules ({kind}): {rules_in_words(rules)}"
    p = rules.p_dirty
    weight = {"dirty": p, "honest": 1 - p}

    def span(values: Any, note: str = "") -> Prediction:
        values = list(values)
        return Prediction(float(min(values)), float(max(values)), model, note)

    def made(corner: dict, offer: str) -> Fraction:
        return sum((weight[h] * v for (h, _, o), v in corner.items() if o == offer), Fraction(0))

    bait = [
        sum((v for (h, load, _), v in c.items() if h == "dirty" and load == "honest"), Fraction(0))
        for c in smuggler
    ]
    out = {"bait": span(bait), "dirty convoys": span(p * (1 - b) for b in bait)}
    can_bribe = {
        h: any(h == "dirty" or "illegal" not in cards for cards in rules.bribes) for h in weight
    }
    chances = sum((weight[h] for h in weight if can_bribe[h]), Fraction(0))
    if chances == 0:
        out["bribe offered"] = none("no prediction: no hand could offer a bribe under these rules")
    else:
        out["bribe offered"] = span(
            sum(
                (weight[h] * v for (h, _, o), v in c.items() if can_bribe[h] and o != NO_BRIBE),
                Fraction(0),
            )
            / chances
            for c in smuggler
        )
    untested = UNTESTED
    bribes = list(labels)[1:]
    if len(bribes) == 1:
        never = all(made(c, bribes[0]) == 0 for c in smuggler)
        out["bribe accepted"] = span((c[bribes[0]] for c in controller), untested if never else "")
    else:
        out["bribe accepted"] = none(
            "no prediction: no bribe on the menu"
            if not bribes
            else f"no prediction: the menu holds {len(bribes)} bribes, each with its own "
            "acceptance rate, and the table pools the answers to all of them"
        )
    never = all(made(c, NO_BRIBE) == 0 for c in smuggler)
    out["inspection"] = span((c[NO_BRIBE] for c in controller), untested if never else "")
    return out
