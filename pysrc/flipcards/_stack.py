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
from typing import TYPE_CHECKING

from . import _heroes, cards
from ._cards import possessive, series
from ._characteristics import PERMANENT_TYPES
from ._errors import IllegalActionError, UnusedChoiceError
from ._events import Event, StackItem
from ._objects import GameObject, Left, Record, Ref

if TYPE_CHECKING:
    from ._game import Game

__all__ = ["Stack"]


class Stack:
    """Triggered abilities, the stack, priority and resolution: the part of the engine that
    the other parts hand what an action did (see ``_state.Engine``, which it implements).

    It acts on the game it is made for (``game``: its state, state-based actions, the log)
    and calls two things the turn's parts give it: ``before_priority``, done each time
    before a player would receive priority (combat removes the creatures that left it), and
    ``after_check``, done at the end of every action (the upkeep ends once its abilities have
    resolved) and given ``passed=True`` when every player passes with the stack empty (the
    step ends even if a player had held priority).
    """

    def __init__(self, game: Game, *,
                 before_priority: Callable[[], object] = lambda: None,
                 after_check: Callable[..., object] = lambda **_: None) -> None:
        self.game = game
        self._before_priority = before_priority
        self._after_check = after_check
        #: What waits on the stack, bottom first (``game.stack`` shows it top first).
        self.items: list[StackItem] = []
        #: Abilities that have triggered and wait to be put on the stack.
        self.triggered: list[StackItem] = []
        # How many times something was put on the stack: items put there at once share one.
        self.batches = 0
        # The batches whose order their players may still choose: those put on the stack
        # last, while nothing has resolved or been put on the stack since (603.3b).
        self.orderable: set[int] = set()
        #: While True, nothing resolves: the stack waits for the reader (``holding_priority``).
        self.holding = False
        #: The choices of the current step: which legends to keep (704.5j, by record key),
        #: and whose "may" abilities are declined (``declining``).
        self.keep: set[int] = set()
        #: Those of ``keep`` the legend rule has seen as legendary permanents (a scenario
        #: empties it before each step, to check the step's ``keep``).
        self.kept_legends: set[int] = set()
        self.declined: set[int] = set()
        #: Those of ``declined`` a "may" ability of which triggered or resolved in the block.
        self.declines_used: set[int] = set()

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
        game = self.game
        listeners = list(game._able(cards.having("triggered")))
        if dying is not None:
            listeners.append(dying)
        for rec in listeners:
            name = event.name if rec is dying else game._printed_abilities(rec)
            ability = cards.record(name).triggered
            if ability is None:
                continue
            item = ability(game._card_rules, game._handle(rec), event)
            if item is not None:
                controller = event.controller if rec is dying and event.controller else \
                    rec.controller
                self.trigger(item, controller, event.name if rec is dying else "")
        for left in together:
            ability = cards.record(left.name).triggered if left.abilities else None
            if left.rec is dying or ability is None:
                continue
            game._looking_back[left.rec.key] = left.old_ref
            try:
                item = ability(game._card_rules, game._handle(left.rec), event)
                if item is not None:
                    self.trigger(item, left.controller, left.name)
            finally:
                del game._looking_back[left.rec.key]

    def trigger(self, item: StackItem, controller: str, name: str = "") -> None:
        """An ability triggers: it waits to be put on the stack (603.2, 603.3). ``name``: the
        name of the object it came from as it last was, when it has left the battlefield
        (a Clone that copied Homura dies as Homura, not as the Clone in the graveyard)."""
        game = self.game
        item.controller = item.controller or controller
        if item.source_ref is None:
            item.source_ref = game._ref(item.source)
        item.source_name = name or item.source.name
        item.left_as = item.left_as or name
        item.declined = item.may and item.source._key in self.declined
        if item.declined:
            self.declines_used.add(item.source._key)
        self.triggered.append(item)
        source = game._rec(item.source)
        named = item.source_name if name else game._whose(source, item.source_name)
        game._say(f"{possessive(named)} ability triggers: {item.text}.",
                  "trigger", "603.2", (item.source,), may=item.may)

    def creature_died(self, rec: Record, old_ref: Ref, name: str, controller: str,
                       abilities: bool = True, together: Sequence[Left] = ()) -> None:
        game = self.game
        game.creatures_died_this_turn += 1
        damaged_by = frozenset(s for s, t in game._damage_this_turn if t == old_ref and s)
        for watched, make in game._watch_deaths:
            if watched == old_ref:
                delayed = make()
                self.trigger(delayed, delayed.controller)
        # An ability granted by an Aura still attached as it died (Curse of the Fire Penguin).
        granting = next((given for r in game._battlefield() if r.status.attached_to == old_ref
                         and (given := cards.record(game._printed_abilities(r))
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
        game = self.game
        waiting = {t.source_ref for t in (*self.triggered, *self.items) if t.state}
        for rec in game._able(cards.having("state_trigger")):
            name = game._printed_abilities(rec)
            trigger = cards.record(name).state_trigger
            if trigger is None or rec.ref in waiting or rec.ref in game._endless:
                continue
            me = game._handle(rec)
            if trigger.condition(game._card_rules, me):
                self.trigger(_heroes.state_trigger(game._card_rules, me, name, trigger.why),
                              rec.controller)

    # --- the stack (405) ---------------------------------------------------------------------
    def push(self, item: StackItem) -> None:
        self.batches += 1
        item.batch = self.batches
        self.items.append(item)
        self.orderable = set()

    def put_triggered_on_stack(self) -> None:
        """APNAP order (603.3b): the active player puts theirs on the stack first."""
        game = self.game
        start = game.players.index(game.active_player)
        if self.triggered:
            self.orderable = set()
        for player in game.players[start:] + game.players[:start]:
            mine = [t for t in self.triggered if t.controller == player]
            if not mine:
                continue
            self.batches += 1
            self.orderable.add(self.batches)
            for item in reversed(mine):
                item.batch = self.batches
                self.items.append(item)
        self.triggered = [t for t in self.triggered if t.controller not in game.players]

    def resolve_top(self) -> None:
        item = self.items.pop()
        self.orderable = set()
        with self.game._one_action():
            self.resolve_item(item)

    def resolve_item(self, item: StackItem) -> None:
        """Resolve one spell or ability (rule 608): re-check an intervening "if", honour a
        declined "may", and do nothing if it is about its source and the source became a new
        object."""
        me, game = item.source, self.game
        if item.kind == "triggered":
            if item.may and (item.declined or me._key in self.declined):
                self.declines_used.add(me._key)     # (declined, whether or not it does nothing)
            if item.follows_source and game._ref(me) != item.source_ref:
                # The card is another object now: the ability is named as its source was.
                game._say(f"{possessive(item.source_name)} ability does nothing: the permanent "
                          f"it refers to has left {game.battlefield_words}.")
                return
            if item.condition is not None and not item.condition():
                game._say(f"{possessive(item.named)} ability does nothing: its condition no longer "
                          "holds.")
                return
            if item.declined or (item.may and me._key in self.declined):
                game._say(f"{item.controller} chooses not to use {possessive(item.named)} ability.",
                          "declined", "603.5", (me,))
                return
        if item.kind != "spell" and item.targets and all(
                isinstance(t, str) and t in game._lost for t in item.targets):
            # A player who has left the game is no longer a legal target (800.4a).
            gone = series(str(t) for t in item.targets)
            game._say(f"{possessive(item.named)} ability does nothing: its target is no longer "
                      f"legal, {gone} having left the game (rule 608.2b; 2004: 413.2a).")
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
            while self.game._sba._state_based_actions():
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

    def _kept(self, keep: Iterable[GameObject]) -> set[int]:
        """The legends a step's ``keep`` names (704.5j), by record key."""
        game = self.game
        return {game._rec(k).key for k in game._objects(keep, "keep")}

    def _settle(self, keep: Iterable[GameObject] = ()) -> None:
        """Unless the action is part of something bigger, state-based actions and triggers,
        then — unless priority is held — the stack resolves until empty."""
        game = self.game
        if game._depth:
            return
        self.keep = self._kept(keep)
        self.priority()
        while self.items and not self.holding and not game.over:
            self.resolve_top()
            self.priority()

    # --- what the reader does: ordering triggers, holding priority, resolving ----------------
    def order_triggers(self, *sources: GameObject, keep: Iterable[GameObject] = ()) -> None:
        """The rules of :meth:`Game.order_triggers <flipcards.Game.order_triggers>`."""
        keys = [self.game._rec(o).key for o in sources]
        items = [t for t in self.items if t.kind == "triggered" and t.source._key in keys]
        if not items:
            raise IllegalActionError("none of these has a triggered ability waiting on the stack")
        batch = items[0].batch
        if any(t.batch != batch for t in items):
            raise IllegalActionError("only abilities that one player put on the stack at the "
                                     "same time can be put in order "
                                     f"({self.game._today('603.3b')})")
        if batch not in self.orderable:
            raise IllegalActionError("the order of these abilities was chosen as they were put "
                                     "on the stack; since then one has resolved or something "
                                     "else has been put on the stack "
                                     f"({self.game._today('603.3b')})")
        positions = [i for i, t in enumerate(self.items) if t.batch == batch]
        group = [self.items[i] for i in reversed(positions)]   # resolution order
        for position, item in zip(positions, reversed(_ranked(group, keys)), strict=True):
            self.items[position] = item
        named = [possessive(t.source.name) for t in _ranked(group, keys) if t.source._key in keys]
        self.game._say(f"{items[0].controller} orders their abilities: {named[0]} resolves "
                       "first" + "".join(f", then {n}" for n in named[1:]) + ".")
        self.check(keep)

    @contextmanager
    def holding_priority(self) -> Iterator[None]:
        """The rules of :meth:`Game.holding_priority <flipcards.Game.holding_priority>`."""
        held, self.holding = self.holding, True
        try:
            yield
        finally:
            self.holding = held

    @contextmanager
    def declining(self, decline: Iterable[GameObject]) -> Iterator[None]:
        """Within this block, the "may" abilities of these permanents are declined (608.2d).
        Of a permanent named no "may" ability of which triggers or resolves in the block (Kuon's
        end-step ability has no "may"), the log says that declining it changed nothing: what
        must happen happens."""
        game = self.game
        named = {game._rec(o).key: (o, game._characteristics(game._rec(o)).name)
                 for o in decline}
        self.declined = set(named)
        self.declines_used = set()
        try:
            yield
            unused = [named[key] for key in named if key not in self.declines_used]
        finally:
            self.declined = set()
        for obj, name in unused if not game.over else ():
            game._say(f"No \"may\" ability of {name} triggers or resolves here: declining it "
                      "changes nothing (only a \"may\" ability can be declined, "
                      f"{game._today('603.5')}).", rule="603.5", about=(obj,))

    def resolve(self, *, keep: Iterable[GameObject] = (), decline: Iterable[GameObject] = (),
                copying: GameObject | None = None, choose: GameObject | None = None
                ) -> StackItem | None:
        """The rules of :meth:`Game.resolve <flipcards.Game.resolve>`."""
        game = self.game
        self.keep = self._kept(keep)
        if not self.items:
            if choose is not None:
                raise IllegalActionError("the stack is empty: nothing resolves, so nothing "
                                         "is chosen", argument="choose")
            self._choices_used(copying, decline, [])
            self._all_passed_on_empty_stack()
            return None
        item = self.items[-1]
        self._choices_used(copying, decline, [item])
        if choose is not None:
            what = "spell" if item.kind == "spell" else "ability"
            if not item.choice:
                raise UnusedChoiceError(f"{possessive(item.source.name)} {what} on top of the "
                                        "stack makes no choice as it resolves",
                                        argument="choose")
            why = item.legal_choice(item, choose) if item.legal_choice else ""
            if why:
                raise IllegalActionError(f"{choose.name} cannot be chosen: {why}",
                                         argument="choose")
            item.chosen = choose
        with self.declining(decline), game._entering_as_copy(copying, now=True):
            self.resolve_top()
            self.priority()
        self._after_check()   # the stack may be empty now: the upkeep may end
        return item

    def _choices_used(self, copying: GameObject | None, decline: Iterable[GameObject],
                      items: Sequence[StackItem]) -> None:
        """A slip refused before anything resolves: ``copying`` or ``decline`` given where
        nothing resolves, or ``copying`` given where what resolves is only permanent spells
        that enter as themselves (nothing else they do puts a card onto the battlefield)."""
        if not items:
            for given, what in ((copying is not None, "copying"), (bool(decline), "decline")):
                if given:
                    raise UnusedChoiceError("the stack is empty: nothing resolves, so nothing "
                                            + ("enters as a copy" if what == "copying"
                                               else "is declined"), argument=what)
            return
        if copying is None or any(item.kind != "spell" for item in items):
            return
        names = [item.source.name for item in items]
        chars = [self.game._characteristics(self.game._rec(item.source)) for item in items]
        if all(PERMANENT_TYPES & set(c.types) for c in chars) \
                and not any(cards.record(name).enters_as_copy for name in names):
            spells = " and ".join(dict.fromkeys(names))
            raise UnusedChoiceError(f"{spells} {'enters' if len(names) == 1 else 'enter'} as "
                                    "itself: only a card with an ability to enter as a copy "
                                    f"({' and '.join(cards.having('enters_as_copy'))}) is "
                                    "told what to copy", argument="copying")

    def _all_passed_on_empty_stack(self, *, say_so: bool = True) -> None:
        """Every player passed with nothing on the stack: nothing resolves, and the step ends
        (500.2) where the model moves on by itself, the upkeep and the draw step (a player who
        held priority there has passed it now). Other steps end by what the reader does next
        (an attack, the end step, the next turn). ``say_so``: log that nothing resolves."""
        game = self.game
        if (step := game._beginning_step) and not game.over:
            game._say(f"The stack is empty; nothing resolves, and the {step} ends.")
            self._after_check(passed=True)
        elif say_so:
            game._say("The stack is empty; nothing resolves.")

    def resolve_all(self, *, keep: Iterable[GameObject] = (),
                      decline: Iterable[GameObject] = (),
                      copying: GameObject | None = None) -> None:
        """The rules of :meth:`Game.resolve_stack <flipcards.Game.resolve_stack>`."""
        game = self.game
        self.keep = self._kept(keep)
        if not self.triggered:      # else what has triggered goes on the stack first
            self._choices_used(copying, decline, self.items)
        with self.declining(decline), game._entering_as_copy(copying):
            self.priority()
            if not self.items:
                self._all_passed_on_empty_stack(say_so=False)
                return
            while self.items and not game.over:
                self.resolve_top()
                self.priority()
        self._after_check()   # then what the turn does once the stack is empty


def _ranked(items: list[StackItem], keys: Sequence[int]) -> list[StackItem]:
    """``items`` (in resolution order) with those whose source is listed in ``keys`` first,
    in that order; the rest keep their order."""
    def rank(item: StackItem) -> int:
        key = item.source._key
        return keys.index(key) if key in keys else len(keys)

    return sorted(items, key=rank)
