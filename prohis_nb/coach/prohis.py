"""The Prohis coach: every legal choice of one seat, valued from that seat's view alone.

:func:`advise` reads a :class:`~prohis_nb.prohis.views.SeatView` (never the
game, never the teacher's view) and returns an
:class:`~prohis_nb.coach.advice.Advice`: what the seat may believe about each
hidden place (:mod:`prohis_nb.coach.prohis_beliefs`), and each legal choice
with its expected value under a model stated in one sentence
(``Choice.model``). :func:`judge` says how a move compares with the best.

Values are **changes of the seat's final score in dollars from this decision
alone**, as in :mod:`prohis_nb.analysis.payoffs`: measured against every card
staying where it is, later turns not counted. The models, decision by decision:

==================  ==========================================================================
decision            model
==================  ==========================================================================
control / decline   you become the controller (nobody outbids you) and no bribe comes; you
                    then inspect or waive, whichever is worth more under the uniform belief
                    (:func:`~prohis_nb.analysis.convoy_ev.break_even_bribe` is the inspection's
                    value, with the catch chance of your card's rank); declining is $0
bribe (smuggler)    the controller accepts a bribe worth at least its break-even bribe ``b*``
                    (estimated from what it cannot see: your convoy, the unknown part of your
                    hand, the cards you cannot place), and more than any offer it turned
                    down; it inspects after a rejection; offered nothing, it inspects when
                    ``b*`` beats waiving (it must, after a rejected bribe). One choice per
                    bribe size: the best bribe of that size
accept / reject     accepting banks the bribe; rejecting obliges you to inspect (``b*``)
inspect / waive     inspecting is worth ``b*``; waiving banks your card ($2,000; $0 under
                    ``waiver_keeps_card``)
turn a card         the rest of the inspection (:func:`~prohis_nb.analysis.convoy_ev.
                    rest_of_inspection`); every face-down card is alike under the belief
draw / convoy /     what the move changes in your score if the game ended once it is
pass (your turn)    settled: a card drawn counts at its hand value (a pile card on average
                    over the unseen cards); a convoy meets the strongest controller card you
                    know an opponent holds (it passes uncontrolled if you know of none),
                    which inspects it when its break-even bribe beats waiving, as above, and
                    waives otherwise; one choice per set of convoy cards (their order does
                    not matter: the controller picks the cards to turn)
==================  ==========================================================================

The uniform belief ignores what the players' choices reveal; so do these
models. They are the coach's starting point, as the lessons' are, and a
learner may beat them by reading the table.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from fractions import Fraction
from functools import lru_cache
from itertools import product
from math import ceil
from typing import Any

from prohis_nb.analysis.convoy_ev import (
    break_even_bribe,
    catch_chance,
    rest_of_inspection,
    smuggler_inspected,
    smuggler_passes,
)
from prohis_nb.analysis.odds import catch_probability
from prohis_nb.coach.advice import Advice, Choice, Verdict
from prohis_nb.coach.prohis_beliefs import place_beliefs, pool_share, unseen_pool
from prohis_nb.core.legal import group_by_act
from prohis_nb.errors import IllegalActionError, excerpt
from prohis_nb.prohis.actions import Action
from prohis_nb.prohis.bribes import Bribes
from prohis_nb.prohis.cards import (
    CONTROLLER_KINDS,
    HAND_VALUE,
    HAND_VALUES,
    KINDS,
    RANK,
    WAREHOUSE_VALUE,
    WAREHOUSE_VALUES,
)
from prohis_nb.prohis.views import SeatView, check_view
from prohis_nb.text import count, money, percent

__all__ = ["advise", "judge", "bribe_value", "MOST_PER_KIND"]

#: Bribes are grouped by size; the best of each size is found among the bribes
#: with at most this many cards of each kind (a stacked hand of hundreds of
#: cards allows billions of bribes: never list them).
MOST_PER_KIND = 4

MODEL_CONTROL = (
    "You become the controller (no later seat outbids you) and no bribe is offered; you then "
    "inspect or waive, whichever is worth more, the convoy being random unseen cards."
)
MODEL_OUTBID = (
    "A card of equal or higher rank is already played: yours would come back to your hand."
)
MODEL_DECLINE = "Declining changes nothing on this convoy."
MODEL_BRIBE = (
    "The controller accepts a bribe worth at least its break-even bribe (its expected gain from "
    "inspecting, as you can estimate it) and more than any offer it turned down; it inspects "
    "after a rejection."
)
MODEL_NO_BRIBE = (
    "Offered nothing, the controller inspects when its break-even bribe (as you can estimate "
    "it) is more than waiving brings, and waives otherwise; after a rejected bribe it must "
    "inspect."
)
MODEL_ACCEPT = "Accepting puts the bribe's cards in your warehouse."
MODEL_REJECT = (
    "A rejection obliges you to inspect (a further offer, where the rules allow one, is not "
    "counted); the convoy is random unseen cards."
)
MODEL_INSPECT = (
    "The convoy's face-down cards are random unseen cards; you turn as many as your rank allows."
)
MODEL_WAIVE = "Waiving puts your controller card in your warehouse."
MODEL_TURN_CARD = (
    "The face-down cards are random unseen cards, so every one is alike; the value is what the "
    "rest of the inspection is expected to bring."
)
MODEL_DRAW = (
    "A card drawn counts at its hand value (what it adds if the game ended now); a pile card on "
    "average over the cards you cannot place."
)
MODEL_CONVOY = (
    "The strongest controller card you know an opponent holds controls the convoy (it passes "
    "uncontrolled if you know of none); offered no bribe, it inspects when that is worth more "
    "to it than waiving (its belief as you can estimate it); later turns are not counted."
)
MODEL_PASS = "Passing changes nothing now."
MODEL_STOP = "Stopping after one card changes nothing more."


# ---------------------------------------------------------------- small helpers


def _check_view(view: Any) -> SeatView:
    if not isinstance(view, SeatView):
        what = "the teacher's view" if getattr(view, "omniscient", False) else type(view).__name__
        raise TypeError(
            f"the Prohis coach reads one seat's view (game.view(seat)), not {what}: it may "
            f"only use what that seat knows"
        )
    check_view(view)  # a view altered by hand: refused once, with a ViewError
    return view


def _cards_text(cards: tuple[str, ...] | list[str]) -> str:
    """``2 legal, 1 illegal`` for a set of cards (the fixed kind order)."""
    tally = Counter(cards)
    return ", ".join(f"{tally[k]} {k}" for k in KINDS if tally[k])


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _worth(cards: Iterable[str]) -> int:
    return sum(WAREHOUSE_VALUE[c] for c in cards)


def _waive_value(view: SeatView, card: str) -> int:
    return 0 if view.rules.waiver_keeps_card else WAREHOUSE_VALUE[card] - HAND_VALUE[card]


class _Draft:
    """A choice being built: exact value kept until the best is known."""

    __slots__ = ("label", "value", "action", "model", "details")

    def __init__(self, label: str, value: Any, action: Any, model: str, **details: Any) -> None:
        self.label, self.value, self.action, self.model = label, Fraction(value), action, model
        self.details = details

    def done(self, best: Fraction) -> Choice:
        details = {"exact_value": self.value, **self.details}
        return Choice(
            label=self.label,
            value=float(self.value),
            action=self.action,
            best=self.value == best,
            model=self.model,
            details=details,
        )


def _finish(view: SeatView, drafts: list[_Draft], why: str, beliefs: Any) -> Advice:
    best = max(d.value for d in drafts)
    return Advice(
        game="prohis",
        seat=view.seat,
        deciding=True,
        beliefs=beliefs,
        choices=tuple(d.done(best) for d in drafts),
        why=why,
    )


#: Among tied best choices the sentence talks about the one that does least.
_PLAIN = ("decline", "no_bribe", "pass", "stop")


def _top(drafts: list[_Draft]) -> _Draft:
    """The best draft the sentence talks about: the plainest one among ties."""
    best = max(d.value for d in drafts)
    tied = [d for d in drafts if d.value == best]
    return next((d for d in tied if d.action.act in _PLAIN), tied[0])


# ---------------------------------------------------------------- the decisions


def _control(view: SeatView, pool: Any) -> tuple[list[_Draft], str]:
    convoy = view.convoy
    assert convoy is not None
    size = len(convoy.cards)
    played = max((RANK[card] for _seat, card in convoy.controls), default=0)
    drafts: list[_Draft] = []
    for action in view.legal_actions:
        if action.act == "decline":
            drafts.append(_Draft("decline", 0, action, MODEL_DECLINE))
            continue
        card = action.card
        if RANK[card] <= played:
            drafts.append(_Draft(f"control with your {card}", 0, action, MODEL_OUTBID, outbid=True))
            continue
        inspect = break_even_bribe(pool, size, card)
        waive = _waive_value(view, card)
        drafts.append(
            _Draft(
                f"control with your {card}",
                max(inspect, waive),
                action,
                MODEL_CONTROL,
                card=card,
                catch_chance=catch_chance(pool, size, card),
                inspect_value=inspect,
                waive_value=waive,
                break_even_bribe=inspect,
            )
        )
    top = _top(drafts)
    if top.action.act == "decline" or "inspect_value" not in top.details:
        why = "Declining is best: no controller card of yours is expected to gain on this convoy."
    else:
        d = top.details
        then = "inspect" if d["inspect_value"] > d["waive_value"] else "waive"
        why = (
            f"Control with your {d['card']}: it catches this convoy with probability "
            f"{percent(d['catch_chance'])}, so you would {then} and expect {money(top.value)}, "
            f"against $0 for declining."
        )
    return drafts, why


def _smuggler_estimate(view: SeatView) -> tuple[int, ...]:
    """The pool the controller draws the convoy from, as the smuggler can estimate it.

    The controller cannot place the smuggler's convoy, nor the part of its hand
    not known to all; add those to the cards the smuggler cannot place.
    """
    convoy = view.convoy
    assert convoy is not None
    pool = Counter(dict(zip(KINDS, unseen_pool(view))))
    pool.update(card for card in convoy.cards if card is not None)
    pool.update(Counter(view.hand) - Counter(view.seats[view.seat].known_to_all))
    return tuple(pool[kind] for kind in KINDS)


class _BribeModel:
    """The smuggler's bribe model (module docstring), worked out once per view.

    ``b_star``: the controller's break-even bribe as the smuggler can estimate
    it; ``floor``: the most an offer already turned down was worth; a bribe is
    accepted when worth at least ``b_star`` and more than ``floor``. Offered
    nothing, the controller inspects when ``b_star`` beats waiving, and must
    inspect after a rejected bribe.
    """

    def __init__(self, view: SeatView) -> None:
        convoy = view.convoy
        if convoy is None or convoy.controller_card is None or view.seat != convoy.smuggler:
            raise ValueError("a bribe is valued by the smuggler of a controlled convoy")
        self.convoy = tuple(c for c in convoy.cards if c is not None)
        self.card = card = convoy.controller_card
        self.b_star = break_even_bribe(_smuggler_estimate(view), len(self.convoy), card)
        rejected = convoy.rejected_bribes or ()
        self.floor = max((_worth(b) for b in rejected), default=None)
        self.inspects = bool(rejected) or self.b_star > _waive_value(view, card)
        self.inspected = smuggler_inspected(self.convoy, card)
        self.passes = smuggler_passes(self.convoy)

    def accepted(self, worth: int) -> bool:
        return worth >= self.b_star and (self.floor is None or worth > self.floor)

    def value(self, cards: tuple[str, ...]) -> Fraction:
        """The smuggler's expected gain from offering ``cards`` (``()``: nothing)."""
        if not cards:
            return Fraction(self.inspected if self.inspects else self.passes)
        if self.accepted(_worth(cards)):
            return Fraction(self.passes - sum(HAND_VALUE[c] for c in cards))
        return Fraction(self.inspected)


