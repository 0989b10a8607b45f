"""Named hook points where Grand Austria Hotel's core calls whatever a plug-in (a Let's Waltz module, the solo
unique hotels) mounted, so that the core names no module (issue 41, item 2), and a module's handlers are mounted
only in the games that chose it (issue 54, item 3; boardgame.io's plugins are the model).

A game's hook points are one `Hooks` object, `GameState.hooks`: one per combination of modules
(`mounted(config.modules)`, built once and shared). The core calls a hook point through it
(`state.hooks.round_ending.run(ctx)`). A module is a unit: a package under engine/gah/waltz/ whose `mount(hooks)`
adds its handlers; `MOUNTS` lists them by module name, filled when the plug-ins load. A game without modules gets
`Hooks()` with nothing mounted, which is the base game. Four shapes of hook point:

- `Hook`: call every handler in order (`hook.run(ctx, ...)`), results ignored;
- `Total`: add up the handlers' integer answers (`hook.total(...)`, 0 without handlers);
- `Collect`: concatenate the handlers' list answers (`hook.collect(...)`, [] without handlers);
- `First`: the first handler's answer that is not None (`hook.first(...)`, None without handlers).

Within a hook point, handlers run in the order mounted (the modules in `MOUNT_ORDER`, each module's in its
`mount`), unless a handler asks for an earlier or later place (`order`).

The core loads its plug-ins once, through `load_plug_ins()`: the one place that names them (`PLUG_INS`).
`engine.gah.game` calls it when it is imported, and `GameState.from_dict` and `mounted` before they need them, so a
state or a game never exists before the modules' behaviours and mounts are registered.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, ParamSpec, Protocol, TypeVar

if TYPE_CHECKING:
    from engine.core.actions import Action
    from engine.gah.context import Ctx
    from engine.gah.state import Frame, GameState, TurnState

P = ParamSpec("P")
T = TypeVar("T")

PLUG_INS = ("engine.gah.waltz.plug_in",)
"""The plug-ins' modules, in the order they register; each has `register() -> None`, which registers its kinds
(behaviours, decisions, payloads, state readers) and its modules' `mount` functions in `MOUNTS`."""

_loaded: list[str] = []


def load_plug_ins() -> None:
    """Import every module of `PLUG_INS` once and call its `register()`; later calls do nothing.

    Imported by name (not by an import statement) because the plug-ins import the core: a plug-in is loaded
    after the core modules exist, never while one of them is half imported.
    """
    if _loaded:
        return
    for name in PLUG_INS:
        _loaded.append(name)
        importlib.import_module(name).register()


class Hook(Generic[P]):
    """A hook point whose handlers are all called, in registration order, by `hook.run(...)`; their results are
    ignored.

    `run` (like `total`, `collect` and `first` of the other shapes) is an attribute rebuilt at each `register`:
    with one handler it is that handler itself, so a hook costs the core no more than a direct call (the rules
    engine's speed is measured by bench/engine_playout.py).

    Attributes:
        name: the hook point's name (for error messages and docs).
        handlers: the registered callables, in order.
    """

    def __init__(self, name: str) -> None:
        self.name = name
        self.handlers: list[Callable[P, object]] = []
        self.orders: list[int] = []
        self.run: Callable[P, object] = _nothing

    def register(self, handler: Callable[P, object], order: int = 0) -> None:
        """Add `handler` after those registered so far with an `order` no greater than its own."""
        _insert(self.handlers, self.orders, handler, order)
        self.run = self.handlers[0] if len(self.handlers) == 1 else self._run_all

    def _run_all(self, *args: P.args, **kwargs: P.kwargs) -> None:
        for handler in self.handlers:
            handler(*args, **kwargs)


