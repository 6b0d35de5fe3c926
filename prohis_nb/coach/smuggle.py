"""The Smuggle coach: what a seat may believe and what each of its choices is worth.

It reads one seat's view (``game.view(seat)``, taken *before* the seat acts)
and nothing else: not the game, not the teacher's view.

**Beliefs** (:mod:`prohis_nb.coach.smuggle_knowledge`): the exact probability
of each card kind in every place the seat cannot see (the hand in play, the
pack, the face-down discards), by counting the cards it has seen.

**Choices.** Every decision is priced by two models, both in ``details``;
``Choice.value`` is always the first, the *solved game*:

* *Solved game* (``"equilibrium"``): the Officer searches (challenges) each
  declaration at its rate in the solved declaration game
  (:func:`~prohis_nb.analysis.signalling.declaration_equilibrium`), declarers
  declare by that game's mixed strategy, and the receiver never informs nor
  challenges (its best response in the three-player stage game,
  :mod:`prohis_nb.analysis.informer`, with the default board).
* *Observed* (``"observed"``): the rates the log shows for the seats at this
  table: this Officer's share of searches (or challenges), the receiver's
  share of informs, the declarer's share of false declarations among those
  checked. ``None`` where the log has shown nothing yet.

The decisions:

* **declare** - each declaration's expected money from this hand,
  :func:`~prohis_nb.analysis.smuggle.declaration_value` (an immunity claim:
  :func:`~prohis_nb.analysis.smuggle.immunity_value`) at the declaration's
  equilibrium search rate and at the Officer's observed rate. The truth,
  "nothing", immunity, the solved game's mix for this hand and the best
  declarations are listed one by one; the other declarations form one group.
* **the Officer** - accept or search (challenge). The hand's type is drawn
  from the card count (what the Officer has not seen) and weighted by how
  likely the solved game's declarer of that type makes this declaration
  (Bayes); the values are the Officer's expected money.
* **the receiver** - accept or inform (challenge), with the same posterior:
  informing moves money now (``+R`` on a false hand, ``−C`` on a true one)
  and gives a fresh hand; accepting gives the passed hand. Each hand is worth
  what declaring it is worth in the solved game (the fresh hand's value; the
  passed hand's value after its best discard and a draw, as in
  :func:`~prohis_nb.analysis.informer.inherited_value`).
* **discard** - what the hand is worth in the solved game after the discard
  and a draw from the pack (the draw's kind by the card count).

The solved game of the default board ships with the package (reading it
takes about half a second; another board is solved, 10 to 30 seconds); it is
cached per board (the last ``SOLVED_BOARDS``, 4, about 40 MB each), and
:func:`warm_up` builds every table the coach needs, so each later decision
takes milliseconds. :func:`solving_note` says when a board must be solved first.
"""

from __future__ import annotations

from collections import Counter, OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Any

from prohis_nb.analysis import smuggle as maths
from prohis_nb.analysis.signalling import (
    ALL_DECLARATIONS,
    IMMUNITY,
    SOLVED_BOARDS,
    HandType,
    declaration_equilibrium,
    describe,
)
from prohis_nb.coach import smuggle_knowledge as counting
from prohis_nb.coach.advice import Advice, Belief, Choice, Verdict
from prohis_nb.errors import MalformedActionError, excerpt
from prohis_nb.smuggle.actions import Action, parse_for_seat
from prohis_nb.smuggle.board import DIPLOMATIC_BAG, DUTIABLE, LUGGAGE, PACK_COUNTS, Board
from prohis_nb.smuggle.rules import SmuggleRules
from prohis_nb.text import count, money, percent

GAME = "smuggle"
#: Values closer than this (in dollars) count as equal when marking the best choice.
TIE = 0.01

EQUILIBRIUM_MODEL = (
    "the solved game: the Officer searches each declaration at its equilibrium rate, "
    "the receiver never informs"
)


# ---------------------------------------------------------------- the solved game, cached


@dataclass(frozen=True)
class Solved:
    """The solved declaration game of one board, in the tables the coach reads."""

    board: Board
    search: Mapping[Any, float]  # declaration -> equilibrium search (challenge) rate
    values: Mapping[HandType, float]  # hand type -> its equilibrium value
    senders: Mapping[Any, Mapping[HandType, float]]  # declaration -> {type: P(d | type)}
    mix: Mapping[HandType, Mapping[Any, float]]  # type -> {declaration: P(d | type)}
    fresh: float  # a fresh hand's equilibrium value


#: The solved boards kept, least recently used first (at most ``SOLVED_BOARDS``).
_SOLVED: OrderedDict[Board, Solved] = OrderedDict()


def is_solved(board: Board) -> bool:
    """Whether the coach can read ``board``'s solved game at once (stored, or solved already)."""
    return board == _DEFAULT_BOARD or board in _SOLVED


