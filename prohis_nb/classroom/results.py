"""The class's results: every rate the class showed, with its interval, beside the theory.

::

    results = load_class("notebooks/class_records")
    results.table()

:func:`load_class` reads a folder (or a list of files, or an upload's files),
skips what it cannot use with a reason (:attr:`ClassResults.skipped`), and
counts every decision of every game (:mod:`~prohis_nb.classroom.counts`).
:meth:`ClassResults.table` pools the counts into rates, one :class:`Row`
each: what was counted, how many of how many, the rate, its confidence
interval (:mod:`~prohis_nb.classroom.intervals`: Wilson by default, clustered
by game), and the equilibrium prediction with the model it comes from
(:mod:`~prohis_nb.classroom.theory`) or why there is none.

The table is plain Python (a :class:`ClassTable` of rows, shown as HTML in a
notebook, written as CSV); ``table.to_pandas()`` gives a DataFrame when
pandas is installed, but nothing here needs it.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterator
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from prohis_nb.classroom.intervals import clustered, interval
from prohis_nb.classroom.loading import GameResult, Skipped, printable_name, read_games
from prohis_nb.classroom.theory import Prediction, convoy_predictions, declaration_predictions
from prohis_nb.text import count, percent


def class_games() -> list[str]:
    """The registered games that have a class table (a counter in their registry entry)."""
    from prohis_nb.core.registry import names, spec

    return [name for name in names() if spec(name).has("class_counter")]


def _game_spec(game: str) -> Any:
    """``game``'s registry entry if it has a class table, else a ``ValueError`` naming those."""
    from prohis_nb.core.registry import spec

    found = spec(game)  # an unknown game: "unknown game ...; the game is one of ..."
    found.load("class_counter")  # no counter: "... has no class counter; the games that have one"
    return found


KIND_WORDS = {
    "0_items": "declarations of nothing",
    "1_items": "declarations of 1 item",
    "2_items": "declarations of 2 items",
    "3_items": "declarations of 3 items",
    "4_items": "declarations of 4 items",
    "immunity": "immunity claims",
}


@dataclass(frozen=True)
class Row:
    """One rate of the class: ``count`` of ``out_of`` decisions, its interval, the prediction."""

    game: str
    measure: str  # a short name, e.g. "inspection"
    description: str  # what was counted, in words
    count: int
    out_of: int
    rate: float | None  # None when there was nothing to count
    low: float | None
    high: float | None
    games: int  # games with at least one such decision
    predicted_low: float | None
    predicted_high: float | None
    model: str  # where the prediction comes from
    note: str  # why there is none, or what to keep in mind

    @property
    def prediction(self) -> Prediction:
        return Prediction(self.predicted_low, self.predicted_high, self.model, self.note)

    def observed(self) -> str:
        """The rate and its interval in words: ``35% (18% to 57%), 7 of 20``."""
        if self.rate is None:
            return "none seen"
        return (
            f"{percent(self.rate)} ({percent(self.low or 0)} to {percent(self.high or 0)}), "
            f"{self.count} of {self.out_of}"
        )

    def agrees(self) -> bool | None:
        """Whether the interval meets the predicted range (``None``: nothing to compare).

        ``None`` too when the equilibrium never makes this decision (an
        off-path threat, ``prediction.tested`` is False): in equilibrium every
        convoy comes with the bribe, so the class's convoys without one are
        themselves the deviation, and how often they were inspected can
        neither confirm nor refute the range that deters them.
        """
        if self.rate is None or self.predicted_low is None or self.predicted_high is None:
            return None
        if not self.prediction.tested:
            return None
        assert self.low is not None and self.high is not None
        return self.low <= self.predicted_high and self.predicted_low <= self.high


COLUMNS = tuple(f.name for f in fields(Row))


def _short(model: str) -> str:
    """A model's short name: its description up to the first colon (``"convoy game (...)"``)."""
    return model.split(":", 1)[0]


