"""The Polish and German glossaries (issue 55, item 4): locales/<lang>/glossary.json and render/core/glossary.py.

Every card the engine knows has a name in both languages; the German staff names cited to the 2015 rulebook are the
rulebook's own; the Polish Overbooking words cited to its rulebook stand in it; every string renders with the
bundled fonts; a server's override folder replaces entries and a bad one is refused with a clear message.
"""

from __future__ import annotations

import fnmatch
import json
import re
import tomllib
import unicodedata
from pathlib import Path
from typing import Any

import pytest

from bot.host.glossary import LANGUAGES, LOCALES, SOURCES, GlossaryError, bundled, glossary, language, term
from bot.host.settings import Settings
from engine.gah.cards import emperor_tiles, guests, politics, staff
from engine.gah.waltz.cards import celebrities, entrances
from engine.overbooking.data import GUEST_TYPES, RULES, bundled_data
from render.core.theme import font
from render.gah.texts import staff_text

ROOT = Path(__file__).resolve().parents[1]
RULES_DIR = next((folder / "shared" / "reference" / "rules" for folder in (ROOT.parent, ROOT.parent.parent)
                  if (folder / "shared" / "reference" / "rules").is_dir()), ROOT / "missing")
"""The project's rule texts (beside the checkout, or beside the worktrees' folder); the tests that read them are
skipped where they are absent."""
needs_rules = pytest.mark.skipif(not RULES_DIR.is_dir(), reason="the reference rule texts are not beside the checkout")
RULEBOOK_2015 = RULES_DIR / "gah-rulebook-2015-en.txt"
OVERBOOKING_PL = RULES_DIR / "second-game-rulebook-pl.txt"

STAFF_SOURCE = "2015 rulebook, staff card list"
GUEST_SOURCE = "2015 rulebook, guest card notes"
SPIELREGAL = "SPIELREGAL German names (unofficial)"
OVERBOOKING_SOURCE = "Overbooking rulebook (pl)"


def engine_names() -> dict[str, str]:
    """Every card, tile and Overbooking component the engine's data has, by glossary key, with its English name
    (and each staff card's short text as the pictures and `/gah card` give it)."""
    names = {f"staff:{card.id}": card.name for card in staff().values()}
    names |= {f"staff_text:{card.id}": staff_text(card) for card in staff().values()}  # stale when the text changes
    names |= {f"guest:{card.id}": card.name for card in guests().values()}
    names |= {f"politics:{card.id}": card.text for card in politics().values()}
    names |= {f"emperor_tile:{tile.id}": f"Emperor tile {tile.id}" for tile in emperor_tiles().values()}
    names |= {f"celebrity:{card.id}": card.name for card in celebrities().values()}
    names |= {f"entrance:{card.id}": card.name for card in entrances().values()}
    names |= {f"celebrity_text:{card.id}": card.text for card in celebrities().values()}  # the turn panel's words
    names |= {f"entrance_text:{card.id}": card.text for card in entrances().values()}
    data = bundled_data()
    names |= {f"ob_crest:{crest.id}": crest.name for crest in data.crests}
    names |= {f"ob_hotel:{hotel.key}": hotel.name for hotel in data.hotels}
    names |= {f"ob_guest:{kind}": kind for kind in GUEST_TYPES.values()}
    names |= {f"ob_rule:{rule}": text for rule, text in RULES.items()}
    return names


GAME_TERMS = ("guest", "staff_card", "cafe", "kitchen", "order", "room", "group", "floor", "occupancy_bonus",
              "emperor_track", "emperor_tile", "politics_card", "krone", "vp", "strudel", "cake", "wine", "coffee",
              "action_space", "strength", "boost", "turn_order", "dish", "drink", "celebrity", "hotel_entrance")
OVERBOOKING_TERMS = ("hotel", "queue", "back_door", "crest", "bed", "coin", "point_token", "score_card")
"""Terms the issue names: every glossary must have them."""


