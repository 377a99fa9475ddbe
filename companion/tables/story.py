"""The story of a game: the scores through it and the table after any act (pure).

The story of a game: each player's score through the game, and the table as it was after any
act. Pure: no Flask, no database; the pages are in ``story_pages.py``.

The acts are the events that count (neither an undo nor undone, and not the end): replaying the
first N of them from the start is the table as it was after its Nth act, the same fold an undo
does. The end, when the game is finished, belongs to the last step (a game may score its end).
"""
from __future__ import annotations

from dataclasses import dataclass
from html import escape
from math import asin, ceil, degrees, floor, log10, radians, sin
from typing import Any, Mapping, Sequence

from .. import record

# A seat's colour on the chart, clockwise from the first seat. OddVille's four worker colours
# (blue, purple, red, yellow: seats keep theirs), then the app's green and four more; a seat past
# the eighth takes the colours again with a dashed line.
SEAT_COLOURS = ("#2a5db0", "#7b3fa0", "#c0392b", "#c99a06", "#1f6f5c", "#d35400", "#0e8fa3",
                "#5b6475")
INK, MUTED, LINE, CARD = "#1d2330", "#5b6475", "#d9d4c7", "#ffffff"


@dataclass(frozen=True)
class Series:
    """The chart's data: ``steps`` the x values (0 = before anything), ``totals`` one total per
    step for each player (or team), in seat order; ``by`` is "act", "round" or "step", the
    steps then named by ``labels`` (one per step after 0: a score sheet's categories)."""
    by: str
    steps: tuple[int, ...]
    totals: Mapping[str, tuple[int, ...]]
    labels: tuple[Any, ...] = ()


def acts_of(replay: record.Replay) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    """The acts that count, in order, and the end event if the game is finished."""
    counting = [replay.events[i] for i in replay.effective()]
    acts = [e for e in counting if e.get("type") != "end"]
    end = next((e for e in reversed(counting) if e.get("type") == "end"), None) \
        if replay.finished else None
    return acts, end


def prefix(replay: record.Replay, n: int) -> record.Replay:
    """The table as it was after its first ``n`` acts (``n`` clamped to the acts there are);
    after the last act of a finished game, finished."""
    acts, end = acts_of(replay)
    n = max(0, min(n, len(acts)))
    events = acts[:n] + ([end] if end is not None and n == len(acts) else [])
    return record.replay(replay.game, replay.options, replay.players, events)


def _totals(result: Mapping[str, Any]) -> dict[str, int]:
    return {row["name"]: row["total"] for row in result["players"]}


def series(replay: record.Replay) -> Series:
    """Each player's total through the game: by round where the game keeps its points by round
    (``Rules.chart_rounds``), else after every act, each scored by the game's result."""
    game, players = replay.game, replay.players
    by_round = game.rules.chart_rounds(replay.state)
    if by_round is not None:
        rounds = max((len(line) for line in by_round.values()), default=0)
        labels = tuple(game.rules.chart_steps(replay.options) or ())
        return Series("step" if labels else "round", tuple(range(rounds + 1)),
                      {p: (0, *by_round.get(p, ())) for p in players}, labels)
    acts, end = acts_of(replay)
    state = game.rules.start(replay.options, players)
    lines: dict[str, list[int]] = {p: [] for p in players}

    def score(state: Any) -> None:
        for name, total in _totals(game.rules.result(state)).items():
            lines[name].append(total)
    score(state)
    for index, act in enumerate(acts):
        state = game.rules.apply(state, act)
        if index == len(acts) - 1 and end is not None:
            state = game.rules.apply(state, end)      # the last step is the finished game
        score(state)
    if not acts and end is not None:
        lines = {p: [] for p in players}
        score(game.rules.apply(state, end))
    return Series("act", tuple(range(len(acts) + 1)), {p: tuple(lines[p]) for p in players})


def by_team(chart: Series, teams: Sequence[Sequence[str]], names: Sequence[str]) -> Series:
    """The chart of teams: a line per team (named by ``names``), the sum of its players'."""
    return Series(chart.by, chart.steps,
                  {name: tuple(map(sum, zip(*(chart.totals[p] for p in team))))
                   for name, team in zip(names, teams)}, chart.labels)


# --- the chart ---------------------------------------------------------------------------------

WIDTH, HEIGHT = 480, 320                    # the viewBox; the page scales it to its column
LEFT, RIGHT, TOP, BOTTOM = 46, 134, 44, 48  # margins: tick labels, end labels, title, x axis
LABEL_GAP = 19                              # least distance between two end labels
NAME_CHARS = 9                              # the room an end label's name always has
WHOLE_CHARS = 20                            # a longer name makes room up to this, cut past it
CHAR_WIDTH = 9.5                            # an end label's letter, about (font-size 17)
STEP_CHARS = 12                             # a step's label (a category), shortened past this


