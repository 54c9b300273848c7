"""Rule 800.4a (the multiplayer rules, in both editions): a player who loses a game that goes on
leaves it. Every object they own leaves with them (nothing dies: a Homura does not come back),
the abilities they control on the stack cease to exist (another player's stay), what they
controlled of another player's through an effect goes back to whoever an earlier control
effect gives it to, else to who controlled it before (never to a player who left), and what
else they control is exiled, they are no longer a legal target, their turns are skipped,
and nothing more happens to them."""

from __future__ import annotations

import pytest

from flipcards import EDITIONS, Game, IllegalActionError, ScenarioError, run_scenario


def three_players(rules: str) -> tuple[Game, dict[str, object]]:
    game = Game(rules, players=["Ann", "Ben", "Cat"])
    objects = {
        "bens_bears": game.put("Grizzly Bears", owner="Ben"),
        "bens_hand": game.put("Runeclaw Bear", "hand", owner="Ben"),
        "homura": game.put("Homura, Human Ascendant", owner="Ben"),
        "anns_lent": game.put("Grizzly Bears", owner="Ann", controller="Ben"),
        "anns_bears": game.put("Grizzly Bears", owner="Ann"),
    }
    return game, objects


@pytest.mark.parametrize("rules", EDITIONS)
def test_800_4a_what_the_player_owns_leaves_the_game_with_them_and_nothing_dies(
        rules: str) -> None:
    """Ben's Bears, his card in hand and his Homura leave the game (zone none): Homura's "when
    it dies" does not trigger, and the Bears Ben controlled of Ann's go back to Ann. The game
    goes on between Ann and Cat. (Ben's permanents used to stay on the battlefield.)"""
    game, o = three_players(rules)
    game.lose_life("Ben", 20)
    assert game.lost == {"Ben": "0 or less life"} and not game.over
    assert [o[k].zone for k in ("bens_bears", "bens_hand", "homura")] == [None, None, None]
    assert game.objects("battlefield") == [o["anns_lent"], o["anns_bears"]]
    assert o["anns_lent"].controller == "Ann"
    assert not any("Homura" in line and "trigger" in line for line in game.log)
    assert any(line.startswith("Ben has lost and leaves the game, and with them the 3 objects "
                               "Ben owns") for line in game.log)


@pytest.mark.parametrize("rules", EDITIONS)
def test_800_4a_the_players_turns_are_skipped_and_attacks_go_to_a_player_still_in(
        rules: str) -> None:
    game, o = three_players(rules)
    game.lose_life("Ben", 20)
    game.next_turn()
    assert game.active_player == "Cat"     # Ben's turn is skipped
    game.next_turn()
    assert game.active_player == "Ann"
    game.attack([o["anns_bears"]])          # the defender by default: the next player still in
    assert game.attacking(o["anns_bears"]) == "Cat"


@pytest.mark.parametrize("rules", EDITIONS)
@pytest.mark.parametrize("step", [
    {"gain_life": "Ben", "amount": 5}, {"lose_life": "Ben", "amount": 1}, {"draw": "Ben"},
    {"deal_damage": "bears", "to": "Ben", "amount": 2},
    {"put": "Grizzly Bears", "owner": "Ben"}, {"put": "Grizzly Bears", "controller": "Ben"},
    {"attack": ["bears"], "defender": "Ben"},
    {"cast": "Shock", "player": "Ben", "target": "Cat"}, {"add_mana": "Ben", "mana": "{R}"},
    {"create_token": "Snake", "as": "snake", "controller": "Ben"},
    {"copy": "bears", "as": "copy", "controller": "Ben"},
    {"cast": "Shock", "target": "Ben"},
])
def test_800_4a_nothing_more_happens_to_a_player_who_has_left(
        rules: str, step: dict[str, object]) -> None:
    """Ben gained life back to 5 and drew after losing; each such step is now refused. Nor
    does he cast a spell (his Shock dealt 2 damage and counted for Erayo), make mana, control a
    new token, or become a target (a Shock aimed at him was cast, paid for and only then
    found to have no legal target)."""
    with pytest.raises(ScenarioError, match="Ben has lost the game and left it"):
        run_scenario({"rules": rules, "players": ["Ann", "Ben", "Cat"], "steps": [
            {"put": "Grizzly Bears", "as": "bears"}, {"lose_life": "Ben", "amount": 20}, step]})


