"""The house's pictures and words in a language: `render.core` (colours, fonts, drawing, fitting a picture under an
upload limit, translations and glossaries), `render.gah` (Grand Austria Hotel) and `render.overbooking`.

Nothing here imports `bot`; a game's package loads nothing of the other game's (tests/test_import_rules.py).
"""
