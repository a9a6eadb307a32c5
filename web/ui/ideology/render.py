"""Ideology screens as HTML from engine views (no browser import; tested on CPython).

Every dynamic text is escaped. Elements the player can use carry ``data-act`` (what the
controller does) and a value; the controller never reads the markup otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from typing import Any

from engine.ideology import ADVANCES, CARD_TYPES, IDEOLOGIES, PHASES, STATUSES, ai
from ui.computer import PERSON, is_computer, seat_select, thinking_html
from ui.icons import icon
from ui.ideology.session import Legal, Session
from ui.ideology.text import Translate, Words

MAX_PLAYERS = 5
TURN_LIMITS = (None, 1, 2, 3, 4, 5, 6, 8, 10, 15)
LOG_SHOWN = 40

_TYPE_ICONS = {
    # military: a shield; economic: a stack of coins; cultural: an open book
    "military": '<path d="M12 2.5l7.5 3v6c0 4.8-3.2 8.6-7.5 10.5C7.7 20.1 4.5 16.3 4.5 11.5v-6z"/>',
    "economic": (
        '<g fill="none" stroke="currentColor" stroke-width="2"><ellipse cx="12" cy="6" rx="7" '
        'ry="2.8"/><path d="M5 6v4.5c0 1.6 3.1 2.8 7 2.8s7-1.2 7-2.8V6M5 10.5V15c0 1.6 3.1 2.8 '
        '7 2.8s7-1.2 7-2.8v-4.5M5 15v3.2C5 19.8 8.1 21 12 21s7-1.2 7-2.8V15"/></g>'
    ),
    "cultural": (
        '<g fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round">'
        '<path d="M2.5 5.5C5.5 4 9 4 12 6c3-2 6.5-2 9.5-.5v14c-3-1.5-6.5-1.5-9.5.5-3-2-6.5-2'
        '-9.5-.5z"/><path d="M12 6v14"/></g>'
    ),
}
_ICONS = {
    "undo": (
        '<path d="M9 7L4 12l5 5M4 12h10a6 6 0 0 1 0 12" fill="none" stroke="currentColor" '
        'stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round" '
        'transform="translate(0 -3)"/>'
    ),
    "hand": (
        '<rect x="3" y="6" width="9" height="13" rx="1.5" transform="rotate(-12 7 12)"/>'
        '<rect x="11" y="4" width="9" height="13" rx="1.5" transform="rotate(8 15 10)" '
        'fill="none" stroke="currentColor" stroke-width="2"/>'
    ),
    "check": (
        '<path d="M5 12.5l4.5 4.5L19 7" fill="none" stroke="currentColor" stroke-width="2.6" '
        'stroke-linecap="round" stroke-linejoin="round"/>'
    ),
    "crown": '<path d="M3 18h18l-1.5-10-4.5 4-3-6-3 6-4.5-4z"/>',
}


def type_icon(card_type: str, css: str = "ig-type-icon") -> str:
    return (
        f'<svg class="{css}" viewBox="0 0 24 24" aria-hidden="true" focusable="false" '
        f'fill="currentColor">{_TYPE_ICONS[card_type]}</svg>'
    )


def ig_icon(name: str) -> str:
    return (
        f'<svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false" '
        f'fill="currentColor">{_ICONS[name]}</svg>'
    )


@dataclass
class Ui:
    """What the holder has picked on the screen (not part of the game)."""

    card_type: str | None = None
    focus: str | None = None  # region whose neighbours are highlighted
    defender: str | None = None
    attack_type: str | None = None
    pending: str | None = None  # an action awaiting confirmation
    advances: bool = False  # the advances panel is open
    full_log: bool = False  # the whole log, not only the latest entries
    notes: list[str] = field(default_factory=list)


def words_of(t: Translate, session: Session) -> Words:
    """Names as the screens show them, computer seats marked as such."""
    return Words(t, session.names, session.computers)


def badge(player: str, words: Words, *, big: bool = False) -> str:
    letter = IDEOLOGIES[player].letter
    size = " ig-badge-big" if big else ""
    return (
        f'<span class="ig-badge ig-p-{letter}{size}" title="{escape(words.ideology(player))}" '
        f'aria-hidden="true">{letter}</span>'
    )


def who(player: str, words: Words) -> str:
    """Badge + the player's name + ideology, for headings and lists."""
    name = words.names.get(player, "")
    ideology = escape(words.ideology(player))
    label = f"<b>{escape(name)}</b> <small>{ideology}</small>" if name else f"<b>{ideology}</b>"
    if player in words.computers:
        label += f' <small class="ig-computer-tag">{escape(words.t("computer_tag"))}</small>'
    return f'<span class="ig-who">{badge(player, words)}<span>{label}</span></span>'


def button(label: str, act: str, value: str = "", *, kind: str = "", extra: str = "") -> str:
    css = f"button {kind}".strip()
    return (
        f'<button type="button" class="{css}" data-act="{act}" data-value="{escape(value)}"'
        f"{extra}>{label}</button>"
    )


# --- new game ---------------------------------------------------------------------------


