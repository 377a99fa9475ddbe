// A phone that drops off the network loses nothing: entries kept while offline, and the banner.
//
// An entry (a form posting to /t/<code>/act/<name>) made while the table cannot be reached is
// kept in this browser's localStorage with its form nonce, shown at the top of the screen's
// history as "saved on this phone, sending…", and sent as soon as the server answers again (a
// live update comes through, the browser says it is online, or the page is opened again), in
// the order made and one at a time. The server answers a kept entry (header X-Queued: 1) in
// JSON: in (now, or already by its nonce: an answer lost on the way is harmless), or refused by
// the rules of the table as it is then, in words, which this phone shows until read (OK). A
// refusal that asks whether to replace a value entered meanwhile is answered on the phone: sent
// again with the token the server gave (Replace), or dropped (Keep as it is). The server words
// a refusal in each of its languages, so a phone switched to another one shows it in that one.
//
// Acts that count only at the moment of the tap (their form has data-no-queue, with the reason)
// and every other post (undo, seats, finish) are refused at once while offline. A banner says
// how old the screen is while live updates fail (connection.js knows whether the table answers).
// Without JavaScript none of this runs and every form posts as always.
import {answered, isLiveRequest, lastAnswer, lost, offline, onAnswer, onChange, refreshLive}
  from "./connection.js";

var STORE = "tc-queue:";
var SEND_TIMEOUT_MS = 15000;
var POST_TIMEOUT_MS = 12000;     // an entry posted on the page: past this it is kept and resent
var RETRY_MS = 3000;
var ACT = /^\/t\/[^/]+\/act\/[^/?]+$/;
var net = {sending: false, retryAt: 0, noteUntil: 0, waiting: "[]"};

function box() { return document.getElementById("offline"); }
function code() { var b = box(); return b ? b.getAttribute("data-code") : null; }
function words(name) { var b = box(); return b ? b.getAttribute("data-" + name) || "" : ""; }

// --- the queue, per table, in localStorage (read again before every change: another tab of
// the same phone may have changed it) -------------------------------------------------------
function load(table) {
  try {
    var items = JSON.parse(window.localStorage.getItem(STORE + table) || "[]");
    return Array.isArray(items) ? items : [];
  } catch (error) { return []; }
}
function store(table, items) {
  try {
    if (items.length) { window.localStorage.setItem(STORE + table, JSON.stringify(items)); }
    else { window.localStorage.removeItem(STORE + table); }
    return true;
  } catch (error) { return false; }   // storage full or forbidden: the entry is not kept
}
function change(table, nonce, update) {
  store(table, load(table).map(function (item) {
    return item.nonce === nonce ? update(item) : item;
  }).filter(Boolean));
}

function freshNonce() {
  var bytes = new Uint8Array(16);
  window.crypto.getRandomValues(bytes);
  return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
}
function csrfToken() {
  try { return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || ""; }
  catch (error) { return ""; }
}
function pathOf(form) {
  var url = new URL(form.getAttribute("action") || window.location.href, window.location.href);
  return url.origin === window.location.origin ? url : null;
}
function isEntry(form) {
  var url = pathOf(form);
  return !!url && ACT.test(url.pathname) && url.pathname.split("/")[2] === code();
}

