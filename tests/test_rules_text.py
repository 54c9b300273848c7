"""The rules text on the pages is the seed's, word for word, with stable anchors."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SEED = ROOT / "tests" / "data" / "rules-508.txt"   # the rules text as published, verbatim

RULE_IDS = ["508", "508.1", "508.1a", "508.1b", "508.1c", "508.2", "508.3", "508.4"]


def seed_lines() -> list[str]:
    return SEED.read_text("utf-8").splitlines()


def quoted(page: str, kind: str) -> dict[str, str]:
    """id -> the quoted text (tags removed, <em> written back as _…_) of each block."""
    text = (ROOT / "docs" / page).read_text("utf-8")
    found = {}
    pattern = (rf'<div class="fc-{kind}" id="([^"]+)"[^>]* markdown>\s*'
               rf'<p class="fc-{kind}-text">(.*?)</p>')
    for anchor, body in re.findall(pattern, text, flags=re.S):
        body = re.sub(r"</?em>", "_", body)
        body = re.sub(r"<[^>]+>", "", body)
        found[anchor] = html.unescape(body).strip()
    return found


def test_the_reference_text_is_the_published_one() -> None:
    assert seed_lines()[0] == "Flip Cards"


def test_every_rule_paragraph_is_quoted_verbatim_with_its_anchor() -> None:
    rules = quoted("rule-508.md", "rule")
    assert list(rules) == RULE_IDS
    lines = seed_lines()
    start = next(i for i, line in enumerate(lines) if line.startswith("508. "))
    end = next(i for i, line in enumerate(lines) if line.startswith("* "))
    paragraphs = lines[start:end]
    for anchor in RULE_IDS:
        quote = rules[anchor]
        assert quote in paragraphs, anchor
    # 508.2 carries its Example.
    example = next(p for p in paragraphs if p.startswith("Example:"))
    assert example in (ROOT / "docs" / "rule-508.md").read_text("utf-8")


@pytest.mark.parametrize("number", range(1, 8))
def test_every_ruling_is_quoted_verbatim_with_its_anchor(number: int) -> None:
    rulings = quoted("rulings.md", "ruling")
    bullets = [line[2:] for line in seed_lines() if line.startswith("* ")]
    assert len(bullets) == 7
    assert rulings[f"ruling-{number}"] == bullets[number - 1]


def test_every_sentence_of_the_source_before_the_rules_is_quoted() -> None:
    """The introduction (home page) and the lead-in to the rules (rule 508's page)."""
    lines = seed_lines()
    start = next(i for i, line in enumerate(lines) if line.startswith("508. "))
    pages = {page: (ROOT / "docs" / page).read_text("utf-8")
             for page in ("index.md", "rule-508.md")}
    assert lines[start - 1] == "The official rules for flip cards are as follows:"
    assert f"> {lines[start - 1]}\n" in pages["rule-508.md"]
    for line in lines[1:start - 1]:
        assert f"> {line}\n" in pages["index.md"], line