def new_game_screen(t: Translate, setup: dict[str, Any]) -> str:
    words = Words(t, {})
    count = int(setup["count"])
    seats = setup["seats"]
    # Who plays each seat (a person unless chosen otherwise), kept apart from the names
    # and ideologies so that changing the count or an ideology keeps it.
    kinds = list(setup.get("kinds") or [])
    counts = "".join(
        f'<button type="button" class="button ig-count" data-act="count" data-value="{n}" '
        f'aria-pressed="{"true" if n == count else "false"}">{n}</button>'
        for n in range(2, MAX_PLAYERS + 1)
    )
    rows = []
    for index in range(count):
        name, chosen = seats[index]
        kind = kinds[index] if index < len(kinds) else PERSON
        placeholder = words.ideology(chosen)
        if is_computer(kind):
            placeholder = t("ideology_computer_name", ideology=placeholder)
        options = "".join(
            f'<option value="{escape(p)}"{" selected" if p == chosen else ""}>'
            f"{escape(IDEOLOGIES[p].letter)} · {escape(words.ideology(p))}</option>"
            for p in IDEOLOGIES
        )
        rows.append(
            f'<fieldset class="ig-seat card"><legend>{escape(t("ideology_seat", number=index + 1))}'
            f"</legend>{badge(chosen, words, big=True)}"
            f'<label class="ig-field"><span>{escape(t("ideology_player_name"))}</span>'
            f'<input type="text" maxlength="24" autocomplete="off" data-seat-name="{index}" '
            f'value="{escape(name)}" placeholder="{escape(placeholder)}"></label>'
            f'<label class="ig-field"><span>{escape(t("ideology_player_ideology"))}</span>'
            f'<select data-seat-ideology="{index}">{options}</select></label>'
            + seat_select(
                t,
                label=t("computer_played_by"),
                levels=ai.LEVELS,
                chosen=kind,
                attributes=f'data-seat-kind="{index}"',
            )
            + "</fieldset>"
        )
    limits = "".join(
        f'<option value="{"" if n is None else n}"'
        f"{' selected' if n == setup.get('turn_limit') else ''}>"
        f"{escape(t('ideology_turn_limit_off') if n is None else str(n))}</option>"
        for n in TURN_LIMITS
    )
    error = ""
    if setup.get("error"):
        error = f'<p class="ig-error" role="alert">{escape(setup["error"])}</p>'
    body = (
        '<form class="ig-new" data-form="new" novalidate>'
        f'<div class="card"><h2 id="ig-count-label">{escape(t("ideology_players_count"))}</h2>'
        f'<div class="button-row" role="group" aria-labelledby="ig-count-label">{counts}</div>'
        f"</div>"
        f'<div class="ig-seats">{"".join(rows)}</div>'
        f'<div class="card"><label class="ig-field"><span>{escape(t("ideology_turn_limit"))}</span>'
        f'<select data-turn-limit="1">{limits}</select></label>'
        f'<p class="hint">{escape(t("ideology_turn_limit_hint"))}</p></div>'
        f'<div class="card"><label class="ig-field"><span>{escape(t("ideology_deal"))}</span>'
        f'<input type="text" inputmode="numeric" pattern="[0-9]*" maxlength="9" data-seed="1" '
        f'value="{escape(str(setup.get("seed") or ""))}" autocomplete="off"></label>'
        f'<p class="hint">{escape(t("ideology_deal_hint"))}</p></div>'
        f"{error}"
        '<div class="button-row">'
        # A submit button: Enter in any field starts the game too.
        + '<button type="submit" class="button button-primary" data-act="start">'
        + f"{icon('play')}<span>{escape(t('ideology_start'))}</span></button>"
        + f'<a class="button" href="#/rules/ideology">{icon("rules")}'
        f"<span>{escape(t('rules'))}</span></a></div></form>"
    )
    return _page(t, t("new_game_of", game=t("game_ideology")), body)


def _page(t: Translate, title: str, body: str, *, extra_bar: str = "") -> str:
    return (
        '<header class="topbar"><a class="button button-quiet back" href="#/">'
        f"{icon('back')}<span>{escape(t('home'))}</span></a>"
        f'<h1 id="screen-title" tabindex="-1">{escape(title)}</h1>{extra_bar}</header>'
        f'<div class="screen-body ig-screen">{body}</div>'
    )


def _rules_link(t: Translate) -> str:
    return (
        f'<a class="button button-quiet ig-rules-link" href="#/rules/ideology">{icon("rules")}'
        f"<span>{escape(t('rules'))}</span></a>"
    )


# --- cover ------------------------------------------------------------------------------


def cover_screen(t: Translate, session: Session, *, notice: str = "") -> str:
    """Full screen, nothing of the previous one: the next player's name in large type."""
    words = words_of(t, session)
    holder = session.holder
    assert holder is not None
    letter = IDEOLOGIES[holder].letter
    name = words.short(holder)
    phase = words.phase(session.game.phase)
    return (
        f'<section class="ig-cover ig-p-{letter}" aria-labelledby="screen-title">'
        f'<p class="ig-cover-kicker">{escape(t("ideology_cover_kicker"))}</p>'
        f"{badge(holder, words, big=True)}"
        f'<h1 id="screen-title" tabindex="-1">{escape(t("ideology_cover_title", name=name))}</h1>'
        f'<p class="ig-cover-ideology">{escape(words.ideology(holder))}</p>'
        f'<p class="ig-cover-phase">'
        f"{escape(t('ideology_turn_phase', turn=session.game.turn, phase=phase))}</p>"
        f'<p class="ig-cover-hint">{escape(t("ideology_cover_hint"))}</p>'
        + (f'<p class="ig-save-error" role="alert">{escape(notice)}</p>' if notice else "")
        + button(
            f"{ig_icon('hand')}<span>{escape(t('ideology_cover_button', name=name))}</span>",
            "reveal",
            kind="button-primary ig-cover-button",
        )
        + "</section>"
    )


# --- the table --------------------------------------------------------------------------


