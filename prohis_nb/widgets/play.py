"""Play a seat against bots, or share one screen between several players (hot-seat).

::

    from prohis_nb.widgets import Play, HotSeat
    Play(seat=0, opponents=["honest", "bluff", "random"])   # you are seat 0, a fresh deal
    HotSeat(players=3)                                       # three people, one screen
    Play(game_name="smuggle", players=4)                     # Smuggle, seat 0

A game a learner plays is a fresh deal: leave ``seed`` out (whoever knows the
seed can deal every hand; docs/teaching.md, "Seeds").

The learner's seat is shown with :class:`~prohis_nb.widgets.table.Table`
(its own view only, no teacher's view) and its decisions with
:class:`~prohis_nb.widgets.controls.ActionPanel`, built from the legal
actions. The bots get what every bot gets: their seat's view and the legal
actions (``prohis_nb.bots``). Their moves are shown one at a time, ``delay``
seconds apart (0 in tests). "Save record" writes the game as a record into
the file named in the box, never over a notebook and never over an existing
file unless the user presses "Replace it" to confirm; "Download" offers the
record to the browser as a file (on Binder, files written on the server
disappear with the session). A record holds every hand (its setup rebuilds
every card), so while the game runs neither button gives it in a learner's
widget: each says plainly why ("A record holds every hand: you can save it
when the game is over.") and how a teacher has it from code
(``play.save("game.json", confirmed=True)``, ``play.offer_download(confirmed=True)``).
A button cannot tell who pressed it, and at a learner's screen the learner
does: so no second "Yes" click opens it either. Only a teacher's own widget,
made in code with ``Play(..., teacher=True)``, gives the record mid-game from
its buttons, after the teacher's question (:mod:`prohis_nb.widgets.question`).
Once the game is over the record is everyone's.

"Undo" takes back the learner's last move only when that move showed the
learner nothing and nobody has decided since (``game.undo_for(seat)``, the
rule of docs/teaching.md: a card drawn and looked at cannot be taken back and
drawn again). Otherwise the button is disabled and a line beside it says why,
in words that depend only on what the seat may know.

In **hot-seat** mode every seat in ``humans`` is played by a person at the
same screen. When the decision passes to another person, a curtain hides the
table until that person confirms it is their turn, so nobody sees another
player's hand: the table is emptied and every button and composer drawn for
the seat that played is closed (not merely hidden), so nothing of its hand
stays in the kernel, the browser or a saved notebook. Only the seat behind
the curtain may press Undo, for its own move, while it still holds the screen.
When the game ends the curtain is lifted for a **final reveal**: the game is
over and nothing is left to protect, so the whole class sees the teacher's
view of every card (each hand, warehouse and the pile), the final scores and
the winners. Both widgets open the ended table with a box of every seat's
final score, the winners marked in words and bold. The "Teacher's view"
button shows every card (the omniscient view) once the game is over; while it
runs, it says why it shows nothing yet, as the record's Save and Download do.
A teacher shows it mid-game from code (``hot.show_teacher_view(confirmed=True)``),
or from the button of a widget made with ``HotSeat(..., teacher=True)``, which
first asks the teacher's question.

The **Coach** toggle (off by default, :mod:`prohis_nb.widgets.coach`) opens,
below the buttons, what the learner's seat may believe about every hidden
card, every legal choice with its expected value (the best one marked), and a
verdict on the learner's last move. In hot-seat mode it is drawn only for the
seat whose turn it is, behind its curtain, and taken off the page when the
curtain falls. ``coach=False`` hides the toggle;
``prohis_nb.widgets.allow_coach(False)`` hides it in every widget.
"""

from __future__ import annotations

import hashlib
import shlex
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from prohis_nb.bots.pacing import Pace
from prohis_nb.core.game import GameBase
from prohis_nb.errors import ProhisNbError, RulesError, SaveError, excerpt
from prohis_nb.text import money
from prohis_nb.widgets.coach import CoachToggle
from prohis_nb.widgets.controls import ActionPanel
from prohis_nb.widgets.downloads import record_link
from prohis_nb.widgets.large import fit
from prohis_nb.widgets.question import TeacherQuestion, not_yet_html
from prohis_nb.widgets.render import message_html, renderer_for
from prohis_nb.widgets.render.base import esc
from prohis_nb.widgets.table import TEACHER, Table

#: The opponents when none are named, by game, set here; a registered game's own
#: default opponents are named by its registry entry (``spec.opponents``).
DEFAULT_OPPONENTS: dict[str, tuple[str, ...]] = {}


