"""Which moves the Stratego screen shows in motion, and with what (issue 16, items 2, 3
and 12): the move a paint puts on the board, the opponent's move after the hot-seat
cover and on "See again", nothing on an undo; an attack's tiles show only what the
viewer's view holds; the sounds that go with them."""

from __future__ import annotations

from typing import Any

from ui import motion
from ui.i18n import Translator
from ui.motion import Motion
from ui.stratego import render
from ui.stratego.render import Ui
from ui.stratego.session import Session

from engine.stratego import BUILTIN_SETUPS
from tests.web.driver import Driver, stratego_at_play

# Red's Captain forward, Blue's Miner to meet it, the Captain attacks and wins.
LINE = ("b4-b5", "b7-b6", "b5-b6")


def recording(driver: Driver) -> tuple[list[Motion], list[str]]:
    motions: list[Motion] = []
    sounds: list[str] = []
    driver.context.animate = motions.append
    driver.context.sound = sounds.append
    return motions, sounds


def move(driver: Driver, notation: str) -> None:
    origin, target = notation.split("-")
    driver.tap(f"square {origin}")
    driver.tap(f"square {target}")


def test_a_move_slides_and_the_recap_shows_it_to_the_opponent_after_the_cover() -> None:
    driver = stratego_at_play()
    motions, sounds = recording(driver)
    assert 'data-intent="recap"' not in driver.html()  # no move yet: nothing to see again
    move(driver, LINE[0])
    assert motions == [Motion("b4", "b5")] and sounds == ["move"]
    driver.tap("hand-over")
    assert sounds[-1] == "handover" and len(motions) == 1  # the cover: no motion
    driver.tap("reveal")
    assert motions[-1] == Motion("b4", "b5")  # Blue's recap of Red's move
    assert driver.page is not None
    report = driver.page.html("st-report")
    assert "Ana" in report and "b4" in report and "b5" in report  # and told in words
    driver.tap("recap")  # "See again"
    assert motions[-2:] == [Motion("b4", "b5")] * 2
    move(driver, LINE[1])
    driver.tap("undo")
    assert len(motions) == 4, "an undo is not shown in motion"


def test_an_attack_shows_only_the_ranks_the_viewer_may_see() -> None:
    driver = stratego_at_play()
    motions, sounds = recording(driver)
    for notation in LINE[:2]:
        move(driver, notation)
        driver.tap("hand-over")
        driver.tap("reveal")
    move(driver, LINE[2])
    attack = motions[-1]
    assert attack.attack and sounds[-1] == "attack"
    assert attack.attacker is not None and attack.defender is not None
    # Red's view: its Captain face up all along; Blue's Miner turns face up, and loses.
    assert "tile-hidden" not in attack.attacker.before and ">6<" in attack.attacker.after
    assert "tile-hidden" in attack.defender.before and ">3<" in attack.defender.after
    assert (attack.attacker.loses, attack.defender.loses) == (False, True)
    driver.tap("hand-over")
    driver.tap("reveal")
    recap = motions[-1]
    assert recap.attacker is not None and recap.defender is not None
    # Blue's recap: the attacker arrives hidden and turns to the Captain it was shown.
    assert "tile-hidden" in recap.attacker.before and ">6<" in recap.attacker.after
    assert "tile-hidden" not in recap.defender.before


def test_a_silent_defender_stays_hidden_in_motion() -> None:
    # The view's last move when the defender's rank was not revealed (silent defence).
    last: dict[str, Any] = {
        "player": "red",
        "from": "e4",
        "to": "e5",
        "piece": "7",
        "attack": {"defender": None, "outcome": "attacker_won"},
        "rescue": None,
    }
    found = render.move_motion(Ui(lambda key, **_: key, "en", "european"), last, "red")
    assert found.defender is not None
    assert found.defender.before == found.defender.after
    assert "tile-hidden" in found.defender.after


def test_a_motion_lasts_at_most_200_ms_a_step() -> None:
    assert motion.SLIDE_MS <= 200
    steps = (motion.MEET, motion.TURNED - motion.MEET, motion.LEAVE_END - motion.LEAVE)
    assert all(motion.ATTACK_MS * share <= 200 for share in steps)


def test_against_the_computer_the_persons_move_has_a_line_for_a_phone_and_no_see_again() -> None:
    solo = Session.new({"red": "Ana", "blue": "Computer"}, seats={"blue": "easy"}, seed=1)
    solo.boards["red"].load(BUILTIN_SETUPS["Lakeside fortress"])
    solo.finish_setup()
    solo.computer_act()  # its setup
    move_by_taps = solo.tap("b4"), solo.tap("b5")
    assert move_by_taps[1].moved
    solo.computer_act()  # its reply
    english = Ui(Translator("en"), "en", "european")
    report = render.report_html(english, solo, solo.view(), solo.viewer)
    assert '<p class="report-brief">Red: b4–b5</p>' in report
    assert 'class="report-full"' in report  # the tablet's full report, hidden on a phone
    assert 'data-intent="recap"' not in render.actions_html(english, solo)


def test_the_win_sound_plays_when_a_person_wins_not_when_the_computer_does() -> None:
    hot_seat = stratego_at_play()
    _, sounds = recording(hot_seat)
    hot_seat.tap("resign")
    hot_seat.tap("resign-yes")  # Ana resigns: Luis, a person, wins
    assert sounds[-1:] == ["win"]
    against = Driver.new_game("stratego")
    fields = {"name-red": "Ana", "seat-red": "person", "name-blue": "", "seat-blue": "hard"}
    against.tap("new-start", **fields)
    against.tap("setup-use", preset="builtin:Lakeside fortress")
    against.tap("setup-ready")
    against.run_timers()
    _, sounds = recording(against)
    against.tap("resign")
    against.tap("resign-yes")  # the computer wins
    assert against.page is not None and against.page.screen == "stratego/over"
    assert "win" not in sounds
