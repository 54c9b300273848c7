"""The card gallery's examples: one short game per flip card in which the card earns its flip.

Data, not behaviour: the gallery (:mod:`flipcards_site.gallery`) writes each entry's ``intro``
as a paragraph and its ``code`` as a ``flipcards`` fence, so every example runs at build time
like any other. Each game prints the card before and after, and the log lines that show *why*
it flipped. Curse of the Fire Penguin has no condition, so its example flips it by instruction
and shows its return ability instead; its ``intro`` says what the model does and does not do.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["CARD_EXAMPLES", "FLIPPED_EXAMPLES", "CardExample"]


@dataclass(frozen=True)
class CardExample:
    """A card's example: a sentence (Markdown) that says what happens, and the code."""

    intro: str
    code: str


# The five Betrayers of Kamigawa ki cards flip the same way: two ki counters, then an end step.
_KI_CARD = """\
from flipcards import Game

game = Game("2004")
card = game.put({name})
print(card)
game.cast("Kami of Ancient Law")   # a Spirit spell: a ki counter
game.cast("Cranial Extraction")    # an Arcane spell: a second one
game.end_step()
print(*game.log[-2:], sep="\\n")
print(card)"""

_KI_INTRO = ("Alice casts a Spirit spell and an Arcane spell, so {name} gets two ki counters; "
             "at the end step she chooses to flip it.")


def _ki_card(name: str) -> CardExample:
    return CardExample(_KI_INTRO.format(name=name), _KI_CARD.format(name=f'"{name}"'))


