"""What every bot is: a seeded, deterministic chooser among legal actions.

A bot sits at one seat. At each of that seat's decisions the runner
(:func:`prohis_nb.bots.runner.play_game`) hands it two things and nothing else:

* the seat's **view** (``game.view(seat)``: a frozen
  :class:`~prohis_nb.prohis.views.SeatView` for Prohis), which holds exactly
  what that seat may know under "Who knows what" in docs/rules.md;
* the **legal actions** (a tuple of immutable actions).

It returns one of the legal actions. A bot never receives the game object, so
it cannot peek at hidden cards, and it cannot break the rules: it only picks
from the list the engine made. Its randomness comes from its own
``random.Random`` seeded at construction, so the same seed and the same views
give the same choices on every machine.

Writing a bot::

    class AlwaysPass(Bot):
        '''Passes when it can, otherwise takes the first legal action.'''

        def choose(self, view, legal_actions):
            for action in legal_actions:
                if action.act == "pass":
                    return action
            return legal_actions[0]

``uses_view``: building a view costs time (the seat's log is phrased anew at
every call). A bot whose choices never read the view sets the class
attribute ``uses_view = False``; the runner then passes ``None`` as the view
and skips building it. That is the only thing the flag changes.

``needs_view(decision, legal_actions)``: the same saving, decision by
decision. Before building a view the runner asks the bot whether this decision
needs one; when it answers ``False`` the bot receives a :class:`DecisionOnly`
instead: the seat and the pending decision, which every view holds anyway
(nothing hidden). A view costs more than most bots' whole choice (a few
hundred microseconds), and many choices never read it: a forced step, a
coin flip between inspecting and waiving, turning a random card. A bot's
``on_<kind>`` method marked with :func:`view_free` says so (see
:class:`~prohis_nb.bots.prohis_bots.ProhisBot`); a subclass that overrides
it without the mark gets its view again. The choices are the same either way.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, NamedTuple, Protocol, TypeVar

from prohis_nb.errors import ProhisNbError


class ActionLike(Protocol):
    """What every game's action offers: the seat taking it and its act name."""

    seat: int
    act: str


class DecisionOnly(NamedTuple):
    """What a bot receives instead of its view when it said it needs none (``needs_view``).

    ``seat`` and ``decision`` are the view's own (``view.seat``,
    ``view.decision``): the seat to act and the pending decision, public to
    every seat. Reading anything else is an ``AttributeError``, so a bot that
    wrongly claimed not to need its view fails loudly rather than guessing.
    """

    seat: int
    decision: Any


Method = TypeVar("Method", bound=Callable[..., Any])


def view_free(method: Method) -> Method:
    """Mark a bot method that chooses without reading its view (only legal actions and rng).

    The runner then skips building the view for that decision (:meth:`Bot.needs_view`)
    and the method receives a :class:`DecisionOnly`. Overriding a marked
    method in a subclass drops the mark unless the override is marked too.
    """
    method.reads_view = False  # type: ignore[attr-defined]
    return method


def reads_view(method: Any) -> bool:
    """False for a method marked with :func:`view_free`, True for any other."""
    return getattr(method, "reads_view", True)


class BotError(ProhisNbError):
    """A bot returned something that is not one of the legal actions it was given."""


class Bot(ABC):
    """A player that chooses among legal actions, seeing only its own seat's view.

    ``seed`` (an int or a string) seeds the bot's own generator ``self.rng``;
    ``name`` labels it in tournaments (default: the class's ``default_name``).
    Subclasses implement :meth:`choose` and list the games they know in
    ``games`` (``None``: any game, e.g. :class:`~prohis_nb.bots.random_bot.RandomBot`).
    """

    #: Short name used in tournament tables when no ``name`` is given.
    default_name: ClassVar[str] = "bot"
    #: The games this bot can play (``None``: every game).
    games: ClassVar[tuple[str, ...] | None] = ("prohis",)
    #: False if :meth:`choose` never reads its view: the runner then passes ``None``.
    uses_view: ClassVar[bool] = True
    #: The optional libraries its maths needs (keys of :data:`prohis_nb.extras.EXTRA_OF`):
    #: a tournament checks them before it starts, and names the extra that brings them.
    needs: ClassVar[tuple[str, ...]] = ()

    def __init__(self, seed: int | str = 0, *, name: str | None = None) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int | str):
            raise TypeError(f"a bot's seed is an int or a string, got {seed!r}")
        self.seed = seed
        self.rng = random.Random(seed)
        self.name = name if name is not None else self.default_name

    @abstractmethod
    def choose(self, view: Any, legal_actions: Sequence[Any]) -> Any:
        """Return one action from ``legal_actions`` (a non-empty tuple).

        ``view`` is this seat's view (``None`` when the class sets
        ``uses_view = False``). The decision to take is ``view.decision``.
        A single legal action is a step forced by this seat's own hidden
        cards (the engine asks it so that the others learn nothing): return it.
        """

    def needs_view(self, decision: Any, legal_actions: Sequence[Any]) -> bool:
        """Whether :meth:`choose` reads more than a :class:`DecisionOnly` for this decision.

        ``decision`` is the pending decision (the view's ``decision``). The
        runner builds the view only when this is true; the default is
        ``uses_view``. Subclasses answer per decision kind, and must return
        True whenever their choice reads the view.
        """
        return self.uses_view

    def parameters(self) -> dict[str, Any]:
        """The bot's tuning parameters (for tables and records); none by default."""
        return {}

    def __repr__(self) -> str:
        params = ", ".join(f"{k}={v!r}" for k, v in self.parameters().items())
        extra = f", {params}" if params else ""
        return f"{type(self).__name__}(seed={self.seed!r}, name={self.name!r}{extra})"


def acts(legal_actions: Sequence[Any], act: str) -> list[Any]:
    """The legal actions whose ``act`` is ``act`` (a small helper for bots)."""
    return [a for a in legal_actions if a.act == act]


def first_act(legal_actions: Sequence[Any], act: str) -> Any | None:
    """The first legal action whose ``act`` is ``act``, or ``None``."""
    for action in legal_actions:
        if action.act == act:
            return action
    return None