def solving_note(view: Any) -> str | None:
    """What to say while the coach of ``view`` solves a new board first, or ``None``.

    A Smuggle game with a board of its own (a variant) makes the coach solve
    that board's declaration game on first use: 10 to 30 seconds.
    """
    from prohis_nb.smuggle.views import SeatView

    if not isinstance(view, SeatView):
        return None
    try:
        board = board_of(view)
    except Exception:  # a bad view is refused by advise, with its message
        return None
    if is_solved(board):
        return None
    return "Solving this board… (a board of its own is solved once: 10 to 30 seconds)"


def solved(board: Board) -> Solved:
    """The solved game's tables for ``board`` (read or solved once, then cached).

    The default board is asked for as ``declaration_equilibrium()``, the call
    the lessons and tests make, so a process solves it once for all of them.
    At most :data:`~prohis_nb.analysis.signalling.SOLVED_BOARDS` boards are
    kept (about 40 MB each): a new one drops the least recently used.
    """
    if board in _SOLVED:
        _SOLVED.move_to_end(board)
        return _SOLVED[board]
    table = _solve(board)
    _SOLVED[board] = table
    while len(_SOLVED) > SOLVED_BOARDS:
        dropped, _ = _SOLVED.popitem(last=False)
        _INHERITED.pop(dropped, None)
    return table


def _solve(board: Board) -> Solved:
    eq = declaration_equilibrium(None if board == _DEFAULT_BOARD else board)
    search = {d: float(s) for d, s in zip(eq.declarations, eq.search, strict=True)}
    values = {t: float(v) for t, v in zip(eq.types, eq.values, strict=True)}
    senders: dict[Any, dict[HandType, float]] = {d: {} for d in eq.declarations}
    mix: dict[HandType, dict[Any, float]] = {}
    for i, t in enumerate(eq.types):
        row = eq.strategy[i]
        mix[t] = {}
        for j in row.nonzero()[0]:
            p = float(row[j])
            if p > 1e-9:
                senders[eq.declarations[j]][t] = p
                mix[t][eq.declarations[j]] = p
    return Solved(board, search, values, senders, mix, float(eq.value))


def warm_up(board: Board | None = None) -> None:
    """Solve the game and build the coach's tables now (the first decision would otherwise).

    Reading the default board's stored solution takes about half a second
    (another board is solved: 10 to 30 seconds), once per board and session;
    the passed hands' values take a fraction of a second more.
    """
    board = board or Board()
    for t in solved(board).values:
        inherited_value(t, board)
    _ = _every_equilibrium(board)._charnes_cooper  # every equilibrium, for the Officer


_RULES_BOARD: dict[str, Board] = {}


def board_of(view: Any) -> Board:
    """The board of the game ``view`` belongs to (the default board unless the rules say)."""
    variants = view.rules.get("variants") if isinstance(view.rules, Mapping) else None
    if not variants:
        return _DEFAULT_BOARD
    key = repr(sorted(variants.items()))
    if key not in _RULES_BOARD:
        _RULES_BOARD[key] = SmuggleRules.from_json(view.rules).board
    return _RULES_BOARD[key]


_DEFAULT_BOARD = Board()


def hand_type(cards: tuple[str, ...] | list[str]) -> HandType:
    """The type of a hand for money: its dutiable goods (sorted) and whether it holds the Bag."""
    return HandType(counting.goods_of(tuple(cards)), DIPLOMATIC_BAG in cards)


def _cards_of_type(t: HandType) -> list[str]:
    cards = list(t.goods) + ([DIPLOMATIC_BAG] if t.bag else [])
    return cards + [LUGGAGE] * (4 - len(cards))


_INHERITED: dict[Board, dict[HandType, float]] = {}


def inherited_value(t: HandType, board: Board) -> float:
    """A passed hand's worth to the receiver who accepts it (the analysis's model).

    It discards one card (the Bag if there), draws one of the 50 cards not in
    the hand (each equally likely) and declares: the best discard's expected
    equilibrium value. The same number as
    :func:`prohis_nb.analysis.informer.inherited_value`, from cached tables.
    """
    values = solved(board).values  # first: a board solved anew may drop another's values
    known = _INHERITED.get(board)
    if known is None:
        # Every type at once (about 0.2 s), not the types asked so far: which types are
        # asked depends on hands, and a warm entry answers faster, so in HotSeat one
        # seat's coach would time another's hand (docs/teaching.md, "Time").
        known = _INHERITED[board] = {u: _inherited(u, values) for u in values}
    if t not in known:
        known[t] = _inherited(t, values)
    return known[t]


def _inherited(t: HandType, values: Mapping[HandType, float]) -> float:
    """:func:`inherited_value` of ``t``, computed from the types' equilibrium ``values``."""
    cards = _cards_of_type(t)
    rest = Counter(PACK_COUNTS)
    rest.subtract(cards)
    left = sum(rest.values())
    options = [DIPLOMATIC_BAG] if t.bag else list(dict.fromkeys(cards))
    best = None
    for discard in options:
        kept = list(cards)
        kept.remove(discard)
        value = sum(n / left * values[hand_type([*kept, k])] for k, n in rest.items() if n)
        best = value if best is None else max(best, value)
    return float(best)  # type: ignore[arg-type]


