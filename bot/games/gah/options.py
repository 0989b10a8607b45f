"""Grand Austria Hotel's lobby options: the host's option menus, the Let's Waltz modules, and the lobby's words
about them (`bot.games.gah.presenter` shows them through the names every presenter has)."""

from __future__ import annotations

from collections.abc import Mapping

from bot.games.gah.waltz import registry  # importing it loads every module's words (`bot.games.gah.waltz`)
from bot.host.option_menus import module_choices, option_menus, placeholders, variant_flags
from engine.gah.options_spec import OPTIONS, WALTZ_MODULES
from render.core.i18n import ENGLISH, Translator, translator
from render.core.lang import N_

MODULE_CHOICES: tuple[tuple[str, str, str], ...] = module_choices(WALTZ_MODULES)
"""The Let's Waltz modules the host may combine: (label, `GameConfig.modules` name, a short note shown under the
label), from `engine.gah.options_spec.WALTZ_MODULES`. They share the options message's "variants" select, as that
message already has Discord's five rows and the lobby message keeps to four (see `bot.host.views.lobby_view`)."""

MODULE_NAMES = {module.name: module.short_name for module in WALTZ_MODULES}
"""A module's short name for the lobby text (in English; `module_name` in a language)."""

LEFT_OUT = N_("Left out (incomplete sources): the hotel entrances Hotel Dove and The Ren (it needs module 1), and "
              "module 5's bell staff cards. Solo: not with module 4; with Celebrities the opponent is Elisabeth; with "
              "module 3 the opponent's solo entrance is drawn at random unless `{new}` named it.")
"""What the lobby says of the Let's Waltz parts we do not offer."""

BOT_VARIANTS = ((N_("Without the Suggest button (no AI advice)"), "no_suggestions"),)
"""The bot's own boolean option in the variants select (`bot.host.service.suggest.NO_SUGGESTIONS`), not the engine's."""
OPTION_CHOICES: list[tuple[str, list[tuple[str, str]]]] = option_menus(OPTIONS, WALTZ_MODULES, BOT_VARIANTS)
"""The host's option selects (one row each of the options message): (option, [(label, value)]), from
`engine.gah.options_spec.OPTIONS`."""
OPTION_PLACEHOLDERS: Mapping[str, str] = placeholders(OPTIONS, N_("Variants and Let's Waltz modules (any number)"))
"""What an option select says while nothing in it is chosen."""
OPTION_NOTES: Mapping[str, str] = {name: note for _, name, note in MODULE_CHOICES}
"""Short notes under some option labels (by value)."""
VARIANT_FLAGS: tuple[str, ...] = variant_flags(OPTIONS, BOT_VARIANTS)
"""The boolean options, chosen together in the one "variants" select (any number, none included) with the Let's
Waltz modules: GameConfig's, and the bot's own "no_suggestions"."""
LOBBY_FOOTER = N_("Join, add AI players, then the host presses Start (2-4 seats). A host who starts alone plays solo "
                  "against {opponent} (difficulty under Options).")
"""The lobby embed's footer (`{opponent}`: the solo opponent the chosen modules bring)."""


def chosen_modules(options: Mapping[str, object]) -> frozenset[str]:
    """The Let's Waltz modules the lobby options choose (the `modules` option, none by default)."""
    modules = options.get("modules") or ()
    return frozenset(str(name) for name in modules) if isinstance(modules, list | tuple) else frozenset()


def module_name(label: str, _: Translator) -> str:
    """A module's short name in `_`'s language: its lobby entry ("Let's Waltz 2: Celebrities (3 coloured dice)")
    said in that language, after its "Let's Waltz N: " prefix."""
    return _(label).partition(": ")[2] or _(label)


def chosen_names(modules: frozenset[str], _: Translator) -> str:
    """The chosen modules by their short names in `_`'s language, or "none"."""
    return ", ".join(module_name(label, _) for label, name, _note in MODULE_CHOICES if name in modules) or _("none")


def waltz_text(modules: frozenset[str], *, language: str = ENGLISH) -> str:
    """The lobby's Let's Waltz field: the chosen modules by name (or none) and what we leave out."""
    _ = translator(language)
    return (_("Chosen: {modules} (the host picks them under *Options*).", modules=chosen_names(modules, _)) + "\n"
            + _(LEFT_OUT, new=f"/gah {_.pgettext('command_name', 'new')}"))


def lobby_fields(options: Mapping[str, object], provisional: bool, *, language: str = ENGLISH
                 ) -> list[tuple[str, str]]:
    """The lobby embed's own fields (name, value): the Let's Waltz modules chosen, and what we leave out."""
    _ = translator(language)
    return [(_("Let's Waltz modules"), waltz_text(chosen_modules(options), language=language))]


def lobby_footer(options: Mapping[str, object], *, language: str = ENGLISH) -> str:
    """The lobby embed's footer, naming the solo opponent the chosen modules bring."""
    chosen = chosen_modules(options)
    opponent = next((words.solo_opponent for words in registry.in_order()
                     if words.name in chosen and words.solo_opponent is not None), "Leopold")
    return translator(language)(LOBBY_FOOTER, opponent=opponent)


def options_note(options: Mapping[str, object], *, language: str = ENGLISH) -> str:
    """What the host's options message adds after the options line: the modules chosen and where they are."""
    _ = translator(language)
    return " " + _("Let's Waltz modules: {modules}.", modules=chosen_names(chosen_modules(options), _)) + "\n" + _(
        "The Let's Waltz modules are in the *Variants and Let's Waltz modules* menu; tick any number. Module 4 "
        "cannot be played solo.")
