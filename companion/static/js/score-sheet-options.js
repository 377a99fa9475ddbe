// The score pad's start options, made plainer (the form works the same without this script): a
// sheet where the lowest total wins ticks "lowest wins" and holds it ticked; teams wait for a
// sheet; each team choice is labelled with the player's name, and the teams are listed by name.
(function () {
  if (window.scoreSheetOptions) { return; }
  window.scoreSheetOptions = true;

  function names() {
    var found = [];
    for (var i = 0; ; i++) {
      var input = document.querySelector('input[name="players-' + i + '"]');
      if (!input) { return found; }
      if (input.value.trim()) { found.push(input.value.trim()); }
    }
  }

  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, function (all, key) { return values[key]; });
  }

  function followSheet(box) {
    var sheet = box.querySelector('select[name$="-sheet"]');
    var lowest = box.querySelector('input[name$="-lowest_wins"]');
    var teams = box.querySelector('select[name$="-teams"]');
    var option = sheet.options[sheet.selectedIndex];
    var bySheet = !!option && option.getAttribute("data-lowest-wins") === "true";
    if (bySheet && !lowest.disabled) {
      lowest.setAttribute("data-own", lowest.checked ? "1" : "");
      lowest.checked = true;
      lowest.disabled = true;           // the sheet decides (the server adds it to the box)
    } else if (!bySheet && lowest.disabled) {
      lowest.disabled = false;
      lowest.checked = lowest.getAttribute("data-own") === "1";
    }
    teams.disabled = sheet.value === "";
    box.querySelector("[data-teams-hint]").hidden = sheet.value !== "";
  }

  function followTeams(box) {
    var players = names();
    var mode = box.querySelector('select[name$="-teams"]');
    var seats = box.querySelector("[data-team-seats]");
    var chosen = mode.disabled ? "" : mode.value;
    seats.hidden = chosen !== "seats";
    if (chosen === "seats") { seats.open = true; }
    box.querySelectorAll("[data-seat]").forEach(function (row) {
      var seat = parseInt(row.getAttribute("data-seat"), 10);
      var label = row.querySelector(".team-seat-name");
      var named = seat < players.length;
      row.hidden = players.length > 0 && !named;
      label.textContent = named ? players[seat] : fill(label.getAttribute("data-player"), {n: seat + 1});
      row.setAttribute("aria-label", named
        ? fill(row.getAttribute("data-named"), {name: players[seat]})
        : fill(row.getAttribute("data-numbered"), {n: seat + 1}));
    });
    var teams = {};
    players.forEach(function (name, seat) {
      var number;
      if (chosen === "seats") {
        var picked = box.querySelector('[data-seat="' + seat + '"] input:checked');
        number = picked ? picked.value : "1";
      } else {
        number = String(seat % parseInt(chosen || "1", 10) + 1);
      }
      (teams[number] = teams[number] || []).push(name);
    });
    var preview = box.querySelector("[data-team-preview]");
    preview.textContent = "";
    preview.hidden = !chosen || players.length === 0;
    Object.keys(teams).sort().forEach(function (number) {
      var line = document.createElement("li");
      line.textContent = fill(preview.getAttribute("data-line"),
                              {number: number, names: teams[number].join(", ")});
      preview.appendChild(line);
    });
  }

  function update() {
    var box = document.querySelector("[data-score-pad-options]");
    if (!box) { return; }
    followSheet(box);
    followTeams(box);
  }

  ["input", "change"].forEach(function (type) {
    document.addEventListener(type, function (event) {
      var box = document.querySelector("[data-score-pad-options]");
      if (box && event.target && event.target.form && event.target.form.contains(box)) { update(); }
    });
  });
  document.addEventListener("htmx:afterSettle", update);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", update);
  } else {
    update();
  }
})();
