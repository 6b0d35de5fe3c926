"""What a game's renderer supplies, and the HTML frame every table shares.

The widgets know nothing of any game's cards. For the cards area they ask the
*renderer* registered for ``game.game_name`` (see
:mod:`prohis_nb.widgets.render`). A renderer works on plain JSON data only:
``view.to_json()`` of one seat's view, or of the teacher's omniscient view.
It never sees the game, so a picture can only show what the view holds.

The frame around the cards area (title, the decision and who owns it, the log)
is the same for every game and lives here: :func:`render_table`.

**Large print** (:func:`prohis_nb.presenting.large_print`): everything drawn
in large print carries the class ``pnb-large`` (the HTML here, and the widgets
around it), and :data:`LARGE_CSS` holds scaled rules for that class only, so a table
drawn in normal print next to it keeps its sizes; :func:`css` adds those
rules (:data:`LARGE_CSS`) to what is drawn in large print only.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any

from prohis_nb.presenting import is_large_print

#: Okabe-Ito colours: told apart by people with every common colour-vision deficiency.
OKABE_ITO: dict[str, str] = {
    "orange": "#E69F00",
    "sky_blue": "#56B4E9",
    "bluish_green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "reddish_purple": "#CC79A7",
    "grey": "#999999",
}

#: The ``viewer`` of the public table (a spectator: what every seat may know, no seat's
#: own cards), drawn from a game's ``public_view()``. A number that is no seat, so the
#: renderers draw every seat as someone else's; ``None`` is the teacher.
PUBLIC = -1

#: The noun of an act built card by card, for the words on its buttons ("add one Wine to
#: the declaration", not "to the declare").
ACT_NOUNS = {"declare": "declaration", "discard": "discard", "convoy": "convoy", "bribe": "bribe"}

#: How many log lines a table shows (newest first); older ones are counted.
LOG_LINES = 12

CSS = """
<style>
.pnb-table{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;font-size:14px;
 color:#111;background:#fff;border:1px solid #ccc;border-radius:8px;padding:8px 10px;
 max-width:980px}
