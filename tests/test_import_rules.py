"""What importing a layer loads, and what the host may name (issue 54, item 1).

The house is a core and a package per game in each layer: `engine/{core,gah,overbooking}`,
`render/{core,gah,overbooking}`, `bot/host` and `bot/games/{gah,overbooking}`. The rules checked here:
- the game service knows no Discord and draws no picture: `import bot.host.service` loads neither discord.py nor
  Pillow; the pictures' colours and words (`render.core.theme`, `render.core.plural`) load without Pillow;
- importing one game's package, in any layer, loads nothing of the other game;
- the games register themselves (`bot.host.kinds.discover` finds every package of `bot.games`);
- no game imports another, and the host imports no game's module (it asks the kind, its presenter and its clicks).

Each loading check runs in a fresh interpreter: in this process pytest and other tests have loaded everything.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def loaded_by(statement: str) -> set[str]:
    """The top-level names and the `render.*` modules in `sys.modules` after running `statement` in a new Python."""
    probe = f"{statement}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          check=True)
    names: list[str] = json.loads(done.stdout.strip().splitlines()[-1])
    return {name.split(".")[0] for name in names} | {name for name in names if name.startswith("render.")}


@pytest.mark.parametrize("library", ["discord", "PIL"])
def test_the_game_service_loads_neither_discord_nor_pillow(library: str) -> None:
    assert library not in loaded_by("import bot.host.service")


def test_the_game_service_names_no_game() -> None:
    """The service's modules import no game's module: what differs per game, they ask the kind."""
    found = {module: _game_modules(names) for module, names in _imports_of("bot.host.service").items()}
    assert {module: names for module, names in found.items() if names} == {}


def test_seat_colours_and_words_load_without_pillow() -> None:
    found = loaded_by("import render.core.theme, render.core.plural")
    assert "PIL" not in found


def test_render_loads_a_picture_module_only_when_it_is_used() -> None:
    assert "render.gah.turn" not in loaded_by("import render.gah")
    found = loaded_by("from render.gah import turn_png")
    assert {"render.gah.turn", "PIL"} <= found


def test_a_name_render_does_not_have_is_an_attribute_error() -> None:
    import render.gah

    with pytest.raises(AttributeError, match="no attribute 'tile_png'"):
        render.gah.tile_png  # noqa: B018 - the access is the test


def modules_loaded_by(statement: str, prefix: str) -> set[str]:
    """The modules named `prefix`... in `sys.modules` after running `statement` in a new Python."""
    probe = (f"{statement}\nimport json, sys\n"
             f"print(json.dumps(sorted(m for m in sys.modules if m.startswith({prefix!r}))))")
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          check=True)
    return set(json.loads(done.stdout.strip().splitlines()[-1]))


SHARED_RENDER = {"render", "render.core", "render.core.theme", "render.core.draw", "render.core.plural",
                 "render.core.fit", "render.core.i18n", "render.core.lang", "render.core.glossary"}
"""The picture modules every game uses: colours and fonts, drawing helpers, counted words, fitting a size."""


def test_overbooking_pictures_load_no_grand_austria_hotel_picture_or_rule() -> None:
    statement = "import render.overbooking"
    foreign = {m for m in modules_loaded_by(statement, "render") - SHARED_RENDER
               if not m.startswith("render.overbooking")}
    assert "render.overbooking.hotels" in modules_loaded_by(statement, "render")
    assert foreign == set()
    rules = {m for m in modules_loaded_by(statement, "engine") if m != "engine"
             and not m.startswith(("engine.core", "engine.overbooking"))}
    assert rules == set()


def test_grand_austria_hotel_pictures_load_nothing_of_overbooking() -> None:
    statement = "import render.gah.board, render.gah.turn, render.gah.hotel, render.gah.hand, render.gah.scoreboard"
    assert "render.gah.turn" in modules_loaded_by(statement, "render")
    assert modules_loaded_by(statement, "render.overbooking") == set()
    assert modules_loaded_by(statement, "engine.overbooking") == set()


GAMES = {
    "gah": ("engine.gah", "render.gah", "bot.games.gah"),
    "overbooking": ("engine.overbooking", "render.overbooking", "bot.games.overbooking"),
}
"""Each game's package in each layer."""

GAME_ENTRY = {
    "gah": "import engine.gah.game, engine.gah.ai, render.gah.turn, bot.games.gah.kind, bot.games.gah.presenter",
    "overbooking": "import engine.overbooking.ai, render.overbooking, bot.games.overbooking.kind, "
                   "bot.games.overbooking.presenter",
}
"""A statement that loads one game in every layer: its rules, AI, pictures, kind and presenter."""


@pytest.mark.parametrize("game", sorted(GAMES))
def test_one_game_in_every_layer_loads_nothing_of_the_other(game: str) -> None:
    loaded = set()
    for layer in ("engine", "render", "bot"):
        loaded |= modules_loaded_by(GAME_ENTRY[game], layer)
    own = GAMES[game]
    assert any(m.startswith(own[2]) for m in loaded)
    foreign = {m for other, packages in GAMES.items() if other != game for m in loaded
               if m.startswith(tuple(f"{p}." for p in packages) + packages)}
    assert foreign == set()


def test_the_host_finds_every_game_of_the_games_package() -> None:
    from bot.host.kinds import KINDS, discover

    assert set(discover()) == set(KINDS) == set(GAMES)


def _imports_of(package: str) -> dict[str, set[str]]:
    """Module -> the modules it imports (`from m import name` counts as m), for every module under `package`."""
    import ast

    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / package.replace(".", "/")).rglob("*.py")):
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        names: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names.add(node.module)
                names |= {f"{node.module}.{alias.name}" for alias in node.names
                          if (ROOT / f"{node.module}.{alias.name}".replace(".", "/")).with_suffix(".py").exists()}
            elif isinstance(node, ast.Import):
                names |= {alias.name for alias in node.names}
        found[module] = names
    return found


GAME_PACKAGES = tuple(p for packages in GAMES.values() for p in packages)



def _game_modules(names: set[str]) -> set[str]:
    """The modules among `names` that belong to a game's package (the deepest module name, not a name in it)."""
    modules = {n for n in names if n.startswith(tuple(f"{p}." for p in GAME_PACKAGES)) or n in GAME_PACKAGES}
    return {n for n in modules if not any(other.startswith(n + ".") for other in modules)}


def test_the_host_imports_no_game() -> None:
    """What differs per game the host asks the kind (`GameKind`), its presenter (`Presenter`) and its clicks
    (`TurnClicks`); no module of bot/host names a game's module (a lazy import inside a function counts too)."""
    found = {module: _game_modules(names) for module, names in _imports_of("bot.host").items()}
    assert {module: names for module, names in found.items() if names} == {}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_game_imports_another(game: str) -> None:
    others = tuple(p for other, packages in GAMES.items() if other != game for p in packages)
    for package in GAMES[game]:
        for module, names in _imports_of(package).items():
            assert not {n for n in names if n.startswith(others)}, module


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_game_gives_its_own_help_page(game: str) -> None:
    """`/<command> help` is the game's own page (`Presenter.texts`), not a page the host keeps for one game."""
    from bot.host.kinds import KINDS

    kind = KINDS[game]
    text = kind.presenter().texts(kind.provisional).command_help
    assert text.startswith(f"**{kind.title}") and f"`/{kind.command} new`" in text
    assert len({other.presenter().texts(other.provisional).command_help for other in KINDS.values()}) == len(KINDS)