def bribe_value(view: SeatView, cards: tuple[str, ...] | list[str]) -> dict[str, Any]:
    """The smuggler's expected gain from offering ``cards`` (``()``: no bribe), and why.

    Returns ``{"value", "break_even", "worth", "accepted", "inspects"}`` (the
    model of the module docstring: the controller accepts a bribe worth at
    least its break-even bribe, as the smuggler can estimate it, and more
    than any offer it already turned down; ``inspects``: whether it inspects
    a convoy offered nothing).
    """
    model = _BribeModel(_check_view(view))
    cards = tuple(cards)
    worth = _worth(cards)
    return {
        "value": model.value(cards),
        "break_even": model.b_star,
        "worth": worth,
        "accepted": model.accepted(worth) if cards else None,
        "inspects": model.inspects,
    }


def _bribe_sizes(
    view: SeatView, model: _BribeModel
) -> dict[int, tuple[Fraction, Action, dict[str, Any]]]:
    """The best bribe of every size (among those with at most MOST_PER_KIND cards of a kind)."""
    family = group_by_act(view.legal_actions).get("bribe", ())
    if not family:
        return {}
    candidates: Iterable[tuple[int, ...]]
    if isinstance(family, Bribes):
        candidates = product(*(range(min(c, MOST_PER_KIND) + 1) for c in family.hand))
        lookup = family.action_for
    else:  # a plain tuple of bribe actions
        listed = {tuple(Counter(a.cards)[k] for k in KINDS): a for a in family}
        candidates = listed
        lookup = None
    # The model in whole numbers (this loop may see thousands of bribes): a bribe of worth
    # w is accepted when w >= b* (so w >= ceil(b*)) and w > the floor. Per size, keep the
    # accepted bribe that costs least, and the first refused one (all refused ones are alike).
    threshold = ceil(model.b_star)
    floor = -1 if model.floor is None else model.floor
    accepted: dict[int, tuple[int, Action, tuple[str, ...], int]] = {}
    refused: dict[int, tuple[Action, tuple[str, ...], int]] = {}
    for counts in candidates:
        size = sum(counts)
        if not size:
            continue
        worth = sum(n * w for n, w in zip(counts, WAREHOUSE_VALUES))
        if worth >= threshold and worth > floor:
            value = model.passes - sum(n * h for n, h in zip(counts, HAND_VALUES))
            if size in accepted and accepted[size][0] >= value:
                continue
        elif size in refused:
            continue
        cards = tuple(k for k, n in zip(KINDS, counts) for _ in range(n))
        action = lookup(cards) if lookup is not None else listed[counts]
        if action is None:  # offered and rejected already
            continue
        if worth >= threshold and worth > floor:
            accepted[size] = (value, action, cards, worth)
        else:
            refused[size] = (action, cards, worth)
    best: dict[int, tuple[Fraction, Action, dict[str, Any]]] = {}
    for size in set(accepted) | set(refused):
        if size in accepted and (size not in refused or accepted[size][0] >= model.inspected):
            value, action, cards, worth = accepted[size]
            exact = Fraction(value)
        else:
            action, cards, worth = refused[size]
            exact = Fraction(model.inspected)
        details = {
            "cards": cards,
            "bribe_worth": worth,
            "break_even_bribe": model.b_star,
            "accepted": model.accepted(worth),
            "bribe_shortfall": max(Fraction(0), model.b_star - worth),
        }
        best[size] = (exact, action, details)
    return dict(sorted(best.items()))


