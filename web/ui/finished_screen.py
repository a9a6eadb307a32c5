"""The finished games (``#/finished``) and the way into a game's review
(``#/review/<what>``), on the loop. No browser import.

:class:`FinishedScreen` lists each game's finished games (:mod:`ui.finished`), newest
first, each with Review (when its game has a review screen: ``GameSpec.review``),
Export (a file the saved-games import reads, like a save's) and Delete (asked first).

:class:`ReviewHost` finds what an address names, a game's finished game
(``finished-<game>-<id>``), a named save (``save-<id>``) or the game in a game's
autosave (``game-<game>``: the game just over), and hands its session document to the
game's review screen, with the way back. Nothing here writes to a game's autosave or
its saves.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any

from engine.saves import parse_json
from ui import finished, saves, store
from ui.finished import Finished
from ui.games import GAMES, ReviewRequest, spec
from ui.html import button, icon, link
from ui.loop import (
    Context,
    Intent,
    Notice,
    Outcome,
    Page,
    Painted,
    QuietScreen,
    Screen,
    intent_text,
)
from ui.routes import Route
from ui.saves import local_date
from ui.saves_screen import DOT, message_html, players_text, review_link, storage_notice
from ui.screens import Translate, game_name, page

FINISHED = "#/finished"


def review_address(game: str, entry_id: str) -> str:
    return f"#/review/finished-{game}-{entry_id}"


def entry_name(t: Translate, entry: Finished, offset_minutes: int = 0) -> str:
    """The name an exported finished game carries ("Ana, Luis · 2026-12-01 21:04")."""
    return saves.clean_name(
        t(
            "finished_name",
            players=players_text(entry.summary, t),
            date=local_date(entry.ended, offset_minutes),
        )
    )


def outcome_text(t: Translate, summary: dict[str, Any]) -> str:
    players = summary.get("players") or []
    winner = summary.get("winner")
    if isinstance(winner, int) and 0 <= winner < len(players):
        return t("finished_winner", name=players_text({"players": [players[winner]]}, t))
    return t("finished_no_winner")


def length_text(t: Translate, game: str, summary: dict[str, Any]) -> str:
    count = summary.get("turn", 0)
    if game == "stratego":
        return t("saves_turn_stratego", count=count)
    return t("finished_turns", count=count)


def entry_card(
    t: Translate, entry: Finished, *, deleting: bool, reviewable: bool, offset_minutes: int
) -> str:
    key = f"{entry.game}:{entry.id}"
    item = f"fin-{entry.game}-{entry.id}"
    summary = entry.summary
    facts = [
        f'<span class="fin-winner">{escape(outcome_text(t, summary))}</span>',
        f"<span>{escape(length_text(t, entry.game, summary))}</span>",
    ]
    army = summary.get("army")
    if entry.game == "stratego" and army in ("barrage", "duel"):
        facts.append(f"<span>{escape(t(f'finished_army_{army}'))}</span>")
    facts.append(
        f'<time datetime="{escape(entry.ended)}">'
        f"{escape(t('finished_date', date=local_date(entry.ended, offset_minutes)))}</time>"
    )
    described = {"aria-describedby": f"{item}-name"}
    if deleting:
        actions = (
            '<div class="saves-confirm saves-confirm-danger">'
            f"<p>{escape(t('finished_delete_confirm'))}</p>"
            '<div class="button-row">'
            + button(
                t("saves_delete_yes"),
                intent_text("finished-delete-yes", key),
                kind="button-danger",
                attributes=described,
            )
            + button(t("saves_cancel"), intent_text("finished-cancel", key), attributes=described)
            + "</div></div>"
        )
    else:
        address = review_address(entry.game, entry.id)
        review = review_link(t, address, f"{item}-name", primary=True) if reviewable else ""
        actions = (
            '<div class="button-row saves-actions">'
            + review
            + button(t("saves_export"), intent_text("finished-export", key), attributes=described)
            + button(
                t("saves_delete"),
                intent_text("finished-delete", key),
                kind="button-danger-quiet",
                attributes=described,
            )
            + "</div>"
        )
    return (
        f'<li class="saves-item fin-item saves-game-{entry.game}" id="{item}">'
        f'<div class="saves-item-head">{icon(spec_icon(entry.game), "saves-game-icon")}'
        f'<h3 class="saves-name" id="{item}-name">'
        f"{escape(players_text(summary, t))}</h3></div>"
        f'<p class="saves-meta">{DOT.join(facts)}</p>{actions}</li>'
    )


def spec_icon(game: str) -> str:
    found = spec(game)
    return found.icon if found is not None else "saves"


def finished_page(
    t: Translate,
    listings: dict[str, finished.Listing],
    *,
    deleting: str | None,
    offset_minutes: int,
    notice: Notice | None,
) -> Page:
    """The finished games of every game, each game its own card (a section)."""
    result = Page("finished")
    message = result.section("saves-message", message_html(notice))
    cards = []
    for found in GAMES:
        listing = listings.get(found.name, finished.Listing([]))
        items = "".join(
            entry_card(
                t,
                entry,
                deleting=deleting == f"{found.name}:{entry.id}",
                reviewable=found.review is not None,
                offset_minutes=offset_minutes,
            )
            for entry in listing.entries
        )
        listed = (
            f'<ul class="saves-list">{items}</ul>'
            if items
            else f'<p class="hint">{escape(t("finished_none"))}</p>'
        )
        note = (
            f'<p class="saves-note" role="status">'
            f"{escape(t('finished_skipped', count=listing.skipped))}</p>"
            if listing.skipped
            else ""
        )
        section = f"fin-{found.name}"
        cards.append(
            result.section(
                section,
                f'<section class="card saves-section" id="{section}"'
                f' aria-labelledby="{section}-title">'
                f'<div class="saves-item-head">{icon(found.icon, "saves-game-icon")}'
                f'<h2 id="{section}-title">{escape(game_name(t, found.name))}</h2></div>'
                f"{note}{listed}</section>",
            )
        )
    body = (
        f"{message}"
        f'<p class="hint">{escape(t("finished_hint", count=finished.KEEP))}</p>'
        + "".join(cards)
        + f'<div class="button-row">{link(t("saved_games"), "#/saves", icon="saves")}</div>'
    )
    result.root(page(t, t("finished_heading"), f'<div class="saves finished">{body}</div>'))
    return result


@dataclass
class FinishedScreen(QuietScreen):
    """The finished games: the one open question is a deletion waiting for its answer."""

    context: Context
    deleting: str | None = None

    def enter(self, route: Route) -> str | None:
        self.deleting = None
        return None

    def render(self, notice: Notice | None) -> Page:
        t = self.context.t
        notice = storage_notice(t, self.storage, notice)
        listings = {found.name: finished.load(self.storage, found.name) for found in GAMES}
        return finished_page(
            t,
            listings,
            deleting=self.deleting,
            offset_minutes=self.context.clock.utc_offset_minutes(),
            notice=notice,
        )

    def dispatch(self, intent: Intent) -> Outcome | None:
        name, key = intent.name, intent.arg
        t = self.context.t
        if name == "storage":
            return None if self.deleting else Outcome(keep_notice=True)
        if name == "key":
            if key != "Escape" or self.deleting is None:
                return None
            asked, self.deleting = self.deleting, None
            return Outcome(focus=intent_text("finished-delete", asked), prevent_default=True)
        game, _, entry_id = key.partition(":")
        if name == "finished-cancel":
            self.deleting = None
            return Outcome(focus=intent_text("finished-delete", key))
        if name not in ("finished-export", "finished-delete", "finished-delete-yes"):
            return None
        entry = finished.get(self.storage, game, entry_id)
        if entry is None:
            self.deleting = None
            return Outcome(notice=Notice(t("finished_gone"), alert=True), focus="saves-message")
        if name == "finished-delete":
            self.deleting = key
            return Outcome(focus=intent_text("finished-cancel", key))
        if name == "finished-delete-yes":
            self.deleting = None
            if not finished.delete(self.storage, game, entry_id):
                return Outcome(
                    notice=Notice(t("saves_error_quota"), alert=True), focus="saves-message"
                )
            return Outcome(notice=Notice(t("finished_deleted")), focus="saves-message")
        offset = self.context.clock.utc_offset_minutes()
        exported = entry.save_entry(entry_name(t, entry, offset))
        file_name = saves.file_name([exported])
        return Outcome(
            notice=Notice(t("saves_exported", file=file_name)),
            focus="saves-message",
            download=(file_name, saves.export_text([exported])),
        )


# --------------------------------------------------------------------- the review


def review_request(t: Translate, storage: Any, what: str) -> tuple[str, ReviewRequest] | None:
    """The game an address's ``what`` names and the way back from its review: (game,
    request), or None when there is no such game (any more)."""
    kind, _, rest = what.partition("-")
    if kind == "game":
        text = store.load(storage, rest)
        found = spec(rest)
        if found is None or not text:
            return None
        try:
            document = parse_json(text)
        except ValueError:
            return None
        # Only a game that is over: the autosave of a game going on holds every secret.
        if not isinstance(document, dict) or document.get("stage") != "over":
            return None
        back = f"#/{rest}/continue"
        return rest, ReviewRequest(document, back, t("review_back_to_game"))
    if kind == "finished":
        game, _, entry_id = rest.partition("-")
        entry = finished.get(storage, game, entry_id)
        if entry is None:
            return None
        return game, ReviewRequest(entry.session, FINISHED, t("review_back_to_finished"))
    if kind == "save":
        try:
            save = saves.get(storage, rest)
        except saves.SaveProblem:
            return None
        return save.game, ReviewRequest(save.session, "#/saves", t("review_back_to_saves"))
    return None


def missing_page(t: Translate) -> Page:
    result = Page("review-missing")
    body = (
        f'<section class="card notice" role="alert"><p>{escape(t("review_missing"))}</p>'
        '<div class="button-row">'
        + link(t("finished_heading"), FINISHED, icon="finished", primary=True)
        + link(t("saved_games"), "#/saves", icon="saves")
        + "</div></section>"
    )
    result.root(page(t, t("review_heading"), body))
    return result


class ReviewHost:
    """``#/review/<what>``: the game's own review screen for what the address names."""

    def __init__(self, context: Context) -> None:
        self.context = context
        self.inner: Screen | None = None
        self.what = ""

    def enter(self, route: Route) -> str | None:
        what = route.argument or ""
        if what != self.what or self.inner is None:
            self.what = what
            self.inner = None
            found = review_request(self.context.t, self.context.storage, what)
            if found is not None:
                game, request = found
                game_spec = spec(game)
                if game_spec is not None and game_spec.review is not None:
                    self.inner = game_spec.review(self.context, request)
        return self.inner.enter(route) if self.inner is not None else None

    def leave(self) -> None:
        if self.inner is not None:
            self.inner.leave()
        # Looked at afresh next time (the list or the saves may have changed meanwhile).
        self.inner = None
        self.what = ""

    def render(self, notice: Notice | None) -> Page:
        if self.inner is None:
            return missing_page(self.context.t)
        return self.inner.render(notice)

    def dispatch(self, intent: Intent) -> Outcome | None:
        if self.inner is None or intent.name == "storage":
            return None
        return self.inner.dispatch(intent)

    def after_paint(self, painted: Painted) -> None:
        if self.inner is not None:
            self.inner.after_paint(painted)
