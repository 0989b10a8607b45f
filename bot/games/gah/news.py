"""What a Grand Austria Hotel recap must not leave out (the kind's `news_titles`): the beginnings of the titles of
the sections that a recap too long for its post keeps before any other, the Emperor scorings and the game's end.
They are marked for the catalogs: the host looks for them in the game's language (`bot.host.posts.news_titles`)."""

from render.core.lang import N_

NEWS_TITLES: tuple[str, ...] = (N_("Emperor scoring"), N_("Game over"))
