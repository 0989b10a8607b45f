"""The engine's English sentence of an event without its player: what English tells for the kinds whose words are
the engine's own (`tests/botui/test_words_without_sentences.ENGLISH_SENTENCE_KINDS`), and the kinds whose English is
worded from their data instead (`ENGLISH_FROM_DATA`). Nothing here reads a fact out of the sentence: that is
`words_stored.text_match`, for games stored before the events carried their data."""

from __future__ import annotations

from engine.core.actions import Event

ENGLISH_FROM_DATA: frozenset[str] = frozenset({
    "auction_pass", "bottom", "celebrity", "celebrity_leaves", "celebrity_reshuffle", "couture_done", "discard_staff",
    "draft", "draft_pass", "draw_staff", "emperor_solo", "entrance", "extra_turn", "fill_order", "final_score",
    "game_over", "items", "keep_staff", "key", "key_action", "key_returns", "lounge", "occupy", "pass", "penalty",
    "politics", "remove_room", "return_staff", "serve", "solo_colour", "solo_room", "stars_add", "stars_score",
    "stroup", "sushi_return", "sushi_token", "toll_penalty", "toll_token", "toll_vp", "use_staff", "wray",
})
"""Engine-sentence kinds whose English is worded from their data, through the catalogs' English msgids (the identity
translator), as Polish and German are (`words_events.PHRASES`, `words_solo.PHRASES`; "serve": the since-last-turn
line of an Emperor reward's serving): those whose msgids say exactly the engine's sentence, checked over the 58
seeded games of `tests/botui/test_words_without_sentences`. Any other engine-sentence kind keeps the engine's
English, which its msgid words otherwise ("reveals the Concierge from his private staff deck" against "reveals {card}
from the private staff deck")."""


def without_name(event: Event) -> str:
    """The engine's sentence without the leading player name and the final full stop."""
    text = event.text.rstrip(".")
    if event.player and text.startswith(event.player + " "):
        return text[len(event.player) + 1:]
    return text

