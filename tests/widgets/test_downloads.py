"""Downloads through the browser: every link carries exactly the file it names.

Each link is decoded back from its ``data:`` URL and checked against an
independent reading of the file: a PNG by its signature, an SVG by an XML
parser, a CSV by ``csv.reader`` against a recount from the games, a record by
its JSON.
"""

from __future__ import annotations

import base64
import csv
import io
import json
import re
import statistics
import xml.etree.ElementTree as ET
from collections import defaultdict
from html import unescape

import matplotlib
import pytest

matplotlib.use("Agg")
import matplotlib.pyplot as plt

from prohis_nb import Game, plots
from prohis_nb.core.record import Record
from prohis_nb.tournament import run_tournament
from prohis_nb.widgets import Stepper, download_figure
from prohis_nb.widgets.downloads import (
    csv_link,
    download_link,
    figure_link,
    record_link,
)

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
LINK = re.compile(
    r"<a href='data:(?P<mime>[^;']+);base64,(?P<data>[A-Za-z0-9+/=]*)' download='(?P<name>[^']*)'"
)


def links(html: str) -> list[tuple[str, bytes, str]]:
    """Every download link in ``html``: (MIME type, the bytes it carries, the file name)."""
    return [
        (m["mime"], base64.b64decode(m["data"], validate=True), unescape(m["name"]))
        for m in LINK.finditer(html)
    ]


def only_link(html: str) -> tuple[str, bytes, str]:
    found = links(html)
    assert len(found) == 1, html[:200]
    return found[0]


def is_svg(data: bytes) -> bool:
    return ET.fromstring(data).tag.rpartition("}")[2] == "svg"


# ---------------------------------------------------------------- the links


def test_a_link_carries_the_bytes_and_the_name():
    data = bytes(range(256))
    assert only_link(download_link(data, "all bytes.bin", "application/octet-stream")) == (
        "application/octet-stream",
        data,
        "all bytes.bin",
    )


def test_a_name_is_escaped_and_loses_its_folders():
    name = "x'><img src=x onerror=alert(1)>.csv"
    html = download_link(b"x", name, "text/csv")
    assert "<img" not in html and html.count("'") == 8  # the name's quote cannot close it
    assert only_link(html)[2] == name  # and the browser reads the name back whole
    assert "<script>" not in download_link(b"x", "<script>alert(1)<\\script>", "text/csv")
    assert only_link(download_link(b"x", "../../etc/passwd", "text/plain"))[2] == "passwd"
    assert only_link(download_link(b"x", r"C:\Users\me\game.json", "text/plain"))[2] == (
        "game.json"
    )
    assert only_link(download_link(b"x", "..", "text/plain"))[2] == "download"


def test_bad_arguments_are_refused_clearly():
    with pytest.raises(TypeError, match="bytes"):
        download_link("text", "a.txt", "text/plain")
    with pytest.raises(ValueError, match="mime"):
        download_link(b"x", "a.txt", "text/plain' onclick='x")
    with pytest.raises(ValueError, match="png or svg"):
        figure_link(plt.figure(), "jpg")
    plt.close("all")


def test_a_record_link_holds_the_record_json():
    game = Game(players=3, seed=4)
    for _ in range(5):
        game.apply(game.legal_actions()[0])
    record = game.record()
    mime, data, name = only_link(record_link(record, "five moves.json"))
    assert (mime, name) == ("application/json", "five moves.json")
    assert json.loads(data.decode("utf-8")) == record.to_json()
    assert Record.loads(data).replay().actions == game.actions
    assert only_link(record_link(game))[1] == data  # a game gives its record


def test_a_csv_link_reads_back_as_the_table():
    rows = [["name", "score"], ["Ann, the first", "4000"], ['say "hi"', "-4000"], ["é", ""]]
    mime, data, name = only_link(csv_link(rows, "scores.csv"))
    assert (mime, name) == ("text/csv", "scores.csv")
    assert list(csv.reader(io.StringIO(data.decode("utf-8")))) == rows


@pytest.mark.parametrize(
    "draw",
    [
        lambda: plots.bribe_vs_inspection({"legal": 30, "illegal": 15}, 3),
        lambda: plots.catch_heatmap(3),
    ],
)
def test_a_figure_downloads_as_png_and_svg(draw):
    fig, _ax = draw()
    try:
        png = only_link(figure_link(fig, "png", "plot"))
        svg = only_link(figure_link(fig, "svg", "plot"))
        both = download_figure(fig)
    finally:
        plt.close(fig)
    assert png[0] == "image/png" and png[1].startswith(PNG_SIGNATURE) and png[2] == "plot.png"
    assert svg[0] == "image/svg+xml" and is_svg(svg[1]) and svg[2] == "plot.svg"
    found = links(both.value)
    assert [(mime, name) for mime, _data, name in found] == [
        ("image/png", "figure.png"),
        ("image/svg+xml", "figure.svg"),
    ]
    assert found[0][1].startswith(PNG_SIGNATURE) and is_svg(found[1][1])


# ---------------------------------------------------------------- the tournament's table


