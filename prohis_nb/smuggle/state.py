"""The Smuggle position as one value: what copies, pickles, undo and ``determinize`` move.

:class:`SmuggleState` is a :class:`~prohis_nb.smuggle.game.SmuggleGame`'s
position, frozen (``game.state()``; ``SmuggleGame.from_state`` rebuilds a
game from one), in the manner of python-chess's ``_BoardState``. Nothing
outside the game class sets the game's attributes.

:class:`SearchShown` (the last hand searched, shown to everyone) lives here
too: the game, its log and its views all name it, and none of them needs the
others for it. :class:`SmuggleTable` lists what the views read of a game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

if TYPE_CHECKING:
    from prohis_nb.core.game import Decision
    from prohis_nb.smuggle.rules import SmuggleRules


class SearchShown(NamedTuple):
    """The last hand searched this round, shown to everyone.

    ``how``: ``"officer"`` (a search), ``"informer"`` or ``"challenge"`` (of an
    immunity claim); ``truth``: the declaration was the complete truth.
    """

    searcher: int
    holder: int
    cards: tuple[str, ...]
    how: str
    truth: bool

    def to_json(self) -> dict[str, Any]:
        return {**self._asdict(), "cards": list(self.cards)}


@dataclass(frozen=True, slots=True)
class SmuggleState:
    """Everything the rules need to play on from one moment (the position, not its history)."""

    packs: tuple[tuple[str, ...], ...]  #: each round's pack as shuffled, top card first
    money: tuple[int, ...]  #: each seat's money
    round: int  #: the round (one per player; the Officer is seat ``round``)
    officer: int  #: the Customs Officer of this round
    phase: str  #: declare, officer, receiver, discard, or ended
    pack: tuple[str, ...]  #: what is left of this round's pack, top card last
    discards: tuple[str, ...]  #: this round's discard pile
    hand: tuple[str, ...]  #: the hand in play, in the order drawn
    holder: int | None  #: who holds it
    receiver: int | None  #: who it is passed to
    declared: tuple[str, ...] | None  #: what was declared for it
    immunity: bool  #: Diplomatic Immunity was claimed
    last_search: SearchShown | None  #: the last hand shown this round


class SmuggleTable(Protocol):
    """What the views read of a Smuggle game (a :class:`SmuggleGame`)."""

    players: int
    rules: SmuggleRules
    money: list[int]
    round: int
    officer: int
    phase: str
    pack: list[str]
    discards: list[str]
    hand: list[str]
    holder: int | None
    receiver: int | None
    declared: tuple[str, ...] | None
    immunity: bool
    last_search: SearchShown | None

    @property
    def ended(self) -> bool: ...

    @property
    def to_act(self) -> int | None: ...

    @property
    def decision(self) -> Decision | None: ...

    def legal_actions(self) -> tuple[Any, ...]: ...

    def scores(self) -> list[int]: ...

    def winners(self) -> list[int]: ...
