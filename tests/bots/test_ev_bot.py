"""ExpectedValueBot: its controller and bribe choices follow the expected values.

Stacked tables with tiny decks make the controller's belief certain: when
every card it cannot place is illegal, an inspection must catch; when every
one is legal, an inspection can only lose its card.
"""

from __future__ import annotations

from prohis_nb import Game, ProhisRules
from prohis_nb.analysis import controller_values, convoy_belief
from prohis_nb.analysis.payoffs import warehouse_value
from prohis_nb.bots import ExpectedValueBot, make_bot, play_game
from prohis_nb.bots.beliefs import unseen_cards

CONTROLLER_CARDS = ["captain"] * 3 + ["inspector"] * 3


def table(smuggler_hand, row, rules_deck, pile=()):
    """3 seats: seat 0 smuggles, seat 1 holds every captain and inspector, seat 2 nothing."""
    rules = ProhisRules(players=3, deck=rules_deck)
    setup = {
        "first": 0,
        "hands": [list(smuggler_hand), list(CONTROLLER_CARDS), []],
        "row": list(row),
        "pile": list(pile),
    }
    return Game(rules, table=setup)


def ask(bot, game):
    """The bot's choice at the game's current decision (it must be the bot's seat)."""
    seat = game.to_act
    return bot.choose(game.view(seat), game.legal_actions())


def test_it_controls_and_inspects_when_every_unseen_card_is_illegal():
    game = table(["illegal", "illegal"], ["legal"] * 4, {"legal": 4, "illegal": 2})
    game.apply({"seat": 0, "act": "convoy", "cards": ["illegal", "illegal"]})
    bot = ExpectedValueBot(1)
    assert (
        unseen_cards(game.view(1))["illegal"] == 2 and sum(unseen_cards(game.view(1)).values()) == 2
    )
    choice = ask(bot, game)
    assert (choice.act, choice.card) == ("control", "captain")  # its lowest card that pays
    game.apply(choice)  # seat 2 declines (forced); seat 0 has nothing to bribe with
    assert game.decision.kind == "inspect_or_waive"
    assert ask(bot, game).act == "inspect"


def test_it_waives_when_every_unseen_card_is_legal():
    game = table(["legal", "legal"], ["illegal"] * 4, {"legal": 2, "illegal": 4})
    game.apply({"seat": 0, "act": "convoy", "cards": ["legal", "legal"]})
    # Inspecting can only hand its captain to the smuggler (-$2,000); waiving earns
    # +$2,000: below the default control_gain of $3,000, so it declines ...
    assert ask(ExpectedValueBot(1), game).act == "decline"
    # ... and with a lower bar it controls, then waives.
    eager = ExpectedValueBot(1, control_gain=1_000)
    game.apply(ask(eager, game))
    assert ask(eager, game).act == "waive"


def test_it_rejects_a_bribe_worth_less_than_an_inspection_and_accepts_one_worth_more():
    deck = {"legal": 5, "illegal": 2}
    game = table(["illegal", "illegal", "legal"], ["legal"] * 4, deck)
    game.apply({"seat": 0, "act": "convoy", "cards": ["illegal", "illegal"]})
    game.apply({"seat": 1, "act": "control", "card": "captain"})
    game.apply({"seat": 0, "act": "bribe", "cards": ["legal"]})
    # The convoy must be the two illegal cards: inspecting is worth 4,000 + 4,000
    # + 2,000 (the captain stored); a legal card is worth 1,000.
    assert ask(ExpectedValueBot(1), game).act == "reject"

    deck = {"legal": 2, "illegal": 5}
    game = table(["legal", "legal", "illegal"], ["illegal"] * 4, deck)
    game.apply({"seat": 0, "act": "convoy", "cards": ["legal", "legal"]})
    game.apply({"seat": 1, "act": "control", "card": "captain"})
    game.apply({"seat": 0, "act": "bribe", "cards": ["illegal"]})
    # An honest convoy: inspecting loses the captain (-2,000); the bribe is worth 4,000.
    assert ask(ExpectedValueBot(1), game).act == "accept"


def test_its_controller_choices_agree_with_the_analysis_in_whole_games():
    checked = 0
    for seed in range(3):
        game = Game(players=4, seed=seed)
        bots = [make_bot(s, seed) for s in ("ev", "bluff", "random", "ev")]
        while not game.ended:
            seat, legal = game.to_act, game.legal_actions()
            view = game.view(seat)
            choice = bots[seat].choose(view, legal)
            kind = view.decision.kind
            if isinstance(bots[seat], ExpectedValueBot) and kind in (
                "inspect_or_waive",
                "bribe_answer",
            ):
                convoy = view.convoy
                belief = convoy_belief(unseen_cards(view), len(convoy.cards))
                values = controller_values(belief, convoy.controller_card, waiver_keeps_card=False)
                if kind == "inspect_or_waive":
                    assert choice.act == (
                        "inspect" if values["inspect"] > values["waive"] else "waive"
                    )
                else:
                    worth = warehouse_value(convoy.bribe)
                    assert choice.act == ("accept" if worth >= values["inspect"] else "reject")
                checked += 1
            game.apply(choice)
    assert checked >= 5


def test_it_offers_no_bribe_over_an_honest_convoy():
    deck = {"legal": 7, "illegal": 0}
    game = table(["legal", "legal", "legal"], ["legal"] * 4, deck)
    game.apply({"seat": 0, "act": "convoy", "cards": ["legal", "legal"]})
    game.apply({"seat": 1, "act": "control", "card": "captain"})
    assert game.decision.kind == "bribe"
    assert ask(ExpectedValueBot(0), game).act == "no_bribe"


def test_it_plays_whole_games_against_every_bot():
    bots = [make_bot(s, i) for i, s in enumerate(["ev", "honest", "bluff", "ev", "random"])]
    game = play_game("prohis", bots, seed=4, rules=ProhisRules(players=5, bribe_rounds=2))
    assert game.ended
