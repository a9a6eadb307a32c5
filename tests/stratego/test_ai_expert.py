"""The expert computer: legal, blind to hidden ranks, within its node budget, the same
move however its thinking is sliced, and sound in positions a player can judge."""

from __future__ import annotations

import contextlib
import random
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from engine import stratego
from engine.stratego import ai, ai_beliefs, ai_expert
from tests.stratego.test_ai import _view_with, play
from tests.stratego.util import every_optional_rule, played_by_people, position

SLOW = sys.platform == "emscripten"
#: A smaller budget keeps whole games quick in the tests; the decisions are made the
#: same way (the budget only decides how deep the search gets).
TEST_BUDGET = 400


@pytest.fixture
def small_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ai_expert, "NODE_BUDGET", TEST_BUDGET)


def _decide(view: dict[str, object], legal: list[str], seed: int, **kw: int) -> ai_expert.Thinking:
    thinking = ai_expert.Thinking(view, legal, random.Random(seed), **kw)
    thinking.run()
    return thinking


@pytest.mark.usefixtures("small_budget")
def test_expert_plays_legal_moves_to_the_end_of_a_game() -> None:
    game = play("expert", "random", 1, max_plies=150 if SLOW else 1500)
    # In Pyodide (three times slower) the game is cut short: its moves were legal.
    assert game.result == "red" or (SLOW and game.result is None)


@pytest.mark.usefixtures("small_budget")
def test_expert_with_every_option() -> None:
    game = play("easy", "expert", 4, every_optional_rule(), max_plies=120 if SLOW else 400)
    assert game.move_count > 0


def _midgame(seed: int, plies: int) -> stratego.Game:
    rng = random.Random(seed)
    game = stratego.new_game(ai.choose_setup(rng), ai.choose_setup(rng))
    for _ in range(plies):
        game.play(ai.choose_move(game.view(game.turn), game.legal_moves(), "hard", rng))
    return game


@pytest.mark.parametrize("budget", [300, 1000])
def test_respects_its_node_budget(budget: int) -> None:
    game = _midgame(3, 40)
    thinking = _decide(game.view(game.turn), game.legal_moves(), 1, node_budget=budget)
    assert thinking.nodes <= budget
    assert thinking.depth >= 1
    assert thinking.move in game.legal_moves()


def test_more_nodes_search_deeper() -> None:
    game = _midgame(3, 40)
    view, legal = game.view(game.turn), game.legal_moves()
    shallow = _decide(view, legal, 1, node_budget=300)
    deep = _decide(view, legal, 1, node_budget=3000)
    assert deep.depth > shallow.depth


@pytest.mark.parametrize("slice_nodes", [1, 7, 60, 500])
def test_slices_give_the_move_of_one_run(slice_nodes: int) -> None:
    game = _midgame(5, 30)
    view, legal = game.view(game.turn), game.legal_moves()
    whole = _decide(view, legal, 9, node_budget=1500)
    sliced = ai_expert.Thinking(view, legal, random.Random(9), node_budget=1500)
    steps = 0
    while True:
        before = sliced.nodes
        done = sliced.step(slice_nodes)
        assert sliced.nodes - before <= slice_nodes  # a slice never runs on
        if done:
            break
        steps += 1
    assert (sliced.move, sliced.nodes, sliced.depth) == (whole.move, whole.nodes, whole.depth)
    assert steps >= 1500 // slice_nodes


def test_time_slices_give_the_move_of_one_run() -> None:
    game = _midgame(5, 30)
    view, legal = game.view(game.turn), game.legal_moves()
    whole = _decide(view, legal, 9, node_budget=1500)
    sliced = ai_expert.Thinking(view, legal, random.Random(9), node_budget=1500)
    while not sliced.step(10**6, max_seconds=0.002):
        pass
    assert (sliced.move, sliced.nodes) == (whole.move, whole.nodes)


def test_start_thinking_is_choose_move_in_slices() -> None:
    game = _midgame(6, 20)
    view, legal = game.view(game.turn), game.legal_moves()
    for level in ai.LEVELS:
        decision = ai.start_thinking(view, legal, level, random.Random(4))
        steps = 1
        while not decision.step(100):
            steps += 1
        assert decision.move == ai.choose_move(view, legal, level, random.Random(4))
        assert steps > 1 if level == "expert" else steps == 1
    with pytest.raises(ValueError):
        ai.start_thinking(view, legal, "grandmaster", random.Random(1))
    with pytest.raises(ValueError):
        ai.start_thinking(view, [], "expert", random.Random(1))


