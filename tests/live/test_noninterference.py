"""Non-interference over the wire: a seat's socket bytes never depend on cards it may not see.

Two classes are dealt twin tables: the same table, except that one card of
seat 1's hand is swapped with a card deep in the draw pile. By the rules
(docs/rules.md, "Who knows what") seat 0 and seat 2 may never see another
seat's face-down hand, nor the order of the pile below the cards drawn; the
script below draws only from the face-up row, whose refills come from the top
of the pile, far above the swapped card. So every byte that seat 0's and seat
2's sockets receive, from the welcome to the end of the class, must be the
same in both classes. Seat 1 sees its own hand: its bytes must differ (the
test can fail).
"""

from __future__ import annotations

from typing import Any

import prohis_nb

from .conftest import Pupil

SWAP_AT = 40  # a pile position the script never reaches (it draws 6 cards)


def twin_tables() -> tuple[dict[str, Any], dict[str, Any]]:
    view = prohis_nb.Game(players=3, seed=5).omniscient_view().to_json()
    table = {
        "first": 0,
        "hands": [list(h) for h in view["hands"]],
        "row": list(view["row"]),
        "pile": list(view["pile_cards"]),
    }
    twin = {**table, "hands": [list(h) for h in table["hands"]], "pile": list(table["pile"])}
    hand = twin["hands"][1]
    position = next(i for i in range(SWAP_AT, len(twin["pile"])) if twin["pile"][i] != hand[0])
    hand[0], twin["pile"][position] = twin["pile"][position], hand[0]
    assert sorted(hand) != sorted(table["hands"][1])  # the twins really differ in seat 1's hand
    return table, twin


def play_script(session: Any) -> list[Pupil]:
    """Three students play the same moves: row picks and passes only; the teacher ends the class."""
    pupils = [Pupil(session.url, session.room, name).join().open() for name in ("Ada", "Bob", "Cy")]
    for pupil in pupils:
        pupil.until(lambda m: m["type"] == "waiting")
    session.start()
    for pupil in pupils:
        pupil.until(lambda m: m["type"] == "state")
    script = []
    for seat in range(3):  # two row picks each (a hand of 8 may draw no more)
        script += [(seat, {"act": "take", "from": "row", "slot": 0}),
                   (seat, {"act": "take", "from": "row", "slot": 1})]  # fmt: skip
    script += [(seat, {"act": "pass"}) for seat in range(2)]
    for seat, action in script:
        actor = pupils[seat]
        assert actor.state is not None and actor.state["view"]["to_act"] == seat
        seq = actor.state["seq"]
        actor.act(action)
        answer = actor.until(lambda m: m["type"] in ("ack", "refused"))
        assert answer["type"] == "ack", answer
        for pupil in pupils:
            pupil.until(lambda m, seq=seq: m["type"] == "state" and m["seq"] > seq)
    session.end()
    for pupil in pupils:
        pupil.until(lambda m: m["type"] == "ended")
        pupil.close()
    return pupils


def test_a_seat_receives_the_same_bytes_whatever_the_cards_it_may_not_see(
    class_server: Any,
) -> None:
    table, twin = twin_tables()
    first = play_script(class_server("prohis", rounds=1, seats=3, setups=[table], seed=11))
    second = play_script(class_server("prohis", rounds=1, seats=3, setups=[twin], seed=11))
    for seat in (0, 2):
        assert len(first[seat].frames) > 10
        assert first[seat].frames == second[seat].frames
    assert first[1].frames != second[1].frames  # seat 1 sees its own hand: the twins differ for it
