"""Bots for Smuggle: each reads only its own seat's view and picks a legal action.

============  ================================================================
name          how it plays
============  ================================================================
``random``    picks an act at random (declare, claim immunity, accept, ...),
              then one of that act's actions: claims and challenges happen
``honest``    declares exactly the dutiable items it holds; claims immunity
              only with the Diplomatic Bag in hand
``liar``      hides its goods (declares nothing) with probability ``lie``;
              claims immunity without the Bag with probability ``fake``
``ev``        the expected-value player of :mod:`prohis_nb.analysis.smuggle`:
              estimates the other players' habits from the public log and
              takes the choice worth most under those estimates (with the
              2 × 2 game's view of declarations: the truth or "nothing")
``solved``    plays the solved declaration game of
              :mod:`prohis_nb.analysis.signalling`: declares by its hand's
              equilibrium mix, searches each declaration at its equilibrium
              rate, and as receiver never informs (:mod:`~prohis_nb.analysis.informer`)
============  ================================================================

The Officer's and the receiver's side of ``honest`` and ``liar`` is a plain
habit: search with probability ``search``, turn Informer with probability
``inform``, challenge an immunity claim with probability ``challenge``.
Every bot discards its dearest item (the one with the highest duty) when it
takes a passed hand, so there is less to declare; the Bag must go first.

>>> from prohis_nb.bots import bot_names
>>> bot_names("smuggle")
['ev', 'honest', 'liar', 'random', 'solved']
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Any

from prohis_nb.analysis import smuggle as maths
from prohis_nb.bots.base import Bot, DecisionOnly, first_act, reads_view, view_free
from prohis_nb.bots.random_bot import RandomBot
from prohis_nb.smuggle.board import DIPLOMATIC_BAG, DUTIABLE, Board
from prohis_nb.smuggle.rules import SmuggleRules


def _probability(name: str, value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1:
        raise ValueError(f"{name} is a probability between 0 and 1, got {value!r}")
    return float(value)


_DEFAULT_BOARD = Board()


@cache
def _board(rules_json: str) -> Board:
    return SmuggleRules.from_json(json.loads(rules_json)).board


def board_of(view: Any) -> Board:
    """The board (duties, fines, amounts) of the game ``view`` belongs to."""
    if not view.rules.get("variants"):
        return _DEFAULT_BOARD
    return _board(json.dumps(view.rules, sort_keys=True))


def truthful_items(hand: Sequence[str]) -> tuple[str, ...]:
    """The complete truth about ``hand``: its dutiable items in the board's order."""
    return tuple(sorted((c for c in hand if c in DUTIABLE), key=DUTIABLE.index))


def _declare(legal: Sequence[Any], items: Sequence[str]) -> Any:
    wanted = tuple(sorted(items, key=DUTIABLE.index))
    action = _indexed(legal)[1].get(wanted)
    if action is None:
        raise LookupError(f"no legal declaration of {wanted}")  # pragma: no cover
    return action


# The engine hands out the same cached tuple of legal actions for the same
# decision (a declaration has 496 of them), so what bots look up in it is
# indexed once per tuple: its actions by act, and its declarations by items
# (the first of each, as a scan would find). Keyed by identity, holding the
# tuple so that its id is not reused; cleared when it grows.
_INDEXES: dict[int, tuple[Sequence[Any], dict[str, list[Any]], dict[Any, Any]]] = {}


def _indexed(legal: Sequence[Any]) -> tuple[dict[str, list[Any]], dict[Any, Any]]:
    """``legal``'s actions by act (in order) and its declarations by items."""
    hit = _INDEXES.get(id(legal))
    if hit is not None and hit[0] is legal:
        return hit[1], hit[2]
    by_act: dict[str, list[Any]] = {}
    declarations: dict[Any, Any] = {}
    for action in legal:
        by_act.setdefault(action.act, []).append(action)
        if action.act == "declare":
            declarations.setdefault(action.items, action)
    if len(_INDEXES) >= 256:
        _INDEXES.clear()
    _INDEXES[id(legal)] = (legal, by_act, declarations)
    return by_act, declarations


