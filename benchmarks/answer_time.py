"""How long does a bot take to answer, with a clean and a dirty hand? (docs/teaching.md, "Time")

Prints measured wall-clock times for *twin hands* (a convoy game whose
smuggler holds an honest hand, and the same game with a dirty one):

1. the equilibrium convoy bot's **first decision** in a fresh process state
   (its plan cache cleared), on a menu whose solution is not shipped: before
   the fix (the solve only on the dirty hand's branch, replayed here by
   :class:`LazyConvoyBot`) and now;
2. the time from building a ``Play`` widget (the learner is the controller)
   to the bot's first move (its convoy) shown, unpaced (``delay=0``, the
   widget before the fix) and at the default pace (0.8 s), with the old bot
   and the bot now. The pace alone hides the old bot's solve too, as long as
   the solve fits in it.

Each figure is the median of ``--repeats`` runs, clean and dirty interleaved.
What matters is the gap between the two columns of a row, not the figures.

    python benchmarks/answer_time.py [--repeats 5]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from prohis_nb import ConvoyRules, ConvoyStageGame
from prohis_nb.convoy.bots import EquilibriumConvoyBot, behaviour

#: A menu that is solved on first use (its solution is not shipped).
MENU = ConvoyRules(bribes=(("legal",), ("legal", "legal"), ("illegal",), ("legal", "illegal")))


class LazyConvoyBot(EquilibriumConvoyBot):
    """The bot as it was: a forced step returned before the plan was solved."""

    def choose(self, view: Any, legal_actions: Sequence[Any]) -> Any:
        if len(legal_actions) == 1:
            return legal_actions[0]
        return super().choose(view, legal_actions)


def twin(hand: str, rules: ConvoyRules = MENU) -> ConvoyStageGame:
    return ConvoyStageGame(rules, table={"hand": hand, "order": list(range(rules.size))})


def first_answer_ms(bot_class: type, hand: str) -> float:
    behaviour.cache_clear()
    game = twin(hand)
    view, legal = game.view(0), game.legal_actions()
    start = time.perf_counter()
    bot_class(seed=1).choose(view, legal)
    return (time.perf_counter() - start) * 1000


def first_move_shown_ms(hand: str, delay: float, bot: type) -> float:
    """From building ``Play`` (learner: the controller) to the bot's first move shown."""
    from prohis_nb.bots.pacing import Pace
    from prohis_nb.widgets import Play

    behaviour.cache_clear()
    pace = Pace(delay)
    shown: list[float] = []
    wait = pace.wait

    def waited() -> None:
        wait()
        shown.append(time.perf_counter())

    pace.wait = waited  # type: ignore[method-assign]
    start = time.perf_counter()
    Play(twin(hand), seat=1, delay=delay, opponents=bot, pace=pace)
    return (shown[0] - start) * 1000


def row(label: str, measure: Callable[[str], float], repeats: int) -> None:
    times: dict[str, list[float]] = {"honest": [], "dirty": []}
    for _ in range(repeats):
        for hand in ("honest", "dirty"):
            times[hand].append(measure(hand))
    clean, dirty = (statistics.median(times[h]) for h in ("honest", "dirty"))
    print(f"{label:<52} {clean:>10.1f} {dirty:>10.1f} {dirty - clean:>+10.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    print(f"{'median ms':<52} {'honest':>10} {'dirty':>10} {'gap':>10}")
    row("first decision, before (solve on the dirty branch)",
        lambda h: first_answer_ms(LazyConvoyBot, h), args.repeats)  # fmt: skip
    row("first decision, now (solve first)",
        lambda h: first_answer_ms(EquilibriumConvoyBot, h), args.repeats)  # fmt: skip
    for name, bot in (("old bot", LazyConvoyBot), ("bot now", EquilibriumConvoyBot)):
        for delay in (0.0, 0.8):
            row(f"Play, {name}, delay={delay:g}: its convoy shown after",
                lambda h, b=bot, d=delay: first_move_shown_ms(h, d, b), args.repeats)  # fmt: skip


if __name__ == "__main__":
    main()
