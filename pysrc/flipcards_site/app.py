"""The site as an installable app: a web app manifest and its icons, drawn at build time.

A judge can add the site to a phone's home screen and open it offline at an event (the
service worker already keeps it). The icon is a flip card: a card split in two halves, the
top half's letter upright and the bottom half's turned upside down, as a flip card prints its
second half. It is drawn with Pillow in the site's font and palette (no file is downloaded),
at the sizes browsers ask for, plus a *maskable* one whose card sits inside the safe circle
that launchers may crop to.

Everything is relative to the manifest (``start_url`` and ``scope`` are the site's root), so
the app works at any path of any host.
"""

from __future__ import annotations

import json
from functools import cache
from io import BytesIO
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from .previews import ACCENT, BOLD, INK, PAPER, PRIMARY, _font

__all__ = ["ICONS", "ICONS_URI", "MANIFEST_URI", "THEME_COLOR", "files", "icon", "manifest"]

MANIFEST_URI = "manifest.webmanifest"
ICONS_URI = "assets/app"
THEME_COLOR = "#{:02x}{:02x}{:02x}".format(*PRIMARY)

#: (file name, size in pixels, purpose): what the manifest lists and the pages link.
ICONS: tuple[tuple[str, int, str], ...] = (
    ("icon-192.png", 192, "any"),
    ("icon-512.png", 512, "any"),
    ("icon-maskable-512.png", 512, "maskable"),
    ("apple-touch-icon.png", 180, "apple"),
)


@cache
def icon(font_dir: Path, size: int, purpose: str = "any") -> bytes:
    """The app's icon, ``size`` pixels square, as PNG. ``purpose``: ``"any"`` (a rounded
    square), ``"maskable"`` (the card within the middle 80 %, the rest filled) or ``"apple"``
    (a full square: the system rounds it)."""
    scale = 4                                         # drawn large, then scaled down smoothly
    big = size * scale
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    if purpose == "any":
        draw.rounded_rectangle((0, 0, big - 1, big - 1), radius=big // 5, fill=PRIMARY)
    else:
        draw.rectangle((0, 0, big, big), fill=PRIMARY)
    # The card: 5:7, its height 70 % of the icon (56 % for a maskable icon's safe zone).
    height = big * (0.56 if purpose == "maskable" else 0.7)
    width = height * 5 / 7
    left, top = (big - width) / 2, (big - height) / 2
    box = (left, top, left + width, top + height)
    draw.rounded_rectangle(box, radius=width / 10, fill=PAPER)
    middle = top + height / 2
    draw.line((left + width * 0.12, middle, left + width * 0.88, middle), fill=INK,
              width=max(scale, round(big / 96)))
    letter = _font(font_dir, BOLD, round(height * 0.36))
    half = _letter(letter, "F", INK)
    image.alpha_composite(half, (round(left + (width - half.width) / 2),
                                 round(top + (height / 2 - half.height) / 2)))
    flipped = _letter(letter, "F", ACCENT).rotate(180)
    image.alpha_composite(flipped, (round(left + (width - flipped.width) / 2),
                                    round(middle + (height / 2 - flipped.height) / 2)))
    image = image.resize((size, size), Image.Resampling.LANCZOS)
    if purpose != "any":                              # no transparency where the system masks
        image = Image.alpha_composite(Image.new("RGBA", image.size, (*PRIMARY, 255)), image)
    out = BytesIO()
    image.save(out, "PNG", optimize=True)
    return out.getvalue()


def _letter(font: ImageFont.FreeTypeFont, text: str, color: tuple[int, int, int]
            ) -> Image.Image:
    """``text`` alone on a transparent picture just its size."""
    left, top, right, bottom = (round(v) for v in font.getbbox(text))
    picture = Image.new("RGBA", (right - left, bottom - top), (0, 0, 0, 0))
    ImageDraw.Draw(picture).text((-left, -top), text, font=font, fill=color)
    return picture


def manifest(site_name: str, description: str) -> str:
    """The web app manifest, as JSON text (paths relative to it: it sits at the site's root).

    >>> data = json.loads(manifest("Flip Cards", "The flip-card rules"))
    >>> data["start_url"], data["display"], data["icons"][0]["sizes"]
    ('./', 'standalone', '192x192')
    """
    return json.dumps({
        "name": site_name,
        "short_name": site_name,
        "description": description,
        "id": "./",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "background_color": "#{:02x}{:02x}{:02x}".format(*PAPER),
        "theme_color": THEME_COLOR,
        "icons": [{"src": f"{ICONS_URI}/{name}", "sizes": f"{size}x{size}", "type": "image/png",
                   "purpose": purpose}
                  for name, size, purpose in ICONS if purpose != "apple"],
    }, indent=2, ensure_ascii=False) + "\n"


def files(font_dir: Path, site_name: str, description: str) -> dict[str, bytes]:
    """Every file of the app, by its path in the site."""
    out = {MANIFEST_URI: manifest(site_name, description).encode("utf-8")}
    for name, size, purpose in ICONS:
        out[f"{ICONS_URI}/{name}"] = icon(font_dir, size, purpose)
    return out
