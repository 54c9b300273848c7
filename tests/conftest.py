"""Shared fixtures of the native tests."""

from __future__ import annotations

import pytest

from flipcards import EDITIONS, Game


@pytest.fixture(params=EDITIONS)
def game(request: pytest.FixtureRequest) -> Game:
    """A fresh game under each rules edition (semantics both editions share)."""
    return Game(request.param)
