"""How long does a seat's exact knowledge take, move by move, at 3 to 6 players?

A seat's knowledge (``view.knowledge``: prohis_nb.prohis.knowledge, the
model the coach's beliefs and ``determinize`` read) is folded from what the
seat saw. The package's bots (honest, bluff and random, round the table) play
seeded Prohis games; after every action the benchmark asks for seat 0's
knowledge as a coach or a bot following that seat would, and reads every
place's expected counts (what the coach's belief table shows):

* **per move**: the game's views share their folds (``_Checkpoints``), so
  each move costs the new observations only: the median and the **worst**
  CPU milliseconds over every move of every game;
* **from scratch**: a knowledge built from the whole history with no fold
  kept (what a view rebuilt from outside, or a Stepper jumping to a position,
  pays), every ``--every`` moves: the worst CPU milliseconds.

The states of the model multiply with the row cards a seat was seen to take
and the face-down convoys and bribes that may have carried them, so the
worst case grows with the number of players (attack-22b F5). CPU time
(``time.process_time``), so other processes on a shared machine do not count.

    python benchmarks/knowledge_speed.py [--games 3] [--seed 0] [--every 20] [--players 3 4 5 6]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from prohis_nb import Game
from prohis_nb.bots import make_bot
from prohis_nb.prohis.knowledge import ProhisKnowledge

LINEUP = ("honest", "bluff", "random")
SEAT = 0


def read_all(knowledge: ProhisKnowledge) -> None:
    """Fold the knowledge and read every place, as the coach's belief table does."""
    for place in knowledge.places():
        knowledge.expected(place)


def one_game(players: int, seed: int, every: int) -> tuple[list[float], list[float], int]:
    """Per-move and from-scratch CPU milliseconds of seat 0's knowledge in one bot game."""
    game = Game(players=players, seed=seed)
    bots = {
        seat: make_bot(LINEUP[seat % len(LINEUP)], seed=seed * 10 + seat, game="prohis")
        for seat in range(players)
    }
    per_move: list[float] = []
    scratch: list[float] = []
    while not game.ended:
        seat = game.to_act
        bot = bots[seat]
        game.apply(bot.choose(game.view(seat) if bot.uses_view else None, game.legal_actions()))
        started = time.process_time()
        read_all(game.view(SEAT).knowledge)
        per_move.append((time.process_time() - started) * 1000)
        if len(game.actions) % every == 0 or game.ended:
            known = game.view(SEAT).knowledge
            fresh = ProhisKnowledge(
                known.observer, known.players, known.bribe_rounds, known.observations
            )
            started = time.process_time()
            read_all(fresh)
            scratch.append((time.process_time() - started) * 1000)
    return per_move, scratch, len(game.actions)


#: The reviewer's weights for random play (attack-22b F5): take, bribe and accept
#: more often than the rest, and hardly ever pass, so many row cards are taken
#: and many face-down convoys and bribes may carry them.
WEIGHTS = {"take": 1.5, "bribe": 1.5, "accept": 1.5, "pass": 0.05}


def weighted_random_game(players: int, seed: int, cap: int) -> Game:
    """A game of random legal moves weighted by :data:`WEIGHTS` (at most ``cap`` actions)."""
    game = Game(players=players, seed=seed)
    rng = random.Random(seed)
    while not game.ended and len(game.actions) < cap:
        legal = list(game.legal_actions())
        acts = sorted({action.act for action in legal})
        act = rng.choices(acts, [WEIGHTS.get(name, 1.0) for name in acts])[0]
        game.apply(rng.choice([action for action in legal if action.act == act]))
    return game


def every_seat(
    players: int, seed: int, actions: list, every: int
) -> tuple[list[float], list[float], int]:
    """Every seat's knowledge after every one of ``actions`` (replayed), and from scratch."""
    replay = Game(players=players, seed=seed)
    per_move: list[float] = []
    scratch: list[float] = []
    for index, action in enumerate(actions):
        replay.apply(action)
        for seat in range(players):
            started = time.process_time()
            read_all(replay.view(seat).knowledge)
            per_move.append((time.process_time() - started) * 1000)
            if (index + 1) % every == 0 or index + 1 == len(actions):
                known = replay.view(seat).knowledge
                fresh = ProhisKnowledge(
                    known.observer, known.players, known.bribe_rounds, known.observations
                )
                started = time.process_time()
                read_all(fresh)
                scratch.append((time.process_time() - started) * 1000)
    return per_move, scratch, len(actions)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3, help="games per player count (3)")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed (0)")
    parser.add_argument("--every", type=int, default=20, help="from scratch every N moves (20)")
    parser.add_argument("--players", type=int, nargs="+", default=[3, 4, 5, 6])
    parser.add_argument(
        "--random-seeds", type=int, nargs="*", default=[10, 11, 12], help="weighted random games"
    )
    parser.add_argument("--random-players", type=int, default=6, help="their players (6)")
    parser.add_argument("--cap", type=int, default=241, help="their actions at most (241)")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} (CPU times below; other processes do not count)")
    print(f"seat {SEAT}'s knowledge after every move; bots {', '.join(LINEUP)} round the table")
    print(
        f"{'players':>7}  {'games':>5}  {'moves':>6}  {'median ms':>9}  {'worst ms':>9}  "
        f"{'total s/game':>12}  {'scratch worst ms':>16}"
    )
    for players in args.players:
        per_move: list[float] = []
        scratch: list[float] = []
        totals = []
        moves = 0
        for seed in range(args.seed, args.seed + args.games):
            game_moves, game_scratch, length = one_game(players, seed, args.every)
            per_move += game_moves
            scratch += game_scratch
            totals.append(sum(game_moves) / 1000)
            moves += length
        print(
            f"{players:>7}  {args.games:>5}  {moves:>6}  {statistics.median(per_move):>9.2f}  "
            f"{max(per_move):>9.1f}  {statistics.mean(totals):>12.2f}  {max(scratch):>16.1f}",
            flush=True,
        )
    if not args.random_seeds:
        return
    print()
    print(
        f"every seat's knowledge after every move; random play weighted {WEIGHTS}, "
        f"{args.random_players} players, at most {args.cap} actions"
    )
    print(
        f"{'seed':>7}  {'moves':>5}  {'views':>6}  {'median ms':>9}  {'worst ms':>9}  "
        f"{'total s':>12}  {'scratch worst ms':>16}"
    )
    for seed in args.random_seeds:
        game = weighted_random_game(args.random_players, seed, args.cap)
        actions = list(game.actions)
        per_move, scratch, length = every_seat(args.random_players, seed, actions, args.every)
        print(
            f"{seed:>7}  {length:>5}  {len(per_move):>6}  {statistics.median(per_move):>9.2f}  "
            f"{max(per_move):>9.1f}  {sum(per_move) / 1000:>12.2f}  {max(scratch):>16.1f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
