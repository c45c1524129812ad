"""Outbox rows to Discord messages (the scheduler's ``send`` callback).

Public posts go to the game's forum post (thread) or channel, in the guild's language, with
the map attached as a PNG when the row has one. Reminders, draw ballots and retreat/build
prompts are DMs. Raising here leaves the row unsent: the poster retries it later.
"""

from __future__ import annotations

import io
import logging
from typing import Any

import discord

from bot.i18n import t
from bot.scheduler import PostMessage
from bot.services import games as games_service
from bot.services import surface as surface_service
from bot.ui.common import RefereeBot
from bot.ui.embeds import COLOUR, result_text, results_embeds
from bot.ui.format import deadline_text, phase_name, power_name
from bot.ui.views import DrawVoteButton, JoinButton, RemindersButton
from engine import api as engine_api

log = logging.getLogger(__name__)

# rows addressed to one player: sent by DM (other rows carrying a user_id mention them)
DM_KINDS = frozenset({"reminder", "draw_vote_request"})


def _file(post: PostMessage) -> discord.File | None:
    if post.image is None:
        return None
    name = f"map-{post.game_id}-{post.payload.get('phase') or 'now'}.png"
    return discord.File(io.BytesIO(post.image), filename=name)


async def _to_game(bot: RefereeBot, post: PostMessage, *, content: str | None = None,
                   embeds: list[discord.Embed] | None = None,
                   view: discord.ui.View | None = None) -> None:
    target = post.thread_id or post.channel_id
    if target is None:
        log.warning("post %s has no channel", post.outbox_id)
        return
    channel = bot.get_partial_messageable(target)
    file = _file(post)
    embeds = embeds or []
    if file is not None and embeds:
        embeds[0].set_image(url=f"attachment://{file.filename}")
    kwargs: dict[str, Any] = {"content": content, "embeds": embeds}
    if file is not None:
        kwargs["file"] = file
    if view is not None:
        kwargs["view"] = view
    await channel.send(**kwargs)


async def _dm(bot: RefereeBot, user_id: int, *, content: str | None = None,
              embed: discord.Embed | None = None, view: discord.ui.View | None = None) -> None:
    channel = await bot.create_dm(discord.Object(id=user_id))  # type: ignore[arg-type]
    kwargs: dict[str, Any] = {"content": content}
    if embed is not None:
        kwargs["embed"] = embed
    if view is not None:
        kwargs["view"] = view
    await channel.send(**kwargs)


def _embed(title: str, description: str = "") -> discord.Embed:
    return discord.Embed(title=title, description=description or None, colour=COLOUR)


