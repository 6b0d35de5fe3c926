"""Prohis as an OpenSpiel game: ``pyspiel.load_game("python_prohis", {"players": 4})``.

**Parameters.** ``players`` (3-6), the variants of docs/rules.md
(``pass_is_final``, ``waiver_keeps_card``, ``bribe_rounds``, ``full_box``)
and ``deck``: a custom deck, counts by kind written ``"legal:12;illegal:6;lieutenant:2"``
(OpenSpiel's game strings allow no commas in a value; captains and inspectors
default to one per player), ``""`` for the rulebook's.

**Chance** deals as the rulebook does (and as the engine's seeded deal):
the goods and lieutenants are dealt one card at a time (outcome 0 legal,
1 illegal, 2 lieutenant, each with probability *cards of that kind left /
cards left*): 4 to seat 0, 4 to seat 1, ..., then the 4 row slots, then the
pile from the top. Each seat also gets its captain and inspector, in the
open. Last, chance picks the first player (outcome = seat, uniform).

**Actions: 32, composed card by card.** An engine action can be a convoy
(any 2-4 cards of the hand, in order) or a bribe (any part of the hand):
listed whole, a hand of 8 cards offers hundreds of convoys and bribes, and a
big hand millions. OpenSpiel algorithms keep a value per action and
information state, so a huge, hand-dependent action space makes them slow
and thin on data. Here a convoy is built one card at a time (``convoy +
legal``, ``convoy + illegal``..., then ``send convoy``) and a bribe too
(cards added in the fixed kind order, so each bribe has one spelling, then
``offer bribe``): every decision has at most 6 choices, the same 32 actions
serve every hand, and a choice like "which card first" is learnt once.
The composition in progress is private to the composing seat (the others
see nothing until the engine action is complete).

=====  ====================================================================
ids     action
=====  ====================================================================
0-3     take the row card in slot 0-3
4       take the top card of the pile
5       stop (after one pick)
6       pass
7-11    convoy + legal / illegal / lieutenant / captain / inspector
12      send the convoy (2-4 cards)
13-15   control with a lieutenant / captain / inspector
16      decline to control
17-21   bribe + legal / illegal / lieutenant / captain / inspector
22      offer the bribe
23      offer no bribe
24-27   accept / reject / inspect / waive
28-31   turn over the convoy card at position 0-3
=====  ====================================================================

**Utilities** are the final scores (docs/rules.md, Scoring) in **thousands of
dollars**: a score of $12,000 is a return of 12.0. Prohis is general-sum.
"""

from __future__ import annotations

from typing import Any

import pyspiel

from prohis_nb.openspiel.common import Encoding, EngineState, ViewObserver, parse_pairs
from prohis_nb.openspiel.serialization import register_game, state_from_text
from prohis_nb.prohis.actions import Action
from prohis_nb.prohis.cards import HAND_VALUE, KIND_INDEX, KINDS, WAREHOUSE_VALUE
from prohis_nb.prohis.game import from_deal
from prohis_nb.prohis.rules import ProhisRules

STOCK_KINDS = ("legal", "illegal", "lieutenant")  # what chance deals; captains/inspectors are given
PHASES = (
    "turn",
    "second_pick",
    "control",
    "bribe",
    "bribe_answer",
    "inspect_or_waive",
    "inspection",
)

TAKE_ROW, TAKE_PILE, STOP, PASS = 0, 4, 5, 6
CONVOY_ADD, SEND = 7, 12
CONTROL, DECLINE = 13, 16
BRIBE_ADD, OFFER, NO_BRIBE = 17, 22, 23
ACCEPT, REJECT, INSPECT, WAIVE = 24, 25, 26, 27
TURN = 28
NAMES = (
    *(f"take row {slot}" for slot in range(4)),
    "take pile",
    "stop",
    "pass",
    *(f"convoy + {kind}" for kind in KINDS),
    "send convoy",
    *(f"control {kind}" for kind in KINDS[2:]),
    "decline",
    *(f"bribe + {kind}" for kind in KINDS),
    "offer bribe",
    "no bribe",
    "accept",
    "reject",
    "inspect",
    "waive",
    *(f"turn {position}" for position in range(4)),
)
SIMPLE = {
    "stop": STOP,
    "pass": PASS,
    "decline": DECLINE,
    "no_bribe": NO_BRIBE,
    "accept": ACCEPT,
    "reject": REJECT,
    "inspect": INSPECT,
    "waive": WAIVE,
}


