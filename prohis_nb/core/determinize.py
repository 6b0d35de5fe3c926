"""``determinize(view, rng)``: a whole table drawn from what one seat knows.

A *determinization* of a seat's view is a complete game state (every card
in its place) that the seat could be sitting at: its view of the sample is
the view it was given. Drawn at random with the right probabilities, such
samples let a program plan under hidden information by planning on many
complete tables: Monte Carlo bots, OpenSpiel's ISMCTS
(:mod:`prohis_nb.openspiel`), a coach asking "what could they hold?".

The probabilities are the exact posterior *given the seat's whole history*:
a seat's view carries its knowledge (``view.knowledge``), built from
everything it saw, and the sample is drawn from it, under the model stated in
:mod:`prohis_nb.core.knowledge` (a uniform shuffle; every hidden choice any of
the physical cards alike). Each game says what its seats know and how the
sample is built: :mod:`prohis_nb.prohis.determinize` and
:mod:`prohis_nb.smuggle.determinize` (each game names its own in the
registry, :mod:`prohis_nb.core.registry`). A view given from outside is
checked once; one no game could show is refused with a
:class:`~prohis_nb.errors.ViewError`.

>>> import random
>>> from prohis_nb import Game
>>> game = Game(players=3, seed=4)
>>> sample = determinize(game.view(2), random.Random(0))
>>> sample.view(2) == game.view(2)
True
"""

from __future__ import annotations

import random

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing (~10 ms)
if TYPE_CHECKING:
    from typing import Any


def determinize(view: Any, rng: random.Random) -> Any:
    """A complete game consistent with ``view``, drawn from the seat's exact posterior.

    ``view``: a seat's view (``game.view(seat)``) of a game in progress, of
    any registered game (:mod:`prohis_nb.core.registry`: each game names its
    own ``determinize``); ``rng``: a ``random.Random``, the only randomness used
    (same view, same seed: same sample). Returns a game of the view's kind
    that can be played on to the end. Raises :class:`~prohis_nb.errors.ViewError`
    (also a ``TypeError`` and a ``ValueError``) for anything but a seat's view,
    a view no game could show, or a finished game.
    """
    from prohis_nb.core.registry import spec_of_view
    from prohis_nb.errors import ViewError

    try:
        spec = spec_of_view(view)
    except TypeError:
        raise ViewError(
            f"determinize needs a seat's view (game.view(seat)) of a registered game, got "
            f"{type(view).__name__}"
        ) from None
    return spec.load("determinize")(view, rng)