@pytest.mark.parametrize("rules", EDITIONS)
def test_800_4a_a_card_is_not_moved_onto_the_battlefield_under_a_player_who_left(
        rules: str) -> None:
    """A move onto the battlefield under Ben's control, after he left, was taken: the
    permanent stayed there under a player out of the game for the rest of it."""
    game, _ = three_players(rules)
    bears = game.put("Grizzly Bears", "hand", owner="Cat")
    game.concede("Ben")
    with pytest.raises(IllegalActionError, match=r"^Ben has lost the game and left it"):
        game.move(bears, "battlefield", controller="Ben")
    assert bears.zone == "hand"


@pytest.mark.parametrize("rules", EDITIONS)
def test_800_4a_a_spell_cast_by_default_by_an_active_player_who_left_is_refused(
        rules: str) -> None:
    """Ann loses during her own turn, which goes on: a spell cast with no caster named would
    be hers; it is refused, saying to name who casts it, and Cat may cast it."""
    game = Game(rules, players=["Ann", "Ben", "Cat"])
    game.lose_life("Ann", 20)
    assert game.active_player == "Ann"
    with pytest.raises(IllegalActionError, match=r"Ann has lost the game and left it \(.*\); "
                                                 "it is still their turn: say who "):
        game.cast("Shock", target="Ben")
    game.cast("Shock", "Cat", target="Ben")
    assert game.life("Ben") == 18


def test_800_4a_in_a_two_player_game_the_game_is_simply_over() -> None:
    game = Game("current")
    bears = game.put("Grizzly Bears", owner="Bob")
    game.lose_life("Bob", 20)
    assert game.over and game.winner == "Alice"
    assert bears.zone == "battlefield"      # the game is over: nothing leaves it
    with pytest.raises(IllegalActionError):
        game.gain_life("Bob", 1)


@pytest.mark.parametrize("rules", EDITIONS)
def test_704_3_a_creature_with_lethal_damage_dies_with_its_owners_loss_before_they_leave(
        rules: str) -> None:
    """Ann's Bears, dealt 1 damage by Cat's Bushi Tenderfoot, gets lethal damage in the combat
    damage that takes Ann to 0 life. Her loss and its death are one event (704.3): it dies,
    Tenderfoot's ability sees it (Tenderfoot flips) and Kuon counts it, and then Ann leaves the
    game with what she owns (800.4a). Ann left first, taking the Bears with her undead."""
    game = Game(rules, players=["Cat", "Ann", "Ben"])
    tenderfoot = game.put("Bushi Tenderfoot")
    game.add_effect("modify_pt", tenderfoot, power=0, toughness=5)
    big = game.put("Grizzly Bears")
    game.add_effect("modify_pt", big, power=18, toughness=0)
    bears = game.put("Grizzly Bears", owner="Ann")
    game.damage(bears, 1)
    game.attack([tenderfoot, big], defender="Ann")
    game.block(bears, tenderfoot)
    game.combat_damage()
    game.resolve_stack()
    assert game.lost == {"Ann": "0 or less life"} and not game.over
    assert tenderfoot.name == "Kenzo the Hardhearted"
    assert game.creatures_died_this_turn == 1
    assert bears.zone is None                       # it left the game from the graveyard
    died = next(n for n, line in enumerate(game.log)
                if line.startswith("Grizzly Bears is put into Ann's graveyard from"))
    assert died < next(n for n, line in enumerate(game.log) if line.startswith("Ann has lost"))


