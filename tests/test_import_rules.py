"""What importing a layer loads (issue 54, item 1): the game service knows no Discord and draws no picture, so
`import bot.service` loads neither discord.py nor Pillow; the pictures' colours and words (`render.theme`,
`render.plural`) load without Pillow; and `import render` alone loads no picture module until one is used.

Each check runs in a fresh interpreter: in this process pytest and other tests have loaded everything already.
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
    assert library not in loaded_by("import bot.service")


def test_seat_colours_and_words_load_without_pillow() -> None:
    found = loaded_by("import render.theme, render.plural")
    assert "PIL" not in found


def test_render_loads_a_picture_module_only_when_it_is_used() -> None:
    assert "render.turn" not in loaded_by("import render")
    found = loaded_by("from render import turn_png")
    assert {"render.turn", "PIL"} <= found


def test_a_name_render_does_not_have_is_an_attribute_error() -> None:
    import render

    with pytest.raises(AttributeError, match="no attribute 'tile_png'"):
        render.tile_png  # noqa: B018 - the access is the test


def modules_loaded_by(statement: str, prefix: str) -> set[str]:
    """The modules named `prefix`... in `sys.modules` after running `statement` in a new Python."""
    probe = (f"{statement}\nimport json, sys\n"
             f"print(json.dumps(sorted(m for m in sys.modules if m.startswith({prefix!r}))))")
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          check=True)
    return set(json.loads(done.stdout.strip().splitlines()[-1]))


SHARED_RENDER = {"render", "render.theme", "render.draw", "render.plural", "render.fit"}
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
    statement = "import render.board, render.turn, render.hotel, render.hand, render.scoreboard"
    assert "render.turn" in modules_loaded_by(statement, "render")
    assert modules_loaded_by(statement, "render.overbooking") == set()
    assert modules_loaded_by(statement, "engine.overbooking") == set()
