"""The saved-games screen (``#/saves``) as HTML, from plain data. No browser import.

Every name (save names, player names) goes through ``escape``: a name such as
``<img src=x onerror=alert(1)>`` shows as typed and runs nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from typing import Any

from ui.checks import player_name
from ui.computer import is_computer
from ui.icons import icon
from ui.routes import GAMES, Route
from ui.saves import MAX_NAME, Entry, SaveProblem, local_date
from ui.screens import GAME_ICONS, Translate, game_name, page


@dataclass
class State:
    """What the screen shows besides the stored data: at most one open question."""

    renaming: str | None = None  # id of the save whose name is being edited
    deleting: str | None = None  # id of the save whose deletion awaits confirmation
    opening: str | None = None  # id of the save whose opening awaits confirmation
    message: str = ""
    message_kind: str = "ok"  # "ok" or "error"
    typed: dict[str, str] = field(default_factory=dict)  # a refused name stays as typed


def quoted_names(t: Translate, names: list[str]) -> str:
    return ", ".join(t("saves_quoted", name=name) for name in names)


def problem_text(t: Translate, problem: SaveProblem) -> str:
    """What went wrong, in words: for an import, which file, where in it, and which other
    files were not imported either (an import stores all of its files or none)."""
    params = dict(problem.params)
    if getattr(t, "language", "en") == "es" and "size" in params:
        params["size"] = str(params["size"]).replace(".", ",")  # 10,3 MB
    text = t(problem.key(), **params)
    if "file" not in params:
        return text
    parts = [t("saves_import_failed", file=params["file"]), text]
    if params.get("position"):
        parts.append(t("saves_import_position", position=params["position"]))
    if params.get("good_files"):
        files = quoted_names(t, params["good_files"])
        parts.append(t("saves_import_others_good", files=files, file=params["file"]))
    if params.get("bad_files"):
        parts.append(t("saves_import_others_bad", files=quoted_names(t, params["bad_files"])))
    return " ".join(parts)


def players_text(summary: dict[str, Any], t: Translate | None = None) -> str:
    """Players' names; an unnamed Ideology player (shown by ideology) in the language;
    a computer seat tagged as such unless its name already says so."""
    # Clamped as the forms clamp names: a summary stored by an older version may hold
    # any length of name from a file.
    players = [player_name(p) for p in summary.get("players") or []]
    if getattr(t, "language", "en") == "es":
        # Imported here: the shell loads this module at start-up, the engine only on need.
        from engine.ideology import IDEOLOGIES

        players = [IDEOLOGIES[p].name_es if p in IDEOLOGIES else p for p in players]
    seats = summary.get("seats") or []
    if t is not None and len(seats) == len(players):
        tag = t("computer_tag")
        players = [
            f"{name} ({tag})" if is_computer(str(seat)) and tag not in name.lower() else name
            for name, seat in zip(players, seats, strict=True)
        ]
    return ", ".join(players)


def progress_text(t: Translate, game: str, summary: dict[str, Any]) -> str:
    stage = summary.get("stage")
    if stage == "over":
        return t("saves_stage_over")
    if stage == "setup":
        return t("saves_stage_setup")
    if game == "stratego":
        return t("saves_turn_stratego", count=summary.get("turn", 0))
    return t("saves_turn_ideology", turn=summary.get("turn", 1))


def default_name(t: Translate, summary: dict[str, Any], now: str) -> str:
    return t("saves_default_name", players=players_text(summary, t), date=now[:10])[:MAX_NAME]


def unfinished_name(t: Translate, summary: dict[str, Any], now: str) -> str:
    """The name a game in progress is kept under when a new game replaces it
    (``saves.keep_in_progress``): "Unfinished: Ana, Luis, 2026-11-30"."""
    return t("saves_unfinished_name", players=players_text(summary, t), date=now[:10])[:MAX_NAME]


def _button(label: str, act: str, save_id: str = "", *, kind: str = "", icon_name: str = "") -> str:
    classes = f"button {kind}".strip()
    data = f' data-id="{escape(save_id)}"' if save_id else ""
    described = f' aria-describedby="save-name-{escape(save_id)}"' if save_id else ""
    art = icon(icon_name) if icon_name else ""
    return (
        f'<button type="button" class="{classes}" data-saves-act="{act}"{data}{described}>'
        f"{art}<span>{escape(label)}</span></button>"
    )


DOT = '<span class="saves-dot" aria-hidden="true"> · </span>'


def _meta(
    t: Translate, game: str, summary: dict[str, Any], *, label: bool = True, date: str = ""
) -> str:
    """Facts about a game as one line of text that wraps (dots between the facts)."""
    players = t("saves_players", players=players_text(summary, t))
    parts = [
        f'<span class="saves-players">{escape(players)}</span>',
        f'<span class="saves-progress">{escape(progress_text(t, game, summary))}</span>',
    ]
    if label:
        parts.insert(0, f'<span class="saves-game-label">{escape(game_name(t, game))}</span>')
    if date:
        parts.append(date)
    return DOT.join(parts)


def in_progress_card(
    t: Translate, game: str, summary: dict[str, Any], name: str, *, recovered: bool = False
) -> str:
    """The game in progress of one game; ``recovered``: its latest save was damaged and it
    goes on from the copy before (said here as the game screen says it)."""
    field = f"saves-name-{game}"
    note = (
        f'<p class="saves-note">{escape(t("saves_recovered", game=game_name(t, game)))}</p>'
        if recovered
        else ""
    )
    return (
        f'<li class="saves-item saves-current saves-game-{game}">'
        f'<div class="saves-item-head">{icon(GAME_ICONS[game], "saves-game-icon")}'
        f"<h3>{escape(game_name(t, game))}</h3></div>"
        f'<p class="saves-meta">{_meta(t, game, summary, label=False)}</p>{note}'
        f'<form class="saves-form" data-saves-form="save-as" data-game="{game}">'
        f'<label class="saves-label" for="{field}">{escape(t("saves_name_label"))}</label>'
        '<div class="saves-field-row">'
        f'<input class="saves-input" id="{field}" name="name" type="text" maxlength="{MAX_NAME}"'
        f' autocomplete="off" required value="{escape(name)}">'
        f'<button type="submit" class="button button-primary">{icon("saves")}'
        f"<span>{escape(t('saves_save_as'))}</span></button>"
        f'<a class="button" href="#/{game}/continue">{icon("resume")}'
        f"<span>{escape(t('saves_continue'))}</span></a>"
        "</div></form></li>"
    )


def entry_card(
    t: Translate,
    entry: Entry,
    state: State,
    offset_minutes: int,
    current: dict[str, Any] | None = None,
) -> str:
    """One save; ``current`` is the summary of its game's game in progress, if any."""
    sid = escape(entry.id)
    art = icon(GAME_ICONS.get(entry.game, "saves"), "saves-game-icon")
    date = (
        f'<time class="saves-date" datetime="{escape(entry.updated)}">'
        f"{escape(t('saves_date', date=local_date(entry.updated, offset_minutes)))}</time>"
    )
    head = (
        f'<div class="saves-item-head">{art}'
        f'<h3 id="save-name-{sid}" class="saves-name">{escape(entry.name)}</h3></div>'
        f'<p class="saves-meta">{_meta(t, entry.game, entry.summary, date=date)}</p>'
    )
    if state.renaming == entry.id:
        field = f"saves-rename-{sid}"
        actions = (
            f'<form class="saves-form" data-saves-form="rename" data-id="{sid}">'
            f'<label class="saves-label" for="{field}">'
            f"{escape(t('saves_rename_label', name=entry.name))}</label>"
            '<div class="saves-field-row">'
            f'<input class="saves-input" id="{field}" name="name" type="text"'
            f' maxlength="{MAX_NAME}" autocomplete="off" required'
            f' value="{escape(state.typed.get(entry.id, entry.name))}">'
            f'<button type="submit" class="button button-primary">'
            f"<span>{escape(t('saves_rename_save'))}</span></button>"
            + _button(t("saves_cancel"), "cancel", entry.id)
            + "</div></form>"
        )
    elif state.opening == entry.id and current is not None:
        actions = open_confirm(t, entry, current)
    elif state.deleting == entry.id:
        actions = (
            '<div class="saves-confirm saves-confirm-danger">'
            f"<p>{escape(t('saves_delete_confirm', name=entry.name))}</p>"
            '<div class="button-row">'
            + _button(t("saves_delete_yes"), "delete-yes", entry.id, kind="button-danger")
            + _button(t("saves_cancel"), "cancel", entry.id)
            + "</div></div>"
        )
    else:
        actions = (
            '<div class="button-row saves-actions">'
            + _button(t("saves_open"), "open", entry.id, kind="button-primary", icon_name="play")
            + _button(t("saves_rename"), "rename", entry.id)
            + _button(t("saves_duplicate"), "duplicate", entry.id)
            + _button(t("saves_export"), "export", entry.id)
            + _button(t("saves_delete"), "delete", entry.id, kind="button-danger-quiet")
            + "</div>"
        )
    return (
        f'<li class="saves-item saves-game-{escape(entry.game)}" id="save-{sid}"'
        f' data-id="{sid}">{head}{actions}</li>'
    )


