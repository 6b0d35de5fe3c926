"""What a seat is allowed to know, written from the rules, computed from the truth.

This is the tests' own model, independent of the engine's views, logs and
knowledge bounds: it reads only the *truth* (``omniscient_view()``, the
teacher's view) and the actions taken, and keeps, step by step, what
RULES.md's "Who knows what" (Prohis) and the Smuggle rules let seat S know.
Two games whose traces for S are equal up to step t are games S must not be
able to tell apart at step t.

Prohis, for seat S (RULES.md, "Who knows what"):

* public: the row; the size of the pile, of every hand, warehouse, convoy and
  bribe offer; controller cards played and who controls with what; turned
  convoy cards; the passes and the final round; every decision taken (its act
  and public fields: which slot or the pile, how many cards a convoy or a
  bribe holds, which controller card, which position is turned); in a seeded
  game, that each hand was dealt one Captain and one Inspector;
* a card taken from the row is known to be in that hand until it leaves: the
  row and the slot taken are in the trace at every step, so two games with
  equal traces agree on those cards too;
* private: S's own hand and warehouse; as smuggler its convoy; as smuggler
  or controller the bribes' cards.

Smuggle, for seat S (docs/smuggle-rules.md): public are the Officer, money,
the pack's size and the discard pile's size, who holds and who receives the
hand, declarations and immunity claims, every hand shown by a search or a
challenge; S sees a hand it drew or accepted (and remembers it), never a
passed hand before accepting it, nor another seat's discard.
"""

from __future__ import annotations

import json
from typing import Any


def _sorted(cards: Any) -> list[str]:
    return sorted(cards)


def prohis_action(action: Any, seat: int, truth: dict[str, Any]) -> dict[str, Any]:
    """The part of a Prohis action that ``seat`` may know (``truth``: before it was taken)."""
    data = action.to_json()
    convoy = truth.get("convoy") or {}
    if data["act"] == "turn":  # the card turned is shown to everyone
        cards, turned = convoy["cards"], list(convoy["turned"])
        data["card"] = cards[data["position"]]
        turned[data["position"]] = True
        left = [i for i, t in enumerate(turned) if not t]
        goes_on = data["card"] == "legal" and convoy["turns_done"] + 1 < convoy["turn_limit"]
        if goes_on and len(left) == 1:  # the last card is turned at once: public too
            data["then"] = cards[left[0]]
    if data["act"] == "convoy" and data["seat"] != seat:
        data["cards"] = len(data["cards"])
    if data["act"] == "bribe" and seat not in (data["seat"], convoy.get("controller")):
        data["cards"] = len(data["cards"])
    return data


def prohis_state(truth: dict[str, Any], seat: int, seeded: bool) -> dict[str, Any]:
    """The part of a Prohis table (the teacher's view as JSON) that ``seat`` may know."""
    state: dict[str, Any] = {
        "seeded": seeded,  # then every hand was dealt one Captain and one Inspector
        "ended": truth["ended"],
        "row": truth["row"],
        "pile": truth["pile"],
        "hand_sizes": [len(h) for h in truth["hands"]],
        "warehouse_sizes": [len(w) for w in truth["warehouses"]],
        "hand": _sorted(truth["hands"][seat]),
        "warehouse": _sorted(truth["warehouses"][seat]),
        "out": [s["out"] for s in truth["seats"]],
        "final_round": truth["final_round"],
        "final_turns": truth["final_turns"],
        "passes": truth["passes_in_a_row"],
    }
    convoy = truth.get("convoy")
    if convoy:
        smuggler, controller = convoy["smuggler"], convoy["controller"]
        party = seat in (smuggler, controller)
        state["convoy"] = {
            "smuggler": smuggler,
            "size": convoy["size"],
            "turned": [
                card if turned else None for card, turned in zip(convoy["cards"], convoy["turned"])
            ],
            "controls": convoy["controls"],
            "controller": controller,
            "controller_card": convoy["controller_card"],
            "bribe_size": convoy["bribe_size"],
            "offers": convoy["offers"],
            "turns_done": convoy["turns_done"],
            "cards": convoy["cards"] if seat == smuggler else None,
            "bribe": convoy["bribe"] if party else None,
            "rejected": convoy["rejected_bribes"] if party else len(convoy["rejected_bribes"]),
        }
    if truth["ended"]:
        state["scores"] = truth["scores"]  # the final count is shown to everyone
    return state


def smuggle_action(action: Any, seat: int) -> dict[str, Any]:
    """The part of a Smuggle action that ``seat`` may know (another seat's discard: only that)."""
    data = action.to_json()
    if data["act"] == "discard" and data["seat"] != seat:
        data.pop("card")
    return data


def smuggle_state(truth: dict[str, Any], seat: int) -> dict[str, Any]:
    """The part of a Smuggle table (the teacher's view as JSON) that ``seat`` may know."""
    holder = truth["holder"]
    hand = truth["hands"][holder] if holder is not None else []
    return {
        "ended": truth["ended"],
        "round": truth["round"],
        "officer": truth["officer"],
        "money": truth["scores"],
        "pack": truth["pile"],
        "discards": len(truth["discards"]),
        "holder": holder,
        "receiver": truth["receiver"],
        "declared": truth["declared"],
        "immunity": truth["immunity"],
        "last_search": truth["last_search"],
        "hand_size": len(hand),
        "hand": hand if holder == seat else None,  # drawn or accepted: seen
    }


class Trace:
    """The trace of what seat S may know, one entry per step; compare two with ``==``."""

    def __init__(self, game: Any, seat: int, seeded: bool = False) -> None:
        self.seat, self.seeded = seat, seeded
        self.prohis = game.game_name == "prohis"
        self.entries: list[str] = []
        self.record_state(game)

    def _state(self, game: Any) -> dict[str, Any]:
        truth = game.omniscient_view().to_json()
        if self.prohis:
            return prohis_state(truth, self.seat, self.seeded)
        return smuggle_state(truth, self.seat)

    def record_state(self, game: Any) -> None:
        self.entries.append(json.dumps(self._state(game), sort_keys=True))

    def record_action(self, game_before: Any, action: Any) -> None:
        """Call before ``action`` is applied to ``game_before``."""
        if self.prohis:
            truth = game_before.omniscient_view().to_json()
            data = prohis_action(action, self.seat, truth)
        else:
            data = smuggle_action(action, self.seat)
        self.entries.append(json.dumps(data, sort_keys=True))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Trace) and self.entries == other.entries

    __hash__ = None  # type: ignore[assignment]
