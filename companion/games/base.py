"""What every game plug-in provides to the platform: its rules, its live-table policy, its screens.

A :class:`Game` holds the three parts, each written to its own contract (:class:`Rules`,
:class:`Policy`, :class:`Screens`: the hooks and their defaults) and asked for its own:
``game.rules.apply(…)``, ``game.policy.live_check(…)``, ``game.screens.screen(…)``. No part holds
another; one that needs a rule asks the game's pure module (``rules.py``), or is handed what it
needs by the platform. The rules themselves live in that pure module (no Flask, no database);
these classes are the seam the web shell and the command line use. Player-facing labels are lazy
strings so that they are translated when shown, never at import.
"""
from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field
from importlib import import_module
from types import MappingProxyType
from typing import Any, ClassVar, Mapping

from ..errors import Conflict, OutOfTurn, RuleError
from . import state_json, turns
from .turns import N_, Turn

__all__ = ["Act", "Conflict", "Game", "OutOfTurn", "Policy", "RuleError", "Rules", "Screens",
           "Turn", "web_part", "largest", "N_", "acting_player", "options_prefix"]


@dataclass(frozen=True)
class Act:
    """One act of a screen, as the web layer hands it down to be appended: the event, who made
    it ("host" or "seat"), the player it is for (None: the host for the whole table), the game
    form it came from (None: the platform's undo, finish or reopen), the value the player agreed
    to replace (a :class:`Conflict`'s token), whose turn the player agreed to act out of (an
    :class:`OutOfTurn`'s token), the form's nonce, and whether it comes late from a phone's
    offline queue (the table played it: it is not asked about turns). Every check made under
    the table's lock is a function of the state and this value alone."""

    event: Mapping[str, Any]
    by: str
    player: str | None = None
    form: str | None = None
    replaces: str | None = None
    nonce: str | None = None
    anyway: str | None = None
    queued: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "event", MappingProxyType(dict(self.event)))


