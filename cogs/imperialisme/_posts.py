"""Outbox rows of L'Impérialisme (kinds ``imp_*``) to Discord messages.

Public posts go to the game's channel or forum post in the guild's language; ballots are DMs
(if the DM is refused, a button in the game channel opens the ballot privately). Every post
made after a crisis or an exchange carries the owners at that moment and is sent with the map
(owners, stars, influence in the legend), rendered off the event loop.

Nothing here ever receives a vote: payloads carry the outcome only.

The extension's ``setup`` registers ``deliver`` for every kind of ``HANDLERS`` with the one
poster (``bot.ui.posts.register_kinds``).
"""

from __future__ import annotations

import io
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

import discord

from bot.i18n import t
from bot.outbox import PostMessage
from bot.services import games as games_service
from bot.services import imperialisme as service
from bot.services.errors import ServiceError
from bot.services.press import names_hidden
from bot.ui.common import RefereeBot, pinging
from bot.ui.embeds import COLOUR
from bot.ui.format import deadline_text
from cogs.imperialisme._views import (
    AnnexSelect,
    ExchangeButton,
    VoteHereButton,
    WithdrawConsentButton,
    annex_options,
    ballot_embed,
    ballot_view,
    power_name,
    territory_names,
)

log = logging.getLogger(__name__)

PREFIX = "imp_"


def _embed(title: str, description: str = "") -> discord.Embed:
    return discord.Embed(title=title[:256], description=description[:4000] or None,
                         colour=COLOUR)


async def _to_game(bot: RefereeBot, post: PostMessage, embed: discord.Embed, *,
                   content: str | None = None, view: discord.ui.View | None = None,
                   map_title: str | None = None, ping: Sequence[int] = ()) -> None:
    target = post.thread_id or post.channel_id
    if target is None:
        log.warning("post %s has no channel", post.outbox_id)
        return
    kwargs: dict[str, Any] = {"content": content, "embed": embed}
    if post.image is not None:  # drawn by the one poster, with the influence legend
        name = f"imperialisme-{post.game_id}-{post.outbox_id}.png"
        kwargs["file"] = discord.File(io.BytesIO(post.image), filename=name,
                                      description=post.alt)
        embed.set_image(url=f"attachment://{name}")
    if view is not None:
        kwargs["view"] = view
    if ping:
        kwargs["allowed_mentions"] = pinging(ping)
    await bot.get_partial_messageable(target).send(**kwargs)


def _names(powers: Sequence[str], loc: str) -> str:
    return ", ".join(power_name(p, loc) for p in powers) or "—"


async def deliver(bot: RefereeBot, post: PostMessage) -> None:
    """Send one ``imp_*`` row; raising leaves it unsent (the poster retries)."""
    handler = HANDLERS.get(post.kind)
    if handler is None:
        log.warning("no handler for post kind %s", post.kind)
        return
    game = await games_service.get_game(bot.db, game_id=post.game_id or 0)
    await handler(bot, post, game.name)


async def _started(bot: RefereeBot, post: PostMessage, name: str) -> None:
    p, loc = post.payload, post.locale
    hidden = await _gunboat(bot, post)  # nobody named: each learns their power by DM
    seats = "\n".join(("" if hidden else f"<@{s['user_id']}> — ")
                      + power_name(s["power"], loc) for s in p.get("seats", []))
    body = t("imp.started_body", loc, seats=seats, unplayed=_names(p.get("unplayed", []), loc),
             commit=p.get("commit"))
    if p.get("next_crisis"):
        body += "\n" + t("imp.next_crisis", loc, when=deadline_text(p["next_crisis"]))
    body += "\n\n" + t("words.imp_next", loc)  # a referee's post: what to do next
    mentions = " ".join(f"<@{s['user_id']}>" for s in p.get("seats", []))
    await _to_game(bot, post, _embed(t("imp.started_title", loc, name=name), body),
                   content=None if hidden else mentions or None,
                   ping=() if hidden else [int(s["user_id"]) for s in p.get("seats", [])])
    for s in p.get("seats", []) if hidden else ():
        try:
            channel = await bot.create_dm(discord.Object(id=int(s["user_id"])))  # type: ignore[arg-type]
            await channel.send(embed=_embed(t("press.seat.title", loc, name=name), t(
                "press.seat.body", loc, powers=power_name(s["power"], loc))))
        except discord.HTTPException as exc:  # after the public post: never retried
            log.warning("cannot DM user %s: %r", s["user_id"], exc)


async def _gunboat(bot: RefereeBot, post: PostMessage) -> bool:
    """A gunboat game names no player until it ends (the press option)."""
    return names_hidden(await games_service.get_game(bot.db, game_id=post.game_id or 0))


