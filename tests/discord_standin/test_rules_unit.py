"""The limit checks on their own, exactly at and one past each of Discord's limits."""

from __future__ import annotations

from typing import Any

import pytest

from .clock import Clock
from .command_limits import check_command, check_command_set, command_name_problem
from .limits import check_autocomplete, check_components, check_embeds, check_message, check_modal
from .mentions import check_allowed_mentions, resolve_pings
from .permissions import Permission
from .snowflake import SnowflakeFactory, snowflake_time
from .world import World


def rules(problems: list[Any]) -> list[str]:
    return [p.rule for p in problems]


@pytest.mark.parametrize(
    ("field", "limit", "rule"),
    [("title", 256, "embed.title"), ("description", 4096, "embed.description")],
)
def test_embed_text_limits(field: str, limit: int, rule: str) -> None:
    assert check_embeds([{field: "x" * limit}]) == []
    [problem] = check_embeds([{field: "x" * (limit + 1)}])
    assert problem.rule == rule and problem.path == ("embeds", 0, field)
    assert f"at most {limit}" in problem.message and problem.code == "BASE_TYPE_MAX_LENGTH"


def test_embed_total_counts_every_embed_of_the_message() -> None:
    three = [{"title": "t" * 256, "description": "d" * 1744}] * 3  # 2000 characters each
    assert check_embeds(three) == []
    assert rules(check_embeds([*three, {"footer": {"text": "f"}}])) == ["embeds.total"]


def test_embed_fields() -> None:
    assert check_embeds([{"fields": [{"name": "n" * 256, "value": "v" * 1024}]}]) == []
    assert check_embeds([{"fields": [{"name": "n", "value": "v"}] * 25}]) == []
    assert rules(check_embeds([{"fields": [{"name": "n" * 257, "value": "v" * 1025}]}])) == [
        "embed.field_name",
        "embed.field_value",
    ]
    assert rules(check_embeds([{"fields": [{"name": "n", "value": "v"}] * 26}])) == ["embed.fields_count"]
    assert rules(check_embeds([{"fields": [{"name": "", "value": "v"}]}])) == ["embed.field_name"]
    assert rules(check_embeds([{"fields": [{"name": "n"}]}])) == ["embed.field_value"]


def button(custom_id: str | None = "b", **extra: Any) -> dict[str, Any]:
    component: dict[str, Any] = {"type": 2, "style": 1, "label": "Go", **extra}
    if custom_id is not None:
        component["custom_id"] = custom_id
    return component


def test_component_rules() -> None:
    def row(*children: dict[str, Any]) -> dict[str, Any]:
        return {"type": 1, "components": list(children)}

    assert check_components([row(*(button(f"{r}{b}") for b in range(5))) for r in range(5)]) == []
    assert rules(check_components([row(button(f"b{r}")) for r in range(6)])) == ["components.rows"]
    assert rules(check_components([row()])) == ["components.empty_row"]
    assert rules(check_components([button()])) == ["components.top_level"]
    assert rules(check_components([row(button(None))])) == ["components.custom_id_length"]
    assert rules(check_components([row(button("x", style=5, url="https://example.org"))])) == ["button.custom_id"]
    assert check_components([row(button(None, style=5, url="https://example.org"))]) == []
    assert rules(check_components([row(button("x", label=None))])) == ["button.label"]
    assert rules(check_components([row({"type": 4, "custom_id": "t", "style": 1, "label": "L"})])) == [
        "components.type"
    ]
    select = {"type": 3, "custom_id": "s", "options": [{"label": "a", "value": "a"}], "max_values": 2}
    assert rules(check_components([row(select)])) == ["select.max_values"]
    duplicate = {"type": 3, "custom_id": "s", "options": [{"label": "a", "value": "a"}, {"label": "b", "value": "a"}]}
    assert rules(check_components([row(duplicate)])) == ["select.option_value_unique"]
    assert rules(check_components([row({"type": 5, "custom_id": "u", "max_values": 26})])) == ["select.max_values"]


def test_message_body_rules() -> None:
    assert check_message({"content": "x" * 2000}) == []
    assert rules(check_message({"content": "x" * 2001})) == ["content.length"]
    assert rules(check_message({})) == ["message.empty"]
    assert check_message({}, new_files=1) == []
    assert rules(check_message({"content": "x"}, new_files=6, kept_attachments=5)) == ["attachments.count"]
    assert check_message({}, creating=False) == []


def test_modal_rules() -> None:
    text = {"type": 4, "custom_id": "t", "style": 1, "label": "L" * 45}
    modal = {"custom_id": "m", "title": "T" * 45, "components": [{"type": 1, "components": [text]}]}
    assert check_modal(modal) == []
    assert rules(check_modal({**modal, "title": "T" * 46})) == ["modal.title"]
    assert rules(check_modal({**modal, "components": [{"type": 1, "components": [text]}] * 2})) == [
        "modal.custom_id_unique"
    ]
    assert rules(check_modal({**modal, "components": []})) == ["modal.components"]
    inner: dict[str, Any] = {"type": 4, "custom_id": "n", "style": 2}
    label: dict[str, Any] = {"type": 18, "label": "Name", "component": inner}
    assert check_modal({**modal, "components": [label, {"type": 10, "content": "Hello"}]}) == []
    assert rules(check_modal({**modal, "components": [{**label, "component": {**inner, "label": "no"}}]})) == [
        "modal.text_input_label"
    ]


