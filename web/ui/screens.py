"""The app shell's screens as HTML, from a translator and plain data.

No browser import here: each function returns markup (every dynamic text escaped),
so the screens are tested on CPython and ``app`` only puts them on the page.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from pathlib import Path

from ui.i18n import LANGUAGES
from ui.icons import icon
from ui.markdown import to_html
from ui.routes import GAMES, Route, href, new_game
from ui.settings import COMPUTER_PACES, NUMBERINGS, Settings

Translate = Callable[..., str]
RULES = Path(__file__).resolve().parent.parent / "content" / "rules"
GAME_ICONS = {"stratego": "flag", "ideology": "globe"}


def game_name(t: Translate, game: str) -> str:
    return t(f"game_{game}")


HOME = Route("home")


def page(t: Translate, title: str, body: str, *, back: Route | None = HOME) -> str:
    """A screen: a top bar with the way back and the title, then the body."""
    back_link = ""
    if back is not None:
        back_link = (
            f'<a class="button button-quiet back" href="{href(back)}">'
            f"{icon('back')}<span>{escape(t('back'))}</span></a>"
        )
    return (
        f'<header class="topbar">{back_link}'
        f'<h1 id="screen-title" tabindex="-1">{escape(title)}</h1></header>'
        f'<div class="screen-body">{body}</div>'
    )


def _link_button(label: str, target: Route, icon_name: str, *, primary: bool = False) -> str:
    kind = "button button-primary" if primary else "button"
    return (
        f'<a class="{kind}" href="{href(target)}">{icon(icon_name)}<span>{escape(label)}</span></a>'
    )


def home(t: Translate, *, has_game_in_progress: bool, continue_to: Route | None = None) -> str:
    cards = []
    for game in GAMES:
        name = game_name(t, game)
        cards.append(
            f'<article class="card game-card game-card-{game}" aria-labelledby="card-{game}">'
            f'<div class="game-card-head">{icon(GAME_ICONS[game], "game-icon")}'
            f'<h2 id="card-{game}">{escape(name)}</h2></div>'
            f"<p>{escape(t(game + '_blurb'))}</p>"
            '<div class="button-row">'
            + _link_button(t("new_game"), new_game(game), "play", primary=True)
            + _link_button(t("rules"), Route("rules", game), "rules")
            + "</div></article>"
        )
    if has_game_in_progress:
        resume = _link_button(
            t("continue_game"), continue_to or Route("saves"), "resume", primary=True
        )
    else:
        resume = (
            '<button class="button" type="button" disabled aria-describedby="no-game">'
            f"{icon('resume')}<span>{escape(t('continue_game'))}</span></button>"
            f'<p id="no-game" class="hint">{escape(t("continue_none"))}</p>'
        )
    menu = (
        f'<nav class="home-menu" aria-label="{escape(t("home"))}">'
        f"<div>{resume}</div>"
        + _link_button(t("saved_games"), Route("saves"), "saves")
        + _link_button(t("rules"), Route("rules"), "rules")
        + _link_button(t("settings"), Route("settings"), "settings")
        + "</nav>"
    )
    body = (
        f'<p class="tagline">{escape(t("app_tagline"))}</p>'
        f'<h2 class="section-title">{escape(t("home_heading"))}</h2>'
        f'<div class="game-cards">{"".join(cards)}</div>{menu}'
        f'<footer class="credit"><p>{escape(t("offline_ready"))}</p></footer>'
    )
    return page(t, t("app_title"), body, back=None)


def not_available(t: Translate, game: str) -> str:
    name = game_name(t, game)
    body = (
        '<div class="card notice" role="note">'
        f"<h2>{escape(t('not_available_title'))}</h2>"
        f"<p>{escape(t('not_available_body', game=name))}</p>"
        '<div class="button-row">'
        + _link_button(t("read_rules_of", game=name), Route("rules", game), "rules", primary=True)
        + "</div></div>"
    )
    return page(t, t("new_game_of", game=name), body)


def rules_index(t: Translate) -> str:
    links = "".join(
        _link_button(game_name(t, game), Route("rules", game), GAME_ICONS[game]) for game in GAMES
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
    choices = "".join(
        f'<label class="choice"><input type="radio" name="{name}" value="{value}"'
        f'{" checked" if value == chosen else ""} data-setting="{name}">'
        f"<span>{escape(label)}</span></label>"
        for value, label in options
    )
    return f'<fieldset class="card choices"><legend>{escape(legend)}</legend>{choices}</fieldset>'


def storage_note(t: Translate, persisted: bool | None) -> str:
    """Whether the browser promised to keep the saves, with the advice to export them."""
    key = {True: "saves_persist_granted", False: "saves_persist_denied"}.get(
        persisted, "saves_persist_unknown"
    )
    return (
        f'<section class="card" id="storage-note" aria-labelledby="storage-note-title">'
        f'<h2 id="storage-note-title">{escape(t("saves_storage_heading"))}</h2>'
        f"<p>{escape(t(key))}</p><p>{escape(t('saves_site_data'))}</p>"
        + _link_button(t("saved_games"), Route("saves"), "saves")
        + "</section>"
    )


def startup_time(t: Translate, seconds: float | None) -> str:
    """This visit's start-up time (navigation to the first screen), in tenths of a second."""
    if seconds is None:
        return ""
    tenths = max(1, round(seconds * 10))
    text = t("settings_ready_in", whole=tenths // 10, tenth=tenths % 10)
    return f'<p class="startup-time">{escape(text)}</p>'


def settings(
    t: Translate,
    current: Settings,
    persisted: bool | None = None,
    ready_seconds: float | None = None,
) -> str:
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
        + storage_note(t, persisted)
        + startup_time(t, ready_seconds)
        + "</div>"
    )
    return page(t, t("settings_heading"), body)


def not_found(t: Translate) -> str:
    body = f'<div class="card notice"><p>{escape(t("not_found_body"))}</p></div>'
    return page(t, t("not_found_heading"), body)


def error(t: Translate) -> str:
    body = f'<div class="card notice" role="alert"><p>{escape(t("error_body"))}</p></div>'
    return page(t, t("error_heading"), body)
