"""The coach for the customs stage game: what a seat may believe, and what each choice is worth.

It reads one seat's view and nothing else. **The model**, stated in every
choice: the other side plays the solved declaration game
(:mod:`prohis_nb.analysis.signalling`, the model this stage game is), and
money is the seat's own (every payment is between the two).

* The **declarer** knows its hand. A declaration is worth
  ``A + s (B − A)``: ``A`` its money if accepted, ``B`` if searched, ``s`` the
  equilibrium Officer's search rate for it. The coach lists the truth,
  declaring nothing, the immunity claim, the declarations its hand mixes in
  equilibrium and the best one; any other is judged when taken.
* The **Officer** believes each hand behind a declaration with Bayes'
  probability over the equilibrium declarer (for a declaration nobody makes
  in equilibrium: the chance of each hand at the deal, and it says so), and
  prices accepting and searching with it.

>>> from prohis_nb.customs.game import CustomsStageGame
>>> game = CustomsStageGame(seed=1)
>>> advise(game.view(1)).deciding
True
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any

from prohis_nb.coach.advice import Advice, Belief, Choice, Verdict
from prohis_nb.core.stage_views import one_seats_view
from prohis_nb.customs.bots import equilibrium, goods_of
from prohis_nb.customs.rules import CustomsRules
from prohis_nb.customs.views import SeatView
from prohis_nb.errors import IllegalActionError, excerpt
from prohis_nb.smuggle.actions import Action
from prohis_nb.smuggle.board import DIPLOMATIC_BAG, DUTIABLE
from prohis_nb.text import money, percent

MODEL = "the other side plays the solved declaration game (analysis.signalling)"


def declarer_money(
    board: Any, goods: tuple[str, ...], bag: bool, action: Any, searched: bool
) -> int:
    """The declarer's money when ``action`` is accepted (``searched`` False) or searched.

    Smuggle's payments (docs/customs-rules.md): the same as
    :func:`prohis_nb.analysis.signalling.payoffs`, for one hand and one declaration.
    """
    fines = board.hand_fines(Counter(goods))
    if action.act == "immunity":
        if not searched:
            return 0
        return board.immunity_fine if bag else -(board.immunity_fine + fines)
    duty = board.hand_duty(Counter(action.items))
    if not searched:
        return -duty
    return -duty + board.compensation if tuple(action.items) == goods else -fines


def _check(view: Any) -> SeatView:
    """``view`` if it is one seat's view of the customs game, else a ``TypeError``."""
    checked: SeatView = one_seats_view(view, SeatView, "the customs coach")
    return checked


def _declarer(view: SeatView) -> tuple[list[Choice], str]:
    from prohis_nb.analysis.signalling import IMMUNITY

    solved = equilibrium(view)
    board = CustomsRules.from_json(view.rules).board
    hand = view.hand or ()
    goods, bag = goods_of(hand), DIPLOMATIC_BAG in hand

    def value(action: Any) -> float:
        heard = IMMUNITY if action.act == "immunity" else action.items
        s = solved.search_rate(heard)
        accepted = declarer_money(board, goods, bag, action, False)
        return accepted + s * (declarer_money(board, goods, bag, action, True) - accepted)

    by_items = {a.items: a for a in view.legal_actions if a.act == "declare"}
    immunity = next(a for a in view.legal_actions if a.act == "immunity")
    wanted = {goods: "declare the truth", (): "declare nothing"}
    mix = solved.choices(goods, bag)
    for declaration in mix:
        if declaration != IMMUNITY:
            wanted.setdefault(tuple(sorted(declaration, key=DUTIABLE.index)), "")
    best = max(view.legal_actions, key=value)
    choices = []
    for items, label in wanted.items():
        action = by_items[items]
        shown = label or f"declare {', '.join(items)}"
        share = mix.get(items, 0.0)
        note = f" (the equilibrium declares it {percent(share)} of the time)" if share else ""
        choices.append(Choice(shown + note, value(action), action, model=MODEL))
    choices.append(Choice("claim Diplomatic Immunity", value(immunity), immunity, model=MODEL))
    if best not in [c.action for c in choices]:
        choices.append(Choice(f"declare {', '.join(best.items)}", value(best), best, model=MODEL))
    return choices, "You know your hand; the Officer hears only the declaration."


