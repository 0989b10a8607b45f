"""Grand Austria Hotel's lobby options: the host's option menus, the Let's Waltz modules, and the lobby's words
about them (`bot.games.gah.presenter` shows them through the names every presenter has)."""

from __future__ import annotations

from collections.abc import Mapping

from bot.host.option_menus import module_choices, option_menus, placeholders, variant_flags
from engine.gah.options_spec import OPTIONS, WALTZ_MODULES

MODULE_CHOICES: tuple[tuple[str, str, str], ...] = module_choices(WALTZ_MODULES)
"""The Let's Waltz modules the host may combine: (label, `GameConfig.modules` name, a short note shown under the
label), from `engine.gah.options_spec.WALTZ_MODULES`. They share the options message's "variants" select, as that
message already has Discord's five rows and the lobby message keeps to four (see `bot.host.views.lobby_view`)."""

MODULE_NAMES = {module.name: module.short_name for module in WALTZ_MODULES}
"""A module's short name for the lobby text."""

LEFT_OUT = ("Left out (incomplete sources): the hotel entrances Hotel Dove and The Ren (it needs module 1), and "
            "module 5's bell staff cards. Solo: not with module 4; with Celebrities the opponent is Elisabeth; with "
            "module 3 the opponent's solo entrance is drawn at random unless `/gah new` named it.")
"""What the lobby says of the Let's Waltz parts we do not offer."""

BOT_VARIANTS = (("Without the Suggest button (no AI advice)", "no_suggestions"),)
"""The bot's own boolean option in the variants select (`bot.host.service.suggest.NO_SUGGESTIONS`), not the engine's."""
OPTION_CHOICES: list[tuple[str, list[tuple[str, str]]]] = option_menus(OPTIONS, WALTZ_MODULES, BOT_VARIANTS)
"""The host's option selects (one row each of the options message): (option, [(label, value)]), from
`engine.gah.options_spec.OPTIONS`."""
OPTION_PLACEHOLDERS: Mapping[str, str] = placeholders(OPTIONS, "Variants and Let's Waltz modules (any number)")
"""What an option select says while nothing in it is chosen."""
OPTION_NOTES: Mapping[str, str] = {name: note for _, name, note in MODULE_CHOICES}
"""Short notes under some option labels (by value)."""
VARIANT_FLAGS: tuple[str, ...] = variant_flags(OPTIONS, BOT_VARIANTS)
"""The boolean options, chosen together in the one "variants" select (any number, none included) with the Let's
Waltz modules: GameConfig's, and the bot's own "no_suggestions"."""
LOBBY_FOOTER = ("Join, add AI players, then the host presses Start (2-4 seats). A host who starts alone plays solo "
                "against Leopold (difficulty under Options).")
"""The lobby embed's footer (the solo opponent named as without modules)."""


def chosen_modules(options: Mapping[str, object]) -> frozenset[str]:
    """The Let's Waltz modules the lobby options choose (the `modules` option, none by default)."""
    modules = options.get("modules") or ()
    return frozenset(str(name) for name in modules) if isinstance(modules, list | tuple) else frozenset()


def waltz_text(modules: frozenset[str]) -> str:
    """The lobby's Let's Waltz field: the chosen modules by name (or none) and what we leave out."""
    chosen = ", ".join(MODULE_NAMES[name] for _, name, _ in MODULE_CHOICES if name in modules) or "none"
    return f"Chosen: {chosen} (the host picks them under *Options*).\n{LEFT_OUT}"


def lobby_fields(options: Mapping[str, object], provisional: bool) -> list[tuple[str, str]]:
    """The lobby embed's own fields (name, value): the Let's Waltz modules chosen, and what we leave out."""
    return [("Let's Waltz modules", waltz_text(chosen_modules(options)))]


def lobby_footer(options: Mapping[str, object]) -> str:
    """The lobby embed's footer, naming the solo opponent the chosen modules bring."""
    opponent = "Elisabeth" if "celebrities" in chosen_modules(options) else "Leopold"
    return LOBBY_FOOTER.replace("against Leopold", f"against {opponent}")


def options_note(options: Mapping[str, object]) -> str:
    """What the host's options message adds after the options line: the modules chosen and where they are."""
    modules = chosen_modules(options)
    waltz = ", ".join(MODULE_NAMES[name] for _, name, _ in MODULE_CHOICES if name in modules) or "none"
    return (f" Let's Waltz modules: {waltz}.\n"
            "The Let's Waltz modules are in the *Variants and Let's Waltz modules* menu; tick any number. "
            "Module 4 cannot be played solo.")
