"""The TV reads at 3 m: every game's host screen at 1920×1080, in play and finished, in English
and Hungarian, a name of 20 characters at every seat. Every visible text as drawn (a 55" TV seen
from 3 m needs 28 px at 1080p: the last act 36 px, a label inside a drawn board 20 px), its
contrast on what is behind it, none cut off by what holds it, and the whole game in the first
screen, under room for the turn line; Quadropolis with four cities from its first round to the
end; OddVille's city fits a phone's width too. Screenshots under test-artifacts/screens/
(<lang>-tv-<game>-<stage>)."""
from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from companion.tables import service
from tests.games.oddville.test_example import PLAYERS as ODDVILLE_SEATS
from tests.longest_acts import LONGEST
from tests.games.quadropolis.test_golden_turns import CLASSIC as QUADROPOLIS_FOUR
from tests.story_records import FINISHED, points

from .helpers import assert_not_reloaded, finish_game, live_polls_due, mark_page
from .test_screens import SCREENS, Album, to_hungarian

TV = {"viewport": {"width": 1920, "height": 1080}}
PHONE = {"viewport": {"width": 412, "height": 915}}
FLOORS = {"html": 28, "svg": 20, "last": 36, "turn": 48}      # px of rendered height
CONTRAST = 4.5
TURN_LINE = 84      # px kept at the top of the stage for whose turn it is (one line of 48 px)


def wide_city() -> list[dict]:
    """OddVille: a city of 7 columns and 4 rows, built outward from the Main Square (with the
    spots to build at around it, a phone draws 9 columns)."""
    cells = [(0, -1), (0, 1), (1, 0), (0, -2), (0, 2), (1, -1), (1, 1), (0, -3), (0, 3),
             (1, -2), (1, 2), (2, 0), (2, -1), (2, 1), (1, -3), (1, 3), (3, 0), (2, -2)]
    vps = [{"rule": "diamond", "points": 4}, {"rule": "per_row", "base": 2},
           {"rule": "per_guild", "base": 2, "guild": "mask"}, {"rule": "shields"},
           {"rule": "per_column", "base": 1}, {"rule": "three_per_neighbour"},
           {"rule": "per_diamond", "base": 3}]
    guilds = ("rooster", "bells", "mask", "lily")
    return [{"type": "build", "player": ODDVILLE_SEATS[i % 4], "row": row, "column": column,
             "vp": vps[i % len(vps)], **({"guild": guilds[i % 4]} if i % 3 == 0 else {}),
             **({"shield": 2} if i % 5 == 1 else {})} for i, (row, column) in enumerate(cells)]