def raw_entries(lang: str) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = json.loads((LOCALES / lang / "glossary.json").read_text(encoding="utf-8"))["entries"]
    return rows


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_of_the_engine_has_an_entry_with_its_english_name(lang: str) -> None:
    entries = bundled(lang)
    for key, english in engine_names().items():
        assert key in entries, f"{lang}: no glossary entry for {key} ({english}); add one to locales/{lang}"
        assert entries[key].en == english, f"{lang}: {key} is {english!r} in the engine, {entries[key].en!r} here"
    for name in GAME_TERMS:
        assert f"term:{name}" in entries
    for name in OVERBOOKING_TERMS:
        assert f"ob_term:{name}" in entries


def test_both_languages_have_the_same_keys_in_the_same_order() -> None:
    assert [row["key"] for row in raw_entries("de")] == [row["key"] for row in raw_entries("pl")]
    assert [row["en"] for row in raw_entries("de")] == [row["en"] for row in raw_entries("pl")]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_translation_is_empty_and_every_source_is_known(lang: str) -> None:
    rows = raw_entries(lang)
    assert len(rows) >= len(engine_names()) + len(GAME_TERMS)
    for row in rows:
        assert set(row) <= {"key", "en", "translation", "source", "quote"}, row
        assert all(isinstance(row[field], str) and row[field].strip() == row[field] != ""
                   for field in ("key", "en", "translation", "source")), row
        assert row["source"] in SOURCES, row
        assert ("quote" in row) == (row["source"] == OVERBOOKING_SOURCE), row
        assert unicodedata.normalize("NFC", row["translation"]) == row["translation"], row


def rulebook_staff_pairs() -> dict[str, str]:
    """The 2015 rulebook's staff card list: German name -> English name, as printed ("Wäscherin / Laundress (2
    krones, permanent): ..."; several entries may share a line, some names in **bold**)."""
    text = RULEBOOK_2015.read_text(encoding="utf-8")
    pattern = r"(?:\*\*)?([A-ZÄÖÜ][\wäöüß]*(?: [A-Z]\w*)?)(?:\*\*)? / ([A-Z][A-Za-z -]+?) \(\d+ [Kk]rones?[,;]"
    pairs = re.findall(pattern, text)
    return dict(pairs)


def same_english(a: str, b: str) -> bool:
    """English names equal but for case and hyphens (the rulebook's "Page-boy" is the retail "Page Boy")."""
    return a.lower().replace("-", " ") == b.lower().replace("-", " ")


@needs_rules
def test_every_german_staff_name_is_the_2015_rulebooks() -> None:
    pairs = rulebook_staff_pairs()
    assert len(pairs) == 48 and pairs["Wäscherin"] == "Laundress"
    cited = [entry for entry in bundled("de").values() if entry.source == STAFF_SOURCE]
    assert {entry.key for entry in cited} == {f"staff:{card}" for card in staff()}
    for entry in cited:
        assert entry.translation in pairs, f"{entry.key}: {entry.translation!r} is not a German name in the rulebook"
        assert same_english(pairs[entry.translation], entry.en), (entry, pairs[entry.translation])


@needs_rules
def test_german_guest_names_cite_where_they_come_from() -> None:
    text = RULEBOOK_2015.read_text(encoding="utf-8")
    notes = text[text.index("Guest Cards"):text.index("Thanks")]
    for entry in bundled("de").values():
        if entry.source == GUEST_SOURCE:
            assert f"\n{entry.translation}:" in notes, entry
        if entry.source == SPIELREGAL:  # the engine data's name_de, from the German browser version
            assert entry.translation == guests()[int(entry.key.split(":")[1])].name_de, entry
    assert sum(entry.source == GUEST_SOURCE for entry in bundled("de").values()) == 3


OCR_READINGS: dict[str, str] = {"l": "t", "e": "¢g", "a": "q", "o": "e6"}
"""What the scanned Polish rulebook's text shows for a letter (after diacritics are dropped): ł as t, ę as ¢ or g, ą
as q, ó as é or 6 (e.g. "łóżka" is "tézka" there)."""


def folded(text: str) -> str:
    """`text` in lower case without diacritics (ł as l), for comparing with the scanned rulebook."""
    plain = unicodedata.normalize("NFD", text.lower().replace("ł", "l"))
    return "".join(char for char in plain if not unicodedata.combining(char))


