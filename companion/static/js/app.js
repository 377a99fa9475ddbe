// What every page does: live updates, the start-a-table form, entry forms, folded parts, sw.js,
// and the scripts of the parts a page brings.
import {dropLive, isLiveRequest, offline, refreshLive} from "./connection.js";
import "./clock.js";      // the table's clock, on every screen of a table

// Live screens: a long poll (wait=1: the server answers as soon as the table changes, or with
// "nothing new" after a while), the #live element's polling every POLL_SECONDS as the fallback.
// A poll that comes while a request is still out waits for it (htmx queues the last one), so the
// polling timer itself starts the next long poll when one ends empty. Polling pauses while the
// page is hidden and catches up as soon as it is shown again; a 503 (the server sheds load)
// holds every live request back for its Retry-After; a failed long poll means plain polling
// for a while.
var LONG_POLL_TIMEOUT_MS = 60000;   // the server answers within its wait (20 s): a dead line
var FALLBACK_MS = 30000;            // plain polling for this long after a failed long poll
var livePush = {plainUntil: 0, quietUntil: 0, resume: false, resumedAt: 0};

// While the table does not answer, a live request asks without waiting: its answer, at once,
// is what tells the screen the line is back (a long poll would hold it until the table changes,
// and the screen would say "Offline" for as long).
document.addEventListener("htmx:configRequest", function (event) {
  if (!isLiveRequest(event) || Date.now() < livePush.plainUntil || offline()) { return; }
  event.detail.parameters.wait = "1";
  event.detail.timeout = LONG_POLL_TIMEOUT_MS;
  event.detail.longPoll = true;
});

// A pick (a tap that fetches the live part with something chosen: a colour, a die, a cell) wins
// over the live updates: the update under way is dropped, none starts until the pick's answer
// is in, and a newer pick replaces an older one. Otherwise an update drawn without the pick
// could be swapped in after it, or release a queued poll that swaps the tapped link away first.
// An act (a form posted: its answer is the whole screen again) holds them the same way: the
// update its own act brings would otherwise reload the page under it (a finished game's
// HX-Refresh), and the result would show only after a second load.
var PICK_HOLD_MS = 15000;           // at most; the pick's answer (or its failure) ends it sooner
var livePick = {xhr: null, until: 0};

function isPick(elt, verb, target) {
  return !!elt && elt.id !== "live" &&
    ((verb === "get" && !!target && target.id === "live") || verb === "post");
}
function picking() { return Date.now() < livePick.until; }

document.addEventListener("htmx:confirm", function (event) {   // before htmx sends anything
  if (!isPick(event.detail.elt, event.detail.verb, event.detail.target)) { return; }
  var older = livePick.xhr;
  livePick.xhr = null;
  if (older) { older.abort(); }
  livePick.until = Date.now() + PICK_HOLD_MS;
  dropLive();
});
document.addEventListener("htmx:beforeRequest", function (event) {
  var trigger = event.detail.requestConfig && event.detail.requestConfig.triggeringEvent;
  var live = event.detail.elt && event.detail.elt.id === "live";
  if ((live && !trigger && document.hidden) || (live && Date.now() < livePush.quietUntil) ||
      (live && picking())) {
    event.preventDefault();
    return;
  }
  var xhr = event.detail.xhr;
  var config = event.detail.requestConfig || {};
  if (xhr && isPick(event.detail.elt, config.verb, event.detail.target)) {
    livePick.xhr = xhr;
    xhr.addEventListener("loadend", function () {
      if (livePick.xhr !== xhr) { return; }
      livePick.xhr = null;
      livePick.until = 0;
      livePush.resume = true;     // the live part is fresh: wait for the next change from here
    });
  }
});
document.addEventListener("htmx:afterRequest", function (event) {
  if (!isLiveRequest(event)) { return; }
  var xhr = event.detail.xhr;
  var config = event.detail.requestConfig;
  if (xhr && xhr.status === 503) {
    var seconds = parseInt(xhr.getResponseHeader("Retry-After"), 10) || 5;
    livePush.quietUntil = Date.now() + seconds * 1000 * (1 + Math.random());  // not all at once
  } else if (event.detail.successful !== true) {
    if (config && config.longPoll && !picking()) { livePush.plainUntil = Date.now() + FALLBACK_MS; }
  } else if (xhr.status === 200 && config && config.longPoll) {
    livePush.resume = true;     // the next long poll starts as soon as the new view is in
  }
});
document.addEventListener("htmx:afterSettle", function () {
  if (!livePush.resume || !document.getElementById("live") || document.hidden) { return; }
  livePush.resume = false;
  if (Date.now() - livePush.resumedAt < 250) { return; }  // never faster: the timer polls on
  livePush.resumedAt = Date.now();
  refreshLive();
});
document.addEventListener("visibilitychange", function () {
  if (!document.hidden) { refreshLive(); }
});