def in_play(game: str) -> tuple[list[str], dict, list[dict]]:
    """A table in the middle of the game: players, options, events."""
    record = FINISHED[game]
    names = [p["name"] for p in record["players"]]
    events = [e for e in record["events"] if e["type"] != "end"]
    if game == "quadropolis":       # four players in round 3
        return quadropolis_four(44)
    if game == "score-pad":         # four players, 18 entries: past where Finish fell off
        names = ["Anna", "Bence", "Csilla", "Dóra"]
        events = [points(name, n // 4 + 1, (7 * n) % 13) for n, name in
                  enumerate(names * 5)][:18]
    elif game == "doodle-city":     # a round under way: two dice claimed, two players to act
        events = events[:18]
    elif game == "calcada":
        events = events[:26]
    elif game == "quadropolis":
        events = [{"type": "round", "round": 1}, *events[:3]]
    elif game == "oddville":
        events = wide_city()
    return names, record.get("options", {}), events


def in_play_longest_last(game: str) -> tuple[list[str], dict, list[dict]]:
    """The table in play, its last act the longest its game words (tests/longest_acts.py)."""
    names, options, events = in_play(game)
    return names, options, [*events, QUADROPOLIS_LONGEST if game == "quadropolis" else LONGEST[game]]


# Quadropolis' longest act (tests/longest_acts.py) on a cell free in the four players' round 3
QUADROPOLIS_LONGEST = {**LONGEST["quadropolis"], "player": "Anna", "row": 3, "column": 3}


# The TV's last act (or, where a game has no turns, the history's newest line) as drawn: each
# line box of its words (not its Undo) inside it, inside whatever clips it and the screen, on at
# most two lines.
LAST_WHOLE = """() => {
  const el = document.querySelector("#live .last-act")
    || document.querySelector("#live ol.history > li:first-child");
  if (!el) return ["no last act"];
  const boxes = [];
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement.closest("form, button")) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    boxes.push(...Array.from(range.getClientRects()).filter(b => b.width >= 1 && b.height >= 1));
  }
  const frames = [[el, el.getBoundingClientRect()], [null, {left: 0, right: innerWidth,
                                                            top: 0, bottom: innerHeight}]];
  for (let e = el.parentElement; e && e !== document.body; e = e.parentElement)
    if (getComputedStyle(e).overflow !== "visible") frames.push([e, e.getBoundingClientRect()]);
  const cut = [];
  for (const b of boxes)
    for (const [e, f] of frames)
      if (b.left < f.left - 1 || b.right > f.right + 1 || b.top < f.top - 1
          || b.bottom > f.bottom + 1)
        cut.push(`${Math.round(b.left)}-${Math.round(b.right)} px outside `
                 + (e ? e.tagName.toLowerCase() + "." + e.className : "the screen"));
  const bottoms = boxes.map(b => b.bottom).sort((a, b) => a - b);
  const lines = bottoms.filter((b, i) => i === 0 || b - bottoms[i - 1] > 10).length;
  if (el.matches(".last-act") && lines > 2) cut.push(`${lines} lines`);
  return cut;
}"""


def last_act_cut(page: Page, name: str) -> list[str]:
    """Where the last act is cut or runs past two lines on the TV."""
    text = page.locator("#live .last-act, #live ol.history > li:first-child").first.inner_text()
    text = text.splitlines()[0] if text else text
    return [f"{name}: the last act {text!r} is cut: {why}" for why in page.evaluate(LAST_WHOLE)]


def finished(game: str) -> tuple[list[str], dict, list[dict]]:
    record = FINISHED[game]
    if game == "quadropolis":
        return quadropolis_four(len(QUADROPOLIS_FOUR))
    return [p["name"] for p in record["players"]], record.get("options", {}), record["events"]


def quadropolis_four(acts: int) -> tuple[list[str], dict, list[dict]]:
    """A Classic game of four, as a table started in the app plays it, its first ``acts`` acts
    (the rulebook's whole game: four rounds, the Mayor, passes, cities allocated by hand, ties)."""
    events = [{"type": "round", "round": 1}, *(event for event, _turn in QUADROPOLIS_FOUR[:acts])]
    return ["Anna", "Bence", "Csilla", "Dani"], {"mode": "classic"}, events


# Quadropolis besides "play" (round 3 under way) and "end": its first round
EXTRA_STAGES = {("quadropolis", "round-1"): lambda: quadropolis_four(10)}

# Names of 20 characters (accented, hyphenated, wide letters) at every seat
LONG_NAMES = ["Kovács-Szabó Erzsike", "Mészáros-Wágner Máté", "Szentgyörgyi Csillag",
              "Fehérvári-Kis Dániel"]


def long_names(table: tuple[list[str], dict, list[dict]]) -> tuple[list[str], dict, list[dict]]:
    """The same table with every seat's name 20 characters long, in every event too."""
    names, options, events = table
    renamed = dict(zip(names, LONG_NAMES))

    def rename(value):
        if isinstance(value, str):
            return renamed.get(value, value)
        if isinstance(value, list):
            return [rename(v) for v in value]
        if isinstance(value, dict):
            return {key: rename(v) for key, v in value.items()}
        return value

    return [renamed[name] for name in names], options, rename(events)


# The parts of each game that must be in the first screen (the tools may follow below).
PARTS = {
    "score-pad": ["#live table.sheet"],
    "doodle-city": ["#live .table-status"],
    "calcada": ["#live .calcada-news-card", "#live .calcada-scoring", "#live .calcada-boards"],
    "quadropolis": ["#live .q-all"],
    "oddville": ["#live svg.ov-city-svg"],
}
SHARED_PARTS = ["#live section.board", "#live .history-card"]

# Every visible text node: its rendered height (a Range's boxes for HTML text, the drawn box of
# SVG text, so the viewBox's scale counts), and its colour against what is painted behind it.
TEXTS = r"""() => {
  const rgba = value => {
    const m = /rgba?\(([^)]*)\)/.exec(value || "");
    if (!m) return null;
    const p = m[1].split(/[\s,\/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const opacity = el => {
    let o = 1;
    for (let e = el; e && e.nodeType === 1; e = e.parentElement || e.parentNode)
      o *= parseFloat(getComputedStyle(e).opacity);
    return o;
  };
  const over = (under, colour, alpha) => under.map((u, i) => u * (1 - alpha) + colour[i] * alpha);
  const luminance = c => {
    const [r, g, b] = c.map(v => {
      v /= 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const SHAPES = new Set(["rect", "circle", "ellipse", "path", "polygon"]);
  const behind = (el, x, y) => {
    const stack = document.elementsFromPoint(x, y);
    let i = stack.findIndex(e => e === el || e.contains(el));
    const layers = stack.slice(Math.max(i, 0)).reverse();
    let colour = [255, 255, 255];
    for (const e of layers) {
      const style = getComputedStyle(e);
      let paint = null, alpha = 0;
      if (e instanceof SVGElement) {
        // a symbol drawn by <use>: the colour of its first filled shape
        const shape = e.tagName === "use"
          ? Array.from(document.querySelectorAll(`${e.getAttribute("href")} *`))
              .find(s => SHAPES.has(s.tagName) && rgba(getComputedStyle(s).fill))
          : SHAPES.has(e.tagName) ? e : null;
        if (!shape) continue;
        const fill = getComputedStyle(shape);
        paint = rgba(fill.fill);
        if (paint) alpha = paint[3] * parseFloat(fill.fillOpacity);
      } else {
        paint = rgba(style.backgroundColor);
        if (paint) alpha = paint[3];
      }
      if (paint && alpha > 0) colour = over(colour, paint, alpha * opacity(e));
    }
    return colour;
  };
  // hidden from the eye but read aloud: clipped to a pixel (a symbol's words for screen readers)
  const clipped = el => {
    for (let e = el; e && e !== document.body; e = e.parentElement) {
      const box = e.getBoundingClientRect(), style = getComputedStyle(e);
      if (style.overflow === "hidden" && (box.width <= 1 || box.height <= 1)) return true;
    }
    return false;
  };
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.replace(/\s+/g, " ").trim();
    const el = node.parentElement;
    if (!text || !el || el.closest("script, style, noscript, title, desc, defs, symbol, .sr-only"))
      continue;
    if (!el.checkVisibility({visibilityProperty: true, opacityProperty: true})) continue;
    if (clipped(el)) continue;
    const svg = el instanceof SVGElement;
    const range = document.createRange();
    range.selectNodeContents(node);
    const measure = () => (svg ? [el.getBoundingClientRect()] : Array.from(range.getClientRects()))
      .filter(b => b.width >= 1 && b.height >= 1);
    let boxes = measure();
    if (!boxes.length) continue;
    if (boxes[0].top < 0 || boxes[0].bottom > innerHeight) {   // what is behind it is found by
      scrollBy(0, boxes[0].top - innerHeight / 2);             // looking there
      boxes = measure();
    }
    const box = boxes[0];
    const style = getComputedStyle(el);
    const ink = rgba(svg ? style.fill : style.color);
    let ratio = null;
    // a control that cannot be used now is exempt from contrast (WCAG 1.4.3: inactive components)
    if (ink && !el.closest("button:disabled, [aria-disabled=true], fieldset:disabled")) {
      const ground = behind(el, box.left + box.width / 2, box.top + box.height / 2);
      const alpha = ink[3] * (svg ? parseFloat(style.fillOpacity) : 1) * opacity(el);
      const front = over(ground, ink, alpha);
      const [a, b] = [luminance(front), luminance(ground)].sort((p, q) => q - p);
      ratio = (a + 0.05) / (b + 0.05);
    }
    const turn = !!el.closest("#live .turn-line .turn");
    const last = !!el.closest("#live .last-act")
      || (!el.closest("form, button") && !document.querySelector("#live .last-act")
          && !!el.closest("#live ol.history > li:first-child"));
    const classes = (el.getAttribute("class") || "").trim().split(/\s+/).filter(Boolean);
    const what = [el.tagName.toLowerCase(), ...classes].join(".");
    found.push({text: text.slice(0, 50), what, svg, last, turn,
                height: Math.round(Math.min(...boxes.map(b => b.height)) * 10) / 10,
                ratio: ratio && Math.round(ratio * 100) / 100});
  }
  scrollTo(0, 0);
  const fields = "input:not([type=hidden]):not([type=checkbox]):not([type=radio]), select";
  for (const el of document.querySelectorAll(fields)) {
    if (!el.checkVisibility({visibilityProperty: true, opacityProperty: true})) continue;
    if (el.getBoundingClientRect().width < 2) continue;
    // a form field's text: its font size (its box is the field, not the text)
    found.push({text: (el.value || el.name || "").slice(0, 50), what: el.tagName.toLowerCase(),
                svg: false, last: false, height: parseFloat(getComputedStyle(el).fontSize),
                ratio: null});
  }
  return found;
}"""

BOTTOMS = """selectors => selectors.map(selector => {
  const el = document.querySelector(selector);
  if (!el) return {selector, missing: true};
  const box = el.getBoundingClientRect();
  return {selector, top: box.top + scrollY, bottom: box.bottom + scrollY, left: box.left,
          right: box.right};
})"""


# Every visible text against what holds it: cut with "…", or its box beyond an element around
# it (clipped where that element hides its overflow, spilling out where it does not); a line's
# glyph box may pass its line box by a fifth of its height. Not here: the last act (its own
# check) and the history's older acts, cut at the card's foot by design (the whole-history page
# has them): its newest is whole.
CUT_OFF = r"""() => {
  const found = [];
  const name = e => [e.tagName.toLowerCase(),
                     ...(e.getAttribute("class") || "").trim().split(/\s+/).filter(Boolean)].join(".");
  const hidden = el => {     // read aloud only: clipped to a pixel
    for (let e = el; e && e !== document.body; e = e.parentElement) {
      const box = e.getBoundingClientRect();
      if (getComputedStyle(e).overflow === "hidden" && (box.width <= 1 || box.height <= 1))
        return true;
    }
    return false;
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.replace(/\s+/g, " ").trim();
    const el = node.parentElement;
    if (!text || !el || el.closest("script, style, noscript, title, desc, defs, symbol, .sr-only")
        || el.closest("#live .last-act")
        || (el.closest(".history-card")
            && !el.closest(".history-card > h2, .history-card ol.history > li:first-child")))
      continue;
    if (!el.checkVisibility({visibilityProperty: true, opacityProperty: true}) || hidden(el))
      continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const boxes = (el instanceof SVGElement ? [el.getBoundingClientRect()]
                   : Array.from(range.getClientRects())).filter(b => b.width >= 1 && b.height >= 1);
    if (!boxes.length) continue;
    const box = {left: Math.min(...boxes.map(b => b.left)), right: Math.max(...boxes.map(b => b.right)),
                 top: Math.min(...boxes.map(b => b.top)), bottom: Math.max(...boxes.map(b => b.bottom))};
    const slack = Math.max(2, 0.2 * Math.min(...boxes.map(b => b.height)));
    for (let e = el; e && e !== document.body; e = e.parentElement) {
      const style = getComputedStyle(e);
      if (style.display === "contents") continue;
      if (style.textOverflow === "ellipsis" && e.scrollWidth > e.clientWidth + 1) {
        found.push(`${text.slice(0, 60)}: cut with … in ${name(e)}`);
        break;
      }
      const clips = style.overflowX !== "visible" || style.overflowY !== "visible";
      const b = e.getBoundingClientRect();
      const across = box.left < b.left - 2 || box.right > b.right + 2;
      const down = (clips || style.display !== "inline")
        && (box.top < b.top - slack || box.bottom > b.bottom + slack);
      if (across || down) {
        found.push(`${text.slice(0, 60)}: ${clips ? "clipped by" : "spills out of"} ${name(e)}`);
        break;
      }
      // a box placed out of the flow (the title in the header): held by no element around it
      if (style.position === "absolute" || style.position === "fixed") break;
    }
  }
  return found;
}"""


def cut_off(page: Page, name: str) -> list[str]:
    """The texts cut off by what holds them (a title, a heading, a name, a label)."""
    return [f"{name}: {problem}" for problem in page.evaluate(CUT_OFF)]


def too_small(page: Page, name: str) -> tuple[list[str], dict[str, float]]:
    """Texts under their floor and under the contrast; the smallest of each kind."""
    problems, smallest = [], {}
    for t in page.evaluate(TEXTS):
        kind = "turn" if t.get("turn") else "last" if t["last"] else "svg" if t["svg"] else "html"
        smallest[kind] = min(smallest.get(kind, 999), t["height"])
        if t["height"] < FLOORS[kind]:
            problems.append(f"{name}: {kind} {t['what']} {t['text']!r} is {t['height']} px "
                            f"(floor {FLOORS[kind]})")
        if t["ratio"] is not None and t["ratio"] < CONTRAST:
            problems.append(f"{name}: {t['what']} {t['text']!r} contrast {t['ratio']}:1")
    return problems, smallest


def off_screen(page: Page, name: str, game: str, end: bool) -> tuple[list[str], float]:
    """The game's parts that need scrolling: below the first screen (less the turn line) or
    beyond its right edge; and where the lowest of them ends."""
    height, width = TV["viewport"]["height"], TV["viewport"]["width"]
    room = 0 if end or page.locator("#live .turn-line").count() else TURN_LINE
    button = 'section.actions form[action$="/reopen"] button' if end else \
        'section.actions form[action$="/finish"] button'
    problems = []
    boxes = page.evaluate(BOTTOMS, [*SHARED_PARTS, *PARTS[game], button])
    for box in boxes:
        if box.get("missing"):
            problems.append(f"{name}: {box['selector']} is missing")
        elif box["bottom"] > height - room or box["right"] > width:
            problems.append(f"{name}: {box['selector']} ends at {box['bottom']:.0f} px "
                            f"(first screen: {height - room}), right {box['right']:.0f}")
    if game == "calcada":       # the boards beside the scoring board, not under it
        scoring, boards = (b for b in boxes if b["selector"] in PARTS[game][1:])
        if boards["top"] >= scoring["bottom"]:
            problems.append(f"{name}: the boards start under the scoring board")
    if page.evaluate("document.scrollingElement.scrollWidth") > width:
        problems.append(f"{name}: the page is wider than the screen")
    return problems, max(box.get("bottom", 0) for box in boxes)


def opened(live_server, game: str, table: tuple[list[str], dict, list[dict]]) -> tuple[str, str]:
    names, options, events = table
    with live_server.app.app_context():
        made, secret = service.create(game, options, names, events)
        return made.code, secret


def shown(tv: Page) -> None:
    """The screen as it stands: every picture on it loaded."""
    tv.wait_for_load_state()
    tv.wait_for_function("() => Array.from(document.images).every(i => i.complete)")


def test_every_tv_reads_at_3_m_in_play_and_at_the_end(live_server, desktop, phone, browser_log):
    stages = {(game, stage): make for game in FINISHED
              for stage, make in (("play", in_play_longest_last), ("end", finished))}
    stages.update({key: lambda game, make=make: make() for key, make in EXTRA_STAGES.items()})
    tables = {(game, stage): opened(live_server, game, long_names(make(game)))
              for (game, stage), make in stages.items()}
    album = Album("tv-reads-at-3m")
    problems, sizes = [], []
    for lang in ("en", "hu"):
        tv = desktop(f"{lang}-tv", **TV)
        tv.context.add_cookies([{"name": f"tc_host_{code}", "value": secret,
                                 "url": live_server.url} for code, secret in tables.values()])
        tv.goto(live_server.url + "/")
        if lang == "hu":
            to_hungarian(tv)
        for (game, stage), (code, _secret) in tables.items():
            name = f"{lang}-tv-{game}-{stage}"
            tv.goto(f"{live_server.url}/t/{code}")
            expect(tv.locator("#live section.board")).to_be_visible()
            shown(tv)
            small, smallest = too_small(tv, name)
            below, lowest = off_screen(tv, name, game, stage == "end")
            problems += small + below + cut_off(tv, name)
            if stage == "play":
                problems += last_act_cut(tv, name)
            sizes.append(f"{name}: smallest text {smallest}, the game ends at {lowest:.0f} px")
            if game == "quadropolis":       # the four cities side by side, across the stage
                cities = tv.locator("#live .q-all .q-board").evaluate_all(
                    "boards => boards.map(b => b.getBoundingClientRect().toJSON())")
                if len(cities) != 4 or len({round(city["top"]) for city in cities}) != 1:
                    problems.append(f"{name}: the cities are not in one row")
                sizes[-1] += ", cities drawn {:.0f} px".format(
                    min(min(city["width"], city["height"]) for city in cities))
            if stage != "end" and game != "score-pad":      # whose turn it is, in play
                turn = tv.locator("#live .turn-line .turn")
                if not turn.count() or "turn" not in smallest:
                    problems.append(f"{name}: no turn line")
            album.shoot(tv, lang, f"tv-{game}-{stage}")

    # a phone: OddVille's wide city (9 columns with its spots) scaled to the phone's width,
    # nothing cut at the right, every spot still a 44 px target
    code, _secret = tables[("oddville", "play")]
    mobile = phone("en-blue", **PHONE)
    mobile.goto(f"{live_server.url}/j/{code}")
    mobile.locator("button.seat", has_text=LONG_NAMES[0]).click()
    mobile.wait_for_url(re.compile(r"/phone$"))
    city = mobile.locator("svg.ov-city-svg").bounding_box()
    if city["x"] < 0 or city["x"] + city["width"] > PHONE["viewport"]["width"]:
        problems.append(f"phone: the city spans {city['x']:.0f} to "
                        f"{city['x'] + city['width']:.0f} px")
    spots = mobile.locator("svg.ov-city-svg a").evaluate_all(
        "links => links.map(a => Math.min(a.getBoundingClientRect().width, "
        "                                 a.getBoundingClientRect().height))")
    if not spots or min(spots) < 44:
        problems.append(f"phone: the spots to build at are {min(spots or [0]):.0f} px")
    album.shoot(mobile, "en", "phone-oddville-wide-city")

    (SCREENS / "report-tv-reads-at-3m-sizes.txt").write_text("\n".join(sizes) + "\n")
    album.check()
    assert not problems, "\n".join(problems)
    browser_log.assert_clean()


def test_a_just_finished_tv_shows_its_chart_and_card_at_once(live_server, desktop, browser_log):
    """Finish tapped while the screen's live update waits: the screen is not loaded a second time
    under the result, and the chart comes with it (the card is asked for with the page)."""
    code, secret = opened(live_server, "score-pad", in_play("score-pad"))
    tv = desktop("tv", **TV)
    tv.context.add_cookies([{"name": f"tc_host_{code}", "value": secret, "url": live_server.url}])
    tv.goto(f"{live_server.url}/t/{code}")
    live_polls_due(tv)              # a live update is waiting for the table to change
    mark_page(tv)
    finish_game(tv)
    expect(tv.locator("#live section.board.final")).to_be_visible()
    assert tv.locator(".chart-card img").evaluate("img => img.complete && img.naturalWidth > 0")
    expect(tv.locator(".share-card img")).to_have_js_property("complete", True)
    assert tv.locator(".share-card img").evaluate("img => img.naturalWidth") == 1200
    assert_not_reloaded(tv)
    browser_log.assert_clean()
