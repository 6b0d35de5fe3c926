"""Prohis's entry in the registry (:mod:`prohis_nb.core.registry`): its facts and its parts.

Every part is named by its import path and loaded only when asked for, so
reading this spec imports nothing of the game.
"""

from prohis_nb.core.registry import GameSpec

SPEC = GameSpec(
    name="prohis",
    title="Prohis",
    summary="smuggling convoys past controllers, with bribes (3 to 6 players)",
    players=(3, 4, 5, 6),
    default_players=4,
    record_format="prohis-record/1",
    game="prohis_nb.prohis.game:ProhisGame",
    rules="prohis_nb.prohis.rules:ProhisRules",
    views="prohis_nb.prohis.views:SeatView",
    knowledge="prohis_nb.prohis.knowledge:ProhisKnowledge",
    determinize="prohis_nb.prohis.determinize:determinize_prohis",
    schema="prohis_nb.schemas:prohis-record.schema.json",
    renderer="prohis_nb.widgets.render.prohis:ProhisRenderer",
    bots="prohis_nb.bots.prohis_bots:BOTS",
    opponents=("honest", "bluff", "random"),
    coach="prohis_nb.coach.prohis",
    class_counter="prohis_nb.classroom.counts:_ProhisCounter",
    class_rates="prohis_nb.classroom.results:_prohis_specs",
    class_predictions="prohis_nb.classroom.results:_prohis_predictions",
    openspiel="prohis_nb.openspiel.prohis_game",
    openspiel_name="python_prohis",
)