#: One example per flip card, by the name of its normal half.
CARD_EXAMPLES: dict[str, CardExample] = {
    # --- Champions of Kamigawa: the heroes ---------------------------------------------------
    "Bushi Tenderfoot": CardExample(
        "Bushi Tenderfoot deals 1 damage to Bob's Grizzly Bears; one more damage finishes the "
        "bears off in the same turn, and Bushi Tenderfoot flips.",
        """\
from flipcards import Game

game = Game("2004")
bushi = game.put("Bushi Tenderfoot")
bears = game.put("Grizzly Bears", owner="Bob")
print(bushi)
game.deal_damage(bushi, bears, 1)
game.damage(bears, 1)              # one more damage, from anywhere
print(*game.log[-4:], sep="\\n")
print(bushi)"""),
    "Kitsune Mystic": CardExample(
        "Two Auras on Kitsune Mystic when the end step begins: it flips.",
        """\
from flipcards import Game

game = Game("2004")
mystic = game.put("Kitsune Mystic")
game.put("Pacifism", attached_to=mystic)
game.put("Pacifism", attached_to=mystic)
print(mystic)
game.end_step()
print(*game.log[-3:], sep="\\n")
print(mystic)"""),
    "Jushi Apprentice": CardExample(
        "With eight cards in hand, Jushi Apprentice's ability draws the ninth, and it flips.",
        """\
from flipcards import Game

game = Game("2004")
jushi = game.put("Jushi Apprentice")
for _ in range(8):
    game.put("Island", zone="hand")
game.put("Island", zone="library")
print(jushi)
game.activate(jushi)               # draw a card: nine in hand
print(*game.log[-3:], sep="\\n")
print(jushi)"""),
    "Student of Elements": CardExample(
        "An effect gives Student of Elements flying, and it flips at once.",
        """\
from flipcards import Game

game = Game("2004")
student = game.put("Student of Elements")
print(student)
game.add_effect("add_keyword", student, keyword="Flying")
print(*game.log[-2:], sep="\\n")
print(student)"""),
    "Nezumi Graverobber": CardExample(
        "Nezumi Graverobber exiles the last card of Bob's graveyard; the graveyard is empty, so "
        "it flips.",
        """\
from flipcards import Game

game = Game("2004")
robber = game.put("Nezumi Graverobber")
last = game.put("Grizzly Bears", zone="graveyard", owner="Bob")
print(robber)
game.activate(robber, target=last)
print(*game.log[-3:], sep="\\n")
print(robber)"""),
    "Nezumi Shortfang": CardExample(
        "Bob discards his only card to Nezumi Shortfang's ability; his hand is empty, so it "
        "flips.",
        """\
from flipcards import Game

game = Game("2004")
fang = game.put("Nezumi Shortfang")
game.put("Shock", zone="hand", owner="Bob")
print(fang)
game.activate(fang, target="Bob")
print(*game.log[-3:], sep="\\n")
print(fang)"""),
    "Akki Lavarunner": CardExample(
        "Akki Lavarunner deals 1 damage to Bob, an opponent, and flips.",
        """\
from flipcards import Game

game = Game("2004")
akki = game.put("Akki Lavarunner")
print(akki)
game.deal_damage(akki, "Bob", 1)
print(*game.log[-3:], sep="\\n")
print(akki)"""),
    "Initiate of Blood": CardExample(
        "Runeclaw Bear damages Bob's Grizzly Bears, which makes them a legal target; Initiate of "
        "Blood's 1 damage kills them that turn, and it flips.",
        """\
from flipcards import Game

game = Game("2004")
initiate = game.put("Initiate of Blood")
bears = game.put("Grizzly Bears", owner="Bob")
game.deal_damage(game.put("Runeclaw Bear"), bears, 1)
print(initiate)
game.activate(initiate, target=bears)
print(*game.log[-4:], sep="\\n")
print(initiate)"""),
    "Budoka Gardener": CardExample(
        "Nine Forests in play and Budoka Gardener's ability puts a tenth from the hand: it flips.",
        """\
from flipcards import Game

game = Game("2004")
gardener = game.put("Budoka Gardener")
for _ in range(9):
    game.put("Forest")
tenth = game.put("Forest", zone="hand")
print(gardener)
game.activate(gardener, land=tenth)
print(*game.log[-3:], sep="\\n")
print(gardener)"""),
    "Orochi Eggwatcher": CardExample(
        "Orochi Eggwatcher and eight Snakes: its ability makes the tenth creature, and it flips.",
        """\
from flipcards import Game

game = Game("2004")
eggwatcher = game.put("Orochi Eggwatcher")
for _ in range(8):
    game.create_token("Snake")
print(eggwatcher)
game.activate(eggwatcher)          # the tenth creature
print(*game.log[-3:], sep="\\n")
print(eggwatcher)"""),
    # --- Betrayers of Kamigawa: ki counters ----------------------------------------------------
    "Faithful Squire": _ki_card("Faithful Squire"),
    "Callow Jushi": _ki_card("Callow Jushi"),
    "Hired Muscle": _ki_card("Hired Muscle"),
    "Cunning Bandit": _ki_card("Cunning Bandit"),
    "Budoka Pupil": _ki_card("Budoka Pupil"),
    # --- Saviors of Kamigawa: the Ascendants ---------------------------------------------------
    "Rune-Tail, Kitsune Ascendant": CardExample(
        "Alice goes from 29 to 30 life, and Rune-Tail flips.",
        """\
from flipcards import Game

game = Game("2004")
rune_tail = game.put("Rune-Tail, Kitsune Ascendant")
game.gain_life("Alice", 9)
print(rune_tail)
game.gain_life("Alice", 1)
print(*game.log[-3:], sep="\\n")
print(rune_tail)"""),
    "Erayo, Soratami Ascendant": CardExample(
        "Alice and Bob cast four spells in one turn; the fourth flips Erayo before it "
        "resolves, and Bob's Giant Growth finds its target an enchantment.",
        """\
from flipcards import Game

game = Game("2004")
erayo = game.put("Erayo, Soratami Ascendant")
game.cast("Shock", target="Bob")
game.cast("Giant Growth", player="Bob", target=erayo)
game.cast("Shock", target="Bob")
print(erayo)
game.cast("Giant Growth", player="Bob", target=erayo)    # the fourth spell
print(*game.log[-5:-1], sep="\\n")
print(erayo)"""),
    "Kuon, Ogre Ascendant": CardExample(
        "Three of Bob's creatures die during Alice's turn; at the end step Kuon flips.",
        """\
from flipcards import Game

game = Game("2004")
kuon = game.put("Kuon, Ogre Ascendant")
for _ in range(3):
    game.damage(game.put("Grizzly Bears", owner="Bob"), 2)
print(kuon)
print(game.creatures_died_this_turn, "creatures died this turn")
game.end_step()
print(*game.log[-2:], sep="\\n")
print(kuon)"""),
    "Homura, Human Ascendant": CardExample(
        "Homura never flips in play: it dies, and comes back already flipped, a new object.",
        """\
from flipcards import Game

game = Game("2004")
homura = game.put("Homura, Human Ascendant")
print(homura)
game.damage(homura, 4)
print(*game.log[-3:], sep="\\n")
print(homura)"""),
    "Sasaya, Orochi Ascendant": CardExample(
        "Alice reveals a hand of seven lands to Sasaya's ability, and it flips.",
        """\
from flipcards import Game

game = Game("2004")
sasaya = game.put("Sasaya, Orochi Ascendant")
for _ in range(7):
    game.put("Forest", zone="hand")
print(sasaya)
game.activate(sasaya)
print(*game.log[-3:], sep="\\n")
print(sasaya)"""),
    # --- Unhinged -------------------------------------------------------------------------------
    "Curse of the Fire Penguin": CardExample(
        "Nothing printed flips this joke card, so this example flips it with the instruction "
        "`game.flip(curse)`. Simulated: its \"enchant creature\", what its \"consumes and "
        "confuses\" means in rules terms (the enchanted creature is a 6/5 Penguin with trample "
        "and no other abilities while the Aura is on it, as the example under \"Flipped\" "
        "shows), the flip (the flipped penguin is no longer an Aura, so it comes off the bears), "
        "and the penguin's return: when it dies, the card comes back into play as an unflipped "
        "Aura on the oldest creature in play. Not simulated: a reason to flip; the card prints "
        "none.",
        """\
from flipcards import Game

game = Game("2004")
bears = game.put("Grizzly Bears", owner="Bob")
curse = game.put("Curse of the Fire Penguin", attached_to=bears)
print(curse)
game.flip(curse)                   # no condition: the instruction itself
print(curse)
game.damage(curse, 5)              # the penguin dies...
print(*game.log[-3:], sep="\\n")
print(curse)                       # ...and the Aura is back"""),
}


