"""What the playground page draws, from flipcards.browser: the board, the log's rule links, the
P/T breakdown, the choices a step asks for, and clear errors for bad situations."""

from __future__ import annotations

import json
from typing import Any

from flipcards import run_scenario
from flipcards.browser import MAX_STEPS, playground_json, python_json, verbs_json


def board(steps: list[dict[str, Any]], rules: str = "current", choices: bool = False,
          **top: Any) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(playground_json(
        json.dumps({"rules": rules, "steps": steps, **top}), choices=choices))
    return out


def test_the_board_shows_each_object_in_its_frame_with_the_half_that_applies() -> None:
    b = board([{"put": "Bushi Tenderfoot", "as": "hero"}, {"put": "Forest", "as": "f",
                                                            "zone": "hand", "owner": "Bob"},
               {"counters": "hero", "kind": "+1/+1", "add": 1}, {"flip": "hero"},
               {"effect": "anthem", "kind": "modify_pt", "affects": {"supertypes": ["Legendary"]},
                "power": 2, "toughness": 2}])
    hero = b["objects"]["hero"]
    assert (hero["half"], hero["flipped"], hero["card"]) == (
        "flipped", True, "Bushi Tenderfoot // Kenzo the Hardhearted")
    assert hero["top"]["name"] == "Bushi Tenderfoot"
    assert hero["bottom"]["name"] == "Kenzo the Hardhearted"
    assert hero["pt_breakdown"] == ["Printed on Kenzo the Hardhearted: 3/4",
                                    "Effect 'anthem': +2/+2", "1 +1/+1 counter: +1/+1",
                                    "Now: 6/7"]
    assert b["players"] == [
        {"name": "Alice", "life": 20, "lost": None, "mana_pool": {}, "hand": []},
        {"name": "Bob", "life": 20, "lost": None, "mana_pool": {}, "hand": ["f"]}]
    assert b["objects"]["f"]["pt_breakdown"] == []
    assert b["active_player"] == "Alice" and b["turn"] == 1
    flip_line = next(e for e in b["log"] if "flips" in e["text"])
    assert flip_line["rules"] == [{"label": "rule 710.2", "href": "rules/710.2/"}]


def test_613_4_power_and_toughness_are_explained_layer_by_layer() -> None:
    """The explanation of a creature's power and toughness was one sum, "Continuous effects:
    +2/-3", printed values and counters: an effect setting them (613.4b) read as a modification
    that changed size at the flip, effects that cancelled out were not there, and a token's
    own 1/1 was a continuous effect. Each step of layer 7 is said now, in the model's order."""
    b = board([{"put": "Bushi Tenderfoot", "as": "hero"},
               {"counters": "hero", "kind": "+1/+1", "add": 1},
               {"effect": "e1", "kind": "set_pt", "affects": "hero", "power": 0, "toughness": 1},
               {"cast": "Giant Growth", "target": "hero"},
               {"effect": "e2", "kind": "switch_pt", "affects": "hero"},
               {"create_token": "Snake", "as": "snake"}])
    assert b["objects"]["hero"]["pt_breakdown"] == [
        "Printed on Bushi Tenderfoot: 1/1", "Effect 'e1': base power and toughness 0/1",
        "Giant Growth: +3/+3", "1 +1/+1 counter: +1/+1",
        "Effect 'e2': power and toughness switched", "Now: 5/4"]
    # The flip changes the printed line only: the effects go on as they were (508.1c).
    b = board([{"put": "Bushi Tenderfoot", "as": "hero"},
               {"effect": "e1", "kind": "set_pt", "affects": "hero", "power": 0, "toughness": 1},
               {"flip": "hero"}])
    assert b["objects"]["hero"]["pt_breakdown"] == [
        "Printed on Kenzo the Hardhearted: 3/4", "Effect 'e1': base power and toughness 0/1",
        "Now: 0/1"]
    assert board([{"create_token": "Snake", "as": "snake"}])["objects"]["snake"][
        "pt_breakdown"] == ["Made as a 1/1 by what created it", "Now: 1/1"]


def test_702_the_board_spells_out_printed_keywords_as_the_card_does() -> None:
    """A flipped Tok-Tok was drawn with the badge "Protection", Kenzo with "Bushido": from
    what, how much? The board spells them out as the text does; a keyword an effect gives is
    spelt out already."""
    b = board([{"put": "Akki Lavarunner", "as": "toktok", "flipped": True},
               {"put": "Bushi Tenderfoot", "as": "kenzo", "flipped": True},
               {"put": "Grizzly Bears", "as": "bears"},
               {"effect": "e", "kind": "add_keyword", "affects": "bears",
                "keyword": "Protection from green"}])
    spelt = {oid: b["objects"][oid]["keywords_spelt"] for oid in ("toktok", "kenzo", "bears")}
    assert spelt == {"toktok": ["Protection from red"], "kenzo": ["Bushido 2", "Double strike"],
                     "bears": ["Protection from green"]}
    assert b["objects"]["toktok"]["keywords"] == ["Protection"]   # the output's, unchanged


