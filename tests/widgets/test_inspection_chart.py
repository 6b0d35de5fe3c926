"""Lesson 5's picture of the inspection game: the lines are the payoff table's, they cross
where the inspectee is indifferent, and the picture says so in words."""

from __future__ import annotations

from fractions import Fraction

import pytest

from prohis_nb.widgets.inspection import crossing, fine_explorer, inspection_chart


def by_hand(gain: int, fine: int) -> Fraction:
    """Cheating is worth q × (−fine) + (1 − q) × gain, complying nothing: equal at q."""
    return Fraction(gain, gain + fine)


@pytest.mark.parametrize(("gain", "fine"), [(4_000, 8_000), (4_000, 12_000), (3_000, 5_000)])
def test_the_lines_cross_at_the_rate_that_makes_the_inspectee_indifferent(gain, fine):
    assert crossing(gain, fine) == by_hand(gain, fine)
    chart = inspection_chart(gain, fine).chart
    comply, cheat = chart.series["comply"], chart.series["cheat"]
    assert all(y == 0 for _, y in comply)  # complying is worth nothing at every rate
    assert cheat[0] == (0, gain) and cheat[-1] == (1, -fine)
    q = float(by_hand(gain, fine))
    below = [y for x, y in cheat if x < q]
    above = [y for x, y in cheat if x > q]
    assert all(y > 0 for y in below) and all(y < 0 for y in above)


def test_the_picture_says_what_it_shows_and_is_an_svg_with_that_name():
    shown = inspection_chart(4_000, 8_000)
    words = shown.chart.description
    assert "33.3%" in words and "$4,000" in words and "−$8,000" in words
    html = shown._repr_html_()
    assert "<svg" in html and 'role="img"' in html


def test_without_the_mark_the_picture_does_not_give_the_crossing_away():
    words = inspection_chart(4_000, 12_000, mark=False).chart.description
    assert "25" not in words and "cross" not in words


def test_the_explorer_redraws_for_each_fine():
    box = fine_explorer()
    fine = next(w for w in box.children if getattr(w, "description", "") == "Fine if caught")
    picture = box.children[2]
    assert "33.3%" in picture.value
    fine.value = 12_000
    assert "25.0%" in picture.value and "−$12,000" in picture.value


def test_a_chart_is_shown_in_a_widget_where_no_dollar_is_typeset():
    import ipywidgets

    from prohis_nb.widgets.lesson import show_chart

    shown = show_chart(inspection_chart(4_000, 8_000).chart)
    assert isinstance(shown, ipywidgets.HTML) and shown.value.startswith("<svg")
