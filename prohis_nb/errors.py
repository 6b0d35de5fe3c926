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
``SaveError``             a file the package will not write (a notebook,
                          an existing file not confirmed) or cannot write
``ViewError``             a seat's view no game could show (altered by
                          hand), given to ``determinize`` or the coach
``UnknownGameError``      a game, a record format or a game's part that is
                          not registered (both a ``RulesError`` and a
                          ``RecordError``): the message names those that are
========================  ==============================================

Messages quote what was wrong through :func:`excerpt`, which never prints more
than a short excerpt of the offending input: a megabyte-long act name, a
number of thousands of digits or a list nested thousands deep is shown in a
few dozen characters, and quoting it can never fail.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing (~10 ms)

if TYPE_CHECKING:
    from typing import Any


#: The longest excerpt of an input that a message quotes (characters).
EXCERPT_CHARS = 60


def excerpt(value: Any, limit: int = EXCERPT_CHARS) -> str:
    """``repr(value)`` for a message, cut to about ``limit`` characters; never raises.

    >>> excerpt("take")
    "'take'"
    >>> excerpt("x" * 1_000_000)
    "'xxxxxxxxxxxxxxxxxxxxxxxxx'…'xxxxxxxxxxxxxxxxxxxxxxxxx' (1,000,000 characters)"
    >>> excerpt(10**5000)
    'a whole number of 5,001 digits'
    >>> excerpt([[[[["deep"]]]]])
    '[[[[[...]]]]]'
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        digits = _digit_count(value)
        return f"a whole number of {digits:,} digits"
    if isinstance(value, str) and len(value) > limit:
        half = max(1, (limit - 1) // 2 - 4)
        return f"{value[:half]!r}…{value[-half:]!r} ({len(value):,} characters)"
    global _SHORT
    if _SHORT is None:
        _SHORT = _make_short_repr()
    try:
        text = _SHORT.repr(value)
    except Exception:  # a broken __repr__ of a caller's object: say what it was
        return f"a {type(value).__name__}"
    if len(text) <= limit:
        return text
    half = max(1, (limit - 1) // 2 - 4)
    return f"{text[:half]}…{text[-half:]} ({len(text):,} characters)"


def _digit_count(value: int) -> int:
    """Decimal digits of a (huge) whole number without converting it to text."""
    value = abs(value)
    estimate = max(1, int(value.bit_length() * 0.30102999566398120))
    while 10**estimate <= value:
        estimate += 1
    while estimate > 1 and 10 ** (estimate - 1) > value:
        estimate -= 1
    return estimate


def _make_short_repr() -> Any:
    import reprlib

    class _ShortRepr(reprlib.Repr):
        def repr_int(self, x: int, level: int) -> str:
            if x.bit_length() > 200:
                return f"<{_digit_count(x):,}-digit number>"
            return super().repr_int(x, level)

        def repr_instance(self, x: Any, level: int) -> str:
            if isinstance(x, Mapping):  # a caller's mapping type: shown as a dict
                return self.repr_dict(dict(x), level)
            return super().repr_instance(x, level)

    short = _ShortRepr()
    short.maxlevel = 4
    short.maxstring = 40
    short.maxlong = 10_000
    short.maxother = 10_000
    short.maxlist = short.maxtuple = short.maxdict = short.maxset = short.maxfrozenset = 8
    return short


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


class UnknownGameError(RulesError, RecordError):
    """A game (or a record format, or a part of a game) that is not registered.

    Raised by :mod:`prohis_nb.core.registry` wherever a game is named: the
    message names the registered games. It is a :class:`RulesError` (a game
    asked for by name) and a :class:`RecordError` (a record of an unknown
    game), so the callers of either keep working.
    """


class SaveError(ProhisNbError, OSError):
    """A file the package will not write, or could not write.

    Raised rather than silently overwriting: a notebook (``.ipynb``), or an
    existing file the caller did not confirm replacing.
    """


class ViewError(ProhisNbError, ValueError, TypeError):
    """A seat's view that no game could show, or something that is not a seat's view.

    Raised by ``determinize`` and the coach, which check a view given from
    outside once (a view altered with ``dataclasses.replace``, say) before
    relying on it. Both a ``ValueError`` and a ``TypeError``, as the checks it
    replaces were.
    """


_SHORT = None  # the shortening repr, made on first use (reprlib is not needed before)


def _kept(allowed: Sequence[Any]) -> Sequence[Any]:
    """The legal actions as an error keeps them: a tuple, or a lazy sequence as it is.

    The bribes of a big hand are a sequence decoded on demand
    (:mod:`prohis_nb.core.legal`); copying them into a tuple would list billions.
    """
    if isinstance(allowed, Sequence) and not isinstance(allowed, list | str):
        return allowed
    return tuple(allowed)
