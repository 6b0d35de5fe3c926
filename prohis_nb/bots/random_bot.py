"""RandomBot: a uniformly random legal action, for any game.

The baseline every other bot is measured against, and the fastest player
there is: it never reads its view (``uses_view = False``), so the runner does
not build one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from prohis_nb.bots.base import Bot


class RandomBot(Bot):
    """Chooses uniformly among the legal actions with its own seeded generator.

    >>> RandomBot(seed=1).choose(None, ("a", "b", "c"))
    'a'
    """

    default_name = "random"
    games: ClassVar[tuple[str, ...] | None] = None  # any game
    uses_view = False

    def choose(self, view: Any, legal_actions: Sequence[Any]) -> Any:
        return self.rng.choice(legal_actions)
