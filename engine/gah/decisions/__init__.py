"""Every decision the engine can ask: its legal answers (`options`) and how an answer is carried out (`answer`).

A decision is a frame on the pending stack (kind + player + data). The kinds are constants and the data is a
typed payload (`engine.gah.payloads`). `options(state, frame)` lists every legal `Action` and nothing else;
`answer(ctx, frame, action)` carries one out on the context's private copy. The frame is still on top of the
stack when `answer` runs; the handler pops it once it is finished. Action kind "decline" (stop, skip, done...)
and "bottom" are carried out automatically when they are the only legal answer: then there is no choice.

Modules: `registry` (the `DECISIONS` table and `@decision`), `common` (option builders, the six action
spaces' frames), `turn` (setup, draft, the turn, check-in), `follow_ups` (choices of the actions and rewards),
`penalties` (Emperor penalties, the Secretary).
"""

from __future__ import annotations

from engine.gah.decisions import follow_ups, penalties, turn
from engine.gah.decisions.common import guest_complete, main_action_frames
from engine.gah.decisions.registry import AUTO_KINDS, DECISIONS, Decision, decision, decline
from engine.gah.decisions.turn import check_in
from engine.gah.mechanics import start_extra_turn

__all__ = [
    "AUTO_KINDS",
    "DECISIONS",
    "Decision",
    "check_in",
    "decision",
    "decline",
    "follow_ups",
    "guest_complete",
    "main_action_frames",
    "penalties",
    "start_extra_turn",
    "turn",
]
