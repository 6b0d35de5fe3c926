"""A whole Prohis table drawn from what one seat knows: the seat's view, determinized.

A seat never sees the whole table: the pile, the other hands, face-down
convoy cards, other warehouses. Planning under that uncertainty (Monte Carlo
search, ISMCTS, a coach's "what could they hold?") needs *samples*: complete
tables, each one the seat could be sitting at, drawn with the right
probabilities. :func:`determinize_prohis` draws one.

**The posterior is exact given the seat's whole history.** The seat's view
carries its knowledge (``view.knowledge``, :mod:`prohis_nb.prohis.knowledge`),
built from everything it saw; the sample is drawn from that model (stated in
:mod:`prohis_nb.core.knowledge`: a uniform shuffle, every hidden choice any of
the physical cards alike). So a sample never holds a table the seat's history
rules out: no captain or inspector in the pile (each was dealt in the open), a
row card seen taken by seat 1 and sent in a convoy is in seat 1's hand or
where that convoy went, a pending bribe differs from every rejected offer.
What the other players' choices suggest (a bribe hints at illegal goods) is
left out, on purpose: a bot or the coach adds it on top.

**The sample is a real game.** It has the same rules, phase, seat to act and
public facts, so it can be played on to the end (ISMCTS does exactly that).
Its view for the seat equals the view it was drawn from, log and knowledge
included: the seat's log lines are carried over as "recalled" events, and its
observations as what it saw before. Each other seat of the sample knows what
everyone saw, and its own cards. A sample has no past actions: ``undo()`` has
nothing to take back, and ``record()`` does not replay (its setup names the
seat it was drawn for).
"""

from __future__ import annotations

import random

from prohis_nb.core.game import Event
from prohis_nb.core.knowledge import ModelError, ModelTooLarge
from prohis_nb.errors import ViewError
from prohis_nb.prohis.bounds import LowerBounds
from prohis_nb.prohis.cards import KIND_INDEX, KINDS, cards_to_counts
from prohis_nb.prohis.game import CONTROL, OVER, SECOND_PICK, ProhisGame
from prohis_nb.prohis.knowledge import publicize
from prohis_nb.prohis.state import ProhisState
from prohis_nb.prohis.views import SeatView, check_view


def determinize_prohis(view: SeatView, rng: random.Random) -> ProhisGame:
    """A complete game drawn from ``view.seat``'s exact posterior (see the module docstring).

    ``rng`` (a ``random.Random``) is the only source of randomness: the same
    view and the same seed give the same sample. The sample's
    ``view(view.seat)`` equals ``view``. Raises
    :class:`~prohis_nb.errors.ViewError` for a view no game could show, or a
    finished game.

    >>> from prohis_nb import Game
    >>> game = Game(players=4, seed=7)
    >>> sample = determinize_prohis(game.view(0), random.Random(1))
    >>> sample.view(0) == game.view(0), sample.hand(0) == game.hand(0)
    (True, True)
    """
    check_view(view)
    if not isinstance(rng, random.Random):
        raise ViewError(f"rng must be a random.Random, got {type(rng).__name__}")
    if view.ended:
        raise ViewError(
            "the game has ended: its final scores are public and nothing is left to play, "
            "so there is no table to draw"
        )
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
    n, me = view.players, view.seat
    convoy = view.convoy
    cards = list(table.convoy)
    convoy_kinds: list[int] = []
    bribe = None
    rejected: tuple[tuple[int, ...], ...] = ()
    if convoy is not None:
        for card in convoy.cards:
            convoy_kinds.append(KIND_INDEX[card if card is not None else cards.pop()])
        if convoy.bribe_size is not None:
            bribe = (
                tuple(cards_to_counts(convoy.bribe)) if convoy.bribe is not None else table.bribe
            )
        if convoy.rejected_bribes is not None:  # a party knows every rejected offer
            rejected = tuple(tuple(cards_to_counts(offer)) for offer in convoy.rejected_bribes)
        else:
            rejected = table.rejected
    hands = list(table.hands)
    hands[me] = tuple(cards_to_counts(view.hand))
    warehouses = list(table.warehouses)
    warehouses[me] = tuple(cards_to_counts(view.warehouse))
    state = _position(view, hands, warehouses, table.pile, convoy_kinds, bribe, rejected)

    # What each seat of the sample saw before: the seat, its own observations;
    # everyone, the public ones; each other seat, those and its own cards.
    observations = knowledge.observations
    public = tuple(publicize(observation) for observation in observations)
    priors: dict[int | None, tuple] = {me: observations, None: public}
    for seat in range(n):
        if seat == me:
            continue
        recall = [("recall", f"hand {seat}", _cards(hands[seat]))]
        if convoy is not None and seat == convoy.smuggler:
            recall.append(("recall", f"convoy {seat}", _down(convoy_kinds, convoy.turned)))
        if (
            bribe is not None
            and convoy is not None
            and seat in (convoy.smuggler, convoy.controller)
        ):
            recall.append(("recall", f"bribe {convoy.smuggler}", _cards(bribe)))
        priors[seat] = (*public, *recall)
    recalled = [Event("recalled", me, {"seat": me, "line": line}) for line in view.log]
    return ProhisGame.from_state(
        view.rules,
        state,
        setup={"determinized_for_seat": me},
        recalled=recalled,
        priors=priors,
    )


