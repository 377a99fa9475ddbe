// The photo form of a finished table: a photo chosen (or taken) is sent at once, so adding one
// is a single tap and the phone's own picker; without JavaScript the Send button sends it.
document.addEventListener("change", function (event) {
  var input = event.target;
  var form = input && input.closest && input.closest("form[data-photo-form]");
  if (!form || input.type !== "file" || !input.files || !input.files.length) { return; }
  var tooLarge = form.querySelector("[data-photo-too-large]");
  tooLarge.hidden = input.files[0].size <= Number(form.dataset.mostBytes);
  if (!tooLarge.hidden) { input.value = ""; return; }      // said here, not after the upload
  form.classList.add("sending");
  form.querySelector("[data-photo-send]").disabled = true;
  form.submit();
});
function oneTap() {
  document.querySelectorAll("form[data-photo-form] [data-photo-send]").forEach(function (send) {
    send.hidden = true;
  });
}
document.addEventListener("htmx:afterSettle", oneTap);     // a screen brought by a boosted link
document.addEventListener("tc-drawn", oneTap);             // the section fetched again
oneTap();
