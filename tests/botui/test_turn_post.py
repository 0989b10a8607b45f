"""Whom a turn post pings and how it names who is next (issue 14 item 2): a person is pinged only when the turn
passes to them from someone else; a player on turn again right after their own move goes on in their panel."""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.gah.kind import KIND
from bot.host import permissions, turn_post


@dataclass(frozen=True)
class FakeMove:
    actor: str
    name: str = "ann"
    undone: bool = False


ANN, BOB = 11, 12


def test_the_player_who_moved_last_is_not_pinged_again() -> None:
    moves = [FakeMove("user:12", "bob"), FakeMove("user:11")]
    assert turn_post.to_ping([ANN], moves) == []
    assert turn_post.to_ping([BOB], moves) == [BOB]


def test_a_turn_that_comes_back_after_an_ai_moved_is_a_new_ping() -> None:
    moves = [FakeMove("user:11"), FakeMove("ai:greedy", "cy")]
    assert turn_post.to_ping([ANN], moves) == [ANN], "the turn passed to ann from cy"
    assert turn_post.to_ping([ANN], [FakeMove("ai:greedy", "cy")]) == [ANN]


def test_an_undone_move_or_a_skip_does_not_count() -> None:
    assert turn_post.to_ping([ANN], [FakeMove("user:12", "bob"), FakeMove("user:11", undone=True)]) == [ANN]
    assert turn_post.to_ping([ANN], [FakeMove("user:11"), FakeMove("skip:99")]) == [ANN]


def test_everyone_drafting_at_once_is_pinged() -> None:
    assert turn_post.to_ping([ANN, BOB], [FakeMove("user:11")]) == [ANN, BOB]


def test_next_line_names_without_mention_who_goes_on() -> None:
    assert turn_post.next_line([(ANN, "ann")], [ANN], []) == "**Next:** <@11> - press *Take my turn*."
    assert turn_post.next_line([(ANN, "a_n")], [], []) == "**Next:** a\\_n again - carry on in your turn panel."
    assert turn_post.next_line([], [], ["cy"]) == "**Next:** cy (AI)"


def test_again_note_tells_a_second_turn_from_an_ai_turn_in_between() -> None:
    assert "second turn in a row" in turn_post.again_note([FakeMove("user:11")])
    assert turn_post.again_note([FakeMove("user:11"), FakeMove("ai:greedy", "cy")]).startswith("**cy played")


def test_missing_permissions_are_named_as_discord_shows_them() -> None:
    import discord

    granted = discord.Permissions(view_channel=True, send_messages=True, read_message_history=True)
    assert permissions.missing(granted) == ["Attach Files", "Embed Links"]
    assert permissions.missing(granted, thread=True)[-1] == "Send Messages in Threads"
    text = permissions.refusal(["Attach Files", "Embed Links"], "open a game")
    assert "Attach Files and Embed Links permissions" in text


def test_a_quiet_turn_names_the_player_without_a_ping_and_with_the_button() -> None:
    """Issue 42 item 10: Overbooking's later cards of a round are the turn the player was pinged for."""
    line = turn_post.next_line([(5, "ann")], [], [], quiet=True)
    assert line == "**Next:** ann - press *Take my turn*." and "<@" not in line


@dataclass(frozen=True)
class FakeEvent:
    kind: str
    player: str | None = None


@dataclass(frozen=True)
class LoggedMove:
    actor: str
    seat: int
    events: tuple[FakeEvent, ...] = ()
    undone: bool = False
    kind: str = "action"


MILESTONES = frozenset({"round", "emperor_scoring", "game_over"})


def test_a_player_who_goes_on_after_their_own_move_gets_no_post_until_there_is_news() -> None:
    """Issue 42 item 5: no "again" posts; a round's start (a solo game's round) or an Emperor scoring is news."""
    own = [LoggedMove("user:11", 0, (FakeEvent("die", "ann"), FakeEvent("turn", "ann")))]
    assert not turn_post.has_news([ANN], own, MILESTONES)
    assert turn_post.has_news([BOB], own, MILESTONES), "the turn passed to bob"
    assert turn_post.has_news([ANN], [*own, LoggedMove("ai:greedy", 1)], MILESTONES), "an AI moved meanwhile"
    assert turn_post.has_news([ANN, BOB], own, MILESTONES), "a draft round"
    for milestone in ("round", "emperor_scoring", "game_over"):
        moved = [LoggedMove("user:11", 0, (FakeEvent(milestone),))]
        assert turn_post.has_news([ANN], moved, MILESTONES), milestone
    undone = [LoggedMove("user:11", 0, (FakeEvent("round"),), undone=True), *own]
    assert not turn_post.has_news([ANN], undone, MILESTONES), "a round start that was taken back is no news"