# ---------------------------------------------------------------- reading the view


def _check_view(view: Any) -> None:
    from prohis_nb.smuggle.views import SeatView, check_view

    if not isinstance(view, SeatView):
        raise TypeError(
            "the Smuggle coach reads one seat's view (game.view(seat) of a Smuggle game), "
            f"got {excerpt(view)}"
        )
    check_view(view)  # a view altered by hand: refused once, with a ViewError


def _label(declaration: Any) -> str:
    if declaration == IMMUNITY:
        return "claim diplomatic immunity"
    return f"declare {describe(declaration)}"


def _receiver_after(view: Any, seat: int) -> int:
    """The seat a hand held by ``seat`` would pass to: the next seat that is not the Officer."""
    nxt = (seat + 1) % view.players
    if nxt == view.officer:
        nxt = (nxt + 1) % view.players
    return nxt


def _upper(text: str) -> str:
    """``text`` with its first letter in upper case (the rest untouched: "Informer" stays)."""
    return text[:1].upper() + text[1:]


_GERUNDS = {
    "declare": "declaring",
    "claim": "claiming",
    "accept": "accepting",
    "search": "searching",
    "challenge": "challenging",
    "turn": "turning",
    "discard": "discarding",
}


def _gerund(label: str, upper: bool = True) -> str:
    """A choice's label as the subject of a sentence: "declare nothing" -> "Declaring nothing"."""
    verb, _, rest = label.partition(" ")
    text = f"{_GERUNDS.get(verb, verb)} {rest}".strip()
    return _upper(text) if upper else text


def _fmt_rate(rate: Fraction | None, hits: int, tries: int) -> str:
    if rate is None:
        return "not seen yet"
    return f"{percent(rate)} ({hits} of {tries})"


# ---------------------------------------------------------------- beliefs


def beliefs(view: Any, known: counting.Knowledge | None = None) -> tuple[Belief, ...]:
    """Every hidden place the seat can think about, with P(each card kind) (exact).

    The model is :mod:`prohis_nb.coach.smuggle_knowledge`'s card count:
    nothing but the cards this seat has seen and the pack's composition.
    """
    _check_view(view)
    if view.ended:
        return ()
    known = known or counting.knowledge(view)
    return tuple(
        Belief(place, size, kinds) for place, size, kinds in counting.place_beliefs(view, known)
    )


_GOODS_AT = tuple(
    (i, kind) for i, kind in enumerate(counting.KINDS) if kind not in (LUGGAGE, DIPLOMATIC_BAG)
)
_GOODS_AT = tuple(sorted(_GOODS_AT, key=lambda pair: DUTIABLE.index(pair[1])))
_BAG_AT = counting.KINDS.index(DIPLOMATIC_BAG)


@lru_cache(maxsize=4096)
def _world_types(
    tracked: tuple[int, ...], unseen: int, pool: tuple[int, ...]
) -> tuple[tuple[HandType, float], ...]:
    """``((type, P), ...)`` of a hand with ``tracked`` cards and ``unseen`` more from ``pool``."""
    total = comb(sum(pool), unseen)
    if total == 0:
        return ()
    out: dict[HandType, int] = {}
    for drawn, ways in counting.draw_ways(pool, unseen):
        hand = [a + b for a, b in zip(tracked, drawn, strict=True)]
        goods = tuple(kind for i, kind in _GOODS_AT for _ in range(hand[i]))
        t = HandType(goods, hand[_BAG_AT] > 0)
        out[t] = out.get(t, 0) + ways
    return tuple((t, ways / total) for t, ways in out.items())


def type_prior(known: counting.Knowledge) -> dict[HandType, float]:
    """P(the hand in play is of each type) by the card count alone.

    Exact per world (hypergeometric), summed in floats: the posterior it
    feeds multiplies it by the solved game's (floating-point) strategy anyway.
    """
    prior: dict[HandType, float] = {}
    for world, p in known.worlds.items():
        weight = float(p)
        for t, q in _world_types(world.tracked, world.unseen, known.pool(world)):
            prior[t] = prior.get(t, 0.0) + weight * q
    return prior


def _posterior(
    view: Any, known: counting.Knowledge, declaration: Any, table: Solved
) -> tuple[dict[HandType, float], bool]:
    """P(type of the hand in play | the card count, and the declaration heard).

    ``P(t | d) ∝ P_count(t) · σ(d | t)`` with ``σ`` the solved game's
    declarer. Returns ``(posterior, informative)``; when no type that the card
    count allows makes this declaration in the solved game, the declaration
    tells nothing and the card count alone is returned (``informative`` False).
    """
    weights: dict[HandType, float] = {}
    worlds = _worlds(known)
    for t, sigma, need in _senders(table, declaration):
        likely = _count_probability(worlds, need)
        if likely:
            weights[t] = likely * sigma
    weight_sum = sum(weights.values(), 0.0)
    if weight_sum <= 1e-15:
        return type_prior(known), False
    return {t: w / weight_sum for t, w in weights.items()}, True


