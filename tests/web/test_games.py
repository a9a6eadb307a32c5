"""The game registry: every game plugs into the shell, the saves and "Continue" the same
way, and the home screen starts without loading either game's engine."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from ui import store
from ui.games import GAMES, game_in_progress, spec
from ui.i18n import Translator
from ui.loop import Context, Page
from ui.settings import Settings
from ui.store import MemoryStorage
from ui.timer import ManualClock

WEB = Path(__file__).resolve().parents[2] / "web"


def context() -> Context:
    return Context(Translator("en"), Settings(), MemoryStorage(), ManualClock())


@pytest.mark.parametrize("game", [found.name for found in GAMES])
def test_every_game_has_screens_a_loader_and_a_description(game: str) -> None:
    found = spec(game)
    assert found is not None
    screen = found.screen(context())
    from ui.routes import Route

    assert screen.enter(Route("game", game, ("new",))) is None
    page = screen.render(None)
    assert isinstance(page, Page) and page.html().count("<h1") == 1
    with pytest.raises(ValueError):
        found.load("{}")
    assert spec("backgammon") is None


def test_continue_offers_the_first_game_not_ended_that_opens() -> None:
    from ui.ideology.session import Session as IdeologySession
    from ui.stratego.session import Session as StrategoSession

    storage = MemoryStorage()
    assert game_in_progress(storage) is None
    ideology_game = IdeologySession.start(["Capitalism", "Communism"], {}, seed=1)
    store.save(storage, "ideology", ideology_game.to_json())
    assert game_in_progress(storage) == "ideology"
    stratego_game = StrategoSession.new({"red": "Ana", "blue": "Luis"})
    store.save(storage, "stratego", stratego_game.to_json())
    assert game_in_progress(storage) == "stratego"
    # A session that does not open (damaged, or another game's) is no game in progress.
    store.save(storage, "stratego", '{"game": "stratego", "stage": "turn"}')
    store.save(storage, "stratego", '{"game": "stratego", "stage": "turn"}')
    assert game_in_progress(storage) == "ideology"


def test_the_home_screen_loads_no_game_engine() -> None:
    script = (
        "import sys; sys.path.insert(0, sys.argv[1])\n"
        "from tests.web.test_games import context\n"
        "from ui.routes import Route\n"
        "from ui.screens import ShellScreen\n"
        "screen = ShellScreen(context()); screen.enter(Route('home'))\n"
        "assert 'Stratego' in screen.render(None).html()\n"
        "games = ('engine.stratego', 'engine.ideology')\n"
        "print(sorted(m for m in sys.modules if m.startswith(games)))\n"
    )
    root = WEB.parent
    found = subprocess.run(
        [sys.executable, "-c", script, str(WEB)],
        capture_output=True,
        text=True,
        cwd=root,
        check=True,
    )
    assert found.stdout.strip() == "[]"
