"""Ideology screens as pages of sections (:class:`ui.loop.Page`) from engine views (no
browser import; tested on CPython).

Every dynamic text is escaped. What the player can use carries ``data-intent`` (``card
military``, ``do place military Iran``: an action by its key, see
:func:`ui.ideology.session.action_key`); render never reads the game, only the view the
session built and the session's own state. Each region's tile, the hand, the panels, the
phase bar, the players' table, the map and the log are sections: picking a card changes
the hand, the hint and the lit tiles, and only those are redrawn.
"""

from __future__ import annotations

from html import escape
from typing import Any

from engine.ideology import ADVANCES, CARD_TYPES, IDEOLOGIES, PHASES, STATUSES, ai
from engine.ideology.actions import Action
from engine.ideology.views import GameView, RegionView
from ui.computer import PERSON, is_computer, seat_select, thinking_html
from ui.html import INTENT, Markup, button, frame, icon, link, remember_last, titled_card
from ui.ideology.session import Legal, NewGameForm, Selection, Session, action_key
from ui.ideology.text import Translate, Words
from ui.loop import Notice, Page, intent_text

MAX_PLAYERS = 5
TURN_LIMITS = (None, 1, 2, 3, 4, 5, 6, 8, 10, 15)
LOG_SHOWN = 40


def type_icon(card_type: str, css: str = "ig-type-icon") -> str:
    return icon(card_type, css)


def act(label: str, name: str, action: Action | str = "", *, kind: str = "", **extra: Any) -> str:
    """A button of the Ideology screens: ``label`` is markup this module built (an icon
    and a name); ``action`` an engine action (by its key) or a plain value."""
    value = action_key(action) if isinstance(action, Action) else action
    return button(Markup(label), intent_text(name, value), kind=kind, **extra)


def text_button(label: str, name: str, action: Action | str = "", *, kind: str = "") -> str:
    value = action_key(action) if isinstance(action, Action) else action
    return button(label, intent_text(name, value), kind=kind)


def tile_id(region: str) -> str:
    return "ig-tile-" + region.replace(" ", "-")


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


def frame_of(t: Translate, title: str, body: str, *, rules: bool = True) -> str:
    """The top bar (home, the title, the rules) and the body of an Ideology screen."""
    extra = ""
    if rules:
        extra = link(
            t("rules"), "#/rules/ideology", icon="rules", kind="button-quiet ig-rules-link"
        )
    return frame(
        title, body, back=("#/", t("home"), "back"), extra=extra, body_class="screen-body ig-screen"
    )


def screen_page(name: str, t: Translate, save_failed: bool, *, stage: str) -> tuple[Page, str]:
    """A new page of an Ideology screen, and the marker of its first section: the
    autosave's refusal (storage full or disabled)."""
    page = Page(f"ideology/{name}", stage=stage)
    warning = ""
    if save_failed and stage != "cover":
        warning = (
            f'<p id="save-warning" class="ig-error ig-save-error" role="alert">'
            f"{escape(t('ideology_save_failed'))}</p>"
        )
    return page, page.section("save-warning", warning)


# --- new game ---------------------------------------------------------------------------