def test_710_a_todays_game_cites_the_flip_rules_by_todays_numbers() -> None:
    """Today 508 is the declare attackers step: a game under today's rules cited a flip as
    "rule 508.2", a combat rule to whoever quotes its log. It cites today's 710.2, whose page
    the site has (it says what the rule was in 2004); a 2004 game cites 508.2. The actions'
    rules are given both ways, for the page to show the one of the game's rules."""
    steps = [{"put": "Bushi Tenderfoot", "as": "hero"}, {"flip": "hero"}]
    for rules, number in (("current", "710.2"), ("2004", "508.2")):
        flip_line = next(e for e in board(steps, rules)["log"] if "flips" in e["text"])
        assert flip_line["rules"] == [{"label": f"rule {number}", "href": f"rules/{number}/"}]
    flip = next(v for v in json.loads(verbs_json())["verbs"] if v["name"] == "flip")
    assert flip["rule_link"] == {"label": "rule 508.4", "href": "rules/508.4/"}
    assert flip["rule_link_today"] == {"label": "rule 710.4", "href": "rules/710.4/"}


def test_a_copy_of_a_flipped_permanent_is_drawn_right_side_up() -> None:
    b = board([{"put": "Bushi Tenderfoot", "as": "hero", "flipped": True},
               {"copy": "hero", "as": "token"}], rules="2004")
    assert b["objects"]["token"]["half"] == "normal"
    assert b["objects"]["token"]["name"] == "Bushi Tenderfoot"
    assert any(link["href"] == "rulings/6/" for e in b["log"] for link in e["rules"])


def test_the_legend_rule_links_to_the_rule_of_its_edition() -> None:
    steps = [{"put": "Bushi Tenderfoot", "as": "a", "flipped": True},
             {"put": "Bushi Tenderfoot", "as": "b", "flipped": True}]
    links = {r["href"] for e in board(steps, "2004")["log"] for r in e["rules"]}
    assert "rulings/4/" in links
    links = {r["href"] for e in board(steps, "current")["log"] for r in e["rules"]}
    assert "then-and-now/#the-legend-rule" in links


def test_the_legend_rule_asks_which_one_to_keep_today_and_not_in_2004() -> None:
    steps = [{"put": "Bushi Tenderfoot", "as": "a", "flipped": True},
             {"put": "Bushi Tenderfoot", "as": "b"}, {"flip": "b"}]
    asked = board(steps, choices=True)["choices"]
    assert asked == [{"kind": "keep", "player": "Alice", "name": "Kenzo the Hardhearted",
                      "options": ["a", "b"], "kept": "b", "can_keep": ["a", "b"]}]
    kept_old = board([*steps[:2], {"flip": "b", "keep": ["a"]}], choices=True)
    assert kept_old["objects"]["a"]["zone"] == "battlefield"
    assert kept_old["objects"]["b"]["zone"] == "graveyard"
    assert kept_old["choices"] == []  # answered
    assert board(steps, "2004", choices=True)["choices"] == []


def test_704_5j_the_legend_rule_asks_when_a_legend_comes_under_the_players_control() -> None:
    """Alice gains control of Bob's older Kenzo, hers comes back to her in the cleanup step
    while she has another, or her older Tenderfoot flips: the legend rule put the older one
    away, and she is asked which to keep, though it was no Kenzo of hers before the step."""
    stolen = [{"put": "Bushi Tenderfoot", "flipped": True, "owner": "Bob", "as": "bobs"},
              {"put": "Bushi Tenderfoot", "flipped": True, "as": "alices"},
              {"gain_control": "bobs", "player": "Alice"}]
    assert board(stolen, choices=True)["choices"] == [
        {"kind": "keep", "player": "Alice", "name": "Kenzo the Hardhearted",
         "options": ["bobs", "alices"], "kept": "alices", "can_keep": ["bobs", "alices"]}]
    kept = board([*stolen[:2], {**stolen[2], "keep": ["bobs"]}], choices=True)
    assert (kept["objects"]["bobs"]["zone"], kept["objects"]["alices"]["zone"]) == (
        "battlefield", "graveyard")
    back = [{"put": "Bushi Tenderfoot", "flipped": True, "as": "hers"},
            {"gain_control": "hers", "player": "Bob", "until_end_of_turn": True},
            {"put": "Bushi Tenderfoot", "flipped": True, "as": "new"},
            {"next_turn": True}]
    asked = board(back, choices=True)["choices"]
    assert [(c["options"], c["kept"]) for c in asked] == [(["hers", "new"], "new")]
    # Her older Tenderfoot flips into the name of her newer Kenzo: it was no Kenzo before.
    flipped = board([{"put": "Bushi Tenderfoot", "as": "old"},
                     {"put": "Bushi Tenderfoot", "flipped": True, "as": "new"},
                     {"flip": "old"}], choices=True)["choices"]
    assert [(c["options"], c["kept"]) for c in flipped] == [(["old", "new"], "new")]


