"""The class table's theory column solves the rules the records were played under.

attack-24 F6: a convoy class was compared with the default convoy game (a
captain, 3 cards, one legal bribe, the race) whatever rules its records
held, and a customs class with the default board. Here classes play other
rules, and each row's predicted range must be the lowest and highest rate
over every equilibrium of *that* game, computed independently: the normal
form is built from what the engine scores on stacked tables (exact
fractions over every face-down order); with each side's own money Gambit's
``enummixed`` lists its extreme equilibria, and in the race (zero-sum)
scipy's ``linprog`` finds each rate's range over the optimal strategies.
A class that mixed rule sets gets no prediction.
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import permutations, product

import pytest

import prohis_nb
from prohis_nb import ConvoyRules, ConvoyStageGame
from prohis_nb.classroom import load_class

pytest.importorskip("nashpy")


def play_class(folder, count: int, seed: int, game: str = "convoy", **variants) -> None:
    """``count`` games of random legal play under ``variants``, saved as records."""
    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(count):
        g = prohis_nb.new_game(game, seed=seed * 1000 + i, **variants)
        while not g.ended:
            g.apply(rng.choice(g.legal_actions()))
        g.record().save(folder / f"{game}{seed}_{i}.json", overwrite=False)


def engine_score(rules: ConvoyRules, hand: str, load: str, offer: tuple, answer: str):
    orders = list(permutations(range(rules.size)))
    total = [Fraction(0), Fraction(0)]
    for order in orders:
        g = ConvoyStageGame(rules, table={"hand": hand, "order": list(order)})
        g.apply({"act": "convoy", "cards": list(rules.convoy(load == "dirty"))})
        g.apply({"act": "bribe", "cards": list(offer)} if offer else {"act": "no_bribe"})
        g.apply({"act": answer})
        for seat in (0, 1):
            total[seat] += Fraction(g.scores()[seat], len(orders))
    return total


def normal_form(rules: ConvoyRules):
    """The engine's game in normal form, and each row's rate as coefficients of x or of y."""
    menu = [tuple(b) for b in rules.bribes]
    offers = {"dirty": [()] + menu, "honest": [()] + [b for b in menu if "illegal" not in b]}
    dirty_choices = [(load, o) for load in ("honest", "dirty") for o in offers["dirty"]]
    rows = [(d, h) for d in dirty_choices for h in offers["honest"]]
    plans = list(product(*[("accept", "reject")] * len(menu), ("inspect", "waive")))
    p = rules.p_dirty

    def answer(offer: tuple, plan: tuple) -> str:
        return plan[-1] if not offer else plan[menu.index(offer)]

    a = [[Fraction(0)] * len(plans) for _ in rows]
    b = [[Fraction(0)] * len(plans) for _ in rows]
    for i, ((load, dirty_offer), honest_offer) in enumerate(rows):
        for j, plan in enumerate(plans):
            d = engine_score(rules, "dirty", load, dirty_offer, answer(dirty_offer, plan))
            h = engine_score(rules, "honest", "honest", honest_offer, answer(honest_offer, plan))
            a[i][j] = p * d[0] + (1 - p) * h[0]
            b[i][j] = p * d[1] + (1 - p) * h[1]
    weight = {"dirty": p, "honest": 1 - p}
    can = [hand for hand in weight if len(offers[hand]) > 1]
    bait = [Fraction(int(load == "honest")) for (load, _), _ in rows]
    of_x = {"bait": (bait, 0), "dirty convoys": ([-p * c for c in bait], p)}
    if can:
        chances = sum(weight[h] for h in can)
        offered = [
            sum(weight[h] * int(bool(o)) for h, o in (("dirty", d), ("honest", o_h)) if h in can)
            / chances
            for (_, d), o_h in rows
        ]
        of_x["bribe offered"] = (offered, 0)
    of_y = {"inspection": ([Fraction(int(plan[-1] == "inspect")) for plan in plans], 0)}
    if len(menu) == 1:
        of_y["bribe accepted"] = ([Fraction(int(plan[0] == "accept")) for plan in plans], 0)
    return a, b, of_x, of_y


def gambit_ranges(rules: ConvoyRules) -> dict[str, tuple[float, float]]:
    """Each row's (lowest, highest) rate over Gambit's extreme equilibria of the engine's game."""
    gbt = pytest.importorskip("pygambit")
    np = pytest.importorskip("numpy")
    a, b, of_x, of_y = normal_form(rules)
    game = gbt.StrategicGame.from_arrays(np.array(a, dtype=object), np.array(b, dtype=object))
    result = gbt.nash.enummixed_solve(game, rational=True)
    assert result.success and result.equilibria

    def by_label(pair):
        return int(pair[0])

    values: dict[str, list[Fraction]] = {}
    for eq in result.equilibria:
        x = [Fraction(str(v)) for _, v in sorted(eq["1"], key=by_label)]
        y = [Fraction(str(v)) for _, v in sorted(eq["2"], key=by_label)]
        for point, rates in ((x, of_x), (y, of_y)):
            for name, (coefficients, constant) in rates.items():
                value = constant + sum(c * v for c, v in zip(coefficients, point, strict=True))
                values.setdefault(name, []).append(value)
    return {name: (float(min(v)), float(max(v))) for name, v in values.items()}


