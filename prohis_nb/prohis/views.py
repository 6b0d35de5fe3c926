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

A seat's view also carries its exact knowledge of the cards
(``view.knowledge``, a :class:`~prohis_nb.prohis.knowledge.ProhisKnowledge`:
for every place and kind, the exact chance, built from what the seat saw),
next to the lower bounds the widgets and bots read (``known_in_hand``...).

Bots and widgets receive views, never the game. A view given from outside
(altered with ``dataclasses.replace``, say) is checked once by
:func:`check_view` before anything relies on it.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from prohis_nb.core.game import Decision
from prohis_nb.core.legal import legal_actions_json
from prohis_nb.errors import excerpt
from prohis_nb.prohis.actions import Action
from prohis_nb.prohis.bounds import LowerBounds
from prohis_nb.prohis.cards import (
    KINDS,
    cards_tuple,
    counts_to_cards,
    hand_value,
    warehouse_value,
)
from prohis_nb.prohis.knowledge import OBSERVATION_KINDS, ProhisKnowledge
from prohis_nb.prohis.rules import ProhisRules

if TYPE_CHECKING:
    from prohis_nb.prohis.state import ProhisTable


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
    #: What this seat knows of every card, exactly (built from what it saw).
    #: Not in ``to_json`` (its facts are): ask it for chances, distributions, samples.
    knowledge: ProhisKnowledge | None = field(default=None, repr=False)

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


def _convoy_view(game: ProhisTable, viewer: int | None) -> ConvoyView | None:
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


def _seat_infos(
    game: ProhisTable, observer: int | None, bounds: LowerBounds, public_bounds: LowerBounds
) -> tuple[SeatInfo, ...]:
    """What ``observer`` knows of every seat (``None``: what everyone knows).

    ``bounds``: the observer's lower bounds, ``public_bounds`` everyone's, both
    read from observations. A seat knows its own hand and warehouse exactly,
    so its own info holds their true contents.
    """
    hands = game.hands
    warehouses = game.warehouses
    seen_hands = bounds.hand
    seen_warehouses = bounds.warehouse
    public = public_bounds.hand
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


