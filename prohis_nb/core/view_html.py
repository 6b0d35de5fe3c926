"""How a small game's view shows itself: its decision as JSON, and a plain HTML table.

Shared by the stage games' views (:mod:`prohis_nb.convoy.views`,
:mod:`prohis_nb.customs.views`), so that a notebook shows them without widgets.
"""

from __future__ import annotations

import html
from typing import Any

from prohis_nb.core.game import Decision


def decision_json(decision: Decision | None) -> dict[str, Any] | None:
    """A decision as a record and a view write it (``None``: nobody is to act)."""
    if decision is None:
        return None
    return {"seat": decision.seat, "kind": decision.kind, "text": decision.text}


def view_html(data: dict[str, Any], title: str) -> str:
    """A plain HTML table of a view's JSON, its log folded below it."""
    rows = "".join(
        f"<tr><th style='text-align:left'>{html.escape(key)}</th>"
        f"<td style='text-align:left'>{html.escape(str(value))}</td></tr>"
        for key, value in data.items()
        if key not in ("log", "legal_actions", "rules") and value is not None
    )
    log = "".join(f"<li>{html.escape(line)}</li>" for line in data.get("log", []))
    return (
        f"<div class='pnb-stage'><strong>{html.escape(title)}</strong><table>{rows}</table>"
        f"<details><summary>what happened</summary><ol>{log}</ol></details></div>"
    )
