"""A seat's view shows only what that seat may know (RULES.md, "Who knows what").

Pairs of games that differ only in hidden cards are played side by side with
the same actions; a seat that has not been allowed to see the difference must
get a byte-identical view. The general form: whenever seat S's log is the same
in both games, S's whole view is the same.
"""

from __future__ import annotations

import random

from helpers.properties import SETTINGS, cases, choose, seat_json
from hypothesis import assume, given
from hypothesis import strategies as st

from prohis_nb import ProhisGame
from prohis_nb.prohis.cards import CONTROLLER_KINDS


def table_of(case):
    """A stacked table for ``case`` (a seeded case becomes the table it deals)."""
    game = case.new_game()
    if case.stacked:
        return copy_table(game.setup)
    table = game.omniscient_view()
    return {
        "first": game.to_act,
        "hands": [list(h) for h in table.hands],
        "row": list(table.row),
        "pile": list(table.pile),
    }


def copy_table(table):
    return {
        "first": table["first"],
        "hands": [list(h) for h in table["hands"]],
        "row": list(table["row"]),
        "pile": list(table["pile"]),
    }


class Pair:
    """Two games played side by side, the second following the first's actions.

    A step may be a choice in one game and forced in the other (an opponent
    without a controller card declines by force): the game that forced it has
    already taken it, so it is skipped there, as a replay skips a forced step
    written out (RECORD.md); a step forced in the first game but a choice in
    the second is taken in the second.

    With ``look_alike`` set (a ``random.Random``), the second game sometimes
    answers a convoy or a bribe with *another* one of the same size: the same
    move for every seat but the smuggler (and, for a bribe, the controller).
    """

    def __init__(self, one, two, look_alike=None, rate=0.5):
        self.one, self.two = one, two
        self.look_alike = look_alike
        self.rate = rate
        self.pending = list(self.two.forced_after(-1))
        self._catch_up(self.one.forced_after(-1))

    def partner(self, action):
        """The second game's answer to ``action``: the same, a look-alike, or None."""
        if action in self.pending and not self.two.is_legal(action):
            return action  # already taken there by force
        swap = self.look_alike is not None and action.act in ("convoy", "bribe")
        if swap and self.look_alike.random() < self.rate:
            alike = [
                a
                for a in self.two.legal_actions()
                if a.act == action.act and len(a.cards) == len(action.cards)
            ]
            if alike:
                return self.look_alike.choice(alike)
        return action if self.two.is_legal(action) else None

    def step(self, action, answer):
        self.one.apply(action)
        self._follow(answer)
        self._catch_up(self.one.forced_after(len(self.one.actions) - 1))

    def _follow(self, action):
        if action in self.pending and not self.two.is_legal(action):
            self.pending = self.pending[self.pending.index(action) + 1 :]
        else:
            self.two.apply(action)
            self.pending = list(self.two.forced_after(len(self.two.actions) - 1))

    def _catch_up(self, forced_in_one):
        for action in forced_in_one:
            if action in self.pending or self.two.is_legal(action):
                self._follow(action)

    def agreeing_seats(self, seats):
        """The seats whose logs are the same in both games."""
        return [seat for seat in seats if self.one.log(seat) == self.two.log(seat)]

    def assert_same_views(self, seats):
        for seat in seats:
            assert seat_json(self.one, seat) == seat_json(self.two, seat), f"seat {seat}'s view"

    def assert_same_views_but_the_announced_scores(self, seats):
        """At the end every seat's final score is announced (RULES.md, Scoring): it counts
        the hands, so it may differ; everything else in the views must not."""

        def before_the_announcement(game, seat):
            view = game.view(seat).to_json()
            assert view["ended"] and view["log"][-1].startswith("The game is over")
            view.update(final_scores=None, winners=None, log=view["log"][:-1])
            return view

        for seat in seats:
            one = before_the_announcement(self.one, seat)
            assert one == before_the_announcement(self.two, seat), f"seat {seat}'s view"


def play_pair(pair, case, rng, each_step, policy=None):
    """Random play on actions both games accept; ``each_step()`` after each. Returns steps."""
    steps = 0
    while not pair.one.ended:
        answers = {}
        for action in pair.one.legal_actions():
            answer = pair.partner(action)
            if answer is not None:
                answers[action] = answer
        if not answers:
            break
        legal = tuple(answers)
        action = (policy(pair.one, legal, rng) if policy else None) or choose(
            rng, legal, case.pass_weight
        )
        pair.step(action, answers[action])
        steps += 1
        if each_step() is False:
            break
    return steps


@SETTINGS
@given(case=cases, pick_seed=st.integers(0, 2**31 - 1))
def test_swapping_pile_cards_nobody_has_seen_changes_no_view(case, pick_seed):
    rng = random.Random(pick_seed)
    table = table_of(case)
    pile = table["pile"]
    pairs = [
        (i, j) for i in range(len(pile)) for j in range(i + 1, len(pile)) if pile[i] != pile[j]
    ]
    assume(pairs)
    i, j = rng.choice(pairs)
    other = copy_table(table)
    other["pile"][i], other["pile"][j] = pile[j], pile[i]
    pair = Pair(ProhisGame(case.rules, table=table), ProhisGame(case.rules, table=other))
    seats = range(case.rules.players)

    def check():
        drawn = len(pile) - len(pair.one.omniscient_view().pile)
        if drawn <= i:  # the cards at i and j are still face down in the pile
            assert pair.agreeing_seats(seats) == list(seats)
            if rng.random() < 0.3 or pair.one.ended:  # views are dearer than logs: sample
                pair.assert_same_views(seats)
        elif rng.random() < 0.3:
            pair.assert_same_views(pair.agreeing_seats(seats))

    pair.assert_same_views(seats)
    play_pair(pair, case, rng, check)
    # as long as the swapped cards were unseen, both games went the same way
    if len(pile) - len(pair.one.omniscient_view().pile) <= i:
        assert pair.one.ended and pair.two.ended