def _immunity(legal: Sequence[Any]) -> Any:
    """The claim of immunity among ``legal`` (``first_act``'s answer, without scanning 496)."""
    claims = _indexed(legal)[0].get("immunity")
    return claims[0] if claims else None


class SmuggleRandomBot(RandomBot):
    """Random play that gives every *act* the same chance, then every action of that act.

    Uniform over the 496 declaring actions, a claim of immunity would come up
    once in 496 declarations; picking the act first makes claims and their
    challenges common enough to see.
    """

    games = ("smuggle",)

    def choose(self, view: Any, legal_actions: Sequence[Any]) -> Any:
        by_act = _indexed(legal_actions)[0]
        act = self.rng.choice(sorted(by_act))
        return self.rng.choice(by_act[act])


class SmuggleBot(Bot):
    """The shared habits of Smuggle bots; subclasses decide how to declare.

    ``search``: probability of searching a declaration as Officer;
    ``inform``: of turning Informer on a passed hand; ``challenge``: of
    challenging an immunity claim (as Officer or receiver).
    """

    default_name = "smuggle-bot"
    games = ("smuggle",)

    def __init__(
        self,
        seed: int | str = 0,
        *,
        name: str | None = None,
        search: float = 0.3,
        inform: float = 0.1,
        challenge: float = 0.3,
    ) -> None:
        super().__init__(seed, name=name)
        self.search = _probability("search", search)
        self.inform = _probability("inform", inform)
        self.challenge = _probability("challenge", challenge)

    def parameters(self) -> dict[str, Any]:
        return {"search": self.search, "inform": self.inform, "challenge": self.challenge}

    def needs_view(self, decision: Any, legal_actions: Sequence[Any]) -> bool:
        """No view for a forced step, nor for a method marked ``view_free`` (see ``Bot``)."""
        if len(legal_actions) == 1:
            return False
        kind = decision.kind
        # (one method looked up, not a dict of three bound methods: asked at every decision)
        name = kind if kind == "declare" or kind == "discard" else "check"
        return reads_view(getattr(self, name))

    def choose(self, view: Any, legal_actions: Sequence[Any]) -> Any:
        if len(legal_actions) == 1:
            return legal_actions[0]
        kind = view.decision.kind
        if kind == "declare":
            return self.declare(view, legal_actions)
        if kind == "discard":
            return self.discard(view, legal_actions)
        # the Officer's or the receiver's choice: accept, or search/inform/challenge
        other = next(a for a in legal_actions if a.act != "accept")
        accept = first_act(legal_actions, "accept")
        return other if self.check(view, other.act) else accept

    # ------------------------------------------------------------ to override

    def declare(self, view: Any, legal_actions: Sequence[Any]) -> Any:
        """The complete truth; immunity with the Bag in hand."""
        if DIPLOMATIC_BAG in view.hand:
            return _immunity(legal_actions)
        return _declare(legal_actions, truthful_items(view.hand))

    @view_free
    def check(self, view: Any, act: str) -> bool:
        """Whether to ``search``, ``inform`` or ``challenge`` rather than accept."""
        rate = {"search": self.search, "inform": self.inform, "challenge": self.challenge}[act]
        return self.rng.random() < rate

    def discard(self, view: Any, legal_actions: Sequence[Any]) -> Any:
        """The dearest card (highest duty; luggage last), so there is less to declare."""
        duty = board_of(view).duty
        return max(legal_actions, key=lambda a: (duty.get(a.card, 0), a.card))


class HonestSmuggleBot(SmuggleBot):
    """Always declares the complete truth, and claims immunity only holding the Bag."""

    default_name = "honest"


class LiarBot(SmuggleBot):
    """Hides its goods (declares nothing) with probability ``lie``.

    ``fake``: probability of claiming Diplomatic Immunity without the Bag
    (with the Bag it always claims). ``lie=0, fake=0`` plays like ``honest``.
    """

    default_name = "liar"

    def __init__(
        self, seed: int | str = 0, *, lie: float = 1.0, fake: float = 0.0, **habits: Any
    ) -> None:
        super().__init__(seed, **habits)
        self.lie = _probability("lie", lie)
        self.fake = _probability("fake", fake)

    def parameters(self) -> dict[str, Any]:
        return {"lie": self.lie, "fake": self.fake, **super().parameters()}

    def declare(self, view: Any, legal_actions: Sequence[Any]) -> Any:
        if DIPLOMATIC_BAG in view.hand or self.rng.random() < self.fake:
            return _immunity(legal_actions)
        goods = truthful_items(view.hand)
        if goods and self.rng.random() < self.lie:
            return _declare(legal_actions, ())
        return _declare(legal_actions, goods)