def test_the_tournament_table_downloads_as_csv_matching_a_recount():
    result = run_tournament(
        ["random", "bluff"], players=4, games=8, seed=3, workers=1, progress=False
    )
    mime, data, name = only_link(result.download_link())
    assert (mime, name) == ("text/csv", "tournament.csv")
    text = data.decode("utf-8")
    assert text == result.to_csv()
    table = list(csv.reader(io.StringIO(text)))
    assert table == [[str(cell) for cell in row] for row in result.rows()]
    header, body = table[0], table[1:]
    assert header[:4] == ["group", "label", "appearances", "mean_score"]
    # independently of the summary: every appearance of each bot and each seat, from the games
    scores: dict[tuple[str, str], list[int]] = defaultdict(list)
    wins: dict[tuple[str, str], list[float]] = defaultdict(list)
    for game in result.games:
        top = max(game.scores)
        winners = [s for s, score in enumerate(game.scores) if score == top]
        for seat, (label, score) in enumerate(zip(game.lineup, game.scores, strict=True)):
            share = 1 / len(winners) if seat in winners else 0.0
            for key in (("bot", label), ("seat", f"seat {seat}")):
                scores[key].append(score)
                wins[key].append(share)
    assert {(row[0], row[1]) for row in body} == set(scores)
    for row in body:
        key = (row[0], row[1])
        assert int(row[2]) == len(scores[key])
        assert float(row[3]) == pytest.approx(statistics.fmean(scores[key]))
        assert float(row[6]) == pytest.approx(statistics.fmean(wins[key]))
    bots = [row for row in body if row[0] == "bot"]
    assert [float(r[3]) for r in bots] == sorted((float(r[3]) for r in bots), reverse=True)


# ---------------------------------------------------------------- the widgets


def test_the_stepper_offers_the_record_it_shows_after_the_button_is_pressed():
    game = Game(players=3, seed=6)
    for _ in range(7):
        game.apply(game.legal_actions()[0])
    record = game.record()
    stepper = Stepper(record, seat=1)
    assert stepper.download.value == ""  # nothing is built until asked
    stepper.download_button.click()
    mime, data, name = only_link(stepper.download.value)
    assert (mime, name) == ("application/json", "record.json")
    assert json.loads(data) == record.to_json()
    other = Game(players=4, seed=1).record()
    assert stepper.load(other)
    assert stepper.download.value == ""  # the link held the previous record
    stepper.download_button.click()
    assert json.loads(only_link(stepper.download.value)[1]) == other.to_json()


def test_a_live_stepper_offers_the_record_only_to_the_teacher_until_the_game_is_over():
    """A record holds every hand: while the game runs, a learner's stepper gives no link
    (it says why); a teacher's (``teacher=True``) asks first; after the end, everyone's."""
    import random

    game = Game(players=3, seed=2)
    stepper = Stepper(game)
    teachers = Stepper(game, teacher=True)
    game.apply(game.legal_actions()[0])
    stepper.download_button.click()
    assert "data:" not in stepper.download.value and "data:" not in stepper.message.value
    assert "when the game is over" in stepper.message.value
    assert not stepper.question.pending
    stepper.question.yes.click()  # no "Yes" is offered; pressed anyway, nothing
    assert "data:" not in stepper.download.value
    teachers.download_button.click()
    assert "data:" not in teachers.download.value
    assert "every hand" in teachers.question.warning.value
    teachers.question.yes.click()  # the teacher says yes: the record of the game as it is now
    assert json.loads(only_link(teachers.download.value)[1]) == game.record().to_json()
    assert json.loads(only_link(stepper.offer_download(confirmed=True))[1]) == (
        game.record().to_json()
    )  # the teacher's code call, on a learner's stepper
    rng = random.Random(0)
    while not game.ended:
        game.apply(rng.choice(game.legal_actions()))
    stepper.download_button.click()
    assert json.loads(only_link(stepper.download.value)[1]) == game.record().to_json()


@pytest.fixture(scope="module")
def explorer():
    pytest.importorskip("nashpy")
    from prohis_nb.widgets import Explorer

    return Explorer(card="captain", convoy_size=3, illegal=1)


def test_the_explorer_offers_its_picture_as_png_and_svg(explorer):
    assert explorer.download.value == ""
    explorer.png_button.click()
    mime, data, name = only_link(explorer.download.value)
    assert (mime, name) == ("image/png", "bribe-or-inspect.png")
    assert data.startswith(PNG_SIGNATURE)
    explorer.svg_button.click()
    mime, data, name = only_link(explorer.download.value)
    assert (mime, name) == ("image/svg+xml", "bribe-or-inspect.svg")
    assert is_svg(data)
    # the picture's own text is in the SVG: the bribe on offer, as the plot marks it
    assert "bribe on offer" in data.decode("utf-8")


def test_a_redraw_clears_the_link_and_a_refused_setting_offers_nothing(explorer):
    explorer.png_button.click()
    explorer.card.value = "inspector"
    assert explorer.download.value == ""  # it held the captain's picture
    for control in explorer.pool.values():
        control.value = 0
    assert explorer.values == {}  # the analysis refused: no picture
    assert explorer.offer_figure("png") == ""
    assert explorer.download.value == ""
    assert "no picture" in explorer.message.value


def test_the_customs_explorer_offers_the_picture_shown():
    pytest.importorskip("nashpy")
    from prohis_nb.widgets import CustomsExplorer

    explorer = CustomsExplorer(item="watch", count=2, search=0.3)
    explorer.svg_button.click()
    mime, data, name = only_link(explorer.download.value)
    assert (mime, name) == ("image/svg+xml", "declare-or-lie-2-watch.svg")
    assert is_svg(data)
    explorer.picture.value = "heard"
    assert explorer.download.value == ""
    explorer.png_button.click()
    mime, data, name = only_link(explorer.download.value)
    assert (mime, name) == ("image/png", "declaration-search-rates.png")
    assert data.startswith(PNG_SIGNATURE)
