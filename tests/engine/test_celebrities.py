"""Let's Waltz module 2, Celebrities (issue 17): coloured dice, the lounge and its chits, the dustbin, and one
test per celebrity.

Sources: player aid (shared/reference/rules/gah-lets-waltz-and-solo-player-aid.txt) "Colored Dice (Module 2)",
"Between Turns", "Celebrity Cleanup (Module 2)"; celebrity texts gah-raw MrIee celebrities (gah-data.md 9a).
"""

from __future__ import annotations

from engine import apply, legal_actions, parse_action
from engine.gah.context import Ctx
from engine.gah.flow import STEPS
from engine.gah.mechanics import advance_emperor, gain_krones, gain_vp, occupy_room
from engine.gah.state import PREPARED, Frame, GameState
from engine.gah.waltz.cards import celebrities, lounge_colors
from engine.gah.waltz.celebrities.lounge import cleanup
from engine.gah.waltz.state import IN_DUSTBIN
from tests.engine.scenario import fresh, play, texts, turn

CELEBRITIES = frozenset({"celebrities"})
AGATHA, EINSTEIN, CHAPLIN, MAGIE, TOLKIEN, GANDHI, CURIE, FREUD, CHURCHILL = 1, 2, 3, 4, 6, 7, 8, 11, 12
RED, BLUE, YELLOW = (lounge_colors().index(c) for c in ("red", "blue", "yellow"))


def lounge_turn(dice: list[int], colored: list[int], lounge: list[int], chits: list[int] | None = None,
                held: list[int] | None = None, **options: object) -> GameState:
    """Seat 0 on turn with module 2; `colored` gives each coloured die's space (-1: dustbin)."""
    state = turn(0, dice=dice, modules=CELEBRITIES, **options)  # type: ignore[arg-type]
    waltz = state.waltz
    assert waltz is not None
    everything = set(celebrities())
    part = waltz.celebrities
    part.colored, part.lounge, part.chits = list(colored), list(lounge), chits or [1, 1, 1]
    state.players[0].celebrities = list(held or [])
    waltz.celebrities.celebrity_discard = []
    waltz.celebrities.celebrity_deck = sorted(everything - set(lounge) - set(held or []))
    return fresh(state)


def holding(celebrity: int, **options: object) -> GameState:
    """Seat 0 on turn holding `celebrity` this round (no coloured die on the board)."""
    others = [c for c in celebrities() if c != celebrity][:3]
    return lounge_turn(colored=[-1, -1, -1], lounge=others, held=[celebrity], **options)  # type: ignore[arg-type]


# ----- coloured dice --------------------------------------------------------------------------------------


def test_coloured_die_costs_one_krone_per_other_die_and_scores_the_celebrity() -> None:
    """Aid: "Pay 1 krone for each other die on the space, regardless of colour", take the matching celebrity,
    score its VP, then the action with every die counting for strength."""
    state = lounge_turn(dice=[0, 0, 3, 0, 0, 0], colored=[3, -1, -1], lounge=[GANDHI, TOLKIEN, CHAPLIN],
                        chits=[2, 1, 1], money=5)
    state, _ = play(state, "die 3 red")
    ann = state.players[0]
    assert ann.money == 3
    assert ann.vp_sources["celebrities"] == 2
    assert state.waltz is not None and ann.celebrities == [GANDHI] and state.waltz.celebrities.lounge[RED] is None
    assert state.pending[-1].kind == "prepare_rooms" and len(state.pending[-1].data["discounts"]) == 3


def test_coloured_die_is_not_offered_without_the_krones_for_the_other_dice() -> None:
    state = lounge_turn(dice=[0, 0, 3, 0, 0, 0], colored=[3, -1, -1], lounge=[GANDHI, TOLKIEN, CHAPLIN], money=1)
    options = texts(state)
    assert "die 3" in options and "die 3 red" not in options
    state.players[0].money = 2
    assert "die 3 red" in texts(fresh(state)) and "die 3 red boost" not in texts(state)


def test_a_space_with_only_a_coloured_die_offers_no_white_die() -> None:
    state = lounge_turn(dice=[0, 1, 0, 0, 0, 0], colored=[-1, 2, -1], lounge=[GANDHI, TOLKIEN, CHAPLIN])
    dice_options = [t for t in texts(state) if t.startswith("die 2")]
    assert dice_options == ["die 2 blue", "die 2 blue boost"]