def default_opponents(game_name: str) -> tuple[str, ...]:
    """The bots a game's other seats get when no opponents are named (any other game: random)."""
    from prohis_nb.core.registry import GAMES, spec

    if game_name in DEFAULT_OPPONENTS:
        return DEFAULT_OPPONENTS[game_name]
    return spec(game_name).opponents if game_name in GAMES else ("random",)


def _new_game(game_name: str, players: int | None, seed: int | None, rules: Any) -> GameBase:
    """A new game through the registry (``players`` None: the game's default count)."""
    from prohis_nb.core.registry import new_game

    if rules is None:
        return new_game(game_name, players=players, seed=seed)
    return new_game(game_name, rules=rules, seed=seed)


def _sentence(text: str) -> str:
    """``text`` as a sentence: a capital first, a full stop last."""
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def _make_bots(game: GameBase, humans: set[int], opponents: Any, seed: Any) -> dict[int, Any]:
    """One bot per seat not played by a person, from ``prohis_nb.bots`` specs.

    ``opponents`` ``None`` (or empty): the game's :data:`DEFAULT_OPPONENTS`.
    """
    from prohis_nb.bots import make_bot

    if opponents is None:
        specs: Sequence[Any] = []
    elif isinstance(opponents, str | type) or (
        isinstance(opponents, tuple) and len(opponents) == 2 and isinstance(opponents[1], Mapping)
    ):
        specs = [opponents]  # one spec for every other seat
    else:
        specs = list(opponents)
    if not specs:
        specs = list(default_opponents(game.game_name))
    bots = {}
    others = [s for s in range(game.players) if s not in humans]
    for i, seat in enumerate(others):
        bots[seat] = make_bot(specs[i % len(specs)], seed=bot_seed(seed, seat), game=game.game_name)
    return bots


def bot_seed(game_seed: Any, seat: int) -> str:
    """A bot's seed, made from the game's seed without showing it.

    A bot shows its seed (``repr``, a tournament's table), and the game's seed
    deals every hand: so the bot gets a digest of it (the same game, the same
    bots' choices, on every machine) from which the game's seed cannot be read.
    """
    return hashlib.sha256(f"prohis-nb bot:{game_seed}:{seat}".encode()).hexdigest()[:16]


