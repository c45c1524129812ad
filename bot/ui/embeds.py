"""Embeds of the bot: what a game, a result, a player's orders look like on Discord."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import discord

from bot.i18n import has_key, language_of, t, typography
from bot.services.bots import bot_powers, bots_allowed
from bot.services.common import GameView
from bot.services.history import PhaseDetail
from bot.services.orders import OrderLine, OrderStatus, OwnOrders
from bot.services.press import names_hidden, press_mode
from bot.ui.format import (
    centre_counts,
    chunks,
    deadline_text,
    local_order,
    name_powers,
    phase_name,
    power_name,
    results_by_power,
    variant_title,
)
from engine import variants
from engine.variants.base import Option

COLOUR = discord.Colour(0x2B5EA7)
MAX_FIELDS = 25
EMBEDS_TEXT_LIMIT = 6000  # Discord's limit for all the embeds of one message


def order_line_text(line: OrderLine, locale: str, phase: str | None = None) -> str:
    """One order line as read back: understood and normalised, or refused and why. A
    conditional order (a retreat, build or removal sent with the movement orders, seed 004
    §3.4.2) says which phase it is kept for, and that it replaces no movement order."""
    if line.ok:
        text = f"✅ `{line.text}` → `{local_order(str(line.normalized), locale)}`"
        if line.conditional:
            text += " — " + conditional_note(line, locale, phase)
        return text
    err = line.error or {}
    why = err.get("message_fr" if locale == "fr" else "message_en") or t("error.invalid",
                                                                          locale)
    return f"❌ `{line.text}` — {typography(name_powers(str(why), locale), locale)}"


def conditional_note(line: OrderLine, locale: str, phase: str | None) -> str:
    """Which phase a conditional order waits for: a retreat, this season's retreats; a build
    or removal, the Winter — also when sent in Spring (docs/RULES.md §3.4.2)."""
    kind = str((line.order or {}).get("kind") or "")
    if kind in ("retreat", "disband"):
        return t("orders.conditional.retreat", locale)
    return t("orders.conditional.adjust", locale)


def own_orders_embed(own: Sequence[OwnOrders], game: GameView, locale: str) -> discord.Embed:
    embed = discord.Embed(title=t("orders.show_title", locale,
                                  phase=phase_name(game.phase, locale, game.variant)),
                          colour=COLOUR)
    if not own:
        embed.description = t("orders.none", locale)
    for o in own[:MAX_FIELDS]:
        text = "\n".join(f"`{local_order(x.normalized or x.text, locale)}`" + (
            f" ({t('orders.conditional.short', locale)})" if x.conditional else "")
            for x in o.lines) or t("orders.none", locale)
        ready = t("orders.ready_yes" if o.ready else "orders.ready_no", locale)
        embed.add_field(name=f"{power_name(o.power, locale)} — {ready}", value=text[:1024],
                        inline=False)
    embed.add_field(name=t("game.deadline", locale), value=deadline_text(game.deadline),
                    inline=False)
    return embed


def status_embed(game: GameView, locale: str, progress: OrderStatus | None,
                 state: Mapping[str, Any] | None) -> discord.Embed:
    """Where a game stands: phase and deadline, who the phase is waiting for (powers that
    must act and have neither sent orders nor said ready), each seat's current player
    (a replacement says whom it replaces, docs/RULES.md §3.6), centres."""
    embed = discord.Embed(title=t("status.title", locale, name=game.name),
                          colour=COLOUR)
    embed.add_field(name=t("status.variant", locale), value=variant_title(game.variant, locale))
    embed.add_field(name=t("status.state", locale), value=t(f"status.{game.status}", locale))
    embed.add_field(name=t("status.gm", locale), value=f"<@{game.gm_user_id}>")
    if game.phase:
        embed.add_field(name=t("status.phase", locale), value=phase_name(game.phase, locale,
                                                                    game.variant))
        embed.add_field(name=t("game.deadline", locale), value=deadline_text(game.deadline))
    if progress is not None and game.status in ("active", "paused"):
        missing = ", ".join(power_name(pw, locale, game.variant) for pw in progress.missing)
        embed.add_field(name=t("status.waiting", locale, count=len(progress.missing)),
                        value=missing or t("status.nobody_missing", locale), inline=False)
    replaced = [p for p in game.players if p.status == "replaced"]
    hidden = names_hidden(game)  # gunboat: seats by power only
    players = []
    for p in game.players:
        if p.status == "replaced":
            continue
        powers = ", ".join(power_name(pw, locale, game.variant) for pw in p.powers) or "—"
        mark = ""
        if progress is not None and game.status in ("active", "paused"):  # a game over awaits nobody
            if all(pw in progress.ready for pw in p.powers if pw in progress.waiting) and \
                    any(pw in progress.waiting for pw in p.powers):
                mark = " ✅"
            elif any(pw in progress.submitted for pw in p.powers):
                mark = " 📝"
            elif any(pw in progress.waiting for pw in p.powers):
                mark = " ⏳"
        status = "" if p.status == "active" else f" ({t('player.status.' + p.status, locale)})"
        before = [f"<@{r.user_id}>" for r in replaced
                  if r.powers == p.powers and (r.seat == p.seat or r.seat is None)]
        since = f" — {t('status.replaces', locale, users=', '.join(before))}" if before else ""
        players.append(f"{powers}{status}{mark}" if hidden else
                       f"<@{p.user_id}> — {powers}{status}{mark}{since}")
    embed.add_field(name=t("status.players", locale, count=len(players)),
                    value="\n".join(players)[:1024] or "—", inline=False)
    played = bot_powers(game, game.players)
    if played:
        embed.add_field(name=t("bots.played_by_bot", locale), inline=False,
                        value=", ".join(power_name(pw, locale, game.variant) for pw in played))
    if state:
        counts = centre_counts(state)
        if counts:
            embed.add_field(name=t("status.centres", locale), value=_counts_text(
                counts, locale, game.variant), inline=False)
    if game.result:
        embed.add_field(name=t("status.result", locale),
                        value=result_text(game.result, locale, game.variant), inline=False)
    return embed


def _counts_text(counts: Mapping[str, int], locale: str, variant: str) -> str:
    return "\n".join(t("label_value", locale, label=power_name(p, locale, variant), value=n)
                     for p, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))


def result_text(result: Mapping[str, Any], locale: str, variant: str = variants.DEFAULT) -> str:
    if result.get("winner"):
        return t("result.winner", locale, power=power_name(str(result["winner"]), locale,
                                                           variant))
    if result.get("draw"):
        return t("result.draw", locale, powers=", ".join(
            power_name(str(p), locale, variant) for p in result["draw"]))
    return t("result.ended", locale)


def _on(value: Any) -> str:
    return "yes" if value else "no"


def settings_lines(game: GameView, locale: str) -> list[str]:
    """The rule options and phase lengths of a game in sentences ("Automatic draw after 3
    years without a change: off"), never an option's key or ``None``."""
    o = game.options
    lines = [t("settings.preset", locale, preset=str(o.get("preset") or "standard"))]
    if "victory_centers" in o:
        lines.append(t("settings.victory_centers", locale, count=int(o["victory_centers"])))
    lines.append(t("settings.end_year", locale,
                   year="none" if o.get("end_year") is None else int(o["end_year"])))
    lines.append(t("settings.auto_draw", locale, on=_on(o.get("auto_draw"))))
    if "nmr_threshold" in o:
        lines.append(t("settings.nmr_threshold", locale, count=int(o["nmr_threshold"])))
    lines.append(t("settings.assignment", locale,
                   assignment=str(o.get("assignment") or "random")))
    for option in _own_options(game.variant):  # the variant's own (Variant.options)
        lines.append(option_line(option, o.get(option.name, option.default), locale))
    lines.append(t("settings.palette", locale, palette=str(o.get("palette") or "standard")))
    lines.append(t("settings.scoring", locale,
                   scoring=variants.scoring_of(game.variant, o)))
    lines.append(t("settings.map_labels", locale, labels=str(o.get("map_labels") or "auto")))
    lines.append(t("settings.press", locale, press=press_mode(o)))
    lines.append(t("settings.gm_reads_press", locale, on=_on(o.get("gm_reads_press"))))
    lines.append(t("settings.absence", locale, policy=str(o.get("absence") or "extend"),
                   count=int(o.get("absence_days", 14))))  # docs/RULES.md §3.6
    if bots_allowed(game.variant):  # where the bot may sit (bot.services.bots)
        lines.append(t("settings.civil_disorder", locale,
                       mode=str(o.get("civil_disorder") or "hold")))  # docs/RULES.md §2.14.3
    if int(o.get("bots") or 0) or o.get("bot_powers"):
        lines.append(t("settings.bots", locale, count=int(o.get("bots") or 0), powers=", ".join(
            power_name(pw, locale, game.variant) for pw in o.get("bot_powers") or [])
            or "—"))
    minutes = game.phase_minutes

    def length(key: str) -> str:
        value = minutes.get(key, minutes.get("*"))
        return "—" if value is None else t("settings.length", locale,
                                            hours=round(float(value) / 60, 2))

    kinds = {k: length(k) for k in "MRA"}
    if "*" in _phase_lengths(game.variant) and "*" in minutes:
        lines.append(t("settings.phases_other", locale, other=length("*"), **kinds))
    else:
        lines.append(t("settings.phases", locale, **kinds))
    return lines


def _own_options(variant: str) -> tuple[Option, ...]:
    try:
        return tuple(variants.get(variant).options)
    except variants.UnknownVariant:
        return ()


def _phase_lengths(variant: str) -> tuple[str, ...]:
    try:
        return tuple(variants.get(variant).phase_lengths)
    except variants.UnknownVariant:
        return ("M", "R", "A")


def option_line(option: Option, value: Any, locale: str) -> str:
    """A variant's option in ``/game settings``: its own line (``settings.<name>`` in its
    catalogue, given ``on`` — yes/no — and ``value``), else its label and value."""
    key = f"settings.{option.name}"
    if has_key(key):
        return t(key, locale, on=_on(value), value="none" if value is None else value)
    label = option.label.get(language_of(locale)) or option.label.get("en") or option.name
    shown = t(f"settings.{_on(value)}", locale) if option.type is bool else value
    return t("settings.option", locale, label=label, value="—" if shown is None else shown)


def settings_embed(game: GameView, locale: str) -> discord.Embed:
    embed = discord.Embed(title=t("settings.title", locale, name=game.name), colour=COLOUR,
                          description="\n".join(settings_lines(game, locale)))
    if "assignment_seed" in game.options:
        # gunboat: the seed and the sign-up order would tell every seat; kept to the end
        embed.set_footer(text=t("settings.seed_hidden", locale) if names_hidden(game) else
                         t("settings.seed", locale, seed=game.options["assignment_seed"]))
    return embed


def results_embeds(detail: PhaseDetail, locale: str, variant: str,
                   state_after: Mapping[str, Any] | None,
                   next_phase: str | None, deadline: Any,
                   following: Sequence[PhaseDetail] = ()) -> list[discord.Embed]:
    """The report of a resolved phase: every power's orders with their outcome, centre
    counts and eliminations; the map goes in the first embed. ``following``: the phases the
    same turn resolved at once after it (a retreat, a Winter played from conditional orders),
    one embed each, in order; the retreats they hold complete the first report's
    ``(d-xxx)``."""
    details = [detail, *following]
    embeds = []
    for i, current in enumerate(details):
        later = [r for d in details[i + 1:] for r in d.results]
        after = details[i + 1].state if i + 1 < len(details) else state_after
        embed = discord.Embed(title=t("results.title", locale,
                                      phase=phase_name(current.phase, locale, variant)),
                              colour=COLOUR)
        lines = results_by_power([*current.results, *later], current.state, locale, variant,
                                 after)
        fields = 0
        for power in sorted(lines):
            for j, piece in enumerate(chunks(lines[power])):
                if fields >= MAX_FIELDS - 5:
                    break
                name = power_name(power, locale, variant) + ("" if j == 0 else " …")
                embed.add_field(name=name, value=piece, inline=True)
                fields += 1
        if not lines:
            embed.description = t("results.nothing", locale)
        embeds.append(embed)
    last = embeds[-1]
    if state_after:
        counts = centre_counts(state_after)
        if counts:
            last.add_field(name=t("status.centres", locale),
                           value=_counts_text(counts, locale, variant)[:1024], inline=False)
    if next_phase:
        last.add_field(name=t("results.next", locale),
                       value=f"{phase_name(next_phase, locale, variant)} — "
                             f"{deadline_text(deadline)}",
                       inline=False)
    return embeds


def fit_embeds(embeds: list[discord.Embed], limit: int = EMBEDS_TEXT_LIMIT
               ) -> list[discord.Embed]:
    """Discord refuses a message whose embeds hold more than 6,000 characters in all: the
    longest field values are cut (marked …) until the message fits."""
    def size() -> int:
        return sum(len(e) for e in embeds)

    while size() > limit:
        embed, index, field = max(((e, i, f) for e in embeds for i, f in enumerate(e.fields)),
                                  key=lambda x: len(x[2].value or ""), default=(None, 0, None))
        if embed is None or field is None or len(field.value or "") <= 20:
            break
        value = str(field.value)
        keep = max(20, len(value) - (size() - limit) - 2)
        embed.set_field_at(index, name=field.name, value=value[:keep] + " …",
                           inline=bool(field.inline))
    return embeds
