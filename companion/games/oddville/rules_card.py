"""OddVille's rules card for a player's phone: a turn, the end the table chose and what scores.
Pure; every figure comes from the rules core, each line written from a heading of the rules
digest (shared/rules/oddville.md)."""
from __future__ import annotations

from typing import Any, Mapping

from ..cards import card, line
from ..turns import N_
from .rules import END_WORKERS, RESOURCE_WORKER_POINTS, SQUARE_POINTS, TRAVELLER_POINTS

TURN = 'A turn (rulebook, "Játékkörök menete")'      # the digest's headings, as written there
CITY = "The city"
CARDS = "Building cards (64, plus the Main Square)"
CHARACTERS = "Characters (12: 3 per guild)"
FINAL = "Final scoring (per player)"
# what happens after the trigger's turn, by the table's end variant (the rules core's ``end``)
AFTER = {
    "base": N_("A player with %(workers)s workers in the city (the Main Square counts) ends the "
               "game: they finish that turn, nobody else plays."),
    "complete-round": N_("A player with %(workers)s workers in the city (the Main Square counts) "
                         "triggers the end: play goes on up to the last seat, who holds the End "
                         "of the game card."),
    "last-turn": N_("A player with %(workers)s workers in the city (the Main Square counts) takes "
                    "the End of the game card: every other player takes one last turn."),
}

# the end variant the table chose, named under the card's title (none: the rulebook's own end)
CHOSEN = {"complete-round": N_("End variant: the round is completed"),
          "last-turn": N_("End variant: every other player takes one last turn")}


def rules_card(options: Mapping[str, Any], count: int) -> dict[str, list[dict[str, Any]]]:
    turn = [
        line(TURN, N_("One action, and your turn ends: play a worker card (coins, a resource or "
                      "a building card), or build.")),
        line(CITY, N_("Build beside or below the city, every touching edge matching (street to "
                      "street, building to building); your worker goes on it.")),
        line(CHARACTERS, N_("A built card with a guild symbol gives you that guild's top "
                            "character.")),
    ]
    variant = options.get("end", "base")
    end = [line(CITY, AFTER[variant], workers=END_WORKERS)]
    scoring = [
        line(CARDS, N_("Every card with your worker scores by its rule; cards of every owner "
                       "count.")),
        line(CARDS, N_("Main Square: %(square)s VP to each player with a worker on it; the "
                       "Traveller %(traveller)s VP more to its holder with one there."),
             square=SQUARE_POINTS, traveller=TRAVELLER_POINTS),
        line(FINAL, N_("Characters: their printed VP. A worker left on the resource board: "
                       "%(resource)s VP."), resource=RESOURCE_WORKER_POINTS),
    ]
    chosen = [line(CITY, CHOSEN[variant])] if variant in CHOSEN else []
    return card(turn, end, scoring, options=chosen)
