"""Looking back at a game of Ideology, phase by phase (no browser import; tested on CPython).

The game is replayed once (:mod:`engine.ideology.replay`) into steps: each step is what
was played in one phase of one turn, told in words from the public log, with the table
as everybody saw it after it (the public view: no hand, no secret choice, even after the
game) and the influence chart of the whole game with the step's turn marked.

Influence is the rules' global influence, the score the game is won on: the levels of
the regions a player controls plus their advances' bonuses.
"""

from __future__ import annotations

import json
from html import escape
from typing import Any, Protocol

from engine.ideology import IDEOLOGIES
from engine.ideology.replay import Step, influence_from, public_views
from engine.ideology.views import GameView
from ui.charts import Series, line_chart
from ui.html import INTENT, button, link
from ui.ideology import render
from ui.ideology.session import Session
from ui.ideology.text import Translate, Words
from ui.loop import Context, Intent, Notice, Outcome, Page, Painted, intent_text

#: Keys that step through the review when the focus is not on the slider (which steps
#: by itself).
STEP_KEYS = {"ArrowLeft": -1, "ArrowRight": 1}


class Review:
    """A finished (or unfinished) game cut into steps, and the step shown."""

    def __init__(self, session: Session) -> None:
        game = session.game
        self.names = dict(session.names)
        self.computers = session.computers
        self.players = game.ideologies
        #: The game replayed: another game, or one more action, needs a new review.
        self.key = review_key(session)
        self.timeline: list[tuple[Step, GameView]] = public_views(game)
        self.log = [dict(entry) for entry in game.log]
        self.influence = influence_from(
            [
                (step, {p: view["players"][p]["influence"] for p in self.players})
                for step, view in self.timeline
            ]
        )
        self.position = 0

    @property
    def last(self) -> int:
        return len(self.timeline) - 1

    def go(self, position: int) -> bool:
        """Show step ``position`` (clamped); False when it is already shown."""
        position = max(0, min(self.last, position))
        moved = position != self.position
        self.position = position
        return moved

    def step(self) -> Step:
        return self.timeline[self.position][0]

    def view(self) -> GameView:
        return self.timeline[self.position][1]

    def entries(self) -> list[dict[str, Any]]:
        step = self.step()
        return self.log[step.log_from : step.log_to]


def review_key(session: Session) -> tuple[object, ...]:
    game = session.game
    return (game.seed, game.ideologies, len(game.actions))


def words_of(t: Translate, review: Review) -> Words:
    return Words(t, review.names, review.computers)


def step_title(t: Translate, words: Words, step: Step, position: int) -> str:
    if position == 0:
        return t("ideology_review_start")
    return t("ideology_report_group", turn=step.turn, phase=words.phase(step.phase))


def influence_chart(t: Translate, review: Review, words: Words, *, mark: int | None) -> str:
    """One line per player over the turns (0: the start), the shown turn marked."""
    series = [
        Series(words.short(p), tuple(review.influence[p]), css=f"ig-p-{IDEOLOGIES[p].letter}")
        for p in review.players
    ]
    turns = len(next(iter(review.influence.values()), []))
    return line_chart(
        chart_id="ig-chart",
        title=t("ideology_chart_title"),
        x_label=t("ideology_chart_x"),
        y_label=t("ideology_chart_y"),
        x_ticks=[str(turn) for turn in range(turns)],
        series=series,
        mark=mark,
    )


def review_page(t: Translate, review: Review, back: tuple[str, str] | None = None) -> Page:
    """The review at its step; ``back`` is the way back (address, words): by default the
    game's own screen."""
    words = words_of(t, review)
    page = Page("ideology/review", stage="review")
    step, view = review.step(), review.view()
    position, last = review.position, review.last
    lines = [words.log_line(entry) for entry in review.entries() if entry["event"] != "done"]
    told = (
        "".join(f"<li>{escape(line)}</li>" for line in lines)
        or f"<li>{escape(t('ideology_review_nothing'))}</li>"
    )
    title = step_title(t, words, step, position)
    counted = t("ideology_review_step", step=position + 1, count=last + 1)
    now = page.section(
        "ig-review-now",
        f'<section class="card ig-review-now" id="ig-review-now">'
        f'<h2 id="ig-review-title">{escape(title)}</h2>'
        f'<p class="hint">{escape(counted)}</p>'
        f'<ul class="ig-review-lines">{told}</ul></section>',
    )
    chart = page.section(
        "ig-review-chart",
        f'<section class="card ig-review-chart" id="ig-review-chart">'
        f"{influence_chart(t, review, words, mark=step.turn if position else 0)}"
        f'<p class="hint">{escape(t("ideology_chart_note"))}</p></section>',
    )
    table = render.table_section(page, view, words)
    players = page.section("ig-players", render.players_table(view, words))
    body = (
        f'<div class="ig-review" data-swipe="review-swipe">'
        f'<div class="ig-review-side">{now}{chart}</div>'
        f'<div class="ig-review-main">{table}{players}</div></div>'
    )
    way_back = back or ("#/ideology/play", t("ideology_review_back"))
    dock = page.section("ig-review-dock", review_dock(t, review, way_back))
    page.root(
        '<div class="ig-public ig-reviewing">'
        + render.frame_of(t, t("ideology_review_heading"), body)
        + dock
        + "</div>"
    )
    return page


