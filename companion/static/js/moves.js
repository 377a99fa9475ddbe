// A move picked on the phone with no request until it is sent: every pick answers at once, and
// a whole move can be made offline (its last tap is an entry offline.js keeps).
//
// A move ([data-move]) carries its choices as data (data-choices: the rules core's steps and
// the values each offers given the values picked before it; games/choices.py) and what the
// server drew it at (data-picked). Its parts say what they are:
//   [data-choose=STEP][data-value=V]   a choice (a link, a button, a drawn cell): a tap on an
//                                      offered one picks it here; any other goes to the server
//                                      as before (which says why it does not fit);
//   [data-panel=STEP]                  shown only while STEP is the one to pick (and, with
//                                      data-if-offered="V W", only while it offers V or W);
//   [data-says=STEP]                   shown once STEP is picked, its [data-said] the value's
//                                      words; [data-unchoose=STEP] picks again from STEP;
//   form[data-fill-map]                its inputs given the values picked ({"name": [STEP]},
//                                      [STEP, N]: the value's Nth "-" or "_" part, or
//                                      [STEP, "@T"]: its data-lookup's T for the value), its data-entry
//                                      (the words offline.js keeps it under) from its
//                                      data-entry-template ({said:STEP}, {part:STEP:N});
//   [data-says-class]                  a chip's class for the value picked (prefix + value);
//   [data-only-offered]                its choices shown only where offered (others hidden);
//   [data-extra=NAME]                  in a choice: the extra NAME its value carries (the
//                                      choices' "extras", e.g. what a road circles): the first
//                                      its text and data-default, all in its choice's data-fits
//                                      (its aria-label: data-words + data-extra-label's
//                                      "{value}"), hidden when none; [data-extra-choices=NAME]
//                                      shows its [data-extra-choice=V] chips for the values
//                                      after the first that the shown choices carry, its first
//                                      radio checked again at each pick.
// A value the choices say a move spends ("spent": a cell built on, a die drawn with) is left out
// while an entry kept on this phone (offline.js, not yet in) was made with it: the next move
// offline is drawn from the phone's own pending state, not the table's last.
// The move's data-step is the step to pick. Every step but the last is kept in the page's
// address and the live updates' query, so an update draws the move where it is (the one under
// way when a pick is made is dropped: it was asked without it); the last step's choices are the
// entry's own buttons. Without JavaScript the links fetch each step as always.

import {dropLive, offline} from "./connection.js";
import {pendingEntries, say} from "./offline.js";

function parse(text, fallback) {
  try { return JSON.parse(text || ""); } catch (error) { return fallback; }
}
function steps(move) { return move._choices.steps.map(function (s) { return s.name; }); }

function offered(move, step, picked) {
  var choices = move._choices;
  var found = choices.steps.concat(choices.extras || []).filter(function (s) { return s.name === step; })[0];
  if (!found) { return []; }
  var key = found.by.map(function (b) { return picked[b]; }).join("|");
  var values = (choices.options[step] || {})[key] || [];
  var spent = (move._spent || {})[step];
  return spent ? values.filter(function (v) { return !spent[v]; }) : values;
}

// the values of the spent steps that the entries kept on this phone were made with: an entry
// posted to one of the move's forms whose fields are those the value fills in
function spentNow(move) {
  var found = {};
  var spent = move._choices.spent || [];
  var kept = spent.length ? pendingEntries() : [];
  if (!kept.length) { return found; }
  each(move, "form[data-fill-map]", function (form) {
    var url = new URL(form.getAttribute("action") || window.location.href, window.location.href);
    var map = parse(form.getAttribute("data-fill-map"), {});
    kept.filter(function (item) { return item.action === url.pathname + url.search; }).forEach(function (item) {
      var fields = {};
      item.fields.forEach(function (pair) { fields[pair[0]] = pair[1]; });
      spent.forEach(function (step) {
        var names = Object.keys(map).filter(function (name) {
          return map[name][0] === step && typeof map[name][1] !== "string";
        });
        if (!names.length) { return; }
        var values = {};
        Object.keys(move._choices.options[step] || {}).forEach(function (key) {
          move._choices.options[step][key].forEach(function (v) { values[v] = true; });
        });
        Object.keys(values).forEach(function (value) {
          if (names.every(function (name) { return fields[name] === partOf(value, map[name][1]); })) {
            found[step] = found[step] || {};
            found[step][value] = true;
          }
        });
      });
    });
  });
  return found;
}

