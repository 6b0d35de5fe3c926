"""The Smuggle coach's expected values against games played through the engine.

For a decision, the hidden cards are drawn again many times, consistently
with what the deciding seat has seen (the cards it has not seen shuffled;
a declarer's hand kept only with the probability that the solved game's
declarer of that hand makes the declaration heard: rejection sampling with
the analysis's strategy). The action is applied to a real game, the other
seats play the coach's stated model, and the mean money change must lie
within 4.5 standard errors of the coach's value. Seeded: the same games on
every run.
"""

from __future__ import annotations

import random
import statistics

import pytest
from helpers.smuggle_coach import stacked, unseen

from prohis_nb.analysis.informer import inherited_value, type_of
from prohis_nb.analysis.signalling import IMMUNITY, declaration_equilibrium
from prohis_nb.coach import advise

GOODS = ("wine", "cigars", "brandy", "perfume", "watch", "camera", "necklace", "crown")
Z = 4.5


@pytest.fixture(scope="module")
def eq():
    return declaration_equilibrium()


def close(samples: list[float], expected: float) -> None:
    mean = statistics.fmean(samples)
    se = statistics.stdev(samples) / len(samples) ** 0.5
    assert abs(mean - expected) <= Z * se + 1e-9, (mean, expected, se)


def claim(game, seat: int, declaration) -> None:
    if declaration == IMMUNITY:
        game.apply({"seat": seat, "act": "immunity"})
    else:
        game.apply({"seat": seat, "act": "declare", "items": list(declaration)})


def goods_of(cards) -> tuple[str, ...]:
    return tuple(sorted((c for c in cards if c in GOODS), key=GOODS.index))


# ---------------------------------------------------------------- the declarer

HAND = ["watch", "wine", "luggage", "luggage"]
BAG_HAND = ["diplomatic_bag", "perfume", "luggage", "luggage"]


@pytest.mark.parametrize(
    ("hand", "declaration"),
    [
        (HAND, ("wine", "watch")),  # the truth
        (HAND, ()),  # hide both
        (HAND, ("wine",)),  # hide the watch
        (HAND, IMMUNITY),  # a false claim
        (BAG_HAND, IMMUNITY),  # a true claim
    ],
)
def test_a_declarations_value_is_the_mean_of_games_at_the_equilibrium_rate(eq, hand, declaration):
    advice = advise(stacked(3, hand).view(1))
    choice = next(c for c in advice.choices if c.details["declaration"] == declaration)
    rate = eq.search_rate(declaration)
    rng = random.Random(17)
    samples = []
    for trial in range(2000):
        game = stacked(3, hand, seed=trial)  # the cards seat 1 has not seen: shuffled again
        before = game.view(1).money[1]
        claim(game, 1, declaration)
        other = "challenge" if declaration == IMMUNITY else "search"
        if rng.random() < rate:
            game.apply({"seat": 0, "act": other})
        else:
            game.apply({"seat": 0, "act": "accept"})
            game.apply({"seat": 2, "act": "accept"})  # the receiver never informs
        samples.append(game.view(1).money[1] - before)
    close(samples, choice.value)


def test_the_observed_value_is_the_mean_of_games_at_the_observed_rates():
    """Seat 1 declares after the Officer searched one declaration in three and its
    receiver informed the one time it could: games at those rates."""
    h1 = ["wine", "luggage", "luggage", "luggage"]
    h2 = ["cigars", "luggage", "luggage", "luggage"]
    h3 = ["watch", "perfume", "luggage", "luggage"]
    top = h1 + h2 + h3 + ["camera"]
    opening = [
        {"act": "declare", "items": []},
        {"act": "accept"},
        {"act": "inform"},
        {"act": "declare", "items": ["cigars"]},
        {"act": "search"},
        {"act": "declare", "items": ["watch"]},
        {"act": "accept"},
        {"act": "accept"},
        {"act": "discard", "card": "luggage"},
    ]

    def game_at(seed: int):
        game = stacked(4, top, seed=seed)
        for action in opening:
            game.apply(action)
        return game

    advice = advise(game_at(0).view(1))
    rng = random.Random(5)
    for choice in advice.choices[:3]:  # the truth, nothing, immunity
        declaration = choice.details["declaration"]
        if choice.details["observed_value"] is None:
            continue
        samples = []
        for trial in range(2500):
            game = game_at(trial)
            before = game.view(1).money[1]
            claim(game, 1, declaration)
            if rng.random() < 1 / 3:
                game.apply({"seat": 0, "act": "search"})
            else:
                game.apply({"seat": 0, "act": "accept"})
                game.apply({"seat": 2, "act": "inform"})  # informed 1 time in 1
            samples.append(game.view(1).money[1] - before)
        close(samples, float(choice.details["observed_value"]))


