"""Events, triggered abilities (rule 603) and the stack (rule 405; 2004: 408), resolving (608).

After every action of a step, and after each object on the stack resolves, the game does
what happens before a player receives priority (rule 704.3, 603.3b): it performs state-based
actions, then puts the abilities that have triggered on the stack in APNAP order — the active
player's first, then each other player's in turn order — so the last player's abilities are
on top and resolve first (2004 CR 410; today 603.3b and 101.4). Each player puts their own
simultaneous abilities in the order they choose; by default in the order they triggered, so
that the first to trigger resolves first.

Unless a step holds priority, the players then pass in succession and the stack resolves top
first until it is empty (the model's default, which most examples rely on). A step that holds
priority leaves everything on the stack: the reader can look at it (``game.stack``), act in
response, and resolve the top object (``game.resolve()``) or all of it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager

from . import _heroes, cards
from ._cards import possessive
from ._errors import IllegalActionError
from ._events import Event, StackItem
from ._objects import GameObject, Left, Record, Ref
from ._sba import StateBasedActions

__all__ = ["Stack", "StackActions"]


class Stack:
    """Triggered abilities, the stack, priority and resolution: the part of the engine that
    the other parts hand what an action did (see ``_state.Engine``, which it implements).

    It acts on the game it is made for (``game``: its state, state-based actions, the log)
    and calls two things the turn's parts give it: ``before_priority``, done each time
    before a player would receive priority (combat removes the creatures that left it), and
    ``after_check``, done at the end of every action (the upkeep ends once its abilities have
    resolved).
    """

    def __init__(self, game: StateBasedActions, *,
                 before_priority: Callable[[], object] = lambda: None,
                 after_check: Callable[[], object] = lambda: None) -> None:
        self.game = game
        self._before_priority = before_priority
        self._after_check = after_check
        #: What waits on the stack, bottom first (``game.stack`` shows it top first).
        self.items: list[StackItem] = []
        #: Abilities that have triggered and wait to be put on the stack.
        self.triggered: list[StackItem] = []
        # How many times something was put on the stack: items put there at once share one.
        self.batches = 0

    # --- events and triggers (603) ---------------------------------------------------------
    def event(self, event: Event, dying: Record | None = None,
               together: Sequence[Left] = ()) -> None:
        """Offer an event to every permanent's triggered abilities, oldest permanent first.

        A dying permanent looks back at itself as it was ("when this dies", rule 603.10), and
        so does each permanent that left the battlefield in the same event (`together`): it
        sees the others leave as the object it was then (603.10a; Bushi Tenderfoot dying with
        the creature it damaged). A permanent that lost all its abilities has no triggered
        ability (613.1f).
        """
        listeners = list(self.game._able(cards.having("triggered")))
        if dying is not None:
            listeners.append(dying)
        for rec in listeners:
            name = event.name if rec is dying else self.game._printed_abilities(rec)
            ability = cards.record(name).triggered
            if ability is None:
                continue
            item = ability(self.game._card_rules, self.game._handle(rec), event)
            if item is not None:
                controller = event.controller if rec is dying and event.controller else \
                    rec.controller
                self.trigger(item, controller)
        for left in together:
            ability = cards.record(left.name).triggered if left.abilities else None
            if left.rec is dying or ability is None:
                continue
            self.game._looking_back[left.rec.key] = left.old_ref
            try:
                item = ability(self.game._card_rules, self.game._handle(left.rec), event)
                if item is not None:
                    self.trigger(item, left.controller)
            finally:
                del self.game._looking_back[left.rec.key]

    def trigger(self, item: StackItem, controller: str) -> None:
        """An ability triggers: it waits to be put on the stack (603.2, 603.3)."""
        item.controller = item.controller or controller
        if item.source_ref is None:
            item.source_ref = self.game._ref(item.source)
        item.source_name = item.source.name
        item.declined = item.may and item.source._key in self.game._declined
        self.triggered.append(item)
        self.game._say(f"{possessive(item.source.name)} ability triggers: {item.text}.",
                       "trigger", "603.2", (item.source,), may=item.may)

    def creature_died(self, rec: Record, old_ref: Ref, name: str, controller: str,
                       abilities: bool = True, together: Sequence[Left] = ()) -> None:
        self.game.creatures_died_this_turn += 1
        damaged_by = frozenset(s for s, t in self.game._damage_this_turn if t == old_ref and s)
        for watched, make in self.game._watch_deaths:
            if watched == old_ref:
                delayed = make()
                self.trigger(delayed, delayed.controller)
        # An ability granted by an Aura still attached as it died (Curse of the Fire Penguin).
        game = self.game
        granting = next((given for r in game._battlefield() if r.status.attached_to == old_ref
                         and (given := cards.record(game._characteristics(r).name)
                              .enchanted_dies)), None)
        if granting is not None:
            self.trigger(granting(game._card_rules, game._handle(rec), controller), controller)
        self.event(Event("dies", ref=old_ref, name=name, controller=controller,
                          damaged_by=damaged_by), dying=rec if abilities else None,
                    together=together)

    def state_triggers(self) -> None:
        """State triggers (603.8) trigger as soon as their condition is true, and not again
        while they wait to be put on the stack or wait on it. That is each object's own
        ability: a card that left and came back is a new object (400.7), whose ability
        triggers even while the old object's still waits."""
        waiting = {t.source_ref for t in (*self.triggered, *self.items) if t.state}
        for rec in self.game._able(cards.having("state_trigger")):
            name = self.game._printed_abilities(rec)
            trigger = cards.record(name).state_trigger
            if trigger is None or rec.ref in waiting or rec.ref in self.game._endless:
                continue
            me = self.game._handle(rec)
            if trigger.condition(self.game._card_rules, me):
                self.trigger(_heroes.state_trigger(self.game._card_rules, me, name, trigger.why),
                              rec.controller)

    # --- the stack (405) ---------------------------------------------------------------------
    def push(self, item: StackItem) -> None:
        self.batches += 1
        item.batch = self.batches
        self.items.append(item)

    def put_triggered_on_stack(self) -> None:
        """APNAP order (603.3b): the active player puts theirs on the stack first."""
        game = self.game
        start = game.players.index(game.active_player)
        for player in game.players[start:] + game.players[:start]:
            mine = [t for t in self.triggered if t.controller == player]
            if not mine:
                continue
            self.batches += 1
            for item in reversed(mine):
                item.batch = self.batches
                self.items.append(item)
        self.triggered = [t for t in self.triggered if t.controller not in game.players]

    def resolve_top(self) -> None:
        item = self.items.pop()
        with self.game._one_action():
            self.resolve(item)

    def resolve(self, item: StackItem) -> None:
        """Resolve one spell or ability (rule 608): re-check an intervening "if", honour a
        declined "may", and do nothing if it is about its source and the source became a new
        object."""
        me, game = item.source, self.game
        if item.kind == "triggered":
            if item.follows_source and game._ref(me) != item.source_ref:
                # The card is another object now: the ability is named as its source was.
                game._say(f"{possessive(item.source_name)} ability does nothing: the permanent "
                          f"it refers to has left {game.battlefield_words}.")
                return
            if item.condition is not None and not item.condition():
                game._say(f"{possessive(me.name)} ability does nothing: its condition no longer "
                          "holds.")
                return
            if item.declined or (item.may and me._key in game._declined):
                game._say(f"{item.controller} chooses not to use {possessive(me.name)} ability.",
                          "declined", "603.5", (me,))
                return
        item.resolve(item)

    def step_may_end(self, what: str) -> None:
        """A step or phase ends only when the stack is empty (500.2; 2004: 300.2): ``what``
        begins, or an error says why it cannot."""
        if self.items:
            raise IllegalActionError(f"{what} cannot begin while something waits on the stack: "
                                     "let it resolve first (game.resolve_stack())")

    # --- priority ------------------------------------------------------------------------------
    def priority(self) -> None:
        """What happens before a player receives priority (704.3, 603.3): state-based actions
        until none applies, then triggered abilities onto the stack; again until neither."""
        self._before_priority()
        while True:
            while self.game._state_based_actions():
                pass
            if self.game.over:       # nothing more happens in a game that has ended
                self.triggered.clear()
                return
            self.state_triggers()
            if not self.triggered:
                return
            self.put_triggered_on_stack()

    def check(self, keep: Iterable[GameObject] = ()) -> None:
        """The end of an action: unless it is part of something bigger, state-based actions
        and triggers, then — unless priority is held — the stack resolves until empty; then
        what the turn does once that is over (``after_check``)."""
        self._settle(keep)
        self._after_check()

    def _settle(self, keep: Iterable[GameObject] = ()) -> None:
        """Unless the action is part of something bigger, state-based actions and triggers,
        then — unless priority is held — the stack resolves until empty."""
        if self.game._depth:
            return
        self.game._keep = {self.game._rec(k).key for k in keep}
        self.priority()
        while self.items and not self.game._holding and not self.game.over:
            self.resolve_top()
            self.priority()


