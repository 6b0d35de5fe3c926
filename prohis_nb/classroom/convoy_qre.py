"""A class's convoy games against the logit QRE, and its rates round by round.

::

    from prohis_nb.classroom.convoy_qre import class_qre, learning_curves
    records = session.records()            # or load_session's source, or Record objects
    fit = class_qre(records)               # a QREFit: λ, the profile, the test of Nash
    curves = learning_curves(records)      # {"inspection": [(round, rate, count, out_of)...]}

The fit is :func:`prohis_nb.analysis.qre.fit_qre` on the game of
:func:`prohis_nb.analysis.qre.convoy_agent_form` built from the records'
own rules (:func:`prohis_nb.convoy.bots.analysis_game`): this module only
*counts* the class's choices at each of its four information sets:

* a smuggler holding a dirty hand: which convoy (honest or dirty) and
  whether to offer the bribe, one choice of four;
* a smuggler holding an honest hand: whether to offer the bribe;
* the controller offered the bribe: accept or reject;
* the controller offered none: inspect or waive.

Like every class count it reads the hand behind a convoy, which no seat saw
while playing: a teacher's analysis of finished games. In a live class only
the students' choices are counted (:func:`~prohis_nb.classroom.loading.students_actions`):
a bot's choices are the bot's, not the class's.

:func:`learning_curves` puts the class table's rates (:mod:`prohis_nb.classroom.results`,
the same rows, the same counting) round by round.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from prohis_nb.core.record import Record

#: The rates a convoy class follows round by round (rows of the class table).
CURVE_MEASURES: tuple[str, ...] = ("bribe offered", "bait", "bribe accepted", "inspection")


def _records(source: Any) -> list[Record]:
    if hasattr(source, "records") and callable(source.records):
        source = source.records()
    if isinstance(source, Record):
        return [source]
    if isinstance(source, Iterable) and not isinstance(source, str | bytes):
        out = []
        for item in source:
            if not isinstance(item, Record):
                raise TypeError(f"expected game records, got {type(item).__name__}")
            out.append(item)
        return out
    raise TypeError(f"class_qre reads a session or a list of records, got {type(source).__name__}")


def qre_counts(source: Any) -> tuple[Any, dict[str, list[int]]]:
    """The agent form of the class's convoy game, and how often each choice was made there.

    ``source``: a :class:`~prohis_nb.live.session.ClassSession` or a list of
    convoy records, all with the same rules (a ``ValueError`` otherwise).
    Games of other games are ignored. Returns ``(form, counts)`` ready for
    :func:`~prohis_nb.analysis.qre.fit_qre`.
    """
    from prohis_nb.analysis.qre import (
        DIRTY_HAND,
        FACING_BRIBE,
        FACING_NONE,
        HONEST_HAND,
        convoy_agent_form,
    )
    from prohis_nb.classroom.loading import students_actions
    from prohis_nb.convoy.bots import analysis_game

    records = [r for r in _records(source) if r.game == "convoy"]
    if not records:
        raise ValueError("no convoy game in the class: the QRE is fitted to convoy games")
    rules = {repr(r.to_json().get("rules")) for r in records}
    if len(rules) > 1:
        raise ValueError("the class's convoy games have different rules: fit each set apart")
    first = records[0].new_game()
    form = convoy_agent_form(analysis_game(first.rules))
    counts = {info.name: [0] * len(info.actions) for info in form.infosets}

    def add(name: str, action: str) -> None:
        counts[name][form.infoset(name).actions.index(action)] += 1

    for record in records:
        final = record.replay()
        by_student = students_actions(record)
        student = by_student if by_student is not None else [True] * len(final.actions)
        if len(student) != len(final.actions):
            continue  # actors that do not follow the actions: load_class skips it with a reason
        game = record.new_game()
        hand_dirty = convoy_dirty = False
        convoy_by_student = False
        for index, action in enumerate(final.actions):
            act = action.act
            if act == "convoy":
                hand_dirty = bool(game.omniscient_view().dirty)
                convoy_dirty = "illegal" in action.cards
                convoy_by_student = student[index]
            elif act in ("bribe", "no_bribe"):
                could_bribe = any(a.act == "bribe" for a in game.legal_actions())
                offer = "bribe" if act == "bribe" else "no bribe"
                if could_bribe and student[index]:
                    if not hand_dirty:
                        add(HONEST_HAND, offer)
                    elif convoy_by_student:
                        load = "dirty" if convoy_dirty else "honest"
                        add(DIRTY_HAND, f"{load}, {offer}")
            elif act in ("accept", "reject") and student[index]:
                add(FACING_BRIBE, act)
            elif act in ("inspect", "waive") and student[index]:
                add(FACING_NONE, act)
            game.apply(action)
    return form, counts


def class_qre(source: Any) -> Any:
    """The logit QRE fitted to the class's convoy choices (:class:`~prohis_nb.analysis.qre.QREFit`).

    Its ``lam`` is the class's precision, its ``summary()`` the test of
    Nash against QRE in a sentence. ``ValueError`` when the class made no
    choice yet.
    """
    from prohis_nb.analysis.qre import fit_qre

    form, counts = qre_counts(source)
    return fit_qre(form, counts)


def learning_curves(source: Any, measures: Iterable[str] = CURVE_MEASURES) -> dict[str, list]:
    """Each rate of the class table, round by round: ``{measure: [(round, rate, k, n), ...]}``.

    ``rate`` is ``None`` in a round where nothing was counted. Rounds come
    from the live records (``extra["live"]["round"]``); records without one
    are round 1. The rates are those of
    :meth:`~prohis_nb.classroom.results.ClassResults.table` (students'
    decisions only), one table per round.
    """
    from prohis_nb.classroom.results import load_class

    by_round: dict[int, list[tuple[str, bytes]]] = defaultdict(list)
    for index, record in enumerate(_records(source)):
        live = record.extra.get("live")
        number = live.get("round", 1) if isinstance(live, dict) else 1
        by_round[int(number)].append((f"game-{index:05d}.json", record.dumps().encode()))
    wanted = tuple(measures)
    curves: dict[str, list] = {m: [] for m in wanted}
    for number in sorted(by_round):
        results = load_class(by_round[number])
        played = [g for g in ("convoy", "prohis") if results.games_of(g)]
        rows = {row.measure: row for row in results.table(played[0])} if played else {}
        for measure in wanted:
            row = rows.get(measure)
            if row is None:
                curves[measure].append((number, None, 0, 0))
            else:
                curves[measure].append((number, row.rate, row.count, row.out_of))
    return curves


def curves_chart(curves: dict[str, list], who: str = "the class") -> Any:
    """The learning curves as an SVG chart (:class:`~prohis_nb.widgets.svgchart.Chart`).

    One line per rate that was counted in some round, a mark at each
    round's rate (a round where nothing was counted is skipped). Its
    ``description`` says every point in words, with its counts, so a reader
    who cannot see the chart reads the same numbers. ``who`` goes in the
    title ("the class", "the EXAMPLE class"). Show it in a notebook with
    :func:`prohis_nb.widgets.lesson.show_chart`.
    """
    from prohis_nb.plots import LINE_STYLES, MARKERS, PALETTE
    from prohis_nb.text import percent
    from prohis_nb.widgets.svgchart import Chart, padded

    rounds = sorted({p[0] for points in curves.values() for p in points}) or [1]
    first, last = rounds[0], rounds[-1]
    chart = Chart(
        padded(first, last if last > first else first + 1),
        padded(0.0, 1.0),
        title=f"Learning curves: {who}",
        xlabel="round",
        ylabel="rate",
        xformat=lambda x: f"{x:g}",
        yformat=percent,
    )
    words = []
    for index, (measure, points) in enumerate(curves.items()):
        shown = [(r, rate, k, n) for r, rate, k, n in points if rate is not None]
        if not shown:
            continue
        color = PALETTE[index % len(PALETTE)]
        xs, ys = [p[0] for p in shown], [p[1] for p in shown]
        if len(shown) > 1:
            chart.line(xs, ys, color=color, style=LINE_STYLES[index % len(LINE_STYLES)])
        chart.marks(xs, ys, label=measure, color=color, marker=MARKERS[index % len(MARKERS)])
        said = "; ".join(f"round {r}: {percent(rate)} ({k} of {n})" for r, rate, k, n in shown)
        words.append(f"{measure}: {said}.")
    chart.description = (
        f"Each rate of {who}, round by round (a round where a rate was not counted is "
        f"left out). " + " ".join(words or ["Nothing was counted yet."])
    )
    return chart
