"""The game record: validation of the envelope and replay of its events through a game's rules.

Pure: no Flask, no database. The web app, ``companion score`` and the tests all replay through
:func:`replay`, so they cannot disagree. The platform adds two event types to every game:
``undo`` (``{"type": "undo", "event": N}``, N the 1-based index of the act taken back) and
``end``, after which nothing more may happen but an ``undo`` of that ``end`` (the game reopened);
and the table's clock: ``pause`` and ``resume`` (never undone), an ``at`` on any event and a
``started`` on the record (when the table took it; kept in order), the ``clock`` option (each
player's time bank, advisory) and the time each player spent, reckoned in the result. Scores never
depend on times.
"""
from __future__ import annotations

import calendar
import copy
import hashlib
import json
import re
import sys
import threading
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Mapping

from . import bounds
from .games import GAMES
from .errors import RecordError, RuleError, cut
from .games.base import Game, N_

FORMAT = "table-companion-record"
VERSION = 1                 # the version of a record whose game needs nothing newer
VERSIONS = (1, 2)           # the versions this reader reads (2: a score sheet or teams)
MAX_NAME = 40
MAX_BYTES = 512 * 1024      # a long game's record is tens of kB
MAX_EVENTS = 3000           # a six-player game of 20 rounds has a few hundred
# an undo replays the acts before it: a record's undos may replay this many acts in all
# (about a second of work; a real game with dozens of undos stays far below)
MAX_UNDO_WORK = 200_000
CLOCK_EVENTS = ("pause", "resume")      # the table's clock: never acts, never undone
# a time as a record writes it: UTC, RFC 3339, a Z and an optional fraction of 1 to 6 digits
# (ASCII digits only: another script's digits are no time a record holds)
TIME = re.compile(r"(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?Z", re.ASCII)
CLOCK_BOUNDS = {"bank_seconds": (60, 36000), "increment_seconds": (0, 600),
                "delay_seconds": (0, 600)}


class NotJSON(RecordError):
    """Text that is no JSON at all; the reason says precisely why (a syntax error and its place,
    NaN or Infinity, a number past the reader's digit limit, bytes that are not text)."""


@dataclass
class Replay:
    game: Game
    options: dict[str, Any]
    players: list[str]
    events: list[dict[str, Any]]
    state: Any
    finished: bool = False
    undone: dict[int, int] = field(default_factory=dict)   # undone index -> index of its undo
    work: int = 0           # acts replayed by undos so far (bounded by MAX_UNDO_WORK)
    size: int = 0           # its events' bytes as compact JSON (what keeping it mostly costs)
    started: str | None = None      # the record's "started", when it has one
    # whose turn it was (the platform's turns) as each event came, for an event with a time
    # (None otherwise, or when no turn applied): what the screens' time banks run by
    holders: list[str | None] = field(default_factory=list)
    # the result, scored once: a replay never changes (then() returns a new one)
    _result: dict[str, Any] | None = field(default=None, repr=False, compare=False)

    def effective(self) -> list[int]:
        """Indices of the events that count: neither an undo, nor undone, nor the clock's."""
        return [i for i, e in enumerate(self.events)
                if e.get("type") != "undo" and e.get("type") not in CLOCK_EVENTS
                and i not in self.undone]

    def result(self) -> dict[str, Any]:
        """The game's result (a copy the caller may change), scored on first use only; with the
        time spent (:func:`times`) once an event has a time."""
        if self._result is None:
            result = self.game.rules.result(self.state)
            result["finished"] = self.finished
            spent = times(self.events, self.started, self.players)
            if spent is not None:
                per_player, result["time"] = spent
                for row in result["players"]:
                    row["time_seconds"] = per_player.get(row["name"], 0)
            self._result = result
        return copy.deepcopy(self._result)

    def last_counting(self, wanted: Any) -> int | None:
        """The 0-based index of the newest event that still counts and satisfies ``wanted``
        (looked for from the end: a long game costs no more than a short one)."""
        for index in range(len(self.events) - 1, -1, -1):
            event = self.events[index]
            if (event.get("type") != "undo" and event.get("type") not in CLOCK_EVENTS
                    and index not in self.undone and wanted(event)):
                return index
        return None

    def paused(self) -> bool:
        """The table's clock stands (a ``pause`` and no ``resume`` since)."""
        return paused_after(self.events)

    def latest_time(self) -> str | None:
        """The latest time in the record (its last event's with one, else ``started``)."""
        return next((e["at"] for e in reversed(self.events) if "at" in e), self.started)

    def then(self, event: Mapping[str, Any]) -> "Replay":
        """This replay with one more event; raises RuleError and leaves ``self`` untouched."""
        try:
            return replay(self.game, self.options, self.players, [*self.events, dict(event)],
                           start=self)
        except RecordError as error:
            raise error.reason from None