# ---------------------------------------------------------------- the Officer and the receiver


_MIX: dict = {}


def mix_of(eq, cards) -> dict:
    """The solved declarer's mix for ``cards`` (the analysis's ``choices``, remembered)."""
    key = (goods_of(cards), "diplomatic_bag" in cards)
    if key not in _MIX:
        _MIX[key] = eq.choices(*key)
    return _MIX[key]


def sample_hand(eq, rng: random.Random, pool: list[str], declaration) -> list[str]:
    """A hand of 4 from ``pool`` that the solved game's declarer would declare as heard."""
    while True:
        hand = rng.sample(pool, 4)
        if rng.random() < mix_of(eq, hand).get(declaration, 0.0):
            return hand


H1 = ["wine", "watch", "luggage", "luggage"]


@pytest.mark.parametrize("declaration", [(), IMMUNITY])
def test_the_officers_values_are_the_mean_of_resampled_hands(eq, declaration):
    """After searching H1 the Officer hears seat 2's claim; seat 2's hand is drawn again
    from the 50 cards the Officer has not seen, as the solved declarer would have it."""

    def game_with(second: list[str], seed: int):
        game = stacked(3, H1 + second, seed=seed)
        game.apply({"act": "declare", "items": []})
        game.apply({"act": "search"})
        claim(game, 2, declaration)
        return game

    advice = advise(game_with(["luggage"] * 4, 0).view(0))
    rng = random.Random(11)
    pool = unseen(H1)
    for choice in advice.choices:
        samples = []
        for trial in range(2000):
            game = game_with(sample_hand(eq, rng, pool, declaration), trial)
            before = game.view(0).money[0]
            game.apply({"seat": 0, "act": choice.action.act})
            if game.decision and game.decision.kind == "receiver":
                game.apply({"act": "accept"})  # the receiver never informs
            samples.append(game.view(0).money[0] - before)
        close(samples, choice.value)


def test_accepting_a_passed_hand_is_worth_the_next_declaration_played_out(eq):
    """The receiver accepts, discards as the analysis says, draws, declares by the solved
    mix; the Officer searches at the solved rate. Its money over all that is the value."""
    heard = ()
    rng = random.Random(23)
    game0 = stacked(3, ["luggage"] * 4)
    claim(game0, 1, heard)
    game0.apply({"act": "accept"})
    accept, inform = advise(game0.view(2)).choices
    samples, now = [], []
    for trial in range(2000):
        hand = sample_hand(eq, rng, unseen([]), heard)
        game = stacked(3, hand, seed=trial)
        claim(game, 1, heard)
        game.apply({"act": "accept"})
        start = game.view(2).money[2]
        if trial % 2:  # informing: only the money that moves now is compared
            game.apply({"act": "inform"})
            now.append(game.view(2).money[2] - start)
            continue
        game.apply({"act": "accept"})
        _, card = inherited_value(type_of(hand), eq)
        game.apply({"act": "discard", "card": card})
        new = game.view(2).hand
        mix = mix_of(eq, new)
        pick = rng.choices(list(mix), weights=list(mix.values()))[0]
        claim(game, 2, pick)
        if rng.random() < eq.search_rate(pick):
            game.apply({"act": "challenge" if pick == IMMUNITY else "search"})
        else:
            game.apply({"act": "accept"})
            game.apply({"act": "accept"})  # seat 1 takes it: seat 2's money is settled
        samples.append(game.view(2).money[2] - start)
    close(samples, accept.value)
    close(now, inform.details["money_now"])


def test_a_discards_value_is_the_mean_over_the_engines_draws(eq):
    rng_seeds = range(2000)
    game0 = stacked(3, H1)
    claim(game0, 1, ("wine",))
    game0.apply({"act": "accept"})
    game0.apply({"act": "accept"})
    for choice in advise(game0.view(2)).choices:
        samples = []
        for trial in rng_seeds:
            game = stacked(3, H1, seed=trial)  # seat 2 has seen H1 only: the rest reshuffled
            claim(game, 1, ("wine",))
            game.apply({"act": "accept"})
            game.apply({"act": "accept"})
            game.apply(choice.action)
            hand = game.view(2).hand
            samples.append(eq.hand_value(goods_of(hand), "diplomatic_bag" in hand))
        close(samples, choice.value)