def test_autocomplete_rules() -> None:
    choices = [{"name": str(i), "value": str(i)} for i in range(25)]
    assert check_autocomplete({"choices": choices}, 3) == []
    assert rules(check_autocomplete({"choices": [*choices, {"name": "x", "value": "x"}]}, 3)) == [
        "autocomplete.choices"
    ]
    assert rules(check_autocomplete({"choices": [{"name": "n", "value": "1"}]}, 4)) == ["autocomplete.choice_value"]
    assert rules(check_autocomplete({"choices": [{"name": "n", "value": 1.5}]}, 4)) == ["autocomplete.choice_value"]
    assert check_autocomplete({"choices": [{"name": "n", "value": 1.5}]}, 10) == []


def test_command_names() -> None:
    assert command_name_problem("hotel") is None
    assert command_name_problem("grand-hotel_2") is None
    assert command_name_problem("café") is None
    assert command_name_problem("x" * 32) is None
    assert "lowercase" in (command_name_problem("Hotel") or "")
    assert "pattern" in (command_name_problem("two words") or "")
    assert "1 to 32" in (command_name_problem("x" * 33) or "")
    assert command_name_problem("Show Hand", chat_input=False) is None


def test_command_structure() -> None:
    sub = {"name": "start", "description": "d", "type": 1}
    assert (
        check_command(
            {
                "name": "hotel",
                "description": "d",
                "options": [{"name": "game", "description": "d", "type": 2, "options": [sub]}],
            }
        )
        == []
    )
    assert rules(
        check_command(
            {"name": "hotel", "description": "d", "options": [sub, {"name": "x", "description": "d", "type": 3}]}
        )
    ) == ["commands.options_mixed"]
    assert rules(
        check_command(
            {
                "name": "hotel",
                "description": "d",
                "options": [
                    {
                        "name": "game",
                        "description": "d",
                        "type": 2,
                        "options": [{"name": "deep", "description": "d", "type": 2, "options": [sub]}],
                    }
                ],
            }
        )
    ) == ["commands.nesting", "commands.nesting"]
    long = {
        "name": "hotel",
        "description": "d" * 100,
        "options": [
            {
                "name": f"o{i}",
                "description": "d" * 100,
                "type": 3,
                "choices": [{"name": "c" * 100, "value": "v" * 100} for _ in range(25)],
            }
            for i in range(2)
        ],
    }
    assert "commands.total_length" in rules(check_command(long))
    assert rules(check_command({"name": "Show Hand", "type": 2, "description": "no"})) == ["commands.description"]
    assert rules(check_command_set([{"name": f"u{i}", "type": 2} for i in range(6)])) == ["commands.count"]


def test_allowed_mentions_shape() -> None:
    assert check_allowed_mentions({"parse": ["users", "roles", "everyone"]}) == []
    assert check_allowed_mentions({"parse": [], "users": ["1"] * 100}) == []
    assert rules(check_allowed_mentions({"users": ["1"] * 101})) == ["allowed_mentions.invalid"]
    assert rules(check_allowed_mentions({"parse": ["channels"]})) == ["allowed_mentions.invalid"]
    assert rules(check_allowed_mentions({"parse": ["roles"], "roles": ["1"]})) == ["allowed_mentions.invalid"]


def test_pings_need_the_mention_in_the_content() -> None:
    clock = Clock()
    world = World(clock, SnowflakeFactory(clock))
    bot = world.add_user("bot", bot=True)
    alice = world.add_user("alice")
    bob = world.add_user("bob")
    guild = world.add_guild("g", alice)
    world.add_member(guild, bob)
    world.add_member(guild, bot)
    channel = world.add_channel(guild, "general")
    allowed = {"parse": [], "users": [str(alice.id), str(bob.id)]}
    pings = resolve_pings(f"hi {bob.mention}", allowed, world=world, channel=channel, author=bot, replied_author=None)
    assert pings.user_ids == [bob.id], "no phantom ping for alice, who is listed but not mentioned"
    here = resolve_pings("@here", None, world=world, channel=channel, author=alice, replied_author=None)
    assert here.everyone, "the owner has every permission, Mention Everyone included"
    assert not resolve_pings("@here", None, world=world, channel=channel, author=bot, replied_author=None).everyone
    guild.everyone_role.permissions |= Permission.MENTION_EVERYONE
    assert resolve_pings("@here", None, world=world, channel=channel, author=bot, replied_author=None).everyone


def test_snowflakes_increase_and_carry_time() -> None:
    clock = Clock()
    ids = SnowflakeFactory(clock)
    first, second = ids.next(), ids.next()
    assert second > first
    assert abs(snowflake_time(first) - clock.wall()) < 5
    clock.advance(60)
    assert snowflake_time(ids.next()) - snowflake_time(second) >= 59
