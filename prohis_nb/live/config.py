"""A class's settings: the game, rounds, table size, bots and the timings of matching.

:class:`ClassConfig` is frozen and checked when made: a bad value is a
``RulesError`` that says what is allowed. It is stored with the session (as
JSON), so a restarted server carries on with the same settings.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from prohis_nb.errors import RulesError, excerpt

#: The most rounds a class may have, and students a class may hold.
MAX_ROUNDS = 1000
MAX_STUDENTS = 5000


def _number(name: str, value: Any, low: float, high: float, *, whole: bool = False) -> None:
    kinds = (int,) if whole else (int, float)
    if isinstance(value, bool) or not isinstance(value, kinds) or not low <= value <= high:
        what = "a whole number" if whole else "a number"
        raise RulesError(f"{name} must be {what} from {low:g} to {high:g}, got {excerpt(value)}")


@dataclass(frozen=True)
class ClassConfig:
    """How a class is run (every field has a sensible default but ``game``).

    * ``game``: a registered game (``"prohis"``, ``"smuggle"``, ...);
    * ``rounds``: games each student plays, one per round;
    * ``seats``: seats per table (default: the game's usual table; 4 for Prohis);
    * ``rules``: the game's rules as in a record (``{"variants": {...}}``),
      or ``None`` for the standard rules;
    * ``bot``: the bot that fills empty seats and stands in for absent
      students (a spec of :mod:`prohis_nb.bots`; default: the game's own);
    * ``bot_delay``: seconds a bot waits before it moves, so that students
      can follow the table;
    * ``drop_timeout``: seconds a student may be disconnected before a bot
      plays their seat (they get it back whenever they return);
    * ``decision_timeout``: seconds a connected student may take over one
      decision before a bot takes it for them (``None``: no limit);
    * ``fill_after``: seconds a student who arrives during a round waits for
      others before a table with bots starts for them (``None``: they wait
      for the next round);
    * ``break_seconds``: the pause between two rounds (the results stay on
      screen); the next round then starts by itself;
    * ``seed``: the class's secret seed: deals, rematching and bots derive
      from it, so a class can be replayed exactly. Keep it secret while the
      class plays (anyone who knows it could work out the deals): by
      default it is drawn with ``secrets``;
    * ``setups``: stacked tables (a record's ``setup``) dealt to the tables
      in turn instead of seeded deals, for a lesson on one situation;
    * ``max_students``: the most students that may join.
    """

    game: str = "prohis"
    rounds: int = 10
    seats: int | None = None
    rules: Mapping[str, Any] | None = None
    bot: str | None = None
    bot_delay: float = 0.6
    drop_timeout: float = 30.0
    decision_timeout: float | None = None
    fill_after: float | None = 20.0
    break_seconds: float = 5.0
    seed: int = field(default_factory=lambda: secrets.randbits(63))
    setups: tuple[Mapping[str, Any], ...] | None = None
    max_students: int = 200

    def __post_init__(self) -> None:
        from prohis_nb.live.games import live_game

        game = live_game(self.game)
        _number("rounds", self.rounds, 1, MAX_ROUNDS, whole=True)
        if self.seats is not None:
            _number("seats", self.seats, 1, 12, whole=True)
        if self.rules is not None and not isinstance(self.rules, Mapping):
            raise RulesError(
                f"rules must be an object such as {{'variants': {{}}}}, got {excerpt(self.rules)}"
            )
        game.rules(self.seats, self.rules)  # checked by the game itself
        if self.bot is not None and not isinstance(self.bot, str):
            raise RulesError(f"bot must be a bot's name such as 'honest', got {excerpt(self.bot)}")
        spec = self.bot or game.default_bot()
        try:
            bot = game.make_bot(spec, seed="check")
        except ValueError as error:
            raise RulesError(str(error)) from None
        _check_bot_plays(game, self.seats, self.rules, spec, bot)
        _number("bot_delay", self.bot_delay, 0, 60)
        _number("drop_timeout", self.drop_timeout, 0, 24 * 3600)
        if self.decision_timeout is not None:
            _number("decision_timeout", self.decision_timeout, 1, 24 * 3600)
        if self.fill_after is not None:
            _number("fill_after", self.fill_after, 0, 24 * 3600)
        _number("break_seconds", self.break_seconds, 0, 3600)
        _number("seed", self.seed, 0, 2**63 - 1, whole=True)
        _number("max_students", self.max_students, 1, MAX_STUDENTS, whole=True)
        if self.setups is not None:
            if isinstance(self.setups, Mapping) or not all(
                isinstance(s, Mapping) for s in self.setups
            ):
                raise RulesError("setups must be a list of stacked tables (a record's setup)")
            object.__setattr__(self, "setups", tuple(dict(s) for s in self.setups))
            if not self.setups:
                raise RulesError("setups must hold at least one stacked table")
            rules = game.rules(self.seats, self.rules)
            for setup in self.setups:
                game.new_game(rules, setup)  # a bad table is refused now, not in round 3

    @property
    def table_seats(self) -> int:
        """Seats per table."""
        from prohis_nb.live.games import live_game

        if self.seats is not None:
            return self.seats
        return int(live_game(self.game).rules(None, self.rules).players)

    @property
    def bot_spec(self) -> str:
        from prohis_nb.live.games import live_game

        return self.bot or live_game(self.game).default_bot()

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["rules"] = None if self.rules is None else dict(self.rules)
        data["setups"] = None if self.setups is None else [dict(s) for s in self.setups]
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ClassConfig:
        names = {f.name for f in fields(cls)}
        unknown = [k for k in data if k not in names]
        if unknown:
            raise RulesError(
                f"unknown class settings {', '.join(map(repr, unknown))}; "
                f"allowed: {', '.join(sorted(names))}"
            )
        return cls(**dict(data))


def _check_bot_plays(game: Any, seats: Any, rules: Any, spec: str, bot: Any) -> None:
    """The bot makes one decision of a new game now: a missing library is said before class.

    A bot whose maths needs the ``analysis`` extra would otherwise fail at
    every move, in the middle of the class (a random move is then made, and
    marked ``random`` in the log: :meth:`prohis_nb.live.room.ClassRoom._auto_move`).
    """
    from prohis_nb.extras import MissingExtraError

    table = game.new_game(game.rules(seats, rules), {"seed": 0})
    seat = table.to_act
    if seat is None:
        return
    try:
        bot.choose(table.view(seat), table.legal_actions())
    except MissingExtraError as error:
        raise RulesError(f"the bot {spec!r} that fills empty seats cannot play: {error}") from None
    except Exception:  # any other failure: in play, a random move is made instead (and marked)
        return


def default_config(game: str, **settings: Any) -> ClassConfig:
    """A class of ``game`` with its default table size (see :class:`ClassConfig`)."""
    if "seats" not in settings or settings["seats"] is None:
        from prohis_nb.live.games import live_game

        settings["seats"] = live_game(game).default_seats()
    return ClassConfig(game=game, **settings)
