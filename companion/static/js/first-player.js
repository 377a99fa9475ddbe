// Who starts (tables/_first_player.html): the server picked the first player; the page only
// draws that pick, once: the names light in turn for under 2 s and land on the picked one,
// then "Bence starts" shows. With prefers-reduced-motion: reduce, the result shows at once.
var STEPS_MS = [70, 70, 70, 80, 80, 90, 100, 110, 130, 150, 180, 220];   // 1.35 s in all, slowing
var drawn = new WeakSet();

function draw(card) {
  if (drawn.has(card)) { return; }
  drawn.add(card);
  var seats = Array.prototype.slice.call(card.querySelectorAll(".first-player-seat"));
  var picked = card.getAttribute("data-picked");
  var target = -1;
  seats.forEach(function (seat, i) {
    var field = seat.form && seat.form.querySelector("input[name=player]");
    if (field && field.value === picked) { target = i; }
  });
  var still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  if (target < 0 || seats.length < 2 || still) { return; }
  card.classList.add("drawing");
  // start so that the last step lands on the picked seat
  var at = ((target - STEPS_MS.length + 1) % seats.length + seats.length) % seats.length;
  var step = 0;
  function next() {
    seats.forEach(function (seat) { seat.classList.remove("lit"); });
    seats[(at + step) % seats.length].classList.add("lit");
    if (step === STEPS_MS.length - 1) {
      window.setTimeout(function () {
        seats.forEach(function (seat) { seat.classList.remove("lit"); });
        card.classList.remove("drawing");
      }, 250);
      return;
    }
    window.setTimeout(next, STEPS_MS[step]);
    step += 1;
  }
  next();
}

function drawAll() {
  document.querySelectorAll("[data-first-player][data-picked]").forEach(draw);
}
document.addEventListener("htmx:afterSettle", drawAll);
drawAll();
