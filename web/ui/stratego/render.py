"""Stratego screens as pages of sections (:class:`ui.loop.Page`), from a session and the
engine's views (no browser import).

Every square is a section, ``<button id="sq-e4" data-intent="square e4">``, so a tap
that selects a piece or plays a move changes only the squares it touched (and the side
panel's parts that say so). Hidden enemy pieces are drawn from the view, whose
``letter`` is None for them: no rank can reach the page, not even in an attribute.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from html import escape
from typing import Any

from engine.stratego import (
    ARMIES,
    ARMY_NAMES,
    LAKE_NAMES,
    PIECE_KINDS,
    PIECES,
    Options,
    ai,
    builtin_setups,
)
from ui.computer import PERSON, seat_select, thinking_html
from ui.html import INTENT, Markup, button, frame, icon, link, remember_last
from ui.i18n import name_key
from ui.icons import ICONS
from ui.loop import Notice, Page, intent_text
from ui.motion import Fighter, Motion
from ui.stratego.session import (
    ISF_TWO_SQUARES,
    OPTION_NAMES,
    PLAYERS,
    Message,
    NewGameForm,
    Session,
    other,
)
from ui.stratego.setup_board import square_of

Translate = Callable[..., str]
FILES = "abcdefghij"
LAKES = frozenset(LAKE_NAMES)
RULES_HREF = "#/rules/stratego"
#: The review of the game in the autosave (the game just over).
REVIEW_HREF = "#/review/game-stratego"


@dataclass(frozen=True)
class Ui:
    """What every drawing function needs: strings, language and numbering (hashable, so
    the parts that depend only on it and on a piece are drawn once and reused)."""

    t: Translate
    language: str
    numbering: str

    def rank(self, letter: str) -> str:
        kind = PIECES[letter]
        return kind.american if self.numbering == "american" else kind.european

    def name(self, letter: str) -> str:
        return self.t(name_key("stratego_piece", letter))

    def label(self, letter: str) -> str:
        """Name and rank, e.g. "Marshal (10)"; Bomb and Flag by name only."""
        rank = self.rank(letter)
        if letter in ("B", "F"):
            return self.name(letter)
        return f"{self.name(letter)} ({rank})"

    def army(self, player: str) -> str:
        return self.t(f"stratego_army_{player}")


def e(text: object) -> str:
    return escape(str(text), quote=True)


def svg(name: str, css_class: str = "icon") -> str:
    return icon(name, css_class)


def message_text(ui: Ui, message: Message) -> str:
    """A message in the player's language; engine errors by code, letters as names."""
    params: dict[str, Any] = {}
    for key, value in message.params.items():
        if key == "piece" and isinstance(value, str) and value in PIECES:
            params[key] = ui.label(value)
        elif key in ("missing", "extra") and isinstance(value, dict):
            params[key] = ", ".join(
                f"{count} × {ui.label(letter)}" for letter, count in value.items()
            )
        else:
            params[key] = value
    if message.key in ("stratego_error_piece_count",):
        params = {"missing": params.get("missing") or "–", "extra": params.get("extra") or "–"}
    try:
        text = ui.t(message.key, **params) if params else ui.t(message.key)
    except (KeyError, IndexError, ValueError):
        return ui.t("stratego_error_unknown")
    if text == message.key:  # an engine code without a translation: still say something
        return ui.t("stratego_error_unknown")
    return text


# --------------------------------------------------------------------- pieces


def tile(
    ui: Ui,
    owner: str,
    letter: str | None,
    *,
    known: bool = False,
    moved: bool = False,
    marks: bool = True,
) -> str:
    """A piece tile: rank and kind icon, or only the army's emblem when hidden."""
    parts = [
        f'<span class="tile tile-{owner}{"" if letter else " tile-hidden"}" aria-hidden="true">'
    ]
    if letter is None:
        parts.append(svg(f"emblem_{owner}", "emblem"))
    else:
        rank = ui.rank(letter)
        # "10" narrower, so the "known" badge in the corner never covers a digit.
        wide = " rank-wide" if len(rank) > 1 else ""
        parts.append(f'<span class="rank{wide}">{e(rank)}</span>')
        if letter in ICONS:
            parts.append(svg(letter, "kind"))
        parts.append(svg(f"emblem_{owner}", "mini-emblem"))
    if marks and known:
        parts.append(f'<span class="mark mark-known">{svg("known", "mark-icon")}</span>')
    if marks and moved and letter is None:
        parts.append(f'<span class="mark mark-moved">{svg("moved", "mark-icon")}</span>')
    parts.append("</span>")
    return "".join(parts)


def piece_description(ui: Ui, viewer: str | None, info: dict[str, Any]) -> str:
    owner, letter = info["owner"], info["letter"]
    t = ui.t
    if viewer is None:  # everything revealed
        return t("stratego_piece_of_army", piece=ui.label(letter), army=ui.army(owner))
    if owner == viewer:
        text = t("stratego_piece_own", piece=ui.label(letter))
        if info.get("known"):
            text += t("stratego_suffix_known_to_enemy")
        return text
    if letter is None:
        text = t("stratego_piece_enemy_hidden")
    else:
        text = t("stratego_piece_enemy_known", piece=ui.label(letter))
    if info.get("moved"):
        text += t("stratego_suffix_moved")
    return text


# --------------------------------------------------------------------- board


def orientation(player: str) -> tuple[list[int], list[str]]:
    """Ranks top to bottom and files left to right as ``player`` sees the board."""
    if player == "blue":
        return list(range(1, 11)), list(reversed(FILES))
    return list(range(10, 0, -1)), list(FILES)


def square_html(
    ui: Ui,
    square: str,
    info: dict[str, Any] | None,
    viewer: str | None,
    classes: Iterable[str] = (),
    *,
    setup: bool = False,
) -> str:
    """One board square: a lake, or a button with its piece (if any). On the setup
    board a square takes dropped pieces, and its piece can be dragged away."""
    piece = None
    if info is not None:
        piece = (info["owner"], info["letter"], bool(info.get("known")), bool(info.get("moved")))
    return _square(ui, square, piece, viewer, tuple(classes), setup)


Piece = tuple[str, str | None, bool, bool]