def value_scale(values: Sequence[float]) -> tuple[int, int, int]:
    """A chart's value axis for ``values``: its low and high ends (0 always on it) and the step
    of its grid lines."""
    values = list(values) or [0]
    step = nice_step(max(max(values), 0) - min(min(values), 0), 5)
    low = floor(min(min(values), 0) / step) * step
    return low, max(ceil(max(values) / step) * step, low + step), step


def chart_head(css_class: str, ids: str, title: str, description: str, width: int = WIDTH,
               height: int = HEIGHT, left: int = LEFT) -> list[str]:
    """A chart's SVG opening (``width`` × ``height``, the plot from ``left``): its frame, title
    and description (``ids``: their ids' prefix), the title drawn at the top left."""
    return [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
            f'class="{css_class}" role="img" aria-labelledby="{ids}-title {ids}-desc" '
            f'font-family="system-ui, -apple-system, Segoe UI, sans-serif">',
            f'<title id="{ids}-title">{escape(title)}</title>',
            f'<desc id="{ids}-desc">{escape(description)}</desc>',
            f'<rect width="{width}" height="{height}" fill="{CARD}"/>',
            f'<text x="{left - 34}" y="24" font-size="20" font-weight="700" fill="{INK}">'
            f'{escape(title)}</text>']


def value_grid(low: int, high: int, step: int, y: Any, plot_w: float,
               left: int = LEFT) -> list[str]:
    """The value axis' grid lines and their numbers (``y``: a value's height; the plot from
    ``left``, ``plot_w`` wide), 0 darker."""
    out = []
    for value in range(int(low), int(high) + 1, step):
        out.append(f'<line x1="{left}" x2="{left + plot_w}" y1="{y(value)}" y2="{y(value)}" '
                   f'stroke="{INK if value == 0 else LINE}" stroke-width="1"/>')
        out.append(f'<text x="{left - 6}" y="{y(value) + 5}" font-size="15" text-anchor="end" '
                   f'fill="{MUTED}">{value}</text>')
    return out


def nice_step(span: float, most: int) -> int:
    """A round step (1, 2, 5 times a power of ten) cutting ``span`` in at most ``most`` parts."""
    if span <= 0:
        return 1
    raw = span / most
    power = 10 ** floor(log10(raw)) if raw >= 1 else 1
    for factor in (1, 2, 5, 10):
        if factor * power >= raw:
            return int(factor * power)
    return int(10 * power)


def _short(name: str, chars: int = WHOLE_CHARS) -> str:
    return name if len(name) <= chars else name[:chars - 1] + "…"


def _step_labels(labels: Sequence[str], plot_w: float) -> tuple[int, float, int]:
    """How a chart's named steps are labelled under its x axis: (font size, angle, the bottom
    margin they need): slanted, upright when the steps are too close for a slant."""
    gap = plot_w / max(len(labels), 1)
    size = 14 if gap >= 16 else max(9, int(gap) - 2)
    angle = max(35.0, degrees(asin(min(1.0, (size + 2) / gap))))
    chars = min(STEP_CHARS, max(map(len, labels), default=0))
    return size, angle, ceil(14 + size + chars * size * 0.58 * sin(radians(angle)))


def _spread(wanted: list[float], low: float, high: float) -> list[float]:
    """End labels at their lines' heights, moved apart to ``LABEL_GAP`` and kept in the plot."""
    order = sorted(range(len(wanted)), key=lambda i: wanted[i])
    placed = [0.0] * len(wanted)
    previous = low - LABEL_GAP
    for i in order:
        placed[i] = max(wanted[i], previous + LABEL_GAP)
        previous = placed[i]
    overflow = previous - high
    if overflow > 0:        # pushed past the bottom: shift the stack up, keeping the gaps
        for i in order:
            placed[i] -= overflow
    return placed


