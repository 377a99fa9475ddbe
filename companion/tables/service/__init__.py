"""Table operations on the database, every change through one serialised append.

Every change goes through :func:`append`, serialised per table: the table's row is written
first (taking its lock), then the log is replayed and the act checked (pure checks on the
state and the act) and appended in the same transaction, or nothing is written at all.

A concern per module, each importing only those below it (the contract in pyproject.toml):

- ``making``: a new table, an imported record, the rematch;
- ``seats``: seats taken and freed, the host claimed;
- ``sittings``: the tables a browser took part in or holds cookies of;
- ``appending``: an act checked and appended (``append``, ``check``);
- ``keepsakes``: what a finished table keeps beside its log, its photos and notes;
- ``replays``: the log read, replayed and kept, its snapshots, its authors, its record;
- ``transactions``: one writer at a time, a table's write transaction (its lock) and its
  commit, which tells push (below the service) of the table's new version;
- ``finding``: codes, a table found by its code, its version.

The names callers use are here: ``service.append``, ``service.find``, ….
"""
from .appending import append, check
from .finding import CODE_ALPHABET, CODE_LENGTH, find, normal_code, release, version
from . import keepsakes
from .making import create, create_checked, first_player, rematch
from .replays import authors, record_of, replay_of
from .seats import claim_host, claim_link, claim_pending, claim_with, free_seat, take_seat
from .sittings import sat, with_codes

__all__ = ["keepsakes", "append", "check", "CODE_ALPHABET", "CODE_LENGTH", "find", "normal_code", "release",
           "version", "create", "create_checked", "first_player", "rematch", "authors",
           "record_of", "replay_of",
           "claim_host", "claim_link", "claim_pending", "claim_with", "free_seat", "take_seat",
           "sat", "with_codes"]
