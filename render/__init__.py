"""Pillow pictures of a game state (board, hotel, hand, scoreboard, the turn post's one picture). Reads engine state,
never changes it."""

from render.board import board_png, emperor_png
from render.fit import fit_png
from render.hand import hand_png
from render.hotel import hotel_png
from render.scoreboard import scoreboard_png
from render.turn import turn_png

__all__ = ["board_png", "emperor_png", "fit_png", "hand_png", "hotel_png", "scoreboard_png", "turn_png"]
