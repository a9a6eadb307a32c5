"""Ideology's browser-free UI modules: session flow, saves, markup, log and error texts."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from ui import store
from ui.games import spec
from ui.i18n import Translator, table
from ui.ideology import render
from ui.ideology.session import (
    Legal,
    NewGameForm,
    Selection,
    Session,
    legal_actions,
    sort_legal,
)
from ui.ideology.text import Words
from ui.loop import Page, changed_sections

from engine import ideology
from engine.ideology import parse
from engine.ideology.errors import IllegalAction
from tests.web.driver import Driver

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = ["Capitalism", "Communism", "Fascism"]
NAMES = {"Capitalism": "Ana", "Communism": "Bruno", "Fascism": "<b>Carla</b>"}


def regions_for(legal: Legal, card_type: str) -> set[str]:
    """The regions where a card of ``card_type`` may be placed or removed."""
    found = (*legal.place.get(card_type, []), *legal.remove.get(card_type, []))
    return {str(action.region) for action in found}


def started(seed: int = 1) -> Session:
    return Session.start(PLAYERS, NAMES, seed=seed, turn_limit=2)


def at_turn(session: Session) -> Session:
    if session.stage == "report":
        session.continue_after_report()
    session.reveal()
    assert session.stage == "turn"
    return session


def random_game(seed: int, players: list[str], *, turn_limit: int = 2) -> ideology.Game:
    game = ideology.new_game(players, seed, turn_limit=turn_limit)
    rng = random.Random(seed)
    while not game.is_terminal:
        player = game.to_act[0]
        game.apply(player, rng.choice(game.legal_actions(player)))
    return game


# --- store --------------------------------------------------------------------------------


def test_store_switches_slots_and_a_refused_write_keeps_the_old_save() -> None:
    storage = store.MemoryStorage(limit=100)
    assert store.save(storage, "ideology", "first")
    assert store.save(storage, "ideology", "second")
    assert store.load(storage, "ideology") == "second"
    assert not store.save(storage, "ideology", "x" * 100)
    assert store.load(storage, "ideology") == "second"
    store.clear(storage, "ideology")
    assert store.load(storage, "ideology") is None
    assert not store.save(None, "ideology", "text")


# --- session ------------------------------------------------------------------------------


def test_a_new_game_opens_on_the_public_summary_then_the_cover() -> None:
    session = started()
    assert session.stage == "report"
    assert any(e["event"] == "draw" for e in session.report_entries())
    session.continue_after_report()
    assert session.stage == "cover"
    assert session.holder == session.game.to_act[0]
    session.reveal()
    assert session.stage == "turn"


def test_acting_hands_over_when_someone_else_is_to_act() -> None:
    session = at_turn(started())
    first = session.holder
    assert session.act("done")
    assert session.stage == "cover" and session.holder != first


def test_a_refused_action_keeps_the_game_and_says_why_by_code() -> None:
    session = at_turn(started())
    before = session.game.to_json()
    assert not session.act("buy Weapons of Mass Destruction")
    assert session.error is not None and session.error["code"]
    assert session.game.to_json() == before


def test_undo_only_of_the_holders_own_last_action_that_revealed_nothing() -> None:
    session = at_turn(started())
    legal = session.legal()
    kind = sorted(legal.discard)[0]
    assert str(legal.discard[kind]) == f"discard {kind}"
    assert not session.can_undo
    assert session.act(f"discard {kind}")
    assert session.can_undo
    assert session.undo()
    assert session.game.exchanged == 0 and session.stage == "turn"
    session.act("done")  # draws: handed on, nothing to undo for the next player
    session.reveal()
    assert not session.can_undo


def test_a_saved_turn_comes_back_behind_the_cover() -> None:
    session = at_turn(started())
    text = session.to_json()
    again = Session.from_json(text)
    assert again.stage == "cover" and again.holder == session.holder
    assert again.game == session.game
    storage = store.MemoryStorage()
    store.save(storage, "ideology", text)
    ideology_spec = spec("ideology")
    assert ideology_spec is not None and ideology_spec.in_progress(storage)
    assert not ideology_spec.in_progress(store.MemoryStorage())


def test_a_whole_game_through_the_session_ends_on_the_over_stage() -> None:
    session = started(3)
    rng = random.Random(3)
    while session.stage != "over":
        if session.stage == "report":
            session.continue_after_report()
        elif session.stage == "cover":
            session.reveal()
        else:
            assert session.act(str(rng.choice(legal_actions(session.game, session.holder))))
    assert session.game.is_terminal
    rematch = session.rematch()
    assert rematch.stage == "report" and rematch.game.turn == 1
    assert rematch.names == session.names


def test_legal_actions_are_sorted_by_verb() -> None:
    texts = [
        "discard military",
        "place cultural North Africa",
        "remove economic East Africa Islamic Fundamentalism",
        "buy Technological Supremacy",
        "attack Fascism cultural France",
        "diplomacy Communism war",
        "pass",
    ]
    legal = sort_legal([parse(text) for text in texts])
    assert list(legal.discard) == ["military"]
    assert [a.region for a in legal.place["cultural"]] == ["North Africa"]
    assert [(a.region, a.ideology) for a in legal.remove["economic"]] == [
        ("East Africa", "Islamic Fundamentalism")
    ]
    assert list(legal.buy) == ["Technological Supremacy"]
    assert [(a.ideology, a.card_type, a.region) for a in legal.attack] == [
        ("Fascism", "cultural", "France")
    ]
    assert list(legal.diplomacy["Communism"]) == ["war"]
    assert list(legal.simple) == ["pass"]
    assert regions_for(legal, "economic") == {"East Africa"}
    # Every action is found again by its key on the page.
    assert sorted(legal.by_key) == sorted(texts)


# --- markup -------------------------------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_cover_shows_nothing_but_the_next_player(language: str) -> None:
    session = started()
    session.continue_after_report()
    html = render.cover_page(Translator(language), session).html()
    assert "ig-hand" not in html and "ig-tile" not in html and "ig-log" not in html
    assert "&lt;b&gt;Carla" in html or session.holder != "Fascism"


def test_the_turn_screen_holds_only_the_holders_hand() -> None:
    session = at_turn(started())
    view = session.game.view(session.holder)
    html = render.turn_page(Translator("en"), session, view).html()
    assert html.count('class="ig-hand"') == 1
    assert f'data-owner="{session.holder}"' in html
    assert "<b>Carla</b>" not in html  # names are escaped


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_card_in_hand_is_read_as_its_count_then_its_type(language: str) -> None:
    """A screen reader joins inline text as it is: "2 economic", never "2economic"."""
    session = at_turn(started())
    view = session.game.view(session.holder)
    html = render.turn_page(Translator(language), session, view).html()
    hand = re.search(r'<section class="ig-hand".*?</section>', html, re.S)
    assert hand is not None
    cards = re.findall(r'class="ig-card ig-card-[a-z]+[^"]*"[^>]*>(.*?)</(?:button|div)>', hand[0])
    assert len(cards) == 3
    for card in cards:
        heard = re.sub(r"<[^>]+>", "", card).strip()
        assert re.fullmatch(r"\d+ \w+", heard), heard


def test_a_chosen_card_lights_exactly_the_legal_regions() -> None:
    game = ideology.new_game(PLAYERS, 4, turn_limit=3)
    rng = random.Random(4)
    while not (
        game.phase == "external"
        and any(a.startswith("place") for a in game.legal_actions(game.to_act[0]))
    ):
        player = game.to_act[0]
        choices = [a for a in game.legal_actions(player) if not a.startswith(("place", "buy"))]
        game.apply(player, rng.choice(choices or game.legal_actions(player)))
    session = Session(game=game, names={}, stage="turn", holder=game.to_act[0])
    legal = session.legal()
    card_type = sorted(legal.place)[0]
    view = game.view(session.holder)
    before = render.turn_page(Translator("en"), session, view)
    session.selection = Selection(card_type=card_type)
    after = render.turn_page(Translator("en"), session, view)
    html = after.html()
    lit = set(
        re.findall(r'class="ig-tile[^"]*is-target[^"]*" id="[^"]+" data-region="([^"]+)"', html)
    )
    assert lit == regions_for(legal, card_type)
    # The button that takes the focus is the first lit tile's, in the page's order.
    actions = [found.start() for found in re.finditer('class="ig-tile-actions"', html)]
    first = html.index('id="ig-first-target"')
    assert actions[0] < first and (len(actions) == 1 or first < actions[1])
    # Only the lit tiles, the hand (the card pressed) and the hint are drawn again.
    changed = set(changed_sections(before, after) or [])
    assert changed == {render.tile_id(region) for region in lit} | {"ig-hand", "ig-phasebar"}
    confirm = render.confirm_panel(session, Words(Translator("en"), {}), legal.place[card_type][0])
    assert "distance penalty" in confirm


def test_the_new_game_screen_offers_two_to_five_players_and_the_turn_limit() -> None:
    form = NewGameForm(count=4, turn_limit=2)
    html = render.new_game_page(Translator("es"), form).html()
    assert html.count('name="seat-name-') == 4
    assert 'data-intent="count 5"' in html and "Límite de turnos" in html


# --- texts --------------------------------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "es"])
def test_every_log_event_of_random_games_has_a_translation(language: str) -> None:
    words = Words(Translator(language), {"Capitalism": "Ana"})
    events = set()
    for seed in range(6):
        players = list(ideology.IDEOLOGIES)[: 2 + seed % 4]
        for entry in random_game(seed, players, turn_limit=3).log:
            line = words.log_line(entry)
            events.add(entry["event"])
            assert "ideology_" not in line and "{" not in line, line
            if language == "es":
                assert entry["text"] != line
    assert {"draw", "place", "status", "turn_order", "game_end"} <= events


def test_every_documented_error_code_has_a_message_in_both_languages() -> None:
    doc = (ROOT / "docs" / "ideology-api.md").read_text(encoding="utf-8")
    section = doc.split("### IllegalAction")[1].split("### SetupError")[0]
    codes = set(re.findall(r"^\| `([a-z_]+)`", section, re.MULTILINE))
    codes |= {"unknown_type", "unknown_region", "unknown_ideology", "unknown_advance"}
    assert "zone_full" in codes
    for language in ("en", "es"):
        missing = [c for c in codes if f"ideology_error_{c}" not in table(language)]
        assert missing == []


def test_an_engine_error_is_told_in_spanish_from_its_code() -> None:
    game = ideology.new_game(PLAYERS, 1)
    player = game.to_act[0]
    with pytest.raises(IllegalAction) as refused:
        game.apply(player, "place military Australia")
    words = Words(Translator("es"), {})
    message = words.error(refused.value.code, refused.value.params)
    assert message and "ideology_" not in message and message != refused.value.message


def test_saved_session_is_plain_json_with_the_engine_save_inside() -> None:
    data = json.loads(started().to_json())
    assert data["game"] == "ideology" and data["save"]["game"] == "ideology"


def test_the_map_places_every_region_and_marks_those_in_play() -> None:
    session = started()
    view = session.game.view(None)
    html = render.map_panel(view, Words(Translator("es"), {}))
    assert set(render.MAP_POSITIONS) == set(ideology.REGIONS)
    assert html.count("<g class=") == len(ideology.REGIONS)
    assert html.count("is-out") == len(ideology.REGIONS) - len(view["regions"])
    assert "Estados Unidos" in html


def test_a_focused_tile_highlights_its_neighbours_in_play() -> None:
    session = at_turn(started())
    view = session.game.view(None)
    view["regions"].append(
        {**view["regions"][0], "name": "Canada", "controller": None, "home_of": None}
    )
    home = next(r for r in view["regions"] if r["name"] == "United States")
    home["adjacent_in_play"] = ["Canada"]
    page = Page("table")
    page.root(
        render.table_section(
            page, view, Words(Translator("en"), {}), picked=Selection(focus="United States")
        )
    )
    html = page.html()
    assert re.search(r'class="ig-tile[^"]*is-neighbour[^"]*" id="[^"]+" data-region="Canada"', html)
    assert re.search(
        r'class="ig-tile[^"]*is-focus[^"]*" id="[^"]+" data-region="United States"', html
    )


def test_the_log_shows_the_latest_entries_and_offers_the_whole_log() -> None:
    game = random_game(2, PLAYERS, turn_limit=3)
    session = Session(game=game, names={}, stage="over")
    words = Words(Translator("en"), {})
    short = render.log_panel(game.log[-render.LOG_SHOWN :], words, total=len(game.log))
    assert short.count("<li>") == render.LOG_SHOWN and 'data-intent="full-log"' in short
    whole = render.log_panel(game.log, words, total=len(game.log), full=True)
    assert whole.count("<li>") == len(game.log) and "full-log" not in whole
    session.selection.full_log = True
    view = session.screen_view(render.LOG_SHOWN)
    assert "full-log" not in render.over_page(Translator("en"), session, view).html()


# --- the loop -----------------------------------------------------------------------------


FIELDS = {"seat-ideology-0": "Capitalism", "seat-ideology-1": "Communism", "seed": "1"}


def test_a_game_by_intents_from_the_form_to_the_holders_screen() -> None:
    driver = Driver.new_game("ideology")
    driver.tap("count 2", **FIELDS)
    assert sorted(driver.changed or []) == ["ig-counts", "ig-seats", "ig-seed-card"]
    driver.tap("count 3", **FIELDS)
    assert sorted(driver.changed or []) == ["ig-counts", "ig-seats"]
    driver.tap("start", **{**FIELDS, "seat-ideology-1": "Capitalism"})
    assert driver.notice is not None and "same ideology" in driver.notice.text
    driver.tap("start", **FIELDS, **{"seat-name-0": "Ana"})
    assert driver.address == "#/ideology/play" and driver.page is not None
    assert driver.page.stage == "report"
    driver.tap("continue")
    assert driver.page.stage == "cover" and "ig-hand" not in driver.html()
    driver.tap("reveal")
    assert driver.page.stage == "turn" and driver.html().count('class="ig-hand"') == 1
    # A tile's name lights its neighbours: only those tiles are drawn again.
    region = re.findall(r'data-intent="focus ([^"]+)"', driver.html())[0]
    driver.tap(f"focus {region}")
    assert driver.changed and all(key.startswith("ig-tile-") for key in driver.changed)
    discard = re.findall(r'data-intent="(do discard [a-z]+)"', driver.html())[0]
    driver.tap(discard)
    assert driver.outcomes[-1].new_screen is False
    driver.tap("undo")
    assert driver.outcomes[-1].announce == "Your last action was undone."


def test_a_refused_action_is_said_where_the_buttons_are_and_goes_at_the_next_tap() -> None:
    driver = Driver.new_game("ideology")
    driver.tap("start", **FIELDS)
    driver.tap("continue")
    driver.tap("reveal")
    from ui.loop import Intent

    driver.dispatch(Intent("do", "buy Weapons of Mass Destruction"))
    assert driver.notice is not None and driver.notice.alert
    assert driver.changed == ["ig-dock-side"]
    driver.tap("advances") if 'data-intent="advances"' in driver.html() else driver.dispatch(
        Intent("focus", "United States")
    )
    assert driver.notice is None


@pytest.mark.parametrize(
    ("language", "line"),
    [
        ("en", "No cards left: Ana (C) wins with the most influence (4)."),
        ("es", "No quedan cartas: Ana (C) gana con la mayor influencia (4)."),
    ],
)
def test_game_over_by_exhaustion_says_no_cards_were_left(language: str, line: str) -> None:
    from tests.ideology.scenario import give_advances, put, scenario

    game = scenario(["Capitalism", "Communism"], phase="diplomacy")
    give_advances(game, "Capitalism", "Technological Supremacy")
    for name in ("Canada", "Brazil", "France", "Italy", "Scandinavia", "Iberia"):
        for player in ("Capitalism", "Communism"):
            put(game, name, player, military=2, economic=2, cultural=2)
    for player, other in (("Capitalism", "Communism"), ("Communism", "Capitalism")):
        game.apply(player, f"diplomacy {other} peace")
        game.apply(player, "done")
    assert game.end_reason == "exhaustion"
    session = Session(game=game, names={"Capitalism": "Ana", "Communism": "Bruno"}, stage="over")
    view = game.view(None)
    html = render.over_page(Translator(language), session, view).html()
    assert f"<p>{line}</p>" in html


@pytest.mark.parametrize("phase", ["development", "external"])
def test_a_card_that_can_do_nothing_says_why_in_the_engines_words(phase: str) -> None:
    """Issue 16, item 7: a tap on a card with no target is never silent. The reason is
    the engine's own refusal (``check``) of placing that card, not a rule in the UI."""
    from ui.loop import Intent

    driver = Driver.new_game("ideology")
    driver.tap("start", **FIELDS)
    rng = random.Random(16)
    for _ in range(400):
        session = driver.screen.session  # type: ignore[attr-defined]
        if session.stage == "report":
            driver.tap("continue")
            continue
        if session.stage == "cover":
            driver.tap("reveal")
            continue
        assert session.stage == "turn", session.stage
        idle = re.findall(r'data-intent="card-why ([a-z]+)"', driver.html())
        if session.phase == phase and idle:
            card_type = idle[0]
            game, holder = session.game, session.holder
            refusals = {
                region: game.check(holder, f"place {card_type} {region}") for region in game.regions
            }
            assert all(refusals.values()), "an idle card has no legal placement"
            driver.tap(f"card-why {card_type}")
            assert driver.notice is not None and driver.notice.alert
            words = render.words_of(driver.context.t, session)
            said = {words.error(r.code, dict(r.params)) for r in refusals.values() if r}
            assert driver.notice.text in said
            assert driver.notice.text != driver.context.t("ideology_error_unknown")
            return
        driver.dispatch(Intent("do", rng.choice(sorted(session.legal().by_key))))
    pytest.fail(f"no idle card in the {phase} phase")