_World = tuple[float, tuple[int, ...], int, tuple[int, ...], int]


def _worlds(known: counting.Knowledge) -> list[_World]:
    """``(P, tracked counts, unseen, pool, ways to draw the unseen)`` of every world."""
    return [
        (float(p), w.tracked, w.unseen, known.pool(w), comb(sum(known.pool(w)), w.unseen))
        for w, p in known.worlds.items()
    ]


def _count_probability(worlds: list[_World], need: tuple[int, ...]) -> float:
    """P_count(the hand is exactly ``need``'s cards: goods, the Bag, luggage for the rest)."""
    likely = 0.0
    for p, tracked, unseen, pool, total in worlds:
        ways = 1
        for i, n in enumerate(need):
            more = n - tracked[i]
            if more < 0:
                ways = 0
                break
            if more:
                ways *= comb(pool[i], more)
        if ways and total and sum(need) - sum(tracked) == unseen:
            likely += p * ways / total
    return likely


_SENDERS: dict[tuple[int, Any], tuple[tuple[HandType, float, tuple[int, ...]], ...]] = {}


def _senders(
    table: Solved, declaration: Any
) -> tuple[tuple[HandType, float, tuple[int, ...]], ...]:
    """``(type, σ(d | type), the type's cards as counts)`` for every type declaring ``d``."""
    key = (id(table), declaration)
    if key not in _SENDERS:
        _SENDERS[key] = tuple(
            (t, sigma, counting.counts(_cards_of_type(t)))
            for t, sigma in table.senders.get(declaration, {}).items()
        )
    return _SENDERS[key]


def _is_false(t: HandType, declaration: Any) -> bool:
    if declaration == IMMUNITY:
        return not t.bag
    return t.goods != declaration


# ---------------------------------------------------------------- the decisions


def _mark(choices: list[Choice]) -> tuple[Choice, ...]:
    top = max(c.value for c in choices)
    return tuple(
        Choice(c.label, c.value, c.action, abs(c.value - top) <= TIE, c.model, c.details)
        for c in choices
    )


@dataclass(frozen=True)
class _Rates:
    """The rates a declarer faces: this Officer's and the next receiver's, as observed."""

    search: tuple[Fraction | None, int, int]
    challenge: tuple[Fraction | None, int, int]
    inform: tuple[Fraction | None, int, int]
    receiver_challenge: tuple[Fraction | None, int, int]

    @classmethod
    def of(cls, view: Any, obs: counting.Observed) -> _Rates:
        receiver = _receiver_after(view, view.seat)
        return cls(
            obs.rate("search", view.officer),
            obs.rate("challenge", view.officer),
            obs.rate("inform", receiver),
            obs.rate("receiver_challenge", receiver),
        )

    def against(self, declaration: Any) -> tuple[Fraction | None, Fraction]:
        """(the Officer's observed rate or None, the receiver's: 0 when not seen yet)."""
        if declaration == IMMUNITY:
            return self.challenge[0], self.receiver_challenge[0] or Fraction(0)
        return self.search[0], self.inform[0] or Fraction(0)


def declaration_values(hand: Any, declaration: Any, board: Board, rates: _Rates) -> dict:
    """One declaration's exact values (the analysis's functions) at both models' rates."""
    hand = list(hand)
    s_eq = solved(board).search[declaration]
    s_obs, r_obs = rates.against(declaration)
    if declaration == IMMUNITY:
        eq_value = maths.immunity_value(hand, s_eq, board)
        obs_value = (
            None
            if s_obs is None
            else maths.immunity_value(hand, s_obs + (1 - s_obs) * r_obs, board)
        )
    else:
        eq_value = maths.declaration_value(hand, declaration, s_eq, 0, board)
        obs_value = (
            None
            if s_obs is None
            else maths.declaration_value(hand, declaration, s_obs, r_obs, board)
        )
    return {
        "declaration": declaration,
        "truth": not _is_false(hand_type(hand), declaration),
        "equilibrium_rate": s_eq,
        "equilibrium_value": eq_value,
        "observed_rate": s_obs,
        "observed_receiver_rate": r_obs,
        "observed_value": obs_value,
    }


@lru_cache(maxsize=64)
def _declaration_table(board: Board) -> tuple[tuple[Any, float, int, bool], ...]:
    """``(declaration, equilibrium rate, duty, is immunity)`` for every declaration."""
    table = solved(board)
    return tuple(
        (d, table.search[d], 0 if d == IMMUNITY else board.hand_duty(Counter(d)), d == IMMUNITY)
        for d in ALL_DECLARATIONS
    )


