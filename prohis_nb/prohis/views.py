"""What one seat may know: the only door through which hidden cards leave the engine.

Following OpenSpiel's split between *state* and *observer*, the state holds the
truth and the two functions here turn it into what one reader may see:

* :func:`seat_view` builds a :class:`SeatView`: everything seat *S* may know
  under "Who knows what" in docs/rules.md, and nothing else. Its own hand and
  warehouse; the row; the sizes of the pile, of every hand, warehouse, convoy
  and bribe; controller cards played; turned convoy cards; what *S* remembers
  of the other hands and warehouses (cards seen taken from the row, controller
  cards that moved in the open, bribes *S* offered or was offered, confiscated
  convoys); the decision pending; *S*'s legal actions when it is to act;
  *S*'s log; and, once the game has ended, every seat's final score and the
  winners (announced at the end of a real game; the cards that make them up
  stay as private as they were). Two games that differ only in cards *S* has never been allowed to
  see give equal views (and byte-identical JSON).
* :func:`table_view` builds a :class:`TableView`: everything, explicitly named
  omniscient, for a teacher.

Bots and widgets receive views, never the game.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from prohis_nb.core.game import Decision
from prohis_nb.core.legal import legal_actions_json
from prohis_nb.prohis.actions import Action
from prohis_nb.prohis.cards import (
    KINDS,
    cards_tuple,
    counts_to_cards,
    hand_value,
    warehouse_value,
)
from prohis_nb.prohis.rules import ProhisRules

if TYPE_CHECKING:
    from prohis_nb.prohis.game import ProhisGame


@dataclass(frozen=True)
class SeatInfo:
    """What the viewer knows about one seat at the table.

    ``known_in_hand`` and ``known_in_warehouse`` are lower bounds: cards the
    viewer knows to be there (there may be more of each kind). ``known_to_all``
    is what every seat knows about that hand (public knowledge).
    """

    seat: int
    hand_size: int
    warehouse_size: int
    known_in_hand: tuple[str, ...]
    known_in_warehouse: tuple[str, ...]
    known_to_all: tuple[str, ...]
    out: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "hand_size": self.hand_size,
            "warehouse_size": self.warehouse_size,
            "known_in_hand": list(self.known_in_hand),
            "known_in_warehouse": list(self.known_in_warehouse),
            "known_to_all": list(self.known_to_all),
            "out": self.out,
        }


@dataclass(frozen=True)
class ConvoyView:
    """The convoy on the table: ``cards[i]`` is ``None`` where the viewer cannot see it."""

    smuggler: int
    cards: tuple[str | None, ...]
    turned: tuple[bool, ...]
    controls: tuple[tuple[int, str], ...]
    controller: int | None
    controller_card: str | None
    bribe_size: int | None
    bribe: tuple[str, ...] | None
    offers: int
    rejected_bribes: tuple[tuple[str, ...], ...] | None
    turns_done: int
    turn_limit: int

    def to_json(self) -> dict[str, Any]:
        return {
            "smuggler": self.smuggler,
            "size": len(self.cards),
            "cards": list(self.cards),
            "turned": list(self.turned),
            "controls": [{"seat": s, "card": c} for s, c in self.controls],
            "controller": self.controller,
            "controller_card": self.controller_card,
            "bribe_size": self.bribe_size,
            "bribe": None if self.bribe is None else list(self.bribe),
            "offers": self.offers,
            "rejected_bribes": (
                None if self.rejected_bribes is None else [list(b) for b in self.rejected_bribes]
            ),
            "turns_done": self.turns_done,
            "turn_limit": self.turn_limit,
        }


@dataclass(frozen=True)
class SeatView:
    """Everything one seat may know at this moment (see the module docstring)."""

    seat: int
    players: int
    rules: ProhisRules
    ended: bool
    to_act: int | None
    decision: Decision | None
    hand: tuple[str, ...]
    warehouse: tuple[str, ...]
    score: int
    row: tuple[str | None, ...]
    pile_size: int
    seats: tuple[SeatInfo, ...]
    convoy: ConvoyView | None
    final_round: bool
    passes_in_a_row: int
    legal_actions: Sequence[Action]  # a LegalActions when bribes are offered
    log: tuple[str, ...]
    #: Every seat's final score, announced when the game ends (``None`` before).
    final_scores: tuple[int, ...] | None = None
    #: The seats with the highest final score (``None`` before the end).
    winners: tuple[int, ...] | None = None
    #: During a draw, where the first pick came from (``"row"`` or ``"pile"``: public).
    first_pick: str | None = None
    #: In the final round, the seats still to play, in order (public; ``()`` before).
    final_turns: tuple[int, ...] = ()

    game = "prohis"

    @property
    def my_turn(self) -> bool:
        """True when this seat has to decide now."""
        return self.to_act == self.seat

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data (what ``prohis-nb replay --seat`` prints)."""
        return {
            "game": self.game,
            "seat": self.seat,
            "players": self.players,
            "rules": self.rules.to_json(),
            "ended": self.ended,
            "to_act": self.to_act,
            "decision": _decision_json(self.decision),
            "hand": list(self.hand),
            "warehouse": list(self.warehouse),
            "score": self.score,
            "row": list(self.row),
            "pile": self.pile_size,
            "seats": [info.to_json() for info in self.seats],
            "convoy": None if self.convoy is None else self.convoy.to_json(),
            "final_round": self.final_round,
            "passes_in_a_row": self.passes_in_a_row,
            "legal_actions": legal_actions_json(self.legal_actions),
            "log": list(self.log),
            "final_scores": None if self.final_scores is None else list(self.final_scores),
            "winners": None if self.winners is None else list(self.winners),
            "first_pick": self.first_pick,
            "final_turns": list(self.final_turns),
        }

    def _repr_html_(self) -> str:
        return _html(self.to_json(), f"Seat {self.seat}'s view")


