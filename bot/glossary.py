"""The card names and game terms per language: `render.glossary` re-exported (`bot.settings` checks a server's
`GAH_GLOSSARY_DIR` with `read_overrides` at start; the texts of bot/ look names up with `term`).

The loader lives in render/ because the pictures name the cards too and render/ never imports bot/
(docs/architecture.md).
"""

from __future__ import annotations

from render.glossary import (
    FIELDS as FIELDS,
)
from render.glossary import (
    LANGUAGES as LANGUAGES,
)
from render.glossary import (
    LOCALES as LOCALES,
)
from render.glossary import (
    MAX_FILE_BYTES as MAX_FILE_BYTES,
)
from render.glossary import (
    MAX_TEXT as MAX_TEXT,
)
from render.glossary import (
    OVERRIDE_FIELDS as OVERRIDE_FIELDS,
)
from render.glossary import (
    SOURCES as SOURCES,
)
from render.glossary import (
    Entry as Entry,
)
from render.glossary import (
    GlossaryError as GlossaryError,
)
from render.glossary import (
    bundled as bundled,
)
from render.glossary import (
    glossary as glossary,
)
from render.glossary import (
    language as language,
)
from render.glossary import (
    parse as parse,
)
from render.glossary import (
    read_overrides as read_overrides,
)
from render.glossary import (
    term as term,
)