def game_of(name: Any) -> Game:
    game = GAMES.get(name) if isinstance(name, str) else None
    if game is None:
        raise RecordError(RuleError(N_("Unknown game %(game)r; known games: %(known)s."),
                                    game=name, known=", ".join(sorted(GAMES))))
    return game


def check_players(game: Game, players: Any) -> list[str]:
    """The seat order's names, checked as the contract says."""
    if not isinstance(players, list) or not all(
            isinstance(p, Mapping) and isinstance(p.get("name"), str) for p in players):
        raise RuleError(N_('Players must be a list of {"name": ...} entries.'))
    names = [p["name"] for p in players]
    return check_names(game, names)


def check_names(game: Game, names: list[str]) -> list[str]:
    for name in names:
        if not name.strip():
            raise RuleError(N_("A player's name cannot be empty."))
        if len(name) > MAX_NAME:
            raise RuleError(N_("The name %(name)s is longer than %(max)d characters."),
                            name=cut(name), max=MAX_NAME)
    if len(set(names)) != len(names):
        raise RuleError(N_("Two players have the same name; every name must be different."))
    if not game.rules.min_players <= len(names) <= game.rules.max_players:
        raise RuleError(N_("%(game)s is played by %(min)d to %(max)d players."),
                        game=game.name, min=game.rules.min_players, max=game.rules.max_players)
    return names


def _refuse_constant(name: str) -> None:
    raise NotJSON(RuleError(N_("%(constant)s is not a number a game record may hold."),
                            constant=name))


# the JSON reader's complaints (CPython's json module), in words of our own with the place
SYNTAX = {
    "Expecting value": N_("a value was expected at line %(line)d, column %(column)d."),
    "Expecting property name enclosed in double quotes":
        N_("a name in double quotes was expected at line %(line)d, column %(column)d."),
    "Expecting ':' delimiter": N_("a colon (:) was expected at line %(line)d, column %(column)d."),
    "Expecting ',' delimiter": N_("a comma (,) was expected at line %(line)d, column %(column)d."),
    "Extra data": N_("more text follows the JSON value at line %(line)d, column %(column)d."),
    "Unterminated string starting at":
        N_("the text in quotes that starts at line %(line)d, column %(column)d never ends."),
    "Invalid control character at":
        N_("a control character (such as a line break) stands inside quotes at line %(line)d, "
           "column %(column)d."),
    "Invalid \\escape":
        N_("a backslash starts no valid escape at line %(line)d, column %(column)d."),
    "Invalid \\uXXXX escape":
        N_("a \\u escape lacks its four hexadecimal digits at line %(line)d, column %(column)d."),
    "Illegal trailing comma before end of object":
        N_("a comma stands before the closing brace at line %(line)d, column %(column)d."),
    "Illegal trailing comma before end of array":
        N_("a comma stands before the closing bracket at line %(line)d, column %(column)d."),
}
DIGITS_LIMIT = re.compile(r"\((\d+) digits\).*value has (\d+) digits")