def tile(
    region: dict[str, Any],
    words: Words,
    *,
    targets: str = "",
    lit: bool = False,
    focus: str | None = None,
    neighbours: set[str] | None = None,
    conflict: bool = False,
) -> str:
    name = region["name"]
    classes = ["ig-tile"]
    controller = region["controller"]
    if controller:
        classes.append(f"ig-ctrl-{IDEOLOGIES[controller].letter}")
    else:
        classes.append("ig-independent")
    if region["home_of"]:
        classes.append("ig-home")
    if lit:
        classes.append("is-target")
    if conflict:
        classes.append("is-conflict")
    if focus == name:
        classes.append("is-focus")
    elif neighbours and name in neighbours:
        classes.append("is-neighbour")
    zones = []
    for card_type in CARD_TYPES:
        chips = []
        for owner, count in region["cards"][card_type].items():
            letter = IDEOLOGIES[owner].letter
            chips.extend(
                [f'<span class="ig-chip ig-p-{letter}" aria-hidden="true">{letter}</span>'] * count
            )
        spoken = (
            ", ".join(
                f"{words.ideology(owner)} {count}"
                for owner, count in region["cards"][card_type].items()
            )
            or "0"
        )
        zones.append(
            f'<div class="ig-zone ig-zone-{card_type}" '
            f'aria-label="{escape(words.card_type(card_type))}: {escape(spoken)}">'
            f'{type_icon(card_type)}<span class="ig-chips">{"".join(chips)}</span></div>'
        )
    adjacent = " · ".join(
        f'<span class="{"in-play" if a in region["adjacent_in_play"] else ""}">'
        f"{escape(words.region(a))}</span>"
        for a in region["adjacent"]
    )
    owner = ""
    if controller:
        owner = badge(controller, words)
    cap = ""
    if region["independent_cap"] is not None:
        cap = (
            f'<span class="ig-cap">{escape(words.t("ideology_cap", cap=region["independent_cap"]))}'
            "</span>"
        )
    level_label = words.t("ideology_level_aria", level=region["level"], maximum=region["maximum"])
    home = ""
    if region["home_of"]:
        home = f'<span class="ig-home-mark">{escape(words.t("ideology_home_region"))}</span>'
    return (
        f'<article class="{" ".join(classes)}" data-region="{escape(name)}">'
        f'<header class="ig-tile-head">{owner}'
        f'<button type="button" class="ig-tile-name" data-act="focus" data-value="{escape(name)}" '
        f'aria-pressed="{"true" if focus == name else "false"}">{escape(words.region(name))}'
        f"</button>"
        f'<span class="ig-level" '
        f'aria-label="{escape(level_label)}">'
        f"<b>{region['level']}</b><small>/{region['maximum']}</small></span></header>"
        f'<p class="ig-adj">{adjacent}</p>'
        f'<div class="ig-zones">{"".join(zones)}</div>'
        f'<p class="ig-tile-foot">{home}{cap}</p>'
        f"{targets}</article>"
    )


def _tile_targets(
    region: str, legal: Legal, ui: Ui, session: Session, words: Words, phase: str
) -> tuple[bool, str]:
    """Action buttons on a tile that is a legal target of the picked card or attack."""
    t = words.t
    buttons = []
    where = f'<span class="visually-hidden">: {escape(words.region(region))}</span>'
    if phase == "conflict" and ui.defender and ui.attack_type:
        if (ui.defender, ui.attack_type, region) in legal.attack:
            buttons.append(
                button(
                    f"<span>{escape(t('ideology_attack_here'))}</span>{where}",
                    "ask",
                    f"attack {ui.defender} {ui.attack_type} {region}",
                    kind="button-primary",
                )
            )
    elif ui.card_type:
        if region in legal.place.get(ui.card_type, []):
            act = "do" if phase == "development" else "ask"
            buttons.append(
                button(
                    f"{type_icon(ui.card_type)}<span>{escape(t('ideology_place_here'))}</span>"
                    f"{where}",
                    act,
                    f"place {ui.card_type} {region}",
                    kind="button-primary",
                )
            )
        for target, owner in legal.remove.get(ui.card_type, []):
            if target == region:
                buttons.append(
                    button(
                        f"{badge(owner, words)}<span>"
                        f"{escape(t('ideology_remove_card', owner=words.short(owner)))}</span>",
                        "ask",
                        f"remove {ui.card_type} {region} {owner}",
                    )
                )
    if not buttons:
        return False, ""
    return True, f'<div class="ig-tile-actions">{"".join(buttons)}</div>'


def table(
    view: dict[str, Any],
    words: Words,
    *,
    session: Session | None = None,
    legal: Legal | None = None,
    ui: Ui | None = None,
    mine: str | None = None,
) -> str:
    """Independent regions in the centre, each player's regions in a row in front of them."""
    t = words.t
    ui = ui or Ui()
    regions = {r["name"]: r for r in view["regions"]}
    fought = (view["conflict"] or {}).get("region")
    neighbours: set[str] = set()
    if ui.focus and ui.focus in regions:
        neighbours = set(regions[ui.focus]["adjacent_in_play"])

    def draw(name: str) -> str:
        targets, lit = "", False
        if legal is not None and session is not None:
            lit, targets = _tile_targets(name, legal, ui, session, words, view["phase"])
        return tile(
            regions[name],
            words,
            targets=targets,
            lit=lit,
            focus=ui.focus,
            neighbours=neighbours,
            conflict=name == fought,
        )

    def row(player: str) -> str:
        info = view["players"][player]
        owned = info["controls"]
        home = info["home"]
        owned = sorted(owned, key=lambda r: (r != home,))
        tiles = "".join(draw(r) for r in owned) or (
            f'<p class="ig-empty">{escape(t("ideology_no_regions"))}</p>'
        )
        letter = IDEOLOGIES[player].letter
        own = " ig-row-mine" if player == mine else ""
        return (
            f'<section class="ig-row ig-row-{letter}{own}" '
            f'style="--ig-tiles: {max(1, len(owned))}" '
            f'aria-label="{escape(words.player(player))}">'
            f'<h3 class="ig-row-head">{who(player, words)}'
            f'<span class="ig-row-stat">'
            f"{escape(t('ideology_influence_short', influence=info['influence']))}</span>"
            f'<span class="ig-row-stat">'
            f"{escape(t('ideology_hand_size', count=info['hand_size']))}</span>"
            f'</h3><div class="ig-tiles">{tiles}</div></section>'
        )

    order = view["order"]
    others = [p for p in order if p != mine]
    independent = [r["name"] for r in view["regions"] if r["controller"] is None]
    centre = "".join(draw(r) for r in independent) or (
        f'<p class="ig-empty">{escape(t("ideology_no_independent"))}</p>'
    )
    deck = t("ideology_region_deck", count=view["region_deck_size"])
    half = (len(others) + 1) // 2 if mine is None else len(others)
    before = "".join(row(p) for p in others[:half])
    after = "".join(row(p) for p in others[half:])
    if mine is not None:
        after += row(mine)
    return (
        f'<section id="ig-table" class="ig-table" aria-label="{escape(t("ideology_table"))}">'
        f"{before}"
        f'<section class="ig-centre" aria-label="{escape(t("ideology_independent"))}">'
        f'<h3 class="ig-row-head">{escape(t("ideology_independent"))}'
        f'<span class="ig-row-stat">{escape(deck)}</span></h3>'
        f'<div class="ig-tiles">{centre}</div></section>'
        f"{after}</section>"
    )


