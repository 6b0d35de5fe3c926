"""One convoy, played through the real engine, as a two-player OpenSpiel game for CFR.

``pyspiel.load_game("python_prohis_convoy", {"card": "captain", "p_dirty": 0.5})``
is the convoy game of :mod:`prohis_nb.analysis.equilibrium` (read its model
there), but every step is taken by the Prohis engine on a real table dealt
with :func:`prohis_nb.prohis.from_deal`:

1. **chance** deals the smuggler (seat 0) a *dirty* hand (probability
   ``p_dirty``) or an *honest* one. Both hold ``size`` legal cards and the
   cards of the bribe menu; a dirty hand also holds ``illegal`` illegal cards.
   The controller (seat 1) holds the controller card ``card``; a third seat
   (the engine needs three) holds the spare captains and inspectors;
2. the **smuggler** chooses its convoy: ``honest`` (``size`` legal cards) or,
   from a dirty hand, ``dirty`` (``illegal`` illegal cards, the rest legal);
3. **chance** orders the convoy face down, every order equally likely (the
   equilibrium model's inspection catches with the hypergeometric
   probability of :func:`prohis_nb.analysis.odds.catch_probability`: the
   smuggler's best order is a uniformly random one, and fixing it here keeps
   the game small); the engine takes the convoy, seat 1 plays ``card`` and
   seat 2 declines (the model starts once the card is played);
4. the **smuggler** offers a bribe from the menu or none; the **controller**
   accepts or rejects it (a rejection obliges it to inspect), or, offered
   none, inspects or waives; an inspection turns the cards the controller
   chooses, one by one, as the engine's rules say.

The game ends when the engine ends the convoy. Both players' returns are
**the smuggler's gain minus the controller's** (in thousands of dollars) of
final score, measured by the engine's own scoring before and after, and its
opposite: the model's zero-sum payoff. Each player's information state is
its engine view's hand and log, so the controller never sees the hand or the
convoy.

Parameters: ``card`` (``lieutenant``, ``captain``, ``inspector``), ``size``
(2-4), ``illegal`` (1 to ``size``), ``bribes`` (the menu: bribes separated by
``;``, cards by ``+``: ``"legal"``, ``"legal;legal+legal"``), ``p_dirty``,
``waiver_keeps_card``.
"""

from __future__ import annotations

from itertools import permutations
from typing import Any

import pyspiel

from prohis_nb.openspiel.common import EngineBox
from prohis_nb.openspiel.legality import check_offered
from prohis_nb.openspiel.serialization import (
    PickleSafeState,
    register_game,
    state_from_text,
    state_text,
)
from prohis_nb.prohis.actions import Action, canonical_cards
from prohis_nb.prohis.cards import KINDS
from prohis_nb.prohis.game import from_deal
from prohis_nb.prohis.rules import ProhisRules

HONEST, DIRTY = 0, 1  # the smuggler's convoy; also chance's hand (0 honest, 1 dirty)
NO_BRIBE = 2
ACCEPT, REJECT, INSPECT, WAIVE = 3, 4, 5, 6
TURN = 7  # 7-10: turn over the card at position 0-3
BRIBE = 11  # 11...: offer bribe i of the menu
MAX_MENU = 8

GAME_TYPE = pyspiel.GameType(
    short_name="python_prohis_convoy",
    long_name="One Prohis convoy, smuggler against controller (prohis_nb engine)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=False,
    provides_observation_tensor=False,
    parameter_specification={
        "card": "captain",
        "size": 3,
        "illegal": 1,
        "bribes": "legal",
        "p_dirty": 0.5,
        "waiver_keeps_card": False,
    },
)


