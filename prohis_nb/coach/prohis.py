"""The Prohis coach: every legal choice of one seat, valued from that seat's view alone.

:func:`advise` reads a :class:`~prohis_nb.prohis.views.SeatView` (never the
game, never the teacher's view) and returns an
:class:`~prohis_nb.coach.advice.Advice`: what the seat may believe about each
hidden place (:mod:`prohis_nb.coach.prohis_beliefs`), and each legal choice
with its expected value under a model stated in one sentence
(``Choice.model``). :func:`judge` says how a move compares with the best.

Values are **changes of the seat's final score in dollars from this decision
alone**, as in :mod:`prohis_nb.analysis.payoffs`: measured against every card
staying where it is (on a turn: against every card in hand becoming what it
can become later). The models, decision by decision:

==================  ==========================================================================
decision            model
==================  ==========================================================================
control / decline   you become the controller (nobody outbids you) and no bribe comes; you
                    then inspect or waive, whichever is worth more; inspecting is worth ``b*``,
                    the break-even bribe, over your exact belief about the convoy
                    (``view.knowledge``: a blind pick from the smuggler's possible hand);
                    declining is $0
bribe (smuggler)    the controller accepts a bribe worth at least its break-even bribe ``b*``
                    (estimated from the public history: the mean of what the controller
                    computes, over the cards it may hold), and more than any offer it turned
                    down; it inspects after a rejection; offered nothing, it inspects when
                    ``b*`` beats waiving (it must, after a rejected bribe). One choice per
                    bribe size: the best bribe of that size
accept / reject     accepting banks the bribe; rejecting obliges you to inspect (``b*``)
inspect / waive     inspecting is worth ``b*``; waiving banks your card ($2,000; $0 under
                    ``waiver_keeps_card``)
turn a card         the rest of the inspection (:func:`~prohis_nb.analysis.convoy_ev.
                    inspection_value` over your exact belief about the face-down cards);
                    every face-down card is alike under the belief
draw / convoy /     a card is worth what it can become (:class:`_Later`): a good shipped later
pass (your turn)    at its catch chance, a controller card kept; a convoy is valued against
                    shipping the same cards later; one choice per set of convoy cards. Draws
                    and convoys are **not ranked against each other** while you have a later
                    turn (the model does not count the turns left): no choice is marked
                    best, the best of each group is (``details["best_in_group"]``)
==================  ==========================================================================

The exact belief is a model of the cards (a uniform shuffle, every hidden
choice any of the physical cards alike); it ignores what the players' choices
reveal, and so do these values. They are the coach's starting point, as the
lessons' are, and a learner may beat them by reading the table.
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
    Belief,
    as_belief,
    belief_catch_chance,
    inspection_value,
    smuggler_inspected,
    smuggler_passes,
)
from prohis_nb.analysis.odds import catch_probability, rank_of
from prohis_nb.coach.advice import Advice, Choice, Verdict
from prohis_nb.coach.prohis_beliefs import place_beliefs
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
from prohis_nb.prohis.knowledge import ProhisKnowledge, publicize
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
    "A card drawn is worth what it can become. A good is shipped later in a convoy of two (it "
    "and a legal good) that meets the strongest controller card you know an opponent holds, "
    "which inspects when its break-even bribe (from the public history) beats waiving: an "
    "illegal good passes unless that inspection catches it, and is then worth its warehouse "
    "value; a legal good passes. A controller card is kept (its hand value). On your last turn "
    "a card stays in your hand (its hand value). A pile card: on average over your exact belief "
    "about the pile."
)
MODEL_CONVOY = (
    "The strongest controller card you know an opponent holds controls the convoy (it passes "
    "uncontrolled if you know of none); offered no bribe, it inspects when its break-even bribe "
    "(from the public history: the convoy a blind pick from your hand as everyone knows it) "
    "beats waiving. Valued against keeping the same cards to ship later, each at what it can "
    "become."
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

    def done(self, best: Fraction | None, group_best: Fraction) -> Choice:
        details = {"exact_value": self.value, **self.details}
        if best is None:  # not ranked across groups: the best of its group is marked in details
            details["best_in_group"] = self.value == group_best
        return Choice(
            label=self.label,
            value=float(self.value),
            action=self.action,
            best=best is not None and self.value == best,
            model=self.model,
            details=details,
        )


def _group(draft: _Draft) -> str:
    """A choice's group at a turn: ``"draw"``, ``"convoy"`` or the act itself."""
    act = draft.action.act
    return "draw" if act == "take" else act