def test_search_leaves_the_position_as_it_found_it() -> None:
    game = _midgame(7, 50)
    view = game.view(game.turn)
    thinking = ai_expert.Thinking(view, game.legal_moves(), random.Random(1))
    for _ in thinking._setup(view):
        pass
    before = (
        thinking._board[:],
        thinking._dist[:],
        thinking._movable[:],
        thinking._material,
        thinking._position,
        thinking._removed,
        thinking._hash,
        thinking._shuttle[:],
    )
    search = thinking._search(2, -ai_expert._INF, ai_expert._INF, 0, 0)
    thinking._budget = 10**9
    thinking._pause_at = 10**9
    with pytest.raises(StopIteration):
        next(search)
    after = (
        thinking._board,
        thinking._dist,
        thinking._movable,
        thinking._material,
        thinking._position,
        thinking._removed,
        thinking._hash,
        thinking._shuttle,
    )
    assert after == before


def _choose(game: stratego.Game, view: dict[str, object]) -> str:
    return ai.choose_move(view, game.legal_moves(), "expert", random.Random(1))


def test_spy_takes_a_known_marshal() -> None:
    game = position(e4="rS", e5="bX", a1="rF", b1="r4", j10="bF", i10="bB")
    assert _choose(game, _view_with(game, e5="X")) == "e4-e5"


def test_takes_the_weaker_and_spares_the_stronger() -> None:
    game = position(e4="r5", e5="b9", f4="b4", a1="rF", j10="bF", i10="bB")
    assert _choose(game, _view_with(game, e5="9", f4="4")) == "e4-f4"


def test_runs_from_a_known_stronger_piece() -> None:
    game = position(e4="r8", e5="b9", a1="rF", b1="rB", c1="r4", j10="bF", i10="bB")
    move = _choose(game, _view_with(game, e5="9"))
    assert move in ("e4-d4", "e4-f4", "e4-e3")


def test_keeps_its_marshal_hidden_rather_than_take_a_major() -> None:
    """Taking a known Major would show the enemy where our Marshal is: not worth it."""
    game = position(e4="rX", e5="b7", a1="rF", b1="rB", c1="r4", j10="bF", i10="bB", h10="b5")
    assert _choose(game, _view_with(game, e5="7")) != "e4-e5"


def test_shows_its_general_to_take_a_colonel() -> None:
    game = position(e4="rX", e6="r9", e5="b8", a1="rF", b1="rB", c1="r4", j10="bF", i10="bB")
    assert _choose(game, _view_with(game, e5="8")) == "e6-e5"


def test_goes_after_a_seen_colonel_in_its_back_rows() -> None:
    """A seen enemy Colonel raids our unseen pieces while our General, which beats it,
    stays where it is: a sure gain calls the General from further away than a guess
    (``HUNT``). Here it sets off towards the Colonel, not towards the unseen piece
    nearer it nor with another piece."""
    game = position(
        a1="rF", b1="rB", a2="r4", e4="r9",
        j3="b8", e8="b6", a10="b5", i10="bB", j10="bF",
    )  # fmt: skip
    view = _view_with(game, j3="8")
    view["pieces"]["e8"]["moved"] = True
    assert _choose(game, view) in ("e4-e3", "e4-f4")


@contextlib.contextmanager
def _beliefs_pinned(view: dict[str, Any], dists: dict[str, dict[str, float]]) -> Iterator[None]:
    """While inside, the expert believes what it would of ``view``, with some enemy
    pieces' beliefs pinned to ``dists``."""
    believed = ai_beliefs.beliefs(view)
    believed.dists.update(dists)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ai_expert, "beliefs", lambda _view: believed)
        yield


def _thinking_with(view: dict[str, Any], dists: dict[str, dict[str, float]]) -> ai_expert.Thinking:
    """A decision set up on ``view`` with some enemy pieces' beliefs pinned to ``dists``."""
    thinking = ai_expert.Thinking(view, ["a1-a2"], random.Random(1))  # one move: no search
    with _beliefs_pinned(view, dists):
        for _ in thinking._setup(view):
            pass
    return thinking


