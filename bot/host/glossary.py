"""The card names and game terms per language: `render.core.glossary` re-exported (`bot.host.settings` checks a server's
`GAH_GLOSSARY_DIR` with `read_overrides` at start; the texts of bot/ look names up with `term`).

The loader lives in render/ because the pictures name the cards too and render/ never imports bot/
(docs/architecture.md).
"""

from __future__ import annotations

from render.core.glossary import (
    FIELDS as FIELDS,
)
from render.core.glossary import (
    LANGUAGES as LANGUAGES,
)
from render.core.glossary import (
    LOCALES as LOCALES,
)
from render.core.glossary import (
    MAX_FILE_BYTES as MAX_FILE_BYTES,
)
from render.core.glossary import (
    MAX_TEXT as MAX_TEXT,
)
from render.core.glossary import (
    OVERRIDE_FIELDS as OVERRIDE_FIELDS,
)
from render.core.glossary import (
    SOURCES as SOURCES,
)
from render.core.glossary import (
    Entry as Entry,
)
from render.core.glossary import (
    GlossaryError as GlossaryError,
)
from render.core.glossary import (
    bundled as bundled,
)
from render.core.glossary import (
    glossary as glossary,
)
from render.core.glossary import (
    language as language,
)
from render.core.glossary import (
    parse as parse,
)
from render.core.glossary import (
    read_overrides as read_overrides,
)
from render.core.glossary import (
    term as term,
)
