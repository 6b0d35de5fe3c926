"""Properties of random legal Smuggle play for 3-6 players."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from prohis_nb.core.record import Record
from prohis_nb.smuggle.game import PACK, SmuggleGame
from prohis_nb.smuggle.rules import SmuggleRules

SETTINGS = settings(derandomize=True, max_examples=30, deadline=None)


def _play(game: SmuggleGame, seed: int, steps: int | None = None) -> SmuggleGame:
    """Play ``game`` by a seeded random player (``steps`` actions, or to the end)."""
    rng = random.Random(seed + 1)
    while not game.ended and (steps is None or len(game.actions) < steps):
        legal = game.legal_actions()
        # Favour the short decisions so immunity claims and challenges happen too.
        if game.decision.kind == "declare" and rng.random() < 0.2:
            game.apply({"act": "immunity"})
        else:
            game.apply(rng.choice(legal))
    return game


@SETTINGS
@given(st.integers(3, 6), st.integers(0, 10**6))
def test_money_conserved_cards_accounted_and_game_ends(players, seed):
    game = SmuggleGame(SmuggleRules(players=players), seed=seed)
    rng = random.Random(seed)
    total = players * 2000
    while not game.ended:
        assert sum(game.money) == total
        table = game.omniscient_view()
        assert sorted(table.pack + table.discards + sum(table.hands, ())) == sorted(PACK)
        game.apply(rng.choice(game.legal_actions()))
    assert sum(game.money) == total
    assert game.round == players and game.to_act is None


@SETTINGS
@given(st.integers(3, 6), st.integers(0, 10**6))
def test_record_replays_to_the_same_state(players, seed):
    game = _play(SmuggleGame(SmuggleRules(players=players), seed=seed), seed)
    replayed = Record.loads(game.record().dumps()).replay()
    assert replayed.omniscient_view().to_json() == game.omniscient_view().to_json()


@SETTINGS
@given(st.integers(3, 6), st.integers(0, 10**6), st.integers(0, 120), st.integers(0, 10**6))
def test_view_does_not_depend_on_unseen_pack_order(players, seed, steps, shuffle_seed):
    rng = random.Random(seed)
    packs = [rng.sample(PACK, len(PACK)) for _ in range(players)]
    rules = SmuggleRules(players=players)
    game = _play(SmuggleGame(rules, table={"packs": [list(p) for p in packs]}), seed, steps)
    if game.ended:
        return
    # Reorder the cards not yet drawn this round, and every later round's pack.
    public = game.view(0)
    now, drawn = public.round, len(PACK) - public.pack_size
    rng.seed(shuffle_seed)
    unseen = packs[now][drawn:]
    rng.shuffle(unseen)
    packs[now][drawn:] = unseen
    for later in packs[now + 1 :]:
        rng.shuffle(later)
    other = SmuggleGame(rules, table={"packs": packs})
    for action in game.actions:
        other.apply(action)
    for seat in range(players):
        assert other.view(seat) == game.view(seat)