class Play(widgets.VBox):
    """The learner plays ``seat`` against bots (see the module docstring).

    ``game``: a game to play on (default: a new ``game_name`` game of
    ``players`` seats dealt from ``seed``). ``opponents``: a bot spec or a list
    of specs, given to the other seats in turn (``"honest"``,
    ``("bluff", {"bait": 0.5})``, ...); ``None``: the game's
    :data:`DEFAULT_OPPONENTS`. ``game_name``: any registered game (``"prohis"``,
    ``"smuggle"``, ``"convoy"``, ``"customs"``), ignored when ``game`` is given;
    ``players`` left out: that game's usual count. ``delay``: seconds between two bot moves
    on screen, the same whatever the bots hold: a bot move shows ``delay`` after the
    move before it, however long the bot thought (``pace``: a
    :class:`~prohis_nb.bots.pacing.Pace` of your own, e.g. with a test's clock;
    docs/teaching.md, "Time"). When the game ends the learner's table opens with every seat's
    final score and the winners (the learner's own view: other hands stay hidden).
    ``coach``: offer the "Coach" toggle (``False`` hides it for this widget).
    ``humans``: the seats played by people (default: ``seat`` alone). The
    screen shows ``seat``'s table and offers only ``seat``'s decisions (the
    others' would show their cards): another person's decision is waited for
    (its move can be given in code, ``play.act(...)``), and a move refused for
    it never shows the engine's words about its allowed moves. For several
    people at one screen use :class:`HotSeat`, which hides each seat's cards
    behind a curtain. ``teacher``: this widget is the teacher's own, made in
    their notebook: its Save record and Download give the record while the
    game runs (after the teacher's question). Left False (a learner's widget),
    they give it only once the game is over.
    """

    def __init__(
        self,
        game: GameBase | None = None,
        seat: int = 0,
        opponents: Any = None,
        *,
        players: int | None = None,
        seed: int | None = None,
        rules: Any = None,
        delay: float = 0.8,
        game_name: str = "prohis",
        humans: Iterable[int] | None = None,
        coach: bool = True,
        pace: Pace | None = None,
        teacher: bool = False,
    ) -> None:
        if not isinstance(teacher, bool):
            raise RulesError(f"teacher is True or False, got {excerpt(teacher)}")
        #: A teacher's own widget (made in code): its buttons give hidden cards mid-game,
        #: after the teacher's question. False: a learner's, whose buttons never do.
        self.teacher = teacher
        if game is None:
            game = _new_game(game_name, players, seed, rules)
        self.game = game
        self.seat = game.check_seat(seat)
        if humans is not None and (isinstance(humans, str) or not isinstance(humans, Iterable)):
            raise RulesError(f"humans is a list of seats, got {excerpt(humans)}")
        self.humans = {self.seat} if humans is None else {game.check_seat(s) for s in humans}
        if isinstance(delay, bool) or not isinstance(delay, int | float) or not delay >= 0:
            raise RulesError(f"delay is a number of seconds, 0 or more, got {excerpt(delay)}")
        self.delay = delay
        #: The beat at which bot moves are shown (:class:`~prohis_nb.bots.pacing.Pace`).
        self.pace = pace if pace is not None else Pace(delay)
        self.opponents = opponents
        self.bots = _make_bots(game, self.humans, opponents, game.setup.get("seed", seed))
        self.renderer = renderer_for(game)
        self.table = Table(game, self.seat, teacher=False, picker=False)
        self.panel = ActionPanel(self.renderer, self.act)
        self.status = widgets.HTML()
        self.message = widgets.HTML()
        #: The "Coach" toggle and the coach of the learner's seat (see the module docstring).
        self.coach_toggle = CoachToggle(self._draw_coach, enabled=coach)
        self._verdicts: dict[tuple[int, int], Any] = {}  # (seat, action index) -> Verdict
        self.save_name = widgets.Text(
            value="my-game.json", description="File", layout=widgets.Layout(width="280px")
        )
        self.save_button = widgets.Button(description="Save record", icon="save")
        self.save_button.on_click(lambda _b: self.save())
        self.replace_button = widgets.Button(
            description="Replace it",
            icon="exclamation-triangle",
            button_style="danger",
            tooltip="Write over the existing file named in the box",
            layout=widgets.Layout(display="none"),
        )
        self.replace_button.on_click(lambda _b: self._confirm_replace())
        self.download_button = widgets.Button(
            description="Download", icon="download", tooltip="Get the record as a file"
        )
        self.download_button.on_click(lambda _b: self.offer_download())
        #: A link that downloads the record in the browser (filled on request).
        self.download = widgets.HTML()
        self.undo_button = widgets.Button(
            description="Undo",
            icon="undo",
            tooltip="Take back your last move, while it has shown you nothing",
        )
        self.undo_button.on_click(lambda _b: self.undo())
        #: Why Undo is off, in plain words (empty while it is on).
        self.undo_note = widgets.HTML()
        #: The teacher's question, asked in a teacher's widget (``teacher=True``) before
        #: anything that shows every hand mid-game (a record to save or download;
        #: HotSeat's teacher's view). A learner's widget never asks it: it has no "Yes".
        self.question = TeacherQuestion()
        self.teacher_warning = self.question.warning
        self.teacher_confirm = self.question.yes
        self.teacher_cancel = self.question.cancel
        self._pending_replace: Path | None = None
        self.save_name.observe(lambda _change: self._cancel_replace(), names="value")
        self.saver = widgets.HBox(
            [
                self.undo_button,
                self.save_name,
                self.save_button,
                self.replace_button,
                self.download_button,
                self.download,
            ]
        )
        super().__init__(  # the save row (and why Undo is off) above messages and the decision
            [
                self.status,
                self.saver,
                self.undo_note,
                self.question,
                self.message,
                self.panel,
                self.coach_toggle,
                self.table,
            ]
        )
        self.add_class("pnb-play")
        self._advance(paced=False)  # nothing is on screen yet to draw (but the pace holds)

    # ------------------------------------------------------------ public

    def act(self, action: Any) -> bool:
        """Take ``action`` for the person to act, then let the bots play; True if taken.

        A refused action leaves the game as it was and shows why.
        """
        if self.game.ended or self.game.to_act not in self.humans:
            self.message.value = message_html("It is not your decision now.")
            return False
        try:
            self.game.apply(action)
        except ProhisNbError as error:
            deciding, screen = self.game.to_act, self._screen_seat()
            if deciding != screen:
                # The engine's words list the deciding seat's allowed moves, which tell
                # what it holds ("control with lieutenant"): never on another seat's screen.
                self.message.value = message_html(
                    f"That move is not allowed: it is seat {deciding}'s decision, and this "
                    f"screen (seat {screen}'s) does not say what seat {deciding} may do."
                )
            else:
                self.message.value = message_html(f"That move is not allowed: {error}")
            return False
        self.message.value = ""
        self._cancel_replace()
        self.question.clear()  # a question asked about the game before this move
        self.download.value = ""  # the link held the record before this move
        self._advance()
        return True

    def undo_refusal(self) -> str | None:
        """Why Undo is off now, in plain words, or ``None`` when it is on.

        The engine's learner-safe rule (``game.undo_for``): the seat's own last
        move, only when nothing since has shown it anything and no other seat
        has decided. The words depend only on what the seat may know.
        """
        return self.game.can_undo_for(self._undo_seat())

    def can_undo(self) -> bool:
        """True when the last move of the seat at this screen may be taken back."""
        return self.undo_refusal() is None

    def _undo_seat(self) -> int:
        """The seat whose move Undo would take back: the learner's, whose table is shown."""
        return self.seat

    def _screen_seat(self) -> int:
        """The seat whose table is on the screen (HotSeat: the one behind the curtain)."""
        return self._undo_seat()

    def undo(self) -> bool:
        """Take back the last move of the seat at the screen, when the rule allows it.

        Allowed only while that move has shown the seat nothing and no other
        seat has decided since (``game.undo_for``): the game is then exactly as
        it was before the move, and choosing again gives no advantage. Returns
        False (and changes nothing but the message, which says why) otherwise.
        """
        reason = self.undo_refusal()
        if reason is not None:
            self.message.value = message_html(_sentence(reason))
            self._present()
            return False
        self.game.undo_for(self._undo_seat())
        self._verdicts.clear()  # the moves judged may have been taken back
        self.message.value = ""
        self._cancel_replace()
        self.question.clear()
        self.download.value = ""  # the link held the record with the move taken back
        self._present()
        return True

    def save(
        self, path: str | Path | None = None, *, overwrite: bool = False, confirmed: bool = False
    ) -> bool:
        """Write the game so far as a record (to the file named in the box by default).

        Never writes over a notebook; an existing file is refused unless
        ``overwrite`` is true (the "Replace it" button, shown after such a
        refusal, confirms). The file is written atomically. A record holds
        every hand, so while the game runs it is written only when asked for
        in code (``confirmed=True``, the teacher's call) or, in a teacher's
        widget (``teacher=True``), once the teacher's question is answered.
        In a learner's widget the button writes nothing mid-game and says
        why. Returns success.
        """
        if not self.game.ended and not confirmed:
            if self.teacher:
                self._ask_teacher(
                    "the record holds <b>every hand</b> (its deal rebuilds every card), so "
                    "saving it now is the teacher's",
                    "Yes, save the record",
                    lambda: self.save(path, overwrite=overwrite, confirmed=True),
                )
            else:
                self._not_yet(
                    "A record holds every hand: you can save it when the game is over.",
                    f"{self._code_name()}.save('my-game.json', confirmed=True)",
                )
            return False
        text = path if path is not None else self.save_name.value.strip()
        self._cancel_replace()
        try:
            path = Path(text)
        except TypeError:
            self.message.value = message_html(f"Cannot save to {excerpt(text)}: not a file name")
            return False
        try:
            self.game.record().save(path, overwrite=overwrite)
        except SaveError as error:
            if "already exists" in str(error) and path.suffix.lower() != ".ipynb":
                self._pending_replace = path
                self.replace_button.layout.display = ""
                self.message.value = message_html(
                    f"{path} already exists: nothing was written. Press “Replace it” to write "
                    "over it, or choose another name."
                )
            else:
                self.message.value = message_html(f"Cannot save to {excerpt(str(path))}: {error}")
            return False
        self.offer_download(path.name, confirmed=True)
        shown = str(path)
        self.message.value = message_html(
            f"Saved {len(self.game.actions)} decisions to {shown}. Replay it with "
            f"Stepper({shown!r}) in a notebook, or with prohis-nb replay {shlex.quote(shown)} "
            "in a terminal; the Download link keeps a copy in your browser.",
            error=False,
        )
        return True

    def offer_download(self, name: str | None = None, *, confirmed: bool = False) -> str:
        """Show a link that downloads the record in the browser; return the link's HTML.

        The record travels inside the link (``data:application/json;base64,…``
        with a ``download`` attribute, :func:`prohis_nb.widgets.downloads.record_link`),
        so it works in JupyterLab, Notebook and on Binder with no request to the server.
        A record holds every hand: while the game runs the link is made only
        when asked for in code (``confirmed=True``, the teacher's call) or, in
        a teacher's widget (``teacher=True``), once the teacher's question is
        answered. Otherwise ``""`` is returned and the widget says why.
        """
        if not self.game.ended and not confirmed:
            if self.teacher:
                self._ask_teacher(
                    "the record holds <b>every hand</b> (its deal rebuilds every card), so "
                    "downloading it now is the teacher's",
                    "Yes, make the download link",
                    lambda: self.offer_download(name, confirmed=True),
                )
            else:
                self._not_yet(
                    "A record holds every hand: you can download it when the game is over.",
                    f"{self._code_name()}.offer_download(confirmed=True)",
                )
            return ""
        if not self.game.ended:
            self._before_secret()
        if name is None:
            name = Path(self.save_name.value.strip() or "my-game.json").name
        if not name or Path(name).suffix.lower() == ".ipynb":
            name = "my-game.json"
        link = record_link(self.game.record(), name)
        self.download.value = link
        return link

    def _confirm_replace(self) -> None:
        """The user confirmed: write over the file refused a moment ago."""
        path = self._pending_replace
        if path is not None:  # (offered only after a save the teacher allowed)
            self.save(path, overwrite=True, confirmed=True)

    # ------------------------------------------------------------ the teacher's question

    def _ask_teacher(self, what: str, yes: str, then: Any) -> None:
        """Ask the teacher's question before ``then`` (a teacher's widget only)."""
        assert self.teacher  # a learner's widget has no "Yes" for hidden cards
        self.message.value = ""
        self.question.ask(what, yes, then)

    def _not_yet(self, why: str, code: str) -> None:
        """A learner's widget mid-game: say why nothing is given, and the teacher's code."""
        self.question.clear()
        self.download.value = ""
        self.message.value = not_yet_html(why, code, type(self).__name__)

    def _code_name(self) -> str:
        """The name the teacher's code gives this widget, in the messages' examples."""
        return "play"

    def _before_secret(self) -> None:
        """Called once the teacher said yes, before anything secret is shown (HotSeat covers)."""

    def _clear_teacher_question(self) -> None:
        self.question.clear()

    def _cancel_replace(self) -> None:
        self._pending_replace = None
        self.replace_button.layout.display = "none"

    # ------------------------------------------------------------ the flow of play

    def _advance(self, paced: bool = True) -> None:
        """Let the bots play until a person has to decide (or the game ends), then show it.

        ``paced``: draw each bot move as it comes. Paced or not, each bot move
        comes ``delay`` after the one before (``self.pace``), however long it took.
        """
        game = self.game
        self.pace.restart()  # the deal, or the person's move, is what was shown last
        if paced and not game.ended and game.to_act not in self.humans:
            self.panel.hide()  # no buttons while the bots play (they wait for the pace)
        stood_in: list[str] = []  # the bots a random legal move stood in for
        while not game.ended and game.to_act not in self.humans:
            seat = game.to_act
            assert seat is not None  # the game has not ended
            bot = self.bots[seat]
            view = game.view(seat) if bot.uses_view else None
            legal = game.legal_actions()
            try:
                action = bot.choose(view, legal)
            except ProhisNbError:
                # (e.g. a bot that searches over the tables its seat may be at, past the
                # exact model's bound). As the live class does: a random legal move from
                # the bot's own generator, so the game goes on. The error's words come
                # from the bot's own cards: never shown.
                action = legal[bot.rng.randrange(len(legal))]
                stood_in.append(
                    f"The bot at seat {seat} ({self.bots[seat].name}) could not choose a move "
                    "here: a random legal move was played for it."
                )
            try:
                game.apply(action)
            except ProhisNbError:
                # Not the engine's words: they explain the refusal from the bot's own
                # hand ("seat 2 holds 1 illegal card(s)...") and list its legal actions.
                # The game goes on with a random legal move (it must never stop with a
                # person's hand on screen: HotSeat's curtain falls in _present).
                game.apply(legal[bot.rng.randrange(len(legal))])
                stood_in.append(
                    f"The bot at seat {seat} ({self.bots[seat].name}) chose an action the rules "
                    "do not allow now: a random legal move was played for it. Test the bot "
                    "on its own (prohis_nb.bots) to see why."
                )
            # Every bot move shows ``delay`` after the one before, however long the bot
            # thought: its thinking time depends on its hand (docs/teaching.md, "Time").
            # Before the widget is on screen too: the cell's running time is seen.
            self.pace.wait()
            if paced and self.delay > 0:  # show each bot move at a readable pace
                self._show_bot_move(seat)
        if stood_in:  # every seat a random move stood in for, once each
            self.message.value = message_html(" ".join(dict.fromkeys(stood_in)))
        self._present()

    def _show_bot_move(self, seat: int) -> None:
        self.panel.hide()
        self.status.value = f"<b>Seat {seat} ({esc(self.bots[seat].name)}) is playing…</b>"
        self.table.refresh()

    def _show_undo(self) -> None:
        """Undo on or off, and why (words that depend only on what the seat may know)."""
        reason = self.undo_refusal()
        self.undo_button.disabled = reason is not None
        if reason is None:
            self.undo_button.tooltip = "Take back your last move: it has shown you nothing"
            self.undo_note.value = ""
        else:
            self.undo_button.tooltip = f"Undo is off: {reason}"
            self.undo_note.value = (
                f"<span class='pnb-muted pnb-undo-note'>Undo is off: {esc(reason)}.</span>"
            )

    def _present(self) -> None:
        game = self.game
        self.table.refresh()  # first: the browser draws in the order sent (see Stepper._show)
        fit(self)  # large print (or not) for the curtain and the save row
        self._show_undo()
        if game.ended:
            self.panel.hide()
            self.status.value = self._final_text()
            self._draw_coach()
            return
        assert game.decision is not None  # the game has not ended
        if game.to_act != self.seat:
            # Another person's decision (``humans``): never offered on this seat's screen,
            # since its buttons would show that seat's cards (a bribe's, a control's).
            # Play shows one seat's screen: another person's decision cannot be taken
            # here, and the status says where it can (HotSeat's curtain).
            self.panel.hide()
            self.status.value = (
                f"<b>Waiting for seat {game.to_act}:</b> {esc(game.decision.text)} "
                f"Seat {game.to_act} is played by a person, whose decisions this screen "
                f"(seat {self.seat}'s) does not offer. For several people at one screen, "
                "use <code>HotSeat</code>: a curtain hides each seat's cards from the others."
            )
            self._draw_coach()
            return
        view = game.view(self.seat)
        self.panel.show(view.to_json(), game.legal_actions())
        self.status.value = f"<b>Your decision:</b> {esc(game.decision.text)}"
        self._draw_coach()

    # ------------------------------------------------------------ the coach

    def _draw_coach(self) -> None:
        """The coach of the seat at the screen, with a verdict on that seat's last move."""
        seat = self.seat
        if not self.coach_toggle.on:  # off: nothing to compute
            self.coach_toggle.sync()
            return
        self.coach_toggle.show(
            self.game.view(seat),
            lambda: self._verdict_on_last_move(seat),
            verdict_heading=f"Your last move (seat {seat})",
        )

    def _verdict_on_last_move(self, seat: int) -> Any:
        """The coach's verdict on ``seat``'s last decision, judged from its view then (or None)."""
        from prohis_nb.coach import judge

        actions = self.game.actions
        index = next((i for i in range(len(actions) - 1, -1, -1) if actions[i].seat == seat), None)
        if index is None:
            return None
        if (seat, index) not in self._verdicts:
            before = self.game.record().replay(index)  # the game as the seat saw it then
            self._verdicts[(seat, index)] = judge(before.view(seat), actions[index])
        return self._verdicts[(seat, index)]

    def _final_text(self) -> str:
        scores = self.game.scores()
        winners = self.game.winners()
        names = ", ".join(
            f"{'you' if s == self.seat and len(self.humans) == 1 else f'seat {s}'}: {money(v)}"
            for s, v in enumerate(scores)
        )
        who = " and ".join(f"seat {s}" for s in winners)
        return f"<b>The game is over.</b> Scores: {esc(names)}. Winner: {esc(who)}."