# ---------------------------------------------------------------- reading the public log

_WHO = r"^(?:You|Seat (\d+)) "
_VERDICT = r"seat (\d+)'s hand: .*\((complete truth|not the complete truth)\)\.$"
_OFFICER_SEARCH = re.compile(_WHO + r"searched " + _VERDICT)
_INFORMER = re.compile(_WHO + r"turned Informer and searched " + _VERDICT)
_OFFICER_ACCEPT = re.compile(_WHO + r"accepted as Officer\.$")
_RECEIVER_ACCEPT = re.compile(_WHO + r"accepted the passed hand\.$")


class Habits:
    """What the public log tells about how each seat plays, counted line by line.

    By seat: ``searches``/``officer_choices`` (its searches among its choices
    as Officer), ``informs``/``receiver_choices`` (likewise as receiver) and
    ``false``/``checked`` (its declarations found false among those searched
    by an Officer or an Informer). Only lines every seat reads are counted;
    ``viewer`` is the seat whose log says "You".

    >>> habits = Habits(viewer=0)
    >>> habits.read(["Seat 2 searched seat 1's hand: wine (not the complete truth)."])
    >>> habits.searches[2], habits.false[1], habits.checked[1]
    (1, 1, 1)
    """

    def __init__(self, viewer: int) -> None:
        self.viewer = viewer
        self.lines_read = 0
        self.first_line = ""
        self.searches: Counter = Counter()
        self.officer_choices: Counter = Counter()
        self.informs: Counter = Counter()
        self.receiver_choices: Counter = Counter()
        self.false: Counter = Counter()
        self.checked: Counter = Counter()

    def _seat(self, text: str | None) -> int:
        return self.viewer if text is None else int(text)

    def read(self, lines: Sequence[str]) -> None:
        """Count ``lines`` (call again with the grown log: only new lines are read)."""
        for line in lines[self.lines_read :]:
            if "accepted" not in line and "searched" not in line:
                continue  # every counted line says one of them: skip the four patterns
            if m := _OFFICER_ACCEPT.match(line):
                self.officer_choices[self._seat(m.group(1))] += 1
            elif m := _RECEIVER_ACCEPT.match(line):
                self.receiver_choices[self._seat(m.group(1))] += 1
            elif m := _OFFICER_SEARCH.match(line):
                seat = self._seat(m.group(1))
                self.searches[seat] += 1
                self.officer_choices[seat] += 1
                self._verdict(int(m.group(2)), m.group(3))
            elif m := _INFORMER.match(line):
                seat = self._seat(m.group(1))
                self.informs[seat] += 1
                self.receiver_choices[seat] += 1
                self._verdict(int(m.group(2)), m.group(3))
        if lines and not self.lines_read:
            self.first_line = lines[0]
        self.lines_read = len(lines)

    def _verdict(self, holder: int, verdict: str) -> None:
        self.checked[holder] += 1
        self.false[holder] += verdict == "not the complete truth"


def _estimate(count: int, total: int, prior: float, weight: float) -> float:
    """A rate from ``count`` of ``total`` observations and a prior worth ``weight`` of them."""
    return (count + prior * weight) / (total + weight)