@lru_cache(maxsize=16)
def drawn_squares(ui: Ui, viewer: str | None, setup: bool) -> dict[Any, str]:
    """The squares already drawn for one language, numbering and viewer, by square,
    piece and marks: a tap redraws the board from this memory in a fraction of a
    millisecond, and only squares never seen so far are drawn anew."""
    return {}


def _square(
    ui: Ui,
    square: str,
    piece: Piece | None,
    viewer: str | None,
    classes: tuple[str, ...],
    setup: bool,
) -> str:
    drawn = drawn_squares(ui, viewer, setup)
    key = (square, piece, classes)
    markup = drawn.get(key)
    if markup is None:
        if len(drawn) > 4096:
            drawn.clear()
        markup = drawn[key] = _draw_square(ui, square, piece, viewer, classes, setup)
    return markup


def _draw_square(
    ui: Ui, square: str, piece: Piece | None, viewer: str | None, classes: Any, setup: bool
) -> str:
    if square in LAKES:
        return f'<div class="sq lake" id="sq-{square}" title="{e(ui.t("stratego_lake"))}"></div>'
    css = ["sq", *classes]
    label = [square]
    content = ""
    if piece is not None:
        owner, letter, known, moved = piece
        label.append(
            piece_description(
                ui, viewer, {"owner": owner, "letter": letter, "known": known, "moved": moved}
            )
        )
        content = tile(ui, owner, letter, known=known, moved=moved)
        css.append(f"has-{owner}")
    else:
        label.append(ui.t("stratego_empty_square"))
    for name, key in (
        ("sel", "stratego_state_selected"),
        ("dest", "stratego_state_destination"),
        ("dest-attack", "stratego_state_attack"),
        ("last", "stratego_state_last"),
    ):
        if name in css:
            label.append(ui.t(key))
    text = ", ".join(label)
    hooks: dict[str, object] = {"aria-label": text, "title": text}
    if setup:
        hooks["data-drop"] = square
        if piece is not None:
            hooks["data-drag"] = square
    return button(
        Markup(content),
        intent_text("square", square),
        css=" ".join(css),
        element_id=f"sq-{square}",
        attributes=hooks,
    )


def board_marks(session: Session, view: dict[str, Any] | None) -> dict[str, list[str]]:
    """CSS classes per square: selection, destinations, the last move."""
    marks: dict[str, list[str]] = {}
    if view is not None and view.get("last_move"):
        last = view["last_move"]
        for square in (last["from"], last["to"]):
            marks.setdefault(square, []).append("last")
    if session.selected:
        marks.setdefault(session.selected, []).append("sel")
    pieces = view["pieces"] if view is not None else {}
    for square in session.targets:
        marks.setdefault(square, []).append("dest-attack" if square in pieces else "dest")
    return marks


def board_section(
    page: Page,
    ui: Ui,
    view: dict[str, Any],
    viewer: str | None,
    side: str,
    marks: dict[str, list[str]],
    label: str,
) -> str:
    """The whole board seen from ``side`` (``viewer`` None reveals every rank's owner),
    each square a section of ``page``; returns the board's marker."""
    pieces = view["pieces"]
    drawn = drawn_squares(ui, viewer, False)
    cells = []
    # Every tap draws the whole board: this loop stays lean (a square seen before is
    # one dictionary look-up), see drawn_squares.
    for square, key, coord in board_order(side):
        if coord:
            cells.append(coord)
        info = pieces.get(square)
        piece = None
        if info is not None:
            piece = (info["owner"], info["letter"], info["known"], info["moved"])
        classes = tuple(marks[square]) if square in marks else ()
        markup = drawn.get((square, piece, classes))
        if markup is None:
            markup = _square(ui, square, piece, viewer, classes, False)
        cells.append(page.leaf(key, markup))
    files = orientation(side)[1]
    cells.append('<span class="coord" aria-hidden="true"></span>')
    cells.extend(f'<span class="coord coord-file" aria-hidden="true">{f}</span>' for f in files)
    return page.section(
        "st-board",
        f'<div class="board board-{side}" id="st-board" role="group" aria-label="{e(label)}">'
        + "".join(cells)
        + "</div>",
    )


@lru_cache(maxsize=2)
def board_order(side: str) -> tuple[tuple[str, str, str], ...]:
    """The squares in reading order as ``side`` sees them: (square, section key, the
    rank's coordinate before the row's first square or "")."""
    ranks, files = orientation(side)
    return tuple(
        (
            f"{file}{rank}",
            f"sq-{file}{rank}",
            f'<span class="coord coord-rank" aria-hidden="true">{rank}</span>'
            if column == 0
            else "",
        )
        for rank in ranks
        for column, file in enumerate(files)
    )


# --------------------------------------------------------------------- shared parts


def topbar(ui: Ui, title: str, army: str = "classic") -> str:
    """The top bar of every Stratego screen: home, the title (with the army's tag in a
    Barrage or Duel game), the rules."""
    t = ui.t
    rules = link(t("rules"), RULES_HREF, icon="rules", kind="button-quiet st-rules-link")
    if army != "classic":
        variant = e(t(f"stratego_variant_{army}"))
        rules = f'<span class="st-variant-tag" id="st-variant">{variant}</span>{rules}'
    return frame(
        title,
        "",
        back=("#/", t("home"), "home"),
        extra=rules,
        bar_class="topbar st-topbar",
        body_class=None,
    )


def warning(ui: Ui, save_failed: bool) -> str:
    """The autosave's refusal (storage full or disabled), at the top of every screen."""
    if not save_failed:
        return ""
    return (
        f'<p id="save-warning" class="st-warning" role="alert">'
        f"{e(ui.t('stratego_save_failed'))}</p>"
    )


def screen_page(name: str, ui: Ui, save_failed: bool, *, stage: str = "") -> tuple[Page, str]:
    """A new page of a Stratego screen, and the marker of its first section: the
    autosave's warning."""
    page = Page(f"stratego/{name}", stage=stage)
    return page, page.section("save-warning", warning(ui, save_failed))


