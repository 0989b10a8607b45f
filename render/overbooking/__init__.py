"""Pillow pictures of an Overbooking game (800 px wide, phone-first): the hotels, a hand, the step-by-step
resolution of each hotel for the round-end post, and the scoreboard. Reads engine state, never changes it."""

from render.overbooking.hand import hand_png
from render.overbooking.hotels import hotels_png
from render.overbooking.resolution import resolution_png
from render.overbooking.scoreboard import scoreboard_png

__all__ = ["hand_png", "hotels_png", "resolution_png", "scoreboard_png"]
