"""Grand Austria Hotel's lobby options: the host's option menus, the Let's Waltz modules, and the lobby's words
about them (`bot.kinds.gah_presenter` shows them through the names every presenter has)."""

from __future__ import annotations

from collections.abc import Mapping

MODULE_CHOICES: tuple[tuple[str, str, str], ...] = (
    ("Let's Waltz 2: Celebrities (3 coloured dice)", "celebrities", "Lounge celebrities; solo: against Elisabeth"),
    ("Let's Waltz 3: Unique Hotels (entrance auction)", "unique_hotels",
     "Solo: you pick 1 of 3, the opponent has a solo one. Without Hotel Dove and The Ren"),
    ("Let's Waltz 4: Start Player (skeleton key)", "start_player", "Not solo. Turns go strictly clockwise"),
    ("Let's Waltz module 5: objectives and Emperor tiles only", "more_objectives",
     "Without its bell staff cards (their costs are unknown)"),
)
"""The Let's Waltz modules the host may combine: (label, `GameConfig.modules` name, a short note shown under the
label). They share the options message's "variants" select, as that message already has Discord's five rows and
the lobby message keeps to four (see `bot.views.lobby_view`)."""

MODULE_NAMES = {name: label.partition(": ")[2] for label, name, _ in MODULE_CHOICES}
"""A module's short name for the lobby text."""

LEFT_OUT = ("Left out (incomplete sources): the hotel entrances Hotel Dove and The Ren (it needs module 1), and "
            "module 5's bell staff cards. Solo: not with module 4; with Celebrities the opponent is Elisabeth; with "
            "module 3 the opponent's solo entrance is drawn at random unless `/gah new` named it.")
"""What the lobby says of the Let's Waltz parts we do not offer."""

OPTION_CHOICES: list[tuple[str, list[tuple[str, str]]]] = [
    ("edition", [("Rules: 2021 retail edition", "2021"), ("Rules: 2015 first edition", "2015")]),
    ("staff_start", [("Staff: 6 random cards each", "random"), ("Staff: draft (keep 1, pass the rest)", "draft"),
                     ("Staff: introductory sets A-D", "introductory")]),
    ("hotel_sides", [("Hotels: everyone the same night side", "standard"),
                     ("Hotels: a different day side each", "individual")]),
    ("variants", [("Without the Kitchen Hand", "exclude_kitchen_hand"),
                  ("Discard free guests nobody took", "discard_unclaimed_guests"),
                  ("With the herlius politics cards", "extra_politics"),
                  ("Without the Suggest button (no AI advice)", "no_suggestions"),
                  *[(label, name) for label, name, _ in MODULE_CHOICES]]),
    ("solo_difficulty", [("Solo opponent: easy", "easy"), ("Solo opponent: medium", "medium"),
                         ("Solo opponent: hard", "hard")]),
]
"""The host's option selects (one row each of the options message): (option, [(label, value)])."""
OPTION_PLACEHOLDERS: Mapping[str, str] = {
    "edition": "Rules edition", "staff_start": "Starting staff", "hotel_sides": "Hotel sides",
    "variants": "Variants and Let's Waltz modules (any number)", "solo_difficulty": "Solo opponent's difficulty",
}
"""What an option select says while nothing in it is chosen."""
OPTION_NOTES: Mapping[str, str] = {name: note for _, name, note in MODULE_CHOICES}
"""Short notes under some option labels (by value)."""
VARIANT_FLAGS: tuple[str, ...] = ("exclude_kitchen_hand", "discard_unclaimed_guests", "extra_politics",
                                  "no_suggestions")
"""The boolean options, chosen together in the one "variants" select (any number, none included) with the Let's
Waltz modules: GameConfig's, and the bot's own "no_suggestions" (`bot.service.suggest.NO_SUGGESTIONS`)."""
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