def new_game_page(t: Translate, form: NewGameForm, notice: Notice | None = None) -> Page:
    words = Words(t, {})
    page = Page("ideology/new")
    count = form.count
    counts = "".join(
        button(str(n), intent_text("count", n), kind="ig-count", pressed=n == count)
        for n in range(2, MAX_PLAYERS + 1)
    )
    counts = page.section(
        "ig-counts",
        f'<div class="button-row" id="ig-counts" role="group" aria-labelledby="ig-count-label">'
        f"{counts}</div>",
    )
    rows = []
    for index in range(count):
        name, chosen = form.seats[index]
        kind = form.kinds[index] if index < len(form.kinds) else PERSON
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
            f'<input type="text" maxlength="24" autocomplete="off" id="ig-seat-name-{index}" '
            f'name="seat-name-{index}" value="{escape(name)}" '
            f'placeholder="{escape(placeholder)}"></label>'
            f'<label class="ig-field"><span>{escape(t("ideology_player_ideology"))}</span>'
            f'<select id="ig-seat-ideology-{index}" name="seat-ideology-{index}" '
            f'{INTENT}="seat {index}">{options}</select></label>'
            + seat_select(
                t,
                label=t("computer_played_by"),
                levels=ai.SEAT_LEVELS,
                chosen=kind,
                attributes=(
                    f'id="ig-seat-kind-{index}" name="seat-kind-{index}" {INTENT}="seat {index}"'
                ),
            )
            + "</fieldset>"
        )
    seats = page.section("ig-seats", f'<div class="ig-seats" id="ig-seats">{"".join(rows)}</div>')
    limits = "".join(
        f'<option value="{"" if n is None else n}"'
        f"{' selected' if n == form.turn_limit else ''}>"
        f"{escape(t('ideology_turn_limit_off') if n is None else str(n))}</option>"
        for n in TURN_LIMITS
    )
    error = ""
    if notice is not None:
        error = f'<p id="ig-notice" class="ig-error" role="alert">{escape(notice.text)}</p>'
    body = (
        '<form class="ig-new" novalidate>'
        f'<div class="card"><h2 id="ig-count-label">{escape(t("ideology_players_count"))}</h2>'
        f"{counts}</div>{seats}"
        + page.section(
            "ig-limit-card",
            f'<div class="card" id="ig-limit-card"><label class="ig-field">'
            f"<span>{escape(t('ideology_turn_limit'))}</span>"
            f'<select id="ig-turn-limit" name="turn-limit">{limits}</select></label>'
            f'<p class="hint">{escape(t("ideology_turn_limit_hint"))}</p></div>',
        )
        + page.section(
            "ig-seed-card",
            f'<div class="card" id="ig-seed-card"><label class="ig-field">'
            f"<span>{escape(t('ideology_deal'))}</span>"
            f'<input type="text" inputmode="numeric" pattern="[0-9]*" maxlength="9" '
            f'id="ig-seed" name="seed" value="{escape(str(form.seed or ""))}" '
            f'autocomplete="off"></label>'
            f'<p class="hint">{escape(t("ideology_deal_hint"))}</p></div>',
        )
        + page.section("ig-notice", error)
        + '<div class="button-row">'
        # A submit button: Enter in any field starts the game too.
        + button(t("ideology_start"), "start", icon="play", primary=True, submit=True)
        + link(t("rules"), "#/rules/ideology", icon="rules")
        + "</div></form>"
    )
    page.root(frame_of(t, t("new_game_of", game=t("game_ideology")), body, rules=False))
    return page


# --- cover ------------------------------------------------------------------------------


def cover_page(t: Translate, session: Session, *, save_failed: bool = False) -> Page:
    """Full screen, nothing of the previous one: the next player's name in large type."""
    words = words_of(t, session)
    holder = session.holder
    assert holder is not None
    letter = IDEOLOGIES[holder].letter
    name = words.short(holder)
    phase = words.phase(session.phase)
    page, top = screen_page(f"cover/{holder}", t, save_failed, stage="cover")
    notice = ""
    if save_failed:
        notice = f'<p class="ig-save-error" role="alert">{escape(t("ideology_save_failed"))}</p>'
    page.root(
        f'{top}<section class="ig-cover ig-p-{letter}" aria-labelledby="screen-title">'
        f'<p class="ig-cover-kicker">{escape(t("ideology_cover_kicker"))}</p>'
        f"{badge(holder, words, big=True)}"
        f'<h1 id="screen-title" tabindex="-1">{escape(t("ideology_cover_title", name=name))}</h1>'
        f'<p class="ig-cover-ideology">{escape(words.ideology(holder))}</p>'
        f'<p class="ig-cover-phase">'
        f"{escape(t('ideology_turn_phase', turn=session.turn, phase=phase))}</p>"
        f'<p class="ig-cover-hint">{escape(t("ideology_cover_hint"))}</p>'
        + notice
        + act(
            f"{icon('hand')}<span>{escape(t('ideology_cover_button', name=name))}</span>",
            "reveal",
            kind="button-primary ig-cover-button",
        )
        + "</section>"
    )
    return page


# --- the table --------------------------------------------------------------------------


