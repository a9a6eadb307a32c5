"""The Ideology game review (ui.ideology.review) through the loop: opened from the game
over screen, it steps through every phase (buttons, slider, arrow keys, swipes), tells
each phase in words, shows the public table after it and the influence chart, and never
a hand."""

from __future__ import annotations

import json
import random
import re
import xml.etree.ElementTree as ET

from ui import store
from ui.ideology.session import Session
from ui.loop import Intent

from engine import ideology
from engine.ideology.replay import influence_by_turn, steps
from tests.web.driver import Driver

PLAYERS = ["Capitalism", "Communism", "Fascism"]
NAMES = {"Capitalism": "Ana", "Communism": "Bruno", "Fascism": "<b>Carla</b>"}


def finished_session(seed: int = 3) -> Session:
    session = Session.start(PLAYERS, NAMES, seed=seed, turn_limit=2)
    game = ideology.new_game(PLAYERS, seed, turn_limit=2)
    rng = random.Random(seed)
    while not game.is_terminal:
        player = game.to_act[0]
        game.apply(player, rng.choice(game.legal_actions(player)))
    session.game = game
    session.stage = "over"
    session.seen = len(game.log)
    session.report_from = 0
    return session


def reviewing(language: str = "en") -> tuple[Driver, Session]:
    session = finished_session()
    storage = store.MemoryStorage()
    assert store.save(storage, "ideology", session.to_json())
    driver = Driver.game("ideology", language=language, storage=storage)
    driver.go("#/ideology/play")
    assert 'href="#/ideology/review"' in driver.html()  # the game over screen offers it
    driver.go("#/ideology/review")
    assert driver.address == "#/ideology/review"
    return driver, session


def shown_step(driver: Driver) -> str:
    found = re.search(r'id="review-slider"[^>]*value="(\d+)"', driver.html())
    assert found is not None
    return found.group(1)


def test_the_review_starts_at_the_start_and_steps_with_buttons_and_slider() -> None:
    driver, session = reviewing()
    count = len(steps(session.game))
    html = driver.html()
    assert "The start" in html and f"Step 1 of {count}" in html
    assert 'data-intent="review-to 1"' in html
    driver.tap("review-to 1")
    assert shown_step(driver) == "1" and f"Step 2 of {count}" in driver.html()
    driver.dispatch(Intent("review-to", value=str(count - 1)))  # the slider
    assert shown_step(driver) == str(count - 1)
    assert "disabled" in re.search(r"<button[^>]*review-next[^>]*>", driver.html()).group(0)  # type: ignore[union-attr]
    driver.tap("review-to 0")
    assert shown_step(driver) == "0"


def test_arrow_keys_and_swipes_step_but_not_past_either_end() -> None:
    driver, _session = reviewing()
    outcome = driver.dispatch(Intent("key", "ArrowLeft"))
    assert outcome is not None and not outcome.repaint and shown_step(driver) == "0"
    driver.dispatch(Intent("key", "ArrowRight"))
    driver.dispatch(Intent("key", "ArrowRight"))
    assert shown_step(driver) == "2"
    driver.dispatch(Intent("review-swipe", value="previous"))
    assert shown_step(driver) == "1"
    driver.dispatch(Intent("review-swipe", value="next"))
    assert shown_step(driver) == "2"
    # On the slider the browser steps it itself: the key is left to it.
    assert driver.dispatch(Intent("key", "ArrowRight", value="review-to")) is None


def test_each_step_tells_its_phase_from_the_log_and_shows_the_table_after_it() -> None:
    driver, session = reviewing()
    game = session.game
    for index, step in enumerate(steps(game)[1:], start=1):
        driver.dispatch(Intent("review-to", str(index)))
        html = driver.html()
        assert re.search(rf"Turn {step.turn} · ", html)
        state = ideology.new_game(PLAYERS, game.seed, game.options)
        for player, action in game.actions[: step.actions]:
            state.apply(player, action)
        for region in state.regions:
            assert f'data-region="{region}"' in html
        for player in PLAYERS:
            # The players' table holds each one's influence as it was then.
            assert f"<b>{state.influence(player)}</b>" in html


