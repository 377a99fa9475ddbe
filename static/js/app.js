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