def phase_bar(view: dict[str, Any], words: Words, hint: str, *, acting: list[str]) -> str:
    t = words.t
    current = view["phase"]
    steps = []
    for index, phase in enumerate(PHASES, start=1):
        now = phase == current and not view["is_terminal"]
        mark = ' aria-current="step"' if now else ""
        steps.append(
            f'<li class="ig-step{" is-current" if now else ""}"{mark}>'
            f'<span class="ig-step-number">{index}</span>'
            f'<span class="ig-step-name">{escape(words.phase(phase))}</span></li>'
        )
    limit = view["turn_limit"]
    turn = (
        t("ideology_turn_of", turn=view["turn"], limit=limit)
        if limit
        else t("ideology_turn", turn=view["turn"])
    )
    actor = ""
    if acting:
        actor = (
            f'<p class="ig-actor">{escape(t("ideology_to_act"))} '
            + " ".join(who(p, words) for p in acting)
            + "</p>"
        )
    return (
        f'<section id="ig-phasebar" class="ig-phasebar card" '
        f'aria-label="{escape(t("ideology_phases"))}">'
        f'<p class="ig-turn"><b>{escape(turn)}</b></p>'
        f'<ol class="ig-steps">{"".join(steps)}</ol>{actor}'
        f'<p class="ig-hint">{escape(hint)}</p></section>'
    )


def players_table(view: dict[str, Any], words: Words) -> str:
    t = words.t
    heads = [
        t("ideology_col_player"),
        t("ideology_col_influence"),
        t("ideology_col_regions"),
        t("ideology_col_hand"),
        t("ideology_col_decks"),
        t("ideology_col_advances"),
    ]
    rows = []
    for player in view["order"]:
        info = view["players"][player]
        advances = ", ".join(words.advance(a) for a in info["advances"]) or "—"
        rows.append(
            f'<tr><th scope="row">{who(player, words)}</th>'
            f'<td class="num"><b>{info["influence"]}</b></td><td class="num">'
            f"{len(info['controls'])}</td>"
            f'<td class="num">{info["hand_size"]}</td>'
            f'<td class="num">{info["draw_pile_size"]} / {info["discard_size"]}</td>'
            f"<td>{escape(advances)}</td></tr>"
        )
    statuses = "".join(
        f'<li class="ig-status ig-status-{s["status"]}">{badge(s["players"][0], words)}'
        f"{badge(s['players'][1], words)}<span>{escape(words.short(s['players'][0]))} – "
        f"{escape(words.short(s['players'][1]))}: <b>{escape(words.status(s['status']))}</b>"
        f"</span></li>"
        for s in view["statuses"]
    )
    head = "".join(f'<th scope="col">{escape(h)}</th>' for h in heads)
    return (
        f'<section id="ig-players" class="card ig-players" aria-labelledby="ig-players-title">'
        f'<h2 id="ig-players-title">{escape(t("ideology_influence_table"))}</h2>'
        f'<div class="ig-scroll"><table class="ig-influence"><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div>"
        f'<h3>{escape(t("ideology_statuses"))}</h3><ul class="ig-statuses">{statuses}</ul>'
        f"</section>"
    )


def log_panel(
    entries: list[dict[str, Any]],
    words: Words,
    *,
    open_: bool = False,
    total: int | None = None,
    full: bool = False,
) -> str:
    """The public log, newest first: the latest entries, or all of them on request."""
    t = words.t
    shown = (entries if full else entries[-LOG_SHOWN:])[::-1]
    items = "".join(
        f'<li><span class="ig-log-when">'
        f"{escape(t('ideology_log_when', turn=e['turn'], phase=words.phase(e['phase'])))}</span>"
        f" "
        f"{escape(words.log_line(e))}</li>"
        for e in shown
    )
    more = ""
    total = len(entries) if total is None else total
    if not full and total > len(shown):
        more = button(escape(t("ideology_log_all", count=total)), "full_log")
    return (
        f'<details id="ig-log" class="card ig-log"{" open" if open_ or full else ""}>'
        f'<summary>{escape(t("ideology_log"))}</summary><ul class="ig-log-list">{items}</ul>'
        f"{more}</details>"
    )


# --- the holder's screen -----------------------------------------------------------------


def _hint(t: Translate, view: dict[str, Any], legal: Legal, ui: Ui) -> str:
    phase = view["phase"]
    conflict = view["conflict"]
    if phase == "exchange":
        return t("ideology_hint_exchange")
    if phase == "development":
        return t("ideology_hint_development_card" if ui.card_type else "ideology_hint_development")
    if phase == "external":
        return t("ideology_hint_external_card" if ui.card_type else "ideology_hint_external")
    if phase == "conflict":
        if conflict:
            if "deflect" in legal.simple or "yield" in legal.simple:
                return t("ideology_hint_defend")
            return t("ideology_hint_press")
        return t("ideology_hint_conflict")
    if phase == "diplomacy":
        return t("ideology_hint_diplomacy")
    return ""