def test_a_may_ability_is_asked_and_declining_it_is_part_of_the_situation() -> None:
    steps = [{"put": "Callow Jushi", "as": "jushi"},
             {"counters": "jushi", "kind": "ki", "add": 2}, {"end_step": True}]
    asked = board(steps, choices=True)
    assert [(c["kind"], c["object"], c["player"]) for c in asked["choices"]] == [
        ("may", "jushi", "Alice")]
    assert asked["objects"]["jushi"]["flipped"] is True
    declined = board([*steps[:2], {"end_step": True, "decline": ["jushi"]}], choices=True)
    assert declined["objects"]["jushi"]["flipped"] is False
    assert declined["choices"] == []
    # An ability that is not a "may" asks nothing.
    mystic = [{"put": "Kitsune Mystic", "as": "k"},
              {"put": "Pacifism", "attached_to": "k"}, {"put": "Pacifism", "attached_to": "k"},
              {"end_step": True}]
    assert board(mystic, choices=True)["choices"] == []


def test_a_may_ability_held_on_the_stack_is_asked_on_its_resolve_step() -> None:
    steps = [{"put": "Callow Jushi", "as": "jushi"},
             {"counters": "jushi", "kind": "ki", "add": 2}, {"end_step": True, "hold": True},
             {"resolve": "top"}]
    asked = board(steps, choices=True)
    assert [(c["kind"], c["object"]) for c in asked["choices"]] == [("may", "jushi")]
    assert asked["objects"]["jushi"]["flipped"] is True
    declined = board([*steps[:-1], {"resolve": "top", "decline": ["jushi"]}], choices=True)
    assert declined["objects"]["jushi"]["flipped"] is False
    assert declined["choices"] == []


def test_a_misspelt_name_comes_with_what_it_may_have_meant_for_the_page_to_offer() -> None:
    """The page offers each name the message's "did you mean" gives, from the data."""
    b = board([{"put": "Bushi Tendrfoot"}])
    assert (b["path"], b["suggestions"]) == ("steps[0].put", ["Bushi Tenderfoot"])
    b = board([{"put": "Akki Lavarunner"}, {"put": "Kenzo the Hardhearted",
                                            "controller": "Alice", "zone": "hand"},
               {"cast": "Kenzo the Hardharted"}])
    assert (b["path"], b["suggestions"]) == ("steps[2].cast", ["Kenzo the Hardhearted"])
    b = board([{"search": "battlefield", "for": {"name": "Tok-Tok Volcano Bron"}}])
    assert b["path"] == "steps[0].for.name" and b["suggestions"] == ["Tok-Tok, Volcano Born"]
    assert board([{"put": "Zzzzzz"}])["suggestions"] == []
    assert board([{"put": "Bushi Tenderfoot", "zone": "librari"}])["suggestions"] == ["library"]
    assert board([{"put": "Bushi Tenderfoot", "controller": "Alcie"}])["suggestions"] == ["Alice"]


def test_a_bad_step_is_reported_with_its_path_and_index() -> None:
    b = board([{"put": "Bushi Tenderfoot", "as": "hero"}, {"flip": "hera"}])
    assert b == {"error": 'steps[1].flip: no object "hera"; did you mean "hero"?',
                 "path": "steps[1].flip", "step": 1, "suggestions": ["hero"]}
    assert board([{"put": "<img src=x onerror=alert(1)>"}])["step"] == 0
    b = json.loads(playground_json('{"rules": "1999", "steps": []}'))
    assert b["path"] == "rules" and b["step"] is None
    assert json.loads(playground_json("{not json"))["error"].startswith("not valid JSON")


def test_a_situation_has_at_most_max_steps_steps() -> None:
    b = board([{"next_turn": True}] * (MAX_STEPS + 1))
    assert b["error"] == (f"steps: the playground runs at most {MAX_STEPS:,} steps; this "
                          f"situation has {MAX_STEPS + 1:,}")
    assert "error" not in board([{"gain_life": "Alice", "amount": 1}] * MAX_STEPS)


def test_verbs_and_cards_for_the_page() -> None:
    described = json.loads(verbs_json())
    cards = {c["name"]: c for c in described["cards"]}
    assert cards["Akki Lavarunner"]["flipped_name"] == "Tok-Tok, Volcano Born"
    assert cards["Grizzly Bears"]["flipped_name"] is None
    assert sum(c["flipped_name"] is not None for c in described["cards"]) == 21