function current(move) {              // the first step not picked yet
  var names = steps(move);
  for (var i = 0; i < names.length; i++) {
    if (move._picked[names[i]] === undefined) { return names[i]; }
  }
  return names[names.length - 1];
}

function each(move, selector, action) {
  Array.prototype.forEach.call(move.querySelectorAll(selector), action);
}

function draw(move) {
  move._spent = spentNow(move);
  var step = current(move);
  var picked = move._picked;
  move.setAttribute("data-step", step);
  each(move, "[data-panel]", function (panel) {
    var name = panel.getAttribute("data-panel");
    var wanted = panel.hasAttribute("data-if-offered") ? panel.getAttribute("data-if-offered").split(" ") : null;
    var offers = name === step ? offered(move, name, picked) : [];
    panel.hidden = name !== step || (wanted !== null && !wanted.some(function (v) { return offers.indexOf(v) >= 0; }));
  });
  each(move, "[data-says]", function (chip) {
    var value = picked[chip.getAttribute("data-says")];
    chip.hidden = value === undefined;
    var said = chip.querySelector("[data-said]");
    if (said && value !== undefined) { said.textContent = wordsFor(move, chip.getAttribute("data-says"), value); }
  });
  each(move, "[data-choose]", function (el) {
    var name = el.getAttribute("data-choose");
    var value = el.getAttribute("data-value");
    var open = name === step && offered(move, name, picked).indexOf(value) >= 0;
    el.classList.toggle("chosen", picked[name] === value);
    el.classList.toggle("legal", open);
    if (el.tagName === "BUTTON" && !el.hasAttribute("data-kept-lock")) {   // (one drawn disabled
      el.disabled = (name === step && !open) || el.getAttribute("aria-disabled") === "true"; // stays so)
    }
    if (el.closest("[data-only-offered]")) {    // a long list shows only what fits the picks before
      el.hidden = offered(move, name, picked).indexOf(value) < 0;
    }
    if (!el.closest("a, button")) {            // a drawn cell with no link of its own
      if (open) {
        el.setAttribute("role", "button");
        el.setAttribute("tabindex", "0");
        if (el.hasAttribute("data-label")) { el.setAttribute("aria-label", el.getAttribute("data-label")); }
      } else {
        ["role", "tabindex", "aria-label"].forEach(function (name) { el.removeAttribute(name); });
      }
    }
  });
  each(move, "form[data-fill-map]", function (form) { fill(move, form); });
  each(move, "[data-says-class]", function (chip) {
    var prefix = chip.getAttribute("data-says-class");
    var value = picked[chip.getAttribute("data-says")];
    Array.prototype.slice.call(chip.classList).forEach(function (name) {
      if (name.indexOf(prefix) === 0) { chip.classList.remove(name); }
    });
    if (value !== undefined) { chip.classList.add(prefix + value); }
  });
  extras(move);
  each(move, "[data-server-only]", function (el) { el.hidden = true; });   // a refusal drawn for an older pick
  remember(move);
}