def lp_ranges(rules: ConvoyRules) -> dict[str, tuple[float, float]]:
    """The race (zero-sum): each rate's range over the optimal strategies, by scipy's linprog.

    The equilibria of a zero-sum game are the pairs of optimal strategies: the
    smuggler's ``{x ≥ 0, Σx = 1, xᵀA ≥ v}`` and the controller's
    ``{y ≥ 0, Σy = 1, A y ≤ v}``, ``v`` the value; a linear rate's lowest and
    highest over each set are two more linear programs.
    """
    np = pytest.importorskip("numpy")
    from scipy.optimize import linprog

    a_exact, _, of_x, of_y = normal_form(rules)
    a = np.array(a_exact, dtype=float)
    m, n = a.shape
    # the value: max v s.t. xᵀA ≥ v, Σx = 1, x ≥ 0
    lp = linprog(
        np.r_[np.zeros(m), -1.0],
        A_ub=np.c_[-a.T, np.ones(n)],
        b_ub=np.zeros(n),
        A_eq=np.r_[np.ones(m), 0.0][None, :],
        b_eq=[1.0],
        bounds=[(0, None)] * m + [(None, None)],
    )
    value = -lp.fun
    slack = 1e-9 * max(1.0, float(np.abs(a).max()))  # room for the solvers' rounding
    out = {}
    sets = {
        "x": (of_x, -a.T, -(value - slack) * np.ones(n), m),
        "y": (of_y, a, (value + slack) * np.ones(m), n),
    }
    for rates, a_ub, b_ub, size in sets.values():
        for name, (coefficients, constant) in rates.items():
            c = np.array([float(v) for v in coefficients])
            ends = []
            for sign in (1, -1):
                found = linprog(
                    sign * c,
                    A_ub=a_ub,
                    b_ub=b_ub,
                    A_eq=np.ones((1, size)),
                    b_eq=[1.0],
                    bounds=[(0, None)] * size,
                )
                assert found.success
                ends.append(float(constant) + float(c @ found.x))
            out[name] = (min(ends), max(ends))
    return out


def assert_theory_is(table, rules: ConvoyRules) -> None:
    want = lp_ranges(rules) if rules.payoffs == "race" else gambit_ranges(rules)
    rows = {row.measure: row for row in table}
    for name, (low, high) in want.items():
        row = rows[name]
        assert row.predicted_low == pytest.approx(low, abs=1e-5), (name, row, low)
        assert row.predicted_high == pytest.approx(high, abs=1e-5), (name, row, high)
        assert "records' rules" in row.model
    if len(rules.bribes) != 1:
        assert rows["bribe accepted"].predicted_low is None
        assert rows["bribe accepted"].note.startswith("no prediction")


@pytest.mark.parametrize(
    "variants",
    [
        dict(card="inspector", size=2, payoffs="own"),  # attack-24 F6's class
        dict(card="lieutenant", size=2, illegal=2, bribes=[["illegal"]], p_dirty="1/3"),
        dict(card="captain", size=4, illegal=2, bribes=[["captain"]], payoffs="own"),
        dict(card="inspector", size=3, bribes=[["legal"], ["legal", "legal"]]),
        dict(),  # the default game: the same check for the rules lesson 9 uses
    ],
    ids=["inspector-own", "illegal-bribe", "captain-bribe-own", "two-bribes", "default"],
)
def test_a_convoy_class_is_compared_with_the_game_its_records_played(tmp_path, variants):
    play_class(tmp_path, 12, 1, **variants)
    results = load_class(tmp_path)
    assert_theory_is(
        results.table("convoy"), prohis_nb.new_game("convoy", seed=0, **variants).rules
    )


def test_a_class_that_mixed_rule_sets_gets_no_prediction_and_says_why(tmp_path):
    play_class(tmp_path / "a", 6, 1, card="inspector", size=2, payoffs="own")
    play_class(tmp_path / "b", 6, 2)
    mixed = load_class([*sorted((tmp_path / "a").iterdir()), *sorted((tmp_path / "b").iterdir())])
    assert len(mixed.rule_sets("convoy")) == 2
    for row in mixed.table("convoy"):
        assert row.predicted_low is None and row.predicted_high is None
        assert "2 different rule sets" in row.note
    # each rule set on its own is compared with its own game
    assert_theory_is(
        load_class(tmp_path / "a").table("convoy"),
        ConvoyRules(card="inspector", size=2, payoffs="own"),
    )
    assert_theory_is(load_class(tmp_path / "b").table("convoy"), ConvoyRules())


def test_a_customs_class_is_compared_with_the_board_its_records_played(tmp_path):
    """The declaration game is solved on the records' board, not the default one (~40 s)."""
    from prohis_nb.classroom.theory import declaration_predictions
    from prohis_nb.smuggle.board import Board

    board = Board(immunity_fine=500)
    play_class(tmp_path, 6, 3, game="customs", board=board)
    rows = {row.measure: row for row in load_class(tmp_path).table("customs")}
    theirs = declaration_predictions(board)
    default = declaration_predictions()
    changed = 0
    for name, prediction in theirs.items():
        if name in rows and prediction.low is not None:
            assert rows[name].predicted_low == pytest.approx(prediction.low, abs=1e-12)
            changed += abs(prediction.low - (default[name].low or 0)) > 1e-6
    assert changed  # the board changes the theory, so the check above can tell them apart
