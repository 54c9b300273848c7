"""Zones and zone changes (rule 400): cards come into existence, move, are drawn and
discarded, tokens are created and copied (707), and zones are searched and cards named.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from . import cards
from ._cards import (
    CardData,
    CardFace,
    cannot_enchant,
    card,
    not_legendary,
    possessive,
    series,
    token,
)
from ._characteristics import Characteristics, Status, copiable_card, matches
from ._effects import Filter
from ._errors import FlipCardsError, IllegalActionError, UnusedChoiceError
from ._objects import GameObject, Left, NamingResult, Record, count_of
from ._state import GameState

__all__ = ["Zones"]


#: What a card can do only as it enters the battlefield, by argument: how an error says it of
#: a card entering ("enter …") and of a permanent ("can be …").
_ENTERING = {
    "flipped": ("flipped", "flipped"),
    "controller": ("under another player's control", "controlled by another player"),
    "attached_to": ("attached", "attached"),
    "attach_to": ("attached", "attached"),
    "copying": ("as a copy", "a copy of another"),
}


def _by_its_flipped_half(name: str, data: CardData, flipped: bool) -> str:
    """What the log adds when a card is asked for by its flipped half's name and does not
    enter flipped: the card is the whole flip card, which shows its normal half (508.2)."""
    if flipped or data.flipped is None or name.strip().casefold() != data.flipped.name.casefold():
        return ""
    return f" (the card whose flipped half is {data.flipped.name}; it is not flipped)"


def _only_on_battlefield(zone: str, **given: object) -> str:
    """The first argument of ``given`` that is set although ``zone`` is not the battlefield
    (the name of a :data:`_ENTERING` entry), or ``""``."""
    if zone == "battlefield":
        return ""
    return next((name for name, value in given.items() if value not in (None, False)), "")


def _never_a_permanent(game: GameState, half: CardFace | Characteristics, place: str) -> None:
    """Refuse an instant or a sorcery going onto the battlefield: it "remains in its previous
    zone instead" (304.4, 307.4; in 2004 neither could come into play either). ``place``: where
    it would stay, or ``""`` when it is being put into the game."""
    kinds = [t for t in ("Instant", "Sorcery") if t in half.types]
    if not kinds:
        return
    rule = game._today("304.4" if kinds[0] == "Instant" else "307.4")
    stays = f"; it stays {place}" if place else ""
    raise IllegalActionError(
        f"{half.name} is {'an instant' if kinds[0] == 'Instant' else 'a sorcery'}, which never "
        f"{game._wording('enters the battlefield', 'comes into play')} ({rule}){stays}",
        argument="to" if place else "zone")


class _Copying(NamedTuple):
    """What a card entering as a copy becomes: its copiable values, whether it gets Spark
    Double's +1/+1 counter, and words for the log."""

    card: CardData
    counter: bool
    words: str


def _copy_ruling(copy: _Copying | None) -> str:
    """The ruling a line of a copy links to: the one on copying a flip card, if it is one."""
    return "ruling-6" if copy is not None and copy.card.is_flip_card else ""


