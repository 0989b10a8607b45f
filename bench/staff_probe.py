"""Why the master passes the staff action: states where playing a staff card looks clearly best, and its choice.

Plays seeded solo games of the master (reduced budget, as bench/staff_pairs.py) against Leopold on hard. At each of
its turn decisions in rounds 1-3 where a die on space 5 can be taken and a permanent or once-per-round card in
hand costs no more than the dice there (a free card) while 8 or more main actions are left, it prints:

- the search's ranking of the first actions (the look-ahead values of the finalists, the plan values of the
  rest) with the best "die 5" line marked;
- for each such card: what the evaluation credits it in hand (`engine.gah.ai.evaluate.hand_value`'s share, and
  the `engine.gah.ai.economy` terms) against in play (`Weights.staff_scale` times its future benefit, less its
  price), i.e. the swing the search sees for playing it;
- with `--playouts N`: the mean final VP of N greedy play-outs to the end after the master's choice and after
  "die 5" (each play-out seeded alike, so paired), a rough check of which move is really better.

    PYTHONPATH=$PWD nice -n 10 python bench/staff_probe.py --games 3 --seed 300001 --playouts 8
    PYTHONPATH=$PWD nice -n 10 python bench/staff_probe.py --games 3 --seed 300001 --without-economy

A diagnostic that prints, never a pass/fail test.
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Sequence

from engine import GameConfig, apply, final_scores, new_game
from engine.core.actions import Action
from engine.gah.ai import economy, policy
from engine.gah.ai.economy import economy_terms
from engine.gah.ai.master import MasterPolicy
from engine.gah.ai.strong import Budget
from engine.gah.ai.values import staff_future
from engine.gah.ai.weights import W, actions_left, money_cost, money_rate
from engine.gah.cards import staff
from engine.gah.game import legal_actions
from engine.gah.payloads import TURN
from engine.gah.state import GameState

REDUCED = Budget(worlds=1, rollouts=2, width=4)
STAFF_SPACE = 5


def free_paying_cards(state: GameState, index: int) -> list[int]:
    """Permanent and once-per-round cards in hand that the dice on space 5 pay for entirely."""
    table = staff()
    dice = state.dice[STAFF_SPACE - 1]
    return [card for card in state.players[index].hand
            if card and table[card].kind in ("permanent", "once_per_round")
            and table[card].cost_in(state.config.edition) <= dice]


def card_swing(state: GameState, index: int, card: int) -> tuple[float, float]:
    """(credit of `card` in hand, credit in play less its price at today's krones) by the hand-built evaluation."""
    actions = actions_left(state, index)
    future = staff_future(card, state, index, actions)
    price = staff()[card].cost_in(state.config.edition)
    net = future - price * money_rate(actions)
    in_hand = (W.hand_share * max(0.0, net) + 0.2) * min(1.0, actions / 3)
    paid = max(0, price - state.dice[STAFF_SPACE - 1])
    in_play = W.staff_scale * future - money_cost(state.players[index].money, paid, actions)
    return in_hand, in_play


def playout_score(state: GameState, index: int, seed: int) -> int:
    """The player's final VP after greedy play to the end (seeded)."""
    players = [policy("greedy", seed + k) for k in range(len(state.players))]
    while not state.is_over:
        seat = state.current_index
        assert seat is not None
        state, _ = apply(state, players[seat].choose(state))
    return final_scores(state)[state.players[index].name].total


def probe(state: GameState, master: MasterPolicy, playouts: int) -> Action:
    """Print the probe of one decision; return the master's choice."""
    index = state.current_index
    assert index is not None
    ranking = master.ranking(state)
    chosen = ranking[0].action
    player = state.players[index]
    print(f"round {state.round}, {actions_left(state, index)} main actions left, {player.money} krones, "
          f"{state.dice[STAFF_SPACE - 1]} dice on space 5; chose {chosen}")
    for ranked in ranking[:10]:
        mark = "  <- staff" if ranked.action.kind == "die" and ranked.action.args[0] == STAFF_SPACE else ""
        value = "-" if ranked.value is None else f"{ranked.value:7.2f}"
        print(f"    {ranked.action!s:32s} {value} {'look-ahead' if ranked.looked_ahead else 'plan'}{mark}")
    for card in free_paying_cards(state, index):
        in_hand, in_play = card_swing(state, index, card)
        swing = in_play - in_hand
        print(f"    {staff()[card].name}: in hand {in_hand:.2f}, in play {in_play:.2f} (swing {swing:+.2f})")
    print("    economy terms: " + ", ".join(f"{k} {v:+.2f}" for k, v in economy_terms(state, index).items()))
    staff_moves = [a for a in legal_actions(state) if a.kind == "die" and a.args == (STAFF_SPACE, 0)]
    if playouts and staff_moves and chosen != staff_moves[0]:
        scores = {}
        for label, action in (("chosen", chosen), ("die 5", staff_moves[0])):
            after, _ = apply(state, action)
            scores[label] = [playout_score(after, index, 1000 * k) for k in range(playouts)]
        diffs = [b - a for a, b in zip(scores["chosen"], scores["die 5"], strict=True)]
        print(f"    greedy play-outs ({playouts}): chosen {statistics.mean(scores['chosen']):.1f} VP, die 5 "
              f"{statistics.mean(scores['die 5']):.1f} VP (die 5 minus chosen {statistics.mean(diffs):+.1f})")
    return chosen


def main(argv: Sequence[str] | None = None) -> int:
    """Play the games and probe the decisions described in the module docstring."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=300001)
    parser.add_argument("--playouts", type=int, default=0, help="greedy play-outs per compared move (default 0)")
    parser.add_argument("--without-economy", action="store_true",
                        help="leave out the terms of engine.gah.ai.economy (the evaluation before issue 58)")
    args = parser.parse_args(argv)
    if args.without_economy:
        economy.TERMS.clear()
    for seed in range(args.seed, args.seed + args.games):
        print(f"== seed {seed}")
        state = new_game(GameConfig(players=["ann"], seed=seed, solo="leopold", solo_difficulty="hard"))
        master = MasterPolicy(seed * 31, REDUCED)
        while not state.is_over and state.round <= 3:
            index = state.current_index
            assert index is not None
            turn = state.turn
            start = state.deciding(TURN) and turn is not None and not turn.die_taken
            if (start and actions_left(state, index) >= 8 and free_paying_cards(state, index)
                    and any(a.kind == "die" and a.args[0] == STAFF_SPACE for a in legal_actions(state))):
                action = probe(state, master, args.playouts)
            else:
                action = master.choose(state)
            state, _ = apply(state, action)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