def tile(
    region: RegionView,
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
        f'<article class="{" ".join(classes)}" id="{tile_id(name)}" '
        f'data-region="{escape(name)}">'
        f'<header class="ig-tile-head">{owner}'
        + button(
            words.region(name),
            intent_text("focus", name),
            css="ig-tile-name",
            pressed=focus == name,
        )
        + f'<span class="ig-level" '
        f'aria-label="{escape(level_label)}">'
        f"<b>{region['level']}</b><small>/{region['maximum']}</small></span></header>"
        f'<p class="ig-adj">{adjacent}</p>'
        f'<div class="ig-zones">{"".join(zones)}</div>'
        f'<p class="ig-tile-foot">{home}{cap}</p>'
        f"{targets}</article>"
    )


def _tile_targets(
    region: str, legal: Legal, picked: Selection, words: Words, phase: str, first: list[bool]
) -> tuple[bool, str]:
    """Action buttons on a tile that is a legal target of the picked card or attack
    (the first of them on the page has the id ``ig-first-target``: it takes the focus
    when a card is picked)."""
    t = words.t
    buttons: list[tuple[str, str, Action, str]] = []
    where = f'<span class="visually-hidden">: {escape(words.region(region))}</span>'
    if phase == "conflict" and picked.defender and picked.attack_type:
        for a in legal.attack:
            if (a.ideology, a.card_type, a.region) == (picked.defender, picked.attack_type, region):
                label = f"<span>{escape(t('ideology_attack_here'))}</span>{where}"
                buttons.append((label, "ask", a, "button-primary"))
    elif picked.card_type:
        for a in legal.place.get(picked.card_type, []):
            if a.region == region:
                label = (
                    f"{type_icon(picked.card_type)}<span>{escape(t('ideology_place_here'))}</span>"
                    f"{where}"
                )
                buttons.append(
                    (label, "do" if phase == "development" else "ask", a, "button-primary")
                )
        for a in legal.remove.get(picked.card_type, []):
            if a.region == region:
                assert a.ideology is not None
                label = (
                    f"{badge(a.ideology, words)}<span>"
                    f"{escape(t('ideology_remove_card', owner=words.short(a.ideology)))}</span>"
                )
                buttons.append((label, "ask", a, ""))
    if not buttons:
        return False, ""
    markup = []
    for label, name, action, kind in buttons:
        element_id = None
        if not first[0]:
            first[0] = True
            element_id = "ig-first-target"
        markup.append(act(label, name, action, kind=kind, element_id=element_id))
    return True, f'<div class="ig-tile-actions">{"".join(markup)}</div>'


def table_section(
    page: Page,
    view: GameView,
    words: Words,
    *,
    legal: Legal | None = None,
    picked: Selection | None = None,
    mine: str | None = None,
) -> str:
    """Independent regions in the centre, each player's regions in a row in front of
    them; every tile a section of ``page``."""
    t = words.t
    picked = picked or Selection()
    regions = {r["name"]: r for r in view["regions"]}
    conflict = view["conflict"]
    fought = conflict["region"] if conflict is not None else None
    neighbours: set[str] = set()
    if picked.focus and picked.focus in regions:
        neighbours = set(regions[picked.focus]["adjacent_in_play"])
    first = [False]

    def draw(name: str) -> str:
        targets, lit = "", False
        if legal is not None:
            lit, targets = _tile_targets(name, legal, picked, words, view["phase"], first)
        markup = tile(
            regions[name],
            words,
            targets=targets,
            lit=lit,
            focus=picked.focus,
            neighbours=neighbours,
            conflict=name == fought,
        )
        return page.section(tile_id(name), markup)

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
    half = (len(others) + 1) // 2 if mine is None else len(others)
    # Drawn in the page's order: the first lit tile drawn is the first on the page.
    before = "".join(row(p) for p in others[:half])
    centre = "".join(draw(r) for r in independent) or (
        f'<p class="ig-empty">{escape(t("ideology_no_independent"))}</p>'
    )
    deck = t("ideology_region_deck", count=view["region_deck_size"])
    after = "".join(row(p) for p in others[half:])
    if mine is not None:
        after += row(mine)
    return page.section(
        "ig-table",
        f'<section id="ig-table" class="ig-table" aria-label="{escape(t("ideology_table"))}">'
        f"{before}"
        f'<section class="ig-centre" aria-label="{escape(t("ideology_independent"))}">'
        f'<h3 class="ig-row-head">{escape(t("ideology_independent"))}'
        f'<span class="ig-row-stat">{escape(deck)}</span></h3>'
        f'<div class="ig-tiles">{centre}</div></section>'
        f"{after}</section>",
    )


