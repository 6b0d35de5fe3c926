"""How fast do the widgets answer? Prints the time from a step-button press to the new table.

Python side only (the browser test, ``tests/browser``, prints the click-to-page
time in a real Chromium). For a recorded four-player game (random play) the
script presses the stepper's buttons the way a learner does, ``button.click()``,
and times each press until the table's HTML is rebuilt: forward through the
whole game, backward through it, and jumps of the slider to random positions
(the worst case for the checkpoints). Also: switching the seat selector, and
building the Play widget's buttons for one decision. Target (issue 6): under
50 ms per step for a four-player game. With ``--explorers``: each slider of the
Explorer and the customs explorer moved one step, timed to the new picture
(the SVG chart set on its widget) and to the end of the update (sentences
included); ``benchmarks/browser_speed.py`` times the same in Chromium.

    python benchmarks/widget_speed.py [--games 3] [--players 4] [--explorers]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from prohis_nb import ProhisGame, ProhisRules
from prohis_nb.cli import random_game
from prohis_nb.widgets import Play, Stepper

TARGET_STEP_MS = 50.0


def timed(action) -> float:
    """Milliseconds taken by ``action()``."""
    start = time.perf_counter()
    action()
    return (time.perf_counter() - start) * 1000


def summary(name: str, times: list[float]) -> str:
    times = sorted(times)
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    return (
        f"{name:<28} median {statistics.median(times):6.2f} ms   95% {p95:6.2f} ms   "
        f"max {times[-1]:6.2f} ms   ({len(times)} presses)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--explorers", action="store_true", help="time the explorers' sliders")
    args = parser.parse_args()
    if args.explorers:
        explorers()
    rules = ProhisRules(players=args.players)
    forward, backward, jumps, seats, plays = [], [], [], [], []
    lengths = []
    for seed in range(args.games):
        record = random_game(ProhisGame, rules, seed=seed).record()
        lengths.append(len(record.actions))
        stepper = Stepper(record, seat=0)
        for _ in range(len(record.actions)):
            forward.append(timed(stepper.forward_button.click))
        for _ in range(len(record.actions)):
            backward.append(timed(stepper.back_button.click))
        rng = random.Random(seed)
        for _ in range(100):
            position = rng.randrange(len(record.actions) + 1)
            jumps.append(timed(lambda p=position, s=stepper: setattr(s.slider, "value", p)))
        stepper.slider.value = len(record.actions) // 2
        for seat in [*range(1, args.players), "teacher", 0] * 5:
            picker = stepper.table.seat_picker
            seats.append(timed(lambda s=seat, p=picker: setattr(p, "value", s)))
        play = Play(seat=0, opponents="random", seed=seed, delay=0)
        rng = random.Random(seed)
        for _ in range(20):
            if play.game.ended:
                break
            button = rng.choice(list(play.panel.buttons.values()))
            plays.append(timed(button.click))
    print(
        f"prohis_nb widgets, {args.players}-player Prohis, {args.games} recorded games of "
        f"{min(lengths)}-{max(lengths)} decisions"
    )
    print(summary("step forward (button)", forward))
    print(summary("step back (button)", backward))
    print(summary("slider jump (any position)", jumps))
    print(summary("seat selector", seats))
    print(summary("play: a move + bots' replies", plays))
    worst = max(statistics.median(forward), statistics.median(backward), statistics.median(jumps))
    verdict = "meets" if worst < TARGET_STEP_MS else "MISSES"
    print(
        f"step press to re-rendered table: {worst:.2f} ms (median, worst kind); {verdict} "
        f"the {TARGET_STEP_MS:.0f} ms target"
    )


def explorers(repeats: int = 10) -> None:
    """Each slider of both explorers, one step back and forth: to the picture, to the end."""
    from prohis_nb.widgets import CustomsExplorer, Explorer

    widgets = [
        ("explorer", Explorer(card="captain", convoy_size=3, illegal=1, bribe_legal=1)),
        ("customs", CustomsExplorer(item="watch", count=2, search=0.2)),
    ]
    for name, explorer in widgets:
        drawn: list[float] = []
        explorer.image.observe(lambda _c, d=drawn: d.append(time.perf_counter()), names="value")
        for control in explorer.controls:
            if not hasattr(control, "step"):
                continue  # a picker, not a slider
            picture, whole = [], []
            for i in range(repeats):
                value = control.value + (control.step if i % 2 == 0 else -control.step)
                if not control.min <= value <= control.max:
                    value = control.value - control.step
                drawn.clear()
                start = time.perf_counter()
                control.value = value
                end = time.perf_counter()
                whole.append((end - start) * 1000)
                picture.append(((drawn[0] if drawn else end) - start) * 1000)
            print(summary(f"{name}: {control.description[:20]}", picture), "(to the picture)")
            print(summary("", whole), "(whole update)")


if __name__ == "__main__":
    main()
