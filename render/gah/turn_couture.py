"""The turn picture's line of the guests waiting in the solo opponent's Hautel Couture (Let's Waltz module 3 in
solo): whole names, shortened only as far as the line needs (issue 52 item 8: nothing cut short)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.gah.cards import ITEMS, guests, space_name
from engine.gah.state import PlayerState
from render.core.draw import item_icon, paste, text
from render.core.i18n import Translator
from render.core.lang import ENGLISH, card_name
from render.core.theme import font


def couture_guests(image: Image.Image, draw: ImageDraw.ImageDraw, opponent: PlayerState, reserved: list[int],
                   cy: int, span: tuple[int, int], _: Translator = ENGLISH) -> bool:
    """Hautel Couture: each guest waiting in the opponent's café, its reserved room and the items it still wants
    (outlined, as in the café), on one line centred at `cy` between x = `span` (left, right); False if none
    waits. The guests are named in `_`'s language (the glossary's names)."""
    x, right = span
    shown = False
    waiting = [(guests()[table.guest], table, space) for table, space in zip(opponent.cafe, reserved, strict=False)
               if table.guest is not None]
    names = [card_name(_, "guest", guest.id, guest.name) for guest, _table, _space in waiting]
    face = font(22, True, True)
    wanted = [[ITEMS[i] for i in range(4) for _copy in range(guest.order[i] - table.served[i])]
              for guest, table, _space in waiting]
    # never cut a name: each guest's label from the longest to the shortest form, the widest shortened first
    # until the line fits: "Senior Legal Secretary 4-2:", "Senior Legal Secretary:", "Secretary 4-2:", "4-2:"
    forms = [[f"{name} {space_name(space)}:", f"{name}:", f"{name.split()[-1]} {space_name(space)}:",
              f"{space_name(space)}:"] for name, (_guest, _table, space) in zip(names, waiting, strict=True)]
    chosen = [0] * len(forms)

    def width() -> float:
        return sum(face.getlength(forms[k][chosen[k]]) + 16 + 26 * len(wanted[k]) + 12 for k in range(len(forms)))

    while width() > right - x and any(choice < 3 for choice in chosen):
        widest = max((k for k in range(len(forms)) if chosen[k] < 3),
                     key=lambda k: face.getlength(forms[k][chosen[k]]))
        chosen[widest] += 1
    for number, wants in enumerate(wanted):
        x += text(draw, (x, cy), forms[number][chosen[number]], 22, bold=True, condensed=True, anchor="lm") + 16
        for item in wants:
            paste(image, item_icon(item, 24, hollow=True), x, cy)
            x += 26
        x += 12
        shown = True
    return shown