def player_tag(session: Session, ui: Ui, player: str) -> str:
    """The name with the army ("Ana (Red)"), or just the army when that is the name; a
    computer's name already has brackets ("Computer (hard), Blue army")."""
    name = session.names[player]
    if name == ui.army(player):
        return name
    if session.computer_level(player) is not None:
        return ui.t("stratego_player_tag_computer", name=name, army=ui.army(player))
    return ui.t("stratego_player_tag", name=name, army=ui.army(player))


@lru_cache(maxsize=8)
def legend(ui: Ui, army: str = "classic") -> str:
    """Every kind of the army's pieces, how many each player has, and the marks."""
    counts = ARMIES[army].counts
    rows = "".join(
        f"<li>{tile(ui, 'red', kind.letter, marks=False)}"
        f'<span class="legend-name">{e(ui.name(kind.letter))}</span>'
        f'<span class="legend-count">×{counts[kind.letter]}</span></li>'
        for kind in PIECE_KINDS
        if counts[kind.letter]
    )
    marks = (
        f"<li>{tile(ui, 'blue', None, known=False, moved=True)}"
        f'<span class="legend-name">{e(ui.t("stratego_legend_moved"))}</span></li>'
        f"<li>{tile(ui, 'blue', '6', known=True)}"
        f'<span class="legend-name">{e(ui.t("stratego_legend_known"))}</span></li>'
    )
    return (
        f'<details class="card legend"><summary>{e(ui.t("stratego_legend"))}</summary>'
        f'<ul class="legend-list">{rows}{marks}</ul></details>'
    )


def chosen_options(ui: Ui, names: Iterable[str]) -> str:
    """The optional rules switched on (``OPTION_NAMES`` and ``ISF_TWO_SQUARES``), by
    their names in the form's order; empty when none is."""
    on = set(names)
    return ", ".join(
        ui.t(f"stratego_option_{name}") for name in (*OPTION_NAMES, ISF_TWO_SQUARES) if name in on
    )


@lru_cache(maxsize=8)
def options_line(ui: Ui, game_options: Options) -> str:
    options = game_options.to_dict()
    on = [name for name in OPTION_NAMES if options.get(name)]
    if options.get("two_squares_limit") == 3:
        on.append(ISF_TWO_SQUARES)
    text = chosen_options(ui, on) or ui.t("stratego_options_none")
    return f'<p class="hint st-options">{e(ui.t("stratego_options_in_play", options=text))}</p>'


# --------------------------------------------------------------------- new game


def message_html(notice: Notice | None, key: str = "st-message") -> str:
    """Where a screen says what a tap did (the loop's notice)."""
    css = "st-message alert" if notice is not None and notice.alert else "st-message"
    text = e(notice.text) if notice is not None else ""
    return f'<p id="{key}" class="{css}" role="status" aria-live="polite">{text}</p>'


def new_game_page(ui: Ui, form: NewGameForm, notice: Notice | None) -> Page:
    """Names, who plays each army (a person or the computer at a level), optional rules
    and numbering: one form, whose fields every intent from it carries."""
    t = ui.t
    page = Page("stratego/new")
    name_fields = "".join(
        f'<div class="st-seat st-seat-{p}">'
        f'<label class="field"><span>{e(t("stratego_name_of", army=ui.army(p)))}</span>'
        f'<span class="field-row">{tile(ui, p, None, marks=False)}'
        f'<input type="text" id="st-name-{p}" name="name-{p}" maxlength="24" '
        f'autocomplete="off" value="{e(form.names[p])}"></span></label>'
        + seat_select(
            t,
            label=t("stratego_seat_of", army=ui.army(p)),
            levels=ai.SEAT_LEVELS,
            chosen=form.seats.get(p, PERSON),
            attributes=f'id="st-seat-{p}" name="seat-{p}" {INTENT}="seat {p}"',
        )
        + "</div>"
        for p in PLAYERS
    )
    players = page.section(
        "st-players",
        f'<fieldset class="card choices" id="st-players"><legend>{e(t("stratego_players"))}'
        f"</legend>{name_fields}</fieldset>",
    )
    option_rows = "".join(
        f'<label class="choice option"><input type="checkbox" id="st-opt-{name}" '
        f'name="option-{name}" {INTENT}="options"{" checked" if name in form.options else ""}>'
        f"<span><strong>{e(t(f'stratego_option_{name}'))}</strong>"
        f'<span class="hint">{e(t(f"stratego_option_{name}_help"))}</span></span></label>'
        for name in (*OPTION_NAMES, ISF_TWO_SQUARES)
    )
    armies = "".join(
        f'<label class="choice st-army-choice"><input type="radio" name="st-army" '
        f'id="st-army-{army}" value="{army}"{" checked" if army == form.army else ""}>'
        f"<span><strong>{e(t(f'stratego_variant_{army}'))}</strong>"
        f'<span class="hint">{e(t(f"stratego_variant_{army}_help"))}</span></span></label>'
        for army in ARMY_NAMES
    )
    army = page.section(
        "st-army",
        f'<fieldset class="card choices st-armies" id="st-army">'
        f"<legend>{e(t('stratego_variant'))}</legend>"
        f'<div class="st-army-list">{armies}</div></fieldset>',
    )
    numberings = "".join(
        f'<label class="choice"><input type="radio" name="st-numbering" value="{value}"'
        f"{' checked' if value == form.numbering else ''}>"
        f"<span>{e(t(f'numbering_{value}'))}</span></label>"
        for value in ("european", "american")
    )
    # Sections of their own: what is ticked is drawn again, and only that part (the
    # disclosure around them stays open). Folded, the optional rules are one line saying
    # which are on, so the whole form fits a tablet's screen.
    chosen = chosen_options(ui, form.options)
    summary = t("stratego_optional_rules_on", options=chosen) if chosen else ""
    options_summary = page.section(
        "st-options-summary",
        f'<span class="hint" id="st-options-summary">'
        f"{e(summary or t('stratego_optional_rules_help'))}</span>",
    )
    option_list = page.section(
        "st-option-list",
        f'<div class="choices" id="st-option-list">'
        f'<p class="hint"><a href="{RULES_HREF}">{e(t("stratego_read_rules"))}</a></p>'
        f"{option_rows}</div>",
    )
    options = page.section(
        "st-options",
        f'<details class="card st-options-box" id="st-options"><summary>'
        f'<span class="st-options-title">{e(t("stratego_optional_rules"))}</span>'
        f"{options_summary}</summary>{option_list}</details>",
    )
    numbering = page.section(
        "st-numbering",
        f'<fieldset class="card choices" id="st-numbering">'
        f"<legend>{e(t('settings_numbering'))}</legend>{numberings}</fieldset>",
    )
    body = (
        f'<form class="screen-body st-new">{army}{players}{options}{numbering}'
        # Where "at least one person" is said, next to the button that needs it.
        + page.section("st-message", message_html(notice))
        + '<div class="button-row st-new-actions">'
        + button(t("stratego_start_setup"), "new-start", icon="use", primary=True)
        + "</div></form>"
    )
    page.root(topbar(ui, t("new_game_of", game=t("game_stratego"))) + body)
    return page


