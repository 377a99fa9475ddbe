"""Calçada plug-in: the rules in ``rules.py`` and ``board.py``; here the web shell's part —
options, forms turned into events, and what each act means in words. The screens' view
models live in ``screens.py``, the board drawing in ``drawing.py``, the editors in
``editor.py``."""
from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Any, Mapping

from ...i18n import _l, gettext, ngettext
from ..base import Conflict, Game, N_, RuleError, web_part
from . import rules
from .board import board_json
from .labels import (COLOUR_LABELS, EVENT_LABELS, MOTIF_LABELS, PARAM_LABELS, SIDE_LABELS, label,
                     side_label)

if TYPE_CHECKING:
    from .forms import OptionsForm, TallyForm

__all__ = ["COLOUR_LABELS", "MOTIF_LABELS", "SIDE_LABELS", "game", "side_label"]


class Calcada(Game):
    name = "calcada"
    label = _l("Calçada")
    categories = {"districts": _l("Districts"), "motifs": _l("Motifs"),
                  "unfinished": _l("Unfinished districts"), "bonus_tiles": _l("Bonus tiles")}
    tie_break = None            # the rulebook: tied players share the win
    labels = PARAM_LABELS
    # the record's words, in English as in the file; translated for the other languages
    event_labels = EVENT_LABELS
    min_players, max_players = 2, 4
    options_form = web_part(".forms", "OptionsForm")
    phone_template = "games/calcada/phone.html"
    host_template = "games/calcada/host.html"
    live_template = "games/calcada/live.html"
    play_template = "games/calcada/play.html"
    query_args = ("colour", "number", "cell", "as")
    blueprint = web_part(".editor", "bp")
    options_links = ((_l("Correct the boards (board editor)"), "calcada.boards"),)

    core = rules

    # --- starting a table ---------------------------------------------------------------
    def prepare_options_form(self, form: OptionsForm) -> None:
        from .models import board_choices, scoring_choices
        form.board.choices = board_choices()
        form.scoring.choices = scoring_choices()

    def options_from_form(self, form: OptionsForm, players: list[str]) -> dict[str, Any]:
        from .models import board_by_choice, scoring_by_choice
        # both boards are embedded whole, so a game rescores the same after any correction
        options: dict[str, Any] = {"board": board_json(board_by_choice(form.board.data))}
        rows = scoring_by_choice(form.scoring.data, len(players))
        if rows is not None:
            options["scoring_rows"] = list(rows.rows)
        if form.tally.data:
            options["tally"] = True
        return options

    # --- acts -----------------------------------------------------------------------------
    def forms(self, state: rules.State, player: str | None) -> dict[str, Any]:
        from .forms import FORMS
        return {name: form(prefix=name) for name, form in FORMS.items()}

    def event_from_form(self, form_name: str, form: Any, player: str | None,
                        state: rules.State) -> dict[str, Any] | None:
        if form_name == "place":
            event = {"type": "place", "player": player, "row": form.row.data,
                     "column": form.column.data, "colour": form.colour.data,
                     "motif": form.motif.data}
            return event if form.number.data is None else {**event, "number": form.number.data}
        if form_name == "spend":
            return {"type": "spend_bonus", "player": player, "count": form.count.data or 1}
        if form_name == "tally":
            return tally_event(form, player)
        return None

    def screen(self, state: rules.State, options: Mapping[str, Any], view: str, seat: Any,
               host: bool, selection: Mapping[str, str]) -> dict[str, Any]:
        from . import screens
        return screens.screen(state, options, view, seat, host, selection)

    # --- what the platform asks before it acts ---------------------------------------------
    def overwrite(self, state: rules.State, event: Mapping[str, Any]) -> Conflict | None:
        """A second tally of the same player replaces the board entered: asked, never silent."""
        player = event.get("player")
        mine = state.boards.get(player) if event.get("type") == "tally" else None
        if mine is None or mine.tallied is None:
            return None
        token = tally_token(mine)
        try:
            if token == tally_token(rules.tally(state, event).boards[player]):
                return None
        except RuleError:
            return None         # refused anyway, with its own reason
        return Conflict(N_("%(player)s's board is already entered (%(total)s points). Replace "
                           "it?"), token=token, player=player,
                        total=rules.score(state, player)["total"])

    def best_single(self, player: Mapping[str, Any]) -> tuple[Any, int] | None:
        points = rules.best_district(player)
        return None if points is None else (_l("Best district"), points)

    def missing(self, state: rules.State) -> list[str]:
        if state.tally:
            return [gettext("%(player)s's board is not entered yet.", player=p)
                    for p in state.players if state.boards[p].tallied is None]
        if state.trigger is None:
            return [gettext("No second stone has slid off the scoring board yet: the end is not "
                            "triggered.")]
        return [gettext("%(player)s has not played the last round yet.", player=p)
                for p in rules.still_to_play(state)]

    def end_status(self, state: rules.State, result: Mapping[str, Any]) -> str | None:
        if state.trigger is None:
            return None
        return N_("The last round is over") if rules.game_over(state) else N_("Last round!")

    def describe(self, event: Mapping[str, Any]) -> str:
        kind = event.get("type")
        if kind == "place":
            return describe_place(event)
        if kind == "spend_bonus":
            count = event.get("count", 1)
            return ngettext("%(player)s spent a bonus tile", "%(player)s spent %(num)s bonus tiles",
                            count if isinstance(count, int) else 1, player=event.get("player"))
        if kind == "tally":
            return gettext("%(player)s: final board entered", player=event.get("player"))
        return ""


def tally_token(board: rules.PlayerBoard) -> str:
    """What a tallied board holds, in a few characters (the confirmation carries it back)."""
    tiles = ",".join(f"{r}{c}{t.colour[:2]}{t.motif[:2]}" for (r, c), t in sorted(board.tiles.items()))
    return hashlib.sha256(f"{tiles}|{board.tallied}|{board.bonus_tiles}".encode()).hexdigest()[:16]


def tally_event(form: TallyForm, player: str | None) -> dict[str, Any]:
    from .forms import CELLS
    tiles = []
    for row, column in CELLS:
        colour = form[f"colour_{row}_{column}"].data or ""
        motif = form[f"motif_{row}_{column}"].data or ""
        if bool(colour) != bool(motif):
            raise RuleError(N_("Row %(row)d, column %(column)d: pick both the colour and the "
                               "motif (or neither for an empty cell)."), row=row, column=column)
        if colour:
            tiles.append({"row": row, "column": column, "colour": colour, "motif": motif})
    if not tiles:
        raise RuleError(N_("Pick the colour and motif of every tile on the board."))
    return {"type": "tally", "player": player, "tiles": tiles,
            "districts": form.districts.data, "bonus_tiles": form.bonus_tiles.data}


def describe_place(event: Mapping[str, Any]) -> str:
    words = {"player": event.get("player"), "row": event.get("row"),
             "column": event.get("column"),
             "colour": label(COLOUR_LABELS, event.get("colour")),
             "motif": label(MOTIF_LABELS, event.get("motif"))}
    if event.get("number") is None:
        return gettext("%(player)s: %(colour)s tile (%(motif)s) on row %(row)s, column %(column)s",
                       **words)
    return gettext("%(player)s announced %(colour)s %(number)s: tile (%(motif)s) on row %(row)s, "
                   "column %(column)s", number=event.get("number"), **words)


game = Calcada()