class ClassTable:
    """The rows of the class table, shown as HTML in a notebook; plain data underneath."""

    def __init__(
        self,
        rows: list[Row],
        method: str,
        confidence: float,
        clustered: bool,
        unit: str | None = None,
        bot_actions: int = 0,
    ) -> None:
        self.rows = rows
        #: actions of a live class that bots took, left out of every rate
        self.bot_actions = bot_actions
        self.method = method
        self.confidence = confidence
        self.clustered = clustered
        #: what the intervals were clustered by, in words ("student", "game (...)"), or None
        self.unit = unit if clustered else None

    def __iter__(self) -> Iterator[Row]:
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)

    def __getitem__(self, key: int | str) -> Row:
        """A row by position, or by measure name (``table["inspection"]``)."""
        if isinstance(key, str):
            for row in self.rows:
                if row.measure == key:
                    return row
            names = ", ".join(row.measure for row in self.rows)
            raise KeyError(f"no row {key!r} in this table; rows: {names}")
        return self.rows[key]

    def interval_words(self) -> str:
        """How the intervals were computed, in one sentence."""
        name = "Wilson score" if self.method == "wilson" else "exact Clopper–Pearson"
        how = (
            f", clustered by {self.unit or 'game'} (effective sample size, t quantile)"
            if self.clustered
            else ""
        )
        bots = (
            f"; students' decisions only ({count(self.bot_actions, 'action')} by bots left out)"
            if self.bot_actions
            else ""
        )
        return f"{percent(self.confidence)} {name} intervals{how}{bots}"

    def to_rows(self) -> list[list[Any]]:
        """Header, then one list per row (numbers as numbers, ``""`` for none)."""
        out: list[list[Any]] = [list(COLUMNS)]
        for row in self.rows:
            values = []
            for name in COLUMNS:
                value = getattr(row, name)
                if isinstance(value, float):
                    value = round(value, 6)
                values.append("" if value is None else value)
            out.append(values)
        return out

    def to_csv(self, path: str | Path | None = None, *, overwrite: bool = False) -> str:
        """The table as CSV text (header first); also written to ``path`` when given.

        Written as every file of the package is (:mod:`prohis_nb.core.files`):
        never over a notebook, never over an existing file unless
        ``overwrite=True``, never half; a refusal raises ``SaveError`` and
        leaves the file as it was.
        """
        from prohis_nb.core.files import write_text
        from prohis_nb.widgets.downloads import csv_text

        text = csv_text(self.to_rows())
        if path is not None:
            write_text(path, text, overwrite=overwrite, newline="")  # the csv module's line ends
        return text

    def to_pandas(self) -> Any:
        """A pandas DataFrame of the rows (pandas is optional: install it to use this)."""
        import pandas as pd

        return pd.DataFrame([{name: getattr(r, name) for name in COLUMNS} for r in self.rows])

    def models(self) -> dict[str, str]:
        """Every model the predictions come from: short name → its full description."""
        out: dict[str, str] = {}
        for row in self.rows:
            if row.model:
                out.setdefault(_short(row.model), row.model)
        return out

    def _repr_html_(self) -> str:
        head = (
            "<tr><th>game</th><th>what was counted</th><th>class</th>"
            "<th>theory</th><th>model</th></tr>"
        )
        body = []
        for row in self.rows:
            theory = str(row.prediction)
            model = _short(row.model) if row.prediction.applies else row.note
            if row.prediction.applies and row.note:
                model += f" ({row.note})"
            body.append(
                "<tr>"
                + "".join(
                    f"<td style='text-align:left'>{html.escape(str(cell))}</td>"
                    for cell in (row.game, row.description, row.observed(), theory, model)
                )
                + "</tr>"
            )
        caption = html.escape(f"The class against the theory ({self.interval_words()})")
        notes = "".join(
            f"<li><b>{html.escape(name)}</b>: {html.escape(text.split(': ', 1)[-1])}</li>"
            for name, text in self.models().items()
        )
        return (
            f"<table class='pnb-class-table'><caption>{caption}</caption>"
            f"<thead>{head}</thead><tbody>{''.join(body)}</tbody></table>"
            + (f"<ul class='pnb-class-models'>{notes}</ul>" if notes else "")
        )

    def __repr__(self) -> str:
        lines = [f"ClassTable: {count(len(self.rows), 'row')}, {self.interval_words()}"]
        for row in self.rows:
            lines.append(f"  {row.game} {row.measure}: {row.observed()}; theory {row.prediction}")
        return "\n".join(lines)


# ------------------------------------------------------------ which rows


Spec = tuple[str, str, Callable[[dict[str, int]], int], Callable[[dict[str, int]], int]]


def _article(word: str) -> str:
    return "an" if word[0] in "aeiou" else "a"


