"""Prohis's legal-action tables: every list of legal actions, built once and kept.

Legal actions depend on a handful of small facts (a seat, a hand as counts
by kind, which row slots hold a card, the rejected offers), so each list is
built once and cached: bots call ``legal_actions()`` at every step, and this
keeps it cheap. The rules that pick a table are in
:meth:`prohis_nb.prohis.game.ProhisGame._compute_legal`; each table here says
which rule it lists:

* a turn (docs/rules.md, "Your turn: draw, convoy, or pass"): the row slots
  that hold a card and the pile (:func:`takes`), every ordered convoy of 2 to
  4 cards the hand allows (:func:`convoys`), pass (:func:`turn_actions`);
* a second pick: another take, or stop (:func:`second_pick_actions`);
* a control: one of the controller cards held, or decline (:data:`CONTROL_ACTIONS`);
* a bribe: any set of the hand's cards but the rejected ones, or none
  (:func:`bribe_actions`, a :class:`~prohis_nb.prohis.bribes.Bribes` family);
* accept or reject, inspect or waive (:func:`simple_actions`); the card to
  turn (:func:`turn_card_actions`).

Each answer is a pair: the actions in their fixed order (a seeded random
choice depends on it) and a dict mapping each action to itself (the engine's
canonical instance, found by ``apply`` with one lookup).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from prohis_nb.core.caches import MemoTable
from prohis_nb.core.legal import LegalActions
from prohis_nb.prohis.actions import Action
from prohis_nb.prohis.bribes import Bribes
from prohis_nb.prohis.cards import CONTROLLER_KINDS, KIND_INDEX, KINDS

ROW_SLOTS = 4

Legal = tuple[tuple[Action, ...], dict[Action, Action]]

NOTHING = (0,) * 5  # counts by kind of no card
#: OPPONENTS[n][seat]: the other seats clockwise from seat's left (the control order).
OPPONENTS = {n: [tuple((s + i) % n for i in range(1, n)) for s in range(n)] for n in range(3, 7)}


class _KindIndices(dict):  # (at most 775 keys: the distinct convoys of 2-4 cards)
    """Card kinds -> kind indices, computed once per distinct tuple (convoys recur)."""

    def __missing__(self, cards: tuple[str, ...]) -> tuple[int, ...]:
        kinds = self[cards] = tuple(KIND_INDEX[card] for card in cards)
        return kinds


KIND_INDICES = _KindIndices()
FULL_ROW = (True,) * ROW_SLOTS
NO_ROW = (False,) * ROW_SLOTS


def convoy_key(hand: list[int]) -> tuple[int, ...]:
    """The hand as far as convoys can tell: counts capped at 4 (a convoy has at most 4 cards).

    Hands that differ only beyond 4 cards of a kind allow the same turn actions,
    so they share one cache entry: fewer lists built (the cache fills in a few
    games instead of hundreds).
    """
    if max(hand) <= 4:
        return tuple(hand)
    return tuple([count if count <= 4 else 4 for count in hand])


def row_mask(row: list[int | None]) -> tuple[bool, ...]:
    """Which row slots hold a card (a cache key of the legal actions)."""
    # The row stays full until the pile runs out: a constant then, no tuple to build.
    if None not in row:
        return FULL_ROW
    return tuple([card is not None for card in row])  # (a list first: faster than a generator)


def _with_set(actions: list[Action]) -> Legal:
    """The actions as a tuple, and as a dict mapping each to itself (the canonical instance)."""
    return tuple(actions), {action: action for action in actions}


@lru_cache(maxsize=8192)
def _convoy_cards(hand: tuple[int, ...]) -> tuple[tuple[str, ...], ...]:
    """The cards of every distinct ordered convoy of 2 to 4 cards ``hand`` can make.

    In a fixed order (depth first, kinds in their order: every seat's list of
    turn actions, and so a seeded random choice among them, depends on it).
    The same for every seat, so computed once per hand (``hand`` may be capped
    at 4 cards of a kind, :func:`convoy_key`).
    """
    out: list[tuple[str, ...]] = []
    counts = list(hand)

    def extend(prefix: list[str]) -> None:
        if len(prefix) >= 2:
            out.append(tuple(prefix))
        if len(prefix) == 4:
            return
        for k in range(5):
            if counts[k]:
                counts[k] -= 1
                prefix.append(KINDS[k])
                extend(prefix)
                prefix.pop()
                counts[k] += 1

    extend([])
    return tuple(out)


class _ConvoyActions(dict):  # (at most 775 keys per seat: the distinct convoys of 2-4 cards)
    """Convoy cards -> one seat's convoy ``Action``, built once per distinct convoy."""

    def __init__(self, seat: int) -> None:
        super().__init__()
        self.seat = seat

    def __missing__(self, cards: tuple[str, ...]) -> Action:
        action = self[cards] = Action(self.seat, "convoy", cards=cards)
        return action


#: _CONVOY_ACTIONS[seat][cards]: that seat's convoy action (shared by all its lists).
_CONVOY_ACTIONS = [_ConvoyActions(seat) for seat in range(max(OPPONENTS))]


