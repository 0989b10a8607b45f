"""Issue 52 item 11: the stand-in's web page (`tests/discord_standin/web.py`) plays a turn in a real browser.

Debian's headless Chromium, driven over the DevTools protocol (`browser.py`), opens the page as ann: `/gah new`
typed in the box, Join clicked as bob (user switcher), an AI added from the lobby's menu, Start; then every person
pinged plays their turn in the page (setup guests and rooms, dice) until ann has taken a die and ended her turn,
and the page shows the next turn post. After each switch the page shows exactly what the stand-in shows that user
(their own ephemeral panels, nobody else's). Hostile text typed into the box is shown as text. A screenshot per
step goes to the test's tmp_path. And `python -m tests.discord_standin.play` (stand-in, page and bot in one
command) serves a page that reaches the bot.
"""

from __future__ import annotations

import asyncio
import functools
import json
import os
import re
import signal
import sys
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from tests.discord_standin import Actor, Message, StandIn
from tests.discord_standin.web import WebPage

from .browser import Browser, chromium_path, headless_chromium
from .harness import ROOT, BotProcess, World

needs_chromium = pytest.mark.skipif(chromium_path() is None,
                                    reason="no Chromium installed (Debian: apt-get install chromium)")

WAIT = 90.0
"""Seconds to wait for the page to show the bot's answer (the bot answers within 3 s; a loaded machine is slow)."""
DIE = "die: "
"""How `Page.play_turn` marks the die it took in the list of its choices."""

PANEL = """((id) => { const p = document.querySelector(`.msg[data-id="${id}"]`); if (!p) return null;
  const enabled = [...p.querySelectorAll('button[data-custom-id*=":act:"]')].filter(b => !b.disabled);
  return {rev: p.dataset.rev, text: p.innerText, acts: enabled.map(b => [b.dataset.customId, b.textContent]),
          selects: [...p.querySelectorAll('select')].filter(s => !s.disabled).map(s => [s.dataset.customId,
             [...s.options].filter(o => o.value !== '').map(o => [o.value, o.text]), s.options[0].text])}; })"""