#: A second example per flip card, by the name of its normal half: the flipped half at work.
FLIPPED_EXAMPLES: dict[str, CardExample] = {
    "Bushi Tenderfoot": CardExample(
        "Kenzo the Hardhearted attacks and Bob blocks with a 3/9. Bushido 2 makes Kenzo a 5/6 "
        "for the turn, and double strike lets it deal its damage twice: once in the "
        "first-strike step and again in the regular one, 10 in all.",
        """\
from flipcards import Game

game = Game("current")
kenzo = game.put("Bushi Tenderfoot", flipped=True)
wall = game.put("Grizzly Bears", owner="Bob")
game.add_effect("modify_pt", wall, power=1, toughness=7)   # a 3/9
game.attack([kenzo])
game.block(wall, kenzo)
game.combat_damage()
print(*[line for line in game.log if "deals" in line or "bushido" in line.lower()], sep="\\n")
print(kenzo)
print(wall)"""),
    "Kitsune Mystic": CardExample(
        "Autumn-Tail moves an Aura from one creature to another: here the Pacifism Bob put on "
        "it goes onto Bob's own Grizzly Bears.",
        """\
from flipcards import Game

game = Game("2004")
autumn = game.put("Kitsune Mystic", flipped=True)
bears = game.put("Grizzly Bears", owner="Bob")
pacifism = game.put("Pacifism", owner="Bob", attached_to=autumn)
game.activate(autumn, target=pacifism, to=bears)
print(*game.log[-2:], sep="\\n")
print(pacifism)"""),
    "Jushi Apprentice": CardExample(
        "Tomoya the Revealer makes a player draw as many cards as Alice holds: with three "
        "cards in her hand, Bob draws three.",
        """\
from flipcards import Game

game = Game("2004")
tomoya = game.put("Jushi Apprentice", flipped=True)
for _ in range(3):
    game.put("Island", zone="hand")
    game.put("Shock", zone="library", owner="Bob")
game.activate(tomoya, target="Bob")
print(*game.log[-3:], sep="\\n")"""),
    "Student of Elements": CardExample(
        "Tobita, Master of Winds gives every creature Alice controls flying: her Grizzly Bears "
        "fly over Bob's Runeclaw Bear, which cannot block them.",
        """\
from flipcards import Game, IllegalActionError

game = Game("2004")
bears = game.put("Grizzly Bears")
theirs = game.put("Runeclaw Bear", owner="Bob")
game.put("Student of Elements", flipped=True)
print(bears.keywords, theirs.keywords)
game.attack([bears])
try:
    game.block(theirs, bears)
except IllegalActionError as error:
    print(error)
game.combat_damage()
print(game.life("Bob"), "life")"""),
    "Nezumi Graverobber": CardExample(
        "Nighteyes the Desecrator brings a creature card back from any graveyard, under "
        "Alice's control even though Bob owns it.",
        """\
from flipcards import Game

game = Game("2004")
nighteyes = game.put("Nezumi Graverobber", flipped=True)
bears = game.put("Grizzly Bears", zone="graveyard", owner="Bob")
game.activate(nighteyes, target=bears)
print(bears)"""),
    "Nezumi Shortfang": CardExample(
        "Stabwhisker the Odious punishes an opponent's small hand: Bob starts his turn with "
        "one card, two short of three, and loses 2 life in his upkeep.",
        """\
from flipcards import Game

game = Game("2004")
game.put("Nezumi Shortfang", flipped=True)
game.put("Island", zone="hand", owner="Bob")
game.next_turn()                     # Bob's turn: his upkeep begins
print(*game.log[-3:], sep="\\n")"""),
    "Akki Lavarunner": CardExample(
        "Tok-Tok, Volcano Born adds 1 to the damage any red source deals to a player, and "
        "protection from red keeps red damage off itself.",
        """\
from flipcards import Game

game = Game("2004")
toktok = game.put("Akki Lavarunner", flipped=True)
shock = game.put("Shock", zone="graveyard")
game.deal_damage(shock, "Bob", 2)
game.deal_damage(shock, toktok, 2)
print(*game.log[-3:], sep="\\n")
print(toktok)"""),
    "Initiate of Blood": CardExample(
        "Goka the Unjust finishes off a creature that was already hurt this turn, with 4 "
        "damage instead of 1.",
        """\
from flipcards import Game

game = Game("2004")
goka = game.put("Initiate of Blood", flipped=True)
ogre = game.put("Grizzly Bears", owner="Bob")
game.add_effect("modify_pt", ogre, power=2, toughness=2)   # a 4/4
game.deal_damage(game.put("Shock", zone="graveyard"), ogre, 1)
game.activate(goka, target=ogre)
print(*game.log[-4:], sep="\\n")"""),
    "Budoka Gardener": CardExample(
        "Dokai, Weaver of Life makes an Elemental token as big as the number of lands Alice "
        "controls when the ability resolves.",
        """\
from flipcards import Game

game = Game("2004")
dokai = game.put("Budoka Gardener", flipped=True)
for _ in range(5):
    game.put("Forest")
game.activate(dokai)
print(game.objects("battlefield", "Alice")[-1])"""),
    "Orochi Eggwatcher": CardExample(
        "Shidako, Broodmistress sacrifices a creature to give another +3/+3 until end of turn.",
        """\
from flipcards import Game

game = Game("2004")
shidako = game.put("Orochi Eggwatcher", flipped=True)
snake = game.create_token("Snake", "Alice")
bears = game.put("Grizzly Bears")
game.activate(shidako, target=bears, sacrifice=snake)
print(bears)
game.next_turn()
print(bears)"""),
    "Faithful Squire": CardExample(
        "Kaiso, Memory of Loyalty removes a ki counter to shield a creature from all damage "
        "this turn.",
        """\
from flipcards import Game

game = Game("2004")
kaiso = game.put("Faithful Squire", flipped=True)
game.add_counters(kaiso, "ki", 1)
bears = game.put("Grizzly Bears")
game.activate(kaiso, target=bears)
game.deal_damage(game.put("Shock", zone="graveyard", owner="Bob"), bears, 2)
print(*game.log[-2:], sep="\\n")
print(bears)"""),
    "Callow Jushi": CardExample(
        "Jaraku the Interloper removes a ki counter to counter a spell unless its caster pays "
        "{2}; Bob does not pay, so his spell is countered. Alice holds priority to respond to "
        "the spell while it is on the stack.",
        """\
from flipcards import Game

game = Game("2004")
jaraku = game.put("Callow Jushi", flipped=True)
game.add_counters(jaraku, "ki", 1)
with game.holding_priority():
    spell = game.cast("Grizzly Bears", "Bob")
    game.activate(jaraku, target=spell)
game.resolve_stack()
print(*game.log[-2:], sep="\\n")
print(spell)"""),
    "Hired Muscle": CardExample(
        "Scarmaker removes a ki counter to give a creature fear until end of turn.",
        """\
from flipcards import Game

game = Game("2004")
scarmaker = game.put("Hired Muscle", flipped=True)
game.add_counters(scarmaker, "ki", 1)
bears = game.put("Grizzly Bears")
game.activate(scarmaker, target=bears)
print(bears.keywords)
game.next_turn()
print(bears.keywords)"""),
    "Cunning Bandit": CardExample(
        "Azamuki, Treachery Incarnate removes a ki counter to take a creature until end of turn.",
        """\
from flipcards import Game

game = Game("2004")
azamuki = game.put("Cunning Bandit", flipped=True)
game.add_counters(azamuki, "ki", 1)
bears = game.put("Grizzly Bears", owner="Bob")
game.activate(azamuki, target=bears)
print(bears.controller)
game.next_turn()
print(bears.controller)"""),
    "Budoka Pupil": CardExample(
        "Ichiga, Who Topples Oaks has trample and removes a ki counter to give a creature "
        "+2/+2 until end of turn.",
        """\
from flipcards import Game

game = Game("2004")
ichiga = game.put("Budoka Pupil", flipped=True)
game.add_counters(ichiga, "ki", 2)
game.activate(ichiga, target=ichiga)
print(ichiga)"""),
    "Rune-Tail, Kitsune Ascendant": CardExample(
        "Rune-Tail's Essence prevents all damage that would be dealt to Alice's creatures, "
        "not to Bob's and not to Alice herself.",
        """\
from flipcards import Game

game = Game("2004")
game.put("Rune-Tail, Kitsune Ascendant", flipped=True)
mine = game.put("Grizzly Bears")
theirs = game.put("Grizzly Bears", owner="Bob")
shock = game.put("Shock", zone="graveyard", owner="Bob")
game.deal_damage(shock, mine, 2)
game.deal_damage(shock, theirs, 2)
print(mine.zone, theirs.zone)"""),
    "Erayo, Soratami Ascendant": CardExample(
        "Erayo's Essence counters the first spell each opponent casts each turn; the second "
        "one resolves.",
        """\
from flipcards import Game

game = Game("2004")
game.put("Erayo, Soratami Ascendant", flipped=True)
first = game.cast("Grizzly Bears", "Bob")
second = game.cast("Runeclaw Bear", "Bob")
print(first.zone, second.zone)"""),
    "Kuon, Ogre Ascendant": CardExample(
        "Kuon's Essence makes each player sacrifice a creature at the beginning of their "
        "upkeep; Bob chooses which.",
        """\
from flipcards import Game

game = Game("2004")
game.put("Kuon, Ogre Ascendant", flipped=True)
game.put("Grizzly Bears", owner="Bob")
bear = game.put("Runeclaw Bear", owner="Bob")
game.next_turn(sacrifice=[bear])
print(*game.log[-3:], sep="\\n")"""),
    "Homura, Human Ascendant": CardExample(
        "Homura's Essence gives Alice's creatures +2/+2 and flying, and each can pay {R} for "
        "+1/+0 until end of turn.",
        """\
from flipcards import Game

game = Game("2004")
game.put("Homura, Human Ascendant", flipped=True)
bears = game.put("Grizzly Bears")
print(bears)
game.activate(bears)                 # {R}: +1/+0 until end of turn
print(bears)"""),
    "Sasaya, Orochi Ascendant": CardExample(
        "Sasaya's Essence makes each land give one more mana for every other land Alice "
        "controls with the same name. Here the game pays costs, so the mana lands in her pool.",
        """\
from flipcards import Game

game = Game("2004", costs="paid")
game.put("Sasaya, Orochi Ascendant", flipped=True)
forests = [game.put("Forest") for _ in range(3)]
game.tap_for_mana(forests[0])
print(*game.log[-3:], sep="\\n")"""),
    "Curse of the Fire Penguin": CardExample(
        "The joke in rules terms: the Curse \"consumes and confuses\" the creature it "
        "enchants, which becomes what the lower half prints, a 6/5 Penguin with trample and "
        "nothing else. When it dies, the Curse comes back from its controller's graveyard "
        "onto another creature.",
        """\
from flipcards import Game

game = Game("2004")
kenzo = game.put("Bushi Tenderfoot", flipped=True)
bears = game.put("Grizzly Bears")
curse = game.put("Curse of the Fire Penguin", attached_to=kenzo)
print(kenzo)
game.damage(kenzo, 5)
print(*game.log[-2:], sep="\\n")
print(bears)"""),
}
