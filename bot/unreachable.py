"""What `python -m bot` says when it cannot reach Discord (no network, DNS down, a firewall or proxy in the way).

discord.py gives up at the first failed request of the start (logging in, or asking for the gateway) and raises
aiohttp's exception. `python -m bot` catches `NETWORK_ERRORS`, prints `explain` (one paragraph: what was tried, the
cause, that it is the network and not the token) and exits with `EXIT_UNREACHABLE`, which a service manager may
retry (the README's service section), unlike the codes for settings (2) and a refused token (3).
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