def _prohis_specs() -> list[Spec]:
    def key(name: str) -> Callable[[dict[str, int]], int]:
        return lambda c: c[name]

    specs: list[Spec] = [
        ("control", "chances to control that were taken", key("controls"), key("control_chances"))
    ]
    for rank in ("lieutenant", "captain", "inspector"):
        specs.append(
            (
                f"control with {rank}",
                f"controls played with {'an' if rank == 'inspector' else 'a'} {rank}",
                key(f"controls_{rank}"),
                key("controls"),
            )  # fmt: skip
        )
    specs += [
        ("dirty convoys", "convoys holding illegal goods", key("convoys_dirty"), key("convoys")),
        (
            "bait",
            "hands holding illegal goods that sent a clean convoy (bluff by bait)",
            key("convoys_bait"),
            lambda c: c["convoys_dirty"] + c["convoys_bait"],
        ),  # fmt: skip
        (
            "bribe offered",
            "controlled convoys offered a bribe",
            lambda c: c["convoys_clean_bribed"] + c["convoys_dirty_bribed"],
            key("bribe_chances"),
        ),  # fmt: skip
        (
            "bribe accepted",
            "bribes accepted",
            key("bribes_accepted"),
            lambda c: c["bribes_accepted"] + c["bribes_rejected"],
        ),  # fmt: skip
        (
            "inspection",
            "convoys offered no bribe that were inspected",
            key("inspections"),
            lambda c: c["inspections"] + c["waivers"],
        ),  # fmt: skip
        ("catch", "searches that turned up illegal goods", key("catches"), key("searches")),
    ]
    return specs


def _smuggle_specs() -> list[Spec]:
    def key(name: str) -> Callable[[dict[str, int]], int]:
        return lambda c: c[name]

    specs: list[Spec] = [
        (
            "lies all",
            "declarations that were not the complete truth",
            key("lies"),
            key("declarations"),
        )  # fmt: skip
    ]
    for kind, words in KIND_WORDS.items():
        specs.append((f"lies {kind}", f"{words} that were false", key(f"lies_{kind}"),
                      key(f"declarations_{kind}")))  # fmt: skip
    specs.append(
        (
            "searches all",
            "declarations the Officer searched (or challenged)",
            key("searches"),
            key("officer_decisions"),
        )  # fmt: skip
    )
    for kind, words in KIND_WORDS.items():
        specs.append((f"searches {kind}", f"{words} searched by the Officer",
                      key(f"searches_{kind}"), key(f"officer_decisions_{kind}")))  # fmt: skip
    specs += [
        (
            "passed lies",
            "hands the Officer let through that were false",
            key("passed_lies"),
            key("passed_hands"),
        ),  # fmt: skip
        (
            "informing",
            "passed hands the receiver informed on (or challenged)",
            key("informs"),
            key("receiver_decisions"),
        ),  # fmt: skip
    ]
    return specs


def _prohis_predictions(totals: dict[str, int], rules: Any = None) -> dict[str, Prediction]:
    """Prohis's theory column: the convoy game, its chance of a dirty hand read off the class."""
    from_dirty = totals["convoys_dirty"] + totals["convoys_bait"]
    p = from_dirty / totals["convoys"] if totals["convoys"] else None
    return convoy_predictions(p)


def _smuggle_predictions(totals: dict[str, int], rules: Any = None) -> dict[str, Prediction]:
    """Smuggle's theory column: the declaration and informer games on the records' board."""
    return declaration_predictions(rules.board if rules is not None else None)


def _variants_key(rules: Any) -> str:
    """A rules value's variants as one text, to tell rule sets apart."""
    import json

    return json.dumps(rules.to_json().get("variants", {}), sort_keys=True)


def _no_prediction(measure: str) -> str:
    if measure.startswith("control"):
        return (
            "no prediction: the convoy game starts once a card is played "
            "(whether to control, and with what, is left out)"
        )
    if measure == "catch":
        return (
            "no prediction: how often a search catches depends on each convoy "
            "(analysis.odds gives it convoy by convoy)"
        )
    return "no prediction"


# ------------------------------------------------------------ the results