def test_celebrity_cleanup_cycles_the_chits_and_refills_the_lounge() -> None:
    """Aid "Celebrity Cleanup": taken ones discarded; untaken: no chit -> 2, 2 -> 4, 4 -> discarded; refill."""
    state = lounge_turn(dice=[0] * 6, colored=[0, -1, -1], lounge=[GANDHI, TOLKIEN, CHAPLIN],
                        chits=[1, 1, 4], held=[FREUD])
    waltz = state.waltz
    assert waltz is not None
    waltz.celebrities.lounge[RED] = None  # its die was taken this round
    waltz.celebrities.celebrity_discard.append(GANDHI)
    before_top = waltz.celebrities.celebrity_deck[-1]
    ctx = Ctx(state)
    cleanup(ctx)
    assert state.players[0].celebrities == [] and {FREUD, GANDHI} <= set(waltz.celebrities.celebrity_discard)
    assert waltz.celebrities.lounge[RED] == before_top and waltz.celebrities.chits[RED] == 1
    assert waltz.celebrities.lounge[BLUE] == TOLKIEN and waltz.celebrities.chits[BLUE] == 2
    assert CHAPLIN in waltz.celebrities.celebrity_discard and waltz.celebrities.lounge[YELLOW] not in (None, CHAPLIN)
    assert waltz.celebrities.chits[YELLOW] == 1


def test_celebrity_chit_two_flips_to_four() -> None:
    state = lounge_turn(dice=[0] * 6, colored=[-1, -1, -1], lounge=[GANDHI, TOLKIEN, CHAPLIN], chits=[2, 1, 1])
    cleanup(Ctx(state))
    assert state.waltz is not None and state.waltz.celebrities.chits == [4, 2, 2]


def test_celebrity_stack_is_reshuffled_from_the_discards_when_empty() -> None:
    state = lounge_turn(dice=[0] * 6, colored=[0, -1, -1], lounge=[GANDHI, TOLKIEN, CHAPLIN])
    waltz = state.waltz
    assert waltz is not None
    waltz.celebrities.lounge[RED] = None
    part = waltz.celebrities
    part.celebrity_discard, part.celebrity_deck = [*part.celebrity_deck, GANDHI], []
    ctx = Ctx(state)
    cleanup(ctx)
    assert waltz.celebrities.lounge[RED] is not None and waltz.celebrities.celebrity_deck
    assert any(e.kind == "celebrity_reshuffle" for e in ctx.events)


def _reroll_state(dice: list[int], colored: list[int]) -> tuple[GameState, Ctx]:
    state = lounge_turn(dice=dice, colored=colored, lounge=[GANDHI, TOLKIEN, CHAPLIN])
    for player in state.players:
        player.covered = [player.tile[0]]
    state.cycle, state.turn, state.pending = [], None, []
    return state, Ctx(state)


def test_reroll_puts_a_white_die_in_the_dustbin_while_one_is_left() -> None:
    """Aid "Between Turns": "in Module 2, you must choose a white die if any are present"."""
    state, ctx = _reroll_state([1, 0, 2, 0, 0, 1], [3, 3, 6])
    STEPS["auto:next_turn"](ctx, Frame("auto:next_turn", 0))
    assert state.dustbin == 1 and sum(state.dice) == 3
    assert state.waltz is not None and all(1 <= where <= 6 for where in state.waltz.celebrities.colored)


def test_reroll_with_only_coloured_dice_left_asks_which_goes_to_the_dustbin() -> None:
    state, ctx = _reroll_state([0, 1, 0, 0, 1, 0], [2, 5, -1])
    STEPS["auto:next_turn"](ctx, Frame("auto:next_turn", 0))
    assert state.pending[-1].kind == "dustbin_die"
    options = [str(a) for a in legal_actions(state)]
    assert options == ["discard red die", "discard blue die"]
    state, _ = apply(state, parse_action(state, "discard blue die"))
    assert state.waltz is not None and state.waltz.celebrities.colored[BLUE] == IN_DUSTBIN and state.dustbin == 1
    assert sum(state.dice) == 1 and 1 <= state.waltz.celebrities.colored[RED] <= 6