// Start-a-table form: show only the chosen game's options (all stay visible without JavaScript).
function showGameOptions() {
  var select = document.getElementById("game");
  if (!select) { return; }
  document.querySelectorAll("fieldset.options[data-game]").forEach(function (fieldset) {
    fieldset.hidden = fieldset.getAttribute("data-game") !== select.value;
  });
  // the time bank: offered for the games that keep turns
  document.querySelectorAll("[data-turn-games]").forEach(function (part) {
    part.hidden = part.getAttribute("data-turn-games").split(" ").indexOf(select.value) < 0;
  });
}
document.addEventListener("change", function (event) {
  if (event.target && event.target.id === "game") { showGameOptions(); }
});
document.addEventListener("DOMContentLoaded", showGameOptions);
document.addEventListener("htmx:afterSettle", showGameOptions);

// Entry forms follow the live table (the next empty seat and round) until someone types in them:
// a touched form keeps what it showed, and the server refuses it if that would replace an entry.
function followLiveTable() {
  var data = document.getElementById("follow");
  if (!data) { return; }
  var values = JSON.parse(data.getAttribute("data-fields") || "{}");
  document.querySelectorAll("form[data-follow]:not([data-touched])").forEach(function (form) {
    Object.keys(values).forEach(function (name) {
      var input = form.elements.namedItem(name);
      if (input) { input.value = values[name]; }
    });
  });
}
["input", "change"].forEach(function (type) {
  document.addEventListener(type, function (event) {
    var form = event.target.closest && event.target.closest("form[data-follow]");
    if (form) { form.setAttribute("data-touched", ""); }
  });
});
document.addEventListener("htmx:afterSettle", followLiveTable);

// A folded part the viewer opened (or closed) stays so across live updates.
var keptOpen = {};
document.addEventListener("click", function (event) {
  var summary = event.target.closest && event.target.closest("details[data-keep-open] > summary");
  if (summary) { keptOpen[summary.parentElement.id] = !summary.parentElement.open; }
});
document.addEventListener("htmx:afterSettle", function () {
  Object.keys(keptOpen).forEach(function (id) {
    var details = document.getElementById(id);
    if (details) { details.open = keptOpen[id]; }
  });
});

// Doodle City: a lower value chosen to circle shows on the road shapes that can circle it.
document.addEventListener("change", function (event) {
  var radio = event.target;
  if (!radio.matches || !radio.matches(".circle-choice input")) { return; }
  radio.form.querySelectorAll("button[data-fits]").forEach(function (shape) {
    var badge = shape.querySelector(".circles");
    var fits = shape.getAttribute("data-fits").split(" ");
    shape.disabled = radio.value !== "" && fits.indexOf(radio.value) < 0;
    badge.textContent = radio.value === "" ? badge.getAttribute("data-default")
      : (shape.disabled ? "–" : radio.value);
  });
});

// The offline page (static/sw.js): browsers run service workers only in a secure context, that
// is over HTTPS or on the serving machine itself (localhost, 127.0.0.1); over a home network's
// plain http nothing is registered and everything else works the same.
if (window.isSecureContext && "serviceWorker" in navigator) {
  window.addEventListener("load", function () {
    navigator.serviceWorker.register("/sw.js", {scope: "/"}).catch(function () {});
  });
}

