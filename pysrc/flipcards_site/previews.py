"""Preview pictures (og:image) of every rule, ruling and card, drawn at build time.

A link posted in a forum or a chat unfolds into its page's Open Graph picture. Each rule and
ruling gets one with its number, where it is from (source, edition, today's number) and its
text; each card one with its flip frame, both halves, the flipped half upside down as printed.

The pictures are drawn with Pillow in the fonts of the npm package ``@fontsource/inter``
(installed with the site's other front-end packages, so the build downloads nothing) and added
to the site as generated files (``assets/previews/…``, 1200 by 630 PNG, the size previews
expect). They are kept in memory by their content, so that a rebuild of ``mkdocs serve`` only
draws what changed.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import cache
from io import BytesIO
from pathlib import Path

from mkdocs.exceptions import PluginError
from PIL import Image, ImageDraw, ImageFont

__all__ = ["HEIGHT", "WIDTH", "CardHalf", "card_image", "card_image_uri", "rule_image",
           "rule_image_uri"]

WIDTH, HEIGHT = 1200, 630
PREVIEWS_URI = "assets/previews"

#: The fonts, in the folder of ``@fontsource/inter``'s files (the plugin's ``font_dir``).
REGULAR = "inter-latin-400-normal.woff"
BOLD = "inter-latin-700-normal.woff"

# The site's palette (Material's indigo primary, deep orange accent).
INK = (33, 33, 33)
MUTED = (97, 97, 97)
PAPER = (255, 255, 255)
PRIMARY = (63, 81, 181)
ACCENT = (255, 87, 34)
FRAME = (236, 232, 222)
FRAME_LINE = (150, 140, 120)

_cache: dict[str, bytes] = {}


def rule_image_uri(kind: str, number: str) -> str:
    """``assets/previews/rules/508.2.png``, ``assets/previews/rulings/5.png``."""
    return f"{PREVIEWS_URI}/{kind}s/{number}.png"


def card_image_uri(slug: str) -> str:
    """``assets/previews/cards/bushi-tenderfoot.png``."""
    return f"{PREVIEWS_URI}/cards/{slug}.png"


@dataclass(frozen=True)
class CardHalf:
    """What the picture shows of one half of a card."""

    name: str
    type_line: str
    power_toughness: str  # "1/1", or "" for a noncreature
    cost: str = ""


def rule_image(font_dir: Path, label: str, citation: str, gist: str, text: str) -> bytes:
    """A rule's (or ruling's) picture: label, citation, gist and as much text as fits."""
    key = _key("rule", font_dir, label, citation, gist, text)
    if key not in _cache:
        image, draw = _canvas()
        draw.rectangle((0, 0, 24, HEIGHT), fill=PRIMARY)
        draw.text((72, 52), "FLIP CARDS", font=_font(font_dir, BOLD, 26), fill=ACCENT)
        draw.text((72, 96), label, font=_font(font_dir, BOLD, 76), fill=INK)
        draw.text((72, 196), citation, font=_font(font_dir, REGULAR, 30), fill=PRIMARY)
        draw.text((72, 246), gist, font=_font(font_dir, BOLD, 32), fill=INK)
        body = _font(font_dir, REGULAR, 30)
        lines = _wrap(draw, text, body, WIDTH - 144, max_lines=7)
        draw.multiline_text((72, 308), "\n".join(lines), font=body, fill=MUTED, spacing=10)
        _cache[key] = _png(image)
    return _cache[key]


def card_image(font_dir: Path, full_name: str, normal: CardHalf, flipped: CardHalf,
               caption: str) -> bytes:
    """A card's picture: its flip frame (the flipped half upside down) and its name."""
    key = _key("card", font_dir, full_name, repr(normal), repr(flipped), caption)
    if key not in _cache:
        image, draw = _canvas()
        draw.rectangle((0, 0, 24, HEIGHT), fill=PRIMARY)
        # The frame: a card's proportions (63 by 88), full height.
        frame_w, frame_h = 400, 558
        left, top = 72, (HEIGHT - frame_h) // 2
        draw.rounded_rectangle((left, top, left + frame_w, top + frame_h), radius=24,
                               fill=INK)
        inner = (left + 16, top + 16, left + frame_w - 16, top + frame_h - 16)
        draw.rounded_rectangle(inner, radius=10, fill=FRAME, outline=FRAME_LINE, width=2)
        half_h = (inner[3] - inner[1]) // 3
        normal_box = _half(font_dir, normal, inner[2] - inner[0], half_h)
        image.paste(normal_box, (inner[0], inner[1]))
        flipped_box = _half(font_dir, flipped, inner[2] - inner[0], half_h).rotate(180)
        image.paste(flipped_box, (inner[0], inner[3] - half_h))
        # The art box between the halves.
        draw.rectangle((inner[0] + 20, inner[1] + half_h + 10, inner[2] - 20,
                        inner[3] - half_h - 10), fill=(200, 205, 230))
        x = left + frame_w + 56
        draw.text((x, 52), "FLIP CARDS", font=_font(font_dir, BOLD, 26), fill=ACCENT)
        title = _font(font_dir, BOLD, 50)
        names = _wrap(draw, normal.name, title, WIDTH - x - 48, max_lines=2)
        draw.multiline_text((x, 100), "\n".join(names), font=title, fill=INK, spacing=8)
        y = 100 + 64 * len(names) + 8
        draw.text((x, y), "flips into", font=_font(font_dir, REGULAR, 30), fill=MUTED)
        names = _wrap(draw, flipped.name, title, WIDTH - x - 48, max_lines=2)
        draw.multiline_text((x, y + 48), "\n".join(names), font=title, fill=PRIMARY, spacing=8)
        y += 48 + 64 * len(names) + 24
        small = _font(font_dir, REGULAR, 28)
        lines = _wrap(draw, caption, small, WIDTH - x - 48, max_lines=5)
        draw.multiline_text((x, y), "\n".join(lines), font=small, fill=MUTED, spacing=8)
        _cache[key] = _png(image)
    return _cache[key]