def test_python_json_gives_code_or_the_error() -> None:
    code = json.loads(python_json('{"rules": "2004", "steps": [{"put": "Forest"}]}'))["code"]
    assert 'game.put("Forest")' in code
    assert json.loads(python_json('{"rules": "2004", "steps": [{"flip": 1}]}'))["step"] == 0


def test_the_other_rules_are_compared_side_by_side() -> None:
    steps = [{"put": "Bushi Tenderfoot", "as": "a", "flipped": True},
             {"put": "Bushi Tenderfoot", "as": "b", "flipped": True}]
    out = json.loads(playground_json(json.dumps({"rules": "current", "steps": steps}),
                                     compare=True))
    assert out["other_rules"] == {"rules": "2004", "differences": [
        "Kenzo the Hardhearted (b): in the graveyard under the rules of 2004 (on the "
        "battlefield here)."]}
    same = json.loads(playground_json(json.dumps({"rules": "2004", "steps": steps[:1]}),
                                      compare=True))
    assert same["other_rules"] == {"rules": "current", "differences": []}


def test_704_5q_the_other_rules_compared_say_when_only_counters_or_the_stack_differ() -> None:
    """A +1/+1 and a -1/-1 counter on one creature: today the pair goes (704.5q), in 2004 both
    stay; a 2004 combat held with its damage on the stack, which today is dealt at once. The
    comparison looked at zones, power and toughness and life only, and said "nothing would
    differ" of both."""
    steps = [{"put": "Bushi Tenderfoot", "as": "t"},
             {"counters": "t", "kind": "+1/+1", "add": 1},
             {"counters": "t", "kind": "-1/-1", "add": 1}]
    out = json.loads(playground_json(json.dumps({"rules": "current", "steps": steps}),
                                     compare=True))
    assert out["other_rules"]["differences"] == [
        "Bushi Tenderfoot (t): counters 1 \u00d7 +1/+1, 1 \u00d7 -1/-1 under the rules of 2004 (no "
        "counters here)."]
    fight = [{"put": "Grizzly Bears", "as": "a"}, {"put": "Kitsune Mystic", "owner": "Bob",
                                                     "as": "m"},
             {"attack": ["a"]}, {"block": "m", "attacker": "a"},
             {"combat_damage": True, "hold": True}]
    out = json.loads(playground_json(json.dumps({"rules": "2004", "steps": fight}),
                                     compare=True))
    assert out["other_rules"]["differences"] == [
        "Grizzly Bears (a): in the graveyard under today's rules (on the battlefield here).",
        "Kitsune Mystic (m): 2 damage marked under today's rules (0 here).",
        "The stack: empty under today's rules (combat damage: Grizzly Bears deals 2 to Kitsune "
        "Mystic; Kitsune Mystic deals 2 to Grizzly Bears here)."]


def test_2004_300_3_the_other_rules_compared_say_when_a_mana_pool_or_a_loss_differs() -> None:
    """{R} added as combat goes on stays until the phase ends in 2004 and is gone by the next
    step today; burned to 0 in 2004, a player has lost, and today is still in at 1 life. The
    comparison said "nothing would differ" of the pool, and of the loss gave only the life."""
    combat = [{"put": "Grizzly Bears", "as": "g"}, {"attack": ["g"]},
              {"add_mana": "Alice", "mana": "{R}"}, {"combat_damage": True}]
    out = json.loads(playground_json(json.dumps({"rules": "2004", "steps": combat}),
                                     compare=True))
    assert out["other_rules"]["differences"] == [
        "Alice: an empty mana pool under today's rules ({R} in the mana pool here)."]
    burned = [{"put": "Grizzly Bears", "as": "g"}, {"lose_life": "Alice", "amount": 19},
              {"add_mana": "Alice", "mana": "{R}"}, {"attack": ["g"]}]
    out = json.loads(playground_json(json.dumps({"rules": "2004", "steps": burned}),
                                     compare=True))
    assert out["other_rules"]["differences"] == [
        "Alice: 1 life under today's rules (0 here).",
        "Alice: still in the game under today's rules (has lost here: 0 or less life)."]


def test_the_log_s_rule_links_come_from_its_entries_not_its_words() -> None:
    """A log line's link comes from the rule the model gives it: any wording links the same."""
    from flipcards.browser import _log_entry
    entry = {"text": "any words at all", "kind": "flip", "rule": "508.2", "about": ["hero"]}
    assert _log_entry(entry)["rules"] == [{"label": "rule 508.2", "href": "rules/508.2/"}]
    legend = {"text": "", "kind": "legend_rule", "rule": "704.5j", "about": []}
    assert _log_entry(legend)["rules"] == [
        {"label": "rule 704.5j", "href": "then-and-now/#the-legend-rule"}]
    assert _log_entry({"text": "Bob loses the game.", "kind": "lost", "rule": "704.5a",
                       "about": ["Bob"]})["rules"] == []