class Page:
    """The browser on the stand-in's page: acts by clicking, selecting and typing, and saves a screenshot per
    step (`NN-step.png` under `shots`)."""

    def __init__(self, browser: Browser, standin: StandIn, world: World, shots: Path) -> None:
        self.browser = browser
        self.standin = standin
        self.world = world
        self.shots = shots
        self.steps = 0
        self.user = "ann"

    async def shot(self, name: str) -> None:
        self.steps += 1
        await self.browser.evaluate("document.getElementById('messages').scrollTop = 1e9")
        await self.browser.screenshot(self.shots / f"{self.steps:02d}-{name}.png")

    def actor(self, name: str) -> Actor:
        actor: Actor = getattr(self.world, name)
        return actor

    async def shows_what_the_user_sees(self) -> None:
        """Wait until the page shows exactly the messages the stand-in shows the current user, in order."""
        channel = self.world.channel
        ids: list[str] = []
        for _ in range(3):  # a message may arrive between the two reads
            ids = [str(m.id) for m in self.actor(self.user).sees(channel)]
            try:
                await self.browser.wait_for(
                    f"JSON.stringify([...document.querySelectorAll('.msg')].map(m => m.dataset.id)) === "
                    f"{json.dumps(json.dumps(ids, separators=(',', ':')))}", timeout=10, what="the user's messages")
                return
            except AssertionError:
                continue
        shown = await self.browser.evaluate("[...document.querySelectorAll('.msg')].map(m => m.dataset.id)")
        assert shown == ids, f"the page shows {self.user} {shown}, the stand-in {ids}"

    async def switch(self, name: str) -> None:
        """Pick another test user in the switcher."""
        self.user = name
        await self.browser.evaluate(f"(() => {{ const s = document.getElementById('user'); s.value = '{name}'; "
                                    "s.dispatchEvent(new Event('change')); })()")
        await self.shows_what_the_user_sees()

    async def type_command(self, text: str) -> str:
        """Type `text` into the box and press Enter; returns the page's status line about it."""
        # a refused line stays in the box (to be corrected); this types a new one
        await self.browser.evaluate("(() => { document.getElementById('status').textContent = ''; const box = "
                                    "document.getElementById('text'); box.value = ''; box.focus(); })()")
        await self.browser.type_text(text)
        await self.browser.press_enter()
        status: str = await self.browser.wait_for("document.getElementById('status').textContent",
                                                  what="the box sent")
        return status

    async def click(self, message_id: str, custom_id: str) -> None:
        clicked = await self.browser.evaluate(
            f"(() => {{ const b = document.querySelector('.msg[data-id=\"{message_id}\"] "
            f"button[data-custom-id=\"{custom_id}\"]'); if (!b || b.disabled) return false; b.click(); "
            "return true; })()")
        assert clicked, f"no button {custom_id} on message {message_id}"

    async def click_label(self, label: str) -> str:
        """Click the newest message's button labelled `label`; returns the message's id."""
        found = await self.browser.wait_for(
            "(() => { for (const m of [...document.querySelectorAll('.msg')].reverse()) { const b = [...m."
            f"querySelectorAll('button')].find(x => x.textContent === {json.dumps(label)} && !x.disabled); "
            "if (b) return [m.dataset.id, b.dataset.customId]; } return null; })()", timeout=WAIT, what=label)
        await self.click(found[0], found[1])
        return str(found[0])

    async def pick(self, message_id: str, custom_id: str, value: str) -> None:
        picked = await self.browser.evaluate(
            f"(() => {{ const s = document.querySelector('.msg[data-id=\"{message_id}\"] "
            f"select[data-custom-id=\"{custom_id}\"]'); if (!s) return false; s.value = {json.dumps(value)}; "
            "s.dispatchEvent(new Event('change')); return s.value === " + json.dumps(value) + "; })()")
        assert picked, f"no option {value} in select {custom_id} of message {message_id}"

    async def panel(self, message_id: str) -> dict[str, Any]:
        found: dict[str, Any] = await self.browser.evaluate(f"({PANEL})({json.dumps(message_id)})")
        return found

    def post_after(self, skip: set[str]) -> tuple[str, str] | None:
        """The newest turn post if it pings a person and is not in `skip`."""
        found = self.newest_turn_post()
        return found if found is not None and found[1] and found[0] not in skip else None

    def first_post_after(self, message_id: str) -> tuple[str, str] | None:
        """The first turn post after the message `message_id` (whoever it names), like `newest_turn_post`."""
        later = [m for m in self.standin.messages_in(self.world.channel) if m.id > int(message_id)]
        return self.newest_turn_post([m for m in later if any(b.get("label") == "Take my turn" for b in m.buttons())
                                      ][:1])

    def newest_turn_post(self, among: list[Message] | None = None) -> tuple[str, str] | None:
        """(message id, name of the person pinged, "" for none) of the newest turn post the stand-in holds (or
        among those messages)."""
        for message in reversed(self.standin.messages_in(self.world.channel) if among is None else among):
            if any(b.get("label") == "Take my turn" for b in message.buttons()):
                named = re.search(r"\*\*Next:\*\* <@(\d+)>", message.content)
                users = {str(a.id): a.user.username for a in (self.world.ann, self.world.bob)}
                return str(message.id), users.get(named[1], "") if named else ""
        return None

    async def play_turn(self, name: str, post_id: str) -> list[str]:
        """As `name`: Take my turn on the post, then decide until the panel offers nothing: a die when the panel
        offers dice, else End turn, else its first choice. Returns the labels chosen."""
        if name != self.user:
            await self.switch(name)
        before = {str(m.id) for m in self.actor(name).ephemeral_messages(self.world.channel)}
        await self.click(post_id, await self.browser.evaluate(
            f"document.querySelector('.msg[data-id=\"{post_id}\"] button').dataset.customId"))
        actor = self.actor(name)
        panel_message = await self.standin.wait_for(
            lambda: next((m for m in actor.ephemeral_messages(self.world.channel)
                          if str(m.id) not in before and m.components), None), timeout=WAIT, what="the panel")
        panel_id = str(panel_message.id)
        await self.browser.wait_for(f"!!document.querySelector('.msg[data-id=\"{panel_id}\"]')", timeout=WAIT,
                                    what=f"{name}'s panel")
        await self.shot(f"{name}-panel")
        chosen: list[str] = []
        for _ in range(15):
            panel = await self.panel(panel_id)
            # a die's option names its strength; its select may be shared with the guests ("Take a guest from the
            # display / take a die") or hold the boosted dice ("Take a die with the boost")
            dice = [(s[0], option) for s in panel["selects"] if "take a die" in s[2].lower()
                    for option in s[1] if " - strength " in option[1]]
            ends = [a for a in panel["acts"] if a[1] == "End turn"]
            others = [a for a in panel["acts"] if a[1] not in ("Pass", "End turn")]
            if dice:
                custom_id, (value, label) = dice[0]
                chosen.append(DIE + label)
                await self.pick(panel_id, custom_id, value)
            elif ends or others:
                custom_id, label = (ends or others)[0]
                chosen.append(label)
                await self.click(panel_id, custom_id)
            else:
                return chosen
            await self.browser.wait_for(f"({PANEL})({json.dumps(panel_id)}).rev !== {json.dumps(panel['rev'])}",
                                        timeout=WAIT, what=f"{name}'s panel after {chosen[-1]!r}")
            await self.shot(f"{name}-{len(chosen)}")
        raise AssertionError(f"{name}'s turn did not end after {chosen}")