class StackActions(StateBasedActions):
    """The actions of the stack: ordering triggers, holding priority and resolving. They
    act through the game's :class:`Stack` (``_engine``)."""

    _engine: Stack

    def _check(self, keep: Iterable[GameObject] = ()) -> None:
        """The end of an action (``Stack.check``)."""
        self._engine.check(keep)

    def order_triggers(self, *sources: GameObject, keep: Iterable[GameObject] = ()) -> None:
        """Choose the order of one player's simultaneous triggered abilities (603.3b).

        The abilities of ``sources`` must wait on the stack, put there at the same time by
        one player; they will resolve in the order given, before that player's others.
        Use it while holding priority (:meth:`holding_priority`).
        """
        keys = [self._rec(o).key for o in sources]
        items = [t for t in self._engine.items if t.kind == "triggered" and t.source._key in keys]
        if not items:
            raise IllegalActionError("none of these has a triggered ability waiting on the stack")
        batch = items[0].batch
        if any(t.batch != batch for t in items):
            raise IllegalActionError("only abilities that one player put on the stack at the "
                                     "same time can be put in order (rule 603.3b)")
        positions = [i for i, t in enumerate(self._engine.items) if t.batch == batch]
        group = [self._engine.items[i] for i in reversed(positions)]   # resolution order
        for position, item in zip(positions, reversed(_ranked(group, keys)), strict=True):
            self._engine.items[position] = item
        self._say(f"{items[0].controller} orders their abilities: "
                  + ", then ".join(possessive(t.source.name) for t in _ranked(group, keys)
                                   if t.source._key in keys) + " resolves first.")
        self._engine.check(keep)

    @contextmanager
    def holding_priority(self) -> Iterator[None]:
        """Within this block, nothing resolves: what the actions put on the stack waits there
        (``game.stack``) until :meth:`resolve` or a later action outside the block."""
        held, self._holding = self._holding, True
        try:
            yield
        finally:
            self._holding = held

    def resolve(self, *, keep: Iterable[GameObject] = (), decline: Iterable[GameObject] = (),
                copying: GameObject | None = None, choose: GameObject | None = None
                ) -> StackItem | None:
        """The top object of the stack resolves (rule 608): every player passed priority in
        turn without acting. Then state-based actions are performed and new triggered
        abilities go on the stack, above what still waits. Returns what resolved.

        A "may" ability is chosen as it resolves (608.2d): ``decline`` lists the permanents
        whose "may" abilities their controller declines now, those waiting on the stack
        included. ``copying``: a Clone or Spark Double that the resolving object puts onto the
        battlefield (Homura's return, Nighteyes) enters as a copy of this permanent.
        ``choose``: what a choice made on resolution chooses (the item's ``choice``: the
        creature Autumn-Tail moves the Aura to, the land Budoka Gardener puts, the card
        Nezumi Shortfang's target discards); targets were chosen as it was activated."""
        self._keep = {self._rec(k).key for k in keep}
        if not self._engine.items:
            if choose is not None:
                raise IllegalActionError("the stack is empty: nothing resolves, so nothing "
                                         "is chosen", argument="choose")
            self._say("The stack is empty; nothing resolves.")
            return None
        item = self._engine.items[-1]
        if choose is not None:
            what = "spell" if item.kind == "spell" else "ability"
            if not item.choice:
                raise IllegalActionError(f"{possessive(item.source.name)} {what} on top of the "
                                         "stack makes no choice as it resolves",
                                         argument="choose")
            why = item.legal_choice(item, choose) if item.legal_choice else ""
            if why:
                raise IllegalActionError(f"{choose.name} cannot be chosen: {why}",
                                         argument="choose")
            item.chosen = choose
        with self._declining(decline), self._entering_as_copy(copying):
            self._engine.resolve_top()
            self._engine.priority()
        return item

    def resolve_stack(self, *, keep: Iterable[GameObject] = (),
                      decline: Iterable[GameObject] = (),
                      copying: GameObject | None = None) -> None:
        """Every player passes in turn until the stack is empty: it resolves top first
        (``decline`` and ``copying`` as in :meth:`resolve`, for every object that resolves)."""
        self._keep = {self._rec(k).key for k in keep}
        with self._declining(decline), self._entering_as_copy(copying):
            self._engine.priority()
            while self._engine.items and not self.over:
                self._engine.resolve_top()
                self._engine.priority()


def _ranked(items: list[StackItem], keys: Sequence[int]) -> list[StackItem]:
    """``items`` (in resolution order) with those whose source is listed in ``keys`` first,
    in that order; the rest keep their order."""
    def rank(item: StackItem) -> int:
        key = item.source._key
        return keys.index(key) if key in keys else len(keys)

    return sorted(items, key=rank)
