"""The panel clicks that play exactly what a policy would choose (issue 52 item 1's measure): on the bot's own panel
(`bot.games.gah.panel.build_panel`, every page and both sides of the boost switch), the choice whose actions are the
policy's
own choices, one after the other, the longest such; and the page moves that lead to it."""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.gah.panel import BOOST_PAGES, Panel, build_panel
from engine import Action, GameState, apply, legal_actions
from engine.gah.ai import Policy


@dataclass(frozen=True)
class Click:
    """One click: its words (a label, or labels joined by " + "), and what it plays: `index` (a legal action or a
    compound choice of `plan`), or the indices of a select of several steps (`several`); -1 for a page move."""

    words: str
    index: int = -1
    plan: tuple[str, ...] | None = None
    several: tuple[int, ...] = ()


def expert_chain(state: GameState, name: str, policy: Policy, most: int) -> list[Action]:
    """Up to `most` actions `policy` would play in a row as `name`, while `name` alone is asked."""
    chain: list[Action] = []
    work = state
    while len(chain) < most and not work.is_over and work.waiting == [name]:
        action = policy.choose(work, name)
        chain.append(action)
        work, _ = apply(work, action)
    return chain


def _pages(state: GameState, actions: list[Action]) -> list[tuple[list[str], Panel]]:
    """Every page of the panel with the page moves from the first page to it."""
    first = build_panel(state, actions)
    found: list[tuple[list[str], Panel]] = [([], first)]
    for row in first.rows:  # a select that moves about the panel (the auction's entrances): each of its pages
        if row.goes_to_page and row.is_select:
            found += [([choice.label], build_panel(state, actions, page=choice.index)) for choice in row.choices]
    for page in range(1, first.pages):
        found.append(([f"More actions ({page + 1}/{first.pages})"] * page, build_panel(state, actions, page=page)))
    boosts = any(c.to_page and c.index == BOOST_PAGES for row in first.rows for c in row.choices)
    if boosts:
        for page in range(first.pages):
            boosted = build_panel(state, actions, page=BOOST_PAGES + page)
            found.append((["Boost: on"] + ["More actions"] * page, boosted))
    return found


def best_clicks(state: GameState, name: str, policy: Policy) -> list[Click]:
    """The clicks that play the most of what `policy` would choose next as `name`: page moves, then one acting
    click (the last). Raises AssertionError if the policy's choice is on no page (a panel that hides a move)."""
    actions = legal_actions(state, name)
    chain = expert_chain(state, name, policy, 1)
    assert chain, "nothing to choose"
    texts = [chain[0].text]
    best: tuple[int, int, list[Click]] | None = None  # (-steps matched, page moves, clicks)

    def matched(steps: tuple[str, ...]) -> bool:
        while len(texts) < len(steps):
            more = expert_chain(state, name, policy, len(steps))
            texts[:] = [a.text for a in more]
            if len(more) < len(steps):
                return False
        return tuple(texts[: len(steps)]) == steps

    for moves, panel in _pages(state, actions):
        for row in panel.rows:
            if row.goes_to_page:
                continue
            if row.most:  # options past the legal actions play one step of `panel.plans` (panel_several)
                free = {c.index: actions[c.index].text if c.index < len(actions) else panel.plans[c.index][-1]
                        for c in row.choices}
                chosen: list[int] = []
                first_in = chain[0].text in free.values()
                longer = expert_chain(state, name, policy, row.most) if first_in else []
                for action in longer:
                    index = next((i for i, text in free.items() if text == action.text), None)
                    if index is None:
                        break
                    chosen.append(index)
                    del free[index]
                if chosen:
                    labels = {c.index: c.label for c in row.choices}
                    candidate = (-len(chosen), len(moves),
                                 [Click(m) for m in moves] + [Click(" + ".join(labels[i] for i in chosen),
                                                                    several=tuple(chosen))])
                    best = min(best, candidate, key=lambda c: c[:2]) if best else candidate
                continue
            for choice in row.choices:
                if choice.to_page:
                    continue
                steps = panel.plans.get(choice.index) if choice.index >= len(actions) else (actions[choice.index].text,)
                if not steps or steps[0] != texts[0] or not matched(steps):
                    continue
                candidate = (-len(steps), len(moves), [Click(m) for m in moves]
                             + [Click(choice.label, choice.index, steps if choice.index >= len(actions) else None)])
                best = min(best, candidate, key=lambda c: c[:2]) if best else candidate
    assert best is not None, f"{name}'s choice {texts[0]!r} is on no page of the panel"
    return best[2]