def _bribe(view: SeatView) -> tuple[list[_Draft], str]:
    model = _BribeModel(view)
    drafts: list[_Draft] = []
    for size, (value, action, details) in _bribe_sizes(view, model).items():
        verdict = (
            "accepted" if details["accepted"] else f"{money(details['bribe_shortfall'])} short"
        )
        drafts.append(
            _Draft(
                f"bribe of {count(size, 'card')}: {_cards_text(details['cards'])} "
                f"(worth {money(details['bribe_worth'])} to the controller; {verdict})",
                value,
                action,
                MODEL_BRIBE,
                size=size,
                **details,
            )
        )
    # (never iterate the legal actions here: the bribes may be millions)
    no_bribe = next(iter(group_by_act(view.legal_actions).get("no_bribe", ())), None)
    if no_bribe is not None:
        drafts.append(
            _Draft(
                "no more bribes (inspection)" if model.floor is not None else "no bribe",
                model.value(()),
                no_bribe,
                MODEL_NO_BRIBE,
                size=0,
                break_even_bribe=model.b_star,
                controller_inspects=model.inspects,
            )
        )
    top = _top(drafts)
    b_star = money(model.b_star)
    if top.action.act == "no_bribe":
        if not model.inspects:
            why = (
                f"Offer nothing: the controller's break-even bribe is about {b_star}, less than "
                f"waiving brings it, so it should let your convoy pass for free."
            )
        else:
            why = (
                f"Offer nothing: a bribe the controller should accept (about {b_star}) costs "
                f"you more than the inspection it saves."
            )
    else:
        d = top.details
        why = (
            f"Offer {_cards_text(d['cards'])}: worth {money(d['bribe_worth'])} to the controller, "
            f"at least its break-even bribe of about {b_star}, so it should accept and you "
            f"expect {money(top.value)}."
        )
    return drafts, why