// What the entry was, in the screen's own words: the form's data-entry pattern with {field}
// filled in, or the button's label and the visible fields' labels and values.
function labelOf(field) {          // the words a player sees for a field or a chosen chip
  var label = field.labels && field.labels[0];
  return label ? (label.innerText || label.textContent || "").replace(/\s+/g, " ").trim() : "";
}
function buttonText(button) {   // its name: a drawn button says it in words only a screen reader shows
  if (!button) return "";
  var words = button.getAttribute("aria-label") || (button.querySelector(".sr-only") || button).textContent;
  return (words || "").replace(/\s+/g, " ").trim();
}
function shown(form, name, data) {   // a field's value (posted in data) as the screen shows it
  var field = form.elements.namedItem(name);
  var value = data.get(name) || "";
  var same = function (choice) { return choice.value === value; };
  if (field && !field.tagName && typeof field.length === "number") {      // radio chips
    var chosen = Array.prototype.filter.call(field, same)[0];
    return chosen ? labelOf(chosen) || chosen.value : value;
  }
  if (field && field.tagName === "SELECT") {
    var option = Array.prototype.filter.call(field.options, same)[0];
    return option ? option.textContent.trim() : value;
  }
  return value;
}
function describe(form, data, submitter) {
  var pattern = form.getAttribute("data-entry");
  if (pattern) {
    return pattern.replace(/\{([\w-]+)\}/g, function (all, name) {
      return name === "submitter" ? buttonText(submitter) : shown(form, name, data);
    });
  }
  var parts = [buttonText(submitter)];
  Array.prototype.forEach.call(form.elements, function (field) {
    if (!field.name || field.disabled || field.type === "hidden" || field.type === "submit" ||
        field.tagName === "BUTTON" || field.tagName === "FIELDSET") { return; }
    if ((field.type === "radio" || field.type === "checkbox") && !field.checked) { return; }
    var label = labelOf(field);
    var value = field.tagName === "SELECT" && field.selectedOptions[0]
      ? field.selectedOptions[0].textContent.trim() : String(field.value).trim();
    if (field.type === "radio" || field.type === "checkbox") { parts.push(label || value); }
    else if (value !== "") { parts.push(label ? label + " " + value : value); }
  });
  var text = parts.filter(Boolean).join(" · ");
  return text.length > 140 ? text.slice(0, 139) + "…" : text;
}

// What an entry says, whatever one-time number it carries: a tap repeated on the same screen
// (a double tap, a tap again while waiting) says the same and is the same entry.
var NOT_SAID = {nonce: 1, csrf_token: 1, seen: 1};
function saying(action, fields) {
  return action + "?" + fields.filter(function (pair) { return !NOT_SAID[pair[0]]; })
    .map(function (pair) { return pair[0] + "=" + pair[1]; }).sort().join("&");
}
function screenVersion() {
  var live = document.getElementById("live");
  return live ? live.getAttribute("data-version") : "";
}

// A move's last tap kept: its form is locked (pending) until the entry is in or refused, so a
// second tap cannot make it twice; a form made for entries one after another (data-offline-next:
// a score pad's rounds) stays open, its counter moved on.
function lock(form, nonce) {
  if (form.hasAttribute("data-offline-next")) { return; }
  form.setAttribute("data-kept", nonce);
  Array.prototype.forEach.call(form.querySelectorAll("button, input[type=submit]"), function (b) {
    if (!b.disabled) { b.disabled = true; b.setAttribute("data-kept-lock", ""); }
  });
}
function unlock() {
  var waiting = {};
  load(code()).forEach(function (item) { if (!item.refused) { waiting[item.nonce] = true; } });
  Array.prototype.forEach.call(document.querySelectorAll("form[data-kept]"), function (form) {
    if (waiting[form.getAttribute("data-kept")]) { return; }
    form.removeAttribute("data-kept");
    Array.prototype.forEach.call(form.querySelectorAll("[data-kept-lock]"), function (b) {
      b.disabled = false;
      b.removeAttribute("data-kept-lock");
    });
  });
}

