"""The rules of one convoy (the "convoy" stage game) as a frozen, validated value.

The stage game is lesson 6's convoy game played for real (docs/convoy-rules.md):
one smuggler (seat 0) and one controller (seat 1), whose controller card
(``card``) is already played. Its parameters are the model's:

``card``
    the controller card played: ``lieutenant``, ``captain`` (default) or
    ``inspector``; its rank is how many cards an inspection turns.
``size``
    the convoy's cards, 2 to 4 (3).
``illegal``
    the illegal cards of a dirty convoy, 1 to ``size`` (1); the rest are legal.
``bribes``
    the bribes the smuggler may offer, each a tuple of card kinds (one bribe
    of one legal card by default); ``()`` for none at all.
``p_dirty``
    the chance that the smuggler is dealt a dirty hand, an exact fraction
    (1/2); written into a record as text, ``"1/2"``.
``waiver_keeps_card``
    Prohis's variant: a controller who waives takes its card back.
``payoffs``
    whose money a score counts: ``"race"`` (default), each side's gain minus
    the other's (a race against one rival: zero-sum), or ``"own"``, each side's
    own gain. The two conventions of lesson 6 (docs/convoy-rules.md, "Scores").

It is written into a record as ``{"players": 2, "variants": {...}}``, the
variants holding the fields that differ from the defaults.

>>> ConvoyRules().to_json()
{'players': 2, 'variants': {}}
>>> ConvoyRules(p_dirty="1/3", payoffs="own").to_json()["variants"]
{'p_dirty': '1/3', 'payoffs': 'own'}
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields
from fractions import Fraction
from typing import Any

from prohis_nb.core.rules_json import read_variants
from prohis_nb.errors import RulesError, excerpt
from prohis_nb.prohis.cards import KIND_INDEX, KINDS, RANK

#: The two seats.
SMUGGLER, CONTROLLER = 0, 1
#: The payoff conventions (docs/convoy-rules.md, "Scores").
PAYOFFS = ("race", "own")
#: At most this many bribes on the menu, and this many cards in one bribe.
MAX_BRIBES = 8
MAX_BRIBE_CARDS = 4
#: The largest numerator or denominator of ``p_dirty`` (19 digits: a 64-bit number).
MAX_P_DIGITS = 19
#: ``p_dirty`` as text: a fraction ``"1/3"`` or a decimal ``"0.25"`` (the record schema's patterns).
_FRACTION = re.compile(r"[0-9]{1,19}(/[0-9]{1,19})?")
_DECIMAL = re.compile(r"[0-9]{0,19}\.[0-9]{1,19}")


def canonical(cards: Any, what: str) -> tuple[str, ...]:
    """``cards`` as a tuple of card kinds in the engine's kind order; ``RulesError`` if not."""
    if isinstance(cards, str) or not isinstance(cards, list | tuple):
        raise RulesError(f"{what} is a list of card kinds, got {excerpt(cards)}")
    unknown = [card for card in cards if not isinstance(card, str) or card not in KIND_INDEX]
    if unknown:
        raise RulesError(f"{what} holds unknown card kind(s) {excerpt(unknown)}; kinds: {KINDS}")
    return tuple(sorted(cards, key=KIND_INDEX.__getitem__))


def read_probability(value: Any) -> Fraction:
    """A probability from a rules value: a Fraction, ``"a/b"`` or a decimal (text or number).

    A float is read as the decimal it prints (0.1 is 1/10), as the analysis does.
    """
    if isinstance(value, Fraction):
        p = value
    elif isinstance(value, bool) or not isinstance(value, int | float | str):
        raise RulesError(f"p_dirty is a probability such as '1/2' or 0.5, got {excerpt(value)}")
    else:
        text = repr(float(value)) if isinstance(value, float) else str(value)
        if isinstance(value, str) and not (_FRACTION.fullmatch(text) or _DECIMAL.fullmatch(text)):
            raise RulesError(
                f"p_dirty is written as a fraction '1/3' or a decimal '0.25' (at most "
                f"{MAX_P_DIGITS} digits a part), got {excerpt(value)}"
            )
        try:
            p = Fraction(text)
        except (ValueError, ZeroDivisionError):
            raise RulesError(
                f"p_dirty is a probability such as '1/2' or 0.5, got {excerpt(value)}"
            ) from None
    if not 0 <= p <= 1:
        raise RulesError(f"p_dirty is a probability from 0 to 1, got {excerpt(value)}")
    if max(len(str(p.numerator)), len(str(p.denominator))) > MAX_P_DIGITS:
        raise RulesError(f"p_dirty's fraction may have at most {MAX_P_DIGITS} digits a part")
    return p


