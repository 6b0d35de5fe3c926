"""The "convoy" stage game: one convoy of Prohis, smuggler against controller.

Lesson 6's convoy game played for real, in 30-second rounds (docs/convoy-rules.md).
Everything the game has is in this folder, one module per part, and the
registry (:mod:`prohis_nb.core.registry`) finds each through
:mod:`prohis_nb.convoy.spec`:

* the engine (standard library): :mod:`~prohis_nb.convoy.rules`,
  :mod:`~prohis_nb.convoy.actions`, :mod:`~prohis_nb.convoy.game`,
  :mod:`~prohis_nb.convoy.knowledge`, :mod:`~prohis_nb.convoy.log`,
  :mod:`~prohis_nb.convoy.views`, :mod:`~prohis_nb.convoy.determinize` and the
  record's JSON Schema ``record.schema.json``;
* its faces: :mod:`~prohis_nb.convoy.render` (the widgets' cards),
  :mod:`~prohis_nb.convoy.bots` (random and the equilibrium strategy),
  :mod:`~prohis_nb.convoy.coach`, :mod:`~prohis_nb.convoy.results` (the class
  table) and :mod:`~prohis_nb.convoy.openspiel`.

Importing this package imports none of them:
``prohis_nb.new_game("convoy", seed=1)`` or ``prohis_nb.ConvoyStageGame``.
"""
