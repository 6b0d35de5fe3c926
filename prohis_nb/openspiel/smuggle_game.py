"""Smuggle as an OpenSpiel game: ``pyspiel.load_game("python_smuggle", {"players": 3})``.

**Parameters.** ``players`` (3-6) and ``board``: changes to docs/smuggle-rules.md's
default board, written ``"start_money:3000;duty.wine:30;fine.wine:60"``
(the fields of :class:`prohis_nb.smuggle.board.Board`; OpenSpiel's game
strings allow no commas in a value), ``""`` for the default board.

**Chance** shuffles each round's pack, dealt one card at a time from the top
(outcome = the card's kind, index in :data:`KINDS`, with probability *cards
of that kind left / cards left*): round 1's 54 cards, then round 2's, and so
on, one pack per round (each round is a fresh shuffle, so dealing them all
first changes no probability).

**Actions: 24, a declaration composed item by item.** A declaration is any
0-4 dutiable items, 495 of them; declared item by item (in the board's
order, so each declaration has one spelling) every decision has at most 10
choices:

=====  ====================================================================
ids     action
=====  ====================================================================
0-7     declare + wine / cigars / brandy / perfume / watch / camera /
        necklace / crown
8       declaration done (0-4 items)
9       claim Diplomatic Immunity
10-13   accept / search / inform / challenge
14-23   discard a card of that kind (:data:`KINDS`)
=====  ====================================================================

**Utilities** are the final money in **thousands of dollars** ($2,150 is a
return of 2.15). Money only changes hands between players, so the returns
add up to the starting total: the game is constant-sum.
"""

from __future__ import annotations

from typing import Any

import pyspiel

from prohis_nb.openspiel.common import Encoding, EngineState, ViewObserver, parse_pairs
from prohis_nb.openspiel.serialization import register_game, state_from_text
from prohis_nb.smuggle.actions import MAX_DECLARED, Action
from prohis_nb.smuggle.board import DUTIABLE, PACK_COUNTS, Board
from prohis_nb.smuggle.game import HAND_SIZE, from_deal
from prohis_nb.smuggle.rules import SmuggleRules

#: The card kinds, in the pack's order (chance outcomes and discard actions use these indexes).
KINDS: tuple[str, ...] = tuple(PACK_COUNTS)
PHASES = ("declare", "officer", "receiver", "discard")
DECLARE_ADD, DONE, IMMUNITY = 0, 8, 9
ACCEPT, SEARCH, INFORM, CHALLENGE = 10, 11, 12, 13
DISCARD = 14
NAMES = (
    *(f"declare + {item}" for item in DUTIABLE),
    "declaration done",
    "immunity",
    "accept",
    "search",
    "inform",
    "challenge",
    *(f"discard {kind}" for kind in KINDS),
)
SIMPLE = {"immunity": IMMUNITY, "accept": ACCEPT, "search": SEARCH, "inform": INFORM}
SIMPLE["challenge"] = CHALLENGE


class SmuggleEncoding(Encoding):
    """Smuggle's 24 actions (see the module docstring) and how they map to engine actions."""

    names = NAMES

    def legal(self, game: Any, partial: tuple) -> list[int]:
        if game.phase == "declare":
            lowest = partial[-1] if partial else 0
            steps = []
            if len(partial) < MAX_DECLARED:
                steps = [DECLARE_ADD + i for i in range(lowest, len(DUTIABLE))]
            steps.append(DONE)
            if not partial:
                steps.append(IMMUNITY)
            return steps
        out = []
        for action in game.legal_actions():
            if action.act == "discard":
                out.append(DISCARD + KINDS.index(action.card))
            else:
                out.append(SIMPLE[action.act])
        return sorted(out)

    def step(self, game: Any, partial: tuple, action: int) -> tuple[Any, tuple]:
        seat = game.to_act
        if DECLARE_ADD <= action < DONE:
            return None, partial + (action - DECLARE_ADD,)
        if action == DONE:
            return Action(seat, "declare", items=tuple(DUTIABLE[i] for i in partial)), ()
        if action >= DISCARD:
            return Action(seat, "discard", card=KINDS[action - DISCARD]), ()
        act = {code: name for name, code in SIMPLE.items()}[action]
        return Action(seat, act), ()

    def partial_json(self, partial: tuple) -> Any:
        return [DUTIABLE[i] for i in partial]

    def partial_actions(self, partial: tuple) -> list[int]:
        return [DECLARE_ADD + item for item in partial]


ENCODING = SmuggleEncoding()


def rules_from_params(params: dict[str, Any]) -> SmuggleRules:
    """The engine's rules from OpenSpiel's game parameters."""
    text = params.get("board", "")
    if not text:
        return SmuggleRules(players=params.get("players", 3))
    board = Board().to_json()
    for name, value in parse_pairs(text, "the board").items():
        table, _, item = name.partition(".")
        if item and table in ("duty", "fine"):
            board[table][item] = value
        else:
            board[name] = value
    return SmuggleRules(players=params.get("players", 3), board=Board.from_json(board))


