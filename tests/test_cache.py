"""The cache every kept thing goes through: bounded by count and by size, least recently used
out first, a newer value never replaced by an older one when the caller says which is newer."""
from __future__ import annotations

import threading

import pytest

from companion.cache import Kept


def test_the_least_recently_used_goes_first_once_the_count_is_reached():
    kept = Kept(2)
    kept.put("a", 1)
    kept.put("b", 2)
    assert kept.get("a") == 1           # "b" is now the least recently used
    kept.put("c", 3)
    assert (kept.get("a"), kept.get("b"), kept.get("c")) == (1, None, 3)
    assert len(kept) == 2


def test_a_size_bounds_the_whole_and_the_count_still_holds():
    kept = Kept(3, size=10, sizeof=len)
    kept.put("a", "xxxx")
    kept.put("b", "yyyy")
    kept.put("c", "zzzz")               # 12 > 10: "a" goes
    assert (kept.get("a"), len(kept)) == (None, 2)
    kept.put("d", "w")
    kept.put("e", "v")                  # 4 + 4 + 1 + 1 fits, but four are more than three
    assert (kept.get("b"), len(kept)) == (None, 3)
    kept.put("f", "u" * 11)             # larger than the whole: not kept, nothing lost
    assert (kept.get("f"), len(kept)) == (None, 3)


def test_a_size_comes_with_its_measure():
    with pytest.raises(TypeError):
        Kept(3, size=10)


def test_a_value_replaces_the_kept_one_only_where_the_caller_says():
    kept = Kept(4)
    kept.put("table", [1, 2, 3])
    kept.put("table", [1], replaces=lambda old: len(old) <= 1)
    assert kept.get("table") == [1, 2, 3]
    kept.put("table", [1, 2, 3, 4], replaces=lambda old: len(old) <= 4)
    assert kept.get("table") == [1, 2, 3, 4]


def test_a_value_is_made_once_and_then_served_from_what_is_kept():
    kept = Kept(4)
    made = []
    for _ in range(3):
        assert kept.get_or_make("chart", lambda: made.append(1) or "svg") == "svg"
    assert made == [1]
    kept.clear()
    assert len(kept) == 0 and kept.get("chart") is None


def test_threads_share_it_within_its_bounds():
    kept = Kept(50)

    def fill(offset: int) -> None:
        for n in range(2000):
            kept.put(offset + n % 80, n)
            kept.get(offset + (n * 7) % 80)

    threads = [threading.Thread(target=fill, args=(1000 * i,)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(kept) == 50