# ----- one test per celebrity ------------------------------------------------------------------------------


def test_agatha_christie_offers_a_staff_card_two_krones_cheaper_after_an_emperor_advance() -> None:
    state = holding(AGATHA, dice=[0, 0, 0, 1, 0, 0], hand=["Bootblack"], money=10)
    state, _ = play(state, "die 4", "emperor 1 krones 0")
    top = state.pending[-1]
    assert top.kind == "play_staff" and top.data["discount"] == 2 and top.data["source"] == "Agatha Christie"


def test_albert_einstein_swaps_kitchen_items_once_per_round() -> None:
    state = holding(EINSTEIN, dice=[0] * 6, kitchen=[2, 1, 0, 0])
    state, _ = play(state, "swap kitchen items (Einstein)", "return strudel", "return strudel", "done giving")
    assert "item strudel" not in texts(state) and "item cake" in texts(state)
    state, _ = play(state, "item wine", "item coffee")
    assert state.players[0].kitchen == [0, 1, 1, 1]
    assert "swap kitchen items (Einstein)" not in texts(state)


def test_charlie_chaplin_adds_two_vp_per_gain_and_not_from_itself() -> None:
    state = holding(CHAPLIN, dice=[0] * 6)
    before = state.players[0].vp
    gain_vp(Ctx(state), 0, 3, "guests")
    assert state.players[0].vp == before + 5


def test_elizabeth_magie_offers_a_room_one_krone_cheaper_after_gaining_krones() -> None:
    state = holding(MAGIE, dice=[0] * 6)
    gain_krones(Ctx(state), 0, 1)
    top = state.pending[-1]
    assert top.kind == "prepare_rooms" and top.data["discounts"] == [1] and top.data["source"] == "Elizabeth Magie"


def test_jrr_tolkien_scores_two_vp_per_occupied_room() -> None:
    state = holding(TOLKIEN, dice=[0] * 6, rooms="1-1:P")
    before = state.players[0].vp
    occupy_room(Ctx(state), 0, 0)
    assert state.players[0].vp - before >= 2 and state.players[0].vp_sources["celebrities"] == 2


def test_mahatma_gandhi_makes_preparing_rooms_free() -> None:
    state = holding(GANDHI, dice=[0, 0, 1, 0, 0, 0], rooms="1-1:O 2-1:P", money=0)
    state, _ = play(state, "die 3")
    assert "room 3-1" in texts(state)
    state, _ = play(state, "room 3-1")
    assert state.players[0].money == 0 and state.players[0].rooms[10] == PREPARED


def test_marie_curie_gives_two_items_after_playing_a_staff_card() -> None:
    state = holding(CURIE, dice=[0, 0, 0, 0, 3, 0], hand=["Bootblack"], money=10)
    state, _ = play(state, "die 5", "play Bootblack")
    kinds = [f.kind for f in state.pending]
    assert "choose_items" in kinds
    frame = next(f for f in state.pending if f.kind == "choose_items")
    assert frame.data["count"] == 2 and frame.data["source"] == "Marie Curie"


def test_sigmund_freud_completes_an_order_missing_one_item_but_not_a_one_item_order() -> None:
    state = holding(FREUD, dice=[0] * 6, cafe=[(56, [1, 0, 1, 0]), (49, [0, 0, 0, 0])], rooms="1-1:P 1-2:P 1-3:P")
    options = texts(state)
    assert any(t.startswith("checkin table 1") for t in options)
    assert not any(t.startswith("checkin table 2") for t in options)


def test_winston_churchill_adds_one_emperor_step_per_advance() -> None:
    state = holding(CHURCHILL, dice=[0] * 6, emperor=0)
    advance_emperor(Ctx(state), 0, 2)
    assert state.players[0].emperor == 3


def test_celebrity_effects_end_at_the_cleanup() -> None:
    """Aid: a celebrity's effect lasts "for the rest of the current round"; the clean-up takes it away."""
    state = holding(CHURCHILL, dice=[0] * 6, emperor=0)
    cleanup(Ctx(state))
    advance_emperor(Ctx(state), 0, 2)
    assert state.players[0].emperor == 2
