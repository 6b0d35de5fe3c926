"""Habits the Prohis bots share: picking a draw, a convoy or a bribe among legal actions.

Nothing here knows the rules: every helper *chooses among the legal actions*
the engine listed, reading only their fields and the seat's view. The values of
cards come from :mod:`prohis_nb.prohis.cards` (the scoring table), never from
copies of it.

What storing a card is worth to its owner, compared with keeping it in hand,
is the gap between its warehouse value and its hand value
(:data:`STORE_GAIN`): $1,000 for legal goods, $8,000 for illegal goods (from
-$4,000 in hand to +$4,000 in the warehouse), $2,000 for any controller card.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence

from prohis_nb.core.legal import group_by_act
from prohis_nb.prohis.actions import Action
from prohis_nb.prohis.cards import HAND_VALUE, KIND_INDEX, KINDS, WAREHOUSE_VALUE
from prohis_nb.prohis.views import SeatView

#: What moving a card from hand to warehouse adds to its owner's score.
STORE_GAIN: dict[str, int] = {kind: WAREHOUSE_VALUE[kind] - HAND_VALUE[kind] for kind in KINDS}


def end_is_near(view: SeatView) -> bool:
    """True once the pile is empty or the final round has begun: ship what you can now."""
    return view.final_round or view.pile_size == 0


def warehouse_worth(cards: Iterable[str]) -> int:
    """What ``cards`` are worth in a warehouse at the end of the game."""
    return sum(WAREHOUSE_VALUE[card] for card in cards)


def pick_draw(
    view: SeatView, legal: Sequence[Action], wanted: Sequence[str], pile: bool
) -> Action | None:
    """A ``take`` for the most wanted kind showing in the row, else the pile if ``pile``.

    ``wanted`` lists the kinds the bot takes from the row, best first; the
    first legal slot holding the best kind is taken. Returns ``None`` when no
    wanted take is legal (the caller then stops, convoys or passes).
    """
    takes = [a for a in legal if a.act == "take"]
    if not takes:
        return None
    for kind in wanted:
        for action in takes:
            if action.source == "row" and view.row[action.slot] == kind:
                return action
    if pile:
        for action in takes:
            if action.source == "pile":
                return action
    return None


def pick_convoy(legal: Sequence[Action], cards: Sequence[str], rng: random.Random) -> Action | None:
    """A legal ``convoy`` holding exactly the multiset ``cards``, in a random order.

    The order is shuffled with the bot's generator (every distinct order is
    equally likely), so a controller learns nothing from positions. ``None``
    if that convoy is not among the legal actions.
    """
    if not legal:
        return None
    order = list(cards)
    rng.shuffle(order)
    action = Action(legal[0].seat, "convoy", cards=tuple(order))
    return action if action in legal else None


def pick_bribe(legal: Sequence[Action], cards: Sequence[str]) -> Action | None:
    """The legal ``bribe`` offering exactly the multiset ``cards``, or ``None``."""
    if not legal:
        return None
    ordered = tuple(sorted(cards, key=KIND_INDEX.__getitem__))  # bribes list kinds in order
    action = Action(legal[0].seat, "bribe", cards=ordered)
    return action if action in legal else None


def cheapest(hand: Counter[str], order: Sequence[str], count: int) -> list[str]:
    """Up to ``count`` cards from ``hand``, taken in the kind order ``order``."""
    chosen: list[str] = []
    for kind in order:
        take = min(hand.get(kind, 0), count - len(chosen))
        chosen += [kind] * take
        if len(chosen) == count:
            break
    return chosen


def lowest_control(legal: Sequence[Action]) -> Action | None:
    """The legal ``control`` with the lowest-rank card (cheapest to lose), or ``None``."""
    controls = [a for a in legal if a.act == "control"]
    if not controls:
        return None
    order = ("lieutenant", "captain", "inspector")
    return min(controls, key=lambda a: order.index(a.card))


def random_turn(legal: Sequence[Action], rng: random.Random) -> Action:
    """A face-down convoy card chosen at random (the controller cannot tell them apart)."""
    return rng.choice([a for a in legal if a.act == "turn"])


def act_named(legal: Sequence[Action], act: str) -> Action:
    """The legal action named ``act`` (for acts without fields: ``pass``, ``waive``...)."""
    # By group, not by scanning: ``no_bribe`` comes after every bribe, and a
    # big hand has billions of those (they stay one lazy group).
    groups = group_by_act(legal)
    if act in groups:
        return groups[act][0]
    raise LookupError(f"no legal {act!r} among {sorted(groups)}")