// Keep an entry: its fields as posted (the submitter's too), the nonce it was sent with, how
// much of the table the screen showed; the form gets a new nonce, so a next entry is another,
// and the same entry tapped again on the same screen is kept once.
function keep(form, data, submitter) {
  var table = code();
  var fields = [];
  data.forEach(function (value, name) {
    if (typeof value === "string") { fields.push([name, value]); }
  });
  var url = pathOf(form);
  var said = saying(url.pathname + url.search, fields);
  var screen = screenVersion();
  var twice = load(table).filter(function (item) {
    return !item.refused && item.said === said && item.screen === screen;
  })[0];
  if (twice) { lock(form, twice.nonce); draw(); return; }
  var nonce = data.get("nonce");
  if (!nonce) { nonce = freshNonce(); fields.push(["nonce", nonce]); }
  if (!data.has("seen")) {
    var follow = document.getElementById("follow");
    try {
      var seen = JSON.parse(follow.getAttribute("data-fields") || "{}").seen;
      if (seen !== undefined) { fields.push(["seen", String(seen)]); }
    } catch (error) { /* no live view: the server then names no changes */ }
  }
  var items = load(table);
  if (!items.some(function (item) { return item.nonce === nonce; })) {
    items.push({nonce: nonce, action: url.pathname + url.search, fields: fields, said: said,
                screen: screen, label: describe(form, data, submitter), lang: language(),
                made: Date.now()});
  }
  if (!store(table, items)) { note(words("needs")); return; }
  var input = form.querySelector("input[name=nonce]");
  if (input) { input.value = freshNonce(); }
  form.reset();
  form.removeAttribute("data-touched");
  // the form's counter (data-offline-next: a round) moves on, as the table would move it
  var next = form.getAttribute("data-offline-next");
  var counter = next && form.elements.namedItem(next);
  var kept = next ? parseInt(data.get(next), 10) : NaN;
  if (counter && !isNaN(kept)) { counter.value = String(kept + 1); }
  if (document.activeElement && document.activeElement.blur) { document.activeElement.blur(); }
  lock(form, nonce);
  draw();
}

// The entries kept on this phone and not yet in (a move's next choices leave out what they use:
// moves.js), and a line of words on the banner for a moment.
export function pendingEntries() {
  var table = code();
  return table ? load(table).filter(function (item) { return !item.refused; }) : [];
}
export function say(name) { note(words(name)); }

// --- sending, in order, one at a time ------------------------------------------------------
function send() {
  var table = code();
  if (!table || net.sending || Date.now() < net.retryAt) { return; }
  var next = load(table).filter(function (item) { return !item.refused; })[0];
  if (!next) { return; }
  net.sending = true;
  var body = new URLSearchParams();
  var token = csrfToken();
  next.fields.forEach(function (pair) {
    body.append(pair[0], pair[0] === "csrf_token" && token ? token : pair[1]);
  });
  var controller = window.AbortController ? new AbortController() : null;
  var timer = setTimeout(function () { if (controller) { controller.abort(); } }, SEND_TIMEOUT_MS);
  var headers = {"X-Queued": "1"};
  if (token) { headers["X-CSRFToken"] = token; }
  window.fetch(next.action, {method: "POST", body: body, credentials: "same-origin",
                             headers: headers, signal: controller ? controller.signal : undefined})
    .then(function (response) {
      if (response.status === 429 || response.status >= 500) {   // busy or broken: later
        var wait = parseInt(response.headers.get("Retry-After"), 10) || RETRY_MS / 1000;
        throw {later: wait * 1000};
      }
      return response.json().catch(function () { return null; }).then(function (answer) {
        if (response.ok) {
          change(table, next.nonce, function () { return null; });
        } else {
          var reason = answer && answer.reason ? answer.reason : words("refused");
          change(table, next.nonce, function (item) {
            item.refused = reason;
            item.reasons = answer && answer.reasons;       // {language: the same words}
            item.entries = answer && answer.entries;       // the entry's line, likewise
            item.replaces = answer && answer.replaces;     // a question: the token to replace
            return item;
          });
        }
        answered();
      });
    })
    .catch(function (problem) {
      net.retryAt = Date.now() + (problem && problem.later ? problem.later : RETRY_MS);
      if (!(problem && problem.later)) { lost(); }
    })
    .then(function () {
      clearTimeout(timer);
      net.sending = false;
      draw();
      if (Date.now() < net.retryAt) { return; }
      if (load(table).some(function (item) { return !item.refused; })) { send(); }
      else { refreshLive(); }          // all in: the screen shows them from the table now
    });
}

// --- what the screen shows -----------------------------------------------------------------
function note(text) {
  var b = box();
  if (!b) { return; }
  net.noteUntil = Date.now() + 6000;
  var line = b.querySelector(".offline-note");
  line.textContent = text;
  draw();
}