def phase_bar(view: GameView, words: Words, hint: str, *, acting: list[str]) -> str:
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


@remember_last
def players_table(view: GameView, words: Words) -> str:
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


@remember_last
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
        more = text_button(t("ideology_log_all", count=total), "full-log")
    return (
        f'<details id="ig-log" class="card ig-log"{" open" if open_ or full else ""}>'
        f'<summary>{escape(t("ideology_log"))}</summary><ul class="ig-log-list">{items}</ul>'
        f"{more}</details>"
    )


def public_table(
    page: Page, view: GameView, words: Words, shared: dict[str, str], picked: Selection
) -> str:
    """What any screen everybody may read shows below its own part: the players' table,
    the table of regions, the map and the log."""
    table = table_section(page, view, words, picked=picked)
    return shared["players"] + table + shared["map"] + shared["log"]


def common_sections(page: Page, view: GameView, words: Words, *, full_log: bool) -> dict[str, str]:
    """The parts every table screen shows: the map, the players' table, the log."""
    return {
        "map": page.section("ig-map", map_panel(view, words)),
        "players": page.section("ig-players", players_table(view, words)),
        "log": page.section(
            "ig-log",
            log_panel(
                view["log"], words, open_=view["is_terminal"], total=view["log_size"], full=full_log
            ),
        ),
    }


# --- the holder's screen -----------------------------------------------------------------


def _hint(t: Translate, view: GameView, legal: Legal, picked: Selection) -> str:
    phase = view["phase"]
    conflict = view["conflict"]
    if phase == "exchange":
        return t("ideology_hint_exchange")
    if phase == "development":
        return t(
            "ideology_hint_development_card" if picked.card_type else "ideology_hint_development"
        )
    if phase == "external":
        return t("ideology_hint_external_card" if picked.card_type else "ideology_hint_external")
    if phase == "conflict":
        if conflict:
            if "deflect" in legal.simple or "yield" in legal.simple:
                return t("ideology_hint_defend")
            return t("ideology_hint_press")
        return t("ideology_hint_conflict")
    if phase == "diplomacy":
        return t("ideology_hint_diplomacy")
    return ""


def hand(view: GameView, words: Words, legal: Legal, picked: Selection) -> str:
    t = words.t
    phase = view["phase"]
    held = view["hand"]
    assert held is not None, "drawn only from a player's own view"
    cards = []
    targets = legal.types_with_targets()
    for card_type in CARD_TYPES:
        count = held[card_type]
        name = escape(words.card_type(card_type))
        below = ""
        if phase == "exchange" and card_type in legal.discard:
            below = text_button(
                t("ideology_exchange_one"), "do", legal.discard[card_type], kind="ig-card-sub"
            )
        face = (
            f"{type_icon(card_type, 'ig-card-icon')}"
            f'<span class="ig-card-count">{count}</span> <span class="ig-card-name">{name}</span>'
        )
        if card_type in targets:
            face = button(
                Markup(face),
                intent_text("card", card_type),
                css=f"ig-card ig-card-{card_type}",
                pressed=picked.card_type == card_type,
            )
        elif phase in ("development", "external"):
            # Nothing to do with it now: a tap says why (the engine's reason).
            face = button(
                Markup(face),
                intent_text("card-why", card_type),
                css=f"ig-card ig-card-{card_type} is-idle",
                attributes={"aria-disabled": "true"},
            )
        else:
            face = f'<div class="ig-card ig-card-{card_type} is-idle">{face}</div>'
        cards.append(f'<div class="ig-card-slot">{face}{below}</div>')
    return (
        f'<section class="ig-hand" id="ig-hand" data-owner="{escape(str(view["viewer"]))}" '
        f'aria-label="{escape(t("ideology_your_hand", count=view["hand_size"]))}">'
        f'<h2 class="visually-hidden">'
        f"{escape(t('ideology_your_hand', count=view['hand_size']))}</h2>"
        f"{''.join(cards)}</section>"
    )


