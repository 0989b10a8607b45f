"""What the expert AI would play and why: its ranked candidate moves with their estimated worth (issue 42, item 9).

`rank_moves(state, seat, budget, seed)` runs the expert's own search (`engine.gah.ai.expert.ExpertPolicy`, through
`engine.gah.ai.strong.StrongPolicy.ranking`), so its first move is exactly the one the expert AI plays with that seed
and budget (the alternatives are looked ahead as far, and differ from it and each other in more than the order of
the turn's steps); it decides only from the seat's `player_view`, so a suggestion never tells a hidden card. Each move
comes with a value estimate in VP equivalents (`engine.gah.ai.expert.expert_evaluate`: the projected final score plus
what the holdings are still worth) and a reason (`engine.core.suggestions.Reason`: data, no words; the bot says it
in the reader's language, `bot.games.gah.suggest_reasons`) built from what its best line of the turn changes,
first what the move itself does (the action with the player's own follow-up answers right after it, `follow`:
the split of a die's items, the copied action, the staff card played, the rest of a serve), then what the rest of
its planned turn brings, ordered by the evaluation terms that grew most (`evaluation_terms`); a move that changes
nothing those facts name gets no reason (None), never a vague one (issue 52 item 3). The follow-up answers cost
about 10% more search (18 turn decisions at a load of 8: median 0.49-0.57 s against 0.44-0.51 s before).

    moves = rank_moves(state, seat=0, budget=SUGGEST_BUDGET, seed=7)
    moves[0].action, moves[0].follow, moves[0].value, moves[0].reason
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.actions import Action
from engine.core.suggestions import Fact, RankedMove, Reason
from engine.gah.ai.determinize import determinize, view_seed
from engine.gah.ai.economy import economy_terms
from engine.gah.ai.encoding import evaluation_parts
from engine.gah.ai.expert import ExpertPolicy, expert_evaluate
from engine.gah.ai.lookahead import complete
from engine.gah.ai.strong import Budget, RankedAction
from engine.gah.game import apply, legal_actions, player_view
from engine.gah.payloads import IMITATE, PLAY_STAFF, RETURN_CARDS, SERVE, SPLIT_DISHES, SPLIT_DRINKS, SPLIT_EMPEROR
from engine.gah.state import EMPTY, GameState, PlayerState

SUGGEST_BUDGET = Budget(worlds=2)
"""The search budget of a suggestion: the expert's search (beam, look-ahead, evaluation) on 2 determinized worlds
instead of 5, and two more first actions looked ahead for the alternatives. On the shared 2-core machine at a load
of about 7, over 82 turn decisions of greedy-played games of one, three and four players: median 0.74 s, 95th
percentile 1.99 s, at most 3.2 s (5 worlds: median 2.4 s, 95th percentile 5.7 s; 3 worlds: 1.0 s and 2.6 s). Its
first move is the expert's with this budget; with the expert's own budget it is the expert AI's move."""


FOLLOW_LIMIT = 3
"""The most follow-up answers a suggestion looks up after its move (a serve's follow-up serves up to 2 more items,
the longest compound choice of the panel)."""

FOLLOW_KINDS = frozenset({SPLIT_DISHES, SPLIT_DRINKS, SPLIT_EMPEROR, PLAY_STAFF, IMITATE, SERVE, RETURN_CARDS})
"""The follow-up decisions whose answers a suggestion looks up (`RankedMove.follow`): those a turn panel offers as one
choice with the move before them (a die with its split, its copied action or its staff card; a serve with the rest
that fits; drawn cards back in order). Other follow-ups (rooms to prepare, items to place) are the player's next
click and cost a search each."""

FOLLOW_BUDGET = Budget(worlds=2, rollouts=0)
"""The search budget of a follow-up answer (`RankedMove.follow`): the expert's plan of the rest of the turn without
the look-ahead past it (the follow-up only splits what the move already brings)."""