class Rules:
    """The rules part of a plug-in: the game as its record reads it. Pure (no Flask, no database,
    no forms; words through ``companion.i18n``, translated only when shown), so the record, the
    command line and every page reading a table share it.

    What the game is (name, label, players, categories, tie-break, teams, the group its plays
    are counted under); the core's hooks (options, start, apply, result) and the events the game
    itself adds (setup, Finish's end); how its scores read (highest wins, a note beside a total,
    the end's word, the chart's rounds or steps, the best single unit); and its record in words
    (the ids inside refusals, event names, a line per event for the history)."""

    name: ClassVar[str]                 # the record's "game" id, e.g. "score-pad"
    label: ClassVar[Any]                # lazy, translated name shown to players
    categories: ClassVar[Mapping[str, Any]] = {}   # breakdown key -> lazy label
    tie_break: ClassVar[Any] = None     # lazy label of the rule that orders tied totals
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 8
    bgg_id: ClassVar[int | None] = None     # BoardGameGeek's id of the game, when known

    # The game's rules module (options, start, apply, result); the hooks below delegate to it.
    core: ClassVar[Any] = None

    def options(self, options: Mapping[str, Any], players: list[str]) -> dict[str, Any]:
        """Validate and normalise the record's options; raise RuleError if they are wrong."""
        return self.core.options(options, players)

    def record_version(self, options: Mapping[str, Any]) -> int:
        """The version of the record a table with these (normalised) options is written in: 1
        unless the options need a newer one (the core's ``record_version``)."""
        query = getattr(self.core, "record_version", None)
        return query(options) if query is not None else 1

    def start(self, options: dict[str, Any], players: list[str]) -> Any:
        """The state before any event."""
        return self.core.start(options, players)

    def apply(self, state: Any, event: Mapping[str, Any]) -> Any:
        """Check ``event`` against ``state``; return the next state (never mutate ``state``)."""
        return self.core.apply(state, event)

    def result(self, state: Any) -> dict[str, Any]:
        """The contract's result document for ``state`` (scored as if the game ended now)."""
        return self.core.result(state)

    def dump_state(self, state: Any) -> Any:
        """``state`` as JSON-able data (a table's snapshot keeps it): the core's own
        ``dump_state``, else ``state_json``'s form of its dataclasses; :meth:`load_state` gives
        back an equal state."""
        own = getattr(self.core, "dump_state", None)
        if own is not None:
            return own(state)
        return state_json.dump(state)

    def load_state(self, data: Any) -> Any:
        """The state :meth:`dump_state` made ``data`` from, equal to it (the core's own
        ``load_state``, else ``state_json``'s, of the core's ``State``); ValueError if
        ``data`` is no such state."""
        own = getattr(self.core, "load_state", None)
        if own is not None:
            return own(data)
        state = state_json.load(data)
        if not isinstance(state, self.core.State):
            raise state_json.StateDataError(f"not a {self.name} state")
        return state

    @property
    def keeps_turns(self) -> bool:
        """The game declares turns (a time bank runs by them); a score pad keeps none."""
        return getattr(self.core, "TURNS", None) is not None

    def turn(self, state: Any) -> Turn | None:
        """Who is to act now, reckoned by the platform from the turns the core declares
        (``TURNS``, a :class:`turns.Order`); None: the game keeps no turns (a score pad)."""
        order = getattr(self.core, "TURNS", None)
        return turns.turn(order, state) if order is not None else None

    def out_of_turn(self, state: Any, event: Mapping[str, Any], by_host: bool) -> OutOfTurn | None:
        """The question before ``event`` is entered out of turn (on the host screen when
        ``by_host``, else on the player's own phone), or None: reckoned by the platform from
        the declared turns."""
        order = getattr(self.core, "TURNS", None)
        if order is None:
            return None
        return turns.out_of_turn(order, state, event, by_host, turns.turn(order, state))

    def setup_events(self, options: Mapping[str, Any], players: list[str]) -> list[dict[str, Any]]:
        """Events a table started in the app begins with (what the rulebook's setup puts on the
        table, e.g. the first round or each player's first worker)."""
        return []

    def setup_list(self, options: Mapping[str, Any], count: int) -> list[dict[str, Any]]:
        """The host's checklist for setting up the box for these (normalised) options and
        ``count`` players, shown before the first entry. Each line a dict: ``text`` (an
        untranslated ``N_`` message), ``params`` (its placeholders), ``heading`` (the rules
        digest's heading it comes from, as written there) and ``cite`` (that heading, an ``N_``
        message shown beside the line). A line with ``verbatim`` true is a table's own words
        (a score sheet's setup): shown as written, with no cite. Empty: the game declares none."""
        return []

    def rules_card(self, options: Mapping[str, Any], count: int) -> dict[str, list[dict[str, Any]]]:
        """The rules card a player opens on their phone, for these (normalised) options and
        ``count`` players (``games/cards.py``): ``options`` (lines naming the table's choices the
        card follows, under its title), then each section (``turn``, ``end``, ``scoring``, in
        that order) -> its lines, each a dict: ``text`` (an untranslated ``N_`` message),
        ``params`` (its placeholders: every figure the line states, taken from the rules core,
        never typed into the text) and ``heading`` (the rules digest's heading it is written
        from). The platform adds the tie-break (:meth:`tie_break_label`). Empty: the game
        declares none."""
        return {}

    def end_event(self, state: Any) -> dict[str, Any]:
        """The event the host's Finish button appends (a game may add what its tie-break needs)."""
        return {"type": "end"}

    def category_labels(self, options: Mapping[str, Any]) -> Mapping[str, Any]:
        """Breakdown key -> label at a table with these (normalised) options: the game's
        ``categories``, unless its options bring their own (a score sheet's)."""
        return self.categories

    def tie_break_label(self, options: Mapping[str, Any]) -> Any:
        """The label of the rule that orders tied totals at a table with these options (the
        game's ``tie_break``, unless its options name their own), None when none does."""
        return self.tie_break

    def highest_wins(self, options: Mapping[str, Any]) -> bool:
        """Whether the highest total wins at a table with these (normalised) options (and so
        whether a category's best is its most or its least)."""
        return True

    def play_group(self, options: Mapping[str, Any]) -> str | None:
        """The name the plays of a table with these (normalised) options are counted under and
        shared as, when it is not the game's ``label``: a score sheet's name ("7 Wonders");
        None: the game's own."""
        return None

    def teams(self, options: Mapping[str, Any]) -> list[list[str]] | None:
        """The teams at a table with these (normalised) options, each a list of its players'
        names (ranked by the team's total, as the result's ``teams`` says); None: each for
        themselves."""
        return None

    def score_note(self, player: Mapping[str, Any]) -> str:
        """A word beside a player's total on the scoreboard (``player`` is a result entry)."""
        return ""

    def end_status(self, state: Any, result: Mapping[str, Any]) -> str | None:
        """The untranslated word beside the scoreboard's title while the end is near."""
        return N_("Last round!") if result.get("end_triggered") else None

    def chart_rounds(self, state: Any) -> dict[str, list[int]] | None:
        """Each player's total after each round, for the score chart of a game that keeps its
        points by round (round 1 first), or after each of :meth:`chart_steps`; None: the chart
        follows the game act by act, each act scored with :meth:`result`."""
        return None

    def chart_steps(self, options: Mapping[str, Any]) -> list[Any] | None:
        """The labels of the score chart's steps when :meth:`chart_rounds` counts something
        other than rounds (a score sheet filled once: its categories, added one by one); None:
        rounds."""
        return None

    def best_single(self, player: Mapping[str, Any]) -> tuple[Any, int] | None:
        """The player's best single scoring unit in a stored result entry (``player``, with its
        ``details``), as (lazy label, points), e.g. (_l("Best hotel"), 12); None when the game
        has none or the entry lacks the detail (a result stored by an older version)."""
        return None

    # ids inside refusals, by parameter name, shown with these labels (e.g. {"colour": {...}})
    labels: ClassVar[Mapping[str, Mapping[str, Any]]] = {}
    event_labels: ClassVar[Mapping[str, Any]] = {}   # event type -> lazy label

    def describe(self, event: Mapping[str, Any], options: Mapping[str, Any] | None = None) -> str:
        """One line for the history (``options``: the table's, for games whose words depend on
        them); the platform falls back to the raw event."""
        return ""

    def describe_all(self, events: list[Mapping[str, Any]], undone: Mapping[int, int],
                     first: int = 0, options: Mapping[str, Any] | None = None) -> list[str]:
        """A line per event from ``first`` on ("" before it), for games whose words depend on
        what came before (a replacement)."""
        return ["" if i < first else self.describe(e, options) for i, e in enumerate(events)]