def _quick_values(hand: Any, board: Board, rates: _Rates) -> dict[Any, tuple[float, float | None]]:
    """Every declaration's (equilibrium, observed) value in floats: the same formulas as
    :func:`~prohis_nb.analysis.smuggle.declaration_value` and ``immunity_value``, fast."""
    t = hand_type(hand)
    held_duty = board.hand_duty(Counter(t.goods))
    fines = board.hand_fines(Counter(t.goods))
    c, fine = board.compensation, board.immunity_fine
    s_obs, r_obs = rates.against(())
    c_obs, rc_obs = rates.against(IMMUNITY)

    def value(d: Any, s: float, r: float, immunity: bool, duty: int) -> float:
        if immunity:
            checked = s + (1 - s) * r
            return checked * fine if t.bag else -checked * (fine + fines)
        checked = s + (1 - s) * r
        if d == t.goods:
            return -held_duty + checked * c
        return -(1 - s) * duty - checked * fines

    out = {}
    for d, s_eq, duty, immunity in _declaration_table(board):
        s, r = (c_obs, rc_obs) if immunity else (s_obs, r_obs)
        observed = None if s is None else value(d, float(s), float(r), immunity, duty)
        out[d] = (value(d, s_eq, 0.0, immunity, duty), observed)
    return out


def _action_for(view: Any, declaration: Any) -> Any:
    for action in view.legal_actions:
        if declaration == IMMUNITY and action.act == "immunity":
            return action
        if action.act == "declare" and action.items == declaration:
            return action
    return None


def _declare(
    view: Any, board: Board, table: Solved, known: Any, obs: counting.Observed
) -> tuple[Any, str]:
    rates = _Rates.of(view, obs)
    quick = _quick_values(view.hand, board, rates)
    t = hand_type(view.hand)
    mix = table.mix.get(t, {})
    shown = [t.goods] + ([()] if t.goods else []) + [IMMUNITY]
    shown += [d for d in mix if d not in shown]
    best_eq = max(quick, key=lambda d: quick[d][0])
    if best_eq not in shown:
        shown.append(best_eq)
    seen = [d for d in quick if quick[d][1] is not None]
    best_obs = max(seen, key=lambda d: quick[d][1]) if seen else None  # type: ignore[arg-type,return-value]
    if best_obs is not None and best_obs not in shown:
        shown.append(best_obs)
    model = (
        f"your money from this hand: {EQUILIBRIUM_MODEL} (details: also at this Officer's "
        "observed rate)"
    )
    choices = []
    for d in shown:
        details = declaration_values(view.hand, d, board, rates)
        details["equilibrium_mix"] = mix.get(d, 0.0)
        label = _label(d)
        if details["truth"]:
            label += " (true: you hold the Bag)" if d == IMMUNITY else " (the complete truth)"
        action = _action_for(view, d)
        value = float(details["equilibrium_value"])
        choices.append(Choice(label, value, action, model=model, details=details))
    rest = [d for d in quick if d not in shown]
    if rest:
        top = max(rest, key=lambda d: quick[d][0])
        details = declaration_values(view.hand, top, board, rates)
        details.update(count=len(rest), best=_label(top))
        label = f"any other declaration ({len(rest)} more)"
        choices.append(
            Choice(label, float(details["equilibrium_value"]), None, model=model, details=details)
        )
    choices = list(_mark(choices))
    best = [c for c in choices if c.best]
    worth = money(best[0].value)
    if len(best) > 1:
        names = " and ".join(c.label for c in best[:3])
        why = (
            f"At the solved game's search rates {names} are each worth {worth} to you: "
            "the Officer searches each just often enough that no declaration does better"
        )
    else:
        others = sorted((c.value for c in choices if not c.best), reverse=True)
        gap = f", {money(best[0].value - others[0])} more than the next best" if others else ""
        why = f"{_upper(best[0].label)} is worth {worth} at the solved game's search rates{gap}"
    if best_obs is not None:
        habits = []
        for (_, hits, tries), what in (
            (rates.search, "declaration"),
            (rates.challenge, "immunity claim"),
        ):
            if tries:
                verb = "searched" if what == "declaration" else "challenged"
                habits.append(f"{verb} {hits} of {count(tries, what)}")
        why += (
            f"; against this Officer, who has {' and '.join(habits)}, "
            f"{_label(best_obs)} is worth most ({money(quick[best_obs][1] or 0)})"
        )
    return tuple(choices), why + "."


@lru_cache(maxsize=SOLVED_BOARDS)  # (bounded like the solved boards: a board's set is large)
def _every_equilibrium(board: Board) -> Any:
    """Every equilibrium of ``board``'s declaration game (:mod:`..analysis.signalling_sets`)."""
    from prohis_nb.analysis.signalling_sets import declarer_set

    return declarer_set(None if board == _DEFAULT_BOARD else board)


@lru_cache(maxsize=1024)
def _possible_senders(board: Board, declaration: Any) -> tuple[tuple[int, HandType, Any], ...]:
    """``(row, type, the type's cards as counts)`` of every type that *some* equilibrium
    lets make ``declaration`` (its best replies at the pinned search rates)."""
    every = _every_equilibrium(board)
    eq = every.equilibrium
    j = eq.index(declaration)
    rows = sorted({int(i) for i, d in every.pairs if d == j})
    return tuple((i, eq.types[i], counting.counts(_cards_of_type(eq.types[i]))) for i in rows)


