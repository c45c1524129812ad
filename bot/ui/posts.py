"""Outbox rows to Discord messages (the scheduler's ``send`` callback).

Public posts go to the game's forum post (thread) or channel, in the guild's language, with
the map attached as a PNG when the row has one. Reminders, draw ballots and retreat/build
prompts are DMs. Raising here leaves the row unsent: the poster retries it later.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Awaitable, Callable, Iterable, Mapping
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

import discord

from bot.i18n import t
from bot.outbox import PostMessage
from bot.services import games as games_service
from bot.services import history as history_service
from bot.services import ladder as ladder_service
from bot.services import written_orders
from bot.services.common import GameView
from bot.services.press import names_hidden
from bot.services.written_orders import MissedOrders
from bot.ui.board import add_board_button
from bot.ui.common import RefereeBot, pinging
from bot.ui.embeds import COLOUR, fit_embeds, result_text, results_embeds
from bot.ui.format import (
    deadline_text,
    local_code,
    local_order,
    phase_name,
    places_at,
    power_name,
    province_name,
    unit_words,
    variant_title,
)
from bot.ui.views import (
    DrawVoteButton,
    JoinButton,
    RemindersButton,
    adjust_view,
    retreat_view,
)
from engine import api as engine_api
from engine import variants
from engine.maps import province_of

log = logging.getLogger(__name__)

# rows addressed to one player: sent by DM (other rows carrying a user_id mention them)
DM_KINDS = frozenset({"reminder", "draw_vote_request", "civil_disorder"})


def _file(post: PostMessage) -> discord.File | None:
    if post.image is None:
        return None
    name = f"map-{post.game_id}-{post.payload.get('phase') or 'now'}.png"
    return discord.File(io.BytesIO(post.image), filename=name, description=post.alt)


# The outbox row being delivered and how many of its messages were sent
# (``DiplomacyBot.deliver`` sets it). Each message of a row gets its own stable nonce,
# "o<row id>.<n>", sent with ``enforce_nonce`` (discord.py adds it to any nonce): a row sent
# again after a crash between the send and its sent stamp returns the message Discord
# already holds instead of posting it twice — within the minutes Discord keeps nonces.
SENDING: ContextVar[list[int] | None] = ContextVar("sending", default=None)


def _nonce(outbox_id: int | None = None) -> dict[str, str]:
    """``send``'s nonce argument for the next message of the row being delivered (at most
    25 characters); none outside a delivery (discord.py then draws a random one)."""
    row = SENDING.get()
    if row is None or (outbox_id is not None and row[0] != outbox_id):
        if outbox_id is None:
            return {}
        row = [outbox_id, 0]
        SENDING.set(row)
    row[1] += 1
    return {"nonce": f"o{row[0]}.{row[1]}"}


async def _to_game(bot: RefereeBot, post: PostMessage, *, content: str | None = None,
                   embeds: list[discord.Embed] | None = None,
                   view: discord.ui.View | None = None, ping: Iterable[int] = ()) -> None:
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
    ping = list(ping)
    if ping:  # else the client's default: no mention pings (names are user-supplied)
        kwargs["allowed_mentions"] = pinging(ping)
    kwargs.update(_nonce(post.outbox_id))
    await channel.send(**kwargs)


async def _dm(bot: RefereeBot, user_id: int, *, content: str | None = None,
              embed: discord.Embed | None = None, view: discord.ui.View | None = None) -> None:
    channel = await bot.create_dm(discord.Object(id=user_id))  # type: ignore[arg-type]
    kwargs: dict[str, Any] = {"content": content}
    if embed is not None:
        kwargs["embed"] = embed
    if view is not None:
        kwargs["view"] = view
    kwargs.update(_nonce())
    await channel.send(**kwargs)


def _embed(title: str, description: str = "") -> discord.Embed:
    return discord.Embed(title=title, description=description or None, colour=COLOUR)


Builder = Callable[[RefereeBot, PostMessage], Awaitable[None]]
# post kind -> its builder: the kinds of the core (below) and those a feature or a variant
# registers from its extension's ``setup`` (``register_kinds``); ``deliver`` looks a row's
# kind up here, and a kind nobody registered is posted as a plain notice
BUILDERS: dict[str, Builder] = {}


def register_kinds(builders: Mapping[str, Builder]) -> None:
    """A feature's or a variant's own posts (its extension's ``setup``): kind -> builder."""
    BUILDERS.update(builders)


def unregister_kinds(kinds: Iterable[str]) -> None:
    for kind in kinds:
        BUILDERS.pop(kind, None)


async def deliver(bot: RefereeBot, post: PostMessage) -> None:
    """One outbox row to Discord: the builder registered for its kind, else a notice."""
    await BUILDERS.get(post.kind, _notice)(bot, post)


async def to_game(bot: RefereeBot, post: PostMessage, title: str, text: str) -> None:
    """A plain public post of a row in the game's channel or forum post (a title, a text)."""
    await _to_game(bot, post, embeds=[_embed(title, text)])


@dataclass(frozen=True, slots=True)
class _About:
    """What most posts say of the row's game: its name, variant, and whether nobody may be
    named in it (gunboat)."""

    game: GameView | None
    name: str
    variant: str
    hidden: bool


async def _about(bot: RefereeBot, post: PostMessage) -> _About:
    game = await games_service.get_game(bot.db, game_id=post.game_id) \
        if post.game_id is not None else None
    return _About(game, game.name if game else "",
                  game.variant if game else variants.DEFAULT,
                  game is not None and names_hidden(game))


async def _reminder(bot: RefereeBot, post: PostMessage) -> None:
    loc, p, g = post.locale, post.payload, await _about(bot, post)
    powers = ", ".join(power_name(pw, loc, g.variant) for pw in p.get("powers", []))
    view = discord.ui.View(timeout=None)
    view.add_item(RemindersButton(post.game_id or 0, False,
                                  label=t("reminders.stop_button", loc)))
    add_board_button(bot, view, post.game_id or 0, loc)
    # "ordered": a player who asked for reminders even with their orders in
    ordered = "" if powers else "_ordered"
    await _dm(bot, int(p["user_id"]), embed=_embed(
        t(f"reminder.title{ordered}", loc, name=g.name),
        t(f"reminder.body{ordered}", loc, powers=powers,
          phase=phase_name(p.get("phase"), loc, g.variant),
          deadline=deadline_text(p.get("deadline")))), view=view)


async def _draw_vote_request(bot: RefereeBot, post: PostMessage) -> None:
    loc, p, g = post.locale, post.payload, await _about(bot, post)
    view = discord.ui.View(timeout=None)
    phase = str(p.get("phase"))
    view.add_item(DrawVoteButton(post.game_id or 0, phase, True,
                                 label=t("draw.accept_button", loc)))
    view.add_item(DrawVoteButton(post.game_id or 0, phase, False,
                                 label=t("draw.refuse_button", loc)))
    await _dm(bot, int(p["user_id"]), embed=_embed(t("draw.ballot_title", loc, name=g.name),
                                                   t("draw.ballot_body", loc)), view=view)


async def _game_created(bot: RefereeBot, post: PostMessage) -> None:
    loc, p, g = post.locale, post.payload, await _about(bot, post)
    view = discord.ui.View(timeout=None)
    view.add_item(JoinButton(post.game_id or 0, label=t("join.button", loc)))
    await _to_game(bot, post, embeds=[_embed(
        t("post.created_title", loc, name=p.get("name", g.name)),
        t("post.created_body", loc, variant=variant_title(str(p.get("variant", g.variant)),
                                                          loc),
          gm=f"<@{p.get('gm_user_id')}>"))], view=view)


async def _game_started(bot: RefereeBot, post: PostMessage) -> None:
    loc, p, g = post.locale, post.payload, await _about(bot, post)
    variant, hidden = g.variant, g.hidden
    seats = "\n".join(
        ("" if hidden else f"<@{s['user_id']}> — ")
        + ", ".join(power_name(pw, loc, variant) for pw in s["powers"])
        for s in p.get("seats", []))
    neutral = ", ".join(power_name(pw, loc, variant) for pw in p.get("neutral", []))
    body = t("post.started_body", loc, seats=seats,
             phase=phase_name(p.get("phase"), loc, variant),
             deadline=deadline_text(p.get("deadline")))
    if neutral:
        body += "\n" + t("post.neutral", loc, powers=neutral)
    if p.get("bots"):  # a practice game: the seats the bot took
        body += "\n" + t("bots.started", loc, powers=_powers(p["bots"], loc, variant))
    if str(p.get("phase") or "").endswith("M"):  # a referee's post: what to do next
        body += "\n\n" + t("words.started_next", loc)
    mentions = " ".join(f"<@{s['user_id']}>" for s in p.get("seats", []))
    await _to_game(bot, post, content=None if hidden else mentions or None,
                   ping=() if hidden else [int(s["user_id"]) for s in p.get("seats", [])],
                   embeds=[_embed(t("post.started_title", loc, name=g.name), body)])
    for s in p.get("seats", []) if hidden else ():  # each learns their power alone
        await _dm_quietly(bot, int(s["user_id"]), embed=_embed(
            t("press.seat.title", loc, name=g.name),
            t("press.seat.body", loc, powers=_powers(s["powers"], loc, variant))))


async def _civil_disorder(bot: RefereeBot, post: PostMessage) -> None:
    """The declaration, to its player: public in the results."""
    loc, p, g = post.locale, post.payload, await _about(bot, post)
    await _dm_quietly(bot, int(p["user_id"]), embed=_embed(
        t("civil_disorder.title", loc, name=g.name),
        t("civil_disorder.body", loc, powers=_powers(p.get("powers") or [], loc, g.variant),
          missed=p.get("missed", "?"))))


async def _bot_report(bot: RefereeBot, post: PostMessage) -> None:
    """A player back: what the bot ordered for their powers meanwhile (bot.services.bots):
    each power, then each phase it played with its orders."""
    loc, p, g = post.locale, post.payload, await _about(bot, post)
    lines = [t("bots.report_intro", loc)]
    for power, phases in sorted((p.get("played") or {}).items()):
        lines.append(f"**{power_name(power, loc, g.variant)}**")
        for entry in phases:
            orders = "; ".join(local_order(x, loc) for x in entry.get("orders") or []) \
                or t("bots.report_nothing", loc)
            lines.append(t("label_value", loc, label=phase_name(entry.get("phase"), loc,
                                                                 g.variant), value=orders))
    text = "\n".join(lines)
    await _dm_quietly(bot, int(p["user_id"]), embed=_embed(
        t("bots.report_title", loc, name=g.name),
        text if len(text) <= 4000 else text[:3999] + "…"))


async def _game_over(bot: RefereeBot, post: PostMessage) -> None:
    loc, p, g = post.locale, post.payload, await _about(bot, post)
    variant = g.variant
    embed = _embed(t("post.game_over_title", loc, name=g.name),
                   result_text(p.get("result") or {}, loc, variant))
    scores = await ladder_service.game_scores(bot.db, game_id=post.game_id or 0)
    if scores:  # each power's points by the game's scoring system
        system = variants.scoring_of(variant, g.game.options if g.game else None)
        embed.add_field(name=t("archive.scores_title", loc, scoring=system), inline=False,
                        value="\n".join(t("archive.score_line", loc, points=round(v, 1),
                                          power=power_name(pw, loc, variant))
                                        for pw, v in sorted(scores.items(),
                                                            key=lambda x: -x[1]))[:1024])
    options = g.game.options if g.game else {}
    if options.get("bot_powers"):  # a practice game: not rated (bot.services.bots)
        embed.add_field(name=t("bots.played_by_bot", loc), inline=False,
                        value=_powers(options["bot_powers"], loc, variant))
    if options.get("press") == "gunboat" and "assignment_seed" in options:
        # kept secret while it ran (it tells the seats), published now, as the crisis
        # seeds of L'Impérialisme are after their draw
        embed.set_footer(text=t("settings.seed", loc, seed=options["assignment_seed"]))
    await _to_game(bot, post, embeds=[embed])


async def _notice(bot: RefereeBot, post: PostMessage) -> None:
    """The one-line posts of the core (a deadline moved, a draw proposed, a player left…),
    and any kind nobody registered (``post.notice``)."""
    loc, p, g = post.locale, post.payload, await _about(bot, post)
    variant, hidden, kind = g.variant, g.hidden, post.kind
    simple: dict[str, tuple[str, dict[str, Any]]] = {
        "deadline_changed": ("post.deadline_changed", {
            "deadline": deadline_text(p.get("deadline"))}),
        "paused": ("post.paused", {}),
        "resumed": ("post.resumed", {"deadline": deadline_text(p.get("deadline"))}),
        "rolled_back": ("post.rolled_back", {"phase": phase_name(p.get("phase"), loc, variant),
                                             "deadline": deadline_text(p.get("deadline"))}),
        "draw_proposed": ("post.draw_proposed", {}),
        "draw_accepted": ("post.draw_accepted", {"powers": ", ".join(
            power_name(pw, loc, variant) for pw in p.get("powers", []))}),
        "draw_rejected": ("post.draw_rejected", {}),
        "player_left": ("post.player_left", {"user": _user(p.get("user_id"), hidden, loc)}),
        "player_kicked": ("post.player_kicked", {
            "user": _user(p.get("user_id"), hidden, loc)}),
        "player_replaced": ("post.player_replaced", {
            "old": _user(p.get("old_user_id"), hidden, loc, "press.player.old"),
            "new": _user(p.get("new_user_id"), hidden, loc, "press.player.new")}),
        "press": ("post.press", {"text": p.get("text", "")}),
    }
    key, params = simple.get(kind, ("post.notice", {"kind": kind}))
    listed = p.get("powers")
    if listed and "powers" not in params:
        params["powers"] = ", ".join(power_name(pw, loc, variant) for pw in listed)
    await _to_game(bot, post, embeds=[_embed(g.name, t(key, loc, **params))])


def _user(user_id: Any, hidden: bool, loc: str, anonymous: str = "press.player") -> str:
    """A player named in a post: their mention, or "a player" in a gunboat game."""
    return t(anonymous, loc) if hidden else f"<@{user_id}>"


async def _results(bot: RefereeBot, post: PostMessage) -> None:
    """The one post of a turn: every phase it resolved (each record, in order), centre
    counts, eliminations and the civil-disorder declarations of the turn; then, by DM, the
    retreat or adjustment prompts of the next phase and the warnings of players one missed
    phase away from civil disorder (with a note to the GM)."""
    loc, p = post.locale, post.payload
    game_id = post.game_id or 0
    game = await games_service.get_game(bot.db, game_id=game_id)
    seqs = [s for s in (p.get("seqs") or [p.get("seq")]) if s is not None]
    details = [await history_service.phase_detail(bot.db, game_id=game_id, seq=s) for s in seqs]
    state_after = await games_service.public_state(bot.db, game_id=game_id)
    # the report describes the position right after this phase, unless the game moved on
    after = state_after if state_after.get("phase") == p.get("next_phase") else None
    embeds = results_embeds(details[0], loc, game.variant, after, p.get("next_phase"),
                            p.get("deadline"), following=details[1:])
    eliminated = p.get("eliminated") or []
    if eliminated:
        _before_summary(embeds[-1], loc, t("results.eliminated", loc),
                        _powers(eliminated, loc, game.variant))
    missed = await written_orders.missed_orders(bot.db, game_id=game_id, seq=p.get("seq"))
    if missed.declared:
        lines = [t("results.civil_disorder_line", loc,
                   user=_user(d.get("user_id"), names_hidden(game), loc, "press.player.lower"),
                   powers=_powers(d.get("powers") or [], loc, game.variant),
                   missed=d.get("missed", missed.threshold)) for d in missed.declared]
        rule = t("bots.civil_disorder_rule" if game.options.get("civil_disorder") == "bot"
                 else "results.civil_disorder_rule", loc)
        _before_summary(embeds[-1], loc, t("results.civil_disorder", loc),
                        "\n".join(lines)[:1023 - len(rule)] + "\n" + rule)
    played = sorted({str(o["power"]) for d in details for o in d.orders if o.get("bot")})
    if played:  # the powers the bot played this turn (bot.services.bots)
        _before_summary(embeds[-1], loc, t("bots.played_title", loc),
                        _powers(played, loc, game.variant))
    await _to_game(bot, post, embeds=fit_embeds(embeds))
    if game.status != "active":
        return
    if after is not None:
        await _prompts(bot, game, after, p, loc)
    await _warnings(bot, game, missed, details[0].phase, loc)


def _before_summary(embed: discord.Embed, loc: str, name: str, value: str) -> None:
    """A field of the turn's report, before its centre counts and next phase."""
    summary = {t("status.centres", loc), t("results.next", loc)}
    index = next((i for i, f in enumerate(embed.fields) if f.name in summary),
                 len(embed.fields))
    embed.insert_field_at(index, name=name, value=value[:1024], inline=False)


def _powers(powers: Any, loc: str, variant: str) -> str:
    return ", ".join(power_name(str(pw), loc, variant) for pw in powers)


async def _dm_quietly(bot: RefereeBot, user_id: int, **kwargs: Any) -> None:
    """A DM sent after the public post of the same row: a failure is logged, never raised,
    so that the row is not retried (the public post would be sent twice) and a player who
    closed their DMs holds back nothing."""
    try:
        await _dm(bot, user_id, **kwargs)
    except discord.HTTPException as exc:
        log.warning("cannot DM user %s: %r", user_id, exc)


async def _prompts(bot: RefereeBot, game: GameView, after: dict[str, Any],
                   p: dict[str, Any], loc: str) -> None:
    """Retreat and build prompts by DM (issues 5 and 12): to each player who has a choice
    in the next phase, what it is, by when, with buttons (retreats) or menus (builds,
    removals)."""
    next_phase = str(p.get("next_phase") or "")
    if next_phase[-1:] not in ("R", "A"):
        return
    choices = set(engine_api.powers_with_choices(after))
    when = t("prompt.retreat_how" if next_phase.endswith("R") else "prompt.adjust_how", loc,
             phase=phase_name(next_phase, loc, game.variant),
             deadline=deadline_text(p.get("deadline")))
    for player in game.players:
        mine = [pw for pw in player.powers if pw in choices]
        if not mine or player.status != "active":
            continue
        if next_phase.endswith("R"):
            title, (body, view) = "prompt.retreat_title", _retreat_prompt(
                game, after, mine, next_phase, loc)
        else:
            title, (body, view) = "prompt.adjust_title", _adjust_prompt(
                game, after, mine, next_phase, loc)
        add_board_button(bot, view, game.id, loc)
        await _dm_quietly(bot, player.user_id, embed=_embed(
            t(title, loc, name=game.name), f"{body}\n\n{when}"), view=view)


def _retreat_prompt(game: GameView, after: dict[str, Any], powers: list[str], phase: str,
                    loc: str) -> tuple[str, discord.ui.View]:
    """Each dislodged unit and where it may go, what happens without an order (seed 004
    §2.14.4 standard, §3.5.3 vortigern), a button per retreat."""
    variant = game.variant
    units = [d for d in after.get("dislodged") or [] if d.get("power") in powers]
    lines = [t("words.retreat_unit" if d.get("retreats") else "words.retreat_none", loc,
               power=power_name(str(d["power"]), loc, variant),
               unit=unit_words(str(d["type"]), str(d["location"]), loc, variant),
               code=f"{d['type']} {local_code(str(d['location']), loc).upper()}",
               retreats=places_at([str(r) for r in d.get("retreats") or []], loc, variant))
             for d in units]
    default = "prompt.default_retreat" if game.options.get("preset") == "vortigern" \
        else "prompt.default_disband"
    return "\n".join([*lines, t(default, loc)]), retreat_view(game.id, phase, units, loc,
                                                              variant)


def _adjust_prompt(game: GameView, after: dict[str, Any], powers: list[str], phase: str,
                   loc: str) -> tuple[str, discord.ui.View]:
    """For each power: how many builds (and the free home centres it owns, from the
    engine's legal builds) or removals, and a menu of them."""
    variant = game.variant
    menus: list[tuple[str, list[str], int]] = []
    lines = []
    for power in powers:
        legal = [o for orders in engine_api.legal_orders(after, power).values()
                 for o in orders]
        centres = len((after.get("centers") or {}).get(power) or [])
        units = sum(1 for u in after.get("units") or [] if u.get("power") == power)
        due = centres - units
        name = power_name(power, loc, variant)
        if due > 0:
            sites = {province_of(o.split()[2]) for o in legal
                     if o.upper().startswith("BUILD") and len(o.split()) >= 3}
            places = sorted(province_name(x, loc, variant) for x in sites)
            count = min(due, len(places))
            lines.append(t("prompt.builds", loc, power=name, count=count, centres=centres,
                           units=units, where=", ".join(places) or "—"))
            if count < due:
                lines.append(t("prompt.builds_lost", loc, lost=due - count))
            menus.append((power, legal, count))
        elif due < 0:
            lines.append(t("prompt.removals", loc, power=name, count=-due, centres=centres,
                           units=units))
            menus.append((power, legal, -due))
    return "\n".join(lines), adjust_view(game.id, phase, menus, loc, variant)


async def _warnings(bot: RefereeBot, game: GameView, missed: MissedOrders, phase: str,
                    loc: str) -> None:
    """Civil disorder announced before it hits (issue 12, docs/RULES.md §3.5.4): each player one
    missed movement phase away is told by DM, and the GM gets one note listing them and
    the declarations of the turn."""
    deadline = deadline_text(game.deadline)
    for player in missed.warned:
        await _dm_quietly(bot, player.user_id, embed=_embed(
            t("warning.title", loc, name=game.name),
            t("warning.body", loc, phase=phase_name(phase, loc, game.variant),
              powers=_powers(player.powers, loc, game.variant), deadline=deadline)))
    if not missed.warned and not missed.declared:
        return
    lines = [t("gm_note.warned", loc, user=f"<@{w.user_id}>",
               powers=_powers(w.powers, loc, game.variant)) for w in missed.warned]
    lines += [t("gm_note.declared", loc, user=f"<@{d.get('user_id')}>",
                powers=_powers(d.get("powers") or [], loc, game.variant))
              for d in missed.declared]
    await _dm_quietly(bot, game.gm_user_id, embed=_embed(
        t("gm_note.title", loc, name=game.name, phase=phase_name(phase, loc, game.variant)),
        "\n".join(lines)[:4000]))


# the kinds of the core; the one-line notices are the fallback itself
register_kinds({"reminder": _reminder, "draw_vote_request": _draw_vote_request,
                "game_created": _game_created, "game_started": _game_started,
                "results": _results, "civil_disorder": _civil_disorder,
                "bot_report": _bot_report, "game_over": _game_over})