class Policy:
    """The live-table part of a plug-in: what the record does not know because it has no
    table, no phones and no time. Who may make an act now, whose act an event is (who may take
    it back from a phone), what is asked before an act replaces a value or before Finish, and
    what may not wait in a phone's queue while it is offline. Pure functions of the state and
    the act (the service calls ``live_check`` and ``overwrite`` under the table's lock); a
    policy asks the game's pure rules module, never another part (whose turn it is comes from
    the platform, which reads it from the rules)."""

    def live_check(self, state: Any, options: Mapping[str, Any], act: Act) -> None:
        """Rules of the live table, not of the record (who may roll now, setup only by the host):
        checked under the table's lock on the state ``act`` is appended to, so concurrent taps
        are decided one after another (a game form's act only); raise RuleError."""

    def overwrite(self, state: Any, event: Mapping[str, Any]) -> Conflict | None:
        """The question to ask when ``event`` would replace a value already entered (a later
        event that replaces an earlier one is legal in the record, but never silent on a screen)."""
        return None

    def moment(self, form_name: str, fields: Mapping[str, Any]) -> Any | None:
        """Why the act of ``form_name`` (with ``fields``: its event, or the hidden fields of its
        form) means something only at the moment it is made (claiming a shared die, rolling),
        so a phone does not keep it while offline; lazy text, or None when it may wait."""
        return None

    def actor(self, event: Mapping[str, Any]) -> str | None:
        """The player whose act ``event`` is (who may undo it from their phone)."""
        player = event.get("player")
        return player if isinstance(player, str) else None

    def missing(self, state: Any) -> list[str]:
        """What is not entered yet, in words, for the warning before Finish."""
        return []


def options_prefix(game: str) -> str:
    """The prefix of a game's options fields on the start form (``opt-score-pad-sheet``)."""
    return f"opt-{game}"


