// Turning a card: under every card frame (`.fc-card`, drawn by pysrc/flipcards_site/gallery.py)
// a button turns the whole frame half a turn, so that the flipped half, printed upside down,
// reads right way up, as a reader turns a real card in hand (rule 508.3: whether a permanent
// has flipped must be clear at all times). It is a toggle (aria-pressed); a polite status says
// which half now reads right way up. The turn is a CSS transform, so the frame's text stays in
// reading order for screen readers.

import { onEveryPage } from "./pages.mjs";

const enhanced = new WeakSet();

function halfName(frame, half) {
  return frame.querySelector(`.fc-card-${half} .fc-card-name`)?.textContent.trim() || "";
}

function addTurnControl(frame) {
  const normal = halfName(frame, "normal");
  const flipped = halfName(frame, "flipped");
  const tools = document.createElement("div");
  tools.className = "fc-card-tools";
  const turn = document.createElement("button");
  turn.type = "button";
  turn.className = "fc-button fc-turn-card";
  turn.textContent = "Turn the card";
  turn.setAttribute("aria-label", `Turn the card: ${normal} // ${flipped}`);
  turn.setAttribute("aria-pressed", "false");
  const status = document.createElement("span");
  status.className = "fc-card-status";
  status.setAttribute("role", "status");
  turn.addEventListener("click", () => {
    const turned = turn.getAttribute("aria-pressed") !== "true";
    turn.setAttribute("aria-pressed", String(turned));
    frame.classList.toggle("fc-card-turned", turned);
    status.textContent = `${turned ? flipped : normal} now reads right way up.`;
  });
  tools.append(turn, status);
  frame.after(tools);
}

onEveryPage(() => {
  document.querySelectorAll(".fc-card").forEach((frame) => {
    if (enhanced.has(frame)) return;
    enhanced.add(frame);
    addTurnControl(frame);
  });
});