def advances_panel(
    view: GameView, words: Words, legal: Legal, me: str, *, open_: bool = True
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
            action = f'<span class="ig-owned">{icon("tick")}{escape(t("ideology_owned"))}</span>'
        elif name in legal.buy:
            action = text_button(t("ideology_buy"), "do", legal.buy[name], kind="button-primary")
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
    toggle = button(
        t("ideology_advances_toggle", count=buyable),
        "advances",
        kind="ig-advances-toggle",
        attributes={
            "aria-expanded": "true" if open_ else "false",
            "aria-controls": "ig-advance-list",
        },
    )
    listing = f'<ul class="ig-advance-list" id="ig-advance-list">{"".join(items)}</ul>'
    body = toggle + (listing if open_ else "")
    return titled_card("ig-advances", "ig-adv-title", t("ideology_advances"), body)


def conflict_panel(view: GameView, words: Words) -> str:
    t = words.t
    c = view["conflict"]
    assert c is not None, "drawn only during a conflict"
    title = t(
        "ideology_conflict_title",
        card_type=words.card_type(c["card_type"]),
        region=words.region(c["region"]),
    )
    versus = (
        f'<div class="ig-versus"><div>{who(c["attacker"], words)}'
        f"<p>{escape(t('ideology_attacker_played', count=c['attacker_cards_played']))}</p></div>"
        f'<span class="ig-vs">{escape(t("ideology_versus"))}</span>'
        f"<div>{who(c['defender'], words)}"
        f"<p>{escape(t('ideology_defender_played', count=c['defender_cards_played']))}</p></div>"
        f"</div>"
        f'<p class="ig-round">{escape(t("ideology_round", round=c["round"]))}</p>'
    )
    heading = Markup(type_icon(c["card_type"]) + escape(title))
    return titled_card("ig-conflict", "ig-conflict-title", heading, versus)


def attack_builder(view: GameView, words: Words, legal: Legal, picked: Selection) -> str:
    t = words.t
    defenders = sorted({str(a.ideology) for a in legal.attack}, key=view["order"].index)
    if not defenders:
        return f'<section class="card ig-attack"><p>{escape(t("ideology_no_attack"))}</p></section>'
    who_buttons = "".join(
        button(
            Markup(who(d, words)),
            intent_text("defender", d),
            kind="ig-choice",
            pressed=picked.defender == d,
        )
        for d in defenders
    )
    types = ""
    if picked.defender:
        allowed = [
            ct
            for ct in CARD_TYPES
            if any(a.ideology == picked.defender and a.card_type == ct for a in legal.attack)
        ]
        types = (
            f'<h3>{escape(t("ideology_attack_type"))}</h3><div class="button-row">'
            + "".join(
                button(
                    Markup(f"{type_icon(ct)}<span>{escape(words.card_type(ct))}</span>"),
                    intent_text("attack-type", ct),
                    kind="ig-choice",
                    pressed=picked.attack_type == ct,
                )
                for ct in allowed
            )
            + "</div>"
        )
    regions = ""
    if picked.defender and picked.attack_type:
        regions = f'<p class="hint">{escape(t("ideology_attack_pick_region"))}</p>'
    body = (
        f'<h3>{escape(t("ideology_attack_defender"))}</h3><div class="button-row">{who_buttons}'
        f"</div>{types}{regions}"
    )
    return titled_card("ig-attack", "ig-attack-title", t("ideology_attack_title"), body)


def diplomacy_panel(view: GameView, words: Words, legal: Legal, me: str) -> str:
    t = words.t
    diplomacy = view["diplomacy"]
    mine = (diplomacy["my_choices"] if diplomacy is not None else None) or {}
    current = {tuple(sorted(s["players"])): s["status"] for s in view["statuses"]}
    rows = []
    for other in view["order"]:
        if other == me:
            continue
        now = current.get(tuple(sorted((me, other))), "neutral")
        offered = legal.diplomacy.get(other, {})
        choices = "".join(
            button(
                words.status(s),
                intent_text("do", action_key(offered[s])),
                kind=f"ig-choice ig-status-{s}",
                pressed=mine.get(other) == s,
            )
            for s in STATUSES
            if s in offered
        )
        rows.append(
            f'<li class="ig-diplo-row">{who(other, words)}'
            f'<span class="ig-diplo-now">'
            f"{escape(t('ideology_status_now', status=words.status(now)))}</span>"
            f'<div class="button-row" role="group">{choices}</div></li>'
        )
    body = (
        f'<p class="hint">{escape(t("ideology_diplomacy_secret"))}</p>'
        f'<ul class="ig-diplo-list">{"".join(rows)}</ul>'
    )
    return titled_card("ig-diplomacy", "ig-diplo-title", t("ideology_diplomacy_title"), body)


def confirm_panel(session: Session, words: Words, action: Action) -> str:
    """What a place/remove/attack will cost, before it is done."""
    t = words.t
    assert action.card_type is not None and action.region is not None
    kind = words.card_type(action.card_type)
    region = words.region(action.region)
    if action.verb == "attack" and action.ideology:
        cost = session.attack_cost(action.ideology, action.card_type, action.region)
        what = t(
            "ideology_confirm_attack",
            defender=words.player(action.ideology),
            card_type=kind,
            region=region,
        )
        total, penalty, defence = cost["total"], cost["penalty"], cost["defence"]
    else:
        penalty = session.penalty(action.region)
        defence = 0
        total = 1 + penalty
        if action.verb == "remove" and action.ideology:
            what = t(
                "ideology_confirm_remove",
                owner=words.player(action.ideology),
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
        + act(
            f"{icon('tick')}<span>{escape(t('ideology_confirm'))}</span>",
            "do",
            action,
            kind="button-primary",
        )
        + text_button(t("ideology_cancel"), "cancel")
        + "</div></section>"
    )


def dock_side(
    session: Session, view: GameView, words: Words, legal: Legal, notice: Notice | None
) -> str:
    """The buttons that end the holder's part, and what the last tap said."""
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
            act(
                f"{icon('tick')}<span>{escape(label)}</span>",
                "do",
                legal.simple["done"],
                kind="button-primary",
            )
        )
    if phase == "diplomacy" and "done" not in legal.simple:
        buttons.append(button(t("ideology_done_diplomacy"), "", disabled=True))
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
            buttons.append(text_button(label, "do", legal.simple[verb], kind=kind))
    if session.can_undo:
        buttons.append(
            act(
                f"{icon('undo_arrow')}<span>{escape(t('ideology_undo'))}</span>",
                "undo",
                kind="button-quiet",
            )
        )
    error = ""
    if notice is not None:
        error = f'<p class="ig-error" role="alert">{escape(notice.text)}</p>'
    extra = ""
    if phase == "exchange" and view["exchange"]:
        ex = view["exchange"]
        extra = (
            f'<p class="ig-dock-note">'
            f"{escape(t('ideology_exchanged', count=ex['discarded'], limit=ex['limit']))}</p>"
        )
    return (
        f'<div class="ig-dock-side" id="ig-dock-side">{extra}'
        f'<div class="ig-dock-buttons">{"".join(buttons)}</div>{error}</div>'
    )


