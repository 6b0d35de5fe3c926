"""The documented bounds on everything a record, a rules value or a user may hand in.

A game server reads records it did not write. These bounds keep every input
small enough that checking it is quick and printing it can never fail
(docs/records.md, "Limits"):

=====================  =========================================================
``MAX_RECORD_BYTES``   a record file or text: at most 5,000,000 bytes
``MAX_DEPTH``          JSON nesting: at most 32 levels (a record needs 6)
``MAX_INT``            every whole number in a record: at most 2**63 - 1 in size
                       (a signed 64-bit integer, which JSON readers in most
                       languages can hold)
``MAX_SEED``           a seed: 0 to 2**63 - 1 (tournaments derive 63-bit seeds)
``MAX_DECK_CARDS``     a Prohis custom deck: at most 1,000 cards in all
``MAX_AMOUNT``         a Smuggle board amount (duty, fine, money): $0 to $1,000,000
=====================  =========================================================

:func:`parse_json` reads JSON text within these bounds and :func:`check_tree`
checks an already parsed object; both raise ``RecordError`` saying which bound
was crossed.
"""

from __future__ import annotations

from collections.abc import Mapping

from prohis_nb.errors import RecordError, excerpt

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing (~10 ms)
if TYPE_CHECKING:
    from typing import Any

MAX_RECORD_BYTES = 5_000_000
MAX_DEPTH = 32
MAX_INT = 2**63 - 1
MAX_SEED = MAX_INT
MAX_DECK_CARDS = 1000
MAX_AMOUNT = 1_000_000
#: Digits of the longest whole number a record may hold (MAX_INT has 19).
MAX_DIGITS = len(str(MAX_INT))


def _parse_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise RecordError(
            f"a number of {digits:,} digits; numbers are whole numbers of at most "
            f"{MAX_DIGITS} digits (up to {MAX_INT:,})"
        )
    return int(text)


def _parse_constant(name: str) -> Any:
    raise RecordError(f"{name} is not a JSON number")


def parse_json(text: str | bytes, what: str = "the record", check: bool = True) -> Any:
    """JSON text (str, or bytes in UTF-8) within the bounds; raises ``RecordError``.

    ``what`` names the text in messages ("the record", "variant board");
    ``check=False`` leaves :func:`check_tree` to the caller.
    """
    if isinstance(text, bytes | bytearray):
        if len(text) > MAX_RECORD_BYTES:
            raise _too_big(len(text))
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as error:
            raise RecordError(
                f"{what} is not a text file in UTF-8 (byte {error.start} is "
                f"{text[error.start]:#04x}); a record is JSON text saved as UTF-8"
            ) from None
    if not isinstance(text, str):
        raise RecordError(f"a record is JSON text, got a {type(text).__name__}")
    if len(text) > MAX_RECORD_BYTES:
        raise _too_big(len(text))
    import json  # on first use: the engine itself imports without json

    try:
        data = json.loads(text, parse_int=_parse_int, parse_constant=_parse_constant)
    except json.JSONDecodeError as error:
        raise RecordError(f"{what} is not valid JSON: {error}") from None
    except RecordError as error:
        raise RecordError(f"{what} is refused: {error}") from None
    except RecursionError:  # the C decoder stops cleanly at Python's recursion limit
        raise RecordError(
            f"{what} nests lists or objects too deep; at most {MAX_DEPTH} levels are allowed"
        ) from None
    if check:
        check_tree(data, what)
    return data


def _too_big(size: int) -> RecordError:
    return RecordError(
        f"the record is {size:,} bytes long; a record is at most {MAX_RECORD_BYTES:,} bytes"
    )


def check_tree(data: Any, where: str = "the record") -> None:
    """Refuse a parsed object nested deeper than ``MAX_DEPTH`` or holding a huge number.

    Walks the object without recursion, so even an object nested a million
    deep is refused quickly and cleanly.
    """
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, int) and not isinstance(value, bool):
            if not -MAX_INT <= value <= MAX_INT:
                raise RecordError(
                    f"{where} holds the number {excerpt(value)}; numbers are whole numbers of "
                    f"at most {MAX_DIGITS} digits (up to {MAX_INT:,})"
                )
        elif isinstance(value, str | float | bool) or value is None:
            continue
        elif isinstance(value, Mapping | list | tuple):
            if depth > MAX_DEPTH:
                raise RecordError(
                    f"{where} nests lists or objects too deep; at most {MAX_DEPTH} levels "
                    "are allowed"
                )
            children = value.values() if isinstance(value, Mapping) else value
            if isinstance(value, Mapping):
                for key in value:
                    if not isinstance(key, str):
                        raise RecordError(
                            f"{where}: object keys are strings, got the key {excerpt(key)}"
                        )
            stack.extend((child, depth + 1) for child in children)


def fresh_seed() -> int:
    """A seed for a fresh deal, drawn by the operating system from every seed allowed (63 bits).

    A deal is a public, deterministic function of its seed, so whoever can
    guess the seed can rebuild every hand. A learner sees some cards (its own
    hand, the row, every card turned up) and could try every seed until one
    deals them: over 2**31 seeds that takes a few CPU-hours, over 2**63 it is
    out of reach. So a fresh deal's seed is drawn from the whole range
    (:data:`MAX_SEED`) by :mod:`secrets`, and told only when the game is over.
    """
    import secrets

    return secrets.randbits(63)


def game_seed(seed: object) -> int:
    """The seed a new game deals from: a fresh one (:func:`fresh_seed`) for ``None``,
    else ``seed`` itself once checked to be a whole number from 0 to :data:`MAX_SEED`.

    Raises ``RecordError`` saying what is allowed (every game reads its seed here).
    """
    if seed is None:
        return fresh_seed()
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise RecordError(
            f"setup.seed must be a whole number from 0 to {MAX_SEED:,}, got {excerpt(seed)}"
        )
    return seed