def test_the_picture_shows_the_seat_with_most_news() -> None:
    """Issue 42 item 2: the hotel of the player whose moves the post tells, not the first one named."""
    moves = [LoggedMove("user:12", 1, (FakeEvent("end_turn", "bob"), FakeEvent("turn", "cy"))),
             LoggedMove("ai:greedy", 2, tuple(FakeEvent("vp", "cy") for _ in range(4))),
             LoggedMove("ai:greedy", 2, (FakeEvent("checkin", "cy"),))]
    assert turn_post.busiest_seat(moves, 0) == 2
    assert turn_post.busiest_seat([LoggedMove("user:11", 0, (FakeEvent("die"), FakeEvent("turn", "bob"))),
                                   LoggedMove("user:12", 1, (FakeEvent("die"), FakeEvent("end_turn")))], 3) == 1, \
        "a tie: who moved last"
    assert turn_post.busiest_seat([LoggedMove("user:11", 0, (FakeEvent("die"),), undone=True)], 3) == 3
    scoring = [LoggedMove("user:12", 1, (FakeEvent("end_turn", "bob"), FakeEvent("emperor_scoring"))),
               *(LoggedMove("ai:greedy", 2, (FakeEvent("return_staff", "cy"),)) for _ in range(3)),
               LoggedMove("ai:greedy", 2, (FakeEvent("round"), FakeEvent("turn", "bob")))]
    assert turn_post.busiest_seat(scoring, 0) == 1, "cy's returns in the Emperor scoring are in nobody's turn"


def test_a_long_recap_is_split_between_sections_never_mid_line() -> None:
    """Issue 42 item 6: no post cut mid-text at 2,000 characters."""
    sections = [f"**ann's turn (round {n})**\n" + "\n".join(f"• line {k} of turn {n}, told in full" for k in range(6))
                for n in range(12)]
    text = "\n".join(sections)
    parts = turn_post.split_recap(text, 1500)
    assert len(parts) == 2 and len(parts[-1]) <= 1500 and all(len(part) <= 2000 for part in parts)
    assert "\n".join(parts) == text, "every line told once, in order"
    assert all(part.startswith("**ann's turn") for part in parts)
    assert turn_post.split_recap("**short**\n• one line", 1500) == ["**short**\n• one line"]


def test_a_section_longer_than_a_message_repeats_its_heading_and_too_much_is_summarised() -> None:
    lines = [f"• line {k} of a very long turn with many moves in it" for k in range(200)]
    text = "\n".join(["**cy's turn (round 2)**", *lines])
    parts = turn_post.split_recap(text, 1500, pointer="… Earlier moves are told by /gah log.")
    assert len(parts) == 3 and all(len(part) <= 2000 for part in parts) and len(parts[-1]) <= 1500
    assert parts[0].startswith("… Earlier moves are told by /gah log.\n**cy's turn (round 2), continued**")
    assert parts[1].startswith("**cy's turn (round 2), continued**")
    assert parts[-1].endswith(lines[-1]), "the newest moves are always told"
    told = [line for part in parts for line in part.split("\n") if line.startswith("• ")]
    assert told == lines[-len(told):], "a run of the newest lines, in order, none cut"


def test_emperor_scorings_left_out_of_the_parts_are_still_told_whole() -> None:
    """Issue 42 item 3: a recap of several rounds (posts coalesced while the channel was busy) longer than its parts
    still tells every Emperor scoring in the channel, whole and in order, after the pointer; the newest moves stay
    in the last parts as before."""
    sections: list[str] = []
    for n in range(1, 8):
        sections += [f"**ann's turn (round {n})**\n" + "\n".join(f"• line {k} of round {n}, told in full"
                                                                  for k in range(30))]
        if n in (3, 5):
            sections.append(f"**Emperor scoring after round {n}**\n• Leopold scores 5 VP (Emperor scoring)\n"
                            f"• ann suffers the penalty of Emperor tile A{n} (lose 5 VP)")
    text = "\n".join(sections)
    pointer = "… Earlier moves are told by /gah log."
    parts = turn_post.split_recap(text, 1500, pointer=pointer, keep=KIND.news_titles)
    plain = turn_post.split_recap(text, 1500, pointer=pointer, keep=())
    assert "Emperor scoring after round 3" not in "\n".join(plain), "the scoring is older than the parts hold"
    assert parts[0] == f"{pointer}\n{sections[3]}", parts[0]
    assert parts[1:] == [plain[0].removeprefix(f"{pointer}\n"), *plain[1:]]
    for n in (3, 5):
        assert "\n".join(parts).count(f"Emperor tile A{n} (lose 5 VP)") == 1, n
    assert all(len(part) <= 2000 for part in parts) and len(parts[-1]) <= 1500
