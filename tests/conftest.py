"""Shared fixtures of the native tests."""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

from flipcards import EDITIONS, Game

# In CI the property tests draw the same examples every run (derandomize), so that a green
# run here means a green run there; locally they explore new examples each time.
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


@pytest.fixture(params=EDITIONS)
def game(request: pytest.FixtureRequest) -> Game:
    """A fresh game under each rules edition (semantics both editions share)."""
    return Game(request.param)
