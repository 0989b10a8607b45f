"""Undo's confirmation in the panel's own words (issue 52 item 7): "Undo takes back: Strudel or cake - strength 3:
Take 2 strudel and 1 cake. Continue?" instead of the engine's "die 1, take 2 strudel 1 cake".

After each click the controller notes the words of the moves it made (`ClickWords.remember`: each move described
by `bot.games.gah.panel.describe` in the state it was played in); the preview names the moves it takes back by those
words,
and by the engine's text where it has none (a move made before the bot restarted, or by a game without such
labels)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.games.gah.panel import describe
from bot.host.service import Move
from engine.gah import GameState, apply, legal_actions
from render.core.i18n import ENGLISH, LANGUAGES, translator

KEPT = 16
"""The most moves remembered per player and game (Undo never reaches further back than one turn's moves)."""


Labels = dict[str, str]
"""A move's panel label in each language ("en", "pl", "de"): Undo's preview is in the clicker's language."""


def moves_in_words(state: GameState, name: str, moves: Sequence[Move], actor: str) -> list[tuple[str, Labels]]:
    """(action text, panel label by language) of `actor`'s moves at the start of `moves`, played as `name` from
    `state` (the game before the click); stops at the first move of anyone else or one that does not apply."""
    found: list[tuple[str, Labels]] = []
    for move in moves:
        if move.actor != actor or move.kind != "action" or name not in state.waiting:
            break
        action = next((a for a in legal_actions(state, name) if a.text == move.action), None)
        if action is None:
            break
        found.append((move.action, {language: describe(state, action, translator(language))[0]
                                    for language in (ENGLISH, *LANGUAGES)}))
        state, _ = apply(state, action, player=name)
    return found


@dataclass
class ClickWords:
    """The panel words of each player's latest moves, by (game, user): (action text, label by language), oldest
    first."""

    words: dict[tuple[int, int], list[tuple[str, Labels]]] = field(default_factory=dict)

    def remember(self, game_id: int, user_id: int, state: GameState | None, name: str | None,
                 moves: Sequence[Move]) -> None:
        """Note the words of the user's moves of one click (`moves_in_words`); a game without a Grand Austria
        Hotel state (another kind) notes nothing."""
        if not isinstance(state, GameState) or name is None:
            return
        said = moves_in_words(state, name, moves, f"user:{user_id}")
        if said:
            kept = self.words.setdefault((game_id, user_id), [])
            kept += said
            del kept[:-KEPT]

    def name(self, game_id: int, user_id: int, actions: Sequence[str], *, language: str = ENGLISH) -> list[str]:
        """Words for the action texts `actions` (oldest first, the user's newest moves as an undo preview lists
        them): the remembered labels in `language` where the user's latest remembered moves end with exactly these
        texts, else the texts themselves."""
        kept = self.words.get((game_id, user_id), [])
        tail = kept[len(kept) - len(actions):] if len(actions) <= len(kept) else []
        if actions and [text for text, _ in tail] == list(actions):
            return [labels.get(language, labels[ENGLISH]) for _, labels in tail]
        return list(actions)

    def taken_back(self, game_id: int, user_id: int, count: int) -> None:
        """An undo took back the user's newest `count` moves: forget their words."""
        kept = self.words.get((game_id, user_id), [])
        del kept[max(0, len(kept) - count):]