@dataclass(frozen=True)
class TableView:
    """The omniscient view: every card, for the teacher. Never give this to a bot."""

    players: int
    rules: ProhisRules
    ended: bool
    to_act: int | None
    decision: Decision | None
    hands: tuple[tuple[str, ...], ...]
    warehouses: tuple[tuple[str, ...], ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    row: tuple[str | None, ...]
    pile: tuple[str, ...]  # top card first
    seats: tuple[SeatInfo, ...]  # public knowledge about every seat
    convoy: ConvoyView | None
    final_round: bool
    final_turns: tuple[int, ...]
    passes_in_a_row: int
    legal_actions: Sequence[Action]  # a LegalActions when bribes are offered
    log: tuple[str, ...]

    game = "prohis"
    omniscient = True

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data (what ``prohis-nb replay`` prints)."""
        return {
            "game": self.game,
            "players": self.players,
            "rules": self.rules.to_json(),
            "ended": self.ended,
            "to_act": self.to_act,
            "decision": _decision_json(self.decision),
            "scores": list(self.scores),
            "winners": list(self.winners),
            "hands": [list(h) for h in self.hands],
            "warehouses": [list(w) for w in self.warehouses],
            "row": list(self.row),
            "pile": len(self.pile),
            "pile_cards": list(self.pile),
            "seats": [info.to_json() for info in self.seats],
            "convoy": None if self.convoy is None else self.convoy.to_json(),
            "final_round": self.final_round,
            "final_turns": list(self.final_turns),
            "passes_in_a_row": self.passes_in_a_row,
            "legal_actions": legal_actions_json(self.legal_actions),
            "log": list(self.log),
        }

    def _repr_html_(self) -> str:
        return _html(self.to_json(), "Teacher's view (every card)")


def _decision_json(decision: Decision | None) -> dict[str, Any] | None:
    if decision is None:
        return None
    return {"seat": decision.seat, "kind": decision.kind, "text": decision.text}


def _convoy_view(game: ProhisGame, viewer: int | None) -> ConvoyView | None:
    smuggler = game.smuggler
    if smuggler is None:
        return None
    sees_convoy = viewer is None or viewer == smuggler
    cards = tuple(
        KINDS[k] if sees_convoy or turned else None for k, turned in zip(game.convoy, game.turned)
    )
    controller = game.controller
    party = viewer is None or viewer in (smuggler, controller)
    bribe = game.bribe
    return ConvoyView(
        smuggler=smuggler,
        cards=cards,
        turned=tuple(game.turned),
        controls=tuple((s, KINDS[k]) for s, k in game.controls),
        controller=controller,
        controller_card=None if game.controller_card is None else KINDS[game.controller_card],
        bribe_size=None if bribe is None else sum(bribe),
        bribe=tuple(counts_to_cards(bribe)) if bribe is not None and party else None,
        offers=game.offers,
        rejected_bribes=(
            tuple(tuple(counts_to_cards(r)) for r in game.rejected) if party else None
        ),
        turns_done=game.turns_done if game.phase == "inspection" else 0,
        turn_limit=game.turn_limit if game.phase == "inspection" else 0,
    )


@lru_cache(maxsize=8192)
def _seat_info(
    seat: int,
    hand_size: int,
    warehouse_size: int,
    known_in_hand: tuple[int, ...],
    known_in_warehouse: tuple[int, ...],
    known_to_all: tuple[int, ...],
    out: bool,
) -> SeatInfo:
    """One :class:`SeatInfo` from counts, kept: a view repeats the same few at every step.

    (Speed: building a frozen dataclass and expanding three count vectors was a
    fifth of a view's cost, and the same seats' infos come back view after
    view. A ``SeatInfo`` is immutable, so equal ones can be one shared object.)
    """
    return SeatInfo(
        seat=seat,
        hand_size=hand_size,
        warehouse_size=warehouse_size,
        known_in_hand=cards_tuple(known_in_hand),
        known_in_warehouse=cards_tuple(known_in_warehouse),
        known_to_all=cards_tuple(known_to_all),
        out=out,
    )


@lru_cache(maxsize=4096)
def _row_cards(row: tuple[int | None, ...]) -> tuple[str | None, ...]:
    """The row's kinds (``None`` for an empty slot), kept: the row changes a few times a turn."""
    return tuple(None if c is None else KINDS[c] for c in row)


def _seat_infos(game: ProhisGame, observer: int) -> tuple[SeatInfo, ...]:
    """What ``observer`` knows of every seat (``observer == players``: what everyone knows).

    Reads the engine's bounds directly: ``view`` and ``omniscient_view`` have
    switched the chronicle on before calling here. A seat knows its own hand
    and warehouse exactly, so its own info holds their true contents.
    """
    hands = game.hands
    warehouses = game.warehouses
    known_hand = game._known_hand
    seen_hands = known_hand[observer]
    seen_warehouses = game._known_warehouse[observer]
    public = known_hand[game.players]
    out = game.out
    infos = []
    for s in range(game.players):
        hand = tuple(hands[s])
        warehouse = tuple(warehouses[s])
        if s == observer:
            known_in_hand, known_in_warehouse = hand, warehouse
        else:
            known_in_hand, known_in_warehouse = tuple(seen_hands[s]), tuple(seen_warehouses[s])
        infos.append(
            _seat_info(
                s,
                sum(hand),
                sum(warehouse),
                known_in_hand,
                known_in_warehouse,
                tuple(public[s]),
                out[s],
            )
        )
    return tuple(infos)


def seat_view(game: ProhisGame, seat: int) -> SeatView:
    """Build what ``seat`` may know now. The single place hidden information is filtered.

    Called by ``ProhisGame.view``, which has switched the chronicle on. (Speed:
    a bot looks at its view at every decision, so only this seat's score is
    computed before the end, the seat infos and row come from small caches,
    and the log is the game's kept tuple of this seat's lines.)
    """
    hand = cards_tuple(tuple(game.hands[seat]))
    warehouse = cards_tuple(tuple(game.warehouses[seat]))
    ended = game.over
    if ended:
        final_scores: tuple[int, ...] | None = tuple(game.scores())
        winners: tuple[int, ...] | None = tuple(game.winners())
    else:
        final_scores = winners = None
    return SeatView(
        seat=seat,
        players=game.players,
        rules=game.rules,
        ended=ended,
        to_act=game.to_act,
        decision=game.decision,
        hand=hand,
        warehouse=warehouse,
        score=warehouse_value(game.warehouses[seat]) + hand_value(game.hands[seat]),
        row=_row_cards(tuple(game.row)),
        pile_size=len(game.pile),
        seats=_seat_infos(game, seat),
        convoy=_convoy_view(game, seat),
        final_round=game.final_round,
        passes_in_a_row=game.passes,
        legal_actions=game.legal_actions() if game.to_act == seat else (),
        log=game._log_lines(seat),
        final_scores=final_scores,
        winners=winners,
        first_pick=game.first_pick if game.phase == "second_pick" else None,
        final_turns=tuple(game.final_queue),
    )


def table_view(game: ProhisGame) -> TableView:
    """Build the teacher's view: every card, in every place."""
    return TableView(
        players=game.players,
        rules=game.rules,
        ended=game.ended,
        to_act=game.to_act,
        decision=game.decision,
        hands=tuple(tuple(counts_to_cards(h)) for h in game.hands),
        warehouses=tuple(tuple(counts_to_cards(w)) for w in game.warehouses),
        scores=tuple(game.scores()),
        winners=tuple(game.winners()),
        row=_row_cards(tuple(game.row)),
        pile=tuple(KINDS[c] for c in reversed(game.pile)),
        seats=_seat_infos(game, game.players),
        convoy=_convoy_view(game, None),
        final_round=game.final_round,
        final_turns=tuple(game.final_queue),
        passes_in_a_row=game.passes,
        legal_actions=game.legal_actions(),
        log=game._log_lines(None),
    )


def _html(data: dict[str, Any], title: str) -> str:
    """A plain HTML summary so a view shows itself in a notebook without widgets."""
    rows = []
    for key, value in data.items():
        if key in ("log", "legal_actions", "rules"):
            continue
        rows.append(
            f"<tr><th style='text-align:left'>{html.escape(key)}</th>"
            f"<td style='text-align:left'>{html.escape(str(value))}</td></tr>"
        )
    log = "".join(f"<li>{html.escape(line)}</li>" for line in data.get("log", [])[-8:])
    return (
        f"<div><strong>{html.escape(title)}</strong><table>{''.join(rows)}</table>"
        f"<details><summary>last events</summary><ul>{log}</ul></details></div>"
    )


# ---------------------------------------------------------------- the public table


@dataclass(frozen=True)
class PublicView:
    """What *every* seat may know: the table a spectator sees. No hand, no hidden card.

    The row, the sizes of the pile, hands, warehouses, convoy and bribe, the
    controller cards played, the turned convoy cards, what everyone knows of
    each hand and warehouse (``SeatInfo.known_in_hand`` holds the public
    knowledge here), the decision pending, the log as a seat that is none of
    the players hears it, and the final scores once announced. This is what
    ``game`` typed alone in a notebook cell shows; the teacher's view of every
    card is only shown when asked for (``game.omniscient_view()``).
    """

    players: int
    rules: ProhisRules
    ended: bool
    to_act: int | None
    decision: Decision | None
    row: tuple[str | None, ...]
    pile_size: int
    seats: tuple[SeatInfo, ...]
    convoy: ConvoyView | None
    final_round: bool
    passes_in_a_row: int
    log: tuple[str, ...]
    final_scores: tuple[int, ...] | None = None
    winners: tuple[int, ...] | None = None
    first_pick: str | None = None
    final_turns: tuple[int, ...] = ()

    game = "prohis"
    public = True

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data, shaped as a seat's view with no seat (the renderers draw it)."""
        return {
            "game": self.game,
            "public": True,
            "seat": None,
            "players": self.players,
            "rules": self.rules.to_json(),
            "ended": self.ended,
            "to_act": self.to_act,
            "decision": _decision_json(self.decision),
            "hand": [],
            "warehouse": [],
            "row": list(self.row),
            "pile": self.pile_size,
            "seats": [info.to_json() for info in self.seats],
            "convoy": None if self.convoy is None else self.convoy.to_json(),
            "final_round": self.final_round,
            "passes_in_a_row": self.passes_in_a_row,
            "legal_actions": [],
            "log": list(self.log),
            "final_scores": None if self.final_scores is None else list(self.final_scores),
            "winners": None if self.winners is None else list(self.winners),
            "first_pick": self.first_pick,
            "final_turns": list(self.final_turns),
        }

    def _repr_html_(self) -> str:
        # Drawn by the game's own renderer, found by name in the registry (the views
        # import no widget: the renderers are a face of the game, a layer above).
        from prohis_nb.core.registry import spec

        return spec(self.game).load("renderer")().public_table(self.to_json())


def public_view(game: ProhisGame) -> PublicView:
    """Build the public table: what every seat may know, and nothing else.

    Called by ``ProhisGame.public_view``, which has switched the chronicle on.
    Everything comes from the public knowledge (observer ``players``, no seat)
    and the log phrased for an observer who is none of the seats.
    """
    ended = game.over
    public_seat = game.players  # the observer index of "everyone" (no seat)
    return PublicView(
        players=game.players,
        rules=game.rules,
        ended=ended,
        to_act=game.to_act,
        decision=game.decision,
        row=_row_cards(tuple(game.row)),
        pile_size=len(game.pile),
        seats=_seat_infos(game, public_seat),
        convoy=_convoy_view(game, public_seat),
        final_round=game.final_round,
        passes_in_a_row=game.passes,
        log=game._log_lines(public_seat),
        final_scores=tuple(game.scores()) if ended else None,
        winners=tuple(game.winners()) if ended else None,
        first_pick=game.first_pick if game.phase == "second_pick" else None,
        final_turns=tuple(game.final_queue),
    )
