"""The *Quick turns* switch (issue 52 item 1): on, the turn ends by itself once the die's action is done and nothing
free is left (the game's `end_quick_turn`, and its words of what keeps a turn open: `GameKind.quick_turns_note`); a
player who wants more from one turn (a guest to take, a serve for a krone) pauses it for that turn with one click,
and it is on again from their next turn by itself, without the two clicks of switching it off and on again. The
switch goes round: on -> paused for this turn -> off -> on.

No discord imports: the controller asks `ends_turns` after a click and tells `after_click` what the click did."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from render.core.lang import N_

QUICK_PAUSED = N_("Quick turns paused for this turn: it stays open until you press *End turn*, and quick turns are on "
                "again from your next turn. Press the switch again to switch them off.")
QUICK_OFF = N_("Quick turns off: you end your turns yourself.")
# The notes and labels are marked for the catalogs and said in the clicker's language where the panel is drawn
# (`Controller.panel_payload` translates its note, `bot.host.views.panel_view` the switch's label).

STATES: dict[str, tuple[str, str, str]] = {
    "on": (N_("Quick turns: on"), "2", "success"),
    "paused": (N_("Quick turns: paused this turn"), "0", "primary"),
    "off": (N_("Quick turns: off"), "1", "secondary"),
}
"""The switch in each state: its label, the argument of its button (the state a press leads to: "1" on, "2" paused
for this turn, "0" off) and its style."""

PRESSED: dict[str, tuple[str, str | None]] = {"1": ("on", None), "2": ("paused", QUICK_PAUSED), "0": ("off", QUICK_OFF)}
"""A press of the switch by its argument: the new state and what the panel says (None: the game's own words of when
a turn ends by itself, `GameKind.quick_turns_note`)."""


@dataclass
class QuickTurns:
    """Who switched quick turns on, and who paused them in which game for the turn they are in. Kept until the bot
    restarts."""

    on: set[int] = field(default_factory=set)
    paused: set[tuple[int, int]] = field(default_factory=set)
    """(game, user): quick turns on, but not for this turn of theirs in that game."""

    def state(self, game: int, user: int) -> str:
        """"on", "paused" or "off" for `user`'s panel in `game`."""
        if user not in self.on:
            return "off"
        return "paused" if (game, user) in self.paused else "on"

    def press(self, game: int, user: int, arg: str, on_note: str) -> str:
        """A press of the switch (its button's argument, `STATES`); returns the panel's note (`on_note`, the game's
        words of when a turn ends by itself, when the press switches quick turns on)."""
        state, note = PRESSED[arg]
        self.paused.discard((game, user))
        if state == "off":
            self.on.discard(user)
        else:
            self.on.add(user)
        if state == "paused":
            self.paused.add((game, user))
        return on_note if note is None else note

    def ends_turns(self, game: int, user: int) -> bool:
        """Whether the bot should end `user`'s turn in `game` once nothing free is left."""
        return self.state(game, user) == "on"

    def after_click(self, game: int, user: int, event_kinds: Iterable[str]) -> None:
        """After a click of `user` in `game`: a turn that ended ("turn" among the events) ends the pause."""
        if "turn" in event_kinds:
            self.paused.discard((game, user))