class HotSeat(Play):
    """Several people share one screen; a curtain hides the table between their turns.

    ``humans``: the seats played by people (default: every seat); the others
    are bots (``opponents``). During the game only the seat that confirmed it is
    at the screen is ever drawn; when the game ends the curtain is lifted and the
    teacher's view of every card is shown with the final scores (the final reveal).
    ``teacher=True`` (in the teacher's own notebook): its "Teacher's view", Save
    and Download work mid-game, after the teacher's question; left out, they
    work only once the game is over (see :class:`Play`).
    """

    def __init__(
        self,
        game: GameBase | None = None,
        humans: Iterable[int] | None = None,
        opponents: Any = None,
        **options: Any,
    ) -> None:
        self.shown: int | None = None  # the seat whose cards are on screen, or None
        self.curtain_text = widgets.HTML()
        self.ready_button = widgets.Button(  # black on orange: 9:1 contrast (WCAG AA)
            icon="eye", layout=widgets.Layout(width="auto"),
            style={"button_color": "#E69F00", "text_color": "#000000"},
        )  # fmt: skip
        self.ready_button.on_click(lambda _b: self.reveal())
        self.curtain = widgets.VBox([self.curtain_text, self.ready_button])
        self.curtain.add_class("pnb-curtain")
        if humans is None:
            players = game.players if game is not None else options.get("players")
            if players is None:  # the game's own default count (4 for Prohis, 2 for a convoy)
                from prohis_nb.core.registry import spec

                players = spec(options.get("game_name", "prohis")).default_players
            if isinstance(players, bool) or not isinstance(players, int) or not 0 < players < 100:
                raise RulesError(
                    f"players must be a whole number from 3 to 6, got {excerpt(players)}"
                )
            humans = range(players)
        if isinstance(humans, str | bytes) or not isinstance(humans, Iterable):
            raise RulesError(f"humans is a list of seats, got {excerpt(humans)}")
        humans = list(humans)
        if not all(isinstance(s, int) and not isinstance(s, bool) for s in humans):
            raise RulesError(f"humans is a list of seat numbers, got {excerpt(humans)}")
        humans = sorted(set(humans))
        if not humans:
            raise RulesError("a hot-seat game needs at least one seat played by a person")
        self.teacher_button = widgets.Button(
            description="Teacher's view",
            icon="eye",
            tooltip="Every card of every seat, once the game is over",
        )
        self.teacher_button.on_click(lambda _b: self.toggle_teacher_view())
        super().__init__(game, humans[0], opponents, humans=humans, **options)
        # The teacher's question (Play's) asks before the teacher's view and the record.
        self.teacher_row = widgets.HBox([self.teacher_button, self.question])
        #: The teacher's omniscient table, made when first shown (before that, no hidden
        #: card is ever sent to the page); emptied and hidden when taken away.
        self.teacher_table: Table | None = None
        self.teacher_box = widgets.VBox([], layout=widgets.Layout(display="none"))
        self.children = (
            self.status,
            self.saver,
            self.undo_note,
            self.message,
            self.curtain,
            self.panel,
            self.coach_toggle,
            self.table,
            self.teacher_row,
            self.teacher_box,
        )

    # ------------------------------------------------------------ the teacher's view

    @property
    def teacher_view_shown(self) -> bool:
        """True while every card is on the screen."""
        return self.teacher_box.layout.display != "none"

    def toggle_teacher_view(self) -> None:
        """The "Teacher's view" button: show it (asking first mid-game), or hide it."""
        if self.teacher_view_shown:
            self.hide_teacher_view()
        else:
            self.show_teacher_view()

    def show_teacher_view(self, confirmed: bool = False) -> bool:
        """Show every card; while the game runs, only once ``confirmed``. True if shown.

        Unconfirmed mid-game it draws nothing: in a teacher's widget
        (``teacher=True``) it asks the teacher's question ("Yes, show every
        card" and "Cancel"); in a learner's widget it says why, and that a
        teacher calls ``hot.show_teacher_view(confirmed=True)`` in code.
        Shown mid-game, it first covers the seat at the screen (their cards
        and buttons), so the person to act confirms again afterwards.
        """
        if not self.game.ended and not confirmed:
            if self.teacher:
                self._ask_teacher(
                    "this shows <b>every hand</b>",
                    "Yes, show every card",
                    lambda: self.show_teacher_view(confirmed=True),
                )
            else:
                self._not_yet(
                    "The teacher's view shows every hand: it opens when the game is over.",
                    "hot.show_teacher_view(confirmed=True)",
                )
            return False
        self._clear_teacher_question()
        if not self.game.ended:
            self._before_secret()
        if self.teacher_table is None:
            self.teacher_table = Table(self.game, TEACHER, picker=False)
            self.teacher_box.children = (self.teacher_table,)
        else:
            self.teacher_table.set_game(self.game)
        self.teacher_box.layout.display = ""
        self.teacher_button.description = "Hide the teacher's view"
        self.teacher_button.icon = "eye-slash"
        return True

    def hide_teacher_view(self) -> None:
        """Take every card off the screen again (and withdraw a pending question)."""
        self._clear_teacher_question()
        if self.teacher_table is not None:
            self.teacher_table.board.value = ""  # nothing private stays in the page
            self.teacher_table.view = None
        self.teacher_box.layout.display = "none"
        self.teacher_button.description = "Teacher's view"
        self.teacher_button.icon = "eye"

    def _code_name(self) -> str:
        return "hot"

    def _before_secret(self) -> None:
        """The teacher said yes: cover the seat at the screen first (it confirms again later)."""
        self.shown = None
        self.message.value = ""  # a message about the seat at the screen leaves with it
        self._cover(self.game.to_act if self.game.to_act in self.humans else None)

    def undo_refusal(self) -> str | None:
        """As :meth:`Play.undo_refusal`, for the seat behind the curtain only.

        Only the seat that confirmed it is at the screen may take back a move,
        only its own, and only while it still holds the screen: once the
        curtain has fallen (the decision passed on) nobody may.
        """
        if self.shown is None:
            return (
                "the screen has passed on, and a seat may take back its own move only while "
                "it still holds the screen"
            )
        return self.game.can_undo_for(self.shown)

    def _undo_seat(self) -> int:
        return self.shown if self.shown is not None else self.seat

    def undo(self) -> bool:
        """As :meth:`Play.undo`, for the seat at the screen (see :meth:`undo_refusal`)."""
        if self.undo_refusal() is None:
            self.hide_teacher_view()
        return super().undo()

    def act(self, action: Any) -> bool:
        """As :meth:`Play.act`, once the person to act has confirmed they are at the screen."""
        if self.shown is None or self.shown != self.game.to_act:
            self.message.value = message_html(
                "Nobody has confirmed being at the screen: press the button first."
            )
            return False
        return super().act(action)

    def reveal(self) -> None:
        """The person whose turn it is confirms they are at the screen: show their cards."""
        game = self.game
        if game.ended or game.to_act not in self.humans:
            return
        self.hide_teacher_view()  # a player's turn: the other hands leave the screen
        self.download.value = ""  # and a record the teacher asked for
        self.shown = game.to_act
        self._present()

    def _show_bot_move(self, seat: int) -> None:
        self.panel.hide()
        self.status.value = f"<b>Seat {seat} ({esc(self.bots[seat].name)}) is playing…</b>"

    def _present(self) -> None:
        game = self.game
        fit(self)  # large print (or not) for the curtain and the save row
        if game.ended:
            self._final_reveal()
            self._show_undo()
            return
        seat = game.to_act
        assert seat is not None and game.decision is not None  # the game has not ended
        if seat != self.shown:
            if self.shown is not None:  # the curtain falls on the seat that was here
                self.message.value = ""
            self.shown = None
            self._cover(seat)
            return
        self.seat = seat
        self.table.show_seat(seat)
        self.table.layout.display = ""
        self.panel.layout.display = ""
        self.curtain.layout.display = "none"
        self.panel.show(game.view(seat).to_json(), game.legal_actions())
        self.status.value = f"<b>Seat {seat}, your decision:</b> {esc(game.decision.text)}"
        self._show_undo()
        self._draw_coach()

    def _draw_coach(self) -> None:
        """The coach only of the seat that confirmed it is at the screen, and only on its turn."""
        game = self.game
        if game.ended or self.shown is None or self.shown != game.to_act:
            self.coach_toggle.hide()
            return
        self.seat = self.shown
        super()._draw_coach()

    def _final_reveal(self) -> None:
        """The game is over: lift the curtain and show every card to everyone.

        Nothing is private any more, so the table switches to the teacher's
        omniscient view (every hand, warehouse and the pile), headed by the
        final scores and the winners.
        """
        self.shown = None
        self.panel.discard()
        self.coach_toggle.hide()
        self.curtain.layout.display = "none"
        self.table.allow_teacher()
        self.table.show_seat(TEACHER)
        self.table.layout.display = ""
        self.status.value = self._final_text() + " Every hand is shown: the game is over."

    def _cover(self, seat: int | None) -> None:
        """Hide every card: show only whose turn it is.

        Nothing of the seat that was at the screen stays anywhere: its buttons
        and composers are closed (:meth:`ActionPanel.discard`: a hidden button
        still says "Control with captain" in the kernel and the browser), its
        table and coach emptied, a record link taken away.
        """
        self.panel.discard()
        self.coach_toggle.hide()  # the coach of the seat that was here leaves with its cards
        self.download.value = ""  # a record holds every hand: never left in the page
        self.table.layout.display = "none"
        self.table.board.value = ""  # nothing private stays in the page
        self.table.view = None
        self._show_undo()  # nobody holds the screen: no undo
        if seat is None:
            self.curtain.layout.display = "none"
            return
        self.curtain.layout.display = ""
        assert self.game.decision is not None  # a seat is to act
        self.curtain_text.value = (
            f"<div style='font-size:16px;padding:8px;border:2px solid #E69F00;"
            f"border-radius:6px;background:#fff3c4'>Seat {seat}'s turn: "
            f"{esc(self.game.decision.text)}.<br>Pass the screen to seat {seat}; everyone "
            "else, look away.</div>"
        )
        self.ready_button.description = f"I am seat {seat}: show my cards"
        self.status.value = f"<b>Waiting for seat {seat}</b>"
