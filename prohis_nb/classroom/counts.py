"""What was decided in one finished game: the counts a class table adds up.

:func:`decision_counts` replays a game record through the engine and counts
every decision by what it was (a control, a bribe, an inspection, a
declaration...) and by what lay behind it (was the convoy dirty, was the
declaration the truth). It is a **teacher's analysis of finished games**, so it
reads the engine's omniscient view (:meth:`omniscient_view`, every hidden card)
and the hands: that is fine after the game, never during it, and nothing here
is shown to a seat while it plays.

The game's rules are never read again here: the record is replayed action by
action with the engine's own checks (a bad record raises ``RecordError``), and
each action is counted from its own fields and from what the omniscient view
says at the moment it is taken (the controller's card, the hand behind a
declaration). The steps the engine takes by itself are counted where they
matter but never as choices: the forced last ``turn`` of an inspection may
catch illegal goods, the inspection owed after a rejected bribe is a search,
and an empty hand's offer of nothing is no chance to bribe.

A decision is counted for the seat that took it: with ``seat=S`` only S's own
decisions are counted (its convoys and bribes as smuggler, its controls and
answers as opponent or controller; in Smuggle its declarations, its searches as
Officer, its informing as receiver). ``games`` is always 1.

Prohis keys (each a count; ``*_<rank>`` for ``lieutenant``, ``captain``, ``inspector``):

=============================== ==============================================
``convoys``                      convoys formed (``convoys_dirty`` holding an
                                 illegal card, ``convoys_clean`` holding none)
``convoys_bait``                 clean convoys sent from a hand that held
                                 illegal goods (the bluff by bait)
``convoys_clean_bribed``         clean convoys on which a bribe was offered
                                 (``convoys_dirty_bribed`` likewise)
``convoys_controlled``           convoys some opponent controlled
``control_chances``              chances to control (a ``control`` or a
                                 ``decline``); ``controls``, ``controls_<rank>``
``bribe_chances``                controlled convoys whose smuggler chose to
                                 offer a bribe or not (its first offer; an
                                 empty hand offers nothing, no choice)
``bribes``, ``bribe_cards``,     bribes offered, their cards in all, and the
``bribe_value``                  cards' warehouse value to the controller ($)
``bribes_dirty_convoy``          bribes offered on a dirty convoy
``bribes_accepted``,             answers to bribes (a rejection starts an
``bribes_rejected``              inspection)
``inspections``, ``waivers``     answers when no bribe was offered
                                 (``inspections_<rank>``, ``waivers_<rank>``;
                                 ``inspections_dirty``, ``waivers_dirty``: of a
                                 dirty convoy); the inspection owed after a
                                 rejected bribe is not a choice: not counted
``searches``                     inspections of any cause (chosen, or owed
                                 after a rejected bribe)
``catches``                      searches that turned an illegal card
=============================== ==============================================

Smuggle keys (a declaration's *kind* is how many items it names, 0 to 4, or
``immunity``; ``<k>`` below stands for ``0_items`` ... ``4_items`` or
``immunity``):

=============================== ==============================================
``declarations``                 declarations and immunity claims
``lies``                         those that were not the complete truth (an
                                 immunity claim without the Bag)
``declarations_<k>``,            by kind
``lies_<k>``
``officer_decisions``,           the Officer's answers: accept, or search
``searches``                     (challenge, for an immunity claim); by kind
                                 ``officer_decisions_<k>``, ``searches_<k>``
``searches_of_lies``             searches (and challenges) of a false hand
``passed_hands``,                hands the Officer let through, and how many
``passed_lies``                  of them were false
``receiver_decisions``,          the receiver's answers to a passed hand:
``informs``                      accept, or turn Informer (challenging a
                                 passed immunity claim counts as informing)
``informs_on_lies``              informing on a false hand
=============================== ==============================================

>>> from prohis_nb.widgets.lesson import stacked_game
>>> game = stacked_game([["illegal", "legal", "captain", "inspector"]] * 3)
>>> for action in ({"act": "convoy", "cards": ["illegal", "legal"]},
...                {"act": "control", "card": "captain"}, {"act": "decline"},
...                {"act": "no_bribe"}, {"act": "inspect"}, {"act": "turn", "position": 0}):
...     game.apply(action)
>>> counts = decision_counts(game.record())
>>> counts["convoys_dirty"], counts["controls_captain"], counts["inspections"], counts["catches"]
(1, 1, 1, 1)
>>> decision_counts(game.record(), seat=2)["control_chances"]
1
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from prohis_nb.core.record import Record
from prohis_nb.errors import RecordError, excerpt

#: Controller ranks in order (the ``_<rank>`` suffixes of the Prohis keys).
RANKS = ("lieutenant", "captain", "inspector")
#: Smuggle declaration kinds (the ``_<k>`` suffixes): how many items are named, or immunity.
DECLARATION_KINDS = ("0_items", "1_items", "2_items", "3_items", "4_items", "immunity")

PROHIS_KEYS: tuple[str, ...] = (
    "games",
    "convoys",
    "convoys_dirty",
    "convoys_clean",
    "convoys_bait",
    "convoys_clean_bribed",
    "convoys_dirty_bribed",
    "convoys_controlled",
    "control_chances",
    "controls",
    *(f"controls_{rank}" for rank in RANKS),
    "bribe_chances",
    "bribes",
    "bribe_cards",
    "bribe_value",
    "bribes_dirty_convoy",
    "bribes_accepted",
    "bribes_rejected",
    "inspections",
    "waivers",
    "inspections_dirty",
    "waivers_dirty",
    *(f"inspections_{rank}" for rank in RANKS),
    *(f"waivers_{rank}" for rank in RANKS),
    "searches",
    "catches",
)

SMUGGLE_KEYS: tuple[str, ...] = (
    "games",
    "declarations",
    "lies",
    *(f"declarations_{k}" for k in DECLARATION_KINDS),
    *(f"lies_{k}" for k in DECLARATION_KINDS),
    "officer_decisions",
    "searches",
    *(f"officer_decisions_{k}" for k in DECLARATION_KINDS),
    *(f"searches_{k}" for k in DECLARATION_KINDS),
    "searches_of_lies",
    "passed_hands",
    "passed_lies",
    "receiver_decisions",
    "informs",
    "informs_on_lies",
)


def as_record(source: Any) -> Record:
    """A record from a ``Record``, a finished game, a path, JSON text/bytes or a parsed object."""
    from prohis_nb.analysis.history import as_record as _as_record

    if isinstance(source, bytes | bytearray):
        return Record.loads(bytes(source))
    if isinstance(source, Path | str | dict | Record) or hasattr(source, "record"):
        return _as_record(source)
    raise RecordError(
        f"a game record is a Record, a game, a file path, JSON text or a parsed object, "
        f"got {excerpt(source)}"
    )


def counter_class(game: str) -> Any:
    """The class that counts ``game``'s decisions: its registry entry's ``class_counter``.

    A counter has ``keys`` (every count it returns), ``before(game, action)``
    and ``count(action, forced)``, and adds up ``counts`` and ``by_seat``.
    An unknown game, or one without a counter, is a ``ValueError`` that
    names the games (:mod:`prohis_nb.core.registry`).
    """
    from prohis_nb.core.registry import spec

    return spec(game).load("class_counter")


def keys_of(game: str) -> tuple[str, ...]:
    """The keys :func:`decision_counts` returns for ``game`` (any game with a counter)."""
    return counter_class(game).keys


def decision_counts(record: Any, seat: int | None = None) -> dict[str, int]:
    """Every decision of one game, counted (the module docstring lists the keys).

    ``record``: a :class:`~prohis_nb.core.record.Record`, a game, a record
    file's path, JSON text or a parsed object. ``seat``: count only that
    seat's decisions (``None``: every seat's). Raises ``RecordError`` when the
    record is malformed or holds an action the rules do not allow, and
    ``ValueError`` for a seat the game does not have.
    """
    counts, _ = count_game(as_record(record), seat)
    return counts


def count_game(record: Record, seat: int | None = None) -> tuple[dict[str, int], Any]:
    """:func:`decision_counts` of a ``Record``, and the game at its end (replayed once)."""
    final = record.replay()  # the engine's own checks; its actions include steps a record left out
    if seat is not None and (
        isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < final.players
    ):
        raise ValueError(
            f"seat must be a seat of this game, 0 to {final.players - 1}, got {excerpt(seat)}"
        )
    counter = _count_actions(record, final.actions)
    counts = {key: 0 for key in keys_of(record.game)}
    counts.update(counter.counts if seat is None else counter.by_seat[seat])
    counts["games"] = 1
    return counts, final


def count_game_seats(
    record: Record, counted: Sequence[bool] | None = None
) -> tuple[dict[str, int], list[dict[str, int]], Any]:
    """:func:`count_game` of every seat at once: (all seats' counts, each seat's, the end).

    One replay. Each seat's counts hold that seat's own decisions, so a class
    can cluster its decisions by the student who made them.

    ``counted``: one flag per action of the game (``final.actions``); only
    the flagged actions, and the forced steps that follow them, are counted.
    A live class passes its students' actions only (a bot's decisions are not
    the class's: :func:`~prohis_nb.classroom.loading.students_actions`).
    """
    final = record.replay()
    if counted is not None and len(counted) != len(final.actions):
        raise ValueError(
            f"the record says who took {len(counted)} actions, but the game has "
            f"{len(final.actions)}: its actors do not follow its actions"
        )
    counter = _count_actions(record, final.actions, counted)
    counts = {key: 0 for key in keys_of(record.game)}
    counts.update(counter.counts)
    counts["games"] = 1
    seats = []
    for seat in range(final.players):
        mine = {key: 0 for key in keys_of(record.game)}
        mine.update(counter.by_seat[seat])
        mine["games"] = 1
        seats.append(mine)
    return counts, seats, final


def decision_counts_by_seat(source: Any) -> list[dict[str, int]]:
    """Every seat's :func:`decision_counts` of one game, from a single pass.

    The same list as ``[decision_counts(source, s) for s in seats]``, for a
    finished game (played by the engine: not checked again) or anything
    :func:`decision_counts` reads. What a tournament's Parquet sink writes
    for each game (:mod:`prohis_nb.scale.sink`).
    """
    if hasattr(source, "actions") and hasattr(source, "forced_after"):  # a game the engine played
        record, actions, players = source.record(), source.actions, source.players
    else:
        record = as_record(source)
        final = record.replay()
        actions, players = final.actions, final.players
    counter = _count_actions(record, actions)
    tallies = []
    for seat in range(players):
        counts = {key: 0 for key in keys_of(record.game)}
        counts.update(counter.by_seat[seat])
        counts["games"] = 1
        tallies.append(counts)
    return tallies


def _count_actions(record: Record, actions: Any, counted: Sequence[bool] | None = None) -> Any:
    """Replay ``actions`` from the record's deal, counting every decision (and forced step).

    ``counted``: when given, an action whose flag is false (and the forced
    steps after it) still moves the counter along, but what it counts goes
    to a scratch tally that is thrown away.
    """
    counter = counter_class(record.game)()
    game = record.new_game()
    for index, action in enumerate(actions):
        kept = None
        if counted is not None and not counted[index]:
            kept = (counter.counts, counter.by_seat)
            counter.counts, counter.by_seat = Counter(), defaultdict(Counter)
        counter.before(game, action)
        game.apply(action)
        counter.count(action, forced=False)
        for step in game.forced_after(index):
            counter.count(step, forced=True)
        if kept is not None:
            counter.counts, counter.by_seat = kept
    return counter


class _ProhisCounter:
    """Counts Prohis decisions; follows the current convoy from its own actions."""

    keys = PROHIS_KEYS

    def __init__(self) -> None:
        self.counts: Counter = Counter()  # every seat's decisions
        self.by_seat: defaultdict[int, Counter] = defaultdict(Counter)  # each seat's own
        self.convoy: tuple[str, ...] = ()
        self.smuggler: int | None = None
        self.card: str | None = None  # the winning controller's card
        self.bribed = False
        self.controlled = False
        self.offered = False
        self.hand_dirty = False

    def _add(self, who: int, key: str, amount: int = 1) -> None:
        self.counts[key] += amount
        self.by_seat[who][key] += amount

    def before(self, game: Any, action: Any) -> None:
        """Read what the action needs from the state it is taken in (omniscient)."""
        if action.act == "convoy":
            self.hand_dirty = "illegal" in game.hand(action.seat)
        elif action.act in ("bribe", "no_bribe", "accept", "reject", "inspect", "waive"):
            convoy = game.omniscient_view().convoy
            self.card = convoy.controller_card

    def count(self, action: Any, forced: bool) -> None:
        act, who = action.act, action.seat
        dirty = "illegal" in self.convoy
        if act == "convoy":
            self.convoy, self.smuggler, self.bribed = tuple(action.cards), who, False
            self.controlled = self.offered = False
            dirty = "illegal" in self.convoy
            self._add(who, "convoys")
            self._add(who, "convoys_dirty" if dirty else "convoys_clean")
            if not dirty and self.hand_dirty:
                self._add(who, "convoys_bait")
        elif act in ("control", "decline"):
            self._add(who, "control_chances")
            if act == "control":
                self._add(who, "controls")
                self._add(who, f"controls_{action.card}")
                if not self.controlled:
                    self.controlled = True
                    self._add(self.smuggler, "convoys_controlled")  # type: ignore[arg-type]
        elif act in ("bribe", "no_bribe"):
            if not forced and not self.offered:  # the first offer a smuggler could choose
                self.offered = True
                self._add(who, "bribe_chances")
            if act == "bribe":
                from prohis_nb.prohis.cards import WAREHOUSE_VALUE

                self._add(who, "bribes")
                self._add(who, "bribe_cards", len(action.cards))
                self._add(who, "bribe_value", sum(WAREHOUSE_VALUE[k] for k in action.cards))
                if dirty:
                    self._add(who, "bribes_dirty_convoy")
                if not self.bribed:
                    self.bribed = True
                    self._add(who, "convoys_dirty_bribed" if dirty else "convoys_clean_bribed")
        elif act in ("accept", "reject"):
            self._add(who, "bribes_accepted" if act == "accept" else "bribes_rejected")
        elif act == "inspect" and forced:  # the inspection a rejected bribe obliges
            self._add(who, "searches")
        elif act in ("inspect", "waive"):
            plural = "inspections" if act == "inspect" else "waivers"
            self._add(who, plural)
            self._add(who, f"{plural}_{self.card}")
            if dirty:
                self._add(who, f"{plural}_dirty")
            if act == "inspect":
                self._add(who, "searches")
        elif act == "turn" and self.convoy[action.position] == "illegal":
            self._add(who, "catches")


class _SmuggleCounter:
    """Counts Smuggle decisions; reads the hand behind each declaration (omniscient)."""

    keys = SMUGGLE_KEYS

    def __init__(self) -> None:
        self.counts: Counter = Counter()  # every seat's decisions
        self.by_seat: defaultdict[int, Counter] = defaultdict(Counter)  # each seat's own
        self.kind = ""
        self.lie = False
        self.truth_now = False
        self.role = ""

    def _add(self, who: int, key: str) -> None:
        self.counts[key] += 1
        self.by_seat[who][key] += 1

    def before(self, game: Any, action: Any) -> None:
        """For a declaration: whether it is the complete truth about the hand behind it."""
        if action.act in ("declare", "immunity"):
            from prohis_nb.smuggle.board import DIPLOMATIC_BAG
            from prohis_nb.smuggle.game import dutiable_counts

            view = game.omniscient_view()
            hand = view.hands[action.seat]
            if action.act == "immunity":
                self.truth_now = DIPLOMATIC_BAG in hand
            else:
                self.truth_now = dutiable_counts(hand) == Counter(action.items)
        elif action.act in ("accept", "search", "challenge", "inform"):
            self.role = game.decision.kind  # "officer" or "receiver"

    def count(self, action: Any, forced: bool) -> None:
        act, who = action.act, action.seat
        if act in ("declare", "immunity"):
            self.kind = "immunity" if act == "immunity" else f"{len(action.items)}_items"
            self.lie = not self.truth_now
            self._add(who, "declarations")
            self._add(who, f"declarations_{self.kind}")
            if self.lie:
                self._add(who, "lies")
                self._add(who, f"lies_{self.kind}")
        elif act in ("accept", "search", "challenge", "inform") and self.role == "officer":
            self._add(who, "officer_decisions")
            self._add(who, f"officer_decisions_{self.kind}")
            if act == "accept":
                self._add(who, "passed_hands")
                if self.lie:
                    self._add(who, "passed_lies")
            else:
                self._add(who, "searches")
                self._add(who, f"searches_{self.kind}")
                if self.lie:
                    self._add(who, "searches_of_lies")
        elif act in ("accept", "challenge", "inform"):  # the receiver of a passed hand
            self._add(who, "receiver_decisions")
            if act != "accept":
                self._add(who, "informs")
                if self.lie:
                    self._add(who, "informs_on_lies")
