"""The one exception family of prohis_nb.

Everything the package refuses raises a subclass of :class:`ProhisNbError`, with
a message that says *what was wrong* and *what is allowed instead*. A refused
action or record never changes a game: the state is exactly as it was.

========================  ==============================================
exception                 raised when
========================  ==============================================
``RulesError``            an impossible rules configuration (player count,
                          unknown variant, bad custom deck)
``RecordError``           a malformed game record (bad JSON, missing keys,
                          a stacked table whose cards do not add up)
``IllegalActionError``    an action the rules do not allow now
``WrongSeatError``        an action by a seat that is not the one to decide
                          (a kind of ``IllegalActionError``)
``UnknownSeatError``      a seat number that is not at the table
``MalformedActionError``  an action that is not well formed (both a
                          ``RecordError`` and an ``IllegalActionError``)
========================  ==============================================
"""

from __future__ import annotations

from collections.abc import Sequence

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing (~10 ms)

if TYPE_CHECKING:
    from typing import Any


class ProhisNbError(Exception):
    """Base class of every error prohis_nb raises on purpose."""


class RulesError(ProhisNbError, ValueError):
    """An impossible rules configuration."""


class RecordError(ProhisNbError, ValueError):
    """A malformed game record.

    ``index`` is the position of the offending action in the record's
    ``actions`` list, or ``None`` when the problem is elsewhere.
    """

    def __init__(self, message: str, index: int | None = None) -> None:
        super().__init__(message)
        self.index = index


class UnknownSeatError(ProhisNbError, ValueError):
    """A seat number that does not exist at this table."""


class IllegalActionError(ProhisNbError, ValueError):
    """An action the rules do not allow at this point of the game.

    ``allowed`` holds the legal actions at that moment, so a caller (a widget,
    the command line) can show what could have been done instead.
    """

    def __init__(self, message: str, allowed: Sequence[Any] = ()) -> None:
        super().__init__(message)
        self.allowed = _kept(allowed)


class WrongSeatError(IllegalActionError):
    """An action taken by a seat whose turn it is not to decide."""


class MalformedActionError(RecordError, IllegalActionError):
    """An action that is not even well formed (unknown act, missing or bad field).

    It is both a :class:`RecordError` (when it sits in a record) and an
    :class:`IllegalActionError` (when it is passed to ``Game.apply``).
    """

    def __init__(self, message: str, index: int | None = None, allowed: Sequence[Any] = ()) -> None:
        ProhisNbError.__init__(self, message)
        self.index = index
        self.allowed = _kept(allowed)


def _kept(allowed: Sequence[Any]) -> Sequence[Any]:
    """The legal actions as an error keeps them: a tuple, or a lazy sequence as it is.

    The bribes of a big hand are a sequence decoded on demand
    (:mod:`prohis_nb.core.legal`); copying them into a tuple would list billions.
    """
    if isinstance(allowed, Sequence) and not isinstance(allowed, list | str):
        return allowed
    return tuple(allowed)
