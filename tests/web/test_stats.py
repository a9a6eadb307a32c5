"""Statistics (ui.stats, ui.stats_screen): each finished game counted once from the
game-end path, figures per person, game, variant and opponent, streaks, average length,
reset after a question, export and import (a foreign or damaged file changes nothing)."""

from __future__ import annotations

import json
import random

import pytest
from ui import stats, store
from ui.ideology import saves as ideology_saves
from ui.ideology.session import Session as IdeologySession
from ui.loop import Intent
from ui.stats import Record, Seat
from ui.stats_screen import StatsScreen

from engine import ideology
from tests.web.driver import Driver, stratego_at_play


def game(
    ident: str,
    winner: str | None,
    *,
    kind: str = "stratego/classic",
    seats: tuple[tuple[str, str], ...] = (("Ana", "person"), ("Luis", "person")),
    length: int = 10,
    when: str = "",
) -> Record:
    name, variant = kind.split("/")
    return Record(
        ident,
        name,
        variant,
        tuple(Seat(who, seat, who == winner) for who, seat in seats),
        length,
        when or f"2026-12-01T10:{int(ident[-2:], 36) % 60:02d}:00Z",
    )


def resigned_stratego(storage: store.MemoryStorage) -> Driver:
    driver = stratego_at_play(storage)
    driver.tap("resign")
    driver.tap("resign-yes")
    return driver


# --- the game-end hook ----------------------------------------------------------------------


def test_a_stratego_game_ended_by_resigning_is_counted_once_even_after_a_reload() -> None:
    storage = store.MemoryStorage()
    resigned_stratego(storage)
    kept = stats.load(storage)
    assert len(kept) == 1
    (found,) = kept
    assert found.kind == "stratego/classic"
    assert [(s.name, s.kind, s.won) for s in found.seats] == [
        ("Ana", "person", False),
        ("Luis", "person", True),
    ]
    # The finished game opened again (a reload) and saved again: still one game.
    again = Driver.game("stratego", storage=storage)
    again.go("#/stratego/play")
    again.screen.persist(again.screen.session.to_json())  # type: ignore[attr-defined]
    assert len(stats.load(storage)) == 1


def test_a_game_is_its_moves_and_its_players() -> None:
    first, second = store.MemoryStorage(), store.MemoryStorage()
    resigned_stratego(first)
    resigned_stratego(second)
    assert stats.load(first)[0].id == stats.load(second)[0].id
    assert stats.record(first, stats.load(second)[0]) is False
    ana = [("Ana", "person", True), ("Luis", "person", False)]
    bea = [("Bea", "person", True), ("Luis", "person", False)]
    made = [stats.outcome_of("stratego", "classic", "{}", seats, 3, "") for seats in (ana, bea)]
    assert made[0].id != made[1].id


def test_a_finished_ideology_game_records_winner_seats_and_turns() -> None:
    session = IdeologySession.start(
        ["Capitalism", "Communism", "Fascism"],
        {"Capitalism": "Ana"},
        seed=4,
        turn_limit=2,
        seats={"Communism": "greedy", "Fascism": "random"},
    )
    assert ideology_saves.outcome(session) is None  # not over yet
    played = ideology.new_game(["Capitalism", "Communism", "Fascism"], 4, turn_limit=2)
    rng = random.Random(4)
    while not played.is_terminal:
        player = played.to_act[0]
        played.apply(player, rng.choice(played.legal_actions(player)))
    session.game, session.stage = played, "over"
    storage = store.MemoryStorage()
    assert stats.record_session(storage, "ideology", session)
    assert not stats.record_session(storage, "ideology", session)
    (found,) = stats.load(storage)
    assert found.kind == "ideology/" and found.length == played.turn
    assert [(s.name, s.kind) for s in found.seats] == [
        ("Ana", "person"),
        ("Communism", "greedy"),
        ("Fascism", "random"),
    ]
    assert [s.won for s in found.seats] == [p == played.result for p in played.ideologies]


# --- figures --------------------------------------------------------------------------------


def test_figures_per_person_per_variant_and_per_opponent() -> None:
    records = [
        game("g01", "Ana"),
        game("g02", "Luis"),
        game("g03", "Ana", seats=(("Ana", "person"), ("Computer", "hard"))),
        game("g04", "Ana", kind="stratego/barrage", length=20),
        game(
            "g05",
            "Computer",
            kind="stratego/barrage",
            seats=(("Ana", "person"), ("Computer", "easy")),
            length=30,
        ),
    ]
    classic = {row.name: row for row in stats.player_rows(records, "stratego/classic")}
    assert (classic["Ana"].played, classic["Ana"].won) == (3, 2)
    assert (classic["Luis"].played, classic["Luis"].won) == (2, 1)
    assert "Computer" not in classic  # a computer's seat is an opponent, not a player
    assert classic["Ana"].opponents == {"person": [2, 1], "hard": [1, 1]}
    barrage = {row.name: row for row in stats.player_rows(records, "stratego/barrage")}
    assert (barrage["Ana"].played, barrage["Ana"].won) == (2, 1)
    assert barrage["Ana"].opponents == {"person": [1, 1], "easy": [1, 0]}
    assert stats.average_length(records, "stratego/barrage") == 25
    assert stats.average_length(records, "stratego/duel") is None


def test_streaks_count_wins_in_a_row_in_the_order_played() -> None:
    results = ["Ana", "Ana", "Luis", "Ana", "Ana", "Ana", "Luis", "Ana"]
    records = [game(f"s{index:02d}", winner) for index, winner in enumerate(results)]
    random.Random(1).shuffle(records)  # stored order does not matter: finishing time does
    rows = {row.name: row for row in stats.player_rows(records, "stratego/classic")}
    assert (rows["Ana"].streak, rows["Ana"].best_streak) == (1, 3)
    assert (rows["Luis"].streak, rows["Luis"].best_streak) == (0, 1)