@lru_cache(maxsize=256)
def _other_extreme(
    board: Board, declaration: Any, weights: tuple[float, ...], gains: tuple[float, ...], side: int
) -> tuple[float, float] | None:
    """The lowest (``side`` −1), highest (+1) or both (0) search gains over every equilibrium.

    ``weights`` and ``gains``: per row of :func:`_possible_senders` (the card
    count's P of that hand, the Officer's gain from searching it). One linear
    program per side asked (about 40 ms each on the default board), cached so a
    verdict after the advice does not solve them again.
    """
    import numpy as np

    every = _every_equilibrium(board)
    rows = [i for i, _, _ in _possible_senders(board, declaration)]
    w = np.zeros(len(every.equilibrium.types))
    v = np.zeros(len(every.equilibrium.types))
    w[rows], v[rows] = weights, gains
    found = every.ratio_extremes(declaration, w, v, sides=(side,) if side else (-1, 1))
    if found is None:
        return None
    return found[0][0], found[1][0]


def _equilibrium_dependence(
    board: Board, known: Any, heard: Any, gain_of: Any, vertex_gain: float
) -> tuple[float, float] | None:
    """The search gain's range over every equilibrium, as far as the advice needs it.

    The lowest and highest expected gain from searching ``heard`` (card count ×
    each equilibrium's declarer, by Bayes). Only the side that could reverse the
    solved game's advice is solved; the other end is then ``vertex_gain``.
    ``None`` when no hand the card count allows makes ``heard`` in any equilibrium.
    """
    worlds = _worlds(known)
    senders = _possible_senders(board, heard)
    weights = tuple(_count_probability(worlds, need) for _, _, need in senders)
    if not any(weights):
        return None
    gains = tuple(float(gain_of(t)) for _, t, _ in senders)
    side = -1 if vertex_gain > TIE else 1 if vertex_gain < -TIE else 0
    found = _other_extreme(board, heard, weights, gains, side)
    if found is None:
        return None
    low, high = found
    if side == -1:  # the highest was not solved: this equilibrium's gain is a lower bound of it
        return min(low, vertex_gain), vertex_gain
    if side == 1:
        return vertex_gain, max(high, vertex_gain)
    return low, high


def _officer(
    view: Any, board: Board, table: Solved, known: Any, obs: counting.Observed
) -> tuple[Any, str]:
    heard = IMMUNITY if view.immunity else tuple(view.declared or ())
    post, informative = _posterior(view, known, heard, table)
    p_false = sum(p for t, p in post.items() if _is_false(t, heard))
    lie, hits, tries = obs.rate("false", view.holder)
    c, fine = board.compensation, board.immunity_fine
    if heard == IMMUNITY:
        accept = 0.0

        def searched(t: HandType) -> float:
            return -fine if t.bag else fine + board.hand_fines(Counter(t.goods))

        other, verb, does, noun = "challenge", "challenging", "challenges", "claim"
    else:
        duty = board.hand_duty(Counter(heard))
        accept = float(duty)

        def searched(t: HandType) -> float:
            return board.hand_fines(Counter(t.goods)) if _is_false(t, heard) else duty - c

        other, verb, does, noun = "search", "searching", "searches", "declaration"
    check = sum(p * searched(t) for t, p in post.items())
    span = _equilibrium_dependence(
        board, known, heard, lambda t: searched(t) - accept, float(check) - accept
    )
    depends = span is not None and span[0] < -TIE and span[1] > TIE
    model = (
        "your money from this hand: the hand's cards by the card count, weighted by how often "
        "the solved game's declarer of each hand makes this declaration; the receiver never informs"
    )
    if not informative:
        model = (
            "your money from this hand: nobody makes this declaration in the solved game, so "
            "the hand's cards by the card count alone; the receiver never informs"
        )
    details = {
        "declaration": heard,
        "p_false": p_false,
        "informative": informative,
        "equilibrium_rate": table.search[heard],
        "observed_false_rate": lie,
        "observed_false_seen": _fmt_rate(lie, hits, tries),
        # the gain from searching over every equilibrium (one end may be this one's) and
        # whether some equilibrium reverses the advice
        "equilibrium_gain_range": span,
        "depends_on_equilibrium": depends,
    }
    if lie is not None and heard != IMMUNITY:
        details["observed_search_gain"] = maths.search_gain(heard, lie, board)
    acts = {a.act: a for a in view.legal_actions}
    choices = _mark(
        [
            Choice(f"accept the {noun}", accept, acts.get("accept"), model=model, details=details),
            Choice(
                f"{other} the {'claim' if heard == IMMUNITY else 'hand'}",
                float(check),
                acts.get(other),
                model=model,
                details=details,
            ),
        ]
    )
    gain = float(check) - accept
    what = "the immunity claim" if heard == IMMUNITY else f"a declaration of {describe(heard)}"
    if abs(gain) <= TIE:
        why = (
            f"Accepting and {verb} {what} are worth the same ({money(accept)}): the solved "
            f"game's declarers lie just often enough ({percent(p_false)} of the time) to leave "
            f"you indifferent; its Officer {does} at {percent(table.search[heard])}"
        )
    else:
        better = verb.capitalize() if gain > 0 else "Accepting"
        why = (
            f"{better} {what} pays {money(abs(gain))} more on average: by the card count and "
            f"the solved game, the claim is false {percent(p_false)} of the time"
        )
    if depends and span is not None:
        why += (
            f"; but this depends on which equilibrium is played (all are equally exact): "
            f"over every equilibrium's declarers, {verb} gains from {money(span[0])} to "
            f"{money(span[1])} against accepting, so in some "
            f"{'accepting' if gain > 0 else verb} is better"
        )
    return choices, why + "."


