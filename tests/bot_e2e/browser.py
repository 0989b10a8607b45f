"""Debian's headless Chromium driven through the Chrome DevTools Protocol (over aiohttp's websocket client): open
a page, run script in it, type, wait for what it shows, take screenshots. No Playwright or WebDriver needed.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import itertools
import json
import os
import shutil
import signal
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp

from .harness import _die_with_parent

__all__ = ["Browser", "chromium_path", "headless_chromium"]

CANDIDATES = ("chromium", "chromium-browser", "google-chrome")


def chromium_path() -> str | None:
    """The system's Chromium (Debian's package ``chromium``), or None if none is installed."""
    return next((found for name in CANDIDATES if (found := shutil.which(name))), None)


class Browser:
    """One page of a running Chromium, reached over its DevTools websocket."""

    def __init__(self, socket: aiohttp.ClientWebSocketResponse) -> None:
        self._socket = socket
        self._ids = itertools.count(1)
        self.errors: list[str] = []
        """What the page's scripts threw or logged as errors (seen while waiting for answers to commands)."""

    async def call(self, method: str, **params: Any) -> dict[str, Any]:
        """Send one DevTools command and return its result (raises RuntimeError with the protocol's error)."""
        number = next(self._ids)
        await self._socket.send_json({"id": number, "method": method, "params": params})
        while True:
            frame = await asyncio.wait_for(self._socket.receive(), timeout=60)
            if frame.type != aiohttp.WSMsgType.TEXT:
                raise RuntimeError(f"the browser closed its DevTools connection ({frame.type})")
            answer = json.loads(frame.data)
            self._note_error(answer)
            if answer.get("id") == number:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                result: dict[str, Any] = answer.get("result", {})
                return result

    def _note_error(self, event: dict[str, Any]) -> None:
        params = event.get("params") or {}
        if event.get("method") == "Runtime.exceptionThrown":
            details = params.get("exceptionDetails", {})
            self.errors.append(str(details.get("exception", {}).get("description") or details.get("text")))
        elif event.get("method") == "Runtime.consoleAPICalled" and params.get("type") == "error":
            self.errors.append(" ".join(str(a.get("value", a.get("description"))) for a in params.get("args", [])))

    async def evaluate(self, expression: str) -> Any:
        """The value of a script expression in the page (promises awaited); raises RuntimeError if it threw."""
        result = await self.call("Runtime.evaluate", expression=expression, awaitPromise=True, returnByValue=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"script failed: {result['exceptionDetails']}")
        return result.get("result", {}).get("value")

    async def wait_for(self, expression: str, *, timeout: float = 60.0, what: str = "") -> Any:
        """Re-evaluate ``expression`` until it is truthy; returns its value (AssertionError after ``timeout``)."""
        deadline = time.monotonic() + timeout
        while True:
            value = await self.evaluate(expression)
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(f"the page did not show {what or expression} within {timeout:g} s")
            await asyncio.sleep(0.2)

    async def open(self, url: str) -> None:
        """Navigate and wait until the document has loaded."""
        await self.call("Page.navigate", url=url)
        await self.wait_for("document.readyState === 'complete'", what="the loaded page")

    async def type_text(self, text: str) -> None:
        """Type into the focused element, as a keyboard would insert it."""
        await self.call("Input.insertText", text=text)

    async def press_enter(self) -> None:
        """Press and release Enter on the focused element."""
        for kind in ("keyDown", "keyUp"):
            await self.call("Input.dispatchKeyEvent", type=kind, key="Enter", code="Enter",
                            windowsVirtualKeyCode=13, text="\r" if kind == "keyDown" else "")

    async def screenshot(self, path: Path) -> None:
        """Save the viewport as a PNG."""
        result = await self.call("Page.captureScreenshot", format="png")
        path.write_bytes(base64.b64decode(result["data"]))


@contextlib.asynccontextmanager
async def headless_chromium(profile: Path, *, width: int = 1000, height: int = 1300) -> AsyncIterator[Browser]:
    """Start headless Chromium with a fresh profile in ``profile`` (a folder), connect to its first page, and
    end the browser (and its child processes) afterwards."""
    binary = chromium_path()
    assert binary is not None, "no Chromium installed"
    process = await asyncio.create_subprocess_exec(
        binary, "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
        "--remote-debugging-port=0", f"--user-data-dir={profile}", f"--window-size={width},{height}",
        "about:blank", stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.DEVNULL, start_new_session=True, preexec_fn=_die_with_parent,
    )  # fmt: skip
    try:
        port_file = profile / "DevToolsActivePort"
        deadline = time.monotonic() + 60
        while not port_file.exists() or not port_file.read_text().strip():
            if process.returncode is not None or time.monotonic() > deadline:
                raise AssertionError(f"Chromium did not start (exit code {process.returncode})")
            await asyncio.sleep(0.1)
        port = int(port_file.read_text().split()[0])
        async with aiohttp.ClientSession() as session:
            async with session.get(f"http://127.0.0.1:{port}/json/list") as answer:
                targets = await answer.json(content_type=None)
            page = next(t for t in targets if t.get("type") == "page")
            async with session.ws_connect(page["webSocketDebuggerUrl"], max_msg_size=0) as socket:
                browser = Browser(socket)
                await browser.call("Page.enable")
                await browser.call("Runtime.enable")
                yield browser
    finally:
        if process.returncode is None:
            with contextlib.suppress(ProcessLookupError):  # the whole group: renderer and helper processes too
                os.killpg(process.pid, signal.SIGTERM)
            try:
                await asyncio.wait_for(process.wait(), timeout=10)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGKILL)
                await process.wait()
