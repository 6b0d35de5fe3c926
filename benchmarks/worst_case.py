"""The worst decisions we can build: time and peak memory of ``replay --seat S``.

A decision's cost must not grow with the cards in hand (issue 11, "No
blow-up"). This script writes the worst valid records we could think of and
measures, for each:

* ``prohis-nb replay FILE --seat S`` in a fresh process (wall time and the
  process's peak resident memory, ``ru_maxrss`` from ``os.wait4``), for every
  seat at the worst position, and the JSON's size;
* in process, every position of the record: ``legal_actions()`` (with
  ``len``, one random index, a membership test) and ``view(S).to_json()`` for
  the seat to act, their time and the peak of Python allocations
  (``tracemalloc``).

The records:

``prohis-6p-standard``
    6 players, the standard 6-player deck (108 cards), stacked so that seat 0
    holds 50 legal, 28 illegal, 8 lieutenants, 3 captains and 3 inspectors,
    then convoys 2 cards and is controlled: 50*28*9*4*4 - 1 bribes (the issue's
    record took 27 s and 4.5 GB).
``prohis-1000-rounds5``
    6 players, a custom deck of 1,000 cards (the cap on custom decks),
    ``bribe_rounds`` 5; seat 0 holds 986 cards (329 legal, 328 illegal, 325
    lieutenants, 2 captains, 2 inspectors): 316,613,803 bribes after its
    convoy; it offers four big bribes (300 to 979 cards), the controller
    rejects them, and the record stops at its fifth offer.
``prohis-1000-turn``
    the same deck and hand at the start of seat 0's turn (every convoy of 2-4
    cards: 775 ordered sequences).
``smuggle-6p``
    a 6-player Smuggle game played to its end by random legal choices with a
    custom board (every position: declarations are 496 actions at most).

    python benchmarks/worst_case.py [--out DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from prohis_nb import Record

TARGET_SECONDS = 1.0
TARGET_MB = 200.0


def prohis_record(deck, hands, row, pile, actions, bribe_rounds=1) -> dict:
    return {
        "format": "prohis-record/1",
        "game": "prohis",
        "rules": {
            "players": len(hands),
            "variants": {"bribe_rounds": bribe_rounds},
            "deck": deck,
        },
        "setup": {"first": 0, "hands": hands, "row": row, "pile": pile},
        "actions": actions,
    }


def cards(**counts: int) -> list[str]:
    return [kind for kind, n in counts.items() for _ in range(n)]


def controlled(players: int) -> list[dict]:
    """Seat 0 convoys [legal, illegal]; seat 1 controls with an inspector; the rest decline."""
    actions = [{"seat": 0, "act": "convoy", "cards": ["legal", "illegal"]}]
    actions.append({"seat": 1, "act": "control", "card": "inspector"})
    actions += [{"seat": s, "act": "decline"} for s in range(2, players)]
    return actions


def stacked(deck: dict, hands: list, row: list, actions: list, bribe_rounds: int = 1) -> dict:
    """A stacked record whose pile holds whatever the hands and the row leave of ``deck``."""
    used = {kind: sum(hand.count(kind) for hand in hands) + row.count(kind) for kind in deck}
    pile = cards(**{kind: deck[kind] - used[kind] for kind in deck})
    return prohis_record(deck, hands, row, pile, actions, bribe_rounds)


def standard_6p() -> dict:
    deck = {"legal": 58, "illegal": 30, "lieutenant": 8, "captain": 6, "inspector": 6}
    big = cards(legal=50, illegal=28, lieutenant=8, captain=3, inspector=3)
    hands = [big, *[cards(captain=1, inspector=1)] * 3, ["legal"], ["legal"]]
    return stacked(deck, hands, ["legal", "legal", "illegal", "legal"], controlled(6))


def thousand(bribe_rounds: int, at_bribe: bool) -> dict:
    deck = {"legal": 331, "illegal": 330, "lieutenant": 327, "captain": 6, "inspector": 6}
    big = cards(legal=329, illegal=328, lieutenant=325, captain=2, inspector=2)
    hands = [big, *[cards(captain=1, inspector=1)] * 4, []]
    row = ["legal", "illegal", "lieutenant", "lieutenant"]
    if not at_bribe:
        return stacked(deck, hands, row, [], bribe_rounds)
    actions = controlled(6)
    # After the convoy seat 0 holds 328 legal and 327 illegal: four big offers, all rejected.
    for size in (100, 200, 300, 327):
        offer = cards(legal=size, illegal=size, lieutenant=min(size, 325))
        actions.append({"seat": 0, "act": "bribe", "cards": offer})
        actions.append({"seat": 1, "act": "reject"})
    return stacked(deck, hands, row, actions, bribe_rounds)


def smuggle_6p() -> dict:
    from prohis_nb.cli import random_game
    from prohis_nb.smuggle.board import DEFAULT_DUTY, Board
    from prohis_nb.smuggle.game import SmuggleGame
    from prohis_nb.smuggle.rules import SmuggleRules

    board = Board(duty={k: 7 * v for k, v in DEFAULT_DUTY.items()}, start_money=10**6)
    return (
        random_game(SmuggleGame, SmuggleRules(players=6, board=board), seed=11).record().to_json()
    )


def measure_cli(path: Path, seat: int, upto: int | None) -> tuple[float, float, int]:
    """(seconds, peak MB, bytes printed) of ``prohis-nb replay`` in a fresh process."""
    command = [sys.executable, "-m", "prohis_nb", "replay", str(path), "--seat", str(seat)]
    if upto is not None:
        command += ["--upto", str(upto)]
    with tempfile.TemporaryFile() as out:
        start = time.perf_counter()
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.PIPE)
        _pid, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - start
        error = process.stderr.read().decode() if process.stderr else ""
        if status:
            raise SystemExit(f"replay failed on {path}: {error}")
        size = out.tell()
    return seconds, usage.ru_maxrss / 1024, size  # Linux reports kilobytes


def measure_positions(data: dict) -> tuple[float, float, int, int]:
    """Worst (seconds, peak MB, position, legal count) over every position, in process."""
    record = Record.from_json(data)
    rng = random.Random(0)
    warm = record.replay(0)  # import the views and the log first: time the decision only
    json.dumps(warm.view(0).to_json())
    worst = (0.0, 0.0, 0, 0)
    for upto in range(len(record.actions) + 1):
        game = record.replay(upto)
        if game.ended:
            continue
        game._legal = None  # measure the computation, not the cache
        tracemalloc.start()
        start = time.perf_counter()
        legal = game.legal_actions()
        count = len(legal)
        pick = legal[rng.randrange(count)]
        assert pick in legal and game.is_legal(pick)
        for seat in range(game.players):
            json.dumps(game.view(seat).to_json(), indent=2)
        seconds = time.perf_counter() - start
        peak = tracemalloc.get_traced_memory()[1] / 2**20
        tracemalloc.stop()
        if seconds > worst[0]:
            worst = (seconds, max(peak, worst[1]), upto, count)
        else:
            worst = (worst[0], max(peak, worst[1]), worst[2], worst[3])
    return worst


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help="keep the records in this folder")
    args = parser.parse_args()
    folder = args.out or Path(tempfile.mkdtemp(prefix="worst-case-"))
    folder.mkdir(parents=True, exist_ok=True)
    records = {
        "prohis-6p-standard": standard_6p(),
        "prohis-1000-rounds5": thousand(5, at_bribe=True),
        "prohis-1000-turn": thousand(5, at_bribe=False),
        "smuggle-6p": smuggle_6p(),
    }
    print(f"Records in {folder}/; targets: under {TARGET_SECONDS} s and {TARGET_MB:.0f} MB")
    tiny = folder / "tiny.json"
    Record.from_json(
        prohis_record(
            {"legal": 7, "illegal": 0, "lieutenant": 0, "captain": 3, "inspector": 3},
            [["legal", "captain", "inspector"]] * 3,
            ["legal"] * 4,
            [],
            [],
        )
    ).save(tiny)
    seconds, mb, _size = measure_cli(tiny, 0, None)
    print(f"(start-up alone: replay of a 13-card table takes {seconds:.3f} s and {mb:.1f} MB)")
    print(f"{'record':<22} {'seat':>4} {'upto':>5} {'seconds':>8} {'peak MB':>8} {'JSON KB':>8}")
    verdicts = []
    for name, data in records.items():
        path = folder / f"{name}.json"
        Record.from_json(data).save(path)
        game = Record.from_json(data).replay()
        positions = [None] if not game.ended else [len(data["actions"]) - 1]
        for upto in positions:
            for seat in range(data["rules"]["players"]):
                seconds, mb, size = measure_cli(path, seat, upto)
                verdicts.append(seconds < TARGET_SECONDS and mb < TARGET_MB)
                shown = "end" if upto is None else upto
                kb = size / 1024
                print(f"{name:<22} {seat:>4} {shown:>5} {seconds:>8.3f} {mb:>8.1f} {kb:>8.1f}")
    print()
    print("In process, every position: legal_actions() + len + a random index + `in` + views")
    head = ("record", "positions", "worst s", "at", "legal actions", "peak MB")
    print("{:<22} {:>9} {:>8} {:>4} {:>15} {:>8}".format(*head))
    for name, data in records.items():
        seconds, peak, upto, count = measure_positions(data)
        verdicts.append(seconds < TARGET_SECONDS and peak < TARGET_MB)
        positions = len(data["actions"]) + 1
        print(f"{name:<22} {positions:>9} {seconds:>8.4f} {upto:>4} {count:>15,} {peak:>8.1f}")
    print()
    print("all within the targets" if all(verdicts) else "SOME FIGURES MISS THE TARGETS")


if __name__ == "__main__":
    main()
