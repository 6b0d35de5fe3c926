"""The convoy stage game's entry in the registry (:mod:`prohis_nb.core.registry`).

Every part lives in this folder and is loaded only when asked for.
"""

from prohis_nb.core.registry import GameSpec

SPEC = GameSpec(
    name="convoy",
    title="One convoy",
    summary="one convoy of Prohis: a smuggler, a controller, a bribe (2 players)",
    players=(2,),
    record_format="convoy-record/1",
    game="prohis_nb.convoy.game:ConvoyStageGame",
    rules="prohis_nb.convoy.rules:ConvoyRules",
    views="prohis_nb.convoy.views:SeatView",
    knowledge="prohis_nb.convoy.knowledge:knowledge",
    determinize="prohis_nb.convoy.determinize:determinize_convoy",
    schema="prohis_nb.convoy:record.schema.json",
    renderer="prohis_nb.convoy.render:ConvoyRenderer",
    bots="prohis_nb.convoy.bots:BOTS",
    opponents=("equilibrium",),
    coach="prohis_nb.convoy.coach",
    class_counter="prohis_nb.convoy.results:ConvoyCounter",
    class_rates="prohis_nb.convoy.results:rates",
    class_predictions="prohis_nb.convoy.results:predictions",
    openspiel="prohis_nb.convoy.openspiel",
    openspiel_name="python_convoy_stage",
)
