"""Who sits where: tables by arrival, rotating roles, partners rematched at random, bots in gaps.

Checked as properties over many class sizes, from the plan alone: each
student seated once per round, as few tables as the class needs, every table
with a student, roles rotating round after round, the same seed giving the
same plan and another seed another.
"""

from __future__ import annotations

from itertools import combinations

import pytest

from prohis_nb.live.matching import seat_plan


@pytest.mark.parametrize("seats", [2, 3, 4, 6])
@pytest.mark.parametrize("students", [1, 2, 5, 7, 12, 31])
def test_every_student_is_seated_once_in_as_few_tables_as_needed(students: int, seats: int) -> None:
    names = [f"s{i}" for i in range(students)]
    for round_number in range(1, 6):
        plan = seat_plan(names, seats, round_number, seed=42)
        seated = [s for table in plan for s in table if s is not None]
        assert sorted(seated) == sorted(names)
        assert len(plan) == -(-students // seats)
        assert all(len(table) == seats for table in plan)
        assert all(any(s is not None for s in table) for table in plan)
        bots = sum(s is None for table in plan for s in table)
        assert bots == len(plan) * seats - students


def test_round_one_seats_students_in_the_order_they_joined() -> None:
    names = list("abcdefgh")
    assert seat_plan(names, 4, 1, seed=1) == [list("abcd"), list("efgh")]
    assert seat_plan(names[:6], 4, 1, seed=1) == [list("abcd"), ["e", "f", None, None]]


def test_roles_rotate_round_after_round() -> None:
    names = [f"s{i}" for i in range(10)]
    seen: dict[str, list[int]] = {n: [] for n in names}
    for round_number in range(1, 5):
        for table in seat_plan(names, 2, round_number, seed=7):
            for seat, student in enumerate(table):
                if student is not None:
                    seen[student].append(seat)
    for seats in seen.values():
        assert all(a != b for a, b in zip(seats, seats[1:], strict=False))  # 0, 1, 0, 1 ...


def test_partners_are_rematched_at_random_and_reproducibly() -> None:
    names = [f"s{i}" for i in range(40)]

    def pairs(seed: int, round_number: int) -> set[frozenset[str]]:
        plan = seat_plan(names, 4, round_number, seed)
        return {frozenset(p) for table in plan for p in combinations([s for s in table if s], 2)}

    assert seat_plan(names, 4, 3, seed=5) == seat_plan(list(names), 4, 3, seed=5)
    assert seat_plan(names, 4, 3, seed=5) != seat_plan(names, 4, 3, seed=6)
    assert pairs(5, 2) != pairs(5, 3)
    # over ten rounds every student meets many different partners
    partners: dict[str, set[str]] = {n: set() for n in names}
    for round_number in range(1, 11):
        for pair in pairs(5, round_number):
            a, b = tuple(pair)
            partners[a].add(b)
            partners[b].add(a)
    assert min(len(p) for p in partners.values()) >= 10


def test_bad_plans_are_refused() -> None:
    with pytest.raises(ValueError, match="at least one seat"):
        seat_plan(["a"], 0, 1, seed=1)
    with pytest.raises(ValueError, match="from 1"):
        seat_plan(["a"], 2, 0, seed=1)
    assert seat_plan([], 2, 1, seed=1) == []