// An untouched host entry card outside the live part (no seat or cell picked: it enters for the
// player whose turn it is) is fetched again when the turn moves on, once per turn (the mark is
// kept on the card itself: a boosted page brings a fresh one).
function followTurnEntry() {
  var entry = document.querySelector("[data-follow-turn]");
  var line = document.querySelector("#live .turn-line");
  if (!entry || !line || !window.htmx) { return; }
  var player = line.getAttribute("data-turn") || "";
  if (!player || player === entry.getAttribute("data-follow-turn")
      || player === entry.getAttribute("data-turn-asked")) {
    return;
  }
  entry.setAttribute("data-turn-asked", player);
  window.htmx.ajax("GET", window.location.href,
                   {target: entry, select: "[data-follow-turn]", swap: "outerHTML"});
}
document.addEventListener("htmx:afterSettle", followTurnEntry);

// Your turn: the phone vibrates once when its turn comes (where the browser allows it), unless
// the player turned that off with the button at the bottom of the phone (kept on this phone).
var VIBRATE_KEY = "companion-vibrate-on-turn";
function vibrateAllowed() {
  try { return localStorage.getItem(VIBRATE_KEY) !== "off"; } catch (e) { return true; }
}
function followTurn() {
  var line = document.querySelector(".turn-line");
  var setting = document.querySelector(".vibrate-setting");
  if (setting && navigator.vibrate) {
    var on = vibrateAllowed();
    setting.hidden = false;
    setting.setAttribute("aria-pressed", on ? "true" : "false");
    setting.textContent = setting.getAttribute(on ? "data-on" : "data-off");
  }
  var live = document.getElementById("live");
  if (!live) { return; }
  var key = "companion-turn:" + location.pathname;
  var mine = !!(line && line.hasAttribute("data-your-turn"));
  var before;
  try { before = sessionStorage.getItem(key); sessionStorage.setItem(key, mine ? "mine" : ""); }
  catch (e) { before = null; }
  if (mine && before === "" && vibrateAllowed() && navigator.vibrate) {
    navigator.vibrate(200);
    document.documentElement.setAttribute("data-vibrated", String(Date.now()));
  }
}
document.addEventListener("DOMContentLoaded", followTurn);
document.addEventListener("htmx:afterSettle", followTurn);
document.addEventListener("click", function (event) {
  var setting = event.target && event.target.closest && event.target.closest(".vibrate-setting");
  if (!setting) { return; }
  try { localStorage.setItem(VIBRATE_KEY, vibrateAllowed() ? "off" : "on"); } catch (e) { /* private mode */ }
  followTurn();
});

// A part's own script: a page loads those of the parts it draws (its template names them), and
// a page brought by a boosted link or a live update can bring a part the first page had none
// of (a move to walk, a keypad, the kept entries' banner): its script loads then, once (a
// module runs once however often it is imported). The build of the static files rewrites these
// names to the hashed ones (companion/assets.py).
var PARTS = [
  ["#offline", function () { return import("./offline.js"); }],
  ["#live[data-keep-awake]", function () { return import("./wake.js"); }],
  ["[data-move]", function () { return import("./moves.js"); }],
  ["form[data-keypad]", function () { return import("./keypad.js"); }],
  ["[data-score-pad-options]", function () { return import("./score-sheet-options.js"); }],
  ["[data-speech]", function () { return import("./speech.js"); }],
  ["[data-first-player]", function () { return import("./first-player.js"); }],
  ["[data-rules-card]", function () { return import("./rules-card.js"); }],
  ["form[data-photo-form]", function () { return import("./photos.js"); }],
  ["[data-remembered]", function () { return import("./remembered.js"); }]
];
var partsLoaded = {};
function loadParts() {
  PARTS.forEach(function (part) {
    if (partsLoaded[part[0]] || !document.querySelector(part[0])) { return; }
    partsLoaded[part[0]] = true;
    part[1]().catch(function () { partsLoaded[part[0]] = false; });   // the next page tries again
  });
}
document.addEventListener("htmx:afterSettle", loadParts);
document.addEventListener("tc-drawn", loadParts);      // a part drawn again by a script of its own
loadParts();
