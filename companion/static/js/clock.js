// The table's clock ticking in the page: no request per second. The server draws each clock as it
// stood at the record's latest time (data-since, ms since 1970 by the server's clock) and says
// its own clock as the response left (#live's data-now); the page keeps the difference between
// that and its own clock, so a phone whose clock is wrong still counts right, and a reload or a
// phone waking up (a fresh response, or the same difference still true) is right at once.
//
// [data-clock=tick]: a time (data-ms) running on from data-since while data-running.
// [data-clock=bank]: a player's time bank: data-left at the start of the turn, less what the
// turn (data-ms so far, running on while data-running) took past its free delay (data-delay);
// the bar (a <meter>: amber under a third, red under a tenth) and the time left, an overrun
// below zero. On the player's own phone (data-mine) an overrun vibrates it once per turn.
// Each clock that runs out says so once to whoever listens ("tc-bank-out" on document: the host
// screen's speech).
var TICK_MS = 250;
var offset = 0;         // the server's clock less this page's
var told = {};          // the banks whose overrun was told (by player and turn), this page
var drawn = false;      // the page drawn once: a bank over by then is nothing new

function key(element) { return element.dataset.player + "\u001f" + element.dataset.turnNumber; }

function serverNow() { return Date.now() + offset; }

function text(ms) {
  var sign = ms < 0 ? "\u2212" : "";
  var seconds = Math.floor(Math.abs(ms) / 1000);
  var hours = Math.floor(seconds / 3600);
  var minutes = Math.floor(seconds % 3600 / 60);
  var rest = seconds % 60;
  var two = function (n) { return (n < 10 ? "0" : "") + n; };
  return hours ? sign + hours + ":" + two(minutes) + ":" + two(rest) : sign + minutes + ":" + two(rest);
}

function running(element) {
  return element.hasAttribute("data-running") ? Math.max(0, serverNow() - Number(element.dataset.since)) : 0;
}

function vibrateOnce(element) {
  var key = "companion-bank-out:" + location.pathname + ":" + element.dataset.turnNumber;
  try {
    if (sessionStorage.getItem(key)) { return; }
    sessionStorage.setItem(key, "1");
  } catch (error) { /* private mode: vibrate anyway */ }
  if (navigator.vibrate) { navigator.vibrate([300, 150, 300]); }
  document.documentElement.setAttribute("data-vibrated-bank", String(Date.now()));
}

function show(element) {
  if (element.dataset.clock === "tick") {
    var shown = text(Number(element.dataset.ms) + running(element));
    if (element.textContent !== shown) { element.textContent = shown; }
    return;
  }
  var used = Number(element.dataset.ms) + running(element);
  var left = Number(element.dataset.left) - Math.max(0, used - Number(element.dataset.delay));
  var meter = element.querySelector("meter");
  var label = element.querySelector(".bank-left");
  if (meter) { meter.value = Math.max(0, left); }
  if (label && label.textContent !== text(left)) { label.textContent = text(left); }
  var over = left < 0;
  element.classList.toggle("bank-over", over);
  if (over && element.hasAttribute("data-running") && !told[key(element)]) {
    told[key(element)] = true;
    if (!drawn) { return; }
    if (element.hasAttribute("data-mine")) { vibrateOnce(element); }
    document.dispatchEvent(new CustomEvent("tc-bank-out", {detail: {element: element}}));
  }
}

function tickAll() {
  document.querySelectorAll("[data-clock]").forEach(show);
}

function settle() {
  var live = document.getElementById("live");
  if (live && live.dataset.now) {
    offset = Number(live.dataset.now) - Date.now();
  }
  tickAll();
  drawn = true;
}

document.addEventListener("htmx:afterSettle", settle);
document.addEventListener("visibilitychange", tickAll);
if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", settle); }
else { settle(); }
setInterval(function () { if (document.querySelector("[data-clock]")) { tickAll(); } }, TICK_MS);
export {text};
