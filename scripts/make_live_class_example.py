"""Write the EXAMPLE live class of lesson 13 ("Play it as a class"): simulated students.

When nobody joins (CI, a lesson read at home, the Wi-Fi down), lesson 13
shows this folder instead, and says so. It holds the records a live class of
the convoy game exports (``session.export(folder)``, docs/live.md): one
record per table per round, with who sat where (``students``) and who took
each action (``live.actors``). Eleven pretend students play ten rounds; a
bot fills the twelfth seat each round (its actions are marked ``bot`` and
left out of the class's rates, as in a real class).

Each pretend student plays lesson 6's equilibrium (the convoy's
``equilibrium`` bot) but makes mistakes: at each decision, with a chance
that starts at 60% in round 1 and shrinks by a third each round, they pick
a legal action at random instead. Some students are sloppier than others.
So the class's rates start far from the theory and drift towards it: the
learning curves and the QRE fit have something to show. Real classes are
not this tidy.

    python scripts/make_live_class_example.py [--out notebooks/live_class_example] [--check]

Everything is seeded: running it again writes the same bytes (``--check``
compares with the files there and exits 1 on a difference).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

from prohis_nb.bots import make_bot
from prohis_nb.core.registry import new_game

OUT = Path(__file__).resolve().parents[1] / "notebooks" / "live_class_example"
SEED = 2027
STUDENTS = 11
ROUNDS = 10
ROOM = "EXAMPL"
NAMES = ("Ada", "Bea", "Cy", "Dev", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kit")


def mistake_rate(student: int, round_number: int) -> float:
    """The chance a pretend student picks at random at a decision of ``round_number``."""
    sloppiness = 0.6 + 0.08 * (student % 4)
    return sloppiness * (2 / 3) ** (round_number - 1)


def play_table(rng: random.Random, round_number: int, number: int, seats: list[int | None]) -> dict:
    """One convoy: seat 0 smuggler, seat 1 controller; ``None`` is the bot."""
    game = new_game("convoy", seed=rng.randrange(2**31))
    bots = [make_bot("equilibrium", rng.randrange(2**31), game="convoy") for _ in seats]
    actors = []
    while not game.ended:
        seat = game.to_act
        legal = list(game.legal_actions())
        student = seats[seat]
        if student is not None and rng.random() < mistake_rate(student, round_number):
            action = rng.choice(legal)
        else:
            action = bots[seat].choose(game.view(seat), legal)
        game.apply(action)
        actors.append("bot" if student is None else "student")
    data = game.record().to_json()
    data["students"] = [
        f"student {s + 1:03d}"
        if s is not None
        else f"bot equilibrium (round {round_number}, table {number}, seat {i})"
        for i, s in enumerate(seats)
    ]
    data["live"] = {
        "room": ROOM,
        "round": round_number,
        "table": number,
        "seats": [
            {"bot": "equilibrium"} if s is None else {"student": s, "name": NAMES[s]} for s in seats
        ],
        "actors": actors,
        "ended": "ended",
        "example": "simulated students (scripts/make_live_class_example.py), not a real class",
    }
    return data


def make_class() -> dict[str, str]:
    """Every file of the example class: name -> JSON text."""
    rng = random.Random(SEED)
    files = {}
    for round_number in range(1, ROUNDS + 1):
        order: list[int | None] = list(range(STUDENTS)) + [None]
        rng.shuffle(order)  # partners rematched at random; roles too
        for index in range(0, len(order), 2):
            number = index // 2 + 1
            data = play_table(rng, round_number, number, order[index : index + 2])
            name = f"round-{round_number:02d}-table-{number:02d}.json"
            files[name] = json.dumps(data, indent=1) + "\n"
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--check", action="store_true", help="compare, write nothing")
    args = parser.parse_args(argv)
    files = make_class()
    if args.check:
        differ = [n for n, text in files.items() if not (args.out / n).is_file()
                  or (args.out / n).read_text(encoding="utf-8") != text]  # fmt: skip
        for name in differ:
            print(f"differs: {name}")
        return 1 if differ else 0
    args.out.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (args.out / name).write_text(text, encoding="utf-8")
    print(f"wrote {len(files)} records to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
