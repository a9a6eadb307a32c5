"""The saved-games screen (``#/saves``) on the loop: its markup from plain data, and
:class:`SavesScreen`, which turns its intents into calls of :mod:`ui.saves`. No browser
import (a download and the files to import go through :mod:`ui.dom`).

Every name (save names, player names) goes through ``escape``: a name such as
``<img src=x onerror=alert(1)>`` shows as typed and runs nothing.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from html import escape
from typing import Any

from engine.saves import parse_json
from ui import saves
from ui.checks import player_name
from ui.computer import is_computer
from ui.games import GAMES, spec
from ui.html import INTENT, button, icon, link
from ui.i18n import name_key
from ui.loop import Context, Intent, Notice, Outcome, Page, QuietScreen, intent_text
from ui.routes import Route
from ui.saves import MAX_NAME, Entry, SaveProblem, local_date
from ui.screens import GAME_ICONS, Translate, game_name, page


@dataclass
class State:
    """What the screen shows besides the stored data: at most one open question."""

    renaming: str | None = None  # id of the save whose name is being edited
    deleting: str | None = None  # id of the save whose deletion awaits confirmation
    opening: str | None = None  # id of the save whose opening awaits confirmation
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
    if t is not None:
        players = [ideology_name(t, p) for p in players]
    seats = summary.get("seats") or []
    if t is not None and len(seats) == len(players):
        tag = t("computer_tag")
        players = [
            f"{name} ({tag})" if is_computer(str(seat)) and tag not in name.lower() else name
            for name, seat in zip(players, seats, strict=True)
        ]
    return ", ".join(players)


def ideology_name(t: Translate, player: str) -> str:
    """An unnamed Ideology seat is saved as its ideology: named in the language."""
    key = name_key("ideology_ideology", player)
    text = t(key)
    return player if text == key else text


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
    described = {"aria-describedby": f"save-name-{save_id}"} if save_id else None
    return button(
        label, intent_text(act, save_id), kind=kind, icon=icon_name or None, attributes=described
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
    army = summary.get("army")
    if game == "stratego" and army in ("barrage", "duel"):
        # The quick armies are another game to the players: said next to the game's name.
        variant = escape(t(f"stratego_variant_{army}"))
        parts.insert(0, f'<span class="saves-variant">{variant}</span>')
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
        f'<form class="saves-form" {INTENT}="save-as {game}">'
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
            f'<form class="saves-form" {INTENT}="rename-save {sid}">'
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
        found = spec(entry.game)
        review = ""
        if found is not None and found.review is not None and entry.summary.get("stage") != "setup":
            review = review_link(t, f"#/review/save-{sid}", f"save-name-{sid}")
        actions = (
            '<div class="button-row saves-actions">'
            + _button(t("saves_open"), "open", entry.id, kind="button-primary", icon_name="play")
            + review
            + _button(t("saves_rename"), "rename", entry.id)
            + _button(t("saves_duplicate"), "duplicate", entry.id)
            + _button(t("saves_export"), "export", entry.id)
            + (
                _button(t("stratego_export_record"), "export-record", entry.id)
                if has_record(entry)
                else ""
            )
            + _button(t("saves_delete"), "delete", entry.id, kind="button-danger-quiet")
            + "</div>"
        )
    return (
        f'<li class="saves-item saves-game-{escape(entry.game)}" id="save-{sid}"'
        f' data-id="{sid}">{head}{actions}</li>'
    )


def review_link(t: Translate, address: str, described_by: str, *, primary: bool = False) -> str:
    """ "Review" of one game (a save, a finished game), named by the element
    ``described_by``."""
    return (
        f'<a class="button{" button-primary" if primary else ""}" href="{escape(address)}"'
        f' aria-describedby="{escape(described_by)}">{icon("review")}'
        f"<span>{escape(t('review_open_short'))}</span></a>"
    )


def has_record(entry: Entry) -> bool:
    """Whether the save's game can be exported as a shareable record (Stratego, once
    both armies are set up)."""
    found = spec(entry.game)
    return (
        found is not None
        and found.write_record is not None
        and (entry.summary.get("stage") != "setup")
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


def message_html(notice: Notice | None) -> str:
    if notice is None:
        return '<div id="saves-message" class="saves-message" hidden></div>'
    kind = "saves-message-error" if notice.alert else "saves-message-ok"
    role = "alert" if notice.alert else "status"
    return (
        f'<div id="saves-message" class="saves-message {kind}" role="{role}" tabindex="-1">'
        f"<p>{escape(notice.text)}</p></div>"
    )


def screen(
    t: Translate,
    *,
    current: dict[str, dict[str, Any]],
    entries: list[Entry],
    state: State,
    now: str,
    offset_minutes: int = 0,
    notice: Notice | None = None,
    recovered: frozenset[str] = frozenset(),
) -> Page:
    """The whole screen. ``current``: game -> summary of its autosave (games with one);
    ``recovered``: games whose latest save was damaged (they go on from the copy before).

    Sections: the message, the games in progress, the list and each save in it, the
    files' buttons; opening a question on one save redraws only that save."""
    result = Page("saves")
    message = result.section("saves-message", message_html(notice))
    progress_items = "".join(
        in_progress_card(
            t,
            game,
            current[game],
            state.typed.get(game) or default_name(t, current[game], now),
            recovered=game in recovered,
        )
        for game in (found.name for found in GAMES)
        if game in current
    )
    if progress_items:
        progress = (
            f'<p class="hint">{escape(t("saves_in_progress_hint"))}</p>'
            f'<ul class="saves-list">{progress_items}</ul>'
        )
    else:
        progress = f'<p class="hint">{escape(t("saves_in_progress_none"))}</p>'
    progress = result.section(
        "saves-current",
        '<section class="card saves-section" id="saves-current"'
        ' aria-labelledby="saves-current-title">'
        f'<h2 id="saves-current-title">{escape(t("saves_in_progress"))}</h2>{progress}</section>',
    )
    items = "".join(
        result.section(
            f"save-{entry.id}",
            entry_card(t, entry, state, offset_minutes, current.get(entry.game)),
        )
        for entry in entries
    )
    if items:
        listing = f'<ul class="saves-list" id="saves-list">{items}</ul>'
    else:
        listing = f'<p class="hint" id="saves-list">{escape(t("saves_empty"))}</p>'
    listing = result.section("saves-list", listing)
    files = result.section(
        "saves-files",
        '<section class="card saves-section" id="saves-files"'
        ' aria-labelledby="saves-files-title">'
        f'<h2 id="saves-files-title">{escape(t("saves_files_heading"))}</h2>'
        '<div class="button-row saves-files">'
        # The real file input stays focusable (keyboard) under its button-like label.
        f'<input class="saves-file" id="saves-import" type="file" {INTENT}="import"'
        f' data-max-bytes="{saves.MAX_FILE_BYTES}"'
        ' accept=".json,.txt,application/json,text/plain" multiple>'
        '<label class="button saves-import" for="saves-import">'
        f"{icon('saves')}<span>{escape(t('saves_import'))}</span></label>"
        + (_button(t("saves_export_all"), "export-all") if entries else "")
        + "</div>"
        f'<p class="hint">{escape(t("saves_files_hint"))}</p>'
        f'<div class="button-row">{link(t("finished_heading"), "#/finished", icon="finished")}'
        "</div></section>",
    )
    body = (
        f"{message}{progress}"
        '<section class="card saves-section" aria-labelledby="saves-list-title">'
        f'<h2 id="saves-list-title">{escape(t("saves_list_heading"))}</h2>'
        f"{listing}</section>{files}"
    )
    result.root(page(t, t("saves_heading"), f'<div class="saves">{body}</div>', back=Route("home")))
    return result