def _receiver(
    view: Any, board: Board, table: Solved, known: Any, obs: counting.Observed
) -> tuple[Any, str]:
    heard = IMMUNITY if view.immunity else tuple(view.declared or ())
    post, informative = _posterior(view, known, heard, table)
    p_false = sum(p for t, p in post.items() if _is_false(t, heard))
    fresh = table.fresh if view.pack_size >= 4 else 0.0
    keep = view.pack_size >= 1
    passed = _INHERITED.get(board, {})
    accept = (
        sum(p * (passed.get(t) or inherited_value(t, board)) for t, p in post.items())
        if keep
        else 0.0
    )
    if heard == IMMUNITY:
        cash = sum(
            p * (board.informer_reward if not t.bag else -board.immunity_fine)
            for t, p in post.items()
        )
        other = "challenge"
    else:
        cash = p_false * board.informer_reward - (1 - p_false) * board.compensation
        other = "inform"
    check = cash + fresh
    lie, hits, tries = obs.rate("false", view.holder)
    details = {
        "declaration": heard,
        "p_false": p_false,
        "informative": informative,
        "money_now": cash,
        "fresh_hand_value": fresh,
        "passed_hand_value": accept,
        "observed_false_rate": lie,
        "observed_false_seen": _fmt_rate(lie, hits, tries),
    }
    if lie is not None and heard != IMMUNITY:
        details["observed_inform_gain"] = maths.inform_value(lie, board)
    model = (
        "your money now plus the solved-game value of the hand you end with (the passed hand "
        "after its best discard, or a fresh hand); the hand's cards by your card count, weighted "
        "by how often the solved game's declarer of each hand makes this declaration"
    )
    acts = {a.act: a for a in view.legal_actions}
    choices = _mark(
        [
            Choice(
                "accept the hand", float(accept), acts.get("accept"), model=model, details=details
            ),
            Choice(
                "turn Informer" if other == "inform" else "challenge the claim",
                float(check),
                acts.get(other),
                model=model,
                details=details,
            ),
        ]
    )
    verb = "informing" if other == "inform" else "challenging"
    best = "accepting" if choices[0].best else verb
    why = (
        f"{_upper(best)} is best: the hand is false {percent(p_false)} of the time, so "
        f"{verb} moves {money(cash)} now and gives a fresh hand worth {money(fresh)}, "
        f"against {money(accept)} for keeping the passed hand"
    )
    return choices, why + "."


def _discard(
    view: Any, board: Board, table: Solved, known: Any, obs: counting.Observed
) -> tuple[Any, str]:
    draw = counting.pack_draw(view)
    hand = list(view.hand)
    search = obs.rate("search", view.officer)[0]
    receiver = _receiver_after(view, view.seat)
    inform = obs.rate("inform", receiver)[0] or Fraction(0)
    challenge = obs.rate("challenge", view.officer)[0]
    model = (
        "what the hand is worth to declare in the solved game after this discard and a draw "
        "from the pack (its kind by your card count)"
    )
    choices = []
    for action in view.legal_actions:
        kept = list(hand)
        kept.remove(action.card)
        value = sum(float(p) * table.values[hand_type([*kept, k])] for k, p in draw.items())
        details: dict[str, Any] = {"card": action.card, "draw": draw, "equilibrium_value": value}
        if search is not None:
            details["observed_value"] = sum(
                p
                * max(
                    maths.declaration_options(
                        [*kept, k], search, inform, challenge or 0, board
                    ).values()
                )
                for k, p in draw.items()
            )
        choices.append(
            Choice(f"discard {action.card}", value, action, model=model, details=details)
        )
    marked = _mark(choices)
    best = [c for c in marked if c.best]
    if len(marked) == 1:
        card = marked[0].details["card"]
        must = "must go" if card == DIPLOMATIC_BAG else "is the only kind of card you hold"
        why = (
            f"The {card.replace('_', ' ')} {must}; the hand is then worth "
            f"{money(best[0].value)} on average after the draw"
        )
    else:
        why = (
            f"{_upper(best[0].label)} leaves the hand worth most to declare: "
            f"{money(best[0].value)} on average after the draw"
        )
    return marked, why + "."


_DECISIONS = {"declare": _declare, "officer": _officer, "receiver": _receiver, "discard": _discard}


# ---------------------------------------------------------------- the coach's answers


