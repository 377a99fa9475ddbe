// Live screens: poll only while the page is visible, and catch up as soon as it is shown again.
document.addEventListener("htmx:beforeRequest", function (event) {
  var trigger = event.detail.requestConfig && event.detail.requestConfig.triggeringEvent;
  var polling = event.detail.elt && event.detail.elt.id === "live" && !trigger;
  if (polling && document.hidden) {
    event.preventDefault();
  }
});
document.addEventListener("visibilitychange", function () {
  var live = document.getElementById("live");
  if (!document.hidden && live && window.htmx) {
    window.htmx.trigger(live, "refresh");
  }
});

// Start-a-table form: show only the chosen game's options (all stay visible without JavaScript).
function showGameOptions() {
  var select = document.getElementById("game");
  if (!select) { return; }
  document.querySelectorAll("fieldset.options[data-game]").forEach(function (fieldset) {
    fieldset.hidden = fieldset.getAttribute("data-game") !== select.value;
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
