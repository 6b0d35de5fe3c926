"""What a teacher sees in a lesson, checked as text: shared by the lesson-wide tests.

Three questions, each answered from the notebook file alone (or from a copy
executed by a kernel), never from the package's own formulas:

* **Which cells draw?** A code cell draws when its code calls a function of
  :mod:`prohis_nb.plots`, makes a matplotlib figure (``plt.subplots``,
  ``plt.figure``...), or builds an explorer widget (``Explorer(``,
  ``CustomsExplorer(``); a cell tagged ``draws`` draws whatever its code says.
  A cell tagged ``no-image`` is exempt (say why in the cell).
* **Does a cell's output hold a picture?** An ``image/png`` output, or a
  widget whose models (followed through their children) hold an image: an
  ``Image`` widget with PNG bytes, an ``HTML`` widget holding an SVG drawing
  (the explorers' charts: an ``<svg>`` with lines or marks in it), or an
  ``Output`` widget holding an ``image/png`` output or an SVG drawing
  (``widgets.interact``).
* **Is money written one way?** In Markdown JupyterLab reads two dollar
  signs in one paragraph as a formula, escaped or not (``\\$4,000 ... \\$500``
  renders as italic maths: its Markdown parser drops the backslash before
  MathJax reads the page; ``tests/browser/test_lessons_rendered.py`` sees it
  happen). So a paragraph holds at most one ``\\$`` amount outside formulas
  (``$$ … $$``) and code, written ``\\$4,000`` or ``−\\$4,000`` (a true minus
  sign, U+2212), as :func:`prohis_nb.text.money` writes them.
"""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
LESSONS = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))

#: Code that draws: a plots function called, a figure made, an explorer built.
DRAWS = re.compile(
    r"\bplots\.(?!PALETTE|LINE_STYLES|MARKERS|RANK_CARDS|FONT)[a-z]\w*\("
    r"|\bplt\.(subplots|figure|plot|bar|barh|hist|imshow|scatter|errorbar)\("
    r"|\b(Customs)?Explorer\("
)
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


def read(path: Path) -> dict[str, Any]:
    """A notebook file as plain JSON data."""
    return json.loads(path.read_text(encoding="utf-8"))


def source(cell: Mapping[str, Any]) -> str:
    text = cell.get("source", "")
    return "".join(text) if isinstance(text, list) else text


def tags(cell: Mapping[str, Any]) -> set[str]:
    return set(cell.get("metadata", {}).get("tags", []))


def _code_without_comments(code: str) -> str:
    return "\n".join(line.split("#", 1)[0] for line in code.splitlines())


def draws(cell: Mapping[str, Any]) -> bool:
    """Whether a code cell draws (see the module docstring)."""
    if cell.get("cell_type") != "code" or "no-image" in tags(cell):
        return False
    return "draws" in tags(cell) or bool(DRAWS.search(_code_without_comments(source(cell))))


# ---------------------------------------------------------------- pictures in outputs


def _widget_models(state: Mapping[str, Any], model_id: str, seen: set[str]) -> Iterator[dict]:
    """The widget model ``model_id`` and every model it refers to (children, outputs...)."""
    if model_id in seen or model_id not in state:
        return
    seen.add(model_id)
    model = state[model_id]
    yield model
    for ref in re.findall(r"IPY_MODEL_([0-9a-f]+)", json.dumps(model.get("state", {}))):
        yield from _widget_models(state, ref, seen)


def _is_png(data: Any) -> bool:
    if not isinstance(data, str) or not data:
        return False
    try:
        return base64.b64decode(data)[:8] == PNG_MAGIC
    except ValueError:
        return False


def _is_drawing(html: str) -> bool:
    """An ``<svg>`` element with something drawn in it (a line, a shape or a path)."""
    for start in re.finditer(r"<svg\b", html):
        end = html.find("</svg>", start.end())
        if end > 0 and re.search(
            r"<(polyline|line|path|circle|rect|polygon)\b", html[start.end() : end]
        ):
            return True
    return False


