"""What a teacher sees on a lesson's page, measured in Chromium: the checks the browser tests share.

Each check runs in the page (JavaScript through Playwright) on what Chromium
rendered, never on the notebook's source:

* :data:`TYPESET` — every piece of typeset maths (MathJax's ``mjx-container``,
  KaTeX's ``.katex``), with the cell it is in and whether that cell is a
  Markdown cell whose *source* holds a formula on purpose (``$$ … $$``);
* :data:`CLIPPED` — every label, button, readout or picker of the project's
  widgets whose text does not fit in its box (cut off, often with "…"), and
  every box of theirs that scrolls sideways;
* :data:`CHART_TEXT` — the words of every SVG chart: each one inside the
  drawing, and no two of them overlapping;
* :data:`FIGURES` — every picture a lesson shows (a PNG ``<img>``, an SVG
  chart) with its text alternative;
* :func:`axe_violations` — axe-core's WCAG 2.1 A/AA rules, on the project's
  widgets only (JupyterLab's own page is not this project's to fix).

axe-core itself comes from PyPI, pinned in ``pyproject.toml``
(``axe-playwright-python``, which ships ``axe.min.js``): no CDN at test time.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

#: The elements of this project's widgets: the roots the checks look under.
WIDGET_ROOTS = (
    ".jp-OutputArea-output, "
    ".pnb-play, .pnb-stepper, .pnb-table-widget, .pnb-explorer, .pnb-customs-explorer, "
    ".pnb-coach-widget, .pnb-coach-toggle, .pnb-table, .pnb-coach, .pnb-ok, .pnb-error, "
    ".pnb-muted, .pnb-class, .pnb-hotseat, .widget-interact"
)

TYPESET = """
() => [...document.querySelectorAll('.jp-Notebook .jp-Cell')].flatMap((cell, index) => {
  const maths = cell.querySelectorAll('mjx-container, .MathJax, .katex');
  if (!maths.length) return [];
  const markdown = cell.classList.contains('jp-MarkdownCell');
  const inOutput = [...maths].filter(m => m.closest('.jp-OutputArea')).length;
  const model = window.jupyterapp.shell.currentWidget.content.widgets[index].model;
  const source = model.sharedModel.getSource();
  const intended = markdown ? (source.match(/\\$\\$[\\s\\S]+?\\$\\$/g) || []).length : 0;
  return [{cell: index, markdown, count: maths.length, inOutput, intended,
           text: (maths[0].closest('.jp-OutputArea-output, .jp-RenderedMarkdown') || cell)
             .innerText.slice(0, 200)}];
})
"""

CLIPPED = """
(roots) => {
  const found = [];
  const seen = new Set();
  const visible = el => el.offsetParent !== null && el.getClientRects().length > 0;
  const words = el => (el.innerText || el.value || el.textContent || '').trim().slice(0, 60);
  for (const root of document.querySelectorAll(roots)) {
    const boxes = root.querySelectorAll(
      '.widget-label, .widget-button, .jupyter-button, .widget-toggle-button, ' +
      '.widget-readout, select, .widget-html-content, .widget-label-basic');
    for (const el of boxes) {
      if (seen.has(el) || !visible(el)) continue;
      seen.add(el);
      if (el.scrollWidth > el.clientWidth + 1) {
        found.push({what: 'cut', cls: el.className, text: words(el),
                    need: el.scrollWidth, has: el.clientWidth});
      }
    }
    for (const el of [root, ...root.querySelectorAll('.pnb-coach, .pnb-table, .pnb-explain')]) {
      if (seen.has(el) || !visible(el) || !el.matches('.pnb-coach, .pnb-table, .pnb-explain')) {
        continue;
      }
      if (el.scrollWidth > el.clientWidth + 1) {
        seen.add(el);
        found.push({what: 'sticks out of its box', cls: el.className, text: words(el),
                    need: el.scrollWidth, has: el.clientWidth});
      }
    }
    for (const el of root.querySelectorAll('*')) {
      if (seen.has(el) || !visible(el)) continue;
      const style = getComputedStyle(el);
      if (['auto', 'scroll'].includes(style.overflowX) && el.scrollWidth > el.clientWidth + 1) {
        seen.add(el);
        found.push({what: 'scrolls sideways', cls: el.className, text: words(el),
                    need: el.scrollWidth, has: el.clientWidth});
      }
    }
  }
  return found;
}
"""

CHART_TEXT = """
() => [...document.querySelectorAll('svg.pnb-chart')].filter(s => s.getClientRects().length)
  .map((svg, index) => {
  const frame = svg.getBoundingClientRect();
  const texts = [...svg.querySelectorAll('text')].filter(t => t.textContent.trim());
  const boxes = texts.map(t => {
    const r = t.getBoundingClientRect();
    return {text: t.textContent, left: r.left, right: r.right, top: r.top, bottom: r.bottom};
  });
  const outside = boxes.filter(b => b.left < frame.left - 0.5 || b.right > frame.right + 0.5 ||
                                    b.top < frame.top - 0.5 || b.bottom > frame.bottom + 0.5)
                       .map(b => b.text);
  const overlaps = [];
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const a = boxes[i], b = boxes[j];
    const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
    const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    if (w > 0.5 && h > 0.5) overlaps.push([a.text, b.text]);
  }
  return {index, title: svg.getAttribute('aria-label'), outside, overlaps,
          width: frame.width, texts: boxes.length};
})
"""

FIGURES = """
() => {
  const pictures = [...document.querySelectorAll(
      '.jp-OutputArea-output img, svg.pnb-chart')].filter(el => el.getClientRects().length);
  return pictures.map(el => {
    const label = el.tagName === 'IMG' ? el.getAttribute('alt')
      : (el.getAttribute('aria-label') || '');
    const desc = el.tagName === 'IMG' ? '' : (el.querySelector('desc')?.textContent || '');
    const described = el.getAttribute('aria-describedby');
    const longer = described ? (document.getElementById(described)?.textContent || '') : '';
    return {tag: el.tagName, alt: label || '', description: desc || longer,
            width: el.getBoundingClientRect().width,
            complete: el.tagName !== 'IMG' || (el.complete && el.naturalWidth > 0)};
  });
}
"""


def axe_source() -> str:
    """axe-core's script, as shipped by the pinned PyPI package ``axe-playwright-python``."""
    import axe_playwright_python

    return (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text(encoding="utf-8")


#: WCAG 2.1 levels A and AA (axe's tags), the level universities must meet.
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]

