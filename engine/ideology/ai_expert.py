"""The expert computer: plays each promising action forward in games it cannot tell from
the real one, and takes the action that turns out best on average.

It decides from ``view`` and ``legal_actions`` only, like every level:

* **Determinisation** (``ai_sample``): the hidden cards — the other hands, every draw
  pile and discard pile, the region deck — are dealt at random among the possibilities
  the view leaves open, many times over.
* **Look-ahead through the phases**: in each such game, each candidate action (the
  greedy player's best few, and the quiet one) is played, then the game goes on with
  every player, itself included, playing as the greedy player (``ai_greedy``: the model
  of its opponents) until the next turn's cards are drawn: this turn's development,
  expansion, conflicts, diplomacy and evaluation, and the new turn order. Every candidate
  meets the same deal and the same dice, so their differences are not luck.
* **Evaluation** of where a look-ahead ends: each player's influence, plus the cards in
  hand (the next turn's resources) less the cards its regions still lack to hold their
  level; the candidate's score is its own worth less the best other player's. A game
  that ended in the look-ahead scores a win or a loss.
* **A budget of simulated actions**, not a clock: the same view, actions and ``rng`` give
  the same choice on any machine at any load (a reload repeats the decision). The work
  is resumable: :class:`Thinking` ``.step(max_nodes)`` runs a slice and returns whether
  it is done, so a page can think in short tasks; the slices never change the choice.
"""

from __future__ import annotations

import random
from collections.abc import Generator, Mapping, Sequence
from typing import Any

from ..slices import Sliced
from . import rules
from .actions import DONE, Action, parse
from .ai_greedy import QUIET, Greedy
from .ai_sample import clone, sample_game
from .data import CARD_TYPES, REGIONS
from .game import Game

#: Work per decision: every action of every look-ahead counts one, and one more for each
#: legal action the greedy model weighs there (``step_cost``), so that the budget follows
#: the time taken, however crowded the map.
NODE_BUDGET = 5000
#: What dealing the hidden cards, starting a look-ahead (a copy of the deal, the
#: candidate played) and an evaluation (the end of diplomacy) cost, in simulated actions
#: of about the same time: a short look-ahead (late in a turn) still costs its deal.
DEAL_COST = 15
PLAYOUT_COST = 5
EVALUATION_COST = 10
#: Simulated actions per slice, keeping one browser task well under 50 ms.
SLICE_NODES = 100
#: Candidates played forward: the greedy player's best, the quiet action always among them.
CANDIDATES = 6
#: Turns each look-ahead runs: to the start of the turn after this one.
HORIZON_TURNS = 1
#: Worth of a card in hand (about a third of a level: a level takes a card of each type).
CARD_WORTH = 0.3
#: Score of a game the look-ahead sees won (minus when lost), beside the influence margin.
WIN = 20.0


def table_view(
    game: Game, player: str, regions_seen: dict[str, dict[str, Any]] | None = None
) -> dict[str, Any]:
    """The part of ``game.view(player)`` the greedy player reads, built fast: the look-ahead
    asks it for every simulated action. ``regions_seen`` keeps the regions' part from one
    call to the next (the caller forgets a region when it changes)."""
    if regions_seen is None:
        regions_seen = {}
    regions = []
    for name, region in game.regions.items():
        seen = regions_seen.get(name)
        if seen is not None:
            regions.append(seen)
            continue
        cards: dict[str, dict[str, int]] = {}
        totals: dict[str, int] = {}
        for card_type, zone in region.zones.items():
            counts: dict[str, int] = {}
            for owner, _ in zone:
                counts[owner] = counts.get(owner, 0) + 1
            cards[card_type] = counts
            for owner, count in counts.items():
                totals[owner] = totals.get(owner, 0) + count
        printed = REGIONS[name]
        seen = {
            "name": name,
            "cards": cards,
            "totals": totals,
            "controller": region.controller,
            "home_of": printed.home_of,
            "printed_level": printed.level,
            "reachable_by": game._reaching(name),
        }
        regions_seen[name] = seen
        regions.append(seen)
    conflict = None
    if game.conflict is not None:
        c = game.conflict
        conflict = {
            "region": c.region,
            "card_type": c.card_type,
            "deflect_cost": game._deflect_cost(),
        }
    return {
        "viewer": player,
        "turn": game.turn,
        "phase": game.phase,
        "players": {
            p: {
                "influence": game._influence(p),
                "advances": game.advances[p],
                "hand_size": len(game.decks[p].hand),
            }
            for p in game.order
        },
        "regions": regions,
        "hand": {t: game._hand_count(player, t) for t in CARD_TYPES},
        "conflict": conflict,
        "diplomacy": {"my_choices": game.choices[player]} if game.phase == "diplomacy" else None,
    }