@SETTINGS
@given(case=cases, pick_seed=st.integers(0, 2**31 - 1))
def test_a_view_is_the_same_whenever_the_seats_log_is_the_same(case, pick_seed):
    rng = random.Random(pick_seed)
    # swap a card of seat X's hand with a card of the pile; play both games alike,
    # except that convoys and bribes are sometimes swapped for others of the same size
    table = table_of(case)
    options = [
        (x, h, p)
        for x, hand in enumerate(table["hands"])
        for h in range(len(hand))
        for p in range(len(table["pile"]))
        if hand[h] != table["pile"][p]
    ]
    assume(options)
    x, h, p = rng.choice(options)
    other = copy_table(table)
    other["hands"][x][h], other["pile"][p] = table["pile"][p], table["hands"][x][h]
    one, two = ProhisGame(case.rules, table=table), ProhisGame(case.rules, table=other)
    pair = Pair(one, two, look_alike=rng)
    others = [s for s in range(case.rules.players) if s != x]
    assert pair.agreeing_seats(others) == others  # nobody has seen anything yet
    pair.assert_same_views(others)

    def check():
        pair.assert_same_views(pair.agreeing_seats(others))

    play_pair(pair, case, rng, check)


def single_controller_tables(case, rng):
    """Two tables: seat X holds exactly one controller card, or a plain card instead.

    X's other controller cards go low in the pile; the plain card X holds in
    the second table comes from the pile too, and nobody sees the difference
    until that pile card is drawn or turned up. Returns X, both tables and the
    top-first pile position of the swapped card (or None if the deal cannot
    be arranged).
    """
    table = copy_table(table_of(case))
    pile, hands = table["pile"], table["hands"]
    x = rng.randrange(case.rules.players)
    plain = [i for i, card in enumerate(pile) if card not in CONTROLLER_KINDS]
    held = [i for i, card in enumerate(hands[x]) if card in CONTROLLER_KINDS]
    bosses = [i for i, card in enumerate(pile) if card in CONTROLLER_KINDS]
    if len(plain) < len(held) + 1 or not (held or bosses) or not hands[x]:
        return None
    keep = held[0] if held else None
    for position in held[1:]:
        spot = plain.pop()
        hands[x][position], pile[spot] = pile[spot], hands[x][position]
    if keep is None:
        keep = next(i for i, card in enumerate(hands[x]) if card not in CONTROLLER_KINDS)
        spot = bosses[-1]
        hands[x][keep], pile[spot] = pile[spot], hands[x][keep]
    swapped = max(i for i, card in enumerate(pile) if card not in CONTROLLER_KINDS)
    without = copy_table(table)
    without["hands"][x][keep], without["pile"][swapped] = pile[swapped], hands[x][keep]
    return x, table, without, swapped


@SETTINGS
@given(case=cases, pick_seed=st.integers(0, 2**31 - 1))
def test_a_forced_decline_looks_the_same_as_a_chosen_one(case, pick_seed):
    rng = random.Random(pick_seed)
    made = single_controller_tables(case, rng)
    assume(made is not None)
    x, with_card, without_card, swapped = made
    pair = Pair(ProhisGame(case.rules, table=with_card), ProhisGame(case.rules, table=without_card))
    others = [s for s in range(case.rules.players) if s != x]
    pile_size = len(with_card["pile"])

    def x_never_shows_its_card(game, legal, rng):
        # X only draws, stops, declines or passes: its controller card never shows
        if game.to_act != x:
            return None
        quiet = [a for a in legal if a.act in ("decline", "take", "stop")]
        return rng.choice(quiet) if quiet else next(a for a in legal if a.act == "pass")

    def check():
        if pile_size - len(pair.one.omniscient_view().pile) > swapped:
            return False  # the swapped pile card is out: the games may now differ
        decision = pair.one.decision
        if decision is not None and decision.kind == "control" and decision.seat == x:
            return None  # X decides in one game and has already declined in the other
        if pair.one.ended and pair.two.ended:
            pair.assert_same_views_but_the_announced_scores(others)
            return None
        assert pair.agreeing_seats(others) == others
        pair.assert_same_views(others)
        return None

    check()
    play_pair(pair, case, rng, check, x_never_shows_its_card)


@SETTINGS
@given(case=cases, pick_seed=st.integers(0, 2**31 - 1))
def test_face_down_choices_are_hidden_from_the_seats_that_may_not_see_them(case, pick_seed):
    # the same deal; every convoy and bribe is answered in the second game by another
    # of the same size: only the smuggler (and a bribe's controller) can tell the games apart
    rng = random.Random(pick_seed)
    pair = Pair(case.new_game(), case.new_game(), look_alike=rng, rate=1.0)
    seats = range(case.rules.players)
    compared = []

    def check():
        agreeing = pair.agreeing_seats(seats)
        pair.assert_same_views(agreeing)
        compared.append(len(agreeing))

    play_pair(pair, case, rng, check)
    assert compared
