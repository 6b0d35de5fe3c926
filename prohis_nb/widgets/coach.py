"""The coach's face: beliefs, every choice with its value, the best one, and verdicts.

::

    from prohis_nb.widgets import Coach
    Coach(game.view(1))                  # what seat 1 may believe, and what each choice is worth
    Coach(view, verdict=judge(view, a))  # ... and how good the move ``a`` was

The widget only *draws*: the numbers come from :func:`prohis_nb.coach.advise`
(and :func:`prohis_nb.coach.judge` for a verdict), which read one seat's view
and nothing else. So the coach of seat 1 can show no more than seat 1 may
know, whoever sits at the screen.

What it draws, top to bottom:

* **Beliefs**: for every hidden place the seat can think about (an opponent's
  hand, a face-down convoy, the pile...), the probability of each card kind,
  as a small table with a bar and a percentage per kind (the exact fraction
  in the bar's tooltip);
* **The decision**: every legal choice with its expected value (money written
  by :func:`prohis_nb.text.money`, ``+$50``, ``−$4,000``), the best one
  marked in words, in bold and in colour; the one-sentence *why*, and the
  model the values assume;
* **The verdict** on a move, when one is given.

``Play``, ``Stepper`` and ``HotSeat`` carry a "Coach" toggle (off by default)
built on :class:`CoachToggle`. A teacher hides it for one widget with
``coach=False``, or for the whole class with :func:`allow_coach`::

    import prohis_nb.widgets as w
    w.allow_coach(False)   # every Play, Stepper and HotSeat drawn from now on: no coach

A wrong input (a teacher's view, a record, a verdict on another seat's move)
is refused with a message in the widget, never a traceback.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import ipywidgets as widgets

from prohis_nb.coach.advice import Advice, Belief, Choice, Verdict
from prohis_nb.errors import RulesError, excerpt
from prohis_nb.text import count, money, percent
from prohis_nb.widgets.large import fit
from prohis_nb.widgets.render import message_html, renderer_for
from prohis_nb.widgets.render.base import css, esc, large_class

__all__ = ["Coach", "CoachToggle", "allow_coach", "coach_allowed", "coach_html", "verdict_html"]

_allowed = True


def allow_coach(on: bool = True) -> bool:
    """Offer the coach (``True``) or hide it everywhere (``False``); return the previous setting.

    Read whenever a widget draws: after ``allow_coach(False)`` no ``Play``,
    ``Stepper`` or ``HotSeat`` shows its "Coach" toggle or the coach, and one
    already on screen takes its coach away at its next move or refresh.

    >>> before = allow_coach(False)
    >>> coach_allowed()
    False
    >>> allow_coach(before)
    False
    """
    global _allowed
    if not isinstance(on, bool):
        raise RulesError(f"allow_coach takes True or False, got {excerpt(on)}")
    before, _allowed = _allowed, on
    return before


def coach_allowed() -> bool:
    """True unless the teacher turned the coach off for the class (:func:`allow_coach`)."""
    return _allowed


#: The coach's own CSS (added to the widgets' shared CSS); large print scales it.
COACH_CSS = """
<style>
.pnb-coach{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;font-size:14px;color:#111;
 background:#fff;border:2px solid #0072B2;border-radius:8px;padding:6px 10px;max-width:980px}
.pnb-coach h3{margin:0 0 4px;font-size:16px}
.pnb-coach h4{margin:8px 0 2px;font-size:14px}
.pnb-belief{border-collapse:collapse;font-size:13px;max-width:100%}
.pnb-belief th{padding:1px 8px 1px 0;text-align:left;font-weight:400;white-space:nowrap}
.pnb-belief thead th{font-weight:600;vertical-align:bottom;white-space:normal}
.pnb-belief td.pnb-p{padding:1px 8px 1px 0;text-align:right;font-variant-numeric:tabular-nums}
.pnb-bar{display:inline-block;width:32px;height:10px;background:#eee;border:1px solid #bbb;
 vertical-align:middle}
.pnb-bar span{display:block;height:100%}
.pnb-swatch{display:inline-block;width:10px;height:10px;border:1px solid #555;margin-right:4px;
 vertical-align:middle}
.pnb-choices{border-collapse:collapse;font-size:14px}
.pnb-choices td,.pnb-choices th{padding:2px 10px 2px 4px;text-align:left}
.pnb-choices thead th,.pnb-choices td.pnb-ev,.pnb-choices td.pnb-mark{white-space:nowrap}
.pnb-choices td.pnb-ev{text-align:right;font-variant-numeric:tabular-nums}
.pnb-choices tr.pnb-best{font-weight:700;background:#dff3ec;outline:2px solid #009E73}
.pnb-why{margin:6px 0 2px}
.pnb-model{margin:2px 0;color:#333;font-size:12px}
.pnb-verdict{margin:6px 0 0;padding:4px 8px;border-radius:6px;border:2px solid #009E73;
 background:#dff3ec}
.pnb-verdict.pnb-costly{border-color:#D55E00;background:#fde2d6}
.pnb-large .pnb-coach,.pnb-coach.pnb-large{font-size:21px;max-width:1400px}
.pnb-large .pnb-coach h3{font-size:25px}
.pnb-large .pnb-coach h4,.pnb-large .pnb-belief,.pnb-large .pnb-choices{font-size:20px}
.pnb-large .pnb-model{font-size:18px}
.pnb-large .pnb-bar{width:72px;height:16px}
.pnb-large .pnb-swatch{width:16px;height:16px}
</style>
"""


def _percent(value: Any) -> str:
    return percent(value)


def _money(value: Any) -> str:
    return money(value)


#: The numbers behind a choice that the widget shows, by their name in ``Choice.details``
#: (the names :mod:`prohis_nb.coach.prohis` and :mod:`prohis_nb.coach.smuggle` use), in
#: this order: (how to write it, with ``{}`` for the number; the number's format). Other
#: details (the value again, the cards the label already names) are not repeated.
DETAILS: dict[str, tuple[str, Callable[[Any], str]]] = {
    # Prohis
    "catch_chance": ("catch chance {}", _percent),
    "inspect_value": ("inspecting: {}", _money),
    "waive_value": ("waiving: {}", _money),
    "break_even_bribe": ("break-even bribe {}", _money),
    "bribe_worth": ("worth {} to the controller", _money),
    "bribe_shortfall": ("{} short of break-even", _money),
    # Smuggle
    "p_false": ("false with probability {}", _percent),
    "equilibrium_rate": ("searched {} in the solved game", _percent),
    "equilibrium_mix": ("declared {} of the time in the solved game", _percent),
    "observed_rate": ("this Officer has searched {}", _percent),
    "observed_value": ("at that rate: {}", _money),
    "observed_false_seen": ("false when checked: {}", str),
    "money_now": ("money now {}", _money),
    "fresh_hand_value": ("a fresh hand: {}", _money),
    "passed_hand_value": ("the passed hand: {}", _money),
}


def _details_text(details: dict[str, Any]) -> str:
    """The numbers behind a choice in words: ``catch chance 51% · break-even bribe $3,056``."""
    parts = []
    for name, (words, form) in DETAILS.items():
        value = details.get(name)
        if value is None or isinstance(value, bool):
            continue
        if name == "bribe_shortfall" and value <= 0:
            continue
        try:
            parts.append(words.format(form(value)))
        except (TypeError, ValueError):  # not a number where one was expected: leave it out
            continue
    return " · ".join(parts)


def _probability_title(p: Fraction | float) -> str:
    if isinstance(p, Fraction):
        return f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)
    return f"{float(p):.4g}"


def beliefs_html(beliefs: tuple[Belief, ...] | list[Belief], game: str) -> str:
    """Every hidden place in one compact table: a column per place, a row per card kind.

    Each cell holds a bar and the probability that one card of that place is
    of that kind (the exact fraction in the bar's tooltip); a kind a place
    cannot hold shows a dash.
    """
    renderer = renderer_for(game)
    kinds = list(dict.fromkeys(kind for belief in beliefs for kind in belief.kinds))
    heads = "".join(
        f"<th scope='col' data-place='{i}'>{esc(belief.place)}"
        + (
            f"<br><span class='pnb-muted'>{esc(count(belief.size, 'card'))}</span>"
            if belief.size is not None
            else ""
        )
        + "</th>"
        for i, belief in enumerate(beliefs)
    )
    rows = []
    for kind in kinds:
        colour = renderer.card_colour(kind) or "#999999"
        cells = []
        for i, belief in enumerate(beliefs):
            p = belief.kinds.get(kind)
            if p is None:
                cells.append(f"<td class='pnb-p' data-place='{i}' data-kind='{esc(kind)}'>—</td>")
                continue
            width = max(0.0, min(1.0, float(p))) * 100
            cells.append(
                f"<td class='pnb-p' data-place='{i}' data-kind='{esc(kind)}'>"
                f"<span class='pnb-bar' title='{esc(_probability_title(p))}'>"
                f"<span style='width:{width:.1f}%;background:{esc(colour)}'></span></span> "
                f"{esc(percent(p))}</td>"
            )
        rows.append(
            f"<tr><th scope='row'><span class='pnb-swatch' style='background:{esc(colour)}'>"
            f"</span>{esc(renderer.card_name(kind))}</th>{''.join(cells)}</tr>"
        )
    return (
        "<div class='pnb-beliefs'><table class='pnb-belief'>"
        f"<thead><tr><th><span class='pnb-sr'>card</span></th>{heads}</tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table></div>"
    )


def _choice_row(choice: Choice) -> str:
    mark = "★ Best" if choice.best else ""
    marked = choice.best
    act = getattr(choice.action, "act", "")
    if not choice.best and choice.details.get("best_in_group") and act in ("take", "convoy"):
        # a turn not ranked as a whole: the best draw and the best convoy
        mark = f"★ Best {'draw' if act == 'take' else act}"
        marked = True
    details = _details_text(choice.details)
    details_html = f"<td class='pnb-muted'>{esc(details)}</td>" if details else "<td></td>"
    return (
        f"<tr class='{'pnb-best' if marked else ''}'>"
        f"<th scope='row'>{esc(choice.label)}</th>"
        f"<td class='pnb-ev'>{esc(money(choice.value, sign=True))}</td>"
        f"<td class='pnb-mark'>{esc(mark)}</td>{details_html}</tr>"
    )


def verdict_html(verdict: Verdict, heading: str | None = None) -> str:
    """The verdict on a move: the coach's sentence, and the expected money it gave up.

    ``heading`` names the move (default: "Verdict on seat N's move").
    """
    if verdict.best:
        cost = "The best choice."
    elif round(verdict.loss) > 0:  # less than half a dollar reads as $0: as good as the best
        cost = f"It gave up {money(verdict.loss)} of expected money against the best choice."
    else:
        cost = "As good as the best choice."
    costly = "" if verdict.best or round(verdict.loss) <= 0 else " pnb-costly"
    heading = heading or f"Verdict on seat {verdict.seat}'s move"
    return (
        f"<div class='pnb-verdict{costly}' role='status' data-seat='{verdict.seat}'>"
        f"<b>{esc(heading)}:</b> "
        f"{esc(verdict.text)} {esc(cost)}</div>"
    )


def coach_html(
    advice: Advice, verdict: Verdict | None = None, verdict_heading: str | None = None
) -> str:
    """The whole coach as HTML, drawn from ``advice`` (and ``verdict``) only."""
    seat = advice.seat
    parts = [f"<h3>Coach for seat {seat} · only what seat {seat} may know</h3>"]
    if advice.beliefs:
        parts.append(f"<h4>What seat {seat} may believe about the hidden cards</h4>")
        parts.append(beliefs_html(advice.beliefs, advice.game))
    if advice.choices:
        parts.append("<h4>Every choice and its expected value</h4>")
        rows = "".join(_choice_row(c) for c in advice.choices)
        parts.append(
            "<table class='pnb-choices'><thead><tr><th>choice</th><th>expected value</th>"
            "<th><span class='pnb-sr'>mark</span></th><th><span class='pnb-sr'>details</span></th>"
            f"</tr></thead><tbody>{rows}</tbody></table>"
        )
    if advice.why:
        parts.append(f"<p class='pnb-why'><b>Why:</b> {esc(advice.why)}</p>")
    models = list(dict.fromkeys(c.model for c in advice.choices if c.model))
    for model in models:
        parts.append(f"<p class='pnb-model'><b>Model:</b> {esc(model)}</p>")
    if verdict is not None:
        parts.append(verdict_html(verdict, verdict_heading))
    return (
        f"{css()}{COACH_CSS}<div class='pnb-coach{large_class()}' data-seat='{seat}' "
        f"aria-label='Coach for seat {seat}'>{''.join(parts)}</div>"
    )


def _check_view(view: Any) -> int:
    """The seat of a seat's view; raises ``RulesError`` saying what a coach reads."""
    seat = getattr(view, "seat", None)
    if isinstance(seat, bool) or not isinstance(seat, int) or not hasattr(view, "to_json"):
        what = (
            "the teacher's view (every card)"
            if hasattr(view, "hands") and hasattr(view, "to_json")
            else excerpt(view)
        )
        raise RulesError(
            f"the coach advises one seat from that seat's view, game.view(seat); got {what}"
        )
    return seat


class Coach(widgets.VBox):
    """The coach of one seat, drawn from its view (see the module docstring).

    ``view``: ``game.view(seat)`` of Prohis or Smuggle (``None``: draw nothing
    yet). ``verdict``: a :class:`~prohis_nb.coach.Verdict` on a move of the
    same seat, shown below the advice. :attr:`advice` holds the advice drawn.
    """

    def __init__(self, view: Any = None, verdict: Verdict | None = None) -> None:
        self.board = widgets.HTML()
        self.message = widgets.HTML()
        self.advice: Advice | None = None
        self.verdict: Verdict | None = None
        super().__init__([self.message, self.board])
        self.add_class("pnb-coach-widget")
        if view is not None:
            self.show(view, verdict)

    @property
    def html(self) -> str:
        """The HTML drawn now (empty when cleared)."""
        return self.board.value

    def show(
        self, view: Any, verdict: Verdict | None = None, *, verdict_heading: str | None = None
    ) -> bool:
        """Draw the coach of ``view.seat`` (and ``verdict``); True if drawn.

        ``verdict_heading`` names the move judged ("Your last move"). A wrong
        ``view`` or ``verdict`` draws nothing: the widget is cleared
        and a message says what was wrong and what the coach reads.
        """
        from prohis_nb.coach import advise
        from prohis_nb.coach.smuggle import solving_note

        fit(self)
        try:
            seat = _check_view(view)
            if verdict is not None:
                if not isinstance(verdict, Verdict):
                    raise RulesError(
                        f"a verdict is what prohis_nb.coach.judge(view, action) returns, got "
                        f"{excerpt(verdict)}"
                    )
                if verdict.seat != seat:
                    raise RulesError(
                        f"the verdict is on seat {verdict.seat}'s move, and this coach is for "
                        f"seat {seat}: a seat is only told about its own moves"
                    )
            note = solving_note(view)  # a board of its own: solved first, say so meanwhile
            if note:
                self.message.value = message_html(note)
            advice = advise(view)
        except Exception as error:  # a coach never breaks the widget around it
            self.clear()
            self.message.value = message_html(f"The coach cannot advise here: {error}")
            return False
        self.advice, self.verdict = advice, verdict
        self.message.value = ""
        self.board.value = coach_html(advice, verdict, verdict_heading)
        return True

    def clear(self) -> None:
        """Take the coach off the page (nothing of the seat's stays in it)."""
        self.advice = None
        self.verdict = None
        self.board.value = ""
        self.message.value = ""


class CoachToggle(widgets.VBox):
    """The "Coach" toggle (off by default) and the coach it opens, for the game widgets.

    ``redraw`` is the owner's method that draws the coach (it calls
    :meth:`show` or :meth:`clear`); it runs when the toggle is pressed.
    ``enabled=False`` (a widget's ``coach=False``) hides the toggle for good;
    :func:`allow_coach` hides it for the class.
    """

    def __init__(self, redraw: Callable[[], None], *, enabled: bool = True) -> None:
        if not isinstance(enabled, bool):
            raise RulesError(f"coach takes True or False, got {excerpt(enabled)}")
        self.enabled = enabled
        self.button = widgets.ToggleButton(
            value=False,
            description="Coach",
            icon="graduation-cap",
            tooltip="What your seat may believe, what each choice is worth, and the best one",
        )
        self.coach = Coach()
        self.button.observe(lambda _change: redraw(), names="value")
        super().__init__([self.button, self.coach])
        self.add_class("pnb-coach-toggle")
        self.sync()

    @property
    def available(self) -> bool:
        """Whether the toggle is offered (this widget allows it, and the class does)."""
        return self.enabled and coach_allowed()

    @property
    def on(self) -> bool:
        """Whether the coach should be drawn now (offered and switched on)."""
        return self.available and self.button.value

    def sync(self) -> None:
        """Show or hide the toggle as the switches say; an unavailable coach is emptied."""
        self.layout.display = "" if self.available else "none"
        fit(self)
        if not self.on:
            self.coach.clear()

    def show(
        self,
        view: Any,
        verdict: Callable[[], Verdict | None] | None = None,
        *,
        verdict_heading: str | None = None,
    ) -> None:
        """Draw the coach for ``view`` if switched on; ``verdict`` is called only then."""
        self.sync()
        if not self.on:
            return
        try:
            judged = verdict() if verdict is not None else None
        except Exception as error:  # a failed verdict must not hide the advice
            self.coach.show(view)
            self.coach.message.value = message_html(f"No verdict on the move: {error}")
            return
        self.coach.show(view, judged, verdict_heading=verdict_heading)

    def note(self, text: str) -> None:
        """Instead of a coach, a note saying why there is none here (when switched on)."""
        self.sync()
        self.coach.clear()
        if self.on:
            self.coach.message.value = message_html(text, error=False)

    def hide(self) -> None:
        """Take the coach and its toggle off the page (HotSeat's curtain, the final reveal)."""
        self.coach.clear()
        self.layout.display = "none"
