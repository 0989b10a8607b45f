"""Who a message actually pings, following Discord's ``allowed_mentions`` rules."""

from __future__ import annotations

import re
from typing import Any

from .errors import Problem
from .permissions import Permission
from .world import Channel, Pings, User, World

__all__ = ["Pings", "check_allowed_mentions", "resolve_pings"]

USER_MENTION = re.compile(r"<@!?(\d{15,21})>")
ROLE_MENTION = re.compile(r"<@&(\d{15,21})>")
EVERYONE_MENTION = re.compile(r"@(everyone|here)")
PARSE_TYPES = frozenset({"users", "roles", "everyone"})


def check_allowed_mentions(allowed: Any) -> list[Problem]:
    """Validate an ``allowed_mentions`` object: known parse types, at most 100 ids per list, and ``parse`` not
    combined with an explicit list of the same kind (Discord refuses that with 400)."""
    if allowed is None:
        return []
    path: tuple[str | int, ...] = ("allowed_mentions",)
    if not isinstance(allowed, dict):
        return [Problem("allowed_mentions.invalid", path, "MODEL_TYPE_CONVERT", "allowed_mentions must be an object")]
    problems: list[Problem] = []
    parse = allowed.get("parse") or []
    for kind in parse:
        if kind not in PARSE_TYPES:
            problems.append(
                Problem(
                    "allowed_mentions.invalid",
                    (*path, "parse"),
                    "BASE_TYPE_CHOICES",
                    f"unknown parse type {kind!r} (allowed: users, roles, everyone)",
                )
            )
    for kind in ("users", "roles"):
        ids = allowed.get(kind) or []
        if len(ids) > 100:
            problems.append(
                Problem(
                    "allowed_mentions.invalid",
                    (*path, kind),
                    "BASE_TYPE_MAX_LENGTH",
                    f"{len(ids)} {kind}; Discord allows at most 100",
                )
            )
        if ids and kind in parse:
            problems.append(
                Problem(
                    "allowed_mentions.invalid",
                    (*path, kind),
                    "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
                    f'parse contains "{kind}" and {kind} lists ids; these are mutually exclusive',
                )
            )
    return problems


def resolve_pings(
    content: str,
    allowed: dict[str, Any] | None,
    *,
    world: World,
    channel: Channel,
    author: User,
    replied_author: User | None,
) -> Pings:
    """Apply Discord's rules to ``content``.

    Without ``allowed_mentions`` every user, role and @everyone/@here mention in the content is parsed and a reply
    pings the replied-to author. With it, only the parse types and the listed ids ping, and ``replied_user``
    (default false) decides the reply ping. Roles ping only when mentionable or the author has MENTION_EVERYONE;
    @everyone/@here only with MENTION_EVERYONE. A mention must be in the content to ping (no phantom pings).
    """
    if allowed is None:
        parse = set(PARSE_TYPES)
        users: set[int] | None = None
        roles: set[int] | None = None
        replied = True
    else:
        parse = set(allowed.get("parse") or [])
        users = {int(u) for u in allowed.get("users") or []}
        roles = {int(r) for r in allowed.get("roles") or []}
        replied = bool(allowed.get("replied_user", False))
    perms = world.permissions_in(author, channel)
    can_mention_everyone = bool(perms & Permission.MENTION_EVERYONE)
    guild = world.guild_of(channel)

    pings = Pings()
    for match in USER_MENTION.finditer(content or ""):
        user_id = int(match.group(1))
        if user_id not in world.users or user_id in pings.user_ids:
            continue
        if "users" in parse or (users is not None and user_id in users):
            pings.user_ids.append(user_id)
    if guild is not None:
        for match in ROLE_MENTION.finditer(content or ""):
            role_id = int(match.group(1))
            role = guild.roles.get(role_id)
            if role is None or role_id in pings.role_ids:
                continue
            if ("roles" in parse or (roles is not None and role_id in roles)) and (
                role.mentionable or can_mention_everyone
            ):
                pings.role_ids.append(role_id)
        if EVERYONE_MENTION.search(content or "") and "everyone" in parse and can_mention_everyone:
            pings.everyone = True
    if replied_author is not None and replied and replied_author.id != author.id:
        pings.replied_user = True
        if replied_author.id not in pings.user_ids:
            pings.user_ids.append(replied_author.id)
    return pings