def open_confirm(t: Translate, entry: Entry, current: dict[str, Any]) -> str:
    return (
        '<div class="saves-confirm">'
        + "<p>"
        + escape(
            t(
                "saves_open_confirm",
                name=entry.name,
                game=game_name(t, entry.game),
                players=players_text(current, t),
            )
        )
        + "</p>"
        '<div class="button-row">'
        + _button(t("saves_open_yes"), "open-yes", entry.id, kind="button-primary")
        + _button(t("saves_cancel"), "cancel", entry.id)
        + "</div></div>"
    )


def screen(
    t: Translate,
    *,
    current: dict[str, dict[str, Any]],
    entries: list[Entry],
    state: State,
    now: str,
    offset_minutes: int = 0,
    recovered: frozenset[str] = frozenset(),
) -> str:
    """The whole screen. ``current``: game -> summary of its autosave (games with one);
    ``recovered``: games whose latest save was damaged (they go on from the copy before)."""
    kind = "saves-message-error" if state.message_kind == "error" else "saves-message-ok"
    role = "alert" if state.message_kind == "error" else "status"
    message = (
        f'<div id="saves-message" class="saves-message {kind}" role="{role}" tabindex="-1">'
        f"<p>{escape(state.message)}</p></div>"
        if state.message
        else '<div id="saves-message" class="saves-message" hidden></div>'
    )
    progress_items = "".join(
        in_progress_card(
            t,
            game,
            current[game],
            state.typed.get(game) or default_name(t, current[game], now),
            recovered=game in recovered,
        )
        for game in GAMES
        if game in current
    )
    if progress_items:
        progress = (
            f'<p class="hint">{escape(t("saves_in_progress_hint"))}</p>'
            f'<ul class="saves-list">{progress_items}</ul>'
        )
    else:
        progress = f'<p class="hint">{escape(t("saves_in_progress_none"))}</p>'
    items = []
    for entry in entries:
        items.append(entry_card(t, entry, state, offset_minutes, current.get(entry.game)))
    if items:
        listing = f'<ul class="saves-list" id="saves-list">{"".join(items)}</ul>'
    else:
        listing = f'<p class="hint" id="saves-list">{escape(t("saves_empty"))}</p>'
    files = (
        '<div class="button-row saves-files">'
        # The real file input stays focusable (keyboard) under its button-like label.
        '<input class="saves-file" id="saves-import" type="file"'
        ' accept=".json,application/json" multiple>'
        '<label class="button saves-import" for="saves-import">'
        f"{icon('saves')}<span>{escape(t('saves_import'))}</span></label>"
        + (_button(t("saves_export_all"), "export-all") if entries else "")
        + "</div>"
        f'<p class="hint">{escape(t("saves_files_hint"))}</p>'
    )
    body = (
        f"{message}"
        '<section class="card saves-section" aria-labelledby="saves-current-title">'
        f'<h2 id="saves-current-title">{escape(t("saves_in_progress"))}</h2>{progress}</section>'
        '<section class="card saves-section" aria-labelledby="saves-list-title">'
        f'<h2 id="saves-list-title">{escape(t("saves_list_heading"))}</h2>'
        f"{listing}</section>"
        '<section class="card saves-section" aria-labelledby="saves-files-title">'
        f'<h2 id="saves-files-title">{escape(t("saves_files_heading"))}</h2>{files}</section>'
    )
    return page(t, t("saves_heading"), f'<div class="saves">{body}</div>', back=Route("home"))
