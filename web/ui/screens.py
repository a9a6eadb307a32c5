"""The app shell's screens (home, rules, settings, not found, error) on the loop.

No browser import: :class:`ShellScreen` renders pages from a translator and plain data
(every dynamic text escaped) and handles the settings' intents, so the screens are
tested on CPython and ``ui.app`` only puts them on the page.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from html import escape
from pathlib import Path

from ui.games import GAMES, game_in_progress
from ui.html import INTENT, e, frame, icon, link
from ui.i18n import LANGUAGES, Translator
from ui.loop import Context, Intent, Notice, Outcome, Page, Painted
from ui.markdown import to_html
from ui.routes import Route, href, new_game
from ui.settings import COMPUTER_PACES, NUMBERINGS, Settings, save

Translate = Callable[..., str]
RULES = Path(__file__).resolve().parent.parent / "content" / "rules"
GAME_ICONS = {spec.name: spec.icon for spec in GAMES}
HOME = Route("home")
SETTING_NAMES = tuple(field.name for field in fields(Settings))


def game_name(t: Translate, game: str) -> str:
    return t(f"game_{game}")


def page(t: Translate, title: str, body: str, *, back: Route | None = HOME) -> str:
    """A shell screen: a top bar with the way back and the title, then the body."""
    way_back = (href(back), t("back"), "back") if back is not None else None
    return frame(title, body, back=way_back)


def home(t: Translate, *, continue_to: Route | None = None) -> str:
    cards = []
    for spec in GAMES:
        game = spec.name
        cards.append(
            f'<article class="card game-card game-card-{game}" aria-labelledby="card-{game}">'
            f'<div class="game-card-head">{icon(spec.icon, "game-icon")}'
            f'<h2 id="card-{game}">{escape(game_name(t, game))}</h2></div>'
            f"<p>{escape(t(game + '_blurb'))}</p>"
            '<div class="button-row">'
            + link(t("new_game"), href(new_game(game)), icon="play", primary=True)
            + link(t("rules"), href(Route("rules", game)), icon="rules")
            + link(t("finished_heading"), href(Route("finished")), icon="finished")
            + "</div></article>"
        )
    if continue_to is not None:
        resume = link(t("continue_game"), href(continue_to), icon="resume", primary=True)
    else:
        resume = (
            '<button class="button" type="button" disabled aria-describedby="no-game">'
            f"{icon('resume')}<span>{escape(t('continue_game'))}</span></button>"
            f'<p id="no-game" class="hint">{escape(t("continue_none"))}</p>'
        )
    menu = (
        f'<nav class="home-menu" aria-label="{escape(t("home"))}">'
        f"<div>{resume}</div>"
        + link(t("saved_games"), href(Route("saves")), icon="saves")
        + link(t("rules"), href(Route("rules")), icon="rules")
        + link(t("settings"), href(Route("settings")), icon="settings")
        + "</nav>"
    )
    body = (
        f'<p class="tagline">{escape(t("app_tagline"))}</p>'
        f'<h2 class="section-title">{escape(t("home_heading"))}</h2>'
        f'<div class="game-cards">{"".join(cards)}</div>{menu}'
        f'<footer class="credit"><p>{escape(t("offline_ready"))}</p></footer>'
    )
    return page(t, t("app_title"), body, back=None)


def rules_index(t: Translate) -> str:
    links = "".join(
        link(game_name(t, spec.name), href(Route("rules", spec.name)), icon=spec.icon)
        for spec in GAMES
    )
    body = f'<p>{escape(t("rules_choose"))}</p><div class="button-column">{links}</div>'
    return page(t, t("rules_heading"), body)


def rules_text(game: str, language: str) -> str | None:
    path = RULES / f"{game}.{language}.md"
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return None


def rules(t: Translate, game: str, language: str) -> str:
    text = rules_text(game, language)
    if text is None:
        body = f'<div class="card notice"><p>{escape(t("rules_missing"))}</p></div>'
    else:
        body = f'<article class="card prose" lang="{language}">{to_html(text)}</article>'
    return page(t, f"{t('rules_heading')}: {game_name(t, game)}", body, back=Route("rules"))


def _radio_group(name: str, legend: str, options: list[tuple[str, str]], chosen: str) -> str:
    # Each radio has an id: the focus stays on it when the screen is drawn again.
    choices = "".join(
        f'<label class="choice"><input type="radio" name="{name}" value="{value}"'
        f' id="setting-{name}-{value}"{" checked" if value == chosen else ""}'
        f' {INTENT}="setting {name}"><span>{escape(label)}</span></label>'
        for value, label in options
    )
    return f'<fieldset class="card choices"><legend>{escape(legend)}</legend>{choices}</fieldset>'


def storage_note(t: Translate, persisted: bool | None) -> str:
    """Whether the browser promised to keep the saves, with the advice to export them."""
    key = "saves_persist_unknown"
    if persisted is not None:
        key = "saves_persist_granted" if persisted else "saves_persist_denied"
    return (
        f'<section class="card" id="storage-note" aria-labelledby="storage-note-title">'
        f'<h2 id="storage-note-title">{escape(t("saves_storage_heading"))}</h2>'
        f"<p>{escape(t(key))}</p><p>{escape(t('saves_site_data'))}</p>"
        + link(t("saved_games"), href(Route("saves")), icon="saves")
        + "</section>"
    )


def startup_time(t: Translate, seconds: float | None) -> str:
    """This visit's start-up time (navigation to the first screen), in tenths of a second."""
    if seconds is None:
        return ""
    tenths = max(1, round(seconds * 10))
    text = t("settings_ready_in", whole=tenths // 10, tenth=tenths % 10)
    return f'<p class="startup-time">{escape(text)}</p>'


def settings(t: Translate, current: Settings, note: str, ready_seconds: float | None = None) -> str:
    """The settings screen; ``note`` is the storage note's place (a section marker),
    ``ready_seconds`` this visit's start-up time (no line while it is unknown)."""
    # Each language is named in itself, so a player can find theirs whatever is shown now.
    languages = [(code, t(f"language_{code}")) for code in LANGUAGES]
    numberings = [(code, t(f"numbering_{code}")) for code in NUMBERINGS]
    paces = [(code, t(f"computer_pace_{code}")) for code in COMPUTER_PACES]
    body = (
        '<div class="settings">'
        + _radio_group("language", t("settings_language"), languages, current.language)
        + _radio_group(
            "stratego_numbering",
            f"{t('settings_stratego')}: {t('settings_numbering')}",
            numberings,
            current.stratego_numbering,
        )
        + _radio_group("computer_pace", t("computer_pace"), paces, current.computer_pace)
        + note
        + startup_time(t, ready_seconds)
        + "</div>"
    )
    return page(t, t("settings_heading"), body)


def not_found(t: Translate) -> str:
    body = f'<div class="card notice"><p>{escape(t("not_found_body"))}</p></div>'
    return page(t, t("not_found_heading"), body)


def error(t: Translate) -> Page:
    """What the shell shows when a screen could not be drawn."""
    body = f'<div class="card notice" role="alert"><p>{e(t("error_body"))}</p></div>'
    error_page = Page("error")
    error_page.root(page(t, t("error_heading"), body))
    return error_page


class ShellScreen:
    """Home, the rules, the settings and "not found": one screen object for all."""

    def __init__(self, context: Context) -> None:
        self.context = context
        self.route = HOME

    def enter(self, route: Route) -> str | None:
        self.route = route
        return None

    def leave(self) -> None:
        pass

    def dispatch(self, intent: Intent) -> Outcome | None:
        if intent.name == "storage" and self.route.screen == "home":
            # Another window started or finished a game: "Continue" follows it.
            return Outcome(keep_notice=True)
        if intent.name != "setting" or intent.arg not in SETTING_NAMES:
            return None
        context = self.context
        context.settings = context.settings.with_changes(**{intent.arg: intent.value})
        save(context.storage, context.settings)
        if intent.arg == "language":
            context.t = Translator(context.settings.language)
        return Outcome(announce=context.t("settings_saved"))

    def render(self, notice: Notice | None) -> Page:
        t, route = self.context.t, self.route
        screen = Page(f"shell/{route.screen}/{route.argument or ''}")
        if route.screen == "home":
            playing = game_in_progress(self.context.storage)
            markup = home(t, continue_to=Route("game", playing, ("continue",)) if playing else None)
        elif route.screen == "rules" and route.argument is None:
            markup = rules_index(t)
        elif route.screen == "rules" and route.argument is not None:
            markup = rules(t, route.argument, t.language)
        elif route.screen == "settings":
            note = screen.section("storage-note", storage_note(t, self.context.persisted))
            markup = settings(t, self.context.settings, note, self.context.ready_seconds)
        else:
            markup = not_found(t)
        screen.root(markup)
        return screen

    def after_paint(self, painted: Painted) -> None:
        pass
