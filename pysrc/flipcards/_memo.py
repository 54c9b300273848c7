"""What was derived from an object, kept by the object's identity, up to a bound.

The output documents show the same objects again and again (a situation played on keeps its
log's entries and its objects' unchanged characteristics), so what is shown of each is worked
out once. The key is ``id(obj)``: the objects are dicts, which have no hash, or values whose
hash would cost as much as deriving again. This module imports nothing of the package, so any
module can use it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import TypeVar

__all__ = ["by_identity"]

K = TypeVar("K")
V = TypeVar("V")


def by_identity(bound: int) -> Callable[[Callable[[K], V]], Callable[[K], V]]:
    """Make a function of one object return what it returned before for that very object.

    Each object is kept beside what was derived from it, so that it stays alive while cached:
    a freed object's ``id`` may be reused by a new one, which would then be given the old
    one's result. When more than ``bound`` objects are kept, they are all let go.

    The result is shared between calls: whoever gets it must not change it.

    Examples:
        >>> @by_identity(2)
        ... def size(d: dict[str, int]) -> int:
        ...     print("derived")
        ...     return len(d)
        >>> d = {"a": 1}
        >>> size(d)
        derived
        1
        >>> size(d)
        1
        >>> size({"a": 1})
        derived
        1
    """

    def wrap(derive: Callable[[K], V]) -> Callable[[K], V]:
        kept: dict[int, tuple[K, V]] = {}

        @wraps(derive)
        def cached(obj: K) -> V:
            hit = kept.get(id(obj))
            if hit is not None:      # the object is still alive, kept here: the same one
                return hit[1]
            derived = derive(obj)
            if len(kept) > bound:
                kept.clear()
            kept[id(obj)] = (obj, derived)
            return derived

        return cached

    return wrap