def test_each_log_line_says_its_kind_and_the_ids_it_is_about() -> None:
    b = board([{"put": "Akki Lavarunner", "as": "akki"},
               {"deal_damage": "akki", "to": "Bob", "amount": 1}])
    kinds = [(line["kind"], line["about"]) for line in b["log"] if line["kind"]]
    assert kinds == [("trigger", ["akki"]), ("flip", ["akki"])]


def test_a_step_added_to_a_long_situation_plays_only_that_step() -> None:
    """The playground keeps the game of its last situation: one more step is taken on it, and
    the board is the same as the situation played from the start."""
    from flipcards import _game
    steps: list[dict[str, Any]] = [{"put": "Grizzly Bears", "as": f"b{i}"} for i in range(40)]
    board(steps)
    made = []
    original = _game.Game.__init__

    def counting(self: Any, *args: Any, **kwargs: Any) -> None:
        made.append(1)
        original(self, *args, **kwargs)

    _game.Game.__init__ = counting  # type: ignore[method-assign]
    try:
        longer = board([*steps, {"flip": "b3"}])
    finally:
        _game.Game.__init__ = original  # type: ignore[method-assign]
    assert made == []                      # no game was played from the start
    fresh = json.loads(playground_json(json.dumps(
        {"rules": "current", "steps": [*steps, {"flip": "b3"}], "costs": "assumed"})))
    assert longer["log"] == fresh["log"] and longer["objects"] == fresh["objects"]


def test_a_refused_step_leaves_the_situation_before_it_playable() -> None:
    steps: list[dict[str, Any]] = [{"put": "Grizzly Bears", "as": "bears"}]
    board(steps)
    assert board([*steps, {"flip": "bearz"}])["step"] == 1
    again = board([*steps, {"tap": "bears"}])
    assert again["objects"]["bears"]["tapped"] is True
    assert len([line for line in again["log"] if "puts Grizzly Bears" in line["text"]]) == 1


def test_a_may_ability_held_on_the_stack_is_not_asked_until_it_resolves() -> None:
    steps: list[dict[str, Any]] = [{"put": "Callow Jushi", "as": "jushi"},
                                   {"counters": "jushi", "kind": "ki", "add": 2},
                                   {"end_step": True, "hold": True}]
    assert board(steps, choices=True)["choices"] == []
    asked = board([*steps, {"resolve": "top"}], choices=True)["choices"]
    assert [(c["kind"], c["object"]) for c in asked] == [("may", "jushi")]


def test_a_step_added_by_name_of_the_situation_sends_only_the_new_log_lines() -> None:
    """The page adds a step to the board it shows by the board's ``played`` name: the reply
    is the board of the longer situation, with only the log lines the page does not have."""
    from flipcards.browser import model_json
    steps: list[dict[str, Any]] = [{"put": "Bushi Tenderfoot", "as": "hero"},
                                   {"put": "Grizzly Bears", "as": "bears"}]
    steps += [{"counters": "bears", "kind": "+1/+1", "add": 1}] * 30
    whole = json.loads(model_json(json.dumps(
        {"op": "playground", "scenario": {"rules": "current", "steps": steps}, "compare": True})))
    added = json.loads(model_json(json.dumps(
        {"op": "playground", "after": whole["played"], "step": {"tap": "hero"},
         "compare": True})))
    fresh = board([*steps, {"tap": "hero"}])
    assert added["log_from"] == len(whole["log"]) > 30
    assert whole["log"] + added["log"] == fresh["log"]
    assert added["objects"] == fresh["objects"] and added["played"] != whole["played"]
    assert added["other_rules"] == {"rules": "2004", "differences": []}


def test_a_step_added_to_a_situation_the_model_no_longer_has_asks_for_the_whole() -> None:
    from flipcards.browser import model_json
    first = json.loads(model_json(json.dumps(
        {"op": "playground", "scenario": {"rules": "2004", "steps": []}})))
    board([{"put": "Grizzly Bears", "as": "bears"}])          # another situation since
    stale = {"op": "playground", "after": first["played"], "step": {"tap": "bears"}}
    assert json.loads(model_json(json.dumps(stale))) == {"stale": True}
    again = json.loads(model_json(json.dumps(
        {"op": "playground", "scenario": {"rules": "2004", "steps": []}})))
    missing = json.loads(model_json(json.dumps({"op": "playground", "after": again["played"]})))
    assert missing["error"] == "step: a request that adds to a situation gives the step"


def test_a_refused_added_step_names_its_place_and_the_next_add_asks_for_the_whole() -> None:
    from flipcards.browser import model_json
    shown = json.loads(model_json(json.dumps(
        {"op": "playground", "scenario": {"rules": "2004", "steps": [
            {"put": "Grizzly Bears", "as": "bears"}]}})))
    refused = json.loads(model_json(json.dumps(
        {"op": "playground", "after": shown["played"], "step": {"flip": "bearz"}})))
    assert refused["step"] == 1 and refused["path"].startswith("steps[1]")
    retry = {"op": "playground", "after": shown["played"], "step": {"tap": "bears"}}
    assert json.loads(model_json(json.dumps(retry))) == {"stale": True}


