// Reading a rule number the way people write it: "508.1A", "508-1a", "5081a", "Rule 508.1a",
// "ruling3", "Ruling-3". One place for the variants, used by the 404 page (not-found.mjs,
// addresses such as rules/508.1A/) and by the rules' pages (links.mjs, fragments such as
// rule-508/#508.1A).

/**
 * The rule or ruling that `text` names, or null.
 * Returns {kind: "rule", number: "508.1a"} (also for today's numbers, "710.2") or
 * {kind: "ruling", number: "3"}.
 */
export function readRuleNumber(text) {
  // (The punctuation after a link in a post, ")", ",", ".", may have been taken into it.)
  const plain = text.toLowerCase().replace(/\s+/g, " ").trim().replace(/[).,;:!?'"\]»>]+$/, "");
  const ruling = /^rulings?[\s._/-]*(?:ruling[\s._-]*)?([1-9]\d?)$/.exec(plain);
  if (ruling) return { kind: "ruling", number: ruling[1] };
  const rule = /^(?:rules?[\s._/-]*)?(\d{3})(?:[\s._-]*(\d{1,2}))?(?:[\s._-]*([a-z]))?\.?$/.exec(plain);
  if (!rule || (rule[3] && !rule[2])) return null;
  return { kind: "rule", number: rule[1] + (rule[2] ? `.${rule[2]}` : "") + (rule[3] ?? "") };
}