def _position(
    view: SeatView,
    hands: list[tuple[int, ...]],
    warehouses: list[tuple[int, ...]],
    pile: tuple[str, ...],
    convoy: list[int],
    bribe: tuple[int, ...] | None,
    rejected: tuple[tuple[int, ...], ...],
) -> ProhisState:
    """The sampled table as a position: the hidden cards drawn, the rest from the view."""
    n = view.players
    decision = view.decision
    phase = decision.kind if decision is not None else OVER
    info = view.convoy
    smuggler: int = info.smuggler if info is not None else view.to_act  # type: ignore[assignment]
    control_queue: tuple[int, ...] = ()
    control_pos = 0
    if info is not None:
        control_queue = tuple(
            (smuggler + i) % n for i in range(1, n) if not view.seats[(smuggler + i) % n].out
        )
        in_control = phase == CONTROL and view.to_act is not None
        control_pos = control_queue.index(view.to_act) if in_control else len(control_queue)
    # Everyone's bounds, read from what everyone saw: the engine's forced steps use them.
    public = LowerBounds.of(None, n, [publicize(o) for o in view.knowledge.observations])  # type: ignore[union-attr]
    before = public.before_offer() if bribe is not None else None
    return ProhisState(
        hands=tuple(hands),
        warehouses=tuple(warehouses),
        row=tuple(None if card is None else KIND_INDEX[card] for card in view.row),
        pile=tuple(KIND_INDEX[card] for card in pile),  # (a random order: top card last)
        active=smuggler,
        phase=phase,
        to_act=view.to_act,
        first_pick=view.first_pick if phase == SECOND_PICK else None,
        convoy=tuple(convoy),
        convoy_cards=tuple(_name(k) for k in convoy),
        turned=tuple(info.turned) if info is not None else (),
        turns_done=info.turns_done if info is not None else 0,
        turn_limit=info.turn_limit if info is not None else 0,
        control_queue=control_queue,
        control_pos=control_pos,
        controls=tuple((seat, KIND_INDEX[card]) for seat, card in info.controls) if info else (),
        controller=info.controller if info is not None else None,
        controller_card=(
            KIND_INDEX[info.controller_card]
            if info is not None and info.controller_card is not None
            else None
        ),
        bribe=bribe,
        offers=info.offers if info is not None else 0,
        rejected=rejected,
        final_round=view.final_round,
        final_queue=tuple(view.final_turns),
        passes=view.passes_in_a_row,
        out=tuple(seat.out for seat in view.seats),
        over=False,
        public_hands=tuple(map(tuple, public.hand)),
        public_before_offer=None if before is None else tuple(before),
    )


def _name(kind: int) -> str:
    return KINDS[kind]


def _cards(counts: tuple[int, ...]) -> tuple[str, ...]:
    return tuple(kind for kind, n in zip(KINDS, counts) for _ in range(n))


def _down(convoy: list[int], turned: tuple[bool, ...]) -> tuple[str, ...]:
    return tuple(_name(kind) for kind, shown in zip(convoy, turned) if not shown)