def hand(view: dict[str, Any], words: Words, legal: Legal, ui: Ui) -> str:
    t = words.t
    phase = view["phase"]
    cards = []
    targets = legal.types_with_targets()
    for card_type in CARD_TYPES:
        count = view["hand"][card_type]
        name = escape(words.card_type(card_type))
        below = ""
        if phase == "exchange" and card_type in legal.discard:
            below = button(
                escape(t("ideology_exchange_one")), "do", f"discard {card_type}", kind="ig-card-sub"
            )
        selectable = card_type in targets
        pressed = "true" if ui.card_type == card_type else "false"
        if selectable:
            face = (
                f'<button type="button" class="ig-card ig-card-{card_type}" data-act="card" '
                f'data-value="{card_type}" aria-pressed="{pressed}">'
            )
            close = "</button>"
        else:
            face = f'<div class="ig-card ig-card-{card_type} is-idle">'
            close = "</div>"
        cards.append(
            f'<div class="ig-card-slot">{face}{type_icon(card_type, "ig-card-icon")}'
            f'<span class="ig-card-count">{count}</span><span class="ig-card-name">{name}</span>'
            f"{close}{below}</div>"
        )
    return (
        f'<section class="ig-hand" data-owner="{escape(str(view["viewer"]))}" '
        f'aria-label="{escape(t("ideology_your_hand", count=view["hand_size"]))}">'
        f'<h2 class="visually-hidden">'
        f"{escape(t('ideology_your_hand', count=view['hand_size']))}</h2>"
        f"{''.join(cards)}</section>"
    )


def advances_panel(
    view: dict[str, Any], words: Words, legal: Legal, me: str, *, open_: bool = True
) -> str:
    t = words.t
    owned = set(view["players"][me]["advances"])
    items = []
    for name in ADVANCES:
        costs = "".join(
            f'<span class="ig-cost">{type_icon(ct)}<span>'
            f"{escape(t('ideology_cost_item', count=count, card_type=words.card_type(ct)))}"
            f"</span></span>"
            for ct, count in ADVANCES[name].cost
        )
        if name in owned:
            action = (
                f'<span class="ig-owned">{ig_icon("check")}{escape(t("ideology_owned"))}</span>'
            )
        elif name in legal.buy:
            action = button(escape(t("ideology_buy")), "do", f"buy {name}", kind="button-primary")
        else:
            action = f'<span class="ig-unavailable">{escape(t("ideology_cannot_buy"))}</span>'
        items.append(
            f'<li class="ig-advance{" is-owned" if name in owned else ""}">'
            f'<div class="ig-advance-head"><h4>{escape(words.advance(name))}</h4>{action}</div>'
            f'<p class="ig-advance-cost">{escape(t("ideology_cost"))} {costs}</p>'
            f'<p class="ig-advance-needs">{escape(t("ideology_needs"))} '
            f"{escape(words.needs(name))}</p>"
            f'<p class="ig-advance-effect">{escape(words.effect(name))}</p></li>'
        )
    buyable = len(legal.buy)
    toggle = (
        f'<button type="button" class="button ig-advances-toggle" data-act="advances" '
        f'aria-expanded="{"true" if open_ else "false"}" aria-controls="ig-advance-list">'
        f"<span>{escape(t('ideology_advances_toggle', count=buyable))}</span></button>"
    )
    listing = f'<ul class="ig-advance-list" id="ig-advance-list">{"".join(items)}</ul>'
    return (
        f'<section class="card ig-advances" aria-labelledby="ig-adv-title">'
        f'<h2 id="ig-adv-title">{escape(t("ideology_advances"))}</h2>'
        f"{toggle}{listing if open_ else ''}</section>"
    )


def conflict_panel(view: dict[str, Any], words: Words) -> str:
    t = words.t
    c = view["conflict"]
    title = t(
        "ideology_conflict_title",
        card_type=words.card_type(c["card_type"]),
        region=words.region(c["region"]),
    )
    return (
        f'<section class="card ig-conflict" aria-labelledby="ig-conflict-title">'
        f'<h2 id="ig-conflict-title">{type_icon(c["card_type"])}'
        f"{escape(title)}</h2>"
        f'<div class="ig-versus"><div>{who(c["attacker"], words)}'
        f"<p>{escape(t('ideology_attacker_played', count=c['attacker_cards_played']))}</p></div>"
        f'<span class="ig-vs">{escape(t("ideology_versus"))}</span>'
        f"<div>{who(c['defender'], words)}"
        f"<p>{escape(t('ideology_defender_played', count=c['defender_cards_played']))}</p></div>"
        f"</div>"
        f'<p class="ig-round">{escape(t("ideology_round", round=c["round"]))}</p></section>'
    )


def attack_builder(view: dict[str, Any], words: Words, legal: Legal, ui: Ui) -> str:
    t = words.t
    defenders = sorted({d for d, _, _ in legal.attack}, key=view["order"].index)
    if not defenders:
        return f'<section class="card ig-attack"><p>{escape(t("ideology_no_attack"))}</p></section>'
    who_buttons = "".join(
        f'<button type="button" class="button ig-choice" data-act="defender" '
        f'data-value="{escape(d)}" '
        f'aria-pressed="{"true" if ui.defender == d else "false"}">{who(d, words)}</button>'
        for d in defenders
    )
    types = ""
    if ui.defender:
        allowed = [
            ct for ct in CARD_TYPES if any(d == ui.defender and k == ct for d, k, _ in legal.attack)
        ]
        types = (
            f'<h3>{escape(t("ideology_attack_type"))}</h3><div class="button-row">'
            + "".join(
                f'<button type="button" class="button ig-choice" data-act="attack_type" '
                f'data-value="{ct}" '
                f'aria-pressed="{"true" if ui.attack_type == ct else "false"}">{type_icon(ct)}'
                f"<span>{escape(words.card_type(ct))}</span></button>"
                for ct in allowed
            )
            + "</div>"
        )
    regions = ""
    if ui.defender and ui.attack_type:
        regions = f'<p class="hint">{escape(t("ideology_attack_pick_region"))}</p>'
    return (
        f'<section class="card ig-attack" aria-labelledby="ig-attack-title">'
        f'<h2 id="ig-attack-title">{escape(t("ideology_attack_title"))}</h2>'
        f'<h3>{escape(t("ideology_attack_defender"))}</h3><div class="button-row">{who_buttons}'
        f"</div>"
        f"{types}{regions}</section>"
    )


