"""Monte Carlo through the engine: the coach's expected values on full-size tables.

From a stacked state on the rulebook's deck, the cards the deciding seat
cannot see (the other hands, the face-down convoy, the pile) are dealt again
at random, consistently with its view (a test-side resampler: the same
places, the same sizes, the cards it sees kept in place), the state is
rebuilt and the coached action applied through the engine; the controller
turns random face-down cards. The mean change of the seat's score must lie
within 4.5 standard errors of the coach's exact value (seeded: the same
samples on every run; a wrong model is off by hundreds of standard errors).
"""

from __future__ import annotations

import random
from collections import Counter
from statistics import fmean, stdev

from helpers.prohis_coach import play, table_game

from prohis_nb.coach import advise
from prohis_nb.prohis import ProhisRules

SAMPLES = 3000


class Resampler:
    """Deal the hidden cards again: seat 0's hand, the row and any shown bribe stay put.

    ``places`` lists the hidden places in order (name, size): the smuggler's
    convoy, the smuggler's other cards, every other opponent's hand, the pile.
    """

    def __init__(self, rules, own, row, hidden, places, seed):
        self.rules, self.own, self.row, self.places = rules, own, row, places
        self.hidden = list(hidden)
        self.rng = random.Random(seed)
        assert sum(size for _name, size in places) == len(self.hidden)

    def deal(self) -> dict[str, list[str]]:
        self.rng.shuffle(self.hidden)
        out, start = {}, 0
        for name, size in self.places:
            out[name] = self.hidden[start : start + size]
            start += size
        return out


def _hidden_cards(rules, own, row, rng) -> list[str]:
    left = Counter(rules.deck_counts()) - Counter(own) - Counter(row)
    cards = sorted(left.elements())
    rng.shuffle(cards)
    return cards


def _random_turns(game, rng) -> None:
    while not game.ended and game.decision.kind == "inspection":
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])


def _within(samples, expected) -> None:
    mean, error = fmean(samples), stdev(samples) / len(samples) ** 0.5
    assert abs(mean - float(expected)) <= 4.5 * error, (mean, float(expected), error)


def test_inspecting_a_four_player_convoy_matches_the_engine():
    """Seat 1 sends 3 cards; seats 2 and 3 decline; seat 0 controls with its captain, no bribe."""
    rules = ProhisRules(players=4)
    own = ["legal", "illegal", "legal", "captain", "inspector"]
    row = ["legal", "illegal", "lieutenant", "legal"]
    rng = random.Random(11)
    hidden = _hidden_cards(rules, own, row, rng)
    places = [("convoy", 3), ("kept", 3), ("seat 2", 5), ("seat 3", 5)]
    places.append(("pile", len(hidden) - 16))
    resampler = Resampler(rules, own, row, hidden, places, seed=12)

    def state(deal):
        hands = [own, deal["convoy"] + deal["kept"], deal["seat 2"], deal["seat 3"]]
        game = table_game(rules, hands, row, deal["pile"], first=1)
        play(game, {"act": "convoy", "cards": deal["convoy"]}, {"act": "decline"})
        play(game, {"act": "decline"})
        baseline = game.scores()[0]
        play(game, {"act": "control", "card": "captain"}, {"act": "no_bribe"})
        return game, baseline

    reference, _ = state(resampler.deal())
    view = reference.view(0)
    values = {c.label: c.details["exact_value"] for c in advise(view).choices}
    turns = random.Random(13)
    outcomes = []
    for index in range(SAMPLES):
        game, baseline = state(resampler.deal())
        if index < 20:  # the resampler keeps to what seat 0 sees
            assert game.view(0).to_json() == view.to_json()
        game.apply({"seat": 0, "act": "inspect"})
        _random_turns(game, turns)
        outcomes.append(game.scores()[0] - baseline)
    _within(outcomes, values["inspect"])
    assert values["waive"] == 2_000


def test_rejecting_a_bribe_at_five_players_matches_the_engine():
    """Seat 2 sends 2 cards and offers 1 legal card to seat 0 (its inspector); seat 0 rejects."""
    rules = ProhisRules(players=5)
    own = ["illegal", "legal", "lieutenant", "captain", "inspector"]
    row = ["legal", "legal", "illegal", "legal"]
    rng = random.Random(21)
    bribe = ["legal"]
    hidden = _hidden_cards(rules, own + bribe, row, rng)
    places = [("convoy", 2), ("kept", 3), ("seat 3", 4), ("seat 4", 4), ("seat 1", 4)]
    places.append(("pile", len(hidden) - 17))
    resampler = Resampler(rules, own, row, hidden, places, seed=22)

    def state(deal):
        hands = [own, deal["seat 1"], deal["convoy"] + deal["kept"] + bribe]
        hands += [deal["seat 3"], deal["seat 4"]]
        game = table_game(rules, hands, row, deal["pile"], first=2)
        play(game, {"act": "convoy", "cards": deal["convoy"]}, {"act": "decline"})
        play(game, {"act": "decline"})
        baseline = game.scores()[0]
        play(game, {"act": "control", "card": "inspector"}, {"act": "decline"})
        play(game, {"act": "bribe", "cards": bribe})
        return game, baseline

    reference, _ = state(resampler.deal())
    view = reference.view(0)
    assert view.decision.kind == "bribe_answer"
    values = {c.action.act: c.details["exact_value"] for c in advise(view).choices}
    turns = random.Random(23)
    outcomes = []
    for index in range(SAMPLES):
        game, baseline = state(resampler.deal())
        if index < 20:
            assert game.view(0).to_json() == view.to_json()
        game.apply({"seat": 0, "act": "reject"})  # the inspection that follows is forced
        _random_turns(game, turns)
        outcomes.append(game.scores()[0] - baseline)
    _within(outcomes, values["reject"])
    assert values["accept"] == 1_000