def _not_json(error: ValueError, text: str | bytes) -> NotJSON:
    """Why ``text`` is no JSON (``error``, the reader's), said precisely: the place of a syntax
    error, the byte that is not text, the number past the reader's digit limit."""
    if isinstance(error, NotJSON):
        return error
    if isinstance(error, json.JSONDecodeError):
        if not text.strip():
            return NotJSON(RuleError(N_("the text is empty.")))
        return NotJSON(RuleError(SYNTAX.get(error.msg, N_("the text cannot be read as JSON at "
                                                          "line %(line)d, column %(column)d.")),
                                 line=error.lineno, column=error.colno))
    if isinstance(error, UnicodeDecodeError):
        return NotJSON(RuleError(N_("byte %(position)d (%(byte)s) is not %(encoding)s text."),
                                 position=error.start + 1,
                                 byte=f"0x{error.object[error.start]:02x}",
                                 encoding=error.encoding.upper()))
    digits = DIGITS_LIMIT.search(str(error))
    if digits:
        return NotJSON(RuleError(N_("a number of %(digits)d digits is longer than the %(max)d "
                                    "digits the reader reads."),
                                 digits=int(digits[2]), max=int(digits[1])))
    return NotJSON(RuleError(N_("the text cannot be read as JSON (%(detail)s)."),
                             detail=str(error)))