def read_menu(text: str) -> tuple[tuple[str, ...], ...]:
    """``"legal;legal+legal"`` → ``(("legal",), ("legal", "legal"))``; raises ``ValueError``."""
    menu = tuple(canonical_cards(part.split("+")) for part in text.split(";") if part)
    for bribe in menu:
        if not bribe or any(card not in KINDS for card in bribe):
            raise ValueError(f"a bribe is cards joined by '+', kinds {KINDS}; got {text!r}")
    if len(set(menu)) != len(menu) or len(menu) > MAX_MENU:
        raise ValueError(f"the menu holds up to {MAX_MENU} different bribes, got {text!r}")
    return menu


class ConvoyOpenSpielGame(pyspiel.Game):
    """The one-convoy game (see the module docstring)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**GAME_TYPE.parameter_specification, **(params or {})}
        self.card = params["card"]
        self.size = params["size"]
        self.illegal = params["illegal"]
        self.menu = read_menu(params["bribes"])
        self.p_dirty = params["p_dirty"]
        self.waiver_keeps_card = params["waiver_keeps_card"]
        if self.card not in ("lieutenant", "captain", "inspector"):
            raise ValueError(f"card is lieutenant, captain or inspector, got {self.card!r}")
        if not 2 <= self.size <= 4 or not 1 <= self.illegal <= self.size:
            raise ValueError("a convoy has 2-4 cards, of which 1 to all are illegal when dirty")
        if not 0 <= self.p_dirty <= 1:
            raise ValueError(f"p_dirty is a probability, got {self.p_dirty}")
        info = pyspiel.GameInfo(
            num_distinct_actions=BRIBE + len(self.menu),
            max_chance_outcomes=24,
            num_players=2,
            min_utility=-100.0,
            max_utility=100.0,
            utility_sum=0.0,
            max_game_length=8,
        )
        super().__init__(GAME_TYPE, info, params)

    def convoy(self, load: int) -> list[str]:
        """The cards of an honest (0) or a dirty (1) convoy."""
        if load == HONEST:
            return ["legal"] * self.size
        return ["illegal"] * self.illegal + ["legal"] * (self.size - self.illegal)

    def hand_size(self) -> int:
        """Cards in either hand: the bigger of the two (convoy cards plus the menu's needs)."""
        needs = [max((b.count(k) for b in self.menu), default=0) for k in KINDS]
        return self.size + self.illegal + sum(needs)

    def table(self, dirty: bool) -> Any:
        """The engine game of one hand, before the convoy: seat 0 smuggles, seat 1 controls."""
        needs: dict[str, int] = dict.fromkeys(KINDS, 0)
        for bribe in self.menu:
            if dirty or "illegal" not in bribe:
                for kind in KINDS:
                    needs[kind] = max(needs[kind], bribe.count(kind))
        hand = ["legal"] * self.size + ["illegal"] * (self.illegal if dirty else 0)
        hand += [kind for kind in KINDS for _ in range(needs[kind])]
        # Hand sizes are public: both hands get the same number of cards, or the
        # controller would read the hand from its size (the model says it cannot).
        # The filler stays in hand whatever happens, so it changes no payoff.
        hand += ["legal"] * (self.hand_size() - len(hand))
        spare = ["captain"] * 3 + ["inspector"] * 3  # one of each per seat, as the deck must
        for card in [self.card, *hand]:  # the controller's card, and any the menu needs
            if card in spare:
                spare.remove(card)
        hands = [hand, [self.card], spare]
        deck = dict.fromkeys(KINDS, 0)
        for card in [*hand, self.card, *spare, *["legal"] * 4]:
            deck[card] += 1
        rules = ProhisRules(players=3, deck=deck, waiver_keeps_card=self.waiver_keeps_card)
        return from_deal(hands, ["legal"] * 4, [], 0, rules=rules)

    def new_initial_state(self) -> ConvoyState:
        return ConvoyState(self)

    def deserialize_state(self, text: str) -> ConvoyState:
        """The state ``state.serialize()`` wrote, every action checked; never unpickles."""
        return state_from_text(self, text)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        return ConvoyObserver(params)


class ConvoyObserver:
    """Information-state strings only: the seat's engine view, log included."""

    def __init__(self, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        self.tensor = None
        self.dict: dict = {}

    def set_from(self, state: ConvoyState, player: int) -> None:
        pass

    def string_from(self, state: ConvoyState, player: int) -> str:
        if state.engine is None:
            return f"seat {player}: dealing"
        view = state.engine.view(player)  # the hand and the log hold all this seat knows here
        return f"seat {player} holds {','.join(view.hand)}\n" + "\n".join(view.log)


class ConvoyState(PickleSafeState, pyspiel.State):
    """Chance deals a hand; the smuggler picks a convoy; chance orders it; then the engine."""

    def __init__(self, game: ConvoyOpenSpielGame) -> None:
        super().__init__(game)
        self._box = EngineBox(None)
        self.dirty: bool | None = None
        self.load: int | None = None
        self.convoy_sent = False
        self.before: list[int] = []

    @property
    def engine(self) -> Any:
        """The engine game (``None`` until chance has dealt the hand)."""
        return self._box.game

    def _orders(self) -> list[tuple[str, ...]]:
        assert self.load is not None
        return sorted(set(permutations(self.get_game().convoy(self.load))))

    def current_player(self) -> int:
        if self.engine is None or (self.load is not None and not self.convoy_sent):
            return pyspiel.PlayerId.CHANCE
        if self.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return 0 if self.load is None else self.engine.to_act

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.engine is None:
            p = self.get_game().p_dirty
            return [(hand, q) for hand, q in ((HONEST, 1 - p), (DIRTY, p)) if q > 0]
        orders = self._orders()
        return [(i, 1 / len(orders)) for i in range(len(orders))]

    def _legal_actions(self, player: int) -> list[int]:
        game = self.get_game()
        if self.load is None:
            return [HONEST, DIRTY] if self.dirty else [HONEST]
        engine = self.engine
        phase = engine.phase
        if phase == "bribe":
            out = [NO_BRIBE]
            for i, bribe in enumerate(game.menu):
                if engine.is_legal(Action(0, "bribe", cards=bribe)):
                    out.append(BRIBE + i)
            return out
        if phase == "bribe_answer":
            return [ACCEPT, REJECT]
        if phase == "inspect_or_waive":
            return [INSPECT, WAIVE]
        return [TURN + action.position for action in engine.legal_actions()]

    def _apply_action(self, action: int) -> None:
        action = check_offered(self, action)  # refused before anything moves
        game = self.get_game()
        if self.engine is None:
            self.dirty = action == DIRTY
            box = EngineBox(game.table(self.dirty))
            self._box = box
            self.before = box.game.scores()
            return
        if self.load is None:
            self.load = action
            return
        engine = self.engine
        if not self.convoy_sent:
            engine.apply(Action(0, "convoy", cards=self._orders()[action]))
            engine.apply(Action(1, "control", card=game.card))
            engine.apply(Action(2, "decline"))
            self.convoy_sent = True
            return
        if action == NO_BRIBE:
            engine.apply(Action(0, "no_bribe"))
        elif action >= BRIBE:
            engine.apply(Action(0, "bribe", cards=game.menu[action - BRIBE]))
        elif action in (ACCEPT, REJECT, INSPECT, WAIVE):
            act = {ACCEPT: "accept", REJECT: "reject", INSPECT: "inspect", WAIVE: "waive"}[action]
            engine.apply(Action(1, act))
        else:
            engine.apply(Action(1, "turn", position=action - TURN))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self.engine is None:
                return "dirty hand" if action == DIRTY else "honest hand"
            orders = self._orders()
            return "order " + ",".join(orders[action]) if 0 <= action < len(orders) else "no order"
        if self.load is None:
            return "dirty convoy" if action == DIRTY else "honest convoy"
        names = {NO_BRIBE: "no bribe", ACCEPT: "accept", REJECT: "reject"}
        names.update({INSPECT: "inspect", WAIVE: "waive"})
        if action in names:
            return names[action]
        menu = self.get_game().menu
        if BRIBE <= action < BRIBE + len(menu):
            return "bribe " + "+".join(menu[action - BRIBE])
        if not TURN <= action < BRIBE:
            return f"not an action (ids are 0-{BRIBE + len(menu) - 1})"
        return f"turn {action - TURN}"

    def is_terminal(self) -> bool:
        return self.convoy_sent and self.engine.smuggler is None

    def gain(self) -> float:
        """The smuggler's gain minus the controller's, in dollars, so far."""
        after = self.engine.scores()
        return (after[0] - self.before[0]) - (after[1] - self.before[1])

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        gain = self.gain() / 1000
        return [gain, -gain]

    def serialize(self) -> str:
        """The state as one line of JSON: its history, never a pickle (see ``serialization``)."""
        return state_text(self)

    def __str__(self) -> str:
        return f"history {self.history()}"


register_game(GAME_TYPE, ConvoyOpenSpielGame)  # its states are never read from a pickle


def solve(params: dict[str, Any] | None = None, iterations: int = 100) -> tuple[Any, Any]:
    """Run OpenSpiel's CFR+ on the convoy game: ``(game, average policy)``.

    >>> game, policy = solve({"card": "lieutenant", "size": 2}, iterations=5)  # doctest: +SKIP
    """
    from open_spiel.python.algorithms import cfr

    game = pyspiel.load_game("python_prohis_convoy", params or {})
    solver = cfr.CFRPlusSolver(game)
    for _ in range(iterations):
        solver.evaluate_and_update_policy()
    return game, solver.average_policy()


def read_policy(game: Any, policy: Any) -> dict[str, float]:
    """The numbers a :class:`~prohis_nb.analysis.equilibrium.ConvoyEquilibrium` reports.

    Walks the game tree with the chance probabilities and ``policy``:

    * ``value``: the smuggler's expected gain minus the controller's, in dollars;
    * ``dirty_hand_sends_honest``: how often a dirty hand sends an honest convoy;
    * ``bribe_rate``: how often a convoy comes with a bribe (the first bribe on the menu);
    * ``accept_rate``: how often the controller accepts that bribe;
    * ``inspect_rate``: how often it inspects a convoy offered no bribe.
    """
    totals = {"value": 0.0, "dirty_hand_sends_honest": 0.0, "bribe_rate": 0.0}
    answers: dict[str, float] = {}

    def walk(state: Any, reach: float, dirty: bool | None) -> None:
        if state.is_terminal():
            totals["value"] += reach * state.returns()[0] * 1000
            return
        if state.is_chance_node():
            for action, p in state.chance_outcomes():
                child = state.child(action)
                walk(child, reach * p, child.dirty if dirty is None else dirty)
            return
        probs = policy.action_probabilities(state)
        legal = state.legal_actions()
        if state.load is None and dirty:  # the smuggler picks its convoy
            totals["dirty_hand_sends_honest"] += probs.get(HONEST, 0.0) * reach / game.p_dirty
        elif state.current_player() == 0:  # the smuggler's offer
            totals["bribe_rate"] += probs.get(BRIBE, 0.0) * reach
        elif ACCEPT in legal and "accept" not in answers:
            answers["accept"] = probs.get(ACCEPT, 0.0)
        elif INSPECT in legal and "inspect" not in answers:
            answers["inspect"] = probs.get(INSPECT, 0.0)
        for action in legal:
            if probs.get(action, 0.0) > 0:
                walk(state.child(action), reach * probs[action], dirty)
            elif ACCEPT in legal or INSPECT in legal:  # read the answer even if unreached
                walk(state.child(action), 0.0, dirty)

    walk(game.new_initial_state(), 1.0, None)
    return {
        **{name: float(value) for name, value in totals.items()},
        "accept_rate": float(answers.get("accept", float("nan"))),
        "inspect_rate": float(answers.get("inspect", float("nan"))),
    }
