"""Doodle City plug-in: the rules in ``rules.py`` and ``sheet.py``; here the web shell's part —
forms, the sheet as the phone draws it, and what each act means in words."""
from __future__ import annotations

import re
import secrets
from urllib.parse import urlencode
from typing import Any, Mapping

from flask_babel import gettext, lazy_gettext as _l

from ..base import Game, N_, RuleError
from . import rules
from .models import sheet_by_choice, sheet_choices
from .forms import (DrawForm, HouseForm, OptionsForm, RollForm, SetupRollForm, StartRoadForm,
                    TallyForm, TreeForm, TypedRollForm)
from .editor import bp as editor
from .sheet import sheet_json

FORMS = {"draw": DrawForm, "house": HouseForm, "tree": TreeForm, "roll": RollForm,
         "typed_roll": TypedRollForm, "start_road": StartRoadForm, "setup_roll": SetupRollForm,
         "tally": TallyForm}


def numbers(text: str | None) -> list[int]:
    return [int(n) for n in re.findall(r"-?\d+", text or "")]


def next_roller(state: rules.State) -> str:
    """Who rolls the next round's dice: the start player passes clockwise each round."""
    return state.players[state.round % len(state.players)]


class DoodleCity(Game):
    name = "doodle-city"
    label = _l("Doodle City")
    categories = {"hotels": _l("Hotels"), "shops": _l("Shops"), "shop_bonuses": _l("Speed bonuses"),
                  "taxis": _l("Taxis"), "trees": _l("Trees")}
    tie_break = _l("fewer trees crossed")
    min_players, max_players = 1, 6
    options_form = OptionsForm
    phone_template = "games/doodle_city/phone.html"
    host_template = "games/doodle_city/host.html"
    live_template = "games/doodle_city/live.html"
    query_args = ("die", "cell", "as")
    blueprint = editor
    options_links = ((_l("Correct the sheet layout (sheet editor)"), "doodle_city.sheets"),)

    core = rules

    # --- starting a table ---------------------------------------------------------------
    def prepare_options_form(self, form: OptionsForm) -> None:
        form.sheet.choices = sheet_choices()

    def options_from_form(self, form: OptionsForm) -> dict[str, Any]:
        # the sheet is embedded whole, so an old game rescores the same after any edit
        return {"variant": form.variant.data, "sheet": sheet_json(sheet_by_choice(form.sheet.data)),
                "dice": form.dice.data, "tally": bool(form.tally.data)}

    # --- acts -----------------------------------------------------------------------------
    def forms(self, state: rules.State, player: str | None) -> dict[str, Any]:
        return {name: form(prefix=name) for name, form in FORMS.items()}

    def event_from_form(self, form_name: str, form: Any, player: str | None,
                        state: rules.State) -> dict[str, Any] | None:
        if form_name == "draw":
            return {"type": "draw", "player": player, "row": form.row.data,
                    "column": form.column.data, "shape": form.shape.data,
                    **({"die": form.die.data} if form.die.data is not None else {})}
        if form_name == "house":
            return {"type": "house", "player": player, "row": form.row.data,
                    "column": form.column.data,
                    **({"die": form.die.data} if form.die.data is not None else {})}
        if form_name == "tree":
            return {"type": "tree", "player": player}
        if form_name in ("roll", "typed_roll"):
            return self.roll_event(form_name, form, player, state)
        if form_name == "setup_roll":
            return {"type": "setup_roll", "blue": [secrets.randbelow(6) + 1 for _ in range(5)]}
        if form_name == "start_road":
            return {"type": "start_road", "column": form.column.data, "shape": form.shape.data,
                    **({"face": form.face.data} if form.face.data else {})}
        if form_name == "tally":
            return {"type": "tally", "player": player, "hotels": numbers(form.hotels.data),
                    "shops": numbers(form.shops.data), "bonuses": numbers(form.bonuses.data),
                    "taxis": form.taxis.data, "trees": form.trees.data}
        return None

    def roll_event(self, form_name: str, form: Any, player: str | None,
                   state: rules.State) -> dict[str, Any]:
        """The next round's dice, from a secure source (or as typed). A phone rolls only for
        the start player; the host screen rolls for anyone."""
        roller = next_roller(state)
        if player is not None and player != roller:
            raise RuleError(N_("%(player)s rolls this round's dice."), player=roller)
        if state.roll is not None and not rules.round_complete(state):
            raise RuleError(N_("Not everyone has acted yet this round."))
        if form_name == "typed_roll":
            white = [int(d) for d in re.findall(r"[1-6]", form.white.data)]
            return {"type": "roll", "blue": form.blue.data, "white": white}
        count = rules.dice_count(state)
        return {"type": "roll", "blue": secrets.randbelow(6) + 1,
                "white": [secrets.randbelow(6) + 1 for _ in range(count)]}

    def screen(self, state: rules.State, options: Mapping[str, Any], view: str, seat: Any,
               host: bool, selection: Mapping[str, str]) -> dict[str, Any]:
        return screen(state, options, view, seat, host, selection)

    def describe(self, event: Mapping[str, Any]) -> str:
        kind = event.get("type")
        if kind == "start_road":
            return gettext("Start road in column %(column)s: %(shape)s",
                           column=event.get("column"), shape=event.get("shape"))
        if kind == "setup_roll":
            return gettext("Start roads rolled: %(faces)s",
                           faces=", ".join(str(f) for f in event.get("blue", [])))
        if kind == "roll":
            return gettext("Dice: blue %(blue)s, white %(white)s", blue=event.get("blue"),
                           white=" ".join(str(w) for w in event.get("white", [])))
        if kind == "draw":
            return gettext("%(player)s: road %(shape)s at row %(row)s, column %(column)s",
                           **{k: event.get(k) for k in ("player", "shape", "row", "column")})
        if kind == "house":
            return gettext("%(player)s: crossed a house at row %(row)s, column %(column)s",
                           **{k: event.get(k) for k in ("player", "row", "column")})
        if kind == "tree":
            return gettext("%(player)s: crossed a tree", player=event.get("player"))
        if kind == "tally":
            return gettext("%(player)s: final sheet entered", player=event.get("player"))
        return ""


