// A score sheet's cell typed on the page's own keypad (templates/games/score_pad/_entry.html).
//
// A phone's numeric keyboard has no + or − on every system, so the card brings its own: digits,
// +, −, ⌫ and C write into the points field (the phone's keyboard stays down), which shows what
// was typed and its value ("3 + 6 + 2 = 11") before Save. A tap on a category (and on the host
// screen on a player, or a round) names the cell large, and its chips show the points each cell
// has: the table's, from the live sheet's data-cells (every player's cells and next empty
// cell), and what this phone keeps to send (offline.js). Typing marks the form touched, so the
// live table no longer moves it (app.js); an untouched form follows the table to the next empty
// cell. Offline, a kept entry resets the form (offline.js): it moves on to the next cell that
// has nothing, counting what is kept. Without JavaScript the keypad stays hidden, the points
// are typed on the phone's keyboard and the server works the sum out.
import {pendingEntries} from "./offline.js";

var SUM = /^ *-?[0-9]+( *[+-] *[0-9]+)* *$/;     // as the record writes it (rules.EXPRESSION)
var TERM = /([+-]?) *([0-9]+)/g;
var LONGEST = 60;
var MAX_POINTS = 1000000;

function each(root, selector, action) {
  Array.prototype.forEach.call(root.querySelectorAll(selector), action);
}
function cards() { return document.querySelectorAll("form[data-keypad]"); }
function field(form, name) { return form.elements.namedItem("points-" + name); }
function input(form) { return field(form, "points"); }

// the value of a complete sum, null while it is not one
function valueOf(text) {
  if (!SUM.test(text)) { return null; }
  var total = 0;
  text.replace(TERM, function (all, sign, digits) {
    total += (sign === "-" ? -1 : 1) * parseInt(digits, 10);
    return all;
  });
  return total;
}
function isSum(text) { return /[0-9] *[+-]/.test(text); }

// --- whose cell, which round and category -------------------------------------------------
function playerOf(form) {
  if (form.hasAttribute("data-player")) { return form.getAttribute("data-player"); }
  return radio(form, "player");
}
function roundOf(form) { return String(parseInt(field(form, "round").value, 10) || 1); }
function radio(form, name) {       // the value checked (a single radio is no RadioNodeList)
  var chosen = form.querySelector('input[name="points-' + name + '"]:checked');
  return chosen ? chosen.value : "";
}
function check(form, name, value) {
  each(form, 'input[name="points-' + name + '"]', function (choice) {
    choice.checked = choice.value === value;
  });
}
function categoryOf(form) { return radio(form, "category"); }
function chipOf(form, category) {
  return form.querySelector('.cell-chips [data-category="' + CSS.escape(category) + '"]');
}
function nameOf(form, category) {
  var chip = chipOf(form, category);
  var words = chip && chip.querySelector(".cat");
  return words ? words.textContent.trim() : "";
}

// the table's cells and next cells, as the live sheet says them
function table() {
  var sheet = document.querySelector("#live [data-cells]");
  if (!sheet) { return null; }
  try { return JSON.parse(sheet.getAttribute("data-cells")); } catch (error) { return null; }
}
function entered(data, player, round, category) {
  var value = ((data.cells[player] || {})[round] || {})[category];
  return value === undefined ? null : value;
}

// what this phone keeps to send for this card: "player|round|category" -> the typed text
function kept(form) {
  var found = {};
  var action = new URL(form.getAttribute("action"), window.location.href).pathname;
  pendingEntries().forEach(function (item) {
    if (item.action !== action) { return; }
    var fields = {};
    item.fields.forEach(function (pair) { fields[pair[0]] = pair[1]; });
    var player = form.hasAttribute("data-player") ? form.getAttribute("data-player")
      : fields["points-player"];
    var round = field(form, "round").type === "hidden" ? "1" : fields["points-round"];
    found[player + "|" + round + "|" + fields["points-category"]] = fields["points-points"];
  });
  return found;
}

// --- what the card shows ------------------------------------------------------------------
function drawValue(form) {
  var text = input(form).value;
  var value = valueOf(text);
  var output = form.querySelector("[data-sum]");
  output.textContent = value !== null && isSum(text) ? "= " + value : "";
}

function drawCell(form) {
  var name = nameOf(form, categoryOf(form));
  form.querySelector("[data-cell-name]").textContent = name;
  var data = table();
  var keeps = kept(form);
  var player = playerOf(form);
  var round = roundOf(form);
  each(form, ".cell-chips [data-category]", function (chip) {
    var category = chip.getAttribute("data-category");
    var points = chip.querySelector("[data-points]");
    var waiting = keeps[player + "|" + round + "|" + category];
    var value = waiting !== undefined ? valueOf(waiting)
      : data ? entered(data, player, round, category) : undefined;
    if (value === undefined) { return; }        // no live sheet: as the page was drawn
    points.textContent = value === null ? "–" : String(value);
    points.classList.toggle("empty", value === null);
    points.classList.toggle("kept", waiting !== undefined);
  });
}

function draw(form) { drawCell(form); drawValue(form); }

