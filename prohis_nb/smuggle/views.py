"""What one seat may see of a Smuggle game, and the teacher's view of everything.

Public: money, the Officer, who holds the hand, declarations, the hand searched
last this round (``last_search``; every search is also in the log), pack and
discard sizes; once the game has ended, every seat's final money
(``final_scores``, the same as ``money``: money is public in Smuggle) and the
``winners`` (``None`` before the end, as in a Prohis seat's view).
A hand's cards are seen by its holder (the drawer, or a receiver once it has
accepted); the pack order never leaves the engine except through ``omniscient_view``.
A seat's view also carries its exact knowledge of the round's cards
(``view.knowledge``, a :class:`~prohis_nb.smuggle.knowledge.SmuggleKnowledge`),
next to the lower bounds ``known_in_hand`` and ``known_discards``. A view
given from outside is checked once by :func:`check_view`.
"""

from __future__ import annotations

import copy
from dataclasses import asdict, dataclass, field, fields
from typing import TYPE_CHECKING, Any

from prohis_nb.core.game import Decision
from prohis_nb.core.legal import legal_actions_json
from prohis_nb.errors import excerpt
from prohis_nb.smuggle.board import PACK_COUNTS
from prohis_nb.smuggle.knowledge import SmuggleKnowledge
from prohis_nb.smuggle.state import SearchShown

if TYPE_CHECKING:
    from collections import Counter

    from prohis_nb.smuggle.state import SmuggleTable


@dataclass(frozen=True)
class SeatView:
    """One seat's view; ``hand`` is None unless this seat holds the hand."""

    seat: int
    players: int
    rules: dict
    ended: bool
    to_act: int | None
    decision: Decision | None
    round: int
    officer: int
    money: tuple[int, ...]
    holder: int | None
    receiver: int | None
    declared: tuple[str, ...] | None
    immunity: bool
    last_search: SearchShown | None
    hand: tuple[str, ...] | None
    hand_size: int
    pack_size: int
    discard_size: int
    legal_actions: tuple
    log: tuple[str, ...]
    #: Every seat's final money, announced when the game ends (``None`` before).
    final_scores: tuple[int, ...] | None = None
    #: The seats with the most money at the end (``None`` before the end).
    winners: tuple[int, ...] | None = None
    #: Cards this seat knows are in the current hand (all of it when it holds the
    #: hand; after passing it on, fewer with each face-down discard).
    known_in_hand: tuple[str, ...] = ()
    #: Cards this seat knows are in this round's discard pile (searched hands,
    #: its own discards, what it knew of a hand when it was thrown away).
    known_discards: tuple[str, ...] = ()
    #: What this seat knows of the round's cards, exactly (built from what it saw).
    #: Not in ``to_json``: ask it for chances, distributions, samples.
    knowledge: SmuggleKnowledge | None = field(default=None, repr=False)

    def to_json(self) -> dict[str, Any]:
        data = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "knowledge"}
        data["rules"] = copy.deepcopy(self.rules)  # (its own dict, as a view's JSON is)
        data["decision"] = _decision_json(self.decision)
        data["last_search"] = self.last_search.to_json() if self.last_search else None
        data["legal_actions"] = legal_actions_json(self.legal_actions)
        return data


@dataclass(frozen=True)
class TableView:
    """Everything: every hand, the pack order (top first) and the discards."""

    players: int
    rules: dict
    ended: bool
    to_act: int | None
    decision: Decision | None
    round: int
    officer: int
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    holder: int | None
    receiver: int | None
    declared: tuple[str, ...] | None
    immunity: bool
    last_search: SearchShown | None
    hands: tuple[tuple[str, ...], ...]
    pile: int
    pack: tuple[str, ...]
    discards: tuple[str, ...]
    log: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["decision"] = _decision_json(self.decision)
        data["last_search"] = self.last_search.to_json() if self.last_search else None
        return data


def _decision_json(decision: Decision | None) -> dict[str, Any] | None:
    """The pending decision as JSON: ``{"seat", "kind", "text"}`` (as for Prohis)."""
    if decision is None:
        return None
    return {"seat": decision.seat, "kind": decision.kind, "text": decision.text}


def _common(game: SmuggleTable) -> dict[str, Any]:
    decision = game.decision
    return {
        "players": game.players,
        "rules": game.rules.to_json(),
        "ended": game.ended,
        "to_act": game.to_act,
        "decision": decision,
        "round": min(game.round, game.players - 1),
        "officer": game.officer,
        "holder": game.holder,
        "receiver": game.receiver,
        "declared": game.declared,
        "immunity": game.immunity,
        "last_search": game.last_search,
    }


_new_view = object.__new__


