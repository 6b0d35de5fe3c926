"""The coach for the convoy stage game: what a seat may believe, and what each choice is worth.

It reads one seat's view and nothing else. **The model**, stated in every
choice: the other side plays the equilibrium of the convoy game
(:mod:`prohis_nb.convoy.bots`, solved by :mod:`prohis_nb.analysis.equilibrium`),
and money is counted as the rules' ``payoffs`` say (the race or each side's
own). Each value is exact given that model: the expected score, averaged over
chance's face-down order by enumerating it through the engine itself.

* The **controller** believes the convoy dirty with the probability Bayes
  gives from ``p_dirty``, the equilibrium smuggler's habits and the offer it
  saw (an offer never made in equilibrium leaves the prior, and says so).
  Accepting, rejecting, inspecting and waiving are priced with that belief.
* The **smuggler** knows its hand. A convoy is priced with the best offer it
  can then make; an offer is priced against the equilibrium controller's
  answers.

>>> from prohis_nb.convoy.game import ConvoyStageGame
>>> game = ConvoyStageGame(seed=1)
>>> advise(game.view(0)).deciding
True
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import permutations
from typing import Any

from prohis_nb.coach.advice import Advice, Belief, Choice, Verdict
from prohis_nb.convoy.actions import Action
from prohis_nb.convoy.bots import _key, behaviour
from prohis_nb.convoy.game import ConvoyStageGame
from prohis_nb.convoy.log import cards_in_words
from prohis_nb.convoy.rules import ConvoyRules
from prohis_nb.convoy.views import SeatView
from prohis_nb.core.stage_views import one_seats_view
from prohis_nb.errors import IllegalActionError, excerpt
from prohis_nb.text import money, percent

MODEL = "the other side plays the convoy game's equilibrium; the face-down order at random"


@lru_cache(maxsize=4096)
def expected_scores(
    rules: ConvoyRules, dirty: bool, offer: tuple[str, ...], answer: str
) -> tuple[Fraction, Fraction]:
    """Both seats' expected scores for a (dirty or honest) convoy, an offer and an answer.

    ``offer`` is the bribe's cards (``()``: none); ``answer`` is ``accept`` or
    ``reject`` for a bribe, ``inspect`` or ``waive`` without one. Played
    through the engine for every face-down order, each equally likely.

    ``dirty`` is the *convoy*'s load, not the hand's. The replay deals the
    hand that can make the move: a dirty hand for a dirty convoy or for a
    bribe holding illegal goods (a dirty hand may send an honest convoy and
    still offer its illegal goods), an honest hand otherwise. The scores do
    not depend on which hand sent a convoy: only the convoy, the offer and
    the answer count (docs/convoy-rules.md, "Scores").
    """
    hand = "dirty" if dirty or "illegal" in offer else "honest"
    orders = list(permutations(range(rules.size)))
    totals = [Fraction(0), Fraction(0)]
    for order in orders:
        game = ConvoyStageGame(rules, table={"hand": hand, "order": list(order)})
        game.apply({"seat": 0, "act": "convoy", "cards": list(rules.convoy(dirty))})
        game.apply(
            {"seat": 0, "act": "bribe", "cards": list(offer)}
            if offer
            else {"seat": 0, "act": "no_bribe"}
        )
        game.apply({"seat": 1, "act": answer})
        for seat, score in enumerate(game.scores()):
            totals[seat] += Fraction(score, len(orders))
    return totals[0], totals[1]


@lru_cache(maxsize=64)
def every_expected_score(rules: ConvoyRules) -> int:
    """Fill :func:`expected_scores` for every convoy, offer and answer ``rules`` allow.

    Done at the coach's first use for ``rules``, whatever the seat holds:
    filled only as hands asked, a smuggler's coach would leave entries that
    answer the controller's coach faster in a ``HotSeat``, telling it the
    smuggler's hand (docs/teaching.md, "Time"). Returns how many were filled.
    """
    from prohis_nb.convoy.game import ConvoyStageGame as Game

    filled = 0
    for dirty in (False, True):
        trial = Game(rules, table={"hand": "dirty", "order": list(range(rules.size))})
        trial.apply({"seat": 0, "act": "convoy", "cards": list(rules.convoy(dirty))})
        for action in trial.legal_actions():
            for answer in ("accept", "reject") if action.cards else ("inspect", "waive"):
                expected_scores(rules, dirty, action.cards, answer)
                filled += 1
    return filled


def dirty_given_offer(rules: ConvoyRules, offer: tuple[str, ...]) -> Fraction | None:
    """P(the convoy is dirty | this offer), Bayes over the equilibrium smuggler (None: unmade)."""
    plan = behaviour(rules)
    p = rules.p_dirty
    q = Fraction(plan.dirty_convoy).limit_denominator(10**9)
    key = _key(offer)

    def rate(hand: str, load: str) -> Fraction:
        return Fraction(plan.offers.get((hand, load), {}).get(key, 0.0)).limit_denominator(10**9)

    dirty = p * q * rate("dirty", "dirty")
    honest = p * (1 - q) * rate("dirty", "honest") + (1 - p) * rate("honest", "honest")
    if dirty + honest == 0:
        return None
    return dirty / (dirty + honest)


def _check(view: Any) -> SeatView:
    """``view`` if it is one seat's view of the convoy game, else a ``TypeError``."""
    checked: SeatView = one_seats_view(view, SeatView, "the convoy coach")
    return checked


