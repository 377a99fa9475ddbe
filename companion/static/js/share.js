// The Share button of a finished table: where the browser can share files (Web Share API), the
// phone's share sheet with the result card; elsewhere the link itself downloads the card.
// The card is fetched beforehand, so that sharing starts within the tap (browsers allow a share
// only then); until it is in, and if anything fails, the tap is a plain download.
var sharedCards = {};

function prepareCards(root) {
  if (!navigator.canShare || !window.File || !window.fetch) { return; }
  root.querySelectorAll("a[data-share-card]").forEach(function (link) {
    if (sharedCards[link.href]) { return; }
    sharedCards[link.href] = "loading";
    fetch(link.href, {credentials: "same-origin"}).then(function (response) {
      if (!response.ok) { throw new Error(response.status); }
      return response.blob();
    }).then(function (blob) {
      var file = new File([blob], link.getAttribute("download"), {type: "image/png"});
      var data = {files: [file], title: link.dataset.title, text: link.dataset.text};
      sharedCards[link.href] = navigator.canShare(data) ? data : "no";
      link.dataset.share = sharedCards[link.href] === data ? "sheet" : "download";
    }).catch(function () { sharedCards[link.href] = "no"; link.dataset.share = "download"; });
  });
}

document.addEventListener("DOMContentLoaded", function () { prepareCards(document); });
document.addEventListener("htmx:load", function (event) { prepareCards(event.detail.elt); });
document.addEventListener("click", function (event) {
  var link = event.target.closest && event.target.closest("a[data-share-card]");
  var data = link && sharedCards[link.href];
  if (!data || typeof data !== "object") { return; }     // the download goes ahead
  event.preventDefault();
  navigator.share(data).catch(function (error) {
    if (error.name !== "AbortError") { link.removeAttribute("data-share-card"); link.click(); }
  });
});

// A saved sheet's or board's link to share: its Copy button shows where the clipboard can be
// written, and the field selects itself when tapped (to copy by hand elsewhere).
function prepareCopies(root) {
  if (!navigator.clipboard || !window.isSecureContext) { return; }
  root.querySelectorAll("button[data-copies]").forEach(function (button) { button.hidden = false; });
}

document.addEventListener("DOMContentLoaded", function () { prepareCopies(document); });
document.addEventListener("htmx:load", function (event) { prepareCopies(event.detail.elt); });
document.addEventListener("focusin", function (event) {
  if (event.target.matches && event.target.matches(".definition-share input[readonly]")) {
    event.target.select();
  }
});
document.addEventListener("click", function (event) {
  var button = event.target.closest && event.target.closest("button[data-copies]");
  if (!button) { return; }
  var field = document.getElementById(button.dataset.copies);
  navigator.clipboard.writeText(field.value).then(function () {
    button.textContent = button.dataset.copied;
  }).catch(function () { field.select(); });
});