def test_gains_of_mirrored_captures_are_each_the_attackers() -> None:
    """Our General taking their Colonel, and theirs taking ours, are both a gain for the
    attacker, whichever is valued first (the move ordering and the quiescence search, which
    tries only the attacks that gain, rely on it), and the Flag taken is the attacker's."""
    game = position(e4="r9", e5="b8", c4="r8", c5="b9", a1="rF", a2="b4", j10="bF", j9="r4")
    view = _view_with(game, e5="8", c5="9", a2="4")
    for square in ("e4", "c4"):
        view["pieces"][square]["known"] = True
    thinking = _thinking_with(view, {})
    ours = thinking._attack_gain_of(ai_expert._code("e4-e5"), 0)
    theirs = thinking._attack_gain_of(ai_expert._code("c5-c4"), 1)
    assert ours > 0 and theirs > 0
    assert thinking._attack_gain_of(ai_expert._code("a2-a1"), 1) >= ai_expert.WIN


def test_an_unknown_piece_beside_a_seen_one_attacks_when_its_rank_wins() -> None:
    """Beside our seen Colonel, an unknown piece that is the General three times in ten
    and a Major otherwise loses on average if it attacks, yet the enemy knows which it
    is: its option is the General's chance times the Colonel. Unseen, the Colonel risks
    only the average; a Bomb's or the Flag's chance never attacks."""
    game = position(e4="r8", e5="b9", a1="rF", b1="rB", j10="bF", i10="bB")
    view = game.view("red")
    view["pieces"]["e5"]["moved"] = True
    view["pieces"]["e4"]["known"] = True
    thinking = _thinking_with(view, {"e5": {"9": 0.3, "7": 0.7}})
    colonel = thinking._val[0][ai_beliefs.RANK_INDEX["8"]]
    assert thinking._enemy_option() == pytest.approx(0.3 * colonel)
    thinking = _thinking_with(view, {"e5": {"9": 0.3, "B": 0.5, "7": 0.2}})
    assert thinking._enemy_option() == pytest.approx(0.3 * colonel)
    view["pieces"]["e4"]["known"] = False
    assert _thinking_with(view, {"e5": {"9": 0.3, "7": 0.7}})._enemy_option() == 0.0


@pytest.mark.parametrize(("spy_chance", "takes"), [(0.0, True), (0.3, False)])
def test_a_seen_marshal_does_not_take_a_general_beside_a_likely_spy(
    spy_chance: float, takes: bool
) -> None:
    """Our seen Marshal may take their seen General, but the unknown piece beside it is
    the Spy three times in ten: the enemy knows whether it is, so the Spy strikes and
    the other ranks stay where they are (averaged over its ranks, the strike looked like
    a loss and the Spy took our Marshal right after such captures in 84 games in 359)."""
    game = position(
        e4="rX", e5="b9", f5="bS", a1="rF", b1="rB", c1="r4", j10="bF", i10="bB", h10="b5"
    )
    view = _view_with(game, e5="9")
    view["pieces"]["e4"].update(known=True, moved=True)
    view["pieces"]["f5"]["moved"] = True
    dist = {"S": spy_chance, "7": 1 - spy_chance}
    with _beliefs_pinned(view, {"f5": dist}):
        assert (_choose(game, view) == "e4-e5") is takes


def test_a_miner_that_opened_the_wall_beside_our_flag_is_no_better_for_us() -> None:
    """Within one search the danger zone round our Flag stays as it was made: a known
    Miner that takes a Bomb beside our Flag stands one move from it, so the position
    after that attack is no better for us than before it (the Bomb lost aside)."""
    game = position(a1="rF", a2="rB", b1="rB", a3="b3", e4="r6", j10="bF", i10="bB")
    thinking = _thinking_with(_view_with(game, a3="3"), {})
    before = _beyond_material(thinking)
    src, dst = divmod(ai_expert._code("a3-a2"), 100)
    [(_, result, narrowed)] = thinking._outcomes(src, dst)
    thinking._make_attack(src, dst, 1, result, narrowed)
    assert _beyond_material(thinking) <= before < 0


def _flag_terms(guard: str, enemy: str) -> float:
    """The evaluation beyond material, with our Flag on a1 walled by
    Bombs on a2 and b1, our Sergeant on ``guard`` and the enemy piece ``enemy`` on e7."""
    game = position(
        a1="rF", a2="rB", b1="rB", e4="r6", j10="bF", i10="bB", e7=enemy, **{guard: "r4"}
    )
    view = game.view("red")
    view["graveyards"]["blue"] = game.view("blue")["graveyards"]["blue"]  # as if seen taken
    return _beyond_material(_thinking_with(view, {}))


