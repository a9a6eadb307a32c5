"""Ideology with computer seats: who sees what while the computer plays, covers only
between persons, saves that keep the seats and resume the same computer choice."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from ui import store
from ui.computer import PERSON
from ui.i18n import Translator
from ui.ideology import controller, render
from ui.ideology.controller import IdeologyScreen
from ui.ideology.saves import describe
from ui.ideology.session import NeedsPerson, NewGameForm, Session
from ui.ideology.text import Words

from engine.ideology import ai, ai_expert, parse
from tests.web.driver import Driver

PLAYERS = ["Capitalism", "Communism", "Fascism"]
PERSON_ALONE = {"Capitalism": PERSON, "Communism": "greedy", "Fascism": "random"}
TWO_PERSONS = {"Capitalism": PERSON, "Communism": PERSON, "Fascism": "greedy"}
EN = Translator("en")


def start(seats: dict[str, str], seed: int = 1, turn_limit: int = 3) -> Session:
    return Session.start(
        PLAYERS, {"Capitalism": "Ana"}, seed=seed, turn_limit=turn_limit, seats=seats
    )


def person_choice(session: Session, *, attack: bool = False) -> str:
    """A simple person: attacks when asked to, chooses every diplomacy status, else ends
    their part at once."""
    game, player = session.game, session.holder
    assert player is not None
    legal = game.legal_actions(player)
    attacks = [a for a in legal if a.startswith("attack")]
    if attack and attacks:
        return attacks[0]
    if game.phase == "diplomacy":
        chosen = game.view(player)["diplomacy"]["my_choices"] or {}
        for action in legal:
            if parse(action).verb == "diplomacy" and parse(action).ideology not in chosen:
                return action
    for quiet in ("done", "pass", "stop", "yield"):
        if quiet in legal:
            return quiet
    return legal[0]


def screen(session: Session) -> str:
    """The markup the game's screen draws for the session's stage."""
    ideology_screen = IdeologyScreen(Driver.game("ideology").context)
    ideology_screen.replace(session)
    return ideology_screen.render(None).html()


def computers_play(session: Session) -> None:
    """Let the computer seats act until a person must (or a report is shown)."""
    for _ in range(200):
        if session.stage != "computer":
            return
        assert session.play_computer(session.computer_choice()), session.error
    pytest.fail("the computers never stopped")


def play_until(session: Session, reached: Callable[[Session], bool], limit: int = 400) -> None:
    """Play on (every seat, persons by :func:`person_choice`) until ``reached``."""
    for _ in range(limit):
        if reached(session):
            return
        if session.stage == "report":
            session.continue_after_report()
        elif session.stage == "cover":
            session.reveal()
        elif session.stage == "computer":
            assert session.play_computer(session.computer_choice()), session.error
        elif session.stage == "turn":
            assert session.act(person_choice(session)), session.error
        else:
            pytest.fail(f"the game ended first ({session.stage})")
    pytest.fail("never reached")


# --- one person, two computers -----------------------------------------------------------


def test_one_person_never_meets_a_cover_and_watches_the_computers_from_their_own_screen() -> None:
    session = start(PERSON_ALONE, seed=4)
    assert session.only_person == "Capitalism"
    session.continue_after_report()
    stages: list[str] = []
    person_turns = 0
    for _ in range(400):
        if session.stage == "over":
            break
        stages.append(session.stage)
        html = screen(session)
        if session.stage == "computer":
            assert session.holder in ("Communism", "Fascism")
            # The person's own table and hand, the computer thinking, nothing to tap.
            assert 'id="computer-thinking"' in html
            assert html.count('class="ig-hand"') == 1
            assert 'data-owner="Capitalism"' in html
            assert 'data-intent="do ' not in html and 'data-intent="card ' not in html
            assert session.play_computer(session.computer_choice())
        elif session.stage == "turn":
            person_turns += 1
            assert session.holder == "Capitalism"
            assert 'data-owner="Capitalism"' in html and "computer-thinking" not in html
            assert session.act(person_choice(session))
        else:
            assert session.stage == "report", session.stage
            assert "pass to" not in html  # nobody to pass the tablet to
            session.continue_after_report()
    assert session.stage == "over"
    assert "cover" not in stages
    assert person_turns > 10 and stages.count("computer") > 10


def test_the_computers_act_until_the_person_must_and_their_turn_appears_directly() -> None:
    session = start(PERSON_ALONE, seed=4)
    session.continue_after_report()
    computers_play(session)
    if session.stage == "turn":
        assert session.holder == "Capitalism"
        assert session.game.to_act[0] == "Capitalism"
    else:
        assert session.stage == "report"  # something happened that everyone reads first
    # The person ends their part: the next computer plays at once, no cover.
    play_until(session, lambda s: s.stage == "turn")
    assert session.act(person_choice(session))
    assert session.stage in ("turn", "computer", "report")


def test_a_whole_game_with_one_person_and_two_computers_reaches_its_end() -> None:
    session = start(PERSON_ALONE, seed=9, turn_limit=4)
    seen_computer_actions = {"Communism": 0, "Fascism": 0}
    for _ in range(1000):
        if session.stage == "over":
            break
        if session.stage == "report":
            session.continue_after_report()
        elif session.stage == "computer":
            seen_computer_actions[str(session.holder)] += 1
            assert session.play_computer(session.computer_choice())
        else:
            assert session.stage == "turn" and session.holder == "Capitalism"
            assert session.act(person_choice(session))
    assert session.game.is_terminal and session.game.turn == 4
    assert min(seen_computer_actions.values()) > 5
    html = screen(session)
    assert 'data-intent="rematch"' in html


# --- several persons and a computer -------------------------------------------------------


def test_covers_between_persons_and_only_public_facts_while_the_computer_plays() -> None:
    session = start(TWO_PERSONS, seed=2)
    assert session.only_person is None
    session.continue_after_report()
    covers = computer_turns = 0
    for _ in range(1000):
        if session.stage == "over":
            break
        html = screen(session)
        if session.stage == "computer":
            computer_turns += 1
            assert session.holder == "Fascism" and session.watcher is None
            # Nobody's hand: the last person's screen must not stay on the tablet.
            assert "ig-hand" not in html and "computer-thinking" in html
            before = session.holder
            assert session.play_computer(session.computer_choice())
            if session.stage not in ("computer", "report", "over"):
                # From the computer to a person: the tablet goes through the cover.
                assert session.stage == "cover" and session.holder != before
        elif session.stage == "cover":
            covers += 1
            assert session.holder in ("Capitalism", "Communism")
            assert "ig-hand" not in html
            session.reveal()
        elif session.stage == "turn":
            assert session.holder in ("Capitalism", "Communism")
            assert session.act(person_choice(session))
        else:
            assert session.stage == "report"
            session.continue_after_report()
    assert session.stage == "over"
    assert covers > 5 and computer_turns > 5


def test_a_person_handing_over_to_a_computer_leaves_no_hand_on_screen() -> None:
    session = start(TWO_PERSONS, seed=2)
    session.continue_after_report()
    for _ in range(200):
        if session.stage == "cover":
            session.reveal()
        elif session.stage == "report":
            session.continue_after_report()
        elif session.stage == "computer":
            computers_play(session)
        elif session.stage == "turn":
            person = session.holder
            assert session.act(person_choice(session))
            if session.stage == "computer":
                assert person != session.holder
                assert "ig-hand" not in screen(session)
                return
    pytest.fail("no person ever handed over to the computer")


# --- diplomacy and conflicts --------------------------------------------------------------


def test_diplomacy_computers_choose_toward_everyone_and_say_done() -> None:
    session = start(PERSON_ALONE, seed=5)
    play_until(session, lambda s: s.game.phase == "diplomacy" and s.stage == "computer")
    turn, first = session.game.turn, len(session.game.actions)
    play_until(session, lambda s: s.game.phase != "diplomacy" or s.game.turn != turn)
    chosen = [(p, a) for p, a in session.game.actions[first:] if a.startswith("diplomacy")]
    for computer in ("Communism", "Fascism"):
        # A choice toward each other player, then done, all from its own view.
        assert len([1 for p, _ in chosen if p == computer]) >= 2, chosen
        assert (computer, "done") in session.game.actions[first:]
    statuses = [e for e in session.game.log if e["event"] == "status" and e["turn"] == turn]
    assert len(statuses) == 3  # every pair settled
    assert session.stage in ("report", "over")


@pytest.mark.parametrize(
    ("seed", "verb", "defender"),
    [(10, "deflect", "Communism"), (3, "yield", "Fascism")],
)
def test_a_computer_defender_answers_the_persons_attack(
    seed: int, verb: str, defender: str
) -> None:
    """Seeds where the person's first attack targets a computer that deflects (greedy)
    or yields (random)."""
    session = start(PERSON_ALONE, seed=seed)
    session.continue_after_report()
    for _ in range(400):
        if session.stage == "report":
            session.continue_after_report()
        elif session.stage == "computer":
            assert session.play_computer(session.computer_choice())
        else:
            action = person_choice(session, attack=True)
            if action.startswith(f"attack {defender}"):
                break
            assert session.act(action)
    else:
        pytest.fail("the person never attacked")
    assert session.act(action)
    assert session.stage == "computer" and session.holder == defender
    assert "computer-thinking" in screen(session)
    answer = session.computer_choice()
    assert str(answer) == verb
    assert session.play_computer(answer)
    assert any(e["event"] == verb and e["player"] == defender for e in session.game.log)


# --- saves --------------------------------------------------------------------------------


def test_a_reload_during_the_computers_turn_resumes_it_with_the_same_choice() -> None:
    session = start(PERSON_ALONE, seed=4)
    play_until(session, lambda s: s.stage == "computer")
    again = Session.from_json(session.to_json())
    assert again.seats == PERSON_ALONE
    assert again.stage == "computer" and again.holder == session.holder
    assert again.computer_choice() == session.computer_choice()
    # The next choices match too, one action at a time, as the page would play them.
    for _ in range(5):
        if session.stage != "computer":
            break
        action = session.computer_choice()
        assert session.play_computer(action) and again.play_computer(again.computer_choice())
        assert again.game == session.game


def test_with_several_persons_a_reload_during_the_computer_shows_no_hand() -> None:
    session = start(TWO_PERSONS, seed=2)
    play_until(session, lambda s: s.stage == "computer")
    again = Session.from_json(session.to_json())
    assert again.stage == "computer" and again.watcher is None
    assert "ig-hand" not in screen(again)


def test_the_only_persons_turn_comes_back_uncovered_but_several_persons_pass_the_cover() -> None:
    alone = start(PERSON_ALONE, seed=4)
    play_until(alone, lambda s: s.stage == "turn")
    assert Session.from_json(alone.to_json()).stage == "turn"
    alone.put_down()  # leaving the game for the home screen
    assert alone.stage == "turn"
    together = start(TWO_PERSONS, seed=2)
    play_until(together, lambda s: s.stage == "turn")
    assert Session.from_json(together.to_json()).stage == "cover"
    together.put_down()
    assert together.stage == "cover"


def test_bad_seat_values_in_a_save_fall_back_to_persons() -> None:
    data = json.loads(start(PERSON_ALONE).to_json())
    data["seats"] = {"Capitalism": "grandmaster", "Communism": 3, "Fascism": "random"}
    loaded = Session.from_json(json.dumps(data))
    assert loaded.seats == {"Capitalism": PERSON, "Communism": PERSON, "Fascism": "random"}
    data["seats"] = ["greedy"]
    assert Session.from_json(json.dumps(data)).seats == dict.fromkeys(PLAYERS, PERSON)
    # A save from before computer seats: everybody a person, behind the cover as before.
    del data["seats"]
    data["stage"] = "turn"
    data["holder"] = Session.from_json(json.dumps(data)).game.to_act[0]
    older = Session.from_json(json.dumps(data))
    assert older.seats == dict.fromkeys(PLAYERS, PERSON) and older.stage == "cover"


def test_named_saves_and_rematch_keep_the_seats() -> None:
    session = start(PERSON_ALONE)
    summary = describe(json.loads(session.to_json()))
    assert summary["seats"] == [PERSON, "greedy", "random"]
    assert summary["players"] == ["Ana", "Communism", "Fascism"]
    assert session.rematch().seats == PERSON_ALONE


def test_every_seat_played_by_the_computer_is_refused() -> None:
    with pytest.raises(NeedsPerson):
        start(dict.fromkeys(PLAYERS, "greedy"))


# --- new-game screen and names ------------------------------------------------------------


def test_the_new_game_screen_offers_a_person_or_each_computer_level_per_seat() -> None:
    form = NewGameForm(
        count=3,
        seats=[("", p) for p in PLAYERS] + [("", "Imperialism"), ("", "Islamic Fundamentalism")],
        kinds=[PERSON, "greedy", "random", PERSON, PERSON],
    )
    html = render.new_game_page(EN, form).html()
    assert html.count('name="seat-kind-') == 3
    for level in ai.LEVELS:
        assert f'<option value="{level}"' in html
    assert '<option value="greedy" selected>' in html and '<option value="random" selected>' in html
    assert html.count('<option value="person" selected>') == 1
    assert 'placeholder="Communism (computer)"' in html
    # A new form: every seat is a person.
    assert (
        render.new_game_page(EN, NewGameForm()).html().count('<option value="person" selected>')
        == 3
    )


@pytest.mark.parametrize(
    ("language", "expected"), [("en", "Fascism (computer)"), ("es", "Fascismo (ordenador)")]
)
def test_an_unnamed_computer_seat_reads_as_its_ideology_and_computer(
    language: str, expected: str
) -> None:
    words = Words(Translator(language), {"Capitalism": "Ana"}, {"Fascism"})
    assert words.short("Fascism") == expected
    assert words.player("Capitalism") == "Ana (C)"
    session = start(PERSON_ALONE)
    html = render.report_page(Translator(language), session, session.game.view(None)).html()
    assert "ig-computer-tag" in html


def test_a_computer_that_failed_to_choose_offers_to_try_again_instead_of_thinking() -> None:
    session = start(PERSON_ALONE, seed=4)
    play_until(session, lambda s: s.stage == "computer")
    view = session.game.view(session.watcher)
    html = render.computer_page(EN, session, view, failed=True).html()
    assert 'role="alert"' in html and 'data-intent="computer-retry"' in html
    assert "computer-thinking" not in html
    assert 'data-owner="Capitalism"' in html  # the person's own screen stays


def test_the_expert_thinks_in_slices_on_timers_and_plays_what_it_would_in_one_go(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each ``computer`` intent runs one short slice of the expert's thinking and sets a
    timer for the next; the action played is the one-go decision (so also a reload's)."""
    monkeypatch.setattr(ai_expert, "NODE_BUDGET", 600)  # the same thinking, shorter
    monkeypatch.setattr(controller, "THINKING_SLICE_SECONDS", 10.0)  # slices end by nodes
    seats = {"Capitalism": PERSON, "Communism": "expert", "Fascism": "greedy"}
    session = start(seats, seed=4)
    play_until(session, lambda s: s.stage == "computer" and s.holder == "Communism")
    reference = Session.from_json(session.to_json())
    storage = store.MemoryStorage()
    assert store.save(storage, "ideology", session.to_json())
    driver = Driver.game("ideology", storage=storage, computer_pace="quick")
    driver.go("#/ideology/play")
    assert driver.page is not None and driver.page.stage == "computer"
    played = len(reference.game.actions)
    slices = 0
    while driver.screen.session is not None and len(driver.screen.session.game.actions) == played:
        assert driver.clock.timers, "the thinking stopped without a move"
        handle = min(driver.clock.timers)
        _, callback = driver.clock.timers.pop(handle)
        callback()
        slices += 1
    assert slices > 2  # 600 units in slices of 100: several turns of the page
    expected = reference.computer_choice()
    assert driver.screen.session.game.actions[played] == ("Communism", expected)
