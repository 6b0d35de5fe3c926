"""The explorer: move a slider, see at once whether a bribe beats an inspection.

::

    from prohis_nb.widgets import Explorer
    Explorer(card="captain", convoy_size=3, illegal=1)

The controls set up one control of a convoy: the controller card, the
convoy's size and what it really holds (illegal goods, lieutenants), the
bribe on offer, and the controller's *belief*: the cards it has not seen, kind
by kind (legal, illegal, lieutenants, captains, inspectors), from which it
supposes the convoy drawn. Give it the pool a lesson computed
(``unseen_cards(view)``) and it shows the lesson's own b*: the kinds are kept
apart, since each controller card scores differently.
Every change redraws the picture of :func:`prohis_nb.plots.bribe_vs_inspection`
(the value of inspecting against the value of a bribe, crossing at the
**indifference bribe** b*) as SVG (:mod:`prohis_nb.widgets.charts`: a
millisecond, so the picture follows a finger on a slider), marks the bribe
on offer, and says in sentences what the numbers mean, with the
**equilibria** of the convoy game (every one, exactly:
:func:`prohis_nb.analysis.equilibrium_sets.equilibrium_set`) for the same card,
size and bribe when a bribe is on offer. Every number comes from
:mod:`prohis_nb.analysis`; nothing is computed here. A setting the analysis
refuses (a belief with fewer unseen cards than the convoy holds) shows a
message instead of a picture and sentences: nothing on screen describes the
previous setting.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets

from prohis_nb.presenting import is_large_print
from prohis_nb.text import count, money, percent
from prohis_nb.widgets.large import fit
from prohis_nb.widgets.pagehelp import page_helper
from prohis_nb.widgets.render import message_html
from prohis_nb.widgets.render.base import css, esc

CARDS = ("lieutenant", "captain", "inspector")
RANK = {"lieutenant": 1, "captain": 2, "inspector": 3}
#: The belief's sliders: card kind, words on the slider, largest value.
POOL = (
    ("legal", "Unseen legal goods", 60),
    ("illegal", "Unseen illegal goods", 30),
    ("lieutenant", "Unseen lieutenants", 8),
    ("captain", "Unseen captains", 6),
    ("inspector", "Unseen inspectors", 6),
)
GOODS_WORDS = {"legal": ("legal good", "legal goods"), "illegal": ("illegal good", "illegal goods")}


def _a(word: str) -> str:
    return f"an {word}" if word[0] in "aeiou" else f"a {word}"


class ExplainedPlot:
    """What every explorer does when a control changes: compute, explain, redraw.

    A subclass (a ``widgets.VBox`` with ``message``, ``text`` and ``image``
    children) supplies :meth:`settings`, :meth:`compute`, :meth:`describe`,
    :meth:`chart` and :meth:`figure`; :meth:`update` does the rest. The
    numbers come from the analysis, the sentences from ``describe``, the
    picture on screen from ``chart`` (SVG, :mod:`prohis_nb.widgets.charts`)
    and the downloads and :attr:`png` from ``figure`` (matplotlib,
    :mod:`prohis_nb.plots`), built only when asked for.

    Why SVG: building a matplotlib figure and rendering it to PNG took
    100-400 ms per move of a slider, most of the time from the move to the
    new picture; the SVG chart takes about a millisecond and a few kilobytes.
    """

    message: widgets.HTML
    text: widgets.HTML
    #: The picture on screen: an HTML widget holding the chart's ``<svg>``.
    image: widgets.HTML
    values: dict[str, Any]
    sentences: list[str]
    #: The chart on screen (None when a setting is refused); its ``series`` hold what is drawn.
    drawn_chart: Any = None
    #: The downloaded figure's file name, without ".png"/".svg".
    download_name = "figure"
    #: The box of controls (left of the picture), sized by :meth:`fit_print`.
    controls_box: widgets.VBox
    #: Width of the controls' descriptions in normal print (large print: :data:`LARGE_LAYOUT`).
    label_width = "170px"

    def settings(self) -> dict[str, Any]:  # pragma: no cover - every explorer overrides it
        raise NotImplementedError

    @property
    def controls(self) -> list[widgets.Widget]:  # pragma: no cover - every explorer overrides it
        """Every control, in the order shown."""
        raise NotImplementedError

    def compute(self, settings: Mapping[str, Any]) -> dict[str, Any]:  # pragma: no cover
        raise NotImplementedError

    def describe(self, settings: Mapping[str, Any], values: Mapping[str, Any]) -> list[str]:
        raise NotImplementedError  # pragma: no cover

    def complete(self, settings: Mapping[str, Any], values: dict[str, Any]) -> None:
        """Add to ``values`` the numbers only the sentences need (after the picture is sent)."""

    def figure(self, settings: Mapping[str, Any], values: Mapping[str, Any]) -> Any:
        raise NotImplementedError  # pragma: no cover

    def chart(self, settings: Mapping[str, Any], values: Mapping[str, Any]) -> Any:
        raise NotImplementedError  # pragma: no cover

    @property
    def png(self) -> bytes:
        """The picture on screen as PNG bytes, drawn by :mod:`prohis_nb.plots` (b"" if none)."""
        if self._drawn is None:
            return b""
        return figure_png(self.figure(*self._drawn))

    def download_controls(self) -> widgets.HBox:
        """The "Download PNG" / "Download SVG" buttons and the link they fill.

        The link is built only when asked: a redraw costs no more than before,
        and the link always holds the picture on screen (a redraw clears it).
        """
        self.png_button = widgets.Button(
            description="Download PNG",
            icon="download",
            tooltip="Get the picture as a PNG file",
            layout=widgets.Layout(width="auto"),  # as wide as its words, in any print
        )
        self.svg_button = widgets.Button(
            description="Download SVG",
            icon="download",
            tooltip="Get the picture as an SVG file",
            layout=widgets.Layout(width="auto"),
        )
        self.png_button.on_click(lambda _b: self.offer_figure("png"))
        self.svg_button.on_click(lambda _b: self.offer_figure("svg"))
        #: The link that downloads the picture in the browser (filled on request).
        self.download = widgets.HTML()
        self._drawn: tuple[dict[str, Any], dict[str, Any]] | None = None
        # The widgets' style sheet, in a widget of its own: a <style> sent with every
        # redraw of the sentences made the browser restyle the whole page each move.
        self.style_sheet = widgets.HTML()
        # page_helper: the sliders' names for screen readers (prohis_nb.widgets.pagehelp)
        return widgets.HBox(
            [self.png_button, self.svg_button, self.download, self.style_sheet, page_helper()]
        )

    def offer_figure(self, fmt: str = "png") -> str:
        """Show a link that downloads the picture on screen as PNG or SVG; return its HTML.

        The figure is drawn again from the settings shown (at print
        resolution), saved into the link and closed. With no picture on
        screen (a refused setting) a message says so and the link is empty.
        """
        from prohis_nb.widgets.downloads import FIGURE_TYPES, figure_link

        if fmt not in FIGURE_TYPES:
            raise ValueError(f"a figure downloads as {' or '.join(FIGURE_TYPES)}, got {fmt!r}")
        if self._drawn is None:
            self.download.value = ""
            self.message.value = message_html("There is no picture to download: change a setting.")
            return ""
        import matplotlib.pyplot as plt

        fig = self.figure(*self._drawn)
        try:
            link = figure_link(fig, fmt, self.figure_name(self._drawn[0]))
        finally:
            plt.close(fig)
        self.download.value = link
        return link

    def figure_name(self, settings: Mapping[str, Any]) -> str:
        """The downloaded file's name (without extension) for these settings."""
        return self.download_name

    def legend_place(self, settings: Mapping[str, Any]) -> str:
        """Where the chart's legend goes (as in the matplotlib figure)."""
        return "upper left"

    def update(self) -> bool:
        """Recompute and redraw; a refused setting shows only a message (no stale picture)."""
        settings = self.settings()
        self.download.value = ""  # the link held the previous picture
        self._drawn = None
        self.style_sheet.value = css()  # sent only when it changes (large print)
        try:
            values = self.compute(settings)
        except ValueError as error:
            return self._refuse(error)
        # The picture first: setting a widget's value sends it to the browser at
        # once, so the page redraws while the kernel works out the sentences.
        self.drawn_chart = self.chart(settings, values)
        self.image.value = self.drawn_chart.svg(self.legend_place(settings))
        self.image.layout.display = None
        self.message.value = ""
        try:
            self.complete(settings, values)
        except ValueError as error:  # pragma: no cover - compute() checked the settings
            return self._refuse(error)
        self.values = values
        self.sentences = self.describe(settings, values)
        self._drawn = (dict(settings), dict(values))
        items = "".join(f"<li>{esc(s)}</li>" for s in self.sentences)
        self.text.value = f"<ul class='pnb-explain' aria-live='polite'>{items}</ul>"
        fit(self)
        self.fit_print()
        return True

    def fit_print(self) -> None:
        """Size the controls and the picture for the print in force (large print: wider).

        In large print the words of a control are 20 px: its description gets
        the room its words need (nothing cut to "Cards in the c…"), the
        sliders stay as long, and the picture grows with its words. Values
        unchanged are not sent again (ipywidgets sends only what changes).
        """
        large = is_large_print()
        label, width, box, picture = LARGE_LAYOUT if large else (
            self.label_width, "430px", "450px", "430px"
        )  # fmt: skip
        for control in self.controls:
            control.style.description_width = label
            if not isinstance(control, widgets.ToggleButtons):
                control.layout.width = width
        self.controls_box.layout.width = box
        self.controls_box.layout.min_width = box
        self.image.layout.width = picture

    def _refuse(self, error: ValueError) -> bool:
        """Show why the settings cannot be computed, and nothing of an earlier setting."""
        self.message.value = message_html(f"These settings cannot be computed: {error}")
        self.values, self.sentences, self.drawn_chart = {}, [], None
        self.image.value = ""
        self.image.layout.display = "none"
        self.text.value = ""
        return False


