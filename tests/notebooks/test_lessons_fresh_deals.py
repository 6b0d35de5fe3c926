"""A game a learner plays in a lesson is a fresh deal (docs/teaching.md, "Seeds").

A seed written in a lesson's ``Play`` or ``HotSeat`` cell lets anyone with the
lesson deal the same game again, from another seat: ``prohis-nb play --seed 21
--seat 1`` printed seat 1's hand of lesson 1's game (attack-22b F8). Seeded
demonstrations where nothing is hidden (a ``Table``, a ``Stepper`` over a bot
game) keep their seeds.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

LESSONS = sorted((Path(__file__).parents[2] / "notebooks").glob("[0-9][0-9]_*.ipynb"))
PLAYED = ("Play", "HotSeat")  # the widgets in which a learner plays a seat


def seeded_games(lesson: Path) -> list[str]:
    """Every ``Play(...)``/``HotSeat(...)`` call in the lesson's code that passes a seed."""
    found = []
    for cell in json.loads(lesson.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        try:
            tree = ast.parse(source)
        except SyntaxError:  # a cell with IPython magics: no game widget is built there
            continue
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in PLAYED
                and any(keyword.arg == "seed" for keyword in node.keywords)
            ):
                found.append(ast.get_source_segment(source, node) or node.func.id)
    return found


def test_the_lessons_build_games_for_learners():
    # the check below looks at something: lessons 1, 2, 10 and 12 play a seat
    assert sum(1 for lesson in LESSONS if "Play(" in lesson.read_text(encoding="utf-8")) >= 4


@pytest.mark.parametrize(
    "lesson",
    LESSONS,
    ids=lambda lesson: lesson.name[:2],
)
def test_a_lesson_game_a_learner_plays_has_no_seed(lesson):
    assert seeded_games(lesson) == []
