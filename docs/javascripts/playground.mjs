// The playground: build a game situation by clicking, see what the rules do, share it as a link.
//
// The state of the playground is a scenario (the model's scenario format); every action the
// reader takes adds one step. The page and the model speak in data: each request is JSON for
// `flipcards.browser.model_json` ({op: "playground" | "python" | "verbs"}), sent to the model
// worker (worker-client.mjs's `ask`: a worker of its own that never runs reader code), and the
// reply is JSON; no code is written here, so nothing a link or a file carries can run as code.
// The model keeps the game it played last, so a step added costs one step; it returns the
// board, and this module only draws it. No rule is computed here: undo is "the scenario without
// its last step", and the forms for every action are built from the model's description of its
// verbs, so a verb the model gains appears here by itself. The model validates the scenario and
// says what is wrong, with the step's path. What the model must never be given (JSON nested too deeply, numbers out of range)
// is refused here first (playground-link.mjs's `jsonProblem`). Everything shown is inserted as
// text (textContent), never as HTML.
//
// The situation is kept for the tab's life in this module (which survives Material's instant
// navigation) and in the page's address (history.replaceState), so a reload keeps it too.
// Nothing the reader built is lost to a failure: a link that cannot be opened, a file that is
// refused or Python that stops leaves the situation as it was, with a message that says why.
// Python that stops (its worker failed, or a call took longer than RUN_LIMIT_MS) is started
// afresh by the next call; "Try again" repeats what failed.

import * as python from "./worker-client.mjs";
import { Copier, FALLBACK_HINT } from "./clipboard.mjs";
import { loadRedo, saveRedo } from "./edits.mjs";
import {
  addressSetByScript, framedByAnotherSite, fragmentBefore, keepOwnAddress, linkWords, pagePath,
  offerOwnPage, onEveryPage,
} from "./pages.mjs";
import { MAX_SCENARIO_BYTES, isPlaygroundLink, jsonProblem, messageInWords, parseJson,
  playgroundFragment, readPlaygroundFragment, scenarioSize } from "./playground-link.mjs";
import { canonicalPageUrl } from "./site-url.mjs";

const SITE_ROOT = new URL("../", import.meta.url);
const ZONE_ORDER = ["battlefield", "stack", "hand", "library", "graveyard", "exile"];
const ZONE_TITLES = { battlefield: "Battlefield", stack: "On the stack", hand: "Hand",
  library: "Library", graveyard: "Graveyard", exile: "Exile" };
const PLAYERS = ["Alice", "Bob"];
const RUN_LIMIT_MS = 30_000;

// The verbs in the order people reach for them (the model's own order after these): on a card,
// what it does most often first; in the game's toolbar, the turn, then the stack, then the rest.
const CARD_ORDER = ["activate", "flip", "tap", "untap", "deal_damage", "damage", "counters",
  "attack", "block", "tap_for_mana", "play_land", "cast", "discard", "move", "attach", "effect",
  "copy", "become_copy"];
const GAME_ORDER = ["next_turn", "end_step", "combat_damage", "end_combat", "resolve",
  "order_triggers", "cast", "effect", "end_effect", "gain_life", "lose_life", "draw",
  "create_token", "add_mana", "search", "name_card", "reveal_hand", "expect"];
// What acts on a creature alone.
const CREATURES_ONLY = ["attack", "block", "damage"];

/**
 * What a stack item does, and what put it there where that says more: a triggered ability's
 * effect and what triggered it ("flip it (triggered: it dealt damage to Bob)"), a spell's
 * effect, an activated ability's text (which is its effect).
 */
function stackWords(item) {
  if (!item.does) return item.text ? el("span", { class: "fc-pg-muted", text: ` — ${item.text}` }) : null;
  const why = item.kind === "triggered" ? `triggered: ${item.text}` : item.kind === "spell" ? "" : item.text;
  return el("span", {}, ` — ${item.does}`, why ? el("span", { class: "fc-pg-muted", text: ` (${why})` }) : "");
}

/** `verbs` sorted by `order` (the names it gives first, the others after, as they came). */
function ordered(verbs, order) {
  const rank = (verb) => (order.includes(verb.name) ? order.indexOf(verb.name) : order.length);
  return [...verbs].sort((a, b) => rank(a) - rank(b));
}

/** The activated abilities the model says `object` has now ([] if it says none). */
function activatableOf(object) {
  return Array.isArray(object?.activatable) ? object.activatable : [];
}

/** Whether a line of a card's text is an activated ability ("{1}{G}, {T}: …"). */
function activated(line) {
  const colon = line.indexOf(":");
  return colon > 0 && colon < 60 && !/["“]/.test(line.slice(0, colon));
}

/**
 * The situation and its redo list, and the model's description of its verbs: kept while the
 * tab lives (instant navigation included).
 */
const memory = { scenario: null, redo: [], description: null, replaced: null };

/** Whether `step` is a step (a JSON object), as a link or a file may hold anything. */
const isStep = (step) => step !== null && typeof step === "object" && !Array.isArray(step);

/**
 * Keep Redo's steps for a reload of this tab, with the address (`fragment`) of the situation
 * they go with; an empty list keeps nothing.
 */
function keepRedo(fragment, redo) {
  saveRedo(redo.length ? JSON.stringify({ fragment, redo }) : null);
}

/** Redo's steps kept for the situation at `fragment` (this tab's reload of it), or []. */
function keptRedo(fragment) {
  let kept = null;
  try {
    kept = JSON.parse(loadRedo() ?? "null");
  } catch {
    return []; // not ours to read: nothing to redo
  }
  return kept?.fragment === fragment && Array.isArray(kept.redo) && kept.redo.every(isStep)
    ? kept.redo : [];
}

/** What the reader is told when a link cannot be opened in a page that holds a situation. */
const KEPT = "The board is kept as it was.";
const LOADING = "Loading Python…";
/** Where a card in each zone is, in words ("put into the hand"). */
const ZONE_PLACES = { battlefield: "the battlefield", hand: "the hand", library: "the library",
  graveyard: "the graveyard", exile: "exile" };
/** The zones the rules of 2004 call otherwise (the model's log says them so too). */
const ZONE_PLACES_2004 = { battlefield: "play", exile: "the removed-from-the-game zone" };
/** The step of the turn the model says the game is in, in words. */
const STEP_WORDS = { upkeep: "upkeep", draw: "draw step", main: "main phase", combat: "combat",
  end: "end step", cleanup: "cleanup step" };
/** The same in a game of 2004's rules, as the model words it: the end step was the "end of
 * turn step" (2004 CR 313). */
const STEP_WORDS_2004 = { ...STEP_WORDS, end: "end of turn step" };
/** The steps' words of the edition `rules`. */
const stepWordsOf = (rules) => (rules === "2004" ? STEP_WORDS_2004 : STEP_WORDS);

// --- calling the model ------------------------------------------------------------------------

/**
 * Python stopped before it answered: its worker failed or was ended. The message is the
 * reader's; the next call starts a new worker.
 */

/** An id after a card's name that `used` does not hold: the first word of the name ("bushi"),
 * then "bushi2", "bushi3"… (the model's own ids after names end in "-1", so never meet these). */
function freeId(base, used) {
  const stem = base.toLowerCase().normalize("NFKD").replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "").split("_")[0] || "card";
  let candidate = /^[0-9]/.test(stem) ? `c_${stem}` : stem;
  for (let n = 2; used.has(candidate); n += 1) candidate = `${stem}${n}`;
  return candidate;
}

/**
 * The scenario with an id on every card a step puts without one, as the card box would
 * suggest it, so that the board shows the card and a later step can name it (a link or a file
 * may put cards without ids: the game has them, but nothing could point at them). A scenario
 * whose cards all have ids comes back as it is.
 */
function namingEveryCard(scenario) {
  if (!Array.isArray(scenario?.steps)) return scenario;
  const used = new Set(Array.isArray(scenario.players) ? scenario.players : PLAYERS);
  const collect = (value) => {
    if (typeof value === "string") used.add(value);
    else if (Array.isArray(value)) value.forEach(collect);
  };
  for (const step of scenario.steps) if (isStep(step)) collect(step.as);
  let changed = false;
  const steps = scenario.steps.map((step) => {
    if (!isStep(step) || typeof step.put !== "string" || "as" in step) return step;
    const id = freeId(step.put, used);
    used.add(id);
    changed = true;
    return { ...step, as: id };
  });
  return changed ? { ...scenario, steps } : scenario;
}

/** Python stopped before it answered; `timedOut`: it was stopped at the time limit. */
class PythonStopped extends Error {
  constructor(message, { timedOut = false } = {}) {
    super(message);
    this.timedOut = timedOut;
  }
}

/**
 * The reader left the playground's page (the theme showed another page in this document)
 * while it waited on Python: what it was doing is dropped, so that it changes nothing of the
 * situation, the address or the offers the reader finds on another page or on coming back.
 */
class PageLeft extends Error {}

/** What a question of the rules answers when the reader closed it without answering. */
const CANCELLED = Symbol("cancelled");

/**
 * Send `request` ({op, ...}) to the model; resolve to its parsed JSON reply. `onState` hears
 * when the request waits for Python to load. Rejects with PythonStopped if no answer came.
 */
async function callModel(request, onState = undefined) {
  const outcome = await python.ask(JSON.stringify(request), { timeLimitMs: RUN_LIMIT_MS,
    onState }).result;
  if (outcome.kind === "timeout") {
    throw new PythonStopped(`Python did not answer within ${RUN_LIMIT_MS / 1000} s and was ` +
      "stopped; the situation is kept — try again.", { timedOut: true });
  }
  if (outcome.kind !== "done") {
    throw new PythonStopped("Python stopped unexpectedly; the situation is kept — try again.");
  }
  if (outcome.cut) throw new Error("the situation is too large to show");
  return JSON.parse(outcome.text);
}

// --- small DOM helpers ------------------------------------------------------------------------

function el(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") element.className = value;
    else if (key === "text") element.textContent = value;
    else element.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    element.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return element;
}

function button(text, attributes = {}) {
  return el("button", { type: "button", class: "fc-button", ...attributes }, text);
}

let uid = 0;
/** How many lines, up to the one a box is scrolled to, are laid out at their height. */
const LAID_OUT_LINES = 32;
/** The lines of each box marked to be laid out (playground.css `.fc-pg-laid-out`). */
const laidOut = new WeakMap();

/**
 * Scroll `box`, a list with a scroll bar of its own, so that `item` (a line of it, or in one)
 * is within it. Only the box moves, never the page (an element's scrollIntoView moves every
 * scrolling ancestor: on a phone the page jumped to the log as it opened and after every
 * click). The lines out of view are not laid out (they have an estimated height) except the
 * 32 up to `item`'s: a box shows fewer than 16, and the browser lays out those near the ones in
 * view as well. Lines of an estimated height there would grow as they were first drawn: the
 * line shown was cut off, and the page moved.
 */
function showWithin(box, item) {
  if (!item) return;
  const lines = new Set();
  let line = item.closest("li");
  for (; line && lines.size < LAID_OUT_LINES; line = line.previousElementSibling) lines.add(line);
  for (const old of laidOut.get(box) ?? []) {
    if (!lines.has(old)) old.classList.remove("fc-pg-laid-out");
  }
  for (const each of lines) {
    if (!each.classList.contains("fc-pg-laid-out")) each.classList.add("fc-pg-laid-out");
  }
  laidOut.set(box, lines);
  const outer = box.getBoundingClientRect();
  const inner = item.getBoundingClientRect();
  if (inner.bottom > outer.bottom) box.scrollTop += inner.bottom - outer.bottom;
  if (inner.top < outer.top) box.scrollTop -= outer.top - inner.top;
}

const nextId = (prefix) => `${prefix}-${++uid}`;

const words = (name) => name.replace(/_/g, " ");
/** "1 step", "2 steps", "1,000 steps". */
const counted = (count, what) => `${count.toLocaleString("en-US")} ${what}${count === 1 ? "" : "s"}`;
const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);
/**
 * A toolbar is one stop of Tab, as the toolbar pattern has it: the arrow keys, Home and End
 * move among its buttons, and Tab comes back to the one last used (the game's nineteen
 * actions were nineteen stops of Tab between the board and the steps).
 */
function rovingToolbar(list) {
  const buttons = () => [...list.querySelectorAll("button")];
  const current = (chosen) => {
    for (const one of buttons()) one.tabIndex = one === chosen ? 0 : -1;
  };
  current(buttons()[0]);
  list.addEventListener("focusin", (event) => {
    if (buttons().includes(event.target)) current(event.target);
  });
  list.addEventListener("keydown", (event) => {
    const all = buttons();
    const at = all.indexOf(document.activeElement);
    const to = { ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1,
      Home: 0, End: all.length - 1 }[event.key];
    if (at < 0 || to === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    all[(to + all.length) % all.length].focus();
  });
}

/** A verb's name on its button, in the words of the edition `rules`: a spell is played and a
 * token is put into play under the rules of 2004. A search of a zone is not named "Search",
 * the name of the site's search, which a screen reader lists with it. */
const VERB_LABELS_2004 = { cast: "Play", create_token: "Put a token into play" };
const VERB_LABELS = { search: "Search a zone", counter: "Counter a spell or ability" };
const verbLabel = (name, rules) =>
  (rules === "2004" && VERB_LABELS_2004[name]) || VERB_LABELS[name] || capital(words(name));
/** A value of a step in brief: text as it is, anything else as JSON, cut at 60 characters. */
const briefly = (value) => {
  const text = typeof value === "string" ? value : JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
};

const COLOR_NAMES = { W: "white", U: "blue", B: "black", R: "red", G: "green" };
/** A choice of a check box in words: a color by its name and its letter ("Blue (U)"). */
const choiceWords = (kind, choice) =>
  (kind === "colors" && COLOR_NAMES[choice] ? `${capital(COLOR_NAMES[choice])} (${choice})` : choice);

/** What a search looks for, in words: "Legendary cards", "red Goblin Creatures named “…”". */
function filterWords(filter) {
  if (!filter || typeof filter !== "object" || Array.isArray(filter)) return briefly(filter);
  const list = (key) => (Array.isArray(filter[key]) ? filter[key].map(String) : []);
  const colors = list("colors").map((c) => COLOR_NAMES[c] ?? c);
  const kinds = [...colors, ...list("supertypes"), ...list("subtypes")];
  const types = list("types");
  let text = [...kinds, ...types].join(" ");
  text = types.length ? `${text}s` : `${text}${text ? " " : ""}cards`;
  if (typeof filter.name === "string") text += ` named “${filter.name}”`;
  if (typeof filter.controller === "string") text += ` of ${filter.controller}`;
  return text;
}

/**
 * An "expect" step in words: each object (named by `thing`) with the fields it must show,
 * a field that must be true by its name ("flipped"; "not tapped" for false), the players' and
 * the stack's and the results' as they are given.
 */
function expectedWords(spec, thing) {
  if (!spec || typeof spec !== "object" || Array.isArray(spec)) return briefly(spec);
  const fields = (given) => (given && typeof given === "object" && !Array.isArray(given)
    ? Object.entries(given).map(([field, value]) => (typeof value === "boolean"
      ? `${value ? "" : "not "}${words(field)}` : `${words(field)} ${briefly(value)}`)).join(", ")
    : briefly(given));
  return Object.entries(spec).map(([key, given]) => {
    if (key === "players" && given && typeof given === "object") {
      return Object.entries(given).map(([player, each]) => `${player}: ${fields(each)}`).join("; ");
    }
    if (key === "stack") return `the stack ${briefly(given)}`;
    if (key === "results") return `results ${briefly(given)}`;
    const texts = Array.isArray(given) && given.every((text) => typeof text === "string")
      ? given.map((text) => `“${briefly(text)}”`) : null;
    // (from the game's start: a line of an earlier turn counts, unlike "not_in_log"'s)
    if (key === "log" && texts) return `the log, from the game's start, holds ${texts.join(", then ")}`;
    if (key === "not_in_log" && texts) {
      return `nothing logged since the last check holds ${texts.join(" or ")}`;
    }
    return `${thing(key)}: ${fields(given)}`;
  }).join("; ");
}

/**
 * What is wrong with `text` typed as a whole number ("is too large a number", "must be a
 * whole number"), or null if it is one. Whether the number fits is the model's to say.
 */
function wholeNumberProblem(text) {
  const typed = text.trim();
  if (/^-?\d{10,}$/.test(typed)) return "is too large a number";
  return /^-?\d{1,9}$/.test(typed) ? null : "must be a whole number";
}

/** The least whole number a field of each number kind takes (none: any, negative too). */
const LEAST = { integer: 0, count: 1, signed_integer: null };

/** `text` ended as a sentence: a full stop, unless it ends with one, or with "?" or "!". */
const ended = (text) => (/[.?!]$/.test(text) ? text : `${text}.`);

// A text the model's message quotes (as JSON) that is longer than a short name.
const LONG_QUOTE = /"((?:[^"\\\n]|\\.){25,})"/g;

/**
 * The model's message about a link's (or a file's) situation, each text it quotes from the
 * situation shown by its start only (`linkWords`): the site's alert does not read out a
 * stranger's sentence. With the situation known, its own texts are looked for, however the
 * model quotes them (and as the model cuts them, see below), and the model's own words stay
 * whole; else every long text in double quotes is cut.
 */
function quotingBriefly(message, situation = null) {
  if (situation === null || situation === undefined) {
    return message.replace(LONG_QUOTE, (_, text) => `"${linkWords(text)}"`);
  }
  const texts = new Set();
  const collect = (value, depth) => {
    if (typeof value === "string") {
      if (value.length > 24) texts.add(value);
    } else if (value && typeof value === "object" && depth < 64) {
      for (const [key, item] of Object.entries(value)) {
        collect(key, depth + 1);
        collect(item, depth + 1);
      }
    }
  };
  collect(situation, 0);
  let cut = message;
  // The longest first: a text that holds another is cut whole. The model quotes a long text
  // by its start: its first 100, 99, 80, 60, 59, 40 or 39 characters.
  for (const text of [...texts].sort((a, b) => b.length - a.length)) {
    for (const length of [text.length, 100, 99, 80, 60, 59, 40, 39]) {
      const shown = text.slice(0, length);
      if (length <= text.length && shown.length > 24 && cut.includes(shown)) {
        cut = cut.split(shown).join(linkWords(text));
        break;
      }
    }
  }
  return cut;
}

/**
 * A link's (or a file's) situation whose step `reply.step` (not its first) cannot be taken,
 * `reply` being the model's answer: {scenario, note} of the steps before that one (the model
 * has played them on the way to that step), or null if there are none. The reader gets all of
 * it that plays, and is told which step was left out and why; `whose` names where the steps
 * came from.
 */