def diplomacy_panel(view: dict[str, Any], words: Words, legal: Legal, me: str) -> str:
    t = words.t
    mine = (view["diplomacy"] or {}).get("my_choices") or {}
    current = {tuple(sorted(s["players"])): s["status"] for s in view["statuses"]}
    rows = []
    for other in view["order"]:
        if other == me:
            continue
        now = current.get(tuple(sorted((me, other))), "neutral")
        choices = "".join(
            f'<button type="button" class="button ig-choice ig-status-{s}" data-act="do" '
            f'data-value="diplomacy {escape(other)} {s}" '
            f'aria-pressed="{"true" if mine.get(other) == s else "false"}">'
            f"{escape(words.status(s))}</button>"
            for s in STATUSES
            if s in legal.diplomacy.get(other, [])
        )
        rows.append(
            f'<li class="ig-diplo-row">{who(other, words)}'
            f'<span class="ig-diplo-now">'
            f"{escape(t('ideology_status_now', status=words.status(now)))}</span>"
            f'<div class="button-row" role="group">{choices}</div></li>'
        )
    return (
        f'<section class="card ig-diplomacy" aria-labelledby="ig-diplo-title">'
        f'<h2 id="ig-diplo-title">{escape(t("ideology_diplomacy_title"))}</h2>'
        f'<p class="hint">{escape(t("ideology_diplomacy_secret"))}</p>'
        f'<ul class="ig-diplo-list">{"".join(rows)}</ul></section>'
    )


def confirm_panel(session: Session, words: Words, action: str) -> str:
    """What a place/remove/attack will cost, before it is done."""
    from engine.ideology import parse

    t = words.t
    a = parse(action)
    assert a.card_type is not None and a.region is not None
    kind = words.card_type(a.card_type)
    region = words.region(a.region)
    if a.verb == "attack" and a.ideology:
        cost = session.attack_cost(a.ideology, a.card_type, a.region)
        what = t(
            "ideology_confirm_attack",
            defender=words.player(a.ideology),
            card_type=kind,
            region=region,
        )
        total, penalty, defence = cost["total"], cost["penalty"], cost["defence"]
    else:
        penalty = session.penalty(a.region)
        defence = 0
        total = 1 + penalty
        if a.verb == "remove" and a.ideology:
            what = t(
                "ideology_confirm_remove",
                owner=words.player(a.ideology),
                card_type=kind,
                region=region,
            )
        else:
            what = t("ideology_confirm_place", card_type=kind, region=region)
    parts = [t("ideology_cost_cards", count=total, card_type=kind)]
    if penalty:
        parts.append(t("ideology_cost_penalty", count=penalty))
    else:
        parts.append(t("ideology_cost_no_penalty"))
    if defence:
        parts.append(t("ideology_cost_defence", count=defence))
    return (
        f'<section class="card ig-confirm" role="dialog" aria-labelledby="ig-confirm-title">'
        f'<h2 id="ig-confirm-title">{escape(what)}</h2>'
        f'<p class="ig-confirm-cost{" has-penalty" if penalty else ""}">'
        f"{escape(' '.join(parts))}</p>"
        '<div class="button-row">'
        + button(
            f"{ig_icon('check')}<span>{escape(t('ideology_confirm'))}</span>",
            "do",
            action,
            kind="button-primary",
        )
        + button(escape(t("ideology_cancel")), "cancel")
        + "</div></section>"
    )


def dock(session: Session, view: dict[str, Any], words: Words, legal: Legal, ui: Ui) -> str:
    """The holder's hand and the buttons that end their part, always in view."""
    t = words.t
    buttons = []
    phase = view["phase"]
    if "done" in legal.simple:
        label = t("ideology_done")
        if phase == "exchange" and view["exchange"]:
            discarded = view["exchange"]["discarded"]
            label = (
                t("ideology_done_exchange", count=discarded)
                if discarded
                else t("ideology_done_keep")
            )
        elif phase == "diplomacy":
            label = t("ideology_done_diplomacy")
        buttons.append(
            button(
                f"{ig_icon('check')}<span>{escape(label)}</span>",
                "do",
                "done",
                kind="button-primary",
            )
        )
    if phase == "diplomacy" and "done" not in legal.simple:
        buttons.append(
            f'<button type="button" class="button" disabled>'
            f"{escape(t('ideology_done_diplomacy'))}</button>"
        )
    for verb, kind in (
        ("deflect", "button-primary"),
        ("play", "button-primary"),
        ("yield", ""),
        ("stop", ""),
        ("pass", ""),
    ):
        if verb in legal.simple:
            label = t(f"ideology_action_{verb}")
            if verb == "deflect" and view["conflict"]:
                label = t("ideology_action_deflect_cost", count=view["conflict"]["deflect_cost"])
            buttons.append(button(escape(label), "do", verb, kind=kind))
    if session.can_undo:
        buttons.append(
            button(
                f"{ig_icon('undo')}<span>{escape(t('ideology_undo'))}</span>",
                "undo",
                kind="button-quiet",
            )
        )
    error = ""
    if session.error:
        error = (
            f'<p class="ig-error" role="alert">'
            f"{escape(words.error(session.error['code'], session.error['params']))}</p>"
        )
    extra = ""
    if phase == "exchange" and view["exchange"]:
        ex = view["exchange"]
        extra = (
            f'<p class="ig-dock-note">'
            f"{escape(t('ideology_exchanged', count=ex['discarded'], limit=ex['limit']))}</p>"
        )
    return (
        f'<div id="ig-dock" class="ig-dock">{hand(view, words, legal, ui)}'
        f'<div class="ig-dock-side">{extra}<div class="ig-dock-buttons">{"".join(buttons)}</div>'
        f"{error}</div></div>"
    )


