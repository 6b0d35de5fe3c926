"""Game records: what PGN is to chess (docs/records.md).

A record is a small JSON object: the format, the game, the rules, the setup
(a seed or a stacked table) and every decision taken. ``Record`` reads and
writes it and replays it into a game; the game classes never see JSON text.

>>> record = Record.loads('{"format": "prohis-record/1", "game": "prohis", '
...     '"rules": {"players": 4, "variants": {}}, "setup": {"seed": 7}, "actions": []}')
>>> record.replay().to_act
2

Replaying is lenient about *forced steps* (decisions with a single legal
action), in both directions, as docs/records.md asks:

* a step every seat can tell is forced (the ``inspect`` owed after a rejected
  bribe, the last ``turn`` of an inspection) is taken by the engine and not
  recorded; a record that writes it out anyway is read as if it had not;
* a step forced only by hidden cards (an opponent with no controller card can
  only ``decline``) is asked and recorded like any other decision, but records
  written before this rule left it out: when the next recorded action is not
  allowed and the seat to act has a single legal action, that action is taken
  first, as the engine of that time did.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from prohis_nb.core import registry
from prohis_nb.core.limits import MAX_RECORD_BYTES, MAX_SEED, check_tree, parse_json
from prohis_nb.errors import IllegalActionError, ProhisNbError, RecordError, excerpt

ENVELOPE_KEYS = ("format", "game", "rules", "setup", "actions")


#: The UTF-8 byte-order mark, as bytes: what Windows Notepad puts before "UTF-8" text.
UTF8_BOM = b"\xef\xbb\xbf"


def without_bom(text: Any) -> Any:
    """``text`` (``str`` or UTF-8 ``bytes``) without one leading byte-order mark.

    RFC 8259 lets a JSON reader ignore it, and records saved by Notepad
    begin with one. Anything else is returned as it is (the parser judges it).
    """
    if isinstance(text, bytes | bytearray) and text[:3] == UTF8_BOM:
        return bytes(text[3:])
    if isinstance(text, str) and text[:1] == "\ufeff":
        return text[1:]
    return text


def game_classes() -> dict[str, Any]:
    """The games a record may hold: their game classes by record format (from the registry)."""
    return {spec.record_format: spec.game_class for spec in registry.specs()}


@dataclass
class Record:
    """One game written down: format, game, rules, setup and actions (JSON-ready)."""

    format: str
    game: str
    rules: dict[str, Any]
    setup: dict[str, Any]
    actions: list[dict[str, Any]] = field(default_factory=list)
    #: Extra keys found in the file (kept when the record is written again).
    extra: dict[str, Any] = field(default_factory=dict)

    # ------------------------------------------------------------ reading

    @classmethod
    def from_json(cls, data: Any) -> Record:
        """Check the envelope of a parsed record; raises ``RecordError`` saying what is wrong."""
        if not isinstance(data, Mapping):
            raise RecordError(f"a record is a JSON object, got {type(data).__name__}")
        check_tree(data)
        missing = [key for key in ENVELOPE_KEYS if key not in data]
        if missing:
            raise RecordError(
                f"the record lacks {', '.join(missing)}; a record has {', '.join(ENVELOPE_KEYS)}"
            )
        fmt = data["format"]
        spec = registry.spec_for_format(fmt)  # an unknown format: UnknownGameError (RecordError)
        if data["game"] != spec.name:
            raise RecordError(
                f"format {fmt!r} is a record of {spec.name!r}, but game says "
                f"{excerpt(data['game'])}"
            )
        if not isinstance(data["rules"], Mapping):
            raise RecordError(
                f"rules must be an object with players and variants, got {excerpt(data['rules'])}"
            )
        if not isinstance(data["setup"], Mapping):
            raise RecordError(
                f"setup must be {{'seed': N}} or a stacked table, got {excerpt(data['setup'])}"
            )
        actions = data["actions"]
        if not isinstance(actions, list | tuple):
            raise RecordError(f"actions must be a list of actions, got {excerpt(actions)}")
        for index, action in enumerate(actions):
            if not isinstance(action, Mapping):
                raise RecordError(
                    f"action {index}: an action is an object with seat and act, "
                    f"got {excerpt(action)}",
                    index=index,
                )
        extra = {k: v for k, v in data.items() if k not in ENVELOPE_KEYS}
        return cls(
            format=fmt,
            game=data["game"],
            rules=dict(data["rules"]),
            setup=dict(data["setup"]),
            actions=[dict(a) for a in actions],
            extra=extra,
        )

    @classmethod
    def loads(cls, text: str | bytes) -> Record:
        """Parse a record from JSON text (or UTF-8 bytes), within the limits of docs/records.md.

        A leading UTF-8 byte-order mark (Windows Notepad writes one) is skipped.
        """
        return cls.from_json(parse_json(without_bom(text), check=False))  # from_json checks it

    @classmethod
    def load(cls, path: str | Path) -> Record:
        """Read a record file (UTF-8 JSON, at most ``MAX_RECORD_BYTES``)."""
        try:
            with open(path, "rb") as handle:
                data = handle.read(MAX_RECORD_BYTES + 1)
        except (OSError, TypeError, ValueError) as error:
            reason = getattr(error, "strerror", None) or "not a file name"
            raise RecordError(f"cannot read the record {excerpt(str(path))}: {reason}") from None
        return cls.loads(data)

    # ------------------------------------------------------------ writing

    def to_json(self) -> dict[str, Any]:
        """The record as a JSON-ready object, keys in docs/records.md's order."""
        return {
            "format": self.format,
            "game": self.game,
            "rules": self.rules,
            "setup": self.setup,
            "actions": self.actions,
            **self.extra,
        }

    def dumps(self, indent: int | None = None) -> str:
        """JSON text. With no indent, one action per line (easy to read and to diff)."""
        if indent is not None:
            return json.dumps(self.to_json(), indent=indent)
        head = {k: v for k, v in self.to_json().items() if k != "actions"}
        lines = [json.dumps(head)[:-1] + ', "actions": [']
        body = [json.dumps(action) for action in self.actions]
        lines.append(",\n".join("  " + line for line in body))
        lines.append("]}")
        return "\n".join(lines) + "\n"

    def save(self, path: str | Path, *, overwrite: bool = True) -> Path:
        """Write the record to a file, atomically; return its path.

        A notebook name (``.ipynb``) is always refused, and with
        ``overwrite=False`` so is an existing file (``SaveError``, see
        :mod:`prohis_nb.core.files`).
        """
        from prohis_nb.core.files import write_text

        return write_text(path, self.dumps(), overwrite=overwrite)

    def __str__(self) -> str:
        return self.dumps()

    # ------------------------------------------------------------ display

    def summary(self) -> str:
        """What a record shows of itself in a notebook: public facts only, and a warning.

        A record holds its setup, from which every hand can be rebuilt (a seed
        deals every card), and every action (a convoy's cards, a bribe's...):
        it holds every hand. So ``record`` typed alone in a cell shows the
        game, the number of players, the variants and how many decisions it
        holds, and says so; ``Stepper(record, seat=S)`` shows it from a seat,
        ``print(record)`` or ``record.dumps()`` the whole text.
        """
        rules = self.rules if isinstance(self.rules, dict) else {}
        players = rules.get("players")
        variants = rules.get("variants")
        named = ", ".join(sorted(map(str, variants))) if isinstance(variants, dict) else ""
        who = f"{players} players" if isinstance(players, int) else "players not given"
        how = "a seed" if "seed" in self.setup else "a stacked table"
        game = self.game if isinstance(self.game, str) and len(self.game) <= 40 else "?"
        fmt = self.format if isinstance(self.format, str) and len(self.format) <= 40 else "?"
        return (
            f"a {game} game ({fmt}) of {who}"
            f"{f', variants {named}' if named else ''}, dealt from {how}, with "
            f"{len(self.actions)} recorded decisions. It holds every hand (its setup "
            "rebuilds every card): the teacher's while the game is played. See it from one "
            "seat with Stepper(record, seat=S)."
        )

    def __repr__(self) -> str:
        return f"<Record: {self.summary()}>"

    def _repr_html_(self) -> str:
        import html

        return f"<div class='pnb-record'><b>Game record</b>: {html.escape(self.summary())}</div>"

    # ------------------------------------------------------------ replaying

    def new_game(self) -> Any:
        """The game at its start, before any action (the rules and setup checked)."""
        game_class = registry.spec_for_format(self.format).game_class
        rules = game_class.rules_type.from_json(self.rules)
        setup = self.setup
        if set(setup) == {"seed"}:
            seed = setup["seed"]
            if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
                # (``None`` would mean "draw a random seed" to a game's constructor:
                # a record always names the one game it holds.)
                raise RecordError(
                    f"setup.seed must be a whole number from 0 to {MAX_SEED:,}, got {excerpt(seed)}"
                )
            return game_class(rules, seed=seed)
        if "seed" in setup:
            raise RecordError(
                f"setup is either {{'seed': N}} alone or a stacked table, got keys "
                f"{excerpt(sorted(map(str, setup)))}"
            )
        return game_class(rules, table=setup)

    def replay(self, upto: int | None = None) -> Any:
        """Replay the first ``upto`` actions (all by default) and return the game.

        Raises ``RecordError`` (with ``index``, the position of the refused
        action) when an action is malformed or not allowed by the rules; the
        message says what was allowed instead.
        """
        if upto is None:
            upto = len(self.actions)
        if (
            isinstance(upto, bool)
            or not isinstance(upto, int)
            or not 0 <= upto <= len(self.actions)
        ):
            raise RecordError(
                f"upto must be from 0 to {len(self.actions)} (the number of actions), got "
                f"{excerpt(upto)}"
            )
        game = self.new_game()
        pending = list(game.forced_after(-1))
        for index in range(upto):
            pending = apply_recorded(game, self.actions[index], index, pending)
        return game