def _controller(view: SeatView, rules: ConvoyRules) -> tuple[list[Belief], list[Choice], str]:
    offer = view.bribe or ()
    believed = dirty_given_offer(rules, offer)
    note = ""
    if believed is None:
        believed, note = rules.p_dirty, " (an offer never made in equilibrium: the prior)"
    share = Fraction(rules.illegal, rules.size)
    kinds = {"illegal": believed * share, "legal": 1 - believed * share}
    beliefs = [Belief("the convoy", rules.size, {k: v for k, v in kinds.items() if v})]
    choices = []
    for action in view.legal_actions:
        value = (
            believed * expected_scores(rules, True, offer, action.act)[1]
            + (1 - believed) * expected_scores(rules, False, offer, action.act)[1]
        )
        choices.append(
            Choice(
                label=action.act,
                value=float(value),
                action=action,
                model=MODEL,
                details={"p_dirty_convoy": believed},
            )
        )
    why = f"You believe the convoy dirty with probability {percent(believed)}{note}."
    return beliefs, choices, why


def _smuggler(view: SeatView, rules: ConvoyRules) -> tuple[list[Belief], list[Choice], str]:
    plan = behaviour(rules)

    def offer_value(dirty: bool, offer: tuple[str, ...]) -> Fraction:
        if offer:
            accept = Fraction(plan.accept.get(_key(offer), 0.0)).limit_denominator(10**9)
            answers = {"accept": accept, "reject": 1 - accept}
        else:
            inspect = Fraction(plan.inspect).limit_denominator(10**9)
            answers = {"inspect": inspect, "waive": 1 - inspect}
        return sum(
            (p * expected_scores(rules, dirty, offer, a)[0] for a, p in answers.items()),
            Fraction(0),
        )

    choices = []
    if view.decision is not None and view.decision.kind == "convoy":
        from prohis_nb.convoy.game import ConvoyStageGame as Game

        for action in view.legal_actions:
            dirty = "illegal" in action.cards
            trial = Game(
                rules,
                table={
                    "hand": "dirty" if view.dirty else "honest",
                    "order": list(range(rules.size)),
                },
            )
            trial.apply(action)
            offers = [a.cards for a in trial.legal_actions()]
            value = max(offer_value(dirty, offer) for offer in offers)
            label = (
                f"send a {'dirty' if dirty else 'honest'} convoy ({cards_in_words(action.cards)})"
            )
            choices.append(
                Choice(label, float(value), action, model=MODEL + "; then the best offer")
            )
    else:
        dirty = bool(view.convoy and "illegal" in view.convoy)
        for action in view.legal_actions:
            label = f"offer {cards_in_words(action.cards)}" if action.cards else "offer no bribe"
            choices.append(
                Choice(label, float(offer_value(dirty, action.cards)), action, model=MODEL)
            )
    return [], choices, "You know your hand and your convoy; the controller does not."


def _mark_best(choices: list[Choice]) -> tuple[Choice, ...]:
    if not choices:
        return ()
    best = max(choice.value for choice in choices)
    return tuple(
        Choice(c.label, c.value, c.action, abs(c.value - best) < 1e-9, c.model, c.details)
        for c in choices
    )


def advise(view: Any) -> Advice:
    """What ``view.seat`` may believe and what each of its legal choices is worth."""
    view = _check(view)
    rules = ConvoyRules.from_json(view.rules)
    every_expected_score(rules)  # before any branch on the seat's hand (see there)
    deciding = view.to_act == view.seat and not view.ended
    if not deciding:
        why = "The convoy is over." if view.ended else f"It is seat {view.to_act}'s decision."
        return Advice("convoy", view.seat, False, (), (), why)
    if view.seat == 1:
        beliefs, choices, why = _controller(view, rules)
    else:
        beliefs, choices, why = _smuggler(view, rules)
    marked = _mark_best(choices)
    best = next(c for c in marked if c.best)
    why += f" Best: {best.label} (expected {money(best.value)})."
    return Advice("convoy", view.seat, True, tuple(beliefs), marked, why)


def judge(view: Any, action: Any) -> Verdict:
    """A verdict on ``action``, taken by ``view.seat`` at the state ``view`` shows."""
    advice = advise(view)
    if not advice.deciding:
        raise IllegalActionError(f"seat {view.seat} has no decision to judge here")
    if not isinstance(action, Action):
        action = Action.from_json(
            {"seat": view.seat, **action} if isinstance(action, dict) else action
        )
    chosen = next((c for c in advice.choices if c.action == action), None)
    if chosen is None:
        raise IllegalActionError(
            f"{excerpt(action)} is not one of seat {view.seat}'s legal actions here",
            allowed=view.legal_actions,
        )
    best = max(c.value for c in advice.choices)
    loss = best - chosen.value
    text = (
        f"{chosen.label}: a best choice under the model"
        if chosen.best
        else f"{chosen.label} gives up {money(loss)} against the best choice"
    )
    return Verdict(view.seat, action, loss, text, chosen.best)