class ExpectedValueSmuggleBot(SmuggleBot):
    """Takes the choice worth most under each seat's habits, estimated from the public log.

    For every other seat it estimates (each estimate starts at a prior,
    ``search``/``inform``/``lie``, worth ``weight`` observations, and moves
    with what the log shows): how often it searches as Officer, how often it
    turns Informer, and how often its declarations are false.

    * Declaring, it compares the truth, hiding everything and claiming
      immunity with :func:`~prohis_nb.analysis.smuggle.declaration_options`,
      against this round's Officer's search rate and the others' informing rate.
    * As Officer it searches when :func:`~prohis_nb.analysis.smuggle.search_gain`
      is positive, with the declarer's own lying rate (for "nothing declared"
      through :func:`~prohis_nb.analysis.smuggle.hides_goods_probability`).
    * As receiver it informs when :func:`~prohis_nb.analysis.smuggle.should_inform`
      says so, and it challenges an immunity claim when the Bag is unlikely enough.
    """

    default_name = "ev"

    def __init__(
        self,
        seed: int | str = 0,
        *,
        lie: float = 0.3,
        weight: float = 4.0,
        **habits: Any,
    ) -> None:
        super().__init__(seed, **habits)
        self.lie = _probability("lie", lie)
        if isinstance(weight, bool) or not isinstance(weight, int | float) or weight <= 0:
            raise ValueError(f"weight is a number of observations above 0, got {weight!r}")
        self.weight = float(weight)
        self._habits: Habits | None = None

    def parameters(self) -> dict[str, Any]:
        return {"lie": self.lie, "weight": self.weight, **super().parameters()}

    def habits(self, view: Any) -> Habits:
        """The habits read from ``view``'s log so far (a new game starts a new count)."""
        log, habits = view.log, self._habits
        if (
            habits is None
            or habits.viewer != view.seat
            or len(log) < habits.lines_read
            or (log and habits.lines_read and log[0] != habits.first_line)
        ):
            habits = self._habits = Habits(view.seat)
        habits.read(log)
        return habits

    def rates(self, view: Any, seat: int) -> dict[str, float]:
        """The estimated ``search``, ``inform`` and ``lie`` rates of ``seat``."""
        return self._rates(self.habits(view), seat)

    def _rates(self, seen: Habits, seat: int) -> dict[str, float]:
        w = self.weight
        return {
            "search": _estimate(seen.searches[seat], seen.officer_choices[seat], self.search, w),
            "inform": _estimate(seen.informs[seat], seen.receiver_choices[seat], self.inform, w),
            "lie": _estimate(seen.false[seat], seen.checked[seat], self.lie, w),
        }

    def declare(self, view: Any, legal_actions: Sequence[Any]) -> Any:
        seen = self.habits(view)
        search = self._rates(seen, view.officer)["search"]
        others = [s for s in range(view.players) if s not in (view.seat, view.officer)]
        inform = sum(self._rates(seen, s)["inform"] for s in others) / len(others)
        hand = tuple(sorted(view.hand))  # the options depend on the cards, not their order
        best = _best_declaration(hand, search, inform, self.challenge, board_of(view))
        if best == "immunity":
            return _immunity(legal_actions)
        if best == "nothing":
            return _declare(legal_actions, ())
        return _declare(legal_actions, truthful_items(view.hand))

    def check(self, view: Any, act: str) -> bool:
        board = board_of(view)
        lie = self.rates(view, view.holder)["lie"]
        if act == "challenge":
            return self._challenge_gain(lie, board, view.seat == view.officer) > 0
        return _searches_or_informs(act, tuple(view.declared or ()), lie, board)

    @staticmethod
    def _challenge_gain(lie: float, board: Board, officer: bool) -> float:
        """Challenging an immunity claim: pay the fine if the Bag is there, else gain.

        The Bag is in a fresh hand with probability 4/54; a claimant without it
        claims at rate ``lie``. A false claim pays the Officer
        ``immunity_fine + F`` (``F``: a loaded hand's mean fines), and a
        receiver who challenged gets the Informer's reward from the Officer; a
        true claim costs the challenger ``immunity_fine``.
        """
        with_bag = 4 / 54
        p_bag = with_bag / (with_bag + (1 - with_bag) * lie) if lie else 1.0
        if officer:
            gain = board.immunity_fine + float(maths.expected_fines_of_goods(board))
        else:
            gain = board.informer_reward
        return (1 - p_bag) * gain - p_bag * board.immunity_fine


