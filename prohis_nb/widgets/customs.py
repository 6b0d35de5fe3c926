"""The customs explorer: should this hand be declared, or hidden from the Officer?

::

    from prohis_nb.widgets.customs import CustomsExplorer
    CustomsExplorer(item="watch", count=1, search=0.2)

Pick the goods in a Smuggle hand (one kind of item, 1 to 4 of them, the rest
luggage), the rate at which the Customs Officer searches and the rate at
which the next player turns Informer. Every change redraws
:func:`prohis_nb.plots.declare_vs_lie` (the expected money change of
declaring the truth and of declaring nothing, against the search rate) and
says in sentences what it means: which choice pays at this search rate, the
break-even rate, the equilibrium of the declare-or-lie game (the Officer's
search rate ``s*`` and the declarer's lying rate ``q*``) and whether an
Informer should search a hand passed at that lying rate. Every number comes
from :mod:`prohis_nb.analysis.smuggle`; nothing is computed here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets

from prohis_nb.smuggle.board import DUTIABLE, Board
from prohis_nb.widgets.explorer import ExplainedPlot


def _dollars(value: Any) -> str:
    amount = float(value)
    return f"−${-amount:,.0f}" if amount < 0 else f"${amount:,.0f}"


class CustomsExplorer(ExplainedPlot, widgets.VBox):
    """Controls that redraw the declare-or-lie plot at once (see the module docstring).

    After each change :attr:`values` holds every number shown (for lessons and
    tests), :attr:`sentences` the explanation and :attr:`png` the picture.
    ``board`` sets duties, fines and amounts (default: RULES.md's table).
    """

    def __init__(
        self,
        *,
        item: str = "watch",
        count: int = 1,
        search: float = 0.2,
        inform: float = 0.0,
        board: Board | None = None,
    ) -> None:
        if item not in DUTIABLE:
            raise ValueError(f"item must be one of {list(DUTIABLE)}, got {item!r}")
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 4:
            raise ValueError(f"count is how many of the item the hand holds, 1 to 4, got {count!r}")
        for name, rate in (("search", search), ("inform", inform)):
            if isinstance(rate, bool) or not isinstance(rate, int | float) or not 0 <= rate <= 1:
                raise ValueError(f"{name} is a rate between 0 and 1, got {rate!r}")
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
            style=style, layout=wide, continuous_update=False,
        )  # fmt: skip
        self.search = widgets.FloatSlider(
            value=search, min=0, max=1, step=0.01, description="Officer's search rate",
            readout_format=".0%", style=style, layout=wide, continuous_update=False,
        )  # fmt: skip
        self.inform = widgets.FloatSlider(
            value=inform, min=0, max=1, step=0.01, description="Informer's rate",
            readout_format=".0%", style=style, layout=wide, continuous_update=False,
        )  # fmt: skip
        self.image = widgets.Image(
            format="png", layout=widgets.Layout(width="430px", object_fit="contain")
        )
        self.text = widgets.HTML()
        self.message = widgets.HTML()
        self.values: dict[str, Any] = {}
        self.sentences: list[str] = []
        self.png = b""
        controls = widgets.VBox(
            [widgets.HTML("<b>The hand and the checks it faces</b>"), *self.controls],
            layout=widgets.Layout(width="450px", min_width="450px"),
        )
        top = widgets.HBox([controls, self.image], layout=widgets.Layout(flex_flow="row wrap"))
        super().__init__([top, self.message, self.text])
        self.add_class("pnb-customs-explorer")
        for control in self.controls:
            control.observe(lambda _change: self.update(), names="value")
        self.update()

    @property
    def controls(self) -> list[widgets.Widget]:
        """Every control, in the order shown."""
        return [self.item, self.count, self.search, self.inform]

    # ------------------------------------------------------------ the numbers

    def settings(self) -> dict[str, Any]:
        """The current choices, as plain data (``hand``: the 4 cards)."""
        count = self.count.value
        return {
            "hand": [self.item.value] * count + ["luggage"] * (4 - count),
            "search": self.search.value,
            "inform": self.inform.value,
        }

    def compute(self, settings: Mapping[str, Any]) -> dict[str, Any]:
        """Every number shown, from :mod:`prohis_nb.analysis.smuggle`."""
        from prohis_nb.analysis import smuggle as maths

        hand, board = settings["hand"], self.board
        search, inform = settings["search"], settings["inform"]
        goods = sorted(maths.dutiable(hand).elements(), key=DUTIABLE.index)
        game = maths.hand_game(hand, board)
        truth = maths.declaration_value(hand, goods, search, inform, board)
        hide = maths.declaration_value(hand, (), search, inform, board)
        informer = maths.InformerGame(
            game.duty, game.fine, board.compensation, board.informer_reward
        )
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
            "informer_rate": informer.inform_rate,
        }

    def describe(self, settings: Mapping[str, Any], values: Mapping[str, Any]) -> list[str]:
        """The numbers in sentences."""
        counts = Counter(values["goods"])
        goods = ", ".join(f"{n} {kind}" for kind, n in counts.items())
        search = settings["search"]
        best = (
            "declaring the truth pays more"
            if values["truth"] > values["lie"]
            else "lying pays more"
            if values["lie"] > values["truth"]
            else "both pay the same"
        )
        even = values["break_even"]
        sentences = [
            f"The hand holds {goods}: duty {_dollars(values['duty'])} if declared, fines "
            f"{_dollars(values['fine'])} if found hidden.",
            f"Searched {search:.0%} of the time"
            + (f" (and informed on {settings['inform']:.0%})" if settings["inform"] else "")
            + f", declaring the truth is worth {_dollars(values['truth'])} on average and "
            f"declaring nothing {_dollars(values['lie'])}: {best}.",
        ]
        if even is None:
            sentences.append("No search rate makes the two equal here.")
        else:
            sentences.append(
                f"Break-even: an Officer who searches more than {float(even):.0%} of hands makes "
                "the truth pay; less, and lying pays."
            )
        sentences.append(
            f"In equilibrium (no Informer) the Officer searches {float(values['search_rate']):.0%} "
            f"of such declarations and the declarer lies {float(values['lying_rate']):.0%} of the "
            f"time; the declarer then expects {_dollars(values['value'])}."
        )
        if values["lying_rate"] == values["informer_threshold"]:
            verdict = "gains nothing either way if it turns Informer"
        elif values["inform_at_equilibrium"]:
            verdict = "should turn Informer"
        else:
            verdict = "should not turn Informer"
        sentences.append(
            f"A receiver who believes the hand false with probability "
            f"{float(values['lying_rate']):.0%} {verdict}: informing pays only above "
            f"{float(values['informer_threshold']):.0%}."
        )
        return sentences

    # ------------------------------------------------------------ drawing

    def figure(self, settings: Mapping[str, Any], values: Mapping[str, Any]) -> Any:
        """The declare-or-lie plot for this hand, with the Officer's search rate marked."""
        from prohis_nb import plots

        fig, _ax = plots.declare_vs_lie(
            settings["hand"], settings["inform"], self.board, search_rate=settings["search"]
        )
        return fig