function draw() {
  var items = drawBanner();
  if (!items) { return; }
  var waiting = JSON.stringify(items.filter(function (item) { return !item.refused; })
    .map(function (item) { return item.nonce; }));
  if (waiting !== net.waiting) {        // kept, in or refused: a move's choices follow
    net.waiting = waiting;
    document.dispatchEvent(new CustomEvent("tc:kept"));
  }
  unlock();
  drawWaiting(items.filter(function (item) { return !item.refused; }));
  drawRefused(items.filter(function (item) { return item.refused; }));
}

// the banner: how old the screen is while offline, how many entries wait; the queue's items
function drawBanner() {
  var b = box();
  if (!b) { return null; }
  var items = load(code());
  var waiting = items.filter(function (item) { return !item.refused; });
  var lines = [];
  if (offline()) {
    var seconds = Math.max(0, Math.round((Date.now() - lastAnswer()) / 1000));
    lines.push(seconds < 120 ? words("behind").replace("{s}", seconds)
      : words("behind-minutes").replace("{m}", Math.floor(seconds / 60)));
  }
  if (waiting.length) {
    lines.push(words(waiting.length === 1 ? "kept-one" : "kept-many").replace("{n}", waiting.length));
  }
  var showNote = Date.now() < net.noteUntil;
  b.querySelector(".offline-note").hidden = !showNote;
  b.querySelector(".offline-line").textContent = lines.join(" · ");
  b.hidden = !lines.length && !showNote;
  b.classList.toggle("is-offline", offline());
  return items;
}

// the entries still to send, newest first, on top of the screen's history
function drawWaiting(waiting) {
  var card = document.querySelector("#live .history-card");
  if (!card) { return; }
  var list = card.querySelector("ul.kept-waiting");
  var empty = card.querySelector(":scope > p.hint");       // "Nothing entered yet."
  if (empty) { empty.hidden = waiting.length > 0; }
  if (!waiting.length) { if (list) { list.remove(); } return; }
  if (!list) {
    list = document.createElement("ul");
    list.className = "history kept-waiting";
    var heading = card.querySelector("h2");
    card.insertBefore(list, heading ? heading.nextSibling : card.firstChild);
  }
  list.textContent = "";
  waiting.slice().reverse().forEach(function (item) {
    var li = document.createElement("li");
    li.className = "kept";
    li.setAttribute("data-nonce", item.nonce);
    li.appendChild(document.createTextNode(labelNow(item) + " "));
    var state = document.createElement("small");
    state.textContent = words("sending");
    li.appendChild(state);
    list.appendChild(li);
  });
}

// An entry in the page's language: as made, or (the phone switched language since) worded
// again by the same form on this page, else as the server worded its refusal, else as made.
function language() { return document.documentElement.lang || ""; }
function labelNow(item) {
  if (!item.lang || item.lang === language()) { return item.label; }
  var again = Array.prototype.filter.call(document.querySelectorAll("form[data-entry]"), function (form) {
    var url = pathOf(form);
    return url && url.pathname + url.search === item.action &&
      form.getAttribute("data-entry").indexOf("{submitter}") < 0;
  })[0];
  if (again) { return describe(again, new URLSearchParams(item.fields), null); }
  return (item.entries && item.entries[language()]) || item.label;
}
function reasonNow(item) { return (item.reasons && item.reasons[language()]) || item.refused; }

function answerButton(text, kind, nonce, primary) {
  var button = document.createElement("button");
  button.type = "button";
  button.className = primary ? "button primary" : "button";
  button.setAttribute(kind, nonce);
  button.textContent = text;
  return button;
}