#: In large print: the controls' description width, a control's width, the controls' box's
#: width and the picture's width (the words of "How many (rest: luggage)" at 20 px need 270 px).
LARGE_LAYOUT = ("300px", "640px", "660px", "640px")


def picture_widget() -> widgets.HTML:
    """The widget an explorer's chart is drawn in (as wide as the old PNG picture)."""
    return widgets.HTML(layout=widgets.Layout(width="430px"))


def figure_png(fig: Any) -> bytes:
    """A matplotlib figure as PNG bytes; the figure is closed, so none pile up."""
    import matplotlib.pyplot as plt

    try:
        buffer = io.BytesIO()
        fig.savefig(buffer, format="png", dpi=90, bbox_inches="tight")
        return buffer.getvalue()
    finally:
        plt.close(fig)


class Explorer(ExplainedPlot, widgets.VBox):
    """Sliders and pickers that redraw the bribe-or-inspect plot at once (see the module doc).

    After each change :attr:`values` holds every number shown (for lessons and
    tests), :attr:`sentences` the explanation and :attr:`drawn_chart` the
    picture on screen (:attr:`png`: the same as a PNG file, drawn on request).
    "Download PNG" / "Download SVG" offer it as a file (:meth:`offer_figure`).
    """

    download_name = "bribe-or-inspect"

    def __init__(
        self,
        *,
        card: str = "captain",
        convoy_size: int = 3,
        illegal: int = 1,
        controllers: int = 0,
        bribe_legal: int = 1,
        bribe_illegal: int = 0,
        unseen: Mapping[str, int] | None = None,
        max_bribe: int = 12_000,
        equilibrium: bool = True,
    ) -> None:
        unseen = dict(unseen or {"legal": 30, "illegal": 15, "lieutenant": 4})
        style = {"description_width": "170px"}
        wide = widgets.Layout(width="430px")

        def slider(description: str, value: int, low: int, high: int) -> widgets.IntSlider:
            # continuous_update: the picture follows a finger while it drags (a redraw
            # sends the SVG in milliseconds); the browser keeps one update in flight
            # per slider and sends only the latest value, so a fast drag never queues.
            return widgets.IntSlider(
                value=value, min=low, max=high, description=description, style=style,
                layout=wide, continuous_update=True,
            )  # fmt: skip

        self.card = widgets.Dropdown(
            options=CARDS, value=card, description="Controller card", style=style, layout=wide
        )
        self.size = slider("Cards in the convoy", convoy_size, 2, 4)
        self.illegal = slider("Illegal goods in it", illegal, 0, 4)
        self.controllers = slider("Lieutenants in it", controllers, 0, 4)
        self.bribe_legal = slider("Bribe: legal goods", bribe_legal, 0, 6)
        self.bribe_illegal = slider("Bribe: illegal goods", bribe_illegal, 0, 4)
        kinds = [kind for kind, _words, _top in POOL]
        unknown = sorted(set(unseen) - set(kinds))
        if unknown:
            raise ValueError(f"unknown card kind(s) {unknown} in unseen; the kinds are {kinds}")
        #: One slider per kind of unseen card: the controller's belief, kinds kept apart.
        self.pool = {
            kind: slider(words, unseen.get(kind, 0), 0, max(top, unseen.get(kind, 0)))
            for kind, words, top in POOL
        }
        self.unseen_legal = self.pool["legal"]
        self.unseen_illegal = self.pool["illegal"]
        self.max_bribe = max_bribe
        self.show_equilibrium = equilibrium
        self.image = picture_widget()
        self.text = widgets.HTML()
        self.message = widgets.HTML()
        self.values: dict[str, Any] = {}
        self.sentences: list[str] = []
        self._busy = False
        self.controls_box = controls = widgets.VBox(
            [
                widgets.HTML("<b>The convoy and the bribe</b>"),
                self.card, self.size, self.illegal, self.controllers,
                self.bribe_legal, self.bribe_illegal,
                widgets.HTML("<b>The controller's belief: cards it has not seen</b>"),
                *self.pool.values(),
            ],
            layout=widgets.Layout(width="450px", min_width="450px"),
        )  # fmt: skip
        top = widgets.HBox([controls, self.image], layout=widgets.Layout(flex_flow="row wrap"))
        super().__init__([top, self.download_controls(), self.message, self.text])
        self.add_class("pnb-explorer")
        for control in self.controls:
            control.observe(self._on_change, names="value")
        self.update()

    @property
    def controls(self) -> list[widgets.Widget]:
        """Every control, in the order shown."""
        return [
            self.card, self.size, self.illegal, self.controllers, self.bribe_legal,
            self.bribe_illegal, *self.pool.values(),
        ]  # fmt: skip

    # ------------------------------------------------------------ the numbers

    def settings(self) -> dict[str, Any]:
        """The current choices, as plain data."""
        return {
            "card": self.card.value,
            "size": self.size.value,
            "illegal": self.illegal.value,
            "controllers": self.controllers.value,
            "bribe": ["legal"] * self.bribe_legal.value + ["illegal"] * self.bribe_illegal.value,
            "unseen": {kind: control.value for kind, control in self.pool.items()},
        }

    def compute(self, settings: Mapping[str, Any]) -> dict[str, Any]:
        """The numbers of the picture and the sentences, from :mod:`prohis_nb.analysis`.

        Raises ValueError for a setting the analysis refuses. The equilibrium
        is added by :meth:`complete`, once the picture is on its way.
        """
        from prohis_nb.analysis import (
            catch_probability,
            controller_values,
            convoy_belief,
            indifference_bribe,
            smuggler_values,
        )
        from prohis_nb.analysis.payoffs import warehouse_value

        card, size = settings["card"], settings["size"]
        illegal, controllers = settings["illegal"], settings["controllers"]
        if illegal + controllers > size:
            raise ValueError(
                f"a convoy of {size} cards cannot hold {illegal} illegal goods and "
                f"{controllers} controller cards"
            )
        convoy = (
            ["illegal"] * illegal
            + ["lieutenant"] * controllers
            + ["legal"] * (size - illegal - controllers)
        )
        bribe = list(settings["bribe"])
        belief = convoy_belief(settings["unseen"], size)
        bribe_value = warehouse_value(bribe)
        controller = controller_values(belief, card, bribe_value=bribe_value)
        b_star = indifference_bribe(belief, card)
        accepts = bool(bribe) and bribe_value >= b_star
        p_dirty = sum(p for counts, p in belief.items() if counts[1] > 0)
        values: dict[str, Any] = {
            "convoy": convoy,
            "bribe": bribe,
            "bribe_value": bribe_value,
            "catch": catch_probability(size, illegal, controllers, card),
            "inspect": controller["inspect"],
            "waive": controller["waive"],
            "indifference_bribe": b_star,
            "accepts": accepts,
            "p_dirty": p_dirty,
        }
        if bribe:
            values["smuggler"] = smuggler_values(
                convoy, card, bribe, accept_probability=1 if accepts else 0
            )
        return values

    def complete(self, settings: Mapping[str, Any], values: dict[str, Any]) -> None:
        """Every equilibrium of the convoy game (worked out after the picture is sent).

        The sentence reads the exact set of equilibria
        (:func:`~prohis_nb.analysis.equilibrium_sets.equilibrium_set`, its
        :meth:`~prohis_nb.analysis.equilibrium_sets.EquilibriumSet.summary`):
        no solver to import, so the first slider moved redraws at once.
        """
        certain = values["p_dirty"] in (0, 1)  # nothing to hide, or nothing but illegal goods
        if self.show_equilibrium and values["bribe"] and not certain:
            from prohis_nb.analysis.convoy_game import ConvoyGame
            from prohis_nb.analysis.equilibrium_sets import equilibrium_set

            game = ConvoyGame(
                card=settings["card"],
                size=settings["size"],
                illegal=max(1, settings["illegal"]),
                bribe=tuple(values["bribe"]),
                p_dirty=float(values["p_dirty"]),
            )
            every = equilibrium_set(game)
            every.summary()  # the sentence's words, worked out now
            values["equilibrium"] = every

    def describe(self, settings: Mapping[str, Any], values: Mapping[str, Any]) -> list[str]:
        """The numbers in sentences that agree with the controls (money via prohis_nb.text)."""
        card, size = settings["card"], settings["size"]
        rank = RANK[card]
        b_star = values["indifference_bribe"]
        unseen = settings["unseen"]
        total = sum(unseen.values())
        parts = [
            count(unseen[kind], *GOODS_WORDS.get(kind, (kind, kind + "s")))
            for kind, _words, _top in POOL
            if unseen.get(kind)
        ]
        sentences = [
            f"The controller has not seen {count(total, 'card')} ({', '.join(parts)}): a convoy "
            f"of {count(size, 'card')} drawn at random from them holds illegal goods with "
            f"probability {percent(values['p_dirty'])}.",
            f"With {_a(card)} (it turns up to {count(min(rank, size), 'card')} of the {size}), "
            f"inspecting is worth {money(values['inspect'])} to the controller on average, "
            f"and waiving {money(values['waive'])}.",
        ]
        if b_star > 0:
            sentences.append(
                f"So the indifference bribe is b* = {money(b_star)}: a bribe worth at least "
                "that much in the controller's warehouse should be accepted, a smaller one "
                "rejected."
            )
        else:
            sentences.append(
                "Inspecting loses money on average here, so every bribe is worth more than "
                "inspecting: the controller should accept whatever is offered."
            )
        bribe = values["bribe"]
        if bribe:
            verdict = (
                "the controller should accept it"
                if values["accepts"]
                else "less than b*: the controller should reject it and inspect"
            )
            if values["accepts"] and b_star > 0:
                verdict = "at least b*: " + verdict
            described = ", ".join(
                count(bribe.count(kind), *GOODS_WORDS[kind])
                for kind in ("legal", "illegal")
                if kind in bribe
            )
            sentences.append(
                f"The bribe on offer ({described}) is worth {money(values['bribe_value'])} in "
                f"the controller's warehouse, {verdict}."
            )
        else:
            better = "waive" if values["waive"] > values["inspect"] else "inspect"
            sentences.append(
                f"No bribe is on offer: the controller inspects or waives, and should {better} "
                f"({money(values['waive'])} for waiving against {money(values['inspect'])} for "
                "inspecting)."
            )
        convoy = values["convoy"]
        holds = [
            count(convoy.count("illegal"), "illegal good"),
            count(convoy.count("lieutenant"), "lieutenant"),
            count(convoy.count("legal"), "legal good"),
        ]
        sentences.append(
            f"This convoy really holds {', '.join(holds[:2])} and {holds[2]}: an inspection "
            f"catches it with probability {percent(values['catch'])}."
        )
        if "smuggler" in values:
            smuggler = values["smuggler"]
            gap = smuggler["offer"] - smuggler["none"]
            better = (
                "it makes no difference"
                if abs(gap) < 0.5
                else "better to offer it"
                if gap > 0
                else "better to offer nothing"
            )
            sentences.append(
                f"For the smuggler, offering this bribe is worth {money(smuggler['offer'])} "
                f"against {money(smuggler['none'])} for offering nothing to a controller "
                f"who then inspects: {better}."
            )
        if "equilibrium" in values:
            game = values["equilibrium"].game
            sentences.append(
                "The equilibrium of the convoy game of lesson 6 (the smuggler's convoy is "
                "dirty with the probability above and then carries "
                f"{count(game.illegal, 'illegal good')}; the bribe is the one on offer): "
                + values["equilibrium"].summary()
            )
        elif self.show_equilibrium and values["p_dirty"] == 0:
            sentences.append(
                "No convoy drawn from these cards can hold illegal goods: the controller knows "
                "every convoy is honest, so there is nothing to bluff about (the convoy game "
                "of lesson 6 needs some chance of illegal goods)."
            )
        elif self.show_equilibrium and values["p_dirty"] == 1:
            sentences.append(
                "Every convoy drawn from these cards holds illegal goods: the controller knows "
                "it, so there is nothing to bluff about (the convoy game of lesson 6 needs some "
                "chance of an honest convoy)."
            )
        elif self.show_equilibrium:
            sentences.append("Offer a bribe to see the equilibrium of the convoy game (lesson 6).")
        return sentences

    # ------------------------------------------------------------ drawing

    def figure(self, settings: Mapping[str, Any], values: Mapping[str, Any]) -> Any:
        """The bribe-or-inspect plot for this card and belief, with the bribe on offer."""
        from prohis_nb import plots

        top = max(self.max_bribe, int(float(values["indifference_bribe"]) * 1.3) + 1000)
        fig, ax = plots.bribe_vs_inspection(
            settings["unseen"], settings["size"], max_bribe=top, cards=(settings["card"],)
        )
        if values["bribe"]:
            ax.axvline(
                float(values["bribe_value"]),
                color=plots.PALETTE[3],
                ls="--",
                lw=2,
                label=f"the bribe on offer ({money(values['bribe_value'])})",
            )
            ax.legend(loc="upper left")
        return fig

    def chart(self, settings: Mapping[str, Any], values: Mapping[str, Any]) -> Any:
        """The same picture as :meth:`figure`, as an SVG chart (drawn after every change)."""
        from prohis_nb.widgets import charts

        top = max(self.max_bribe, int(float(values["indifference_bribe"]) * 1.3) + 1000)
        return charts.bribe_or_inspect(
            settings["unseen"],
            settings["size"],
            settings["card"],
            top,
            float(values["bribe_value"]) if values["bribe"] else None,
        )

    def _on_change(self, _change: dict[str, Any]) -> None:
        if self._busy:  # a limit moved by _fit_limits: one redraw is enough
            return
        self._busy = True
        try:
            self._fit_limits()
        finally:
            self._busy = False
        self.update()

    def _fit_limits(self) -> None:
        """Keep the convoy's contents within its size (the sliders' limits follow)."""
        size = self.size.value
        self.illegal.max = size
        self.controllers.max = size - self.illegal.value