def test_a_game_against_two_kinds_of_opponent_counts_for_each() -> None:
    seats = (("Ana", "person"), ("Bea", "person"), ("C", "greedy"))
    records = [game("i01", "Ana", kind="ideology/", seats=seats)]
    rows = {row.name: row for row in stats.player_rows(records, "ideology/")}
    assert rows["Ana"].opponents == {"greedy": [1, 1], "person": [1, 1]}
    assert rows["Bea"].opponents == {"greedy": [1, 0], "person": [1, 0]}


# --- keeping, export, import ------------------------------------------------------------------


def test_export_then_import_on_another_tablet_round_trips_and_merges() -> None:
    here, there = store.MemoryStorage(), store.MemoryStorage()
    for record in (game("e01", "Ana"), game("e02", "Luis")):
        stats.record(here, record)
    stats.record(there, game("e02", "Luis"))
    stats.record(there, game("e03", "Ana"))
    text = stats.export_text(stats.load(here))
    assert stats.import_text(there, text) == 1  # e02 was counted there already
    assert sorted(r.id for r in stats.load(there)) == ["e01", "e02", "e03"]
    assert stats.import_text(there, text) == 0
    assert {r.id: r for r in stats.load(there)}["e01"] == game("e01", "Ana")


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("not json at all", "damaged"),
        (json.dumps({"format": "tablero-save", "version": 1}), "foreign"),
        (json.dumps([1, 2]), "foreign"),
        (json.dumps({"format": "tablero-stats", "version": 99, "games": []}), "newer_version"),
        (json.dumps({"format": "tablero-stats", "version": 1, "games": [{"id": "x"}]}), "damaged"),
        (
            json.dumps(
                {
                    "format": "tablero-stats",
                    "version": 1,
                    "games": [{**game("c01", "Ana").to_dict(), "game": "chess"}],
                }
            ),
            "damaged",
        ),
    ],
)
def test_a_foreign_or_damaged_file_is_refused_and_nothing_changes(text: str, code: str) -> None:
    storage = store.MemoryStorage()
    stats.record(storage, game("k01", "Ana"))
    before = dict(storage.items)
    with pytest.raises(stats.StatsProblem) as refused:
        stats.import_text(storage, text)
    assert refused.value.code == code
    assert storage.items == before


def test_a_full_storage_loses_nothing_already_counted() -> None:
    storage = store.MemoryStorage()
    stats.record(storage, game("f01", "Ana"))
    storage.limit = len(storage.items[stats.KEY]) + 10
    assert stats.record(storage, game("f02", "Luis")) is False
    assert [r.id for r in stats.load(storage)] == ["f01"]


def test_only_the_latest_games_are_kept_beyond_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stats, "MAX_GAMES", 3)
    storage = store.MemoryStorage()
    for index in range(5):
        stats.record(storage, game(f"m{index:02d}", "Ana"))
    assert [r.id for r in stats.load(storage)] == ["m02", "m03", "m04"]


# --- the screen -------------------------------------------------------------------------------


def stats_driver(storage: store.MemoryStorage, language: str = "en") -> Driver:
    driver = Driver.game("stratego", language=language, storage=storage)
    driver.screen = StatsScreen(driver.context)
    driver.go("#/stats")
    return driver


def test_the_screen_shows_the_figures_and_resets_only_after_the_question() -> None:
    storage = store.MemoryStorage()
    for record in (
        game("v01", "Ana"),
        game("v02", "Ana", length=30),
        game("v03", "Luis", kind="stratego/duel", seats=(("Luis", "person"), ("Computer", "hard"))),
    ):
        stats.record(storage, record)
    driver = stats_driver(storage)
    html = driver.html()
    assert "Stratego · Classic" in html and "Stratego · Duel" in html
    assert "2 games finished · 20 moves on average" in html
    assert "2 of 2" in html and "Computer: hard" in html
    assert html.count('class="chart chart-bars"') == 2
    driver.tap("stats-reset")
    assert "Forget every finished game" in driver.html()
    driver.tap("stats-reset-no")
    assert len(stats.load(storage)) == 3
    driver.tap("stats-reset")
    driver.tap("stats-reset-yes")
    assert stats.load(storage) == []
    assert "The statistics were reset." in driver.html()
    assert "No game has been finished" in driver.html()


def test_the_screen_exports_and_imports_and_says_why_a_file_is_refused() -> None:
    storage = store.MemoryStorage()
    stats.record(storage, game("x01", "Ana"))
    driver = stats_driver(storage, "es")
    outcome = driver.dispatch(Intent("stats-export"))
    assert outcome is not None and outcome.download is not None
    name, text = outcome.download
    assert name.endswith(".json") and stats.parse(text) == stats.load(storage)
    other = store.MemoryStorage()
    elsewhere = stats_driver(other, "es")
    elsewhere.dispatch(Intent("stats-import", data=[(name, text, len(text))]))
    assert "Se ha añadido 1 partida" in elsewhere.html()
    assert stats.load(other) == stats.load(storage)
    elsewhere.dispatch(Intent("stats-import", data=[("x.json", "{}", 2)]))
    assert "no es un archivo de estadísticas" in elsewhere.html()
    assert stats.load(other) == stats.load(storage)


def test_an_unnamed_ideology_seat_is_named_in_the_language_shown() -> None:
    storage = store.MemoryStorage()
    seats = (("Capitalism", "person"), ("Communism", "greedy"))
    stats.record(storage, game("n01", "Capitalism", kind="ideology/", seats=seats, length=4))
    html = stats_driver(storage, "es").html()
    assert "Capitalismo" in html and "4 turnos de media" in html
