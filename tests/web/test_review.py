"""Looking back at a Stratego game (issue 17): every step from the setups to the last
move, the board as it was, the attack's outcome in words, and each army's own view then,
which holds no hidden rank of the other army; the review never writes anything."""

from __future__ import annotations

import json
import random
import re
from typing import Any

from ui import finished, saves
from ui.finished_screen import ReviewHost
from ui.loop import Intent
from ui.store import MemoryStorage
from ui.stratego.review import Review, ReviewScreen
from ui.stratego.session import Session

from engine.stratego import BUILTIN_SETUPS, Options
from tests.web.driver import Driver
from tests.web.test_finished import resigned_game


def played(seed: int = 7, plays: int = 60, options: Options | None = None) -> dict[str, Any]:
    """A two-person session document: random legal plays (attacks among them), then a
    resignation."""
    session = Session.new({"red": "Ana", "blue": "Luis"}, options or Options(rescue=True))
    session.reveal()
    session.boards["red"].load(BUILTIN_SETUPS["Lakeside fortress"])
    session.finish_setup()
    session.reveal()
    session.boards["blue"].load(BUILTIN_SETUPS["Scout screen"])
    session.finish_setup()
    game = session.game
    assert game is not None
    rng = random.Random(seed)
    for _ in range(plays):
        if game.result is not None:
            break
        game.apply(game.turn, rng.choice(game.legal_actions(game.turn)))
    if game.result is None:
        game.resign(game.turn)
    session.stage, session.covered = "over", False
    return session.to_dict()


def screen_for(document: dict[str, Any], storage: Any = None, language: str = "en") -> Driver:
    context = Driver.game("stratego", storage=storage, language=language).context
    from ui.games import ReviewRequest

    request = ReviewRequest(document, "#/finished", "Finished games")
    driver = Driver(ReviewScreen(context, request), context)
    driver.go("#/review/x")
    return driver


def test_one_step_per_board_move_a_rescue_with_the_move_before_it() -> None:
    review = Review.of(played(seed=3, plays=200))
    moves = review.game.moves
    assert review.last == review.game.move_count
    assert review.ends[-1] == len(moves)
    for step in range(1, review.last + 1):
        record = moves[review.ends[step - 1]]
        assert record.kind == "move"  # every step starts with a board move
    assert review.step == 0 and review.view()["move_count"] == 0


def test_steps_stay_within_the_game() -> None:
    review = Review.of(played())
    assert not review.move("previous") and not review.move("first")
    assert review.move("next") and review.step == 1
    assert review.move("last") and review.step == review.last
    assert not review.move("next") and review.go(10**6) == review.last
    assert review.go(-5) == 0


def test_each_army_sees_only_what_it_knew_then_and_everything_otherwise() -> None:
    review = Review.of(played(seed=11, plays=120))
    hidden_somewhere = False
    for step in range(review.last + 1):
        review.go(step)
        review.choose("all")
        every = review.view()["pieces"]
        assert all(info["letter"] is not None for info in every.values())
        for army in ("red", "blue"):
            review.choose(army)
            seen = review.view()
            assert seen["player"] == army
            earlier = review.game.replayed(review.ends[step]).view(army)
            assert seen == earlier
            enemy = [i for i in seen["pieces"].values() if i["owner"] != army]
            hidden_somewhere |= any(info["letter"] is None for info in enemy)
    assert hidden_somewhere


def square_labels(html: str) -> dict[str, str]:
    return dict(re.findall(r'id="sq-([a-j]\d+)" data-intent="[^"]*" aria-label="([^"]*)"', html))


def square_markup(html: str, square: str) -> str:
    found = re.search(rf'<button[^>]*id="sq-{square}".*?</button>', html)
    assert found is not None
    return found.group(0)