def apply_recorded(game: Any, data: Mapping[str, Any], index: int, pending: list[Any]) -> list:
    """Apply action ``index`` of a record; return the forced steps the engine then took.

    ``pending`` holds the forced steps taken since the previous recorded
    action: a record that writes one of them out is read as if it had not.
    """
    try:
        action = game._coerce_action(data)
    except IllegalActionError as error:
        raise RecordError(f"action {index}: {error}", index=index) from None
    if action in pending and not game.is_legal(action):
        return pending[pending.index(action) + 1 :]  # the engine already took this step
    if not game.is_legal(action) and take_left_out_steps(game, action):  # an older record
        pending = list(game.forced_after(len(game.actions) - 1))
        if action in pending and not game.is_legal(action):
            return pending[pending.index(action) + 1 :]
    try:
        game.apply(action)
    except ProhisNbError as error:
        raise RecordError(f"action {index}: {error}", index=index) from None
    return list(game.forced_after(len(game.actions) - 1))


def left_out_steps(game: Any, action: Any, limit: int = 1000) -> list[Any]:
    """The single-option decisions to take before ``action`` becomes legal, or ``[]``.

    A record written before hidden-forced steps were asked leaves them out:
    if taking the only legal action of each pending decision (on a copy of
    the game) reaches a state where ``action`` is legal (or where the engine
    has just taken ``action`` itself, a step the record writes out), those
    steps are returned. Otherwise ``[]``: the action is then refused at the
    state it was given at, with the usual message.
    """
    trial = game.copy()
    steps: list[Any] = []
    while len(steps) < limit and not trial.ended:
        legal = trial.legal_actions()
        if len(legal) != 1 or legal[0] == action:
            return []  # a real choice, or the step itself: nothing was left out here
        trial.apply(legal[0])
        steps.append(legal[0])
        if trial.is_legal(action) or action in trial.forced_after(len(trial.actions) - 1):
            return steps
    return []


