"""Slash commands typed as text (``/gah new seats:3 opponent_entrance:Sushi Resort``), parsed against the command
tree a bot registered with the stand-in, as Discord's client would turn them into an invocation."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .commands import RegisteredCommand
from .errors import StandInUsageError
from .world import Guild, Role, User, World

__all__ = ["ParsedCommand", "parse_command"]

TRUE_WORDS = frozenset({"true", "yes", "on", "1"})
FALSE_WORDS = frozenset({"false", "no", "off", "0"})
MENTION_RE = re.compile(r"^<@[!&]?(\d+)>$")


@dataclass(frozen=True)
class ParsedCommand:
    """What a typed command line invokes: ``path`` as :meth:`Actor.run_command` takes it ("gah new") and the
    option values as Python values (str, int, float, bool, :class:`User`, :class:`Role`, :class:`Channel`)."""

    path: str
    options: dict[str, Any]


def parse_command(text: str, *, world: World, guild: Guild | None, commands: list[RegisteredCommand]) -> ParsedCommand:
    """Parse ``text`` (a leading ``/`` optional) against ``commands``, the chat-input commands a user in ``guild``
    can see (guild commands first).

    Words after the command name that name a subcommand group or subcommand select it; then ``name:value``
    pairs give options, a value running up to the next known option name (so values may hold spaces). Raises
    :class:`StandInUsageError` with a sentence for the user when the text names no command, an unknown option or a
    value of the wrong kind; required options and bounds are checked later by ``Actor.run_command``.
    """
    stripped = text.strip().removeprefix("/")
    spans = list(re.finditer(r"\S+", stripped))  # word positions, so values keep their inner spaces
    words = [m[0] for m in spans]
    if not words:
        raise StandInUsageError("type a command, for example /gah new")
    by_name = {c.name: c for c in commands if c.type == 1}
    command = by_name.get(words[0].lower())
    if command is None:
        raise StandInUsageError(f"no command /{words[0]}; the bot registered: "
                                + ", ".join("/" + name for name in sorted(by_name)))
    path = [command.name]
    schema: list[dict[str, Any]] = list(command.definition.get("options") or [])
    used = 1
    while used < len(words) and any(o["type"] in (1, 2) for o in schema):
        word = words[used]
        match = next((o for o in schema if o["type"] in (1, 2) and o["name"] == word.lower()), None)
        if match is None:
            names = ", ".join(o["name"] for o in schema if o["type"] in (1, 2))
            raise StandInUsageError(f"/{' '.join(path)} has no subcommand {word!r}; it has {names}")
        path.append(match["name"])
        schema = list(match.get("options") or [])
        used += 1
    line = stripped[spans[used].start():] if used < len(spans) else ""
    known = {o["name"]: o for o in schema if o["type"] not in (1, 2)}
    starts = [m for m in re.finditer(r"(?:^|\s)([-\w]+):", line) if m[1] in known]
    if line and (not starts or line[: starts[0].start()].strip()):
        stray = line[: starts[0].start()] if starts else line
        hint = ", ".join(f"{name}:" for name in known) or "none"
        raise StandInUsageError(f"{stray.strip()!r} is not an option of /{' '.join(path)} (options: {hint})")
    options: dict[str, Any] = {}
    for n, start in enumerate(starts):
        end = starts[n + 1].start() if n + 1 < len(starts) else len(line)
        raw = line[start.end():end].strip()
        options[start[1]] = _value(known[start[1]], raw, world, guild)
    return ParsedCommand(" ".join(path), options)


def _value(option: dict[str, Any], raw: str, world: World, guild: Guild | None) -> Any:
    name, kind = option["name"], int(option["type"])
    choices = option.get("choices")
    if choices:
        for choice in choices:
            if raw.lower() in (str(choice["name"]).lower(), str(choice["value"]).lower()):
                return choice["value"]
        names = ", ".join(str(c["name"]) for c in choices)
        raise StandInUsageError(f"{name}: {raw!r} is not one of the choices ({names})")
    if kind == 3:
        return raw
    if kind in (4, 10):
        try:
            return int(raw) if kind == 4 else float(raw)
        except ValueError:
            raise StandInUsageError(f"{name}: {raw!r} is not {'a whole number' if kind == 4 else 'a number'}") from None
    if kind == 5:
        if raw.lower() in TRUE_WORDS | FALSE_WORDS:
            return raw.lower() in TRUE_WORDS
        raise StandInUsageError(f"{name}: say true or false, not {raw!r}")
    if kind in (6, 8, 9):
        found = _entity(raw, world, guild, users=kind != 8, roles=kind != 6)
        if found is None:
            raise StandInUsageError(f"{name}: nobody called {raw!r} here")
        return found
    if kind == 7 and guild is not None:
        wanted = raw.removeprefix("#")
        channel = next((c for c in guild.channels.values() if c.name == wanted or str(c.id) in raw), None)
        if channel is None:
            raise StandInUsageError(f"{name}: no channel {raw!r} here")
        return channel
    raise StandInUsageError(f"{name}: this page cannot give options of type {kind} (attachments)")


def _entity(raw: str, world: World, guild: Guild | None, *, users: bool, roles: bool) -> User | Role | None:
    """A member (by username, display name or nickname) or role (by name), written as a name, @name or mention."""
    wanted = raw.removeprefix("@")
    mention = MENTION_RE.match(raw)
    wanted_id = int(mention[1]) if mention else None
    if users:
        members = guild.members.values() if guild is not None else ()
        for member in members:
            user = member.user
            if wanted_id == user.id or wanted in (user.username, user.global_name, member.nick):
                return user
        if guild is None and wanted_id in world.users:
            return world.users[wanted_id]
    if roles and guild is not None:
        for role in guild.roles.values():
            if wanted_id == role.id or wanted == role.name:
                return role
    return None
