"""What `python -m bot` says when it cannot reach Discord (no network, DNS down, a firewall or proxy in the way), or
Discord answers its start with a server error (an outage).

discord.py gives up at the first failed request of the start (logging in, or asking for the gateway) and raises
aiohttp's exception. `python -m bot` catches `NETWORK_ERRORS`, prints `explain` (one paragraph: what was tried, the
cause, that it is the network and not the token) and exits with `EXIT_UNREACHABLE`, which a service manager may
retry (the README's service section), unlike the codes for settings (2) and a refused token (3). A server error
(discord.py's `DiscordServerError`, after its own retries of 500, 502 and 504) gets `explain_outage` and the same
code.
"""

from __future__ import annotations

import socket
import ssl

import aiohttp

EXIT_UNREACHABLE = 4
"""The exit code of a start that could not reach Discord: a passing condition, worth starting again later."""

NETWORK_ERRORS: tuple[type[BaseException], ...] = (aiohttp.ClientConnectionError, TimeoutError)
"""What discord.py raises when a request cannot reach Discord: no connection (refused, unreachable, no DNS answer,
TLS refused), a connection that broke, or no answer in time."""


def cause(error: BaseException) -> str:
    """Why the request failed, in words: "the name discord.com could not be looked up (DNS: ...)"."""
    if isinstance(error, aiohttp.ClientConnectorError):
        where = f"{error.host}:{error.port}"
        reason = error.os_error
        if _is_dns(error):
            return f"the name {error.host} could not be looked up (DNS: {reason.strerror or reason})"
        if isinstance(error, aiohttp.ClientSSLError) or isinstance(reason, ssl.SSLError):
            return (f"the secure connection to {where} failed ({reason}): a proxy in the way, or this machine's "
                    "clock is wrong")
        if isinstance(reason, ConnectionRefusedError):
            return f"{where} refused the connection"
        if isinstance(reason, TimeoutError):
            return f"{where} did not answer in time"
        return f"connecting to {where} failed ({reason.strerror or reason})"
    if isinstance(error, TimeoutError):
        return "Discord did not answer in time"
    return f"the connection to Discord broke ({type(error).__name__}: {str(error)[:200] or 'no detail'})"


def _is_dns(error: aiohttp.ClientConnectorError) -> bool:
    """Whether the connection failed at the name lookup (aiohttp 3.10 has a class for it; older ones wrap the
    resolver's `socket.gaierror`)."""
    dns_error: type[BaseException] | None = getattr(aiohttp, "ClientConnectorDNSError", None)
    reason = error.os_error
    return ((dns_error is not None and isinstance(error, dns_error)) or isinstance(reason, socket.gaierror)
            or isinstance(reason.__cause__, socket.gaierror))


def explain(error: BaseException, api_base: str) -> str:
    """The paragraph `python -m bot` prints when it could not reach Discord at `api_base` (the REST base URL it
    used) because of `error` (one of `NETWORK_ERRORS`)."""
    return (f"Network problem: the bot could not reach Discord at {api_base}: {cause(error)}. This is the network "
            "of this machine (no connection, DNS, a firewall or a proxy), or Discord is down; it is not the token "
            "(a token Discord refuses ends with exit code 3). Check that this machine reaches Discord, e.g. curl "
            f"{api_base}/gateway, and start the bot again. It exits with code {EXIT_UNREACHABLE}, which a service "
            "manager may retry after a pause (see Hosting in the README).")


def explain_outage(status: int, reason: str | None, api_base: str) -> str:
    """The paragraph `python -m bot` prints when Discord at `api_base` answered the start with the server error
    `status` (`reason`: its HTTP reason phrase, if any)."""
    answer = f"{status} {reason}" if reason else str(status)
    return (f"Discord problem: Discord at {api_base} answered the bot's start with the server error {answer}. "
            "Discord (or a proxy in front of it) is having trouble, see https://discordstatus.com; it is not the "
            f"token and not this machine. Start the bot again later. It exits with code {EXIT_UNREACHABLE}, which a "
            "service manager may retry after a pause (see Hosting in the README).")
