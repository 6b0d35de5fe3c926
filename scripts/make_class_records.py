"""Write the example class records of lesson 6 ("What our class did").

A pretend class of twelve students plays Prohis and Smuggle at tables of
four. Each student is a seeded bot with habits of its own (a careful honest
player, a bold bluffer, a beginner who plays at random, one who weighs the
odds...), so the class's rates scatter around the theory the way a real
class's do. Every game is saved as a game record, the files a student saves
from Play, HotSeat or the command line. Two more files show what the
teacher's loader skips: a save cut short (not JSON) and a JSON file that is
no game record.

    python scripts/make_class_records.py [--out notebooks/class_records] [--check]

Everything is seeded: running it again writes the same bytes (``--check``
compares with the files already there and exits 1 on a difference).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

from prohis_nb.bots import make_bot, play_game

OUT = Path(__file__).resolve().parents[1] / "notebooks" / "class_records"
SEED = 2026
TABLES = 2  # tables of four (eight students) per game and round
ROUNDS = 5  # games per table

#: Twelve students of Prohis: bot specs with their own habits.
PROHIS_STUDENTS = (
    "honest",
    "honest:control_at=2",
    "bluff:bait=0.1:bribe_honest=0.5",
    "bluff:bait=0.4:inspect=0.7",
    "bluff:bait=0.25:inspect=0.3:accept_at=1000",
    "bluff:bait=0.6:bribe=2:inspect=0.5",
    "bluff:bait=0.0:bribe_honest=0.0:inspect=0.9",
    "ev",
    "ev:bait=0.4",
    "random",
    "bluff:bait=0.3:convoy_at=4:control_at=2",
    "ev:bait=0.1",
)

#: Twelve students of Smuggle.
SMUGGLE_STUDENTS = (
    "honest",
    "honest:search=0.5:inform=0.0",
    "liar:lie=0.3:fake=0.05",
    "liar:lie=0.7:search=0.2",
    "liar:lie=0.5:fake=0.1:inform=0.2",
    "liar:lie=1.0:search=0.6",
    "ev",
    "ev:lie=0.5",
    "random",
    "liar:lie=0.2:search=0.4:challenge=0.6",
    "honest:search=0.1:inform=0.3",
    "ev:lie=0.2",
)

#: A save cut short (the browser tab closed while writing): not JSON.
BROKEN = '{"format": "prohis-record/1", "game": "prohis", "rules": {"players": 4, "vari'
#: Someone's other homework: JSON, but no game record.
FOREIGN = '{"title": "Shopping list", "items": ["milk", "bread", "chocolate"]}\n'


def class_records() -> dict[str, str]:
    """Every file of the example folder, by its path inside the folder: name → text."""
    rng = random.Random(SEED)
    files: dict[str, str] = {}
    for game, students in (("prohis", PROHIS_STUDENTS), ("smuggle", SMUGGLE_STUDENTS)):
        for round_ in range(ROUNDS):
            seated = rng.sample(range(len(students)), 4 * TABLES)
            for table in range(TABLES):
                seats = seated[4 * table : 4 * table + 4]
                seed = rng.randrange(2**31)
                bots = [make_bot(students[s], seed=f"{seed}-{s}", game=game) for s in seats]
                played = play_game(game, bots, seed=seed)
                record = played.record()
                record.extra["students"] = [f"student {s + 1:02d}" for s in seats]
                files[f"{game}/round{round_ + 1}_table{table + 1}.json"] = record.dumps()
    files["broken_save.json"] = BROKEN
    files["shopping_list.json"] = FOREIGN
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT, help="the folder to write")
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    args = parser.parse_args(argv)
    files = class_records()
    differ = []
    for name, text in files.items():
        path = args.out / name
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                differ.append(name)
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    if args.check:
        for name in differ:
            print(f"differs: {name}", file=sys.stderr)
        return 1 if differ else 0
    total = sum(len(text.encode()) for text in files.values())
    print(f"wrote {len(files)} files, {total:,} bytes, to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