class ProhisEncoding(Encoding):
    """Prohis's 32 actions (see the module docstring) and how they map to engine actions."""

    names = NAMES

    def legal(self, game: Any, partial: tuple) -> list[int]:
        seat = game.to_act
        phase = game.phase
        if partial and partial[0] == "convoy":
            return self._convoy_steps(game.hands[seat], partial[1:])
        if partial and partial[0] == "bribe":
            return self._bribe_steps(game, partial[1:])
        out: set[int] = set()
        for action in game.legal_actions():
            if action.act == "take":
                out.add(TAKE_ROW + action.slot if action.source == "row" else TAKE_PILE)
            elif action.act == "convoy":
                out.add(CONVOY_ADD + KIND_INDEX[action.cards[0]])
            elif action.act == "control":
                out.add(CONTROL + KIND_INDEX[action.card] - 2)
            elif action.act == "turn":
                out.add(TURN + action.position)
            elif action.act == "bribe":
                break  # the bribes (a family, maybe huge) are read from the hand below
            else:
                out.add(SIMPLE[action.act])
        if phase == "bribe":
            out.discard(NO_BRIBE)
            out.update(self._bribe_steps(game, ()))
            if game.is_legal(Action(seat, "no_bribe")):
                out.add(NO_BRIBE)
        return sorted(out)

    @staticmethod
    def _convoy_steps(hand: list[int], chosen: tuple[int, ...]) -> list[int]:
        left = list(hand)
        for kind in chosen:
            left[kind] -= 1
        steps = [CONVOY_ADD + k for k in range(5) if left[k]] if len(chosen) < 4 else []
        if len(chosen) == 1 and sum(left) == 0:  # cannot happen: a convoy starts from 2+ cards
            steps = []
        if len(chosen) >= 2:
            steps.append(SEND)
        return steps

    @staticmethod
    def _bribe_steps(game: Any, chosen: tuple[int, ...]) -> list[int]:
        """Add a card of kind k (no lower than the last one) if some bribe can still be offered."""
        seat = game.to_act
        hand = game.hands[seat]
        rejected = [tuple(r) for r in game.rejected]
        counts = [0] * 5
        for kind in chosen:
            counts[kind] += 1
        steps = []
        lowest = chosen[-1] if chosen else 0
        for k in range(lowest, 5):
            if counts[k] < hand[k]:
                trial = list(counts)
                trial[k] += 1
                if _completions(trial, hand, k) > sum(_extends(r, trial, k) for r in rejected):
                    steps.append(BRIBE_ADD + k)
        if chosen and tuple(counts) not in rejected:
            steps.append(OFFER)
        return steps

    def step(self, game: Any, partial: tuple, action: int) -> tuple[Any, tuple]:
        seat = game.to_act
        if action in (TAKE_ROW, TAKE_ROW + 1, TAKE_ROW + 2, TAKE_ROW + 3):
            return Action(seat, "take", source="row", slot=action - TAKE_ROW), ()
        if action == TAKE_PILE:
            return Action(seat, "take", source="pile"), ()
        if CONVOY_ADD <= action < SEND:
            return None, (partial or ("convoy",)) + (action - CONVOY_ADD,)
        if action == SEND:
            return Action(seat, "convoy", cards=tuple(KINDS[k] for k in partial[1:])), ()
        if CONTROL <= action < DECLINE:
            return Action(seat, "control", card=KINDS[action - CONTROL + 2]), ()
        if BRIBE_ADD <= action < OFFER:
            return None, (partial or ("bribe",)) + (action - BRIBE_ADD,)
        if action == OFFER:
            return Action(seat, "bribe", cards=tuple(KINDS[k] for k in partial[1:])), ()
        if TURN <= action < TURN + 4:
            return Action(seat, "turn", position=action - TURN), ()
        act = {code: name for name, code in SIMPLE.items()}[action]
        return Action(seat, act), ()

    def partial_json(self, partial: tuple) -> Any:
        return [partial[0], *(KINDS[k] for k in partial[1:])]

    def partial_actions(self, partial: tuple) -> list[int]:
        if not partial:
            return []
        first = CONVOY_ADD if partial[0] == "convoy" else BRIBE_ADD
        return [first + kind for kind in partial[1:]]