def greedy_choices(game: Game, player: str) -> dict[str, str]:
    """The diplomacy choices the greedy player makes in ``game`` (they follow influence
    alone, so its view needs no more)."""
    view = {
        "viewer": player,
        "players": {
            p: {"influence": game._influence(p), "advances": game.advances[p]} for p in game.order
        },
        "regions": [],
    }
    return Greedy(view, [], _NO_DICE).wanted_statuses()


_NO_DICE = random.Random(0)  # diplomacy choices throw none


def greedy_action(
    game: Game,
    player: str,
    legal: list[Action],
    dice: random.Random,
    regions_seen: dict[str, dict[str, Any]] | None = None,
) -> Action:
    """The action the greedy player takes in ``game`` among ``legal`` (``rules.legal``)
    with these dice: the same as ``ai.choose_action(game.view(player), legal, "greedy",
    dice)`` (diplomacy aside: see :func:`greedy_choices`), except that a lone legal action
    is taken without a throw of the dice."""
    if len(legal) == 1:
        return legal[0]
    return parse(Greedy(table_view(game, player, regions_seen), legal, dice).choose())


def step_cost(legal: Sequence[str]) -> int:
    """What one simulated action costs of the budget: one, plus one for each legal action
    the greedy model weighs there (its time grows with them: a late game, with many
    regions in play, offers many more)."""
    return 1 if len(legal) == 1 else 1 + len(legal)


def worth(game: Game, player: str) -> float:
    """A player's standing where a look-ahead stops: influence, plus the cards in hand
    less those its regions lack to keep their level at the next evaluation."""
    lacking = 0
    for region in game.regions.values():
        if region.controller == player:
            for card_type in CARD_TYPES:
                lacking += max(0, region.level - region.count(card_type, player))
    hand = len(game.decks[player].hand)
    return game._influence(player) + CARD_WORTH * (hand - lacking)


def score(game: Game, me: str) -> float:
    """How good the game is for ``me``: its worth less the best other player's, and
    ``WIN`` more (or less) when the game has ended."""
    worths = {p: worth(game, p) for p in game.order}
    margin = worths[me] - max(w for p, w in worths.items() if p != me)
    if game.result is not None:
        return margin + (WIN if game.result == me else -WIN)
    return margin


