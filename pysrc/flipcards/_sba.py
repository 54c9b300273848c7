"""State-based actions (rule 704 today; 420 in the 2004 rules).

They are checked whenever a player would receive priority (704.3): after each action of a
step and after each object on the stack resolves, never in the middle of a resolving ability.
All that apply are performed at once, and the check repeats until none applies.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ._cards import has_keyword
from ._characteristics import Characteristics
from ._errors import IllegalActionError
from ._objects import Record
from ._state import LOST_DRAW, LOST_LIFE

if TYPE_CHECKING:
    from ._game import Game

__all__ = ["StateBasedActions"]


class StateBasedActions:
    """Lethal damage, toughness 0, the legend rule, Auras and attachments, tokens, counters.

    The part of the engine that the game's ``Stack`` asks, before a player would receive
    priority, to perform the state-based actions that apply. It acts on the game it is made
    for (``game``: its state, and its zones and actions to put what dies where it goes).
    """

    def __init__(self, game: Game) -> None:
        self.game = game

    def _state_based_actions(self) -> bool:
        """Perform every state-based action that applies now; True if any was performed.

        A player's loss is one of them, performed with the others as one event (704.3): a
        player who loses a game that goes on leaves it (800.4a) once the others are done, so
        their creature with lethal damage dies, seen by what watches creatures die, before
        it leaves the game from the graveyard."""
        losing = self._players_lose()
        try:
            return self._on_permanents() or bool(losing)
        finally:
            self._leave(losing)

    def _on_permanents(self) -> bool:
        """The state-based actions on objects (all but a player's loss); True if any was
        performed."""
        game = self.game
        doomed: list[tuple[Record, str, dict[str, Any]]] = []
        gone: set[int] = set()

        def doom(r: Record, why: str, **entry: Any) -> None:
            """``r`` goes to the graveyard; ``entry``: what the log line says as data."""
            if r.key not in gone:
                gone.add(r.key)
                doomed.append((r, why, entry))

        field_ = game._battlefield()
        if game._tokens_left:
            # Rule 704.5d: a token that has left the battlefield ceases to exist.
            game._tokens_left = False
            for rec in game._records.values():
                if rec.token and rec.zone not in ("battlefield", None, "stack"):
                    # (704.5e: so does the copy of a spell that left the stack.)
                    spell = {"Instant", "Sorcery"} & set(rec.card.normal.types)
                    what = "copy of" if spell else "token"
                    rec.zone = None
                    rec.cache = None
                    game._say(f"The {what} {rec.card.name} ceases to exist.")
        current = game.edition == "current"
        # Nothing changes while the checks below are made (actions come after): each
        # permanent's characteristics are looked up once for all of them.
        # (Cached characteristics are read directly: this runs after every action.)
        if game._statics is None:
            game._all_effects()
        chars = game._characteristics
        seen = [(rec, rec.cache or chars(rec)) for rec in field_]
        for rec, c in seen:
            # Lethal damage and deathtouch destroy, which an indestructible one is not (702.12b).
            lasts = has_keyword(c.keywords, "Indestructible")
            if c.toughness is not None and c.toughness <= 0:       # 704.5f
                doom(rec, f"{game._whose(rec, c.name)} has toughness {c.toughness}")
            elif c.toughness is not None and rec.status.damage >= c.toughness and not lasts:
                doom(rec, f"{game._whose(rec, c.name)} has lethal damage")   # 704.5g
            elif c.toughness is not None and rec.status.deathtouched and not lasts:
                doom(rec, f"{game._whose(rec, c.name)} was dealt damage by a source with "
                     "deathtouch (rule 704.5h)")
            if current and len(rec.status.counters) >= 2:
                plus, minus = rec.status.counter("+1/+1"), rec.status.counter("-1/-1")
                if plus and minus:  # rule 704.5q
                    n = min(plus, minus)
                    counts = dict(rec.status.counters)
                    counts["+1/+1"], counts["-1/-1"] = plus - n, minus - n
                    game._set_status(rec, counters=tuple(sorted(
                        (k, v) for k, v in counts.items() if v)))
                    game._say(f"{game._sba_words}: {n} +1/+1 and -1/-1 counter "
                              f"pair{'s' if n > 1 else ''} removed from "
                              f"{game._characteristics(rec).name}.", "counters",
                              "704.5q", (game._handle(rec),))
                    return True
        for rec, _ in seen:
            if rec.status.deathtouched:  # "since the last time state-based actions were checked"
                game._set_status(rec, deathtouched=False)
        self._legend_rule(seen, doom)
        for rec, c in seen:
            target = rec.status.attached_to
            if "Aura" in c.subtypes:                                   # 704.5m
                host = game._records.get(target[0]) if target else None
                if host is None or host.ref != target or host.zone != "battlefield":
                    doom(rec, f"{c.name} is not attached to anything")
                elif why := game._actions._cannot_enchant(rec, host):
                    doom(rec, why)
            elif target is not None:
                # Rule 704.5p: a permanent that is no longer an Aura becomes unattached.
                game._set_status(rec, attached_to=None)
                game._say(f"{game._sba_words}: {c.name} is no longer an Aura and becomes "
                          "unattached.")
                return True
        said: set[str] = set()
        # All of them leave at once (704.3): each one's abilities see the others leave, looking
        # back in time (603.10a), so the creatures die once all have left.
        game._leaving_together = []
        try:
            for rec, why, entry in doomed:
                if why not in said:
                    said.add(why)
                    game._say(f"{game._sba_words}: {why}.", **entry)
                if rec.zone == "battlefield":
                    game._zones._zone_change(rec, "graveyard")
        finally:
            together, game._leaving_together = game._leaving_together, None
        for left in together:
            if left.creature:
                game._engine.creature_died(left.rec, left.old_ref, left.name, left.controller,
                                           left.abilities, together)
        return bool(doomed)

    def _players_lose(self) -> dict[str, str]:
        """A player with 0 or less life, or who attempted to draw from an empty library since
        the last check, loses the game (704.5a-b; 2004: 420.5a-b), all of them at once. When at
        most one player is left the game is over (104.2a), a draw if no one is (104.4a)."""
        game = self.game
        current = game.edition == "current"
        losing: dict[str, str] = {}
        for player in game.players:
            if player in game._lost:
                continue
            if game._life[player] <= 0:
                cite = "rule 704.5a" if current else "2004 CR 420.5a"
                losing[player] = LOST_LIFE
                game._say(f"{game._sba_words}: {player} has {game._life[player]} life, so "
                          f"{player} loses the game ({cite}).", "lost",
                          "704.5a" if current else "", (player,))
            elif player in game._drew_from_empty:
                cite = "rule 704.5b" if current else "2004 CR 420.5b"
                losing[player] = LOST_DRAW
                game._say(f"{game._sba_words}: {player} attempted to draw a card from an empty "
                          f"library, so {player} loses the game ({cite}).", "lost",
                          "704.5b" if current else "", (player,))
        game._drew_from_empty.clear()
        if losing:
            self._have_lost(losing)
        return losing

    def _lose(self, losing: dict[str, str]) -> None:
        """The players of ``losing`` lose the game, each for its reason, and leave it."""
        self._have_lost(losing)
        self._leave(losing)

    def _have_lost(self, losing: dict[str, str]) -> None:
        """The players of ``losing`` have lost the game: it is over if at most one player is
        left (104.2a; a draw if none is, 104.4a)."""
        game = self.game
        game._lost.update(losing)
        if game.over:
            game._say(f"{game.winner} wins the game." if game.winner else
                      "Every player has lost at once: the game is a draw.")

    def _leave(self, losing: dict[str, str]) -> None:
        """The players of ``losing``, who have lost a game that goes on, leave it with what
        they own (800.4a)."""
        game = self.game
        if game.over:
            return
        for player in losing:
            game._zones._leave_game(player)
            game._actions._control_ends(player)
            # Their mana leaves with them: it neither stays in a pool nor burns (2004).
            game._pool[player] = {symbol: 0 for symbol in game._pool.get(player, {})}

    def _legend_rule(self, seen: list[tuple[Record, Characteristics]],
                     doom: Callable[..., None]) -> None:
        """The legend rule of the game's edition.

        2004 (rule 420.5e): if two or more legendary permanents with the same name are in
        play, all of them are put into their owners' graveyards, whoever controls them.
        Today (704.5j): a player who controls two or more legendary permanents with the same
        name chooses one of them (the step's ``keep``; by default the newest) and puts the
        rest into their owners' graveyards.
        """
        game = self.game
        by_name = game.edition == "2004"
        legends: list[tuple[tuple[str, ...], Record]] = [
            ((c.name,) if by_name else (rec.controller, c.name), rec)
            for rec, c in seen if "Legendary" in c.supertypes]
        if game._engine.keep:
            game._engine.kept_legends.update(rec.key for _, rec in legends
                                             if rec.key in game._engine.keep)
        if len({key for key, _ in legends}) == len(legends):
            return      # no two share a name (the usual case after every action)
        groups: dict[tuple[str, ...], list[Record]] = {}
        for key, rec in legends:
            groups.setdefault(key, []).append(rec)
        for key, recs in groups.items():
            if len(recs) < 2:
                continue
            name = key[-1]
            about = tuple(game._handle(r) for r in recs)
            if game.edition == "2004":
                # A "keep" is today's choice: under these rules none is kept, and it says so.
                kept = (" (none is kept: choosing one to keep is today's rule)"
                        if any(r.key in game._engine.keep for r in recs) else "")
                for rec in recs:
                    doom(rec, f"legend rule: {len(recs)} legendary permanents named {name} are "
                              f"in play, so all of them go to their owners' graveyards{kept}",
                         kind="legend_rule", rule="ruling-4", about=about, name=name)
                continue
            chosen = [r for r in recs if r.key in game._engine.keep]
            if len(chosen) > 1:
                raise IllegalActionError(
                    f"keep names {len(chosen)} of the legendary permanents named {name} that "
                    f"{key[0]} controls; the legend rule keeps one of them (704.5j): name only "
                    "that one", argument="keep")
            survivor = chosen[0] if chosen else max(recs, key=lambda r: r.status.timestamp)
            how = "keeps the one chosen" if chosen else "keeps the newest"
            for rec in recs:
                if rec is not survivor:
                    doom(rec, f"legend rule: {rec.controller} controls {len(recs)} legendary "
                              f"permanents named {name}, {how} and puts the rest into their "
                              "owners' graveyards", kind="legend_rule", rule="704.5j", about=about,
                         player=rec.controller, name=name, default=not chosen)
