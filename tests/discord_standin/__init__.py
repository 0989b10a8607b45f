"""A local Discord stand-in for end-to-end tests of discord.py bots: REST API v10 and gateway on loopback, with a
test API to act as users and Discord's limits enforced. See README.md in this folder."""

from .actors import Actor
from .client_config import DiscordPyTarget, point_discord_py_at
from .commands import RegisteredCommand, Upload
from .core import StandInConfig
from .errors import DiscordLimitViolation, StandInUsageError, Violation, WaitTimeout
from .interactions import Interaction, InteractionResponse, InteractionType, ResponseType
from .permissions import Permission
from .standin import StandIn
from .world import Attachment, Channel, Guild, Member, Message, MessageFlag, Role, User

__all__ = [
    "Actor",
    "Attachment",
    "Channel",
    "DiscordLimitViolation",
    "DiscordPyTarget",
    "Guild",
    "Interaction",
    "InteractionResponse",
    "InteractionType",
    "Member",
    "Message",
    "MessageFlag",
    "Permission",
    "RegisteredCommand",
    "ResponseType",
    "Role",
    "StandIn",
    "StandInConfig",
    "StandInUsageError",
    "Upload",
    "User",
    "Violation",
    "WaitTimeout",
    "point_discord_py_at",
]