def test_the_board_names_the_active_player_as_the_game_does_once_a_player_has_left() -> None:
    """800.4a: Ben lost and left; the next turn is Cal's, and the board says so (it said Ben,
    counting turns round the list of names)."""
    out = board([{"lose_life": "Ben", "amount": 20}, {"next_turn": True}],
                players=["Ann", "Ben", "Cal"])
    assert (out["turn"], out["active_player"]) == (2, "Cal")


def test_a_step_the_model_would_refuse_is_not_taken_for_the_same_step_played_before() -> None:
    """The playground keeps its last situation; a request whose steps equal it in Python's
    eyes (1.0 == 1, 0 == false) but not as JSON is played anew, and refused as it would be
    from the start."""
    steps: list[dict[str, Any]] = [{"put": "Grizzly Bears", "as": "b"},
                                   {"damage": "b", "amount": 1}]
    assert "error" not in board(steps)
    again = board([steps[0], {"damage": "b", "amount": 1.0}])
    assert again["error"] == "steps[1].amount: expected a whole number, got 1.0"


def test_602_each_permanent_lists_the_activated_abilities_it_can_activate_now() -> None:
    """The board says which activated abilities each permanent has, as the activate step finds
    them: its own, one another permanent of its controller grants a creature, one a copy
    keeps; none for a permanent without one, a card not on the battlefield, or a permanent
    that lost its abilities. Each listed one is activated by naming its half (its own by
    naming none), and a permanent that lists none cannot activate."""
    steps: list[dict[str, Any]] = [
        {"put": "Homura, Human Ascendant", "as": "essence", "flipped": True},
        {"put": "Budoka Gardener", "as": "budoka"}, {"put": "Callow Jushi", "as": "jushi"},
        {"put": "Grizzly Bears", "as": "theirs", "owner": "Bob"},
        {"put": "Jushi Apprentice", "as": "apprentice", "zone": "hand"},
        {"put": "Dimir Doppelganger", "as": "dimir"},
        {"put": "Jushi Apprentice", "as": "dead", "zone": "graveyard"},
        {"activate": "dimir", "target": "dead"}, {"resolve": "top"},
        {"put": "Jushi Apprentice", "as": "plain", "controller": "Bob"},
        {"effect": "blank", "kind": "remove_all_abilities", "affects": "plain"},
        {"put": "Grizzly Bears", "as": "bears", "zone": "graveyard"}]
    out = board(steps)
    assert "error" not in out, out
    listed = {oid: [(a["how"], a["half"]) for a in o["activatable"]]
              for oid, o in out["objects"].items()}
    homura = ("granted", "Homura's Essence")
    assert listed == {
        "essence": [],                                   # not a creature: nothing granted
        "budoka": [("own", "Budoka Gardener"), homura],
        "jushi": [homura],
        "theirs": [],                                    # Bob's: Alice's Essence grants nothing
        "apprentice": [],                                # in the hand
        "dimir": [("own", "Jushi Apprentice"), homura, ("kept", "Dimir Doppelganger")],
        "dead": [],                                      # exiled
        "plain": [],                                     # lost its abilities
        "bears": [],
    }
    assert out["objects"]["jushi"]["activatable"][0]["text"] == (
        "{R}: this creature gets +1/+0 until end of turn")
    for oid, abilities in listed.items():
        if out["objects"][oid]["zone"] != "battlefield":
            continue
        tried = [{"activate": oid}] if not abilities else [
            {"activate": oid, **({} if how == "own" else {"ability": half})}
            for how, half in abilities]
        for step in tried:
            if step.get("ability") == "Dimir Doppelganger":
                step["target"] = "bears"         # its ability targets a creature card
            refused = board([*steps, {**step, "hold": True}]).get("error")
            assert (refused is None) == bool(abilities), (oid, step, refused)


