"""A whole declaration drawn from what one seat knows (``determinize`` for the customs game).

What a seat cannot see: the Officer, the declarer's 4 cards until they are
shown; the declarer, nothing that matters (the rest of the pack is never
used). The hand was dealt from a uniformly shuffled pack, so given the
Officer's view every 4 cards of the pack are as likely as they were at the
deal: :func:`determinize_customs` deals them afresh. What the declaration
suggests is left out on purpose, as in Smuggle's own determinization (that is
the bluffing a bot or the coach reasons about). The public history (the
declaration, the answer) is then replayed, so the seat's view of the sample
is the view it was given.

>>> from prohis_nb.customs.game import CustomsStageGame
>>> game = CustomsStageGame(seed=2)
>>> game.apply({"act": "declare", "items": ["wine"]})
>>> sample = determinize_customs(game.view(0), random.Random(1))
>>> sample.view(0) == game.view(0)
True
"""

from __future__ import annotations

import random

from prohis_nb.core.deal import shuffle
from prohis_nb.customs.game import HAND_SIZE, PACK, CustomsStageGame
from prohis_nb.customs.rules import CustomsRules
from prohis_nb.customs.views import SeatView


def determinize_customs(view: SeatView, rng: random.Random) -> CustomsStageGame:
    """A complete game the seat cannot tell from its own: the hand dealt afresh if unseen.

    Raises ``TypeError`` for anything but a seat's view, ``ValueError`` for a
    finished game or a view no table could show.
    """
    if not isinstance(view, SeatView) or view.seat not in (0, 1):
        raise TypeError(
            f"determinize needs a seat's view (game.view(seat)), got {type(view).__name__}"
        )
    if view.ended:
        raise ValueError("the declaration is over: nothing is left to determinize")
    rules = CustomsRules.from_json(view.rules)
    if view.hand is not None:
        hand = list(view.hand)
    else:
        pack = list(PACK)
        shuffle(rng, pack)
        hand = pack[:HAND_SIZE]
    game = CustomsStageGame(rules, table={"hand": hand})
    if view.immunity:
        game.apply({"seat": 1, "act": "immunity"})
    elif view.declared is not None:
        game.apply({"seat": 1, "act": "declare", "items": list(view.declared)})
    if game.view(view.seat) != view:
        raise ValueError(f"no table gives seat {view.seat} this view: not a view of a real table")
    return game