def _bribe_answer(view: SeatView, pool: Any) -> tuple[list[_Draft], str]:
    convoy = view.convoy
    assert convoy is not None and convoy.bribe is not None and convoy.controller_card
    card = convoy.controller_card
    size = len(convoy.cards)
    b_star = break_even_bribe(pool, size, card)
    worth = _worth(convoy.bribe)
    catch = catch_chance(pool, size, card)
    drafts = []
    for action in view.legal_actions:
        if action.act == "accept":
            drafts.append(
                _Draft("accept the bribe", worth, action, MODEL_ACCEPT, bribe_worth=worth)
            )
        else:
            drafts.append(
                _Draft(
                    "reject the bribe (and inspect)",
                    b_star,
                    action,
                    MODEL_REJECT,
                    break_even_bribe=b_star,
                    catch_chance=catch,
                )
            )
    if worth >= b_star:
        why = (
            f"Accept: the bribe is worth {money(worth)} in your warehouse, at least the "
            f"{money(b_star)} an inspection is expected to bring (it catches the convoy with "
            f"probability {percent(catch)})."
        )
    else:
        why = (
            f"Reject: an inspection is expected to bring {money(b_star)} (it catches the convoy "
            f"with probability {percent(catch)}), more than the {money(worth)} the bribe is worth."
        )
    return drafts, why