async def deliver(bot: RefereeBot, post: PostMessage) -> None:
    loc = post.locale
    p = post.payload
    kind = post.kind
    game = await games_service.get_game(bot.db, game_id=post.game_id) \
        if post.game_id is not None else None
    name = game.name if game else ""
    variant = game.variant if game else "classic"

    if kind == "reminder":
        powers = ", ".join(power_name(pw, loc, variant) for pw in p.get("powers", []))
        view = discord.ui.View(timeout=None)
        view.add_item(RemindersButton(post.game_id or 0, False,
                                      label=t("reminders.stop_button", loc)))
        await _dm(bot, int(p["user_id"]), embed=_embed(
            t("reminder.title", loc, name=name),
            t("reminder.body", loc, powers=powers, phase=phase_name(p.get("phase"), loc),
              deadline=deadline_text(p.get("deadline")))), view=view)
        return
    if kind == "draw_vote_request":
        view = discord.ui.View(timeout=None)
        phase = str(p.get("phase"))
        view.add_item(DrawVoteButton(post.game_id or 0, phase, True,
                                     label=t("draw.accept_button", loc)))
        view.add_item(DrawVoteButton(post.game_id or 0, phase, False,
                                     label=t("draw.refuse_button", loc)))
        await _dm(bot, int(p["user_id"]), embed=_embed(t("draw.ballot_title", loc, name=name),
                                                       t("draw.ballot_body", loc)), view=view)
        return

    if kind == "game_created":
        view = discord.ui.View(timeout=None)
        view.add_item(JoinButton(post.game_id or 0, label=t("join.button", loc)))
        await _to_game(bot, post, embeds=[_embed(
            t("post.created_title", loc, name=p.get("name", name)),
            t("post.created_body", loc, variant=p.get("variant", variant),
              gm=f"<@{p.get('gm_user_id')}>"))], view=view)
        return
    if kind == "game_started":
        seats = "\n".join(
            f"<@{s['user_id']}> — " + ", ".join(power_name(pw, loc, variant)
                                                 for pw in s["powers"])
            for s in p.get("seats", []))
        neutral = ", ".join(power_name(pw, loc, variant) for pw in p.get("neutral", []))
        body = t("post.started_body", loc, seats=seats,
                 phase=phase_name(p.get("phase"), loc), deadline=deadline_text(p.get("deadline")))
        if neutral:
            body += "\n" + t("post.neutral", loc, powers=neutral)
        mentions = " ".join(f"<@{s['user_id']}>" for s in p.get("seats", []))
        await _to_game(bot, post, content=mentions or None,
                       embeds=[_embed(t("post.started_title", loc, name=name), body)])
        return
    if kind == "results":
        await _results(bot, post)
        return
    if kind == "duel_notice":  # bot.services.duel: text_en/text_fr, title_en/title_fr
        lang = "fr" if str(loc).startswith("fr") else "en"
        await _to_game(bot, post, embeds=[_embed(p.get(f"title_{lang}") or name,
                                                 p.get(f"text_{lang}") or "")])
        return
    if kind == "game_over":
        await _to_game(bot, post, embeds=[_embed(
            t("post.game_over_title", loc, name=name),
            result_text(p.get("result") or {}, loc, variant))])
        return

    simple: dict[str, tuple[str, dict[str, Any]]] = {
        "deadline_changed": ("post.deadline_changed", {
            "deadline": deadline_text(p.get("deadline"))}),
        "paused": ("post.paused", {}),
        "resumed": ("post.resumed", {"deadline": deadline_text(p.get("deadline"))}),
        "rolled_back": ("post.rolled_back", {"phase": phase_name(p.get("phase"), loc),
                                             "deadline": deadline_text(p.get("deadline"))}),
        "draw_proposed": ("post.draw_proposed", {}),
        "draw_accepted": ("post.draw_accepted", {"powers": ", ".join(
            power_name(pw, loc, variant) for pw in p.get("powers", []))}),
        "draw_rejected": ("post.draw_rejected", {}),
        "player_left": ("post.player_left", {"user": f"<@{p.get('user_id')}>"}),
        "player_kicked": ("post.player_kicked", {"user": f"<@{p.get('user_id')}>"}),
        "player_replaced": ("post.player_replaced", {
            "old": f"<@{p.get('old_user_id')}>", "new": f"<@{p.get('new_user_id')}>"}),
        "civil_disorder": ("post.civil_disorder", {"user": f"<@{p.get('user_id')}>"}),
        "press": ("post.press", {"text": p.get("text", "")}),
    }
    key, params = simple.get(kind, ("post.notice", {"kind": kind}))
    listed = p.get("powers")
    if listed and "powers" not in params:
        params["powers"] = ", ".join(power_name(pw, loc, variant) for pw in listed)
    await _to_game(bot, post, embeds=[_embed(name, t(key, loc, **params))])


async def _results(bot: RefereeBot, post: PostMessage) -> None:
    loc, p = post.locale, post.payload
    game_id = post.game_id or 0
    game = await games_service.get_game(bot.db, game_id=game_id)
    detail = await games_service.phase_detail(bot.db, game_id=game_id, seq=p.get("seq"))
    state_after = await surface_service.public_state(bot.db, game_id=game_id)
    # the report describes the position right after this phase, unless the game moved on
    after = state_after if state_after.get("phase") == p.get("next_phase") else None
    embeds = results_embeds(detail, loc, game.variant, after, p.get("next_phase"),
                            p.get("deadline"))
    eliminated = p.get("eliminated") or []
    if eliminated:
        embeds[0].add_field(name=t("results.eliminated", loc), value=", ".join(
            power_name(pw, loc, game.variant) for pw in eliminated), inline=False)
    await _to_game(bot, post, embeds=embeds)
    # retreat and build prompts by DM (issue 5): who has a choice in the next phase
    next_phase = str(p.get("next_phase") or "")
    if after is None or game.status != "active" or next_phase[-1:] not in ("R", "A"):
        return
    choices = set(engine_api.powers_with_choices(after))
    key = "prompt.retreat" if next_phase.endswith("R") else "prompt.adjust"
    for player in game.players:
        mine = [pw for pw in player.powers if pw in choices]
        if mine and player.status == "active":
            await _dm(bot, player.user_id, embed=_embed(
                t(f"{key}_title", loc, name=game.name),
                t(key, loc, powers=", ".join(power_name(pw, loc, game.variant) for pw in mine),
                  phase=phase_name(next_phase, loc), deadline=deadline_text(p.get("deadline")))))
