// The stand-in's page: shows one channel as the chosen test user and acts as them. Texts go on screen with
// textContent, or through renderMarkdown (which escapes first); never raw innerHTML of message data.
"use strict";

const params = new URLSearchParams(location.search);
let me = params.get("user") || "";
let channel = params.get("channel") || "";
let state = null;
let poller = null;
const shown = new Map();  // message id -> {rev, element}

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key === "text") node.textContent = value;
    else if (key === "class") node.className = value;
    else node.setAttribute(key, value);
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

function say(text, ok) {
  const status = document.getElementById("status");
  status.textContent = text;
  status.className = ok ? "ok" : "";
}

async function post(path, body) {
  const answer = await fetch(path, {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify(Object.assign({ user: me, channel: channel }, body)),
  });
  const data = await answer.json().catch(() => ({ error: "no answer" }));
  if (data.error) say(data.error, false);
  else say("sent as " + me, true);
  return !data.error;
}

function button(message, component) {
  const label = (component.emoji && component.emoji.name ? component.emoji.name + " " : "") + (component.label || "");
  if (component.style === 5 && /^https?:/.test(component.url || "")) {
    return el("a", { href: component.url, target: "_blank", rel: "noopener noreferrer", text: label });
  }
  const node = el("button", { class: "style-" + component.style, text: label });
  if (component.custom_id) node.dataset.customId = component.custom_id;
  node.disabled = Boolean(component.disabled) || !component.custom_id;
  node.addEventListener("click", () => post("/api/click", { message: message.id, custom_id: component.custom_id }));
  return node;
}

function select(message, component) {
  const node = el("select", { "data-custom-id": component.custom_id || "" });
  if (component.type !== 3) {
    node.append(el("option", { text: "(this page has no user, role or channel menus)" }));
    node.disabled = true;
    return node;
  }
  const many = (component.max_values || 1) > 1;
  if (many) node.multiple = true;
  else node.append(el("option", { value: "", text: component.placeholder || "Make a selection" }));
  for (const option of component.options || []) {
    const text = option.label + (option.description ? " - " + option.description : "");
    const item = el("option", { value: option.value, text: text });
    if (option.default && many) item.selected = true;
    node.append(item);
  }
  node.disabled = Boolean(component.disabled);
  const send = () => {
    const values = Array.from(node.selectedOptions).map((o) => o.value).filter((v) => v !== "");
    if (values.length) post("/api/select", { message: message.id, custom_id: component.custom_id, values: values });
  };
  if (!many) {
    node.addEventListener("change", send);
    return node;
  }
  const go = el("button", { class: "style-1", text: "Choose" });
  go.addEventListener("click", send);
  return el("span", {}, node, go);
}

function components(message) {
  const rows = el("div", { class: "components" });
  for (const row of message.components || []) {
    const line = el("div", { class: "row" });
    for (const child of row.components || []) {
      if (child.type === 2) line.append(button(message, child));
      else if ([3, 5, 6, 7, 8].includes(child.type)) line.append(select(message, child));
    }
    rows.append(line);
  }
  return rows;
}

function imageUrl(message, url) {
  if (!url) return "";
  if (url.startsWith("attachment://")) {
    const file = message.attachments.find((a) => a.filename === url.slice(13));
    return file ? file.url : "";
  }
  return /^https?:/.test(url) ? url : "";
}

function embed(message, data) {
  const box = el("div", { class: "embed" });
  if (data.color !== undefined) box.style.borderLeftColor = "#" + Number(data.color).toString(16).padStart(6, "0");
  const md = (cls, text) => {
    const node = el("div", { class: cls });
    node.innerHTML = renderMarkdown(text, state.names);
    return node;
  };
  if (data.author && data.author.name) box.append(el("div", { class: "field-name", text: data.author.name }));
  if (data.title) box.append(el("div", { class: "title", text: data.title }));
  if (data.description) box.append(md("content", data.description));
  for (const field of data.fields || []) {
    box.append(el("div", { class: "field-name", text: field.name }), md("content", field.value));
  }
  for (const picture of [data.thumbnail, data.image]) {
    const src = picture && imageUrl(message, picture.url);
    if (src) box.append(el("img", { src: src, alt: "" }));
  }
  if (data.footer && data.footer.text) box.append(el("div", { class: "footer", text: data.footer.text }));
  return box;
}

