"""What the OddVille part of a screen shows, asked of the core.

What the OddVille part of a screen shows: the city with the spots to tap, the build sheet,
the acting player's figures and characters, the end, the scoring. Everything asked of the core.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Mapping

from flask_babel import ngettext

from ...words import explain
from ..base import acting_player
from ..choices import make as make_choices
from . import drawing, rules
from .labels import CHARACTER_LABELS, GUILD_LABELS, RULE_LABELS, character_label

SPOT = re.compile(r"([0-9]{1,3})_(-?[0-9]{1,3})")   # ASCII digits, bounded
CHARACTER_POINTS = range(0, 11)


@dataclass(frozen=True)
class Screen:
    """What the OddVille part of a screen draws (the templates' ``d``), for the acting player
    when there is one: the phone's own seat, or the seat the host screen enters for."""

    player: str | None
    acting: bool                    # the acts are offered: a player is shown, the game goes on
    keep: dict[str, str]            # the seat the host screen enters for, kept in every tap
    who: dict[str, str]             # the host screen's hidden seat field; {} on a phone
    tally: bool                     # a quick tally: the paper city is entered at the end
    city: dict[str, Any]            # the city, with the spots to tap while acting
    shown: bool                     # each card shows its points
    # the host screen acting for a seat: the city for the room, no spots to tap
    room: dict[str, Any] | None
    scores_query: dict[str, str]    # the tap that shows or hides the points
    close_query: dict[str, str]     # the tap that closes the build sheet or the characters
    sheet: dict[str, Any] | None    # the build sheet for the spot tapped
    # the build as data: the phone picks the spot in the page, its sheet preset per spot
    walk: dict[str, Any] | None
    me: dict[str, Any] | None       # the player's own figures and characters
    characters: dict[str, Any] | None   # the characters to take, or the points of one picked
    take_query: dict[str, str]      # the tap that opens the characters
    end: dict[str, Any] | None      # the 6th worker: who placed it and who still plays
    taken: dict[str, Any] | None    # the spot tapped, built by another meanwhile
    candidates: list[str]           # a quick tally: who may have placed the 6th worker
    scores: dict[str, Any] | None   # each player's points and the tie-break, when shown
    seats: list[dict[str, Any]]     # every seat, the host screen's taps to enter for it


def spot_arg(value: str | None) -> rules.Cell | None:
    match = SPOT.fullmatch(value or "")
    return (int(match[1]), int(match[2])) if match else None



def place_words(row: Any, column: Any) -> str:
    """Where a card lies, from the Main Square ("2 left, 1 below the Main Square")."""
    return explain(rules.place(row, column))


def worded(city: dict[str, Any]) -> dict[str, Any]:
    """The city with each card and spot named where it lies, in the players' words."""
    for part in (*city["cards"], *city["spots"]):
        part["place"] = place_words(part["row"], part["column"])
    return city


def screen(state: rules.State, view: str, seat: Any, host: bool,
           selection: Mapping[str, str]) -> Screen:
    turn = rules.turn(state)
    player = acting_player(state, view, seat, host, selection, turn)
    acting = player is not None and not state.finished
    keep = {"as": selection["as"]} if view == "host" and selection.get("as") else {}
    shown = state.finished or selection.get("scores") == "1"
    spots = rules.free_spots(state) if acting else []
    spot = spot_arg(selection.get("spot"))
    taken = state.cards.get(spot) if acting and spot else None
    taken = taken if taken and taken.owner != player else None     # (not one's own new card)
    spot = spot if spot in spots else None
    city = worded(drawing.city(state, spots, spot, shown))
    for free in city["spots"]:
        free["query"] = {"spot": f"{free['row']}_{free['column']}", **keep}
    # out of turn the build sheet offers the Builder's power (entered unasked); never preset:
    # a player often readies the next build during another's turn
    walking = acting and view == "phone" and bool(spots)
    names = {f"{r}_{c}": (r, c) for r, c in spots}
    builder = ({"turn": turn.player}
               if acting and turn is not None and turn.player not in (None, player) else None)
    walk = {"choices": make_choices([("spot", ()), ("build", ("spot",))],
                                    {"spot": {(): list(names)},
                                     "build": {(s,): ["y"] for s in names}},
                                    spent=rules.BUILD_SPENT),
            "picked": {"spot": f"{spot[0]}_{spot[1]}" if spot else None},
            "presets": {f"edge_{side.lower()}": {name: rules.required_edges(state, *cell)[i]
                                                 for name, cell in names.items()}
                        for i, side in enumerate("NESW")}} if walking else None
    if walk:    # where a question about the build goes back to: the sheet of its spot
        walk["presets"]["back"] = {name: f"?spot={name}" for name in names}
    return Screen(
        player=player, acting=acting, keep=keep, who={"player": player} if keep else {},
        tally=state.tally, city=city, shown=shown,
        # the host screen acting for a seat: the stage shows the city for the room (no spots to
        # tap: it reads at 3 m), its tools the city to build on
        room=worded(drawing.city(state, [], None, shown)) if view == "host" and acting else None,
        scores_query={**keep, **({} if shown else {"scores": "1"})},
        close_query=dict(keep),
        sheet=build_sheet(state, spot, builder) if acting and (spot or walking) else None,
        # a phone picks the spot in the page (its sheet is drawn once, preset per spot there)
        walk=walk,
        me=board(state, player) if player else None,
        characters=character_sheet(state, player, selection, keep)
        if acting and (selection.get("take") or selection.get("pick")) else None,
        take_query={**keep, "take": "1"},
        end=end_notice(state),
        taken=taken and {"place": place_words(taken.row, taken.column), "owner": taken.owner},
        candidates=[p for p in state.players
                    if rules.workers_in_city(state, p) >= rules.END_WORKERS]
        if state.tally else [],
        scores=scoring(state) if shown else None,
        seats=[{"name": p, "query": {"as": str(i)}, "current": p == player,
                "colour": drawing.colour(state, p)} for i, p in enumerate(state.players)],
    )


def build_sheet(state: rules.State, spot: rules.Cell | None,
                builder: Mapping[str, Any] | None) -> dict[str, Any]:
    """The choices for a card at ``spot``: edges preset to what the neighbours require, only the
    numbers a card can print for each rule, and out of turn the Builder's power. Without a spot
    the sheet a phone fills once a spot is picked in the page (its script sets the spot)."""
    row, column = spot or ("", "")
    required = rules.required_edges(state, row, column) if spot else "????"
    return {"row": row, "column": column, "id": f"build-{row}_{column}" if spot else "build-sheet",
            "place": place_words(row, column) if spot else "",
            "rules": [{"rule": r, "label": RULE_LABELS[r], "key": rules.RULES[r]}
                      for r in rules.RULES],
            "numbers": rules.BASES, "diamond": rules.DIAMOND_POINTS, "shields": rules.SHIELDS,
            "builder": builder,
            "guilds": [{"guild": g, "label": GUILD_LABELS[g]} for g in rules.GUILDS],
            "edges": [{"side": side, "field": f"edge_{side.lower()}", "value": value}
                      for side, value in zip("NESW", required)],
            "known": sum(v != "?" for v in required)}


def board(state: rules.State, player: str) -> dict[str, Any]:
    """The player's own figures and characters."""
    count = state.resource[player]
    most = rules.max_resource_workers(state, player)
    return {"figures": rules.figures(state, player), "resource": count,
            "less": count - 1 if count > 0 else None, "more": count + 1 if count < most else None,
            "on_square": rules.on_main_square(state, player),
            "traveller": any(c.traveller for c in state.characters[player]),
            "held": [{"name": c.name, "label": character_label(c.name),
                      "points": (rules.TRAVELLER_POINTS if rules.on_main_square(state, player)
                                 else 0) if c.traveller else c.points}
                     for c in state.characters[player]],
            "colour": drawing.colour(state, player), "mark": drawing.mark(state, player)}


def character_sheet(state: rules.State, player: str, selection: Mapping[str, str],
                    keep: Mapping[str, str]) -> dict[str, Any]:
    """The twelve characters to take, with who holds each; a name whose printed points are
    not known yet asks for them (``pick``)."""
    pick = selection.get("pick")
    if pick and rules.key(pick) in CHARACTER_LABELS:
        name = next(c for c in rules.CHARACTERS if rules.key(c) == rules.key(pick))
        return {"pick": name, "label": character_label(name), "points": CHARACTER_POINTS}
    cards = []
    for name in rules.CHARACTERS:
        points = rules.printed_points(state, name)
        traveller = rules.Character(name, 0).traveller
        cards.append({"name": name, "label": character_label(name),
                      "holder": rules.holder(state, name), "points": points,
                      "traveller": traveller,
                      "ready": traveller or points is not None,
                      "query": {**keep, "pick": name}})
    return {"pick": None, "cards": cards}


def end_notice(state: rules.State) -> dict[str, Any] | None:
    """The 6th worker, who placed it, and who still plays by the chosen end."""
    if state.trigger is None:
        return None
    if state.tally:
        return {"trigger": state.trigger, "words": "", "still": []}
    return {"trigger": state.trigger, "words": explain(rules.end_rule(state)),
            "still": rules.still_to_play(state)}


def scoring(state: rules.State) -> dict[str, Any]:
    """Each player's breakdown in seat order and the tie-break said in words."""
    result = rules.result(state)
    rows = [{**line, "colour": drawing.colour(state, line["name"]),
             "mark": drawing.mark(state, line["name"])}
            for line in result["players"]]
    return {"rows": sorted(rows, key=lambda r: r["rank"]), "tie": tie_words(state),
            "winners": result["winners"]}


def tie_words(state: rules.State) -> str:
    tie = rules.tie_break(state)
    if tie is None:
        return ""
    total = tie["total"]
    where = {"names": ", ".join(tie["tied"]), "trigger": tie["trigger"], "winner": tie["winner"]}
    if tie["trigger"] is None:
        return ngettext("%(names)s tie on %(total)d point; nobody has placed a 6th worker in "
                        "the city, so they share the first place.",
                        "%(names)s tie on %(total)d points; nobody has placed a 6th worker in "
                        "the city, so they share the first place.", abs(total), total=total, **where)
    if tie["winner"] == tie["trigger"]:
        return ngettext("%(names)s tie on %(total)d point; %(winner)s placed the 6th worker "
                        "in the city first and wins the tie.",
                        "%(names)s tie on %(total)d points; %(winner)s placed the 6th worker "
                        "in the city first and wins the tie.", abs(total), total=total, **where)
    return ngettext("%(names)s tie on %(total)d point; %(trigger)s placed the 6th worker in "
                    "the city first, so the first of them clockwise from %(trigger)s wins: "
                    "%(winner)s.",
                    "%(names)s tie on %(total)d points; %(trigger)s placed the 6th worker in "
                    "the city first, so the first of them clockwise from %(trigger)s wins: "
                    "%(winner)s.", abs(total), total=total, **where)