def turn_page(
    t: Translate,
    session: Session,
    view: GameView,
    notice: Notice | None = None,
    *,
    save_failed: bool = False,
) -> Page:
    """The holder's own screen: the table, their hand, what they may do now."""
    words = words_of(t, session)
    me = session.holder
    assert me is not None
    picked = session.selection
    legal = session.legal()
    phase = view["phase"]
    page, top = screen_page(f"turn/{me}", t, save_failed, stage="turn")
    panels = []
    if picked.pending and picked.pending in legal.by_key:
        panels.append(confirm_panel(session, words, legal.by_key[picked.pending]))
    if view["conflict"]:
        panels.append(conflict_panel(view, words))
    elif phase == "conflict":
        panels.append(attack_builder(view, words, legal, picked))
    if phase == "development":
        panels.append(advances_panel(view, words, legal, me, open_=picked.advances))
    if phase == "diplomacy":
        panels.append(diplomacy_panel(view, words, legal, me))
    hint = _hint(t, view, legal, picked)
    title = t("ideology_screen_of", name=words.short(me))
    bar = page.section("ig-phasebar", phase_bar(view, words, hint, acting=[me]))
    panel = page.section(
        "ig-panels", f'<div id="ig-panels" class="ig-panels">{"".join(panels)}</div>'
    )
    table = table_section(page, view, words, legal=legal, picked=picked, mine=me)
    shared = common_sections(page, view, words, full_log=picked.full_log)
    body = (
        f'<div class="ig-side">{bar}{panel}</div>'
        f'<div class="ig-main">{table}{shared["map"]}{shared["players"]}{shared["log"]}</div>'
    )
    dock = page.section(
        "ig-dock",
        '<div id="ig-dock" class="ig-dock">'
        + page.section("ig-hand", hand(view, words, legal, picked))
        + page.section("ig-dock-side", dock_side(session, view, words, legal, notice))
        + "</div>",
    )
    letter = IDEOLOGIES[me].letter
    page.root(
        f'{top}<div class="ig-play ig-holder-{letter}">{frame_of(t, title, body)}{dock}</div>'
    )
    return page


