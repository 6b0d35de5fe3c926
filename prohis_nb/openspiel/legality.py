"""Every action id an OpenSpiel state of these games is given is checked: refused if not offered.

OpenSpiel's ``state.apply_action(a)`` trusts the game to check ``a`` (its C++
games check only in ``apply_action_with_legality_check``). Without a check, a
chance outcome that cannot happen would be dealt, and an unknown id would
crash the adapter or, worse, be added to a composition in progress. Every
adapter's ``_apply_action`` calls :func:`check_offered` first, so a refused
action leaves the state exactly as it was.
"""

from __future__ import annotations

from typing import Any

import pyspiel

from prohis_nb.errors import IllegalActionError, excerpt


class OpenSpielActionError(pyspiel.SpielError, IllegalActionError):
    """An action id that is not offered at a state: refused, the state unchanged.

    It is OpenSpiel's ``pyspiel.SpielError`` (what OpenSpiel's own games
    raise for an illegal action, with ``apply_action_with_legality_check``),
    hence a ``RuntimeError``, and the project's
    :class:`~prohis_nb.errors.IllegalActionError` (a ``ValueError``, as
    OpenSpiel's Python games raise); ``allowed`` holds the ids offered.
    """

    def __init__(self, message: str, allowed: tuple[int, ...] = ()) -> None:
        IllegalActionError.__init__(self, message, allowed)


def offered_actions(state: Any) -> list[int]:
    """The action ids ``state`` offers now: chance outcomes, the legal actions, or none."""
    player = state.current_player()
    if player == pyspiel.PlayerId.CHANCE:
        return [outcome for outcome, _ in state.chance_outcomes()]
    if player < 0:  # terminal
        return []
    return list(state._legal_actions(player))


def check_offered(state: Any, action: Any) -> int:
    """``action`` as an ``int`` if ``state`` offers it; else :class:`OpenSpielActionError`."""
    name = state.get_game().get_type().short_name
    allowed = offered_actions(state)
    if isinstance(action, int) and not isinstance(action, bool) and action in allowed:
        return int(action)
    player = state.current_player()
    if player == pyspiel.PlayerId.TERMINAL:
        raise OpenSpielActionError(
            f"{name}: the game is over, no action can be applied (got {excerpt(action)})"
        )
    listed = ", ".join(f"{a} ({state._action_to_string(player, a)})" for a in allowed)
    if player == pyspiel.PlayerId.CHANCE:
        what = f"{excerpt(action)} is not a chance outcome offered here"
        offered = f"the outcomes offered are {listed}"
    else:
        size = state.get_game().num_distinct_actions()
        what = f"seat {player} cannot play {excerpt(action)} here (action ids are 0-{size - 1})"
        offered = f"its legal actions are {listed}"
    raise OpenSpielActionError(
        f"{name}: {what}; {offered}. The state is unchanged.", tuple(allowed)
    )
