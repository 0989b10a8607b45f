"""discord.py components. Views hold no game state: every component's meaning is in its custom_id, and the
`DynamicItem` classes registered in `setup_hook` route clicks (also after a restart) to the controller."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

import discord

from bot.host.custom_ids import BadCustomId, ComponentId, build, parse, template
from bot.host.guards import StaleLobby, checked_game, describe, lobby_message_behind
from bot.host.panel_types import Panel
from bot.host.quick_switch import STATES as QUICK_STATES
from bot.host.safe_text import safe_text
from bot.host.service import GameInfo, GameService, ServiceError
from render.core.i18n import Translator, translator

if TYPE_CHECKING:
    from bot.host.lobby import LobbyController

SELECT_VERBS = ("pick", "option", "ailevel", "reminder", "hotel", "onleave", "picks", "goto")
BUTTON_VERBS = (
    "act", "page", "turn", "hand", "hotels", "score", "log", "undo", "confirmundo", "refresh", "join", "leave",
    "addai", "options", "start", "cancel", "rematch", "board", "logpage", "export", "seehotel", "quick", "suggest",
    "help", "vote", "openseat", "openauto", "closeseat", "takeseat", "seatok", "seatno", "play",
)
BUTTON_TEMPLATE = template(BUTTON_VERBS)
SELECT_TEMPLATE = template(SELECT_VERBS)

STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


log = logging.getLogger(__name__)

_BUTTON_RE = re.compile(BUTTON_TEMPLATE)
_SELECT_RE = re.compile(SELECT_TEMPLATE)


def is_routed(interaction: discord.Interaction) -> bool:
    """Whether a component interaction reaches one of our `DynamicItem`s.

    discord.py drops a component interaction without a word when no template matches its custom_id, when the
    custom_id is not on the clicked message, or when `from_custom_id` fails; Discord then shows "This interaction
    failed". The bot answers those itself (`GahBot.on_interaction`), so this mirrors discord.py's conditions; and
    `GameButton`/`GameSelect` take exactly these clicks (their `interaction_check`), also when discord.py tries a
    template on a component of another type. Each click is thus answered once.
    """
    data: Any = interaction.data or {}
    custom_id = str(data.get("custom_id") or "")
    component_type = data.get("component_type")
    template = _BUTTON_RE if component_type == discord.ComponentType.button.value else _SELECT_RE
    if component_type not in (discord.ComponentType.button.value, discord.ComponentType.string_select.value):
        return False
    if template.fullmatch(custom_id) is None:
        return False
    try:
        parse(custom_id)
    except BadCustomId:
        return False
    message = interaction.message
    if message is None:
        return False
    for row in message.components:
        for child in getattr(row, "children", [row]):
            if getattr(child, "custom_id", None) == custom_id and child.type.value == component_type:
                return rebuildable(message)
    return False


def rebuildable(message: discord.Message) -> bool:
    """Whether discord.py can rebuild `message`'s components into a view, as it does before it calls a
    `DynamicItem` (`View.from_message`, which raises on more than five rows: a tampered message). Our own
    messages always can: the lobby keeps to four rows, the option and turn panel messages to five."""
    view_class = discord.ui.LayoutView if message.flags.components_v2 else discord.ui.View
    try:
        view_class.from_message(message, timeout=None)
    except (ValueError, TypeError):
        return False
    return True


class ComponentHandler(Protocol):
    """What answers our components (`bot.host.controller.Controller`): its service (for `bot.host.guards`), its lobby
    (to redraw a lobby message that fell behind) and its answer to an error."""

    service: GameService
    lobby: LobbyController

    async def fail(self, interaction: discord.Interaction, error: Exception, game_id: int | None) -> None: ...

    async def on_button(self, interaction: discord.Interaction, cid: ComponentId) -> None: ...

    async def on_select(self, interaction: discord.Interaction, cid: ComponentId, values: list[str]) -> None: ...


@runtime_checkable
class RoutesComponents(Protocol):
    """A client with a component handler (`bot.host.app.GahBot.controller`)."""

    @property
    def controller(self) -> ComponentHandler: ...


def controller_of(interaction: discord.Interaction) -> ComponentHandler:
    """The component handler of the bot that received the interaction.

    Raises:
        TypeError: the client has none (not our bot).
    """
    client = interaction.client
    if not isinstance(client, RoutesComponents):
        raise TypeError(f"{type(client).__name__} routes no game components")
    return client.controller


async def passes_guards(interaction: discord.Interaction, cid: ComponentId, values: list[str] | None) -> bool:
    """Run `bot.host.guards.checked_game` on a click; a click that fails is answered (ephemerally, editing nothing),
    logged, and False is returned."""
    controller = controller_of(interaction)
    try:
        await checked_game(interaction, controller.service, cid, values)
    except (ServiceError, BadCustomId) as error:
        log.info("refused %s: %s", describe(interaction), error)
        await controller.fail(interaction, error, cid.game)
        if isinstance(error, StaleLobby) and lobby_message_behind(interaction, error.info):
            await catch_up_lobby(interaction, error.info)
        return False
    except Exception as error:  # every click gets an answer, whatever happened
        await controller.fail(interaction, error, cid.game)
        return False
    return True


async def catch_up_lobby(interaction: discord.Interaction, info: GameInfo) -> None:
    """Redraw a lobby message that fell behind its game, so that the next click on it is current."""
    message = interaction.message
    if message is None:
        return
    try:
        await message.edit(**await controller_of(interaction).lobby.lobby_message(info))
    except discord.HTTPException as error:
        log.warning("could not redraw the lobby message of game %s: %s", info.id, error)


class GameButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=BUTTON_TEMPLATE):
    """Every button of the bot."""

    def __init__(self, cid: ComponentId, label: str = "…", style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                 *, disabled: bool = False, row: int | None = None, emoji: str | None = None) -> None:
        super().__init__(discord.ui.Button(custom_id=str(cid), label=label[:80], style=style, disabled=disabled,
                                           row=row, emoji=emoji))
        self.cid = cid

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> GameButton:
        # a forged click may put a button verb on another component: read what is there, never fail here
        label = getattr(item, "label", None) or "…"
        style = getattr(item, "style", discord.ButtonStyle.secondary)
        return cls(parse(getattr(item, "custom_id", None) or ""), label, style)

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        # discord.py tries every template on every component type: take only what `is_routed` takes (the rest is
        # answered by `GahBot.on_interaction`), so that no click is answered twice or never
        return is_routed(interaction)

    async def callback(self, interaction: discord.Interaction) -> None:
        if await passes_guards(interaction, self.cid, None):
            await controller_of(interaction).on_button(interaction, self.cid)


class GameSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=SELECT_TEMPLATE):
    """Every select menu of the bot."""

    def __init__(self, cid: ComponentId, options: list[discord.SelectOption] | None = None,
                 placeholder: str | None = None, *, row: int | None = None, min_values: int = 1,
                 max_values: int = 1) -> None:
        super().__init__(discord.ui.Select(custom_id=str(cid), options=options or [discord.SelectOption(label="-")],
                                           placeholder=placeholder, row=row, min_values=min_values,
                                           max_values=max_values))
        # discord.py 2.7's Select has a `row` slot that shadows Item.row, so the view's layout never sees it:
        # set the attribute the layout reads.
        self.item._row = row
        self.cid = cid

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> GameSelect:
        options = list(getattr(item, "options", None) or [])
        return cls(parse(getattr(item, "custom_id", None) or ""), options, getattr(item, "placeholder", None))

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        return is_routed(interaction)

    async def callback(self, interaction: discord.Interaction) -> None:
        values = [str(value) for value in self.item.values]
        if await passes_guards(interaction, self.cid, values):
            await controller_of(interaction).on_select(interaction, self.cid, values)


def button(game: int, version: int, verb: str, label: str, arg: str | int = "", *, style: str = "secondary",
           row: int | None = None, disabled: bool = False) -> GameButton:
    """A button whose custom_id encodes game, version, verb and argument."""
    return GameButton(parse(build(game, version, verb, arg)), label, STYLES[style], row=row, disabled=disabled)


def select(game: int, version: int, verb: str, options: list[discord.SelectOption], placeholder: str,
           arg: str | int = "", *, row: int | None = None, multiple: bool = False, most: int = 0,
           least: int = 1) -> GameSelect:
    """A select menu whose custom_id encodes game, version, verb and argument; `multiple`: any number of its
    options (none included) may be chosen at once; `most` > 1: between `least` (at least 1) and `most` options."""
    options = options[:25]
    if most > 1:
        top = min(most, len(options))
        return GameSelect(parse(build(game, version, verb, arg)), options, placeholder[:150], row=row,
                          min_values=min(max(least, 1), top), max_values=top)
    return GameSelect(parse(build(game, version, verb, arg)), options, placeholder[:150], row=row,
                      min_values=0 if multiple else 1, max_values=len(options) if multiple else 1)


def panel_view(game: int, version: int, panel: Panel, *, can_undo: bool, choices: str = "",
               quick: str | None = None, suggest: bool = False, language: str = "en") -> discord.ui.View:
    """The components of a turn panel page (at most 5 rows). `choices`, the fingerprint of the user's legal
    actions (`bot.host.service.choices_fingerprint`), rides in the argument of every choice (after a dot). `quick`, if
    not None, adds the user's "Quick turns" switch in that state (`bot.host.quick_switch.STATES`: "on", the turn ends by
    itself once the die's action is done and nothing free is left, `bot.games.gah.several.work_left`; "paused" for this
    turn;
    "off").
    `suggest` adds *Suggest* (the expert AI's advice, `bot.host.service.suggest`), last, so that it is the first extra
    left out of a full panel. The panel's own buttons and default placeholders are in `language` (the clicker's);
    the custom ids never depend on it."""
    _ = translator(language)
    suffix = f".{choices}" if choices else ""
    view = discord.ui.View(timeout=None)
    row = 0
    for spec in panel.rows:
        if spec.goes_to_page:  # moves about the panel: the values are pages, not choices
            if spec.is_select:
                options = [discord.SelectOption(label=c.label[:100], value=str(c.index),
                                                description=c.description[:100] or None) for c in spec.choices]
                view.add_item(select(game, version, "goto", options, spec.placeholder or _("Choose"), row, row=row))
            else:
                for choice in spec.choices:
                    view.add_item(button(game, version, "page", choice.label, choice.index, style=choice.style,
                                         row=row))
        elif spec.is_select:
            options = [discord.SelectOption(label=c.label[:100], value=str(c.index),
                                            description=c.description[:100] or None) for c in spec.choices]
            view.add_item(select(game, version, "picks" if spec.most else "pick", options,
                                 spec.placeholder or _("Choose"), f"{panel.page}-{row}{suffix}", row=row,
                                 most=spec.most, least=spec.least))
        else:
            for choice in spec.choices:
                if choice.to_page:  # a switch of the panel (the boost): its index is a page
                    view.add_item(button(game, version, "page", choice.label, choice.index, style=choice.style,
                                         row=row))
                    continue
                view.add_item(button(game, version, "act", choice.label, f"{choice.index}{suffix}", style=choice.style,
                                     row=row))
        row += 1
    extras: list[GameButton] = []  # by priority: the last ones are left out when a full panel has no room
    if panel.pages > 1:
        extras.append(button(game, version, "page", _("More actions ({page}/{pages})", page=panel.page + 1,
                                                      pages=panel.pages),
                             (panel.page + 1) % panel.pages, style="primary"))
    if can_undo:
        extras.append(button(game, version, "undo", _("Undo")))
    if panel.decision:
        extras.append(button(game, version, "help", "?", panel.decision))
    if quick is not None:
        label, arg, style = QUICK_STATES[quick]
        extras.append(button(game, version, "quick", _(label), arg, style=style))
    if suggest:
        extras.append(button(game, version, "suggest", _("Suggest")))
    extras.append(button(game, version, "refresh", _("Refresh")))
    for extra, target in zip(extras, extra_rows(panel, row, len(extras)), strict=False):
        extra.row = target
        view.add_item(extra)
    return view


def extra_rows(panel: Panel, used: int, count: int) -> list[int]:
    """The rows of a panel page's own buttons (paging, Undo, "?", ...), in their order of priority: beside the
    page's last row of buttons when they all fit there, else on the free rows below (5 a row), then beside that
    last row; those without room are left out (a page with 5 full rows)."""
    last_is_buttons = bool(panel.rows) and not panel.rows[-1].is_select
    beside = [used - 1] * (5 - len(panel.rows[-1].choices)) if last_is_buttons else []
    if len(beside) >= count:
        return beside[:count]
    below = [r for r in range(used, 5) for _ in range(5)]
    return (below + beside)[:count]


def turn_post_view(game: int, version: int, open_seats: Sequence[tuple[int, str]] = (), *,
                   language: str = "en") -> discord.ui.View:
    """The buttons under every turn post, labelled in the game's `language`: anyone may press the view buttons;
    *Full board* shows the whole board (the post's one picture has only its changing parts); a *Take this seat*
    button for each AI seat the host opened to newcomers (`open_seats`: position and name; `bot.host.seat_posts`)."""
    _ = translator(language)
    view = discord.ui.View(timeout=None)
    view.add_item(button(game, version, "turn", _("Take my turn"), style="primary", row=0))
    view.add_item(button(game, version, "hand", _("My hand"), row=0))
    view.add_item(button(game, version, "hotels", _("Hotels"), row=0))
    view.add_item(button(game, version, "score", _("Score"), row=0))
    view.add_item(button(game, version, "log", _("Log"), row=0))
    view.add_item(button(game, version, "board", _("Full board"), row=1))
    for position, name in list(open_seats)[:4]:
        label = _("{button}: {seat}", button=_("Take this seat"), seat=name)
        view.add_item(button(game, version, "takeseat", label[:80], position, style="success", row=1))
    return view


def lobby_view(game: int, version: int, levels: tuple[str, ...], reminder_choices: list[tuple[str, int]],
               reminder_seconds: int, leave_choices: list[tuple[str, str]] | None = None,
               on_leave: str = "ai", clock_choices: list[tuple[str, str]] | None = None, *,
               language: str = "en") -> discord.ui.View:
    """The lobby message's components: join/leave, options, start and cancel; AI seats; the channel's reminder
    interval (`reminder_choices` are (label, seconds); the current one is shown as chosen); what happens when a
    player leaves the running game (`leave_choices` are (label, value); `on_leave` is shown as chosen); the turn
    clock's choices (`clock_choices`, (label, value)) share the reminders menu. The buttons, placeholders and the
    reminder labels (English, `N_`-marked) are said in the lobby's `language`; the other labels come said.

    Four rows, one fewer than Discord allows: the game options and the Let's Waltz modules are on the host's
    options message (the *Options* button), and a click on a copy of this message with one forged row more must
    still be rebuilt by discord.py (`rebuildable`) to reach the guards and be refused politely."""
    _ = translator(language)
    view = discord.ui.View(timeout=None)
    view.add_item(button(game, version, "join", _.pgettext("lobby button", "Join"), style="success", row=0))
    view.add_item(button(game, version, "leave", _.pgettext("lobby button", "Leave"), row=0))
    view.add_item(button(game, version, "options", _.pgettext("lobby button", "Options"), row=0))
    view.add_item(button(game, version, "start", _.pgettext("lobby button", "Start"), style="primary", row=0))
    view.add_item(button(game, version, "cancel", _.pgettext("lobby button", "Cancel"), style="danger", row=0))
    view.add_item(select(game, version, "ailevel",
                         [discord.SelectOption(label=_("Add an AI player: {level}",
                                                       level=_.pgettext("choice_name", level)), value=level)
                          for level in levels],
                         _("Add an AI player…"), row=1))
    reminders = [discord.SelectOption(label=_("Reminders: {interval}", interval=_(label)), value=str(seconds),
                                      default=seconds == reminder_seconds) for label, seconds in reminder_choices]
    reminders += [discord.SelectOption(label=label, value=value) for label, value in clock_choices or []]
    view.add_item(select(game, version, "reminder", reminders,
                         _("Reminders and turn clock…") if clock_choices else _("Reminders…"), row=2))
    if leave_choices:
        leaving = [discord.SelectOption(label=label, value=value, default=value == on_leave)
                   for label, value in leave_choices]
        view.add_item(select(game, version, "onleave", leaving, _("If a player leaves…"), row=3))
    return view


def said(text: str, _: Translator) -> str:
    """`text` in `_`'s language; "" for "" (gettext would give the catalog's header)."""
    return _(text) if text else ""


def options_view(game: int, version: int, option_rows: list[tuple[str, list[tuple[str, str]]]],
                 chosen: Callable[[str, str], bool], multiple: frozenset[str] = frozenset(), *,
                 placeholders: Mapping[str, str] | None = None,
                 notes: Mapping[str, str] | None = None, language: str = "en") -> discord.ui.View:
    """Select menus for the game options (host only), one row per option, at most 5. `chosen(name, value)` tells
    which values to show as chosen; the options named in `multiple` take any number of values (none included);
    `placeholders` (by option name) say what a select shows while nothing is chosen (else the option's name);
    `notes` (by value) are short descriptions under an option's label. Labels, placeholders and notes are English
    as the option spec (or an `N_` mark) writes them, said here in the host's `language`."""
    _ = translator(language)
    view = discord.ui.View(timeout=None)
    for row, (name, values) in enumerate(option_rows[:5]):
        options = [discord.SelectOption(label=_(label)[:100], value=f"{name}.{value}"[:100],
                                        default=chosen(name, value),
                                        description=said((notes or {}).get(value, ""), _)[:100] or None)
                   for label, value in values]
        placeholder = said((placeholders or {}).get(name, ""), _) or name.replace("_", " ")
        view.add_item(select(game, version, "option", options, placeholder, row, row=row, multiple=name in multiple))
    return view


def hotels_view(game: int, version: int, names: list[tuple[int, str]]) -> discord.ui.View:
    """A select of the players whose hotel to show."""
    view = discord.ui.View(timeout=None)
    options = [discord.SelectOption(label=safe_text(name, markdown=False)[:100], value=str(index))
               for index, name in names]
    view.add_item(select(game, version, "hotel", options, "Show the hotel of…"))
    return view


def undo_view(game: int, version: int, steps: int, *, language: str = "en") -> discord.ui.View:
    """Confirm an undo, in `language` (the clicker's)."""
    _ = translator(language)
    view = discord.ui.View(timeout=None)
    view.add_item(button(game, version, "confirmundo",
                         _.ngettext("Yes, undo {count} action", "Yes, undo {count} actions", steps), steps,
                         style="danger"))
    view.add_item(button(game, version, "refresh", _("No, back to my turn")))
    return view


def rematch_view(game: int, version: int, names: list[str] | None = None, *, language: str = "en"
                 ) -> discord.ui.View:
    """The buttons under the final scoreboard, labelled in the game's `language`: Rematch, the log, the full board,
    and every player's final hotel (`names`, in seat order; at most 4)."""
    _ = translator(language)
    view = discord.ui.View(timeout=None)
    view.add_item(button(game, version, "rematch", _("Rematch"), style="primary", row=0))
    view.add_item(button(game, version, "log", _("Log"), row=0))
    view.add_item(button(game, version, "board", _("Full board"), row=0))
    for index, name in enumerate((names or [])[:5]):
        label = _("{player}'s hotel", player=safe_text(name, markdown=False))[:80]
        view.add_item(button(game, version, "seehotel", label, index, row=1))
    return view


def log_view(game: int, version: int, page: int, pages: int, *, language: str = "en") -> discord.ui.View:
    """Paging through the game's log (`page` is 0-based, of `pages`) and exporting it as a text file, labelled in
    the reader's `language`."""
    _ = translator(language)
    view = discord.ui.View(timeout=None)
    # the arg is "<page>.<button>": custom_ids must differ within a message even where two buttons lead to one page
    last = pages - 1
    view.add_item(button(game, version, "logpage", _.pgettext("log page", "First"), "0.f", disabled=page <= 0))
    view.add_item(button(game, version, "logpage", _.pgettext("log page", "Previous"), f"{max(page - 1, 0)}.p",
                         disabled=page <= 0))
    view.add_item(button(game, version, "logpage", _.pgettext("log page", "Next"), f"{min(page + 1, last)}.n",
                         disabled=page >= last))
    view.add_item(button(game, version, "logpage", _.pgettext("log page", "Newest"), f"{last}.l",
                         disabled=page >= last))
    view.add_item(button(game, version, "export", _("Export as a file")))
    return view