def _inspect_or_waive(view: SeatView, pool: Any) -> tuple[list[_Draft], str]:
    convoy = view.convoy
    assert convoy is not None and convoy.controller_card
    card = convoy.controller_card
    size = len(convoy.cards)
    inspect = break_even_bribe(pool, size, card)
    waive = _waive_value(view, card)
    catch = catch_chance(pool, size, card)
    drafts = []
    for action in view.legal_actions:
        if action.act == "inspect":
            drafts.append(
                _Draft(
                    "inspect",
                    inspect,
                    action,
                    MODEL_INSPECT,
                    catch_chance=catch,
                    break_even_bribe=inspect,
                )
            )
        else:
            drafts.append(_Draft("waive", waive, action, MODEL_WAIVE))
    if inspect > waive or all(d.label == "inspect" for d in drafts):
        why = (
            f"Inspect: your {card} catches this convoy with probability {percent(catch)}, so "
            f"inspecting is expected to bring {money(inspect)}, against {money(waive)} for waiving."
        )
    else:
        why = (
            f"Waive: your {card} catches this convoy with probability only {percent(catch)}, so "
            f"inspecting is expected to bring {money(inspect)}, less than the sure "
            f"{money(waive)} of waiving."
        )
    return drafts, why


def _inspection(view: SeatView, pool: Any) -> tuple[list[_Draft], str]:
    convoy = view.convoy
    assert convoy is not None and convoy.controller_card
    card = convoy.controller_card
    hidden = sum(c is None for c in convoy.cards)
    turned = tuple(c for c, t in zip(convoy.cards, convoy.turned) if t and c is not None)
    left = convoy.turn_limit - convoy.turns_done
    rest = rest_of_inspection(pool, hidden, turned, card, left)
    catch = catch_chance(pool, hidden, card, left)
    drafts = [
        _Draft(
            f"turn card {action.position}",
            rest,
            action,
            MODEL_TURN_CARD,
            catch_chance=catch,
            turns_left=left,
        )
        for action in view.legal_actions
    ]
    why = (
        f"Turn any card: under your belief each face-down card is as likely as another to be "
        f"illegal (the smuggler's order tells you nothing); the rest of the inspection catches "
        f"the convoy with probability {percent(catch)} and is expected to bring {money(rest)}."
    )
    return drafts, why


def _strongest_known_controller(view: SeatView) -> str | None:
    """The highest controller card this seat knows an opponent (still playing) holds."""
    ranks = [
        RANK[card]
        for info in view.seats
        if info.seat != view.seat and not info.out
        for card in info.known_in_hand
        if card in RANK
    ]
    return CONTROLLER_KINDS[max(ranks) - 1] if ranks else None


