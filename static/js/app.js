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