def evaluation_terms(state: GameState, index: int) -> dict[str, float]:
    """The parts of `engine.gah.ai.expert.expert_evaluate(state, index)`, by name (VP equivalents; they add up to it):
    "score" (the projected score), "krones", "café", "rooms", "Emperor track", "staff", "hand", "politics" and
    "café aversion" (the AI's dislike of guests left in the café, negative); only the first and the last once the
    game is scored. The names of `engine.gah.ai.encoding.evaluation_parts`, which computes them, and then the active
    staff and economy terms of `engine.gah.ai.economy.economy_terms` (before the game is scored; none by default)."""
    projected, krones, cafe, kitchen, rooms, emperor, played, hand, politics, aversion = evaluation_parts(state, index)
    terms = {"score": projected, "café aversion": aversion}
    if state.phase in ("final", "over"):
        return terms
    terms.update({"krones": krones, "café": cafe + kitchen, "rooms": rooms, "Emperor track": emperor,
                  "staff": played, "hand": hand, "politics": politics})
    terms.update(economy_terms(state, index))
    return terms


def rank_moves(state: GameState, seat: int, budget: Budget = SUGGEST_BUDGET, seed: int = 0,
               count: int = 3) -> list[RankedMove]:
    """The expert's best `count` moves for the player at `seat`, best first (the first is the move the expert AI
    plays with this `budget` and `seed`), each with its estimated worth and a reason.

    A decision the expert answers by a quick rule or has only one answer for is ranked by a one-step look-ahead
    instead (its first move is then the expert's answer). Deterministic: the same state, seat, budget and seed
    give the same list.

    Raises:
        ValueError: `seat` has nothing to decide in `state` (not its turn, or the game is over).
    """
    name = state.players[seat].name
    if not legal_actions(state, name):
        raise ValueError(f"{name} has nothing to decide now.")
    view = player_view(state, name)
    ranking = ExpertPolicy(seed, budget).ranking(state, name, others=count - 1)
    if ranking[0].value is None or len(ranking) < min(count, len(legal_actions(state, name))):
        ranking = _one_step(view, seat, seed, ranking[0].action)
    best, rest = ranking[0], ranking[1:]
    if best.looked_ahead:  # the alternatives must be judged as far ahead as the best move
        rest = [ranked for ranked in rest if ranked.looked_ahead]
    chosen = [best, *sorted(_distinct(rest, best), key=lambda ranked: -(ranked.value or 0.0))[: count - 1]]
    world = determinize(view, seat, view_seed(view, seed, seat))[0]  # the search's first world: its lines end there
    moves = []
    for ranked in chosen:
        assert ranked.value is not None
        follow = follow_up(world, seat, ranked.action, seed)
        mid = world
        for step in (ranked.action, *follow):
            mid = apply(mid, step)[0]
        # a decision outside the turn is judged one step ahead without keeping the state: tell that step
        end = ranked.line_end or complete(mid, seat, 1, expert_evaluate)
        moves.append(RankedMove(ranked.action, ranked.value, reason(view, seat, end, ranked.action, mid),
                                follow))
    return moves


def follow_up(world: GameState, seat: int, action: Action, seed: int) -> tuple[Action, ...]:
    """The expert's answers (`FOLLOW_BUDGET`) to the decisions the player at `seat` meets right after `action` in
    `world`, while they are the player's own follow-ups of `FOLLOW_KINDS` (not the turn decision, nobody else's),
    at most `FOLLOW_LIMIT`."""
    name = world.players[seat].name
    state, answers = apply(world, action)[0], list[Action]()
    policy = ExpertPolicy(seed, FOLLOW_BUDGET)
    while len(answers) < FOLLOW_LIMIT and not state.is_over and state.pending:
        top = state.pending[-1]
        if top.kind not in FOLLOW_KINDS or top.player != seat or name not in state.waiting:
            break
        answer = policy.choose(state, name)
        answers.append(answer)
        state = apply(state, answer)[0]
    return tuple(answers)


