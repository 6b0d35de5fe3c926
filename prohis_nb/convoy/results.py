"""The class table of the convoy stage game: what a class decided, beside lesson 6's theory.

:class:`ConvoyCounter` counts one finished game's decisions (the registry
names it for :mod:`prohis_nb.classroom.counts`); :func:`rates` lists the
rows of the class table and :func:`predictions` the theory beside them
(:mod:`prohis_nb.classroom.results`). Like every class count it is a
teacher's analysis of finished games: it reads the hand behind a convoy
(whether it was dirty), which no seat saw while playing.

=========================  ====================================================
key                        what is counted
=========================  ====================================================
``convoys``                convoys sent (one a game); ``convoys_dirty``,
                           ``convoys_clean``; ``convoys_from_dirty_hands``
``convoys_bait``           honest convoys sent from a dirty hand (the bluff by bait)
``bribe_chances``          convoys whose smuggler could offer a bribe of the menu
``bribes``                 bribes offered; ``bribes_dirty_convoy`` on a dirty one
``bribes_accepted``,       the controller's answers to a bribe
``bribes_rejected``
``inspections``,           the answers when no bribe was offered
``waivers``                (``inspections_dirty``, ``waivers_dirty``: of a dirty convoy)
``searches``, ``catches``  inspections of any cause, and those that caught illegal goods
=========================  ====================================================

The theory column is the convoy game of the rules the records were played
under (:mod:`prohis_nb.classroom.theory`, every equilibrium in exact
fractions): the same rows as for Prohis, so a class that played convoys and
one that played whole games of Prohis are read side by side.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable
from typing import Any

KEYS: tuple[str, ...] = (
    "games",
    "convoys",
    "convoys_dirty",
    "convoys_clean",
    "convoys_from_dirty_hands",
    "convoys_bait",
    "bribe_chances",
    "bribes",
    "bribes_dirty_convoy",
    "bribes_accepted",
    "bribes_rejected",
    "inspections",
    "waivers",
    "inspections_dirty",
    "waivers_dirty",
    "searches",
    "catches",
)


class ConvoyCounter:
    """Counts one convoy's decisions, for the whole table and for each seat that took them."""

    keys = KEYS

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()
        self.by_seat: defaultdict[int, Counter[str]] = defaultdict(Counter)
        self.dirty_hand = False
        self.dirty_convoy = False
        self.caught = False

    def _add(self, who: int, key: str) -> None:
        self.counts[key] += 1
        self.by_seat[who][key] += 1

    def before(self, game: Any, action: Any) -> None:
        """Read what the action needs from the state it is taken in (omniscient: after the game)."""
        if action.act == "convoy":
            self.dirty_hand = game.omniscient_view().dirty
        elif action.act in ("bribe", "no_bribe") and any(
            a.act == "bribe" for a in game.legal_actions()
        ):
            self._add(action.seat, "bribe_chances")
        elif action.act in ("reject", "inspect"):  # the inspection follows at once
            trial = game.copy()
            trial.apply(action)
            self.caught = trial.omniscient_view().ending == "confiscated"

    def count(self, action: Any, forced: bool) -> None:
        act, who = action.act, action.seat
        if act == "convoy":
            self.dirty_convoy = "illegal" in action.cards
            self._add(who, "convoys")
            self._add(who, "convoys_dirty" if self.dirty_convoy else "convoys_clean")
            if self.dirty_hand:
                self._add(who, "convoys_from_dirty_hands")
                if not self.dirty_convoy:
                    self._add(who, "convoys_bait")
        elif act == "bribe":
            self._add(who, "bribes")
            if self.dirty_convoy:
                self._add(who, "bribes_dirty_convoy")
        elif act in ("accept", "reject"):
            self._add(who, "bribes_accepted" if act == "accept" else "bribes_rejected")
            if act == "reject":
                self._add(who, "searches")
        elif act in ("inspect", "waive"):
            plural = "inspections" if act == "inspect" else "waivers"
            self._add(who, plural)
            if self.dirty_convoy:
                self._add(who, f"{plural}_dirty")
            if act == "inspect":
                self._add(who, "searches")
        if act in ("reject", "inspect") and self.caught:
            self._add(who, "catches")


Rate = tuple[str, str, Callable[[dict[str, int]], int], Callable[[dict[str, int]], int]]


def rates() -> list[Rate]:
    """The rows of the class table: (name, what is counted, numerator, denominator)."""

    def key(name: str) -> Callable[[dict[str, int]], int]:
        return lambda c: c[name]

    return [
        ("dirty convoys", "convoys holding illegal goods", key("convoys_dirty"), key("convoys")),
        (
            "bait",
            "dirty hands that sent an honest convoy (bluff by bait)",
            key("convoys_bait"),
            key("convoys_from_dirty_hands"),
        ),
        ("bribe offered", "convoys offered a bribe", key("bribes"), key("bribe_chances")),
        (
            "bribe accepted",
            "bribes accepted",
            key("bribes_accepted"),
            lambda c: c["bribes_accepted"] + c["bribes_rejected"],
        ),
        (
            "inspection",
            "convoys offered no bribe that were inspected",
            key("inspections"),
            lambda c: c["inspections"] + c["waivers"],
        ),
        ("catch", "searches that turned up illegal goods", key("catches"), key("searches")),
    ]


def predictions(totals: dict[str, int], rules: Any = None) -> dict[str, Any]:
    """The convoy game of the records' ``rules`` beside each row (the default rules if None).

    The stage game *is* that model, so the theory solves exactly the game the
    class played: its card, convoy, menu, chance of a dirty hand and payoffs
    (:func:`~prohis_nb.classroom.theory.convoy_stage_predictions`). The class
    table calls this once per rule set; a class that mixed rule sets gets no
    prediction (:meth:`~prohis_nb.classroom.results.ClassResults.predictions`).
    """
    from prohis_nb.classroom.theory import convoy_stage_predictions
    from prohis_nb.convoy.rules import ConvoyRules

    return convoy_stage_predictions(rules if rules is not None else ConvoyRules())