// what each choice carries (a road: the value it circles), and the chips of the lower values
function extras(move) {
  var carried = {};
  each(move, "[data-extra]", function (el) {
    var name = el.getAttribute("data-extra");
    var choice = el.closest("[data-choose][data-value]");
    var picked = {};
    Object.keys(move._picked).forEach(function (key) { picked[key] = move._picked[key]; });
    if (choice) { picked[choice.getAttribute("data-choose")] = choice.getAttribute("data-value"); }
    var values = offered(move, name, picked);
    var shown = !!choice && !choice.closest("[hidden]") && !choice.disabled;
    el.hidden = !values.length;
    el.textContent = values[0] || "";
    el.setAttribute("data-default", values[0] || "");
    if (choice) {
      if (values.length) { choice.setAttribute("data-fits", values.join(" ")); }
      else { choice.removeAttribute("data-fits"); }
      if (choice.hasAttribute("data-words")) {
        choice.setAttribute("aria-label", choice.getAttribute("data-words") + (values.length
          ? " · " + (choice.getAttribute("data-extra-label") || "{value}").replace("{value}", values[0]) : ""));
      }
    }
    carried[name] = carried[name] || {};
    if (shown) { values.slice(1).forEach(function (v) { carried[name][v] = true; }); }
  });
  each(move, "[data-extra-choices]", function (box) {
    var lower = carried[box.getAttribute("data-extra-choices")] || {};
    var any = false;
    Array.prototype.forEach.call(box.querySelectorAll("[data-extra-choice]"), function (chip) {
      chip.hidden = !lower[chip.getAttribute("data-extra-choice")];
      any = any || !chip.hidden;
    });
    box.hidden = !any;
    var first = box.querySelector("input[type=radio]");
    if (first) { first.checked = true; }
  });
}

// [STEP], [STEP, N] or [STEP, "@TABLE"]: the picked value, its Nth part ("2-3", "2_3"), or what
// the form's data-lookup says for it ({TABLE: {value: what}}: e.g. the edges a spot presets)
function valueOf(move, ref, lookup) {
  var value = move._picked[ref[0]];
  if (value === undefined) { return ""; }
  if (typeof ref[1] === "string" && ref[1].charAt(0) === "@") {
    var found = ((lookup || {})[ref[1].slice(1)] || {})[value];
    return found === undefined ? "" : String(found);
  }
  return partOf(value, ref[1]);
}
function partOf(value, n) {
  if (n === undefined) { return value; }
  var parts = value.indexOf("_") >= 0 ? value.split("_") : value.split("-");   // ("0_-1": 0, -1)
  return parts[n] || "";
}
function fill(move, form) {
  var map = parse(form.getAttribute("data-fill-map"), {});
  var lookup = parse(form.getAttribute("data-lookup"), {});
  Object.keys(map).forEach(function (name) {
    var input = form.elements.namedItem(name);    // (radio buttons: the one of that value checked)
    if (input) { input.value = valueOf(move, map[name], lookup); }
  });
  var template = form.getAttribute("data-entry-template");
  if (template) {
    form.setAttribute("data-entry", template
      .replace(/\{said:([\w-]+)\}/g, function (all, step) {
        return move._picked[step] === undefined ? "" : wordsFor(move, step, move._picked[step]);
      })
      .replace(/\{part:([\w-]+):(\d+)\}/g, function (all, step, n) { return valueOf(move, [step, +n]); }));
  }
}

function wordsFor(move, step, value) {
  var el = move.querySelector('[data-choose="' + step + '"][data-value="' + value + '"]');
  return el ? el.getAttribute("data-words") || el.textContent.trim() : value;   // (a number: itself)
}

// the address (and the live updates' query) say what is picked: a reload or an update draws it
function query(move, url) {
  var names = steps(move).slice(0, -1);
  names.forEach(function (name) {
    if (move._picked[name] === undefined) { url.searchParams.delete(name); }
    else { url.searchParams.set(name, move._picked[name]); }
  });
  return url;
}
function remember(move) {
  var url = query(move, new URL(window.location.href));
  if (url.href !== window.location.href) { window.history.replaceState(window.history.state, "", url.href); }
}

// a pick made: the live update under way was asked without it (its answer would draw the move
// back), so it is dropped; the next one, on the live view's own timer, asks with the pick
function follow() { dropLive(); }

function pick(move, step, value) {
  var names = steps(move);
  var picked = {};
  for (var i = 0; i < names.length && names[i] !== step; i++) { picked[names[i]] = move._picked[names[i]]; }
  picked[step] = value;
  move._picked = picked;
  draw(move);
  follow();
}
function unpick(move, step) {
  var names = steps(move);
  var picked = {};
  for (var i = 0; i < names.length && names[i] !== step; i++) { picked[names[i]] = move._picked[names[i]]; }
  move._picked = picked;
  draw(move);
  follow();
}

