"""Pillow pictures of a game state (board, hotel, hand, scoreboard). Reads engine state, never changes it."""