game = DoodleCity()


def note_text(note: Any) -> str:
    """What just happened, as the player would say it."""
    if note is None:
        return ""
    if note.kind == "hotel":
        text = (gettext("Hotel on a road of %(length)s: circled %(value)s.", length=note.measure,
                        value=note.circled) if note.circled else
                gettext("Hotel on a road of %(length)s: no free value, 0 points.", length=note.measure))
    elif note.kind == "shop":
        text = (gettext("Shop on a road with %(houses)s houses: circled %(value)s.",
                        houses=note.measure, value=note.circled) if note.circled else
                gettext("Shop on a road with %(houses)s houses: no free value, 0 points.",
                        houses=note.measure))
        if note.bonus:
            text += " " + gettext("Speed bonus +%(bonus)s is yours!", bonus=note.bonus)
    elif note.kind == "house":
        text = gettext("House crossed.")
    elif note.kind == "tree":
        text = ""
    else:
        text = gettext("Road drawn.")
    if note.tree:
        text = (text + " " + gettext("A tree is crossed.")).strip()
    return text


def cell_arg(value: str | None) -> tuple[int, int] | None:
    match = re.fullmatch(r"([1-5])-([1-5])", value or "")
    return (int(match[1]), int(match[2])) if match else None


def die_arg(value: str | None) -> int | None:
    return int(value) if value and value.isdigit() else None


def screen(state: rules.State, options: Mapping[str, Any], view: str, seat: Any, host: bool,
           selection: Mapping[str, str]) -> dict[str, Any]:
    """What the Doodle City part of a screen shows, for the phone's seat or the seat the host
    screen acts for (``as``)."""
    from . import drawing as draw

    player = None
    if view == "phone" and seat is not None:
        player = seat.name
    elif view == "host" and host and (selection.get("as") or "").isdigit():
        position = int(selection["as"])
        player = state.players[position] if position < len(state.players) else None
    die = die_arg(selection.get("die"))
    setup_done = len(state.start_roads) == 5
    complete = state.roll is None or rules.round_complete(state)
    over = state.end_triggered and state.roll is not None and rules.round_complete(state)
    keep = {"as": selection["as"]} if view == "host" and selection.get("as") else {}
    dice = draw.dice(state, player)
    for die_ in dice:
        die_["href"] = "?" + urlencode({"die": die_["index"], **keep})
    board = draw.board(state, player, die, cell_arg(selection.get("cell"))) if player else None
    for cell_ in board["cells"] if board else []:
        cell_["href"] = "?" + urlencode({"die": die, "cell": f"{cell_['row']}-{cell_['column']}", **keep})
    next_column = next((c for c in range(1, 6) if c not in state.start_roads), None)
    face = state.setup_faces.get(next_column)
    field = next((h for h in state.sheet.houses if h.column == next_column), None)
    return {
        "player": player,
        # the printed start road for the rolled face, when the sheet definition knows it
        "suggested": field.roads[face - 1] if field and field.roads and face else None,
        "who": {"player": player} if view == "host" and player else {},
        "physical": options.get("dice") == "physical",
        "tally": bool(options.get("tally")),
        "complete": complete,
        "setup_done": setup_done,
        "next_column": next_column,
        "start_roads": state.start_roads,
        "roller": next_roller(state),
        "can_roll": setup_done and complete and not over and not state.finished
        and (view == "host" and host or player == next_roller(state)),
        "over": over,
        "start_player": rules.start_player(state),
        "dice": dice,
        "blue": state.roll.blue if state.roll else None,
        "die": die,
        "board": board,
        "tracks": draw.tracks(state, player) if player else None,
        "note": note_text(state.sheets[player].note) if player else "",
        "may_act": bool(player) and state.roll is not None and rules.may_act(state, player),
        "can_tree": bool(player) and state.roll is not None and rules.may_act(state, player)
        and rules.can_cross_tree(state, player),
        "acted": [p for p in state.players if p in state.acted],
        "shapes": draw.shapes(),
        "as": selection.get("as"),
        "faces": sorted(state.setup_faces.items()),
    }
