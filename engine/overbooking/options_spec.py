"""Overbooking's options, each declared once (issue 54 item 2; `engine.core.options`).

`GameOptions` declares every option of `engine.overbooking.state.GameConfig` (which extends it) but the players, the
seed and the component data, each as a field made by `engine.core.options.option`; `OPTIONS` lists them. From them
follow the config's fields, its checks (`engine.overbooking.state.GameConfig.validate`), the stored config
(`bot.host.kinds.Overbooking.config_to_dict`), `python -m engine.overbooking.simulate`'s flags, the lobby's menus
(`bot.games.overbooking.presenter`) and the README's Overbooking options table (`python -m tools.options_table`).
Overbooking has no modules.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.options import Option, declared_options, option


@dataclass(kw_only=True)
class GameOptions:
    """Every option of an Overbooking game but the players, the seed and the component data, each declared once as a
    field (its type, and by `option` its default and spec); `engine.overbooking.state.GameConfig` extends it."""

    scoring: str = option(
        "beginner", values=("beginner", "advanced"), help="score card side",
        value_labels=("Score cards: beginner side (crest sets 2/4/6 VP)",
                      "Score cards: advanced side (crest sets 2/5/10 VP)"),
        details="The side of the score cards: 2/4/6 VP (beginner) or 2/5/10 VP (advanced) for 4, 5 or 6 booked "
                "cards of one crest.")
    without_score_cards: bool = option(
        False, kind="flag", help="the first-game variant: no score cards, so no crest-set bonus",
        label="First game: without the score cards (no crest-set bonus)",
        details="The first-game variant: played without the score cards, so no crest-set bonus (`scoring` is then "
                "unused). Games stored before the option existed read back with it off.")


OPTIONS: tuple[Option, ...] = declared_options(GameOptions)
"""Every option of an Overbooking game but the players, the seed and the component data (`GameOptions`' fields), in
`GameConfig`'s field order."""