function stepsBefore(scenario, reply, whose = "This link's") {
  const at = reply?.step;
  if (!Number.isInteger(at) || at < 1 || at >= scenario.steps.length) return null;
  const before = at === 1 ? "The step before it is" : `The ${at} steps before it are`;
  const after = scenario.steps.length - at - 1;
  const rest = after ? ` (with the ${after === 1 ? "step" : `${after} steps`} after it)` : "";
  // "step 3, tap: no object …" (the model's message, its path in words) names the step once.
  const error = quotingBriefly(reply.error, scenario);
  const own = /^step (\d+)(?:, ([^:]*))?: ([\s\S]*)$/.exec(error);
  const why = own && Number(own[1]) === at + 1
    ? `${own[2] ? ` (${own[2]})` : ""}: ${ended(own[3])}` : `: ${ended(error)}`;
  return { scenario: { ...scenario, steps: scenario.steps.slice(0, at) },
    note: `${whose} step ${at + 1} cannot be taken${why} ${before} ` +
      `opened; that step was left out${rest}.` };
}

/**
 * A player's mana pool as the board says it after their life (" ({R}{G} in the mana pool)"),
 * nothing when it is empty: mana added and not spent stays there (and burns in 2004).
 */
function poolWords(pool) {
  const symbols = Object.entries(pool ?? {}).filter(([, count]) => count > 0)
    .map(([mana, count]) => (count > 12 ? `{${mana}}×${count}` : `{${mana}}`.repeat(count)));
  return symbols.length ? ` (${symbols.join("")} in the mana pool)` : "";
}

/** The steps that pass no priority, whose "Hold" is ticked while something waits on the stack. */
const KEEPS_THE_STACK = ["put", "add_mana", "tap_for_mana"];

/** A verb's own field is named after the verb ("put"): label it by what it holds instead. */
const SUBJECT_LABELS = { card_name: "Card", card_or_object: "Card", player: "Player",
  zone: "Zone", new_effect_id: "Effect id", token_kind: "Token", object: "Card",
  effect: "Effect", expectations: "Expected" };

function fieldLabel(field) {
  if (field.name === "as") return "Id";
  if (field.name === "refused") return "Refused by the rules";
  if (field.subject && SUBJECT_LABELS[field.kind]) return SUBJECT_LABELS[field.kind];
  return capital(words(field.name));
}

function typeLine(object) {
  const left = [...object.supertypes, ...object.types].join(" ");
  return object.subtypes.length ? `${left} — ${object.subtypes.join(" ")}` : left;
}

/**
 * A card's name as the card box compares it: in any letter case, a curly apostrophe (a phone
 * keyboard's) as the straight one the names have, a hyphen as a space ("tok tok").
 */
const nameKey = (text) => text.trim().toLowerCase().replace(/[\u2018\u2019\u02bc]/g, "'")
  .replace(/[-\s]+/g, " ");
/** A name as the card box finds it: letters and digits only, as players type names ("erayo
 * soratami", "kuons essence", "runetail" find Erayo, Soratami Ascendant, Kuon's Essence and
 * Rune-Tail, Kitsune Ascendant). */
const looseKey = (text) => nameKey(text).normalize("NFKD").replace(/[^a-z0-9]/g, "");

/** Where `object` is, as the board's lists are named: "Bob's graveyard", "Alice's battlefield". */
function whereWhose(object) {
  const whose = object.controller ?? object.owner;
  return whose ? `${whose}'s ${object.zone}` : object.zone;
}

/** "Kenzo the Hardhearted (hero)": what the page calls an object. */
function called(board, id) {
  const object = board?.objects[id];
  return object ? `${object.name} (${id})` : id;
}

/** The choices a spell may take as it is cast (the model's `SPELL_CHOICES`). */
const SPELL_CHOICES = ["target", "naming", "copying", "choose"];

/** The verbs of steps that only look at the situation (the model's `_LOOKS`). */
const LOOKS = ["expect", "search", "name_card", "reveal_hand"];

const STEP_KEYS = new WeakMap();

/** A step's JSON text, kept for each step object (a step is never changed once made). */
function stepKey(step) {
  let key = STEP_KEYS.get(step);
  if (key === undefined) {
    key = JSON.stringify(step);
    if (step !== null && typeof step === "object") STEP_KEYS.set(step, key);
  }
  return key;
}

// --- the playground -----------------------------------------------------------------------------

class Playground {
  constructor(root) {
    this.root = root;
    this.path = pagePath(); // the page it is on
    delete root.dataset.ready;
    this.description = null; // the model's description of its verbs ({op: "verbs"})
    this.board = null;
    this.started = false; // the board is drawn and the forms are built
    this.queue = Promise.resolve();
    this.holds = 0; // work under way (aria-busy while there is any)
    this.retry = null; // what "Try again" does
    this.copier = new Copier({ place: (field) => this.shareRow.append(field),
      className: "fc-copy-fallback" });
    this.build();
  }

  get scenario() { return memory.scenario; }

  /** Whether the reader is on this playground's page (not one they have left). */
  get shown() { return current === this && pagePath() === this.path; }

  // --- the page's frame ---
  build() {
    this.root.replaceChildren();
    const rulesName = nextId("fc-pg-rules");
    this.rulesInputs = ["2004", "current"].map((value) => el("input", {
      type: "radio", name: rulesName, value, class: "fc-pg-rules-input",
    }));
    this.rulesInputs.forEach((input) => input.addEventListener("change", () => {
      if (input.checked) this.enqueue(() => this.setRules(input.value));
    }));
    const rules = el("fieldset", { class: "fc-pg-rules" }, el("legend", { text: "Rules" }),
      el("label", {}, this.rulesInputs[0], " 2004 (as quoted on this site)"),
      el("label", {}, this.rulesInputs[1], " Today's"));

    this.undoButton = button("Undo", { class: "fc-button fc-pg-undo", "aria-keyshortcuts": "Control+Z" });
    this.redoButton = button("Redo", { class: "fc-button fc-pg-redo",
      "aria-keyshortcuts": "Control+Shift+Z" });
    this.undoButton.addEventListener("click", () => this.enqueue(() => this.undo()));
    this.redoButton.addEventListener("click", () => this.enqueue(() => this.redo()));
    this.clearButton = button("Start over", { class: "fc-button fc-pg-clear" });
    this.clearButton.addEventListener("click", () => this.enqueue(() => this.startOver()));

    this.shareButton = button("Share link", { class: "fc-button fc-pg-share" });
    this.shareButton.addEventListener("click", () => this.enqueue(() => this.share()));
    this.pythonButton = button("Show as Python", { class: "fc-button fc-pg-python-toggle",
      "aria-expanded": "false" });
    this.pythonButton.addEventListener("click", () => this.enqueue(() => this.togglePython()));
    this.exportButton = button("Export JSON", { class: "fc-button fc-pg-export" });
    this.exportButton.addEventListener("click", () => this.exportJson());
    const importId = nextId("fc-pg-import");
    this.importInput = el("input", { type: "file", id: importId, class: "fc-pg-import-input",
      accept: ".json,application/json" });
    this.importInput.addEventListener("change", () => {
      // The file is taken now: the input is emptied so that choosing it again reads it again.
      const file = this.importInput.files?.[0];
      this.importInput.value = "";
      if (file) this.enqueue(() => this.importJson(file));
    });
    const importLabel = el("label", { for: importId, class: "fc-button fc-pg-import" },
      "Import JSON");

    this.status = el("p", { class: "fc-pg-status", role: "status" });
    this.alert = el("p", { class: "fc-pg-alert", role: "alert" });
    this.retryButton = button("Try again", { class: "fc-button fc-pg-retry", hidden: true });
    this.retryButton.addEventListener("click", () => {
      const retry = this.retry;
      this.showError("");
      if (retry) this.enqueue(retry);
    });
    // A link another page put in the address: opened only if the reader asks (linkSetByScript).
    this.unaskedLink = null;
    this.openLinkButton = button("Open the link", { class: "fc-button fc-pg-open-link", hidden: true });
    this.openLinkButton.addEventListener("click", () => {
      const hash = this.unaskedLink;
      this.showError("");
      if (hash) this.enqueue(() => this.openLink(hash));
    });
    // The board an imported file replaced: put back if the reader asks (importJson).
    this.replaced = null;
    this.putBackButton = button("Put back the earlier board", { class: "fc-button fc-pg-put-back",
      hidden: true });
    this.putBackButton.addEventListener("click", () => this.enqueue(() => this.putBack()));
    this.shareRow = el("div", { class: "fc-pg-toolbar" }, this.shareButton, this.pythonButton,
      this.exportButton, this.importInput, importLabel);
    this.pythonPanel = el("div", { class: "fc-pg-python", hidden: true, id: nextId("fc-pg-python") });
    this.pythonButton.setAttribute("aria-controls", this.pythonPanel.id);

    this.addSection = el("section", { class: "fc-pg-add", "aria-labelledby": "fc-pg-add-title" },
      el("h2", { id: "fc-pg-add-title", text: "Add a card" }),
      el("p", { class: "fc-pg-muted", text: "Loading the model…" }));
    this.actionsSection = el("section", { class: "fc-pg-game-actions",
      "aria-labelledby": "fc-pg-game-title" },
    el("h2", { id: "fc-pg-game-title", class: "fc-visually-hidden", text: "Game actions" }));
    this.boardSection = el("section", { class: "fc-pg-board", "aria-labelledby": "fc-pg-board-title" },
      el("h2", { id: "fc-pg-board-title", text: "The board", tabindex: "-1" }));
    this.historySection = el("section", { class: "fc-pg-history-section",
      "aria-labelledby": "fc-pg-history-title" },
    el("h2", { id: "fc-pg-history-title", text: "Steps" }));
    this.logSection = el("section", { class: "fc-pg-log-section", "aria-labelledby": "fc-pg-log-title" },
      el("h2", { id: "fc-pg-log-title", text: "What happened" }));
    this.dialog = el("dialog", { class: "fc-pg-dialog", "aria-labelledby": "fc-pg-dialog-title" });

    // The board comes first, with the game's own actions above it and what happened beside
    // it; adding a card follows the board, the files and the code come last.
    this.root.append(
      el("div", { class: "fc-pg-toolbar fc-pg-header" }, rules, this.undoButton, this.redoButton,
        this.clearButton),
      this.status, this.alert, this.retryButton, this.openLinkButton, this.putBackButton,
      this.actionsSection,
      el("div", { class: "fc-pg-table" }, this.boardSection,
        el("div", { class: "fc-pg-aside" }, this.logSection, this.historySection)),
      this.addSection, this.shareRow, this.pythonPanel, this.dialog,
    );
    this.root.addEventListener("keydown", (event) => this.onKey(event));
    this.updateButtons();
  }

