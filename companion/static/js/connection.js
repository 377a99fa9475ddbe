// The line to the table: one module for app.js (live updates) and offline.js (kept entries).
//
// It owns what both need: which request is the live view's, asking it again or dropping it, and
// whether the table answers. The table stops answering when a live request fails, waits too
// long, or the browser says it is offline; it answers again with the next live update that
// comes through (or when offline.js gets an answer to an entry it sends).
const BEHIND_AFTER_MS = 30000;     // a live request this old without an answer: the line is dead
const STUCK_MS = 4000;             // while behind, a live request this old is asked again

const line = {failing: false, lastAnswer: Date.now(), liveSince: 0, dropping: false};
const changeListeners = [];        // told when the table stops or starts answering
const answerListeners = [];        // told on every answer to a live request

function liveView() { return document.getElementById("live"); }
function tell(listeners) { listeners.forEach(function (listener) { listener(); }); }

// The live view's own request (from an htmx event).
export function isLiveRequest(event) {
  const config = event.detail.requestConfig || event.detail;
  return !!(config && config.elt && config.elt.id === "live");
}

// Ask the live view again now.
export function refreshLive() {
  const element = liveView();
  if (element && window.htmx) { window.htmx.trigger(element, "refresh"); }
}

// Drop the live request under way (our own abort is not a failure of the line).
export function dropLive() {
  const element = liveView();
  line.liveSince = 0;
  if (element && window.htmx) {
    line.dropping = true;
    window.htmx.trigger(element, "htmx:abort");
    line.dropping = false;
  }
}

export function offline() { return line.failing || navigator.onLine === false; }
export function lastAnswer() { return line.lastAnswer; }    // ms since the epoch

// The table did not answer / did answer (a live update, an entry sent, the page itself).
export function lost() {
  if (!line.failing) { line.failing = true; tell(changeListeners); }
}
export function answered() {
  line.lastAnswer = Date.now();
  if (line.failing) { line.failing = false; tell(changeListeners); }
}

export function onChange(listener) { changeListeners.push(listener); }
export function onAnswer(listener) { answerListeners.push(listener); }

// --- the live requests tell how the line is ---------------------------------------------------
document.addEventListener("htmx:beforeRequest", function (event) {
  if (isLiveRequest(event)) { line.liveSince = Date.now(); }
});
document.addEventListener("htmx:afterRequest", function (event) {
  if (!isLiveRequest(event)) { return; }
  line.liveSince = 0;
  const xhr = event.detail.xhr;
  if (xhr && xhr.status > 0 && xhr.status < 500) { answered(); tell(answerListeners); }
});
function noAnswer(event) {
  if (!isLiveRequest(event)) { return; }
  line.liveSince = 0;
  if (!line.dropping) { lost(); }
}
document.addEventListener("htmx:sendError", noAnswer);
document.addEventListener("htmx:timeout", noAnswer);

// A live request that hangs on a line that went away is dropped and asked again.
window.addEventListener("offline", function () { lost(); dropLive(); });
window.addEventListener("online", function () { dropLive(); refreshLive(); });
setInterval(function () {
  if (!liveView()) { return; }
  const waited = line.liveSince ? Date.now() - line.liveSince : 0;
  if (waited > BEHIND_AFTER_MS) { lost(); }
  if (line.failing && navigator.onLine !== false && waited > STUCK_MS) {
    dropLive();
    refreshLive();
  }
}, 1000);