@needs_chromium
async def test_a_turn_in_a_real_browser(standin: StandIn, world: World, bot: BotProcess, tmp_path: Path) -> None:
    page = WebPage(standin, world.guild, [world.ann, world.bob, world.watcher, world.mod])
    url = await page.start()
    shots = tmp_path / "screenshots"
    shots.mkdir()
    try:
        async with headless_chromium(tmp_path / "chromium") as browser:
            web = Page(browser, standin, world, shots)
            try:
                await play_a_turn(web, url)
            except BaseException:
                await web.shot("failed")  # what the page showed when the test gave up
                raise
    finally:
        await page.close()
    assert len(list(shots.glob("*.png"))) >= 10
    standin.assert_no_violations()


async def play_a_turn(web: Page, url: str) -> None:
    """The steps of `test_a_turn_in_a_real_browser`, each ending in a screenshot."""
    browser, standin, world = web.browser, web.standin, web.world
    await browser.open(url + "?user=ann")
    await browser.wait_for("document.body.dataset.version", what="the first state")
    await web.shot("empty")

    # user text is hostile: shown as text, markdown and mentions rendered from escaped text only
    await web.type_command(f'<img src=x onerror="document.title=1">**bold** {world.bob.mention} \\*no*')
    said = await browser.wait_for(
        "(() => { const m = [...document.querySelectorAll('.msg .content')].pop(); return m && "
        "[m.innerText, m.querySelectorAll('img').length, m.querySelectorAll('strong').length, "
        "m.querySelector('.mention') && m.querySelector('.mention').textContent]; })()", what="ann's words")
    assert said == ['<img src=x onerror="document.title=1">bold @bob *no*', 0, 1, "@bob"], said
    refused = await web.type_command("/gah nosuch")
    assert refused.startswith("/gah has no subcommand 'nosuch'; it has new, "), refused
    refused = await web.type_command("/nosuch")
    assert refused.startswith("no command /nosuch; the bot registered: /gah"), refused
    refused = await web.type_command("/gah new seats:many")
    assert refused.startswith("'seats:many' is not an option of /gah new (options: "), refused

    assert await web.type_command("/gah new") == "sent as ann"
    await browser.wait_for("[...document.querySelectorAll('button')].some(b => b.textContent === 'Join')",
                           timeout=WAIT, what="the lobby")
    await web.shows_what_the_user_sees()
    await web.shot("lobby")
    await web.switch("bob")
    assert not await browser.evaluate("!!document.querySelector('.msg.ephemeral')"), "ann's answer shows to bob"
    lobby = await web.click_label("Join")
    await browser.wait_for(f"!!document.querySelector('.msg[data-id=\"{lobby}\"] .embed').innerText"
                           ".includes('bob')", timeout=WAIT, what="bob's seat in the lobby")
    await web.shot("bob-joined")
    await web.switch("ann")
    ai = next(s for s in standin.world.messages[int(lobby)].selects()
              if any(o["label"].endswith("greedy") for o in s["options"]))
    greedy = next(o["value"] for o in ai["options"] if o["label"].endswith("greedy"))
    await web.pick(lobby, ai["custom_id"], greedy)
    await browser.wait_for(f"!!document.querySelector('.msg[data-id=\"{lobby}\"] .embed').innerText"
                           ".includes('greedy level')", timeout=WAIT, what="the AI seat")
    await web.shot("ai-added")
    await web.click_label("Start")

    # every person pinged plays in the page (setup: a guest, rooms) until ann has taken a die
    turns: list[tuple[str, list[str]]] = []
    played: set[str] = set()
    while not any(name == "ann" and any(c.startswith(DIE) for c in chosen) for name, chosen in turns):
        post = await standin.wait_for(functools.partial(web.post_after, played), timeout=WAIT,
                                      what="a turn post pinging a person")
        played.add(post[0])
        await browser.wait_for(f"!!document.querySelector('.msg[data-id=\"{post[0]}\"] img')", timeout=WAIT,
                               what="the turn post with its picture")
        turns.append((post[1], await web.play_turn(post[1], post[0])))
        assert len(turns) < 12, f"ann took no die in {turns}"
    following = await standin.wait_for(functools.partial(web.first_post_after, post[0]), timeout=WAIT,
                                       what="the turn post after ann's turn")
    await web.switch("ann")
    await browser.wait_for(f"!!document.querySelector('.msg[data-id=\"{following[0]}\"] img.attachment')",
                           timeout=WAIT, what="the next turn post")
    text = await browser.evaluate(f"document.querySelector('.msg[data-id=\"{following[0]}\"] .content')"
                                  ".innerText")
    assert "ann's turn" in text and "takes a die from space" in text and "Next:" in text, text
    await web.shot("next-turn-post")
    await web.shows_what_the_user_sees()
    assert await browser.evaluate("document.title") == "Discord stand-in", "a script ran from user text"
    assert not browser.errors, f"the page's script failed {len(browser.errors)} times: {browser.errors[:2]}"