def _completions(counts: list[int], hand: list[int], lowest: int) -> int:
    """How many bribes extend ``counts`` by cards of kinds ``lowest`` and up, within ``hand``."""
    total = 1
    for k in range(lowest, 5):
        total *= hand[k] - counts[k] + 1
    return total


def _extends(bribe: tuple[int, ...], counts: list[int], lowest: int) -> bool:
    """True if ``bribe`` is ``counts`` plus cards of kinds ``lowest`` and up only."""
    return all(bribe[k] == counts[k] for k in range(lowest)) and all(
        bribe[k] >= counts[k] for k in range(lowest, 5)
    )


ENCODING = ProhisEncoding()


def rules_from_params(params: dict[str, Any]) -> ProhisRules:
    """The engine's rules from OpenSpiel's game parameters."""
    deck = params.get("deck", "")
    return ProhisRules(
        players=params.get("players", 4),
        pass_is_final=params.get("pass_is_final", False),
        waiver_keeps_card=params.get("waiver_keeps_card", False),
        bribe_rounds=params.get("bribe_rounds", 1),
        full_box=params.get("full_box", False),
        deck=parse_pairs(deck, "the deck") if deck else None,
    )


GAME_TYPE = pyspiel.GameType(
    short_name="python_prohis",
    long_name="Prohis (prohis_nb engine)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=6,
    min_num_players=3,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={
        "players": 4,
        "pass_is_final": False,
        "waiver_keeps_card": False,
        "bribe_rounds": 1,
        "full_box": False,
        "deck": "",
    },
)


