"""What one seat may see of a Smuggle game, and the teacher's view of everything.

Public: money, the Officer, who holds the hand, declarations, the hand searched
last this round (``last_search``; every search is also in the log), pack and
discard sizes; once the game has ended, every seat's final money
(``final_scores``, the same as ``money``: money is public in Smuggle) and the
``winners`` (``None`` before the end, as in a Prohis seat's view).
A hand's cards are seen by its holder (the drawer, or a receiver once it has
accepted); the pack order never leaves the engine except through ``omniscient_view``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from prohis_nb.core.game import Decision
from prohis_nb.core.legal import legal_actions_json
from prohis_nb.smuggle.board import PACK_COUNTS
from prohis_nb.smuggle.game import SearchShown


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

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
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


def _common(game) -> dict[str, Any]:
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


def seat_view(game, seat: int) -> SeatView:
    """The view of ``seat``: public facts, its own hand, its legal actions when it decides.

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
        log=game._log_lines(seat),  # kept and extended, not re-phrased (speed)
        final_scores=tuple(game.scores()) if ended else None,
        winners=tuple(game.winners()) if ended else None,
        known_in_hand=_cards(game.known_hand[seat]),
        known_discards=_cards(game.known_discards[seat]),
    )
    return view


#: Each kind's place in the pack's order (``PACK_COUNTS``).
_ORDER = {kind: i for i, kind in enumerate(PACK_COUNTS)}


def _cards(counts) -> tuple[str, ...]:
    """Counted cards as a tuple, kinds in the pack's order (counts below 1 count for nothing)."""
    if not counts:  # most seats know nothing of the hand: no loop (speed)
        return ()
    # ``elements`` and a stable sort by kind: loops in C, not over every kind (speed)
    return tuple(sorted(counts.elements(), key=_ORDER.__getitem__))


def table_view(game) -> TableView:
    """The teacher's view of everything."""
    hands = tuple(tuple(game.hand) if seat == game.holder else () for seat in range(game.players))
    return TableView(
        scores=tuple(game.scores()),
        winners=tuple(game.winners()),
        hands=hands,
        pile=len(game.pack),
        pack=tuple(reversed(game.pack)),
        discards=tuple(game.discards),
        log=game._log_lines(None),
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


def public_view(game) -> PublicView:
    """Build the public table of a Smuggle game: what every seat may know, nothing else."""
    ended = game.phase == "ended"
    return PublicView(
        money=tuple(game.money),
        hand_size=len(game.hand),
        pack_size=len(game.pack),
        discard_size=len(game.discards),
        log=game._log_lines(game.players),  # as a seat that is none of the players hears it
        final_scores=tuple(game.scores()) if ended else None,
        winners=tuple(game.winners()) if ended else None,
        **_common(game),
    )
