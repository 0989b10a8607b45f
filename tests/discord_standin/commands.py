"""Registered application commands, and the interaction data a user's command invocation produces."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from .errors import StandInUsageError
from .payloads import attachment_payload, member_payload, role_payload, user_payload
from .world import Attachment, Channel, Guild, Role, User, World

__all__ = ["CommandRegistry", "RegisteredCommand", "Upload", "build_command_data"]

COMMAND_KEYS = (
    "name",
    "name_localizations",
    "description",
    "description_localizations",
    "options",
    "default_member_permissions",
    "dm_permission",
    "contexts",
    "integration_types",
    "nsfw",
)


@dataclass(frozen=True)
class Upload:
    """A file a test user attaches to an ATTACHMENT command option."""

    filename: str
    data: bytes
    content_type: str = "application/octet-stream"


@dataclass(eq=False)
class RegisteredCommand:
    """A command as the stand-in stores it after a client registered it."""

    id: int
    application_id: int
    guild_id: int | None
    version: int
    definition: dict[str, Any]

    @property
    def name(self) -> str:
        """The command's name."""
        return str(self.definition["name"])

    @property
    def type(self) -> int:
        """1 chat input, 2 user, 3 message."""
        return int(self.definition.get("type", 1))

    def payload(self) -> dict[str, Any]:
        """The application command object Discord returns."""
        data: dict[str, Any] = {
            "id": str(self.id),
            "application_id": str(self.application_id),
            "version": str(self.version),
            "type": self.type,
            "name": self.name,
            "name_localizations": self.definition.get("name_localizations"),
            "description": self.definition.get("description", ""),
            "description_localizations": self.definition.get("description_localizations"),
            "default_member_permissions": self.definition.get("default_member_permissions"),
            "contexts": self.definition.get("contexts"),
            "integration_types": self.definition.get("integration_types") or [0],
            "nsfw": bool(self.definition.get("nsfw", False)),
        }
        if self.definition.get("options"):
            data["options"] = self.definition["options"]
        if self.guild_id is not None:
            data["guild_id"] = str(self.guild_id)
        elif "dm_permission" in self.definition:
            data["dm_permission"] = self.definition["dm_permission"]
        return data


def _definition(raw: dict[str, Any]) -> dict[str, Any]:
    definition = {k: raw[k] for k in COMMAND_KEYS if k in raw and raw[k] is not None}
    definition["type"] = raw.get("type", 1)
    definition.setdefault("description", "")
    return definition


class CommandRegistry:
    """Global and per-guild commands, keyed by (type, name) as Discord does."""

    def __init__(self, application_id: int, new_id: Callable[[], int]) -> None:
        self.application_id = application_id
        self._new_id = new_id
        self._scopes: dict[int | None, dict[tuple[int, str], RegisteredCommand]] = {None: {}}
        self.overwrites: list[tuple[int | None, float]] = []

    def commands(self, guild_id: int | None = None) -> list[RegisteredCommand]:
        """Commands of one scope (None for global)."""
        return list(self._scopes.get(guild_id, {}).values())

    def _store(self, guild_id: int | None, raw: dict[str, Any], old: RegisteredCommand | None) -> RegisteredCommand:
        definition = _definition(raw)
        if old is not None and old.definition == definition:
            return old
        return RegisteredCommand(
            id=old.id if old else self._new_id(),
            application_id=self.application_id,
            guild_id=guild_id,
            version=self._new_id(),
            definition=definition,
        )

    def bulk_overwrite(
        self, guild_id: int | None, commands: Iterable[dict[str, Any]], at: float
    ) -> list[RegisteredCommand]:
        """Replace every command of the scope; unchanged commands keep id and version, known names keep their id."""
        old = self._scopes.get(guild_id, {})
        new: dict[tuple[int, str], RegisteredCommand] = {}
        for raw in commands:
            key = (int(raw.get("type", 1)), str(raw["name"]))
            new[key] = self._store(guild_id, raw, old.get(key))
        self._scopes[guild_id] = new
        self.overwrites.append((guild_id, at))
        return list(new.values())

    def upsert(self, guild_id: int | None, raw: dict[str, Any]) -> tuple[RegisteredCommand, bool]:
        """Create or replace one command; returns it and whether it is new."""
        scope = self._scopes.setdefault(guild_id, {})
        key = (int(raw.get("type", 1)), str(raw["name"]))
        old = scope.get(key)
        scope[key] = self._store(guild_id, raw, old)
        return scope[key], old is None

    def get(self, guild_id: int | None, command_id: int) -> RegisteredCommand | None:
        """A command by id within a scope."""
        return next((c for c in self._scopes.get(guild_id, {}).values() if c.id == command_id), None)

    def delete(self, guild_id: int | None, command_id: int) -> bool:
        """Remove a command by id; returns whether it existed."""
        scope = self._scopes.get(guild_id, {})
        for key, command in list(scope.items()):
            if command.id == command_id:
                del scope[key]
                return True
        return False

    def find(self, name: str, guild_id: int | None, type: int = 1) -> RegisteredCommand | None:
        """The command a user in ``guild_id`` would pick by name: a guild command first, then a global one."""
        if guild_id is not None:
            found = self._scopes.get(guild_id, {}).get((type, name))
            if found is not None:
                return found
        return self._scopes[None].get((type, name))