@dataclass(frozen=True)
class ConvoyRules:
    """The parameters of one convoy (see the module docstring); always two players."""

    players: int = 2
    card: str = "captain"
    size: int = 3
    illegal: int = 1
    bribes: tuple[tuple[str, ...], ...] = (("legal",),)
    p_dirty: Fraction = Fraction(1, 2)
    waiver_keeps_card: bool = False
    payoffs: str = "race"

    def __post_init__(self) -> None:
        if type(self.players) is not int or self.players != 2:
            raise RulesError(
                f"the convoy stage game has exactly 2 players (a smuggler and a controller), "
                f"got {excerpt(self.players)}"
            )
        if not isinstance(self.card, str) or self.card not in RANK:
            raise RulesError(f"card is the controller card played, one of {list(RANK)}")
        for name, low, high in (("size", 2, 4), ("illegal", 1, self.size)):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise RulesError(
                    f"{name} must be a whole number from {low} to {high}, got {excerpt(value)}"
                )
        if not isinstance(self.bribes, list | tuple) or len(self.bribes) > MAX_BRIBES:
            raise RulesError(
                f"bribes is a list of at most {MAX_BRIBES} bribes, got {excerpt(self.bribes)}"
            )
        menu = tuple(canonical(bribe, "a bribe") for bribe in self.bribes)
        if any(not 1 <= len(bribe) <= MAX_BRIBE_CARDS for bribe in menu):
            raise RulesError(f"a bribe holds 1 to {MAX_BRIBE_CARDS} cards, got {excerpt(menu)}")
        if len(set(menu)) != len(menu):
            raise RulesError(f"the bribes on the menu must differ, got {excerpt(menu)}")
        object.__setattr__(self, "bribes", menu)
        object.__setattr__(self, "p_dirty", read_probability(self.p_dirty))
        if not isinstance(self.waiver_keeps_card, bool):
            raise RulesError("waiver_keeps_card is on or off (true/false)")
        if self.payoffs not in PAYOFFS:
            raise RulesError(f"payoffs is 'race' or 'own', got {excerpt(self.payoffs)}")

    @property
    def rank(self) -> int:
        """How many cards an inspection turns (the controller card's rank)."""
        return RANK[self.card]

    def convoy(self, dirty: bool) -> tuple[str, ...]:
        """The cards of a dirty or an honest convoy, in the engine's kind order."""
        illegal = self.illegal if dirty else 0
        return ("legal",) * (self.size - illegal) + ("illegal",) * illegal

    def hand(self, dirty: bool) -> tuple[str, ...]:
        """The smuggler's hand: ``size`` legal cards, what its menu needs, and a dirty load.

        Both hands hold the convoy's legal cards and, for every kind, as many
        cards as the biggest bribe on the menu that the hand may offer uses (an
        honest hand offers no bribe holding illegal goods); a dirty hand also
        holds the dirty convoy's ``illegal`` illegal cards.
        """
        needs = dict.fromkeys(KINDS, 0)
        for bribe in self.bribes:
            if dirty or "illegal" not in bribe:
                for kind in KINDS:
                    needs[kind] = max(needs[kind], bribe.count(kind))
        needs["legal"] += self.size
        needs["illegal"] += self.illegal if dirty else 0
        return tuple(kind for kind in KINDS for _ in range(needs[kind]))

    def variants(self) -> dict[str, Any]:
        """The fields that differ from the defaults, by record name (JSON values)."""
        default = ConvoyRules()
        out: dict[str, Any] = {}
        for field in fields(self):
            value = getattr(self, field.name)
            if field.name == "players" or value == getattr(default, field.name):
                continue
            if field.name == "p_dirty":
                value = str(value)
            elif field.name == "bribes":
                value = [list(bribe) for bribe in value]
            out[field.name] = value
        return out

    def __deepcopy__(self, memo: dict) -> ConvoyRules:
        return self  # frozen: a copy of a game (an OpenSpiel clone) shares its rules

    def to_json(self) -> dict[str, Any]:
        """``{"players": 2, "variants": {...}}`` as written into a record."""
        return {"players": self.players, "variants": self.variants()}

    @classmethod
    def from_json(cls, data: Any) -> ConvoyRules:
        """Read a record's ``rules`` object; raises ``RulesError`` saying what is wrong."""
        variants = read_variants(data)
        allowed = [field.name for field in fields(cls) if field.name != "players"]
        extra = sorted(set(map(str, variants)) - set(allowed))
        if extra:
            raise RulesError(f"unknown convoy variant(s) {excerpt(extra)}; allowed: {allowed}")
        values = dict(variants)
        if "bribes" in values and isinstance(values["bribes"], list):
            values["bribes"] = tuple(
                tuple(b) if isinstance(b, list) else b for b in values["bribes"]
            )
        return cls(players=data["players"], **values)
