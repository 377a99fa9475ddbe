// A seated player's phone stays awake while the game is on (phones at a table sleep between
// turns otherwise).
//
// A screen asks for it with #live[data-keep-awake]: a seat's phone screen of a table not yet
// finished. Where the browser has the Screen Wake Lock API (a secure context: HTTPS, or the
// serving machine itself) the screen is locked on, and locked again whenever the page is shown
// again (the browser lets the lock go while the page is hidden). Where it has not (a home
// network's plain http) NoSleep.js plays its tiny silent looping video, which a browser starts
// only after a tap on the page: from the first tap on (at once when the page was already
// tapped). Both are let go as soon as the screen no longer asks for it: the live update that
// finishes the game, leaving the seat, closing the page, or the player's own switch, which this
// phone remembers. <html data-awake> says what holds the screen on: "lock", "video" or "".
const SWITCHED_OFF = "tc-keep-awake";      // localStorage: "off" once the player switched it off
const NOSLEEP = new URL("../vendor/NoSleep-0.12.0.min.js", import.meta.url).href;
const held = {lock: null, asking: false, video: null, starting: false, loading: false, tapped: false,
              off: false};    // the switch, where this browser keeps no storage

function asked() {
  const live = document.getElementById("live");
  return !!live && live.hasAttribute("data-keep-awake");
}
function switchedOff() {
  try { return window.localStorage.getItem(SWITCHED_OFF) === "off"; } catch (error) { return held.off; }
}
function wanted() { return asked() && !switchedOff() && document.visibilityState === "visible"; }
function tapped() {
  return held.tapped || !!(navigator.userActivation && navigator.userActivation.hasBeenActive);
}

function show() {
  const playing = held.video && held.video.isEnabled;
  document.documentElement.dataset.awake = held.lock ? "lock" : (playing ? "video" : "");
}
function showSwitch() {          // a page drawn: the switch as this phone remembers it
  const setting = document.getElementById("keep-awake");
  if (setting) {
    setting.checked = !switchedOff();
    setting.closest("label").hidden = !asked();
  }
}
function drawn() { showSwitch(); sync(); }

// --- the Screen Wake Lock API ------------------------------------------------------------------
function lock() {
  if (held.lock || held.asking) { return; }
  held.asking = true;
  navigator.wakeLock.request("screen").then(function (sentinel) {
    held.asking = false;
    if (!wanted()) { sentinel.release(); return; }        // no longer asked for meanwhile
    held.lock = sentinel;
    sentinel.addEventListener("release", function () {
      if (held.lock === sentinel) { held.lock = null; }
      show();
    });
    show();
  }, function () {            // refused (the battery saver, no permission): asked on the next tap
    held.asking = false;
  });
}

// --- the fallback: NoSleep.js's video, loaded once it may be needed --------------------------
function load() {
  if (held.loading) { return; }
  held.loading = true;
  const script = document.createElement("script");
  script.src = NOSLEEP;
  script.addEventListener("load", sync);
  document.head.appendChild(script);
}
function play() {
  if (!window.NoSleep) { load(); return; }
  if (!held.video) { held.video = new window.NoSleep(); }
  if (held.video.isEnabled || held.starting || !tapped()) { return; }
  held.starting = true;
  held.video.enable().then(function () {
    held.starting = false;
    if (!wanted()) { held.video.disable(); }
    show();
  }, function () {            // not without a tap (this browser): the next one starts it
    held.starting = false;
    show();
  });
}

function release() {
  const sentinel = held.lock;
  held.lock = null;
  if (sentinel) { sentinel.release().catch(function () {}); }
  if (held.video && held.video.isEnabled) { held.video.disable(); }
}

function sync() {
  if (!wanted()) { release(); }
  else if (navigator.wakeLock) { lock(); }
  else { play(); }
  show();
}

// --- where it hooks in --------------------------------------------------------------------------
// a tap is what lets the video play: answered within the tap itself
document.addEventListener("click", function () { held.tapped = true; sync(); }, true);
document.addEventListener("keydown", function () { held.tapped = true; sync(); }, true);
document.addEventListener("visibilitychange", sync);
document.addEventListener("htmx:afterSettle", drawn);     // a live update, another page
document.addEventListener("htmx:historyRestore", drawn);
document.addEventListener("change", function (event) {
  if (!event.target || event.target.id !== "keep-awake") { return; }
  held.off = !event.target.checked;
  try {
    if (event.target.checked) { window.localStorage.removeItem(SWITCHED_OFF); }
    else { window.localStorage.setItem(SWITCHED_OFF, "off"); }
  } catch (error) { /* storage forbidden: this page's switch only */ }
  sync();
});
window.addEventListener("storage", function (event) {
  if (event.key === SWITCHED_OFF) { drawn(); }
});

if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", drawn); }
else { drawn(); }