def too_large(size: int) -> RecordError:
    """The refusal of a record of ``size`` bytes, over :data:`MAX_BYTES`."""
    return RecordError(RuleError(N_("A game record is at most %(kb)d kB; this one is %(size)d kB."),
                                 kb=MAX_BYTES // 1024, size=size // 1024))


def parse(text: str | bytes) -> Any:
    """A record's JSON text, bounded: size, nesting, no NaN or Infinity; RecordError if not
    (NotJSON, saying why precisely, for text that is no JSON)."""
    if len(text) > MAX_BYTES:
        raise too_large(len(text))
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except RecursionError:
        raise RecordError(RuleError(N_("A game record nests at most %(depth)d levels deep."),
                                    depth=bounds.MAX_DEPTH)) from None
    except ValueError as error:     # a syntax error, bytes that are not text, too many digits
        raise _not_json(error, text) from None


def check_values(record: Any) -> None:
    """Bounds every value of a record must keep, whatever its game: nesting, numbers, text."""
    for value, depth in bounds.walk(record):
        if depth > bounds.MAX_DEPTH:
            raise RecordError(RuleError(N_("A game record nests at most %(depth)d levels deep."),
                                        depth=bounds.MAX_DEPTH))
        if isinstance(value, float) and not abs(value) <= bounds.MAX_NUMBER:
            raise RecordError(RuleError(N_("A number in a game record is at most %(max)d."),
                                        max=bounds.MAX_NUMBER))
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) > bounds.MAX_NUMBER:
            raise RecordError(RuleError(N_("A number in a game record is at most %(max)d."),
                                        max=bounds.MAX_NUMBER))
        if isinstance(value, str) and bounds.has_surrogate(value):
            raise RecordError(RuleError(N_("A game record's text must be valid Unicode "
                                           "(it holds a lone surrogate).")))
        if isinstance(value, str) and "\x00" in value:     # a database's text cannot hold it
            raise RecordError(RuleError(N_("A game record's text cannot contain the character "
                                           "U+0000 (NUL).")))


def load(record: Any) -> Replay:
    """Validate a whole record and replay it; raises RecordError naming the first bad event."""
    if not isinstance(record, Mapping):
        raise RecordError(RuleError(N_("A record must be a JSON object.")))
    check_values(record)
    version = record.get("version")
    if record.get("format") != FORMAT or type(version) is not int or version not in VERSIONS:
        raise RecordError(RuleError(N_("Not a game record: expected format %(format)r version "
                                       "%(versions)s."), format=FORMAT,
                                    versions=" or ".join(map(str, VERSIONS))))
    game = game_of(record.get("game"))
    try:
        players = check_players(game, record.get("players"))
    except RuleError as error:
        raise RecordError(error) from None
    started = record.get("started")
    if "started" in record and time_ms(started) is None:
        raise RecordError(not_a_time(started), part="started")
    try:
        raw_options = record.get("options", {})
        if not isinstance(raw_options, Mapping):
            raise RuleError(N_("Options must be a JSON object."))
        options = options_of(game, raw_options, players)
        needed = game.rules.record_version(options)
        if version < needed:
            raise RuleError(N_("These options are written only in a version %(needed)d record "
                               "(a reader of version %(version)d would score it wrongly)."),
                            needed=needed, version=version)
    except RuleError as error:
        raise RecordError(error, part="options") from None
    events = record.get("events", [])
    if not isinstance(events, list):
        raise RecordError(RuleError(N_("Events must be a list.")))
    if len(events) > MAX_EVENTS:
        raise RecordError(RuleError(N_("A game record holds at most %(max)d events; this one has "
                                       "%(count)d."), max=MAX_EVENTS, count=len(events)))
    return replay(game, options, players, events, started=started)


def options_of(game: Game, options: Mapping[str, Any], players: list[str]) -> dict[str, Any]:
    """The record's options checked and normalised: the game's own by the game, the platform's
    ``clock`` (any game's) by :func:`clock_option`; raise RuleError if they are wrong."""
    own = game.rules.options({k: v for k, v in options.items() if k != "clock"}, players)
    return {**own, "clock": clock_option(options["clock"])} if "clock" in options else own


def envelope(game: Game, options: Mapping[str, Any], players: list[str],
             events: list[Any], started: str | None = None) -> dict[str, Any]:
    """A whole record of these parts, in the version its options need (version 1 unless the
    game's options need a newer one: a score sheet or teams), with ``started`` when known."""
    return {"format": FORMAT, "version": game.rules.record_version(options), "game": game.name,
            **({"started": started} if started is not None else {}),
            "options": dict(options), "players": [{"name": n} for n in players],
            "events": list(events)}


# --- time at the table ---------------------------------------------------------------------

def time_ms(value: Any) -> int | None:
    """A record's time as milliseconds since 1970 (its fraction truncated to 3 digits), or None
    when ``value`` is no such time (the form, or no real date and time: no leap second)."""
    match = TIME.fullmatch(value) if isinstance(value, str) else None
    if match is None:
        return None
    try:
        moment = datetime.strptime(match[1], "%Y-%m-%dT%H:%M:%S")
    except ValueError:
        return None
    return calendar.timegm(moment.timetuple()) * 1000 + int(((match[2] or "") + "000")[:3])


def written_time(moment: datetime) -> str:
    """``moment`` (aware, or naive in UTC) as a record writes it, to the millisecond."""
    if moment.tzinfo is not None:
        moment = moment.astimezone(timezone.utc).replace(tzinfo=None)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


def stamp(moment: datetime, latest: str | None) -> str:
    """The time a writer gives its next event: ``moment`` (its clock), or the latest time in
    the record when that is later (a clock stepped back, another server's), so that times
    stay in order."""
    now = written_time(moment)
    if latest is not None and (time_ms(latest) or 0) > (time_ms(now) or 0):
        return latest
    return now


def not_a_time(value: Any) -> RuleError:
    return RuleError(N_("its time %(time)s is not a UTC time like 2026-11-29T20:15:03Z"),
                     time=cut(repr(value) if isinstance(value, str)
                              else json.dumps(value, default=str, ensure_ascii=False)))


def clock_option(value: Any) -> dict[str, int]:
    """The ``clock`` option checked and written whole (increment and delay 0 when left out)."""
    if not isinstance(value, Mapping) or "bank_seconds" not in value:
        raise RuleError(N_('The clock option needs "bank_seconds": each player\'s time bank '
                           "in seconds."))
    unknown = sorted(set(value) - set(CLOCK_BOUNDS))
    if unknown:
        raise RuleError(N_("The clock option holds only bank_seconds, increment_seconds and "
                           "delay_seconds, not %(name)s."), name=cut(str(unknown[0])))
    clock = {}
    for name, (low, high) in CLOCK_BOUNDS.items():
        number = value.get(name, 0)
        if type(number) is not int or not low <= number <= high:
            raise RuleError(N_("The clock's %(name)s is a whole number from %(min)d to %(max)d."),
                            name=name, min=low, max=high)
        clock[name] = number
    return clock


def paused_after(events: list[Mapping[str, Any]]) -> bool:
    """The clock stands after ``events``: its last ``pause`` or ``resume`` is a pause."""
    last = next((e.get("type") for e in reversed(events) if e.get("type") in CLOCK_EVENTS), None)
    return last == "pause"


def times(events: list[Mapping[str, Any]], started: str | None,
          players: list[str]) -> tuple[dict[str, int], dict[str, int]] | None:
    """The time spent, as the contract reckons it, or None when no event has a time: each
    player's seconds and ``{"playing_seconds", "paused_seconds"}``. Every interval between two
    times is closed by the event holding the later one: paused time when the clock stood just
    before that event, else playing time, charged to the event's ``player`` (to nobody when it
    has none). Kept in milliseconds, floored to seconds at the end."""
    if not any("at" in event for event in events):
        return None
    previous = time_ms(started) if started is not None else None
    stopped = False
    playing = paused = 0
    spent = {name: 0 for name in players}
    for event in events:
        if "at" in event:
            moment = time_ms(event["at"])
            if previous is not None and moment is not None:
                interval = moment - previous
                if stopped:
                    paused += interval
                else:
                    playing += interval
                    player = event.get("player")
                    if isinstance(player, str) and player in spent:
                        spent[player] += interval
            previous = moment
        if event.get("type") == "pause":
            stopped = True
        elif event.get("type") == "resume":
            stopped = False
    return ({name: ms // 1000 for name, ms in spent.items()},
            {"playing_seconds": playing // 1000, "paused_seconds": paused // 1000})


def checked(text: bytes) -> dict[str, Any]:
    """An import's whole work on a record's text, as JSON-able data: the record read, checked
    and replayed — its game, options (as written), players, whether it is finished, its result
    then, its :func:`snapshot` (its events among them) and the rules' :func:`fingerprint` — or
    ``{"refused": ...}``,
    the reason as :func:`refusal` reads it back. A long record takes seconds: a server does
    this in a process of its own (:func:`check_stdin`)."""
    data: Any = None
    try:
        data = parse(text)
        run = load(data)
    except RecordError as error:
        game = data.get("game") if isinstance(data, Mapping) else None
        return {"refused": {"not_json": isinstance(error, NotJSON), "message": error.reason.message,
                            "params": error.reason.params, "index": error.index,
                            "event_type": error.event_type, "part": error.part,
                            "game": game if isinstance(game, str) else None}}
    return made_of(run, data.get("options", {}))


def made_of(run: Replay, options: Mapping[str, Any]) -> dict[str, Any]:
    """What a new table of ``run`` is made of, as JSON-able data (:func:`checked`'s answer):
    its game, ``options`` as written, players, result once finished, snapshot and rules."""
    return {"game": run.game.name, "options": dict(options), "players": run.players,
            "started": run.started, "finished": run.finished, "result": run.result() if run.finished else None,
            "snapshot": snapshot(run), "fingerprint": fingerprint(run.game)}


def refusal(refused: Mapping[str, Any]) -> RecordError:
    """The RecordError a :func:`checked` refusal names (``data``: its game, if it names one)."""
    reason = RuleError(refused["message"], **refused["params"])
    error = (NotJSON(reason) if refused["not_json"]
             else RecordError(reason, refused["index"], refused["event_type"], refused["part"]))
    error.data = {"game": refused["game"]}
    return error


def check_stdin() -> None:
    """:func:`checked` as a program: the record's text on stdin, its JSON on stdout, at a lower
    priority than the server that asks (``python -c "from companion.record import
    check_stdin; check_stdin()"``)."""
    import os

    os.nice(19)
    sys.stdout.write(json.dumps(checked(sys.stdin.buffer.read()), default=str))


def start(game: Game, options: dict[str, Any], players: list[str]) -> Replay:
    return Replay(game, options, players, [], game.rules.start(options, players))


def replay(game: Game, options: dict[str, Any], players: list[str],
            events: list[Any], start: Replay | None = None, started: str | None = None) -> Replay:
    """Fold the events through the rules, resuming after ``start`` when it is a prefix; the
    times (``started``, each event's ``at``) checked to be times, and in order."""
    if start is None:
        run = Replay(game, options, players, [], game.rules.start(options, players),
                     started=started)
    else:
        run = Replay(game, options, players, list(start.events), start.state,
                     start.finished, dict(start.undone), start.work, size=start.size,
                     started=started if started is not None else start.started,
                     holders=list(start.holders))
    latest = run.latest_time()
    stopped = run.paused()
    for index in range(len(run.events), len(events)):
        event = events[index]
        if not isinstance(event, Mapping) or not isinstance(event.get("type"), str):
            raise RecordError(RuleError(N_('An event must be an object with a "type".')), index)
        holder = _holder(run) if "at" in event else None
        try:
            if "at" in event:
                moment = time_ms(event["at"])
                if moment is None:
                    raise not_a_time(event["at"])
                if latest is not None and moment < (time_ms(latest) or 0):
                    raise RuleError(N_("its time %(time)s is earlier than %(latest)s before it"),
                                    time=event["at"], latest=latest)
            if run.finished and not _reopens(run, event):
                raise RuleError(N_("The game is finished; nothing more can be entered."))
            if event["type"] == "undo":
                _undo(run, event, index)
            elif event["type"] in CLOCK_EVENTS:
                if stopped == (event["type"] == "pause"):
                    raise RuleError(N_("The clock is already paused.") if stopped
                                    else N_("The clock is not paused."))
                stopped = event["type"] == "pause"
            else:
                run.state = game.rules.apply(run.state, event)
                run.finished = event["type"] == "end"
        except RuleError as error:
            raise RecordError(error, index, event["type"]) from None
        if "at" in event:
            latest = event["at"]
        run.holders.append(holder)
        run.events.append(dict(event))
        run.size += json_size(event)
    return run


def _holder(run: Replay) -> str | None:
    """Whose turn it is in ``run`` now (None: finished, or no turn applies)."""
    if run.finished:
        return None
    now = run.game.rules.turn(run.state)
    return now.player if now is not None else None


def json_size(value: Any) -> int:
    """The bytes of ``value`` as compact JSON (non-ASCII as is: UTF-8 counted per character)."""
    return len(json.dumps(value, ensure_ascii=False, separators=(",", ":")))


def _reopens(run: Replay, event: Mapping[str, Any]) -> bool:
    """An undo naming the end event: a mistaken Finish taken back."""
    target = event.get("event")
    return (event.get("type") == "undo" and isinstance(target, int) and not isinstance(target, bool)
            and 1 <= target <= len(run.events) and run.events[target - 1].get("type") == "end")


def _undo(run: Replay, event: Mapping[str, Any], index: int) -> None:
    target = event.get("event")
    if not isinstance(target, int) or isinstance(target, bool) or not 1 <= target <= index:
        raise RuleError(N_("An undo must name an earlier event by its number."))
    target -= 1
    if run.events[target].get("type") == "undo":
        raise RuleError(N_("An undo cannot itself be undone; enter the act again instead."))
    if run.events[target].get("type") in CLOCK_EVENTS:
        raise RuleError(N_("A pause or a resume cannot be undone; pause or resume the clock "
                           "again instead."))
    if target in run.undone:
        raise RuleError(N_("Event %(n)d has already been undone."), n=target + 1)
    undone = {**run.undone, target: index}
    run.work += len(run.events)
    if run.work > MAX_UNDO_WORK:
        raise RuleError(N_("This record takes back too many acts to replay: its undos may replay "
                           "at most %(max)d acts in all."), max=MAX_UNDO_WORK)
    state = run.game.rules.start(run.options, run.players)
    for i, earlier in enumerate(run.events):
        if earlier.get("type") == "undo" or earlier.get("type") in CLOCK_EVENTS or i in undone:
            continue
        try:
            state = run.game.rules.apply(state, earlier)
        except RuleError as error:
            raise RuleError(N_("Taking back event %(n)d would make event %(later)d illegal: %(reason)s"),
                            n=target + 1, later=i + 1, reason=error) from None
    run.state, run.undone = state, undone
    run.finished = any(e.get("type") == "end" for i, e in enumerate(run.events)
                       if i not in undone)


# --- snapshots: a replay kept as data, resumed without replaying its events -------------------

SNAPSHOT_FORMAT = 2         # the layout of snapshot() below; another one is stale
_FINGERPRINTS: dict[type, str] = {}      # by the game's rules class (a test's may share a name)
_FINGERPRINTING = threading.Lock()


def fingerprint(game: Game) -> str:
    """A SHA-256 over the bytes of the game's rules as this process runs them: every file of
    its package (code and data: boards, sheets, tiles; not compiled caches), the modules every
    game shares (``companion/games/*.py``) and this module. Worked out once per process and
    game; a snapshot made under another fingerprint was made by other rules, so it is stale."""
    kind = type(game.rules)
    found = _FINGERPRINTS.get(kind)
    if found is not None:
        return found
    with _FINGERPRINTING:
        if kind not in _FINGERPRINTS:
            _FINGERPRINTS[kind] = _fingerprint(game)
    return _FINGERPRINTS[kind]


def _fingerprint(game: Game) -> str:
    games = Path(__file__).resolve().with_name("games")
    module = Path(sys.modules[type(game.rules).__module__].__file__ or "").resolve()
    own = [module] if module.parent == games else sorted(
        p for p in module.parent.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix not in (".pyc", ".pyo"))
    shared = sorted(games.glob("*.py")) + [Path(__file__).resolve()]
    digest = hashlib.sha256(f"snapshot {SNAPSHOT_FORMAT} {game.name}\n".encode())
    for path in [*own, *shared]:
        data = path.read_bytes()
        digest.update(f"{path.relative_to(games.parent)} {len(data)}\n".encode())
        digest.update(data)
    return digest.hexdigest()


def snapshot(run: Replay) -> dict[str, Any]:
    """``run`` as JSON-able data for :func:`resumed`: its events (one document reads back faster
    than as many rows), its state as the game's own JSON-able data, whether it is finished, its
    undos and their work so far."""
    return {"events": run.events, "state": run.game.rules.dump_state(run.state),
            "finished": run.finished, "undone": [[index, by] for index, by in run.undone.items()],
            "work": run.work, "holders": run.holders}


def resumed(game: Game, options: dict[str, Any], players: list[str],
            data: Mapping[str, Any]) -> Replay:
    """The replay :func:`snapshot` kept as ``data`` (fresh data: its events are the replay's
    own), equal to replaying its events; ``replay`` resumes after it with the later events.
    ValueError if ``data`` is no snapshot."""
    try:
        events, finished, work = data["events"], data["finished"], data["work"]
        undone = {int(index): int(by) for index, by in data["undone"]}
        holders = data["holders"]
        state = game.rules.load_state(data["state"])
    except (KeyError, TypeError, ValueError) as error:
        raise ValueError(f"not a snapshot: {error}") from None
    if not (isinstance(events, list) and isinstance(finished, bool) and isinstance(work, int)
            and isinstance(holders, list) and len(holders) == len(events)
            and all(h is None or isinstance(h, str) for h in holders)):
        raise ValueError("not a snapshot")
    return Replay(game, options, players, events, state, finished, undone, work,
                  size=sum(map(json_size, events)), holders=holders)