def _distinct(candidates: list[RankedAction], best: RankedAction) -> list[RankedAction]:
    """The candidates, in order, but those whose line ends where the best move's or an earlier candidate's does
    (the same turn in another order: serving cake, then coffee, or coffee, then cake)."""
    seen = {best.line_end.to_json()} if best.line_end is not None else set()
    kept = []
    for candidate in candidates:
        signature = candidate.line_end.to_json() if candidate.line_end is not None else None
        if signature is not None and signature in seen:
            continue
        if signature is not None:
            seen.add(signature)
        kept.append(candidate)
    return kept


def _one_step(view: GameState, seat: int, seed: int, first: Action) -> list[RankedAction]:
    """Every legal action judged one step ahead (with the player's follow-up decisions answered as the search
    answers them) on one determinized world of `view`, best first, but `first` (the expert's own answer) leading."""
    world, _ = determinize(view, seat, view_seed(view, seed, seat))
    judged = []
    for action in legal_actions(world, view.players[seat].name):
        after = complete(apply(world, action)[0], seat, 1, expert_evaluate)
        judged.append(RankedAction(action, expert_evaluate(after, seat), after))
    judged.sort(key=lambda ranked: (ranked.action != first, -(ranked.value or 0.0)))
    return judged


# ----- the reason ---------------------------------------------------------------------------------------------


FactOf = Callable[[PlayerState, PlayerState, GameState, GameState], Fact | None]
"""What a line changed for the player (`Fact`), or None if it did not."""


def _checked_in(before: PlayerState, after: PlayerState, *_: GameState) -> Fact | None:
    new = tuple(after.checked_in[len(before.checked_in):])
    return Fact(CHECKED_IN, len(new), new) if new else None


def _guest_taken(before: PlayerState, after: PlayerState, *_: GameState) -> Fact | None:
    seated = {table.guest for table in before.cafe} | set(after.checked_in)
    new = tuple(table.guest for table in after.cafe if table.guest is not None and table.guest not in seated)
    return Fact(SEATED, len(new), new) if new else None


def _served(before: PlayerState, after: PlayerState, *_: GameState) -> Fact | None:
    served = sum(sum(table.served) for table in after.cafe) - sum(sum(table.served) for table in before.cafe)
    return Fact(SERVED, served) if served > 0 else None


def _rooms(before: PlayerState, after: PlayerState, *_: GameState) -> Fact | None:
    prepared = sum(1 for old, new in zip(before.rooms, after.rooms, strict=True) if old == EMPTY and new != EMPTY)
    return Fact(ROOMS, prepared) if prepared > 0 else None


def _groups(before: PlayerState, after: PlayerState, *_: GameState) -> Fact | None:
    completed = len(after.paid_groups) - len(before.paid_groups)
    return Fact(GROUPS, completed) if completed > 0 else None


def _emperor(before: PlayerState, after: PlayerState, *_: GameState) -> Fact | None:
    steps = after.emperor - before.emperor
    return Fact(EMPEROR, steps) if steps > 0 else None


def _staff_played(before: PlayerState, after: PlayerState, *_: GameState) -> Fact | None:
    new = tuple(card for card in after.played if card not in before.played)
    return Fact(STAFF_PLAYED, len(new), new) if new else None


def _staff_drawn(before: PlayerState, after: PlayerState, *_: GameState) -> Fact | None:
    drawn = len(after.hand) - len(before.hand)
    return Fact(STAFF_DRAWN, drawn) if drawn > 0 else None


def _politics(before: PlayerState, after: PlayerState, view: GameState, end: GameState) -> Fact | None:
    index = next(i for i, p in enumerate(end.players) if p.name == after.name)
    claimed = sum(1 for slot in range(len(end.politics))
                  if index in end.politics_claims[slot] and index not in view.politics_claims[slot])
    return Fact(POLITICS, claimed) if claimed else None


def _krones(before: PlayerState, after: PlayerState, *_: GameState) -> Fact | None:
    gained = after.money - before.money
    return Fact(KRONES, gained) if gained > 0 else None


