"""The customs stage game's entry in the registry (:mod:`prohis_nb.core.registry`).

Every part lives in this folder and is loaded only when asked for.
"""

from prohis_nb.core.registry import GameSpec

SPEC = GameSpec(
    name="customs",
    title="One declaration",
    summary="one declaration of Smuggle: a fresh hand, a declaration, the Officer (2 players)",
    players=(2,),
    record_format="customs-record/1",
    game="prohis_nb.customs.game:CustomsStageGame",
    rules="prohis_nb.customs.rules:CustomsRules",
    views="prohis_nb.customs.views:SeatView",
    knowledge="prohis_nb.customs.knowledge:knowledge",
    determinize="prohis_nb.customs.determinize:determinize_customs",
    schema="prohis_nb.customs:record.schema.json",
    renderer="prohis_nb.customs.render:CustomsRenderer",
    bots="prohis_nb.customs.bots:BOTS",
    opponents=("equilibrium",),
    coach="prohis_nb.customs.coach",
    class_counter="prohis_nb.customs.results:CustomsCounter",
    class_rates="prohis_nb.customs.results:rates",
    class_predictions="prohis_nb.customs.results:predictions",
    openspiel="prohis_nb.customs.openspiel",
    openspiel_name="python_customs_stage",
)
