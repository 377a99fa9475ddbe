"""OddVille's screens part: templates, the options form, forms turned into events, the screen."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ..base import N_, RuleError, Screens, web_part
from . import rules
from .labels import character_label

if TYPE_CHECKING:
    from .forms import BuildForm, CharacterForm, OptionsForm
    from .screens import Screen


class OddVilleScreens(Screens):
    options_form = web_part(".forms", "OptionsForm")
    phone_template = "games/oddville/phone.html"
    host_template = "games/oddville/host.html"
    live_template = "games/oddville/live.html"
    tools_template = "games/oddville/tools.html"
    play_template = "games/oddville/play.html"     # a phone: the city first, spots in reach
    scripts = ("js/moves.js",)             # the moves walked tap by tap
    query_args = ("as", "spot", "take", "pick", "scores")

    def options_from_form(self, form: OptionsForm, players: list[str]) -> dict[str, Any]:
        # only what differs from the rulebook, so a base table's record keeps empty options
        return {**({"end": form.end.data} if form.end.data != "base" else {}),
                **({"tally": True} if form.tally.data else {})}

    def screen(self, state: rules.State, options: Mapping[str, Any], view: str, seat: Any,
               host: bool, selection: Mapping[str, str]) -> Screen:
        from .screens import screen
        return screen(state, view, seat, host, selection)

    def seat_marks(self, state: rules.State) -> dict[str, dict[str, str]]:
        from .drawing import legend
        return {seat["name"]: seat for seat in legend(state)}

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
        if form_name == "build":
            return build_event(form, player)
        if form_name == "character":
            return character_event(form, player, state)
        if form_name == "lose_character":
            return {"type": "lose_character", "player": player, "name": form.name.data}
        if form_name == "resource_workers":
            return {"type": "resource_workers", "player": player, "count": form.count.data}
        return {"type": form_name, "player": player}      # main_square, trigger


def build_event(form: BuildForm, player: str) -> dict[str, Any]:
    rule, number = form.rule.data, form.number.data
    if rule == "diamond":       # its own chips (4 or 5); a bare number is still read
        points = form.points.data if form.points.data is not None else number
        vp: dict[str, Any] = {"rule": rule, "points": points if points is not None else 4}
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
            **({"edges": edges} if "?" not in edges else {}),
            **({"builder": True} if form.builder.data else {})}


def character_event(form: CharacterForm, player: str, state: rules.State) -> dict[str, Any]:
    """A character taken; its printed points are entered the first time only."""
    name, points = form.name.data, form.points.data
    if points is None:
        points = 0 if rules.Character(name, 0).traveller else rules.printed_points(state, name)
    if points is None:
        raise RuleError(N_("Tap the points printed on %(name)s."), name=character_label(name))
    return {"type": "character", "player": player, "name": name, "points": points}
