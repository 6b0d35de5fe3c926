"""Renderers: a game without its own renderer still gets a table; a game can plug one in."""

from prohis_nb import ProhisGame, ProhisRules
from prohis_nb.widgets import Table, register_renderer, renderer_for
from prohis_nb.widgets.render import RENDERERS, Renderer
from prohis_nb.widgets.render.prohis import CARD_STYLE, ProhisRenderer


class ToyGame(ProhisGame):
    """Prohis under another name: stands in for a game that has no renderer yet (Smuggle)."""

    game_name = "toy"


def test_a_game_without_a_renderer_is_drawn_as_plain_fields_of_its_view():
    game = ToyGame(ProhisRules(players=3), seed=1)
    table = Table(game, 1)
    html = table.html.replace("&#x27;", "'")
    assert type(renderer_for("toy")) is Renderer
    assert "hand" in html and "pile" in html
    assert str(list(game.view(1).hand)) in html
    assert "Seat 1's view" in html


def test_a_registered_renderer_draws_that_games_cards():
    class ToyRenderer(ProhisRenderer):
        game_name = "toy"

        def board(self, view, viewer):
            return f"<p class='toy'>{len(view['hand'])} cards in hand</p>"

    register_renderer("toy", ToyRenderer)
    try:
        table = Table(ToyGame(ProhisRules(players=3), seed=1), 0)
        assert "<p class='toy'>6 cards in hand</p>" in table.html
    finally:
        RENDERERS.pop("toy")
        register_renderer("toy", Renderer)


def test_every_kind_has_its_own_colour_shape_and_letter():
    colours = {style[0] for style in CARD_STYLE.values()}
    letters = {style[1] for style in CARD_STYLE.values()}
    assert len(colours) == len(letters) == len(CARD_STYLE) == 5
    pictures = {kind: ProhisRenderer().card(kind) for kind in CARD_STYLE}
    assert len(set(pictures.values())) == 5
    assert all(f"aria-label='{CARD_STYLE[k][3]}'" in html for k, html in pictures.items())


def test_a_face_down_card_names_no_kind():
    back = ProhisRenderer().card(None)
    assert "data-kind='hidden'" in back and "face-down card" in back
    assert not any(kind in back for kind in CARD_STYLE)
    assert not any(style[2] in back for style in CARD_STYLE.values())


def test_an_unknown_kind_is_drawn_face_down_never_guessed():
    assert "data-kind='hidden'" in ProhisRenderer().card("contraband")