def test_800_4a_a_card_that_left_with_its_owner_is_said_to_have_left_the_game() -> None:
    """A step on a card that left the game with its owner says so (not "the token … has
    ceased to exist", which is a token's end)."""
    with pytest.raises(ScenarioError, match=r"steps\[2\]: Grizzly Bears has left the game with "
                                            r"Ben, who lost \(rule 800\.4a\); it cannot move"):
        run_scenario({"rules": "current", "players": ["Ann", "Ben", "Cat"], "steps": [
            {"put": "Grizzly Bears", "as": "bens", "owner": "Ben"},
            {"lose_life": "Ben", "amount": 20}, {"move": "bens", "to": "hand"}]})


@pytest.mark.parametrize("edition", EDITIONS)
def test_800_4a_a_double_striker_deals_no_regular_damage_to_the_player_its_first_strike_killed(
        edition: str) -> None:
    """Kenzo (3/4, double strike) attacks B at 3 life in a three-player game: its first-strike
    damage kills B, who leaves. In the regular damage step nothing more happens to B: no
    damage, no "-3 life"."""
    game = Game(edition, players=("A", "B", "C"))
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    game.lose_life("B", 17)
    game.attack([kenzo], defender="B")
    game.combat_damage()
    game.resolve_stack()
    assert game.lost == {"B": "0 or less life"} and not game.over
    assert game.life("B") == 0
    assert "Kenzo the Hardhearted attacks B, who has lost the game and left it: it assigns " \
           "them no damage." in game.log
    assert not [line for line in game.log if "-3 life" in line]


def test_800_4a_2004_combat_damage_waiting_on_the_stack_is_not_dealt_to_a_player_who_left(
        ) -> None:
    """2004: combat damage waits on the stack (2004 CR 310.1); if the player it is assigned to
    loses and leaves before it resolves, none of it is dealt to them."""
    game = Game("2004", players=("A", "B", "C"))
    bears = game.put("Grizzly Bears")
    game.attack([bears], defender="B")
    with game.holding_priority():
        game.combat_damage()
        game.lose_life("B", 20)
    game.resolve_stack()
    assert game.life("B") == 0
    assert game.log[-1] == ("Grizzly Bears would deal 2 damage to B, who has lost the game and "
                            "left it: no damage is dealt (the multiplayer rules).")


@pytest.mark.parametrize("rules", EDITIONS)
def test_800_4a_an_ability_whose_target_player_has_left_does_nothing(rules: str) -> None:
    """Nezumi Shortfang targets Ben; Cat's Shock makes Ben lose and leave in response. A player
    who has left is no longer a legal target, so the ability does nothing (608.2b; 2004:
    413.2a) and Shortfang does not flip (it used to find Ben's hand empty and flip)."""
    game = Game(rules, players=["Ann", "Ben", "Cat"])
    shortfang = game.put("Nezumi Shortfang")
    game.put("Forest", "hand", owner="Ben")
    game.lose_life("Ben", 18)
    with game.holding_priority():
        game.activate(shortfang, target="Ben")
        game.cast("Shock", player="Cat", target="Ben")
    game.resolve_stack()
    assert shortfang.name == "Nezumi Shortfang"
    assert game.log[-1] == ("Nezumi Shortfang's ability does nothing: its target is no longer "
                            "legal, Ben having left the game (rule 608.2b; 2004: 413.2a).")


@pytest.mark.parametrize("rules", EDITIONS)
def test_800_4a_a_spell_whose_target_player_has_left_does_not_resolve(rules: str) -> None:
    """Ann's Shock at Ben waits while Cat's kills him: Ann's goes to the graveyard without
    resolving (resolving it raised "Ben has lost the game and left it" in the middle of the
    stack, and a scenario doing so was called invalid)."""
    game = Game(rules, players=["Ann", "Ben", "Cat"])
    game.lose_life("Ben", 18)
    with game.holding_priority():
        game.cast("Shock", player="Ann", target="Ben")
        game.cast("Shock", player="Cat", target="Ben")
    game.resolve_stack()
    assert game.lost == {"Ben": game.lost["Ben"]}
    assert [card.name for card in game.objects("graveyard", "Ann")] == ["Shock"]
    assert not game.stack
    said = {"current": "Shock does not resolve: its target is no longer legal (rule 608.2b).",
            "2004": "Shock is countered on resolution: its target is no longer legal "
                    "(2004 CR 413.2a)."}
    assert said[rules] in game.log


