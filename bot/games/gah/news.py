"""What a Grand Austria Hotel recap must not leave out (the kind's `news_titles`): the beginnings of the titles of
the sections that a recap too long for its post keeps before any other, the Emperor scorings and the game's end."""

NEWS_TITLES: tuple[str, ...] = ("Emperor scoring", "Game over")