# --------------------------------------------------------------------- cover


def cover_page(ui: Ui, session: Session, save_failed: bool = False) -> Page:
    """The pass-the-tablet cover: nothing of the game, only who takes the tablet."""
    t = ui.t
    player = session.player
    name = session.names[player]
    if session.stage == "setup":
        lead = t(
            "stratego_cover_setup",
            name=name,
            army=ui.army(player),
            other=session.names[other(player)],
        )
    elif session.stage == "draw_offer":
        lead = t("stratego_cover_draw_offer", name=session.names[other(player)])
    else:
        lead = t("stratego_cover_turn", name=name, army=ui.army(player))
    note = ""
    if session.note == "draw_declined":
        declined = t("stratego_draw_declined", name=session.names[other(player)])
        note = f'<p class="cover-note">{e(declined)}</p>'
    if session.stage == "draw_offer":
        actions = button(
            t("stratego_draw_accept"), "draw-accept", icon="check", primary=True
        ) + button(t("stratego_draw_decline"), "draw-decline", icon="clear")
    else:
        actions = button(
            t("stratego_cover_reveal", name=name), "reveal", icon="handover", primary=True
        )
    page, top = screen_page(f"cover/{player}/{session.stage}", ui, save_failed, stage="cover")
    page.root(
        f'{top}<section class="cover cover-{player}" id="st-cover" aria-labelledby="screen-title">'
        f'<div class="cover-emblem">{svg(f"emblem_{player}", "cover-icon")}</div>'
        f'<p class="cover-army">{e(ui.army(player))}</p>'
        f'<h1 id="screen-title" tabindex="-1">{e(t("stratego_pass_to", name=name))}</h1>'
        f'<p class="cover-lead">{e(lead)}</p>{note}'
        f'<div class="cover-actions">{actions}</div>'
        f'<a class="cover-home" href="#/">{e(t("home"))}</a>'
        "</section>"
    )
    return page


# --------------------------------------------------------------------- setup


def computer_setup_page(ui: Ui, session: Session, save_failed: bool = False) -> Page:
    """While the computer sets up its army: nothing of it, only that it is busy."""
    t = ui.t
    player = session.player
    name, army = session.names[player], ui.army(player)
    page, top = screen_page("computer-setup", ui, save_failed, stage="setup")
    page.root(
        top
        + topbar(ui, t("stratego_computer_setup_title", name=name), session.army)
        + f'<div class="card st-computer-setup st-{player}">'
        + thinking_html(t, name)
        + f'<p class="hint">{e(t("stratego_computer_sets_up", name=name, army=army))}</p>'
        + "</div>"
    )
    return page


def setup_board_section(page: Page, ui: Ui, session: Session) -> str:
    """The player's setup area, the front rank (next to the lakes) on top; each cell a
    section that takes dropped pieces."""
    player = session.player
    cells = []
    for row in range(3, -1, -1):
        for column in range(10):
            index = row * 10 + column
            square = square_of(player, index)
            cells.append(page.section(f"sq-{square}", setup_cell_html(ui, session, index)))
    ranks, files = orientation(player)
    ranks = [r for r in ranks if (r <= 4 if player == "red" else r >= 7)]
    rows: list[str] = []
    for position, rank in enumerate(ranks):
        rows.append(f'<span class="coord coord-rank" aria-hidden="true">{rank}</span>')
        rows.extend(cells[position * 10 : position * 10 + 10])
    rows.append('<span class="coord" aria-hidden="true"></span>')
    rows.extend(f'<span class="coord coord-file" aria-hidden="true">{f}</span>' for f in files)
    board = page.section(
        "st-board",
        f'<div class="board setup-board" id="st-board" role="group" '
        f'aria-label="{e(ui.t("stratego_setup_area"))}">{"".join(rows)}</div>',
    )
    return (
        f'<p class="setup-front hint">{e(ui.t("stratego_setup_front"))}</p>{board}'
        f'<p class="setup-back hint">{e(ui.t("stratego_setup_back"))}</p>'
    )


def setup_cell_html(ui: Ui, session: Session, index: int) -> str:
    player = session.player
    letter = session.boards[player].cells[index]
    square = square_of(player, index)
    info = None if letter is None else {"owner": player, "letter": letter}
    selected = ("sel",) if session.setup_cell == index else ()
    return square_html(ui, square, info, player, selected, setup=True)


def tray_html(ui: Ui, session: Session) -> str:
    """The pieces still to place, by kind; a kind is picked by a tap or dragged."""
    t = ui.t
    remaining = session.board.remaining()
    items = []
    for letter, count in remaining.items():
        label = t("stratego_tray_item", piece=ui.label(letter), count=count)
        hooks: dict[str, object] = {"aria-label": label, "title": label}
        if count:
            hooks["data-drag"] = letter
        content = Markup(
            f"{tile(ui, session.player, letter, marks=False)}"
            f'<span class="tray-name">{e(ui.name(letter))}</span>'
            f'<span class="tray-count">×{count}</span>'
        )
        css = "tray-piece tray-empty" if count == 0 else "tray-piece"
        items.append(
            "<li>"
            + button(
                content,
                intent_text("tray", letter),
                css=css,
                pressed=session.tray_letter == letter,
                attributes=hooks,
            )
            + "</li>"
        )
    return (
        f'<div class="card tray" id="st-tray" data-drop="tray"><h2>{e(t("stratego_tray"))}</h2>'
        f'<p class="hint">{e(t("stratego_tray_help"))}</p>'
        f'<ul class="tray-list">{"".join(items)}</ul></div>'
    )