def same_start(word: str, scanned: str) -> bool:
    """Whether `scanned` (a word of the scanned rulebook) begins as `word` does (its first four letters), letting
    each letter be one of its known misreadings."""
    start = folded(word)[:4]
    scanned = folded(scanned)
    return len(scanned) >= len(start) and all(
        mine == theirs or theirs in OCR_READINGS.get(mine, "") for mine, theirs in zip(start, scanned, strict=False))


@needs_rules
def test_polish_overbooking_words_stand_in_its_rulebook() -> None:
    text = " ".join(OVERBOOKING_PL.read_text(encoding="utf-8").split())
    cited = [entry for entry in bundled("pl").values() if entry.source == OVERBOOKING_SOURCE]
    assert len(cited) >= 30
    for entry in cited:
        assert entry.quote and entry.quote in text, f"{entry.key}: the quote {entry.quote!r} is not in the rulebook"
        scanned = re.findall(r"\w[\w¢]*", entry.quote)
        for word in re.findall(r"[^\W\d_]{3,}", entry.translation):
            assert any(same_start(word, other) for other in scanned), \
                f"{entry.key}: {word!r} of {entry.translation!r} is not in the quote {entry.quote!r}"
    assert same_start("łóżko", "tozko") and not same_start("łóżko", "lampa")


NOTDEF = "\ue000"
"""A private-use code point no bundled font has: it draws the font's missing-glyph box (.notdef)."""


def missing_glyphs(text: str, *, bold: bool = False, condensed: bool = False) -> set[str]:
    """The characters of `text` that the bundled font draws as the missing-glyph box."""
    face = font(24, bold=bold, condensed=condensed)

    def drawn(char: str) -> tuple[tuple[int, int], bytes]:
        mask = face.getmask(char)
        return mask.size, bytes(mask)

    box = drawn(NOTDEF)
    return {char for char in set(text) if not char.isspace() and drawn(char) == box}


@pytest.mark.parametrize(("bold", "condensed"), [(False, False), (True, False), (False, True), (True, True)])
def test_every_glossary_string_renders_without_a_missing_glyph(bold: bool, condensed: bool) -> None:
    assert missing_glyphs("中 a", bold=bold, condensed=condensed) == {"中"}  # the check sees a missing glyph
    letters = "".join(entry.translation for lang in LANGUAGES for entry in bundled(lang).values())
    assert set("ąćęłńóśźżäöüß") <= set(letters.lower())  # the letters the issue asks for are all drawn here
    assert missing_glyphs(letters + "ĄĆĘŁŃÓŚŹŻÄÖÜ", bold=bold, condensed=condensed) == set()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_two_cards_of_a_kind_share_a_name(lang: str) -> None:
    kinds: dict[str, list[str]] = {}
    for entry in bundled(lang).values():
        kinds.setdefault(entry.key.split(":")[0], []).append(entry.translation.lower())
    for kind, names in kinds.items():
        if kind not in ("term", "ob_term", "ob_rule"):
            assert len(names) == len(set(names)), (kind, sorted(n for n in names if names.count(n) > 1))


def test_term_gives_the_translation_or_falls_back_to_english() -> None:
    assert term("de", "staff:16") == "Wäscherin" and term("en", "staff:16") == "Laundress"
    assert term("pl", "ob_term:back_door") == "tylne drzwi" and term("fr", "guest:49") == "Sculptor"
    assert term(language("de-AT"), "term:krone") == "Krone" and term(language("en-US"), "term:krone") == "krone"
    assert term(language(None), "guest:65") == "Knight of the Empire" and glossary("en") == {}
    with pytest.raises(KeyError):
        term("de", "staff:999")


