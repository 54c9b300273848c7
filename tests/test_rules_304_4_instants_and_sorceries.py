"""Rules 304.4 and 307.4: an instant or a sorcery that would enter the battlefield remains in
its previous zone instead (in 2004, neither could come into play either)."""

from __future__ import annotations

import pytest
from helpers import run

from flipcards import EDITIONS, Game, IllegalActionError, ScenarioError


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize(("name", "kind", "rule"), [("Shock", "an instant", "304.4"),
                                                    ("Time of Need", "a sorcery", "307.4")])
def test_304_4_and_307_4_an_instant_or_sorcery_is_never_put_onto_the_battlefield(
        edition: str, name: str, kind: str, rule: str) -> None:
    """Shock put with the default zone became an Instant permanent that stayed in play for
    turns. It is refused, saying why; the game is as it was."""
    game = Game(edition)
    with pytest.raises(IllegalActionError, match=f"{name} is {kind}, which never .*{rule}") \
            as refused:
        game.put(name)
    assert refused.value.argument == "zone"
    assert game.objects("battlefield") == []
    assert game.put(name, "hand").zone == "hand"


@pytest.mark.parametrize("edition", EDITIONS)
def test_304_4_an_instant_moved_to_the_battlefield_stays_where_it_was(edition: str) -> None:
    game = Game(edition)
    shock = game.put("Shock", "hand")
    with pytest.raises(IllegalActionError, match="it stays in Alice's hand") as refused:
        game.move(shock, "battlefield")
    assert refused.value.argument == "to"
    assert (shock.zone, game.objects("battlefield")) == ("hand", [])
    game.move(shock, "graveyard")                   # any other zone is a zone change as before
    assert shock.zone == "graveyard"


def test_304_4_a_scenario_putting_an_instant_onto_the_battlefield_says_which_step() -> None:
    with pytest.raises(ScenarioError, match=r"steps\[0\].*Giant Growth is an instant"):
        run("current", [{"put": "Giant Growth"}])