@pytest.mark.parametrize("rules", EDITIONS)
def test_800_4a_what_entered_under_the_players_control_is_exiled(rules: str) -> None:
    """Ben's Nighteyes returns Ann's Grizzly Bears under Ben's control: no control-changing
    effect gave it to him, so when he leaves it is exiled (removed from the game, in 2004's
    words), not given back to Ann (800.4a's example: Bribery's creature is exiled)."""
    game = Game(rules, players=["Ann", "Ben", "Cat"])
    nighteyes = game.put("Nezumi Graverobber", flipped=True, owner="Ben")
    bears = game.put("Grizzly Bears", "graveyard", owner="Ann")
    game.activate(nighteyes, target=bears)
    game.resolve_stack()
    assert (bears.zone, bears.controller) == ("battlefield", "Ben")
    game.lose_life("Ben", 20)
    assert bears.zone == "exile"
    said = {"current": "it is exiled (rule 800.4a)",
            "2004": "it is removed from the game (the multiplayer rules)"}
    assert f"Grizzly Bears is still under Ben's control: {said[rules]}." in game.log


@pytest.mark.parametrize("rules", EDITIONS)
def test_800_4a_an_ability_another_player_controls_stays_when_its_sources_owner_leaves(
        rules: str) -> None:
    """Ann controls Ben's Stabwhisker (returned by her Nighteyes). Its trigger at Cat's upkeep
    waits while Ben loses: Stabwhisker leaves the game with Ben, but the ability is Ann's and
    exists apart from its source (113.7a), so Cat still loses life (it used to vanish)."""
    game = Game(rules, players=["Ann", "Ben", "Cat"])
    nighteyes = game.put("Nezumi Graverobber", flipped=True)
    shortfang = game.put("Nezumi Shortfang", "graveyard", owner="Ben")
    game.activate(nighteyes, target=shortfang)
    game.resolve_stack()
    game.flip(shortfang)
    game.next_turn()                      # Ben's turn
    game.lose_life("Ben", game.life("Ben") - 2)
    with game.holding_priority():
        game.next_turn()                  # Cat's upkeep: the trigger waits
        assert [item.controller for item in game.stack] == ["Ann"]
        game.cast("Shock", player="Cat", target="Ben")
    game.resolve_stack()
    assert "Ben" in game.lost
    assert shortfang.zone is None
    assert game.life("Cat") == 17         # three cards fewer than three in hand


@pytest.mark.parametrize("edition", EDITIONS)
def test_104_3a_a_player_who_concedes_leaves_a_multiplayer_game_and_it_goes_on(
        edition: str) -> None:
    """A judge's "Bob concedes while Alice has his Bears": Bob loses (104.3a) and leaves the
    game with what he owns (800.4a); what he controlled of another's goes back to its owner;
    the game goes on between Alice and Carol. With two players left, Carol's concession ends
    it, and Alice wins."""
    out = run_scenario({"rules": edition, "players": ["Alice", "Bob", "Carol"], "steps": [
        {"put": "Grizzly Bears", "as": "bears", "owner": "Bob"},
        {"put": "Kitsune Mystic", "as": "mystic", "owner": "Carol"},
        {"gain_control": "bears", "player": "Alice"},
        {"gain_control": "mystic", "player": "Bob"},
        {"concede": "Bob"},
        {"expect": {"bears": {"zone": None}, "mystic": {"controller": "Carol"},
                    "players": {"Bob": {"lost": "conceded"}},
                    "game": {"over": False}}},
        {"concede": "Bob", "refused": True},
        {"concede": "Carol"},
        {"expect": {"game": {"over": True, "winner": "Alice"},
                    "players": {"Carol": {"lost": "conceded"}}}}]})
    assert out["failures"] == []
    assert any(line.startswith("Bob concedes the game, and so loses it (")
               and "104.3a" in line for line in out["log"])


