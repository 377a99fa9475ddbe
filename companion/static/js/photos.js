// The photo form of a finished table: a photo chosen (or taken) is sent at once, so adding one
// is a single tap and the phone's own picker; without JavaScript the Send button sends it.
document.addEventListener("change", function (event) {
  var input = event.target;
  var form = input && input.closest && input.closest("form[data-photo-form]");
  if (!form || input.type !== "file" || !input.files || !input.files.length) { return; }
  form.classList.add("sending");
  form.querySelector("[data-photo-send]").disabled = true;
  form.submit();
});
document.querySelectorAll("form[data-photo-form] [data-photo-send]").forEach(function (send) {
  send.hidden = true;
});