def test_601_2c_an_activation_needs_its_target_and_what_its_costs_take_and_no_other() -> None:
    """What the board says an ability cannot do without (``needs``, of the fields it takes)
    is what its activation refuses when left out: the playground marks only the other fields
    optional (Shidako's creature to sacrifice, a cost, was offered as optional). A choice made
    as it resolves (Autumn-Tail's "to", Budoka Gardener's land) has its default."""
    steps: list[dict[str, Any]] = [
        {"put": "Orochi Eggwatcher", "flipped": True, "as": "shidako"},
        {"put": "Kitsune Mystic", "flipped": True, "as": "autumn"},
        {"put": "Budoka Gardener", "as": "budoka"},
        {"put": "Honor-Worn Shaku", "as": "shaku"},
        {"put": "Grizzly Bears", "as": "bears"}, {"put": "Runeclaw Bear", "as": "rune"},
        {"put": "Pacifism", "attached_to": "bears", "as": "pacifism"},
        {"put": "Forest", "zone": "hand", "as": "forest"}]
    full = {"shidako": {"target": "rune", "sacrifice": "bears"},
            "autumn": {"target": "pacifism", "to": "rune"},
            "budoka": {"land": "forest"}, "shaku": {"tap": "shidako"}}
    objects = board(steps)["objects"]
    needs = {oid: objects[oid]["activatable"][0]["needs"] for oid in full}
    assert needs == {"shidako": ["target", "sacrifice"], "autumn": ["target"], "budoka": [],
                     "shaku": ["tap"]}
    for oid, chosen in full.items():
        assert set(objects[oid]["activatable"][0]["takes"]) == set(chosen)
        assert "error" not in board([*steps, {"activate": oid, **chosen}]), oid
        for field in chosen:
            left_out = {k: v for k, v in chosen.items() if k != field}
            refused = board([*steps, {"activate": oid, **left_out}]).get("error")
            assert (refused is not None) == (field in needs[oid]), (oid, field, refused)


def test_nighteyes_ability_is_listed_in_the_words_of_the_edition() -> None:
    """As its activation puts it on the stack: 2004 puts a card "into play"."""
    steps: list[dict[str, Any]] = [
        {"put": "Nezumi Graverobber", "as": "nighteyes", "flipped": True}]
    said = {rules: board(steps, rules)["objects"]["nighteyes"]["activatable"]
            for rules in ("current", "2004")}
    assert said["current"] == [{"how": "own", "half": "Nighteyes the Desecrator",
                                "text": "{4}{B}: put the target creature card onto the "
                                        "battlefield under the control of the player who "
                                        "activated it", "takes": ["target"],
                                "needs": ["target"]}]
    assert said["2004"][0]["text"] == ("{4}{B}: put the target creature card into play under "
                                       "the control of the player who activated it")


def test_800_4a_the_turns_the_steps_began_say_whose_they_are_once_a_player_has_left() -> None:
    """Each step that began a turn is listed with the turn and its active player, as the game
    chose them: Ben lost and left, so the turn after Ann's is Cal's. A step added to the
    situation shown lists the same as the situation played from the start."""
    from flipcards.browser import model_json
    steps: list[dict[str, Any]] = [{"next_turn": True}, {"next_turn": True},
                                   {"lose_life": "Ben", "amount": 20}, {"next_turn": True},
                                   {"end_step": True}]
    out = board(steps, players=["Ann", "Ben", "Cal"])
    assert out["turns"] == [{"step": 0, "turn": 2, "player": "Ben"},
                            {"step": 1, "turn": 3, "player": "Cal"},
                            {"step": 3, "turn": 4, "player": "Ann"}]
    added = json.loads(model_json(json.dumps(
        {"op": "playground", "after": out["played"], "step": {"next_turn": True}})))
    assert added["turns"] == [*out["turns"], {"step": 5, "turn": 5, "player": "Cal"}]
    assert board([])["turns"] == []


def test_701_6_each_counter_step_says_whether_it_countered_a_spell_or_an_ability() -> None:
    """A counter step names an object: a spell on the stack, or the source of an ability
    there (Erayo's Essence). The page words the step by what it countered, as it was played,
    the step added to the situation shown too."""
    from flipcards.browser import model_json
    steps: list[dict[str, Any]] = [
        {"put": "Erayo, Soratami Ascendant", "as": "erayo", "flipped": True, "owner": "Bob"},
        {"put": "Shock", "zone": "hand", "as": "shock"},
        {"cast": "shock", "target": "Bob", "hold": True},
        {"counter": "erayo", "hold": True}]
    out = board(steps)
    assert out["countered"] == [{"step": 3, "what": "ability"}]
    added = json.loads(model_json(json.dumps(
        {"op": "playground", "after": out["played"], "step": {"counter": "shock"}})))
    assert added["countered"] == [*out["countered"], {"step": 4, "what": "spell"}]
    assert added["objects"]["shock"]["zone"] == "graveyard"