.pnb-title{display:flex;flex-wrap:wrap;gap:6px 14px;align-items:baseline;margin-bottom:4px}
.pnb-title h3{margin:0;font-size:16px}
.pnb-teacher{background:#fff3c4;border:2px solid #E69F00}
.pnb-badge{display:inline-block;border-radius:10px;padding:0 8px;background:#eee;
 border:1px solid #bbb;font-size:12px}
.pnb-badge.pnb-warn{background:#E69F00;color:#000;border-color:#a06d00}
.pnb-decision{margin:4px 0 8px;padding:4px 8px;border-left:5px solid #0072B2;background:#eef5fb}
.pnb-decision.pnb-yours{border-left-color:#D55E00;background:#fdf0e8;font-weight:600}
.pnb-area{display:flex;flex-wrap:wrap;gap:10px;align-items:flex-start}
.pnb-box{border:1px solid #ddd;border-radius:6px;padding:4px 8px;min-width:120px}
.pnb-box h4{margin:0 0 4px;font-size:13px}
.pnb-box.pnb-acting{border:2px solid #D55E00}
.pnb-box.pnb-you{background:#f4f9ff}
.pnb-cards{display:flex;flex-wrap:wrap;gap:3px;align-items:flex-end;min-height:20px}
.pnb-card{display:inline-flex;flex-direction:column;align-items:center;line-height:1}
.pnb-card svg{display:block}
.pnb-note{font-size:10px;color:#333;margin-top:1px;max-width:48px;text-align:center}
.pnb-count{font-size:12px;margin:0 4px 0 1px}
.pnb-log{margin:6px 0 0;padding-left:8px;list-style:none;max-height:190px;overflow-y:auto;
font-size:13px}
.pnb-table .pnb-log li{margin:0;padding:0;line-height:1.4}
.pnb-log li:first-child{font-weight:600}
.pnb-muted{color:#555;font-size:12px}
.pnb-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);
 white-space:nowrap}
.pnb-error{color:#000;background:#fde2d6;border:2px solid #D55E00;border-radius:6px;
 padding:4px 8px}
.pnb-ok{background:#dff3ec;border:2px solid #009E73;border-radius:6px;padding:4px 8px}
.pnb-ending{margin:4px 0 8px;padding:6px 10px;border:3px solid #009E73;border-radius:8px;
 background:#eefaf5}
.pnb-ending h4{margin:0 0 4px;font-size:16px}
.pnb-ending table{border-collapse:collapse;font-size:15px}
.pnb-ending td,.pnb-ending th{padding:2px 10px;text-align:left}
.pnb-ending td.pnb-score{text-align:right;font-variant-numeric:tabular-nums}
.pnb-ending tr.pnb-winner{font-weight:700;background:#c9eedf}
[class*=pnb-] .mod-primary{background:#0a5a9c;color:#fff}
[class*=pnb-] .mod-danger{background:#b3261e;color:#fff}
[class*=pnb-] .mod-warning{background:#E69F00;color:#000}
[class*=pnb-] .jupyter-button:disabled{background:#f2f2f2;color:#595959;
 border:1px dashed #8a8a8a;box-shadow:none;opacity:1;cursor:not-allowed}
</style>
"""

#: The CSS class of everything drawn in large print.
LARGE_CLASS = "pnb-large"

#: The large-print rules (for :data:`LARGE_CLASS` only), added by :func:`css` in large print.
LARGE_CSS = """
<style>
.pnb-large{--jp-widgets-font-size:20px;--jp-widgets-inline-height:42px;
 --jp-widgets-inline-label-width:140px;--jp-widgets-slider-handle-size:24px}
.pnb-large .widget-button,.pnb-large .jupyter-button{font-size:20px;height:auto;
 min-height:42px;padding:4px 14px}
.pnb-large .widget-label,.pnb-large .widget-readout,.pnb-large select,
.pnb-large input{font-size:20px}
.pnb-large .pnb-table,.pnb-table.pnb-large{font-size:21px;max-width:1400px}
.pnb-large .pnb-title h3{font-size:25px}
.pnb-large .pnb-badge{font-size:18px}
.pnb-large .pnb-box h4,.pnb-large .pnb-logbox h4{font-size:20px!important}
.pnb-large .pnb-card{zoom:1.5}
.pnb-large .pnb-count,.pnb-large .pnb-muted{font-size:18px}
.pnb-large .pnb-log{font-size:20px;max-height:320px}
.pnb-large .pnb-error,.pnb-large .pnb-ok,.pnb-large.pnb-error,.pnb-large.pnb-ok,
.pnb-large .pnb-explain{font-size:21px}
.pnb-large .pnb-curtain div{font-size:24px!important}
</style>
"""


def css() -> str:
    """The widgets' CSS as drawn now: :data:`CSS`, and :data:`LARGE_CSS` in large print."""
    return CSS + LARGE_CSS if is_large_print() else CSS


def large_class() -> str:
    """``" pnb-large"`` in large print (to add to a root element's classes), else ``""``."""
    return f" {LARGE_CLASS}" if is_large_print() else ""


def esc(value: Any) -> str:
    """HTML-escape any value's text."""
    return html.escape(str(value), quote=True)


def seat_name(seat: int | None, viewer: int | None) -> str:
    """ "You (seat 2)" for the viewer, "Seat 2" otherwise."""
    if seat is None:
        return "nobody"
    return f"You (seat {seat})" if seat == viewer else f"Seat {seat}"


class Renderer:
    """Draws one game's cards area from view data. Subclass it for each game.

    A renderer is stateless and reads only the JSON of a view. Widgets call:

    * :meth:`board` for the cards area of a seat's view (``viewer`` is the
      seat) or of the teacher's view (``viewer`` is ``None``);
    * :meth:`card` for one card picture (``None``: a face-down card);
    * :meth:`action_label` for the text of a button that takes one action;
    * :attr:`card_acts` to know which acts are built by picking cards from the
      hand (convoys, bribes) and whether their order matters.
    """

    #: The game this renderer draws (``game.game_name``).
    game_name: str = ""
    #: Acts whose ``cards`` the learner picks from the hand: act -> True if order matters.
    card_acts: Mapping[str, bool] = {}
    #: Acts composed item by item (any kind, held or not): act -> the action's field
    #: holding the items (a Smuggle declaration: ``{"declare": "items"}``).
    item_acts: Mapping[str, str] = {}
    #: Button text of the act that sends a picked sequence of cards.
    send_labels: Mapping[str, str] = {}

    def board(self, view: Mapping[str, Any], viewer: int | None) -> str:
        """The cards area (HTML) of ``view`` (``view.to_json()``) seen by ``viewer``."""
        rows = "".join(
            f"<tr><th>{esc(k)}</th><td>{esc(v)}</td></tr>"
            for k, v in view.items()
            if k not in ("log", "legal_actions", "decision")
        )
        return f"<table class='pnb-box'>{rows}</table>"

    def card(self, kind: str | None, *, small: bool = False, note: str = "") -> str:
        """One card picture; ``None`` draws a face-down card that names no kind."""
        label = "face-down card" if kind is None else str(kind)
        return f"<span class='pnb-card' data-kind='{esc(kind or 'hidden')}'>{esc(label)}</span>"

    def card_name(self, kind: str) -> str:
        """A card kind in words (for buttons and screen readers)."""
        return str(kind)

    def card_colour(self, kind: str) -> str | None:
        """The colour of a kind (for buttons), or ``None``."""
        return None

    def act_heading(self, act: str) -> str:
        """A short heading for a group of actions with the same act."""
        return act.replace("_", " ").capitalize()

    def action_label(self, action: Any, view: Mapping[str, Any]) -> str:
        """Button text for one legal action (``view``: the actor's view data)."""
        return str(action)

    def public_table(self, view: Mapping[str, Any]) -> str:
        """The public table as HTML (``game.public_view().to_json()``), styles included.

        What a game typed alone in a notebook cell shows (its ``_repr_html_``):
        no seat's hand, and a line saying where every card is.
        """
        return render_table(
            view, self, PUBLIC, caption="every card is the teacher's: game.omniscient_view()"
        )


def render_table(
    view: Mapping[str, Any],
    renderer: Renderer,
    viewer: int | None,
    *,
    caption: str = "",
    style: bool = True,
) -> str:
    """The whole table as HTML: title, decision, the renderer's cards area, the log.

    ``view`` is ``game.view(viewer).to_json()`` for a seat,
    ``game.omniscient_view().to_json()`` when ``viewer`` is ``None`` (the
    teacher), or ``game.public_view().to_json()`` when ``viewer`` is
    :data:`PUBLIC` (what every seat may know). Everything drawn comes from
    ``view``. ``style=False`` leaves the ``<style>`` sheet (:func:`css`) out,
    for a page that holds it already (the :class:`~prohis_nb.widgets.table.Table`
    widget keeps it in a widget of its own).
    """
    game = esc(view.get("game", renderer.game_name).capitalize())
    if viewer is None:
        who = "Teacher's view: every card, hidden ones included"
        classes = "pnb-table pnb-teacher"
    elif viewer == PUBLIC:
        who = "The public table: only what every seat may know"
        classes = "pnb-table pnb-public"
    else:
        who = f"Seat {viewer}'s view: only what seat {viewer} may know"
        classes = "pnb-table"
    classes += large_class()
    extra = f"<span class='pnb-muted'>{esc(caption)}</span>" if caption else ""
    title = f"<div class='pnb-title'><h3>{game} · {esc(who)}</h3>{extra}</div>"
    sheet = css() if style else ""
    return (
        f"{sheet}<div class='{classes}' data-viewer='{_viewer_name(viewer)}'>"
        f"{title}{ending_html(view, viewer)}{decision_html(view, viewer)}"
        f"<div class='pnb-board'>{renderer.board(view, viewer)}</div>"
        f"{log_html(view.get('log', ()), viewer)}</div>"
    )


def _viewer_name(viewer: int | None) -> str:
    """The table's ``data-viewer``: ``teacher``, ``public`` or the seat's number."""
    if viewer is None:
        return "teacher"
    return "public" if viewer == PUBLIC else str(viewer)


def final_scores_of(view: Mapping[str, Any]) -> tuple[list[Any], list[int]] | None:
    """The final scores and winners a view announces, or ``None`` before the end.

    A seat's view carries them as ``final_scores`` and ``winners`` once the
    game has ended (both games: the totals are announced to everyone); the
    teacher's view has ``scores`` and ``winners`` at every moment, final once
    ``ended`` is true.
    """
    if not view.get("ended"):
        return None
    scores = view.get("final_scores")
    if scores is None:
        scores = view.get("scores")
    winners = view.get("winners")
    if scores is None or winners is None:
        return None
    return list(scores), [int(s) for s in winners]


def ending_html(view: Mapping[str, Any], viewer: int | None) -> str:
    """The box at the top of an ended game: every seat's final score, the winners marked.

    Drawn only from the view's own ``final_scores``/``scores`` and ``winners``
    (see :func:`final_scores_of`); empty while the game goes on. Winners are
    marked in words ("Winner", "Shared win") and in bold, not by colour alone.
    """
    from prohis_nb.text import money

    ending = final_scores_of(view)
    if ending is None:
        return ""
    scores, winners = ending
    shared = len(winners) > 1
    rows = []
    for seat, score in enumerate(scores):
        won = seat in winners
        mark = ("Shared win" if shared else "Winner") if won else ""
        rows.append(
            f"<tr class='{'pnb-winner' if won else ''}' data-seat='{seat}'>"
            f"<th scope='row'>{esc(seat_name(seat, viewer))}</th>"
            f"<td class='pnb-score'>{esc(money(score))}</td><td>{esc(mark)}</td></tr>"
        )
    names = " and ".join(seat_name(s, viewer).lower() if s != viewer else "you" for s in winners)
    if shared:
        headline = f"Final scores: a shared win for {names} ({money(scores[winners[0]])})"
    else:
        headline = f"Final scores: {names} won with {money(scores[winners[0]])}"
    return (
        f"<div class='pnb-ending' role='status' aria-label='Final scores'>"
        f"<h4>{esc(headline)}</h4><table>{''.join(rows)}</table></div>"
    )


def decision_html(view: Mapping[str, Any], viewer: int | None) -> str:
    """Who decides now and what, or the end of the game."""
    decision = view.get("decision")
    if view.get("ended") or decision is None:
        return "<div class='pnb-decision' role='status'>The game is over.</div>"
    seat = decision.get("seat")
    if seat == viewer:
        text = f"Your decision: {decision.get('text', '')}"
        return f"<div class='pnb-decision pnb-yours' role='status'>{esc(text)}</div>"
    text = f"Seat {seat} decides: {decision.get('text', '')}"
    return f"<div class='pnb-decision' role='status'>{esc(text)}</div>"


def log_html(lines: Sequence[str], viewer: int | None) -> str:
    """The last :data:`LOG_LINES` events, newest first, as the viewer's log tells them.

    Each event keeps its number in the whole log (the newest is numbered
    ``len(lines)``), written in the text, so the list reads 38, 37 … 27 above
    "(events 1 to 26 are older)" wherever it is shown (a page that drops the
    list's ``reversed``/``start`` attributes would otherwise count 1, 2 … 12).
    The list scrolls, so it takes the keyboard focus (``tabindex``) and has a name.
    """
    lines = list(lines)
    shown = lines[-LOG_LINES:][::-1]
    items = "".join(
        f"<li value='{len(lines) - i}'>{len(lines) - i}. {esc(line)}</li>"
        for i, line in enumerate(shown)
    )
    older = len(lines) - len(shown)
    if older == 1:
        more = "<div class='pnb-muted'>(event 1 is older)</div>"
    else:
        more = f"<div class='pnb-muted'>(events 1 to {older} are older)</div>" if older else ""
    whose = (
        "the teacher's"
        if viewer is None
        else "the public"
        if viewer == PUBLIC
        else f"seat {viewer}'s"
    )
    return (
        f"<div class='pnb-logbox'><h4 style='margin:8px 0 0;font-size:13px'>What happened "
        f"({esc(whose)} log, newest first)</h4>"
        f"<ol class='pnb-log' reversed start='{len(lines)}' tabindex='0' "
        f"aria-label='{esc(whose)} log' aria-live='polite'>{items}</ol>{more}</div>"
    )


def message_html(text: str, *, error: bool = True) -> str:
    """A message box for the widgets: an error (what was wrong) or a confirmation."""
    if not text:
        return ""
    kind = ("pnb-error" if error else "pnb-ok") + large_class()
    role = "alert" if error else "status"
    return f"{css()}<div class='{kind}' role='{role}'>{esc(text)}</div>"
