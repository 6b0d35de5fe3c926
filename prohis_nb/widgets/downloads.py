"""Downloads through the browser: a record, a table (CSV) or a figure (PNG/SVG) in a link.

::

    from prohis_nb.widgets import download_figure
    fig, ax = plots.bribe_vs_inspection({"legal": 30, "illegal": 15}, 3)
    download_figure(fig)            # "Download PNG" and "Download SVG" links under the cell

On Binder (and any hosted Jupyter) a file written on the server vanishes with
the session, and a learner may not be able to reach the server's folders at
all. So the file travels *inside the link*: a ``data:`` URL (the bytes in
base64) with a ``download`` attribute naming the file. Clicking it saves the
file on the learner's own machine, with no request to the server; it works
in JupyterLab, Notebook and on Binder alike.

* :func:`download_link`: any bytes as such a link (the one implementation
  every widget uses);
* :func:`record_link`, :func:`csv_link`, :func:`figure_link`: a game record
  (JSON), a table (CSV, read back by any spreadsheet), a matplotlib figure;
* :func:`download_figure`: an ``ipywidgets.HTML`` with the PNG and SVG links
  of a figure, e.g. any figure of :mod:`prohis_nb.plots`.

Nothing here imports ipywidgets or matplotlib until it is needed, so the
links can be built without them (the tournament's CSV, for instance).
"""

from __future__ import annotations

import base64
import csv
import html
import io
from collections.abc import Iterable, Sequence
from pathlib import PurePosixPath, PureWindowsPath
from typing import Any

#: The MIME type of each figure format.
FIGURE_TYPES = {"png": "image/png", "svg": "image/svg+xml"}


def safe_filename(filename: str, default: str = "download") -> str:
    """The last part of ``filename`` (no folders: the browser picks them), or ``default``."""
    if not isinstance(filename, str):
        raise TypeError(f"a file name is text, got {type(filename).__name__}")
    name = PureWindowsPath(PurePosixPath(filename.strip()).name).name
    return name if name not in ("", ".", "..") else default


def download_link(data: bytes, filename: str, mime: str, label: str | None = None) -> str:
    """HTML for a link that saves ``data`` as ``filename`` in the browser.

    The bytes are carried in the link itself (``data:<mime>;base64,…``); the
    name and the label are HTML-escaped, so a name like ``x'><script>`` is
    shown as text, never run. ``label`` defaults to "Download <filename>".

    >>> download_link(b"hi", "a.txt", "text/plain")
    "<a href='data:text/plain;base64,aGk=' download='a.txt' class='pnb-download' \
style='margin-left:8px'>Download a.txt</a>"
    """
    if not isinstance(data, bytes | bytearray):
        raise TypeError(f"a download holds bytes, got {type(data).__name__}")
    if not isinstance(mime, str) or "/" not in mime or any(c in mime for c in "'\"<> ;"):
        raise ValueError(f"mime must be a type such as 'text/csv', got {mime!r}")
    name = safe_filename(filename)
    text = label if label is not None else f"Download {name}"
    encoded = base64.b64encode(bytes(data)).decode("ascii")
    return (
        f"<a href='data:{mime};base64,{encoded}' download='{html.escape(name, quote=True)}' "
        f"class='pnb-download' style='margin-left:8px'>{html.escape(text, quote=True)}</a>"
    )


def record_link(record: Any, filename: str = "record.json", label: str | None = None) -> str:
    """A link that saves a game record (a ``Record``, or a game: its record) as JSON."""
    if hasattr(record, "record") and callable(record.record):  # a game
        record = record.record()
    if not hasattr(record, "dumps"):
        raise TypeError(f"record_link needs a Record or a game, got {type(record).__name__}")
    return download_link(record.dumps().encode("utf-8"), filename, "application/json", label)


def csv_text(rows: Iterable[Sequence[Any]]) -> str:
    """Rows (the first one usually the header) as CSV text, as the ``csv`` module writes it."""
    buffer = io.StringIO()
    csv.writer(buffer).writerows(rows)
    return buffer.getvalue()


def csv_link(
    rows: Iterable[Sequence[Any]] | str, filename: str = "table.csv", label: str | None = None
) -> str:
    """A link that saves a table as CSV: ``rows`` (header first) or CSV text already made."""
    text = rows if isinstance(rows, str) else csv_text(rows)
    return download_link(text.encode("utf-8"), filename, "text/csv", label)


def figure_bytes(fig: Any, fmt: str = "png", dpi: int = 150) -> bytes:
    """A matplotlib figure saved as PNG or SVG bytes (the figure is left open)."""
    if fmt not in FIGURE_TYPES:
        raise ValueError(f"a figure downloads as {' or '.join(FIGURE_TYPES)}, got {fmt!r}")
    buffer = io.BytesIO()
    fig.savefig(buffer, format=fmt, dpi=dpi, bbox_inches="tight")
    return buffer.getvalue()


def figure_link(
    fig: Any, fmt: str = "png", filename: str = "figure", label: str | None = None
) -> str:
    """A link that saves a matplotlib figure as ``filename.png`` or ``filename.svg``."""
    data = figure_bytes(fig, fmt)
    name = safe_filename(filename, "figure")
    if not name.lower().endswith("." + fmt):
        name += "." + fmt
    return download_link(data, name, FIGURE_TYPES[fmt], label or f"Download {fmt.upper()}")


def download_figure(fig: Any, filename: str = "figure") -> Any:
    """An ``ipywidgets.HTML`` with "Download PNG" and "Download SVG" links for ``fig``.

    ``fig`` is any matplotlib figure, e.g. the first value a function of
    :mod:`prohis_nb.plots` returns. The figure is left open (it is still shown).
    """
    import ipywidgets as widgets

    links = "".join(figure_link(fig, fmt, filename) for fmt in FIGURE_TYPES)
    return widgets.HTML(links)