def _beyond_material(thinking: ai_expert.Thinking) -> float:
    """What the evaluation adds to material and approach: our Flag's danger, movable
    pieces."""
    return thinking._evaluate() - thinking._material - thinking._position


def test_a_bomb_beside_our_flag_wants_a_piece_beside_it_while_a_miner_is_left() -> None:
    """A Miner that takes a Bomb beside our Flag takes the Flag on its next move unless a
    piece of ours beside that Bomb takes it first: from b2 our Sergeant guards both Bombs,
    from c2 neither. With no enemy Miner left a Bomb needs no guard."""
    unguarded = ai_expert.WALL_UNGUARDED
    assert _flag_terms("b2", "b3") - _flag_terms("c2", "b3") == pytest.approx(2 * unguarded)
    assert _flag_terms("a3", "b3") - _flag_terms("c2", "b3") == pytest.approx(unguarded)
    assert _flag_terms("b2", "b5") == pytest.approx(_flag_terms("c2", "b5"))


def test_a_guard_comes_home_before_a_miner_reaches_our_flags_wall() -> None:
    """A Miner four steps from our Flag (through a Bomb of its wall) takes the Flag in
    four moves: a piece of ours that takes a Miner must stand beside the wall by then.
    From c3 our Sergeant is there in time; from f3 it is three steps late and the race
    costs the Miner's whole penalty, from e3 two thirds of it; an unknown piece costs its
    chance of being a Miner."""

    def race(guard: str, miner: dict[str, float] | None = None) -> float:
        game = position(a1="rF", a2="rB", b1="rB", a5="b3", j10="bF", i10="bB", **{guard: "r4"})
        view = _view_with(game, a5="3") if miner is None else game.view("red")
        return _beyond_material(_thinking_with(view, {} if miner is None else {"a5": miner}))

    full = ai_expert.MINER_RACE[4]
    assert race("c3") - race("f3") == pytest.approx(full)
    assert race("c3") - race("e3") == pytest.approx(full * 2 / 3)
    maybe = {"3": 0.4, "5": 0.6}
    assert race("c3", maybe) - race("f3", maybe) == pytest.approx(0.4 * full)


def test_only_a_miner_attacks_a_known_bomb() -> None:
    game = position(e6="r9", d6="r3", e7="bB", a1="rF", b1="rB", j10="bF", i10="bB", a10="b4")
    view = _view_with(game, e7="B")
    view["pieces"]["e7"]["moved"] = False
    assert _choose(game, view) != "e6-e7"


def _decide_with(
    game: stratego.Game, view: dict[str, Any], dists: dict[str, dict[str, float]]
) -> ai_expert.Thinking:
    """A whole decision with some enemy pieces' beliefs pinned to ``dists``."""
    with _beliefs_pinned(view, dists):
        return _decide(view, game.legal_moves(), 1, node_budget=3000)


#: A piece on the back rank that never moved: the Flag one time in ten, a Bomb three.
_MAYBE_FLAG = {"F": 0.1, "B": 0.3, "5": 0.3, "4": 0.3}


def test_does_not_risk_its_marshal_on_a_piece_that_may_be_the_flag() -> None:
    """A one-in-ten Flag chance times a won game outweighed the Marshal lost on a Bomb,
    and the pieces it chose to attack were those whose Flag chance the beliefs overrate:
    the Marshal lost on Bombs in a third of the games against the outside program. Its
    attack is now weighed with the Flag's odds lowered and the Bomb's raised
    (``ATTACKED_FLAG_ODDS``, ``ATTACKED_BOMB_ODDS``); a Scout still goes and looks."""
    game = position(e9="rX", d10="r2", a1="rF", b1="rB", e10="b5", b7="b4", j10="bF", i10="bB")
    view = game.view("red")
    thinking = _thinking_with(view, {"e10": _MAYBE_FLAG})
    marshal = thinking._attack_gain_of(ai_expert._code("e9-e10"), 0)
    scout = thinking._attack_gain_of(ai_expert._code("d10-e10"), 0)
    assert marshal < 0 < scout
    assert _decide_with(game, view, {"e10": _MAYBE_FLAG}).move != "e9-e10"


def test_takes_the_flag_when_it_is_known() -> None:
    game = position(e6="r4", e7="bF", f6="b9", a1="rF", b1="r2", j10="bB")
    view = _view_with(game, e7="F", f6="9")
    assert _choose(game, view) == "e6-e7"