def _widget_has_image(model: Mapping[str, Any]) -> bool:
    if model.get("model_name") == "ImageModel":
        return any(
            buffer.get("path") == ["value"] and _is_png(buffer.get("data"))
            for buffer in model.get("buffers", [])
        )
    if model.get("model_name") == "HTMLModel":
        value = model.get("state", {}).get("value", "")
        return isinstance(value, str) and _is_drawing(value)
    if model.get("model_name") == "OutputModel":  # widgets.interact: PNG, or an SVG drawing
        outputs = model.get("state", {}).get("outputs", [])
        return any(
            _is_png(o.get("data", {}).get("image/png"))
            or _is_drawing(str(o.get("data", {}).get("text/html", "")))
            for o in outputs
        )
    return False


def has_image(outputs: list[Mapping[str, Any]], notebook: Mapping[str, Any]) -> bool:
    """Whether ``outputs`` show a PNG picture, directly or inside a widget."""
    state = notebook.get("metadata", {}).get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    for output in outputs:
        data = output.get("data", {})
        if _is_png(data.get("image/png")):
            return True
        view = data.get(WIDGET_VIEW)
        if view and any(
            _widget_has_image(m) for m in _widget_models(state, view["model_id"], set())
        ):
            return True
    return False


# ---------------------------------------------------------------- money in prose

_FENCE = re.compile(r"^(```|~~~).*?^\1", re.M | re.S)
_CODE_SPAN = re.compile(r"(`+)(?!`).*?(?<!`)\1(?!`)", re.S)
#: An unescaped $ (not $$ display maths) before an amount, maybe with a sign: LaTeX in Markdown.
_LATEX_DOLLAR = re.compile(r"(?<![\\$])\$(?!\$)(?=\s?[-−+]?\d)")
#: Maths written on purpose: display maths, and inline maths that starts with no digit ($b^*$).
_MATHS = re.compile(r"\$\$.+?\$\$|(?<![\\$])\$(?=[^\s\d$])[^$\n]*?(?<=[^\s\\])\$", re.S)
#: Money with its sign in the wrong place or a hyphen for a minus: $-4,000, $−4,000, -$150, -\$150.
_BAD_MONEY = re.compile(r"\\?\$\s?[-−]\s?\d|(?<![\w$)\]])-\s?\\?\$\d")


def prose(markdown: str) -> str:
    """Markdown without fenced code blocks and code spans (where a $ is just a character)."""
    return _CODE_SPAN.sub(" ", _FENCE.sub(" ", markdown))


def _context(text: str, start: int) -> str:
    return text[max(0, start - 30) : start + 30].replace("\n", " ")


def latex_dollars(markdown: str) -> list[str]:
    """Where JupyterLab would typeset money in ``markdown`` as maths.

    Each unescaped ``$`` before an amount, and each paragraph holding two or
    more dollar signs, escaped or not, outside maths written on purpose and code.
    """
    text = prose(markdown)
    found = [_context(text, m.start()) for m in _LATEX_DOLLAR.finditer(text)]
    for paragraph in re.split(r"\n\s*\n", _MATHS.sub(" ", text)):
        if paragraph.count("$") >= 2 and not _LATEX_DOLLAR.search(paragraph):
            found.append(_context(paragraph, paragraph.index("$")))
    return found


def bad_money(text: str) -> list[str]:
    """Each amount written with its sign after the ``$`` or with a hyphen for the minus."""
    return [_context(text, m.start()) for m in _BAD_MONEY.finditer(text)]


def output_texts(cell: Mapping[str, Any]) -> Iterator[str]:
    """The text a cell's outputs show: streams, plain text, HTML, errors' messages."""
    for output in cell.get("outputs", []):
        if "text" in output:
            yield "".join(output["text"]) if isinstance(output["text"], list) else output["text"]
        for mime in ("text/plain", "text/html", "text/markdown"):
            value = output.get("data", {}).get(mime)
            if value:
                yield "".join(value) if isinstance(value, list) else value


def widget_texts(notebook: Mapping[str, Any]) -> Iterator[str]:
    """The words every widget of an executed notebook shows (HTML, labels, descriptions)."""
    state = notebook.get("metadata", {}).get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    for model in state.values():
        fields = model.get("state", {})
        for key in ("value", "description", "placeholder", "tooltip"):
            if isinstance(fields.get(key), str):
                yield fields[key]
        yield from fields.get("_options_labels", []) or []
