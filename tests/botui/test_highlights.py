"""Issue 42 item 4: the final post's highlights and the final pictures' scores, from a whole game played by AIs."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from bot.games.gah.highlights import final_totals, highlight_lines, highlights_text
from engine import Event, GameConfig, GameState, apply, final_scores, new_game, player_view
from engine.gah.ai import policy
from render.gah.hotel import vp_shown


@dataclass(frozen=True)
class Logged:
    events: tuple[Event, ...]
    undone: bool = False


@cache
def whole_game() -> tuple[GameState, GameState, tuple[Logged, ...]]:
    """A 3-player game of greedy AIs: (a state in round 4, the final state, every move's events)."""
    state = new_game(GameConfig(players=["ann", "bob", "cy"], seed=3))
    players = [policy("greedy", seat) for seat in range(3)]
    moves, middle = [], state
    while not state.is_over:
        state, events = apply(state, players[state.current_index or 0].choose(state))
        moves.append(Logged(tuple(events)))
        middle = state if state.round == 4 else middle
    return middle, state, tuple(moves)


def test_the_highlights_tell_politics_emperor_scorings_and_the_final_scoring() -> None:
    _, final, moves = whole_game()
    events = [event for move in moves for event in move.events]
    lines = highlight_lines(moves, final_totals(moves), {p.name: p.vp for p in final.players})
    claims = [e for e in events if e.kind == "politics"]
    assert claims and sum("claimed the politics card" in line for line in lines) == len(claims)
    scorings = [line for line in lines if line.startswith("Emperor scoring after round ")]
    assert [line.split(":")[0] for line in scorings] == [f"Emperor scoring after round {n}" for n in (3, 5, 7)]
    totals = final_scores(final)
    added = next(line for line in lines if line.startswith("In the final scoring "))
    for player in final.players:
        gain = totals[player.name].total - player.vp
        assert (f"{player.name} gained {gain} VP" if gain > 0 else f"{player.name} lost {-gain} VP") in added
    biggest = next(line for line in lines if line.startswith("The biggest scoring turns: "))
    assert biggest.count(" VP in round ") == 3
    assert all(line.endswith(".") for line in lines), lines
    assert highlights_text(moves, {p.name: p.vp for p in final.players}).startswith("**Highlights**\n• ")


def test_an_undone_claim_and_a_game_without_such_events_tell_nothing() -> None:
    claim = Event("politics", "ann", 'ann claims the politics card "Have 3 rooms".', {"card": 1})
    assert highlight_lines([Logged((claim,), undone=True)]) == []
    assert highlights_text([Logged((Event("place", "ann", "ann places a card."),))], {"ann": 0}) == ""


def test_the_pictures_show_the_final_score_once_the_game_is_over() -> None:
    middle, final, _ = whole_game()
    for seat, player in enumerate(middle.players):
        assert vp_shown(player_view(middle, None), seat) == player.vp
    totals = final_scores(final)
    assert any(totals[p.name].total != p.vp for p in final.players)
    for seat, player in enumerate(final.players):
        assert vp_shown(player_view(final, None), seat) == totals[player.name].total


def test_each_game_tells_its_highlights_through_its_presenter() -> None:
    """The final post asks the game's presenter (`Presenter.final`); Grand Austria Hotel's counts the final
    scoring from its players' VP before it, Overbooking has none to tell."""
    from bot.games.overbooking import presenter as overbooking_presenter
    from bot.host.kinds import KINDS

    _, final, moves = whole_game()
    told = KINDS["gah"].presenter().final(final, moves).highlights
    assert told == highlights_text(moves, {p.name: p.vp for p in final.players}) and "In the final scoring " in told
    assert overbooking_presenter.highlights(final, moves) == ""  # type: ignore[arg-type]