def turn_screen(
    t: Translate, session: Session, view: dict[str, Any], ui: Ui, log: list[dict[str, Any]]
) -> str:
    words = words_of(t, session)
    me = session.holder
    assert me is not None
    legal = session.legal()
    phase = view["phase"]
    panels = []
    if ui.pending:
        panels.append(confirm_panel(session, words, ui.pending))
    if view["conflict"]:
        panels.append(conflict_panel(view, words))
    elif phase == "conflict":
        panels.append(attack_builder(view, words, legal, ui))
    if phase == "development":
        panels.append(advances_panel(view, words, legal, me, open_=ui.advances))
    if phase == "diplomacy":
        panels.append(diplomacy_panel(view, words, legal, me))
    hint = _hint(t, view, legal, ui)
    title = t("ideology_screen_of", name=words.short(me))
    body = (
        '<div class="ig-side">'
        + phase_bar(view, words, hint, acting=[me])
        + f'<div id="ig-panels" class="ig-panels">{"".join(panels)}</div></div>'
        + '<div class="ig-main">'
        + table(view, words, session=session, legal=legal, ui=ui, mine=me)
        + map_panel(view, words)
        + players_table(view, words)
        + log_panel(log, words, total=view["log_size"], full=ui.full_log)
        + "</div>"
    )
    letter = IDEOLOGIES[me].letter
    return (
        f'<div class="ig-play ig-holder-{letter}">'
        + _page(t, title, body, extra_bar=_rules_link(t))
        + dock(session, view, words, legal, ui)
        + "</div>"
    )


# --- a computer's turn ------------------------------------------------------------------


def computer_screen(
    t: Translate,
    session: Session,
    view: dict[str, Any],
    log: list[dict[str, Any]],
    *,
    failed: bool = False,
    full_log: bool = False,
) -> str:
    """What the tablet shows while a computer seat plays: ``view`` is the only person's
    own (their table and hand, nothing to tap) or, when several persons play, the public
    view, so nobody's hand stays on screen. ``failed``: the computer's last decision
    raised; the players may ask it to try again."""
    words = words_of(t, session)
    player = session.holder
    assert player is not None
    name = words.short(player)
    status = thinking_html(t, name)
    if failed:
        status = (
            f'<div class="ig-error ig-computer-failed" role="alert">'
            f"<p>{escape(t('ideology_computer_failed', name=name))}</p>"
            + button(escape(t("ideology_computer_retry")), "computer_retry", kind="button-primary")
            + "</div>"
        )
    panels = conflict_panel(view, words) if view["conflict"] else ""
    side = (
        phase_bar(view, words, t("ideology_hint_computer", name=name), acting=[player])
        + f'<div id="ig-panels" class="ig-panels">{panels}</div>'
    )
    viewer = view["viewer"]
    if viewer is None:
        body = (
            side
            + f'<div class="ig-watch">{status}</div>'
            + players_table(view, words)
            + table(view, words)
            + map_panel(view, words)
            + log_panel(log, words, total=view["log_size"], full=full_log)
        )
        heading = t("ideology_computer_turn", name=name)
        return f'<div class="ig-public">{_page(t, heading, body, extra_bar=_rules_link(t))}</div>'
    body = (
        f'<div class="ig-side">{side}</div>'
        + '<div class="ig-main">'
        + table(view, words, mine=viewer)
        + map_panel(view, words)
        + players_table(view, words)
        + log_panel(log, words, total=view["log_size"], full=full_log)
        + "</div>"
    )
    # The only person's hand stays in its place, with nothing to tap: the computer's
    # "thinking" takes the place of the buttons.
    dock = (
        f'<div id="ig-dock" class="ig-dock">{hand(view, words, Legal(), Ui())}'
        f'<div class="ig-dock-side">{status}</div></div>'
    )
    letter = IDEOLOGIES[viewer].letter
    title = t("ideology_computer_turn", name=name)
    return (
        f'<div class="ig-play ig-watching ig-holder-{letter}">'
        + _page(t, title, body, extra_bar=_rules_link(t))
        + dock
        + "</div>"
    )


# --- public screens ---------------------------------------------------------------------


def report_screen(
    t: Translate,
    session: Session,
    view: dict[str, Any],
    log: list[dict[str, Any]],
    *,
    full_log: bool = False,
) -> str:
    words = words_of(t, session)
    entries = session.report_entries()
    # A new region is shown with its neighbours on the table lit, so everyone sees where it lies.
    arrived = [e["region"] for e in entries if e["event"] == "new_region"]
    shown = Ui(focus=arrived[-1]) if arrived and arrived[-1] in session.game.regions else None
    groups: dict[tuple[int, str], list[str]] = {}
    for entry in entries:
        if entry["event"] in ("diplomacy_choice", "done", "pass", "exchange_discard"):
            continue
        groups.setdefault((entry["turn"], entry["phase"]), []).append(words.log_line(entry))
    sections = "".join(
        f'<section class="ig-report-phase"><h3>'
        f"{escape(t('ideology_report_group', turn=turn, phase=words.phase(phase)))}</h3>"
        f"<ul>{''.join(f'<li>{escape(line)}</li>' for line in lines)}</ul></section>"
        for (turn, phase), lines in groups.items()
    )
    following = view["to_act"][0] if view["to_act"] else None
    heading = t("ideology_report_heading", turn=view["turn"])
    next_label = t("ideology_continue")
    passing = len(session.persons) > 1
    if following and passing and following not in session.computers:
        next_label = t("ideology_continue_to", name=words.short(following))
    hint = t("ideology_hint_report" if passing else "ideology_hint_report_alone")
    body = (
        phase_bar(view, words, hint, acting=view["to_act"][:1])
        + f'<section class="card ig-report" aria-labelledby="ig-report-title">'
        f'<h2 id="ig-report-title">{escape(t("ideology_report_title"))}</h2>{sections}'
        '<div class="button-row">'
        + button(
            f"{icon('play')}<span>{escape(next_label)}</span>", "continue", kind="button-primary"
        )
        + "</div></section>"
        + players_table(view, words)
        + table(view, words, ui=shown)
        + map_panel(view, words)
        + log_panel(log, words, total=view["log_size"], full=full_log)
    )
    return f'<div class="ig-public">{_page(t, heading, body, extra_bar=_rules_link(t))}</div>'