  onKey(event) {
    if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== "z") return;
    // The keyboard's undo belongs to a field that holds text of the reader's to undo, to a
    // list to choose from and to a dialog (its step is not taken yet); in an empty field, on
    // a button, a box to tick, a choice of the rules or the file picker it undoes a step.
    const field = event.target.closest("textarea, input:not([type=checkbox], [type=radio], [type=file], [type=button], [type=submit])");
    if (event.target.closest("select, dialog") || field?.value || field?.validity.badInput) return;
    event.preventDefault();
    this.enqueue(() => (event.shiftKey ? this.redo() : this.undo()));
  }

  /** Run actions one after another: each sees the situation the previous one left. */
  enqueue(action) {
    this.queue = this.queue.then(() => this.perform(action));
    return this.queue;
  }

  /** Run one action; a failure is shown, never passed on. */
  async perform(action) {
    const before = memory.scenario;
    try {
      if (!this.shown) throw new PageLeft();
      await action();
    } catch (error) {
      if (error instanceof PageLeft) return;
      // "Try again" repeats the action if it changed nothing before it failed; if it did (a
      // step was taken, then the answer to the rules' question failed), Python draws the
      // situation as it now is. Until the playground has started, it starts again.
      let retry = () => this.showAgain();
      if (!this.started) retry = () => this.start();
      else if (memory.scenario === before) retry = action;
      this.failed(error, retry);
    }
  }

  /** The reader's words for what stopped an action. */
  failure(error) {
    return error instanceof PythonStopped ? error.message
      : `Something went wrong: ${ended(String(error?.message ?? error))} The situation is unchanged.`;
  }

  /** Say why an action failed; if Python stopped, offer `retry` (the situation is as it was). */
  failed(error, retry) {
    this.say("");
    if (this.started) this.updateButtons(); // the rules' radio buttons show the situation's
    this.showError(this.failure(error));
    if (error instanceof PythonStopped) {
      this.retry = retry;
      this.retryButton.hidden = false;
    }
  }

  /** Mark the playground busy (aria-busy) until the returned function is called. */
  hold() {
    this.holds += 1;
    this.root.setAttribute("aria-busy", "true");
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.holds -= 1;
      if (this.holds === 0) this.root.removeAttribute("aria-busy");
    };
  }

  say(text) { this.status.textContent = text; }

  /** Show `text` as the alert ("" clears it); "Try again" goes with it. */
  showError(text) {
    this.alert.textContent = text;
    this.alert.dataset.state = text ? "error" : "";
    this.retry = null;
    if (!this.retryButton.hidden && document.activeElement === this.retryButton) {
      this.boardSection.querySelector("#fc-pg-board-title").focus(); // never to the page's body
    }
    this.retryButton.hidden = true;
    this.unaskedLink = null;
    if (!this.openLinkButton.hidden && document.activeElement === this.openLinkButton) {
      this.boardSection.querySelector("#fc-pg-board-title").focus();
    }
    this.openLinkButton.hidden = true;
  }

  /** Ask the model (callModel); the status says so while Python loads for it. */
  async model(request) {
    let loading = false;
    const onState = (state) => {
      if (state !== "loading" || this.status.textContent === LOADING) return;
      loading = true;
      this.say(LOADING);
    };
    try {
      const reply = await callModel(request, onState);
      // The model names a step by its JSON path ("steps[2].flip: …"); the page counts from 1.
      if (typeof reply.error === "string") reply.error = messageInWords(reply.error);
      if (Array.isArray(reply.failures)) reply.failures = reply.failures.map(messageInWords);
      if (typeof reply.other_rules?.error === "string") {
        reply.other_rules.error = messageInWords(reply.other_rules.error);
      }
      if (!this.shown) throw new PageLeft();
      return reply;
    } finally {
      if (loading && this.status.textContent === LOADING) this.say("");
    }
  }

  updateButtons() {
    const steps = this.scenario?.steps.length ?? 0;
    const focused = document.activeElement;
    this.undoButton.disabled = false;
    this.redoButton.disabled = false;
    const off = new Map([[this.undoButton, steps === 0], [this.redoButton, memory.redo.length === 0]]);
    // A focused button that disables itself would drop focus to the page's body: hand it on
    // first, to the other of the two if it can act, else to where the next card is added.
    if (off.get(focused)) {
      const other = focused === this.undoButton ? this.redoButton : this.undoButton;
      const next = !off.get(other) ? other : (this.addSection.querySelector(".fc-pg-card-search")
        ?? this.root.querySelector("#fc-pg-board-title[tabindex]"));
      next?.focus();
    }
    for (const [control, disabled] of off) control.disabled = disabled;
    this.undoButton.setAttribute("aria-label", steps ? `Undo (${counted(steps, "step")})` : "Undo");
    this.redoButton.setAttribute("aria-label",
      memory.redo.length ? `Redo (${counted(memory.redo.length, "step")})` : "Redo");
    for (const input of this.rulesInputs) input.checked = input.value === this.scenario?.rules;
  }

  // --- starting ---
  /** Load the model, open the link in the address (or the situation kept), draw the board. */
  async start() {
    const release = this.hold();
    this.say(LOADING);
    try {
      await this.open();
    } catch (error) {
      // ("Try again" starts again; a playground left says nothing.)
      if (error instanceof PythonStopped || error instanceof PageLeft) throw error;
      this.say("");
      this.showError(`The playground could not start: ${ended(String(error.message))} Reload the page to try again.`);
    } finally {
      release();
    }
  }

  async open() {
    // A link another page loaded this page with (see pages.mjs) waits for the reader; the
    // board of the page it replaced comes back, from that page's address.
    const unasked = addressSetByScript() ? window.location.hash : null;
    const source = unasked ? fragmentBefore() : window.location.hash;
    const opened = source ? await readPlaygroundFragment(source) : null;
    memory.description ??= await this.model({ op: "verbs" });
    this.description = memory.description;
    const empty = { rules: "2004", players: [...PLAYERS], steps: [] };
    const kept = memory.scenario; // built earlier in this tab; null in a page opened afresh
    let board = null;
    let refused = opened?.error ?? null;
    let partly = null; // the steps before a step of the link that cannot be taken
    if (opened && !refused) {
      opened.scenario = namingEveryCard(opened.scenario);
      let shared;
      try {
        shared = await this.runModel(opened.scenario);
      } catch (error) {
        // A link whose situation Python cannot play within the time limit is not opened, as
        // any other link that cannot be (trying again would take as long, and fail the same).
        if (!(error instanceof PythonStopped && error.timedOut)) throw error;
        shared = { error: "Python did not finish playing its situation within " +
          `${RUN_LIMIT_MS / 1000} s` };
      }
      if (shared.error) {
        partly = stepsBefore(opened.scenario, shared);
        const partBoard = partly && await this.runModel(partly.scenario);
        if (partBoard && !partBoard.error) {
          memory.scenario = partly.scenario;
          memory.redo = [];
          board = partBoard;
        } else {
          partly = null;
          refused = shared.error;
        }
      } else {
        memory.scenario = opened.scenario;
        // The page reloaded (not a link from elsewhere): Redo is as it was.
        memory.redo = kept ? [] : keptRedo(source.slice(1));
        board = shared;
      }
    }
    if (!memory.scenario) {
      memory.scenario = empty;
      memory.redo = [];
    }
    if (!board) {
      board = await this.runModel(memory.scenario);
      if (board.error) { // not for a situation this page built; start clean if it happens
        memory.scenario = empty;
        memory.redo = [];
        board = await this.runModel(empty);
      }
    }
    this.board = board;
    this.buildAddForm();
    this.buildGameActions();
    this.render();
    this.started = true;
    this.updateButtons();
    this.root.dataset.ready = "true";
    this.showError(partly ? partly.note : refused ? "This link cannot be opened: " +
      `${ended(quotingBriefly(refused, opened?.error ? null : opened?.scenario))} ` +
      (kept ? KEPT : "The playground starts empty.") : "");
    const steps = this.scenario.steps.length;
    this.say(steps ? `Ready: ${counted(steps, "step")} opened.` : "Ready.");
    // The address carries the situation (also one kept from earlier in this tab); a link that
    // could not be opened, or only in part, stays in the address as the reader pasted it
    // (until they change the board) if nothing was kept.
    if (unasked) this.refuseLinkSetByScript(unasked);
    else if (!partly && (this.scenario.steps.length || (refused && kept))) await this.rememberInAddress();
  }

  /** A playground link arrived in the address of the open page (pasted, or Back). */
  linkArrived() {
    const hash = window.location.hash;
    const release = this.hold(); // busy from the moment the address changes
    this.enqueue(async () => {
      try {
        await (this.started ? this.openLink(hash) : this.start());
      } finally {
        release();
      }
    });
  }

  /**
   * A playground link that a script put in the address (another page holding this one, see
   * pages.mjs): the board stays, and so does its own address (a reload keeps the board); the
   * link opens only if the reader asks.
   */
  linkSetByScript() {
    const hash = window.location.hash;
    const release = this.hold();
    this.enqueue(async () => {
      try {
        if (this.started) await this.refuseLinkSetByScript(hash);
      } finally {
        release();
      }
    });
  }

  /** The link `hash`, which a script put in the address, is offered, not opened. */
  async refuseLinkSetByScript(hash) {
    await this.rememberInAddress();
    this.showError("Another page changed this page's address to a playground link. It " +
      `was not opened. ${KEPT}`);
    this.unaskedLink = hash;
    this.openLinkButton.hidden = false;
  }

  /** Open the link `hash` in the open page; if it cannot be opened, nothing changes. */
  async openLink(hash) {
    const release = this.hold();
    try {
      const opened = await readPlaygroundFragment(hash);
      if (!opened) return;
      // `situation`: the link's, when it was read (the model's message quotes its texts).
      const refuse = async (why, situation = null) => {
        this.showError(`This link cannot be opened: ${ended(quotingBriefly(why, situation))} ${KEPT}`);
        await this.rememberInAddress(); // so that a reload keeps it too
      };
      if (opened.error) {
        await refuse(opened.error);
        return;
      }
      let partly = null;
      const refuseOrPart = async (why, reply = null) => {
        partly = stepsBefore(opened.scenario, reply);
        if (!partly) await refuse(why, opened.scenario);
      };
      if (await this.commit(opened.scenario, { redo: [], refuse: refuseOrPart })) {
        this.offerPutBack(null);
        const steps = this.scenario.steps.length;
        this.say(`Opened the link: ${counted(steps, "step")}.`);
      } else if (partly && await this.commit(partly.scenario,
        { redo: [], refuse: (why) => refuse(why, partly.scenario) })) {
        this.offerPutBack(null);
        this.showError(partly.note);
        const steps = this.scenario.steps.length;
        this.say(`Opened ${counted(steps, "step")} of the link.`);
      }
    } finally {
      release();
    }
  }

  /** Draw the situation again (on a new Python, if the last one stopped). */
  async showAgain() {
    const release = this.hold();
    try {
      const board = await this.runModel(this.scenario);
      if (board.error) throw new Error(board.error);
      this.board = board;
      this.showError("");
      this.render();
      this.updateButtons();
      this.say("Python is running again.");
    } finally {
      release();
    }
  }

  /**
   * The board for `scenario`, with what the other rules would show differently. `added`: the
   * step that `scenario` adds to the situation shown. Then only that step is sent (the model
   * still has the rest, which the board names as `played`) and only the log lines after those
   * shown come back; if the model has played another situation since, it says so (`stale`)
   * and the whole scenario is sent.
   */
  async runModel(scenario, choices = false, added = undefined) {
    const shown = this.board;
    let board = null;
    if (added !== undefined && shown?.played) {
      board = await this.model({ op: "playground", after: shown.played, step: added, choices,
        compare: true });
    }
    if (!board || board.stale) board = await this.model({ op: "playground", scenario, choices, compare: true });
    if (board.log_from) board.log = shown.log.slice(0, board.log_from).concat(board.log);
    return board;
  }

  /**
   * Make `scenario` the situation if the model accepts it; returns the board or null.
   * `redo`: the redo list that goes with it (kept as it is when not given). `refuse(why)`
   * says why the scenario was not taken, instead of "<what> cannot be done: …". `announce`:
   * what is said instead of the log's new lines (a whole situation played again).
   */
  async commit(scenario, { choices = false, what = "", redo = memory.redo, refuse = null,
    added = undefined, saidFrom = undefined, announce = "" } = {}) {
    const release = this.hold();
    this.refusedPath = "";
    this.refusedSuggestions = [];
    // The step being added is the one the form names: the model's "step 4, put: " is said.
    // (A situation from a link may be anything: only an added step's is read here.)
    const verb = added === undefined ? null : this.verbOf(added)?.name;
    const own = (why) => {
      if (!verb || typeof why !== "string") return why;
      const n = scenario.steps.length;
      const rest = why.replace(new RegExp(`^step ${n}(, ${verb})?: |^step ${n}, `), "");
      // A field the model names as the step spells it ("as: …") is said as the form labels it.
      const fields = [...this.verbOf(added).fields, ...this.description.every_step];
      return rest === why ? why : rest.replace(/^([a-z_]+)(?=[[.:])/, (name) => {
        const field = fields.find((f) => f.name === name);
        return field ? `“${fieldLabel(field)}”` : name;
      });
    };
    const cannot = refuse
      ?? ((why) => this.showError(`${what || "That"} cannot be done: ${ended(own(why))} Nothing changed.`));
    try {
      // A step added to the situation shown is the only part not yet checked.
      const problem = added === undefined ? jsonProblem(scenario)
        : jsonProblem(added, null, { path: `steps[${scenario.steps.length - 1}]`, depth: 2 });
      if (problem) {
        await cannot(problem.problem === "depth" ? `the situation would be ${problem.message}`
          : problem.message);
        return null;
      }
      if (scenarioSize(scenario, this.scenario, added) > MAX_SCENARIO_BYTES) {
        const limit = `${MAX_SCENARIO_BYTES / 1024} KB`;
        if (refuse) await refuse(`the situation is too large (a link carries at most ${limit})`);
        else {
          this.showError(`That would make the situation larger than ${limit}, ` +
            "the most a link can carry. Nothing changed.");
        }
        return null;
      }
      const board = await this.runModel(scenario, choices, added);
      // Which field of the added step the model refused, for its form to mark ("steps[3].put").
      this.refusedPath = board.error && added !== undefined
        && board.step === scenario.steps.length - 1 ? board.path ?? "" : "";
      if (this.refusedPath) this.refusedSuggestions = board.suggestions ?? [];
      if (board.error) {
        await cannot(board.error, board);
        return null;
      }
      // What is said is the log from there on: where the last step began, for a choice put
      // into it (applyAnswer), whose lines the board that asked already held.
      const before = saidFrom ?? this.board?.log.length ?? 0;
      if (scenario.steps.length === (this.scenario?.steps.length ?? 0) + 1) {
        this.lastStepLog = { steps: scenario.steps.length, from: this.board?.log.length ?? 0 };
      }
      const failedBefore = new Set(this.board?.failures ?? []);
      const comparedBefore = JSON.stringify(this.board?.other_rules?.differences ?? []);
      memory.scenario = scenario;
      memory.redo = redo;
      // A step on the board Start over emptied: the board before it is the steps' Undo's.
      if (this.putBackWhileEmpty && scenario.steps.length) this.offerPutBack(null);
      this.board = board;
      this.showError("");
      this.render();
      this.updateButtons();
      this.rememberInAddress();
      const fresh = announce ? [announce]
        : board.log.slice(before).map((entry) => entry.text);
      // A check that fails now is said first (the box of failed checks is no live region):
      // a judge who expected "refused" or a line of the log hears that it did not hold.
      const failed = (board.failures ?? []).filter((failure) => !failedBefore.has(failure));
      // So is what the other rules would show differently, when that changed (the box that
      // shows it is no live region either).
      const other = board.other_rules;
      const compared = other?.differences?.length
        && JSON.stringify(other.differences) !== comparedBefore
        ? [`${other.rules === "2004" ? "Under the rules of 2004" : "Under today's rules"}, ` +
          `it would differ: ${other.differences.map(ended).join(" ")}`] : [];
      const said = [...fresh, ...compared];
      this.say(failed.length ? [`Check failed: ${failed.map(ended).join(" ")}`, ...said].join(" ")
        : said.length ? said.join(" ") : "Done.");
      return board;
    } finally {
      release();
    }
  }

  async addStep(step, what) {
    // (The model would take it as a step that does nothing, kept in the history for Undo.
    // In an upkeep or a draw step held with the stack empty, every player passing ends it.)
    if ("resolve" in step && !this.board.stack?.length
        && !["upkeep", "draw"].includes(this.board.step)) {
      this.showError(`${what} cannot be done: the stack is empty. Nothing changed.`);
      return false;
    }
    const before = { scenario: this.scenario, redo: memory.redo, board: this.board };
    const scenario = { ...this.scenario, steps: [...this.scenario.steps, step] };
    const board = await this.commit(scenario, { choices: true, what, redo: [], added: step });
    if (!board) return false;
    // A step added where Redo held later steps takes their place; Undo of it brings them back.
    memory.replaced = before.redo.length
      ? { step, count: scenario.steps.length, redo: before.redo } : null;
    if (memory.replaced) {
      const count = before.redo.length;
      this.say(`${this.status.textContent} It takes the place of the ${count === 1
        ? "later step" : `${count} later steps`} Redo held: Undo, then Redo, brings ${count === 1 ? "it" : "them"} back.`);
    }
    // One question at a time, as the board after each answer still asks it: a "may" first,
    // as its answer decides whether there is a legend rule to ask about at all (a Decline
    // left a legend choice that was never made in the step).
    const asked = new Set();
    const keyOf = (c) => (c.kind === "may" ? `may:${c.object}` : `${c.kind}:${c.player}:${c.name}`);
    for (;;) {
      const open = (this.board.choices ?? []).filter((c) => !asked.has(keyOf(c)));
      const choice = open.find((c) => c.kind === "may") ?? open[0];
      if (!choice) break;
      asked.add(keyOf(choice));
      if (await this.ask(choice) === CANCELLED) {
        this.takeBack(before);
        this.say("Cancelled: the step is not added. Nothing changed.");
        return false; // what the form holds stays, as after Cancel
      }
    }
    return true;
  }

  /**
   * Show again the situation `before` ({scenario, redo, board}) a step was added to, as it
   * was: the step is not taken. (The model has played the step since: the next step added
   * sends the whole situation, as it says it no longer has this one.)
   */
  takeBack(before) {
    memory.scenario = before.scenario;
    memory.redo = before.redo;
    this.board = before.board;
    this.showError("");
    this.render();
    this.updateButtons();
    this.rememberInAddress();
  }

  /**
   * The same steps under the other rules. A step those rules cannot take (not the first)
   * leaves the steps before it, as a link does, and the board switched from is one click
   * away ("Put back the earlier board").
   */
  async setRules(rules) {
    if (rules === this.scenario.rules) return;
    const earlier = { scenario: this.scenario, redo: memory.redo };
    const switched = { ...this.scenario, rules };
    const what = "Switching the rules";
    let partly = null;
    const refuse = (why, board) => {
      partly = stepsBefore(switched, board, `Under ${rules === "2004" ? "the 2004" : "today's"} ` +
        "rules, the situation's");
      if (!partly) this.showError(`${what} cannot be done: ${ended(why)} Nothing changed.`);
    };
    // The log is another one, played again from the start: what is said is the switch.
    const under = rules === "2004" ? "the rules of 2004" : "today's rules";
    const announce = (steps) => `Now under ${under}: ${counted(steps.length, "step")} played again.`;
    if (!await this.commit(switched, { what, refuse, announce: announce(switched.steps) }) &&
        partly && await this.commit(partly.scenario,
      { what, redo: [], announce: announce(partly.scenario.steps) })) {
      this.showError(`${partly.note} “Put back the earlier board” brings back every step ` +
        "under the rules switched from.");
      this.offerPutBack(earlier);
    }
    this.updateButtons();
  }

  async undo() {
    const steps = this.scenario.steps;
    if (!steps.length) return;
    const last = steps[steps.length - 1];
    // Said as the steps list says it, while the board still shows what the step did.
    const said = this.stepWords(last, this.namesOf(steps, steps.length - 1), steps.length - 1,
      this.namesOf(steps, 0));
    // The step that took the place of later steps: they come back to Redo, in its place.
    const replaced = memory.replaced?.step === last && memory.replaced.count === steps.length
      ? memory.replaced.redo : null;
    if (await this.commit({ ...this.scenario, steps: steps.slice(0, -1) },
      { what: "Undo", redo: replaced ?? [...memory.redo, last] })) {
      memory.replaced = null;
      this.say(`Undone: ${said}.` + (replaced ? ` Redo brings back the ${replaced.length === 1
        ? "step" : `${replaced.length} steps`} it had taken the place of.` : ""));
    }
  }

  async redo() {
    if (!memory.redo.length) return;
    const step = memory.redo[memory.redo.length - 1];
    await this.commit({ ...this.scenario, steps: [...this.scenario.steps, step] },
      { what: "Redo", redo: memory.redo.slice(0, -1), added: step });
  }

  async startOver() {
    if (!this.scenario?.steps.length) return; // (none before the playground has started)
    const earlier = { scenario: this.scenario, redo: memory.redo };
    const steps = this.scenario.steps;
    // Redo brings the steps back one by one; "Put back the earlier board", all at once while
    // the board is still empty.
    if (await this.commit({ ...this.scenario, steps: [] },
      { what: "Starting over", redo: [...steps].reverse() })) {
      this.offerPutBack(earlier, { whileEmpty: true });
      this.say(steps.length === 1
        ? "The board is empty. “Put back the earlier board” or Redo brings back its one step."
        : `The board is empty. “Put back the earlier board” brings back its ${counted(steps.length,
          "step")}; Redo brings them back one by one.`);
    }
  }

  /** A step's verb: of the verbs it names, the one whose fields account for all its keys. */
  verbOf(step) {
    const named = this.description.verbs.filter((v) => v.name in step);
    const options = this.description.every_step.map((f) => f.name);
    return named.find((v) => Object.keys(step).every((key) =>
      options.includes(key) || v.fields.some((f) => f.name === key))) ?? named[0];
  }

  /**
   * A step in words, "Alice's Akki Lavarunner attacks": objects by the name of the card put (or
   * cast, or made) under their id, and whose they are on the board now; in the words of the
   * situation's edition (a spell is played in 2004). `index`: the step's place in the steps
   * (a turn it began is said with its player).
   */
  stepWords(step, names, index = -1, first = names) {
    const thing = this.namer(names, first);
    // The choices the step carries, as the legend rule's and a "may" ability's questions
    // were answered (what was kept by its id too, as the question offered it: the others
    // have the same name).
    const kept = (ids) => ids.map((id) => {
      const named = thing(id);
      return named.endsWith(`(${id})`) ? named : `${named} (${id})`;
    }).join(" and ");
    const keep = Array.isArray(step.keep) && step.keep.length
      ? `; ${kept(step.keep)} ${step.keep.length > 1 ? "are" : "is"} kept (the legend rule)` : "";
    const decline = Array.isArray(step.decline) && step.decline.length
      // (What the step chooses, not what became of it: a card with no "may" ability may be
      // named, and the log then says the decline changed nothing.)
      ? `; declining any “may” ability of ${thing(step.decline)}` : "";
    // A step the situation expects the rules to refuse is not done (the log says why).
    const refused = step.refused === true ? " — expected to be refused" : "";
    return this.actionWords(step, names, index, thing) + keep + decline + refused;
  }

  /**
   * How a step names `id`: a player by name; an object by its card's name and whose it is,
   * with its id when another object of the steps is named the same by `names` (as they are
   * named at the step) or was by `first` (as the steps first named them: two Bushi
   * Tenderfoots, one of them flipped since, are told apart as every step tells them apart).
   */
  namer(names, first = names) {
    const board = this.board;
    const players = new Set(board?.players.map((p) => p.name) ?? []);
    // `owned`: named by its owner (what a player gains control of is theirs to the end).
    const plain = (id, owned = false, map = names) => {
      const name = map.get(id) ?? board?.objects[id]?.name ?? id;
      const object = board?.objects[id];
      const whose = (owned ? object?.owner : object?.controller) ?? object?.owner;
      return whose ? `${whose}'s ${name}` : name;
    };
    const counts = (map) => {
      const uses = new Map();
      for (const id of map.keys()) {
        const label = plain(id, false, map);
        uses.set(label, (uses.get(label) ?? 0) + 1);
      }
      return (id) => uses.get(plain(id, false, map)) ?? 0;
    };
    const [now, then] = [counts(names), counts(first)];
    const thing = (id, owned = false) => {
      if (typeof id !== "string") {
        if (!Array.isArray(id)) return "a permanent";
        const each = id.map((one) => thing(one));
        return each.length > 2 ? `${each.slice(0, -1).join(", ")} and ${each.at(-1)}`
          : each.join(" and ");
      }
      if (players.has(id)) return id;
      const label = plain(id, owned);
      return now(id) > 1 || then(id) > 1 ? `${label} (${id})` : label;
    };
    return thing;
  }

  /** The step's action in words, without the choices it carries (stepWords). */
  actionWords(step, names, index, thing) {
    const verb = this.description && this.verbOf(step);
    if (!verb) return "A step";
    const value = step[verb.name];
    const board = this.board;
    const of2004 = this.scenario?.rules === "2004";
    // A zone as the model reads it, in any letter case: "in play" or "removed from the game"
    // (the words of 2004) are the battlefield and exile.
    const aliases = this.description?.zone_aliases ?? {};
    const canonical = (z) => {
      const lower = typeof z === "string" ? z.toLowerCase() : z;
      if (Object.hasOwn(aliases, lower)) return aliases[lower];
      return Object.hasOwn(ZONE_PLACES, lower) ? lower : z;
    };
    const zone = (z) => {
      const name = canonical(z);
      if (of2004 && Object.hasOwn(ZONE_PLACES_2004, name)) return ZONE_PLACES_2004[name];
      return Object.hasOwn(ZONE_PLACES, name) ? ZONE_PLACES[name] : name;
    };
    // What a search looks through, as the model's log says it.
    const searchedWords = (searched) => ({
      battlefield: "the permanents they control",
      exile: `their cards in ${zone("exile")}`}[searched] ?? `their ${searched}`);
    const first = board?.players[0]?.name ?? "Alice";
    // An object's id after its name, where another of the steps' objects has the same name.
    const which = (id) => (typeof id === "string" && thing(id).endsWith(`(${id})`) ? ` (${id})` : "");
    switch (verb.name) {
      case "put": {
        // As the board shows it: a flip card unflipped by its top half's name, whichever
        // half's name was given; flipped, by both.
        const where = canonical(step.zone ?? "battlefield");
        const card = this.cardNamed(value);
        const flipped = step.flipped === true && where === "battlefield" && card?.flipped_name;
        // Its id too, when another card of the steps has the same name (as later steps say it).
        return `${step.owner ?? step.controller ?? first}'s ${card?.name ?? value}${which(step.as)} is put ` +
          `${where === "battlefield" && !of2004 ? "onto" : "into"} ${zone(where)}` +
          (flipped ? `, flipped: ${card.flipped_name}` : "") +
          (typeof step.copying === "string" ? ` as a copy of ${thing(step.copying)}` : "") +
          (typeof step.attached_to === "string" ? ` attached to ${thing(step.attached_to)}` : "");
      }
      case "flip": return `${thing(value)} flips`;
      case "tap": return `${thing(value)} is tapped`;
      case "untap": return `${thing(value)} is untapped`;
      case "tap_for_mana": return `${thing(value)} is tapped for mana`;
      case "counters": {
        // What was asked: only the counters there are removed (what happened says how many).
        const counters = (count) => counted(count, `${step.kind ?? "+1/+1"} counter`);
        return `${thing(value)}: ` + [typeof step.add === "number" ? `+${counters(step.add)}` : "",
          typeof step.remove === "number" ? `up to ${counters(step.remove)} removed` : ""]
          .filter(Boolean).join(", ");
      }
      case "damage": return `${thing(value)} is dealt ${step.amount ?? 1} damage`;
      case "deal_damage": return `${thing(value)} deals ${step.amount ?? 1} damage to ${thing(step.to)}`;
      case "attack": return `${thing(value)} attack${Array.isArray(value) && value.length > 1 ? "" : "s"}` +
        (step.defender ? ` ${step.defender}` : "");
      case "block": return `${thing(value)} blocks ${thing(step.attacker)}`;
      case "move": return `${thing(value)} moves to ${zone(step.to)}`;
      case "attach": return `${thing(value)} is attached to ${thing(step.to)}`;
      case "copy": return `${thing(value)} is copied`;
      case "destroy": return `${thing(value)} is destroyed`;
      case "sacrifice": return `${thing(value)} is sacrificed`;
      case "counter": {
        // An id names a spell on the stack, or the source of an ability there (as played).
        const what = (Array.isArray(board?.countered) ? board.countered : [])
          .find((one) => one.step === index)?.what;
        return what === "ability" ? `${thing(value)}'s ability is countered`
          : `${thing(value)} is countered`;
      }
      case "become_copy": return `${thing(value)} becomes a copy of ${thing(step.of)}`;
      case "activate": {
        // What it was activated with, as a cast says its target: three activations of one
        // card read the same.
        const into = of2004 ? "into play" : "onto the battlefield";
        const choices = [
          step.target !== undefined ? ` targeting ${thing(step.target)}` : "",
          step.to !== undefined ? ` (to ${thing(step.to)})` : "",
          step.sacrifice !== undefined ? `, sacrificing ${thing(step.sacrifice)}` : "",
          step.discard !== undefined ? `, discarding ${thing(step.discard)}` : "",
          step.tap !== undefined ? `, tapping ${thing(step.tap)}` : "",
          step.land !== undefined ? `, putting ${thing(step.land)} ${into}` : ""];
        return `${thing(value)}'s ability is activated${choices.join("")}`;
      }
      case "discard": return `${thing(value)} is discarded`;
      // A card in a hand is its owner's to play; one named, the player whose turn it is.
      case "play_land": return `${step.player ?? board?.objects[value]?.owner ?? this.activeAt(index)} plays ` +
        `${names.get(value) ?? board?.objects[value]?.name ?? value}${which(value)}`;
      case "cast": return `${step.player ?? board?.objects[value]?.owner ?? this.activeAt(index)} ` +
        `${of2004 ? "plays" : "casts"} ${typeof value === "string" ? `${names.get(value) ?? value}${which(value)}` : "a spell"}` +
        (step.target ? ` targeting ${thing(step.target)}` : "");
      case "effect": {
        // What it does to what, as a card would say it (it said only its kind).
        const one = typeof step.affects === "string";
        const who = one ? thing(step.affects) : filterWords(step.affects);
        const verb = (single, plural) => (one ? single : plural);
        const signed = (n) => (typeof n === "number" && n < 0 ? `${n}` : `+${n ?? 0}`);
        const listed = (...keys) => keys.flatMap((key) => (Array.isArray(step[key]) ? step[key] : []))
          .join(" ");
        const does = {
          modify_pt: `${verb("gets", "get")} ${signed(step.power)}/${signed(step.toughness)}`,
          set_pt: `${verb("has", "have")} base power and toughness ${step.power ?? 0}/${step.toughness ?? 0}`,
          switch_pt: `${verb("has its", "have their")} power and toughness switched`,
          add_keyword: `${verb("gains", "gain")} ${step.keyword ?? "a keyword"}`,
          remove_keyword: `${verb("loses", "lose")} ${step.keyword ?? "a keyword"}`,
          add_types: `${verb("is", "are")} also ${listed("supertypes", "types", "subtypes")}`,
          set_types: `${verb("becomes", "become")} ${listed("types", "subtypes")}`,
          remove_all_abilities: `${verb("loses", "lose")} all abilities`,
          set_colors: `${verb("becomes", "become")} ${listed("colors").split(" ").filter(Boolean)
            .map((c) => COLOR_NAMES[c] ?? c).join(" ") || "colorless"}`,
        }[step.kind];
        if (!does) return `An effect starts (${words(step.kind ?? "effect")})`;
        return `An effect starts: ${who} ${does}` +
          (step.until_end_of_turn === true ? " until end of turn" : "");
      }
      case "end_effect": return `The effect ${value} ends`;
      case "gain_life": return `${value} gains ${step.amount ?? 1} life`;
      case "lose_life": return `${value} loses ${step.amount ?? 1} life`;
      case "draw": return `${value} draws ${counted(step.count ?? 1, "card")}`;
      case "create_token": return `${step.controller ?? this.activeAt(index)} ` +
        (of2004 ? `puts a ${value} token into play` : `creates a ${value} token`);
      case "next_turn": {
        const player = this.turnBegunIn(index);
        const drawing = step.draw_step === true ? " with its draw step" : "";
        return player ? `${player}'s turn begins${drawing}` : `The next turn begins${drawing}`;
      }
      case "end_step": return `The ${stepWordsOf(this.scenario?.rules).end}`;
      // In 2004 combat damage goes on the stack (2004 CR 310.1): held, it waits there undealt.
      case "combat_damage": return of2004 && step.hold === true
        ? "Combat damage is put on the stack" : "Combat damage is dealt";
      case "end_combat": return "Combat ends";
      case "resolve": return value === "all" ? "The stack resolves" : "The top of the stack resolves";
      case "add_mana": return `${value} adds ${step.mana ?? "mana"}`;
      case "reveal_hand": return `${value} reveals their hand`;
      case "concede": return `${value} concedes`;
      case "gain_control": return `${step.player ?? "A player"} gains control of ${thing(value, true)}` +
        (step.until_end_of_turn === true ? " until end of turn" : "");
      case "name_card": return `“${value}” is named`;
      case "search": return `${step.player ?? first} looks through ${searchedWords(canonical(value ?? "library"))}` +
        (step.for ? ` for ${filterWords(step.for)}` : "");
      case "order_triggers": return `The triggered abilities go on the stack: ${thing(value)}, the first resolving first`;
      case "expect": return `Expected: ${expectedWords(value, thing)}`;
      default: return capital(this.describeStep(step));
    }
  }

  /**
   * What waits for players to pass priority, in words, or "": what is on the stack, or a
   * held upkeep or draw step (either ends by itself once the stack is empty and no one holds
   * priority: a step that passes none, such as putting a card, would end it).
   */
  waiting() {
    if (Array.isArray(this.board?.stack) && this.board.stack.length > 0) return "What waits on the stack";
    const held = { upkeep: "The upkeep", draw: "The draw step" }[this.board?.step];
    return held ?? "";
  }

  /**
   * Whose turn it is as the step at `index` begins, as the model played the turns (the first
   * player's before any step began one).
   */
  activeAt(index) {
    this.turnBegunIn(index);
    let player = this.board?.players?.[0]?.name ?? "Alice";
    for (const [step, began] of this.turnsBegun) if (step < index) player = began;
    return player;
  }

  /**
   * Whose turn the step at `index` began, as the model played it (a player who has left the
   * game takes no turn); null if it began none, or the board does not say.
   */
  turnBegunIn(index) {
    const board = this.board;
    if (this.turnsOfBoard !== board) {
      this.turnsOfBoard = board;
      this.turnsBegun = new Map((Array.isArray(board?.turns) ? board.turns : [])
        .map((turn) => [turn.step, turn.player]));
    }
    return this.turnsBegun.get(index) ?? null;
  }

  /** The card of the model's list named `name` (either half, "A // B", any letter case). */
  cardNamed(name) {
    if (typeof name !== "string") return null;
    const wanted = nameKey(name);
    return this.description?.cards.find((card) => [card.name, card.flipped_name,
      card.flipped_name && `${card.name} // ${card.flipped_name}`]
      .some((n) => n && nameKey(n) === wanted)) ?? null;
  }

  /**
   * The cards' names (either half's) that hold `text` (as looseKey reads both), each with a note
   * ("flips into …"), as the card box offers them (every name for no text); `exact`: the name
   * that `text` is, in any letter case, or null.
   */
  cardsMatching(text) {
    const query = nameKey(text);
    const loose = looseKey(text);
    const found = [];
    let exact = null;
    for (const card of this.description.cards) {
      for (const name of [card.name, card.flipped_name].filter(Boolean)) {
        if (nameKey(name) === query) exact = name;
        if (query && !looseKey(name).includes(loose)) continue;
        const other = name === card.name ? card.flipped_name : card.name;
        found.push([name, other ? `${name === card.name ? "flips into" : "flipped half of"} ${other}`
          : card.type_line]);
      }
    }
    return { exact, found };
  }

  /**
   * What each id the scenario gives names: the card put (flipped: its bottom half's name) or
   * cast, or the token made; as it was named before step `index` when a step before it
   * renamed it (a flip, a copy, a flipped permanent gone from play: the model says which).
   */
  namesOf(steps, index = steps.length) {
    const names = new Map();
    for (const step of steps) {
      if (typeof step.as !== "string") continue;
      if (typeof step.put === "string") {
        const card = this.cardNamed(step.put);
        const flipped = step.flipped === true && (step.zone ?? "battlefield") === "battlefield";
        names.set(step.as, (flipped ? card?.flipped_name : null) ?? card?.name ?? step.put);
      } else if (typeof step.cast === "string") names.set(step.as, names.get(step.cast) ?? step.cast);
      else if (typeof step.create_token === "string") names.set(step.as, `${step.create_token} token`);
      else if (typeof step.copy === "string") names.set(step.as, `copy of ${names.get(step.copy) ?? step.copy}`);
    }
    const renamed = Array.isArray(this.board?.renamed) ? this.board.renamed : [];
    for (const one of renamed) if (one.step < index) names.set(one.id, one.name);
    return names;
  }

  /** Show the board as it was after `count` steps; the later ones go to Redo. */
  async goTo(count) {
    const steps = this.scenario.steps;
    if (count >= steps.length) return;
    const later = steps.slice(count);
    if (await this.commit({ ...this.scenario, steps: steps.slice(0, count) },
      { what: "Going back", redo: [...memory.redo, ...[...later].reverse()] })) {
      this.say(`Back to step ${count} of ${steps.length}: ` + (later.length === 1
        ? "the step after it is taken back; Redo brings it back (a step added now takes its place)."
        : `the ${later.length} steps after it are taken back; Redo brings them back (a step ` +
          "added now takes their place)."));
    }
  }

  describeStep(step) {
    const verb = this.description && this.verbOf(step);
    return verb ? `${words(verb.name)} ${typeof step[verb.name] === "string" ? step[verb.name] : ""}`.trim()
      : "a step";
  }

  // --- links, files, Python ---
  async rememberInAddress() {
    const fragment = await playgroundFragment(this.scenario);
    if (!this.shown) return; // (the address is the page the reader went on to)
    const url = `${window.location.pathname}${window.location.search}#${fragment}`;
    window.history.replaceState(window.history.state, "", url);
    keepOwnAddress();
    keepRedo(fragment, memory.redo);
  }

  async share() {
    const fragment = await playgroundFragment(this.scenario);
    const link = `${canonicalPageUrl()}#${fragment}`;
    const copied = await this.copier.copy(link, "Link to this situation");
    this.say(copied ? "Link copied" : FALLBACK_HINT);
  }

  exportJson() {
    const text = `${JSON.stringify(this.scenario, null, 1)}\n`;
    const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    const link = el("a", { href: url, download: "flip-cards-situation.json", hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    this.say("Exported as flip-cards-situation.json.");
  }

  async importJson(file) {
    // What is wrong with the file itself ("situation.json is not UTF-8 text"), or with the
    // situation it holds ("situation.json cannot be opened: steps[0].flip: …").
    const refuseFile = (what) => this.showError(`${file.name} ${ended(what)} Nothing changed.`);
    const refuse = (why) => refuseFile(`cannot be opened: ${why}`);
    if (file.size > MAX_SCENARIO_BYTES) {
      refuse(`it is larger than ${MAX_SCENARIO_BYTES / 1024} KB`);
      return;
    }
    const bytes = await file.arrayBuffer();
    let text;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      refuseFile("is not UTF-8 text");
      return;
    }
    const parsed = parseJson(text);
    if (parsed.problem !== "depth" && parsed.problem !== "number") {
      // The model reads the text as the command line does: it says where the text is not
      // JSON, and refuses a key given twice in one object (JavaScript keeps the last).
      const checked = await this.model({ op: "check_text", text });
      if (checked.error) {
        refuseFile(checked.error.startsWith("not ") ? `is ${checked.error}`
          : `cannot be opened: ${checked.error}`);
        return;
      }
    }
    if (parsed.problem === "syntax" || parsed.problem === "depth") {
      refuseFile(`is ${parsed.message}`);
      return;
    }
    if (parsed.problem) {
      refuse(parsed.message);
      return;
    }
    let scenario = namingEveryCard(parsed.value);
    const board = await this.runModel(scenario);
    // A step that cannot be taken (not the first): the steps before it are opened, as from a link.
    const partly = board.error ? stepsBefore(scenario, board, `${file.name}'s`) : null;
    if (board.error && !partly) {
      refuse(board.error);
      return;
    }
    if (partly) scenario = partly.scenario;
    // A board a file or a switch of the rules replaced, not changed since, is not what the
    // reader would want back: the board before it stays the one to put back.
    // (A board Start over emptied is another matter: the file is put on the empty board.)
    const untouched = this.replaced && !this.putBackWhileEmpty
      && this.replacedBy === memory.scenario;
    const earlier = untouched ? this.replaced : { scenario: this.scenario, redo: memory.redo };
    if (await this.commit(scenario, { what: "Importing", redo: [] })) {
      if (partly) this.showError(partly.note);
      const steps = scenario.steps.length;
      const replaced = earlier.scenario.steps.length;
      this.offerPutBack(replaced ? earlier : null);
      this.say(`Opened ${partly ? `${counted(steps, "step")} of ` : ""}${file.name}` +
        (partly ? "." : `: ${counted(steps, "step")}.`) +
        (replaced && untouched ? " “Put back the earlier board” brings back the board of " +
          `${counted(replaced, "step")} from before the board it replaced.`
          : replaced ? ` It replaced a board of ${counted(replaced, "step")}: ` +
          "“Put back the earlier board” brings it back." : ""));
    }
  }

  /** Offer to put back the situation `earlier` ({scenario, redo}); null: offer nothing.
   * `whileEmpty`: only until a step is put on the empty board that replaced it (Start over). */
  offerPutBack(earlier, { whileEmpty = false } = {}) {
    this.replaced = earlier;
    this.putBackWhileEmpty = Boolean(earlier) && whileEmpty;
    this.replacedBy = earlier ? memory.scenario : null; // the board that replaced it
    if (!earlier && !this.putBackButton.hidden && document.activeElement === this.putBackButton) {
      this.boardSection.querySelector("#fc-pg-board-title").focus(); // never to the page's body
    }
    this.putBackButton.hidden = !earlier;
  }

  /** Put back the board an imported file replaced, with its Redo; the imported one goes. */
  async putBack() {
    const earlier = this.replaced;
    if (!earlier) return;
    if (await this.commit(earlier.scenario, { what: "Putting back the earlier board",
      redo: earlier.redo })) {
      this.offerPutBack(null);
      this.say(`The earlier board is back: ${counted(earlier.scenario.steps.length, "step")}.`);
    }
  }

  async togglePython() {
    const open = this.pythonButton.getAttribute("aria-expanded") === "true";
    if (open) {
      this.pythonButton.setAttribute("aria-expanded", "false");
      this.pythonPanel.hidden = true;
      return;
    }
    await this.showPython();
  }

  async showPython() {
    const result = await this.model({ op: "python", scenario: this.scenario });
    if (result.error) {
      this.showError(`The situation cannot be shown as Python: ${result.error}`);
      return;
    }
    const copy = button("Copy code", { class: "fc-button fc-pg-python-copy" });
    const copier = new Copier({ place: (field) => this.pythonPanel.append(field),
      className: "fc-copy-fallback" });
    copy.addEventListener("click", async () => {
      const copied = await copier.copy(result.code, "The situation as Python");
      this.say(copied ? "Code copied" : FALLBACK_HINT);
    });
    this.pythonPanel.replaceChildren(
      el("p", { text: "The same situation as Python: paste it into any example on this site, " +
        "or run it with the flipcards package." }),
      el("pre", { class: "fc-pg-python-code", tabindex: "0", "aria-label": "The situation as Python" },
        el("code", { text: result.code })),
      copy,
    );
    this.pythonPanel.hidden = false;
    this.pythonButton.setAttribute("aria-expanded", "true");
  }

  // --- forms built from the verbs' description ---
  /**
   * The "Add a card" form. Built again after every change, so that its lists of objects are
   * the board's; what the reader chose or typed in it stays.
   */
  buildAddForm() {
    const old = this.addSection.querySelector("form");
    const kept = new Map();
    let focused = null;
    for (const control of old?.querySelectorAll("[data-field]") ?? []) {
      kept.set(control.dataset.field, control.value);
      if (control === document.activeElement) focused = control.dataset.field;
    }
    const put = this.description.verbs.find((v) => v.name === "put");
    const form = this.verbForm(put, { submitText: "Add card" });
    form.element.classList.add("fc-pg-add-form");
    for (const control of form.element.querySelectorAll("[data-field]")) {
      const value = kept.get(control.dataset.field);
      if (value === undefined || control.type === "checkbox" || control.dataset.idFrom) continue;
      if (control.tagName === "SELECT" && ![...control.options].some((o) => o.value === value)) continue;
      control.value = value;
    }
    // One search box, whose player and zone: everything else under "More".
    const wasOpen = old?.querySelector(".fc-pg-more")?.open ?? false;
    const more = el("details", { class: "fc-pg-more", open: wasOpen },
      el("summary", { class: "fc-pg-more-summary", text: "More" }));
    const first = new Set(["put", "owner", "zone"]);
    for (const row of [...form.element.children]) {
      if (!row.classList.contains("fc-pg-field")) continue;
      const control = row.querySelector("[data-field]");
      if (!control || !first.has(control.dataset.field)) more.append(row);
    }
    form.element.querySelector(".fc-pg-verb-description")?.remove();
    form.element.querySelector(".fc-pg-form-error").before(more);
    // (What waits goes on waiting: verbForm ticks "Hold".)
    const waiting = this.waiting();
    // Below the button, which stays next to the card field it answers.
    form.element.append(el("p", {
      class: "fc-pg-muted fc-pg-add-hint", id: "fc-pg-add-hint",
      text: "A card put onto the battlefield has been there since before this turn: it can " +
        "attack or be tapped for mana at once. To cast it, put it into a hand." +
        (waiting ? ` ${waiting} goes on waiting (“Hold” is ticked under More).` : "") }));
    const search = form.element.querySelector(".fc-pg-card-search");
    search?.setAttribute("aria-describedby", `${search.getAttribute("aria-describedby")} fc-pg-add-hint`);
    form.element.querySelector(".fc-pg-toolbar").classList.add("fc-pg-add-submit");
    // (Found again when the form is built again: focus goes back to it after a question.)
    form.element.querySelector('button[type="submit"]').dataset.key = "add:card";
    this.flipWithName(form.element);
    this.addSection.replaceChildren(this.addSection.firstElementChild, form.element);
    this.refreshSuggestedIds(form.element);
    if (focused) form.element.querySelector(`[data-field="${CSS.escape(focused)}"]`)?.focus();
  }

  /**
   * In the add-card form, the name chosen says whether the card is flipped: a flip card's
   * flipped half's name ("Tok-Tok, Volcano Born") ticks "Flipped", and a name that is not a
   * flipped half's unticks it again if the page ticked it (never a box the reader ticked).
   * A card is flipped only on the battlefield: with another zone chosen, the zone is left as
   * the reader chose it (it stays from card to card, and may be what they meant), the page
   * ticks nothing (the name then stands for the card, put unflipped, as in Python), and a
   * note under the card's name says so; a tick of the reader's own there gets a note that a
   * flipped card goes onto the battlefield, until the zone is the battlefield or the box is
   * unticked. The form is built again after every change of the board, its boxes unticked:
   * a name kept from before ticks "Flipped" again.
   */
  flipWithName(form) {
    const search = form.querySelector('[data-field="put"]');
    const box = form.querySelector('input[type=checkbox][data-field="flipped"]');
    const zone = form.querySelector('[data-field="zone"]');
    if (!search || !box) return;
    const note = el("p", { class: "fc-pg-flip-note", id: nextId("fc-pg-field"), "aria-live": "polite" });
    search.closest(".fc-pg-field").append(note);
    search.setAttribute("aria-describedby", `${search.getAttribute("aria-describedby")} ${note.id}`);
    const flippedHalf = () => {
      const wanted = nameKey(search.value);
      return this.description.cards.find((card) =>
        card.flipped_name && nameKey(card.flipped_name) === wanted) ?? null;
    };
    const elsewhere = () => Boolean(zone) && zone.value !== "battlefield";
    const sayWhere = () => {
      const place = elsewhere() ? ZONE_PLACES[zone.value] ?? zone.value : "";
      const card = this.cardNamed(search.value);
      const half = flippedHalf();
      let text = "";
      if (elsewhere() && box.checked) {
        text = "A card is flipped only on the battlefield: choose the battlefield as its zone, " +
          `or untick “Flipped” to put ${card?.name ?? "it"} into ${place} unflipped.`;
      } else if (elsewhere() && half) {
        text = `${half.flipped_name} is the flipped half of ${half.name}: it goes into ${place} ` +
          "unflipped, as a card is flipped only on the battlefield.";
      }
      if (note.textContent !== text) note.textContent = text;
    };
    const followName = () => {
      const wanted = Boolean(flippedHalf()) && !elsewhere();
      if (wanted && !box.checked) {
        box.checked = true;
        box.dataset.byPage = "true";
      } else if (!wanted && box.dataset.byPage) {
        box.checked = false;
        delete box.dataset.byPage;
      }
      sayWhere();
    };
    search.addEventListener("input", followName);
    search.addEventListener("change", followName);
    // The reader's own tick or untick is theirs: the name no longer takes it back.
    box.addEventListener("change", () => {
      delete box.dataset.byPage;
      sayWhere();
    });
    zone?.addEventListener("change", followName);
    followName();
  }

  /** Bring the add-card box into view, its card field focused. */
  goToAddCard() {
    const field = this.addSection.querySelector('[data-field="put"]');
    this.addSection.scrollIntoView({ block: "start" });
    field?.focus({ preventScroll: true });
  }

  buildGameActions() {
    const heading = this.actionsSection.firstElementChild;
    const list = el("div", { class: "fc-pg-toolbar fc-pg-verbs", role: "toolbar",
      "aria-label": "Game actions" });
    for (const verb of ordered(this.description.verbs, GAME_ORDER)) {
      // (A card is added with the box under the board; a land is played from its card in a
      // hand, by its Act.)
      if (verb.name === "put" || verb.name === "play_land" || verb.acts_on === "object") continue;
      const open = button(verbLabel(verb.name, this.scenario.rules), { class: "fc-button fc-pg-verb",
        "data-verb": verb.name, "data-key": `game:${verb.name}`, "aria-haspopup": "dialog",
        title: verb.description });
      open.addEventListener("click", () => this.openVerb(verb, null, open));
      list.append(open);
    }
    rovingToolbar(list);
    this.actionsSection.replaceChildren(heading, list);
  }

  /**
   * The verbs that can act on object `id` (where it is), from the description. Flip only for
   * a flip card: the model gives the flipped half (`bottom`) of the card an object is now,
   * a copy of a flip card included (rule 707: a copy of a flip card is a flip card, its
   * flipped half copied too), and none for any other card or token. Activate only for a
   * permanent with an activated ability: the model lists those it has now (`activatable`).
   */
  verbsFor(id) {
    const object = this.board.objects[id];
    return this.description.verbs.filter((verb) => {
      const subject = verb.fields[0];
      // Nor for one that has flipped, whichever half it shows (flipped, then a copy of an
      // unflipped card): flipping is once and for good (ruling 3).
      if (verb.name === "flip" && (!object.bottom || object.flipped)) return false;
      if (verb.name === "activate" && !activatableOf(object).length) return false;
      // What would only be refused is not offered: attaching what is not an Aura, tapping
      // for mana what makes none (or is tapped), tapping what is tapped, untapping what is not.
      if (verb.name === "attach" && !object.subtypes.includes("Aura")) return false;
      // Only a creature attacks or blocks (508.1a, 509.1a), and of the permanents here only
      // creatures are dealt damage (120.1a): what it is now, a land made a creature included.
      if (CREATURES_ONLY.includes(verb.name) && !object.types.includes("Creature")) return false;
      // A land is played, not cast (305.1); only a land is played.
      const land = object.types.includes("Land");
      if ((verb.name === "play_land" && !land) || (verb.name === "cast" && land)) return false;
      if (verb.name === "tap_for_mana" && !object.taps_for_mana) return false;
      if (verb.name === (object.tapped ? "tap" : "untap") && object.zone === "battlefield") return false;
      // Counter: a spell on the stack, or the source of an ability there wherever it is now
      // (a Kami sacrificed to pay for its ability, a creature whose death trigger waits).
      if (verb.name === "counter") {
        return (Array.isArray(this.board.stack) ? this.board.stack : [])
          .some((item) => item.source === id && item.kind !== "combat_damage");
      }
      const placeOk = !verb.zones.length || verb.zones.includes(object.zone);
      if (verb.acts_on === "object") return placeOk;
      if (subject.kind === "card_or_object") return verb.zones.includes(object.zone);
      return object.zone === "battlefield" && verb.fields.some((f) => f.kind === "object_or_filter");
    });
  }

  openCard(id, opener) {
    const verbs = ordered(this.verbsFor(id), CARD_ORDER);
    const object = this.board.objects[id];
    const title = el("h2", { id: "fc-pg-dialog-title", text: `Act on ${called(this.board, id)}` });
    const parts = [title];
    // Its own printed abilities first, in the card's words: an activated one ("{1}{G}, {T}: …")
    // is activated from here while it has it (the model says); the others are what the card says.
    const face = object.half === "flipped" ? object.bottom : object.top;
    const activate = verbs.find((verb) => verb.name === "activate");
    const usable = activatableOf(object);
    const hasOwn = usable.some((ability) => ability.how === "own");
    const abilities = (face?.text ?? "").split("\n").map((line) => line.trim()).filter(Boolean);
    const inWords = Boolean(activate) && hasOwn && abilities.some(activated);
    if (abilities.length) {
      const own = el("ul", { class: "fc-pg-verb-list fc-pg-abilities", "aria-label": "Its abilities" });
      for (const line of abilities) {
        if (inWords && activated(line)) {
          const use = button(line, { class: "fc-button fc-pg-verb fc-pg-ability", "data-verb": "activate" });
          use.addEventListener("click", () => this.openVerb(activate, id, opener, line));
          own.append(el("li", {}, use));
        } else {
          own.append(el("li", { class: "fc-pg-ability-text", text: line }));
        }
      }
      parts.push(el("h3", { class: "fc-pg-sheet-heading", text: face.name }), own);
    }
    // What flips it, in the site's words, while it can still flip.
    if (object.flip_condition && !object.flipped) {
      parts.push(el("p", { class: "fc-pg-flip-condition" },
        el("strong", { text: "How it flips: " }), object.flip_condition));
    }
    const list = el("ul", { class: "fc-pg-verb-list", "aria-label": "Actions" });
    for (const verb of verbs) {
      // Above, in the card's words, unless it has others too (granted, or kept by a copy).
      if (verb === activate && inWords && usable.every((ability) => ability.how === "own")) continue;
      const choose = button(verbLabel(verb.name, this.scenario.rules), { class: "fc-button fc-pg-verb",
        "data-verb": verb.name });
      choose.addEventListener("click", () => this.openVerb(verb, id, opener));
      list.append(el("li", {}, choose, " ", el("span", { class: "fc-pg-muted", text: verb.description })));
    }
    const close = button("Cancel", { class: "fc-button fc-pg-cancel" });
    close.addEventListener("click", () => this.closeDialog());
    if (parts.length > 1) parts.push(el("h3", { class: "fc-pg-sheet-heading", text: "Actions" }));
    this.showDialog([...parts, list, el("div", { class: "fc-pg-toolbar" }, close)], opener);
    this.dialog.querySelector("ul button")?.focus();
  }

  openVerb(verb, id, opener, ability = null) {
    const title = el("h2", { id: "fc-pg-dialog-title",
      text: (id ? `${verbLabel(verb.name, this.scenario.rules)}: ${called(this.board, id)}`
        : verbLabel(verb.name, this.scenario.rules)) });
    const form = this.verbForm(verb, { subject: id, submitText: "Do it", inDialog: true,
      ownAbility: Boolean(ability) });
    if (ability) form.element.prepend(el("p", { class: "fc-pg-ability-quote" }, el("q", { text: ability })));
    this.showDialog([title, form.element], opener);
    form.focusFirst();
  }

  showDialog(children, opener) {
    this.dialog.replaceChildren(...children);
    // On a phone the dialog is a sheet anchored to the bottom of the screen (the stylesheet).
    this.dialog.classList.add("fc-pg-sheet");
    this.opener = opener;
    if (!this.dialog.open) this.dialog.showModal();
    this.dialog.onclose = () => {
      // (A dialog's close event comes a moment after it closed: one shown again since, for
      // the next question, is not the one closed.)
      if (this.dialog.open) return;
      this.dialog.querySelector("form")?.forgetFailure?.();
      this.restoreFocus();
    };
  }

  closeDialog() {
    if (this.dialog.open) this.dialog.close();
  }

  restoreFocus() {
    const key = this.opener?.dataset?.key;
    const again = key && this.root.querySelector(`[data-key="${CSS.escape(key)}"]`);
    (again || this.root.querySelector("#fc-pg-board-title"))?.focus?.();
  }

  /**
   * A form for `verb`: one widget per field of the description. `subject`: the object the
   * verb acts on (its own field then takes that value and shows no widget). `ownAbility`: an
   * activation of the subject's own ability, chosen in the card's words (not asked again).
   */
  verbForm(verb, { subject = null, submitText, inDialog = false, ownAbility = false }) {
    verb.fields[0].subject = true;
    const form = el("form", { class: "fc-pg-form", novalidate: true });
    // The rule cited as the situation's rules number it (today's 710.4 is 2004's 508.4).
    const ruleLink = this.scenario.rules === "current" ? verb.rule_link_today : verb.rule_link;
    const hint = el("p", { class: "fc-pg-muted fc-pg-verb-description" }, verb.description,
      ruleLink ? " " : null, ruleLink ? this.ruleAnchor(ruleLink) : null);
    form.append(hint);
    const readers = [];
    const completions = []; // what fields do to what was typed before the form is read
    // The card acted on fills the verb's own field, or else the field that says which
    // permanents it affects (an effect started from a card applies to that card).
    const own = verb.acts_on === "object" || verb.fields[0].kind === "card_or_object";
    const filled = subject === null ? null
      : (own ? verb.fields[0] : verb.fields.find((f) => f.kind === "object_or_filter"));
    // An activation asks only the choices its ability makes (the model refuses any other):
    // Jushi Apprentice's asks none, Shidako's a target and a creature to sacrifice.
    const takes = verb.name === "activate" && subject !== null ? this.choicesTaken(subject, ownAbility) : null;
    // Of those, what it cannot do without (its target, what its cost takes) is not optional.
    const needs = takes ? this.choicesNeeded(subject, ownAbility) : new Set();
    // A cast asks only the choices its card's spell makes: Shock a target, not a card to
    // name, a creature to copy or a card to find (the model refuses them).
    const castTakes = verb.name === "cast" && subject !== null
      ? this.cardNamed(this.board.objects[subject]?.name)?.cast_takes : null;
    const rows = new Map(); // each field's row, by the field's name
    verb.fields.forEach((field) => {
      if (field === filled && field.kind === "object_list" && subject !== null) {
        // Attacking with the creature acted on, and with any other the same player may attack
        // with in the same declaration (508.1a).
        const widget = this.alongsideWidget(field, subject);
        form.append(widget.row);
        readers.push(() => [field.name, widget.value()]);
        form.firstFocus ??= widget.focusable;
        return;
      }
      if (field === filled) {
        readers.push(() => [field.name, subject]);
        return;
      }
      if (takes && field.name !== "ability" && field.kind !== "new_id" && !takes.has(field.name)) return;
      if (Array.isArray(castTakes) && SPELL_CHOICES.includes(field.name)
        && !castTakes.includes(field.name)) return;
      // A card cast or played from a hand keeps its id (a second would name the one card
      // twice), and only its owner casts or plays it.
      if ((field.kind === "new_id" || field.name === "player") && filled === verb.fields[0]
        && verb.fields[0].kind === "card_or_object") return;
      const asked = needs.has(field.name) ? { ...field, required: true } : field;
      const widget = verb.name === "activate" && field.name === "ability" && subject !== null
        ? this.abilityWidget(field, subject, ownAbility) : this.widget(asked, verb, subject);
      if (widget.row) form.append(widget.row);
      if (widget.row) rows.set(field.name, widget.row);
      if (widget.complete) completions.push(widget.complete);
      // (A field its kind does not take is hidden, and sends nothing.)
      readers.push(() => (!widget.row?.hidden && widget.has() ? [field.name, widget.value()] : null));
      widget.focusable && (form.firstFocus ??= widget.focusable);
    });
    // An effect asks only the fields its kind takes (a keyword to give: no power).
    const kind = verb.fields.find((field) => field.kind === "effect_kind");
    const kindSelect = kind?.takes && rows.get(kind.name)?.querySelector("select");
    if (kindSelect) {
      const taken = new Set(Object.values(kind.takes).flat());
      const show = () => {
        const takes = kind.takes[kindSelect.value] ?? [...taken];
        for (const [name, row] of rows) if (taken.has(name)) row.hidden = !takes.includes(name);
      };
      kindSelect.addEventListener("change", show);
      show();
    }
    // Options of every step (hold priority); the legend rule's "keep" is asked when it applies.
    for (const field of this.description.every_step) {
      // A step that only looks is never refused by the rules.
      if (field.name === "keep" || (field.name === "refused" && LOOKS.includes(verb.name))) continue;
      const widget = this.widget(field, verb, subject);
      if (widget.row) form.append(widget.row);
      readers.push(() => (widget.has() ? [field.name, widget.value()] : null));
    }
    // A step that passes no priority leaves what waits on the stack waiting: one that sets
    // the table up (a card added) and mana added (a mana ability uses no stack, 605.3a).
    // It resolved the whole stack, and a held response was gone; it ended a held upkeep.
    const hold = form.querySelector('input[data-field="hold"]');
    if (hold && KEEPS_THE_STACK.includes(verb.name) && this.waiting()) hold.checked = true;
    const error = el("p", { class: "fc-pg-form-error", role: "alert", id: nextId("fc-pg-field") });
    // The field a message is about is marked invalid and described by it (WCAG 3.3.1), until
    // the reader changes the form: a screen reader coming back to it hears what is wrong.
    let invalid = null;
    const markInvalid = (control) => {
      unmark();
      if (!control) return;
      invalid = control;
      control.setAttribute("aria-invalid", "true");
      const described = (control.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean);
      control.setAttribute("aria-describedby", [...described, error.id].join(" "));
    };
    const unmark = () => {
      if (!invalid) return;
      invalid.removeAttribute("aria-invalid");
      const described = (invalid.getAttribute("aria-describedby") ?? "").split(" ")
        .filter((id) => id && id !== error.id);
      if (described.length) invalid.setAttribute("aria-describedby", described.join(" "));
      else invalid.removeAttribute("aria-describedby");
      invalid = null;
    };
    // The field of this step that the model's message names ("steps[3].put: …"), if any.
    const namedField = (path) => {
      const name = /^steps\[\d+\]\.([a-z_]+)/.exec(path ?? "")?.[1];
      return name ? form.querySelector(`[data-field="${CSS.escape(name)}"]`) : null;
    };
    const submit = el("button", { type: "submit", class: "fc-button fc-run", text: submitText });
    const buttons = el("div", { class: "fc-pg-toolbar" }, submit);
    // Whether the last try of this form failed: a dialog closed after one takes its message
    // from the page's alert (nothing was done, and nothing is left to try again).
    let failed = false;
    if (inDialog) {
      const cancel = button("Cancel", { class: "fc-button fc-pg-cancel" });
      cancel.addEventListener("click", () => this.closeDialog());
      buttons.append(cancel);
      form.forgetFailure = () => {
        if (failed) this.showError("");
      };
    }
    // What a misspelt name may have meant, as the model's "did you mean" gives it: a button
    // each, which puts the name in the field and tries again.
    const offers = el("div", { class: "fc-pg-toolbar fc-pg-offers" });
    const offer = (control, names) => {
      const fits = (name) => (control?.tagName === "SELECT"
        ? [...control.options].some((option) => option.value === name)
        : control?.tagName === "INPUT" && control.type === "text");
      offers.replaceChildren(...names.filter(fits).map((name) => {
        const use = button(`Use “${name}”`, { class: "fc-button fc-pg-offer" });
        use.addEventListener("click", () => {
          control.value = name;
          control.dispatchEvent(new Event("change", { bubbles: true })); // the message goes
          form.requestSubmit(submit);
        });
        return use;
      }));
    };
    form.append(error, offers, buttons);
    // A refusal the page's alert above the board says too is said once: outside a dialog both
    // would be read out (a modal dialog leaves the page's alert unheard), so there the message
    // beside the button is only shown. A problem found in the form itself is said here alone.
    const sayBeside = (text, alsoAbove) => {
      if (alsoAbove && !inDialog) error.removeAttribute("role");
      else error.setAttribute("role", "alert");
      error.textContent = text;
    };
    // A refusal is written above the buttons: the form (a phone's sheet scrolls on its own)
    // is scrolled so that the message and the button that tries again are both in view.
    const inView = () => {
      if (form.isConnected) buttons.scrollIntoView({ block: "nearest" });
    };
    // A message about the last try is stale once the reader changes the form: it goes, and so
    // does the same message above the board (unless "Try again" goes with it there).
    const forget = () => {
      unmark();
      offer(null, []);
      if (!error.textContent) return;
      error.textContent = "";
      if (failed && !this.retry) this.showError("");
      failed = false;
    };
    form.addEventListener("input", forget);
    form.addEventListener("change", forget);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      // What a question the step asks gives focus back to when cancelled: the button that
      // opened this form's dialog, or this form's own button.
      this.stepOpener = inDialog ? this.opener : submit;
      let step;
      try {
        completions.forEach((complete) => complete());
        step = Object.fromEntries(readers.map((read) => read()).filter(Boolean));
      } catch (problem) {
        sayBeside(problem.message, false);
        // An earlier step's refusal above the board no longer applies (a link waiting to be
        // opened, or a Retry, is another matter: it stays).
        if (this.alert.dataset.state === "error" && !this.retry && !this.unaskedLink) this.showError("");
        markInvalid(problem.field);
        problem.field?.focus();
        return;
      }
      error.textContent = "";
      failed = false;
      this.enqueue(async () => {
        // Said as the button that was pressed says it ("Add card"), or as the action's own.
        const what = inDialog ? verbLabel(verb.name, this.scenario.rules) : submitText;
        let done;
        try {
          done = await this.addStep(step, what);
        } catch (problem) {
          // The form keeps what was typed: "Do it" (or "Add card") tries again. The message
          // is also given beside it (the page's alert is above the board, out of view).
          sayBeside(this.failure(problem), true);
          failed = true;
          inView();
          throw problem;
        }
        if (!done) {
          sayBeside(this.alert.textContent, true);
          failed = Boolean(this.alert.textContent);
          if (failed) markInvalid(namedField(this.refusedPath));
          if (failed) offer(namedField(this.refusedPath), this.refusedSuggestions);
          if (failed) inView();
        }
        // (Done again by "Try again" once the dialog has moved on: then it is left alone.)
        if (done && inDialog && form.isConnected) this.closeDialog();
        if (done && !inDialog) { // ready for the next card: zone and players stay as they are
          const next = this.addSection.querySelector("form");
          // What the card was attached to or copied was that card's: the next is refused
          // if it is no Aura or Clone (and under "More" the choice is out of sight).
          for (const field of ["attached_to", "copying"]) {
            const control = next.querySelector(`select[data-field="${field}"]`);
            if (control) control.value = "";
          }
          const search = next.querySelector(".fc-pg-card-search");
          search.value = "";
          search.dispatchEvent(new Event("change", { bubbles: true })); // ids, "Flipped"
          search.focus();
        }
      });
    });
    return { element: form, focusFirst: () => (form.firstFocus ?? submit).focus() };
  }

  /** Ids the scenario already uses for objects, effects and results. */
  usedIds() {
    const used = new Set();
    const kinds = new Set(["new_id", "new_effect_id", "new_result_id"]);
    for (const step of this.scenario.steps) {
      const verb = this.verbOf(step);
      for (const field of verb?.fields ?? []) {
        if (kinds.has(field.kind) && typeof step[field.name] === "string") used.add(step[field.name]);
      }
    }
    return used;
  }

  suggestId(base) {
    return freeId(base, this.usedIds());
  }

  refreshSuggestedIds(form) {
    // An id the reader typed is theirs: it is never written over.
    for (const input of form.querySelectorAll("input[data-id-from]:not([data-typed])")) {
      const named = form.querySelector(`[data-field="${input.dataset.idFrom}"]`)?.value.trim();
      // A card typed by its id (one in a hand, cast from the toolbar) has an id already.
      const known = input.dataset.idOrObject && Object.hasOwn(this.board.objects ?? {}, named);
      input.value = known ? "" : this.suggestId(named || input.dataset.idBase);
    }
  }

  fieldRow(field, control, { group = false } = {}) {
    const id = control.id || (control.id = nextId("fc-pg-field"));
    control.dataset.field ??= field.name;
    const help = el("span", { class: "fc-pg-help", id: `${id}-help`, text: field.description });
    const name = fieldLabel(field) + (field.required ? "" : " (optional)");
    if (group) {
      return el("fieldset", { class: "fc-pg-field", "aria-describedby": help.id },
        el("legend", { text: name }), control, help);
    }
    control.setAttribute("aria-describedby", help.id);
    return el("div", { class: "fc-pg-field" }, el("label", { for: id, text: name }), control, help);
  }

  selectOf(options, { optional = null } = {}) {
    const select = el("select", { class: "fc-pg-select" });
    if (optional !== null) select.append(el("option", { value: "", text: optional }));
    for (const [value, text] of options) select.append(el("option", { value, text }));
    return select;
  }

  /**
   * Whether an object is one a field accepts, as the model describes the field (``among``:
   * its zones, card types, supertypes; controlled by the controller of ``subject``, the
   * object the step acts on, or by another player; untapped; attacking). A field that says
   * nothing accepts any.
   */
  accepted(field, subject) {
    const among = field.among ?? {};
    const controller = subject === null ? null : this.board?.objects[subject]?.controller;
    const any = (listed, values) => !listed || listed.some((value) => (values ?? []).includes(value));
    return (o) => (!among.zones || among.zones.includes(o.zone))
      && any(among.types, o.types) && any(among.supertypes, o.supertypes)
      // (A card off the battlefield is its owner's: Graverobber's "opponent's graveyard".)
      && (!among.controlled || !controller || (o.controller ?? o.owner) === controller)
      && (!among.others || !controller || (o.controller ?? o.owner) !== controller)
      && (!among.untapped || !o.tapped)
      && (!among.attacking || Boolean(o.attacking));
  }

  objectOptions(where = () => true) {
    return Object.entries(this.board.objects)
      .filter(([, object]) => object.zone && where(object))
      .sort(([, a], [, b]) => ZONE_ORDER.indexOf(a.zone) - ZONE_ORDER.indexOf(b.zone))
      // Whose it is: two graveyards' cards read the same.
      .map(([id, object]) => [id, `${object.name} (${id}) — ${whereWhose(object)}`]);
  }

  /**
   * The list field of a step acted on from one permanent (the creatures that attack): that
   * permanent, chosen, and every other untapped creature of its controller's to choose with
   * it. Its value is the permanent's id alone when nothing else is chosen.
   */
  alongsideWidget(field, subject) {
    const me = this.board.objects[subject];
    // Those that could attack: not tapped, nor summoning sick without haste (302.6), nor
    // with defender (702.3b): one of them would have the whole declaration refused.
    const has = (o, keyword) => (o.keywords ?? []).some((k) => k.toLowerCase() === keyword);
    const others = this.objectOptions((o) => o !== me && o.zone === "battlefield"
      && o.controller === me.controller && !o.tapped && (o.types ?? []).includes("Creature")
      && !(o.summoning_sick === true && !has(o, "haste")) && !has(o, "defender"));
    const mine = el("input", { type: "checkbox", value: subject, id: nextId("fc-pg-field") });
    mine.checked = true;
    mine.disabled = true;
    const boxes = others.map(([id, text]) =>
      [el("input", { type: "checkbox", value: id, id: nextId("fc-pg-field") }), text]);
    const group = el("div", { class: "fc-pg-checks" },
      el("label", { class: "fc-pg-choice" }, mine, ` ${called(this.board, subject)}`),
      ...boxes.map(([box, text]) => el("label", { class: "fc-pg-choice" }, box, ` ${text}`)));
    const chosen = () => boxes.filter(([box]) => box.checked).map(([box]) => box.value);
    return { row: this.fieldRow(field, group, { group: true }), focusable: boxes[0]?.[0] ?? null,
      value: () => (chosen().length ? [subject, ...chosen()] : subject) };
  }

  effectIds() {
    const started = [];
    for (const step of this.scenario.steps) {
      if (typeof step.effect === "string") started.push(step.effect);
      if (typeof step.end_effect === "string") started.splice(started.indexOf(step.end_effect), 1);
    }
    return started;
  }

  /** A widget for one field: {row, has(), value(), focusable}. */
  widget(field, verb, subject = null) {
    const required = (control, message) => {
      const problem = new Error(message);
      problem.field = control;
      return problem;
    };
    const label = fieldLabel(field);
    /** JSON typed into `control`: its value, or `otherwise(text)` if it is not JSON. */
    const typedJson = (control, text, otherwise) => {
      const parsed = parseJson(text);
      if (parsed.problem === "syntax") return otherwise(text, parsed.where);
      if (parsed.problem === "depth") throw required(control, `“${label}” is ${parsed.message}.`);
      if (parsed.problem) throw required(control, `“${label}”: ${parsed.message}.`);
      return parsed.value;
    };
    const defaultText = field.default === null || field.default === undefined
      ? "— default —" : `— default: ${JSON.stringify(field.default)} —`;
    const players = this.board ? this.board.players.map((p) => [p.name, p.name]) : [];
    // `empty`: what to say when a required list has nothing to choose from.
    const fromSelect = (select, empty = `There is nothing to choose for “${label}” now.`) => ({
      row: this.fieldRow(field, select), focusable: select,
      has: () => {
        if (select.value !== "") return true;
        const some = [...select.options].some((option) => option.value !== "");
        if (field.required) throw required(select, some ? `Choose a value for “${label}”.` : empty);
        return false;
      },
      value: () => select.value,
    });
    switch (field.kind) {
      case "flag":
        return { row: null, has: () => true, value: () => true };
      case "object": {
        // Only the objects the field accepts are offered (the model says which: the
        // attacking creatures a creature may block, the land cards in a hand).
        const noAttacker = field.among?.attacking ? "No creature is attacking: declare " +
          "attackers first (“Attack” on a creature of the active player's)." : undefined;
        return fromSelect(this.selectOf(this.objectOptions(this.accepted(field, subject)),
          { optional: field.required ? "— choose —" : defaultText }), noAttacker);
      }
      case "effect":
        return fromSelect(this.selectOf(this.effectIds().map((id) => [id, id]), { optional: "— choose —" }));
      case "player":
        return fromSelect(this.selectOf(players, { optional: field.required ? "— choose —" : defaultText }));
      case "object_or_player": {
        // A target: a player, or an object the field accepts (a permanent, a spell, a card
        // in a graveyard: Nezumi Graverobber's, Nighteyes the Desecrator's).
        const targets = this.objectOptions(this.accepted(field, subject));
        const select = this.selectOf([...players, ...targets],
          { optional: field.required ? "— choose —" : defaultText });
        return fromSelect(select);
      }
      case "zone": case "counter_kind": case "effect_kind": case "choice": {
        // A move goes to another zone (or to the top of the library it is in).
        const here = verb.name === "move" && field.name === "to" && subject !== null
          ? this.board?.objects[subject]?.zone : null;
        const choices = field.choices.filter((c) => c !== here || c === "library");
        // A value the model names for itself (an effect's kind) is offered in words.
        const select = this.selectOf(choices.map((c) => [c, field.choice_words?.[c] ?? c]));
        if (!field.required && field.default) select.value = field.default;
        const base = fromSelect(select);
        return { ...base, has: () => base.has() && select.value !== field.default };
      }
      case "boolean": {
        const box = el("input", { type: "checkbox", class: "fc-pg-checkbox", "data-field": field.name });
        box.checked = Boolean(field.default);
        const id = nextId("fc-pg-field");
        box.id = id;
        box.setAttribute("aria-describedby", `${id}-help`);
        const row = el("div", { class: "fc-pg-field fc-pg-field-check" }, box,
          el("label", { for: id, text: label }),
          el("span", { class: "fc-pg-help", id: `${id}-help`, text: field.description }));
        return { row, focusable: box, has: () => box.checked !== Boolean(field.default), value: () => box.checked };
      }
      case "integer": case "count": case "signed_integer": {
        const least = LEAST[field.kind];
        const input = el("input", { type: "number", step: "1", inputmode: "numeric",
          class: "fc-pg-number", min: least === null ? null : String(least) });
        if (typeof field.default === "number") input.value = String(field.default);
        else if (field.required) input.value = "1";
        return {
          row: this.fieldRow(field, input), focusable: input,
          has: () => {
            if (input.value.trim() === "") {
              if (field.required) throw required(input, `Give a whole number for “${label}”.`);
              return false;
            }
            const problem = wholeNumberProblem(input.value);
            if (problem) throw required(input, `“${label}” ${problem}.`);
            if (least !== null && Number(input.value) < least) throw required(input, `“${label}” must be at least ${least}.`);
            return Number(input.value) !== field.default;
          },
          value: () => Number(input.value),
        };
      }
      case "object_list": {
        // What declines a "may" ability offers only the permanents that have one (the model
        // says which), and is not asked when none has.
        const may = field.among?.may === true;
        const boxes = this.objectOptions((o) => o.zone === "battlefield" && (!may || o.may === true))
          .map(([id, text]) => {
            const box = el("input", { type: "checkbox", value: id, id: nextId("fc-pg-field") });
            return [box, el("label", { class: "fc-pg-choice" }, box, ` ${text}`)];
          });
        if (may && !boxes.length && !field.required) return { row: null, has: () => false, value: () => [] };
        const group = el("div", { class: "fc-pg-checks" }, ...boxes.map(([, row]) => row));
        if (!boxes.length) group.append(el("span", { class: "fc-pg-muted", text: "No permanents yet." }));
        const chosen = () => boxes.filter(([box]) => box.checked).map(([box]) => box.value);
        return { row: this.fieldRow(field, group, { group: true }), focusable: boxes[0]?.[0],
          has: () => {
            if (chosen().length) return true;
            // Nothing chosen where the step needs a choice: said here, and nothing is sent.
            if (field.required) {
              throw required(boxes[0]?.[0] ?? null, boxes.length ? `Choose one or more for “${label}”.`
                : `“${label}” needs permanents, and none is on the battlefield yet.`);
            }
            return false;
          },
          value: chosen };
      }
      case "supertypes": case "types": case "colors": {
        // Only what the situation's rules have (no Battle in 2004; Kindred, not Tribal, today).
        const offered = field.offered?.[this.scenario.rules] ?? field.choices;
        const boxes = offered.map((choice) => {
          const box = el("input", { type: "checkbox", value: choice });
          return [box, el("label", { class: "fc-pg-choice" }, box, ` ${choiceWords(field.kind, choice)}`)];
        });
        const group = el("div", { class: "fc-pg-checks" }, ...boxes.map(([, row]) => row));
        const chosen = () => boxes.filter(([box]) => box.checked).map(([box]) => box.value);
        return { row: this.fieldRow(field, group, { group: true }), focusable: boxes[0][0],
          has: () => chosen().length > 0, value: chosen };
      }
      case "filter": return this.filterWidget(field, null);
      case "object_or_filter": return this.filterWidget(field, this.objectOptions((o) => o.zone === "battlefield"));
      case "card_name": case "card_or_object": return this.cardWidget(field);
      case "damage_division": return this.divisionWidget(field);
      case "new_id": case "new_effect_id": case "new_result_id": {
        // A card put or cast is named after the card; a token after its kind.
        const fromCard = ["card_name", "card_or_object"].includes(verb.fields[0].kind);
        const base = { new_id: fromCard ? "card" : "token", new_effect_id: "effect",
          new_result_id: "result" }[field.kind];
        const input = el("input", { type: "text", class: "fc-pg-text", autocomplete: "off",
          spellcheck: "false", "data-id-base": base,
          "data-id-from": fromCard ? verb.fields[0].name : null,
          "data-id-or-object": verb.fields[0].kind === "card_or_object" ? "true" : null });
        // A copy or token made from a card is named after it; effects and results by kind.
        input.value = this.suggestId(field.kind === "new_id" && subject
          ? this.board.objects[subject].name : base);
        input.addEventListener("input",
          () => input.toggleAttribute("data-typed", Boolean(input.value.trim())));
        return {
          row: this.fieldRow(field, input), focusable: input,
          has: () => {
            if (input.value.trim()) return true;
            if (field.required) throw required(input, `Give an id for “${label}”.`);
            return false;
          },
          value: () => input.value.trim(),
        };
      }
      case "expectations": {
        const area = el("textarea", { class: "fc-pg-text", rows: "3", spellcheck: "false",
          placeholder: '{"hero": {"power": 3}}' });
        return {
          row: this.fieldRow(field, area), focusable: area,
          has: () => true,
          value: () => typedJson(area, area.value, (text, where) => {
            throw required(area, `“${label}” must be JSON, such as {"hero": {"power": 3}}` +
              (text.trim() && where ? ` (${where.replace(/\.$/, "")}).` : "."));
          }),
        };
      }
      default: { // keyword, token_kind, subtypes and kinds this page does not know yet
        const input = el("input", { type: "text", class: "fc-pg-text", autocomplete: "off" });
        const placeholder = { keyword: "Flying", token_kind: "Snake", subtypes: "Samurai, Spirit" }[field.kind];
        if (placeholder) input.placeholder = placeholder;
        if (field.kind === "token_kind" && field.required) input.value = "Snake";
        return {
          row: this.fieldRow(field, input), focusable: input,
          has: () => {
            if (input.value.trim()) return true;
            if (field.required) throw required(input, `Give a value for “${label}”.`);
            return false;
          },
          value: () => {
            const text = input.value.trim();
            if (field.kind === "subtypes") return text.split(/\s*,\s*/).filter(Boolean);
            if (field.kind in { keyword: 1, token_kind: 1 }) return text;
            return typedJson(input, text, () => text);
          },
        };
      }
    }
  }

  /** The abilities permanent `subject` may activate (only its own with `ownAbility`). */
  usableAbilities(subject, ownAbility) {
    return activatableOf(this.board.objects[subject])
      .filter((ability) => !ownAbility || ability.how === "own");
  }

  /**
   * The activate step's fields that some ability `subject` may activate takes (only its own
   * with `ownAbility`), or null if the model does not say (every field is then asked).
   */
  choicesTaken(subject, ownAbility) {
    const usable = this.usableAbilities(subject, ownAbility);
    if (!usable.length || !usable.every((ability) => Array.isArray(ability.takes))) return null;
    return new Set(usable.flatMap((ability) => ability.takes));
  }

  /**
   * The activate step's fields that every ability `subject` may activate (only its own with
   * `ownAbility`) cannot do without, as the model says (`needs`); none if it does not say.
   */
  choicesNeeded(subject, ownAbility) {
    const usable = this.usableAbilities(subject, ownAbility);
    if (!usable.length || !usable.every((ability) => Array.isArray(ability.needs))) return new Set();
    return new Set(usable[0].needs.filter((name) => usable.every((ability) => ability.needs.includes(name))));
  }

  /**
   * Which of its activated abilities permanent `subject` activates (the activate step's
   * `ability`): those the model lists for it, its own first (named by no half). Asked only
   * when it has more than one and the reader has not chosen its own in the card's words.
   */
  abilityWidget(field, subject, ownAbility) {
    const usable = activatableOf(this.board.objects[subject]);
    if (ownAbility || usable.length < 2) return { row: null, has: () => false, value: () => undefined };
    const said = { own: "its own", granted: "granted by", kept: "kept from" };
    const select = this.selectOf(usable.map((ability) => [ability.how === "own" ? "" : ability.half,
      `${ability.text} (${ability.how === "own" ? said.own : `${said[ability.how] ?? "from"} ${ability.half}`})`]));
    select.id = nextId("fc-pg-field");
    return {
      row: this.fieldRow(field, select), focusable: select,
      has: () => select.value !== "",
      value: () => select.value,
    };
  }

  /** Which permanents: one of `objects` (if given) or a filter of its parts. */
  filterWidget(field, objects) {
    const description = this.description.verbs.find((v) => v.name === "effect");
    // Only what the situation's rules have, as the effect's own fields offer (no Battle in
    // 2004; Kindred, not Tribal, today).
    const choices = (kind) => {
      const offered = description.fields.find((f) => f.kind === kind);
      return offered?.offered?.[this.scenario.rules] ?? offered?.choices ?? [];
    };
    const parts = el("div", { class: "fc-pg-filter" });
    const boxesOf = (kind) => choices(kind).map((choice) => {
      const box = el("input", { type: "checkbox", value: choice, "data-part": kind });
      parts.append(el("label", { class: "fc-pg-choice" }, box, ` ${choiceWords(kind, choice)}`));
      return box;
    });
    const supertypes = boxesOf("supertypes");
    const types = boxesOf("types");
    const subtypes = el("input", { type: "text", class: "fc-pg-text", id: nextId("fc-pg-field"),
      placeholder: "Samurai" });
    const name = el("input", { type: "text", class: "fc-pg-text", id: nextId("fc-pg-field") });
    const controller = this.selectOf(this.board.players.map((p) => [p.name, p.name]), { optional: "— anyone —" });
    controller.id = nextId("fc-pg-field");
    // Each label with its box: "Name" was left at the end of a line, its box on the next.
    parts.append(
      el("span", { class: "fc-pg-choice" }, el("label", { for: subtypes.id, text: "Subtypes " }), subtypes),
      el("span", { class: "fc-pg-choice" }, el("label", { for: name.id, text: "Name " }), name),
      el("span", { class: "fc-pg-choice" }, el("label", { for: controller.id, text: "Controller " }),
        controller));
    const readFilter = () => {
      const out = {};
      const pick = (boxes) => boxes.filter((b) => b.checked).map((b) => b.value);
      if (pick(supertypes).length) out.supertypes = pick(supertypes);
      if (pick(types).length) out.types = pick(types);
      const sub = subtypes.value.split(/\s*,\s*/).filter(Boolean);
      if (sub.length) out.subtypes = sub;
      if (name.value.trim()) out.name = name.value.trim();
      if (controller.value) out.controller = controller.value;
      return out;
    };
    let select = null;
    const row = el("fieldset", { class: "fc-pg-field" },
      el("legend", { text: capital(words(field.name)) + (field.required ? "" : " (optional)") }));
    if (objects) {
      select = this.selectOf([...objects, ["", "Every permanent that matches the filter below"]]);
      select.id = nextId("fc-pg-field");
      row.append(el("label", { for: select.id, text: "Permanent " }), select);
      // The filter is there only while it is used: with a permanent chosen, what was ticked
      // in it was silently ignored.
      const show = () => { parts.hidden = Boolean(select.value); };
      select.addEventListener("change", show);
      show();
    }
    row.append(parts, el("span", { class: "fc-pg-help", text: field.description }));
    return {
      row, focusable: select ?? supertypes[0],
      has: () => Boolean(select?.value) || field.required || Object.keys(readFilter()).length > 0,
      value: () => (select?.value ? select.value : readFilter()),
    };
  }

  /**
   * How the attacking player divides combat damage (combat_damage's "assign"): for each
   * attacking creature that is blocked, one number box per creature blocking it and, with
   * trample, one for the player it attacks; a creature with double strike deals damage in
   * both steps, so it has a row of boxes for each. Boxes left empty leave a creature's damage
   * to the rules' own division; a creature with any box filled sends its own division, its
   * empty boxes as 0 (in a double striker's regular step, left out). Whether a division is
   * legal is the model's to say (a refused one is told beside the form, which keeps what was
   * typed). No blocked attacker: no widget.
   */
  divisionWidget(field) {
    const board = this.board;
    const blocked = Object.entries(board.objects).filter(([, object]) =>
      object.zone === "battlefield" && object.attacking && object.blocked_by?.length);
    if (!blocked.length) return { row: null, has: () => false, value: () => undefined };
    const hint = el("span", { class: "fc-pg-help", id: nextId("fc-pg-field"),
      text: "Leave a creature's boxes empty and its damage is divided as the rules do when " +
        "no one chooses: lethal damage to each blocker in the order they blocked, the rest " +
        "to the last or, with trample, to the player. Fill some of its boxes to divide its " +
        "damage yourself; its empty boxes then count as 0." });
    const row = el("fieldset", { class: "fc-pg-field fc-pg-division", "aria-describedby": hint.id },
      el("legend", { text: `${fieldLabel(field)} (optional)` }));
    const keyword = (object, name) => object.keywords.some((k) => k.toLowerCase() === name);
    if (blocked.some(([, object]) => keyword(object, "double strike"))) {
      hint.append(" With double strike, each step has its own row. An empty regular-step row " +
        "leaves that step to the rules; a filled one needs the first-strike row filled too. " +
        "In the regular step, an empty box is left out: a blocker that first-strike damage " +
        "destroyed is gone by then.");
    }
    const attackers = blocked.map(([id, object]) => {
      const has = (name) => keyword(object, name);
      const targets = object.blocked_by.map((blocker) => [blocker, called(board, blocker)]);
      if (has("trample")) targets.push([object.attacking, object.attacking]);
      const double = has("double strike");
      const power = object.power ?? 0;
      const total = el("p", { class: "fc-pg-muted fc-pg-division-total", id: nextId("fc-pg-field"),
        text: double ? `It has ${power} damage to divide in each step (its power).`
          : `It has ${power} damage to divide (its power).` });
      const group = el("fieldset", { class: "fc-pg-attacker", "data-attacker": id },
        el("legend", { text: `${called(board, id)}, attacking ${object.attacking}` }), total);
      const rows = (double ? ["First-strike step", "Regular step"] : [null]).map((step) => {
        const boxes = targets.map(([target, name]) => {
          const input = el("input", { type: "number", step: "1", min: "0", inputmode: "numeric",
            class: "fc-pg-number", id: nextId("fc-pg-field"), "aria-describedby": total.id,
            "data-target": target });
          return { target, name, input, line: el("div", { class: "fc-pg-division-box" },
            el("label", { for: input.id, text: name }), input) };
        });
        const line = el("div", { class: "fc-pg-division-row" }, ...boxes.map((box) => box.line));
        group.append(step ? el("fieldset", { class: "fc-pg-division-step" },
          el("legend", { text: step }), line) : line);
        return { step, boxes };
      });
      row.append(group);
      return { id, name: called(board, id), rows };
    });
    row.append(hint);
    /** A box's number, or null if it is empty; what is not a whole number is refused here. */
    const number = (box, attacker, step) => {
      const text = box.input.value.trim();
      if (text === "" && !box.input.validity.badInput) return null;
      const problem = wholeNumberProblem(text) ?? "";
      if (!problem) return Number(text);
      const error = new Error(`The damage ${attacker.name} assigns to ${box.name}` +
        `${step ? ` in the ${step.toLowerCase()}` : ""} ${problem}.`);
      error.field = box.input;
      throw error;
    };
    const read = () => {
      // Pairs, made an object at the end (own properties: an id "__proto__" set the
      // object's prototype, and the reader's division was dropped without a word).
      const assign = [];
      for (const attacker of attackers) {
        const divisions = attacker.rows.map(({ step, boxes }) => {
          const numbers = boxes.map((box) => number(box, attacker, step));
          if (numbers.every((n) => n === null)) return null;
          // The regular step's division names only the boxes filled: a blocker that the
          // first-strike damage destroyed is gone by then, and the model refuses a division
          // that names it, even with 0.
          const regular = step === "Regular step";
          return Object.fromEntries(boxes.flatMap((box, i) => (numbers[i] === null && regular
            ? [] : [[box.target, numbers[i] ?? 0]])));
        });
        const [first, regular] = divisions;
        if (divisions.length === 1 || !regular) {
          // One division: the creature's only step's, or with double strike the first-strike
          // step's (the regular step's is then the rules' own).
          if (first) assign.push([attacker.id, first]);
        } else if (!first) {
          const error = new Error(`Divide ${attacker.name}'s damage in the first-strike step ` +
            "too: its division in the regular step comes after that one.");
          error.field = attacker.rows[0].boxes[0].input;
          throw error;
        } else {
          assign.push([attacker.id, [first, regular]]);
        }
      }
      return Object.fromEntries(assign);
    };
    return {
      row, focusable: attackers[0].rows[0].boxes[0].input,
      has: () => Object.keys(read()).length > 0,
      value: read,
    };
  }

  /**
   * A card name: a combobox suggesting cards by either half's name. Its list opens as the
   * reader types, or asks with the down arrow (Alt+Down opens it without choosing), never on
   * focus alone; it is part of the form (playground.css), pushing what follows down rather
   * than covering it, so the form's own buttons stay where a click reaches them.
   */
  cardWidget(field) {
    const input = el("input", { type: "text", class: "fc-pg-text fc-pg-card-search", role: "combobox",
      autocomplete: "off", spellcheck: "false", "aria-autocomplete": "list", "aria-expanded": "false",
      "data-field": field.name, placeholder: "Bushi Tenderfoot or Kenzo the Hardhearted" });
    // The list scrolls, and the browser would make a scrolling element a stop of Tab: Tab out
    // of the field would land on the list, which hides as the field loses focus, and focus
    // would fall to the page's body. The field keeps focus; the list is never a Tab stop.
    const list = el("ul", { class: "fc-pg-suggestions", role: "listbox", id: nextId("fc-pg-list"),
      tabindex: "-1", hidden: true });
    input.setAttribute("aria-controls", list.id);
    const row = this.fieldRow(field, input);
    input.after(list);
    let options = [];
    let active = -1;
    // A press elsewhere takes focus from the field as it begins: the list closes once the
    // press is over, or what was pressed would move from under the pointer before its click.
    let pressing = false;
    const press = (event) => { pressing = !row.contains(event.target); };
    const close = () => {
      document.removeEventListener("pointerdown", press, true);
      pressing = false;
      list.hidden = true;
      input.setAttribute("aria-expanded", "false");
      input.removeAttribute("aria-activedescendant");
      active = -1;
    };
    const choose = (name) => {
      input.value = name;
      close();
      // As a name typed and left: what follows the name (ids, "Flipped") hears of it.
      input.dispatchEvent(new Event("change", { bubbles: true }));
    };
    const highlight = (index) => {
      options.forEach((option, i) => option.setAttribute("aria-selected", String(i === index)));
      active = index;
      if (index >= 0) {
        input.setAttribute("aria-activedescendant", options[index].id);
        options[index].scrollIntoView({ block: "nearest" });
      }
    };
    const update = () => {
      options = this.cardsMatching(input.value).found.slice(0, 12).map(([name, note]) => {
        const option = el("li", { role: "option", id: nextId("fc-pg-option"), class: "fc-pg-option",
          "aria-selected": "false", "data-name": name },
        el("span", { class: "fc-pg-option-name", text: name }), " ",
        el("span", { class: "fc-pg-muted", text: note }));
        option.addEventListener("pointerdown", (event) => event.preventDefault()); // keep focus
        option.addEventListener("click", () => choose(name));
        return option;
      });
      list.replaceChildren(...options);
      list.hidden = options.length === 0;
      input.setAttribute("aria-expanded", String(options.length > 0));
      active = -1;
      if (!list.hidden) document.addEventListener("pointerdown", press, true);
    };
    input.addEventListener("input", update);
    input.addEventListener("blur", () => {
      if (!pressing) {
        close();
        return;
      }
      const over = new AbortController();
      const later = () => {
        over.abort();
        setTimeout(() => document.activeElement !== input && close());
      };
      window.addEventListener("pointerup", later, { signal: over.signal });
      window.addEventListener("pointercancel", later, { signal: over.signal });
    });
    // The id follows the card as it is typed, not only once the field is left.
    const follow = () => input.form && this.refreshSuggestedIds(input.form);
    input.addEventListener("change", follow);
    input.addEventListener("input", follow);
    input.addEventListener("keydown", (event) => {
      if (event.altKey && (event.key === "ArrowDown" || event.key === "ArrowUp")) {
        event.preventDefault();
        if (event.key === "ArrowUp") close();
        else if (list.hidden) update();
      } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        if (list.hidden) update();
        if (!options.length) return;
        const step = event.key === "ArrowDown" ? 1 : -1;
        highlight((active + step + options.length) % options.length);
      } else if (event.key === "Enter" && !list.hidden && active >= 0) {
        event.preventDefault();
        choose(options[active].dataset.name);
      } else if (event.key === "Escape" && !list.hidden) {
        event.preventDefault();
        event.stopPropagation();
        close();
      }
    });
    /**
     * Before the form is read: a name the list offers once, or a name typed whole in any
     * letter case, is taken as if chosen from the list, and so is a card whose two halves are
     * all it offers (by its top half's name); a name the list offers more than once is
     * refused, naming them. What the list does not offer is left to the model (which says
     * what it may have meant), and so is a card's id where the field takes one.
     */
    const complete = () => {
      close();
      const typed = input.value.trim();
      if (!typed || (field.kind === "card_or_object" && Object.hasOwn(this.board.objects, typed))) return;
      const { exact, found } = this.cardsMatching(typed);
      // Both halves of one card ("Erayo"): the half the name begins as typed ("Erayo's"),
      // else the card as it is put unless told flipped (by its top half's name).
      const cards = new Set(found.map(([each]) => this.cardNamed(each)));
      const begun = found.filter(([each]) => nameKey(each).startsWith(nameKey(typed)));
      const oneCard = found.length !== 2 || cards.size !== 1 ? null
        : begun.length === 1 ? begun[0][0] : [...cards][0].name;
      const name = exact ?? (found.length === 1 ? found[0][0] : oneCard);
      if (name && name !== input.value) choose(name);
      if (name || found.length < 2) return;
      const shown = found.slice(0, 6).map(([each]) => `“${each}”`);
      const more = found.length - shown.length;
      const problem = new Error(`“${typed}” is ambiguous: it could be ` +
        `${more ? `${shown.join(", ")} or ${counted(more, "other name")}`
          : `${shown.slice(0, -1).join(", ")} or ${shown.at(-1)}`}. Type more of the name you mean.`);
      problem.field = input;
      throw problem;
    };
    return {
      row, focusable: input, complete,
      has: () => {
        if (input.value.trim()) return true;
        if (field.required) {
          const problem = new Error(`Type a card's name for “${fieldLabel(field)}”.`);
          problem.field = input;
          throw problem;
        }
        return false;
      },
      value: () => input.value.trim(),
    };
  }

  // --- choices the rules ask for ---
  /**
   * Ask the player `choice` in a dialog; resolves once the answer is part of the situation.
   * Cancel or Escape closes it as Cancel closes the other dialogs: it resolves to CANCELLED,
   * and the step that asked is not added.
   */
  ask(choice) {
    return new Promise((resolve) => {
      const title = el("h2", { id: "fc-pg-dialog-title" });
      const body = el("div", { class: "fc-pg-choice-body" });
      const answers = el("div", { class: "fc-pg-toolbar" });
      const finish = (change) => {
        this.dialog.onclose = null;
        this.closeDialog();
        // Focus goes back where the dialog was opened from once the board is drawn again
        // (the button pressed is gone with the dialog).
        const applied = change ? this.applyAnswer(change) : Promise.resolve(null);
        resolve(applied.finally(() => this.restoreFocus()));
      };
      if (choice.kind === "keep") {
        title.textContent = `${choice.player} chooses which ${choice.name} to keep`;
        body.append(el("p", {}, `${choice.player} controls ${choice.options.length} legendary ` +
          `permanents named ${choice.name}. Today's legend rule (`,
        this.ruleAnchor({ label: "rule 704.5j", href: "then-and-now/#the-legend-rule" }),
        ") lets them keep one; the rest go to the graveyard."));
        for (const id of choice.options) {
          const keep = button(`Keep ${choice.name} (${id})`, { class: "fc-button fc-pg-keep", "data-id": id });
          keep.addEventListener("click", () => finish(
            choice.can_keep.includes(id) ? { keep: [id] } : null));
          answers.append(keep);
        }
      } else if (choice.kind === "may") {
        title.textContent = `${choice.player} may use ${choice.name}'s ability`;
        body.append(el("p", { text: choice.trigger }), el("p", { text: "The ability says \"may\": " +
          `does ${choice.player} use it?` }));
        const use = button("Use it", { class: "fc-button fc-pg-use" });
        use.addEventListener("click", () => finish(null));
        const decline = button("Decline", { class: "fc-button fc-pg-decline", "data-id": choice.object });
        decline.addEventListener("click", () => finish({ decline: [choice.object] }));
        answers.append(use, decline);
      } else {
        resolve(null);
        return;
      }
      // Cancel (or Escape) takes the step that asked back, as Cancel does in the other dialogs;
      // focus goes back to what opened that step's form (to try again, or do something else).
      const cancel = button("Cancel", { class: "fc-button fc-pg-cancel",
        title: "Close without adding the step" });
      cancel.addEventListener("click", () => this.dialog.close());
      answers.append(cancel);
      const stepOpener = this.stepOpener;
      this.showDialog([title, body, answers], this.root.querySelector("#fc-pg-board-title"));
      this.dialog.onclose = () => {
        if (this.dialog.open) return; // the close of the question before, said late
        this.opener = stepOpener ?? this.opener;
        this.restoreFocus();
        resolve(CANCELLED);
      };
      answers.querySelector("button").focus();
    });
  }

  /** Put a choice into the last step ({keep: [...]} or {decline: [...]}) and run again. */
  async applyAnswer(change) {
    const steps = [...this.scenario.steps];
    const last = { ...steps.pop() };
    for (const [key, ids] of Object.entries(change)) {
      last[key] = [...new Set([...(last[key] ?? []), ...ids])];
    }
    await this.commit({ ...this.scenario, steps: [...steps, last] },
      { what: "That choice", choices: true, saidFrom: this.lastStepLog?.steps === this.scenario.steps.length
        ? this.lastStepLog.from : undefined });
  }

  // --- drawing the board ---
  ruleAnchor(link) {
    return el("a", { href: new URL(link.href, SITE_ROOT).href, class: "fc-pg-rule", text: link.label });
  }

  render() {
    const board = this.board;
    const focusWasHere = this.root.contains(document.activeElement);
    const focusedKey = document.activeElement?.closest?.("[data-key]")?.dataset.key;
    const title = this.boardSection.querySelector("#fc-pg-board-title");
    title.setAttribute("tabindex", "-1");
    // The game's actions in the edition's words (a spell is played in 2004).
    for (const action of this.actionsSection.querySelectorAll(".fc-pg-verb[data-verb]")) {
      action.textContent = verbLabel(action.dataset.verb, board.rules);
    }
    const stepName = stepWordsOf(board.rules)[board.step];
    const parts = [title, el("p", { class: "fc-pg-turn" },
      // Each name set apart (bold, and isolated: a right-to-left name drew the numbers
      // beside it on its wrong side; a name "Bob 3 · Carol" read as two players).
      ...board.players.flatMap((player) => [el("span", { class: "fc-pg-life" },
        el("bdi", { class: "fc-pg-who", text: player.name }),
        ` ${player.life}${player.lost ? " (lost)" : ""}${poolWords(player.mana_pool)}`), " · "]),
      `Turn ${board.turn} · ${board.active_player}'s turn` + (stepName ? ` · ${stepName}` : "") + " · " +
        (board.rules === "2004" ? "the rules of 2004" : "today's rules"))];
    if (board.over) {
      // Said once, above the board: every action after this would be refused.
      parts.push(el("p", { class: "fc-pg-over", text: `The game is over: ${board.over}. ` +
        "Only a check, a search or naming a card can follow; Undo takes back the step that ended it." }));
    }
    if (board.stack?.length) {
      // Top first, as the model lists it: what resolves next comes first.
      parts.push(el("section", { class: "fc-pg-stack", "aria-labelledby": "fc-pg-stack-title" },
        el("h3", { id: "fc-pg-stack-title", text: `The stack (${board.stack.length}), top first` }),
        el("ol", {}, ...board.stack.map((item) => el("li", { class: "fc-pg-stack-item" },
          el("span", { class: "fc-pg-name", text: item.name ?? String(item.source ?? "") }),
          item.source && item.source !== item.name ? ` (${item.source})` : "",
          item.kind ? ` · ${words(item.kind)}` : "", item.controller ? ` · ${item.controller}` : "",
          item.may ? " · may" : "",
          item.targets?.length ? el("span", { class: "fc-pg-targets",
            text: ` · targets ${item.targets.map((t) => called(board, t)).join(", ")}` }) : null,
          stackWords(item))))));
    }
    if (board.other_rules) parts.push(this.renderComparison(board.other_rules));
    for (const player of board.players) parts.push(this.renderPlayer(player));
    if (board.failures.length) {
      parts.push(el("section", { class: "fc-pg-failures", "aria-label": "Checks that failed" },
        el("h3", { text: "Checks that failed" }),
        el("ul", {}, ...board.failures.map((failure) => el("li", { text: failure })))));
    }
    if (Object.keys(board.results).length) {
      parts.push(el("section", { class: "fc-pg-results", "aria-label": "Results" }, el("h3", { text: "Results" }),
        el("ul", {}, ...Object.entries(board.results).map(([id, value]) =>
          el("li", { text: `${id}: ${JSON.stringify(value)}` })))));
    }
    this.boardSection.replaceChildren(...parts);
    if (this.addSection.querySelector("form")) this.buildAddForm();

    this.renderHistory();
    this.renderLog(board.log);

    if (focusedKey && !this.dialog.open) {
      this.root.querySelector(`[data-key="${CSS.escape(focusedKey)}"]`)?.focus();
    }
    // Focus that was on what is drawn again (the board's title, or a card that is gone) goes
    // to the board's title, never to the page's body: the keyboard's undo and redo, which
    // listen in the playground, keep working.
    if (focusWasHere && !this.dialog.open && !this.root.contains(document.activeElement)) {
      title.focus();
    }
    if (this.pythonButton.getAttribute("aria-expanded") === "true") {
      this.showPython().catch((error) => this.failed(error, () => this.showPython()));
    }
  }

  /**
   * The log, each line with the rules it applies. A step adds lines at the end: the lines
   * drawn before are kept (a long situation's click draws its new lines only).
   */
  renderLog(entries) {
    let list = this.logSection.querySelector("ol.fc-pg-log");
    const drawn = this.logDrawn ?? [];
    if (!list || !entries.length || !drawn.length) {
      list = el("ol", { class: "fc-pg-log" });
      this.logSection.replaceChildren(this.logSection.firstElementChild, list);
      this.logDrawn = [];
    }
    let same = 0;
    while (same < drawn.length && same < entries.length && drawn[same] === entries[same].text) same += 1;
    while (list.children.length > same) list.lastElementChild.remove();
    list.append(...entries.slice(same).map((entry) => el("li", {},
      entry.text, ...entry.rules.flatMap((link) => [" ", this.ruleAnchor(link)]))));
    this.logDrawn = entries.map((entry) => entry.text);
    if (!entries.length) list.append(el("li", { class: "fc-pg-muted", text: "Nothing yet: add a card." }));
    // The lines' numbers are drawn left of them, inside the box: as wide as the last one's.
    const digits = String(Math.min(String(list.children.length).length, 5));
    if (list.dataset.digits !== digits) list.dataset.digits = digits;
    showWithin(list, list.lastElementChild); // the newest line; the page stays where it is
  }

  /**
   * The steps, each in words; a click shows the board as it was after that step. The steps
   * drawn before that are still the same are kept; only the one shown now is marked again.
   */
  renderHistory() {
    const steps = this.scenario.steps;
    let list = this.historySection.querySelector("ol.fc-pg-history");
    // The steps are said in the words of the situation's edition: all of them again if it changed.
    if (!list || this.historyRules !== this.scenario.rules) {
      list = el("ol", { class: "fc-pg-history" });
      this.historySection.replaceChildren(this.historySection.firstElementChild, list);
      this.historyDrawn = [];
      this.historyRules = this.scenario.rules;
    }
    const keys = steps.map(stepKey);
    const drawn = this.historyDrawn;
    let same = 0;
    while (same < drawn.length && same < keys.length && drawn[same] === keys[same]) same += 1;
    // Item 0 is the empty table; item n is step n.
    while (list.children.length > same + 1) list.lastElementChild.remove();
    const item = (count, text) => {
      const go = button(text, { class: "fc-button fc-pg-step", "data-key": `step:${count}`,
        "data-step": String(count), "data-words": text });
      go.addEventListener("click", () => this.enqueue(() => this.goTo(count)));
      this.markStep(go, false); // (every step says what a click does, not only one shown before)
      return el("li", {}, go);
    };
    if (!list.children.length) list.append(item(0, "Start: an empty table"));
    if (same < steps.length) {
      const first = this.namesOf(steps, 0);
      for (let index = same; index < steps.length; index += 1) {
        const names = this.namesOf(steps, index);
        list.append(item(index + 1,
          `${index + 1}. ${this.stepWords(steps[index], names, index, first)}`));
      }
    }
    this.historyDrawn = keys;
    const current = list.children[steps.length].firstElementChild;
    if (this.stepShown !== current) {
      if (this.stepShown?.isConnected) this.markStep(this.stepShown, false);
      this.markStep(current, true);
      this.stepShown = current;
    }
    showWithin(list, current);
  }

  /** Say whether a step of the history is the one the board shows now. */
  markStep(go, current) {
    const text = go.dataset.words;
    go.toggleAttribute("aria-current", current);
    if (current) go.setAttribute("aria-current", "step");
    // Going back takes the later steps off the board: they wait in Redo (a name that said
    // "show" promised a look that left them listed). The name does not say "Redo": spoken by
    // voice control, "Redo" must find one button.
    go.setAttribute("aria-label", current ? `${text} (shown now)`
      : `${text}: go back to the board as it was then (the later steps can be brought back)`);
  }

  /** The same steps under the other edition: what differs (the model ran both). */
  renderComparison(other) {
    const title = other.rules === "2004" ? "Under the rules of 2004" : "Under today's rules";
    const section = el("section", { class: "fc-pg-compare", "aria-labelledby": "fc-pg-compare-title" },
      el("h3", { id: "fc-pg-compare-title", text: title }));
    if (other.error) {
      section.append(el("p", { text: `These steps cannot all be taken: ${ended(other.error)}` }));
    } else if (!other.differences.length) {
      section.append(el("p", { class: "fc-pg-muted", text: "Nothing on the board would differ." }));
    } else {
      section.append(el("ul", {}, ...other.differences.map((line) => el("li", { text: line }))));
    }
    return section;
  }

  renderPlayer(player) {
    const board = this.board;
    const section = el("section", { class: "fc-pg-player", "aria-labelledby": `fc-pg-player-${player.name}` });
    section.append(el("h3", { id: `fc-pg-player-${player.name}`, class: "fc-pg-player-name" },
      el("bdi", { text: player.name }), ` · ${player.life} life`));
    if (player.lost) {
      section.classList.add("has-lost");
      section.append(el("p", { class: "fc-pg-lost", text: `${player.name} has lost the game: ${player.lost}` }));
    }
    for (const zone of ZONE_ORDER) {
      const here = Object.entries(board.objects).filter(([, object]) => object.zone === zone
        && (zone === "battlefield" ? object.controller : object.owner) === player.name);
      const heading = el("h4", { text: `${ZONE_TITLES[zone]} (${here.length})` });
      if (zone === "battlefield") {
        const grid = el("ul", { class: "fc-pg-permanents", "aria-label": `${player.name}'s battlefield` },
          ...here.map(([id, object]) => el("li", {}, this.renderPermanent(id, object))));
        const none = el("p", { class: "fc-pg-muted", text: "No permanents." });
        if (!Object.keys(board.objects).length && player.name === board.players[0]?.name) {
          // An empty table: its first line leads to the card box (below it on a phone).
          const go = button("Add a card", { class: "fc-button fc-pg-go-add" });
          go.addEventListener("click", () => this.goToAddCard());
          none.append(" ", go);
        }
        section.append(heading, here.length ? grid : none);
      } else if (here.length) {
        section.append(heading, el("ul", { class: "fc-pg-cards", "aria-label": `${player.name}'s ${zone}` },
          ...here.map(([id, object]) => {
            const act = this.actButton(id, object);
            return this.clickOpens(el("li", { class: "fc-pg-card-line", "data-id": id },
              el("span", { class: "fc-pg-card-name", text: object.name }),
              el("span", { class: "fc-pg-muted", text: ` (${id}) · ${typeLine(object)}` }), " ",
              act), id, act);
          })));
      }
    }
    return section;
  }

  /**
   * `item`, a card drawn, opening its actions on a click or tap anywhere on it but its own
   * controls; its Act… button (`act`) is the keyboard's way, so the card is no stop of Tab.
   */
  clickOpens(item, id, act) {
    item.addEventListener("click", (event) => {
      if (!event.target.closest("button, a, input")) this.openCard(id, act);
    });
    return item;
  }

  actButton(id, object) {
    const act = button("Act…", { class: "fc-button fc-pg-act", "data-key": `act:${id}`,
      "aria-haspopup": "dialog", "aria-label": `Act on ${object.name} (${id})` });
    act.addEventListener("click", () => this.openCard(id, act));
    return act;
  }

  /** Whom it attacks, what it blocks, what blocks it (the model's `attacking`, `blocking`,
   * `blocked_by`), as notes of the permanent: [text, class]. */
  combatNotes(object) {
    const board = this.board;
    const blockers = Array.isArray(object.blocked_by) ? object.blocked_by : [];
    return [
      typeof object.attacking === "string"
        ? [`attacking ${board.objects[object.attacking] ? called(board, object.attacking)
          : object.attacking}`, "fc-pg-combat"] : null,
      typeof object.blocking === "string"
        ? [`blocking ${called(board, object.blocking)}`, "fc-pg-combat"] : null,
      blockers.length
        ? [`blocked by ${blockers.map((blocker) => called(board, blocker)).join(" and ")}`,
          "fc-pg-combat"] : null,
    ];
  }

  renderPermanent(id, object) {
    const states = [object.flipped ? "flipped" : null, object.tapped ? "tapped" : null,
      object.token ? "token" : null].filter(Boolean);
    // What a judge asks before an attack or a {T}: it came under its controller this turn
    // (302.6), and whose it is when another player controls it.
    const notes = [object.summoning_sick === true ? ["summoning sick", "fc-pg-sick"] : null,
      object.owner && object.controller && object.owner !== object.controller
        ? [`owned by ${object.owner}`, "fc-pg-owned"] : null,
      // In combat: tapped alone did not tell an attacker from a creature tapped for mana.
      ...this.combatNotes(object), this.wornNote(id)].filter(Boolean);
    const said = [...states, ...notes.map(([text]) => text)];
    const item = el("div", { class: "fc-pg-permanent", "data-id": id, role: "group",
      "aria-label": `${object.name} (${id})${said.length ? `, ${said.join(", ")}` : ""}` });
    item.classList.toggle("is-tapped", object.tapped);
    item.append(this.renderFrame(object));
    const facts = el("p", { class: "fc-pg-facts" },
      el("span", { class: "fc-pg-name", text: object.name }), ` (${id})`,
      el("br"), el("span", { class: "fc-pg-type", text: typeLine(object) }));
    if (object.mana_cost) facts.append(" · ", el("span", { class: "fc-pg-cost", text: object.mana_cost }));
    item.append(facts);
    const marks = el("p", { class: "fc-pg-marks" });
    if (object.power !== null) {
      const tipId = `fc-pg-tip-${id}`;
      const pt = el("button", { type: "button", class: "fc-pg-pt", "data-key": `pt:${id}`,
        "aria-describedby": tipId, "aria-label": `Power/toughness ${object.power}/${object.toughness}` },
      `${object.power}/${object.toughness}`);
      const tip = el("span", { class: "fc-pg-tip", role: "tooltip", id: tipId },
        ...object.pt_breakdown.flatMap((line, i) => (i ? [el("br"), line] : [line])));
      pt.addEventListener("keydown", (event) => {
        if (event.key === "Escape") pt.parentElement.classList.add("is-dismissed");
      });
      pt.addEventListener("blur", () => pt.parentElement.classList.remove("is-dismissed"));
      marks.append(el("span", { class: "fc-pg-pt-wrap" }, pt, tip));
    }
    for (const state of states) marks.append(el("span", { class: `fc-pg-badge fc-pg-${state}`, text: state }));
    for (const [text, css] of notes) marks.append(el("span", { class: `fc-pg-badge ${css}`, text }));
    for (const [kind, count] of Object.entries(object.counters)) {
      marks.append(el("span", { class: "fc-pg-badge fc-pg-counter", text: `${count} × ${kind}` }));
    }
    if (object.damage) marks.append(el("span", { class: "fc-pg-badge fc-pg-damage", text: `${object.damage} damage` }));
    const keywords = object.keywords_spelt ?? object.keywords;
    if (keywords.length) marks.append(el("span", { class: "fc-pg-badge", text: keywords.join(", ") }));
    if (object.attached_to) {
      marks.append(el("span", { class: "fc-pg-badge", text: `attached to ${called(this.board, object.attached_to)}` }));
    }
    const act = this.actButton(id, object);
    item.append(marks, act);
    return this.clickOpens(item, id, act);
  }

  /**
   * What is attached to permanent `id`, as a player sees an Aura on the creature it
   * enchants ("enchanted by Pacifism (pacifism)"): only the Aura said so, on its own
   * controller's side of the board, and Kitsune Mystic's flip counts them.
   */
  wornNote(id) {
    const worn = Object.entries(this.board.objects)
      .filter(([, other]) => other.zone === "battlefield" && other.attached_to === id);
    if (!worn.length) return null;
    const auras = worn.every(([, other]) => other.subtypes?.includes("Aura"));
    return [`${auras ? "enchanted by" : "with"} ${worn.map(([other]) => called(this.board, other))
      .join(", ")}${auras ? "" : " attached"}`, "fc-pg-worn"];
  }

  /** The flip-card frame as on the Cards page; a flipped permanent is turned around. */
  renderFrame(object) {
    const frame = el("div", { class: "fc-card fc-pg-frame", "aria-hidden": "true" });
    frame.classList.toggle("is-turned", object.half === "flipped");
    const half = (face, css, cost) => el("div", { class: `fc-card-half ${css}` },
      el("p", { class: "fc-card-title" }, el("span", { class: "fc-card-name", text: face.name }),
        cost ? el("span", { class: "fc-card-cost", text: cost }) : null),
      el("p", { class: "fc-card-type", text: face.type_line }),
      face.power !== null && face.power !== undefined
        ? el("p", { class: "fc-card-pt", text: `${face.power}/${face.toughness}` }) : null);
    const top = object.top ?? { name: object.name, type_line: typeLine(object), power: null };
    frame.append(half(top, "fc-card-normal", object.mana_cost));
    if (object.bottom) {
      frame.append(el("p", { class: "fc-card-art fc-pg-art" }), half(object.bottom, "fc-card-flipped", null));
    }
    return frame;
  }
}

