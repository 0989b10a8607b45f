// Discord markdown, minimally: the text is HTML-escaped FIRST, then a few patterns of the escaped text become
// fixed tags. Every inserted name is escaped too, so no user text ever reaches the page as markup.
"use strict";

function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => "&#" + c.charCodeAt(0) + ";");
}

function renderMarkdown(text, names) {
  names = names || { users: {}, roles: {}, channels: {} };
  // Discord's backslash escapes: the escaped character becomes an entity, which no pattern below matches.
  // (an escaped "<" keeps a leading zero, "&#060;", so the mention patterns below do not see it)
  let html = escapeHtml(text).replace(/\\&#(\d+);/g, "&#0$1;");
  html = html.replace(/\\([^A-Za-z0-9\s&])/g, (m, c) => "&#" + c.charCodeAt(0) + ";");
  const codes = [];
  const keep = (fragment) => { codes.push(fragment); return "\u0000" + (codes.length - 1) + "\u0000"; };
  html = html.replace(/```(?:[a-z]*\n)?([\s\S]*?)```/g, (m, body) => keep("<pre>" + body + "</pre>"));
  html = html.replace(/`([^`\n]+)`/g, (m, body) => keep("<code>" + body + "</code>"));
  const name = (table, id, fallback) => escapeHtml(table[id] !== undefined ? table[id] : fallback);
  html = html.replace(/&#60;@!?(\d+)&#62;/g,
    (m, id) => '<span class="mention">@' + name(names.users, id, "unknown-user") + "</span>");
  html = html.replace(/&#60;@&amp;(\d+)&#62;|&#60;@&#38;(\d+)&#62;/g,
    (m, a, b) => '<span class="mention">@' + name(names.roles, a || b, "unknown-role") + "</span>");
  html = html.replace(/&#60;#(\d+)&#62;/g,
    (m, id) => '<span class="mention">#' + name(names.channels, id, "unknown") + "</span>");
  html = html.replace(/&#60;a?:(\w+):\d+&#62;/g, ":$1:");
  html = html.replace(/&#60;t:(\d+)(?::[tTdDfFR])?&#62;/g,
    (m, s) => escapeHtml(new Date(Number(s) * 1000).toLocaleString()));
  html = html.replace(/\[([^\]\n]+)\]\((https?:[^)\s]+)\)/g, '<u title="$2">$1</u>');
  html = html.replace(/\*\*([\s\S]+?)\*\*/g, "<strong>$1</strong>");
  html = html.replace(/__([\s\S]+?)__/g, "<u>$1</u>");
  html = html.replace(/~~([\s\S]+?)~~/g, "<s>$1</s>");
  html = html.replace(/\|\|([\s\S]+?)\|\|/g, '<span class="spoiler">$1</span>');
  html = html.replace(/(^|[^\w*])\*([^*\n]+)\*(?!\w)/g, "$1<em>$2</em>");
  html = html.replace(/(^|[^\w])_([^_\n]+)_(?!\w)/g, "$1<em>$2</em>");
  html = html.split("\n").map((line) => {
    let m = line.match(/^(#{1,3}) (.*)$/);
    if (m) return "<strong>" + m[2] + "</strong>";
    m = line.match(/^-# (.*)$/);
    if (m) return '<span class="subtext">' + m[1] + "</span>";
    m = line.match(/^&#62; (.*)$/);
    if (m) return "<blockquote>" + m[1] + "</blockquote>";
    return line;
  }).join("\n");
  return html.replace(/\u0000(\d+)\u0000/g, (m, n) => codes[Number(n)]);
}