def _user_of(value: Any) -> User | None:
    if isinstance(value, User):
        return value
    inner = getattr(value, "user", None)
    return inner if isinstance(inner, User) else None


def _convert(
    option: dict[str, Any],
    value: Any,
    *,
    world: World,
    guild: Guild | None,
    channel: Channel,
    invoker: User,
    resolved: dict[str, dict[str, Any]],
    focused: bool,
    new_attachment: Callable[[Upload], Attachment],
) -> Any:
    name, kind = option["name"], option["type"]
    if focused:
        return value if isinstance(value, str | int | float) else str(value)
    choices = option.get("choices")
    if choices and value not in [c["value"] for c in choices]:
        raise StandInUsageError(f"option {name!r}: {value!r} is not one of the choices {[c['value'] for c in choices]}")
    if kind == 3:
        if not isinstance(value, str):
            raise StandInUsageError(f"option {name!r} takes a string, got {value!r}")
        if len(value) < option.get("min_length", 0) or len(value) > option.get("max_length", 6000):
            raise StandInUsageError(f"option {name!r}: length {len(value)} is outside the command's bounds")
        return value
    if kind in (4, 10):
        if isinstance(value, bool) or not isinstance(value, int | float) or (kind == 4 and not isinstance(value, int)):
            raise StandInUsageError(f"option {name!r} takes {'an integer' if kind == 4 else 'a number'}, got {value!r}")
        low, high = option.get("min_value"), option.get("max_value")
        if (low is not None and value < low) or (high is not None and value > high):
            raise StandInUsageError(f"option {name!r}: {value} is outside {low}..{high}")
        return value
    if kind == 5:
        if not isinstance(value, bool):
            raise StandInUsageError(f"option {name!r} takes a boolean, got {value!r}")
        return value
    if kind in (6, 9) and _user_of(value) is not None:
        user = _user_of(value)
        assert user is not None
        resolved.setdefault("users", {})[str(user.id)] = user_payload(user)
        member = guild.members.get(user.id) if guild else None
        if member is not None and guild is not None:
            perms = world.permissions_in(user, channel)
            resolved.setdefault("members", {})[str(user.id)] = member_payload(
                member, with_user=False, permissions=perms
            )
        return str(user.id)
    if kind in (8, 9) and isinstance(value, Role):
        resolved.setdefault("roles", {})[str(value.id)] = role_payload(value)
        return str(value.id)
    if kind == 7 and isinstance(value, Channel):
        allowed_types = option.get("channel_types")
        if allowed_types and value.type not in allowed_types:
            raise StandInUsageError(f"option {name!r} only takes channel types {allowed_types}")
        entry: dict[str, Any] = {
            "id": str(value.id),
            "name": value.name,
            "type": value.type,
            "permissions": str(world.permissions_in(invoker, value)),
        }
        if value.guild_id is not None:
            entry["guild_id"] = str(value.guild_id)
        if value.parent_id is not None:
            entry["parent_id"] = str(value.parent_id)
        resolved.setdefault("channels", {})[str(value.id)] = entry
        return str(value.id)
    if kind == 11 and isinstance(value, Upload):
        attachment = new_attachment(value)
        resolved.setdefault("attachments", {})[str(attachment.id)] = attachment_payload(attachment)
        return str(attachment.id)
    raise StandInUsageError(f"option {name!r} (type {kind}) cannot take {value!r}")