def advise(view: Any) -> Advice:
    """What ``view.seat`` may believe and what each of its legal choices is worth (module doc)."""
    _check_view(view)
    known = None if view.ended else counting.knowledge(view)
    places = beliefs(view, known)
    if view.ended:
        return Advice(GAME, view.seat, False, places, (), "The game is over.")
    if view.to_act != view.seat or view.decision is None:
        why = f"Seat {view.to_act} decides now: {view.decision.text}."
        return Advice(GAME, view.seat, False, places, (), why)
    board = board_of(view)
    table = solved(board)
    places = _given_the_declaration(view, places, table)
    obs = counting.observed(view)
    choices, why = _DECISIONS[view.decision.kind](view, board, table, known, obs)
    return Advice(GAME, view.seat, True, places, tuple(choices), why)


def declared_hand_belief(view: Any, table: Solved) -> dict[str, Fraction] | None:
    """P(a card of the declared hand is each kind), given the declaration heard (exact).

    While a declared hand waits for the Officer or its receiver, what the seat
    may believe about it is its card count (``view.knowledge``: every
    composition of the hand it cannot rule out) weighted by how often the
    solved game's declarer of each hand makes the declaration heard (the
    declarer model the Officer's and the receiver's values use):
    ``P(hand | d) ∝ P_count(hand) · σ(d | type(hand))``. ``None`` when no hand
    is declared, the seat sees the hand, or no hand the count allows makes the
    declaration in the solved game (it then tells nothing: the count alone).
    """
    if view.decision is None or view.decision.kind not in ("officer", "receiver"):
        return None
    if view.hand is not None or not view.hand_size:
        return None
    heard = IMMUNITY if view.immunity else tuple(view.declared or ())
    senders = table.senders.get(heard, {})
    kinds = counting.KINDS
    weights: dict[tuple[int, ...], Fraction] = {}
    for made, p in view.knowledge.distribution("hand").items():
        cards = [kind for kind, n in zip(kinds, made, strict=True) for _ in range(n)]
        sigma = senders.get(hand_type(cards))
        if sigma:
            weights[made] = p * Fraction(sigma)
    total = sum(weights.values(), Fraction(0))
    if not total:
        return None
    size = view.hand_size
    out = {
        kind: sum((w * made[i] for made, w in weights.items()), Fraction(0)) / (total * size)
        for i, kind in enumerate(kinds)
    }
    return {kind: p for kind, p in out.items() if p}


def _given_the_declaration(
    view: Any, places: tuple[Belief, ...], table: Solved
) -> tuple[Belief, ...]:
    """The beliefs, the declared hand's conditioned on its declaration (when one is heard)."""
    given = declared_hand_belief(view, table)
    if given is None:
        return places
    hand = places[0]  # the hidden hand comes first (counting.place_beliefs)
    return (Belief(f"{hand.place}, given its declaration", hand.size, given), *places[1:])


def _coerce(view: Any, action: Any) -> Action:
    if isinstance(action, str):
        action = parse_for_seat(action, view.seat)
    elif isinstance(action, Action):
        action = Action.checked(action)
    elif isinstance(action, Mapping):
        action = Action.from_json({"seat": view.seat, **action})
    else:
        raise MalformedActionError(
            f"a Smuggle action is an Action, a mapping or a text such as 'declare wine', "
            f"got {excerpt(action)}"
        )
    if action not in view.legal_actions:
        legal = sorted({a.act for a in view.legal_actions})
        raise ValueError(
            f"{action} is not a legal action for seat {view.seat} now; it may {', '.join(legal)}"
        )
    return action


def judge(view: Any, action: Any) -> Verdict:
    """A verdict on ``action``, taken by ``view.seat`` at the state ``view`` shows.

    ``loss`` is the best choice's value minus the action's (the same model as
    :func:`advise`, ``Choice.value``).
    """
    _check_view(view)
    if view.ended or view.to_act != view.seat:
        raise ValueError(
            f"seat {view.seat} has no decision in this view "
            f"({'the game is over' if view.ended else f'seat {view.to_act} decides'})"
        )
    action = _coerce(view, action)
    advice = advise(view)
    best = advice.best[0]
    chosen = next((c for c in advice.choices if c.action == action), None)
    if chosen is None:  # a declaration inside the "any other" group
        board = board_of(view)
        declaration = IMMUNITY if action.act == "immunity" else action.items
        rates = _Rates.of(view, counting.observed(view))
        values = declaration_values(view.hand, declaration, board, rates)
        value = float(values["equilibrium_value"])
        label = _label(declaration)
    else:
        value, label = chosen.value, chosen.label
    loss = max(0.0, best.value - value)
    if loss <= TIE:
        text = f"{_gerund(label)} was a best choice: worth {money(value)} in the solved game."
        return Verdict(view.seat, action, 0.0, text, True)
    text = (
        f"{_gerund(label)} was worth {money(value)} in the solved game, {money(loss)} less "
        f"than {_gerund(best.label, upper=False)} ({money(best.value)})."
    )
    return Verdict(view.seat, action, loss, text, False)


__all__ = ["advise", "beliefs", "judge", "solved", "warm_up"]
