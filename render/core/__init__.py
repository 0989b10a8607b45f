"""What every game's pictures share: colours and fonts (`theme`), drawing helpers (`draw`), fitting a picture under
an upload limit (`fit`), and words in a language (`i18n`, `plural`, `glossary`, `lang`).

Importing `render.core.theme`, `i18n`, `plural` or `glossary` does not load Pillow (the Discord-free service uses
them); `draw` and `fit` do.
"""