function messageNode(message) {
  const node = el("div", { class: "msg" + (message.ephemeral ? " ephemeral" : ""), "data-id": message.id,
                           "data-rev": message.rev });
  if (message.used_by) node.append(el("div", { class: "subtext", text: message.used_by }));
  const head = el("div", { class: "head" }, el("span", { class: "author", text: message.author }));
  if (message.bot) head.append(el("span", { class: "tag", text: "APP" }));
  head.append(document.createTextNode(message.time));
  if (message.edited) head.append(document.createTextNode(" (edited)"));
  if (message.ephemeral) head.append(document.createTextNode(" - only you can see this"));
  node.append(head);
  if (message.loading) node.append(el("div", { class: "subtext", text: "The bot is thinking..." }));
  if (message.content) {
    const body = el("div", { class: "content" });
    body.innerHTML = renderMarkdown(message.content, state.names);
    node.append(body);
  }
  for (const data of message.embeds || []) node.append(embed(message, data));
  const inEmbeds = JSON.stringify(message.embeds || []);
  for (const file of message.attachments) {
    if (inEmbeds.includes("attachment://" + file.filename)) continue;
    if (file.content_type.startsWith("image/")) {
      node.append(el("img", { class: "attachment", src: file.url, alt: file.description || file.filename }));
    } else {
      node.append(el("div", {}, el("a", { href: file.url, download: file.filename, text: file.filename })));
    }
  }
  if (message.thread) {
    const link = el("a", { href: "#", text: "Open the thread" });
    link.addEventListener("click", (event) => { event.preventDefault(); go(me, message.thread); });
    node.append(el("div", {}, link));
  }
  node.append(components(message));
  return node;
}

function renderMessages() {
  const box = document.getElementById("messages");
  const atBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 80;
  const wanted = new Set(state.messages.map((m) => m.id));
  for (const [id, entry] of shown) {
    if (!wanted.has(id)) { entry.element.remove(); shown.delete(id); }
  }
  let previous = null;
  for (const message of state.messages) {
    let entry = shown.get(message.id);
    if (!entry || entry.rev !== message.rev) {
      const node = messageNode(message);
      if (entry) entry.element.replaceWith(node);
      entry = { rev: message.rev, element: node };
      shown.set(message.id, entry);
    }
    if (entry.element.previousElementSibling !== previous || !entry.element.parentNode) {
      if (previous) previous.after(entry.element);
      else box.prepend(entry.element);
    }
    previous = entry.element;
  }
  if (atBottom) box.scrollTop = box.scrollHeight;
}

function renderChrome() {
  const users = document.getElementById("user");
  users.replaceChildren(...state.users.map((u) => el("option", { value: u.name, text: u.name })));
  const current = state.users.find((u) => u.id === state.me);
  me = current ? current.name : me;
  users.value = me;
  channel = state.channel;
  const channels = document.getElementById("channels");
  channels.replaceChildren(...state.channels.map((c) => {
    const link = el("a", { class: (c.id === channel ? "current" : "") + (c.thread ? " thread" : ""),
                           text: (c.thread ? "\u21b3 " : "#") + c.name, "data-channel": c.id });
    link.addEventListener("click", () => go(me, c.id));
    return link;
  }));
  const list = document.getElementById("commands");
  list.replaceChildren(...state.commands.map((c) => el("option", { value: c })));
  const bot = document.getElementById("bot-state");
  bot.textContent = state.bot_connected ? "bot connected" : "the bot is not connected";
  bot.className = state.bot_connected ? "" : "down";
  if (state.failed.length) say(state.failed.length + " of your interactions failed: the bot did not answer in time", false);
}

async function poll(controller) {
  let since = "";
  while (!controller.signal.aborted) {
    let data;
    try {
      const query = new URLSearchParams({ user: me, channel: channel, since: since });
      const answer = await fetch("/api/state?" + query, { signal: controller.signal });
      data = await answer.json();
    } catch (error) {
      if (controller.signal.aborted) return;
      say("the stand-in does not answer; retrying", false);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      continue;
    }
    if (data.error) { say(data.error, false); return; }
    state = data;
    since = String(data.version);
    try {
      renderChrome();
      renderMessages();
    } catch (error) {
      console.error("the page could not show the state:", error);  // a bug of this page, not of the bot
    }
    document.body.dataset.version = since;
  }
}

function go(user, channelId) {
  if (user !== me) say("", true);
  me = user;
  channel = channelId || "";
  history.replaceState(null, "", "?" + new URLSearchParams({ user: me, channel: channel }));
  if (poller) poller.abort();
  for (const entry of shown.values()) entry.element.remove();
  shown.clear();
  poller = new AbortController();
  poll(poller);
}

document.getElementById("user").addEventListener("change", (event) => go(event.target.value, channel));
document.getElementById("send").addEventListener("submit", async (event) => {
  event.preventDefault();
  const input = document.getElementById("text");
  if (await post("/api/send", { text: input.value })) input.value = "";
});
go(me, channel);