GAME_TYPE = pyspiel.GameType(
    short_name="python_smuggle",
    long_name="Smuggle (prohis_nb engine)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.CONSTANT_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=6,
    min_num_players=3,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"players": 3, "board": ""},
)

PACK_SIZE = sum(PACK_COUNTS.values())


class SmuggleOpenSpielGame(pyspiel.Game):
    """The OpenSpiel game of Smuggle (see the module docstring)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**GAME_TYPE.parameter_specification, **(params or {})}
        self.rules = rules_from_params(params)
        n = self.rules.players
        board = self.rules.board
        total = self.rules.total_money()
        biggest = (
            board.immunity_fine
            + HAND_SIZE * max(board.fine.values())
            + board.informer_reward
            + board.compensation
            + HAND_SIZE * max(board.duty.values())
        )
        steps = n * PACK_SIZE * 2  # every step of a round takes a card from the pack, or ends it
        swing = steps * biggest
        info = pyspiel.GameInfo(
            num_distinct_actions=len(NAMES),
            max_chance_outcomes=len(KINDS),
            num_players=n,
            min_utility=(total // n - swing) / 1000,
            max_utility=(total + swing) / 1000,
            utility_sum=total / 1000,
            max_game_length=steps * (MAX_DECLARED + 3),
        )
        super().__init__(GAME_TYPE, info, params)

    def new_initial_state(self) -> SmuggleState:
        return SmuggleState(self)

    def deserialize_state(self, text: str) -> SmuggleState:
        """The state ``state.serialize()`` wrote, every action checked; never unpickles."""
        return state_from_text(self, text)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ViewObserver:
        return ViewObserver(self, iig_obs_type, params)

    def tensor_pieces(self) -> list[tuple[str, tuple[int, ...]]]:
        n = self.rules.players
        return [
            ("player", (n,)),
            ("phase", (len(PHASES),)),
            ("to_act", (n,)),
            ("round", (n,)),
            ("officer", (n,)),
            ("money", (n,)),  # in thousands of dollars
            ("holder", (n,)),
            ("receiver", (n,)),
            ("declared", (len(DUTIABLE) + 1,)),  # items declared by kind, immunity claimed
            ("hand", (len(KINDS),)),  # the hand, when this seat sees it
            ("known_in_hand", (len(KINDS),)),
            ("known_discards", (len(KINDS),)),
            ("sizes", (3,)),  # hand, pack, discards
            ("last_search", (len(KINDS) + 1,)),  # the cards shown, and whether truthful
            ("composing", (len(DUTIABLE),)),
        ]

    def fill_tensor(self, out: dict[str, Any], state: SmuggleState, player: int) -> None:
        out["player"][player] = 1
        game = state.engine
        if game is None:
            return
        view = state.view(player)
        if view.decision is not None:
            out["phase"][PHASES.index(view.decision.kind)] = 1
            out["to_act"][view.to_act] = 1
        out["round"][view.round] = 1
        out["officer"][view.officer] = 1
        out["money"][:] = [m / 1000 for m in view.money]
        if view.holder is not None:
            out["holder"][view.holder] = 1
        if view.receiver is not None:
            out["receiver"][view.receiver] = 1
        for item in view.declared or ():
            out["declared"][DUTIABLE.index(item)] += 1
        out["declared"][-1] = view.immunity
        for name, cards in (
            ("hand", view.hand or ()),
            ("known_in_hand", view.known_in_hand),
            ("known_discards", view.known_discards),
        ):
            for card in cards:
                out[name][KINDS.index(card)] += 1
        out["sizes"][:] = (view.hand_size, view.pack_size, view.discard_size)
        if view.last_search is not None:
            for card in view.last_search.cards:
                out["last_search"][KINDS.index(card)] += 1
            out["last_search"][-1] = view.last_search.truth
        if state.partial and view.to_act == player:
            for item in state.partial:
                out["composing"][item] += 1


class SmuggleState(EngineState):
    """A Smuggle state: chance shuffles every round's pack, card by card, then play."""

    encoding = ENCODING

    def _deal_done(self) -> bool:
        return len(self.dealt) == PACK_SIZE * self.get_game().rules.players

    def chance_outcomes(self) -> list[tuple[int, float]]:
        start = len(self.dealt) - len(self.dealt) % PACK_SIZE
        left = [PACK_COUNTS[kind] for kind in KINDS]
        for kind in self.dealt[start:]:
            left[kind] -= 1
        total = sum(left)
        return [(kind, count / total) for kind, count in enumerate(left) if count]

    def chance_string(self, action: int) -> str:
        return f"deal {KINDS[action]}" if action < len(KINDS) else "not a card kind"

    def _start(self) -> Any:
        rules = self.get_game().rules
        cards = [KINDS[k] for k in self.dealt]
        packs = [cards[r * PACK_SIZE : (r + 1) * PACK_SIZE] for r in range(rules.players)]
        return from_deal(packs, rules)


register_game(GAME_TYPE, SmuggleOpenSpielGame)  # its states are never read from a pickle
