"""Test users: act as a Discord user (commands, buttons, selects, modals, messages) and read what they see."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .bodies import RequestBody
from .commands import Upload, build_command_data
from .errors import StandInUsageError
from .interactions import Interaction, InteractionType, ResponseType
from .messages import MessageContext
from .payloads import channel_payload, member_payload, message_payload, role_payload, user_payload
from .permissions import Permission
from .world import Channel, Guild, Member, Message, Role, User, World

if TYPE_CHECKING:
    from .services import Services

__all__ = ["Actor"]


class Actor:
    """One test user. Every action checks what Discord's client would allow (visibility, permissions, disabled
    components, required options) and raises :class:`StandInUsageError` otherwise."""

    def __init__(self, services: Services, user: User) -> None:
        self._s = services
        self.user = user

    def __repr__(self) -> str:
        return f"<Actor {self.user.username}>"

    @property
    def id(self) -> int:
        """The user's id."""
        return self.user.id

    @property
    def mention(self) -> str:
        """``<@id>``."""
        return self.user.mention

    # ---- helpers --------------------------------------------------------------------------------------------------

    @property
    def _world(self) -> World:
        return self._s.core.world

    def _check_channel(self, channel: Channel) -> None:
        if channel.is_dm:
            if self.user.id not in channel.recipient_ids:
                raise StandInUsageError(f"{self.user.username} is not in DM channel {channel.id}")
            return
        if not self._world.can_view(self.user, channel):
            raise StandInUsageError(f"{self.user.username} cannot see {channel!r}")

    def _check_message(self, message: Message) -> Channel:
        channel = self._world.channels[message.channel_id]
        self._check_channel(channel)
        if message.deleted:
            raise StandInUsageError(f"message {message.id} was deleted")
        if message.ephemeral_for not in (None, self.user.id):
            raise StandInUsageError(f"message {message.id} is ephemeral for someone else")
        return channel

    async def _yield(self) -> None:
        await asyncio.sleep(0)

    # ---- commands -------------------------------------------------------------------------------------------------

    def _find_command(self, channel: Channel, name: str, type: int = 1) -> Any:
        guild_id = channel.guild_id
        command = self._s.core.commands.find(name, guild_id, type)
        if command is None:
            raise StandInUsageError(
                f"no command {name!r} (type {type}) is registered for {channel!r}; did the bot sync its command tree?"
            )
        definition = command.definition
        contexts = definition.get("contexts")
        context = 1 if channel.is_dm else 0
        if contexts is not None and context not in contexts:
            raise StandInUsageError(f"/{name} is not available in this context ({context})")
        if channel.is_dm and definition.get("dm_permission") is False:
            raise StandInUsageError(f"/{name} is not available in DMs")
        if not channel.is_dm:
            perms = self._world.permissions_in(self.user, channel)
            if not perms & Permission.USE_APPLICATION_COMMANDS:
                raise StandInUsageError(f"{self.user.username} may not use application commands in {channel!r}")
            needed = definition.get("default_member_permissions")
            if needed is not None and int(needed) & perms != int(needed):
                raise StandInUsageError(
                    f"{self.user.username} lacks the permissions {int(needed)} that /{name} requires "
                    "(default_member_permissions), so Discord would not show the command"
                )
        return command

    def _new_attachment(self, channel: Channel) -> Any:
        def make(upload: Upload) -> Any:
            return self._s.messages.attachment_from_bytes(
                channel, upload.filename, upload.data, upload.content_type, ephemeral=True
            )

        return make

    async def run_command(self, channel: Channel, command: str, /, **options: Any) -> Interaction:
        """Run a slash command: ``await alice.run_command(ch, "hotel start", players=3)``.

        The first word is the command; further words name the subcommand group and/or subcommand. Option values
        are Python values (str, int, float, bool, an Actor/User, Role, Channel, or :class:`Upload`).
        """
        self._check_channel(channel)
        name, *path = command.split()
        registered = self._find_command(channel, name)
        data = build_command_data(
            registered,
            path,
            options,
            world=self._world,
            guild=self._world.guild_of(channel),
            channel=channel,
            invoker=self.user,
            new_attachment=self._new_attachment(channel),
        )
        interaction = self._s.interactions.create(
            type=InteractionType.APPLICATION_COMMAND, user=self.user, channel=channel, data=data
        )
        await self._yield()
        return interaction

    async def autocomplete(self, channel: Channel, command: str, focused: str, /, **options: Any) -> Interaction:
        """Type into an autocomplete option: ``await alice.autocomplete(ch, "hotel join", "game", game="Gr")``.

        The bot's choices are in ``(await interaction.response()).choices``.
        """
        self._check_channel(channel)
        name, *path = command.split()
        registered = self._find_command(channel, name)
        data = build_command_data(
            registered,
            path,
            options,
            world=self._world,
            guild=self._world.guild_of(channel),
            channel=channel,
            invoker=self.user,
            new_attachment=self._new_attachment(channel),
            focused=focused,
        )
        leaf = data.get("options") or []
        while leaf and leaf[0].get("type") in (1, 2):
            leaf = leaf[0].get("options") or []
        focused_type = next((o["type"] for o in leaf if o.get("focused")), None)
        interaction = self._s.interactions.create(
            type=InteractionType.AUTOCOMPLETE, user=self.user, channel=channel, data=data, focused_type=focused_type
        )
        await self._yield()
        return interaction

    async def run_user_command(self, channel: Channel, name: str, target: Actor | User) -> Interaction:
        """Run a user context-menu command on ``target``."""
        self._check_channel(channel)
        registered = self._find_command(channel, name, type=2)
        user = target.user if isinstance(target, Actor) else target
        resolved: dict[str, Any] = {"users": {str(user.id): user_payload(user)}}
        member = self._world.member(channel.guild_id, user.id)
        if member is not None:
            resolved["members"] = {
                str(user.id): member_payload(
                    member, with_user=False, permissions=self._world.permissions_in(user, channel)
                )
            }
        data = {"id": str(registered.id), "name": name, "type": 2, "target_id": str(user.id), "resolved": resolved}
        interaction = self._s.interactions.create(
            type=InteractionType.APPLICATION_COMMAND, user=self.user, channel=channel, data=data
        )
        await self._yield()
        return interaction

    async def run_message_command(self, name: str, message: Message) -> Interaction:
        """Run a message context-menu command on ``message``."""
        channel = self._check_message(message)
        registered = self._find_command(channel, name, type=3)
        data = {
            "id": str(registered.id),
            "name": name,
            "type": 3,
            "target_id": str(message.id),
            "resolved": {"messages": {str(message.id): message_payload(message, self._world)}},
        }
        interaction = self._s.interactions.create(
            type=InteractionType.APPLICATION_COMMAND, user=self.user, channel=channel, data=data
        )
        await self._yield()
        return interaction

    # ---- components -----------------------------------------------------------------------------------------------

    async def click(self, message: Message, *, label: str | None = None, custom_id: str | None = None) -> Interaction:
        """Click the button with this label or custom_id on ``message``."""
        channel = self._check_message(message)
        try:
            button = message.button(label=label, custom_id=custom_id)
        except LookupError as exc:
            raise StandInUsageError(str(exc)) from exc
        if button.get("disabled"):
            raise StandInUsageError(f"button {button.get('label')!r} is disabled")
        if button.get("style") in (5, 6):
            raise StandInUsageError(f"button {button.get('label')!r} is a link/premium button; it sends no interaction")
        data = {"custom_id": button["custom_id"], "component_type": 2}
        if "id" in button:
            data["id"] = button["id"]
        interaction = self._s.interactions.create(
            type=InteractionType.MESSAGE_COMPONENT, user=self.user, channel=channel, data=data, source_message=message
        )
        await self._yield()
        return interaction

    async def select(self, message: Message, values: Sequence[Any], *, custom_id: str | None = None) -> Interaction:
        """Pick ``values`` in a select menu of ``message`` (the only one, or the one with ``custom_id``).

        For string selects give option values; for user/role/channel selects give Actors/Users, Roles or Channels.
        """
        channel = self._check_message(message)
        selects = [s for s in message.selects() if custom_id is None or s.get("custom_id") == custom_id]
        if len(selects) != 1:
            raise StandInUsageError(f"{len(selects)} selects match custom_id={custom_id!r} on message {message.id}")
        select = selects[0]
        if select.get("disabled"):
            raise StandInUsageError(f"select {select.get('custom_id')!r} is disabled")
        low, high = select.get("min_values", 1), select.get("max_values", 1)
        if not low <= len(values) <= high:
            raise StandInUsageError(
                f"select {select.get('custom_id')!r} takes {low} to {high} values, got {len(values)}"
            )
        data: dict[str, Any] = {"custom_id": select["custom_id"], "component_type": select["type"]}
        if "id" in select:
            data["id"] = select["id"]
        if select["type"] == 3:
            allowed = [o["value"] for o in select.get("options", [])]
            unknown = [v for v in values if v not in allowed]
            if unknown:
                raise StandInUsageError(f"select {select['custom_id']!r} has no option(s) {unknown}; has {allowed}")
            data["values"] = list(values)
        else:
            data["values"], data["resolved"] = self._resolve_entities(values, channel)
        interaction = self._s.interactions.create(
            type=InteractionType.MESSAGE_COMPONENT, user=self.user, channel=channel, data=data, source_message=message
        )
        await self._yield()
        return interaction

    def _resolve_entities(self, values: Sequence[Any], channel: Channel) -> tuple[list[str], dict[str, Any]]:
        ids: list[str] = []
        resolved: dict[str, dict[str, Any]] = {}
        for value in values:
            user = value.user if isinstance(value, Actor) else value
            if isinstance(user, User):
                ids.append(str(user.id))
                resolved.setdefault("users", {})[str(user.id)] = user_payload(user)
                member = self._world.member(channel.guild_id, user.id)
                if member is not None:
                    resolved.setdefault("members", {})[str(user.id)] = member_payload(
                        member, with_user=False, permissions=self._world.permissions_in(user, channel)
                    )
            elif isinstance(value, Role):
                ids.append(str(value.id))
                resolved.setdefault("roles", {})[str(value.id)] = role_payload(value)
            elif isinstance(value, Channel):
                ids.append(str(value.id))
                entry = channel_payload(value, self._world)
                entry["permissions"] = str(self._world.permissions_in(self.user, value))
                resolved.setdefault("channels", {})[str(value.id)] = entry
            else:
                raise StandInUsageError(f"cannot pick {value!r} in an entity select")
        return ids, resolved

    # ---- modals ---------------------------------------------------------------------------------------------------

    async def submit_modal(
        self, interaction: Interaction, values: dict[str, Any] | None = None, **by_custom_id: Any
    ) -> Interaction:
        """Fill in and submit the modal the bot answered ``interaction`` with.

        ``values`` (or keyword arguments) map text-input custom_ids to text (select custom_ids to lists of
        values); unfilled text inputs keep their prefilled value. Required fields and length bounds are checked as
        Discord's client does.
        """
        if interaction.response_type != ResponseType.MODAL or interaction.modal is None:
            raise StandInUsageError(f"{interaction.describe()} was not answered with a modal")
        if interaction.user is not self.user:
            raise StandInUsageError("only the user who got the modal can submit it")
        given = {**(values or {}), **by_custom_id}
        counter = 0

        def next_id() -> int:
            nonlocal counter
            counter += 1
            return counter

        def fill(component: dict[str, Any]) -> dict[str, Any]:
            custom_id = str(component.get("custom_id"))
            if component.get("type") == 4:
                value = str(given.pop(custom_id, component.get("value") or ""))
                if component.get("required", True) and not value:
                    raise StandInUsageError(f"modal field {custom_id!r} is required")
                if value and len(value) < component.get("min_length", 0):
                    raise StandInUsageError(f"modal field {custom_id!r} needs at least {component['min_length']} chars")
                if len(value) > component.get("max_length", 4000):
                    raise StandInUsageError(f"modal field {custom_id!r} allows at most {component['max_length']} chars")
                return {"type": 4, "id": component.get("id", next_id()), "custom_id": custom_id, "value": value}
            picked = list(given.pop(custom_id, []))
            return {
                "type": component.get("type"),
                "id": component.get("id", next_id()),
                "custom_id": custom_id,
                "values": [str(v) for v in picked],
            }

        submitted: list[dict[str, Any]] = []
        for top in interaction.modal.get("components", []):
            kind = top.get("type")
            if kind == 1:
                submitted.append(
                    {
                        "type": 1,
                        "id": top.get("id", next_id()),
                        "components": [fill(c) for c in top.get("components", [])],
                    }
                )
            elif kind == 18:
                submitted.append({"type": 18, "id": top.get("id", next_id()), "component": fill(top["component"])})
            else:
                submitted.append({"type": kind, "id": top.get("id", next_id())})
        if given:
            raise StandInUsageError(f"the modal has no field(s) {sorted(given)}")
        data = {"custom_id": interaction.modal["custom_id"], "components": submitted}
        submit = self._s.interactions.create(
            type=InteractionType.MODAL_SUBMIT,
            user=self.user,
            channel=interaction.channel,
            data=data,
            source_message=interaction.source_message,
        )
        await self._yield()
        return submit

    # ---- messages -------------------------------------------------------------------------------------------------

    async def send_message(self, channel: Channel, content: str, *, reply_to: Message | None = None) -> Message:
        """Write a message as this user (the bot gets MESSAGE_CREATE if its intents allow)."""
        self._check_channel(channel)
        needed = Permission.SEND_MESSAGES_IN_THREADS if channel.is_thread else Permission.SEND_MESSAGES
        if not channel.is_dm and not self._world.permissions_in(self.user, channel) & needed:
            raise StandInUsageError(f"{self.user.username} may not send messages in {channel!r}")
        if channel.is_thread and channel.archived:
            if channel.locked:
                raise StandInUsageError(f"{channel!r} is archived and locked: {self.user.username} may not write there")
            channel.archived = False  # as in Discord's client, a message in an archived thread unarchives it
            self._s.events.channel_updated(channel)
        payload: dict[str, Any] = {"content": content}
        if reply_to is not None:
            payload["message_reference"] = {"message_id": str(reply_to.id)}
        ctx = MessageContext(author=self.user, channel=channel, request=f"user {self.user.username} sends a message")
        message = self._s.messages.create(ctx, RequestBody(payload))
        await self._yield()
        return message

    async def send_dm(self, content: str) -> Message:
        """Write to the bot in a DM."""
        channel = self._world.dm_channel(self.user)
        assert channel is not None
        return await self.send_message(channel, content)

    # ---- what the user sees ---------------------------------------------------------------------------------------

    def sees(self, channel: Channel) -> list[Message]:
        """The messages this user sees in ``channel``, oldest first, including ephemeral ones meant for them."""
        self._check_channel(channel)
        return list(self._world.seen_by(self.user, channel))

    def last_message(self, channel: Channel) -> Message:
        """The newest message this user sees in ``channel``."""
        seen = self.sees(channel)
        if not seen:
            raise StandInUsageError(f"{self.user.username} sees no messages in {channel!r}")
        return seen[-1]

    def ephemeral_messages(self, channel: Channel | None = None) -> list[Message]:
        """Ephemeral messages shown to this user (in ``channel`` or anywhere), oldest first."""
        return [
            m
            for m in self._world.messages.values()
            if m.ephemeral_for == self.user.id and not m.deleted and (channel is None or m.channel_id == channel.id)
        ]

    @property
    def dm_channel(self) -> Channel | None:
        """The DM channel with the bot, if one exists."""
        channel: Channel | None = self._world.dm_channel(self.user, create=False)
        return channel

    def dms(self) -> list[Message]:
        """Messages in this user's DM channel with the bot, oldest first."""
        channel = self.dm_channel
        return [] if channel is None else list(self._world.seen_by(self.user, channel))

    def pings(self) -> list[Message]:
        """Messages that notified this user: a direct or reply ping, one of their roles, or @everyone/@here."""
        result = []
        for message in self._world.messages.values():
            if message.deleted or message.ephemeral_for not in (None, self.user.id):
                continue
            pings = message.pings
            member = self._world.member(message.guild_id, self.user.id)
            roles = set(member.role_ids) if member else set()
            channel = self._world.channels.get(message.channel_id)
            visible = channel is not None and (channel.is_dm or self._world.can_view(self.user, channel))
            if visible and (self.user.id in pings.user_ids or roles & set(pings.role_ids) or pings.everyone):
                result.append(message)
        return result

    def member_of(self, guild: Guild) -> Member | None:
        """This user's membership in ``guild`` (None if not a member)."""
        return guild.members.get(self.user.id)
