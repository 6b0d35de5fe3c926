"""A Prohis smuggler at its bribe decision, with a small hand or a huge one (issue 11).

Shared by the engine's and the widgets' big-hand tests.
"""

from __future__ import annotations

from collections import Counter

from prohis_nb import ProhisGame, ProhisRules

KINDS = ("legal", "illegal", "lieutenant", "captain", "inspector")
ORDER = {kind: i for i, kind in enumerate(KINDS)}


def at_bribe(hand: Counter, rejected=(), bribe_rounds: int = 1, players: int = 3) -> ProhisGame:
    """Seat 0 at its bribe decision holding ``hand`` after a 2-card convoy [legal, illegal].

    Seat 1 controls with an inspector, the others decline, and seat 1 rejects
    each offer of ``rejected`` in turn. The deck is exactly the table's cards.
    """
    held = Counter(hand) + Counter({"legal": 1, "illegal": 1})
    # every player has one captain and one inspector in the deck; seat 1 holds an inspector
    players = max(players, held["captain"], held["inspector"] + 1)
    hands = [[k for k in KINDS for _ in range(held[k])], ["inspector"]]
    hands += [["legal"] for _ in range(players - 2)]
    row = ["legal"] * 4
    deck = Counter(c for h in hands for c in h) + Counter(row)
    deck.update({"captain": 0, "inspector": 0})
    # captains and inspectors must number the players: put the missing ones in the pile
    pile = ["captain"] * (players - deck["captain"]) + ["inspector"] * (players - deck["inspector"])
    assert len(pile) == 2 * players - deck["captain"] - deck["inspector"]
    deck.update(pile)
    rules = ProhisRules(players=players, deck=dict(deck), bribe_rounds=bribe_rounds)
    game = ProhisGame(rules, table={"first": 0, "hands": hands, "row": row, "pile": pile})
    game.apply({"seat": 0, "act": "convoy", "cards": ["legal", "illegal"]})
    game.apply({"seat": 1, "act": "control", "card": "inspector"})
    while game.decision.kind == "control":
        game.apply({"seat": game.to_act, "act": "decline"})
    for offer in rejected:
        game.apply({"seat": 0, "act": "bribe", "cards": list(offer)})
        game.apply({"seat": 1, "act": "reject"})
    return game


HUGE = Counter({"legal": 320, "illegal": 330, "lieutenant": 310, "captain": 5, "inspector": 5})
REJECTED = [
    ["legal"] * 100 + ["illegal"] * 5,
    ["lieutenant"] * 310,
    ["legal"] * 320 + ["illegal"] * 330 + ["lieutenant"] * 310,
]


def huge_game() -> ProhisGame:
    return at_bribe(HUGE, REJECTED, bribe_rounds=5, players=6)
