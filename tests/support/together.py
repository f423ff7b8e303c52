"""Several things started together and then waited for, timed as one: the app servers of
tests/server/test_several_servers.py, the crowds of requests of bench/ (bench/benchkit.py, crowd_beside)."""
from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TypeVar

T = TypeVar("T")


def started_together(items: Sequence[T], start: Callable[[T], object], wait: Callable[[T], object]) -> float:
    """``start`` every item, then ``wait`` for each in turn: the seconds from the first start to the
    end of the last wait."""
    started = time.perf_counter()
    for item in items:
        start(item)
    for item in items:
        wait(item)
    return time.perf_counter() - started
