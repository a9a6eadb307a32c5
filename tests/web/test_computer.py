"""Computer seats as the new-game screens offer them and the saves keep them."""

from __future__ import annotations

from ui.computer import PERSON, decision_rng, pause_ms, people, seat_select, seat_value
from ui.i18n import Translator

LEVELS = ("random", "easy", "hard")


def test_a_seat_from_a_form_or_a_save_is_a_known_level_or_a_person() -> None:
    assert [seat_value(v, LEVELS) for v in ("easy", "hard", "person")] == ["easy", "hard", PERSON]
    # A tampered save or an old form value never makes up a level.
    assert seat_value("godlike", LEVELS) == PERSON
    assert seat_value(None, LEVELS) == PERSON


def test_people_lists_the_seats_a_person_plays_in_seat_order() -> None:
    assert people({"red": "hard", "blue": PERSON}) == ["blue"]
    assert people({"a": PERSON, "b": "easy", "c": PERSON}) == ["a", "c"]


def test_the_quick_pace_drops_the_pause_the_calm_pace_keeps_it() -> None:
    assert pause_ms("calm", 600) == 600
    assert pause_ms("quick", 600) < 100


def test_the_computer_dice_repeat_for_the_same_position_and_differ_elsewhere() -> None:
    assert decision_rng(5, 10).random() == decision_rng(5, 10).random()
    assert decision_rng(5, 10).random() != decision_rng(5, 11).random()


def test_the_seat_choice_offers_a_person_and_every_level_in_both_languages() -> None:
    for language in ("en", "es"):
        t = Translator(language)
        html = seat_select(t, label="Red", levels=LEVELS, chosen="easy", attributes='id="x"')
        assert html.count("<option") == 1 + len(LEVELS)
        assert 'value="easy" selected' in html
        assert t("computer_seat_person") in html and t("computer_level_hard") in html
