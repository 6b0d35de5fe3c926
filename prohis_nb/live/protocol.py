"""The messages between the class server and a student's page (docs/live.md, "Protocol").

Everything a student's socket receives is built here, and everything about
the game in it comes from **one** function, :func:`seat_state`, which reads
``game.view(seat)`` and nothing else of the game: the seat's view as JSON
(``view.to_json()``), the table drawn from that JSON by the game's renderer
(the same HTML the widgets show), and the seat's legal actions as controls.
There is no other path: no record, no seed, no setup, no undo history, no
teacher's view ever reaches a student (boardgame.io's issues #1159 and #399
were exactly such side paths).

The server's other messages carry no game data at all: a welcome, a waiting
notice, an acknowledgement, a refusal of the student's own action, the end.
Messages are compact JSON with keys in a fixed order and no clock time, so
two classes played alike send identical bytes (tests/live checks this).

Client messages are small JSON objects, checked here (:func:`parse_client`)
before anything else reads them.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from prohis_nb.core.legal import group_by_act, legal_actions_json

#: The largest message a client may send (bytes); larger ones close the socket.
MAX_CLIENT_MESSAGE = 16_384
#: The longest display name (characters, after trimming).
MAX_NAME = 40
#: Message types a student's page may send.
CLIENT_TYPES = ("hello", "act", "ping")


class ProtocolError(ValueError):
    """A client message that is not one the protocol allows (the text says what is allowed)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def dumps(message: Mapping[str, Any]) -> str:
    """One message as compact JSON text (keys in the order built)."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


# ---------------------------------------------------------------- from the client


def parse_client(text: str | bytes) -> dict[str, Any]:
    """A client's message, checked: a JSON object with a known ``type`` and its fields.

    Raises :class:`ProtocolError` (with a short ``code``) saying what was
    wrong and what is allowed. The action inside an ``act`` message is only
    checked for shape here; the engine decides whether it is legal.
    """
    if isinstance(text, bytes):
        if len(text) > MAX_CLIENT_MESSAGE:
            raise ProtocolError("too_large", f"a message is at most {MAX_CLIENT_MESSAGE} bytes")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise ProtocolError("bad_json", "a message is UTF-8 JSON text") from None
    if len(text) > MAX_CLIENT_MESSAGE:
        raise ProtocolError("too_large", f"a message is at most {MAX_CLIENT_MESSAGE} bytes")
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise ProtocolError(
            "bad_json", 'a message is one JSON object, e.g. {"type": "ping"}'
        ) from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_message", "a message is a JSON object with a type")
    kind = data.get("type")
    if kind not in CLIENT_TYPES:
        raise ProtocolError(
            "bad_type", f"unknown message type; the types are {', '.join(CLIENT_TYPES)}"
        )
    if kind == "hello":
        _only(data, ("type", "token"))
        if not isinstance(data.get("token"), str):
            raise ProtocolError("bad_message", "hello carries the seat token: {type, token}")
    elif kind == "act":
        _only(data, ("type", "seq", "action", "screen"))
        seq = data.get("seq")
        if isinstance(seq, bool) or not isinstance(seq, int) or not 0 <= seq < 10**9:
            raise ProtocolError(
                "bad_message",
                "act carries seq, the number of actions of the game you saw (a whole number)",
            )
        screen = data.get("screen", 0)
        if isinstance(screen, bool) or not isinstance(screen, int) or not 0 <= screen < 2**53:
            raise ProtocolError(
                "bad_message", "screen is the state's screen the move was chosen on (a number)"
            )
        action = data.get("action")
        if not isinstance(action, dict) or not isinstance(action.get("act"), str):
            raise ProtocolError(
                "bad_message", 'act carries an action in a record\'s form, e.g. {"act": "pass"}'
            )
        _check_depth(action, 0)
    else:
        _only(data, ("type",))
    return data


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _only(data: Mapping[str, Any], keys: Sequence[str]) -> None:
    extra = [k for k in data if k not in keys]
    if extra:
        raise ProtocolError(
            "bad_message",
            f"a {data['type']} message has only the fields {', '.join(keys)}",
        )


def _check_depth(value: Any, depth: int) -> None:
    if depth > 4:
        raise ProtocolError("bad_message", "an action is nested at most 4 levels deep")
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                raise ProtocolError("bad_message", "an action's keys are strings")
            _check_depth(item, depth + 1)
    elif isinstance(value, list):
        if len(value) > 64:
            raise ProtocolError("bad_message", "an action lists at most 64 items")
        for item in value:
            _check_depth(item, depth + 1)


def clean_name(value: object) -> str:
    """A display name as shown: trimmed, control characters removed, at most :data:`MAX_NAME`."""
    if not isinstance(value, str):
        raise ProtocolError("bad_name", "a name is text")
    text = "".join(c if c.isprintable() else " " for c in value)
    text = " ".join(text.split())[:MAX_NAME]
    if not text:
        raise ProtocolError("bad_name", f"enter a name (1 to {MAX_NAME} characters)")
    return text


# ---------------------------------------------------------------- to the client


def seat_state(
    game: Any,
    seat: int,
    renderer: Any,
    *,
    round_number: int,
    rounds: int,
    table_number: int,
    seats: Sequence[Mapping[str, Any]],
    paused: bool,
    screen: int | None = None,
) -> str:
    """The ``state`` message for ``seat``: the one path by which game data leaves the server.

    ``seats`` says who sits where (``{"who": "you" | "student" | "bot",
    "standin": bool}``): nothing of the game. Everything else is read from
    ``game.view(seat)``. ``screen`` names the table (its id in the class's
    database): a move echoes it, so a move chosen at one table is never taken
    at another whose ``seq`` happens to be the same.
    """
    from prohis_nb.widgets.render import render_table

    view = game.view(seat)
    data = view.to_json()
    return dumps(
        {
            "type": "state",
            "round": round_number,
            "rounds": rounds,
            "table": table_number,
            "seat": seat,
            "seq": len(game.actions),
            "screen": screen,
            "paused": paused,
            "seats": list(seats),
            "view": data,
            "board": render_table(data, renderer, seat, style=False),
            "controls": controls(view.legal_actions, data, renderer),
        }
    )


def controls(legal: Sequence[Any], view: Mapping[str, Any], renderer: Any) -> dict[str, Any]:
    """The seat's legal actions as the page draws them: groups of buttons and composers.

    ``{"groups": [...], "cards": {kind: {"name", "colour", "picture"}}}``: the
    cards the composers offer, drawn by the renderer. Every group has a
    ``heading``, ``buttons`` (``label`` and the ``action`` in a record's form)
    and ``composers``, built from the legal actions and the seat's view only,
    as the widgets' ``ActionPanel`` builds its own:

    * ``{"kind": "cards", "act", "ordered", "send", "hand", "choices"}``:
      pick cards from the hand one by one (a convoy: ``ordered``); ``choices``
      are the legal card lists, and only they can be sent;
    * ``{"kind": "counts", "act", "send", "up_to", "except", "count"}``: a
      bribe, "+" and "−" per kind (the family's own description: any set with
      at most ``up_to[kind]`` of each kind, at least one card, none of
      ``except``);
    * ``{"kind": "items", "act", "field", "send", "kinds", "choices"}``: a
      declaration, "+" and "−" per kind; ``choices`` maps each legal multiset
      (its items sorted, joined by ``,``) to its words and duty.
    """
    if not legal:
        return {"groups": [], "cards": {}}
    entries = legal_actions_json(legal)
    families = {e["act"]: e for e in entries if "up_to" in e}
    card_acts = getattr(renderer, "card_acts", {})
    item_acts = getattr(renderer, "item_acts", {})
    groups: dict[str, dict[str, Any]] = {}
    for act, actions in group_by_act(legal).items():
        heading = renderer.act_heading(act)
        group = groups.setdefault(heading, {"heading": heading, "buttons": [], "composers": []})
        send = renderer.send_labels.get(act, act.replace("_", " ").capitalize())
        if act in families:
            family = families[act]
            group["composers"].append(
                {
                    "kind": "counts",
                    "act": act,
                    "send": send,
                    "up_to": family["up_to"],
                    "except": family.get("except", []),
                    "count": family.get("count"),
                }
            )
        elif act in item_acts and hasattr(actions[0], item_acts[act]):
            field = item_acts[act]
            describe = getattr(renderer, "describe_items", None)
            choices: dict[str, str] = {}
            kinds: dict[str, None] = {}
            for action in actions:
                items = list(getattr(action, field))
                kinds.update(dict.fromkeys(items))
                key = ",".join(sorted(items))
                choices[key] = describe(act, items, view) if describe else ", ".join(items)
            group["composers"].append(
                {
                    "kind": "items",
                    "act": act,
                    "field": field,
                    "send": send,
                    "kinds": list(kinds),
                    "choices": choices,
                    "empty": renderer.action_label(
                        next(a for a in actions if not getattr(a, field)), view
                    )
                    if any(not getattr(a, field) for a in actions)
                    else None,
                }
            )
        elif act in card_acts and hasattr(actions[0], "cards"):
            ordered = bool(card_acts[act])
            group["composers"].append(
                {
                    "kind": "cards",
                    "act": act,
                    "ordered": ordered,
                    "send": send,
                    "hand": list(view.get("hand", ())),
                    "choices": [list(a.cards) for a in actions],
                }
            )
        else:
            for action in actions:
                group["buttons"].append(
                    {"label": renderer.action_label(action, view), "action": action.to_json()}
                )
    kinds_used: dict[str, None] = {}
    for group in groups.values():
        for composer in group["composers"]:
            if composer["kind"] == "counts":
                kinds_used.update(dict.fromkeys(composer["up_to"]))
            elif composer["kind"] == "items":
                kinds_used.update(dict.fromkeys(composer["kinds"]))
            else:
                kinds_used.update(dict.fromkeys(composer["hand"]))
    cards = {
        kind: {
            "name": renderer.card_name(kind),
            "colour": renderer.card_colour(kind),
            "picture": renderer.card(kind, small=True),
        }
        for kind in kinds_used
    }
    return {"groups": list(groups.values()), "cards": cards}


def message(kind: str, **fields: Any) -> str:
    """Any other server message: ``{"type": kind, ...fields}``."""
    return dumps({"type": kind, **fields})