function start(root) {
  Array.prototype.forEach.call((root || document).querySelectorAll("[data-move][data-choices]"), function (move) {
    move._choices = parse(move.getAttribute("data-choices"), null);
    if (!move._choices) { return; }
    var picked = parse(move.getAttribute("data-picked"), {});
    move._picked = {};
    steps(move).forEach(function (name) {
      if (picked[name] !== undefined && picked[name] !== null) { move._picked[name] = String(picked[name]); }
    });
    move.setAttribute("data-walking", "");
    move._spent = spentNow(move);
    if (Object.keys(move._spent).length) { draw(move); }     // drawn by the table without them
  });
}
document.addEventListener("tc:kept", function () {      // an entry kept, in or refused
  Array.prototype.forEach.call(document.querySelectorAll("[data-move][data-walking]"), function (move) {
    if (JSON.stringify(spentNow(move)) !== JSON.stringify(move._spent || {})) { draw(move); }
  });
});

function tapped(event) {
  var target = event.target.closest && event.target.closest("[data-choose], [data-unchoose]");
  var move = target && target.closest("[data-move][data-walking]");
  if (!move) { return; }
  if (target.hasAttribute("data-unchoose")) {
    event.preventDefault();
    event.stopImmediatePropagation();
    unpick(move, target.getAttribute("data-unchoose"));
    return;
  }
  var step = target.getAttribute("data-choose");
  var names = steps(move);
  if (step === names[names.length - 1]) { return; }         // the entry itself: it is posted
  if (step !== current(move) && move._picked[step] === undefined) { return; }
  var value = target.getAttribute("data-value");
  var earlier = {};
  for (var i = 0; i < names.length && names[i] !== step; i++) { earlier[names[i]] = move._picked[names[i]]; }
  event.preventDefault();
  event.stopImmediatePropagation();
  if (offered(move, step, earlier).indexOf(value) >= 0) { pick(move, step, value); return; }
  if ((move._spent[step] || {})[value]) { say("spent"); return; }     // made already, kept here
  if (offline()) { say("look"); return; }          // the server would say why: it needs the table
  // not offered here: the page drawn by the server with it, which says why it does not fit
  move._picked = earlier;
  move._picked[step] = value;
  window.location.assign(query(move, new URL(window.location.href)).href);
}
document.addEventListener("click", tapped, true);
document.addEventListener("keydown", function (event) {
  if ((event.key === "Enter" || event.key === " ") && event.target.getAttribute &&
      event.target.getAttribute("role") === "button" && event.target.hasAttribute("data-choose")) {
    tapped(event);
  }
}, true);

// the move's last tap sent (or kept offline): the next move starts afresh, once the entry's
// fields are read (this runs before any other submit handler, the reset after them all): the
// address and the live updates ask for it at once, the page draws it past a double tap, whose
// second tap then lands on the same button (the same entry: the same nonce, or a form
// offline.js kept and locked) rather than on whatever the next move's step draws in its place
var AFTER_A_DOUBLE_TAP_MS = 400;
window.addEventListener("submit", function (event) {
  var move = event.target.closest && event.target.closest("[data-move][data-walking]");
  if (!move) { return; }
  setTimeout(function () { move._picked = {}; remember(move); }, 0);
  setTimeout(function () {
    if (!move.isConnected) { return; }
    // a move kept offline locked its form (offline.js) against a second tap; past it, the next
    // move is another entry (the form has a fresh nonce) and may be made at once
    each(move, "[data-kept-lock]", function (button) {
      button.disabled = false;
      button.removeAttribute("data-kept-lock");
    });
    draw(move);
  }, AFTER_A_DOUBLE_TAP_MS);
}, true);

// a live update asks for the move where it is, and draws it there
document.addEventListener("htmx:configRequest", function (event) {
  var move = document.querySelector("[data-move][data-walking]");
  if (!move || !event.detail.elt || event.detail.elt.id !== "live") { return; }
  var url = new URL(event.detail.path, window.location.href);
  event.detail.path = query(move, url).pathname + query(move, url).search;
});
document.addEventListener("htmx:afterSettle", function () { start(); });
if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", function () { start(); }); }
else { start(); }