AXE_RUN = """
async ([roots, tags]) => {
  const include = [...document.querySelectorAll(roots)]
    .filter(el => !el.parentElement.closest(roots));
  if (!include.length) return {checked: 0, violations: []};
  const result = await axe.run({include: include.map(el => [cssPath(el)])},
                               {runOnly: {type: 'tag', values: tags},
                                resultTypes: ['violations']});
  return {checked: include.length, violations: result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map(n => n.target.join(' ') + ' :: ' + n.html.slice(0, 200))}))};
  function cssPath(el) {
    if (!el.id) el.id = 'pnb-axe-' + Math.random().toString(36).slice(2);
    return '#' + CSS.escape(el.id);
  }
}
"""


def axe_violations(page: Any, roots: str = WIDGET_ROOTS) -> dict[str, Any]:
    """axe-core's WCAG 2.1 AA violations inside the project's widgets on ``page``.

    Returns ``{"checked": number of widget roots, "violations": [...]}``; each
    violation has its rule ``id``, ``impact``, ``help`` and the offending nodes.
    """
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.evaluate(axe_source())
    return page.evaluate(AXE_RUN, [roots, WCAG_TAGS])


def typeset_maths(page: Any) -> list[dict[str, Any]]:
    """Every cell holding typeset maths (see :data:`TYPESET`)."""
    return page.evaluate(TYPESET)


def unintended_maths(page: Any) -> list[dict[str, Any]]:
    """The cells whose typeset maths is not a formula their Markdown writes on purpose."""
    return [
        cell
        for cell in typeset_maths(page)
        if cell["inOutput"] or not cell["markdown"] or cell["count"] > cell["intended"]
    ]


def clipped(page: Any, roots: str = WIDGET_ROOTS) -> list[dict[str, Any]]:
    """Every cut-off text or sideways-scrolling box in the project's widgets."""
    return page.evaluate(CLIPPED, roots)


def chart_words(page: Any) -> list[dict[str, Any]]:
    """Each SVG chart's words outside the drawing or overlapping one another."""
    return page.evaluate(CHART_TEXT)


def figures(page: Any) -> list[dict[str, Any]]:
    """Every picture shown in the outputs, with its text alternative."""
    return page.evaluate(FIGURES)


def wait_for_typesetting(page: Any) -> None:
    """Wait until MathJax (if the page loaded it) has nothing left to typeset."""
    page.evaluate(
        """async () => {
            for (let i = 0; i < 3; i++) await new Promise(r => requestAnimationFrame(() => r()));
            const mj = window.MathJax;
            if (mj && mj.startup && mj.startup.promise) await mj.startup.promise;
            if (mj && mj.typesetPromise) { try { await mj.typesetPromise(); } catch (e) {} }
        }"""
    )