def _items(before: PlayerState, after: PlayerState, *_: GameState) -> Fact | None:
    gained = sum(after.kitchen) - sum(before.kitchen)
    return Fact(ITEMS, gained) if gained > 0 else None


CHECKED_IN, SEATED, SERVED, ROOMS, GROUPS = "checked_in", "seated", "served", "rooms", "groups"
EMPEROR, STAFF_PLAYED, STAFF_DRAWN, POLITICS, KRONES, ITEMS = (
    "emperor", "staff_played", "staff_drawn", "politics", "krones", "items")

FACTS: tuple[tuple[str, FactOf], ...] = (
    ("score", _checked_in), ("score", _groups), ("politics", _politics), ("café", _guest_taken),
    ("café", _served), ("rooms", _rooms), ("Emperor track", _emperor), ("staff", _staff_played),
    ("hand", _staff_drawn), ("café", _items), ("krones", _krones),
)
"""What a line may change, each under the evaluation term it feeds (in the order told when the terms tie)."""

FACT_KINDS: tuple[str, ...] = (CHECKED_IN, GROUPS, POLITICS, SEATED, SERVED, ROOMS, EMPEROR, STAFF_PLAYED,
                               STAFF_DRAWN, ITEMS, KRONES)
"""Every `Fact.kind` a reason may hold (`FACTS`' order): the guests checked in and seated (`Fact.cards`: guest ids),
the dishes and drinks served, rooms prepared, room groups filled for the occupancy bonus, Emperor steps, the staff
cards played (`Fact.cards`: staff ids) and drawn, politics cards claimed, krones gained and dishes and drinks brought
to the kitchen (`Fact.count`: how many)."""

ENDS_TURN = frozenset({"end", "pass"})
"""Action kinds that end the turn: a line that changes nothing after them is told as such."""

MOST_FACTS = 2
"""The most changes one part of the reason tells (the move's own, then the rest of its turn)."""


def _facts(seat: int, start: GameState, stop: GameState, told: frozenset[str] = frozenset()) -> tuple[Fact, ...]:
    """What went from `start` to `stop` changed for the player at `seat`, the changes under the evaluation terms
    that grew most first (`FACTS`' order where they tie), at most `MOST_FACTS`; changes of the kinds in `told` are
    left out (the move prepares 2 rooms: the rest of its turn does not tell 1 room more)."""
    growth_now, growth_later = evaluation_terms(start, seat), evaluation_terms(stop, seat)
    growth = {term: growth_later.get(term, 0.0) - value for term, value in growth_now.items()}
    before, after = start.players[seat], stop.players[seat]
    found = [(growth.get(term, 0.0), -order, fact) for order, (term, fact_of) in enumerate(FACTS)
             if (fact := fact_of(before, after, start, stop)) is not None and fact.kind not in told]
    found.sort(key=lambda item: (item[0], item[1]), reverse=True)
    return tuple(fact for _, _, fact in found[:MOST_FACTS])


def reason(view: GameState, seat: int, end: GameState | None, action: Action | None = None,
           mid: GameState | None = None) -> Reason | None:
    """What a move brings the player at `seat`, as data: first what the move itself changes (from `view` to `mid`,
    the state right after the move and its follow-up answers), then what the rest of its planned turn changes (from
    `mid` to `end`), each by the changes under the evaluation terms that grew most, with the VP the whole line
    scores (in English: "You would seat Major (blue, 4 VP) in your café, then check in Dame, for 5 VP."). A move
    that ends the turn and changes nothing: `Reason.nothing_more`. Anything else that changes nothing the facts
    name (or no line, `end` None): None (nothing said rather than something vague)."""
    if end is None:
        return None
    own = _facts(seat, view, mid) if mid is not None else ()
    later = _facts(seat, mid if mid is not None else view, end, frozenset(fact.kind for fact in own))
    vp = max(0, end.players[seat].vp - view.players[seat].vp)
    if own or later:
        return Reason(own, later, vp) if own else Reason(later, (), vp)
    if action is not None and action.kind in ENDS_TURN:
        return Reason(nothing_more=True)
    return None
