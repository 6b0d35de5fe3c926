"""The rules of one Prohis game as a frozen, validated value.

``ProhisRules`` is to a game what ``GameInfo`` is to an OpenSpiel game: the
facts fixed before the first card is dealt. It is immutable and hashable, so it
can be shared between games, used as a dictionary key, and written into a
record (``rules.to_json()``) and read back (``ProhisRules.from_json``).

The variants are those of docs/rules.md, under their record names:

``pass_is_final``
    a player who passes is out for the rest of the game (000 translation).
``waiver_keeps_card``
    a controller who waives takes its played card back to hand (000 "Variation").
``bribe_rounds``
    how many bribes the smuggler may offer in one control (1 by default); each
    new offer must differ from those already rejected.
``full_box``
    play with the full box whatever the player count.

A custom ``deck`` (counts by kind) makes short games for lessons; it holds at
most ``MAX_DECK_CARDS`` (1,000) cards in all.
"""

from __future__ import annotations

from collections.abc import Mapping

from prohis_nb.core.limits import MAX_DECK_CARDS
from prohis_nb.errors import RulesError, excerpt
from prohis_nb.prohis.cards import KINDS, standard_deck

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing (~10 ms)

if TYPE_CHECKING:
    from typing import Any

#: The variants and their default (off) values.
VARIANT_DEFAULTS: dict[str, Any] = {
    "pass_is_final": False,
    "waiver_keeps_card": False,
    "bribe_rounds": 1,
    "full_box": False,
}

#: The largest number of bribe offers accepted by ``bribe_rounds`` (a sanity bound).
MAX_BRIBE_ROUNDS = 20


class ProhisRules:
    """Player count, variants and (optionally) a custom deck: frozen and validated.

    >>> ProhisRules(players=4).deck_counts()["legal"]
    40
    >>> ProhisRules(players=4, bribe_rounds=2).to_json()
    {'players': 4, 'variants': {'bribe_rounds': 2}}

    (A hand-written frozen class rather than a dataclass: ``dataclasses``
    alone would double the time ``import prohis_nb`` takes.)
    """

    __slots__ = (
        "players",
        "pass_is_final",
        "waiver_keeps_card",
        "bribe_rounds",
        "full_box",
        "deck",
    )

    players: int
    pass_is_final: bool
    waiver_keeps_card: bool
    bribe_rounds: int
    full_box: bool
    #: A custom deck as ``((kind, count), ...)`` in the fixed kind order, or None.
    deck: tuple[tuple[str, int], ...] | None

    def __init__(
        self,
        players: int = 4,
        pass_is_final: bool = False,
        waiver_keeps_card: bool = False,
        bribe_rounds: int = 1,
        full_box: bool = False,
        deck: Any = None,
    ) -> None:
        if isinstance(players, bool) or not isinstance(players, int) or not 3 <= players <= 6:
            raise RulesError(f"players must be a whole number from 3 to 6, got {excerpt(players)}")
        for name, value in (
            ("pass_is_final", pass_is_final),
            ("waiver_keeps_card", waiver_keeps_card),
            ("full_box", full_box),
        ):
            if not isinstance(value, bool):
                raise RulesError(f"variant {name} is on or off (true/false), got {excerpt(value)}")
        if isinstance(bribe_rounds, bool) or not isinstance(bribe_rounds, int):
            raise RulesError(
                f"variant bribe_rounds is a whole number of offers, got {excerpt(bribe_rounds)}"
            )
        if not 1 <= bribe_rounds <= MAX_BRIBE_ROUNDS:
            raise RulesError(
                f"variant bribe_rounds must be from 1 to {MAX_BRIBE_ROUNDS} offers, "
                f"got {bribe_rounds}"
            )
        if deck is not None:
            deck = _validate_deck(deck, players)
        set_field = object.__setattr__
        set_field(self, "players", players)
        set_field(self, "pass_is_final", pass_is_final)
        set_field(self, "waiver_keeps_card", waiver_keeps_card)
        set_field(self, "bribe_rounds", bribe_rounds)
        set_field(self, "full_box", full_box)
        set_field(self, "deck", deck)

    def _fields(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"rules are frozen: make new ones with replace({name}=...)")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("rules are frozen")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ProhisRules):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        shown = [f"players={self.players}"]
        shown += [f"{name}={value!r}" for name, value in self.variants.items()]
        if self.deck is not None:
            shown.append(f"deck={dict(self.deck)!r}")
        return f"ProhisRules({', '.join(shown)})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (ProhisRules, self._fields())

    def replace(self, **changes: Any) -> ProhisRules:
        """New rules with some fields changed: ``rules.replace(bribe_rounds=2)``."""
        values = {name: getattr(self, name) for name in self.__slots__}
        unknown = set(changes) - set(values)
        if unknown:
            raise RulesError(
                f"unknown rules field(s) {excerpt(sorted(map(str, unknown)))}; fields: "
                f"{list(values)}"
            )
        values.update(changes)
        return ProhisRules(**values)

    # ------------------------------------------------------------ facts derived from the rules

    def deck_counts(self) -> dict[str, int]:
        """The cards in play, counts by kind (the custom deck, or the rulebook's)."""
        if self.deck is not None:
            return dict(self.deck)
        return standard_deck(self.players, self.full_box)

    @property
    def variants(self) -> dict[str, Any]:
        """The variants that differ from the default, by record name."""
        return {
            name: getattr(self, name)
            for name, default in VARIANT_DEFAULTS.items()
            if getattr(self, name) != default
        }

    # ------------------------------------------------------------ records

    def to_json(self) -> dict[str, Any]:
        """The ``rules`` object of a record."""
        out: dict[str, Any] = {"players": self.players, "variants": self.variants}
        if self.deck is not None:
            out["deck"] = dict(self.deck)
        return out

    @classmethod
    def from_json(cls, data: Any) -> ProhisRules:
        """Read a record's ``rules`` object; raises ``RulesError`` saying what is wrong."""
        if not isinstance(data, Mapping):
            raise RulesError(
                f"rules must be an object with players and variants, got {excerpt(data)}"
            )
        unknown = set(data) - {"players", "variants", "deck"}
        if unknown:
            raise RulesError(
                f"unknown key(s) in rules: {excerpt(sorted(map(str, unknown)))}; allowed: "
                "players, variants, deck"
            )
        if "players" not in data:
            raise RulesError("rules.players is missing: give the number of players, 3 to 6")
        variants = data.get("variants", {})
        if variants is None:
            variants = {}
        if not isinstance(variants, Mapping):
            raise RulesError(f"rules.variants must be an object, got {excerpt(variants)}")
        unknown = set(variants) - set(VARIANT_DEFAULTS)
        if unknown:
            raise RulesError(
                f"unknown variant(s) {excerpt(sorted(map(str, unknown)))}; the variants are "
                f"{', '.join(VARIANT_DEFAULTS)}"
            )
        deck = data.get("deck")
        if deck is not None:
            if not isinstance(deck, Mapping):
                raise RulesError(
                    f"rules.deck must be an object of counts by kind, got {excerpt(deck)}"
                )
            deck = tuple(deck.items())
        return cls(players=data["players"], deck=deck, **variants)


