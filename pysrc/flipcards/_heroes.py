"""What the flip conditions and the other abilities of the cards are made of (rule 508.1a).

Abilities belong to a *half*: a permanent has the abilities of the half it shows. So the
flipping abilities live on the normal half and stop working once it has flipped. Each half's
abilities are in its record (:mod:`flipcards.cards`); this module holds the pieces they share:

- :class:`Activated`: what :meth:`Game.activate` does for a half: the costs it pays and the
  targets it checks when activated (a {T} is: the permanent must be untapped and becomes
  tapped), and what it does when it resolves (rule 602);
- :func:`state_trigger` and :func:`flip_trigger`: the abilities that flip a permanent, as
  they go on the stack (603.8, 603);
- :func:`flip_if_at_least`: "if you have N or more …, flip it", counted as an ability resolves;
- :func:`returner`: "when this dies, return it to the battlefield";
- :func:`check_protection` and :func:`tap_cost`.

Abilities act on the game only through :class:`~flipcards._card_rules.CardRules`, and read
what their player chose from :class:`~flipcards._card_rules.Choices`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ._card_rules import CardRules, Choices
from ._cards import possessive, untargetable
from ._errors import IllegalActionError
from ._events import Event, StackItem
from ._objects import GameObject

__all__ = ["Activated", "check_protection", "flip_if_at_least", "flip_trigger", "returner",
           "state_trigger", "tap_cost"]


@dataclass(frozen=True)
class Activated:
    """An activated ability: ``pay`` checks its targets and pays its costs when it is
    activated, and returns the choices with what that recorded (the target as the object it
    is then); ``resolve`` does what it says when it resolves (rule 602.2, 608.2)."""

    text: str
    pay: Callable[[CardRules, GameObject, Choices], Choices]
    resolve: Callable[[CardRules, StackItem, Choices], None]
    mana: str = ""        # its mana cost, paid from the pool when the game pays costs
    #: A choice made only as it resolves (608.2): the name of the activation's field that may
    #: announce it ahead ("to", "land", "discard"), and what makes a chosen object legal.
    choice: str = ""
    legal_choice: Callable[[CardRules, StackItem, Choices, GameObject], str] | None = None
    #: The activation's fields it takes (the keys of ``ACTIVATION_CHOICES``); any other is
    #: refused.
    takes: tuple[str, ...] = ()

    @property
    def needs(self) -> tuple[str, ...]:
        """Of the fields it takes, those it cannot be activated without: its target and what
        its costs take (a choice made as it resolves has a default; a payment may be refused).

        >>> Activated("", tap_cost, print, choice="to", takes=("target", "to", "pays")).needs
        ('target',)
        """
        return tuple(f for f in self.takes if f not in (self.choice, "pays"))


def state_trigger(game: CardRules, me: GameObject, name: str, why: str) -> StackItem:
    """The ability of a state trigger (rule 603.8) such as "when Student of Elements has
    flying, flip it", of the half ``name``; ``why`` is what the log says triggered it. It
    triggers once; it has no intervening "if", so when it resolves it flips the permanent
    whether or not the state still holds."""

    def resolve(item: StackItem) -> None:
        if not game.flip_source(item):
            game.endless_state_trigger(item, name)

    return StackItem(me, why, resolve, state=True, does="flip it")


def flip_trigger(game: CardRules, me: GameObject, why: str,
                 condition: Callable[[], bool] | None = None, may: bool = False) -> StackItem:
    """A triggered ability that flips its source (``condition``: an intervening "if",
    checked again as it resolves, 603.4; ``may``: its controller may decline it)."""
    return StackItem(me, why, lambda item: game.flip_source(item), may=may, condition=condition,
                     does="flip it")


def flip_if_at_least(game: CardRules, item: StackItem, count: Callable[[str], int],
                     at_least: int, in_words: str, counted: str) -> None:
    """"If you have ``at_least`` or more …, flip it", as the ability ``item`` resolves:
    ``count`` counts what the ability's controller has then; the log says how many, worded by
    ``counted`` with ``{}`` for the number and ``{s}`` for a plural's s ("has {} card{s} in
    hand"), and either flips the source or says how many are needed (``in_words``:
    ``at_least`` spelled out, "nine")."""
    player = item.controller
    number = count(player)
    has = f"{player} {counted.format(number, s='' if number == 1 else 's')}"
    if number >= at_least:
        game.say(f"{has} ({in_words} or more).")
        game.flip_source(item)
    else:
        game.say(f"{has}; {in_words} are needed to flip.")


def tap_cost(game: CardRules, me: GameObject, choices: Choices) -> Choices:
    """The cost {T} (mana in the cost is the ability's own ``mana``, paid before it)."""
    game.tap_for_cost(me)
    return choices


def check_protection(game: CardRules, source: GameObject, target: GameObject) -> None:
    """A permanent with protection from a color cannot be the target of abilities from a
    source of that color (702.16b; 2004: 502.7b), one with shroud of any (702.18a), one with
    hexproof of an opponent's (702.11b)."""
    why = untargetable(target.keywords, target.name, source.colors,
                       opponent=source.controller != target.controller, edition=game.edition)
    if why:
        quality, cite = why
        raise IllegalActionError(f"{target.name} {quality}, so {possessive(source.name)} "
                                 f"ability cannot target it ({cite})", argument="target")


def returner(game: CardRules, me: GameObject, event: Event, *, flipped: bool,
             cannot_enchant: Callable[[GameObject, GameObject], str] | None = None
             ) -> StackItem | None:
    """"When this dies, return it to the battlefield": ``it`` is the card that died, as the
    new object it is in the graveyard; if it has left the graveyard, nothing returns. A card
    that returns as an Aura (``cannot_enchant``: why it could not enter attached to a
    creature) enters attached to the creature ``resolve`` is told to ``choose`` (303.4f), else
    to the oldest it could enchant.

    Who controls it: the player who put it onto the battlefield — the controller of the
    ability, who controlled the permanent when it died (today 603.3a, 110.2a; in 2004 "a
    permanent's controller is the player who put it into play").
    """
    if not (event.kind == "dies" and event.ref is not None
            and event.ref[0] == game.ref(me)[0]):
        return None
    dead = event.ref[0], event.ref[1] + 1  # the card as it is now, in the graveyard

    def back(item: StackItem) -> None:
        if game.ref(me) != dead or me.zone != "graveyard":
            leaves = game.wording("leaves the battlefield", "leaves play")
            gone = (f"a token that {leaves} ceases to exist ({game.today('111.7')})"
                    if me.is_token
                    else "the card has left the graveyard")
            game.say(f"{possessive(item.named)} ability does nothing: {gone}.")
            return
        # An Aura enters attached to what it could enchant, or stays (303.4f, 303.4g).
        # (A creature chosen was found legal as the resolve began: legal_choice.)
        game.move(me, "battlefield", flipped=flipped, attach_to=item.chosen,
                  controller=item.controller)

    returns = game.wording("return it to the battlefield", "return it to play")
    return StackItem(me, game.wording("it died", "it was put into a graveyard from play"), back,
                     does=f"{returns} flipped" if flipped else returns, follows_source=False,
                     choice="enchant" if cannot_enchant else "",
                     legal_choice=None if cannot_enchant is None
                     else lambda item, host: cannot_enchant(me, host))