# The EV bot's maths. The declaration is not cached: its rates move with
# every line of the log the bot learns from, so a cache of it hit once in 60
# calls; it is computed in whole numbers instead (speed, issue 15), the same
# exact answer as the first of ``declaration_options``.
_best_declaration = maths.best_declaration


# A pure function of hashable arguments (exact, in whole numbers), asked at
# nearly every Officer's or receiver's choice with the same few declarations
# and rates; a cached answer is the very one computed before.
@lru_cache(maxsize=8192)
def _searches_or_informs(act: str, declared: tuple[str, ...], lie: float, board: Board) -> bool:
    """Whether the EV bot searches (``act="search"``) or informs on ``declared``."""
    return maths.worth_checking(declared, lie, act, board)


class SolvedSmuggleBot(SmuggleBot):
    """Plays the equilibrium of the declaration game the rules describe.

    * Declaring, it draws a declaration from its hand's equilibrium mix
      (:meth:`~prohis_nb.analysis.signalling.DeclarationEquilibrium.choices`);
      the mix is solved for fresh hands, and used as well for a hand it took
      over.
    * As Officer it searches (challenges) the declaration it heard at that
      declaration's equilibrium rate.
    * As receiver it never informs or challenges: in the three-player stage
      game that is the receiver's best response with the default board.
    * Taking a passed hand, it discards the card that leaves the best hand
      (:func:`~prohis_nb.analysis.informer.inherited_value`).

    The first decision reads the solved game (shipped for the default board; another
    board is solved, 10 to 30 seconds, once per board). It does so at every
    decision it is shown its view for, a forced one too (a hand holding the
    Bag must discard it: one legal action), so that the solve never waits for
    a branch that only some hands reach: a first answer takes as long whatever
    the hand (docs/teaching.md, "Time").
    """

    default_name = "solved"
    needs = ("numpy", "scipy")  # the solved declaration game (a linear program)

    def __init__(self, seed: int | str = 0, **habits: Any) -> None:
        super().__init__(seed, **habits)
        self._prepared = False  # has a view reached it yet (and the game been solved)?

    def needs_view(self, decision: Any, legal_actions: Sequence[Any]) -> bool:
        """Its first decision reads the view, even a forced one: the rules name the board."""
        return not self._prepared or super().needs_view(decision, legal_actions)

    def choose(self, view: Any, legal_actions: Sequence[Any]) -> Any:
        if not isinstance(view, DecisionOnly):  # before any branch on the hand
            self._equilibrium(view)
            self._prepared = True
        return super().choose(view, legal_actions)

    def _equilibrium(self, view: Any) -> Any:
        from prohis_nb.analysis.signalling import declaration_equilibrium

        return declaration_equilibrium(board_of(view))

    def declare(self, view: Any, legal_actions: Sequence[Any]) -> Any:
        from prohis_nb.analysis.signalling import IMMUNITY

        hand = view.hand
        choices = self._equilibrium(view).choices(truthful_items(hand), DIPLOMATIC_BAG in hand)
        pick, total = self.rng.random(), 0.0
        chosen = next(iter(choices))
        for declaration, p in choices.items():
            total += p
            if pick < total:
                chosen = declaration
                break
        if chosen == IMMUNITY:
            return _immunity(legal_actions)
        return _declare(legal_actions, chosen)

    def check(self, view: Any, act: str) -> bool:
        from prohis_nb.analysis.signalling import IMMUNITY

        if view.seat != view.officer:
            return False  # the receiver: never informs, never challenges
        heard = IMMUNITY if view.immunity else (view.declared or ())
        return self.rng.random() < self._equilibrium(view).search_rate(heard)

    def discard(self, view: Any, legal_actions: Sequence[Any]) -> Any:
        from prohis_nb.analysis.informer import inherited_value, type_of

        _, card = inherited_value(type_of(view.hand), self._equilibrium(view))
        return next((a for a in legal_actions if a.card == card), legal_actions[0])


#: The Smuggle bots by name (read by :func:`prohis_nb.bots.bot_class`).
BOTS = {
    "random": SmuggleRandomBot,
    "honest": HonestSmuggleBot,
    "liar": LiarBot,
    "ev": ExpectedValueSmuggleBot,
    "solved": SolvedSmuggleBot,
}