let current = null;

function startPlayground() {
  const root = document.querySelector(".fc-playground");
  if (!root) {
    current = null;
    return;
  }
  current = new Playground(root);
  const playground = current;
  playground.enqueue(() => playground.start());
}

onEveryPage(() => {
  const root = document.querySelector(".fc-playground");
  if (root && framedByAnotherSite()) {
    offerOwnPage(root, "The playground");
  } else if (root && !root.dataset.started && current && !current.root.isConnected) {
    // The theme put this same page in anew while it was shown (it fetches the page again the
    // first time the fragment of a freshly loaded page changes): the playground at work goes
    // back in as it was, and goes on with what it was doing (opening the link, say).
    root.replaceWith(current.root);
  } else if (root && !root.dataset.started) {
    root.dataset.started = "true";
    startPlayground();
  } else if (!root) {
    current = null;
  }
});

// Ctrl+Z pressed with nothing focused (after a click on the board's text, the focus is on the
// page's body, outside the playground) undoes a step too.
document.addEventListener("keydown", (event) => {
  if (current?.root.isConnected && (event.target === document.body ||
    event.target === document.documentElement)) current.onKey(event);
});

// A playground link pasted into the address bar of the open page opens there too; one that
// cannot be opened leaves the board as it was, and so does one another page put there.
window.addEventListener("hashchange", () => {
  if (!current || !isPlaygroundLink(window.location.hash)) return;
  if (addressSetByScript()) current.linkSetByScript();
  else current.linkArrived();
});