class Thinking(Sliced):
    """One decision in progress: ``step(max_nodes)`` until it returns True, then ``action``.

    >>> import random
    >>> from engine import ideology
    >>> game = ideology.new_game(["Capitalism", "Communism", "Fascism"], seed=7)
    >>> player = game.to_act[0]
    >>> thinking = Thinking(game.view(player), game.legal_actions(player), random.Random(1))
    >>> while not thinking.step(500):
    ...     pass
    >>> thinking.action in game.legal_actions(player), thinking.nodes <= NODE_BUDGET
    (True, True)
    """

    slice_nodes = SLICE_NODES

    def __init__(
        self,
        view: Mapping[str, Any],
        legal_actions: Sequence[str],
        rng: random.Random,
        node_budget: int | None = None,
    ) -> None:
        super().__init__()
        actions = [str(a) for a in legal_actions]
        if not actions:
            raise ValueError("no legal action")
        self.action: str | None = None
        #: Look-ahead rounds completed (one deal, every candidate played forward in it).
        self.rounds = 0
        #: Mean score of each candidate over the completed rounds.
        self.scores: dict[str, float] = {}
        self._budget = NODE_BUDGET if node_budget is None else node_budget
        # The rng is drawn from here only, once, so a decision uses it the same way
        # however it is sliced.
        seed = rng.getrandbits(64)
        if len(actions) == 1:
            self.action = actions[0]
        elif view["phase"] == "diplomacy":
            # Choices there only set how others may attack next turn, beyond the look-ahead.
            self.action = Greedy(view, actions, random.Random(seed)).choose()
        else:
            self._work = self._think(view, actions, seed)

    def run(self) -> str:
        """Think to the end and return the action."""
        self._finish()
        assert self.action is not None
        return self.action

    # ----------------------------------------------------------------- thinking

    def _think(self, view: Mapping[str, Any], actions: list[str], seed: int) -> Generator[None]:
        rng = random.Random(seed)
        me: str = view["viewer"]
        greedy = Greedy(view, actions, random.Random(seed))
        ranked = [a for _, a in sorted(greedy.scored(), key=lambda s: -s[0])]
        if view.get("conflict") is not None:
            ranked = actions  # deflect or yield, play or stop: both are worth a look
        candidates = ranked[:CANDIDATES]
        quiet = [a for a in actions if a in QUIET]
        if quiet and quiet[0] not in candidates:
            candidates[-1] = quiet[0]
        if len(candidates) == 1:
            self.action = candidates[0]
            return
        totals = dict.fromkeys(candidates, 0.0)
        horizon = view["turn"] + HORIZON_TURNS
        while self.nodes + DEAL_COST <= self._budget:
            deal = sample_game(view, rng, greedy_choices)
            self.nodes += DEAL_COST
            dice = rng.getrandbits(64)
            round_scores: dict[str, float] = {}
            for candidate in candidates:
                if self.nodes + PLAYOUT_COST > self._budget:
                    break
                game = clone(deal)
                game._rng.seed(dice)
                rules.execute(game, me, parse(candidate))
                self.nodes += PLAYOUT_COST
                if not (yield from self._play_forward(game, random.Random(dice), horizon)):
                    break
                round_scores[candidate] = score(game, me)
            if len(round_scores) < len(candidates):
                break  # the budget ran out in this round: it does not count
            for candidate, value in round_scores.items():
                totals[candidate] += value
            self.rounds += 1
        if self.rounds == 0:
            self.action = candidates[0]
            return
        self.scores = {a: total / self.rounds for a, total in totals.items()}
        best = max(self.scores.values())
        # Ties go to the earlier candidate: the greedy player's preference.
        self.action = next(a for a in candidates if self.scores[a] >= best - 1e-9)

    def _play_forward(
        self, game: Game, dice: random.Random, horizon: int
    ) -> Generator[None, None, bool]:
        """Every player plays as the greedy player until the turn ``horizon`` starts or
        the game ends (True), or until the budget is spent (False)."""
        done = Action(DONE)
        regions_seen: dict[str, dict[str, Any]] = {}
        while game.result is None and game.turn < horizon:
            if self.nodes >= self._budget:
                return False
            player = game.to_act[0]
            if game.phase == "diplomacy":
                # The last player to finish sets off the evaluation.
                cost = 1 + (EVALUATION_COST if len(game.to_act) == 1 else 0)
                if self.nodes + cost > self._budget:
                    return False
                game.choices[player] = greedy_choices(game, player)
                rules.execute(game, player, done)
                if game.phase != "diplomacy":
                    regions_seen.clear()  # evaluated: levels, control and reach change
                self.nodes += cost - 1
            else:
                legal = rules.legal(game, player)
                cost = step_cost(legal)
                if self.nodes + cost > self._budget:
                    return False
                action = greedy_action(game, player, legal, dice, regions_seen)
                conflict = game.conflict
                rules.execute(game, player, action)
                if action.region is not None:
                    regions_seen.pop(action.region, None)
                if conflict is not None:
                    regions_seen.pop(conflict.region, None)
                self.nodes += cost - 1
            self.nodes += 1
            if self._slice_over():
                yield
        return True
