"""The table's clock as the screens show it: pure reckoning over a record's times.

The result's times (:func:`record.times`) are the contract's; this module reckons the same
intervals for the screens, up to the latest time in the record: each player's total so far (the
contract's), the game's playing and paused time, whose turn it is and how long it has run, each
turn closed so far (the longest named after the game) and, where the table's ``clock`` option
asks for one, each player's time bank.

A turn is the platform's: the time the same player held the turn (a replay's ``holders``), its
paused stretches left out. A bank runs during its player's turns only: the first
``delay_seconds`` of each turn are free, ``increment_seconds`` come back after each of their
turns (never above the bank's start, as the clocks of Board Game Arena keep it), and a bank may
run below zero (an overrun: shown, never a refusal).

Everything here is fixed for a table's version: a screen draws it once and its page ticks the
running interval on from ``since`` (when the latest time in the record was taken) by the
server's clock, with no request per second. Pure: no Flask, no database.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from .record import time_ms

__all__ = ["Clock", "Turn", "reckon", "longest", "minutes"]


@dataclass(frozen=True)
class Turn:
    """A turn closed: its player, its playing time in milliseconds, and its number (1-based,
    in the game's order of turns)."""

    player: str
    ms: int
    number: int


@dataclass(frozen=True)
class Clock:
    """The table's clock at its latest time (``since``, in ms since 1970; None: no time kept).

    ``spent``: each player's total (the contract's, in ms, unfloored); ``playing``, ``paused``:
    the game's time so far; ``turn``: whose turn it is (None: none applies) and ``turn_ms`` how
    long it has run up to ``since``; ``turns``: the turns closed so far, in order; ``banks``
    (None: the table keeps no bank): each player's bank in ms at the start of their current or
    next turn, the running turn not yet charged; ``bank_ms``, ``delay_ms``: the option's."""

    since: int | None = None
    stopped: bool = False
    spent: dict[str, int] = field(default_factory=dict)
    playing: int = 0
    paused: int = 0
    turn: str | None = None
    turn_ms: int = 0
    turns: tuple[Turn, ...] = ()
    banks: dict[str, int] | None = None
    bank_ms: int = 0
    delay_ms: int = 0

    @property
    def timed(self) -> bool:
        return self.since is not None

    def running(self) -> bool:
        """The clock runs on from ``since`` (time is kept and not paused)."""
        return self.since is not None and not self.stopped

    def bank_left(self, player: str, now_ms: int | None = None) -> int | None:
        """``player``'s bank in ms at ``now_ms`` (default: at ``since``): less what the
        running turn used past its delay when it is theirs."""
        if self.banks is None or player not in self.banks:
            return None
        left = self.banks[player]
        if player == self.turn:
            used = self.turn_ms
            if now_ms is not None and self.running() and self.since is not None:
                used += max(0, now_ms - self.since)
            left -= max(0, used - self.delay_ms)
        return left


def reckon(events: Sequence[Mapping[str, Any]], holders: Sequence[str | None],
           started: str | None, players: Sequence[str], turn: str | None,
           option: Mapping[str, int] | None = None) -> Clock:
    """The clock after ``events`` (a replay's, with its ``holders``: whose turn it was as each
    came), the table started at ``started``, ``turn`` whose turn it is now, ``option`` the
    table's ``clock`` option (a bank per player) or None."""
    previous = time_ms(started) if started is not None else None
    stopped = False
    spent = {name: 0 for name in players}
    playing = paused = 0
    bank = (option or {}).get("bank_seconds")
    bank_ms = bank * 1000 if bank else 0
    delay_ms = (option or {}).get("delay_seconds", 0) * 1000 if bank else 0
    increment_ms = (option or {}).get("increment_seconds", 0) * 1000 if bank else 0
    banks = {name: bank_ms for name in players} if bank else None
    turns: list[Turn] = []
    holder: str | None = None       # whose turn the running stretch belongs to
    run_ms = 0                      # its playing time so far

    def close() -> None:
        if holder is None:
            return
        turns.append(Turn(holder, run_ms, len(turns) + 1))
        if banks is not None and holder in banks:
            left = banks[holder] - max(0, run_ms - delay_ms)
            banks[holder] = min(bank_ms, left + increment_ms)

    for index, event in enumerate(events):
        if "at" in event:
            moment = time_ms(event["at"])
            during = holders[index] if index < len(holders) else None
            if during != holder:
                close()
                holder, run_ms = during, 0
            if previous is not None and moment is not None:
                interval = moment - previous
                if stopped:
                    paused += interval
                else:
                    playing += interval
                    run_ms += interval
                    player = event.get("player")
                    if isinstance(player, str) and player in spent:
                        spent[player] += interval
            if moment is not None:
                previous = moment
        if event.get("type") == "pause":
            stopped = True
        elif event.get("type") == "resume":
            stopped = False
    if previous is None:
        return Clock()
    if turn != holder:
        close()
        holder, run_ms = turn, 0
    return Clock(since=previous, stopped=stopped, spent=spent, playing=playing, paused=paused,
                 turn=turn, turn_ms=run_ms if turn is not None else 0, turns=tuple(turns),
                 banks=banks, bank_ms=bank_ms, delay_ms=delay_ms)


def longest(clock: Clock, count: int = 3) -> list[Turn]:
    """The ``count`` longest turns closed, longest first (the earlier of equal ones first)."""
    return sorted(clock.turns, key=lambda t: (-t.ms, t.number))[:count]


def minutes(ms: int) -> int:
    """Milliseconds as whole minutes, rounded (a game's length as people say it)."""
    return (ms + 30_000) // 60_000