def _finish(
    view: SeatView, drafts: list[_Draft], why: str, beliefs: Any, ranked: bool = True
) -> Advice:
    """The advice; ``ranked`` False: no choice is marked best, only the best of each group."""
    best = max(d.value for d in drafts) if ranked else None
    group_best: dict[str, Fraction] = {}
    for d in drafts:
        group = _group(d)
        group_best[group] = max(group_best.get(group, d.value), d.value)
    return Advice(
        game="prohis",
        seat=view.seat,
        deciding=True,
        beliefs=beliefs,
        choices=tuple(d.done(best, group_best[_group(d)]) for d in drafts),
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


def _convoy_belief(view: SeatView) -> Belief:
    """This seat's exact belief about the convoy's face-down cards (``view.knowledge``).

    A convoy is a blind pick from the smuggler's possible hand (the model of
    :mod:`prohis_nb.core.knowledge`): a captain dealt in the open to the
    smuggler may be in it, a pile card may not.
    """
    knowledge = view.knowledge
    assert knowledge is not None, "a seat's view carries its knowledge"
    return as_belief(knowledge.distribution("convoy"))


def _public_knowledge(view: SeatView, until_offers: bool = False) -> ProhisKnowledge:
    """What everyone knows of the cards (the public history): the smuggler's estimate of a
    controller's belief, before the controller's own cards are counted.

    ``until_offers``: the history up to the first offer of the convoy on the
    table (the offers after it are left out: what a rejected offer tells the
    controller is its own, and telling apart offers of hundreds of cards that
    nobody else saw would cost more than it is worth to an estimate).
    """
    knowledge = view.knowledge
    assert knowledge is not None, "a seat's view carries its knowledge"
    observations = knowledge.observations
    if until_offers:
        last = max(i for i, o in enumerate(observations) if o[0] == "convoy")
        end = next(
            (i for i in range(last, len(observations)) if observations[i][0] == "bribe"),
            len(observations),
        )
        observations = observations[:end]
    public = tuple(publicize(observation) for observation in observations)
    return ProhisKnowledge(None, view.players, view.rules.bribe_rounds, public)


def _break_even(belief: Belief, card: str) -> Fraction:
    """``b*``: the controller's expected gain from inspecting a whole face-down convoy."""
    size = sum(belief[0][0])
    return inspection_value(belief, (), card, min(rank_of(card), size))


def _control(view: SeatView) -> tuple[list[_Draft], str]:
    convoy = view.convoy
    assert convoy is not None
    played = max((RANK[card] for _seat, card in convoy.controls), default=0)
    belief: Belief | None = None
    drafts: list[_Draft] = []
    for action in view.legal_actions:
        if action.act == "decline":
            drafts.append(_Draft("decline", 0, action, MODEL_DECLINE))
            continue
        card = action.card
        if RANK[card] <= played:
            drafts.append(_Draft(f"control with your {card}", 0, action, MODEL_OUTBID, outbid=True))
            continue
        if belief is None:
            belief = _convoy_belief(view)
        inspect = _break_even(belief, card)
        waive = _waive_value(view, card)
        drafts.append(
            _Draft(
                f"control with your {card}",
                max(inspect, waive),
                action,
                MODEL_CONTROL,
                card=card,
                catch_chance=belief_catch_chance(belief, card),
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


class _BribeModel:
    """The smuggler's bribe model (module docstring), worked out once per view.

    ``b_star``: the controller's break-even bribe as the smuggler can estimate
    it (from the public history: the convoy a blind pick from the smuggler's
    hand as everyone knows it; the mean of what the controller computes, over
    the cards the controller may hold); ``floor``: the most an offer already
    turned down was worth; a bribe is accepted when worth at least ``b_star``
    and more than ``floor``. Offered nothing, the controller inspects when
    ``b_star`` beats waiving, and must inspect after a rejected bribe.
    """

    def __init__(self, view: SeatView) -> None:
        convoy = view.convoy
        if convoy is None or convoy.controller_card is None or view.seat != convoy.smuggler:
            raise ValueError("a bribe is valued by the smuggler of a controlled convoy")
        self.convoy = tuple(c for c in convoy.cards if c is not None)
        self.card = card = convoy.controller_card
        public = _public_knowledge(view, until_offers=True)
        self.b_star = _break_even(as_belief(public.distribution("convoy")), card)
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


def _bribe_answer(view: SeatView) -> tuple[list[_Draft], str]:
    convoy = view.convoy
    assert convoy is not None and convoy.bribe is not None and convoy.controller_card
    card = convoy.controller_card
    belief = _convoy_belief(view)
    b_star = _break_even(belief, card)
    worth = _worth(convoy.bribe)
    catch = belief_catch_chance(belief, card)
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


def _inspect_or_waive(view: SeatView) -> tuple[list[_Draft], str]:
    convoy = view.convoy
    assert convoy is not None and convoy.controller_card
    card = convoy.controller_card
    belief = _convoy_belief(view)
    inspect = _break_even(belief, card)
    waive = _waive_value(view, card)
    catch = belief_catch_chance(belief, card)
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


def _inspection(view: SeatView) -> tuple[list[_Draft], str]:
    convoy = view.convoy
    assert convoy is not None and convoy.controller_card
    card = convoy.controller_card
    turned = tuple(c for c, t in zip(convoy.cards, convoy.turned) if t and c is not None)
    left = convoy.turn_limit - convoy.turns_done
    belief = _convoy_belief(view)  # the face-down cards only
    rest = inspection_value(belief, turned, card, left)
    catch = belief_catch_chance(belief, card, left)
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


def _has_later_turn(view: SeatView) -> bool:
    """Whether this seat plays another turn after this one (always, before the final round)."""
    if not view.final_round:
        return True
    queue = view.final_turns
    later = queue[1:] if queue[:1] == (view.seat,) else queue
    return view.seat in later


class _Later:
    """What a card in this seat's hand can become (the turn's model, module docstring).

    A good is shipped later in a convoy of 2 (it and a legal good) that meets
    the strongest controller card the seat knows an opponent holds; that
    controller inspects when its break-even bribe (from the public history:
    a convoy of 2 picked blindly from this seat's hand) beats waiving, and
    waives otherwise. So an illegal good passes with probability ``1 − q``
    (``q`` the catch chance of that inspection, 0 when it waives or no
    controller card is known) and is then worth its warehouse value; a legal
    good passes. A controller card is kept (its hand value). With no turn
    left (the final round), every card stays in hand: its hand value.
    """

    def __init__(self, view: SeatView) -> None:
        self.view = view
        self.opponent = _strongest_known_controller(view)
        self.later = _has_later_turn(view)
        self._public: ProhisKnowledge | None = None
        self._inspects: dict[int, tuple[bool, Fraction | None]] = {}

    def inspects(self, size: int) -> tuple[bool, Fraction | None]:
        """Whether the opponent's card inspects a convoy of ``size`` from this hand, and its b*."""
        if size not in self._inspects:
            opponent = self.opponent
            assert opponent is not None
            seat = self.view.seat
            if self._public is None:
                self._public = _public_knowledge(self.view)
            model = self._public.model
            hand, convoy = f"hand {seat}", f"convoy {seat}"
            if model.size(hand) < size:
                self._inspects[size] = (True, None)  # not enough cards yet: no estimate
            else:
                moved = model.move(hand, convoy, size)
                b_star = _break_even(as_belief(moved.distribution(convoy)), opponent)
                self._inspects[size] = (b_star > _waive_value(self.view, opponent), b_star)
        return self._inspects[size]

    def catch(self, kind: str) -> Fraction:
        """``q``: the chance a good of ``kind`` shipped later is caught."""
        if kind != "illegal" or self.opponent is None:
            return Fraction(0)
        inspects, _b_star = self.inspects(2)
        return catch_probability(2, 1, 0, self.opponent) if inspects else Fraction(0)

    def future(self, kind: str) -> Fraction:
        """What a card of ``kind`` in hand is worth at the end, under the model."""
        if not self.later or kind in CONTROLLER_KINDS:
            return Fraction(HAND_VALUE[kind])
        return (1 - self.catch(kind)) * WAREHOUSE_VALUE[kind]


def _turn(view: SeatView) -> tuple[list[_Draft], str, bool]:
    later = _Later(view)
    knowledge = view.knowledge
    assert knowledge is not None, "a seat's view carries its knowledge"
    opponent = later.opponent
    drafts: list[_Draft] = []
    convoys: dict[tuple[str, ...], _Draft] = {}
    for action in view.legal_actions:
        act = action.act
        if act == "take":
            if action.source == "pile":
                pile = knowledge.expected("pile")
                size = view.pile_size
                chances = {k: Fraction(n) / size for k, n in pile.items() if n}
                value = sum((p * later.future(k) for k, p in chances.items()), Fraction(0))
                drafts.append(
                    _Draft(_take_label(view, action), value, action, MODEL_DRAW, chances=chances)
                )
            else:
                card = view.row[action.slot]
                assert card is not None
                drafts.append(
                    _Draft(
                        _take_label(view, action),
                        later.future(card),
                        action,
                        MODEL_DRAW,
                        card=card,
                        catch_chance=later.catch(card) if card in ("legal", "illegal") else None,
                        hand_value=HAND_VALUE[card],
                    )
                )
        elif act == "convoy":
            key = tuple(sorted(action.cards, key=KINDS.index))
            if key in convoys:
                continue
            inspects: bool | None
            b_star: Fraction | None
            if opponent is None:
                now, catch, inspects, b_star = Fraction(smuggler_passes(key)), None, None, None
            else:
                inspects, b_star = later.inspects(len(key))
                tally = Counter(key)
                controllers = sum(tally[k] for k in CONTROLLER_KINDS)
                catch = catch_probability(len(key), tally["illegal"], controllers, opponent)
                if inspects:
                    now = smuggler_inspected(key, opponent)
                else:
                    now, catch = Fraction(smuggler_passes(key)), Fraction(0)
            # against the hand as it is, each card at what it can become
            kept = sum((later.future(k) - HAND_VALUE[k] for k in key), Fraction(0))
            draft = _Draft(
                f"convoy of {_cards_text(key)}",
                now - kept,
                action,
                MODEL_CONVOY,
                cards=key,
                controller_card=opponent,
                controller_inspects=inspects,
                break_even_bribe=b_star,
                catch_chance=catch,
                value_now=now,
            )
            convoys[key] = draft
            drafts.append(draft)
        elif act == "pass":
            drafts.append(_Draft("pass", 0, action, MODEL_PASS))
        else:  # "stop"
            drafts.append(_Draft("stop drawing", 0, action, MODEL_STOP))
    groups = {_group(d) for d in drafts} & {"draw", "convoy"}
    ranked = (
        not later.later
        or (view.decision is not None and view.decision.kind == "second_pick")
        or len(groups) < 2
    )
    if not ranked:
        return drafts, _unranked_why(drafts), False
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
            f"{money(top.value)} more than keeping those cards to ship later."
        )
    elif top.action.act == "take":
        if not later.later:
            what = "your last turn: the card stays in your hand"
        elif top.details.get("card") in CONTROLLER_KINDS:
            what = "a controller card kept in hand"
        else:
            what = "shipped later at its catch chance"
        why = (
            f"{_capital(top.label)}: it is worth {money(top.value)} ({what}), the most any move "
            f"is expected to add."
        )
    else:
        why = f"{_capital(top.label)}: no other move is expected to add to your score."
    return drafts, why, True


def _unranked_why(drafts: list[_Draft]) -> str:
    """Why a turn is not ranked, and the best draw and the best convoy."""
    draws = [d for d in drafts if _group(d) == "draw"]
    convoys = [d for d in drafts if _group(d) == "convoy"]
    draw = max(draws, key=lambda d: d.value)
    convoy = max(convoys, key=lambda d: d.value)
    return (
        f"No move is marked best: a drawn card is priced by what it can become on a later "
        f"turn, and a convoy by what it brings now against shipping the same cards later, "
        f"but the model does not count how many turns are left to do both. The best draw: "
        f"{draw.label} ({money(draw.value)}); the best convoy: {convoy.label} "
        f"({money(convoy.value)})."
    )


_DECISIONS = {
    "control": _control,
    "bribe_answer": _bribe_answer,
    "inspect_or_waive": _inspect_or_waive,
    "inspection": _inspection,
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
    beliefs = place_beliefs(view)
    if view.ended or not view.my_turn or view.decision is None:
        if view.ended:
            why = "The game is over."
        else:
            why = f"It is not your decision: {view.decision.text}."  # type: ignore[union-attr]
        return Advice("prohis", view.seat, False, beliefs, (), why)
    kind = view.decision.kind
    ranked = True
    if kind == "bribe":
        drafts, why = _bribe(view)
    elif kind in ("turn", "second_pick"):
        drafts, why, ranked = _turn(view)
    else:
        drafts, why = _DECISIONS[kind](view)
    return _finish(view, drafts, why, beliefs, ranked)


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
    if advice.best:
        top = advice.best[0]
    else:  # a turn not ranked across groups: judged within its group (draws, convoys)
        group = "draw" if action.act == "take" else action.act
        top = next(
            c
            for c in advice.choices
            if c.details.get("best_in_group")
            and ("draw" if c.action.act == "take" else c.action.act) == group
        )
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