@lru_cache(maxsize=65536)
def convoys(seat: int, hand: tuple[int, ...]) -> Legal:
    """Every distinct ordered convoy of 2 to 4 cards that ``hand`` can make, as ``seat``'s actions.

    ``hand`` may be capped at 4 cards of a kind (:func:`convoy_key`): the result is the same.
    """
    # A cache miss here happens a few times per game (a new hand): it only
    # gathers actions already built (speed shaped this, with _convoy_cards).
    return _with_set(list(map(_CONVOY_ACTIONS[seat].__getitem__, _convoy_cards(hand))))


#: The actions of a turn with a full row and a pile left, one dict per seat, by
#: hand as convoy_key gives it: the lookup of most turns (_compute_legal).
FULL_ROW_TURNS = MemoTable(__name__, "FULL_ROW_TURNS", parts=max(OPPONENTS), maxsize=4096)
FULL_ROW_TURNS_BY_SEAT = FULL_ROW_TURNS.parts


@lru_cache(maxsize=65536)
def turn_actions(seat: int, hand: tuple[int, ...], mask: tuple[bool, ...], pile_ok: bool) -> Legal:
    """The actions of a turn; ``hand`` may be capped at 4 of a kind (:func:`convoy_key`)."""
    actions = takes(seat, mask, pile_ok)
    pass_ = _PASS[seat]
    if sum(hand) < 2:
        actions.append(pass_)
        return _with_set(actions)
    # The convoys (often hundreds) come with their own cached mapping, copied
    # whole: a cache miss here (a new row or pile state) stays cheap.
    every_convoy, lookup = convoys(seat, hand)
    lookup = {**lookup, pass_: pass_}
    for action in actions:
        lookup[action] = action
    return (*actions, *every_convoy, pass_), lookup


@lru_cache(maxsize=4096)
def second_pick_actions(seat: int, mask: tuple[bool, ...], pile_ok: bool) -> Legal:
    """After one pick: another take (never a second from the pile), or stop."""
    return _with_set([*takes(seat, mask, pile_ok), Action(seat, "stop")])


#: _TAKE_ROW[seat][slot], _TAKE_PILE[seat], _PASS[seat]: built once (a turn's
#: actions are listed again at every new hand: a cache miss stays cheap).
_TAKE_ROW = [
    [Action(seat, "take", source="row", slot=slot) for slot in range(ROW_SLOTS)]
    for seat in range(max(OPPONENTS))
]
_TAKE_PILE = [Action(seat, "take", source="pile") for seat in range(max(OPPONENTS))]
_PASS = [Action(seat, "pass") for seat in range(max(OPPONENTS))]


def takes(seat: int, mask: tuple[bool, ...], pile_ok: bool) -> list[Action]:
    """The draws ``seat`` may make: each row slot that holds a card (``mask``), then the pile."""
    out = [action for action, full in zip(_TAKE_ROW[seat], mask) if full]
    if pile_ok:
        out.append(_TAKE_PILE[seat])
    return out


def _control_actions(seat: int, lieutenant: bool, captain: bool, inspector: bool) -> Legal:
    actions = [
        Action(seat, "control", card=kind)
        for kind, held in zip(CONTROLLER_KINDS, (lieutenant, captain, inspector))
        if held
    ]
    actions.append(Action(seat, "decline"))
    return _with_set(actions)


#: CONTROL_ACTIONS[seat][held]: a control's actions, ``held`` saying which controller
#: kinds the hand holds (1 lieutenant + 2 captain + 4 inspector). A control is the
#: most frequent decision, so its answers are a table built once (6 seats x 8 entries).
CONTROL_ACTIONS = [
    [_control_actions(seat, bool(held & 1), bool(held & 2), bool(held & 4)) for held in range(8)]
    for seat in range(max(OPPONENTS))
]


@lru_cache(maxsize=4096)
def bribe_actions(
    seat: int, hand: tuple[int, ...], rejected: tuple[tuple[int, ...], ...]
) -> tuple[LegalActions, Mapping[Action, Action]]:
    """Every bribe ``hand`` allows (but the ``rejected`` ones), then ``no_bribe``; and their lookup.

    The bribes are a :class:`~prohis_nb.prohis.bribes.Bribes` family: a hand
    of hundreds of cards allows billions of them, so they are decoded on
    demand, never listed. A usual hand's few dozen bribes are listed by the
    family, and the lookup is then a plain dict of them (``apply`` finds an
    offer by one dict probe instead of a call through the family: speed).
    """
    bribes, no_bribe = Bribes(seat, hand, rejected), Action(seat, "no_bribe")
    legal = LegalActions([bribes, (no_bribe,)])
    listed = bribes.listed()
    if listed is None:
        return legal, legal.lookup
    lookup = {action: action for action in listed}
    lookup[no_bribe] = no_bribe
    return legal, lookup


@lru_cache(maxsize=1024)
def simple_actions(seat: int, acts: tuple[str, ...]) -> Legal:
    """A decision between a few named acts (accept or reject, inspect or waive)."""
    return _with_set([Action(seat, act) for act in acts])


@lru_cache(maxsize=4096)
def turn_card_actions(seat: int, turned: tuple[bool, ...]) -> Legal:
    """The convoy positions still face down: the controller chooses which to turn."""
    return _with_set(
        [Action(seat, "turn", position=p) for p, done in enumerate(turned) if not done]
    )