def setup_status(ui: Ui, session: Session) -> str:
    board = session.board
    error = board.error()
    if error is None:
        text = ui.t("stratego_setup_ready_hint")
        css = "ok"
    elif board.is_empty():
        text = ui.t("stratego_setup_empty_hint", count=sum(board.counts.values()))
        css = "todo"
    elif error.code == "wrong_length" and board.army != "classic":
        # A small army's few missing pieces, by name (a classic tray says it by itself).
        missing = [(letter, count) for letter, count in board.remaining().items() if count]
        pieces = ", ".join(f"{count} × {ui.label(letter)}" for letter, count in missing)
        text = ui.t("stratego_setup_still_to_place", pieces=pieces)
        css = "todo"
    else:
        text = message_text(ui, Message(f"stratego_error_{error.code}", dict(error.params)))
        css = "todo"
    return (
        f'<div id="st-setup-status" role="status">'
        f'<p class="st-setup-status {css}">{e(text)}</p></div>'
    )


def builtin_label(ui: Ui, name: str) -> str:
    key = "stratego_builtin_" + name.lower().replace(" ", "_")
    text = ui.t(key)
    return name if text == key else text


def setup_tools(
    ui: Ui, page: Page, legal: bool, saved: dict[str, str], army: str = "classic"
) -> str:
    """Clear, fill at random, a ready-made or saved setup (of the game's army), save this
    one by name: one form, whose fields (the setup chosen, the name typed) its buttons'
    intents carry."""
    t = ui.t
    options = [
        f'<option value="builtin:{e(name)}">{e(builtin_label(ui, name))}</option>'
        for name in builtin_setups(army)
    ]
    if army == "classic":  # people's setups on Gravon are all of the classic army
        options.append(f'<option value="human">{e(t("stratego_setup_human"))}</option>')
    if saved:
        options.append(f'<optgroup label="{e(t("stratego_setup_saved_group"))}">')
        options.extend(f'<option value="saved:{e(name)}">{e(name)}</option>' for name in saved)
        options.append("</optgroup>")
    save = page.section(
        "st-setup-save",
        button(
            t("stratego_setup_save"),
            "setup-save",
            icon="save",
            disabled=not legal,
            element_id="st-setup-save",
        ),
    )
    return page.section(
        "st-tools",
        '<form class="card setup-tools" id="st-tools">'
        '<div class="button-row">'
        + button(t("stratego_setup_clear"), "setup-clear", icon="clear")
        + button(t("stratego_setup_fill"), "setup-fill", icon="dice")
        + "</div>"
        f'<label class="field"><span>{e(t("stratego_setup_choose"))}</span>'
        f'<span class="field-row"><select id="st-preset" name="preset">{"".join(options)}'
        "</select>" + button(t("stratego_setup_use"), "setup-use", icon="use") + "</span></label>"
        f'<label class="field"><span>{e(t("stratego_setup_save_as"))}</span>'
        '<span class="field-row"><input type="text" id="st-setup-name" name="setup-name" '
        f'maxlength="40" autocomplete="off" '
        f'placeholder="{e(t("stratego_setup_name_placeholder"))}">{save}'
        "</span></label></form>",
    )


def setup_ready(ui: Ui, page: Page, session: Session, legal: bool, notice: Notice | None) -> str:
    """What is still wrong with the setup (the engine's words), and the Ready button."""
    status = page.section("st-setup-status", setup_status(ui, session))
    extra = page.section("st-setup-extra", message_html(notice, "st-setup-extra"))
    return page.section(
        "st-setup-ready",
        f'<div class="card setup-ready" id="st-setup-ready">{status}{extra}'
        + button(
            ui.t("stratego_setup_done"),
            "setup-ready",
            icon="check",
            primary=True,
            disabled=not legal,
        )
        + "</div>",
    )


def setup_page(
    ui: Ui,
    session: Session,
    saved: dict[str, str],
    notice: Notice | None,
    save_failed: bool = False,
) -> Page:
    t = ui.t
    player = session.player
    page, top = screen_page(f"setup/{player}", ui, save_failed, stage="setup")
    legal = session.board.error() is None
    title = t("stratego_setup_title", name=session.names[player], army=ui.army(player))
    board = setup_board_section(page, ui, session)
    ready = setup_ready(ui, page, session, legal, notice)
    tray = page.section("st-tray", tray_html(ui, session))
    tools = setup_tools(ui, page, legal, saved, session.army)
    page.root(
        top
        + topbar(ui, title, session.army)
        + f'<div class="st-layout st-setup st-{player}">'
        + f'<section class="board-wrap">{board}</section>'
        + f'<div class="setup-controls">{ready}{tools}</div>'
        + f'<aside class="side">{tray}</aside></div>'
    )
    return page


# --------------------------------------------------------------------- play


OUTCOME_KEYS = {
    "attacker_won": "stratego_outcome_attacker_won",
    "defender_won": "stratego_outcome_defender_won",
    "both_removed": "stratego_outcome_both_removed",
}


def attack_panel(ui: Ui, last: dict[str, Any], reveal: bool = False) -> str:
    attack = last["attack"]
    attacker_owner = last["player"]
    defender_owner = other(attacker_owner)
    attacker, defender = last["piece"], attack["defender"]

    def fighter(role: str, owner: str, letter: str | None) -> str:
        if letter is None:
            name = e(ui.t("stratego_piece_unrevealed", army=ui.army(owner)))
        else:
            # The tile's emblem shows the army; said in words to screen readers only, so
            # the report stays short enough to fit under the board on a tablet.
            full = ui.t("stratego_piece_of_army", piece=ui.label(letter), army=ui.army(owner))
            name = (
                f'<span aria-hidden="true">{e(ui.label(letter))}</span>'
                f'<span class="visually-hidden">{e(full)}</span>'
            )
        return (
            f'<figure class="fighter">{tile(ui, owner, letter, marks=False)}'
            f'<figcaption><span class="role">{e(ui.t(role))}</span> {name}</figcaption></figure>'
        )

    del reveal
    return (
        f'<div class="attack" role="group" aria-label="{e(ui.t("stratego_attack"))}">'
        f'<div class="fighters">{fighter("stratego_attacker", attacker_owner, attacker)}'
        f'<span class="versus">{svg("swords", "versus-icon")}</span>'
        f"{fighter('stratego_defender', defender_owner, defender)}</div>"
        f'<p class="outcome outcome-{attack["outcome"]}"><strong>'
        f"{e(ui.t(OUTCOME_KEYS[attack['outcome']]))}</strong></p></div>"
    )