def seat_view(
    game: SmuggleTable,
    seat: int,
    log: tuple[str, ...],
    knowledge: SmuggleKnowledge,
    known_hand: Counter,
    known_discards: Counter,
) -> SeatView:
    """The view of ``seat``: public facts, its own hand, its legal actions when it decides.

    ``log``, ``knowledge`` and the lower bounds (``known_hand``,
    ``known_discards``) are the seat's, read from the game's events.

    Speed shaped the construction (issue 15: a tournament builds a hundred
    views per game): a frozen dataclass's ``__init__`` sets its 23 fields one
    ``object.__setattr__`` at a time, so the view's ``__dict__`` is filled in
    one step instead, every field in the class's order (a test checks that
    the result is the view ``SeatView(...)`` builds, field for field).
    """
    phase = game.phase
    to_act = game.to_act
    hand = game.hand
    ended = phase == "ended"
    sees_hand = game.holder == seat and phase in ("declare", "officer", "discard", "receiver")
    view = _new_view(SeatView)
    view.__dict__.update(
        seat=seat,
        players=game.players,
        rules=game.rules.to_json(),
        ended=ended,
        to_act=to_act,
        decision=game.decision,
        round=min(game.round, game.players - 1),
        officer=game.officer,
        money=tuple(game.money),
        holder=game.holder,
        receiver=game.receiver,
        declared=game.declared,
        immunity=game.immunity,
        last_search=game.last_search,
        hand=tuple(hand) if sees_hand else None,
        hand_size=len(hand),
        pack_size=len(game.pack),
        discard_size=len(game.discards),
        legal_actions=game.legal_actions() if to_act == seat else (),
        log=log,  # kept and extended, not re-phrased (speed)
        final_scores=tuple(game.scores()) if ended else None,
        winners=tuple(game.winners()) if ended else None,
        known_in_hand=_cards(known_hand),
        known_discards=_cards(known_discards),
        knowledge=knowledge,
    )
    return view


#: Each kind's place in the pack's order (``PACK_COUNTS``).
_ORDER = {kind: i for i, kind in enumerate(PACK_COUNTS)}


def _cards(counts: Any) -> tuple[str, ...]:
    """Counted cards as a tuple, kinds in the pack's order (counts below 1 count for nothing)."""
    if not counts:  # most seats know nothing of the hand: no loop (speed)
        return ()
    # ``elements`` and a stable sort by kind: loops in C, not over every kind (speed)
    return tuple(sorted(counts.elements(), key=_ORDER.__getitem__))


def table_view(game: SmuggleTable, log: tuple[str, ...]) -> TableView:
    """The teacher's view of everything (``log``: the teacher's)."""
    hands = tuple(tuple(game.hand) if seat == game.holder else () for seat in range(game.players))
    return TableView(
        scores=tuple(game.scores()),
        winners=tuple(game.winners()),
        hands=hands,
        pile=len(game.pack),
        pack=tuple(reversed(game.pack)),
        discards=tuple(game.discards),
        log=log,
        **_common(game),
    )


# ---------------------------------------------------------------- the public table


@dataclass(frozen=True)
class PublicView:
    """What *every* seat may know: money, the Officer, who holds the hand and what was
    declared, the hand searched last, the sizes of the hand, the pack and the discards,
    the log as a seat that is none of the players hears it. No card of any hand.

    This is what ``game`` typed alone in a notebook cell shows; the teacher's
    view of every card is only shown when asked for (``game.omniscient_view()``).
    """

    players: int
    rules: dict
    ended: bool
    to_act: int | None
    decision: Decision | None
    round: int
    officer: int
    money: tuple[int, ...]
    holder: int | None
    receiver: int | None
    declared: tuple[str, ...] | None
    immunity: bool
    last_search: SearchShown | None
    hand_size: int
    pack_size: int
    discard_size: int
    log: tuple[str, ...]
    final_scores: tuple[int, ...] | None = None
    winners: tuple[int, ...] | None = None

    game = "smuggle"
    public = True

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data, shaped as a seat's view with no seat (the renderers draw it)."""
        data = asdict(self)
        data.update(
            game=self.game,
            public=True,
            seat=None,
            hand=None,
            legal_actions=[],
            decision=_decision_json(self.decision),
            last_search=self.last_search.to_json() if self.last_search else None,
        )
        return data

    def _repr_html_(self) -> str:
        # Drawn by the game's own renderer, found by name in the registry (the views
        # import no widget: the renderers are a face of the game, a layer above).
        from prohis_nb.core.registry import spec

        return spec(self.game).load("renderer")().public_table(self.to_json())


def public_view(game: SmuggleTable, log: tuple[str, ...]) -> PublicView:
    """Build the public table of a Smuggle game: what every seat may know, nothing else.

    ``log``: the log as a seat that is none of the players hears it.
    """
    ended = game.phase == "ended"
    return PublicView(
        money=tuple(game.money),
        hand_size=len(game.hand),
        pack_size=len(game.pack),
        discard_size=len(game.discards),
        log=log,
        final_scores=tuple(game.scores()) if ended else None,
        winners=tuple(game.winners()) if ended else None,
        **_common(game),
    )


# ---------------------------------------------------------------- a view given from outside

_PHASES = ("declare", "officer", "receiver", "discard")
_KINDS = frozenset(PACK_COUNTS)
_PACK = sum(PACK_COUNTS.values())