async def test_play_starts_the_bot_and_the_page(tmp_path: Path) -> None:
    """`python -m tests.discord_standin.play` prints the page's URL; the page reaches the stand-in, the bot
    registered its commands and answers `/gah new` typed into the page's box; Ctrl-C ends it all (exit code 0)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.discord_standin.play", "--data", str(tmp_path), "--seconds", "300",
        cwd=ROOT, env=env, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
    )  # fmt: skip
    assert process.stdout is not None
    try:
        url = ""
        while not url:
            line = (await asyncio.wait_for(process.stdout.readline(), timeout=WAIT)).decode()
            assert line, "play ended before it printed the page's URL"
            if line.startswith("Open "):
                url = line.split()[1].split("?")[0]
        async with aiohttp.ClientSession() as session:
            async with session.get(url + "api/state", params={"user": "ann"}) as answer:
                state = await answer.json()
            assert state["bot_connected"] and any(c.startswith("/gah new") for c in state["commands"]), state
            async with session.post(url + "api/send", json={"user": "ann", "text": "/gah new"}) as answer:
                assert (await answer.json()) == {"ok": True}
            async with session.post(url + "api/send", data="text=/gah new") as answer:
                assert answer.status == 403, "a form another site could send is refused"
            for _ in range(int(WAIT * 2)):
                async with session.get(url + "api/state", params={"user": "bob"}) as answer:
                    state = await answer.json()
                if any("opened a game" in m["content"] for m in state["messages"]):
                    break
                await asyncio.sleep(0.5)
            assert [m["ephemeral"] for m in state["messages"]] == [False], "bob sees the lobby, not ann's answer"
        process.send_signal(signal.SIGINT)
        assert await asyncio.wait_for(process.wait(), timeout=30) == 0
        log = (tmp_path / "bot.log").read_text()
        assert "logged in as" in log and " ERROR " not in log and "Traceback" not in log, log
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