def test_a_players_view_holds_no_hidden_rank_of_the_other_army_anywhere() -> None:
    document = played(seed=5, plays=80)
    driver = screen_for(document)
    review = driver.screen.review  # type: ignore[attr-defined]
    assert review is not None
    checked = 0
    for step in range(review.last + 1):
        driver.dispatch(Intent.parse("review-go", value=str(step)))
        driver.tap("review-view all")
        everything = square_labels(driver.html())
        for army in ("red", "blue"):
            driver.tap(f"review-view {army}")
            html = driver.html()
            view = review.view()
            for square, info in view["pieces"].items():
                if info["owner"] != army and info["letter"] is None:
                    # The revealed words of that square ("e7, Captain (6) of the Blue army")
                    # are nowhere in this page; the square shows the army's emblem only.
                    assert everything[square] not in html
                    assert "tile-hidden" in square_markup(html, square)
                    checked += 1
    assert checked > 100


def test_the_step_shows_the_move_and_its_attack_in_words() -> None:
    document = played(seed=5, plays=80)
    review = Review.of(document)
    attack_step = next(
        step
        for step in range(1, review.last + 1)
        if review.game.moves[review.ends[step - 1]].is_attack
    )
    driver = screen_for(document)
    driver.dispatch(Intent.parse("review-go", value=str(attack_step)))
    html = driver.html()
    assert f"Move {attack_step} of {review.last}" in html
    assert re.search(r"The (attacker|defender) wins|Equal strength", html)
    record = review.game.moves[review.ends[attack_step - 1]]
    assert f'id="sq-{record.from_square}"' in html
    assert re.search(rf'class="sq last[^"]*" id="sq-{record.to_square}"', html)
    # The last step tells the end of the game.
    driver.tap("review-step last")
    assert "resigned" in driver.html() or "captured" in driver.html()


def test_buttons_slider_swipe_and_arrows_step_back_and_forth() -> None:
    driver = screen_for(played())
    review = driver.screen.review  # type: ignore[attr-defined]
    html = driver.html()
    assert 'id="rv-previous" data-intent="review-step previous" disabled' in html
    driver.tap("review-step next")
    assert review.step == 1
    driver.dispatch(Intent("review-step", value="next"))  # a swipe to the left
    assert review.step == 2
    driver.dispatch(Intent("key", "ArrowLeft", value="square e4"))
    assert review.step == 1
    # On the slider the arrows are the slider's own: its change comes next.
    assert driver.dispatch(Intent("key", "ArrowRight", value="review-go")) is None
    driver.dispatch(Intent("review-go", value=str(review.last)))
    assert review.step == review.last
    assert f'value="{review.last}"' in driver.html()
    assert "disabled" in re.search(r'<button[^>]*id="rv-next"[^>]*>', driver.html()).group(0)


def test_the_review_changes_nothing_stored() -> None:
    driver = resigned_game()
    storage = driver.context.storage
    before = dict(storage.items)
    host = ReviewHost(driver.context)
    review = Driver(host, driver.context)
    review.go("#/review/game-stratego")
    assert "Back to the result" in review.html()
    assert 'href="#/stratego/continue"' in review.html()
    for intent in ("review-step last", "review-view red", "review-step first"):
        review.tap(intent)
    entry = finished.load(storage, "stratego").entries[0]
    review.go(f"#/review/finished-stratego-{entry.id}")
    assert 'href="#/finished"' in review.html()
    review.tap("review-step next")
    saved = saves.save_as(storage, "stratego", json.dumps(entry.session), "Sunday")
    after_save = dict(storage.items)
    review.go(f"#/review/save-{saved.id}")
    assert 'href="#/saves"' in review.html()
    review.tap("review-step last")
    assert storage.items == after_save
    del after_save
    assert {k: v for k, v in storage.items.items() if k in before} == before


def test_a_game_going_on_or_gone_is_not_offered() -> None:
    storage = MemoryStorage()
    driver = resigned_game(storage)
    driver.tap("rematch")  # the autosave now holds a game at its setup
    review = Driver(ReviewHost(driver.context), driver.context)
    review.go("#/review/game-stratego")
    assert "no longer here" in review.html()
    review.go("#/review/finished-stratego-nothing")
    assert "no longer here" in review.html()
    broken = played()
    broken["engine"] = "{"
    assert "cannot be looked back at" in screen_for(broken).html()