# --- a computer's turn ------------------------------------------------------------------


def computer_page(
    t: Translate,
    session: Session,
    view: GameView,
    *,
    failed: bool = False,
    save_failed: bool = False,
) -> Page:
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
            + text_button(t("ideology_computer_retry"), "computer-retry", kind="button-primary")
            + "</div>"
        )
    # One screen while the computers play, whoever of them holds the tablet: between two
    # of their actions the page stays where the person scrolled it.
    page, top = screen_page("computer", t, save_failed, stage="computer")
    panels = conflict_panel(view, words) if view["conflict"] else ""
    bar = page.section(
        "ig-phasebar",
        phase_bar(view, words, t("ideology_hint_computer", name=name), acting=[player]),
    )
    side = bar + page.section("ig-panels", f'<div id="ig-panels" class="ig-panels">{panels}</div>')
    shared = common_sections(page, view, words, full_log=session.selection.full_log)
    viewer = view["viewer"]
    heading = t("ideology_computer_turn", name=name)
    if viewer is None:
        watch = page.section("ig-watch", f'<div class="ig-watch" id="ig-watch">{status}</div>')
        body = side + watch + public_table(page, view, words, shared, session.selection)
        page.root(f'{top}<div class="ig-public">{frame_of(t, heading, body)}</div>')
        return page
    body = (
        f'<div class="ig-side">{side}</div>'
        + '<div class="ig-main">'
        + table_section(page, view, words, picked=session.selection, mine=viewer)
        + shared["map"]
        + shared["players"]
        + shared["log"]
        + "</div>"
    )
    # The only person's hand stays in its place, with nothing to tap: the computer's
    # "thinking" takes the place of the buttons.
    dock = page.section(
        "ig-dock",
        '<div id="ig-dock" class="ig-dock">'
        + page.section("ig-hand", hand(view, words, Legal(), Selection()))
        + page.section(
            "ig-dock-side", f'<div class="ig-dock-side" id="ig-dock-side">{status}</div>'
        )
        + "</div>",
    )
    letter = IDEOLOGIES[viewer].letter
    page.root(
        f'{top}<div class="ig-play ig-watching ig-holder-{letter}">'
        f"{frame_of(t, heading, body)}{dock}</div>"
    )
    return page


# --- public screens ---------------------------------------------------------------------


def report_page(
    t: Translate, session: Session, view: GameView, *, save_failed: bool = False
) -> Page:
    """What just happened, for everybody at the table, before the tablet moves on."""
    words = words_of(t, session)
    entries = session.report_entries()
    # A new region is shown with its neighbours on the table lit, so everyone sees where it lies.
    in_play = {r["name"] for r in view["regions"]}
    arrived = [e["region"] for e in entries if e["event"] == "new_region"]
    shown = session.selection
    if shown.focus is None and arrived and arrived[-1] in in_play:
        shown = Selection(focus=arrived[-1])
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
    label = f"{icon('play')}<span>{escape(next_label)}</span>"
    go_on = act(label, "continue", kind="button-primary")
    page, top = screen_page("report", t, save_failed, stage="report")
    shared = common_sections(page, view, words, full_log=session.selection.full_log)
    body = (
        page.section("ig-phasebar", phase_bar(view, words, hint, acting=view["to_act"][:1]))
        + titled_card(
            "ig-report",
            "ig-report-title",
            t("ideology_report_title"),
            f'{sections}<div class="button-row">{go_on}</div>',
        )
        + public_table(page, view, words, shared, shown)
    )
    page.root(f'{top}<div class="ig-public">{frame_of(t, heading, body)}</div>')
    return page