async def _crisis(bot: RefereeBot, post: PostMessage, name: str) -> None:
    p, loc = post.payload, post.locale
    first, second = (power_name(s, loc) for s in p["sides"])
    lines = []
    if p.get("kind") == "random":
        lines.append(t("imp.crisis_random", loc, seed=p.get("seed"), commit=p.get("commit")))
        lines.append(t("imp.next_commit", loc, commit=p.get("next_commit")))
    else:
        lines.append(t("imp.crisis_declared", loc, first=first, second=second))
    if p.get("lapsed"):
        lines.append(_lapsed_text(p["lapsed"], loc))
    lines.append(t("imp.conference_open", loc, deadline=deadline_text(p.get("deadline"))))
    await _to_game(bot, post, _embed(t("imp.crisis_title", loc, number=p["number"],
                                       first=first, second=second), "\n".join(lines)))


def _lapsed_text(lapsed: Sequence[Mapping[str, Any]], loc: str) -> str:
    pairs = ", ".join(f"{power_name(d['attacker'], loc)} → {power_name(d['target'], loc)}"
                      for d in lapsed)
    return t("imp.lapsed", loc, pairs=pairs)


async def _lapsed(bot: RefereeBot, post: PostMessage, name: str) -> None:
    await _to_game(bot, post, _embed(name, _lapsed_text(post.payload.get("lapsed", []),
                                                        post.locale)))


async def _declared(bot: RefereeBot, post: PostMessage, name: str) -> None:
    p, loc = post.payload, post.locale
    await _to_game(bot, post, _embed(name, t(
        "imp.declared", loc, attacker=power_name(p["attacker"], loc),
        target=power_name(p["target"], loc), position=p.get("position"))))


async def _withdraw_request(bot: RefereeBot, post: PostMessage, name: str) -> None:
    p, loc = post.payload, post.locale
    view = discord.ui.View(timeout=None)
    for consent, key in ((True, "imp.withdraw_yes"), (False, "imp.withdraw_no")):
        view.add_item(WithdrawConsentButton(post.game_id or 0, p["attacker"], p["target"],
                                            consent, label=t(key, loc)))
    await _to_game(bot, post, _embed(name, t(
        "imp.withdraw_request", loc, attacker=power_name(p["attacker"], loc),
        target=power_name(p["target"], loc))), view=view)


async def _withdrawn(bot: RefereeBot, post: PostMessage, name: str) -> None:
    p, loc = post.payload, post.locale
    key = "imp.withdrawn" if post.kind == "imp_withdrawn" else "imp.withdraw_refused"
    await _to_game(bot, post, _embed(name, t(key, loc, attacker=power_name(p["attacker"], loc),
                                             target=power_name(p["target"], loc))))


async def _vote_open(bot: RefereeBot, post: PostMessage, name: str) -> None:
    p, loc = post.payload, post.locale
    first, second = (power_name(s, loc) for s in p["sides"])
    await _to_game(bot, post, _embed(
        t("imp.vote_open_title", loc, number=p["number"]),
        t("imp.vote_open_body", loc, first=first, second=second,
          deadline=deadline_text(p.get("deadline")))))


async def _ballot(bot: RefereeBot, post: PostMessage, name: str) -> None:
    """The DM ballot, built from the vote still open (a late post of a closed vote is
    dropped); if the DM is refused, a button in the game channel opens it privately."""
    p, loc = post.payload, post.locale
    user_id = int(p["user_id"])
    try:
        ballot = await service.ballot(bot.db, game_id=post.game_id or 0, user_id=user_id)
    except ServiceError:  # the vote closed meanwhile: nothing to ask
        return
    if ballot.number != int(p["number"]) or ballot.power != p["power"]:
        return
    try:
        channel = await bot.create_dm(discord.Object(id=user_id))  # type: ignore[arg-type]
        await channel.send(embed=ballot_embed(ballot, loc), view=ballot_view(ballot, loc))
    except discord.HTTPException:
        view = discord.ui.View(timeout=None)
        view.add_item(VoteHereButton(ballot.game_id, ballot.number, ballot.power,
                                     label=t("imp.dm_closed_button", loc)))
        hidden = await _gunboat(bot, post)  # the power is named, never its player
        text = t("imp.dm_closed_anonymous", loc, power=power_name(ballot.power, loc)) \
            if hidden else t("imp.dm_closed", loc, user=f"<@{user_id}>",
                             power=power_name(ballot.power, loc))
        await _to_game(bot, post, _embed(name, text),
            content=None if hidden else f"<@{user_id}>", view=view,
            ping=() if hidden else [user_id])


async def _result(bot: RefereeBot, post: PostMessage, name: str) -> None:
    p, loc = post.payload, post.locale
    title = t("imp.result_title", loc, number=p["number"])
    if not p.get("winner"):
        await _to_game(bot, post, _embed(title, t("imp.result_none", loc)))
        return
    winner, loser = power_name(p["winner"], loc), power_name(p["loser"], loc)
    lines = [t("imp.result_winner", loc, winner=winner, loser=loser,
               territories=p["territories"])]
    view = None
    if int(p.get("annexable") or 0) > 0:
        lines.append(t("imp.result_annex", loc, winner=winner, loser=loser,
                       annexable=p["annexable"], deadline=deadline_text(p.get("deadline"))))
        view = discord.ui.View(timeout=None)
        view.add_item(AnnexSelect(post.game_id or 0, int(p["number"]),
                                  annex_options(p.get("eligible", []), loc),
                                  int(p["annexable"]), t("imp.annex_placeholder", loc)))
    else:
        lines.append(t("imp.result_nothing_to_take", loc, winner=winner, loser=loser))
    await _to_game(bot, post, _embed(title, "\n".join(lines)), view=view)


