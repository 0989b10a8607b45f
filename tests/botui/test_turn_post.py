"""Whom a turn post pings and how it names who is next (issue 14 item 2): a person is pinged only when the turn
passes to them from someone else; a player on turn again right after their own move goes on in their panel."""

from __future__ import annotations

from dataclasses import dataclass

from bot import permissions, turn_post


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