def check_view(view: Any) -> None:
    """Refuse, with a :class:`~prohis_nb.errors.ViewError` saying what is wrong, a view no game
    could show.

    A seat's view given from outside (a bot's, the coach's, ``determinize``'s
    argument) may have been altered, with ``dataclasses.replace`` say. This
    checks it once, before anything relies on it: its fields' types and
    sizes, that they agree with each other and with the rules, and that its
    knowledge (built from what the seat saw) agrees with the sizes it shows.
    Nothing is allocated in proportion to a number the view claims.
    """
    from prohis_nb.core.knowledge import ModelError, ModelTooLarge
    from prohis_nb.errors import ProhisNbError, ViewError
    from prohis_nb.smuggle.rules import SmuggleRules

    def refuse(what: str) -> ViewError:
        return ViewError(f"not a view a Smuggle game could show: {what}")

    if not isinstance(view, SeatView):
        raise ViewError(
            f"a Smuggle seat's view (game.view(seat)) is needed, got {type(view).__name__}"
        )
    try:
        rules = SmuggleRules.from_json(view.rules)
    except (ProhisNbError, TypeError, ValueError) as problem:
        raise refuse(f"its rules are not Smuggle rules ({problem})") from None
    players = view.players
    if isinstance(players, bool) or not isinstance(players, int) or players != rules.players:
        raise refuse(f"players is {excerpt(players)} but its rules are for {rules.players} players")

    def is_seat(value: Any) -> bool:
        return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players

    if not is_seat(view.seat):
        raise refuse(f"seat must be 0 to {players - 1}, got {excerpt(view.seat)}")
    money = view.money
    if (
        not isinstance(money, tuple)
        or len(money) != players
        or not all(isinstance(m, int) and not isinstance(m, bool) for m in money)
    ):
        raise refuse(f"money must be a tuple of {players} whole numbers, got {excerpt(money)}")
    if not isinstance(view.round, int) or not 0 <= view.round < players:
        raise refuse(f"round must be 0 to {players - 1}, got {excerpt(view.round)}")
    if view.officer != view.round:
        raise refuse(
            f"the Officer of round {view.round} is seat {view.round}, not {excerpt(view.officer)}"
        )
    sizes = {"pack": view.pack_size, "hand": view.hand_size, "discards": view.discard_size}
    for name, size in sizes.items():
        if isinstance(size, bool) or not isinstance(size, int) or not 0 <= size <= _PACK:
            raise refuse(f"{name} size must be 0 to {_PACK}, got {excerpt(size)}")
    if not isinstance(view.ended, bool):
        raise refuse(f"ended must be True or False, got {excerpt(view.ended)}")
    decision = view.decision
    if view.ended:
        if decision is not None or view.to_act is not None:
            raise refuse("a finished game has no decision and no seat to act")
        return
    if not isinstance(decision, Decision) or decision.kind not in _PHASES:
        raise refuse(
            f"decision must be a Decision of kind {', '.join(_PHASES)}, got {excerpt(decision)}"
        )
    if decision.seat != view.to_act or not is_seat(view.to_act):
        raise refuse(
            f"to_act ({excerpt(view.to_act)}) must be the deciding seat ({excerpt(decision.seat)})"
        )
    if sum(sizes.values()) != _PACK:
        raise refuse(
            f"the pack, the hand and the discards hold {sum(sizes.values())} cards, not {_PACK}"
        )
    if not is_seat(view.holder) or view.holder == view.officer:
        raise refuse(f"holder must be a seat other than the Officer, got {excerpt(view.holder)}")
    if view.receiver is not None and (not is_seat(view.receiver) or view.receiver == view.officer):
        raise refuse(
            f"receiver must be a seat other than the Officer, got {excerpt(view.receiver)}"
        )
    hand = view.hand
    if hand is not None and (
        not isinstance(hand, tuple)
        or len(hand) != view.hand_size
        or not all(isinstance(card, str) and card in _KINDS for card in hand)
    ):
        raise refuse(
            f"hand must be None or the {view.hand_size} cards of the hand, got {excerpt(hand)}"
        )
    knowledge = view.knowledge
    if not isinstance(knowledge, SmuggleKnowledge):
        raise refuse(
            f"knowledge must be the seat's SmuggleKnowledge, got {type(knowledge).__name__}"
        )
    if knowledge.observer != view.seat or knowledge.players != players:
        raise refuse("its knowledge belongs to another seat or table")
    try:
        for name, size in sizes.items():
            if knowledge.size(name) != size:
                raise refuse(
                    f"the {name} holds {size} cards but the seat saw {knowledge.size(name)} "
                    "go there"
                )
        if hand is not None:
            seen = knowledge.expected("hand")
            if any(seen[kind] != hand.count(kind) for kind in PACK_COUNTS):
                raise refuse(f"hand {list(hand)} is not the hand the seat saw")
    except ModelTooLarge:  # a real game's limit, not a forged view: said as it is
        raise
    except ModelError as problem:
        raise refuse(f"its knowledge does not hold together: {problem}") from None
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as problem:
        raise refuse(f"its knowledge is malformed ({type(problem).__name__})") from None
