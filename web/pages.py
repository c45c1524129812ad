"""The HTML shells of the web board. Every text that comes from a user (a game's name, an
order typed, a press text) is escaped here or set as text by the script; the board's data
travel as JSON in a ``<script type="application/json">`` (never run: the Content Security
Policy allows no inline script) with ``<``, ``>`` and ``&`` escaped, so no text can close it."""

from __future__ import annotations

import json
from functools import cache
from html import escape
from typing import Any

from bot.i18n import t

# what the script needs to say, in the reader's language
SCRIPT_TEXTS = ("send", "ready", "orders", "no_orders", "remove", "remove_order", "deadline",
                "deadline_left", "deadline_passed", "no_deadline", "saved", "cleared",
                "ready_on", "ready_off", "sending", "type_order", "add", "waive", "choose",
                "cancel", "history", "results", "results_of", "now", "crisis", "pick_unit",
                "picked", "picked_second", "conditional", "nothing", "bids", "bids_text",
                "bids_send", "help_support", "help_convoy", "unsent", "synced",
                "deadline_at", "deadline_days", "deadline_hours", "added", "bot", "bids_hint")


@cache
def script_texts(lang: str) -> dict[str, str]:
    """Texts with a field keep it as ``{name}`` for the script to fill."""
    fields = {"remove_order": {"order": "{order}"}, "deadline_left": {"left": "{left}"},
              "results_of": {"phase": "{phase}"}, "picked": {"unit": "{unit}"},
              "picked_second": {"unit": "{unit}"}, "help_support": {"unit": "{unit}"},
              "help_convoy": {"unit": "{unit}"}, "conditional": {"say": "{say}"},
              "deadline_at": {"when": "{when}", "left": "{left}"},
              "deadline_days": {"days": "{days}", "hours": "{hours}"},
              "deadline_hours": {"hours": "{hours}", "minutes": "{minutes}"},
              "added": {"say": "{say}"}}
    out = {k: t(f"web.{k}", lang, **fields.get(k, {})) for k in SCRIPT_TEXTS}
    for key in ("builds_due", "removals_due"):  # the script picks the form by CLDR's rule
        out[key] = t(f"web.{key}", lang, power="{power}", count=2, shown="{count}")
        out[f"{key}_one"] = t(f"web.{key}", lang, power="{power}", count=1, shown="{count}")
    return out


def data_json(data: Any) -> str:
    """JSON safe inside a ``<script type="application/json">`` element."""
    return (json.dumps(data, ensure_ascii=False, separators=(",", ":"))
            .replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
            .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))


def _head(title: str, lang: str) -> str:
    return (f'<!doctype html>\n<html lang="{escape(lang)}" dir="ltr"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{escape(title)}</title>"
            '<link rel="stylesheet" href="/static/board.css"></head>')


def board_page(data: dict[str, Any], *, lang: str, spectator: bool) -> str:
    """The board: the map (drawn by the script from the board's geometry), and for a player
    the order list, Send and Ready; for anyone the past phases and the last results."""
    game = data["game"]
    key = "web.spectator_title" if spectator else "web.board_title"
    title = t(key, lang, game=game["name"])
    send, ready = t("web.send", lang), t("web.ready", lang)
    player = "" if spectator else (
        '<section id="panel" class="panel">'
        f'<h2 id="orders-title">{escape(t("web.orders", lang))}</h2>'
        '<p id="due" class="due"></p>'
        '<ul id="orders" class="orders" aria-labelledby="orders-title"></ul>'
        '<form id="typed" class="typed">'
        f'<label for="typed-text">{escape(t("web.type_order", lang))}</label>'
        '<span class="row"><input id="typed-text" name="text" autocomplete="off" '
        'spellcheck="false">'
        f'<button type="submit">{escape(t("web.add", lang))}</button></span></form>'
        f'<button type="button" id="waive" hidden>{escape(t("web.waive", lang))}</button>'
        '<div class="actions">'
        f'<button type="button" id="send" class="primary">{escape(send)}</button>'
        f'<button type="button" id="ready" aria-pressed="false">{escape(ready)}</button>'
        '</div><p id="sync" class="sync" aria-live="polite"></p>'
        '<form id="bids" class="typed" hidden>'
        f'<label for="bids-text">{escape(t("web.bids_text", lang))}</label>'
        '<span class="row"><input id="bids-text" name="text" autocomplete="off">'
        f'<button type="submit">{escape(t("web.bids_send", lang))}</button></span></form>'
        '<p id="status" class="status" role="status" aria-live="polite"></p>'
        '</section>')
    names = [data["palette"]["powers"].get(p, {}).get("name", p)
             for p in (data.get("me") or {}).get("powers", [])]
    you = t("web.you_play", lang, powers=", ".join(names))
    intro = f'<p class="note">{escape(t("web.spectators", lang))}</p>' if spectator else ""
    return (
        _head(title, lang)
        + f'<body class="{"spectator" if spectator else "player"}">'
        + '<header class="top">'
        + f'<h1 id="game-name">{escape(game["name"])}</h1>'
        + f'<p class="phase"><span id="phase">{escape(game.get("phase_name") or "")}</span>'
        + ' · <span id="deadline"></span></p>'
        + ('' if spectator else f'<p id="you" class="you">{escape(you)}</p>') + '</header>'
        + '<main class="layout">'
        + f'<figure class="board"><div id="map" role="group" '
          f'aria-label="{escape(t("web.map", lang, game=game["name"]))}"></div>'
        + '<p id="hint" class="hint" aria-live="polite"></p></figure>'
        + player
        + '<section class="panel public">'
        + '<div id="crisis" hidden></div>'
        + f'<h2 id="centres-title">{escape(t("web.centres", lang))}</h2>'
        + '<ul id="centres" class="centres-list" aria-labelledby="centres-title"></ul>'
        + f'<h2 id="results-title">{escape(t("web.results", lang))}</h2><div id="results"></div>'
        + f'<h2>{escape(t("web.history", lang))}</h2><ol id="history"></ol>'
        + intro + '</section></main>'
        + '<div id="chooser" class="chooser" role="dialog" aria-modal="true" '
          f'aria-labelledby="chooser-title" hidden><h2 id="chooser-title">'
          f'{escape(t("web.choose", lang))}</h2><ul id="chooser-list"></ul>'
          f'<button type="button" id="chooser-cancel">{escape(t("web.cancel", lang))}'
          '</button></div>'
        + f'<script type="application/json" id="board-data">{data_json(data)}</script>'
        + '<script src="/static/board.js" defer></script></body></html>')


def refused_page(reason: str, lang: str) -> str:
    """Why nothing is shown, in the reader's language; nothing of the game."""
    title = t("web.refused_title", lang)
    return (_head(title, lang) + '<body class="refused"><main class="refusal">'
            f"<h1>{escape(title)}</h1>"
            f'<p id="reason" data-reason="{escape(reason)}">'
            f"{escape(t(f'web.refused.{reason}', lang))}</p></main></body></html>")
