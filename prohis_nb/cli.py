"""The ``prohis-nb`` command line (also ``python -m prohis_nb``).

``replay FILE [--seat S] [--upto N]``
    print the state after a record's actions as JSON (docs/records.md); with
    ``--seat``, only what that seat may know. A refused record prints nothing
    on stdout, says on stderr which action (its index) was wrong and what was
    allowed, and exits with status 1.
``simulate --players N --games K --seed S [--out DIR [--force]] [--game G] [--variant V[=X]]``
    play seeded random legal games, print a score summary, write the records
    (never over an existing file unless ``--force``).
``play --seat S [--players N] [--seed S [--show-seed]] [--game G] [--save FILE [--force]]``
    play one seat in the terminal against random opponents, seeing only that
    seat's view. Without ``--seed`` every game is a fresh deal (a seed drawn
    from the operating system's randomness), and the seed, which deals every
    card, is named only once the game is over (``--show-seed`` names it at the
    start, for a teacher's demonstration).
``tournament ...``
    bots against bots (see ``prohis-nb tournament --help``).
``class serve|token|export ...``
    a class server for students' phones (see ``prohis-nb class --help``, docs/live.md).

Bad input of any kind (a malformed record, a number out of range, a file that
exists already) ends with a one-line message on stderr starting
``prohis-nb:``, nothing on stdout and a non-zero status: never a traceback.
"""

from __future__ import annotations

import argparse
import json
import random
import shlex
import sys
import time
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from prohis_nb.arguments import MAX_GAMES, game_help, players_help, whole_number
from prohis_nb.core.legal import group_by_act
from prohis_nb.core.limits import MAX_SEED
from prohis_nb.errors import ProhisNbError, RecordError, excerpt
from prohis_nb.extras import MissingExtraError, install_hint, raise_missing_extra
from prohis_nb.progress import add_progress_option, progress_bar, wants_progress