@pytest.fixture
def environment(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    monkeypatch.setenv("DISCORD_TOKEN", "token")
    monkeypatch.delenv("OVERBOOKING_DATA", raising=False)
    monkeypatch.delenv("GAH_GLOSSARY_DIR", raising=False)
    return monkeypatch


def write(folder: Path, lang: str, entries: list[dict[str, str]]) -> None:
    folder.mkdir(exist_ok=True)
    (folder / f"{lang}.json").write_text(json.dumps({"language": lang, "entries": entries}), encoding="utf-8")


def test_a_servers_folder_replaces_the_names_of_its_printed_cards(environment: pytest.MonkeyPatch,
                                                                  tmp_path: Path) -> None:
    assert Settings.from_environment(read_dotenv=False).glossary_dir is None
    folder = tmp_path / "names"
    write(folder, "pl", [{"key": "staff:16", "translation": "Pralnia", "source": "our printed cards"},
                         {"key": "term:krone", "en": "krone", "translation": "korona", "source": "our cards"}])
    environment.setenv("GAH_GLOSSARY_DIR", str(folder))
    settings = Settings.from_environment(read_dotenv=False)
    assert settings.glossary_dir == str(folder) and "glossary_dir=" in repr(settings)
    assert term("pl", "staff:16", settings.glossary_dir) == "Pralnia"
    assert glossary("pl", folder)["staff:16"].source == "our printed cards"
    assert term("pl", "staff:17", folder) == "Pomoc kuchenna" and term("de", "staff:16", folder) == "Wäscherin"
    assert term("pl", "staff:16") == "Praczka"  # the bundled names without the folder


@pytest.mark.parametrize(("entries", "says"), [
    ([{"key": "staff:99", "translation": "X", "source": "ours"}], "'staff:99' is not in the bundled glossary"),
    ([{"key": "staff:16", "source": "ours"}], "lacks 'translation'"),
    ([{"key": "staff:16", "translation": "X"}], "lacks 'source'"),
    ([{"key": "staff:16", "translation": "", "source": "ours"}], "'translation' must be a text that is not empty"),
    ([{"key": "staff:16", "en": "Laundry", "translation": "X", "source": "ours"}], "is not the bundled one"),
    ([{"key": "staff:16", "translation": "X", "source": "ours", "colour": "red"}], "unknown field 'colour'"),
])
def test_a_bad_override_file_is_refused_at_start_naming_the_problem(
        environment: pytest.MonkeyPatch, tmp_path: Path, entries: list[dict[str, str]], says: str) -> None:
    folder = tmp_path / "names"
    write(folder, "de", entries)
    environment.setenv("GAH_GLOSSARY_DIR", str(folder))
    with pytest.raises(GlossaryError) as caught:
        Settings.from_environment(read_dotenv=False)
    assert says in str(caught.value) and "GAH_GLOSSARY_DIR" in str(caught.value) and "de.json" in str(caught.value)


def test_an_override_folder_that_is_missing_or_not_json_is_refused(environment: pytest.MonkeyPatch,
                                                                   tmp_path: Path) -> None:
    environment.setenv("GAH_GLOSSARY_DIR", str(tmp_path / "missing"))
    with pytest.raises(GlossaryError, match="not a folder"):
        Settings.from_environment(read_dotenv=False)
    (tmp_path / "pl.json").write_text("{not json", encoding="utf-8")
    environment.setenv("GAH_GLOSSARY_DIR", str(tmp_path))
    with pytest.raises(GlossaryError, match="not valid JSON"):
        Settings.from_environment(read_dotenv=False)
    (tmp_path / "pl.json").write_text(json.dumps({"language": "de", "entries": {}}), encoding="utf-8")
    with pytest.raises(GlossaryError, match="\"language\" must be 'pl', not 'de'"):
        Settings.from_environment(read_dotenv=False)


def test_the_glossaries_ship_in_the_package() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    assert any(fnmatch.fnmatch("locales", pattern) for pattern in config["packages"]["find"]["include"])
    patterns = config["package-data"]["locales"]
    for path in sorted(LOCALES.glob("*/glossary.json")):
        relative = path.relative_to(LOCALES).as_posix()
        assert any(fnmatch.fnmatch(relative, pattern) for pattern in patterns), relative
    assert {path.parent.name for path in LOCALES.glob("*/glossary.json")} == set(LANGUAGES)
    assert LOCALES == ROOT / "locales"