// --- the keypad -------------------------------------------------------------------------
// What is typed, as numbers and signs, written back spaced as the record shows a sum
// ("3 + 6 + 2", "-3"): a sign after a sign replaces it, a leading − is a negative number.
function isSign(part) { return part === "+" || part === "-"; }
function parts(text) { return text.replace(/\s+/g, "").match(/[0-9]+|[+-]/g) || []; }
function spaced(list) {
  return list.map(function (part, i) {
    return isSign(part) && i > 0 ? " " + part + " " : part;
  }).join("");
}
function typed(text, key) {
  var list = parts(text);
  var last = list[list.length - 1];
  if (key === "clear") { return ""; }
  if (key === "back") {
    if (last !== undefined && !isSign(last) && last.length > 1) {
      list[list.length - 1] = last.slice(0, -1);
    } else {
      list.pop();
    }
  } else if (isSign(key)) {
    if (!list.length) { if (key === "-") { list.push(key); } }
    else if (isSign(last)) { if (list.length > 1) { list[list.length - 1] = key; } }
    else { list.push(key); }
  } else if (last !== undefined && !isSign(last)) {
    list[list.length - 1] = last === "0" ? key : last + key;
  } else {
    list.push(key);
  }
  return spaced(list);
}

function press(form, key) {
  var box = input(form);
  var text = typed(box.value, key);
  if (text.length > LONGEST) { return; }
  box.value = text;
  // an input as typed: the form is touched (app.js no longer moves it), its value drawn
  box.dispatchEvent(new Event("input", {bubbles: true}));
}

document.addEventListener("click", function (event) {
  var key = event.target.closest && event.target.closest("form[data-keypad] [data-key]");
  if (!key) { return; }
  event.preventDefault();
  press(key.form || key.closest("form"), key.getAttribute("data-key"));
});

document.addEventListener("input", function (event) {
  var form = event.target.form;
  if (!form || !form.hasAttribute("data-keypad") || event.target !== input(form)) { return; }
  form.querySelector("[data-keypad-error]").hidden = true;      // said of what was there before
  drawValue(form);
});

// a tap on a category or a player, a round typed: that cell (a player's next empty one)
document.addEventListener("change", function (event) {
  var form = event.target.form;
  if (!form || !form.hasAttribute("data-keypad")) { return; }
  if (event.target.name === "points-player") {
    var data = table();
    var next = data && data.next[event.target.value];
    if (next) { moveTo(form, next[0], next[1]); }
  }
  drawCell(form);
});

// Save with nothing, or with what is no sum, is said at once (and never kept offline)
window.addEventListener("submit", function (event) {
  var form = event.target;
  if (!form.hasAttribute || !form.hasAttribute("data-keypad")) { return; }
  var value = valueOf(input(form).value);
  var problem = value === null ? "data-invalid"
    : Math.abs(value) > MAX_POINTS ? "data-too-many" : null;
  if (!problem) { return; }
  event.preventDefault();
  event.stopImmediatePropagation();
  var error = form.querySelector("[data-keypad-error]");
  error.textContent = form.getAttribute(problem);
  error.hidden = false;
}, true);

// --- moving on ------------------------------------------------------------------------------
function moveTo(form, round, category) {
  var counter = field(form, "round");
  if (counter.type !== "hidden") { counter.value = String(round); }
  check(form, "category", category);
}

// The first cell of the player's with nothing in it, nor kept to send: rounds in order, the
// categories of each in order (as the rules' next_cell, with what this phone keeps counted);
// a sheet filled once that is full stays where it is.
function nextFree(form, player) {
  var data = table() || {cells: {}};
  var keeps = kept(form);
  var once = field(form, "round").type === "hidden";
  var last = 1;
  if (!once) {
    Object.keys(data.cells).forEach(function (name) {
      Object.keys(data.cells[name]).forEach(function (round) {
        last = Math.max(last, +round + 1);
      });
    });
    Object.keys(keeps).forEach(function (key) {
      last = Math.max(last, +key.split("|")[1] + 1);
    });
  }
  var categories = [];
  each(form, ".cell-chips [data-category]", function (chip) {
    categories.push(chip.getAttribute("data-category"));
  });
  for (var round = 1; round <= last; round++) {
    for (var i = 0; i < categories.length; i++) {
      if (entered(data, player, String(round), categories[i]) === null &&
          keeps[player + "|" + round + "|" + categories[i]] === undefined) {
        return [round, categories[i]];
      }
    }
  }
  return null;
}

// Offline, an entry kept resets the form: the same player, its next cell with nothing in it.
document.addEventListener("reset", function (event) {
  var form = event.target;
  if (!form.hasAttribute || !form.hasAttribute("data-keypad")) { return; }
  var player = playerOf(form);
  setTimeout(function () {
    if (!form.hasAttribute("data-player")) { check(form, "player", player); }
    var next = nextFree(form, player);
    if (next) { moveTo(form, next[0], next[1]); }
    draw(form);
  }, 0);
}, true);

// A live update: an untouched form has followed the table (app.js, before this); one whose
// cell this phone keeps to send moves past it. The chips show the table as it is now.
function followed() {
  Array.prototype.forEach.call(cards(), function (form) {
    if (!form.hasAttribute("data-touched")) {
      var player = playerOf(form);
      if (kept(form)[player + "|" + roundOf(form) + "|" + categoryOf(form)] !== undefined) {
        var next = nextFree(form, player);
        if (next) { moveTo(form, next[0], next[1]); }
      }
    }
    draw(form);
  });
}
// the keypad shown, the phone's own keyboard kept down (a page drawn, or brought by htmx)
function start() {
  Array.prototype.forEach.call(cards(), function (form) {
    form.querySelector("[data-keys]").hidden = false;
    input(form).setAttribute("inputmode", "none");
  });
  followed();
}
document.addEventListener("htmx:afterSettle", function () { setTimeout(start, 0); });
document.addEventListener("tc:kept", followed);
if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", start); }
else { start(); }