#: The commands, in the order ``prohis-nb --help`` lists them.
COMMANDS = ("replay", "simulate", "play", "tournament", "lessons", "class")


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit status.

    A usage error (an unknown command or option, a bad value, or no command at
    all) prints the usage and the error on stderr and returns 2, as argparse
    does; ``--help`` and ``--version`` print on stdout and return 0.
    """
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if not getattr(args, "command", None):
            parser.error(f"choose a command: {', '.join(COMMANDS)} (--help says more)")
    except SystemExit as done:  # argparse has printed the usage or the help
        return done.code if isinstance(done.code, int) else 2
    try:
        return args.run(args)
    except BrokenPipeError:  # pragma: no cover - e.g. piped into head
        return 0
    except KeyboardInterrupt:  # pragma: no cover - Ctrl-C
        print("prohis-nb: interrupted", file=sys.stderr)
        return 130
    except ProhisNbError as error:  # any refusal not handled closer: still one line
        return _fail(str(error))
    except ModuleNotFoundError as error:  # a library of an extra: name the extra
        try:
            raise_missing_extra(error, f"prohis-nb {args.command}")
        except MissingExtraError as explained:
            return _fail(str(explained))
        raise


def build_parser() -> argparse.ArgumentParser:
    from prohis_nb import __version__

    parser = argparse.ArgumentParser(
        prog="prohis-nb",
        description="Replay, simulate and play Prohis and Smuggle games; copy out the lessons.",
    )
    parser.add_argument("--version", action="version", version=f"prohis-nb {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="{" + ",".join(COMMANDS) + "}")

    replay = commands.add_parser("replay", help="print the state a record leads to, as JSON")
    replay.add_argument("file", help="a game record (JSON); '-' reads standard input")
    replay.add_argument(
        "--seat", type=whole_number(0, 99), help="print only what this seat may know"
    )
    replay.add_argument(
        "--upto",
        type=whole_number(0, 10**9),
        help="stop after this many actions (the whole record is checked all the same)",
    )
    replay.set_defaults(run=run_replay)

    simulate = commands.add_parser("simulate", help="play seeded random legal games")
    _add_game_options(simulate)
    simulate.add_argument(
        "--games", type=whole_number(1, MAX_GAMES), default=100, help="how many games (100)"
    )
    simulate.add_argument("--out", type=Path, help="write each game's record into this folder")
    simulate.add_argument(
        "--force", action="store_true", help="replace records already in the --out folder"
    )
    add_progress_option(simulate)
    simulate.set_defaults(run=run_simulate)

    play = commands.add_parser("play", help="play one seat in the terminal against random bots")
    _add_game_options(play, fresh_seed=True)
    play.add_argument(
        "--show-seed",
        action="store_true",
        help="name the seed at the start (a teacher's demonstration: whoever knows the seed "
        "can deal every hand)",
    )
    play.add_argument("--seat", type=whole_number(0, 99), default=0, help="the seat you play (0)")
    play.add_argument("--save", type=Path, help="write the finished game's record here")
    play.add_argument("--force", action="store_true", help="replace the --save file if it exists")
    play.set_defaults(run=run_play)

    tournament = commands.add_parser("tournament", help="bots against bots, with a summary")
    try:
        from prohis_nb.tournament import add_arguments, run_from_args
    except ImportError:
        tournament.set_defaults(run=_tournament_missing)
    else:
        add_arguments(tournament)
        tournament.set_defaults(run=run_from_args)

    lessons = commands.add_parser(
        "lessons",
        help="copy the lessons and the example class into a folder, overwriting nothing",
        description="Copy the lessons (notebooks), their README and the example class "
        "(class_records/) into DEST, made if missing. A file already in DEST is left as it "
        "is and reported: nothing of yours is overwritten.",
    )
    lessons.add_argument("dest", metavar="DEST", help="the folder to copy them into")
    lessons.set_defaults(run=run_lessons)

    # A class server for students' phones (prohis_nb.live; needs the live extra).
    from prohis_nb.live import cli as live_cli

    live_cli.add_arguments(commands.add_parser("class", help="serve a class that plays live"))
    return parser


def _add_game_options(parser: argparse.ArgumentParser, fresh_seed: bool = False) -> None:
    """The options every command that deals games shares.

    ``fresh_seed``: without ``--seed`` the command deals a fresh game (a game a
    learner plays must not be one anybody else can deal again); otherwise the
    seed is 0, so a simulation is the same on every machine.
    """
    parser.add_argument("--game", default="prohis", help=game_help())
    parser.add_argument("--players", type=whole_number(0, 99), default=None, help=players_help())
    parser.add_argument(
        "--seed",
        type=whole_number(0, MAX_SEED),
        default=None if fresh_seed else 0,
        help=f"the game's seed, 0 to {MAX_SEED} (a fresh deal; whoever knows the seed can "
        "deal every hand)"
        if fresh_seed
        else f"the first game's seed, 0 to {MAX_SEED} (0)",
    )
    parser.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="NAME[=VALUE]",
        help="turn a variant on, e.g. --variant pass_is_final --variant bribe_rounds=3",
    )


def _tournament_missing(args: argparse.Namespace) -> int:
    print(
        "prohis-nb: tournaments need the analysis extras: pip install prohis_nb[analysis]",
        file=sys.stderr,
    )
    return 2


def _rules_from_args(args: argparse.Namespace) -> tuple[Any, Any]:
    from prohis_nb.core.limits import parse_json
    from prohis_nb.core.registry import spec

    game = spec(args.game)  # an unknown game: one line naming the games
    cls = game.game_class
    players = game.default_players if args.players is None else args.players
    variants: dict[str, Any] = {}
    for item in args.variant:
        name, sep, value = item.partition("=")
        if not sep:
            variants[name] = True
        else:
            try:
                variants[name] = parse_json(value, what=f"variant {excerpt(name)}")
            except RecordError as error:
                if "not valid JSON" not in str(error):
                    raise
                variants[name] = value  # a plain word: the rules say if it is allowed
    return cls, cls.rules_type.from_json({"players": players, "variants": variants})


def _fail(message: str) -> int:
    print(f"prohis-nb: {message}", file=sys.stderr)
    return 1


# ---------------------------------------------------------------- replay


def run_replay(args: argparse.Namespace) -> int:
    from prohis_nb.core.limits import MAX_RECORD_BYTES
    from prohis_nb.core.record import Record

    try:
        if args.file == "-":
            record = Record.loads(sys.stdin.buffer.read(MAX_RECORD_BYTES + 1))
        else:
            record = Record.load(args.file)
        game = record.replay()  # every action is checked, even those after --upto
        if args.upto is not None and args.upto != len(record.actions):
            game = record.replay(args.upto)
        if args.seat is not None:
            data = game.view(args.seat).to_json()
        else:
            data = game.omniscient_view().to_json()
    except RecordError as error:
        where = f"action {error.index}: " if error.index is not None else ""
        message = str(error)
        if where and message.startswith(where):
            where = ""
        return _fail(f"refused: {where}{message}")
    except ProhisNbError as error:
        return _fail(f"refused: {error}")
    sys.stdout.write(json.dumps(data, indent=2) + "\n")
    return 0


# ---------------------------------------------------------------- simulate


def random_game(cls: Any, rules: Any, seed: int) -> Any:
    """One game dealt from ``seed`` and played by uniformly random legal choices.

    The choices come from their own generator, seeded from the same number, so
    the game is the same on every machine.
    """
    game = cls(rules, seed=seed)
    rng = random.Random(f"random-player:{seed}")
    choice = rng.choice
    while not game.ended:
        game.apply(choice(game.legal_actions()))
    return game


def _simulated_name(game: str, players: int, seed: int) -> str:
    return f"{game}-{players}p-seed{seed}.json"


def _simulate_out_problem(args: argparse.Namespace, players: int) -> str | None:
    """Why ``--out`` cannot take the records (its folder made first), or None.

    One look at the folder, not one per game: a million names are checked
    at once, and the first game starts straight away.
    """
    import os
    import re

    from prohis_nb.core.files import check_folder

    if args.seed + args.games - 1 > MAX_SEED:
        return f"--seed plus --games goes past the largest seed, {MAX_SEED:,}"
    try:
        check_folder(args.out, make=True)
    except ProhisNbError as error:
        return f"--out: {error}"
    pattern = re.compile(re.escape(f"{args.game}-{players}p-seed") + r"(\d{1,20})\.json")
    for entry in os.scandir(args.out):
        found = pattern.fullmatch(entry.name)
        if found is None or args.force:
            continue
        seed = int(found.group(1))
        if args.seed <= seed < args.seed + args.games and entry.name == _simulated_name(
            args.game, players, seed
        ):
            return (
                f"{excerpt(str(args.out / entry.name))} already exists "
                "(use --force to replace records written before)"
            )
    return None


def run_simulate(args: argparse.Namespace) -> int:
    from prohis_nb.core.files import ResultSaver

    try:
        cls, rules = _rules_from_args(args)
        cls(rules, seed=args.seed)  # the rules can deal a game: refused before any work
    except ProhisNbError as error:
        return _fail(str(error))
    players = rules.players
    if args.out is not None:
        problem = _simulate_out_problem(args, players)
        if problem:
            return _fail(problem)
    saver = ResultSaver(overwrite=args.force)
    totals = [0.0] * players
    wins = [0.0] * players
    decisions = 0
    start = time.perf_counter()
    bar = progress_bar(args.games, f"{args.game} games", "game", wants_progress(args))
    for i in range(args.games):
        seed = args.seed + i
        game = random_game(cls, rules, seed)
        bar.update(1)
        decisions += len(game.actions) + game.forced_steps_taken
        scores = game.scores()
        winners = game.winners()
        for seat in range(players):
            totals[seat] += scores[seat]
        for seat in winners:
            wins[seat] += 1 / len(winners)
        if args.out is not None:  # a name taken meanwhile: a free name, said at the end
            try:
                saver.save(
                    args.out / _simulated_name(args.game, players, seed), game.record().dumps()
                )
            except ProhisNbError as error:
                return _fail(str(error))
    bar.close()
    elapsed = time.perf_counter() - start
    print(
        f"{args.games} random {args.game} games, {players} players, seeds "
        f"{args.seed}..{args.seed + args.games - 1}"
    )
    print("seat  mean score  win share")
    for seat in range(players):
        print(f"{seat:>4}  {totals[seat] / args.games:>10,.0f}  {wins[seat] / args.games:>9.1%}")
    print(f"mean decisions per game: {decisions / args.games:.1f}")
    print(
        f"time: {elapsed:.3f} s, {args.games / elapsed:,.0f} games/s, "
        f"{decisions / elapsed:,.0f} decisions/s"
    )
    if args.out is not None:
        print(f"records written to {args.out}/")
        if saver.report():
            print(f"prohis-nb: {saver.report()}", file=sys.stderr)
    return 0


# ---------------------------------------------------------------- lessons


def run_lessons(args: argparse.Namespace) -> int:
    """``prohis-nb lessons DEST``: copy the lessons out; report what was left alone."""
    from prohis_nb.lessons import copy_lessons

    try:
        report = copy_lessons(args.dest)
    except ProhisNbError as error:
        return _fail(str(error))
    copied, kept = len(report.copied), len(report.kept)
    if not kept:
        lessons = sum(name.endswith(".ipynb") for name in report.copied)
        print(
            f"Copied {copied} files into {report.dest}: {lessons} lessons, the teacher's guide "
            "(README.md) and the example class (class_records/)."
        )
    else:
        print(
            f"Copied {copied} of {copied + kept} files into {report.dest}; "
            f"{kept} left alone (nothing of yours is overwritten):"
        )
        for name, why in report.kept.items():
            print(f"  kept {name} ({why})")
    print(f"Open them with: jupyter lab {shlex.quote(str(report.dest))}")
    if find_spec("jupyterlab") is None:  # the bare install: no JupyterLab, no kernel packages
        print(
            "(JupyterLab and the lessons' widgets come with the 'lab' extra: "
            f"{install_hint('lab')})"
        )
    return 0


# ---------------------------------------------------------------- play


def run_play(args: argparse.Namespace) -> int:
    """``prohis-nb play``: one seat in the terminal, the other seats random bots.

    Without ``--seed`` the game is a fresh deal (each game draws its seed from
    the operating system's randomness, as ``Play()`` does): with a fixed seed,
    the same for every student, the same command run from another seat, or
    run once before, would show the hands of the game being played. The seed
    is named only once the game is over.
    """
    from prohis_nb.core.files import check_save, save_text

    try:
        cls, rules = _rules_from_args(args)
        game = cls(rules, seed=args.seed)  # None: a fresh seed from SystemRandom
        seed = game.setup.get("seed", args.seed)
        seat = game.check_seat(args.seat)
        if args.save:  # refused before the game, not after: the name, and its folder
            check_save(args.save, overwrite=args.force)
    except ProhisNbError as error:
        return _fail(f"{error}{' (--force replaces it)' if 'exists' in str(error) else ''}")
    rng = random.Random(f"opponents:{seed}")
    shown = 0
    # The seed deals every card: it is named only when the game is over (or
    # when a teacher asks for it with --show-seed).
    if args.show_seed:
        deal = f"seed {seed}"
    elif args.seed is None:
        deal = "a fresh deal; its seed is shown at the end"
    else:
        deal = "the seed you gave"
    print(
        f"You play seat {seat} of {rules.players} ({args.game}, {deal}). "
        "Type 'help' for the forms of actions, 'quit' to stop."
    )
    while not game.ended:
        view = game.view(seat)
        for line in view.log[shown:]:
            print("  " + line)
        shown = len(view.log)
        if game.to_act != seat:
            game.apply(rng.choice(game.legal_actions()))
            continue
        print(format_view(view))
        action = _ask(game, seat)
        if action is None:
            print("Stopped.")
            return 0
        game.apply(action)
    view = game.view(seat)
    for line in view.log[shown:]:
        print("  " + line)
    print(f"Final scores: {game.scores()} (winners: {game.winners()})")
    print(f"This game was dealt from seed {seed} (the same seed deals the same cards).")
    if args.save:
        try:  # never lost: a name taken meanwhile, or a folder gone, gives a free name
            went = save_text(args.save, game.record().dumps(), overwrite=args.force)
        except ProhisNbError as error:
            return _fail(str(error))
        if went != args.save:
            print(f"{args.save} could not be written now (taken meanwhile, or its folder failed)")
        print(f"Record saved to {went}")
    return 0


#: ``list`` prints every legal action only up to this many (a bribe from a big
#: hand has billions: they are then counted by act, never listed).
LIST_AT_MOST = 1000


def _ask(game: Any, seat: int) -> Any:
    legal = game.legal_actions()
    # Grouped without listing: a family of bribes stays one group with a length.
    acts = sorted(group_by_act(legal))
    if len(legal) <= 24:
        for i, action in enumerate(legal):
            print(f"  [{i}] {action}")
    else:
        example = next((e for e in game.action_examples if e.split()[0] in acts), f"{acts[0]} ...")
        print(
            f"  {len(legal)} legal actions: {', '.join(acts)} "
            f"(type one, e.g. '{example}', or 'list')"
        )
    while True:
        try:
            text = input(f"seat {seat}> ").strip()
        except EOFError:
            return None
        if text in ("quit", "exit"):
            return None
        if text == "list":
            if len(legal) > LIST_AT_MOST:
                counts = ", ".join(f"{act} ({len(g):,})" for act, g in group_by_act(legal).items())
                print(f"  too many to list: {counts}; type one, e.g. '{game.action_examples[0]}'")
                continue
            for i, action in enumerate(legal):
                print(f"  [{i}] {action}")
            continue
        if text == "help":
            examples = ", ".join(f"'{e}'" for e in game.action_examples)
            print(
                f"Type the number of an action, or the action itself, e.g. {examples}; "
                "'list' shows every legal action."
            )
            continue
        if text.isascii() and text.isdigit() and len(text) < 7 and int(text) < len(legal):
            return legal[int(text)]
        try:
            action = game.action_from_text(text, seat)
        except ProhisNbError as error:
            print(f"  {error}")
            continue
        if game.is_legal(action):
            return action
        print("  not allowed now; the legal acts are: " + ", ".join(acts))


def format_view(view: Any) -> str:
    """A seat's view as a few lines of text for the terminal."""
    data = view.to_json()
    lines = [f"--- seat {data['seat']}: {data['decision']['text'] if data['decision'] else ''}"]
    for key in ("hand", "warehouse", "row", "pile", "score", "money"):
        if data.get(key) is not None:  # (a stage game's seat with no hand has hand None)
            value = data[key]
            lines.append(
                f"  {key}: {', '.join(map(str, value)) if isinstance(value, list) else value}"
            )
    for info in data.get("seats", []):
        if info["seat"] == data["seat"]:
            continue
        known = ", ".join(info.get("known_in_hand", [])) or "nothing known"
        sizes = f"{info['hand_size']} in hand"
        if "warehouse_size" in info:
            sizes += f", {info['warehouse_size']} in warehouse"
        lines.append(f"  seat {info['seat']}: {sizes} ({known})")
    convoy = data.get("convoy")
    if convoy:
        cards = ["?" if c is None else c for c in convoy["cards"]]
        lines.append(f"  convoy of seat {convoy['smuggler']}: {', '.join(cards)}")
        if convoy.get("bribe"):
            lines.append(f"  bribe on the table: {', '.join(convoy['bribe'])}")
    return "\n".join(lines)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