class ClassResults:
    """A class's games, counted: the table against the theory, a plot, a CSV, what was skipped."""

    def __init__(self, games: list[GameResult], skipped: list[Skipped]) -> None:
        self.games = games
        self.skipped = skipped
        self._predictions: dict[str, dict[str, Prediction]] = {}

    # ---------------------------------------------------------------- counts

    def games_of(self, game: str) -> list[GameResult]:
        """The counted games of ``game`` (any game of :func:`class_games`)."""
        _game_spec(game)
        return [g for g in self.games if g.game == game]

    def totals(self, game: str) -> dict[str, int]:
        """Every count of :mod:`~prohis_nb.classroom.counts`, summed over the class's games."""
        from prohis_nb.classroom.counts import keys_of

        totals = dict.fromkeys(keys_of(game), 0)
        for result in self.games_of(game):
            for key, value in result.counts.items():
                totals[key] += value
        return totals

    def rule_sets(self, game: str) -> list[Any]:
        """The different rules (variants) ``game``'s records were played under, in order met.

        The number of players is left out: no model of the theory column depends on it.
        """
        found: dict[str, Any] = {}
        for result in self.games_of(game):
            if result.rules is not None:
                found.setdefault(_variants_key(result.rules), result.rules)
        return list(found.values())

    def predictions(self, game: str) -> dict[str, Prediction]:
        """The theory's predictions for ``game``'s rows (computed once; Smuggle's take seconds).

        The theory solves the rules the records hold. Records played under
        different rule sets are not pooled against one game's theory: every
        row then says "no prediction" and why (load each rule set's records
        on their own to compare them with their theory).
        """
        if game not in self._predictions:
            spec = _game_spec(game)
            rule_sets = self.rule_sets(game)
            if len(rule_sets) > 1:
                reason = (
                    f"no prediction: these {game} games were played under {len(rule_sets)} "
                    "different rule sets, and each has its own theory; load each rule set's "
                    "records on their own"
                )
                rows = [measure for measure, *_ in spec.load("class_rates")()]
                self._predictions[game] = {m: Prediction(None, None, "", reason) for m in rows}
            else:
                predict = spec.load("class_predictions")
                rules = rule_sets[0] if rule_sets else None
                self._predictions[game] = predict(self.totals(game), rules)
        return self._predictions[game]

    # ---------------------------------------------------------------- the table

    def table(
        self,
        game: str | None = None,
        *,
        method: str = "wilson",
        confidence: float = 0.95,
        by_game: bool = True,
        cluster: str = "student",
    ) -> ClassTable:
        """The class table: one :class:`Row` per rate, for ``game`` or for every game played.

        ``method``: ``"wilson"`` (default) or ``"clopper-pearson"``.
        ``cluster``: ``"student"`` (default) or ``"game"``: the unit whose
        decisions are correlated (a student keeps their habits from game to
        game); each interval is widened by the design effect of that unit and
        uses a t quantile on clusters − 1
        (:func:`~prohis_nb.classroom.intervals.clustered`). By student needs
        every record to name its students (``students``, docs/records.md);
        otherwise it falls back to games and the table says so
        (:attr:`ClassTable.unit`). ``by_game=False``: no clustering at all
        (decisions treated as independent).
        """
        if method not in ("wilson", "clopper-pearson"):
            raise ValueError(f"method is 'wilson' or 'clopper-pearson', got {method!r}")
        if cluster not in ("student", "game"):
            raise ValueError(f"cluster is 'student' or 'game', got {cluster!r}")
        wanted = [game] if game is not None else [g for g in class_games() if self.games_of(g)]
        rows: list[Row] = []
        units: set[str] = set()
        for name in wanted:
            played = self.games_of(name)
            if not played:
                continue
            specs = _game_spec(name).load("class_rates")()
            predictions = self.predictions(name)
            for measure, description, numerator, denominator in specs:
                per_game = [(numerator(g.counts), denominator(g.counts)) for g in played]
                k = sum(x for x, _ in per_game)
                n = sum(y for _, y in per_game)
                groups, unit = per_game, "game"
                if cluster == "student":
                    by_student = _per_student(played, numerator, denominator, k, n)
                    if by_student is not None:
                        groups, unit = by_student, "student"
                    else:
                        unit = "game (the records name no students)"
                low: float | None
                high: float | None
                if n:
                    units.add(unit)
                    low, high = (
                        clustered(groups, method, confidence)
                        if by_game
                        else interval(k, n, method, confidence)
                    )
                    rate: float | None = k / n
                else:
                    low, high, rate = None, None, None
                prediction = predictions.get(measure) or Prediction(
                    None, None, "", _no_prediction(measure)
                )
                rows.append(
                    Row(
                        game=name,
                        measure=measure,
                        description=description,
                        count=k,
                        out_of=n,
                        rate=rate,
                        low=low,
                        high=high,
                        games=sum(1 for _, y in per_game if y),
                        predicted_low=prediction.low,
                        predicted_high=prediction.high,
                        model=prediction.model,
                        note=prediction.note,
                    )
                )
        words = " and ".join(sorted(units)) if units else None
        bots = sum(g.bot_actions for name in wanted for g in self.games_of(name))
        return ClassTable(rows, method, confidence, by_game, words, bots)

    # ---------------------------------------------------------------- outputs

    def to_csv(
        self, path: str | Path | None = None, *, overwrite: bool = False, **table: Any
    ) -> str:
        """The table of every game as CSV text (written to ``path`` too when given).

        ``path`` is written safely: never a notebook, never an existing file
        unless ``overwrite=True`` (``SaveError`` otherwise, the file untouched).
        """
        return self.table(**table).to_csv(path, overwrite=overwrite)

    def csv_link(self, filename: str = "class_results.csv", **table: Any) -> str:
        """HTML of a link that downloads the table as CSV through the browser (works on Binder)."""
        from prohis_nb.widgets.downloads import csv_link

        return csv_link(self.to_csv(**table), filename, "Download the class table (CSV)")

    def download(self, filename: str = "class_results.csv", **table: Any) -> Any:
        """The CSV link as an ``ipywidgets.HTML``, to show under a cell."""
        import ipywidgets as widgets

        return widgets.HTML(self.csv_link(filename, **table))

    def plot(self, game: str | None = None, **table: Any) -> tuple[Any, Any]:
        """The class's rates with their intervals against the theory: ``(figure, axes)``.

        ``game``: a game of :func:`class_games`; by default the first game played.
        """
        from prohis_nb.classroom.plots import class_vs_theory

        if game is None:
            played = [g for g in class_games() if self.games_of(g)]
            if not played:
                raise ValueError("no game was counted: nothing to plot")
            game = played[0]
        return class_vs_theory(self.table(game, **table))

    def summary(self) -> str:
        """Games counted, by game, and files skipped, in words.

        For example ``Counted: Prohis, 10 games; Smuggle, 10 games. Skipped: 2 files.``

        Each game's title opens its own item, so a title that is not a name
        ("One convoy") never sits capitalised in the middle of a sentence.
        """
        parts = []
        for game in class_games():
            played = self.games_of(game)
            if played:
                unfinished = sum(1 for g in played if not g.ended)
                text = f"{_game_spec(game).title}, {count(len(played), 'game')}"
                if unfinished:
                    text += f" ({unfinished} unfinished)"
                parts.append(text)
        counted = "; ".join(parts) if parts else "no game"
        bots = sum(g.bot_actions for g in self.games)
        left_out = (
            f" Students' decisions only: {count(bots, 'action')} taken by bots left out."
            if bots
            else ""
        )
        return f"Counted: {counted}. Skipped: {count(len(self.skipped), 'file')}.{left_out}"

    def _repr_html_(self) -> str:
        # printable_name: a file name that is not UTF-8 would make the page unencodable
        items = "".join(f"<li>{html.escape(printable_name(str(s)))}</li>" for s in self.skipped)
        skipped = f"<p>Skipped:</p><ul class='pnb-skipped'>{items}</ul>" if items else ""
        return f"<p>{html.escape(self.summary())}</p>{skipped}"

    def __repr__(self) -> str:
        lines = [self.summary(), *(f"  skipped {s}" for s in self.skipped)]
        return printable_name("\n".join(lines))


