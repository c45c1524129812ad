"""After the game as Discord attachments: the export (with the docs/RULES.md §4.1.1 report of each
phase in French and English), the timelapse and the chart, drawn off the event loop (in the
render processes when there are, else in a thread: both are CPU-bound, docs/ARCHITECTURE.md)."""

from __future__ import annotations

import asyncio
import functools
import io
import json
from collections.abc import Mapping
from typing import Any

import discord

from bot.render_pool import Render, render_pool
from bot.services.archive import Chart, Frames
from bot.services.options import map_style
from bot.ui.format import power_name, results_by_power
from engine import api as engine_api
from engine import describe, variants
from engine.render.chart import render_chart
from engine.render.timelapse import render_timelapse


def _with_reports(export: Mapping[str, Any]) -> dict[str, Any]:
    """Each phase with its results as the results post words them, per power, in both
    languages (docs/RULES.md §4.1.1 notation in French, plain words in English)."""
    phases = list(export.get("phases") or [])
    out = []
    for i, record in enumerate(phases):
        after = phases[i + 1]["state"] if i + 1 < len(phases) else export.get("final_state")
        report = {lang: results_by_power(record.get("results") or [], record["state"], lang,
                                         str(export.get("variant")), after)
                  for lang in ("fr", "en")}
        out.append({**record, "report": report})
    return {**export, "phases": out}


def export_file(export: Mapping[str, Any], filename: str) -> discord.File:
    text = json.dumps(_with_reports(export), ensure_ascii=False, indent=1)
    return discord.File(io.BytesIO(text.encode("utf-8")), filename=filename)


async def _draw(draw: Render, *args: Any, **kwargs: Any) -> bytes:
    pool = render_pool()
    if pool is None:
        return await asyncio.to_thread(draw, *args, **kwargs)
    return await pool.run(draw, *args, **kwargs)


async def timelapse_file(frames: Frames, *, locale: str, fmt: str, filename: str
                         ) -> discord.File:
    """The animated map, under Discord's 10 MB (``render_timelapse`` shrinks it if need be)."""
    style = map_style({"palette": frames.palette, "map_labels": frames.map_labels}, locale)
    map_name = variants.get(frames.variant).map_name
    ending = describe.ending(frames.result, map_name, locale)
    draw = functools.partial(render_timelapse, map_name=map_name,
                             locale=locale, fmt=fmt, palette=style["palette"],
                             labels=style["labels"], ending=ending)
    data = await _draw(draw, frames.frames)
    last = frames.frames[-1]
    alt = engine_api.alt_text(dict(last["state"]), results=last.get("results"), locale=locale,
                              ending=ending)
    return discord.File(io.BytesIO(data), filename=filename, description=alt)


async def chart_file(chart: Chart, *, locale: str, title: str, y_label: str,
                     filename: str) -> discord.File:
    names = {p: power_name(p, locale, chart.variant) for p in chart.series}
    draw = functools.partial(render_chart, map_name=variants.get(chart.variant).map_name,
                             title=title, y_label=y_label, names=names, locale=locale,
                             palette=chart.palette)
    data = await _draw(draw, chart.series)
    alt = describe.chart_text(chart.series, map_name=variants.get(chart.variant).map_name,
                              title=title, locale=locale)
    return discord.File(io.BytesIO(data), filename=filename, description=alt)
