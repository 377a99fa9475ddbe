"""OddVille plug-in: the rules of the shared city in ``rules.py``; the city drawn in
``drawing.py``; what each screen shows in ``screens.py``; here the forms turned into events and
the history's words."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ...i18n import _l, gettext, ngettext
from ..base import Conflict, Game, N_, RuleError, web_part
from . import rules
from .labels import CHARACTER_NAMES, RULE_LABELS, character_label

if TYPE_CHECKING:
    from .forms import BuildForm, CharacterForm, OptionsForm


class OddVille(Game):
    name = "oddville"
    label = _l("OddVille")
    categories = {"buildings": _l("Buildings"), "main_square": _l("Main Square"),
                  "characters": _l("Characters"), "resource_workers": _l("Workers on resources")}
    tie_break = _l("the end's trigger, then clockwise from the trigger")
    labels = {"rule": RULE_LABELS, "name": CHARACTER_NAMES}
    event_labels = {"build": _l("build"), "main_square": _l("main square"),
                    "character": _l("character"), "lose_character": _l("lose character"),
                    "resource_workers": _l("resource workers"), "trigger": _l("trigger")}
    min_players, max_players = 2, 4
    options_form = web_part(".forms", "OptionsForm")
    phone_template = "games/oddville/phone.html"
    host_template = "games/oddville/host.html"
    live_template = "games/oddville/live.html"
    play_template = "games/oddville/play.html"     # a phone: the city first, spots in reach
    query_args = ("as", "spot", "take", "pick", "scores", "square")

    core = rules

    def options_from_form(self, form: OptionsForm, players: list[str]) -> dict[str, Any]:
        # only what differs from the rulebook, so a base table's record keeps empty options
        return {**({"end": form.end.data} if form.end.data != "base" else {}),
                **({"tally": True} if form.tally.data else {})}

    def setup_events(self, options: Mapping[str, Any], players: list[str]) -> list[dict[str, Any]]:
        return rules.setup(players)

    def actor(self, event: Mapping[str, Any]) -> str | None:
        """The setup's workers are nobody's act: a phone's Undo never takes them back."""
        return None if event.get("setup") else super().actor(event)

    def end_event(self, state: rules.State) -> dict[str, Any]:
        """Finishing names the detected trigger, so a tie is broken from it clockwise."""
        trigger = rules.trigger(state)
        return {"type": "end", "trigger": trigger} if trigger else {"type": "end"}

    def best_single(self, player: Mapping[str, Any]) -> tuple[Any, int] | None:
        points = rules.best_card(player)
        return None if points is None else (_l("Best card"), points)

    def missing(self, state: rules.State) -> list[str]:
        """What Finish warns about: no 6th worker yet (a tally: its trigger not named), or
        players the chosen end still lets play."""
        if state.trigger is None:
            return [gettext("Nobody has placed a 6th worker in the city yet.") if not state.tally
                    else gettext("Name who placed the 6th worker in the city first.")]
        still = rules.still_to_play(state)
        return [explain_rule(rules.end_rule(state))] if still and not state.tally else []

    def overwrite(self, state: rules.State, event: Mapping[str, Any]) -> Conflict | None:
        """A resource-board count or a tally's trigger replaces the one there. The stepper sends
        the count it showed, so only a change made meanwhile on another screen is asked about."""
        player = event.get("player")
        if event.get("type") == "resource_workers" and player in state.resource:
            count = state.resource[player]
            if count != event.get("count"):
                return Conflict(N_("%(player)s has %(count)s workers on the resource board now "
                                   "(changed meanwhile); make it %(new)s?"), token=str(count),
                                player=player, count=count, new=event.get("count"))
        if event.get("type") == "trigger" and state.tally and state.trigger not in (None, player):
            return Conflict(N_("%(trigger)s is named as the player who placed the 6th worker "
                               "first; name %(player)s instead?"), token=state.trigger,
                            trigger=state.trigger, player=player)
        return None

    def end_status(self, state: rules.State, result: Mapping[str, Any]) -> str | None:
        """Beside the scoreboard's title once the 6th worker is in the city."""
        if state.trigger is None or state.tally:
            return None
        return {"complete-round": N_("the round is being completed"),
                "last-turn": N_("last turns")}.get(state.end, N_("the game has ended"))

    def screen(self, state: rules.State, options: Mapping[str, Any], view: str, seat: Any,
               host: bool, selection: Mapping[str, str]) -> dict[str, Any]:
        from .screens import screen
        return screen(state, view, seat, host, selection)

    # --- acts -------------------------------------------------------------------------------
    def forms(self, state: rules.State, player: str | None) -> dict[str, Any]:
        from .forms import FORMS
        return {name: form(prefix=name) for name, form in FORMS.items()}

    def event_from_form(self, form_name: str, form: Any, player: str | None,
                        state: rules.State) -> dict[str, Any] | None:
        from .forms import FORMS
        if form_name not in FORMS:
            return None
        if player is None:
            raise RuleError(N_("Pick the player you enter this for."))
        if form_name in ("build", "main_square") and not form.late.data:
            check_turn(state, player)
        if form_name == "build":
            return build_event(form, player)
        if form_name == "character":
            return character_event(form, player, state)
        if form_name == "lose_character":
            return {"type": "lose_character", "player": player, "name": form.name.data}
        if form_name == "resource_workers":
            return {"type": "resource_workers", "player": player, "count": form.count.data}
        return {"type": form_name, "player": player}      # main_square, trigger

    def describe(self, event: Mapping[str, Any]) -> str:
        kind = event.get("type")
        player = event.get("player")
        if kind == "build":
            vp = event.get("vp")
            rule = RULE_LABELS.get(vp.get("rule")) if isinstance(vp, Mapping) else None
            return gettext("%(player)s built at row %(row)s, column %(column)s: %(rule)s",
                           player=player, row=event.get("row"), column=event.get("column"),
                           rule=rule or "?")
        if kind == "main_square":
            return gettext("%(player)s put a worker on the Main Square", player=player)
        if kind == "character":
            return gettext("%(player)s took the character %(name)s", player=player,
                           name=character_label(event.get("name")))
        if kind == "lose_character":
            return gettext("%(player)s gave back the character %(name)s", player=player,
                           name=character_label(event.get("name")))
        if kind == "resource_workers" and event.get("setup"):
            return gettext("Setup: %(player)s puts a worker on the resource board",
                           player=player)
        if kind == "resource_workers":
            count = event.get("count")
            return ngettext("%(player)s has %(num)s worker on the resource board",
                            "%(player)s has %(num)s workers on the resource board",
                            count if isinstance(count, int) else 0, player=player)
        if kind == "trigger":
            return gettext("%(player)s placed the 6th worker in the city first", player=player)
        return ""