def ended_lines(series: list[tuple[int, str, list[tuple[float, float]], Any]], kind: str,
                dots: bool, label_x: float, bottom: float, chars: int) -> list[str]:
    """Each series — (its colour's index, its name, its points (x, y), its last total) — as a
    chart's line: in the index's colour (dashed past the seats' colours), a dot at each point
    where ``dots``, its total and name at its end (at ``label_x``, the labels spread apart
    between the plot's top and ``bottom``). ``kind`` names the lines' class and data attribute
    ("player": the round chart's; "game": the rivalries' trend)."""
    out, ends = [], []
    for index, name, points, total in series:
        colour = colour_of(index)
        dash = ' stroke-dasharray="8 5"' if index >= len(SEAT_COLOURS) else ""
        out.append(f'<polyline class="{kind}" data-{kind}="{escape(name)}" points="'
                   + " ".join(f"{px},{py}" for px, py in points)
                   + f'" fill="none" stroke="{colour}" stroke-width="3.5" '
                     f'stroke-linejoin="round" stroke-linecap="round"{dash}/>')
        if dots:
            out += [f'<circle cx="{px}" cy="{py}" r="3.5" fill="{colour}"/>' for px, py in points]
        ends.append((index, name, total, points[-1][1]))
    placed = _spread([end[3] for end in ends], TOP + 5, bottom)
    for (index, name, total, _y), label_y in zip(ends, placed):
        out.append(f'<text x="{label_x}" y="{round(label_y + 6, 1)}" font-size="17" '
                   f'fill="{colour_of(index)}" class="end-label"><tspan font-weight="700">'
                   f'{total}</tspan> {escape(_short(name, chars))}</text>')
    return out


def colour_of(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def render_chart(chart: Series, players: Sequence[str], title: str = "Scores through the game",
                 x_label: str | None = None, at: int | None = None,
                 description: str = "", name_chars: int | None = None) -> str:
    """The chart as an SVG document: a line per player (or team) in their seat's colour, the
    final total at its end (the name cut past ``name_chars``, by default the longest name's
    length up to :data:`WHOLE_CHARS`: the plot narrows to make room), a few ticks on both axes
    (each named step labelled), and a marker at step ``at`` if given. Only presentation
    attributes (no style sheet): the same text is an image of its own and inline in a page."""
    if name_chars is None:
        name_chars = min(WHOLE_CHARS, max(map(len, players), default=0))
    x_label = x_label if x_label is not None else ("Round" if chart.by == "round" else "Act")
    right = RIGHT + CHAR_WIDTH * max(0, name_chars - NAME_CHARS)
    plot_w = WIDTH - LEFT - right
    labels = [_short(str(label), STEP_CHARS) for label in chart.labels] if chart.by == "step" \
        else []
    size, angle, bottom = _step_labels(labels, plot_w) if labels else (15, 0.0, BOTTOM)
    plot_h = HEIGHT - TOP - bottom
    last = max(chart.steps[-1] if chart.steps else 0, 1)
    low, high, y_step = value_scale([v for line in chart.totals.values() for v in line])

    def x(step: float) -> float:
        return round(LEFT + plot_w * step / last, 1)

    def y(value: float) -> float:
        return round(TOP + plot_h * (high - value) / (high - low), 1)

    out = chart_head("story-chart", "chart", title, description)
    out += value_grid(low, high, y_step, y, plot_w)
    x_step = 1 if labels else nice_step(last, 6)
    for step in range(0, last + 1, x_step):
        out.append(f'<line x1="{x(step)}" x2="{x(step)}" y1="{TOP + plot_h}" '
                   f'y2="{TOP + plot_h + 5}" stroke="{MUTED}" stroke-width="1"/>')
        if not labels:
            out.append(f'<text x="{x(step)}" y="{TOP + plot_h + 20}" font-size="15" '
                       f'text-anchor="middle" fill="{MUTED}">{step}</text>')
        elif 0 < step <= len(labels):       # a step's name, slanted down to its tick
            ty = round(TOP + plot_h + 12 + size * 0.35, 1)
            out.append(f'<text x="{x(step)}" y="{ty}" font-size="{size}" text-anchor="end" '
                       f'transform="rotate(-{round(angle)} {x(step)} {ty})" fill="{MUTED}" '
                       f'class="step-label">{escape(labels[step - 1])}'
                       f'</text>')
    if not labels:
        out.append(f'<text x="{LEFT + plot_w / 2}" y="{HEIGHT - 6}" font-size="15" '
                   f'text-anchor="middle" fill="{MUTED}">{escape(x_label)}</text>')
    if at is not None and 0 <= at <= last:
        out.append(f'<line x1="{x(at)}" x2="{x(at)}" y1="{TOP}" y2="{TOP + plot_h}" '
                   f'stroke="{INK}" stroke-width="2" stroke-dasharray="4 4" class="at"/>')
    series = [(seat, name, [(x(step), y(value)) for step, value in zip(chart.steps, line)],
               line[-1]) for seat, name in enumerate(players)
              if (line := chart.totals.get(name, ()))]
    out += ended_lines(series, "player", len(chart.steps) <= 25, LEFT + plot_w + 8,
                       TOP + plot_h, name_chars)
    out.append("</svg>")
    return "\n".join(out)
