"""Grand Austria Hotel's clicks beyond one legal action (`bot.host.kind_clicks.TurnClicks`, the kind's `clicks()`):
compound choices and forced follow-ups (`plans`), several steps in one select and quick turns (`several`), the
"Since your last turn" line (`since_last_turn`), *Suggest* and *Play this* (`suggest_button`, `play_this`) and Undo's
words (`undo_words`)."""

from __future__ import annotations

import sys

from bot.games.gah.plans import play_forced, play_plan
from bot.games.gah.play_this import PLAY_VERB, play_suggested
from bot.games.gah.several import NONE_PLAYABLE, end_quick_turn, play_several
from bot.games.gah.since_last_turn import since_line
from bot.games.gah.suggest_button import answer_suggest
from bot.games.gah.undo_words import ClickWords
from bot.host.kind_clicks import check_clicks

__all__ = ["NONE_PLAYABLE", "PLAY_VERB", "ClickWords", "answer_suggest", "end_quick_turn", "play_forced",
           "play_plan", "play_several", "play_suggested", "since_line"]

check_clicks(sys.modules[__name__])