def current_games(storage: Any) -> tuple[dict[str, dict[str, Any]], frozenset[str]]:
    """Each game's autosave that opens, summarised (games without one are left out), and
    the games whose latest save was damaged (they go on from the copy before it)."""
    found = {}
    recovered = set()
    for game in (found_game.name for found_game in GAMES):
        loaded = saves.in_progress(storage, game)
        if loaded.value is not None:
            found[game] = loaded.value
            if loaded.recovered:
                recovered.add(game)
    return found, frozenset(recovered)


def storage_notice(t: Translate, storage: Any, notice: Notice | None) -> Notice | None:
    """The screen's notice, or else why nothing can be stored (storage disabled)."""
    if notice is None and not saves.available(storage):
        return Notice(t("saves_error_storage_unavailable"), alert=True)
    return notice


class SavesScreen(QuietScreen):
    """The saved-games screen: its questions (``State``) and the saves' changes."""

    def __init__(self, context: Context) -> None:
        self.context = context
        self.state = State()

    def enter(self, route: Route) -> str | None:
        self.state = State()
        return None

    def render(self, notice: Notice | None) -> Page:
        t = self.context.t
        notice = storage_notice(t, self.storage, notice)
        current, recovered = current_games(self.storage)
        return screen(
            t,
            current=current,
            recovered=recovered,
            entries=saves.list_saves(self.storage),
            state=self.state,
            now=saves.now_iso(),
            offset_minutes=self.context.clock.utc_offset_minutes(),
            notice=notice,
        )

    def say(self, text: str, *, error: bool = False, focus: str = "saves-message") -> Outcome:
        return Outcome(notice=Notice(text, alert=error), focus=focus)

    def problem(self, problem: SaveProblem, focus: str = "saves-message") -> Outcome:
        return self.say(problem_text(self.context.t, problem), error=True, focus=focus)

    def dispatch(self, intent: Intent) -> Outcome | None:
        act, save_id = intent.name, intent.arg
        try:
            if act == "key":
                return self.escape() if save_id == "Escape" else None
            if act == "storage":
                return self.elsewhere(save_id)
            if act in ("save-as", "rename-save"):
                return self.submit(act, save_id, intent.fields.get("name", ""))
            if act == "import":
                return self.imported(intent)
            return self.on_save(act, save_id)
        except SaveProblem as problem:
            self.state = State()
            return self.problem(problem, focus=intent_text(act, save_id))

    def elsewhere(self, key: str) -> Outcome | None:
        """Another window changed the storage: the lists are drawn again, unless a
        question is open here (the player's answer would then be about another list)."""
        ours = not key or key.startswith("tablero.")
        state = self.state
        if not ours or state.renaming or state.deleting or state.opening:
            return None
        return Outcome(keep_notice=True)

    def escape(self) -> Outcome | None:
        """Escape closes an open question (rename, delete, open) like Cancel."""
        state = self.state
        asked = state.renaming or state.deleting or state.opening
        if not asked:
            return None
        self.state = State()
        return Outcome(focus=intent_text("open", asked), prevent_default=True)

    def on_save(self, act: str, save_id: str) -> Outcome | None:
        t = self.context.t
        if act == "export-all":
            return self.download(saves.list_saves(self.storage))
        if act == "cancel":
            self.state = State()
            return Outcome(focus=intent_text("open", save_id))
        if act not in (
            "rename",
            "delete",
            "delete-yes",
            "duplicate",
            "export",
            "export-record",
            "open",
            "open-yes",
        ):
            return None
        entry = saves.get(self.storage, save_id)
        if act == "rename":
            self.state = State(renaming=save_id)
            return Outcome(focus=f"saves-rename-{save_id}")
        if act == "delete":
            self.state = State(deleting=save_id)
            return Outcome(focus=intent_text("cancel", save_id))
        if act == "delete-yes":
            saves.delete(self.storage, save_id)
            self.state = State()
            return self.say(t("saves_deleted", name=entry.name))
        if act == "duplicate":
            copy = saves.duplicate(self.storage, save_id, t("saves_copy_name", name=entry.name))
            self.state = State()
            return self.say(
                t("saves_duplicated", name=copy.name), focus=intent_text("open", copy.id)
            )
        if act == "export":
            return self.download([entry])
        if act == "export-record":
            return self.download_record(entry)
        if act == "open" and self.replaces_another_game(entry):
            self.state = State(opening=save_id)
            return Outcome(focus=intent_text("open-yes", save_id))
        return self.open(save_id)

    def replaces_another_game(self, entry: Entry) -> bool:
        """Whether opening ``entry`` would replace a different unfinished game."""
        playing = saves.in_progress(self.storage, entry.game)
        unfinished = playing.value is not None and playing.value.get("stage") != "over"
        return unfinished and json.dumps(entry.session, sort_keys=True) != json.dumps(
            parse_json(playing.text or "null"), sort_keys=True
        )

    def submit(self, kind: str, target: str, name: str) -> Outcome:
        t = self.context.t
        try:
            if kind == "save-as":
                playing = saves.in_progress(self.storage, target).text
                entry = saves.save_as(self.storage, target, playing, name)
                self.state = State()
                return self.say(
                    t("saves_saved", name=entry.name), focus=intent_text("open", entry.id)
                )
            entry = saves.rename(self.storage, target, name)
            self.state = State()
            return self.say(
                t("saves_renamed", name=entry.name), focus=intent_text("rename", target)
            )
        except SaveProblem as problem:
            # Keep the form as it was (the player's typing too) and say what went wrong.
            self.state.typed = {target: name}
            field_id = f"saves-name-{target}" if kind == "save-as" else f"saves-rename-{target}"
            return self.problem(problem, focus=field_id)

    def imported(self, intent: Intent) -> Outcome:
        t = self.context.t
        self.state = State()
        if intent.value == "reading":
            # Said on screen too: checking a large file takes seconds.
            return Outcome(notice=Notice(t("saves_reading_files")))
        if intent.data is None:
            return self.say(t("error_body"), error=True)
        files = [(name, text) for name, text, _size in intent.data]
        sizes = [size for _name, _text, size in intent.data]
        try:
            entries = saves.import_files(self.storage, files, sizes=sizes)
        except SaveProblem as problem:
            return self.problem(problem)  # the message, at the top, takes the focus
        if len(entries) == 1:
            return self.say(
                t("saves_imported_one", name=entries[0].name),
                focus=intent_text("open", entries[0].id),
            )
        return self.say(t("saves_imported_many", count=len(entries)), focus="saves-list-title")

    def open(self, save_id: str) -> Outcome:
        entry = saves.open_save(self.storage, save_id)
        self.context.forget(entry.game)
        self.state = State()
        return Outcome(address=f"#/{entry.game}/continue")

    def download_record(self, entry: Entry) -> Outcome | None:
        found = spec(entry.game)
        written = found.write_record(entry.session) if found and found.write_record else None
        if written is None:
            return None
        return self.send(*written)

    def download(self, entries: list[Entry]) -> Outcome:
        return self.send(saves.file_name(entries), saves.export_text(entries))

    def send(self, name: str, text: str) -> Outcome:
        """A file for the player's downloads, and the message that says so."""
        self.state = State()
        return Outcome(
            notice=Notice(self.context.t("saves_exported", file=name)),
            focus="saves-message",
            download=(name, text),
        )
