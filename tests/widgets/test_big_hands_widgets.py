"""The Play widget composes a bribe card by card from any hand, without listing the bribes.

The bribe composer offers "+" and "−" per kind; the send button sends the
bribe the picks make only when it is legal. Checked against a brute-force
enumeration of the hand's subsets on a small hand, and on a hand of 970 cards
(about 1.2 billion bribes) by composing, refusing and sending.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations, product

from helpers.big_hands import HUGE, REJECTED, at_bribe, huge_game

from prohis_nb.bots import Bot
from prohis_nb.widgets import Play
from prohis_nb.widgets.counts import CountComposer

KINDS = ("legal", "illegal", "lieutenant", "captain", "inspector")


class Rejects(Bot):
    """Controls with its first card, then rejects every bribe (and inspects)."""

    def choose(self, view, legal_actions):
        for act in ("reject", "inspect", "turn", "decline"):
            for action in legal_actions:
                if action.act == act:
                    return action
        return legal_actions[0]


def test_every_legal_bribe_of_a_small_hand_and_nothing_else_can_be_composed():
    hand = Counter({"legal": 2, "illegal": 1, "captain": 1})
    game = at_bribe(hand, [["legal", "illegal"]], bribe_rounds=2)
    play = Play(game, seat=0, opponents=Rejects, delay=0)
    composer = play.panel.composers["bribe"]
    assert isinstance(composer, CountComposer)
    cards = [k for k in KINDS for _ in range(hand[k])]
    subsets = {
        tuple(sorted(cards[i] for i in chosen))
        for size in range(1, len(cards) + 1)
        for chosen in combinations(range(len(cards)), size)
    } - {("illegal", "legal")}
    sendable = set()
    for counts in product(*(range(hand[k] + 2) for k in KINDS)):  # one more than held, too
        composer.clear()
        wanted = Counter(dict(zip(KINDS, counts)))
        added = all(composer.add(k) for k in KINDS for _ in range(wanted[k]))
        assert added == (not wanted - hand)  # "+" stops at what the hand holds
        if added and composer.action is not None:
            assert not composer.send_button.disabled
            sendable.add(tuple(sorted(composer.action.cards)))
        elif added:
            assert composer.send_button.disabled
    assert sendable == subsets


def test_a_bribe_is_composed_and_sent_from_a_hand_of_970_cards():
    game = huge_game()
    play = Play(game, seat=0, opponents=Rejects, delay=0)
    composer = play.panel.composers["bribe"]
    assert composer.limits == {k: HUGE[k] for k in KINDS}
    assert len(play.panel.children) < 10  # a composer and a button, not a list of bribes
    for _ in range(HUGE["captain"]):
        assert composer.add("captain")
    assert composer.plus_buttons["captain"].disabled and not composer.add("captain")
    composer.clear()
    for _ in range(310):  # an offer already rejected: cannot be sent again
        composer.add("lieutenant")
    assert sorted(composer.cards) == sorted(REJECTED[1])
    assert composer.action is None and composer.send_button.disabled
    assert "not a legal offer" in composer.chosen.value
    composer.remove("lieutenant")
    composer.plus_buttons["illegal"].click()
    assert not composer.send_button.disabled
    composer.send_button.click()
    offered = [a for a in game.actions if a.act == "bribe"][-1]
    assert Counter(offered.cards) == Counter({"lieutenant": 309, "illegal": 1})
    assert game.actions[-1].act == "reject"  # the bot answered; seat 0 offers again
    assert game.to_act == 0 and game.decision.kind == "bribe"


def test_the_convoy_composer_of_a_huge_hand_shows_only_the_cards_a_convoy_can_use():
    game = huge_game()
    game.apply({"seat": 0, "act": "no_bribe"})
    while game.to_act != 0 or game.decision.kind != "turn":
        game.apply(Rejects().choose(game.view(game.to_act), game.legal_actions()))
    play = Play(game, seat=0, opponents=Rejects, delay=0)
    convoy = play.panel.composers["convoy"]
    assert len(convoy.card_buttons) <= 4 * len(KINDS)  # a convoy holds at most 4 cards
    convoy.pick(convoy.hand.index("illegal"))
    convoy.pick(convoy.hand.index("legal"))
    convoy.send_button.click()
    mine = [a for a in game.actions if a.act == "convoy" and a.seat == 0]
    assert mine[-1].cards == ("illegal", "legal")  # in the order picked


def test_the_table_of_a_huge_hand_groups_its_cards_by_kind():
    from prohis_nb.widgets.render import renderer_for
    from prohis_nb.widgets.render.base import render_table

    game = huge_game()
    renderer = renderer_for("prohis")
    for viewer in (0, 1, 2, None):
        view = game.view(viewer) if viewer is not None else game.omniscient_view()
        page = render_table(view.to_json(), renderer, viewer)
        assert len(page) < 150_000, viewer  # not one picture per card of 970
        if viewer in (0, None):
            assert "×320" in page and "×330" in page  # legal and illegal goods, counted
        elif viewer == 1:  # the controller saw the rejected offer of 960 cards come back
            assert "×320" in page and "×10" in page  # 10 face down
        else:
            assert "×970" in page and "×320" not in page  # all face down, counted