def move_motion(ui: Ui, last: dict[str, Any], viewer: str | None) -> Motion:
    """A view's ``last_move`` in motion for ``viewer`` (None: everything shown): an
    attack's tiles show what the viewer saw before (their own piece's rank, the enemy's
    emblem) and turn to what the engine revealed to them, never more."""
    if not last["attack"]:
        return Motion(last["from"], last["to"])
    attack, mover = last["attack"], last["player"]
    outcome = attack["outcome"]

    def fighter(owner: str, letter: str | None, loses: bool) -> Fighter:
        seen = letter if viewer in (owner, None) else None
        return Fighter(
            tile(ui, owner, seen, marks=False), tile(ui, owner, letter, marks=False), loses
        )

    return Motion(
        last["from"],
        last["to"],
        attacker=fighter(mover, last["piece"], outcome != "attacker_won"),
        defender=fighter(other(mover), attack["defender"], outcome != "defender_won"),
    )


def report_html(ui: Ui, session: Session, view: dict[str, Any], viewer: str | None) -> str:
    """What the last move did, told to ``viewer`` (None: to everyone at the end).

    Against the computer, once it has replied, the person's own move comes first (its
    attack's outcome would otherwise vanish at once), then the reply."""
    t = ui.t
    last = view.get("last_move")
    if not last:
        if session.stage == "turn":
            return f"<p>{e(t('stratego_first_move', name=session.names[session.player]))}</p>"
        return ""
    own = session.own_move_before_reply() if viewer is not None else None
    if own is None:
        return move_report(ui, session, last, viewer)
    reply = t("stratego_their_reply", name=session.names[last["player"]])
    own_outcome = own["attack"]["outcome"] if own["attack"] else None
    return (
        '<div class="st-exchanges">'
        f'<section class="st-exchange st-own-move"><h3>{e(t("stratego_your_last_move"))}</h3>'
        # A phone has room for one full report under the board: the latest, the reply.
        f'<p class="report-brief">{e(move_line(ui, own, own_outcome))}</p>'
        f'<div class="report-full">{move_report(ui, session, own, viewer)}</div></section>'
        f'<section class="st-exchange st-reply"><h3>{e(reply)}</h3>'
        f"{move_report(ui, session, last, viewer)}</section></div>"
    )


def move_report(ui: Ui, session: Session, last: dict[str, Any], viewer: str | None) -> str:
    """One board move (a view's ``last_move``) in words, with the attack side by side."""
    t = ui.t
    mover = last["player"]
    squares = {"from": last["from"], "to": last["to"]}
    mine = viewer == mover
    if last["attack"]:
        key = "stratego_report_you_attacked" if mine else "stratego_report_attacked"
    else:
        key = "stratego_report_you_moved" if mine else "stratego_report_moved"
    if not last["attack"] and last["piece"] and not mine:
        key = "stratego_report_moved_known"
    if viewer is None:  # the end of the game: told to both players
        key = "stratego_report_attacked_known" if last["attack"] else "stratego_report_moved_known"
    piece = ui.label(last["piece"]) if last["piece"] else ""
    text = t(key, name=session.names[mover], piece=piece, **squares)
    parts = [f'<p class="report-text">{e(text)}</p>']
    if last["attack"]:
        parts.append(attack_panel(ui, last))
    rescue = last.get("rescue")
    if rescue:
        if rescue["piece"] and (mine or viewer is None):
            text = t(
                "stratego_report_rescued", piece=ui.label(rescue["piece"]), square=rescue["square"]
            )
        else:
            text = t(
                "stratego_report_rescued_hidden", name=session.names[mover], square=rescue["square"]
            )
        parts.append(f'<p class="report-text">{e(text)}</p>')
    return "".join(parts)


def graveyards_html(ui: Ui, session: Session, view: dict[str, Any]) -> str:
    tags = tuple(player_tag(session, ui, owner) for owner in PLAYERS)
    return _graveyards(ui, tags, view["graveyards"])


@remember_last
def _graveyards(ui: Ui, tags: tuple[str, ...], graveyards: dict[str, Any]) -> str:
    t = ui.t
    blocks = []
    for owner, tag in zip(PLAYERS, tags, strict=True):
        grave = graveyards[owner]
        unknown = t("stratego_piece_unrevealed", army=ui.army(owner))
        heading = t("stratego_graveyard_of", name=tag)
        captured = grave["captured"]
        rescued = grave["rescued"]
        tiles = (
            "".join(
                f'<li title="{e(ui.label(letter) if letter else unknown)}">'
                f"{tile(ui, owner, letter, marks=False)}</li>"
                for letter in captured
            )
            or f'<li class="hint">{e(t("stratego_graveyard_empty"))}</li>'
        )
        extra = ""
        if rescued:
            names = [ui.label(letter) for letter in rescued if letter]
            text = t("stratego_rescued_count", count=len(rescued))
            if names:
                text += ": " + ", ".join(names)
            extra = f'<p class="hint">{e(text)}</p>'
        blocks.append(
            f'<div class="grave grave-{owner}"><h3>{e(heading)}'
            f' <span class="count">({len(captured)})</span></h3>'
            f'<ul class="grave-list">{tiles}</ul>{extra}</div>'
        )
    return (
        '<section class="card graveyards" id="st-graves">'
        f"<h2>{e(t('stratego_graveyards'))}</h2>{''.join(blocks)}</section>"
    )


def move_list_html(ui: Ui, view: dict[str, Any]) -> str:
    return _move_list(ui, view["history"])


