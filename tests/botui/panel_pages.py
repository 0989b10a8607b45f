"""Every page of a turn panel a player can reach (its numbered pages, the boost switch's pages, the pages a
"goes to page" row leads to), for tests that check what a panel offers."""

from __future__ import annotations

from bot.games.gah.panel import BOOST_PAGES, Panel, build_panel
from engine import Action, GameState, apply, legal_actions


def reachable_pages(state: GameState, actions: list[Action]) -> list[Panel]:
    """The panel's pages, each once: page 0, the numbered pages, and every page reached by a page-moving row or
    button (the boost switch, the entrance to bid on)."""
    seen: dict[int, Panel] = {}
    todo = [0]
    while todo:
        page = todo.pop()
        if page in seen:
            continue
        panel = build_panel(state, actions, page=page)
        seen[page] = panel
        mode = page - page % BOOST_PAGES  # the boost switch's state
        todo += [mode + n for n in range(panel.pages)]
        for row in panel.rows:
            todo += [c.index for c in row.choices if row.goes_to_page or c.to_page]
    return list(seen.values())


def offered(state: GameState, actions: list[Action]) -> tuple[set[int], dict[int, tuple[str, ...]]]:
    """(the legal action indices offered alone on some page, the compound choices offered: index -> steps). A
    select of several steps (`Row.most`) offers its legal steps alone; its options past the legal actions are
    steps that other choices of it make legal (`bot.games.gah.panel_several`), no compound choices."""
    alone: set[int] = set()
    plans: dict[int, tuple[str, ...]] = {}
    for panel in reachable_pages(state, actions):
        for row in panel.rows:
            for choice in row.choices:
                if row.goes_to_page or choice.to_page:
                    continue
                if choice.index < len(actions):
                    alone.add(choice.index)
                elif not row.most:
                    plans[choice.index] = panel.plans[choice.index]
    return alone, plans


def plan_is_legal(state: GameState, steps: tuple[str, ...]) -> bool:
    """Whether the steps can be played in order, each a legal action of its moment."""
    for text in steps:
        found = next((a for a in legal_actions(state) if a.text == text), None)
        if found is None:
            return False
        state, _ = apply(state, found)
    return True
