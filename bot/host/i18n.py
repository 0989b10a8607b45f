"""The bot's translator: `render.core.i18n` re-exported, so that `bot.host.i18n.translator` and the rest keep working.

The machinery lives in render/ because the pictures speak the game's language too and render/ never imports bot/
(docs/architecture.md); `render.core.i18n` tells how the catalogs are read (a test that replaces `LOCALES` patches
`render.core.i18n`, where the functions look it up).
"""

from __future__ import annotations

from render.core.i18n import (
    DOMAIN as DOMAIN,
)
from render.core.i18n import (
    ENGLISH as ENGLISH,
)
from render.core.i18n import (
    LANGUAGES as LANGUAGES,
)
from render.core.i18n import (
    LOCALES as LOCALES,
)
from render.core.i18n import (
    Translator as Translator,
)
from render.core.i18n import (
    catalog_path as catalog_path,
)
from render.core.i18n import (
    compiled as compiled,
)
from render.core.i18n import (
    fill as fill,
)
from render.core.i18n import (
    krones as krones,
)
from render.core.i18n import (
    language_of as language_of,
)
from render.core.i18n import (
    translator as translator,
)