def _validate_deck(deck: Any, players: int) -> tuple[tuple[str, int], ...]:
    """Check a custom deck and return it in canonical form (every kind, fixed order)."""
    try:
        items = dict(deck)
    except (TypeError, ValueError):
        raise RulesError(f"a custom deck is counts by kind, got {excerpt(deck)}") from None
    unknown = set(items) - set(KINDS)
    if unknown:
        raise RulesError(
            f"unknown card kind(s) {excerpt(sorted(map(str, unknown)))} in deck; kinds are {KINDS}"
        )
    counts = {}
    for kind in KINDS:
        count = items.get(kind, players if kind in ("captain", "inspector") else 0)
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise RulesError(
                f"deck count of {kind} must be a whole number ≥ 0, got {excerpt(count)}"
            )
        counts[kind] = count
    total = sum(counts.values())
    if total > MAX_DECK_CARDS:
        raise RulesError(
            f"a custom deck holds at most {MAX_DECK_CARDS:,} cards in all (the full box has "
            f"108), got {total:,}"
            if total < 10**15
            else f"a custom deck holds at most {MAX_DECK_CARDS:,} cards in all (the full box "
            f"has 108), got {excerpt(total)}"
        )
    for kind in ("captain", "inspector"):
        if counts[kind] != players:
            raise RulesError(
                f"the deck must hold exactly one {kind} per player ({players}), got "
                f"{counts[kind]}: every player starts with one captain and one inspector"
            )
    return tuple(counts.items())


def check_deal(rules: ProhisRules) -> None:
    """Refuse a deck too small for a dealt game (4 cards to each player and a row of 4).

    A stacked table may hold any deck (a late-game lesson has few cards left);
    a seeded deal needs enough goods and lieutenants to deal.
    """
    deck = rules.deck_counts()
    stock = deck["legal"] + deck["illegal"] + deck["lieutenant"]
    needed = 4 * rules.players + 4
    if stock < needed:
        raise RulesError(
            f"the deck's goods and lieutenants ({stock}) cannot deal 4 cards to each of "
            f"{rules.players} players and fill the row of 4: at least {needed} are needed"
        )
