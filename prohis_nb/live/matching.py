"""Who sits where in each round: tables by arrival, then random rematching with rotating roles.

Classroom experiments match this way (oTree's ``group_randomly``, classEx's
lecture mode), and so does the class server:

* **Round 1** seats students in the order they joined: the first ``seats``
  students make table 1, the next ``seats`` table 2, and so on. The tables
  the teacher sees forming in the lobby are the tables that start.
* **Roles rotate.** A student's *role* is its seat number at the table. The
  student in place ``i`` of the list (joining order) has role
  ``(i + round - 1) mod seats`` in that round: in a two-seat game a student
  is smuggler and controller in turn.
* **Partners are rematched at random** from round 2 on: each role's students
  are shuffled, with a generator seeded from the class's seed, the round and
  the role, and the ``t``-th of each role sits at table ``t``. The same
  seed, the same students in the same order: the same tables, anywhere.
* **Bots fill the gaps.** There are ``ceil(n / seats)`` tables; a role with
  fewer students than tables leaves a seat empty (``None``) at its last
  tables, for a bot. Every table has at least one student, since the
  largest role has a student for every table.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

Student = TypeVar("Student")


def role_of(place: int, round_number: int, seats: int) -> int:
    """The seat of the student in ``place`` (0 first) in ``round_number`` (1 first)."""
    return (place + round_number - 1) % seats


def seat_plan(
    students: Sequence[Student], seats: int, round_number: int, seed: int | str
) -> list[list[Student | None]]:
    """The round's tables: one list of ``seats`` entries each (``None``: a bot's seat).

    ``students`` in joining order; ``round_number`` from 1. See the module docstring.
    """
    if seats < 1:
        raise ValueError(f"a table has at least one seat, got {seats}")
    if round_number < 1:
        raise ValueError(f"rounds are numbered from 1, got {round_number}")
    if not students:
        return []
    count = -(-len(students) // seats)
    roles: list[list[Student]] = [[] for _ in range(seats)]
    for place, student in enumerate(students):
        roles[role_of(place, round_number, seats)].append(student)
    if round_number > 1:
        for role, members in enumerate(roles):
            random.Random(f"prohis-live:{seed}:{round_number}:{role}").shuffle(members)
    plan: list[list[Student | None]] = []
    for number in range(count):
        plan.append([roles[role][number] if number < len(roles[role]) else None
                     for role in range(seats)])  # fmt: skip
    return plan
