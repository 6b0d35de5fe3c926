"""Why an action is refused: messages that say what was wrong and what is allowed.

Only the error path comes here, so clarity matters more than speed. The
legal-action list stays the one authority on what is allowed; this module
only puts the refusal into words.
"""

from __future__ import annotations

from collections import Counter

from prohis_nb.core.legal import group_by_act
from prohis_nb.errors import excerpt
from prohis_nb.prohis.actions import Action
from prohis_nb.prohis.cards import KINDS, counts_to_cards

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing (~10 ms)
if TYPE_CHECKING:
    from prohis_nb.prohis.state import ProhisTable

#: Which acts answer which decision.
ACTS_BY_PHASE = {
    "turn": ("take", "convoy", "pass"),
    "second_pick": ("take", "stop"),
    "control": ("control", "decline"),
    "bribe": ("bribe", "no_bribe"),
    "bribe_answer": ("accept", "reject"),
    "inspect_or_waive": ("inspect", "waive"),
    "inspection": ("turn",),
}


def allowed_summary(game: ProhisTable) -> str:
    """The legal actions in a few words, grouped by act."""
    groups = group_by_act(game.legal_actions())  # a family of bribes stays one group
    parts = []
    for act, actions in groups.items():
        if act == "take":
            where = [f"row slot {a.slot}" if a.source == "row" else "the pile" for a in actions]
            parts.append("take from " + " or ".join(where))
        elif act == "convoy":
            parts.append(f"convoy (any 2-4 of your cards in any order: {len(actions)} ways)")
        elif act == "bribe":
            parts.append(f"bribe (any set of your cards: {len(actions):,} ways)")
        elif act == "control":
            parts.append("control with " + " or ".join(str(a.card) for a in actions))
        elif act == "turn":
            parts.append("turn position " + " or ".join(str(a.position) for a in actions))
        else:
            parts.append(act)
    return "; ".join(parts)


def explain_illegal(game: ProhisTable, action: Action) -> str:
    """Say why ``action`` (from the seat to act, well formed) is not legal now."""
    phase = game.phase
    seat = action.seat
    allowed = f"allowed: {allowed_summary(game)}"
    acts = ACTS_BY_PHASE.get(phase, ())
    if action.act not in acts:
        decision = game.decision
        what = decision.text if decision else "nothing"
        return f"{excerpt(action.act)} does not answer this decision ({what}); {allowed}"
    hand = game.hands[seat]
    held = Counter(counts_to_cards(hand))
    if action.act == "take":
        if phase == "turn" and sum(hand) >= 8:
            return (
                f"seat {seat} holds {sum(hand)} cards: a player with 8 or more cards may not "
                f"draw; {allowed}"
            )
        if action.source == "row" and game.row[action.slot] is None:
            return f"row slot {action.slot} is empty; {allowed}"
        if action.source == "pile" and not game.pile:
            return f"the pile is empty; {allowed}"
        if action.source == "pile" and game.first_pick == "pile":
            return (
                "never two cards from the pile: after a pile pick take from the row or stop; "
                + allowed
            )
    if action.act in ("convoy", "bribe", "control"):
        wanted = Counter(action.cards if action.act != "control" else (action.card,))
        if action.act == "convoy" and not 2 <= len(action.cards) <= 4:
            return f"a convoy has 2, 3 or 4 cards, got {len(action.cards)}; {allowed}"
        if action.act == "bribe" and not action.cards:
            return f"a bribe has at least one card (use no_bribe to offer nothing); {allowed}"
        for kind in KINDS:
            if wanted[kind] > held[kind]:
                return (
                    f"seat {seat} holds {held[kind]} {kind} card(s), the {action.act} needs "
                    f"{wanted[kind]}; {allowed}"
                )
        if action.act == "bribe":
            return (
                f"this bribe ({', '.join(action.cards)}) was already rejected: a new offer "
                f"must differ from those rejected; {allowed}"
            )
    if action.act == "turn":
        size = len(game.convoy)
        if not 0 <= (action.position or 0) < size:
            return (
                f"position {excerpt(action.position)} is not in the convoy (0 to {size - 1}); "
                + allowed
            )
        return f"the card at position {action.position} is already face up; {allowed}"
    return f"{action} is not allowed now; {allowed}"
