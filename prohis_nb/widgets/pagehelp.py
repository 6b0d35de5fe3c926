"""A few lines of JavaScript that make the widgets usable by keyboard and screen reader.

ipywidgets draws a slider as a ``<div role="slider">`` handle with no
accessible name: a screen reader announces "slider, 3" and never says which
(axe-core's rule ``aria-input-field-name``, WCAG 2.1 4.1.2). And a button
pressed in :class:`~prohis_nb.widgets.Play` may be taken away by the move it
makes (the next decision offers other buttons): the keyboard focus then falls
to the page's ``<body>``, and a learner at the keyboard has to tab back
through the whole notebook (WCAG 2.1 2.4.3, focus order).

Python cannot set either from the kernel: ipywidgets has no trait for a
slider handle's name, and the focus is the browser's. So
:func:`page_helper` returns an invisible ``Output`` widget holding a
``<script>`` (:data:`SCRIPT`), put inside every :class:`~prohis_nb.widgets.Table`
and explorer. A widget's ``Output`` renders as trusted HTML, so the script
runs wherever the widget is drawn (JupyterLab, Notebook 7, JupyterLite, the
documentation site), once per page however many widgets carry it, and it:

* names every slider handle of the page after its description ("Cards in
  the convoy", "Step"), including the sliders of ``ipywidgets.interact``;
* gives the focus back to the game widget when the element that had it
  vanished or was disabled by a move: to the same button if it is still
  there, else to the first button of the new decision. A click elsewhere on
  the page, or the focus moved elsewhere, ends this.

``tests/browser/test_lessons_rendered.py`` (axe-core) and
``tests/browser/test_play_focus_in_browser.py`` check both in Chromium.
"""

from __future__ import annotations

from typing import Any

#: Runs once per page (``window.pnbPageHelp``); watches the page for new sliders and moves.
SCRIPT = """
<script>
(() => {
  if (window.pnbPageHelp) return;
  window.pnbPageHelp = true;
  const usable = el => el && el.isConnected && !el.disabled && el.offsetParent !== null;

  // 1. Every slider handle is named after the words of its description.
  const nameSliders = () => {
    for (const handle of document.querySelectorAll('.noUi-handle:not([aria-label])')) {
      const slider = handle.closest('.widget-slider, .jupyter-widgets');
      const label = slider && slider.querySelector('.widget-label');
      const words = (label && label.textContent.trim()) || (slider && slider.title) || 'value';
      handle.setAttribute('aria-label', words);
    }
  };

  // 2. A game widget keeps the keyboard focus across its own redraws.
  let last = null;  // {el, root}: the element of a game widget that had the focus last
  const games = '.pnb-play';
  document.addEventListener('focusin', e => {
    const root = e.target.closest && e.target.closest(games);
    last = root ? {el: e.target, root} : null;
  }, true);
  document.addEventListener('pointerdown', e => {
    if (last && !last.root.contains(e.target)) last = null;
  }, true);
  const keepFocus = () => {
    if (!last) return;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    const {el, root} = last;
    if (!root.isConnected) { last = null; return; }
    if (usable(el)) { el.focus({preventScroll: true}); return; }
    const next = [...root.querySelectorAll('.pnb-actions button')].find(usable)
      || [...root.querySelectorAll('button, select')].find(usable);
    if (next) next.focus({preventScroll: true});
  };

  let pending = false;
  const settle = () => {
    pending = false;
    nameSliders();
    keepFocus();
  };
  new MutationObserver(() => {
    if (!pending) { pending = true; requestAnimationFrame(settle); }
  }).observe(document.body, {childList: true, subtree: true, attributes: true,
                             attributeFilter: ['disabled', 'style', 'class']});
  settle();
})();
</script>
"""


def page_helper() -> Any:
    """An invisible ``Output`` widget holding :data:`SCRIPT` (put it among a widget's children)."""
    import ipywidgets as widgets

    helper = widgets.Output(layout=widgets.Layout(display="none"))
    data = {"text/html": SCRIPT, "text/plain": "(keyboard and screen-reader help)"}
    helper.outputs = ({"output_type": "display_data", "data": data, "metadata": {}},)
    return helper
