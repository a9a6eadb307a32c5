"""Looking back at a Stratego game, move by move (no browser import).

:class:`Review` is the pure part: the game of a session document (a finished game, a
saved one, the autosave's), its steps (the setups, then each board move with the rescue
choice that followed it), the step shown and whose knowledge is shown: ``all`` (every
rank revealed), ``red`` or ``blue`` (that army's own view at that moment, as the engine
gave it to them then: ``Game.replayed``). A player's view holds no rank they had not
seen, so nothing of the other army's secrets can reach the page.

:class:`ReviewScreen` puts it on the loop: First / Previous / Next / Last, a slider over
every step, a swipe on the board, the arrow keys, the choice of view. Looking back never
changes the game, its autosave or any save: nothing here writes to the storage.

>>> from engine.stratego import BUILTIN_SETUPS
>>> session = Session.new({"red": "Ana", "blue": "Luis"})
>>> session.reveal(); session.boards["red"].load(BUILTIN_SETUPS["Lakeside fortress"])
>>> session.finish_setup(); session.reveal()
>>> session.boards["blue"].load(BUILTIN_SETUPS["Scout screen"]); session.finish_setup()
>>> session.reveal(); _ = session.tap("b4"), session.tap("b5"); session.hand_over()
>>> review = Review.of(session.to_dict())
>>> review.last, review.step, review.go(5), review.view()["move_count"]
(1, 0, 1, 1)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, cast

from engine import stratego
from ui.games import ReviewRequest
from ui.html import button, frame, link
from ui.loop import Context, Intent, Notice, Outcome, Page, QuietScreen
from ui.stratego import render
from ui.stratego.render import Ui, attack_panel, e
from ui.stratego.session import PLAYERS, Session

#: Whose knowledge the board shows: everything, or one army's view at that moment.
VIEWS = ("all", "red", "blue")
STEPS = ("first", "previous", "next", "last")


@dataclass
class Review:
    """A game to look back at: its steps, the one shown, whose view."""

    session: Session
    game: stratego.Game
    #: The plays (board moves and rescue choices) made by the end of each step.
    ends: list[int]
    step: int = 0
    seen_by: str = "all"
    _views: dict[tuple[int, str], dict[str, Any]] = field(default_factory=dict, repr=False)

    @classmethod
    def of(cls, document: dict[str, Any]) -> Review:
        """The review of a session document; ValueError (or KeyError/TypeError) when it
        is not a Stratego session whose game has begun."""
        session = Session.from_dict(document)
        game = session.game
        if game is None:
            raise ValueError("no game to look back at")
        ends = [0]
        for index, record in enumerate(game.moves, start=1):
            if record.kind == "move":
                ends.append(index)
            else:
                ends[-1] = index  # a rescue choice belongs to the move before it
        return cls(session, game, ends)

    @property
    def last(self) -> int:
        return len(self.ends) - 1

    def go(self, step: int) -> int:
        """Show ``step`` (clamped to the game's steps); returns the step shown."""
        self.step = max(0, min(step, self.last))
        return self.step

    def move(self, where: str) -> bool:
        """``first``, ``previous``, ``next`` or ``last``; whether the step changed."""
        before = self.step
        target = {"first": 0, "previous": before - 1, "next": before + 1, "last": self.last}
        self.go(target.get(where, before))
        return self.step != before

    def choose(self, seen_by: str) -> bool:
        if seen_by not in VIEWS or seen_by == self.seen_by:
            return False
        self.seen_by = seen_by
        return True

    @property
    def viewer(self) -> str | None:
        """The army whose knowledge is shown (None: everything revealed)."""
        return None if self.seen_by == "all" else self.seen_by

    def view(self) -> dict[str, Any]:
        """The board at the step shown, as the chosen army saw it then (or revealed)."""
        found = (self.step, self.seen_by)
        if found not in self._views:
            past = self.game.replayed(self.ends[self.step])
            viewer = self.viewer
            seen = past.view(viewer or "red", reveal_all=viewer is None)
            self._views[found] = cast(dict[str, Any], seen)
        return self._views[found]


# --------------------------------------------------------------------- the page


def report(ui: Ui, review: Review, view: dict[str, Any]) -> str:
    """What the step's move did, in words, told as the chosen army knew it."""
    t = ui.t
    session = review.session
    last = view.get("last_move")
    if review.step == 0 or not last:
        return f'<p class="report-text">{e(t("review_start"))}</p>'
    mover = last["player"]
    squares = {"from": last["from"], "to": last["to"]}
    name = session.names[mover]
    if last["piece"]:
        key = "stratego_report_attacked_known" if last["attack"] else "stratego_report_moved_known"
        text = t(key, name=name, piece=ui.label(last["piece"]), **squares)
    else:
        key = "review_attacked_hidden" if last["attack"] else "stratego_report_moved"
        text = t(key, name=name, **squares)
    parts = [f'<p class="report-text">{e(text)}</p>']
    if last["attack"]:
        parts.append(attack_panel(ui, last))
    rescue = last.get("rescue")
    if rescue:
        if rescue["piece"]:
            piece = ui.label(rescue["piece"])
            words = t("review_rescued", name=name, piece=piece, square=rescue["square"])
        else:
            words = t("stratego_report_rescued_hidden", name=name, square=rescue["square"])
        parts.append(f'<p class="report-text">{e(words)}</p>')
    return "".join(parts)


def step_words(ui: Ui, review: Review, view: dict[str, Any]) -> str:
    t = ui.t
    if review.step == 0:
        return t("review_step_start", count=review.last)
    mover = (view.get("last_move") or {}).get("player")
    army = ui.army(mover) if mover in PLAYERS else ""
    return t("review_step", step=review.step, count=review.last, army=army)


def controls(ui: Ui, review: Review) -> str:
    """First / Previous / Next / Last and the slider over every step."""
    t = ui.t
    step, last = review.step, review.last
    icons = {"first": "first", "previous": "previous", "next": "next", "last": "last"}
    buttons = "".join(
        button(
            t(f"review_{where}"),
            f"review-step {where}",
            icon=icons[where],
            css=f"button rv-step rv-{where}",
            element_id=f"rv-{where}",
            disabled=(where in ("first", "previous") and step == 0)
            or (where in ("next", "last") and step == last),
            primary=where == "next",
            # Named even where a narrow screen shows the icon alone.
            attributes={"aria-label": t(f"review_{where}")},
        )
        for where in STEPS
    )
    slider = (
        f'<label class="rv-slider-label" for="rv-slider">{e(t("review_slider"))}</label>'
        f'<input id="rv-slider" class="rv-slider" type="range" min="0" max="{last}"'
        f' step="1" value="{step}" data-intent="review-go"'
        f' aria-valuetext="{e(t("review_slider_value", step=step, count=last))}"'
        f"{' disabled' if last == 0 else ''}>"
    )
    return (
        f'<div class="rv-controls" id="rv-controls"><div class="rv-steps">{buttons}</div>'
        f"{slider}</div>"
    )


def view_choice(ui: Ui, review: Review) -> str:
    t = ui.t
    session = review.session
    choices = "".join(
        button(
            t("review_view_all")
            if seen == "all"
            else t("review_view_player", name=session.names[seen]),
            f"review-view {seen}",
            css=f"button rv-view rv-view-{seen}",
            element_id=f"rv-view-{seen}",
            pressed=review.seen_by == seen,
        )
        for seen in VIEWS
    )
    return (
        f'<div class="rv-views" id="rv-views" role="group"'
        f' aria-label="{e(t("review_view_label"))}">{choices}</div>'
    )


def result_html(ui: Ui, review: Review, view: dict[str, Any]) -> str:
    """At the last step of a finished game: who won and why."""
    if review.step != review.last or view.get("result") is None:
        return ""
    headline, why = render.result_words(ui, review.session, view)
    return f'<div class="rv-result" id="rv-result"><strong>{e(headline)}</strong> {e(why)}</div>'


def review_page(ui: Ui, review: Review, request: ReviewRequest, notice: Notice | None) -> Page:
    t = ui.t
    session = review.session
    view = review.view()
    viewer = review.viewer
    side = viewer or "red"
    page = Page("stratego/review", stage="review")
    if viewer is None:
        label = t("stratego_board_revealed")
    else:
        label = t("review_board_of", name=render.player_tag(session, ui, viewer))
    marks: dict[str, list[str]] = {}
    last = view.get("last_move") if review.step else None
    if last:
        for square in (last["from"], last["to"]):
            marks.setdefault(square, []).append("last")
    board = render.board_section(page, ui, view, viewer, side, marks, label)
    said = page.section(
        "rv-said",
        f'<div id="rv-said" class="rv-said">'
        f'<h2 class="status-line" id="rv-step-words">{e(step_words(ui, review, view))}</h2>'
        f'<div id="rv-report" class="rv-report">{report(ui, review, view)}</div>'
        f"{result_html(ui, review, view)}</div>",
    )
    status = page.section(
        "rv-status",
        f'<div class="card status rv-status" id="rv-status">{said}'
        f"{controls(ui, review)}{view_choice(ui, review)}"
        f"{render.message_html(notice, 'rv-message')}</div>",
    )
    graves = page.section("st-graves", render.graveyards_html(ui, session, view))
    title = t("review_title", red=session.names["red"], blue=session.names["blue"])
    bar = frame(
        title,
        "",
        back=(request.back, request.back_label, "back"),
        extra=link(t("home"), "#/", icon="home", kind="button-quiet st-rules-link"),
        bar_class="topbar st-topbar",
        body_class=None,
    )
    page.root(
        bar
        + f'<div class="st-layout st-review st-{side}">'
        + f'<section class="board-wrap" data-swipe="review-step">{board}</section>'
        + f'<aside class="side">{status}{graves}'
        + render.options_line(ui, session.options)
        + "</aside></div>"
    )
    return page


def unreadable_page(ui: Ui, request: ReviewRequest, key: str) -> Page:
    """A game that cannot be looked back at (damaged, or not begun): say so, and the
    way back."""
    t = ui.t
    page = Page("stratego/review-unreadable", stage="review")
    body = (
        f'<section class="card notice" role="alert"><p>{e(t(key))}</p>'
        '<div class="button-row">'
        + link(request.back_label, request.back, icon="back", primary=True)
        + "</div></section>"
    )
    page.root(frame(t("review_heading"), body, back=(request.back, request.back_label, "back")))
    return page


class ReviewScreen(QuietScreen):
    """The review of one Stratego game on the loop (see the module's docstring)."""

    def __init__(self, context: Context, request: ReviewRequest) -> None:
        self.context = context
        self.request = request
        self.review: Review | None = None
        self.problem: str | None = None
        try:
            self.review = Review.of(request.session)
        except (ValueError, KeyError, TypeError, AttributeError):
            self.problem = "review_unreadable"

    def ui(self) -> Ui:
        numbering = (
            self.review.session.numbering
            if self.review is not None
            else self.context.settings.stratego_numbering
        )
        return Ui(self.context.t, self.context.t.language, numbering)

    def render(self, notice: Notice | None) -> Page:
        if self.review is None:
            return unreadable_page(self.ui(), self.request, self.problem or "review_unreadable")
        return review_page(self.ui(), self.review, self.request, notice)

    def dispatch(self, intent: Intent) -> Outcome | None:
        review = self.review
        if review is None:
            return None
        name = intent.name
        if name == "review-step":
            return self.stepped(review.move(intent.arg or intent.value))
        if name == "review-go":
            try:
                wanted = int(intent.value)
            except ValueError:
                return None
            before = review.step
            return self.stepped(review.go(wanted) != before)
        if name == "review-view":
            return Outcome() if review.choose(intent.arg) else None
        if name == "key":
            return self.key(review, intent)
        return None

    def stepped(self, changed: bool) -> Outcome | None:
        if not changed:
            return None
        return Outcome(announce_section="rv-said", prevent_default=True)

    def key(self, review: Review, intent: Intent) -> Outcome | None:
        """Left and right arrows step back and forth (the slider moves by itself)."""
        if intent.value.startswith("review-go"):
            return None
        where = {"ArrowLeft": "previous", "ArrowRight": "next"}.get(intent.arg)
        if where is None:
            return None
        changed = review.move(where)
        outcome = self.stepped(changed)
        return outcome or Outcome(prevent_default=True, repaint=False)
