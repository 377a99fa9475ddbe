// The play remembered (tables/_keepsakes.html) follows the table: when the live part brings a
// new version (a photo or a note added on another screen, a photo deleted), the section is
// fetched again once (tables.remembered), never on a timer. A note being typed here is never
// swapped away: the section waits until the note is left or saved.
var seen = version();
var pending = false;

function version() {
  var live = document.getElementById("live");
  return live ? live.getAttribute("data-version") : null;
}

function typing(section) {
  var note = section.querySelector("form.note-form textarea");
  return !!note && (note === document.activeElement || note.value !== note.defaultValue);
}

function refresh() {
  var section = document.querySelector("[data-remembered]");
  if (!section) { return; }
  if (typing(section)) { pending = true; return; }
  pending = false;
  fetch(section.getAttribute("data-remembered"), {credentials: "same-origin"})
    .then(function (answer) { return answer.ok ? answer.text() : null; })
    .then(function (html) {
      var current = document.querySelector("[data-remembered]");
      if (html === null || !current) { return; }
      if (typing(current)) { pending = true; return; }
      var fresh = new DOMParser().parseFromString(html, "text/html").querySelector("[data-remembered]");
      if (!fresh) { return; }
      current.replaceWith(fresh);
      if (window.htmx) { window.htmx.process(fresh); }
      document.dispatchEvent(new CustomEvent("tc-drawn"));     // its parts' scripts (app.js)
    })
    .catch(function () { pending = true; });          // offline: the next change tries again
}

document.addEventListener("htmx:afterSettle", function () {
  var now = version();
  if (now === null || now === seen) { return; }
  seen = now;
  refresh();
});
document.addEventListener("focusout", function (event) {
  if (pending && event.target && event.target.matches && event.target.matches("form.note-form textarea")) {
    window.setTimeout(refresh, 0);
  }
});
