"""Smuggle's entry in the registry (:mod:`prohis_nb.core.registry`): its facts and its parts.

Every part is named by its import path and loaded only when asked for, so
reading this spec imports nothing of the game.
"""

from prohis_nb.core.registry import GameSpec

SPEC = GameSpec(
    name="smuggle",
    title="Smuggle",
    summary="declaring goods to a Customs Officer, or lying (3 to 6 players)",
    players=(3, 4, 5, 6),
    default_players=4,
    record_format="smuggle-record/1",
    game="prohis_nb.smuggle.game:SmuggleGame",
    rules="prohis_nb.smuggle.rules:SmuggleRules",
    views="prohis_nb.smuggle.views:SeatView",
    knowledge="prohis_nb.smuggle.knowledge:SmuggleKnowledge",
    determinize="prohis_nb.smuggle.determinize:determinize_smuggle",
    schema="prohis_nb.schemas:smuggle-record.schema.json",
    renderer="prohis_nb.widgets.render.smuggle:SmuggleRenderer",
    bots="prohis_nb.bots.smuggle_bots:BOTS",
    opponents=("honest", "liar", "ev"),
    coach="prohis_nb.coach.smuggle",
    class_counter="prohis_nb.classroom.counts:_SmuggleCounter",
    class_rates="prohis_nb.classroom.results:_smuggle_specs",
    class_predictions="prohis_nb.classroom.results:_smuggle_predictions",
    openspiel="prohis_nb.openspiel.smuggle_game",
    openspiel_name="python_smuggle",
)