class Zones:
    """Rule 400: zones, and the new object every zone change makes (400.7).

    The part of the engine that :class:`~flipcards.Game` delegates putting cards in, moving,
    drawing, discarding, tokens, copies, searching and naming to. It acts on the state it is
    handed (``game``: the records, the log, the effects) and hands what a zone change did
    (events, deaths, the end of the action) to the state's ``Engine``.
    """

    def __init__(self, game: GameState) -> None:
        self.game = game

    def put(
        self,
        name: str,
        zone: str = "battlefield",
        *,
        owner: str | None = None,
        controller: str | None = None,
        flipped: bool = False,
        attached_to: GameObject | None = None,
        copying: GameObject | None = None,
        keep: Iterable[GameObject] = (),
    ) -> GameObject:
        """The rules of :meth:`Game.put <flipcards.Game.put>`."""
        game = self.game
        data = card(name) if isinstance(name, str) else _bad_name(name)
        zone = game.zone_name(zone)
        owner = game._in_game(owner if owner is not None else game.players[0], "owner")
        controller = game._in_game(controller if controller is not None else owner, "controller")
        wrong = _only_on_battlefield(zone, flipped=flipped, controller=controller != owner,
                                     attached_to=attached_to, copying=copying)
        if wrong:
            raise UnusedChoiceError(
                f"only a permanent {game._zone_phrase('battlefield', owner)} can be "
                f"{_ENTERING[wrong][1]}; {data.name} is going "
                f"{game._zone_phrase(zone, owner, into=True)}", argument=wrong)
        if zone == "battlefield":
            _never_a_permanent(game, data.flipped if flipped and data.flipped else data.normal,
                               "")
        copy = None if copying is None else self._copying(data, copying, controller)
        host = None
        if attached_to is not None:
            self._may_enter_attached(data if copy is None else copy.card, flipped,
                                     game._rec(attached_to))
        elif zone == "battlefield":
            aura = self._aura_host(data if copy is None else copy.card, flipped, None)
            if aura is not None and aura[1] is None:
                raise IllegalActionError(
                    f"{aura[0]} is an Aura, and there is no creature it could enchant: an Aura "
                    f"enters attached to one ({game._today('303.4f')})",
                    argument="copying" if copy else None)
            host = aura and aura[1]
        rec = game._new_record(data, owner, controller, zone)
        if zone == "battlefield":
            self._enter(rec, flipped, copy, host)
            # Set up, not arrived: as if it had been there since before the game began, so
            # it is free of summoning sickness (302.6).
            rec.status = rec.status.but(since_turn=0)
            if controller != owner:
                # Another player's permanent in the set-up: taken as controlled by an effect
                # (Threaten's, say), which ends if they leave the game (800.4a).
                game._control.append((rec.ref, controller, owner, False))
            game._say(f"{controller} puts {data.name} {game._zone_phrase(zone, owner, True)}"
                      + (" flipped" if flipped else "") + self._copy_words(rec, copy)
                      + self._status_only(rec) + _by_its_flipped_half(name, data, flipped)
                      + ".",
                      kind="copy" if copy else "", rule=_copy_ruling(copy),
                      about=(game._handle(rec),))
            if attached_to is not None:
                self._attach(rec, game._rec(attached_to))
        else:
            game._say(f"{owner} puts {data.name} {game._zone_phrase(zone, owner, True)}"
                      + _by_its_flipped_half(name, data, flipped) + ".")
        game._engine.check(keep)
        return game._handle(rec)

    def _may_enter_attached(self, data: CardData, flipped: bool, host: Record) -> None:
        """Refuse to put the card ``data`` (``flipped``) onto the battlefield attached to
        ``host`` unless it is an Aura that could enchant it: an Aura put onto the battlefield
        is attached to something it could enchant (303.4f)."""
        game = self.game
        half = data.flipped if flipped and data.flipped else data.normal
        if "Aura" not in half.subtypes:
            raise UnusedChoiceError(f"{half.name} is not an Aura; only an Aura enters attached",
                                    argument="attached_to")
        h = game._characteristics(host)
        if host.zone != "battlefield":
            raise IllegalActionError(
                f"{half.name} can enter attached only to a permanent; {h.name} is "
                f"{game._zone_phrase(host.zone, host.owner)}", argument="attached_to")
        why = cannot_enchant(half.name, data.colors, h.name, h.types, h.keywords)
        if why:
            raise IllegalActionError(f"{why}: it cannot enter attached to it "
                                     f"({game._today('303.4f')})", argument="attached_to")

    def _aura_host(self, data: CardData, flipped: bool,
                   entering: Record | None) -> tuple[str, Record | None] | None:
        """For a card entering the battlefield as ``data`` (``flipped``) and not told what it
        enchants: ``None`` if it is not an Aura; else the Aura's name and what it enters
        attached to, the oldest creature it could enchant (303.4f: its controller chooses; the
        model chooses the oldest), or ``None`` if there is none (303.4g)."""
        game = self.game
        half = data.flipped if flipped and data.flipped else data.normal
        if "Aura" not in half.subtypes:
            return None
        return half.name, next((r for r in game._battlefield() if r is not entering and not (
            cannot_enchant(half.name, data.colors, (c := game._characteristics(r)).name,
                           c.types, c.keywords))), None)

    def _status_only(self, rec: Record) -> str:
        """Words for a permanent that enters flipped but is not a flip card (nor a copy of
        one): its flipped status is real (Homura's return gives it) but shows nothing."""
        if not rec.status.flipped or copiable_card(rec.card, rec.status).is_flip_card:
            return ""
        return (f"; {self.game._characteristics(rec).name} is not a flip card, so its flipped "
                "status changes nothing it shows")

    def _enter(self, rec: Record, flipped: bool, copy: _Copying | None = None,
               host: Record | None = None) -> None:
        """It enters the battlefield as a new permanent, with flipped status if told to, and
        as a copy if it is a Clone or Spark Double told what to copy; an Aura that was not
        told what it enchants enters attached to ``host``, chosen by :meth:`_aura_host`.

        Flipped status is a status any permanent can have (rule 110.5 today); only a flip card
        shows another half because of it (508.2), and a permanent that later becomes a copy
        of a flip card keeps it (707.3). A permanent entering as a copy is a copy as it enters
        (614.1c), with its own status: it enters unflipped, the normal version of a flipped
        permanent, and may flip later (ruling 6).
        """
        game = self.game
        now = game._tick()
        rec.status = Status(timestamp=now, flipped=flipped, flipped_at=now if flipped else 0,
                            since_turn=game.turn, copy_of=copy.card if copy else None,
                            copied_at=now if copy else 0)
        rec.cache = None
        if copy is not None:
            game._battlefield_changed()
            if copy.counter and "Creature" in game._characteristics(rec).types:
                rec.status = rec.status.but(counters=(("+1/+1", 1),))
                rec.cache = None
        if host is not None:
            # Not an Aura spell resolving (a Clone of a flipped Curse of the Fire Penguin is
            # the Curse, an Aura; a card put onto the battlefield by an effect): it enters
            # attached to what its controller chooses (303.4f).
            game._set_status(rec, attached_to=host.ref)
            game._say(f"{rec.controller} chooses {game._characteristics(host).name} for "
                      f"{game._characteristics(rec).name} to enchant as it enters: the oldest "
                      f"creature it could enchant ({game._today('303.4f')}).")

    def _copying(self, data: CardData, copying: GameObject, controller: str,
                 entering: Record | None = None) -> _Copying:
        """What ``data``, entering under ``controller``'s control, becomes as a copy of
        ``copying``; an error if the card has no such ability or may not copy that."""
        game = self.game
        rule = cards.record(data.name).enters_as_copy
        if rule is None:
            raise UnusedChoiceError(
                f"{data.name} has no ability to enter as a copy; "
                f"{' and '.join(cards.having('enters_as_copy'))} have", argument="copying")
        source = game._rec(copying)
        chars = game._characteristics(source)
        if source is entering:
            raise IllegalActionError(f"{data.name} cannot enter as a copy of itself",
                                     argument="copying")
        if source.zone != "battlefield":
            raise IllegalActionError(
                f"{data.name} copies a permanent {game._zone_phrase('battlefield', controller)}; "
                f"{chars.name} is {game._zone_phrase(source.zone, source.owner)}",
                argument="copying")
        if not set(rule.types) & set(chars.types):
            wanted = " or ".join(t.lower() for t in rule.types)
            raise IllegalActionError(f"{data.name} copies a {wanted}; {chars.name} is not one",
                                     argument="copying")
        if rule.yours and source.controller != controller:
            raise IllegalActionError(
                f"{data.name} copies a permanent {controller} controls; {chars.name} is "
                f"controlled by {source.controller}", argument="copying")
        copied = copiable_card(source.card, source.status)
        exceptions = []
        # "It isn't legendary if that permanent is legendary" (Spark Double): a copy of an
        # unflipped hero, not legendary, has no such exception, and is legendary once it flips.
        if rule.not_legendary and "Legendary" in chars.supertypes:
            copied = not_legendary(copied)
            exceptions.append("not legendary")
        if rule.counter:
            exceptions.append("with an additional +1/+1 counter")
        words = f" as a copy of {chars.name}" + (f" ({', '.join(exceptions)})" if exceptions
                                                 else "")
        return _Copying(copied, rule.counter, words)

    def _copy_words(self, rec: Record, copy: _Copying | None) -> str:
        """For the log: what a permanent that entered as a copy copied, and what it is now."""
        return "" if copy is None else f"{copy.words}: it is {self.game._characteristics(rec).name}"

    def _attach(self, aura: Record, target: Record) -> None:
        game = self.game
        aura_name = game._characteristics(aura).name
        if "Aura" not in game._characteristics(aura).subtypes:
            raise IllegalActionError(f"{aura_name} is not an Aura; only Auras are attached here")
        if aura.zone != "battlefield" or target.zone != "battlefield":
            raise IllegalActionError("both the Aura and what it enchants must be "
                                     f"{game._zone_phrase('battlefield', aura.owner)} to attach")
        if aura is target:
            raise IllegalActionError(f"{aura_name} cannot be attached to itself")
        # It gets a new timestamp as it becomes attached (613.7e; 2004: the same): its effects
        # on what it enchants now apply after those that began earlier.
        game._set_status(aura, attached_to=target.ref, timestamp=game._tick())
        game._say(f"{aura_name} is attached to {game._characteristics(target).name}.")

    def move(
        self, obj: GameObject, to: str, *, flipped: bool = False,
        attach_to: GameObject | None = None, controller: str | None = None,
        copying: GameObject | None = None, keep: Iterable[GameObject] = ()
    ) -> GameObject:
        """The rules of :meth:`Game.move <flipcards.Game.move>`."""
        game = self.game
        rec = game._rec(obj)
        to = game.zone_name(to)
        if rec.zone is None:
            raise IllegalActionError(f"{game._gone(rec)}; it cannot move")
        if to == rec.zone and to != "library":
            # Only a zone change makes a new object (400.7); the library's move puts the card
            # on top, so it alone has a meaning within its zone.
            raise IllegalActionError(
                f"{game._characteristics(rec).name} is already "
                f"{game._zone_phrase(to, rec.owner)}: a move takes a card to another zone",
                argument="to")
        wrong = _only_on_battlefield(to, flipped=flipped, controller=controller is not None,
                                     attach_to=attach_to, copying=copying)
        if wrong:
            raise UnusedChoiceError(
                f"a card can enter {_ENTERING[wrong][0]} only "
                f"{game._zone_phrase('battlefield', rec.owner, into=True)}, not "
                f"{game._zone_phrase(to, rec.owner, into=True)}", argument=wrong)
        if to == "battlefield":
            _never_a_permanent(game, game._characteristics(rec),
                               game._zone_phrase(rec.zone, rec.owner))
        if controller is not None:
            game._in_game(controller, "controller")
        copy = None if copying is None else self._copying(
            rec.card, copying, controller if controller is not None else rec.owner, rec)
        if attach_to is not None:
            self._may_enter_attached(rec.card if copy is None else copy.card, flipped,
                                     game._rec(attach_to))
        self._zone_change(rec, to, flipped, controller=controller, copy=copy,
                          host_given=attach_to is not None)
        if attach_to is not None and rec.zone == "battlefield":
            self._attach(rec, game._rec(attach_to))
        game._engine.check(keep)
        return obj

    def _zone_change(self, rec: Record, to: str, flipped: bool = False, why: str = "",
                     controller: str | None = None, copy: _Copying | None = None,
                     host_given: bool = False) -> None:
        """``rec`` goes to the zone ``to`` and is a new object (400.7). One entering the
        battlefield as an Aura that is not told what it enchants (``host_given``: an Aura
        spell's target, or the mover's choice) enters attached to a creature it could enchant
        (303.4f); with none, it stays where it is, or goes from the stack to its owner's
        graveyard (303.4g)."""
        game = self.game
        host = None
        if to == "battlefield":
            choice = game._copy_choice
            if copy is None and choice is not None \
                    and cards.record(rec.card.name).enters_as_copy is not None:
                try:
                    copy = self._copying(rec.card, choice.copying, controller or rec.owner, rec)
                except IllegalActionError as refused:
                    if choice.now:        # (the game is put back: Game.resolve)
                        chosen = game._characteristics(game._rec(choice.copying)).name
                        raise IllegalActionError(
                            f"{rec.card.name} cannot enter as a copy of {chosen}: {refused}",
                            argument="copying") from None
                    game._say(f"{rec.card.name} cannot enter as the copy chosen ({refused}): "
                              f"it {game._wording('enters', 'comes into play')} as itself.")
            aura = None if host_given else self._aura_host(
                rec.card if copy is None else copy.card, flipped, rec)
            if aura is not None and aura[1] is None:
                name = game._characteristics(rec).name
                name = "it" if name == aura[0] else name
                if rec.zone != "stack":
                    game._say(f"There is no creature {aura[0]} could enchant: {name} stays "
                              f"{game._zone_phrase(rec.zone, rec.owner)} "
                              f"({game._today('303.4g')}).")
                    return
                game._say(f"There is no creature {aura[0]} could enchant: {name} is put into "
                          f"{possessive(rec.owner)} graveyard instead "
                          f"({game._today('303.4g')}).")
                to, flipped, copy = "graveyard", False, None
            host = aura and aura[1]
        last_known = game._characteristics(rec)
        last_controller = rec.controller
        before = last_known.name
        came_from = rec.zone
        old_ref = rec.ref
        game._last_known[old_ref] = (last_known, last_controller)
        shuffled = (to == "graveyard"
                    and cards.record(game._printed_abilities(rec)).shuffled_instead)
        if shuffled:
            # Its own replacement effect (614.1a): "if it would be put into a graveyard from
            # anywhere", it is shuffled into its owner's library instead. A shuffle's order is
            # not modelled: the card goes to the bottom.
            game._say(f"{before} would be put into {possessive(rec.owner)} graveyard; it is "
                      f"shuffled into {possessive(rec.owner)} library instead.")
            to = "library"
        for item in (*game._engine.items, *game._engine.triggered):
            if item.source_ref == old_ref and not item.left_as and item.kind != "spell":
                item.left_as = before     # its abilities are named as it last was (113.7a)
        rec.incarnation += 1
        rec.zone = to
        rec.order = game._tick()
        if shuffled:
            rec.order = -rec.order
        game._battlefield_changed()
        game._tokens_left = game._tokens_left or (rec.token and to != "battlefield")
        rec.controller = controller if to == "battlefield" and controller else rec.owner
        rec.status = Status()
        rec.cache = None
        if came_from == "stack":
            # A spell that leaves the stack (e.g. it is countered) will not resolve.
            game._engine.items = [i for i in game._engine.items
                                  if not (i.kind == "spell" and i.source._key == rec.key)]
        self._end_effects_on_old_objects()
        if to == "battlefield":
            self._enter(rec, flipped, copy, host)
        if came_from == "battlefield":
            source = "from play" if game.edition == "2004" else "from the battlefield"
        else:
            source = "from " + game._zone_phrase(came_from, rec.owner).split(" ", 1)[1]
        into = game._zone_phrase(to, rec.owner, True)
        line = f"{before} is put {into} {source}"
        if to == "battlefield" and rec.controller != rec.owner:
            line += f" under {rec.controller}'s control"
        if flipped:
            line += ", flipped"
        after = game._characteristics(rec).name
        if copy is not None:
            line += ("," if flipped else "") + copy.words + f"; it is a new object: {after}"
        elif after != before:
            line += f"; it is a new object: {after}"
        line += self._status_only(rec) if to == "battlefield" else ""
        game._say(f"{why}{line}.", kind="copy" if copy else "",
                  rule=_copy_ruling(copy), about=(game._handle(rec),))
        if came_from == "battlefield" and to == "graveyard":
            left = Left(rec, old_ref, before, last_controller, not last_known.lost_abilities,
                        "Creature" in last_known.types)
            if game._leaving_together is not None:
                game._leaving_together.append(left)  # it dies once all have left
            elif left.creature:
                game._engine.creature_died(rec, old_ref, before, last_controller, left.abilities)

    def _end_effects_on_old_objects(self) -> None:
        """Effects aimed at an object that has since become a new one end with it (400.7)."""
        game = self.game
        game._effects = [e for e in game._effects
                         if e.target is None or game._records[e.target[0]].ref == e.target]

    def _leave_game(self, player: str) -> None:
        """A player who loses a game that goes on leaves it (800.4a): every object the player
        owns leaves the game with them, and the abilities they control on the stack cease to
        exist (what they control of another player's goes back to that player, or is exiled:
        ``Actions._control_ends``). Nothing dies: leaving the game is not going to a
        graveyard."""
        game = self.game
        gone = [rec for rec in game._records.values()
                if rec.owner == player and rec.zone is not None]
        for rec in gone:
            rec.zone, rec.incarnation, rec.status, rec.cache = None, rec.incarnation + 1, \
                Status(), None
        # Their spells left with their cards, and the abilities they control cease to exist;
        # an ability another player controls stays, whoever owned its source (113.7a).
        keys = {rec.key for rec in gone}
        game._engine.items = [i for i in game._engine.items if i.controller != player
                              and not (i.kind == "spell" and i.source._key in keys)]
        self._end_effects_on_old_objects()
        game._battlefield_changed()
        cite = game._leaving_cite
        owned = (f", and with them the {len(gone)} object{'s' * (len(gone) != 1)} {player} "
                 "owns" if gone else "")
        game._say(f"{player} has lost and leaves the game{owned} ({cite}).", about=(player,))

    def draw(self, player: str, count: int = 1, *,
             keep: Iterable[GameObject] = ()) -> list[GameObject]:
        """The rules of :meth:`Game.draw <flipcards.Game.draw>`."""
        game = self.game
        game._in_game(player)
        drawn = []
        count = count_of(count)
        if count == 0:
            game._say(f"{player} draws no card.")
        for _ in range(count):
            library = game.objects("library", player)
            if not library:
                # Attempting it is what loses the game, at the next check (704.5b; 2004:
                # 420.5b), even if no card was asked for after the first.
                game._drew_from_empty.add(player)
                game._say(f"{player} has no card left to draw.")
                break
            rec = library[-1]._record
            rec.zone, rec.incarnation, rec.order, rec.cache = "hand", rec.incarnation + 1, \
                game._tick(), None
            drawn.append(game._handle(rec))
        if drawn:
            game._say(f"{player} draws {len(drawn)} card{'s' * (len(drawn) != 1)}.")
        game._engine.check(keep)
        return drawn

    def discard(self, obj: GameObject, *, keep: Iterable[GameObject] = ()) -> None:
        """The rules of :meth:`Game.discard <flipcards.Game.discard>`."""
        game = self.game
        rec = game._rec(obj)
        game._only_in(rec, "hand", "only a card in a hand can be discarded")
        game._say(f"{rec.owner} discards {game._characteristics(rec).name}.")
        self._zone_change(rec, "graveyard", why="")
        game._engine.check(keep)

    def create_token(self, name: str, controller: str | None = None, *,
                     keep: Iterable[GameObject] = ()) -> GameObject:
        """The rules of :meth:`Game.create_token <flipcards.Game.create_token>`."""
        game = self.game
        data = token(name)
        controller = game._in_game(
            controller if controller is not None else game.active_player, "controller",
            then="" if controller is not None else
            "; it is still their turn: say who controls the token")
        rec = game._new_record(data, controller, controller, "battlefield", token=True)
        self._enter(rec, False)
        # The token as it is made (a 1/1 Snake), not as effects make it now.
        size = f"{data.normal.power}/{data.normal.toughness}"
        game._say(game._wording(
            f"{controller} creates a {size} {data.name} token.",
            f"{controller} puts a {size} {data.name} token into play."))
        game._engine.check(keep)
        return game._handle(rec)

    def copy(self, obj: GameObject, *, controller: str | None = None,
             keep: Iterable[GameObject] = ()) -> GameObject:
        """The rules of :meth:`Game.copy <flipcards.Game.copy>`."""
        game = self.game
        rec = game._rec(obj)
        if rec.zone is None:
            raise IllegalActionError(f"{game._gone(rec)}: there is nothing to copy")
        copied = copiable_card(rec.card, rec.status)
        controller = game._in_game(controller if controller is not None else rec.controller,
                                   "controller")
        token_rec = game._new_record(copied, controller, controller, "battlefield", token=True)
        self._enter(token_rec, False)
        copy = (f"a token that is a copy of {game._characteristics(rec).name}: "
                f"{game._characteristics(token_rec).name}")
        game._say(game._wording(f"{controller} creates {copy}.",
                                f"{controller} puts into play {copy}."), "copy",
                  "ruling-6" if copied.is_flip_card else "",
                  (game._handle(token_rec), obj))
        game._engine.check(keep)
        return game._handle(token_rec)

    def reveal_hand(self, player: str, *, keep: Iterable[GameObject] = ()) -> list[GameObject]:
        """The rules of :meth:`Game.reveal_hand <flipcards.Game.reveal_hand>`."""
        game = self.game
        hand = game.objects("hand", player)
        game._say(f"{player} reveals their hand: {series(o.name for o in hand) or 'no cards'}.")
        self._looked(keep)
        return hand

    def _looked(self, keep: Iterable[GameObject]) -> None:
        """After a look (a search, a naming, a revealed hand), which changes nothing: what the
        actions before it left waiting on the stack goes on waiting (as after an ``expect``)."""
        engine = self.game._engine
        with engine.holding_priority():
            engine.check(keep)

    def search(self, zone: str, player: str | None = None, for_: Filter | None = None, *,
               keep: Iterable[GameObject] = ()) -> list[GameObject]:
        """The rules of :meth:`Game.search <flipcards.Game.search>`."""
        game = self.game
        player = game.players[0] if player is None else player
        if for_ is not None and not isinstance(for_, Filter):
            raise FlipCardsError(f"search for a Filter, not {for_!r}")
        found = [
                 o for o in game.objects(zone, player)
                 if for_ is None or matches(for_, game._characteristics(o._record), o.controller)
        ]
        zone = game.zone_name(zone)
        # The battlefield holds permanents, the player's part of it those they control; the
        # other zones hold cards (in 2004 words: play, the removed-from-the-game zone).
        on_battlefield = zone == "battlefield"
        what = (for_.describe() if on_battlefield else for_.describe().replace(
            " permanents", " cards")) if for_ else ("any permanent" if on_battlefield
                                                     else "any card")
        where = (f"the permanents {player} controls" if on_battlefield else
                 f"{player}'s cards {game._zone_phrase(zone, player)}" if zone == "exile" else
                 f"{player}'s {zone}")
        names = series(o.name for o in found) or "nothing"
        game._say(f"{player} searches {where} for {what}: finds {names}.")
        self._looked(keep)
        return found

    def name_card(self, name: str, *, keep: Iterable[GameObject] = ()) -> NamingResult:
        """The rules of :meth:`Game.name_card <flipcards.Game.name_card>`."""
        game = self.game
        if not isinstance(name, str):
            raise FlipCardsError(f"a name to name must be a string, not {name!r}",
                                 argument="name")
        data = card(name)  # an unknown name raises, with suggestions
        exact = next((n for n in data.names if n.casefold() == " ".join(name.split()).casefold()),
                     None)
        legal = exact is not None
        chosen = exact or name
        found = tuple(
                      game._handle(r) for r in sorted(game._records.values(), key=lambda r: r.order)
                      if r.zone is not None and legal
                      and game._characteristics(r).name.casefold() == chosen.casefold()
        )
        if legal:
            game._say(f"{game.players[0]} names {chosen}: {len(found)} object"
                      f"{'' if len(found) == 1 else 's'} with that name.", "naming", "ruling-5",
                      found)
        else:
            game._say(f"{name} is not a card name (name one half of the card); nothing is named.",
                      "naming", "ruling-5")
        self._looked(keep)
        return NamingResult(chosen, legal, found)


def _bad_name(name: object) -> CardData:
    raise FlipCardsError(f"a card name must be a string, not {name!r}")
