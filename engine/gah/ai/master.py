"""The master level: the expert's search with a learned value at its leaves (issue 43).

`MasterPolicy` is `engine.gah.ai.expert.ExpertPolicy` (the strong search on 5 determinized worlds, the expert's
evaluation) with one change: where a planned line ends the player's turn, and where the look-ahead stops, the
state is judged by the hand-built evaluation plus `BLEND` times the value network's correction
(`engine.gah.ai.network.value`, an estimate of the final score) instead of the hand-built evaluation alone. The
beam's ranking of open lines and the look-ahead's own quick moves keep the hand-built evaluation (it is about
three times cheaper than encoding a state). At a table the network was not trained on (`ValueNetwork.players`:
the shipped network learned from solo games against Leopold only), the hand-built evaluation is the fallback, so
there the master plays exactly like the expert. A forced plan (`engine.gah.ai.plans`) adds its terms to both the
hand-built evaluation and the leaf value.

Its budget (`MASTER_BUDGET`) is the expert's. The near-tie rule of `engine.gah.ai.strong.Budget.margin` (issue 58
item 4: a finalist's look-ahead must beat one the current turn's plan ranks above it by more than a margin to be
played) makes its move depend less on which worlds were sampled, but at the full budget it cost VP (with
`STEADY_MARGIN`, 2-6 VP less on 100 paired solo games against Leopold: docs/ai.md, "The targets, measured"), so it
is off by default (margin 0) and kept as an option of the budget.

It decides only from `player_view` (the strong player's determinization; the encoding reads only the player's
view), and the same seed and view give the same move (a fixed budget, no clock, deterministic numpy).
"""

from __future__ import annotations

from engine.gah.ai.expert import EXPERT_BUDGET, ExpertPolicy, expert_evaluate
from engine.gah.ai.network import ValueNetwork, load, value
from engine.gah.ai.plans import TODAYS_PLAY, with_plan
from engine.gah.ai.strong import Budget
from engine.gah.state import GameState

BLEND = 0.25
"""Share of the network's correction added to the hand-built evaluation at the leaves. With all of it (1.0) the
search exploited the network's errors: the correction shrinks the evaluation's differences between moves (a
state-to-outcome fit regresses toward the mean), and the reduced search scored 67 VP less than the expert on 6
paired solo games (docs/ai-value-network.md); a quarter of it is a gentle correction."""

STEADY_MARGIN = 6.0
"""The near-tie margin tried for the master in VP equivalents (`engine.gah.ai.strong.Budget.margin`; not its
default). At the reduced budget (one world) the 5 policy seeds picked the same move in 68% of 68 seeded decisions
without it, 81% with 3, 85% with 6 and 88% with 10 (bench/policy_noise.py --agreement); at the full budget 64%
unanimous without it, 92% with 6, at the same cost, and an SD within a game seed of 15.0 VP. But on the ladder's
100 solo seeds against Leopold on hard the master with it scored 137.8 VP against 143.9 without it (paired -6.1 ±
5.2 VP; the economy terms off in both), and 138.1 against 140.0 with the economy terms on (-1.9 ± 5.8)."""

MASTER_BUDGET = EXPERT_BUDGET
"""The master level's search budget: `EXPERT_BUDGET` (5 worlds, no near-tie margin: see `STEADY_MARGIN`)."""


def master_value(state: GameState, index: int, network: ValueNetwork | None = None, blend: float = BLEND) -> float:
    """The leaf value of the master level: the hand-built evaluation plus `blend` times the network's correction
    (`engine.gah.ai.network.value`) where the network was trained for the table (`ValueNetwork.trained_for`), else
    `expert_evaluate` (VP equivalents for the player at seat `index`)."""
    net = network or load()
    if not net.trained_for(state):
        return expert_evaluate(state, index)
    if blend == 1.0:
        return value(state, index, net)
    base = expert_evaluate(state, index)
    return base + blend * (value(state, index, net) - base)


EVERYWHERE = False
"""Whether `master_value` also ranks the beam's open lines and the look-ahead's own quick moves, not only the
leaves (about 1.7 times the CPU of the leaves alone, and no gain shown: docs/ai-value-network.md, "Fourth
run")."""


class MasterPolicy(ExpertPolicy):
    """The expert's search (`MASTER_BUDGET` unless given) with `master_value` at the leaves (and, with
    `everywhere`, wherever the search judges a state), plus the terms of `plan` everywhere (a name in
    `engine.gah.ai.plans.PLANS`; default "today's play": none).

    Raises:
        KeyError: unknown plan.
    """

    def __init__(self, seed: int = 0, budget: Budget | None = None, network: ValueNetwork | None = None,
                 blend: float = BLEND, everywhere: bool = EVERYWHERE, plan: str = TODAYS_PLAY) -> None:
        super().__init__(seed, budget or MASTER_BUDGET, plan)
        net = network or load()
        self.network = net
        """The value network used at the leaves (the shipped one unless given)."""
        self.leaf = with_plan(lambda state, index: master_value(state, index, net, blend), plan)
        if everywhere:
            self.evaluator = self.leaf
