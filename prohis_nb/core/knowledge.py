"""What one observer knows of the cards it cannot see: one exact model for every game.

A seat at a card table sees some cards, remembers where some others went,
and knows the *number* of cards in every place (the pile, each hand, each
convoy...). :class:`CardModel` turns exactly that into probabilities: for
every place and every kind of card, the chance that a card of the place is of
that kind, the whole distribution of a place's contents, and whole tables
drawn at random. Both games build one from what a seat saw
(:mod:`prohis_nb.prohis.knowledge`, :mod:`prohis_nb.smuggle.knowledge`).

**The probability model.** The cards were shuffled uniformly, and every
choice the observer did not see is *uninformative*: a convoy, a bribe or a
discard of ``n`` cards took any ``n`` of the physical cards of its place with
equal chance, and the public decisions (who controls, who declines, how many
cards go) say nothing about which cards. Together: **every physical history
of the cards that is consistent with everything the observer saw is equally
likely** (each history is a shuffle and a choice of physical cards at every
hidden step, and is counted once), except where the rules force or narrow
the choice (below). Strategic inference ("he would not have
declined with a captain in hand") is *not* part of this model: it is a model
of the cards, on which a model of the players may be put.

Consequences worth knowing: a card played in the open ("a captain") counts
like a card drawn at random from the hand and found to be a captain, so a
hand with two captains explains it twice as well as a hand with one. A step
the rules *force* is a probability, not a count: a Smuggle hand holding the
Diplomatic Bag discards the Bag for sure (probability 1), where a hand
without it discards each of its cards with probability 1/size, so the forced
branch weighs as much as all the free ones together (:meth:`discard_one`).
Counting histories alike there would make the Bag look 4 times too rare in
the discards; the tests check it against the frequency in games played. A
step the rules *narrow* is a probability too: a second bribe must differ
from the rejected one, so each allowed offer has chance 1 / (the offers the
hand allowed), a number that depends on the hand (:meth:`offer_unlike_noted`).

**How it is held, exactly.** Cards are *physical*: the model never merges
two copies of a kind into a count it cannot split again. Each place holds

* *explicit* cards: cards whose kind the observer knows (it saw them, or saw
  them go in), counted by kind, and
* *hidden slots*: cards the observer never saw, whose kinds come from the
  *pool*, the physical cards it never pinned down.

When the observer cannot tell where its explicit cards went (a row card seen
taken by seat 1, then a face-down convoy of three from that hand), the model
holds several *states*, one per possibility, each with its exact weight: the
number of physical histories that lead to it. States are grouped in
*components* that never exchange explicit cards (in Prohis, one per seat:
cards seat 1 was seen to take can only be in seat 1's hand, convoy or a
warehouse its convoys and bribes went to), so the possibilities of different
seats are never multiplied out. The pool's cards fill every hidden slot
uniformly: given the components' states, each way of dealing the remaining
pool into the hidden slots is equally likely. That is exact, because no step
ever looks at a hidden slot without turning it into an explicit card first
(:meth:`CardModel.reveal`, :meth:`CardModel.show`, :meth:`CardModel.materialize`).

Counting: a state's weight times ``g(c)``, the number of ways to deal the
pool into the hidden slots once the cards it pinned down (``c``, by kind) are
taken out, ``g(c) = U! / Π_k (pool_k - c_k)!`` with ``U`` the hidden slots
left; the components are combined by a convolution over ``c`` (standard
library, whole numbers, exact :class:`~fractions.Fraction` answers).

>>> model = CardModel.start(("a", "b"), pool=(2, 1), places=[("pile", 2, 0), ("hand", 1, 1)])
>>> model.expected("hand")
{'a': Fraction(2, 3), 'b': Fraction(1, 3)}
>>> model.reveal("pile", "b").expected("hand")
{'a': Fraction(1, 1), 'b': Fraction(0, 1)}
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import lru_cache
from itertools import product
from math import comb, factorial, gcd, lcm

from prohis_nb.errors import ProhisNbError

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing (~10 ms)
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
    from typing import Any

Counts = tuple[int, ...]
#: One place in one state: (explicit cards by kind, hidden slots).
Content = tuple[Counts, int]
#: One state of a component: (pool cards it pinned down by kind, the contents of
#: its places in order, its notes: recorded compositions by name).
State = tuple[Counts, tuple[Content, ...], tuple[tuple[str, Counts], ...]]


class ModelError(ValueError):
    """A step the model cannot take: the observations contradict each other.

    The game adapters only feed what really happened, so this means a bug or
    a hand-made history; callers that read a view given from outside turn it
    into the project's :class:`~prohis_nb.errors.ViewError`.
    """


class ModelTooLarge(ModelError, ProhisNbError):
    """The observations hold together, but more ways the cards could lie than the model keeps.

    Not a contradiction and not a forged view: a real game can get here (with
    several bribe rounds, offers the seat did not see multiply the
    possibilities). Callers say so in words (the coach: "cannot advise here")
    rather than refuse the view.
    """


#: The most states one component may hold (a real 3-player game with two bribe rounds
#: can reach 300,000): past it a step raises :class:`ModelTooLarge` instead of taking
#: seconds to minutes (docs/engine.md, "What it costs").
MAX_STATES = 50_000


def _too_large(what: str) -> ModelTooLarge:
    return ModelTooLarge(
        f"too many ways the cards could lie after {what} (more than {MAX_STATES:,} "
        "possibilities in one seat's part of the table) to keep them exactly"
    )


@lru_cache(maxsize=4096)
def _factorial(n: int) -> int:
    return factorial(n)


@lru_cache(maxsize=65536)
def compositions(total: int, width: int) -> tuple[Counts, ...]:
    """Every way of writing ``total`` as ``width`` counts (a multiset of kinds), in fixed order."""
    if width == 1:
        return ((total,),)
    out = []
    for first in range(total, -1, -1):
        for rest in compositions(total - first, width - 1):
            out.append((first, *rest))
    return tuple(out)


def _arrangements(counts: Counts) -> int:
    """The number of sequences with these counts: ``n! / Π counts!`` (a multinomial)."""
    out = _factorial(sum(counts))
    for n in counts:
        out //= _factorial(n)
    return out


@lru_cache(maxsize=262144)
def _deals(pool: Counts, c: Counts) -> int:
    """The ways to deal ``pool`` less ``c`` into as many hidden slots: ``U! / Π_k (pool_k - c_k)!``
    (0 if ``c`` is too much). Kept: the same few ``c`` come back at every question."""
    left = 0
    denominator = 1
    for have, used in zip(pool, c):
        rest = have - used
        if rest < 0:
            return 0
        left += rest
        denominator *= _factorial(rest)
    return _factorial(left) // denominator


def _add(a: Counts, b: Counts) -> Counts:
    return tuple([x + y for x, y in zip(a, b)])


def _sub(a: Counts, b: Counts) -> Counts:
    return tuple([x - y for x, y in zip(a, b)])


class _Component:
    """Places whose explicit cards may trade places, and the weighted states they may be in."""

    __slots__ = ("places", "states", "_c_weights", "_sums")

    def __init__(self, places: tuple[str, ...], states: dict[State, int]) -> None:
        self.places = places
        self.states = states
        self._c_weights: dict[Counts, int] | None = None
        self._sums: tuple[dict[Counts, list[int]], ...] | None = None

    def sums(self) -> tuple[dict[Counts, list[int]], ...]:
        """For each place: by pinned-down ``c``, the weighted sums of its explicit cards by
        kind and of its hidden slots (last). Kept: a component is shared, unchanged, by
        every later model until a step touches it, so each move pays for one component."""
        sums = self._sums
        if sums is None:
            tables: list[dict[Counts, list[int]]] = [{} for _ in self.places]
            width = 0
            for (c, contents, _notes), weight in self.states.items():
                width = len(c)
                for table, (explicit, hidden) in zip(tables, contents):
                    acc = table.get(c)
                    if acc is None:
                        acc = table[c] = [0] * (width + 1)
                    for k, n in enumerate(explicit):
                        if n:
                            acc[k] += weight * n
                    if hidden:
                        acc[width] += weight * hidden
            sums = self._sums = tuple(tables)
        return sums

    def c_weights(self) -> dict[Counts, int]:
        """Total weight by pinned-down pool cards ``c`` (kept: components are never changed)."""
        weights = self._c_weights
        if weights is None:
            weights = {}
            for (c, _contents, _notes), weight in self.states.items():
                weights[c] = weights.get(c, 0) + weight
            self._c_weights = weights
        return weights


class CardModel:
    """An observer's exact knowledge of where the cards are (see the module docstring).

    Immutable: every step returns a new model (sharing what did not change),
    so a view can keep the model of its moment. Build one with
    :meth:`start`, take steps (:meth:`add`, :meth:`move`, :meth:`merge`,
    :meth:`reveal`, :meth:`show`, :meth:`take_known`, :meth:`materialize`,
    :meth:`discard_one`, :meth:`offer_unlike_noted`, :meth:`transfer`), then ask: :meth:`size`,
    :meth:`expected`, :meth:`probability`, :meth:`distribution`,
    :meth:`sample`, :meth:`spread`.
    """

    __slots__ = ("kinds", "pool", "_where", "_components", "_memo")

    #: Take the exact shortcuts of :meth:`_map` and :meth:`_with` (a step that
    #: changes no count keeps the answers already computed). The tests turn it
    #: off to check that the answers are the same, Fraction for Fraction.
    shortcuts = True

    def __init__(
        self,
        kinds: tuple[str, ...],
        pool: Counts,
        where: dict[str, tuple[int, int]],
        components: tuple[_Component, ...],
    ) -> None:
        self.kinds = kinds
        #: The pool cards not yet pinned down by every state (counts by kind).
        self.pool = pool
        self._where = where
        self._components = components
        self._memo: dict[Any, Any] = {}

    # ------------------------------------------------------------ building

    @classmethod
    def start(
        cls,
        kinds: Sequence[str],
        pool: Sequence[int],
        places: Iterable[tuple[str, int, int]],
        known: Mapping[str, Sequence[int]] | None = None,
    ) -> CardModel:
        """A model before anything is observed.

        ``pool``: the shuffled cards, counts by kind. ``places``: ``(name,
        hidden slots, component)`` for every place, in the order the places
        are dealt; places with the same component number may trade explicit
        cards later. ``known``: explicit cards each place starts with, counts
        by kind: cards dealt in the open, outside the pool.
        """
        kinds = tuple(kinds)
        width = len(kinds)
        pool_counts = tuple(int(n) for n in pool)
        if len(pool_counts) != width or min(pool_counts, default=0) < 0:
            raise ModelError(f"the pool must give {width} counts, got {pool_counts}")
        groups: dict[int, list[tuple[str, int]]] = {}
        for name, hidden, component in places:
            groups.setdefault(component, []).append((name, hidden))
        known = known or {}
        zero = (0,) * width
        where: dict[str, tuple[int, int]] = {}
        components = []
        hidden_total = 0
        for index, component in enumerate(sorted(groups)):
            names = tuple(name for name, _hidden in groups[component])
            contents = []
            for position, (name, hidden) in enumerate(groups[component]):
                if name in where:
                    raise ModelError(f"place {name!r} is given twice")
                where[name] = (index, position)
                explicit = tuple(known.get(name, zero))
                contents.append((explicit, hidden))
                hidden_total += hidden
            state: State = (zero, tuple(contents), ())
            components.append(_Component(names, {state: 1}))
        unknown = set(known) - set(where)
        if unknown:
            raise ModelError(f"known cards given for unknown places {sorted(unknown)}")
        if hidden_total != sum(pool_counts):
            raise ModelError(
                f"{hidden_total} hidden slots but {sum(pool_counts)} pool cards to fill them"
            )
        return cls(kinds, pool_counts, where, tuple(components))

    def _index(self, kind: str) -> int:
        try:
            return self.kinds.index(kind)
        except ValueError:
            raise ModelError(f"unknown kind {kind!r}; kinds are {', '.join(self.kinds)}") from None

    def _place(self, place: str) -> tuple[int, int]:
        try:
            return self._where[place]
        except KeyError:
            raise ModelError(f"unknown place {place!r}") from None

    def _with(self, index: int, states: dict[State, int], what: str) -> CardModel:
        """A new model whose component ``index`` has ``states`` (weights reduced, pool folded)."""
        if len(states) > MAX_STATES:
            raise _too_large(what)
        pool = self.pool
        # A state that pins down more cards of a kind than the pool holds is
        # impossible whatever the other components hold: it goes at once.
        # (States share few distinct ``c``: each is checked once.)
        fits: dict[Counts, bool] = {}
        kept: dict[State, int] = {}
        for state, weight in states.items():
            if not weight:
                continue
            c = state[0]
            ok = fits.get(c)
            if ok is None:
                ok = fits[c] = all(n <= have for n, have in zip(c, pool))
            if ok:
                kept[state] = weight
        states = kept
        if not states:
            raise ModelError(f"no way the cards could lie after {what}: the history contradicts it")
        # Pool cards pinned down in every state are taken out of the pool for good
        # (exact: only pool - c matters), and the weights are divided by their
        # common factor (only their ratios matter): the numbers stay small.
        least = list(next(iter(fits)))
        for c, ok in fits.items():
            if ok:
                for k, n in enumerate(c):
                    if n < least[k]:
                        least[k] = n
        common = 0
        for weight in states.values():
            common = gcd(common, weight)
            if common == 1:
                break
        if any(least) or common > 1:
            shift = tuple(least)
            moved = any(least)
            if moved:
                pool = _sub(pool, shift)
            states = {
                ((_sub(c, shift) if moved else c), contents, notes): weight // common
                for (c, contents, notes), weight in states.items()
            }
        model = CardModel(self.kinds, pool, self._where, self._replaced(index, states))
        if (
            CardModel.shortcuts
            and pool == self.pool
            and model._components[index].c_weights() == (self._components[index].c_weights())
        ):
            # Every count the questions read (the weights by ``c`` of each
            # component, the pool) is unchanged: the answers kept so far hold.
            model._memo = self._memo
        return model

    def _replaced(self, index: int, states: dict[State, int]) -> tuple[_Component, ...]:
        components = list(self._components)
        components[index] = _Component(components[index].places, states)
        return tuple(components)

    def _map(
        self,
        index: int,
        step: Callable[[State], Iterable[tuple[State, int]]],
        what: str,
        touches: tuple[int, ...] | None = None,
    ) -> CardModel:
        states = self._components[index].states
        if touches is not None and CardModel.shortcuts and len(states) > 64:
            grouped = self._map_grouped(index, step, what, touches)
            if grouped is not None:
                return grouped
        out: dict[State, int] = {}
        get = out.get
        # A step that sends every state to one state of its own, with the same
        # weight and the same pinned-down cards (a card seen going into a place,
        # a place merged into another), changes no count: the reduction of
        # :meth:`_with` would change nothing, and every answer kept still holds.
        same = True
        for state, weight in states.items():
            if len(out) > MAX_STATES:
                raise _too_large(what)
            made = 0
            for new, factor in step(state):
                if factor:
                    made += 1
                    if same and (factor != 1 or new[0] is not state[0] or new in out):
                        same = False
                    out[new] = get(new, 0) + weight * factor
            if made != 1:
                same = False
        if same and CardModel.shortcuts:
            model = CardModel(self.kinds, self.pool, self._where, self._replaced(index, out))
            model._components[index]._c_weights = self._components[index].c_weights()
            model._memo = self._memo
            return model
        return self._with(index, out, what)

    def _map_grouped(
        self,
        index: int,
        step: Callable[[State], Iterable[tuple[State, int]]],
        what: str,
        touches: tuple[int, ...],
    ) -> CardModel | None:
        """:meth:`_map` for a step that reads and changes only the places ``touches``.

        Many states differ only in places the step does not touch (where the
        cards of earlier convoys and bribes went): the step is taken once per
        group of states that agree on ``c``, the touched places and the notes,
        and its result is put into every state of the group, the other places
        unchanged. The same states and weights as :meth:`_map`. ``None`` if the
        step turns out to change another place (then :meth:`_map` does it).
        """
        groups: dict[tuple[Counts, tuple[Content, ...], Any], list[tuple[Any, int]]] = {}
        for (c, contents, notes), weight in self._components[index].states.items():
            key = (c, tuple([contents[p] for p in touches]), notes)
            members = groups.get(key)
            if members is None:
                members = groups[key] = []
            members.append((contents, weight))
        untouched = [p for p in range(len(self._components[index].places)) if p not in touches]
        out: dict[State, int] = {}
        same = True  # as in _map: every state to one of its own, same weight and c
        for (c, _part, notes), members in groups.items():
            if len(out) > MAX_STATES:
                raise _too_large(what)
            first = members[0][0]
            made = 0
            for (new_c, new_contents, new_notes), factor in step((c, first, notes)):
                if not factor:
                    continue
                made += 1
                if factor != 1 or new_c is not c:
                    same = False
                if any(new_contents[p] is not first[p] for p in untouched):
                    return None
                patch = [(p, new_contents[p]) for p in touches]
                for contents, weight in members:
                    merged = list(contents)
                    for p, value in patch:
                        merged[p] = value
                    new = (new_c, tuple(merged), new_notes)
                    if new in out:
                        same = False
                        out[new] += weight * factor
                    else:
                        out[new] = weight * factor
            if made != 1:
                same = False
        if same:
            model = CardModel(self.kinds, self.pool, self._where, self._replaced(index, out))
            model._components[index]._c_weights = self._components[index].c_weights()
            model._memo = self._memo
            return model
        return self._with(index, out, what)

    # ------------------------------------------------------------ steps

    def add(self, place: str, kind: str, n: int = 1) -> CardModel:
        """``n`` cards of ``kind``, seen by the observer, go into ``place`` (explicit cards)."""
        index, position = self._place(place)
        k = self._index(kind)

        def step(state: State) -> Iterator[tuple[State, int]]:
            c, contents, notes = state
            explicit, hidden = contents[position]
            explicit = tuple([x + n if i == k else x for i, x in enumerate(explicit)])
            yield (c, _replace(contents, position, (explicit, hidden)), notes), 1

        return self._map(index, step, f"{n} {kind} put into {place}", (position,))

    def move(self, source: str, target: str, n: int) -> CardModel:
        """``n`` cards of ``source``, chosen unseen (any ``n`` physical cards alike), go to
        ``target``.

        Both places must be in the same component, unless ``source`` holds
        only hidden slots in every state (a pile): then only slots move.
        """
        s_index, s_position = self._place(source)
        t_index, t_position = self._place(target)
        if s_index != t_index:
            return self.transfer(source, target, n)

        def step(state: State) -> Iterator[tuple[State, int]]:
            c, contents, notes = state
            explicit, hidden = contents[s_position]
            if sum(explicit) + hidden < n:
                return
            target_explicit, target_hidden = contents[t_position]
            for taken, ways in _subsets(explicit, hidden, n):
                *kinds, from_hidden = taken
                left = (_sub(explicit, tuple(kinds)), hidden - from_hidden)
                new = _replace(contents, s_position, left)
                new = _replace(
                    new,
                    t_position,
                    (_add(target_explicit, tuple(kinds)), target_hidden + from_hidden),
                )
                yield (c, new, notes), ways

        return self._map(
            s_index, step, f"{n} cards moved from {source} to {target}", (s_position, t_position)
        )

    def transfer(self, source: str, target: str, n: int) -> CardModel:
        """``n`` hidden slots move from ``source`` (hidden slots only) to ``target``."""
        s_index, s_position = self._place(source)
        t_index, t_position = self._place(target)
        if s_index == t_index:
            return self.move(source, target, n)
        for _c, contents, _notes in self._components[s_index].states:
            explicit, hidden = contents[s_position]
            if any(explicit) or hidden < n:
                raise ModelError(
                    f"{n} cards cannot move unseen from {source} to {target} in another component "
                    f"unless {source} holds only hidden slots"
                )

        def take(state: State) -> Iterator[tuple[State, int]]:
            c, contents, notes = state
            explicit, hidden = contents[s_position]
            yield (c, _replace(contents, s_position, (explicit, hidden - n)), notes), 1

        def give(state: State) -> Iterator[tuple[State, int]]:
            c, contents, notes = state
            explicit, hidden = contents[t_position]
            yield (c, _replace(contents, t_position, (explicit, hidden + n)), notes), 1

        model = self._map(s_index, take, f"{n} cards taken from {source}")
        return model._map(t_index, give, f"{n} cards put into {target}")

    def merge(self, source: str, target: str) -> CardModel:
        """Every card of ``source`` goes into ``target`` (same component)."""
        s_index, s_position = self._place(source)
        t_index, t_position = self._place(target)
        if s_index != t_index:
            raise ModelError(f"{source} and {target} are in different components")
        zero = (0,) * len(self.kinds)

        def step(state: State) -> Iterator[tuple[State, int]]:
            c, contents, notes = state
            explicit, hidden = contents[s_position]
            target_explicit, target_hidden = contents[t_position]
            new = _replace(contents, s_position, (zero, 0))
            new = _replace(
                new, t_position, (_add(target_explicit, explicit), target_hidden + hidden)
            )
            yield (c, new, notes), 1

        return self._map(s_index, step, f"{source} put into {target}", (s_position, t_position))

    def reveal(self, place: str, kind: str) -> CardModel:
        """A card of ``place``, any one alike (a card turned, a card played), is seen: ``kind``.

        The card leaves the place (the caller puts it where it goes next).
        """
        return self.take_known(place, (kind,))

    def take_known(self, place: str, cards: Iterable[str], target: str | None = None) -> CardModel:
        """Cards of known kinds leave ``place``: chosen unseen, then seen (a bribe the controller
        sees).

        Each physical choice of these kinds counts once. With ``target`` the
        cards go there as explicit cards; without, they leave the model (they
        lie face up).
        """
        index, position = self._place(place)
        wanted = [0] * len(self.kinds)
        for card in cards:
            wanted[self._index(card)] += 1
        want = tuple(wanted)
        t_position = None
        if target is not None:
            t_index, t_position = self._place(target)
            if t_index != index:
                raise ModelError(f"{place} and {target} are in different components")

        def step(state: State) -> Iterator[tuple[State, int]]:
            c, contents, notes = state
            explicit, hidden = contents[position]
            for used, ways in _known_choices(explicit, hidden, want):
                from_hidden = _sub(want, used)
                left = (_sub(explicit, used), hidden - sum(from_hidden))
                new = _replace(contents, position, left)
                if t_position is not None:
                    t_explicit, t_hidden = new[t_position]
                    new = _replace(new, t_position, (_add(t_explicit, want), t_hidden))
                yield (_add(c, from_hidden), new, notes), ways

        touches = (position,) if t_position is None else (position, t_position)
        return self._map(index, step, f"{' '.join(cards)} seen leaving {place}", touches)

    def show(self, place: str, cards: Iterable[str]) -> CardModel:
        """The observer sees every card of ``place``: exactly ``cards``. They stay, explicit."""
        index, position = self._place(place)
        wanted = [0] * len(self.kinds)
        for card in cards:
            wanted[self._index(card)] += 1
        want = tuple(wanted)

        def step(state: State) -> Iterator[tuple[State, int]]:
            c, contents, notes = state
            explicit, hidden = contents[position]
            rest = _sub(want, explicit)
            if min(rest, default=0) < 0 or sum(rest) != hidden:
                return
            new = _replace(contents, position, (want, 0))
            yield (_add(c, rest), new, notes), _arrangements(rest)

        return self._map(
            index, step, f"{place} seen to hold {' '.join(cards) or 'nothing'}", (position,)
        )

    def materialize(self, place: str) -> CardModel:
        """Split the possibilities by every kind the hidden slots of ``place`` may hold.

        Changes no probability; afterwards the place holds explicit cards only,
        so a note of its composition (:meth:`note`) can be taken.
        """
        index, position = self._place(place)
        width = len(self.kinds)

        def step(state: State) -> Iterator[tuple[State, int]]:
            c, contents, notes = state
            explicit, hidden = contents[position]
            if not hidden:
                yield state, 1
                return
            for drawn in compositions(hidden, width):
                new = _replace(contents, position, (_add(explicit, drawn), 0))
                yield (_add(c, drawn), new, notes), _arrangements(drawn)

        return self._map(index, step, f"the cards of {place} told apart")

    def discard_one(self, source: str, target: str, forced: str | None = None) -> CardModel:
        """One card of ``source`` goes unseen into ``target``: any physical card alike,
        except that a card of kind ``forced`` must go when the place holds one.

        ``forced`` must never lie in a hidden slot (pin it down first: the pool
        must hold none of it), or the rule could not be checked.
        """
        index, position = self._place(source)
        t_index, t_position = self._place(target)
        if t_index != index:
            raise ModelError(f"{source} and {target} are in different components")
        must = None if forced is None else self._index(forced)
        if must is not None and self._pool_total(must):
            raise ModelError(f"{forced} may lie in a hidden slot: pin it down before this step")
        width = len(self.kinds)

        def step(state: State) -> Iterator[tuple[State, int]]:
            c, contents, notes = state
            explicit, hidden = contents[position]
            options: list[tuple[int | None, int]]
            if must is not None and explicit[must]:
                # The rules leave one choice, made for sure: probability 1, where each
                # free discard has probability 1/size. Weights are kept whole by
                # multiplying every branch by the place's size (public, so the same
                # factor in every state): the forced card weighs `size`, a free one 1.
                options = [(must, sum(explicit) + hidden)]
            else:
                options = [(k, n) for k, n in enumerate(explicit) if n]
                if hidden:
                    options.append((None, hidden))
            for k, ways in options:
                t_explicit, t_hidden = contents[t_position]
                if k is None:
                    new = _replace(contents, position, (explicit, hidden - 1))
                    new = _replace(new, t_position, (t_explicit, t_hidden + 1))
                else:
                    one = tuple(int(i == k) for i in range(width))
                    new = _replace(contents, position, (_sub(explicit, one), hidden))
                    new = _replace(new, t_position, (_add(t_explicit, one), t_hidden))
                yield (c, new, notes), ways

        return self._map(index, step, f"a card discarded from {source}", (position, t_position))

    def pin(self, kind: str) -> CardModel:
        """Pin down every pool card of ``kind``: which place's hidden slot each one is in.

        All hidden slots must be in one component. Changes no probability;
        afterwards ``kind`` is always explicit (see :meth:`discard_one`).
        """
        k = self._index(kind)
        total = self.pool[k]
        if not total:
            return self
        indices = {self._where[name][0] for name in self._where if self._hidden_anywhere(name)}
        if len(indices) > 1:
            raise ModelError(f"the hidden slots are in several components: {kind} cannot be pinned")
        (index,) = indices
        width = len(self.kinds)

        def step(state: State) -> Iterator[tuple[State, int]]:
            c, contents, notes = state
            free = [hidden for _explicit, hidden in contents]
            for split in _spreads(total - c[k], free):
                ways = 1
                new = list(contents)
                for position, (n, (explicit, hidden)) in enumerate(zip(split, contents)):
                    if n:
                        ways *= comb(hidden, n)
                        bump = tuple(n if i == k else 0 for i in range(width))
                        new[position] = (_add(explicit, bump), hidden - n)
                bump_c = tuple(total if i == k else x for i, x in enumerate(c))
                yield (bump_c, tuple(new), notes), ways

        return self._map(index, step, f"every {kind} pinned down")

    def note(self, key: str, place: str) -> CardModel:
        """Record the composition of ``place`` (explicit cards only) under ``key``."""
        index, position = self._place(place)

        def step(state: State) -> Iterator[tuple[State, int]]:
            c, contents, notes = state
            explicit, hidden = contents[position]
            if hidden:
                raise ModelError(f"{place} holds hidden slots: materialize it before noting it")
            yield (c, contents, (*notes, (key, explicit))), 1

        return self._map(index, step, f"{place} noted")

    def offer_unlike_noted(
        self, source: str, target: str, n: int, prefix: str, limit: int | None = None
    ) -> CardModel:
        """``n`` cards of ``source`` go unseen to ``target``, chosen among the choices the rules
        allow: any ``n`` physical cards alike, except those whose kinds equal a note of
        that ``prefix`` (a new bribe must differ from every rejected one).

        A choice the rules narrow is a probability, as in :meth:`discard_one`:
        each allowed choice has chance 1 / (the number of allowed choices), and
        that number depends on the kinds in the place. A hand of one legal and
        two illegal cards that had a legal card rejected has 2 choices left
        (either illegal card), each of chance 1/2; a hand of one legal and one
        illegal card has 1, of chance 1. Counting choices alike would make the
        first hand look twice as likely as it is.

        So the place is told apart first (its hidden slots split by kind, as
        :meth:`materialize`), and each branch weighs ``ways × L / allowed``:
        ``ways`` the physical choices of its kinds, ``allowed`` those of the
        state's hand, ``L`` a common multiple of every ``allowed`` (one factor
        for the whole component, so no ratio but the intended ones changes).
        Afterwards both places hold explicit cards only. ``limit`` bounds the
        work (branches); a hand too large to tell apart raises ``ModelTooLarge``.
        """
        index, position = self._place(source)
        t_index, t_position = self._place(target)
        if t_index != index:
            raise ModelError(f"{source} and {target} are in different components")
        if limit is None:
            limit = MAX_STATES
        width = len(self.kinds)
        zero = (0,) * width
        # The work is known before it is done: every state splits into the kinds its
        # hidden slots may hold. Past the bound, say so before doing it.
        splits = 0
        for _c, contents, _notes in self._components[index].states:
            splits += comb(contents[position][1] + width - 1, width - 1)  # (not built)
            if splits > limit:
                raise _too_large(f"{n} cards offered from {source}")
        branches: list[tuple[State, int, int]] = []
        for (c, contents, notes), weight in self._components[index].states.items():
            explicit, hidden = contents[position]
            forbidden = {
                noted for key, noted in notes if key.startswith(prefix) and sum(noted) == n
            }
            t_explicit, t_hidden = contents[t_position]
            for drawn in compositions(hidden, width) if hidden else (zero,):
                hand = _add(explicit, drawn)
                size = sum(hand)
                if size < n:
                    continue
                allowed = comb(size, n) - sum(_choices(hand, noted) for noted in forbidden)
                if allowed <= 0:  # no offer of this size was left to make
                    continue
                dealt = weight * _arrangements(drawn)
                for offer in _parts(hand, n):
                    if offer in forbidden:
                        continue
                    new = _replace(contents, position, (_sub(hand, offer), 0))
                    new = _replace(new, t_position, (_add(t_explicit, offer), t_hidden))
                    branches.append(
                        ((_add(c, drawn), new, notes), dealt * _choices(hand, offer), allowed)
                    )
                    if len(branches) > limit:
                        raise _too_large(f"{n} cards offered from {source}")
        common = 1
        for _state, _weight, allowed in branches:
            common = lcm(common, allowed)
        out: dict[State, int] = {}
        for state, weight, allowed in branches:
            out[state] = out.get(state, 0) + weight * (common // allowed)
        return self._with(index, out, f"{n} cards offered from {source}, unlike the rejected")

    def forget_notes(self, place: str) -> CardModel:
        """Drop every note of the component of ``place``."""
        index, _position = self._place(place)

        def step(state: State) -> Iterator[tuple[State, int]]:
            c, contents, _notes = state
            yield (c, contents, ()), 1

        return self._map(index, step, "notes forgotten")

    # ------------------------------------------------------------ small facts

    def _pool_total(self, k: int) -> int:
        """The most cards of kind ``k`` that may still be in hidden slots."""
        return self.pool[k]

    def _hidden_anywhere(self, place: str) -> bool:
        index, position = self._where[place]
        return any(contents[position][1] for _c, contents, _n in self._components[index].states)

    @property
    def places(self) -> tuple[str, ...]:
        """Every place of the model, in the order they were given."""
        return tuple(self._where)

    def size(self, place: str) -> int:
        """How many cards lie in ``place`` (the same in every possibility)."""
        index, position = self._place(place)
        _c, contents, _notes = next(iter(self._components[index].states))
        explicit, hidden = contents[position]
        return sum(explicit) + hidden

    def possibilities(self) -> int:
        """How many states the model holds (a measure of its cost)."""
        return sum(len(component.states) for component in self._components)

    # ------------------------------------------------------------ counting

    def _g(self, c: Counts) -> int:
        """The ways to deal the pool, less ``c``, into the hidden slots (0 if ``c`` is too much)."""
        return _deals(self.pool, c)

    def _cavity(self, index: int) -> dict[Counts, int]:
        """Weights by pinned-down ``c`` of every component but ``index``, convolved."""
        key = ("cavity", index)
        memo = self._memo
        if key not in memo:
            total: dict[Counts, int] = {(0,) * len(self.kinds): 1}
            for other, component in enumerate(self._components):
                if other != index:
                    total = _convolve(total, component.c_weights())
            memo[key] = total
        return memo[key]

    def _big_g(self, index: int, c: Counts) -> int:
        """``Σ_c' cavity(c') g(c + c')``: the weight the rest of the table gives ``c``."""
        memo = self._memo
        key = ("G", index, c)
        value = memo.get(key)
        if value is None:
            pool = self.pool
            value = 0
            for other, w in self._cavity(index).items():
                value += w * _deals(pool, tuple([x + y for x, y in zip(c, other)]))
            memo[key] = value
        return value

    def _total(self) -> int:
        memo = self._memo
        if "Z" not in memo:
            component = self._components[0]
            memo["Z"] = sum(w * self._big_g(0, c) for c, w in component.c_weights().items())
        return memo["Z"]

    def expected(self, place: str | Sequence[str]) -> dict[str, Fraction]:
        """The expected number of cards of each kind in ``place`` (or in several places together).

        Exact. Divided by the place's size, it is the chance that one of its
        cards, taken at random, is of that kind (:meth:`probability`).
        """
        names = [place] if isinstance(place, str) else list(place)
        width = len(self.kinds)
        sums = [0] * width
        for name in names:
            index, position = self._place(name)
            # Summed by ``c`` first (the weights G depend on ``c`` only): few distinct ``c``.
            for c, acc in self._components[index].sums()[position].items():
                base = self._big_g(index, c)
                for k in range(width):
                    part = acc[k] * base
                    if acc[width]:
                        bump = tuple(x + 1 if i == k else x for i, x in enumerate(c))
                        part += acc[width] * self._big_g(index, bump)
                    sums[k] += part
        total = self._total()
        return {kind: Fraction(s, total) for kind, s in zip(self.kinds, sums)}

    def probability(self, place: str, kind: str) -> Fraction:
        """The chance that a card of ``place``, taken at random, is a ``kind``."""
        size = self.size(place)
        if not size:
            raise ModelError(f"{place} is empty")
        return self.expected(place)[kind] / size

    def distribution(
        self, places: str | Sequence[str], limit: int = 200_000
    ) -> dict[Counts, Fraction]:
        """The exact distribution of what ``places`` hold together: counts by kind -> chance.

        ``limit`` bounds the work (possibilities times compositions); a place
        with too many hidden slots (a whole pile) raises ``ModelError``: use
        :meth:`expected` or :meth:`sample` for it.
        """
        names = [places] if isinstance(places, str) else list(places)
        width = len(self.kinds)
        by_component: dict[int, list[int]] = {}
        for name in names:
            index, position = self._place(name)
            by_component.setdefault(index, []).append(position)
        involved = sorted(by_component)
        rest: dict[Counts, int] = {(0,) * width: 1}
        for index, component in enumerate(self._components):
            if index not in by_component:
                rest = _convolve(rest, component.c_weights())
        out: dict[Counts, int] = {}
        work = 0
        lists = [list(self._components[i].states.items()) for i in involved]
        for combo in product(*lists):
            weight = 1
            c = (0,) * width
            explicit_sum = (0,) * width
            hidden_sum = 0
            for index, ((state_c, contents, _notes), w) in zip(involved, combo):
                weight *= w
                c = _add(c, state_c)
                for position in by_component[index]:
                    explicit, hidden = contents[position]
                    explicit_sum = _add(explicit_sum, explicit)
                    hidden_sum += hidden
            draws = compositions(hidden_sum, width)
            work += len(draws)
            if work > limit:
                raise ModelTooLarge(
                    f"the distribution of {', '.join(names)} has too many possibilities "
                    f"(more than {limit:,}); ask for expected() or sample() instead"
                )
            for drawn in draws:
                both = _add(c, drawn)
                g_sum = sum(w * self._g(_add(both, other)) for other, w in rest.items())
                if g_sum:
                    key = _add(explicit_sum, drawn)
                    out[key] = out.get(key, 0) + weight * _arrangements(drawn) * g_sum
        total = sum(out.values())
        return {key: Fraction(value, total) for key, value in sorted(out.items(), reverse=True)}

    def spread(
        self, kind: str
    ) -> list[tuple[tuple[str, ...], tuple[int, int], dict[str, Fraction]]]:
        """Where the explicit cards of ``kind`` may be, component by component.

        For each component holding explicit cards of ``kind`` in some possible
        state: ``(the places they may be in, (fewest, most) of them in all,
        expected count in each of those places)``. The readable facts behind
        "seat 0's captain is in its hand or its convoy".
        """
        k = self._index(kind)
        total = self._total()
        out = []
        for index, component in enumerate(self._components):
            counts = [0] * len(component.places)
            fewest, most = None, 0
            for (c, contents, _notes), weight in component.states.items():
                g = self._big_g(index, c)
                if not g:  # impossible once the other components are counted
                    continue
                here = 0
                for position, (explicit, _hidden) in enumerate(contents):
                    if explicit[k]:
                        counts[position] += weight * g * explicit[k]
                        here += explicit[k]
                most = max(most, here)
                fewest = here if fewest is None else min(fewest, here)
            seen = [p for p, count in enumerate(counts) if count]
            if seen:
                places = tuple(component.places[p] for p in seen)
                expected = {component.places[p]: Fraction(counts[p], total) for p in seen}
                out.append((places, (fewest or 0, most), expected))
        return out

    def notes(self) -> dict[str, dict[Counts, Fraction]]:
        """The distribution of every recorded note (see :meth:`note`)."""
        total = self._total()
        out: dict[str, dict[Counts, int]] = {}
        for index, component in enumerate(self._components):
            for (c, _contents, notes), weight in component.states.items():
                g = self._big_g(index, c)
                for key, noted in notes:
                    table = out.setdefault(key, {})
                    table[noted] = table.get(noted, 0) + weight * g
        return {
            key: {noted: Fraction(value, total) for noted, value in table.items()}
            for key, table in out.items()
        }

    # ------------------------------------------------------------ sampling

    def sample(self, rng: random.Random) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
        """One whole table drawn from the model, exactly: ``(cards by place, notes)``.

        Every place gets its cards as kinds in random order (any order of a
        place's cards is equally likely: a pile's order, a convoy's face-down
        positions); the notes (see :meth:`note`) come as lists of kinds.
        ``rng`` is the only randomness.
        """
        components = self._components
        suffix = self._suffixes()
        width = len(self.kinds)
        pinned = (0,) * width
        chosen: list[State] = []
        for index, component in enumerate(components):
            after = suffix[index + 1]
            items = list(component.states.items())
            weights = []
            for (c, _contents, _notes), weight in items:
                here = _add(pinned, c)
                weights.append(weight * sum(w * self._g(_add(here, o)) for o, w in after.items()))
            state = items[_pick(rng, weights)][0]
            chosen.append(state)
            pinned = _add(pinned, state[0])
        rest: list[str] = []
        for kind, have, used in zip(self.kinds, self.pool, pinned):
            rest.extend([kind] * (have - used))
        rng.shuffle(rest)
        cards: dict[str, list[str]] = {}
        notes: dict[str, list[str]] = {}
        for index, component in enumerate(components):
            _c, contents, state_notes = chosen[index]
            for name, (explicit, hidden) in zip(component.places, contents):
                place = [kind for kind, n in zip(self.kinds, explicit) for _ in range(n)]
                place.extend(rest[:hidden])
                del rest[:hidden]
                rng.shuffle(place)
                cards[name] = place
            for key, noted in state_notes:
                notes[key] = [kind for kind, n in zip(self.kinds, noted) for _ in range(n)]
        return {name: cards[name] for name in self._where}, notes

    def _suffixes(self) -> list[dict[Counts, int]]:
        """``suffix[i]``: the components from ``i`` on, convolved by ``c`` (kept)."""
        memo = self._memo
        if "suffix" not in memo:
            width = len(self.kinds)
            suffix: list[dict[Counts, int]] = [{(0,) * width: 1}]
            for component in reversed(self._components):
                suffix.append(_convolve(suffix[-1], component.c_weights()))
            memo["suffix"] = suffix[::-1]
        return memo["suffix"]


# ---------------------------------------------------------------- helpers


def _replace(contents: tuple[Content, ...], position: int, value: Content) -> tuple[Content, ...]:
    return (*contents[:position], value, *contents[position + 1 :])


def _convolve(a: dict[Counts, int], b: dict[Counts, int]) -> dict[Counts, int]:
    if len(b) == 1:
        ((shift, weight),) = b.items()
        if not any(shift):
            return {c: w * weight for c, w in a.items()}
    out: dict[Counts, int] = {}
    for ca, wa in a.items():
        for cb, wb in b.items():
            c = _add(ca, cb)
            out[c] = out.get(c, 0) + wa * wb
    return out


def _pick(rng: random.Random, weights: list[int]) -> int:
    """An index drawn with chance proportional to ``weights`` (whole numbers), with ``rng``."""
    total = sum(weights)
    if total <= 0:
        raise ModelError("nothing to draw: every possibility has weight 0")
    point = rng.randrange(total)
    for i, weight in enumerate(weights):
        if point < weight:
            return i
        point -= weight
    raise AssertionError("unreachable")  # pragma: no cover


def _subsets(explicit: Counts, hidden: int, n: int) -> tuple[tuple[Counts, int], ...]:
    """Every way to take ``n`` cards: (explicit ones by kind, then hidden slots), and its count."""
    return _subsets_of(explicit, hidden, n)


@lru_cache(maxsize=65536)
def _subsets_of(explicit: Counts, hidden: int, n: int) -> tuple[tuple[Counts, int], ...]:
    # (kept: the same contents come back at every step, in every state)
    width = len(explicit)
    limits = (*explicit, hidden)
    out: list[tuple[Counts, int]] = []

    def walk(i: int, left: int, taken: list[int], ways: int) -> None:
        if i == width:
            if left <= hidden:
                out.append(((*taken, left), ways * comb(hidden, left)))
            return
        for j in range(min(limits[i], left) + 1):
            taken.append(j)
            walk(i + 1, left - j, taken, ways * comb(limits[i], j))
            taken.pop()

    walk(0, n, [], 1)
    return tuple(out)


def _choices(hand: Counts, taken: Counts) -> int:
    """Physical choices of cards of kinds ``taken`` from ``hand``: ``Π_k C(hand_k, taken_k)``."""
    out = 1
    for have, n in zip(hand, taken):
        if n > have:
            return 0
        out *= comb(have, n)
    return out


def _parts(hand: Counts, n: int) -> Iterator[Counts]:
    """Every composition of ``n`` cards (counts by kind) that ``hand`` can give."""
    if not hand:
        if n == 0:
            yield ()
        return
    for first in range(min(hand[0], n), -1, -1):
        for rest in _parts(hand[1:], n - first):
            yield (first, *rest)


def _known_choices(explicit: Counts, hidden: int, want: Counts) -> tuple[tuple[Counts, int], ...]:
    """Ways to find ``want`` (by kind) in a place: explicit cards used by kind, and the count.

    The count is the number of physical choices: which explicit cards, which
    hidden slots, and which order of kinds over those slots. (Only the choices
    that fit are walked: a hand of 986 explicit cards and no hidden slot has
    one, not millions to try.)
    """
    return _known_choices_of(explicit, hidden, want)


@lru_cache(maxsize=65536)
def _known_choices_of(
    explicit: Counts, hidden: int, want: Counts
) -> tuple[tuple[Counts, int], ...]:
    width = len(want)
    # the fewest cards that must come from hidden slots for kinds i, i+1, ...
    short = [0] * (width + 1)
    for i in range(width - 1, -1, -1):
        short[i] = short[i + 1] + max(0, want[i] - explicit[i])
    out: list[tuple[Counts, int]] = []
    used: list[int] = []

    def walk(i: int, from_hidden: int) -> None:
        if i == width:
            ways = comb(hidden, from_hidden) * _arrangements(
                tuple(w - u for w, u in zip(want, used))
            )
            for e, u in zip(explicit, used):
                ways *= comb(e, u)
            out.append((tuple(used), ways))
            return
        room = hidden - from_hidden - short[i + 1]
        for u in range(max(0, want[i] - room), min(explicit[i], want[i]) + 1):
            used.append(u)
            walk(i + 1, from_hidden + want[i] - u)
            used.pop()

    walk(0, 0)
    return tuple(out)


def _spreads(total: int, free: list[int]) -> Iterator[tuple[int, ...]]:
    """Every way to put ``total`` cards into places with ``free`` slots each."""
    if not free:
        if total == 0:
            yield ()
        return
    for n in range(min(total, free[0]) + 1):
        for rest in _spreads(total - n, free[1:]):
            yield (n, *rest)