class Screens:
    """The web part of a plug-in: what the game's pages draw and how a form becomes an event.
    Templates, the options form (its choices, the record's options from it, links beside it),
    the game's own pages (a blueprint), the forms of the acts and the event each one makes, the
    screen model the templates draw as ``d``, the query arguments a screen keeps across live
    updates and the values an untouched form follows. Flask, WTForms and the database are
    imported on first use (:class:`web_part`, imports inside methods), so the command line never
    loads them; the screens ask the game's pure rules module, never decide a rule, never reach
    another part."""

    phone_template: ClassVar[str] = "tables/phone_generic.html"
    host_template: ClassVar[str] = "tables/host_generic.html"
    live_template: ClassVar[str | None] = None   # extra part of the live view, e.g. a sheet
    # True when the live_template draws the same for every seat (it reads neither ``seat`` nor
    # a seat's ``d``): rendered once per version for all of them
    live_same_for_every_seat: ClassVar[bool] = False
    # a phone's act, drawn first inside the live view (dice, sheet, shapes: no scrolling)
    play_template: ClassVar[str | None] = None
    # the host screen's live tools (acting for a seat), under the stage on a TV
    tools_template: ClassVar[str | None] = None
    # the scripts (under static/) the game's parts of a table's screens use while it is played,
    # and those its options on the start page use: each page loads only those of its own game
    scripts: ClassVar[tuple[str, ...]] = ()
    options_scripts: ClassVar[tuple[str, ...]] = ()
    # breakdown key -> the id of an SVG symbol the live view defines: a TV heads the scoreboard's
    # columns with it when the words would not fit (the words stay for screen readers)
    category_icons: ClassVar[Mapping[str, str]] = {}
    query_args: ClassVar[tuple[str, ...]] = ()   # screen selections kept across live updates
    leaders_on_home: ClassVar[bool] = True       # False when scoring is too costly for the list
    blueprint: ClassVar[Any] = None      # the game's own pages (e.g. an editor), if any
    options_form: ClassVar[Any] = None   # FlaskForm subclass for the game's options, or None
    # the template drawing the options form on the start page (None: its fields one by one);
    # it sees ``form``, ``game`` and the start form ``new``
    options_template: ClassVar[str | None] = None
    options_links: ClassVar[tuple[tuple[Any, str], ...]] = ()   # (label, endpoint) beside options

    def prepare_options_form(self, form: Any) -> None:
        """Fill choices that come from the database (e.g. saved sheets)."""

    def options_from_form(self, form: Any, players: list[str]) -> dict[str, Any]:
        """The record's options from the game's options form, for these players."""
        return {}

    def forms(self, state: Any, player: str | None) -> dict[str, Any]:
        """Fresh game forms to show for ``player`` (or for the host when None)."""
        return {}

    def event_from_form(self, form_name: str, form: Any, player: str | None,
                        state: Any) -> dict[str, Any] | None:
        """Turn a submitted game form into an event for ``player`` (None: the host acts for the
        table); None if unknown form. May raise RuleError for a screen-level refusal."""
        return None

    def screen(self, state: Any, options: Mapping[str, Any], view: str, seat: Any, host: bool,
               selection: Mapping[str, str]) -> Any:
        """What the game's templates draw (as ``d``), built once per screen: the game's own
        frozen dataclass (``Screen`` in its ``screens.py``, read by attribute); None if nothing."""
        return None

    def seat_marks(self, state: Any) -> Mapping[str, Mapping[str, str]]:
        """Player -> ``{"colour", "mark"}``: the colour and shape (``circle``, ``square``,
        ``triangle``, ``diamond``) a game's drawing marks that player's pieces with; the
        scoreboard shows each beside the whole name, the key to the drawing. None by default."""
        return {}

    def follow(self, state: Any, player: str | None) -> dict[str, str]:
        """Input name -> value an untouched entry form takes when the table changes (the next
        empty round and seat), so a form never offers what the table has moved past."""
        return {}


@dataclass(frozen=True)
class Game:
    """A game plug-in as the platform sees it: its three parts, each asked for its own —
    ``rules`` (the record, the command line and every page reading a table), ``policy`` (the
    live table) and ``screens`` (the web). Its name and label, what identifies it, are the
    rules'."""

    rules: Rules
    policy: Policy = field(default_factory=Policy)
    screens: Screens = field(default_factory=Screens)

    @property
    def name(self) -> str:
        return self.rules.name

    @property
    def label(self) -> Any:
        return self.rules.label


class web_part:
    """A screens attribute of a plug-in (a form class, a blueprint) imported on first use:
    ``options_form = web_part(".forms", "OptionsForm")``, the module relative to the one the
    class is written in, as its own imports are. Replaying a record (``companion score``) thus
    never loads Flask or WTForms."""

    def __init__(self, module: str, name: str) -> None:
        self.module, self.name = module, name

    def __set_name__(self, owner: type, attribute: str) -> None:
        self.package, self.attribute = sys.modules[owner.__module__].__package__, attribute

    def __get__(self, screens: Any, owner: type | None = None) -> Any:
        value = getattr(import_module(self.module, self.package), self.name)
        if screens is not None:
            screens.__dict__[self.attribute] = value      # later reads skip the import
        return value


def largest(values: Any, field: str | None = None) -> int | None:
    """The largest whole number among ``values`` (a stored result's list, or its entries'
    ``field``); None when there is none (an older result without the detail, nothing scored)."""
    if not isinstance(values, list):
        return None
    if field is not None:
        values = [v.get(field) for v in values if isinstance(v, dict)]
    numbers = [v for v in values if isinstance(v, int) and not isinstance(v, bool)]
    return max(numbers) if numbers else None




def acting_player(state: Any, view: str, seat: Any, host: bool,
                  selection: Mapping[str, str], turn: Turn | None = None) -> str | None:
    """Whose sheet a game's screen shows: the phone's own seat, or the seat the host screen
    enters for (``as``, the seat's position; only plain digits count). A host screen nobody
    has pointed at a seat (no ``as``) enters for the player whose turn it is (``turn``)."""
    if view == "phone" and seat is not None:
        return seat.name
    position = selection.get("as")
    if view != "host" or not host:
        return None
    if position is None:
        return turn.player if turn is not None else None
    if re.fullmatch(r"[0-9]{1,2}", position) and int(position) < len(state.players):
        return state.players[int(position)]
    return None