def test_guards_the_last_movable_piece() -> None:
    """With one movable piece left, it does not throw it at an unknown piece that is
    likely a Bomb: losing it would lose the game."""
    game = position(a1="rF", b1="rB", e4="r4", e5="bB", d10="bF", c10="b3", f10="bB")
    view = game.view("red")
    assert _choose(game, view) != "e4-e5"


#: A Scout on j5 chased by their known General round the block of four squares i5-j6,
#: walled in by its own Bombs: one turn of the chase, both sides' moves.
_CHASE_LOOP = ("j5-j6", "i5-i6", "j6-j5", "i6-j6", "j5-i5", "j6-i6", "i5-j5", "i6-i5")


def _chased_scout(turns: int) -> stratego.Game:
    game = position(
        j5="r2", i5="b9", i4="rB", j4="rB", i7="rB", j7="rB",
        a1="rF", b1="rB", a3="r4", b3="r6", c3="r4", d3="r3", e3="r7",
        a10="bF", b10="bB", c10="bB", d10="b4", e10="b6", f10="b5",
    )  # fmt: skip
    for _ in range(turns):
        for move in _CHASE_LOOP:
            game.play(move)
    return game


def test_a_chased_scout_flees_round_the_block_only_so_long() -> None:
    """Chased four times round the same four squares, the Scout is left to the General
    and the game goes on, rather than a chase that would last until the cap (a draw).
    Fresh, or once round (a shuffle, not yet a loop), the same board has it flee: what
    changed is only how often the game has been there before."""
    for turns in (0, 1):
        fresh = _chased_scout(turns)
        assert _choose(fresh, _view_with(fresh, i5="9")) == "j5-j6"
    chased = _chased_scout(4)
    assert _choose(chased, _view_with(chased, i5="9")) not in ("j5-j6", "j5-i5")


def test_positions_before_the_last_attack_do_not_count_as_repeated() -> None:
    """A position before an attack had a piece more, so it cannot come again."""
    game = _chased_scout(2)
    view = _view_with(game, i5="9")
    repeats = _thinking_with(view, {})._repeats
    assert max(repeats.values()) == 4  # twice a turn, twice round
    view["history"][-len(_CHASE_LOOP) - 1]["attack"] = True  # as if the chase began there
    assert max(_thinking_with(view, {})._repeats.values()) == 2


def test_expert_sets_up_from_fortified_human_setups() -> None:
    for seed in range(8):
        setup = ai_expert.choose_setup(random.Random(seed))
        assert stratego.is_valid_setup(setup)
        assert played_by_people(setup)
        assert ai_expert.fortified(setup)
        flag = setup.index("F")
        assert 10 <= flag < 20  # the second row
    assert ai.Player("expert", seed=3).setup() == ai_expert.choose_setup(random.Random(3))
    back_rank_wall = "FB" + "3" * 8 + "B" + "3" * 29
    assert not ai_expert.fortified(back_rank_wall)
    second_row_wall = "3B" + "3" * 8 + "BFB" + "3" * 7 + "3B" + "3" * 18
    assert ai_expert.fortified(second_row_wall)
    at_the_edge = "B" + "3" * 9 + "FB" + "3" * 8 + "B" + "3" * 19
    assert ai_expert.fortified(at_the_edge)
    assert not ai_expert.fortified(at_the_edge.replace("FB", "F3", 1))
    assert len(set(ai_expert.strong_setups())) == 339


@pytest.mark.parametrize("ahead", [True, False])
def test_trades_even_when_far_ahead_and_not_when_behind(ahead: bool) -> None:
    """Far ahead, an even trade brings the win nearer: what the enemy has left is all
    that stands between. Behind, it brings nearer the end with no movable piece left.
    So the seen Colonel takes the seen enemy Colonel ahead and steps aside behind."""
    pieces = dict(
        a1="rF", a2="rB", b1="rB", c1="r2", d1="r2", c2="r2", d2="r2", c3="r2", d3="r2",
        i2="r8", i3="b8",
        a9="b2", b9="b2", a10="b2", b10="b2", c10="b2", d10="b2", j10="bF", j9="bB", i10="bB",
    )  # fmt: skip
    pieces.update(dict(g1="rX", h1="r9") if ahead else dict(f10="bX", g10="b9"))
    game = position(**pieces)
    view = _view_with(game, i3="8")
    view["pieces"]["i2"].update(known=True, moved=True)
    assert (_choose(game, view) == "i2-i3") is ahead