def test_104_3a_a_player_who_concedes_a_two_player_game_loses_it() -> None:
    game = Game("current")
    game.concede("Alice")
    assert (game.over, game.winner, game.lost) == (True, "Bob", {"Alice": "conceded"})
    with pytest.raises(IllegalActionError, match="the game is over"):
        game.put("Grizzly Bears")
    # The winner cannot concede a game that is over (it made the win a draw).
    with pytest.raises(IllegalActionError, match="the game is over"):
        game.concede("Bob")
    assert game.winner == "Bob"


@pytest.mark.parametrize("rules", EDITIONS)
def test_800_4a_only_the_leavers_control_effects_end_and_an_earlier_one_applies_again(
        rules: str) -> None:
    """Ben gains control of Ann's Bears for the game, then Cat until end of turn; Cat leaves.
    Only Cat's effect ends: Ben's still applies (613.1b, 613.7), so Ben controls the Bears
    (they went back to Ann, their owner)."""
    game = Game(rules, players=["Ann", "Ben", "Cat"])
    bears = game.put("Grizzly Bears")
    game.gain_control(bears, "Ben")
    game.gain_control(bears, "Cat", until_end_of_turn=True)
    game.concede("Cat")
    assert bears.controller == "Ben"
    game.next_turn()
    assert bears.controller == "Ben"


@pytest.mark.parametrize("rules", EDITIONS)
def test_800_4a_a_permanent_never_goes_back_to_a_player_who_left(rules: str) -> None:
    """Ben gains control of Ann's Stabwhisker for the game, then Cat until end of turn; Ben
    leaves. As Cat's effect ends no control effect is left: Ann, its owner, controls it. It
    went back to Ben, who had left, and drained Ann at her own upkeep as his."""
    game = Game(rules, players=["Ann", "Ben", "Cat"])
    stab = game.put("Nezumi Shortfang", flipped=True)
    game.gain_control(stab, "Ben")
    game.gain_control(stab, "Cat", until_end_of_turn=True)
    assert game.log[-1] == "It lasts until end of turn: then Stabwhisker the Odious goes back " \
        "to Ben."
    game.concede("Ben")
    game.next_turn()                      # Cat's turn: Ann's Stabwhisker drains Cat
    assert (stab.controller, game.life("Cat")) == ("Ann", 17)
    assert "Ann gains control of Stabwhisker the Odious from Cat." in game.log
    game.next_turn()                      # Ann's own upkeep: nothing
    assert game.life("Ann") == 20


def test_514_2_two_control_effects_ending_together_give_it_back_once() -> None:
    """Ben and then Cat gain control of Ann's Bears until end of turn: both end in the same
    cleanup (514.2), so it goes straight back to Ann; the log said it went back to Ben first,
    and Cat's effect promised as much."""
    game = Game("current", players=["Ann", "Ben", "Cat"])
    bears = game.put("Grizzly Bears")
    game.gain_control(bears, "Ben", until_end_of_turn=True)
    game.gain_control(bears, "Cat", until_end_of_turn=True)
    assert game.log[-1] == "It lasts until end of turn: then Grizzly Bears goes back to Ann."
    game.next_turn()
    assert bears.controller == "Ann"
    assert "Ben gains control of Grizzly Bears from Cat." not in game.log
    assert "Ann gains control of Grizzly Bears from Cat." in game.log


def test_800_4a_a_player_who_leaves_takes_no_mana_burn_for_the_mana_they_had() -> None:
    """Bob concedes a three-player 2004 game with {B}{B} in his pool: his mana leaves with him;
    it was kept in his pool and burned him at the step's end (2004 rule 300.3)."""
    game = Game("2004", players=("Alice", "Bob", "Carol"))
    game.add_mana("Bob", "{B}{B}")
    game.concede("Bob")
    assert game.mana_pool("Bob") == {}
    game.end_step()
    assert game.life("Bob") == 20
    assert not any(line.startswith("Mana burn: Bob") for line in game.log)