async def _annexed(bot: RefereeBot, post: PostMessage, name: str) -> None:
    p, loc = post.payload, post.locale
    key = "imp.annexed_default" if p.get("by_default") else "imp.annexed"
    await _to_game(bot, post, _embed(
        t("imp.annexed_title", loc, number=p["number"]),
        t(key, loc, winner=power_name(p["winner"], loc), loser=power_name(p["loser"], loc),
          territories=territory_names(p.get("annexed", []), loc))))


async def _session(bot: RefereeBot, post: PostMessage, name: str) -> None:
    loc = post.locale
    text = t("imp.session_opened", loc) if post.kind == "imp_session_opened" else t(
        "imp.session_closed", loc, cancelled=post.payload.get("cancelled", 0))
    await _to_game(bot, post, _embed(name, text))


def _exchange_lines(p: Mapping[str, Any], loc: str) -> str:
    nothing = t("imp.nothing", loc)
    return t("imp.exchange_terms", loc, first=power_name(p["first"], loc),
             second=power_name(p["second"], loc),
             first_gives=territory_names(p.get("first_gives", []), loc) or nothing,
             second_gives=territory_names(p.get("second_gives", []), loc) or nothing)


async def _exchange(bot: RefereeBot, post: PostMessage, name: str) -> None:
    p, loc = post.payload, post.locale
    title = t("imp.exchange_title", loc, id=p["exchange_id"])
    if post.kind == "imp_exchange_proposed":
        view = discord.ui.View(timeout=None)
        for accept, key in ((True, "imp.accept_button"), (False, "imp.decline_button")):
            view.add_item(ExchangeButton(post.game_id or 0, int(p["exchange_id"]), accept,
                                         label=t(key, loc)))
        body = _exchange_lines(p, loc) + "\n" + t("imp.exchange_how", loc,
                                                  second=power_name(p["second"], loc))
        await _to_game(bot, post, _embed(title, body), view=view)
    elif post.kind == "imp_exchange_done":
        body = t("imp.exchange_done", loc) + "\n" + _exchange_lines(p, loc)
        await _to_game(bot, post, _embed(title, body))
    else:
        await _to_game(bot, post, _embed(title, t("imp.exchange_declined", loc,
                                                  by=power_name(p["by"], loc))))


async def _schedule(bot: RefereeBot, post: PostMessage, name: str) -> None:
    p, loc = post.payload, post.locale
    await _to_game(bot, post, _embed(name, timing_text(p.get("timing") or {}, loc,
                                                       p.get("next_crisis"))))


def timing_text(timing: Mapping[str, Any], loc: str, next_crisis: Any = None) -> str:
    def hours(key: str) -> str:
        value = timing.get(key)
        return t("imp.hours", loc, hours=round(value / 60, 2)) if value else t("imp.never",
                                                                               loc)
    every = timing.get("crisis_every")
    text = t("imp.timing", loc, conference=hours("conference"), vote=hours("vote"),
             annexation=hours("annexation"),
             every=t("imp.every", loc, hours=round(every / 60, 2)) if every else t(
                 "words.crises_off", loc))  # "crises automatiques : désactivées" agrees
    if next_crisis:
        text += "\n" + t("imp.next_crisis", loc, when=deadline_text(next_crisis))
    return text


def ranking_text(ranking: Sequence[Mapping[str, Any]], loc: str) -> str:
    return "\n".join(t("imp.ranking_line", loc, rank=r["rank"],
                       power=power_name(r["power"], loc), influence=r["influence"],
                       territories=r["territories"]) for r in ranking)


async def _game_over(bot: RefereeBot, post: PostMessage, name: str) -> None:
    p, loc = post.payload, post.locale
    await _to_game(bot, post, _embed(t("imp.game_over_title", loc, name=name),
                                     t("imp.game_over_body", loc,
                                       ranking=ranking_text(p.get("ranking", []), loc))))


Handler = Callable[["RefereeBot", PostMessage, str], Awaitable[None]]
HANDLERS: dict[str, Handler] = {
    "imp_started": _started, "imp_crisis": _crisis, "imp_lapsed": _lapsed,
    "imp_declared": _declared, "imp_withdraw_request": _withdraw_request,
    "imp_withdrawn": _withdrawn, "imp_withdraw_refused": _withdrawn,
    "imp_vote_open": _vote_open, "imp_ballot": _ballot, "imp_result": _result,
    "imp_annexed": _annexed, "imp_session_opened": _session, "imp_session_closed": _session,
    "imp_exchange_proposed": _exchange, "imp_exchange_done": _exchange,
    "imp_exchange_declined": _exchange, "imp_schedule": _schedule,
    "imp_game_over": _game_over,
}