def move_line(ui: Ui, move: dict[str, Any], outcome: str | None) -> str:
    """A board move in a few words, as the move list writes it ("Red: e4×e7, defender
    wins"); ``outcome`` for an attack."""
    squares = {"from": move["from"], "to": move["to"]}
    army = ui.army(move["player"])
    if outcome is None:
        return ui.t("stratego_movelist_move", army=army, **squares)
    short = ui.t(OUTCOME_KEYS[outcome] + "_short")
    return ui.t("stratego_movelist_attack", army=army, outcome=short, **squares)


#: How many of the last plays the move list shows: a long game's list stays as light to
#: draw as a short one's.
MOVE_LIST_SHOWN = 200


@remember_last
def _move_list(ui: Ui, history: list[dict[str, Any]]) -> str:
    t = ui.t
    first = max(0, len(history) - MOVE_LIST_SHOWN)
    body = "".join(
        _move_item(
            ui,
            number,
            move["player"],
            move.get("rescue"),
            None if "rescue" in move else (move["from"], move["to"]),
            move["outcome"] if move.get("attack") else None,
        )
        for number, move in enumerate(history[first:], start=first + 1)
    )
    body = body or f'<li class="hint">{e(t("stratego_movelist_empty"))}</li>'
    return (
        '<details class="card movelist" id="st-moves" open>'
        f"<summary>{e(t('stratego_movelist'))}</summary>"
        f'<ol class="moves">{body}</ol></details>'
    )


@lru_cache(maxsize=2 * MOVE_LIST_SHOWN)
def _move_item(
    ui: Ui,
    number: int,
    player: str,
    rescue: str | None,
    squares: tuple[str, str] | None,
    outcome: str | None,
) -> str:
    """One line of the move list, drawn once: each paint adds a line, not the list again."""
    if squares is None:
        text = ui.t("stratego_movelist_rescue", army=ui.army(player), square=rescue)
    else:
        move = {"player": player, "from": squares[0], "to": squares[1]}
        text = move_line(ui, move, outcome)
    return f'<li class="ml-{player}" value="{number}">{e(text)}</li>'


def resign_confirm_html(ui: Ui, session: Session) -> str:
    """The question "really resign?" naming the winner, and the two answers."""
    t = ui.t
    confirm = t("stratego_resign_confirm", name=session.names[other(session.viewer)])
    return (
        f'<p class="warn">{e(confirm)}</p>'
        '<div class="button-row">'
        + button(t("stratego_resign_yes"), "resign-yes", icon="resign")
        + button(t("stratego_resign_no"), "resign-no", icon="clear", primary=True)
        + "</div>"
    )


def actions_html(ui: Ui, session: Session) -> str:
    t = ui.t
    if session.solo and session.stage == "turn":
        return solo_actions_html(ui, session)
    if session.stage == "turn":
        if session.confirm_resign:
            return resign_confirm_html(ui, session)
        return (
            turn_hint(ui, session)
            + '<div class="button-row">'
            + see_again(ui, session)
            + button(t("stratego_offer_draw"), "offer-draw", icon="draw")
            + button(t("stratego_resign"), "resign", icon="resign")
            + "</div>"
        )
    if session.stage == "moved":
        if session.can_undo():
            undo = button(t("stratego_undo"), "undo", icon="undo")
        else:
            undo = f'<p class="hint">{e(t("stratego_no_undo_after_attack"))}</p>'
        choices = session.rescue_choices()
        if choices:
            pieces = "".join(
                button(
                    Markup(
                        f"{tile(ui, session.player, letter, marks=False)}"
                        f'<span class="tray-name">{e(ui.name(letter))}</span>'
                    ),
                    intent_text("rescue", letter),
                    css="tray-piece rescue-piece",
                    pressed=session.rescue_letter == letter,
                    attributes={"aria-label": ui.label(letter)},
                )
                for letter in choices
            )
            hint = "stratego_rescue_square" if session.rescue_letter else "stratego_rescue_pick"
            return (
                f"<h2>{e(t('stratego_rescue_title'))}</h2><p>{e(t(hint))}</p>"
                f'<div class="rescue-list">{pieces}</div><div class="button-row">'
                + button(t("stratego_rescue_none"), "rescue-none", icon="clear")
                + undo
                + "</div>"
            )
        if session.solo:  # the move goes to the computer by itself
            return f'<div class="button-row">{undo}</div>'
        return (
            '<div class="button-row">'
            + undo
            + button(
                t("stratego_hand_over", name=session.names[other(session.player)]),
                "hand-over",
                icon="handover",
                primary=True,
            )
            + "</div>"
        )
    return ""


def see_again(ui: Ui, session: Session) -> str:
    """Hot-seat: the opponent's last move, shown in motion once the cover is lifted, can
    be replayed."""
    last = session.view().get("last_move")
    if session.solo or not last or last["player"] == session.player:
        return ""
    return button(ui.t("stratego_see_again"), "recap", icon="resume")


def turn_hint(ui: Ui, session: Session) -> str:
    """How to move, until the first move is on the board (then the room goes to the
    last move's report)."""
    if session.view().get("last_move"):
        return ""
    return f'<p class="hint">{e(ui.t("stratego_turn_hint"))}</p>'


def solo_actions_html(ui: Ui, session: Session) -> str:
    """The person's turn against the computer: undo the last exchange, draw, resign.
    While the computer thinks (the expert for about a second), only resign."""
    t = ui.t
    if session.confirm_resign:
        return resign_confirm_html(ui, session)
    resign = button(t("stratego_resign"), "resign", icon="resign")
    if session.player != session.person:
        return f'<div class="button-row">{resign}</div>'
    undo = ""
    if session.can_undo():
        undo = button(t("stratego_undo"), "undo", icon="undo")
    elif session.undo_would_cross_attack():
        undo = f'<p class="hint">{e(t("stratego_no_undo_after_attack"))}</p>'
    return (
        turn_hint(ui, session)
        + '<div class="button-row">'
        + undo
        + button(t("stratego_offer_draw"), "offer-draw", icon="draw")
        + resign
        + "</div>"
    )