class ProhisOpenSpielGame(pyspiel.Game):
    """The OpenSpiel game of Prohis (see the module docstring)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**GAME_TYPE.parameter_specification, **(params or {})}
        self.rules = rules_from_params(params)
        deck = self.rules.deck_counts()
        n = self.rules.players
        self.stock = {kind: deck[kind] for kind in STOCK_KINDS}
        cards = sum(deck.values())
        best = sum(WAREHOUSE_VALUE[k] * deck[k] for k in KINDS) / 1000
        worst = HAND_VALUE["illegal"] * deck["illegal"] / 1000
        turns = n * (2 * cards + 2)  # draws, convoys and rounds of passes, each bounded by cards
        per_turn = 12 + n + self.rules.bribe_rounds * (cards + 3)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(NAMES),
            max_chance_outcomes=max(len(STOCK_KINDS), n),
            num_players=n,
            min_utility=worst,
            max_utility=best,
            utility_sum=None,
            max_game_length=turns * per_turn,
        )
        super().__init__(GAME_TYPE, info, params)

    def new_initial_state(self) -> ProhisState:
        return ProhisState(self)

    def deserialize_state(self, text: str) -> ProhisState:
        """The state ``state.serialize()`` wrote, every action checked; never unpickles."""
        return state_from_text(self, text)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ViewObserver:
        return ViewObserver(self, iig_obs_type, params)

    # ------------------------------------------------------------ the tensor

    def tensor_pieces(self) -> list[tuple[str, tuple[int, ...]]]:
        n = self.rules.players
        return [
            ("player", (n,)),
            ("phase", (len(PHASES),)),
            ("to_act", (n,)),
            ("hand", (5,)),
            ("warehouse", (5,)),
            ("row", (4, 6)),  # empty, or one of the 5 kinds
            ("pile", (1,)),
            (
                "seats",
                (n, 13),
            ),  # hand size, warehouse size, known in hand (5), in warehouse (5), out
            ("convoy", (4, 7)),  # per position: present, hidden, or its kind
            ("turned", (4,)),
            ("smuggler", (n,)),
            ("controls", (n, 3)),
            ("controller", (n,)),
            ("controller_card", (3,)),
            ("bribe", (6,)),  # its size, then its cards when this seat sees them
            ("offers", (1,)),
            ("inspection", (2,)),  # turns done, turn limit
            ("end", (2,)),  # final round, passes in a row
            ("composing", (2, 5)),  # the convoy or bribe being composed: cards by kind
        ]

    def fill_tensor(self, out: dict[str, Any], state: ProhisState, player: int) -> None:
        out["player"][player] = 1
        game = state.engine
        if game is None:
            for kind in state.dealt_to_seat(player):
                out["hand"][KIND_INDEX[kind]] += 1
            return
        view = state.view(player)
        if view.decision is not None:
            out["phase"][PHASES.index(view.decision.kind)] = 1
            out["to_act"][view.to_act] = 1
        for kind in view.hand:
            out["hand"][KIND_INDEX[kind]] += 1
        for kind in view.warehouse:
            out["warehouse"][KIND_INDEX[kind]] += 1
        for slot, kind in enumerate(view.row):
            out["row"][slot, 0 if kind is None else 1 + KIND_INDEX[kind]] = 1
        out["pile"][0] = view.pile_size
        for info in view.seats:
            row = out["seats"][info.seat]
            row[0], row[1], row[12] = info.hand_size, info.warehouse_size, info.out
            for kind in info.known_in_hand:
                row[2 + KIND_INDEX[kind]] += 1
            for kind in info.known_in_warehouse:
                row[7 + KIND_INDEX[kind]] += 1
        convoy = view.convoy
        if convoy is not None:
            for position, kind in enumerate(convoy.cards):
                out["convoy"][position, 1 if kind is None else 2 + KIND_INDEX[kind]] = 1
                out["convoy"][position, 0] = 1
                out["turned"][position] = convoy.turned[position]
            out["smuggler"][convoy.smuggler] = 1
            for seat, kind in convoy.controls:
                out["controls"][seat, KIND_INDEX[kind] - 2] = 1
            if convoy.controller is not None:
                out["controller"][convoy.controller] = 1
                out["controller_card"][KIND_INDEX[convoy.controller_card] - 2] = 1
            if convoy.bribe_size is not None:
                out["bribe"][0] = convoy.bribe_size
                for kind in convoy.bribe or ():
                    out["bribe"][1 + KIND_INDEX[kind]] += 1
            out["offers"][0] = convoy.offers
            out["inspection"][:] = (convoy.turns_done, convoy.turn_limit)
        out["end"][:] = (view.final_round, view.passes_in_a_row)
        if state.partial and view.to_act == player:
            row = 0 if state.partial[0] == "convoy" else 1
            for kind in state.partial[1:]:
                out["composing"][row, kind] += 1


class ProhisState(EngineState):
    """A Prohis state: chance deals the stock card by card, then picks the first player."""

    encoding = ENCODING

    def _stock_size(self) -> int:
        return sum(self.get_game().stock.values())

    def _deal_done(self) -> bool:
        return len(self.dealt) == self._stock_size() + 1

    def chance_outcomes(self) -> list[tuple[int, float]]:
        game = self.get_game()
        if len(self.dealt) == self._stock_size():  # the first player
            n = game.rules.players
            return [(seat, 1.0 / n) for seat in range(n)]
        left = [game.stock[kind] for kind in STOCK_KINDS]
        for kind in self.dealt:
            left[kind] -= 1
        total = sum(left)
        return [(kind, count / total) for kind, count in enumerate(left) if count]

    def chance_string(self, action: int) -> str:
        if len(self.dealt) == self._stock_size():
            return f"seat {action} plays first"
        return f"deal {STOCK_KINDS[action]}" if action < len(STOCK_KINDS) else "not a card kind"

    def dealt_to_seat(self, seat: int) -> list[str]:
        cards = [STOCK_KINDS[k] for k in self.dealt[4 * seat : 4 * seat + 4]]
        return [*cards, "captain", "inspector"]

    def _start(self) -> Any:
        rules = self.get_game().rules
        n = rules.players
        stock = [STOCK_KINDS[k] for k in self.dealt[:-1]]
        hands = [[*stock[4 * s : 4 * s + 4], "captain", "inspector"] for s in range(n)]
        row = stock[4 * n : 4 * n + 4]
        pile = stock[4 * n + 4 :]
        return from_deal(
            hands,
            row,
            pile,
            self.dealt[-1],
            rules=rules,
            public_hands=[["captain", "inspector"]] * n,
        )


register_game(GAME_TYPE, ProhisOpenSpielGame)  # its states are never read from a pickle
