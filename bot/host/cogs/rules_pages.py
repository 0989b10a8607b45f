"""The rules summary as a paged ephemeral message: `/gah rules` (and every game's `rules`) answers one page with
Previous and Next buttons and a page counter between them; a click turns the page in place. The pages, the buttons and
the refusals speak the clicker's language (`interaction.locale`: Polish or German, else English;
`bot.host.rules_texts`).

The buttons keep their meaning in their custom_id (``rules:{command}:{page}:{role}``, `RULES_TEMPLATE`): the game's
command group and the page the button shows. So they work after a restart, need no stored state, and a forged id
(an unknown game, a page out of range) gets a polite answer instead of a failed interaction.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import discord

from bot.host.guards import NOT_YOURS, from_ephemeral, shown_to_someone_else
from bot.host.i18n import Translator, translator
from bot.host.kinds import KINDS_BY_COMMAND, AnyKind
from bot.host.language import reader_language
from bot.host.page_buttons import is_page_click, page_view
from bot.host.rules_texts import button_label, counter

log = logging.getLogger(__name__)

RULES_TEMPLATE = r"rules:(?P<command>[a-z_]{1,16}):(?P<page>[0-9]{1,2}):(?P<role>prev|at|next)"
"""The custom_id of a rules page button: the game's command group, the page it shows, and which button it is."""
_RULES_RE = re.compile(RULES_TEMPLATE)

def not_your_rules(_: Translator, group: str) -> str:
    """The refusal of a rules page button that is not on the clicker's own rules message (`group`: the game's
    command group), in `_`'s language."""
    return _("Those page buttons belong on a rules message that only you see: `/{group} rules` opens yours (its "
             "`page` option opens any page).", group=group)


def locale_of(interaction: discord.Interaction) -> str:
    """The clicker's language (`bot.host.language.reader_language`: "pl", "de", else "en"): the rules pages speak it.
    The page buttons carry no member's stored choice, so they go by the client's language."""
    return reader_language(interaction)


def rules_pages(kind: AnyKind, locale: str | None = None) -> tuple[str, ...]:
    """The pages of `kind`'s rules summary (`Presenter.texts`) in the language of the Discord `locale`
    (English for None or a language without a catalog)."""
    return kind.presenter().texts(kind.provisional, language=locale or "en").rules_pages


def rules_content(kind: AnyKind, page: int, locale: str | None = None) -> str:
    """Page `page` (from 1) of `kind`'s rules with its counter, as the message shows it, in the language of the
    Discord `locale`.

    Raises:
        IndexError: there is no such page.
    """
    pages = rules_pages(kind, locale)
    if not 1 <= page <= len(pages):
        raise IndexError(f"no rules page {page}")
    return f"{pages[page - 1]}\n\n{counter(translator(locale), page, len(pages))}"


def rules_view(kind: AnyKind, page: int, locale: str | None = None) -> discord.ui.View:
    """Previous, the page counter (never clickable) and Next, for page `page` of `kind`'s rules, labelled in the
    language of the Discord `locale`; Previous on the first page and Next on the last are greyed out."""
    _, count = translator(locale), len(rules_pages(kind))
    return page_view(lambda shown, role, label, disabled: RulesButton(
        kind.command, shown, role, label=button_label(_, role, page, count), disabled=disabled), page, count)


def is_rules_click(interaction: discord.Interaction) -> bool:
    """Whether a component interaction is a click on a rules page button of the clicked message (the ones
    `RulesButton` takes; `GahBot.on_interaction` answers the rest). As `bot.host.views.is_routed` does for the game's
    components, this mirrors when discord.py calls the `DynamicItem`, so each click is answered once."""
    return is_page_click(interaction, _RULES_RE)


def not_own_rules(interaction: discord.Interaction, group: str) -> str:
    """Why a rules page click must not turn the clicked message into a page ("" when it may): the message is not
    ephemeral, or it was shown to another user (`bot.host.guards.shown_to_someone_else`). `group` names the game's
    command group in the answer, which is in the clicker's language when it is ours to say."""
    if shown_to_someone_else(interaction):
        return translator(locale_of(interaction))(NOT_YOURS)
    if not from_ephemeral(interaction):
        return not_your_rules(translator(locale_of(interaction)), group)
    return ""


class RulesButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=RULES_TEMPLATE):
    """A button of the rules message: it shows page `page` of the rules of the game whose group is `command`."""

    def __init__(self, command: str, page: int, role: str, *, label: str | None = None,
                 disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(custom_id=f"rules:{command}:{page}:{role}",
                                           label=label or role,
                                           style=discord.ButtonStyle.secondary, disabled=disabled))
        self.command, self.page, self.role = command, page, role

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> RulesButton:
        return cls(match["command"], int(match["page"]), match["role"])

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        return is_rules_click(interaction)

    async def callback(self, interaction: discord.Interaction) -> None:
        kind = KINDS_BY_COMMAND.get(self.command)
        refusal = not_own_rules(interaction, kind.command if kind is not None else next(iter(KINDS_BY_COMMAND)))
        if refusal:
            # the page is shown by updating the clicked message: on a public message (a forged click on a lobby or
            # a turn post) or on someone else's private one, that would replace it (and its buttons)
            log.info("refused a rules click %r from %s: %s", self.command, interaction.user.id, refusal)
            await interaction.response.send_message(refusal, ephemeral=True)
            return
        try:
            if kind is None:
                raise IndexError(f"no game with the command {self.command!r}")
            content = rules_content(kind, self.page, locale_of(interaction))
        except IndexError as error:
            log.info("refused a rules click %r from %s: %s", self.command, interaction.user.id, error)
            group = kind.command if kind is not None else next(iter(KINDS_BY_COMMAND))
            _ = translator(locale_of(interaction))
            await interaction.response.send_message(_("That rules page does not exist. `/{group} rules` starts "
                                                      "again from the first page.", group=group), ephemeral=True)
            return
        # the page is made again for this click's locale: the same message turns its pages in the clicker's language
        await interaction.response.edit_message(content=content,
                                                view=rules_view(kind, self.page, locale_of(interaction)))
