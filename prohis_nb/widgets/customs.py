"""The customs explorer: should this hand be declared, or hidden from the Officer?

::

    from prohis_nb.widgets.customs import CustomsExplorer
    CustomsExplorer(item="watch", count=1, search=0.2)

Pick the goods in a Smuggle hand (one kind of item, 1 to 4 of them, the rest
luggage), the rate at which the Customs Officer searches and the rate at
which the next player turns Informer. Every change redraws the picture and
says in sentences what it means, in two steps:

* **the 2 × 2 game** (:func:`prohis_nb.plots.declare_vs_lie`): declaring the
  truth against declaring nothing, against the search rate; which pays at
  this rate, the break-even rate, the declare-or-lie equilibrium (``s*``,
  ``q*``), and why an Officer who *hears* the declaration would not search
  at ``s*``;
* **the Officer hears the declaration**
  (:func:`prohis_nb.plots.declaration_search_rates`): the equilibrium search
  rate of every declaration, how this hand declares in that equilibrium and
  what it is worth, and what a receiver should do.

The **Picture** buttons choose which plot is drawn; the sentences cover both.
Every number comes from :mod:`prohis_nb.analysis.smuggle`,
:mod:`~prohis_nb.analysis.signalling` and :mod:`~prohis_nb.analysis.informer`;
nothing is computed here. The first explorer solves the declaration game
(a linear program, a few seconds); later ones reuse it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets

from prohis_nb.smuggle.board import DUTIABLE, Board
from prohis_nb.text import money, percent
from prohis_nb.widgets.explorer import ExplainedPlot, picture_widget

#: The sliders redraw while a finger drags them (see :mod:`prohis_nb.widgets.explorer`).
CONTINUOUS = True
#: The two pictures, as (label, value) pairs for the buttons.
PICTURES = (("The 2 × 2 game", "2x2"), ("The Officer hears the declaration", "heard"))


class CustomsExplorer(ExplainedPlot, widgets.VBox):
    """Controls that redraw the declare-or-lie plot at once (see the module docstring).

    After each change :attr:`values` holds every number shown (for lessons and
    tests), :attr:`sentences` the explanation and :attr:`drawn_chart` the picture
    (SVG, :mod:`prohis_nb.widgets.charts`; :attr:`png`: as a PNG file, on request).
    ``board`` sets duties, fines and amounts (default: docs/smuggle-rules.md's table).
    "Download PNG" / "Download SVG" offer the picture as a file (:meth:`offer_figure`).
    """

    def __init__(
        self,
        *,
        item: str = "watch",
        count: int = 1,
        search: float = 0.2,
        inform: float = 0.0,
        picture: str = "2x2",
        board: Board | None = None,
    ) -> None:
        if item not in DUTIABLE:
            raise ValueError(f"item must be one of {list(DUTIABLE)}, got {item!r}")
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 4:
            raise ValueError(f"count is how many of the item the hand holds, 1 to 4, got {count!r}")
        for name, rate in (("search", search), ("inform", inform)):
            if isinstance(rate, bool) or not isinstance(rate, int | float) or not 0 <= rate <= 1:
                raise ValueError(f"{name} is a rate between 0 and 1, got {rate!r}")
        if picture not in dict(PICTURES).values():
            raise ValueError(f"picture must be '2x2' or 'heard', got {picture!r}")
        self.board = board or Board()
        style = {"description_width": "190px"}
        wide = widgets.Layout(width="430px")
        self.item = widgets.Dropdown(
            options=[(k.capitalize(), k) for k in DUTIABLE],
            value=item,
            description="Goods in the hand",
            style=style,
            layout=wide,
        )
        self.count = widgets.IntSlider(
            value=count, min=1, max=4, description="How many (rest: luggage)",
            style=style, layout=wide, continuous_update=CONTINUOUS,
        )  # fmt: skip
        self.search = widgets.FloatSlider(
            value=search, min=0, max=1, step=0.01, description="Officer's search rate",
            readout_format=".0%", style=style, layout=wide, continuous_update=CONTINUOUS,
        )  # fmt: skip
        self.inform = widgets.FloatSlider(
            value=inform, min=0, max=1, step=0.01, description="Receiver turns Informer",
            readout_format=".0%", style=style, layout=wide, continuous_update=CONTINUOUS,
        )  # fmt: skip
        self.picture = widgets.ToggleButtons(
            options=PICTURES, value=picture, description="Picture",
            style={**style, "button_width": "auto"},  # each button as wide as its words
        )  # fmt: skip
        self.image = picture_widget()
        self.text = widgets.HTML()
        self.message = widgets.HTML()
        self.values: dict[str, Any] = {}
        self.sentences: list[str] = []
        self.label_width = style["description_width"]
        self.controls_box = controls = widgets.VBox(
            [widgets.HTML("<b>The hand and the checks it faces</b>"), *self.controls],
            layout=widgets.Layout(width="450px", min_width="450px"),
        )
        top = widgets.HBox([controls, self.image], layout=widgets.Layout(flex_flow="row wrap"))
        super().__init__([top, self.download_controls(), self.message, self.text])
        self.add_class("pnb-customs-explorer")
        for control in self.controls:
            control.observe(lambda _change: self.update(), names="value")
        self.update()

    @property
    def controls(self) -> list[widgets.Widget]:
        """Every control, in the order shown."""
        return [self.item, self.count, self.search, self.inform, self.picture]

    # ------------------------------------------------------------ the numbers

    def settings(self) -> dict[str, Any]:
        """The current choices, as plain data (``hand``: the 4 cards)."""
        count = self.count.value
        return {
            "hand": [self.item.value] * count + ["luggage"] * (4 - count),
            "search": self.search.value,
            "inform": self.inform.value,
            "picture": self.picture.value,
        }

    def compute(self, settings: Mapping[str, Any]) -> dict[str, Any]:
        """The 2 × 2 game's numbers, from :mod:`prohis_nb.analysis.smuggle`.

        The game heard and the receiver's are added by :meth:`complete`, once
        the picture is on its way.
        """
        from prohis_nb.analysis import smuggle as maths

        hand, board = settings["hand"], self.board
        search, inform = settings["search"], settings["inform"]
        goods = sorted(maths.dutiable(hand).elements(), key=DUTIABLE.index)
        game = maths.hand_game(hand, board)
        truth = maths.declaration_value(hand, goods, search, inform, board)
        hide = maths.declaration_value(hand, (), search, inform, board)
        p_goods = maths.hides_goods_probability(game.lying_rate)
        return {
            "hand": list(hand),
            "goods": goods,
            "duty": game.duty,
            "fine": game.fine,
            "truth": truth,
            "lie": hide,
            "best": "truth" if truth >= hide else "lie",
            "break_even": maths.break_even_search_rate(hand, inform, board),
            "search_rate": game.search_rate,
            "lying_rate": game.lying_rate,
            "value": game.value,
            "informer_threshold": maths.informer_threshold(board),
            "inform_at_equilibrium": maths.should_inform(game.lying_rate, board),
            # the 2 x 2 rates, heard: "nothing" mostly hides goods, the truth never does
            "goods_behind_nothing": p_goods,
            "gain_searching_nothing": maths.search_gain((), p_goods, board),
            "gain_searching_truth": maths.search_gain(goods, 0, board),
        }

    def complete(self, settings: Mapping[str, Any], values: dict[str, Any]) -> None:
        """The game the rules describe (the Officer hears the declaration) and the receiver's."""
        from prohis_nb.analysis.informer import informer_equilibrium
        from prohis_nb.analysis.signalling import declaration_equilibrium

        goods, board = values["goods"], self.board
        heard = declaration_equilibrium(board)
        passed = informer_equilibrium(board)
        values |= {
            "heard_search_rate": heard.search_rate(goods),
            "heard_made": heard.index(goods) in heard.used(),
            "heard_range": heard.deterring_range(goods),
            "heard_choices": heard.choices(goods),
            "heard_value": heard.hand_value(goods),
            "fresh_value": heard.value,
            "passed_false_share": passed.largest_false_share,
            "receiver_never_informs": passed.never_informs,
            "receiver_worst": passed.checks[0],
        }

    def describe(self, settings: Mapping[str, Any], values: Mapping[str, Any]) -> list[str]:
        """The numbers in sentences: the 2 × 2 game, why it is not enough, the game heard."""
        from prohis_nb.analysis.signalling import describe as words

        goods = words(values["goods"])
        search = settings["search"]
        best = (
            "declaring the truth pays more"
            if values["truth"] > values["lie"]
            else "lying pays more"
            if values["lie"] > values["truth"]
            else "both pay the same"
        )
        even = values["break_even"]
        informed = settings["inform"]
        sentences = [
            f"The hand holds {goods}: duty {money(values['duty'])} if declared, fines "
            f"{money(values['fine'])} if found hidden.",
            f"Searched {percent(search)} of the time"
            + (f" (and informed on {percent(informed)} of the time)" if informed else "")
            + f", declaring the truth is worth {money(values['truth'])} on average and "
            f"declaring nothing {money(values['lie'])}: {best}.",
        ]
        if even is None:
            sentences.append("No search rate makes the two equal here.")
        else:
            sentences.append(
                f"Break-even: an Officer who searches more than {percent(even)} of hands makes "
                "the truth pay; less, and lying pays."
            )
        sentences.append(
            f"In the 2 × 2 game (no Informer) the Officer searches {percent(values['search_rate'])}"
            f" of such declarations and the declarer lies {percent(values['lying_rate'])} of the "
            f"time; the declarer then expects {money(values['value'])}."
        )
        sentences.append(
            "But the Officer hears the declaration. If every hand with goods declared nothing "
            f"{percent(values['lying_rate'])} of the time, a hand declared as nothing would hide "
            f"goods {percent(values['goods_behind_nothing'])} of the time and searching it would "
            f"gain {money(values['gain_searching_nothing'])}; a hand declared as {goods} would "
            f"always be true and searching it would lose "
            f"{money(-values['gain_searching_truth'])}. "
            f"Searching both at {percent(values['search_rate'])} is no best response."
        )
        choices = values["heard_choices"]
        how = "; ".join(f"{words(d)} {percent(p)}" for d, p in choices.items())
        if values["heard_made"]:
            rate = (
                f"In the game the rules describe the Officer searches a declaration of {goods} "
                f"{percent(values['heard_search_rate'])} of the time."
            )
        else:
            low, high = values["heard_range"]
            rate = (
                f"In the game the rules describe nobody declares {goods}: any search rate from "
                f"{percent(low)} to {percent(high)} keeps it that way."
            )
        sentences.append(
            f"{rate} This hand declares: {how}; it "
            f"expects {money(values['heard_value'])} (the 2 × 2 game said "
            f"{money(values['value'])})."
        )
        if values["receiver_never_informs"]:
            sentences.append(
                "A receiver of an accepted hand should never turn Informer in that equilibrium: "
                f"no passed declaration is false more than {percent(values['passed_false_share'])}"
                f" of the time, and informing pays only above "
                f"{percent(values['informer_threshold'])}."
            )
        else:
            worst = values["receiver_worst"]
            sentences.append(
                "With this board a receiver would gain "
                f"{money(worst.gain)} by informing on {words(worst.declaration)}, to swap the "
                "hand it would inherit for a fresh one: the receiver does not simply stay quiet."
            )
        return sentences

    # ------------------------------------------------------------ drawing

    def figure_name(self, settings: Mapping[str, Any]) -> str:
        """The file name of the picture shown: the 2 × 2 game or the heard declarations."""
        if settings["picture"] == "heard":
            return "declaration-search-rates"
        goods = [card for card in settings["hand"] if card != "luggage"]
        return f"declare-or-lie-{len(goods)}-{goods[0] if goods else 'luggage'}"

    def figure(self, settings: Mapping[str, Any], values: Mapping[str, Any]) -> Any:
        """The picture chosen: the 2 × 2 plot for this hand, or the heard declarations' rates."""
        from prohis_nb import plots

        if settings["picture"] == "heard":
            fig, _ax = plots.declaration_search_rates(self.board, highlight=values["goods"])
            return fig
        fig, _ax = plots.declare_vs_lie(
            settings["hand"], settings["inform"], self.board, search_rate=settings["search"]
        )
        return fig

    def chart(self, settings: Mapping[str, Any], values: Mapping[str, Any]) -> Any:
        """The same picture as :meth:`figure`, as an SVG chart (drawn after every change)."""
        from prohis_nb.widgets import charts

        if settings["picture"] == "heard":
            return charts.declaration_rates(self.board, highlight=values["goods"])
        return charts.declare_or_lie(
            settings["hand"], settings["inform"], self.board, settings["search"]
        )

    def legend_place(self, settings: Mapping[str, Any]) -> str:
        """Where the legend goes: as in :mod:`prohis_nb.plots`."""
        return "upper right" if settings["picture"] == "heard" else "lower left"
