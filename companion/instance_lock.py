"""Whether a server runs on an instance folder: ``server.lock`` in it, flock'ed.

A server holds a shared lock on ``<instance>/server.lock`` for as long as it runs
(:func:`hold`): several servers on one folder hold it together. ``companion restore`` takes it
exclusively, and without waiting (:func:`alone`): it cannot while any server holds it, and no
server starts while it does (:func:`hold` waits for the restore to end).

The lock belongs to the open file, not to a process: the descriptor :func:`hold` returns is
inheritable, so it stays held across ``exec`` (``companion run`` becomes gunicorn) and in every
worker forked after, and the kernel lets it go when the last of them ends, however it ends (a
crash or SIGKILL leaves no stale lock behind).

Imports nothing of the app.
"""
from __future__ import annotations

import fcntl
import os
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

LOCK = "server.lock"


class Held(Exception):
    """A server holds the instance folder's lock."""


def _open(instance: Path) -> int:
    instance.mkdir(parents=True, exist_ok=True)
    return os.open(instance / LOCK, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)


def hold(instance: Path) -> int:
    """Mark this process, what it execs and what it forks as a server on ``instance`` (waiting
    while a restore is under way); the lock is let go when the descriptor returned is closed in
    all of them."""
    fd = _open(instance)
    try:
        fcntl.flock(fd, fcntl.LOCK_SH)
        os.set_inheritable(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return fd


@contextmanager
def holding(instance: Path) -> Iterator[None]:
    """:func:`hold` for the ``with`` block."""
    fd = hold(instance)
    try:
        yield
    finally:
        os.close(fd)


@contextmanager
def alone(instance: Path) -> Iterator[None]:
    """The instance folder to this process alone for the ``with`` block: :class:`Held` at once
    if a server runs on it."""
    fd = _open(instance)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise Held(str(instance / LOCK)) from None
        yield
    finally:
        os.close(fd)


def held(instance: Path) -> bool:
    """True while a server (or a restore) holds ``instance``'s lock."""
    if not (instance / LOCK).exists():
        return False
    fd = os.open(instance / LOCK, os.O_RDWR | os.O_CLOEXEC)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)
    return False