def _take_label(view: SeatView, action: Action) -> str:
    if action.source == "pile":
        return "draw from the pile"
    return f"take the {view.row[action.slot]} from the row (slot {action.slot})"


def _turn(view: SeatView, pool: Any) -> tuple[list[_Draft], str]:
    share = pool_share(pool)
    pile_value = sum((p * HAND_VALUE[k] for k, p in share.items()), Fraction(0))
    opponent = _strongest_known_controller(view)
    # What a controller cannot place: the cards this seat cannot place, and the part of its
    # hand the others do not know (the convoy will be made of those).
    hidden_from_others = Counter(view.hand) - Counter(view.seats[view.seat].known_to_all)
    estimate = tuple(n + hidden_from_others[kind] for kind, n in zip(KINDS, pool))
    drafts: list[_Draft] = []
    convoys: dict[tuple[str, ...], _Draft] = {}
    for action in view.legal_actions:
        act = action.act
        if act == "take":
            if action.source == "pile":
                drafts.append(_Draft(_take_label(view, action), pile_value, action, MODEL_DRAW))
            else:
                card = view.row[action.slot]
                drafts.append(
                    _Draft(
                        _take_label(view, action), HAND_VALUE[card], action, MODEL_DRAW, card=card
                    )
                )
        elif act == "convoy":
            key = tuple(sorted(action.cards, key=KINDS.index))
            if key in convoys:
                continue
            if opponent is None:
                value, catch, inspects, b_star = Fraction(smuggler_passes(key)), None, None, None
            else:
                b_star = break_even_bribe(estimate, len(key), opponent)
                inspects = b_star > _waive_value(view, opponent)
                tally = Counter(key)
                controllers = sum(tally[k] for k in CONTROLLER_KINDS)
                catch = catch_probability(len(key), tally["illegal"], controllers, opponent)
                if inspects:
                    value = smuggler_inspected(key, opponent)
                else:
                    value, catch = Fraction(smuggler_passes(key)), Fraction(0)
            draft = _Draft(
                f"convoy of {_cards_text(key)}",
                value,
                action,
                MODEL_CONVOY,
                cards=key,
                controller_card=opponent,
                controller_inspects=inspects,
                break_even_bribe=b_star,
                catch_chance=catch,
            )
            convoys[key] = draft
            drafts.append(draft)
        elif act == "pass":
            drafts.append(_Draft("pass", 0, action, MODEL_PASS))
        else:  # "stop"
            drafts.append(_Draft("stop drawing", 0, action, MODEL_STOP))
    top = _top(drafts)
    if top.action.act == "convoy":
        d = top.details
        if not d["controller_card"]:
            against = "with no controller card known against it"
        elif d["controller_inspects"]:
            against = (
                f"against the {d['controller_card']} you know an opponent holds (it would "
                f"catch it with probability {percent(d['catch_chance'])})"
            )
        else:
            against = (
                f"the {d['controller_card']} you know an opponent holds should waive rather "
                f"than inspect (its break-even bribe is about {money(d['break_even_bribe'])}), so"
            )
        why = (
            f"Send a convoy of {_cards_text(d['cards'])}: {against}, it is expected to add "
            f"{money(top.value)}."
        )
    elif top.action.act == "take":
        why = (
            f"{_capital(top.label)}: it adds {money(top.value)} to your hand's value, the most "
            f"any move adds now."
        )
    else:
        why = f"{_capital(top.label)}: no other move adds to your score now."
    return drafts, why


_DECISIONS = {
    "control": _control,
    "bribe_answer": _bribe_answer,
    "inspect_or_waive": _inspect_or_waive,
    "inspection": _inspection,
    "turn": _turn,
    "second_pick": _turn,
}


# ---------------------------------------------------------------- the two questions


def advise(view: SeatView) -> Advice:
    """What ``view.seat`` may believe, and every legal choice it has with its value.

    Raises ``TypeError`` for anything but a Prohis seat's view. Equal views
    get the same answer, so the last few are remembered (a widget asks for
    the advice, then for the verdict on the move taken, at the same view):
    treat the answer as read-only.
    """
    view = _check_view(view)
    try:
        return _remembered(view)
    except TypeError:  # a view holding something unhashable: work it out again
        return _advise(view)


@lru_cache(maxsize=32)
def _remembered(view: SeatView) -> Advice:
    return _advise(view)