def test_no_hand_and_no_hidden_choice_is_on_any_step() -> None:
    driver, session = reviewing()
    for index in range(len(steps(session.game))):
        driver.dispatch(Intent("review-to", str(index)))
        html = driver.html()
        assert "ig-hand" not in html and "ig-card-count" not in html
        assert 'data-intent="do ' not in html


def test_the_chart_has_one_line_per_player_with_the_replayed_influence() -> None:
    driver, session = reviewing()
    html = driver.html()
    svg = re.search(r"<svg class=\"chart chart-line\".*?</svg>", html, re.S)
    assert svg is not None
    root = ET.fromstring(svg.group(0))
    groups = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("data-series")]
    assert len(groups) == 3
    assert [g.get("data-series") for g in groups] == ["Ana", "Bruno", "<b>Carla</b>"]
    series = influence_by_turn(session.game)
    desc = root.find("{http://www.w3.org/2000/svg}desc")
    assert desc is not None and desc.text is not None
    for player, name in NAMES.items():
        assert f"{name}: {', '.join(str(v) for v in series[player])}" in desc.text
    assert "<b>Carla</b>" not in html  # escaped everywhere


def test_the_review_is_in_spanish_too() -> None:
    driver, _session = reviewing("es")
    html = driver.html()
    assert "Repaso de la partida" in html and "Influencia por turno" in html
    driver.tap("review-to 1")
    assert "Turno 1 · " in driver.html()


def test_back_to_the_game_shows_the_game_over_screen_again() -> None:
    driver, _session = reviewing()
    driver.go("#/ideology/play")
    assert 'data-stage="over"' in driver.html() or "Game over" in driver.html()


class Asked:
    """A review request as the finished games and the saves make one."""

    def __init__(self, session: dict[str, object]) -> None:
        self.session = session
        self.back = "#/finished"
        self.back_label = "Back to the finished games"


def test_the_review_screen_of_a_session_document_has_its_own_way_back() -> None:
    from ui.ideology.review import ReviewScreen

    session = finished_session()
    driver = Driver.game("ideology")
    driver.screen = ReviewScreen(driver.context, Asked(json.loads(session.to_json())))
    driver.go("#/review/game-ideology")
    html = driver.html()
    assert 'href="#/finished"' in html and "Back to the finished games" in html
    driver.tap("review-to 1")
    driver.tap("review-to 2")
    assert shown_step(driver) == "2"
    assert "ig-hand" not in driver.html()


def test_a_damaged_document_is_said_with_the_way_back() -> None:
    from ui.ideology.review import ReviewScreen

    document = json.loads(finished_session().to_json())
    document["save"]["actions"][3][1] = "buy Nothing"
    driver = Driver.game("ideology")
    driver.screen = ReviewScreen(driver.context, Asked(document))
    driver.go("#/review/game-ideology")
    assert "cannot be looked back at" in driver.html() and 'href="#/finished"' in driver.html()
    assert driver.dispatch(Intent("review-to", "1")) is None


def test_a_game_in_progress_reviewed_shows_no_hand_and_comes_back_behind_the_cover() -> None:
    session = Session.start(PLAYERS, NAMES, seed=5, turn_limit=2)
    session.continue_after_report()
    session.reveal()
    assert session.stage == "turn"
    storage = store.MemoryStorage()
    assert store.save(storage, "ideology", session.to_json())
    driver = Driver.game("ideology", storage=storage)
    driver.go("#/ideology/play")
    driver.tap("reveal")
    assert "ig-hand" in driver.html()  # the holder's own screen
    driver.go("#/ideology/review")
    assert "ig-hand" not in driver.html() and "ig-card-count" not in driver.html()
    driver.go("#/ideology/play")
    assert 'data-intent="reveal"' in driver.html()  # whoever holds the tablet now