class Total(Generic[P]):
    """A hook point whose handlers each answer an integer (krones, dice); `hook.total(...)` is their sum (0
    without handlers)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.handlers: list[Callable[P, int]] = []
        self.orders: list[int] = []
        self.total: Callable[P, int] = _zero

    def register(self, handler: Callable[P, int], order: int = 0) -> None:
        """Add `handler` after those registered so far with an `order` no greater than its own."""
        _insert(self.handlers, self.orders, handler, order)
        self.total = self.handlers[0] if len(self.handlers) == 1 else self._sum

    def _sum(self, *args: P.args, **kwargs: P.kwargs) -> int:
        result = 0
        for handler in self.handlers:
            result += handler(*args, **kwargs)
        return result


class Collect(Generic[P, T]):
    """A hook point whose handlers each answer a list; `hook.collect(...)` is them concatenated in registration
    order ([] without handlers). The caller must not change the list it gets (it may be a handler's own)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.handlers: list[Callable[P, list[T]]] = []
        self.orders: list[int] = []
        self.collect: Callable[P, list[T]] = _empty

    def register(self, handler: Callable[P, list[T]], order: int = 0) -> None:
        """Add `handler` after those registered so far with an `order` no greater than its own."""
        _insert(self.handlers, self.orders, handler, order)
        self.collect = self.handlers[0] if len(self.handlers) == 1 else self._concatenate

    def _concatenate(self, *args: P.args, **kwargs: P.kwargs) -> list[T]:
        result: list[T] = []
        for handler in self.handlers:
            result.extend(handler(*args, **kwargs))
        return result


class First(Generic[P, T]):
    """A hook point where a plug-in may take over a step of the core: `hook.first(...)` is the first handler's
    answer that is not None (None without handlers, or when none answers: the core does the base game's)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.handlers: list[Callable[P, T | None]] = []
        self.orders: list[int] = []
        self.first: Callable[P, T | None] = _none

    def register(self, handler: Callable[P, T | None], order: int = 0) -> None:
        """Add `handler` after those registered so far with an `order` no greater than its own."""
        _insert(self.handlers, self.orders, handler, order)
        self.first = self.handlers[0] if len(self.handlers) == 1 else self._first_answer

    def _first_answer(self, *args: P.args, **kwargs: P.kwargs) -> T | None:
        for handler in self.handlers:
            answer = handler(*args, **kwargs)
            if answer is not None:
                return answer
        return None


def _insert(handlers: list[Any], orders: list[int], handler: Any, order: int) -> None:
    """Put `handler` after every handler whose order is no greater than `order` (stable: equal orders keep the
    order they were mounted in)."""
    position = sum(1 for other in orders if other <= order)
    handlers.insert(position, handler)
    orders.insert(position, order)


def _nothing(*args: Any, **kwargs: Any) -> None:
    """A hook point's call without handlers."""


def _zero(*args: Any, **kwargs: Any) -> int:
    """A `Total` without handlers."""
    return 0


def _empty(*args: Any, **kwargs: Any) -> list[Any]:
    """A `Collect` without handlers (a new list each time, so that no caller shares one)."""
    return []


def _none(*args: Any, **kwargs: Any) -> None:
    """A `First` without handlers."""
    return None


class StateExtension(Protocol):
    """A plug-in's pieces kept on `GameState` (an attribute of `GameState`): JSON-ready and copyable."""

    def to_dict(self) -> dict[str, Any]:
        """The pieces as JSON-ready data."""
        ...

    def copy(self) -> StateExtension:
        """A copy sharing nothing changeable with these pieces (`GameState.copy`)."""
        ...


STATE_EXTENSIONS: dict[str, Callable[[dict[str, Any]], StateExtension]] = {}
"""A `GameState` attribute holding a plug-in's pieces (also its JSON key) -> the reader of its `to_dict()` data.
`GameState.to_dict` and `from_dict` go through these, `GameState.copy` through the pieces' `copy()`; None in the
attribute means "not in play"."""

HOLDING_ABILITIES: dict[str, Callable[[int], tuple[dict[str, Any], ...]]] = {}
"""What a player may hold besides their played staff cards -> a card id's ability rows (`engine.gah.behaviours`:
"celebrity", a Let's Waltz celebrity taken this round; "entrance", a module 3 hotel entrance). Only games with
those modules give a player such cards, and the plug-ins register before any game exists."""

HOLDING_NAMES: dict[str, Callable[[int], str]] = {}
"""The same kinds of holding as `HOLDING_ABILITIES` -> a card id's name (the cause a gain it gives is told with)."""

TileOrder = tuple[int, tuple[tuple[int, int], ...]]
"""(the seat of the first tile, the turn order tiles from that seat on)."""

FeeOf = Callable[[int], int]
"""An action space (1-6) -> the krones its die costs before any boost."""

class Hooks:
    """The hook points of one game: every module it chose mounted, and nothing else (`mounted(modules)`).

    `Hooks()` has nothing mounted: the base game. Its attributes are the hook points, each called at one place of
    the core.
    """

    def __init__(self) -> None:
        # ----- setup (engine.gah.game.new_game) ---------------------------------------------------------------------

        self.setup: Hook[[Ctx]] = Hook("setup")
        """After the base setup's decks and tiles, before the solo setup or the players' hands: a module's own
        pieces."""

        self.start_money: Hook[[GameState, list[int]]] = Hook("start_money")
        """Once the turn order is known (`order`, seat indices): starting krones that differ from the base game's."""

        self.setup_frames: Collect[[GameState], tuple[str, int, dict[str, Any]]] = Collect("setup_frames")
        """Decisions to push before the starting guests are chosen (e.g. the entrance auction)."""

        self.hide_in_view: Hook[[GameState, int | None]] = Hook("hide_in_view")
        """`player_view`: hide a module's secrets in the copy `view` for the seat `viewer` (None: a spectator)."""

        # ----- rounds and turns (engine.gah.flow) -------------------------------------------------------------------

        self.turn_order_tiles: First[[GameState], TileOrder] = First("turn_order_tiles")
        """Round start: other turn order tiles and their first seat than the base game's tiles passing left."""

        self.dice_held_back: Total[[GameState]] = Total("dice_held_back")
        """A roll: how many of the dice to roll a module rolls itself (they are not rolled as white dice)."""

        self.dice_rolled: Collect[[Ctx], str] = Collect("dice_rolled")
        """After the white dice are rolled: a module rolls its own; answers words for the roll's log line."""

        self.round_starting: Hook[[GameState]] = Hook("round_starting")
        """Round start, after the base bookkeeping and before the roll."""

        self.round_started: Hook[[Ctx]] = Hook("round_started")
        """Round start, after the roll (AT_ROUND_START of the modules)."""

        self.turn_started: Hook[[GameState, int]] = Hook("turn_started")
        """A seat's turn begins (its `TurnState` is set)."""

        self.last_dice: First[[Ctx, list[int]], bool] = First("last_dice")
        """No turn left in the order and dice remain for the seats in `waiting`: True when a module decided which die
        goes to the dustbin (it pushed its frames); None lets the base game bin one die and reroll the rest."""

        self.board_gathered: Hook[[GameState]] = Hook("board_gathered")
        """Before the dice left on the board are rolled again."""

        self.board_cleared: Hook[[GameState]] = Hook("board_cleared")
        """The round's last dice went to the dustbin."""

        self.round_ending: Hook[[Ctx]] = Hook("round_ending")
        """Round end, before the Emperor scoring."""

        self.round_cleanup: Hook[[Ctx]] = Hook("round_cleanup")
        """Round clean-up, after the AT_ROUND_END behaviours: e.g. the next round's start player."""

        self.queue_discarded: Hook[[Ctx, list[int]]] = Hook("queue_discarded")
        """Guests (ids) left the display's right end unclaimed at round end."""

        self.emperor_scored: Hook[[Ctx, int]] = Hook("emperor_scored")
        """A seat's Emperor track VP and retreat are done, before its reward or penalty."""

        # ----- guests and politics (engine.gah.mechanics) -----------------------------------------------------------

        self.queue_left: Hook[[Ctx, int, int, int]] = Hook("queue_left")
        """`seat_guest`: seat `index` took guest `guest` from display position `position`."""

        self.guest_completed: First[[Ctx, int, int], bool] = First("guest_completed")
        """Check-in: where guest `guest`'s card goes; True when a module kept it, None sends it to the discards."""

        self.politics_claimed: Hook[[Ctx]] = Hook("politics_claimed")
        """Right after one politics card was claimed."""

        self.politics_checked: Hook[[Ctx, int]] = Hook("politics_checked")
        """After `claim_politics` looked at every politics card for seat `index` (a module's own objectives)."""

        # ----- the turn decision (engine.gah.decisions.turn, engine.gah.decisions.common) ---------------------------

        self.guest_fee: Total[[GameState, int, int]] = Total("guest_fee")
        """Extra krones seat `index` pays to take display guest `guest` (on top of the display cost, even when free)."""

        self.order_complete: First[[GameState, int, tuple[int, ...], list[int]], bool] = First("order_complete")
        """Whether a café guest's `order` counts as complete with `served` though it is not served in full (True), or
        None to keep the base rule (every item served)."""

        self.die_options: First[[GameState, int, FeeOf], list[Action]] = First("die_options")
        """The die actions of seat `index` when a module changes them (the fee of a space is `fee_of(space)`); None
        keeps the base game's."""

        self.die_fee: Total[[GameState, int, int]] = Total("die_fee")
        """Extra krones seat `index` pays to take a die from `space` (added into `fee_of`)."""

        self.turn_options_after_die: Collect[[GameState, int, TurnState], Action] = Collect("turn_options_after_die")
        """More turn actions, listed right after the die actions."""

        self.turn_options: Collect[[GameState, int], Action] = Collect("turn_options")
        """More turn actions, listed after the staff cards to use."""

        self.turn_answers: dict[str, Callable[[Ctx, int, Action], None]] = {}
        """The effect of a module's own turn actions, by action kind (merged into the turn's answers)."""

        self.die_moved: Hook[[Ctx, int, int, int]] = Hook("die_moved")
        """A die action from `space` moves a die there first, from `source` (the action's last argument)."""

        self.die_fee_paid: Hook[[Ctx, int, int]] = Hook("die_fee_paid")
        """The die fee of `space` was paid: a module's own fee (`DIE_FEE`) is paid now."""

        self.die_taken: Hook[[Ctx, int, int, int | None]] = Hook("die_taken")
        """The whole die action from `space` was pushed (`color`: the coloured die's lounge slot, or None / -1)."""

        self.passed: Hook[[GameState, int]] = Hook("passed")
        """Seat `index` passed for the rest of the round."""

        self.guest_taken: Hook[[Ctx, int]] = Hook("guest_taken")
        """Seat `index` took a display guest as the turn's first step."""

        # ----- scoring (engine.gah.scoring) -------------------------------------------------------------------------

        self.score_parts: Collect[[GameState, int], tuple[str, int]] = Collect("score_parts")
        """Game-end VP parts of seat `index` beyond the base game's, as (label, VP); parts worth 0 are left out."""

        # ----- the solo opponent (engine.gah.solo) ------------------------------------------------------------------

        self.solo_setup: First[[Ctx, int], Frame] = First("solo_setup")
        """Solo set-up of the opponent's seat, before the queue is dealt: a module's own set-up; the answer is a
        decision frame the player answers after returning staff cards (module 3: choose a hotel entrance)."""

        self.solo_colour_die: First[[GameState, str], tuple[int, str]] = First("solo_colour_die")
        """An instruction card's coloured-die symbol: (action space 1-6, reason in words) of the die the opponent takes,
        ties broken by the card's hand ("left" or "right"). None (no coloured die on the board): the space with the most
        dice."""

        self.solo_die_taken: Hook[[Ctx, int, int, str]] = Hook("solo_die_taken")
        """The opponent's seat took a die from an action space (1-6); the card's hand points as given."""

        self.solo_room_placed: Hook[[Ctx, int, int]] = Hook("solo_room_placed")
        """The opponent's seat placed an occupied room on a space (0-19), after the queue was refilled."""

        self.solo_objective_done: Hook[[Ctx, int]] = Hook("solo_objective_done")
        """The opponent's seat carried out an objective symbol of the instruction card."""

        # ----- simulated games (engine.gah.simulate) ----------------------------------------------------------------

        self.game_record: Collect[[GameState], tuple[str, Any]] = Collect("game_record")
        """A finished simulated game: (field, value) pairs a plug-in puts first in its JSON line (e.g. the solo
        opponent's hotel entrance)."""

MOUNTS: dict[str, Callable[[Hooks], None]] = {}
"""A module's name (`GameConfig.modules`) -> its `mount(hooks)`, which adds that module's handlers to a game's hook
points. Filled by the plug-ins' `register()`."""

COMMON_MOUNTS: list[Callable[[Hooks], None]] = []
"""What every game with at least one module mounts first (e.g. the expansion's state set-up), by the plug-ins."""

MOUNT_ORDER: list[str] = []
"""The modules in the order they mount (a plug-in's `register()` appends its own)."""

_MOUNTED: dict[frozenset[str], Hooks] = {}


def mounted(modules: frozenset[str]) -> Hooks:
    """The hook points of a game that chose `modules`: built on first use, then shared by every such game.

    Raises:
        ValueError: a module no plug-in mounts.
    """
    hooks = _MOUNTED.get(modules)
    if hooks is None:
        load_plug_ins()
        unknown = sorted(modules - set(MOUNTS))
        if unknown:
            raise ValueError(f"no plug-in mounts the module(s) {', '.join(unknown)}")
        hooks = Hooks()
        if modules:
            for mount in COMMON_MOUNTS:
                mount(hooks)
        for name in MOUNT_ORDER:
            if name in modules:
                MOUNTS[name](hooks)
        _MOUNTED[modules] = hooks
    return hooks