// what the table refused, in words, until the player has read it (OK) or answered its question
function drawRefused(refused) {
  var card = document.getElementById("kept-refused");
  var shown = JSON.stringify(refused.map(function (item) { return item.nonce; }));
  if (!card || card.getAttribute("data-shown") === shown) { return; }  // read once, not redrawn
  card.setAttribute("data-shown", shown);
  card.hidden = !refused.length;
  card.textContent = "";
  if (!refused.length) { return; }
  refused.forEach(function (item) {
    var row = document.createElement("div");
    row.className = "kept-row";
    var text = document.createElement("p");
    var what = document.createElement("strong");
    what.textContent = labelNow(item);
    text.appendChild(what);
    text.appendChild(document.createElement("br"));
    text.appendChild(document.createTextNode(reasonNow(item)));
    var answers = document.createElement("div");
    answers.className = "kept-answers";
    if (item.replaces) {
      row.classList.add("asks");
      answers.appendChild(answerButton(words("replace"), "data-replace", item.nonce, true));
      answers.appendChild(answerButton(words("keep"), "data-dismiss", item.nonce, false));
    } else {
      answers.appendChild(answerButton(words("ok"), "data-dismiss", item.nonce, false));
    }
    row.appendChild(text);
    row.appendChild(answers);
    card.appendChild(row);
  });
}

// --- where it hooks in ---------------------------------------------------------------------
// Offline, a post never leaves: an entry is kept, anything else is refused with the reason.
document.addEventListener("submit", function (event) {
  var form = event.target;
  if (!box() || !offline() || (form.getAttribute("method") || "").toLowerCase() !== "post") { return; }
  event.preventDefault();
  event.stopImmediatePropagation();
  if (!isEntry(form) || form.hasAttribute("data-no-queue")) {
    note(form.getAttribute("data-no-queue") || words("needs"));
    return;
  }
  keep(form, new FormData(form, event.submitter || undefined), event.submitter);
}, true);

document.addEventListener("htmx:configRequest", function (event) {
  var config = event.detail;
  if (box() && config.verb === "post" && config.elt && config.elt.tagName === "FORM") {
    config.timeout = POST_TIMEOUT_MS;
  }
});

// An entry posted while the line was up that got no answer is kept (its nonce makes the
// resend harmless if it did arrive); anything else is said to need the connection.
function noAnswer(event) {
  if (!box() || isLiveRequest(event)) { return; }     // the live view's: connection.js
  var config = event.detail.requestConfig || {};
  var element = config.elt || event.detail.elt;
  lost();
  if (element && element.tagName === "FORM" && config.verb === "post" && isEntry(element) &&
      !element.hasAttribute("data-no-queue") && config.formData) {
    var submitter = config.triggeringEvent && config.triggeringEvent.submitter;
    keep(element, config.formData, submitter);
  } else if (element && element.tagName === "FORM" && element.hasAttribute("data-no-queue")) {
    note(element.getAttribute("data-no-queue"));
  } else {
    note(words("look"));
  }
}
document.addEventListener("htmx:sendError", noAnswer);
document.addEventListener("htmx:timeout", noAnswer);

onChange(draw);
onAnswer(send);              // a live update came through: what waits goes now
document.addEventListener("htmx:afterSettle", draw);

document.addEventListener("click", function (event) {
  var button = event.target.closest && event.target.closest("button[data-dismiss]");
  if (!button) { return; }
  change(code(), button.getAttribute("data-dismiss"), function () { return null; });
  draw();
});

// Replace: the refused entry goes back in line, carrying the token of the value it replaces
// (refused again, with a new question, if that value changed once more meanwhile).
document.addEventListener("click", function (event) {
  var button = event.target.closest && event.target.closest("button[data-replace]");
  if (!button) { return; }
  change(code(), button.getAttribute("data-replace"), function (item) {
    if (!item.replaces) { return item; }
    item.fields = item.fields.filter(function (pair) { return pair[0] !== "replaces"; })
      .concat([["replaces", item.replaces]]);
    ["refused", "reasons", "entries", "replaces"].forEach(function (key) { delete item[key]; });
    return item;
  });
  net.retryAt = 0;
  draw();
  send();
});

window.addEventListener("online", function () {   // the line is back: send what waits
  net.retryAt = 0;
  send();
});
window.addEventListener("storage", function (event) {
  if (event.key === STORE + code()) { draw(); }
});

setInterval(function () {
  if (!box()) { return; }
  drawBanner();
  if (!offline()) { send(); }
}, 1000);

function start() { if (box()) { answered(); draw(); send(); } }    // the page: fresh from the table
if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", start); }
else { start(); }