def build_command_data(
    command: RegisteredCommand,
    path: list[str],
    values: dict[str, Any],
    *,
    world: World,
    guild: Guild | None,
    channel: Channel,
    invoker: User,
    new_attachment: Callable[[Upload], Attachment],
    focused: str | None = None,
) -> dict[str, Any]:
    """The ``data`` of an APPLICATION_COMMAND (or, with ``focused``, AUTOCOMPLETE) interaction.

    ``path`` names the subcommand group and/or subcommand; ``values`` maps option names to Python values (str,
    int, float, bool, a User/actor, Role, Channel or :class:`Upload`). Raises :class:`StandInUsageError` for what
    Discord's client would not let a user send (missing required options, unknown names, values out of bounds).
    """
    schema: list[dict[str, Any]] = list(command.definition.get("options") or [])
    steps: list[tuple[str, int]] = []
    for part in path:
        match = next((o for o in schema if o["name"] == part and o["type"] in (1, 2)), None)
        if match is None:
            names = [o["name"] for o in schema if o["type"] in (1, 2)]
            raise StandInUsageError(f"/{command.name}: no subcommand {part!r} (have {names})")
        steps.append((part, match["type"]))
        schema = list(match.get("options") or [])
    if any(o["type"] in (1, 2) for o in schema):
        names = [o["name"] for o in schema]
        raise StandInUsageError(f"/{' '.join([command.name, *path])} needs a subcommand: one of {names}")
    remaining = dict(values)
    resolved: dict[str, dict[str, Any]] = {}
    built: list[dict[str, Any]] = []
    for option in schema:
        name = option["name"]
        if name not in remaining:
            if option.get("required") and focused is None:
                raise StandInUsageError(f"/{' '.join([command.name, *path])}: required option {name!r} is missing")
            continue
        is_focused = name == focused
        value = _convert(
            option,
            remaining.pop(name),
            world=world,
            guild=guild,
            channel=channel,
            invoker=invoker,
            resolved=resolved,
            focused=is_focused,
            new_attachment=new_attachment,
        )
        entry: dict[str, Any] = {"name": name, "type": option["type"], "value": value}
        if is_focused:
            if not option.get("autocomplete"):
                raise StandInUsageError(f"option {name!r} of /{command.name} has no autocomplete")
            entry["focused"] = True
        built.append(entry)
    if remaining:
        raise StandInUsageError(f"/{' '.join([command.name, *path])} has no option(s) {sorted(remaining)}")
    if focused is not None and not any(e.get("focused") for e in built):
        raise StandInUsageError(f"focused option {focused!r} needs a (partial) value")
    options: list[dict[str, Any]] = built
    for name, kind in reversed(steps):
        options = [{"name": name, "type": kind, "options": options}]
    data: dict[str, Any] = {"id": str(command.id), "name": command.name, "type": command.type}
    if options:
        data["options"] = options
    if resolved:
        data["resolved"] = resolved
    if command.guild_id is not None:
        data["guild_id"] = str(command.guild_id)
    return data