def _advise(view: SeatView) -> Advice:
    pool = unseen_pool(view)
    beliefs = place_beliefs(view, pool)
    if view.ended or not view.my_turn or view.decision is None:
        if view.ended:
            why = "The game is over."
        else:
            why = f"It is not your decision: {view.decision.text}."  # type: ignore[union-attr]
        return Advice("prohis", view.seat, False, beliefs, (), why)
    kind = view.decision.kind
    if kind == "bribe":
        drafts, why = _bribe(view)
    else:
        drafts, why = _DECISIONS[kind](view, pool)
    return _finish(view, drafts, why, beliefs)


def _as_action(view: SeatView, action: Any) -> Action:
    if isinstance(action, Mapping):
        data = dict(action)
        data.setdefault("seat", view.seat)
        action = Action.from_json(data)
    elif isinstance(action, Action):
        action = Action.checked(action)
    else:
        raise IllegalActionError(
            f"judge takes a Prohis action (an Action or its record form), got {excerpt(action)}"
        )
    if action not in view.legal_actions:
        raise IllegalActionError(
            f"{action} is not a legal choice for seat {view.seat} here "
            f"({view.decision.text}); the coach judges legal moves only"  # type: ignore[union-attr]
        )
    return action


def _value_of(view: SeatView, advice: Advice, action: Action) -> tuple[Fraction, Choice | None]:
    """The action's exact value and the choice (or group) it belongs to."""
    if action.act == "bribe":
        data = bribe_value(view, action.cards)
        group = next(
            (c for c in advice.choices if c.details.get("size") == len(action.cards)), None
        )
        return Fraction(data["value"]), group
    if action.act == "convoy":
        key = tuple(sorted(action.cards, key=KINDS.index))
        choice = next(c for c in advice.choices if c.details.get("cards") == key)
        return choice.details["exact_value"], choice
    choice = next(c for c in advice.choices if c.action == action)
    return choice.details["exact_value"], choice


def judge(view: SeatView, action: Any) -> Verdict:
    """A verdict on ``action``, taken by ``view.seat`` at the state ``view`` shows.

    ``loss`` is the best choice's value minus the action's (0 for a best
    move). Raises ``IllegalActionError`` when the seat has no decision or the
    action is not one of its legal choices, ``TypeError`` for a wrong view.
    """
    view = _check_view(view)
    if view.ended or not view.my_turn:
        raise IllegalActionError(
            f"seat {view.seat} has no decision to judge here "
            f"({'the game is over' if view.ended else view.decision.text})"  # type: ignore[union-attr]
        )
    action = _as_action(view, action)
    advice = advise(view)
    value, choice = _value_of(view, advice, action)
    top = next(c for c in advice.choices if c.best)
    best_value = top.details["exact_value"]
    loss = max(Fraction(0), best_value - value)
    if action.act == "bribe":
        text = _bribe_text(view, action, value, top, loss)
    elif loss == 0:
        only = len(advice.choices) == 1
        label = choice.label if choice is not None else str(action)
        text = (
            f"{_capital(label)} was the only choice."
            if only
            else f"A best choice: {label}, expected {money(value)}."
        )
    else:
        label = choice.label if choice is not None else str(action)
        text = (
            f"{_capital(label)} was expected to bring {money(value)}, "
            f"{money(loss)} less than {top.label} ({money(best_value)})."
        )
    return Verdict(seat=view.seat, action=action, loss=float(loss), text=text, best=loss == 0)


def _bribe_text(view: SeatView, action: Action, value: Any, top: Choice, loss: Any) -> str:
    data = bribe_value(view, action.cards)
    b_star, worth = data["break_even"], data["worth"]
    if not data["accepted"]:
        if worth < b_star:
            reason = (
                f"This bribe was {money(b_star - worth)} below what the controller needed to "
                f"accept ({money(b_star)})"
            )
        else:
            reason = "This bribe was no more than one the controller already turned down"
    elif loss:
        reason = "This bribe should be accepted, but it gives away more than needed"
    else:
        return (
            f"A best choice: this bribe (worth {money(worth)} to the controller) should be "
            f"accepted."
        )
    if loss:
        return f"{reason}: {money(loss)} less than {top.label} ({money(top.value)})."
    return f"{reason}; under the model nothing did better."
