"""Smuggle's bots: each plays whole games from its own view, and does what its name says."""

from __future__ import annotations

from collections import Counter
from types import SimpleNamespace

import pytest

from prohis_nb.bots import bot_names, make_bot, play_game
from prohis_nb.bots.base import Bot
from prohis_nb.bots.smuggle_bots import (
    ExpectedValueSmuggleBot,
    Habits,
    HonestSmuggleBot,
    LiarBot,
    SmuggleRandomBot,
    truthful_items,
)
from prohis_nb.core.game import Decision
from prohis_nb.smuggle.board import DIPLOMATIC_BAG, DUTIABLE, Board
from prohis_nb.smuggle.game import PACK, SmuggleGame
from prohis_nb.smuggle.rules import SmuggleRules
from prohis_nb.smuggle.views import SeatView


class Watch(Bot):
    """Wraps a bot and keeps every (view, legal actions, choice) it saw."""

    games = ("smuggle",)

    def __init__(self, inner: Bot) -> None:
        super().__init__(0, name=inner.name)
        self.inner, self.seen = inner, []

    def choose(self, view, legal_actions):
        action = self.inner.choose(view, legal_actions)
        self.seen.append((view, legal_actions, action))
        return action


def test_the_smuggle_bots_are_registered_for_tournaments():
    assert bot_names("smuggle") == ["ev", "honest", "liar", "random", "solved"]
    assert isinstance(make_bot("liar:lie=0.5", seed=1, game="smuggle"), LiarBot)
    assert isinstance(make_bot("random", seed=1, game="smuggle"), SmuggleRandomBot)
    with pytest.raises(ValueError, match="plays smuggle, not prohis"):
        make_bot(LiarBot, seed=1, game="prohis")
    with pytest.raises(ValueError, match="no bot named 'bluff' for smuggle"):
        make_bot("bluff", seed=1, game="smuggle")


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_bot_plays_whole_games_from_its_own_view(players):
    names = ["ev", "honest", "liar:lie=0.6:fake=0.1", "random", "ev:search=0.5", "honest"]
    bots = [Watch(make_bot(n, seed=s, game="smuggle")) for s, n in enumerate(names[:players])]
    game = play_game("smuggle", bots, seed=players)
    assert game.ended
    for seat, bot in enumerate(bots):
        assert bot.seen, f"seat {seat} never decided"
        for view, legal, action in bot.seen:
            assert isinstance(view, SeatView) and view.seat == seat
            assert action in legal and view.legal_actions == legal


def seen_declarations(bot_spec, games=6, players=4):
    """(hand, action) of every declaration seat 0 made, playing ``bot_spec`` at every seat."""
    out = []
    for seed in range(games):
        bots = [
            Watch(make_bot(bot_spec, seed=f"{seed}:{s}", game="smuggle")) for s in range(players)
        ]
        play_game("smuggle", bots, seed=seed)
        for bot in bots:
            out += [(v.hand, a) for v, legal, a in bot.seen if v.decision.kind == "declare"]
    return out


def test_honest_declares_the_complete_truth_and_claims_immunity_only_with_the_bag():
    declarations = seen_declarations("honest")
    assert len(declarations) > 50
    for hand, action in declarations:
        if DIPLOMATIC_BAG in hand:
            assert action.act == "immunity"
        else:
            assert action.act == "declare" and action.items == truthful_items(hand)


def test_a_full_liar_hides_every_good_and_lie_zero_is_honest():
    for hand, action in seen_declarations("liar"):
        if DIPLOMATIC_BAG in hand:
            assert action.act == "immunity"
        else:
            assert action.act == "declare" and action.items == ()
    for hand, action in seen_declarations("liar:lie=0:fake=0", games=3):
        if DIPLOMATIC_BAG in hand:
            assert action.act == "immunity"
        else:
            assert action.act == "declare" and action.items == truthful_items(hand)


def test_the_lying_rate_is_the_parameter():
    declarations = [
        (hand, a) for hand, a in seen_declarations("liar:lie=0.3", games=12) if truthful_items(hand)
    ]
    hidden = sum(a.act == "declare" and not a.items for _, a in declarations)
    n = len(declarations)
    assert n > 100
    assert abs(hidden / n - 0.3) <= 4 * (0.3 * 0.7 / n) ** 0.5


def test_random_picks_the_act_first_so_immunity_claims_happen():
    bot = SmuggleRandomBot(seed=5)
    legal = SmuggleGame(SmuggleRules(players=3), seed=1).legal_actions()
    acts = Counter(bot.choose(None, legal).act for _ in range(2000))
    assert set(acts) == {"declare", "immunity"}
    assert abs(acts["immunity"] / 2000 - 0.5) < 0.05


def view_like(**fields):
    base = dict(
        seat=0,
        players=4,
        officer=1,
        holder=0,
        declared=None,
        log=(),
        rules={"players": 4, "variants": {}},
    )
    base.update(fields)
    return SimpleNamespace(**base)