def _per_student(
    played: list[GameResult],
    numerator: Callable[[dict[str, int]], int],
    denominator: Callable[[dict[str, int]], int],
    k: int,
    n: int,
) -> list[tuple[int, int]] | None:
    """``(successes, trials)`` of each student over every game they played, or None.

    None when a record names no students, or when the seats' own decisions do
    not add up to the game's (a rate that is not one seat's decision).
    """
    totals: dict[str, list[int]] = {}
    for result in played:
        if result.students is None or len(result.seat_counts) != len(result.students):
            return None
        for student, counts in zip(result.students, result.seat_counts, strict=True):
            pair = totals.setdefault(student, [0, 0])
            pair[0] += numerator(counts)
            pair[1] += denominator(counts)
    if sum(a for a, _ in totals.values()) != k or sum(b for _, b in totals.values()) != n:
        return None
    return [(a, b) for a, b in totals.values()]


def load_class(source: Any) -> ClassResults:
    """Read a class's game records: a folder, a file, a list of files, or an upload's files.

    Every file is read as a game record and replayed through the engine; one
    that cannot be used is listed in :attr:`ClassResults.skipped` with a
    one-line reason, never an error. Raises only when ``source`` itself is
    wrong (no such folder, or not something files can be read from).
    """
    games, skipped = read_games(source)
    return ClassResults(games, skipped)