def seat_view(
    game: ProhisTable,
    seat: int,
    log: tuple[str, ...],
    knowledge: ProhisKnowledge,
    bounds: LowerBounds,
    public_bounds: LowerBounds,
) -> SeatView:
    """Build what ``seat`` may know now. The single place hidden information is filtered.

    Called by ``ProhisGame.view`` with the seat's log, its knowledge and the
    lower bounds, all read from the game's events. (Speed:
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
        seats=_seat_infos(game, seat, bounds, public_bounds),
        convoy=_convoy_view(game, seat),
        final_round=game.final_round,
        passes_in_a_row=game.passes,
        legal_actions=game.legal_actions() if game.to_act == seat else (),
        log=log,
        final_scores=final_scores,
        winners=winners,
        first_pick=game.first_pick if game.phase == "second_pick" else None,
        final_turns=tuple(game.final_queue),
        knowledge=knowledge,
    )


def table_view(game: ProhisTable, log: tuple[str, ...], bounds: LowerBounds) -> TableView:
    """Build the teacher's view: every card, in every place (``log``: the teacher's)."""
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
        seats=_seat_infos(game, None, bounds, bounds),
        convoy=_convoy_view(game, None),
        final_round=game.final_round,
        final_turns=tuple(game.final_queue),
        passes_in_a_row=game.passes,
        legal_actions=game.legal_actions(),
        log=log,
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


def public_view(game: ProhisTable, log: tuple[str, ...], bounds: LowerBounds) -> PublicView:
    """Build the public table: what every seat may know, and nothing else.

    Called by ``ProhisGame.public_view`` with the log phrased for an observer
    who is none of the seats and everyone's lower bounds (``bounds``).
    """
    ended = game.over
    public_seat = game.players  # an observer who is none of the seats
    return PublicView(
        players=game.players,
        rules=game.rules,
        ended=ended,
        to_act=game.to_act,
        decision=game.decision,
        row=_row_cards(tuple(game.row)),
        pile_size=len(game.pile),
        seats=_seat_infos(game, None, bounds, bounds),
        convoy=_convoy_view(game, public_seat),
        final_round=game.final_round,
        passes_in_a_row=game.passes,
        log=log,
        final_scores=tuple(game.scores()) if ended else None,
        winners=tuple(game.winners()) if ended else None,
        first_pick=game.first_pick if game.phase == "second_pick" else None,
        final_turns=tuple(game.final_queue),
    )


# ---------------------------------------------------------------- a view given from outside

_PHASES = (
    "turn",
    "second_pick",
    "control",
    "bribe",
    "bribe_answer",
    "inspect_or_waive",
    "inspection",
)


def check_view(view: Any) -> None:
    """Refuse, with a :class:`~prohis_nb.errors.ViewError` saying what is wrong, a view no game
    could show.

    A seat's view given from outside (a bot's, the coach's, ``determinize``'s
    argument) may have been altered, with ``dataclasses.replace`` say: a
    ``decision`` of ``()``, ``seats={}``, ``row=[]``, ``players=0`` or 2,000.
    This checks it once, before anything relies on it: the types and sizes of
    its fields, that they agree with each other and with the rules, and that
    its knowledge (built from what the seat saw) agrees with the sizes it
    shows. Cheap for a view the engine built; nothing is allocated in
    proportion to a number the view claims.
    """
    from prohis_nb.core.knowledge import ModelError, ModelTooLarge
    from prohis_nb.errors import ViewError

    def refuse(what: str) -> ViewError:
        return ViewError(f"not a view a Prohis game could show: {what}")

    if not isinstance(view, SeatView):
        raise ViewError(
            f"a Prohis seat's view (game.view(seat)) is needed, got {type(view).__name__}"
        )
    rules = view.rules
    if not isinstance(rules, ProhisRules):
        raise refuse(f"rules must be ProhisRules, got {type(rules).__name__}")
    players = view.players
    if isinstance(players, bool) or not isinstance(players, int) or players != rules.players:
        raise refuse(f"players is {excerpt(players)} but its rules are for {rules.players} players")
    seat = view.seat
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise refuse(f"seat must be 0 to {players - 1}, got {excerpt(seat)}")
    seats = view.seats
    if not isinstance(seats, tuple) or len(seats) != players:
        raise refuse(f"seats must be a tuple of {players} SeatInfo, got {excerpt(seats)}")
    for index, info in enumerate(seats):
        if not isinstance(info, SeatInfo) or info.seat != index:
            raise refuse(
                f"seats[{index}] must be the SeatInfo of seat {index}, got {excerpt(info)}"
            )
        for name in ("hand_size", "warehouse_size"):
            size = getattr(info, name)
            if isinstance(size, bool) or not isinstance(size, int) or size < 0:
                raise refuse(f"seats[{index}].{name} must be a whole number, got {excerpt(size)}")
        for name in ("known_in_hand", "known_in_warehouse", "known_to_all"):
            _check_cards(getattr(info, name), f"seats[{index}].{name}", refuse)
    _check_cards(view.hand, "hand", refuse)
    _check_cards(view.warehouse, "warehouse", refuse)
    if len(view.hand) != seats[seat].hand_size:
        raise refuse(
            f"hand holds {len(view.hand)} cards but seats[{seat}] says {seats[seat].hand_size}"
        )
    row = view.row
    if not isinstance(row, tuple) or len(row) != 4:
        raise refuse(f"row must be a tuple of the 4 slots, got {excerpt(row)}")
    _check_cards(tuple(card for card in row if card is not None), "row", refuse)
    pile = view.pile_size
    if isinstance(pile, bool) or not isinstance(pile, int) or pile < 0:
        raise refuse(f"pile_size must be a whole number, got {excerpt(pile)}")
    if not isinstance(view.ended, bool):
        raise refuse(f"ended must be True or False, got {excerpt(view.ended)}")
    decision = view.decision
    if view.ended:
        if decision is not None or view.to_act is not None:
            raise refuse("a finished game has no decision and no seat to act")
    else:
        if not isinstance(decision, Decision) or decision.kind not in _PHASES:
            raise refuse(
                f"decision must be a Decision of kind {', '.join(_PHASES)}, got {excerpt(decision)}"
            )
        if (
            decision.seat != view.to_act
            or not isinstance(view.to_act, int)
            or not 0 <= view.to_act < players
        ):
            raise refuse(
                f"to_act ({excerpt(view.to_act)}) must be the deciding seat "
                f"({excerpt(decision.seat)})"
            )
    convoy = view.convoy
    in_convoy = decision is not None and decision.kind not in ("turn", "second_pick")
    if in_convoy != (convoy is not None):
        raise refuse("a convoy is shown exactly while one is being resolved")
    if convoy is not None:
        _check_convoy(convoy, players, seat, refuse)
    knowledge = view.knowledge
    if not isinstance(knowledge, ProhisKnowledge):
        raise refuse(
            f"knowledge must be the seat's ProhisKnowledge, got {type(knowledge).__name__}"
        )
    if (
        knowledge.observer != seat
        or knowledge.players != players
        or knowledge.bribe_rounds != rules.bribe_rounds
        or not isinstance(knowledge.observations, tuple)
    ):
        raise refuse("its knowledge belongs to another seat, table or rules")
    _check_observations(knowledge.observations, rules, seat, refuse)
    try:
        sizes = {"pile": pile}
        for info in seats:
            sizes[f"hand {info.seat}"] = info.hand_size
            sizes[f"warehouse {info.seat}"] = info.warehouse_size
        for place, size in sizes.items():
            if knowledge.size(place) != size:
                raise refuse(
                    f"{place} holds {size} cards but the seat saw {knowledge.size(place)} go there"
                )
        if knowledge.model.expected(f"hand {seat}") != {
            kind: Fraction(view.hand.count(kind)) for kind in KINDS
        }:
            raise refuse(f"hand {list(view.hand)} is not the hand the seat saw")
    except ModelTooLarge:  # a real game's limit, not a forged view: said as it is
        raise
    except ModelError as problem:
        raise refuse(f"its knowledge does not hold together: {problem}") from None
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as problem:
        raise refuse(f"its knowledge is malformed ({type(problem).__name__})") from None


def _check_observations(observations: tuple, rules: ProhisRules, seat: int, refuse: Any) -> None:
    """Refuse a history of observations no game could give, before any model is folded.

    The first observation is the deal, and the only one; every other is of a
    kind the knowledge reads. The deal's cards are the rules' deck: the pool
    (the shuffled cards) and the cards dealt in the open make up
    ``rules.deck_counts()``, and the hands, the row and the pile hold all of it.
    So nothing later is sized by a number the view made up (a forged deal
    claiming a pile of a million cards would cost minutes of exact counting).
    """
    if not observations or not isinstance(observations[0], tuple) or not observations[0]:
        raise refuse("its knowledge must start with the deal")
    for index, observation in enumerate(observations):
        if not isinstance(observation, tuple) or not observation:
            raise refuse(
                f"observation {index} must be a tuple (kind, ...), got {excerpt(observation)}"
            )
        kind = observation[0]
        if index == 0 and kind != "deal":
            raise refuse(f"its knowledge must start with the deal, not {excerpt(kind)}")
        if index > 0 and kind == "deal":
            raise refuse(f"observation {index} is a second deal: a game is dealt once")
        if not isinstance(kind, str) or kind not in OBSERVATION_KINDS:
            raise refuse(
                f"observation {index} is of unknown kind {excerpt(kind)} "
                f"(known: {', '.join(sorted(OBSERVATION_KINDS))})"
            )
    deal = observations[0]
    if len(deal) != 7:
        raise refuse(f"the deal must have 7 fields, got {len(deal)}")
    _kind, sizes, public, row, pile, pool, own = deal
    players = rules.players

    def counts(value: Any) -> bool:
        return (
            isinstance(value, tuple)
            and len(value) == len(KINDS)
            and all(type(n) is int and n >= 0 for n in value)
        )

    if not (
        isinstance(sizes, tuple)
        and len(sizes) == players
        and all(type(n) is int and n >= 0 for n in sizes)
    ):
        raise refuse(f"the deal's hand sizes must be {players} whole numbers, got {excerpt(sizes)}")
    if not (isinstance(public, tuple) and len(public) == players and all(map(counts, public))):
        raise refuse(f"the deal's open cards must be counts for {players} seats")
    _check_cards(row, "the deal's row", refuse)
    if type(pile) is not int or pile < 0 or not counts(pool):
        raise refuse("the deal's pile must be a whole number and its pool counts by kind")
    deck = rules.deck_counts()
    dealt = {
        kind: pool[k] + sum(seat_public[k] for seat_public in public)
        for k, kind in enumerate(KINDS)
    }
    if dealt != {kind: deck.get(kind, 0) for kind in KINDS}:
        raise refuse(
            f"the deal's cards ({', '.join(f'{n} {kind}' for kind, n in dealt.items())}) "
            f"are not the rules' deck ({', '.join(f'{n} {kind}' for kind, n in deck.items())})"
        )
    if sum(sizes) + len(row) + pile != sum(deck.values()) or any(
        sum(seat_public) > size for seat_public, size in zip(public, sizes)
    ):
        raise refuse(
            f"the deal puts {sum(sizes)} cards in hands, {len(row)} in the row and {pile} in "
            f"the pile, but the rules' deck holds {sum(deck.values())}"
        )
    if (
        not counts(own)
        or sum(own) != sizes[seat]
        or any(mine < dealt_open for mine, dealt_open in zip(own, public[seat]))
    ):
        raise refuse(f"the deal's own hand must be the {sizes[seat]} cards dealt to seat {seat}")


def _check_cards(cards: Any, name: str, refuse: Any) -> None:
    if not isinstance(cards, tuple) or not all(
        isinstance(card, str) and card in _KIND_SET for card in cards
    ):
        raise refuse(
            f"{name} must be a tuple of card kinds ({', '.join(KINDS)}), got {excerpt(cards)}"
        )


def _check_convoy(convoy: Any, players: int, seat: int, refuse: Any) -> None:
    if not isinstance(convoy, ConvoyView):
        raise refuse(f"convoy must be a ConvoyView, got {type(convoy).__name__}")
    smuggler = convoy.smuggler
    if isinstance(smuggler, bool) or not isinstance(smuggler, int) or not 0 <= smuggler < players:
        raise refuse(f"convoy.smuggler must be a seat, got {excerpt(smuggler)}")
    cards, turned = convoy.cards, convoy.turned
    if not isinstance(cards, tuple) or not 2 <= len(cards) <= 4 or not isinstance(turned, tuple):
        raise refuse(f"convoy.cards must hold 2 to 4 positions, got {excerpt(cards)}")
    if len(turned) != len(cards) or not all(isinstance(t, bool) for t in turned):
        raise refuse("convoy.turned must say, for each position, whether it is face up")
    for card, shown in zip(cards, turned):
        if card is None and (shown or seat == smuggler):
            raise refuse("convoy.cards hides a card the seat sees")
        if card is not None and card not in _KIND_SET:
            raise refuse(f"convoy.cards holds {excerpt(card)}, not a card kind")
    for played in convoy.controls:
        if not (isinstance(played, tuple) and len(played) == 2 and played[1] in _KIND_SET):
            raise refuse(f"convoy.controls holds {excerpt(played)}")
    for name in ("controller",):
        value = getattr(convoy, name)
        if value is not None and (not isinstance(value, int) or not 0 <= value < players):
            raise refuse(f"convoy.{name} must be a seat or None, got {excerpt(value)}")
    if convoy.controller_card is not None and convoy.controller_card not in _KIND_SET:
        raise refuse(f"convoy.controller_card is {excerpt(convoy.controller_card)}")
    if convoy.bribe is not None:
        _check_cards(convoy.bribe, "convoy.bribe", refuse)
    if convoy.rejected_bribes is not None:
        for offer in convoy.rejected_bribes:
            _check_cards(offer, "convoy.rejected_bribes", refuse)


_KIND_SET = frozenset(KINDS)
