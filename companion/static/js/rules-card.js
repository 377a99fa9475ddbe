// The rules card (tables/_rules_card.html): the phone's Rules button opens the card drawn with
// the page, as a modal dialog; its Close button (a dialog form) and Escape close it, natively.
// The button shows once this script runs: without it the button could open nothing.
function show() {
  document.querySelectorAll("button[data-rules-card]").forEach(function (button) {
    button.hidden = false;
  });
}

document.addEventListener("click", function (event) {
  var button = event.target && event.target.closest && event.target.closest("button[data-rules-card]");
  if (!button) { return; }
  var card = document.getElementById(button.getAttribute("data-rules-card"));
  if (card && !card.open) { card.showModal(); }
});
document.addEventListener("htmx:afterSettle", show);
show();
