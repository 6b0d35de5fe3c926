"""Numbers in words, one way everywhere: money, counts, percentages.

Every lesson, widget, plot and docstring that shows a number to a learner
goes through these helpers, so the same amount always reads the same way:

>>> money(4000), money(-4000), money(-150.4), money(0)
('$4,000', '−$4,000', '−$150', '$0')
>>> count(1, "card"), count(3, "card"), count(2, "convoy", "convoys")
('1 card', '3 cards', '2 convoys')
>>> percent(0.6527), percent(1 / 3, digits=1)
('65%', '33.3%')

``money`` writes a real minus sign (U+2212) before the dollar sign, as
typeset text does. In Markdown JupyterLab reads two dollar signs as the ends
of a formula, *even escaped* (``\\$4,000 and \\$500`` turns into italic
maths: its Markdown parser drops the backslash before MathJax reads the
page). Markdown built by code uses :func:`markdown_money`; a Markdown cell
writes at most one ``\\$`` amount per paragraph, or says "dollars".
"""

from __future__ import annotations

from fractions import Fraction

MINUS = "\N{MINUS SIGN}"


def money(amount: float | int | Fraction, *, sign: bool = False) -> str:
    """Dollars rounded to the nearest dollar: ``$2,000``, ``−$150``; ``+$50`` with ``sign=True``."""
    value = round(float(amount))
    if value < 0:
        return f"{MINUS}${-value:,}"
    return f"+${value:,}" if sign and value > 0 else f"${value:,}"


def markdown_money(amount: float | int | Fraction, *, sign: bool = False) -> str:
    """As :func:`money`, for Markdown that JupyterLab shows: never read as a formula.

    The amount sits in its own ``<span>`` and its dollar sign is the HTML
    entity ``&#36;``. JupyterLab's search for formulas in the Markdown source
    sees no ``$``, and MathJax, which looks for a pair of ``$`` within one run
    of text on the page, finds each amount alone in its element:

    >>> markdown_money(-4000)
    '<span class="pnb-money">−&#36;4,000</span>'
    """
    return f'<span class="pnb-money">{money(amount, sign=sign).replace("$", "&#36;")}</span>'


def number(value: float | int | Fraction, *, digits: int = 1) -> str:
    """A decimal as a learner reads it: a true minus, thousands separated, infinity in words.

    >>> number(-70.23), number(1234.56), number(float("inf")), number(-float("inf"))
    ('−70.2', '1,234.6', 'infinite', 'minus infinity')
    """
    value = float(value)
    if value != value:
        raise ValueError("number() got NaN: there is no number to show")
    if value in (float("inf"), -float("inf")):
        return "infinite" if value > 0 else "minus infinity"
    text = f"{abs(value):,.{digits}f}"
    negative = value < 0 and text.strip("0.,") != ""  # −0.0 reads 0.0
    return f"{MINUS}{text}" if negative else text


def p_value(p: float) -> str:
    """A p-value in words: ``p = 0.034``, ``p < 0.001`` (never ``7e-05``), ``p = 0``.

    >>> p_value(0.0342), p_value(7e-05), p_value(0.0), p_value(1.0)
    ('p = 0.034', 'p < 0.001', 'p = 0', 'p = 1')
    """
    if p == 0:
        return "p = 0"
    if p < 0.001:
        return "p < 0.001"
    return f"p = {p:.3f}".rstrip("0").rstrip(".")


def count(number: int, singular: str, plural: str | None = None) -> str:
    """A number with its noun in the right form: ``1 card``, ``2 cards``."""
    word = singular if number == 1 else (plural if plural is not None else singular + "s")
    return f"{number:,} {word}"


def percent(probability: float | Fraction, *, digits: int = 0) -> str:
    """A probability as a percentage: ``0.6527`` → ``65%`` (``digits`` after the point)."""
    return f"{float(probability) * 100:.{digits}f}%"