def over_screen(
    t: Translate,
    session: Session,
    view: dict[str, Any],
    log: list[dict[str, Any]],
    *,
    full_log: bool = False,
) -> str:
    words = words_of(t, session)
    winner = view["result"]
    end = next((e for e in reversed(view["log"] or log) if e["event"] == "game_end"), None)
    reason = ""
    if end:
        reason = words.log_line(end)
    headline = (
        t("ideology_winner", name=words.player(winner)) if winner else t("ideology_no_winner")
    )
    top = max(info["influence"] for info in view["players"].values())
    tied = sum(1 for info in view["players"].values() if info["influence"] == top) > 1
    tie_note = f'<p class="hint">{escape(t("ideology_tie_break"))}</p>' if tied and winner else ""
    ranking = sorted(view["order"], key=lambda p: (p != winner,))
    rows = "".join(
        f'<li class="ig-final{" is-winner" if p == winner else ""}">{who(p, words)}'
        f'<span class="ig-final-influence">'
        f"{escape(t('ideology_influence_short', influence=view['players'][p]['influence']))}"
        f"</span></li>"
        for p in ranking
    )
    body = (
        f'<section class="card ig-over" aria-labelledby="ig-over-title">'
        f'<p class="ig-over-crown">{ig_icon("crown")}</p>'
        f'<h2 id="ig-over-title" data-winner="{escape(winner or "")}">'
        f"{escape(headline)}</h2>"
        f'<p>{escape(reason)}</p>{tie_note}<ol class="ig-final-list">{rows}</ol>'
        '<div class="button-row">'
        + button(
            f"{icon('play')}<span>{escape(t('ideology_rematch'))}</span>",
            "rematch",
            kind="button-primary",
        )
        + f'<a class="button" href="#/ideology/new">{escape(t("new_game"))}</a>'
        + "</div></section>"
        + players_table(view, words)
        + table(view, words)
        + map_panel(view, words)
        + log_panel(log, words, open_=True, total=view["log_size"], full=full_log)
    )
    return (
        f'<div class="ig-public">'
        f"{_page(t, t('ideology_over_heading'), body, extra_bar=_rules_link(t))}</div>"
    )


# --- a small schematic map -----------------------------------------------------------------

#: Where each region lies on a schematic world map (not to scale), in a 100 × 60 box.
MAP_POSITIONS: dict[str, tuple[float, float]] = {
    "Canada": (14, 8),
    "United States": (14, 18),
    "Mexico": (11, 28),
    "Cuba": (20, 27),
    "Andes": (16, 38),
    "Brazil": (25, 40),
    "Argentina": (19, 50),
    "Great Britain": (36, 9),
    "Scandinavia": (46, 4),
    "France": (40, 17),
    "Iberia": (33, 23),
    "Germany": (46, 12),
    "Eastern Europe": (54, 11),
    "Italy": (47, 21),
    "Balkans": (54, 19),
    "USSR": (68, 7),
    "Turkey": (60, 23),
    "Iran": (69, 28),
    "Iraq": (63, 30),
    "Israel": (57, 30),
    "Arabia": (63, 37),
    "Egypt": (54, 36),
    "North Africa": (41, 30),
    "West Africa": (39, 41),
    "East Africa": (55, 45),
    "South Africa": (49, 54),
    "Central Asia": (75, 17),
    "India": (76, 34),
    "China": (84, 23),
    "Korea": (91, 14),
    "Japan": (96, 23),
    "Indochina": (86, 35),
    "Indonesia": (90, 45),
    "Australia": (92, 55),
}


def map_panel(view: dict[str, Any], words: Words) -> str:
    """Every region where it lies: those in play by controller (colour and letter)."""
    from engine.ideology import REGIONS

    t = words.t
    in_play = {r["name"]: r for r in view["regions"]}
    lines = []
    for name, region in REGIONS.items():
        x1, y1 = MAP_POSITIONS[name]
        for other in region.adjacent:
            if other <= name:
                continue
            x2, y2 = MAP_POSITIONS[other]
            live = name in in_play and other in in_play
            lines.append(
                f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" '
                f'class="ig-map-link{" is-live" if live else ""}"/>'
            )
    spots = []
    for name in REGIONS:
        x, y = MAP_POSITIONS[name]
        label = escape(words.region(name))
        region = in_play.get(name)
        if region is None:
            spots.append(
                f'<g class="ig-map-spot is-out"><circle cx="{x}" cy="{y}" r="1.2"/>'
                f'<text x="{x}" y="{y + 3}">{label}</text></g>'
            )
            continue
        controller = region["controller"]
        letter = IDEOLOGIES[controller].letter if controller else ""
        css = f"ig-p-{letter}" if letter else "is-independent"
        spots.append(
            f'<g class="ig-map-spot {css}"><circle cx="{x}" cy="{y}" r="2.3"/>'
            f'<text class="ig-map-letter" x="{x}" y="{y + 0.8}">{letter or region["level"]}</text>'
            f'<text x="{x}" y="{y + 4.6}">{label}</text></g>'
        )
    return (
        f'<details class="card ig-map"><summary>{escape(t("ideology_map"))}</summary>'
        f'<p class="hint">{escape(t("ideology_map_hint"))}</p>'
        f'<svg class="ig-map-svg" viewBox="0 -1 104 62" role="img" '
        f'aria-label="{escape(t("ideology_map"))}">{"".join(lines)}{"".join(spots)}</svg>'
        "</details>"
    )
