"""The engine's English sentence of an event without its player: what English tells for the kinds whose words are
the engine's own (`tests/botui/test_words_without_sentences.ENGLISH_SENTENCE_KINDS`). Nothing here reads a fact out
of it: that is `words_stored.text_match`, for games stored before the events carried their data."""

from __future__ import annotations

from engine.core.actions import Event


def without_name(event: Event) -> str:
    """The engine's sentence without the leading player name and the final full stop."""
    text = event.text.rstrip(".")
    if event.player and text.startswith(event.player + " "):
        return text[len(event.player) + 1:]
    return text