def test_508_4_each_step_that_renames_an_object_is_noted_for_the_steps_words() -> None:
    """Tok-Tok flips (508.1b: the bottom half's name), becomes a copy, and a flipped Kenzo
    goes to the graveyard, where it is Bushi Tenderfoot again (508.2, 508.4): the page names
    an object in a later step as it was then, so the model notes each step that renamed one
    (the step added to the situation shown too); a step that renames nothing notes nothing."""
    from flipcards.browser import model_json
    steps: list[dict[str, Any]] = [
        {"put": "Akki Lavarunner", "as": "akki"}, {"put": "Grizzly Bears", "as": "bears"},
        {"put": "Bushi Tenderfoot", "flipped": True, "as": "kenzo"},
        {"flip": "akki"}, {"tap": "akki"}, {"become_copy": "bears", "of": "akki"}]
    out = board(steps)
    assert out["renamed"] == [{"step": 3, "id": "akki", "name": "Tok-Tok, Volcano Born"},
                              {"step": 5, "id": "bears", "name": "Akki Lavarunner"}]
    added = json.loads(model_json(json.dumps(
        {"op": "playground", "after": out["played"], "step": {"destroy": "kenzo"}})))
    assert added["renamed"] == [*out["renamed"],
                                {"step": 6, "id": "kenzo", "name": "Bushi Tenderfoot"}]


def test_603_5_the_board_says_which_permanents_have_a_may_ability_to_decline() -> None:
    """A step's Decline offered every permanent, Grizzly Bears too, as if each had a "may"
    ability: the board says which have one (Callow Jushi's ki abilities; flipped, Jaraku has
    none), and each decline field says it takes only those."""
    out = board([{"put": "Callow Jushi", "as": "jushi"}, {"put": "Grizzly Bears", "as": "bears"},
                 {"put": "Callow Jushi", "as": "jaraku", "flipped": True},
                 {"put": "Callow Jushi", "as": "held", "zone": "hand"}])
    assert {oid: o["may"] for oid, o in out["objects"].items()} == {
        "jushi": True, "bears": False, "jaraku": False, "held": False}
    declines = [f for verb in json.loads(verbs_json())["verbs"] for f in verb["fields"]
                if f["name"] == "decline"]
    assert len(declines) == 4
    assert all(f["among"] == {"zones": ["battlefield"], "may": True} for f in declines)


def test_603_3a_a_may_ability_whose_source_was_stolen_is_asked_of_its_controller() -> None:
    """Bob gains control of Callow Jushi while its ki ability waits on the stack: the ability
    is still Alice's (603.3a), and the playground asks her (it asked Bob, and the log then said
    "Alice chooses not to use")."""
    steps = [{"put": "Callow Jushi", "as": "j"},
             {"cast": "Cranial Extraction", "naming": "Shock", "target": "Bob", "hold": True},
             {"gain_control": "j", "player": "Bob", "hold": True}, {"resolve": "top"}]
    out = json.loads(playground_json(json.dumps({"rules": "current", "steps": steps}),
                                     choices=True))
    assert [(c["kind"], c["player"], c["object"]) for c in out["choices"]] == [
        ("may", "Alice", "j")]


def test_508_rulings_2_and_6_link_only_the_lines_of_flip_cards() -> None:
    """Every counters line linked to ruling 2 (counters stay as a permanent flips) and every
    copy line to ruling 6 (a copy of a flipped permanent), Grizzly Bears' too."""
    out = run_scenario({"rules": "current", "steps": [
        {"put": "Grizzly Bears", "as": "bears"}, {"put": "Callow Jushi", "as": "jushi"},
        {"put": "Runeclaw Bear", "as": "runeclaw"},
        {"counters": "bears", "kind": "+1/+1", "add": 1},
        {"counters": "jushi", "kind": "ki", "add": 1},
        {"become_copy": "runeclaw", "of": "bears"},
        {"put": "Clone", "copying": "jushi", "as": "clone"}]})
    rules = {entry["text"]: entry["rule"] for entry in out["entries"]}
    assert rules["1 +1/+1 counter put on Grizzly Bears."] == ""
    assert rules["1 ki counter put on Callow Jushi."] == "ruling-2"
    assert rules["Runeclaw Bear becomes a copy of Grizzly Bears: it is now Grizzly Bears."] == ""
    assert [rule for text, rule in rules.items() if text.startswith("Alice puts Clone")] == [
        "ruling-6"]


def test_508_ruling_2_links_the_counters_of_what_a_permanent_is_now() -> None:
    """The counters line followed the printed card: a Clone that is a Bushi Tenderfoot (a
    flip card, which may flip later) got no link, a Tenderfoot become a Grizzly Bears one."""
    out = run_scenario({"rules": "current", "steps": [
        {"put": "Bushi Tenderfoot", "as": "hero"}, {"put": "Clone", "copying": "hero", "as": "c"},
        {"put": "Bushi Tenderfoot", "as": "other"}, {"put": "Grizzly Bears", "as": "bears"},
        {"become_copy": "other", "of": "bears"},
        {"counters": "c", "kind": "+1/+1", "add": 1},
        {"counters": "other", "kind": "+1/+1", "add": 1}]})
    said = [(entry["text"], entry["rule"]) for entry in out["entries"]
            if "counter put on" in entry["text"]]
    assert said == [("1 +1/+1 counter put on Bushi Tenderfoot.", "ruling-2"),
                    ("1 +1/+1 counter put on Grizzly Bears.", "")]
