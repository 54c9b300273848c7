"""Turn structure (rules 500 to 514): the end step begins, and the next turn starts.

The model plays the parts of a turn that flip conditions look at: the end step (513), whose
"at the beginning of the end step" abilities trigger, and the cleanup step (514), where damage
wears off and "this turn" ends, followed by the next player's untap step (502).
"""

from __future__ import annotations

from collections.abc import Iterable

from ._events import Event
from ._objects import GameObject
from ._stack import Stack

__all__ = ["Turns"]


class Turns(Stack):
    """The end step, the cleanup step and the next turn."""

    def end_step(self, *, decline: Iterable[GameObject] = (),
                 keep: Iterable[GameObject] = ()) -> None:
        """The end step of the current turn begins (rule 513.1): "at the beginning of the end
        step" abilities trigger (Kitsune Mystic, the ki-counter cards, Kuon)."""
        self._say(f"The end step of {self.active_player}'s turn {self.turn} begins.")
        with self._declining(decline):
            self._event(Event("end_step", player=self.active_player))
        self._check(keep)

    def next_turn(self, *, keep: Iterable[GameObject] = ()) -> None:
        """Cleanup (514.2), then the next player's turn: damage wears off, "this turn" is
        forgotten, and the new active player untaps their permanents (502.3)."""
        for rec in self._battlefield():
            if rec.status.damage:
                self._set_status(rec, damage=0)
        ending = [e for e in self._effects if e.until_end_of_turn]
        if ending:
            self._effects = [e for e in self._effects if not e.until_end_of_turn]
            self._effects_changed()
            self._say("Effects that last until end of turn end: "
                      + ", ".join(repr(e.label) for e in ending) + ".")
        self._spells_this_turn = 0
        self.creatures_died_this_turn = 0
        self._damage_this_turn.clear()
        self._watch_deaths.clear()
        index = self.players.index(self.active_player)
        self.active_player = self.players[(index + 1) % len(self.players)]
        self.turn += 1
        for rec in self._battlefield():
            if rec.controller == self.active_player and rec.status.tapped:
                self._set_status(rec, tapped=False)
        self._say(f"Turn {self.turn}: {self.active_player}'s turn. Damage has worn off and "
                  f"{self.active_player}'s permanents untap.")
        self._check(keep)
