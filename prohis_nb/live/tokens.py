"""Room codes and tokens: made with ``secrets``, stored only as hashes.

* A **room code** (6 letters and digits, no look-alikes such as 0/O or 1/I)
  lets a student join a class. It is not a secret from the class: it is on
  the projector.
* A **seat token** (32 random bytes, URL-safe) is given to a student's
  browser when it joins and kept in its ``localStorage``. Whoever holds it is
  that student: it brings a dropped phone back to its seat without asking.
* The **teacher token** opens the teacher's controls and the class's data.

The database keeps only the SHA-256 of each token (:func:`token_hash`), and
the server never writes a token to its log: a copy of the database or of the
log does not let anyone act for a student or for the teacher.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

#: Letters and digits that cannot be mistaken for one another when read aloud or typed.
ROOM_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
ROOM_LENGTH = 6
#: Random bytes in a token (256 bits).
TOKEN_BYTES = 32


def new_room_code() -> str:
    """A fresh room code, e.g. ``"K7QF3M"``."""
    return "".join(secrets.choice(ROOM_ALPHABET) for _ in range(ROOM_LENGTH))


def normalise_room(text: object) -> str | None:
    """A room code as typed (spaces, lower case) in its canonical form, or ``None``."""
    if not isinstance(text, str) or len(text) > 32:
        return None
    code = "".join(text.split()).upper()
    if len(code) != ROOM_LENGTH or any(c not in ROOM_ALPHABET for c in code):
        return None
    return code


def new_token() -> str:
    """A fresh unguessable token (43 URL-safe characters)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    """The SHA-256 (hex) the database keeps instead of the token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def looks_like_token(value: object) -> bool:
    """Whether ``value`` has a token's shape (checked before hashing anything a client sent)."""
    return (
        isinstance(value, str)
        and 20 <= len(value) <= 128
        and all(c.isascii() and (c.isalnum() or c in "-_") for c in value)
    )


def same_hash(a: str, b: str) -> bool:
    """Compare two hashes in constant time."""
    return hmac.compare_digest(a.encode(), b.encode())
