"""The prompt of a back-door choice says whose cards the ability may pick, as the rulebook does (p. 7): maids and
nobles one of their owner's own queue cards, soldiers any workers card in the queue, "twoją bądź innych graczy"
(yours or another player's). Over seeded games, at every back-door choice, the prompt in English, Polish and German
agrees with the legal targets: the soldiers' names the workers and never says the card must be the player's own."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from bot.games.overbooking.presenter import build_panel
from engine.overbooking import GameConfig, GameState, apply, legal_actions, new_game
from engine.overbooking.resolve import choices

SEEDS = range(1, 41)
WORKERS = {"en": "workers", "pl": "robotników", "de": "Arbeiter"}
"""The workers' name (the glossary's "ob_guest:workers", as the prompts decline it) by language."""
OWN_CARD = {"en": "a card of yours", "pl": "swoją kartę", "de": "eine deiner Karten"}
"""How the maids' and nobles' prompts say "one of your own cards", by language."""


def decisions() -> Iterator[GameState]:
    """Every state of 40 seeded random games (2-4 players) in which a back-door ability waits for its owner."""
    for seed in SEEDS:
        state = new_game(GameConfig(players=["ann", "bob", "cy", "dee"][:2 + seed % 3], seed=seed))
        chooser = random.Random(seed)
        while not state.is_over:
            if state.pending is not None:
                yield state
            state, _events = apply(state, chooser.choice(legal_actions(state)))


@pytest.mark.parametrize("language", ["en", "pl", "de"])
def test_the_prompt_says_whose_cards_the_ability_may_pick(language: str) -> None:
    others_picked = {"maids": 0, "nobles": 0, "soldiers": 0}
    for state in decisions():
        pending = state.pending
        assert pending is not None
        targets = [state.hotels[pending.hotel].queue[position].owner for position in choices(state, pending)]
        prompt = build_panel(state, legal_actions(state), language=language).prompt
        others_picked[pending.ability] += any(owner != pending.player for owner in targets)
        if pending.ability == "soldiers":
            assert WORKERS[language] in prompt and OWN_CARD[language] not in prompt, prompt
        else:
            assert OWN_CARD[language] in prompt, prompt
    assert others_picked["maids"] == others_picked["nobles"] == 0
    assert others_picked["soldiers"] > 0, "no soldiers could pick another player's workers: a weak sample"
