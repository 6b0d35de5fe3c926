"""A whole Smuggle table drawn from what one seat knows (the Prohis module's twin).

What a seat of Smuggle cannot see: the order of the pack, the hand it does
not hold, the cards others discarded face down, and the packs of the rounds
to come (each round is a fresh shuffle). What it knows is its knowledge
(``view.knowledge``, :mod:`prohis_nb.smuggle.knowledge`), built from
everything it saw this round, exactly: a hand it passed on stays tracked
after the receiver's face-down discard (those cards are in the hand or the
discards), and a Diplomatic Bag it knew was in that hand went to the
discards, because the rules make the receiver discard it.
:func:`determinize_smuggle` draws this round's table from that model (stated
in :mod:`prohis_nb.core.knowledge`), and fresh shuffles for the rounds to
come. What the players' declarations suggest is left out on purpose (that is
the bluffing a bot reasons about).

The sample is a real game (it plays on to the end) whose view for the seat
equals the view it was drawn from, log and knowledge included; the other
seats know what everyone saw, and the hand in play if they hold it.
"""

from __future__ import annotations

import random

from prohis_nb.core.game import Event
from prohis_nb.core.knowledge import ModelError, ModelTooLarge
from prohis_nb.errors import ViewError
from prohis_nb.smuggle.game import PACK, SmuggleGame
from prohis_nb.smuggle.knowledge import publicize
from prohis_nb.smuggle.rules import SmuggleRules
from prohis_nb.smuggle.state import SmuggleState
from prohis_nb.smuggle.views import SeatView, check_view


def determinize_smuggle(view: SeatView, rng: random.Random) -> SmuggleGame:
    """A complete game drawn from ``view.seat``'s exact posterior (see the module docstring).

    >>> game = SmuggleGame(SmuggleRules(players=3), seed=1)
    >>> sample = determinize_smuggle(game.view(1), random.Random(0))
    >>> sample.view(1) == game.view(1)
    True
    """
    check_view(view)
    if not isinstance(rng, random.Random):
        raise ViewError(f"rng must be a random.Random, got {type(rng).__name__}")
    if view.ended:
        raise ViewError("the game has ended: nothing is left to play, so there is no table to draw")
    knowledge = view.knowledge
    assert knowledge is not None  # (check_view)
    try:
        table = knowledge.sample(rng)
    except ModelTooLarge:  # a real game's limit, not a forged view: said as it is
        raise
    except ModelError as problem:
        raise ViewError(
            f"seat {view.seat}'s view is not one a game could show: {problem}"
        ) from None
    me, n = view.seat, view.players
    packs = []
    for round_ in range(n):  # rounds to come: fresh shuffles; past ones are never read again
        pack = list(PACK)
        if round_ > view.round:
            rng.shuffle(pack)
        packs.append(tuple(pack))
    hand = view.hand if view.hand is not None else table.hand  # the holder sees its order
    state = SmuggleState(
        packs=tuple(packs),
        money=view.money,
        round=view.round,
        officer=view.officer,
        phase=view.decision.kind if view.decision is not None else "ended",
        pack=tuple(reversed(table.pack)),  # top card last
        discards=table.discards,
        hand=tuple(hand),
        holder=view.holder,
        receiver=view.receiver,
        declared=view.declared,
        immunity=view.immunity,
        last_search=view.last_search,
    )
    observations = knowledge.observations
    public = tuple(o for o in map(publicize, observations) if o is not None)
    priors: dict[int | None, tuple] = {me: observations, None: public}
    for seat in range(n):
        if seat != me:  # the holder of the hand in play has seen it
            sees = seat == view.holder and bool(hand)
            priors[seat] = (*public, ("look", seat, tuple(hand))) if sees else public
    recalled = [Event("recalled", me, line) for line in view.log]
    return SmuggleGame.from_state(
        SmuggleRules.from_json(view.rules),
        state,
        setup={"determinized_for_seat": me},
        recalled=recalled,
        priors=priors,
    )