def explain_rule(error: RuleError) -> str:
    from ...words import explain
    return explain(error, game)


def check_turn(state: rules.State, player: str) -> None:
    """A build or Main Square worker from a player the end gives no more turn is asked about
    (the record has no turns, so the rules themselves accept it)."""
    if not rules.has_turn(state, player):
        raise RuleError(N_("%(player)s has no turn left. %(rule)s Enter it anyway only if the "
                           "table agrees."), player=player, rule=rules.end_rule(state))


def build_event(form: BuildForm, player: str) -> dict[str, Any]:
    rule, number = form.rule.data, form.number.data
    if rule == "diamond":
        vp: dict[str, Any] = {"rule": rule, "points": number if number is not None else 4}
    elif rules.RULES[rule] is None:
        vp = {"rule": rule}
    else:
        vp = {"rule": rule, "base": number if number is not None else rules.RULES[rule]}
    if rule == "per_guild":
        vp["guild"] = form.named.data or None
    # a per-guild card shows the guild it names unless another is picked
    guild = form.guild.data or (vp.get("guild") if rule == "per_guild" else None)
    edges = "".join(f.data for f in (form.edge_n, form.edge_e, form.edge_s, form.edge_w))
    return {"type": "build", "player": player, "row": form.row.data, "column": form.column.data,
            "vp": vp, **({"guild": guild} if guild else {}),
            **({"shield": form.shield.data} if form.shield.data else {}),
            **({"edges": edges} if "?" not in edges else {})}


def character_event(form: CharacterForm, player: str, state: rules.State) -> dict[str, Any]:
    """A character taken; its printed points are entered the first time only."""
    name, points = form.name.data, form.points.data
    if points is None:
        points = 0 if rules.Character(name, 0).traveller else rules.printed_points(state, name)
    if points is None:
        raise RuleError(N_("Tap the points printed on %(name)s."), name=character_label(name))
    return {"type": "character", "player": player, "name": name, "points": points}


game = OddVille()
