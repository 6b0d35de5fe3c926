"""Progress bars for the long commands (``prohis-nb simulate``, ``prohis-nb tournament``).

A bar is drawn on standard error, never on standard output, so that what a
command prints (a summary, a table) can be piped or saved unchanged. By
default it is drawn only when standard error is a terminal: a person watching
sees it, a log file or a test does not. ``--progress`` draws it anyway,
``--no-progress`` never. The bars are tqdm's, the one dependency of the base
install; tqdm is imported only when a bar is drawn.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, Protocol


class Bar(Protocol):
    """What a command needs of a bar: count some steps, then close."""

    def update(self, n: float = 1, /) -> Any: ...

    def close(self) -> None: ...


class NoBar:
    """A bar that draws nothing (``--no-progress``, or standard error not a terminal)."""

    def update(self, n: float = 1, /) -> None:
        """Count ``n`` steps: nothing to draw."""

    def close(self) -> None:
        """Nothing to close."""


def add_progress_option(parser: argparse.ArgumentParser) -> None:
    """Give ``parser`` the ``--progress`` / ``--no-progress`` switch (default: automatic)."""
    parser.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="draw a progress bar on stderr (default: only when stderr is a terminal)",
    )


def wants_progress(args: argparse.Namespace) -> bool:
    """Whether to draw the bar: as ``--progress``/``--no-progress`` said, else stderr.isatty()."""
    chosen = getattr(args, "progress", None)
    if chosen is not None:
        return bool(chosen)
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):  # no stderr, or a closed one
        return False


def progress_bar(total: int, description: str, unit: str, enabled: bool) -> Bar:
    """A tqdm bar on stderr counting ``total`` steps, or :class:`NoBar` if not ``enabled``."""
    if not enabled:
        return NoBar()
    from tqdm import tqdm

    bar: Bar = tqdm(total=total, desc=description, unit=unit, file=sys.stderr, leave=False)
    return bar
