"""A whole game as one animated map: one frame per phase with that phase's orders drawn (as
in the results post), GIF or animated WebP, sized for Discord's 10 MB attachments."""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from engine.render.core import TITLE_H, draw_map, out_palette
from engine.render.painter import draw_text
from engine.render.palette import WHITE

ENDING_H = 60  # the band saying how the game ended, over the last frame's map

MAX_BYTES = 10 * 1024 * 1024  # Discord's attachment limit


def _orders(results: Sequence[Mapping[str, Any]] | None) -> list[dict[str, Any]] | None:
    """The orders of the frame's own phase, with their outcome (what the results map draws)."""
    if not results:
        return None
    first = results[0].get("phase")
    return [{**r["order"], "status": r["status"], "power": r["power"]} for r in results
            if r.get("order") and r.get("phase", first) == first] or None


def render_timelapse(frames: Sequence[Mapping[str, Any]], *, map_name: str,
                     locale: str = "en", fmt: str = "gif", reduce: int = 2,
                     frame_ms: int = 900, last_ms: int = 3000, palette: str = "standard",
                     ending: str | None = None, **map_kwargs: Any) -> bytes:
    """``frames``: [{"state": STATE, "results": [...] | None}, ...] in order. Each map is
    drawn as the results post draws it, shrunk ``reduce`` times (box filter); every GIF frame
    shares the map's fixed palette, so frames stay small. The last frame lingers and says
    ``ending`` (how the game ended: ``engine.describe.ending``) in a band under its title."""
    if not frames:
        raise ValueError("a timelapse needs at least one frame")
    if fmt not in ("gif", "webp"):
        raise ValueError(f"unknown format {fmt!r}: gif or webp")
    colours = out_palette(map_name, palette)
    images: list[Image.Image] = []
    for frame in frames:
        im = draw_map(dict(frame["state"]), orders=_orders(frame.get("results")),
                      locale=locale, map_name=map_name, palette=palette, paletted=False,
                      **map_kwargs)
        if ending and frame is frames[-1]:
            _ending_band(im, ending)
        if reduce > 1:
            im = im.reduce(reduce)
        if fmt == "gif":
            im = im.quantize(palette=colours, dither=Image.Dither.NONE)
        images.append(im)
    durations = [frame_ms] * (len(images) - 1) + [last_ms]
    buf = io.BytesIO()
    if fmt == "gif":
        images[0].save(buf, "GIF", save_all=True, append_images=images[1:], duration=durations,
                       loop=0, optimize=False)
    else:
        images[0].save(buf, "WEBP", save_all=True, append_images=images[1:],
                       duration=durations, loop=0, quality=60, method=0)
    data = buf.getvalue()
    if len(data) > MAX_BYTES and reduce < 6:
        return render_timelapse(frames, map_name=map_name, locale=locale, fmt=fmt,
                                reduce=reduce + 1, frame_ms=frame_ms, last_ms=last_ms,
                                palette=palette, ending=ending, **map_kwargs)
    return data


def _ending_band(im: Image.Image, text: str) -> None:
    """A band under the title, in the title's colours (white on dark, ≥ 4.5:1), so that the
    result reads even once the frame is shrunk."""
    title_bg = im.getpixel((2, 2))
    assert isinstance(title_bg, tuple)
    im.paste(title_bg, (0, TITLE_H, im.width, TITLE_H + ENDING_H))
    im.paste(WHITE, (0, TITLE_H + ENDING_H - 3, im.width, TITLE_H + ENDING_H))
    draw_text(im, (im.width / 2, TITLE_H + (ENDING_H - 3) / 2), text, WHITE, 32, anchor="mm")
