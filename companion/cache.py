"""A least-recently-used cache bounded by count and by size, shared by a server's threads."""
from __future__ import annotations

import threading
from typing import Any, Callable, Generic, Hashable, TypeVar

from cachetools import LRUCache
from flask import current_app

V = TypeVar("V")


class Kept(Generic[V]):
    """At most ``count`` values and, given ``sizeof``, at most ``size`` in all as it measures
    them (e.g. bytes); the least recently used go first. Safe between threads (cachetools'
    caches are not)."""

    def __init__(self, count: int, size: int | None = None,
                 sizeof: Callable[[V], int] | None = None) -> None:
        if (size is None) != (sizeof is None):
            raise TypeError("a size needs a sizeof, and a sizeof a size")
        self.count = count
        self.cache: LRUCache[Hashable, V] = LRUCache(count if size is None else size, sizeof)
        self.lock = threading.Lock()

    def get(self, key: Hashable) -> V | None:
        """The value kept under ``key`` (now the most recently used), None if none is."""
        with self.lock:
            return self.cache.get(key)

    def put(self, key: Hashable, value: V, replaces: Callable[[V], bool] | None = None) -> None:
        """Keep ``value`` under ``key``, over the value kept there unless ``replaces(kept)`` is
        false; a value larger than the whole size is not kept."""
        with self.lock:
            kept = self.cache.get(key)
            if kept is not None and replaces is not None and not replaces(kept):
                return
            try:
                self.cache[key] = value
            except ValueError:          # larger than the size
                return
            while len(self.cache) > self.count:
                self.cache.popitem()

    def get_or_make(self, key: Hashable, make: Callable[[], V]) -> V:
        """The value kept under ``key``, or ``make()``'s, kept (made outside the lock: two
        threads may both make it, the later one is kept)."""
        found = self.get(key)
        if found is None:
            found = make()
            self.put(key, found)
        return found

    def clear(self) -> None:
        with self.lock:
            self.cache.clear()

    def __len__(self) -> int:
        with self.lock:
            return len(self.cache)


def of_app(name: str, count: int, size: int | None = None,
           sizeof: Callable[[Any], int] | None = None) -> Kept[Any]:
    """The current app's cache ``name``, made with these bounds on first use (each app keeps
    its own: a fresh app starts with nothing kept)."""
    kept = current_app.extensions.get(name)
    if kept is None:
        kept = current_app.extensions.setdefault(name, Kept(count, size, sizeof))
    return kept
