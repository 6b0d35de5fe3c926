"""Legal actions that are too many to list: described compactly, computed on demand.

Most decisions have a handful of legal actions, and a game returns them as a
plain tuple. A few have a number that grows with the cards in hand: a Prohis
bribe may be *any* non-empty set of the smuggler's cards, so a hand of ``c_k``
cards of each kind ``k`` offers ``(c_1 + 1)(c_2 + 1)...(c_5 + 1) - 1`` bribes.
A stacked table can put hundreds of cards in one hand, and listing every
bribe would then take minutes and gigabytes. This module keeps such a
decision cheap without changing what ``legal_actions()`` promises:

* an :class:`ActionFamily` is a read-only sequence of many actions of one act,
  defined by a short rule (for a bribe: "at most this many cards of each kind,
  except these offers"). Its length is a product, item ``i`` is decoded from
  ``i`` on demand, and membership is a check of the rule: none of them lists
  the family;
* :class:`LegalActions` chains plain actions and families into one sequence
  (``len``, indexing, slicing, iteration, ``in``), and :attr:`LegalActions.lookup`
  is the mapping the engine uses to find its own instance of a legal action;
* :func:`group_by_act` and :func:`legal_actions_json` let clients (views,
  widgets, the command line) handle a family as one entry.

A plain tuple of actions works with every function here too.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterator, Mapping, Sequence

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing (~10 ms)
if TYPE_CHECKING:
    from typing import Any


class ActionFamily(Sequence):
    """Many legal actions of one act, described by a rule and decoded on demand.

    Subclasses set :attr:`act` and implement ``__len__``, :meth:`_item` (action
    ``i``, ``0 <= i < len``), :meth:`get` (the family's own instance of an
    action equal to the one given, or ``None``) and :meth:`to_json` (the
    compact description views print). Iteration and ``in`` never list the
    family: ``in`` is :meth:`get`.
    """

    __slots__ = ()

    #: The act every action of the family has (``"bribe"``).
    act: str = ""

    @abstractmethod
    def __len__(self) -> int: ...

    @abstractmethod
    def _item(self, index: int) -> Any:
        """Action ``index`` (already checked to be in range)."""

    @abstractmethod
    def get(self, action: Any, default: Any = None) -> Any:
        """The family's instance of ``action`` if it belongs to the family, else ``default``."""

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """A short description of the whole family, as JSON data."""

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):  # a slice lists its actions: keep slices short
            return tuple(self._item(i) for i in range(*index.indices(len(self))))
        size = len(self)
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError(f"legal action {index} out of range (there are {size})")
        return self._item(index)

    def __contains__(self, action: object) -> bool:
        return self.get(action) is not None

    def __iter__(self) -> Iterator[Any]:
        for index in range(len(self)):
            yield self._item(index)

    def __bool__(self) -> bool:
        return len(self) > 0


class LegalActions(Sequence):
    """The legal actions of one decision: plain actions and families, in order.

    ``parts`` is a sequence of parts, each a tuple of actions or an
    :class:`ActionFamily`. Behaves as the tuple of every action in order
    would (``len``, ``[i]``, slices, iteration, ``in``) at a cost that does not
    grow with the size of a family. An empty part (a family with no member left,
    such as the bribes of a smuggler whose every offer was rejected) is dropped,
    so that no client is offered an act with nothing in it.
    """

    __slots__ = ("parts", "_sizes", "_plain", "lookup")

    def __init__(self, parts: Sequence[Sequence[Any]]) -> None:
        self.parts = tuple(p if isinstance(p, ActionFamily) else tuple(p) for p in parts if len(p))
        self._sizes = tuple(len(p) for p in self.parts)
        self._plain = {a: a for p in self.parts if not isinstance(p, ActionFamily) for a in p}
        #: The engine's canonical-instance lookup (a read-only mapping action -> action).
        self.lookup = _Lookup(self)

    def get(self, action: Any, default: Any = None) -> Any:
        """The engine's own instance of ``action`` if it is legal, else ``default``."""
        try:
            found = self._plain.get(action)
        except TypeError:  # not hashable (a mapping): not one of ours
            return default
        if found is not None:
            return found
        for part in self.parts:
            if isinstance(part, ActionFamily):
                found = part.get(action)
                if found is not None:
                    return found
        return default

    def __len__(self) -> int:
        return sum(self._sizes)

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):  # a slice lists its actions: keep slices short
            return tuple(self[i] for i in range(*index.indices(len(self))))
        if index < 0:
            index += len(self)
        if index >= 0:
            for part, size in zip(self.parts, self._sizes):
                if index < size:
                    return part[index]
                index -= size
        raise IndexError("legal action index out of range")

    def __iter__(self) -> Iterator[Any]:
        for part in self.parts:
            yield from part

    def __contains__(self, action: object) -> bool:
        return self.get(action) is not None

    def __bool__(self) -> bool:
        return any(self._sizes)

    def __eq__(self, other: object) -> bool:
        # Equal when built from equal parts (two views of the same decision compare equal).
        return isinstance(other, LegalActions) and self.parts == other.parts

    def __hash__(self) -> int:
        return hash(self.parts)

    def __repr__(self) -> str:
        shown = ", ".join(
            f"<{len(p)} {p.act} actions>" if isinstance(p, ActionFamily) else repr(p)[1:-1]
            for p in self.parts
        )
        return f"LegalActions({shown})"

    def by_act(self) -> dict[str, Sequence[Any]]:
        """The actions grouped by act, in order; a family stays one (lazy) group."""
        groups: dict[str, Any] = {}
        for part in self.parts:
            if isinstance(part, ActionFamily):
                groups[part.act] = part
                continue
            for action in part:
                groups.setdefault(action.act, []).append(action)
        return groups

    def to_json(self) -> list[dict[str, Any]]:
        """Every plain action's record form; one compact entry per family."""
        out: list[dict[str, Any]] = []
        for part in self.parts:
            if isinstance(part, ActionFamily):
                out.append(part.to_json())
            else:
                out.extend(action.to_json() for action in part)
        return out


class _Lookup(Mapping):
    """``LegalActions`` as the mapping ``GameBase`` expects: each legal action to itself."""

    __slots__ = ("_legal",)

    def __init__(self, legal: LegalActions) -> None:
        self._legal = legal

    def get(self, action: Any, default: Any = None) -> Any:
        return self._legal.get(action, default)

    def __getitem__(self, action: Any) -> Any:
        found = self._legal.get(action)
        if found is None:
            raise KeyError(action)
        return found

    def __contains__(self, action: object) -> bool:
        return self._legal.get(action) is not None

    def __iter__(self) -> Iterator[Any]:
        return iter(self._legal)

    def __len__(self) -> int:
        return len(self._legal)


def group_by_act(legal: Sequence[Any]) -> dict[str, Sequence[Any]]:
    """The legal actions by act, in the order the acts first appear.

    A family (many actions described by a rule, see :class:`ActionFamily`)
    stays one group, never listed.
    """
    if isinstance(legal, LegalActions):
        return legal.by_act()
    groups: dict[str, list[Any]] = {}
    for action in legal:
        groups.setdefault(action.act, []).append(action)
    return dict(groups)  # typed as the LegalActions' groups (read-only sequences)


def legal_actions_json(legal: Sequence[Any]) -> list[dict[str, Any]]:
    """The legal actions as views print them: records' form, one entry per family."""
    if isinstance(legal, LegalActions):
        return legal.to_json()
    return [action.to_json() for action in legal]
