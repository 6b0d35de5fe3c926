"""A bot's first answer does the same work whatever its hidden hand (docs/teaching.md, "Time").

The equilibrium bots solve their game on first use. A solve made only on a
branch that some hands reach (a dirty hand has two legal convoys, an honest
one a single forced convoy; a Smuggle hand holding the Bag must discard it)
would make that hand's first answer slower, and a learner watching the clock
would learn the hand. No timing here: twin games that differ only in the
bot's hidden hand must leave the solver called the same number of times and
its cache in the same state after the bot's first decision, counted by a spy.
"""

from __future__ import annotations

from typing import Any

import pytest

from prohis_nb import ConvoyRules, ConvoyStageGame

pytest.importorskip("numpy")
pytest.importorskip("nashpy")

#: A menu whose solution is not shipped (solved on first use), and the default one.
MENUS = [ConvoyRules(bribes=(("legal",), ("legal", "legal"), ("illegal",))), ConvoyRules()]


def convoy_twin(rules: ConvoyRules, hand: str) -> ConvoyStageGame:
    """A convoy game whose smuggler holds ``hand`` ("dirty" or "honest"); all else the same."""
    return ConvoyStageGame(rules, table={"hand": hand, "order": list(range(rules.size))})


def first_decision_work(rules: ConvoyRules, hand: str, monkeypatch: pytest.MonkeyPatch) -> Any:
    """The solver's calls and the plan cache's state after the smuggler bot's first decision."""
    import prohis_nb.analysis.equilibrium as equilibrium
    from prohis_nb.convoy.bots import EquilibriumConvoyBot, behaviour

    calls: list[Any] = []
    real = equilibrium.solve_convoy_game

    def spy(game: Any = None) -> Any:
        calls.append(game)
        return real(game)

    monkeypatch.setattr(equilibrium, "solve_convoy_game", spy)
    behaviour.cache_clear()
    game = convoy_twin(rules, hand)
    legal = game.legal_actions()
    bot = EquilibriumConvoyBot(seed=1)
    action = bot.choose(game.view(0), legal)
    assert action in legal
    info = behaviour.cache_info()
    return len(legal), len(calls), (info.currsize, info.misses)


@pytest.mark.parametrize("rules", MENUS, ids=["unshipped-menu", "default-menu"])
def test_a_clean_and_a_dirty_hand_leave_the_convoy_solver_in_the_same_state(rules, monkeypatch):
    honest = first_decision_work(rules, "honest", monkeypatch)
    dirty = first_decision_work(rules, "dirty", monkeypatch)
    assert honest[0] == 1 and dirty[0] == 2  # the twins differ: a forced step, a free choice
    assert honest[1:] == dirty[1:] == (1, (1, 1))  # one solve, one cached plan, for both


def test_the_convoy_bots_later_decisions_solve_nothing_more(monkeypatch):
    """Once solved for the rules, no decision of either hand or seat solves again."""
    import prohis_nb.analysis.equilibrium as equilibrium
    from prohis_nb.convoy.bots import EquilibriumConvoyBot, behaviour

    rules = MENUS[0]
    behaviour.cache_clear()
    behaviour(rules)
    calls: list[Any] = []
    monkeypatch.setattr(equilibrium, "solve_convoy_game", lambda g=None: calls.append(g))
    for hand in ("honest", "dirty"):
        game = convoy_twin(rules, hand)
        bots = [EquilibriumConvoyBot(seed=seat) for seat in (0, 1)]
        while not game.ended:
            seat = game.to_act
            game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))
    assert calls == []


# ---------------------------------------------------------------- Smuggle's solved bot


def discards(forced: bool) -> Any:
    """A Smuggle game at a discard decision with one legal action (the Bag) or several.

    Found by playing seeded random games (not stacked): the first such decision.
    """
    from prohis_nb.bots.smuggle_bots import SmuggleRandomBot
    from prohis_nb.smuggle.game import SmuggleGame

    for seed in range(500):
        game = SmuggleGame(players=3, seed=seed)
        bots = [SmuggleRandomBot(seed=s) for s in range(3)]
        for _ in range(300):
            if game.ended:
                break
            legal = game.legal_actions()
            if game.decision.kind == "discard" and (len(legal) == 1) == forced:
                return game
            seat = game.to_act
            game.apply(bots[seat].choose(game.view(seat), legal))
    raise AssertionError("no such discard in 500 seeded games")  # pragma: no cover


@pytest.mark.parametrize("runner_asks_first", [True, False])
def test_a_forced_and_a_free_first_decision_both_read_the_solved_game(
    runner_asks_first, monkeypatch
):
    """Smuggle's ``solved`` bot reads (solves) its game at its first decision, forced or not."""
    pytest.importorskip("scipy")
    import prohis_nb.analysis.signalling as signalling
    from prohis_nb.bots.base import DecisionOnly
    from prohis_nb.bots.smuggle_bots import SolvedSmuggleBot

    real = signalling.declaration_equilibrium
    work = {}
    for forced in (True, False):
        calls: list[Any] = []
        monkeypatch.setattr(
            signalling,
            "declaration_equilibrium",
            lambda b=None, calls=calls: calls.append(b) or real(b),
        )
        game = discards(forced)
        seat, legal = game.to_act, game.legal_actions()
        bot = SolvedSmuggleBot(seed=1)
        if runner_asks_first:  # the runner's way: a view only if the bot says it needs one
            needs = bot.needs_view(game.decision, legal)
            view = game.view(seat) if needs else DecisionOnly(seat, game.decision)
        else:  # the widgets' and the live server's way: always the view
            needs, view = True, game.view(seat)
        assert bot.choose(view, legal) in legal
        work[forced] = (needs, len(calls) >= 1)
        assert (len(legal) == 1) == forced
    assert work[True] == work[False] == (True, True)