def take_left_out_steps(game: Any, action: Any) -> list[Any]:
    """Take the single-option steps a record left out before ``action``; return them.

    ``action`` is an action or a mapping in the record's form. Nothing is
    taken (and ``[]`` returned) when ``action`` is legal already, malformed, or
    does not become legal by taking forced steps.
    """
    try:
        action = game._coerce_action(action)
    except ProhisNbError:
        return []
    if game.is_legal(action):
        return []
    steps = left_out_steps(game, action)
    for step in steps:
        game.apply(step)
    return steps


def load_record(source: str | Path | Mapping[str, Any] | Record) -> Record:
    """A record from a path, JSON text, a parsed object, or a record."""
    if isinstance(source, Record):
        return source
    if isinstance(source, Mapping):
        return Record.from_json(source)
    if isinstance(source, bytes | bytearray):
        return Record.loads(source)
    if isinstance(source, Path):
        return Record.load(source)
    if not isinstance(source, str):
        raise RecordError(
            f"a record is a Record, a file path, JSON text or a parsed object, got "
            f"{excerpt(source)}"
        )
    if without_bom(source).lstrip()[:1] in (
        "{",
        "[",
    ):  # JSON text (a list is refused as not a record)
        return Record.loads(source)
    return Record.load(source)


def replay(source: str | Path | Mapping[str, Any] | Record, upto: int | None = None) -> Any:
    """Load a record (path, text, object) and replay it into a game."""
    return load_record(source).replay(upto)