def _half(font_dir: Path, half: CardHalf, width: int, height: int) -> Image.Image:
    """One half of the frame, drawn the right way up (the caller turns the flipped one)."""
    box = Image.new("RGB", (width, height), FRAME)
    draw = ImageDraw.Draw(box)
    name_font = _font(font_dir, BOLD, 24)
    draw.rectangle((8, 8, width - 8, 48), fill=PAPER, outline=FRAME_LINE)
    name = _wrap(draw, half.name, name_font, width - 40 - _width(draw, half.cost, name_font),
                 max_lines=1)[0]
    draw.text((16, 14), name, font=name_font, fill=INK)
    if half.cost:
        draw.text((width - 16, 14), half.cost, font=name_font, fill=INK, anchor="ra")
    type_font = _font(font_dir, REGULAR, 20)
    type_line = _wrap(draw, half.type_line, type_font, width - 32, max_lines=1)[0]
    draw.text((16, 58), type_line, font=type_font, fill=INK)
    if half.power_toughness:
        draw.rectangle((width - 88, height - 48, width - 8, height - 8), fill=PAPER,
                       outline=FRAME_LINE)
        draw.text((width - 48, height - 28), half.power_toughness, font=name_font, fill=INK,
                  anchor="mm")
    return box


def _canvas() -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGB", (WIDTH, HEIGHT), PAPER)
    return image, ImageDraw.Draw(image)


def _png(image: Image.Image) -> bytes:
    out = BytesIO()
    # A palette of 64 colours keeps a picture of text small and sharp.
    image.quantize(64).save(out, "PNG", optimize=False)
    return out.getvalue()


@cache
def _font(font_dir: Path, name: str, size: int) -> ImageFont.FreeTypeFont:
    path = font_dir / name
    if not path.is_file():
        raise PluginError(f"The preview pictures need the font {path}, which is missing: "
                          "install the front-end packages (npm ci) or set the flipcards "
                          "plugin's font_dir")
    return ImageFont.truetype(str(path), size)


def _width(draw: ImageDraw.ImageDraw, text: str, font: ImageFont.FreeTypeFont) -> int:
    return int(draw.textlength(text, font=font)) if text else 0


def _wrap(draw: ImageDraw.ImageDraw, text: str, font: ImageFont.FreeTypeFont, width: int,
          max_lines: int) -> list[str]:
    """`text` in lines no wider than `width`, at most `max_lines`; a cut ends with "…"."""
    lines: list[str] = []
    for word in text.split():
        if lines and _width(draw, f"{lines[-1]} {word}", font) <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        last = lines[-1]
        while last and _width(draw, last + " …", font) > width:
            last = last.rsplit(" ", 1)[0] if " " in last else last[:-1]
        lines[-1] = last.rstrip(",;:") + " …"
    return lines or [""]


def _key(*parts: object) -> str:
    return hashlib.sha256("\0".join(map(str, parts)).encode("utf-8")).hexdigest()