def _officer(view: SeatView) -> tuple[list[Belief], list[Choice], str]:
    from prohis_nb.analysis.signalling import IMMUNITY
    from prohis_nb.analysis.smuggle import hand_distribution

    solved = equilibrium(view)
    board = CustomsRules.from_json(view.rules).board
    heard = IMMUNITY if view.immunity else (view.declared or ())
    note = ""
    try:
        types = {(t.goods, t.bag): p for t, p in solved.declared_by(heard).items()}
    except ValueError:  # nobody declares it in equilibrium: the hands as dealt
        types = {}
        for hand, p in hand_distribution().items():
            key = (goods_of(hand), DIPLOMATIC_BAG in hand)
            types[key] = types.get(key, 0.0) + float(p)
        note = " (nobody declares this in equilibrium: the hands as dealt)"
    false = sum(
        p
        for (goods, bag), p in types.items()
        if (not bag if view.immunity else goods != tuple(view.declared or ()))
    )
    kinds: dict[str, float] = {}
    for (goods, _bag), p in types.items():
        for item in goods:
            kinds[item] = kinds.get(item, 0.0) + p / 4
    held = {kind: Fraction(p).limit_denominator(10**6) for kind, p in kinds.items() if p > 0}
    other = 1 - sum(held.values(), Fraction(0))
    if other > 0:
        held["no dutiable item"] = other
    beliefs = [Belief("the declarer's hand (one card)", 4, held)]
    declared = (
        Action(1, "immunity") if view.immunity else Action(1, "declare", items=view.declared or ())
    )
    choices = []
    for action in view.legal_actions:
        searched = action.act != "accept"
        officer = -sum(
            p * declarer_money(board, goods, bag, declared, searched)
            for (goods, bag), p in types.items()
        )
        choices.append(
            Choice(action.act, float(officer), action, model=MODEL, details={"p_false": false})
        )
    return beliefs, choices, f"The hand is false with probability {percent(false)}{note}."


def _marked(choices: list[Choice]) -> tuple[Choice, ...]:
    best = max(choice.value for choice in choices)
    return tuple(
        Choice(c.label, c.value, c.action, abs(c.value - best) < 1e-9, c.model, c.details)
        for c in choices
    )


def advise(view: Any) -> Advice:
    """What ``view.seat`` may believe and what each of its choices is worth."""
    view = _check(view)
    if view.ended or view.to_act != view.seat:
        why = "The declaration is over." if view.ended else f"It is seat {view.to_act}'s decision."
        return Advice("customs", view.seat, False, (), (), why)
    if view.seat == 1:
        beliefs: list[Belief] = []
        choices, why = _declarer(view)
    else:
        beliefs, choices, why = _officer(view)
    marked = _marked(choices)
    best = next(c for c in marked if c.best)
    why += f" Best: {best.label} (expected {money(best.value)})."
    return Advice("customs", view.seat, True, tuple(beliefs), marked, why)


def judge(view: Any, action: Any) -> Verdict:
    """A verdict on ``action`` (any legal declaration or answer) taken at ``view``."""
    view = _check(view)
    if view.ended or view.to_act != view.seat:
        raise IllegalActionError(f"seat {view.seat} has no decision to judge here")
    if not isinstance(action, Action):
        action = Action.from_json(
            {"seat": view.seat, **action} if isinstance(action, dict) else action
        )
    if action not in view.legal_actions:
        raise IllegalActionError(
            f"{excerpt(action)} is not one of seat {view.seat}'s legal actions here",
            allowed=view.legal_actions,
        )
    advice = advise(view)
    best = max(c.value for c in advice.choices)
    listed = next((c for c in advice.choices if c.action == action), None)
    if listed is None:  # a declaration the advice did not list: priced the same way
        from prohis_nb.analysis.signalling import IMMUNITY

        solved = equilibrium(view)
        board = CustomsRules.from_json(view.rules).board
        hand = view.hand or ()
        goods, bag = goods_of(hand), DIPLOMATIC_BAG in hand
        s = solved.search_rate(IMMUNITY if action.act == "immunity" else action.items)
        accepted = declarer_money(board, goods, bag, action, False)
        value = accepted + s * (declarer_money(board, goods, bag, action, True) - accepted)
        label = f"declare {', '.join(action.items) or 'nothing'}"
    else:
        value, label = listed.value, listed.label
    loss = max(0.0, best - value)
    good = loss < 1e-9
    text = (
        f"{label}: a best choice under the model"
        if good
        else f"{label} gives up {money(loss)} against the best choice"
    )
    return Verdict(view.seat, action, loss, text, good)