def review_dock(t: Translate, review: Review, back: tuple[str, str]) -> str:
    """Step buttons and a slider over every step, always in view at the foot."""
    position, last = review.position, review.last
    buttons = [
        ("ideology_review_first", 0, position == 0, ""),
        ("ideology_review_previous", position - 1, position == 0, "review-previous"),
        ("ideology_review_next", position + 1, position == last, "review-next"),
        ("ideology_review_last", last, position == last, ""),
    ]
    markup = "".join(
        button(
            t(key),
            intent_text("review-to", target),
            disabled=disabled,
            kind="button-primary" if element_id == "review-next" else "",
            element_id=element_id or None,
        )
        for key, target, disabled, element_id in buttons
    )
    slider = (
        f'<label class="ig-review-slider"><span>{escape(t("ideology_review_slider"))}</span>'
        f'<input type="range" id="review-slider" min="0" max="{last}" value="{position}" '
        f'step="1" {INTENT}="review-to" '
        f'aria-valuetext="{escape(t("ideology_review_step", step=position + 1, count=last + 1))}">'
        "</label>"
    )
    way_back = link(back[1], back[0], kind="button-quiet")
    return (
        f'<nav class="ig-dock ig-review-dock" id="ig-review-dock" '
        f'aria-label="{escape(t("ideology_review_heading"))}">'
        f'<div class="ig-dock-buttons">{markup}</div>{slider}{way_back}</nav>'
    )


def step_of_key(review: Review, key: str) -> int | None:
    """The step an arrow key asks for, or None."""
    if key not in STEP_KEYS:
        return None
    return review.position + STEP_KEYS[key]


def swipe_target(review: Review, direction: str) -> int | None:
    """A swipe (``ui.dom``: "next" to the left, like a book's page; "previous" to the
    right)."""
    if direction == "next":
        return review.position + 1
    if direction == "previous":
        return review.position - 1
    return None


def step_intent(review: Review, intent: Intent) -> Outcome | None:
    """Steps of the review: a button or the slider (``review-to``), an arrow key (not on
    the slider, which steps by itself), a swipe (``review-swipe``)."""
    target: int | None = None
    if intent.name == "review-to":
        wanted = intent.arg or intent.value
        target = int(wanted) if wanted.lstrip("-").isdigit() else None
    elif intent.name == "key" and intent.value != "review-to":
        target = step_of_key(review, intent.arg)
    elif intent.name == "review-swipe":
        target = swipe_target(review, intent.value)
    if target is None:
        return None
    key = intent.name == "key"
    if not review.go(target):
        return Outcome(prevent_default=key, repaint=False)
    return Outcome(prevent_default=key, announce_section="ig-review-now")


class Request(Protocol):
    """What a review screen is asked to look back at (``ui.games.ReviewRequest``)."""

    @property
    def session(self) -> dict[str, Any]: ...
    @property
    def back(self) -> str: ...
    @property
    def back_label(self) -> str: ...


class ReviewScreen:
    """The review on a screen of its own, for a session document (a finished game kept,
    a saved game), with the way back the request gives."""

    def __init__(self, context: Context, request: Request) -> None:
        self.context = context
        self.request = request
        self.review: Review | None = None
        try:
            self.review = Review(Session.from_json(json.dumps(request.session)))
        except (ValueError, KeyError, TypeError, AttributeError):
            self.review = None

    def enter(self, route: Any) -> str | None:
        return None  # the same review at any address it is shown under

    def leave(self) -> None:
        """Nothing to let go of: a review changes nothing stored and starts no timer."""

    def after_paint(self, painted: Painted) -> None:
        """Nothing follows a paint (no computer plays here)."""

    def render(self, notice: Notice | None) -> Page:
        t = self.context.t
        back = (self.request.back, self.request.back_label)
        if self.review is not None:
            return review_page(t, self.review, back)
        page = Page("ideology/review-unreadable")
        body = (
            f'<section class="card notice" role="alert"><p>'
            f"{escape(t('ideology_review_unreadable'))}</p>"
            f'<div class="button-row">{link(back[1], back[0], primary=True)}</div></section>'
        )
        page.root(render.frame_of(t, t("ideology_review_heading"), body))
        return page

    def dispatch(self, intent: Intent) -> Outcome | None:
        return None if self.review is None else step_intent(self.review, intent)
