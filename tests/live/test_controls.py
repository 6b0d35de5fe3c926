"""The page's controls offer exactly the seat's legal actions: no more, no fewer.

Along random games of both games, the actions the controls can send (every
button, every composer choice; for a bribe, every set the "+"/"−" rule of the
composer allows, enumerated here by brute force) are compared with the
engine's own legality test.
"""

from __future__ import annotations

import random
from itertools import product
from typing import Any

import pytest

from prohis_nb.games import game_class
from prohis_nb.live.protocol import controls
from prohis_nb.widgets.render import renderer_for


def offered(data: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    out = []
    for group in data["groups"]:
        out.extend(b["action"] for b in group["buttons"])
        for c in group["composers"]:
            if c["kind"] == "cards":
                out.extend({"act": c["act"], "cards": cards} for cards in c["choices"])
            elif c["kind"] == "items":
                out.extend(
                    {"act": c["act"], c["field"]: k.split(",") if k else []} for k in c["choices"]
                )
            else:  # every set the bribe composer lets through: 1+ cards, within up_to, not refused
                kinds = list(c["up_to"])
                refused = [dict(e) for e in c["except"]]
                for counts in product(*(range(c["up_to"][k] + 1) for k in kinds)):
                    chosen = {k: n for k, n in zip(kinds, counts, strict=True) if n}
                    if chosen and chosen not in refused:
                        out.append(
                            {
                                "act": c["act"],
                                "cards": [k for k in kinds for _ in range(chosen.get(k, 0))],
                            }
                        )
    return [{**a, "seat": seat} for a in out]


@pytest.mark.parametrize("name", ["prohis", "smuggle"])
def test_controls_offer_exactly_the_legal_actions(name: str) -> None:
    cls = game_class(name)
    renderer = renderer_for(name)
    rng = random.Random(4)
    checked = 0
    for seed in range(3):
        game = cls(cls.rules_type(players=3), seed=seed)
        while not game.ended and checked < 400:
            seat = game.to_act
            view = game.view(seat)
            data = controls(view.legal_actions, view.to_json(), renderer)
            actions = offered(data, seat)
            keys = {game._coerce_action(a) for a in actions}
            assert all(game.is_legal(a) for a in actions)
            legal = game.legal_actions()
            assert len(keys) == len(legal)  # no duplicates; with the line above: the same set
            for other in range(game.players):
                if other != seat:
                    quiet = game.view(other)
                    assert controls(quiet.legal_actions, quiet.to_json(), renderer)["groups"] == []
            checked += 1
            game.apply(legal[rng.randrange(len(legal))])
    assert checked > 100