def status_html(ui: Ui, session: Session) -> str:
    t = ui.t
    if session.computer_to_act():
        return thinking_html(t, session.names[session.player])
    if session.stage == "moved":
        return f'<h2 class="status-line">{e(t("stratego_status_moved"))}</h2>'
    text = t("stratego_status_turn", name=session.names[session.player])
    return f'<h2 class="status-line">{e(text)}</h2>'


def status_section(
    page: Page, ui: Ui, session: Session, view: dict[str, Any], notice: Notice | None
) -> str:
    """The side panel's card: whose move, what the last move did (``st-report``), what
    the last tap said (``st-message``) and what may be done now (``st-actions``)."""
    report = page.section(
        "st-report", f'<div id="st-report">{report_html(ui, session, view, session.viewer)}</div>'
    )
    message = page.section("st-message", message_html(notice))
    actions = page.section("st-actions", f'<div id="st-actions">{actions_html(ui, session)}</div>')
    return page.section(
        "st-status",
        f'<div class="card status st-{session.viewer}" id="st-status">{status_html(ui, session)}'
        f"{report}{message}{actions}</div>",
    )


def play_page(
    ui: Ui, session: Session, notice: Notice | None = None, save_failed: bool = False
) -> Page:
    """The board as the viewer sees it: the player to move, or always the person
    against the computer (whose title stays put while the turns go back and forth)."""
    t = ui.t
    player = session.viewer
    view = session.view()
    if session.solo:
        title = t(
            "stratego_play_title_vs",
            name=session.names[player],
            opponent=player_tag(session, ui, other(player)),
        )
    else:
        title = t("stratego_play_title", name=player_tag(session, ui, player))
    label = t("stratego_board_label", army=ui.army(player))
    page, top = screen_page(f"play/{player}", ui, save_failed, stage=session.stage)
    board = board_section(page, ui, view, player, player, board_marks(session, view), label)
    status = status_section(page, ui, session, view, notice)
    graves = page.section("st-graves", graveyards_html(ui, session, view))
    moves = page.section("st-moves", move_list_html(ui, view))
    page.root(
        top
        + topbar(ui, title, session.army)
        + f'<div class="st-layout st-play st-{player}">'
        + f'<section class="board-wrap">{board}</section>'
        + f'<aside class="side">{status}{graves}{moves}'
        + legend(ui, session.army)
        + options_line(ui, session.options)
        + "</aside></div>"
    )
    return page


REASON_KEYS = {
    "flag_captured": "stratego_reason_flag_captured",
    "no_movable_pieces": "stratego_reason_no_movable_pieces",
    "no_legal_moves": "stratego_reason_no_legal_moves",
    "both_cannot_move": "stratego_reason_both_cannot_move",
    "agreed_draw": "stratego_reason_agreed_draw",
    "resigned": "stratego_reason_resigned",
}


def result_words(ui: Ui, session: Session, view: dict[str, Any]) -> tuple[str, str]:
    """Who won (or the draw) and why, from a view of the game's end."""
    t = ui.t
    result, reason = view["result"], view["end_reason"]
    if result == "draw":
        headline = t("stratego_result_draw")
    else:
        headline = t("stratego_result_winner", name=player_tag(session, ui, result))
    loser = other(result) if result in ("red", "blue") else "red"
    why = t(
        REASON_KEYS.get(reason, "stratego_reason_unknown"),
        winner=session.names.get(result, ""),
        loser=session.names[loser],
    )
    if reason == "agreed_draw" and session.computer is not None:
        # The person offered, the computer answered: say who agreed.
        why = t("stratego_draw_accepted_by", name=session.names[session.computer])
    return headline, why


def over_page(ui: Ui, session: Session, save_failed: bool = False) -> Page:
    """The end: who won and why, the whole board revealed, a rematch, a look back."""
    t = ui.t
    view = session.view("red")
    result = view["result"]
    headline, why = result_words(ui, session, view)
    winner_class = f" over-{result}"
    emblem = f"emblem_{result}" if result in ("red", "blue") else "draw"
    summary = (
        f'<div class="card over-card{winner_class}" id="st-result">'
        f"{svg(emblem, 'over-icon')}"
        f'<h2 id="st-headline">{e(headline)}</h2><p id="st-reason">{e(why)}</p>'
        f'<div id="st-report">{report_html(ui, session, view, None)}</div>'
        '<div class="button-row">'
        + button(t("stratego_rematch"), "rematch", icon="use", primary=True)
        + link(t("stratego_new_players"), "#/stratego/new", icon="use")
        + button(t("stratego_export_record"), "export-record", icon="save")
        + link(t("review_open"), REVIEW_HREF, icon="review")
        + "</div></div>"
    )
    label = t("stratego_board_revealed")
    page, top = screen_page("over", ui, save_failed, stage="over")
    board = board_section(page, ui, view, None, "red", board_marks(session, view), label)
    page.root(
        top
        + topbar(ui, t("stratego_over_title"), session.army)
        + '<div class="st-layout st-over">'
        + f'<section class="board-wrap">{board}</section>'
        + '<aside class="side">'
        + summary
        + graveyards_html(ui, session, view)
        + move_list_html(ui, view)
        + legend(ui, session.army)
        + "</aside></div>"
    )
    return page


ARROWS = {"ArrowUp": (0, 1), "ArrowDown": (0, -1), "ArrowLeft": (-1, 0), "ArrowRight": (1, 0)}


def neighbour(square: str, key: str, side: str, rows: int = 10) -> str | None:
    """The next square (lakes skipped) in an arrow key's direction as ``side`` sees it.

    >>> neighbour("e4", "ArrowUp", "red"), neighbour("e4", "ArrowUp", "blue")
    ('e5', 'e3')
    >>> neighbour("c4", "ArrowUp", "red"), neighbour("a4", "ArrowUp", "red", rows=4)
    ('c7', None)
    """
    step_file, step_rank = ARROWS[key]
    if side == "blue":
        step_file, step_rank = -step_file, -step_rank
    file, rank = FILES.index(square[0]), int(square[1:])
    low, high = (1, 10) if rows == 10 else ((1, 4) if side == "red" else (7, 10))
    while True:
        file, rank = file + step_file, rank + step_rank
        if not (0 <= file < 10 and low <= rank <= high):
            return None
        name = f"{FILES[file]}{rank}"
        if name not in LAKES:
            return name