def over_page(t: Translate, session: Session, view: GameView, *, save_failed: bool = False) -> Page:
    words = words_of(t, session)
    winner = view["result"]
    end = next((e for e in reversed(view["log"]) if e["event"] == "game_end"), None)
    reason = ""
    if end:
        reason = words.log_line(end)
    headline = (
        t("ideology_winner", name=words.player(winner)) if winner else t("ideology_no_winner")
    )
    top_influence = max(info["influence"] for info in view["players"].values())
    tied = sum(1 for info in view["players"].values() if info["influence"] == top_influence) > 1
    tie_note = f'<p class="hint">{escape(t("ideology_tie_break"))}</p>' if tied and winner else ""
    ranking = sorted(view["order"], key=lambda p: (p != winner,))
    rows = "".join(
        f'<li class="ig-final{" is-winner" if p == winner else ""}">{who(p, words)}'
        f'<span class="ig-final-influence">'
        f"{escape(t('ideology_influence_short', influence=view['players'][p]['influence']))}"
        f"</span></li>"
        for p in ranking
    )
    page, top = screen_page("over", t, save_failed, stage="over")
    shared = common_sections(page, view, words, full_log=session.selection.full_log)
    body = (
        f'<section class="card ig-over" aria-labelledby="ig-over-title">'
        f'<p class="ig-over-crown">{icon("crown")}</p>'
        f'<h2 id="ig-over-title" data-winner="{escape(winner or "")}">'
        f"{escape(headline)}</h2>"
        f'<p>{escape(reason)}</p>{tie_note}<ol class="ig-final-list">{rows}</ol>'
        '<div class="button-row">'
        + act(
            f"{icon('play')}<span>{escape(t('ideology_rematch'))}</span>",
            "rematch",
            kind="button-primary",
        )
        + link(t("ideology_review"), "#/ideology/review", icon="rules")
        + link(t("new_game"), "#/ideology/new")
        + "</div></section>"
        + public_table(page, view, words, shared, session.selection)
    )
    page.root(f'{top}<div class="ig-public">{frame_of(t, t("ideology_over_heading"), body)}</div>')
    return page


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


def map_panel(view: GameView, words: Words) -> str:
    """Every region where it lies: those in play by controller (colour and letter)."""
    regions = tuple((r["name"], r["controller"], r["level"]) for r in view["regions"])
    return _map(words.t, regions)


@remember_last
def _map(t: Translate, regions: tuple[tuple[str, str | None, int], ...]) -> str:
    from engine.ideology import REGIONS

    words = Words(t, {})
    in_play = {name: (owner, level) for name, owner, level in regions}
    lines = []
    for name, printed in REGIONS.items():
        x1, y1 = MAP_POSITIONS[name]
        for other in printed.adjacent:
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
        if name not in in_play:
            spots.append(
                f'<g class="ig-map-spot is-out"><circle cx="{x}" cy="{y}" r="1.2"/>'
                f'<text x="{x}" y="{y + 3}">{label}</text></g>'
            )
            continue
        controller, level = in_play[name]
        letter = IDEOLOGIES[controller].letter if controller else ""
        css = f"ig-p-{letter}" if letter else "is-independent"
        spots.append(
            f'<g class="ig-map-spot {css}"><circle cx="{x}" cy="{y}" r="2.3"/>'
            f'<text class="ig-map-letter" x="{x}" y="{y + 0.8}">{letter or level}</text>'
            f'<text x="{x}" y="{y + 4.6}">{label}</text></g>'
        )
    return (
        f'<details class="card ig-map" id="ig-map"><summary>{escape(t("ideology_map"))}</summary>'
        f'<p class="hint">{escape(t("ideology_map_hint"))}</p>'
        f'<svg class="ig-map-svg" viewBox="0 -1 104 62" role="img" '
        f'aria-label="{escape(t("ideology_map"))}">{"".join(lines)}{"".join(spots)}</svg>'
        "</details>"
    )
