"""A bot's move is shown at a pace, so how long it thought tells nobody what it holds.

A bot thinks for longer with some hands than with others: a hand with more
cards has more bribes to weigh, a forced step (one legal action, forced by
the bot's own cards) is answered at once, a search runs over the cards it
holds. If its move appeared as soon as it was chosen, a learner watching the
clock would learn something about a hand their seat may not see. So the
widgets (:class:`~prohis_nb.widgets.play.Play`, ``HotSeat``) and the live
class server (:mod:`prohis_nb.live.room`) show every bot move a fixed time
after the thing shown before it, the **pace**, however long the bot took,
like an online card room that plays every move of its robots after the
same short beat (docs/teaching.md, "Time").

What this cannot hide: a bot whose thinking takes longer than the pace (an
ISMCTS search of thousands of simulations, a first solve of a large convoy
menu) shows late, and its lateness may depend on its hand. :attr:`Pace.late`
counts those moves; the remedy is a longer pace, or a bot whose work does not
depend on its hand (the equilibrium bots solve their game before they look
at their cards).

>>> clock = FakeClock()
>>> pace = Pace(0.8, clock=clock.now, sleep=clock.sleep)
>>> pace.restart()
>>> clock.advance(0.1)  # a quick bot
>>> pace.wait()
>>> round(clock.now(), 9)
0.8
>>> clock.advance(0.5)  # a slower one: shown at the same beat
>>> pace.wait()
>>> round(clock.now(), 9), pace.moves, pace.late
(1.6, 2, 0)
"""

from __future__ import annotations

import time
from collections.abc import Callable

__all__ = ["FakeClock", "Pace", "seconds_left"]


def seconds_left(show_at: float, now: float) -> float:
    """How long to wait at ``now`` before a move planned to show at ``show_at`` (never < 0)."""
    return max(0.0, show_at - now)


class Pace:
    """Shows each bot move ``seconds`` after the last thing shown (see the module docstring).

    ``clock`` reads seconds (default :func:`time.monotonic`) and ``sleep``
    waits (default :func:`time.sleep`): tests give a :class:`FakeClock`'s.
    Call :meth:`restart` when something is shown (the deal, a person's move)
    and :meth:`wait` after a bot has chosen, before its move is shown.
    ``seconds`` 0 paces nothing (the tests' setting; then time is not hidden).
    """

    def __init__(
        self,
        seconds: float,
        *,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], object] = time.sleep,
    ) -> None:
        if isinstance(seconds, bool) or not isinstance(seconds, int | float) or not seconds >= 0:
            raise ValueError(f"a pace is a number of seconds, 0 or more, got {seconds!r}")
        self.seconds = float(seconds)
        self.clock = clock
        self.sleep = sleep
        self._since = clock()
        #: How many bot moves were paced, and how many of them came later than the pace.
        self.moves = 0
        self.late = 0

    def restart(self) -> None:
        """Something was just shown: the next bot move shows ``seconds`` from now."""
        self._since = self.clock()

    def wait(self) -> None:
        """Wait until ``seconds`` after the last thing shown; the move is then shown."""
        self.moves += 1
        show_at, now = self._since + self.seconds, self.clock()
        left = seconds_left(show_at, now)
        if left > 0:
            self.sleep(left)
            self._since = show_at  # the beat, not the sleep's overshoot: no drift
            return
        if self.seconds > 0 and now > show_at:
            self.late += 1  # the bot thought longer than the pace: this one is not hidden
        self._since = now


class FakeClock:
    """A clock for tests: time moves only when told (``advance``) or slept (``sleep``)."""

    def __init__(self, start: float = 0.0) -> None:
        self.time = start
        #: Every wait asked of :meth:`sleep`, in order.
        self.slept: list[float] = []

    def now(self) -> float:
        """The fake time, in seconds."""
        return self.time

    def advance(self, seconds: float) -> None:
        """Let ``seconds`` pass (a bot thinking, say)."""
        self.time += seconds

    def sleep(self, seconds: float) -> None:
        """Wait ``seconds``: the fake time moves on at once."""
        self.slept.append(seconds)
        self.time += seconds
