"""The "customs" stage game: one declaration of Smuggle, declarer against Officer.

The declaration game of lesson 11 played for real, in 30-second rounds
(docs/customs-rules.md). Everything the game has is in this folder, one
module per part, found by the registry (:mod:`prohis_nb.core.registry`)
through :mod:`prohis_nb.customs.spec`:

* the engine (standard library): :mod:`~prohis_nb.customs.rules`,
  :mod:`~prohis_nb.customs.game`, :mod:`~prohis_nb.customs.knowledge`,
  :mod:`~prohis_nb.customs.log`, :mod:`~prohis_nb.customs.views`,
  :mod:`~prohis_nb.customs.determinize` and the record's JSON Schema
  ``record.schema.json`` (its actions are Smuggle's,
  :mod:`prohis_nb.smuggle.actions`, and so are its board and its cards);
* its faces: :mod:`~prohis_nb.customs.render`, :mod:`~prohis_nb.customs.bots`
  (random and the equilibrium strategy), :mod:`~prohis_nb.customs.coach`,
  :mod:`~prohis_nb.customs.results` and :mod:`~prohis_nb.customs.openspiel`.

Importing this package imports none of them:
``prohis_nb.new_game("customs", seed=1)`` or ``prohis_nb.CustomsStageGame``.
"""