def test_habits_count_each_seats_public_choices():
    log = (
        "Seat 2 declared nothing.",
        "Seat 1 searched seat 2's hand: wine, luggage, luggage, luggage (not the complete truth).",
        "Seat 3 declared wine.",
        "Seat 1 accepted as Officer.",
        "Seat 0 turned Informer and searched seat 3's hand: wine, luggage, luggage, luggage"
        " (complete truth).",
        "You accepted the passed hand.",
    )
    habits = Habits(viewer=2)
    habits.read(log[:3])
    habits.read(log)  # only the new lines are counted
    assert (habits.searches[1], habits.officer_choices[1]) == (1, 2)
    assert (habits.informs[0], habits.receiver_choices[0], habits.receiver_choices[2]) == (1, 1, 1)
    assert (habits.false[2], habits.checked[2], habits.false[3], habits.checked[3]) == (1, 1, 0, 1)


def test_the_ev_declarer_hides_goods_from_an_officer_who_never_searches():
    lazy = tuple("Seat 1 accepted as Officer." for _ in range(40))
    keen = tuple(
        "Seat 1 searched seat 2's hand: luggage, luggage, luggage, luggage (complete truth)."
        for _ in range(40)
    )
    game = SmuggleGame(SmuggleRules(players=4), seed=3)
    legal = game.legal_actions()
    hand = ("crown", "luggage", "luggage", "luggage")
    bot = ExpectedValueSmuggleBot(seed=1, challenge=1.0)
    seat = legal[0].seat
    hide = bot.choose(
        view_like(seat=seat, hand=hand, log=lazy, decision=Decision(seat, "declare", "")), legal
    )
    bot = ExpectedValueSmuggleBot(seed=1, challenge=1.0)
    tell = bot.choose(
        view_like(seat=seat, hand=hand, log=keen, decision=Decision(seat, "declare", "")), legal
    )
    assert (hide.act, hide.items) == ("declare", ())
    assert (tell.act, tell.items) == ("declare", ("crown",))


def test_the_ev_officer_searches_a_known_liar_and_accepts_a_known_truth_teller():
    liar = tuple(
        "Seat 2 searched seat 0's hand: watch, luggage, luggage, luggage (not the complete truth)."
        for _ in range(20)
    )
    honest = tuple(
        "Seat 2 searched seat 0's hand: watch, luggage, luggage, luggage (complete truth)."
        for _ in range(20)
    )
    from prohis_nb.smuggle.actions import Action

    legal = (Action(1, "accept"), Action(1, "search"))
    for log, expected in ((liar, "search"), (honest, "accept")):
        bot = ExpectedValueSmuggleBot(seed=2)
        view = view_like(
            seat=1,
            officer=1,
            holder=0,
            declared=("wine",),
            log=log,
            decision=Decision(1, "officer", ""),
        )
        assert bot.choose(view, legal).act == expected


def test_choices_depend_only_on_the_view():
    """Two games differing only in the bottom of the first pack: same views, same choices."""
    top = list(PACK)
    other = top[:-6] + list(reversed(top[-6:]))
    assert other != top
    rules = SmuggleRules(players=3)
    games = [SmuggleGame(rules, table={"packs": [p, list(PACK), list(PACK)]}) for p in (top, other)]
    bots = [[ExpectedValueSmuggleBot(seed=s) for s in range(3)] for _ in games]
    steps = 0
    while not games[0].ended:
        seat = games[0].to_act
        views = [g.view(seat) for g in games]
        if views[0] != views[1]:
            break
        choices = [b[seat].choose(v, g.legal_actions()) for b, v, g in zip(bots, views, games)]
        assert choices[0] == choices[1]
        for g, c in zip(games, choices):
            g.apply(c)
        steps += 1
    assert steps > 20


def test_bad_bot_parameters_are_refused():
    with pytest.raises(ValueError, match="lie is a probability"):
        make_bot("liar:lie=2", seed=0, game="smuggle")
    with pytest.raises(ValueError, match="weight"):
        make_bot("ev:weight=0", seed=0, game="smuggle")
    with pytest.raises(ValueError, match="bad parameters"):
        make_bot("honest:bait=0.2", seed=0, game="smuggle")


def test_a_custom_board_is_read_from_the_view():
    board = Board(duty={**Board().duty, "wine": 400}, fine={**Board().fine, "wine": 800})
    rules = SmuggleRules(players=3, board=board)
    bot = HonestSmuggleBot(seed=0)
    game = play_game(SmuggleGame(rules, seed=4), [bot, LiarBot(1), ExpectedValueSmuggleBot(2)])
    assert game.ended


def test_the_solved_bot_plays_the_equilibrium_it_reads_from_its_own_view():
    from collections import Counter

    from prohis_nb.analysis.signalling import IMMUNITY, declaration_equilibrium

    eq = declaration_equilibrium()
    bots = [Watch(make_bot("solved", seed=s, game="smuggle")) for s in range(4)]
    game = play_game("smuggle", bots, seed=5)
    assert game.ended
    searches = Counter()
    for seat, bot in enumerate(bots):
        for view, legal, action in bot.seen:
            assert view.seat == seat and action in legal
            kind = view.decision.kind
            if kind == "declare":
                goods = tuple(sorted((c for c in view.hand if c in DUTIABLE), key=DUTIABLE.index))
                made = IMMUNITY if action.act == "immunity" else action.items
                assert made in eq.choices(goods, DIPLOMATIC_BAG in view.hand)
            elif view.seat != view.officer and action.act != "discard":
                assert action.act == "accept"  # the receiver never informs
            elif action.act in ("search", "challenge"):
                heard = IMMUNITY if view.immunity else view.declared
                assert eq.search_rate(heard) > 0
                searches[action.act] += 1
    assert searches["search"] > 0
