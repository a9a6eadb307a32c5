"""Named saves, export and import (``ui.saves``) on CPython with an in-memory storage.

Every refusal is checked the same way: the storage holds exactly the same keys and
bytes afterwards as before.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from ui import saves, saves_screen, store
from ui.games import spec
from ui.i18n import Translator, table
from ui.ideology.session import Session as IdeologySession
from ui.loop import changed_sections
from ui.saves import SaveProblem
from ui.store import MemoryStorage
from ui.stratego import record
from ui.stratego.session import Session as StrategoSession

from engine import ideology as ideology_engine
from engine.stratego import BUILTIN_SETUPS

NOW = "2026-11-30T05:41:30Z"
EVIL_PLAYER = "<img src=x onerror=f(1)>"  # as long as a player's name may be (24)
LATER = "2026-11-30T06:00:00Z"


def in_progress(storage: MemoryStorage, game: str) -> bool:
    """Whether "Continue" offers the game (the registry's check)."""
    found = spec(game)
    assert found is not None
    return found.in_progress(storage)


def stratego_text(moves: tuple[str, ...] = ("b4-b5", "b7-b6")) -> str:
    session = StrategoSession.new({"red": "Ana", "blue": EVIL_PLAYER})
    for setup in (BUILTIN_SETUPS["Lakeside fortress"], BUILTIN_SETUPS["Bomb wall"]):
        session.reveal()
        session.boards[session.player].load(setup)
        assert session.finish_setup() is None
    assert session.game is not None
    for move in moves:
        session.game.play(move)
    session.player = session.game.turn  # saved as the app saves it: the cover of the next
    return session.to_json()


def ideology_text(actions: int = 3) -> str:
    session = IdeologySession.start(
        ["Capitalism", "Communism"], {"Capitalism": "Ana", "Communism": "Bruno"}, seed=3
    )
    for _ in range(actions):
        player = session.game.to_act[0]
        session.game.apply(player, session.game.legal_actions(player)[-1])
    return session.to_json()


def filled() -> MemoryStorage:
    """A storage with a game in progress of each game and two named saves."""
    storage = MemoryStorage()
    store.save(storage, "stratego", stratego_text())
    store.save(storage, "ideology", ideology_text())
    saves.save_as(storage, "stratego", stratego_text(), "Sunday", now=NOW)
    saves.save_as(storage, "ideology", ideology_text(), "Evening", now=LATER)
    return storage


def snapshot(storage: MemoryStorage) -> dict[str, str]:
    return dict(storage.items)


def refused(storage: MemoryStorage, action: Any, code: str) -> SaveProblem:
    before = snapshot(storage)
    with pytest.raises(SaveProblem) as caught:
        action()
    assert caught.value.code == code
    assert snapshot(storage) == before, "a refusal changed the storage"
    return caught.value


def envelope(entry_game: str = "stratego", **changes: Any) -> dict[str, Any]:
    text = stratego_text() if entry_game == "stratego" else ideology_text()
    document = {
        "format": "tablero-save",
        "version": 1,
        "id": "abc123",
        "name": "From a file",
        "game": entry_game,
        "created": NOW,
        "updated": NOW,
        "summary": {"players": ["lies"], "turn": 999},
        "session": json.loads(text),
    }
    document.update(changes)
    return document


# --------------------------------------------------------------------------- the library


def test_save_as_lists_game_players_turn_and_date_newest_first() -> None:
    storage = filled()
    listed = saves.list_saves(storage)
    assert [e.name for e in listed] == ["Evening", "Sunday"]
    sunday = listed[1]
    assert sunday.game == "stratego"
    assert sunday.summary == {
        "players": ["Ana", EVIL_PLAYER],
        "turn": 2,
        "stage": "play",
        "seats": ["person", "person"],
        "army": "classic",
    }
    assert sunday.created == sunday.updated == NOW
    evening = listed[0]
    assert evening.summary["players"] == ["Ana", "Bruno"] and evening.summary["turn"] == 1
    stored = json.loads(storage.getItem(sunday.key))
    assert stored["format"] == "tablero-save" and stored["version"] == 1
    assert stored["session"] == json.loads(stratego_text())
    index = json.loads(storage.getItem(saves.INDEX_KEY))
    assert index["version"] == 1 and len(index["keys"]) == 2


def test_rename_duplicate_delete() -> None:
    storage = filled()
    sunday = next(e for e in saves.list_saves(storage) if e.name == "Sunday")
    renamed = saves.rename(storage, sunday.id, "  Sunday   night ", now=LATER)
    assert renamed.name == "Sunday night" and renamed.updated == LATER
    assert storage.getItem(sunday.key) is None, "the old revision is cleaned up"
    copied = saves.duplicate(storage, sunday.id, "Sunday (copy)", now=LATER)
    assert copied.id != sunday.id and copied.session == sunday.session
    assert sorted(e.name for e in saves.list_saves(storage)) == [
        "Evening",
        "Sunday (copy)",
        "Sunday night",
    ]
    saves.delete(storage, sunday.id)
    assert sorted(e.name for e in saves.list_saves(storage)) == ["Evening", "Sunday (copy)"]
    assert not [k for k in storage.items if k.startswith(f"tablero.saves.{sunday.id}.")]


def test_open_makes_the_save_its_games_autosave() -> None:
    storage = filled()
    sunday = next(e for e in saves.list_saves(storage) if e.name == "Sunday")
    store.save(storage, "stratego", stratego_text(("b4-b5",)))
    saves.open_save(storage, sunday.id)
    resumed = StrategoSession.from_json(store.load(storage, "stratego") or "")
    assert resumed.game is not None and len(resumed.game.moves) == 2


def test_export_then_import_round_trips_and_never_replaces_a_save() -> None:
    storage = filled()
    text = saves.export_text(saves.list_saves(storage))
    assert isinstance(json.loads(text), list)
    other = MemoryStorage()
    imported = saves.import_files(other, [("all.json", text)])
    assert sorted(e.name for e in saves.list_saves(other)) == ["Evening", "Sunday"]
    assert {e.id for e in imported} == {e.id for e in saves.list_saves(storage)}
    # Importing the same file again keeps both copies (fresh ids), never overwrites.
    saves.import_files(other, [("all.json", text)])
    listed = saves.list_saves(other)
    assert len(listed) == 4 and len({e.id for e in listed}) == 4


def test_import_recomputes_the_summary_instead_of_trusting_the_file() -> None:
    storage = MemoryStorage()
    [entry] = saves.import_files(storage, [("one.json", json.dumps(envelope()))], now=NOW)
    assert entry.summary["turn"] == 2 and entry.summary["players"][0] == "Ana"


def test_file_names() -> None:
    storage = filled()
    listed = saves.list_saves(storage)
    assert saves.file_name(listed[1:], now=NOW) == "tablero-sunday-2026-11-30.json"
    assert saves.file_name(listed, now=NOW) == "tablero-saves-2026-11-30.json"


@pytest.mark.parametrize(
    ("name", "slug"),
    [
        ("Partida difícil de Íñigo", "partida-dificil-de-inigo"),
        ("  Año   nuevo: ¡Peña!  ", "ano-nuevo-pena"),
        ("ÁÉÍÓÚ Ü ñ Ñ ç", "aeiou-u-n-n-c"),
        ("", "save"),
        ("¿? 日本 ♟", "save"),
        ("a" * 39 + " b", "a" * 39),
    ],
)
def test_a_save_file_name_keeps_the_letters_of_a_spanish_name(name: str, slug: str) -> None:
    storage = MemoryStorage()
    entry = saves.save_as(storage, "stratego", stratego_text(), "x", now=NOW)
    entry.name = name
    assert saves.file_name([entry], now=NOW) == f"tablero-{slug}-2026-11-30.json"


def test_save_files_and_game_records_name_files_alike() -> None:
    """One slug for both exports: a .json save and a Stratego record (.txt)."""
    session = StrategoSession.new({"red": "Íñigo Peña", "blue": "Ordenador (difícil)"})
    assert record.file_name(session, "2026-11-30") == (
        "stratego-inigo-pena-ordenador-dificil-2026-11-30.txt"
    )
    nameless = StrategoSession.new({"red": "¿?", "blue": "!"})
    assert record.file_name(nameless, "2026-11-30") == "stratego-game-2026-11-30.txt"


# --------------------------------------------------------------------------- bad input


def test_invalid_json_is_refused_and_nothing_changes() -> None:
    storage = filled()
    problem = refused(
        storage, lambda: saves.import_files(storage, [("x.json", "{nope: 1}")]), "not_json"
    )
    assert problem.params["file"] == "x.json"


def test_an_empty_file_is_refused() -> None:
    storage = filled()
    refused(storage, lambda: saves.import_files(storage, [("x.json", "  \n")]), "empty")


def test_a_truncated_file_is_refused() -> None:
    storage = filled()
    text = saves.export_text(saves.list_saves(storage))
    for cut in (len(text) // 2, len(text) - 3, 40):
        refused(storage, lambda c=cut: saves.import_files(storage, [("x", text[:c])]), "truncated")


@pytest.mark.parametrize(
    "document",
    [
        [1, 2, 3],
        {"hello": "world"},
        "a string",
        [],
        {"format": "something-else", "version": 1},
        {"game": "stratego", "version": 1, "moves": []},  # an engine save, not ours
    ],
)
def test_valid_json_that_is_not_a_save_is_refused(document: object) -> None:
    storage = filled()
    refused(
        storage, lambda: saves.import_files(storage, [("x", json.dumps(document))]), "not_a_save"
    )


def test_a_save_of_an_unknown_game_is_refused() -> None:
    storage = filled()
    document = envelope(game="chess")
    problem = refused(
        storage,
        lambda: saves.import_files(storage, [("x", json.dumps(document))]),
        "unknown_game",
    )
    assert problem.params["game"] == "chess"


def test_a_tampered_stratego_save_with_an_illegal_move_is_refused() -> None:
    storage = filled()
    document = envelope()
    engine = json.loads(document["session"]["engine"])
    engine["moves"][1] = "b7-b3"  # a Blue piece jumping four squares
    document["session"]["engine"] = json.dumps(engine)
    problem = refused(
        storage, lambda: saves.import_files(storage, [("x", json.dumps(document))]), "illegal"
    )
    assert problem.params["move"] == 2 and problem.params["name"] == "From a file"


def test_a_tampered_ideology_save_with_an_illegal_action_is_refused() -> None:
    storage = filled()
    document = envelope("ideology")
    document["session"]["save"]["actions"][0][1] = "buy Everything"
    refused(storage, lambda: saves.import_files(storage, [("x", json.dumps(document))]), "illegal")


def test_a_damaged_session_is_refused() -> None:
    storage = filled()
    for change in (
        {"session": None},
        {"session": {"game": "stratego"}},
        {"name": ""},
        {"name": 12},
        {"session": {**envelope()["session"], "stage": "nowhere"}},
    ):
        document = envelope(**change)
        refused(
            storage,
            lambda d=document: saves.import_files(storage, [("x", json.dumps(d))]),
            "damaged",
        )


def test_one_bad_save_in_a_file_stores_none_of_its_saves() -> None:
    storage = filled()
    bad = envelope(game="chess")
    text = json.dumps([envelope(), envelope("ideology"), bad])
    problem = refused(storage, lambda: saves.import_files(storage, [("x", text)]), "unknown_game")
    assert problem.params["position"] == 3


def test_one_bad_file_among_several_stores_nothing() -> None:
    storage = filled()
    good = json.dumps(envelope())
    refused(
        storage,
        lambda: saves.import_files(storage, [("a.json", good), ("b.json", good[:-9])]),
        "truncated",
    )


def test_a_newer_version_asks_to_update_the_app() -> None:
    storage = filled()
    problem = refused(
        storage,
        lambda: saves.import_files(storage, [("x", json.dumps(envelope(version=2)))]),
        "newer_version",
    )
    assert problem.params["version"] == 2
    text = Translator("en")(problem.key(), **problem.params)
    assert "update" in text.lower()
    # A session written by a newer app version is refused the same way.
    session = envelope()["session"]
    session["format"] = 7
    refused(
        storage,
        lambda: saves.import_files(storage, [("x", json.dumps(envelope(session=session)))]),
        "newer_version",
    )


def test_an_older_version_is_migrated_on_import_and_on_load() -> None:
    storage = filled()
    old = {
        "format": "tablero-save",
        "version": 0,
        "name": "Old one",
        "game": "stratego",
        "saved": "2025-06-01T10:00:00Z",
        "session": json.loads(stratego_text()),
    }
    [entry] = saves.import_files(storage, [("old.json", json.dumps(old))])
    assert entry.created == "2025-06-01T10:00:00Z" and entry.summary["turn"] == 2
    stored = json.loads(storage.getItem(entry.key))
    assert stored["version"] == 1 and stored["id"] == entry.id
    # A version-0 document found in the storage itself is read (migrated) as well.
    key = "tablero.saves.legacy.1"
    storage.setItem(key, json.dumps({**old, "id": "legacy", "name": "Legacy"}))
    index = json.loads(storage.getItem(saves.INDEX_KEY))
    index["keys"].append(key)
    storage.setItem(saves.INDEX_KEY, json.dumps(index))
    assert "Legacy" in [e.name for e in saves.list_saves(storage)]


def test_a_full_storage_refuses_every_write_and_changes_nothing() -> None:
    storage = filled()
    used = sum(len(v) for v in storage.items.values())
    storage.limit = used + 100  # room for a small index change, not for a new save
    sunday = next(e for e in saves.list_saves(storage) if e.name == "Sunday")
    refused(storage, lambda: saves.save_as(storage, "ideology", ideology_text(), "X"), "quota")
    refused(storage, lambda: saves.duplicate(storage, sunday.id, "copy"), "quota")
    refused(storage, lambda: saves.rename(storage, sunday.id, "Renamed"), "quota")
    text = saves.export_text(saves.list_saves(storage))
    refused(storage, lambda: saves.import_files(storage, [("x", text)]), "quota")


def test_a_refused_index_switch_takes_the_new_document_back() -> None:
    storage = filled()

    class IndexRefused(MemoryStorage):
        def setItem(self, key: str, value: str) -> None:
            if key == saves.INDEX_KEY:
                raise OSError("QuotaExceededError")
            super().setItem(key, value)

    refusing = IndexRefused()
    refusing.items = dict(storage.items)
    sunday = next(e for e in saves.list_saves(refusing) if e.name == "Sunday")
    refused(refusing, lambda: saves.rename(refusing, sunday.id, "Renamed"), "quota")
    text = saves.export_text(saves.list_saves(refusing))
    refused(refusing, lambda: saves.import_files(refusing, [("x", text)]), "quota")
    refused(refusing, lambda: saves.delete(refusing, sunday.id), "quota")


def test_opening_into_a_full_storage_keeps_the_game_in_progress() -> None:
    storage = filled()
    sunday = next(e for e in saves.list_saves(storage) if e.name == "Sunday")
    storage.limit = sum(len(v) for v in storage.items.values())
    refused(storage, lambda: saves.open_save(storage, sunday.id), "quota")


@pytest.mark.parametrize("storage", [None, MemoryStorage(disabled=True)])
def test_disabled_storage_is_said_plainly(storage: Any) -> None:
    assert saves.list_saves(storage) == []
    assert not saves.available(storage) and saves.available(MemoryStorage())
    for action in (
        lambda: saves.save_as(storage, "stratego", stratego_text(), "x"),
        lambda: saves.import_files(storage, [("x", json.dumps(envelope()))]),
    ):
        with pytest.raises(SaveProblem) as caught:
            action()
        assert caught.value.code == "storage_unavailable"


def test_names_and_missing_games_are_checked_before_writing() -> None:
    storage = filled()
    refused(storage, lambda: saves.save_as(storage, "stratego", stratego_text(), "   "), "no_name")
    refused(storage, lambda: saves.save_as(storage, "stratego", None, "x"), "no_game")
    refused(storage, lambda: saves.rename(storage, "nope", "x"), "not_found")
    long = saves.save_as(storage, "stratego", stratego_text(), "n" * 200)
    assert len(long.name) == saves.MAX_NAME


def test_a_damaged_document_in_the_storage_is_skipped_not_removed() -> None:
    storage = filled()
    key = saves.load_index(storage)[0]
    storage.setItem(key, '{"format": "tablero-save", "vers')
    assert [e.name for e in saves.list_saves(storage)] == ["Evening"]
    assert storage.getItem(key) is not None


def test_the_stored_copy_is_independent_of_the_entry() -> None:
    storage = filled()
    entry = saves.list_saves(storage)[0]
    before = copy.deepcopy(entry.session)
    entry.session["names"] = {}
    assert saves.get(storage, entry.id).session == before


@pytest.mark.parametrize("language", ["en", "es"])
def test_every_error_code_has_a_message(language: str) -> None:
    strings = table(language)
    codes = [
        "nested",
        "too_large",
        "bad_setup",
        "inconsistent",
        "storage_unavailable",
        "quota",
        "not_json",
        "empty",
        "truncated",
        "not_a_save",
        "unknown_game",
        "newer_version",
        "damaged",
        "illegal",
        "not_found",
        "no_name",
        "no_game",
    ]
    for code in codes:
        assert f"saves_error_{code}" in strings, code


# --------------------------------------------------------------------------- the screen


def test_the_screen_escapes_every_name_and_lists_what_it_should() -> None:
    from ui import saves_screen

    storage = filled()
    evil = "<img src=x onerror=alert(1)>"
    saves.rename(storage, saves.list_saves(storage)[0].id, evil)
    t = Translator("en")
    current = {"stratego": saves.describe("stratego", json.loads(stratego_text()))}
    markup = saves_screen.screen(
        t, current=current, entries=saves.list_saves(storage), state=saves_screen.State(), now=NOW
    ).html()
    assert "<img" not in markup
    assert "&lt;img src=x onerror=alert(1)&gt;" in markup
    assert markup.count('data-intent="open ') == 2
    assert 'data-intent="save-as stratego"' in markup
    assert 'accept=".json,.txt,application/json,text/plain" multiple' in markup
    assert "Moves played: 2" in markup and "Turn 1" in markup


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_screen_asks_before_deleting_and_renames_in_place(language: str) -> None:
    from ui import saves_screen

    storage = filled()
    entry = saves.list_saves(storage)[0]
    t = Translator(language)
    listed = saves_screen.screen(
        t, current={}, entries=[entry], state=saves_screen.State(), now=NOW
    )
    deleting = saves_screen.screen(
        t,
        current={},
        entries=[entry],
        state=saves_screen.State(deleting=entry.id),
        now=NOW,
    )
    assert t("saves_delete_yes") in deleting.html()
    assert 'data-intent="open ' not in deleting.html()
    # The question replaces the save's own buttons, and nothing else on the page.
    assert changed_sections(listed, deleting) == [f"save-{entry.id}"]
    renaming = saves_screen.screen(
        t, current={}, entries=[entry], state=saves_screen.State(renaming=entry.id), now=NOW
    ).html()
    assert f'data-intent="rename-save {entry.id}"' in renaming
    assert f'value="{entry.name}"' in renaming
    assert t("saves_in_progress_none") in renaming


def test_settings_say_whether_storage_is_persistent() -> None:
    from html import escape

    from ui import screens

    t = Translator("en")
    assert escape(t("saves_persist_granted")) in screens.storage_note(t, True)
    assert escape(t("saves_persist_denied")) in screens.storage_note(t, False)
    assert escape(t("saves_persist_unknown")) in screens.storage_note(t, None)


def test_unnamed_ideology_players_are_named_by_ideology_in_the_language() -> None:
    from ui import saves_screen

    summary = {"players": ["Ana", "Communism"], "turn": 1, "stage": "play"}
    assert saves_screen.players_text(summary, Translator("es")) == "Ana, Comunismo"
    assert saves_screen.players_text(summary, Translator("en")) == "Ana, Communism"


def test_the_saves_list_says_which_players_the_computer_plays() -> None:
    from ui import saves_screen

    ideology = {"players": ["Ana", "Communism"], "seats": ["person", "greedy"], "stage": "play"}
    assert saves_screen.players_text(ideology, Translator("en")) == "Ana, Communism (computer)"
    assert saves_screen.players_text(ideology, Translator("es")) == "Ana, Comunismo (ordenador)"
    # A computer already named as one is not tagged twice.
    stratego = {"players": ["Ana", "Computer (hard)"], "seats": ["person", "hard"]}
    assert saves_screen.players_text(stratego, Translator("en")) == "Ana, Computer (hard)"


def test_a_lost_or_damaged_index_hides_no_save() -> None:
    storage = filled()
    sunday = next(e for e in saves.list_saves(storage) if e.name == "Sunday")
    saves.rename(storage, sunday.id, "Sunday night")
    storage.setItem(sunday.key, storage.getItem(saves.get(storage, sunday.id).key) or "")
    names = ["Evening", "Sunday night"]
    for damage in ("{not json", None, json.dumps({"format": "other"})):
        if damage is None:
            storage.removeItem(saves.INDEX_KEY)
        else:
            storage.setItem(saves.INDEX_KEY, damage)
        # A leftover older revision of a save is not listed twice.
        assert sorted(e.name for e in saves.list_saves(storage)) == names
    saves.save_as(storage, "ideology", ideology_text(), "After", now=LATER)
    assert sorted(e.name for e in saves.list_saves(storage)) == ["After", *names]


# --------------------------------------------------------------------------- issue 14


def import_refused(document: object, code: str, storage: MemoryStorage | None = None) -> None:
    storage = storage if storage is not None else filled()
    text = json.dumps(document)
    refused(storage, lambda: saves.import_files(storage, [("x.json", text)]), code)


def test_a_file_nested_thousands_deep_is_refused_as_damaged_and_imports_go_on() -> None:
    storage = filled()
    deep = "[" * 20_000 + "]" * 20_000  # 40 kB
    problem = refused(storage, lambda: saves.import_files(storage, [("deep.json", deep)]), "nested")
    assert problem.params["file"] == "deep.json"
    assert "damaged" in Translator("en")(problem.key())
    # Inside a save too: as the session's own document, or hidden in Stratego's engine
    # text (a JSON string parsed once more).
    inner = '{"a":' * 20_000 + "1" + "}" * 20_000
    import_refused(envelope(session={"nest": json.loads("[" * 60 + "]" * 60)}), "damaged")
    session = envelope()["session"]
    import_refused(envelope(session={**session, "engine": inner}), "nested")
    # The next import works as if nothing happened.
    saves.import_files(storage, [("one.json", json.dumps(envelope()))])
    assert len(saves.list_saves(storage)) == 3


def test_a_file_larger_than_any_save_is_refused_by_name_with_the_limit() -> None:
    storage = filled()
    valid = json.dumps(envelope())
    padded = valid + " " * 20_000_000  # a valid save, 20 MB
    problem = refused(
        storage, lambda: saves.import_files(storage, [("huge.json", padded)]), "too_large"
    )
    assert problem.params == {"file": "huge.json", "size": "20", "limit": "10"}
    # The browser layer gives the size it reports without reading the file.
    said = {
        20_000_000: {"en": "20 MB", "es": "20 MB"},
        10_000_001: {"en": "10.1 MB", "es": "10,1 MB"},
    }
    for size, words in said.items():
        problem = refused(
            storage,
            lambda size=size: saves.import_files(storage, [("big.json", "")], sizes=[size]),
            "too_large",
        )
        for language, size_text in words.items():
            text = saves_screen.problem_text(Translator(language), problem)
            assert "big.json" in text and size_text in text and "10 MB" in text, text
    # Right at the limit a file is read (and here refused only as not a save).
    refused(
        storage,
        lambda: saves.import_files(storage, [("ok.json", "[]")], sizes=[saves.MAX_FILE_BYTES]),
        "not_a_save",
    )


def test_one_bad_file_among_several_names_the_good_ones_that_were_not_imported() -> None:
    storage = filled()
    good = json.dumps(envelope())
    files = [
        ("sunday.json", good),
        ("broken.json", good[:-9]),
        ("monday.json", json.dumps(envelope("ideology"))),
        ("chess.json", json.dumps(envelope(game="chess"))),
    ]
    problem = refused(storage, lambda: saves.import_files(storage, files), "truncated")
    assert problem.params["file"] == "broken.json"
    assert problem.params["good_files"] == ["sunday.json", "monday.json"]
    assert problem.params["bad_files"] == ["chess.json"]
    english = saves_screen.problem_text(Translator("en"), problem)
    assert "Nothing was imported from “broken.json”" in english
    assert "“sunday.json”, “monday.json” are fine but were not imported either" not in english
    assert "fine but were not imported either" in english and "“monday.json”" in english
    assert "without “broken.json”" in english and "“chess.json”" in english
    spanish = saves_screen.problem_text(Translator("es"), problem)
    assert "«sunday.json», «monday.json»" in spanish and "tampoco se han importado" in spanish
    # One file alone says nothing about others.
    alone = refused(storage, lambda: saves.import_files(storage, files[1:2]), "truncated")
    assert "good_files" not in alone.params


def stratego_session(**changes: Any) -> dict[str, Any]:
    return {**json.loads(stratego_text()), **changes}


def stratego_setting_up_blue(red_setup: str) -> dict[str, Any]:
    """Red is ready (its setup hidden in the save: ``red_setup``), Blue sets up."""
    session = StrategoSession.new({"red": "Ana", "blue": "Luis"})
    session.reveal()
    session.boards["red"].load(BUILTIN_SETUPS["Bomb wall"])
    assert session.finish_setup() is None
    return {**session.to_dict(), "setups": {"red": red_setup}}


TWO_MARSHALS = "X" + BUILTIN_SETUPS["Bomb wall"][1:]
assert TWO_MARSHALS.count("X") == 2


def finished_stratego() -> dict[str, Any]:
    session = StrategoSession.from_json(stratego_text())
    assert session.game is not None
    session.reveal()
    session.resign()
    assert session.stage == "over"
    return session.to_dict()


def engine_moves(session: dict[str, Any], moves: int) -> str:
    engine = json.loads(session["engine"])
    engine["moves"] = engine["moves"][:moves]
    return json.dumps(engine)


CONTRADICTING_STRATEGO = {
    "Red's hidden setup has two Marshals while Blue sets up": (
        lambda: stratego_setting_up_blue(TWO_MARSHALS),
        "bad_setup",
    ),
    "Red's setup is not even text": (lambda: stratego_setting_up_blue(7), "bad_setup"),  # type: ignore[arg-type]
    "Blue sets up with no Red setup": (
        lambda: {**stratego_setting_up_blue(BUILTIN_SETUPS["Bomb wall"]), "setups": {}},
        "inconsistent",
    ),
    "Red sets up though Red is ready": (
        lambda: {**stratego_setting_up_blue(BUILTIN_SETUPS["Bomb wall"]), "player": "red"},
        "inconsistent",
    ),
    "setting up with a game already playing": (
        lambda: stratego_session(stage="setup"),
        "inconsistent",
    ),
    "a game stage without the game": (lambda: stratego_session(engine=None), "inconsistent"),
    "over without a result": (lambda: stratego_session(stage="over"), "inconsistent"),
    "a result but not over": (lambda: {**finished_stratego(), "stage": "turn"}, "inconsistent"),
    "the turn of the player who is not to move": (
        lambda: stratego_session(player="blue"),
        "inconsistent",
    ),
    "moved by the player who did not move": (
        lambda: stratego_session(stage="moved", player="red"),
        "inconsistent",
    ),
    "a draw offered to the player to move": (
        lambda: stratego_session(stage="draw_offer", player="red"),
        "inconsistent",
    ),
    "names that are not text": (lambda: stratego_session(names={"red": 1}), "inconsistent"),
}


@pytest.mark.parametrize("case", CONTRADICTING_STRATEGO)
def test_a_stratego_session_that_contradicts_itself_is_refused_before_storing(case: str) -> None:
    make, code = CONTRADICTING_STRATEGO[case]
    session = make()
    import_refused(envelope(session=session), code)
    # As the autosave it does not offer "Continue" (nothing opens), and the game opens
    # from the copy before it if there is one.
    storage = MemoryStorage()
    store.save(storage, "stratego", json.dumps(session))
    assert not in_progress(storage, "stratego")
    storage = MemoryStorage()
    store.save(storage, "stratego", stratego_text(("b4-b5",)))
    store.save(storage, "stratego", json.dumps(session))
    assert in_progress(storage, "stratego")
    loaded = saves.in_progress(storage, "stratego")
    assert loaded.recovered and loaded.value is not None and loaded.value["turn"] == 1


def test_the_sessions_the_app_writes_all_pass_the_whole_check() -> None:
    """Every stage the app leaves a Stratego session in is accepted as it is."""
    session = StrategoSession.new({"red": "Ana", "blue": "Luis"})
    seen = []
    for step in range(6):
        seen.append(StrategoSession.from_json(session.to_json()).stage)
        if session.stage == "setup":
            session.reveal()
            session.boards[session.player].load(BUILTIN_SETUPS["Bomb wall"])
            assert session.finish_setup() is None
        elif step == 3:
            session.reveal()
            session.tap("b4")
            session.tap("b5")  # moved
        elif step == 4:
            session.hand_over()
            session.reveal()
            session.offer_draw()  # draw_offer
        else:
            session.answer_draw(accept=True)  # over
    seen.append(StrategoSession.from_json(session.to_json()).stage)
    assert seen == ["setup", "setup", "turn", "turn", "moved", "draw_offer", "over"]


def ideology_session(**changes: Any) -> dict[str, Any]:
    return {**json.loads(ideology_text()), **changes}


def finished_ideology() -> dict[str, Any]:
    session = IdeologySession.start(["Capitalism", "Communism"], {"Capitalism": "Ana"}, seed=5)
    session.game = ideology_engine.new_game(["Capitalism", "Communism"], 5, turn_limit=1)
    while not session.game.is_terminal:
        player = session.game.to_act[0]
        session.game.apply(player, session.game.legal_actions(player)[-1])
    session.stage = "over"
    session.seen = session.report_from = len(session.game.log)
    return json.loads(session.to_json())


CONTRADICTING_IDEOLOGY = {
    "over without a result": (lambda: ideology_session(stage="over")),
    "a result but not over": (lambda: {**finished_ideology(), "stage": "cover"}),
    "a result but a report": (lambda: {**finished_ideology(), "stage": "report"}),
    "a stage that does not exist": (lambda: ideology_session(stage="lobby")),
    "a holder who does not play": (lambda: ideology_session(holder="Fascism")),
    "summaries beyond the log": (lambda: ideology_session(seen=10_000)),
    "a summary that starts after it ends": (lambda: ideology_session(report_from=3, seen=1)),
    "a summary mark that is not a number": (lambda: ideology_session(seen="3")),
    "names that are not a mapping": (lambda: ideology_session(names=["Ana"])),
}


@pytest.mark.parametrize("case", CONTRADICTING_IDEOLOGY)
def test_an_ideology_session_that_contradicts_itself_is_refused_before_storing(case: str) -> None:
    session = CONTRADICTING_IDEOLOGY[case]()
    import_refused(envelope("ideology", session=session), "inconsistent")
    storage = MemoryStorage()
    store.save(storage, "ideology", json.dumps(session))
    assert not in_progress(storage, "ideology")
    assert saves.in_progress(storage, "ideology").damaged


def test_a_finished_ideology_game_imports_and_is_not_in_progress() -> None:
    storage = MemoryStorage()
    [entry] = saves.import_files(
        storage, [("x", json.dumps(envelope("ideology", session=finished_ideology())))]
    )
    assert entry.summary["stage"] == "over"
    saves.open_save(storage, entry.id)
    assert not in_progress(storage, "ideology")


@pytest.mark.parametrize("game", ["stratego", "ideology"])
def test_names_longer_than_the_form_allows_are_clamped_on_import_and_load(game: str) -> None:
    long = "N" * 10_000
    if game == "stratego":
        session = stratego_session(names={"red": long, "blue": "  Luis   the\nsecond "})
    else:
        session = ideology_session(names={"Capitalism": long, "Communism": "Bruno", "Nope": "x"})
    storage = MemoryStorage()
    [entry] = saves.import_files(storage, [("x", json.dumps(envelope(game, session=session)))])
    assert len(entry.summary["players"][0]) == 24
    saves.open_save(storage, entry.id)
    if game == "stratego":
        opened = StrategoSession.from_json(store.load(storage, game) or "")
        assert opened.names == {"red": "N" * 24, "blue": "Luis the second"}
    else:
        resumed = IdeologySession.from_json(store.load(storage, game) or "")
        assert resumed.names == {"Capitalism": "N" * 24, "Communism": "Bruno"}
    # A summary stored by an older version, with the long name, is shown clamped.
    summary = {"players": [long, "Luis"], "stage": "play"}
    assert saves_screen.players_text(summary, Translator("en")) == "N" * 24 + ", Luis"


def test_an_unfinished_game_is_kept_as_a_named_save_before_it_is_replaced() -> None:
    storage = MemoryStorage()
    t = Translator("en")
    name_for = lambda summary: saves_screen.unfinished_name(t, summary, NOW)  # noqa: E731
    assert saves.keep_in_progress(storage, "stratego", name_for) is None
    store.save(storage, "stratego", stratego_text())
    kept = saves.keep_in_progress(storage, "stratego", name_for, now=NOW)
    assert kept is not None
    assert kept.name == "Unfinished: Ana, <img src=x onerror=f(1)>, 2026-11-30"
    assert kept.session == json.loads(stratego_text())
    store.save(storage, "stratego", json.dumps(finished_stratego()))
    assert saves.keep_in_progress(storage, "stratego", name_for) is None, "a finished game"
    assert saves_screen.unfinished_name(Translator("es"), kept.summary, NOW).startswith(
        "Sin terminar: "
    )


def test_the_saves_screen_says_a_game_goes_on_from_the_copy_before_a_damaged_save() -> None:
    storage = MemoryStorage()
    store.save(storage, "stratego", stratego_text(("b4-b5",)))
    store.save(storage, "stratego", stratego_text()[:100])  # cut short
    loaded = saves.in_progress(storage, "stratego")
    assert loaded.recovered and loaded.value is not None
    t = Translator("en")
    markup = saves_screen.screen(
        t,
        current={"stratego": loaded.value},
        entries=[],
        state=saves_screen.State(),
        now=NOW,
        recovered=frozenset({"stratego"}),
    ).html()
    assert "was damaged, so it resumes from the copy before it" in markup
    assert "Moves played: 1" in markup
    plain = saves_screen.screen(
        t, current={"stratego": loaded.value}, entries=[], state=saves_screen.State(), now=NOW
    ).html()
    assert "was damaged" not in plain


def test_settings_say_clearing_site_data_erases_the_saves_but_not_an_export() -> None:
    from html import escape

    from ui import screens

    for language, words in (("en", "only copy that survives"), ("es", "única copia")):
        t = Translator(language)
        markup = screens.storage_note(t, None)
        assert escape(t("saves_site_data")) in markup and words in t("saves_site_data")
