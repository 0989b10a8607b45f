"""`python -m render.gah.demo`: play a whole game with AI players and write its pictures and log.

Example: python -m render.gah.demo --players 3 --seed 7 --out demo/

Writes, into the output folder: `after_round{N}_board.png` and `after_round{N}_hotel_{name}.png` after every round
(the board then shows the next round's fresh dice; after round 7 the finished game), `final_hand_{name}.png`,
`final_scoreboard.png` and `game_log.txt` (one event sentence per line). With `--turns`, also the turn post's
picture after every turn, showing the hotel of the player on turn next as the post that pings them does:
`turn{N}_{name}.png` (800 px wide) and `turn{N}_{name}_390.png` (shrunk to a phone's
390 px, to check that it stays readable). `--language pl` (or `de`) draws the pictures in that language (the log stays
English: its words are the bot's, a later step).
"""

from __future__ import annotations

import argparse
import logging
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from PIL import Image

from engine.core.actions import Event
from engine.gah import GameConfig, apply, new_game
from engine.gah.ai import LEVELS, policy
from engine.gah.state import GameState
from render.core.i18n import ENGLISH, LANGUAGES
from render.gah.board import board_png
from render.gah.hand import hand_png
from render.gah.hotel import hotel_png
from render.gah.scoreboard import scoreboard_png
from render.gah.turn import turn_image, turn_png
from render.gah.turn_marks import marks_for

log = logging.getLogger(__name__)

NAMES = ("ann", "bob", "cy", "dee")


def ai_level() -> str:
    """The AI level the demo plays: "greedy" if the engine has it, else "random"."""
    return "greedy" if "greedy" in LEVELS else "random"


def _safe(name: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in name) or "player"


def _write(path: Path, data: bytes) -> None:
    path.write_bytes(data)
    log.debug("wrote %s (%d bytes)", path, len(data))


def write_round(state: GameState, out: Path, prefix: str, language: str = ENGLISH) -> list[Path]:
    """Write the board and every hotel of `state`, in `language`, with file names starting with `prefix`; returns the
    paths."""
    written = [out / f"{prefix}_board.png"]
    _write(written[0], board_png(state, language=language))
    for player in state.players:
        path = out / f"{prefix}_hotel_{_safe(player.name)}.png"
        _write(path, hotel_png(state, player.name, language=language))
        written.append(path)
    return written


PHONE_WIDTH = 390
"""Width (px) of a phone's chat column: the turn picture is also written shrunk to it."""


def write_turn(state: GameState, seat: int, out: Path, prefix: str, events: Sequence[Event] = (),
               language: str = ENGLISH) -> list[Path]:
    """Write the turn picture of `state` for `seat`, and the same shrunk to `PHONE_WIDTH`; returns the paths.
    `events` (since the seat's previous picture) give the gold frames, as the bot draws them
    (`render.gah.turn_marks.marks_for`); its texts in `language`."""
    name = _safe(state.players[seat].name)
    full, phone = out / f"{prefix}_{name}.png", out / f"{prefix}_{name}_{PHONE_WIDTH}.png"
    marks = marks_for(events, state.players[seat].name)
    _write(full, turn_png(state, seat, marks=marks, language=language))
    image = turn_image(state, seat, marks=marks, language=language)
    image.resize((PHONE_WIDTH, round(image.height * PHONE_WIDTH / image.width)), Image.Resampling.LANCZOS).save(phone)
    return [full, phone]


def play(players: int, seed: int, out: Path, level: str | None = None, max_actions: int = 20_000,
         turns: bool = False, language: str = ENGLISH) -> list[Path]:
    """Play one game with AI seats and write its pictures and log into `out`; returns the files written. With
    `turns`, also the turn picture (and its phone-sized copy) after every turn, for the player on turn next (the
    one its post pings), the dice taken since that player's turn framed. The pictures are drawn in `language`.

    Raises:
        RuntimeError: the game did not end within `max_actions` (an engine bug).
    """
    out.mkdir(parents=True, exist_ok=True)
    level = level or ai_level()
    config = GameConfig(players=list(NAMES[:players]), seed=seed)
    seats = [policy(level, seed * 31 + k) for k in range(players)]
    state = new_game(config)
    lines: list[str] = []
    written: list[Path] = []
    since: list[Event] = []  # the events since the previous turn picture
    actions = turn_count = 0
    while not state.is_over:
        index = state.current_index
        assert index is not None
        before = state.round
        state, events = apply(state, seats[index].choose(state))
        lines.extend(event.text for event in events)
        since.extend(events)
        if turns and any(event.kind in ("end_turn", "pass") for event in events):
            turn_count += 1  # the picture of the post that pings the next player: their hotel (issue 52 item 5)
            shown = state.current_index if state.current_index is not None else index
            written += write_turn(state, shown, out, f"turn{turn_count}", since, language)
            since = []
        actions += 1
        if actions > max_actions:
            raise RuntimeError(f"game with seed {seed} did not end after {max_actions} actions")
        if state.round != before and before >= 1:
            written += write_round(state, out, f"after_round{before}", language)
    written += write_round(state, out, f"after_round{state.round}", language)
    for player in state.players:
        path = out / f"final_hand_{_safe(player.name)}.png"
        _write(path, hand_png(state, player.name, language=language))
        written.append(path)
    path = out / "final_scoreboard.png"
    _write(path, scoreboard_png(state, language=language))
    written.append(path)
    path = out / "game_log.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    written.append(path)
    return written


def build_parser() -> argparse.ArgumentParser:
    """The command-line options."""
    parser = argparse.ArgumentParser(prog="python -m render.gah.demo", description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3, choices=(2, 3, 4), help="players (default 3)")
    parser.add_argument("--seed", type=int, default=7, help="game seed (default 7)")
    parser.add_argument("--out", type=Path, default=Path("demo"), help="output folder (default demo/)")
    parser.add_argument("--turns", action="store_true", help="also the turn picture after every turn")
    parser.add_argument("--ai", default=None, choices=LEVELS, help=f"AI level for every seat (default {ai_level()})")
    parser.add_argument("--language", default=ENGLISH, choices=(ENGLISH, *LANGUAGES),
                        help="the pictures' language (default en)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the demo; returns the exit code."""
    args = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    started = time.perf_counter()
    written = play(args.players, args.seed, args.out, args.ai, turns=args.turns, language=args.language)
    log.info("wrote %d files to %s in %.1f s", len(written), args.out, time.perf_counter() - started)
    return 0


if __name__ == "__main__":
    sys.exit(main())
