"""Persistent buttons and menus: ``DynamicItem`` custom ids carry the game (and phase), so a
message posted before a restart still works afterwards (RoboDanny's ``cogs/mod.py`` pattern).

Every callback checks who is pressing (a service call with the presser's id does it), and a
button of a past phase answers "expired" and changes nothing. Custom ids:

- ``dip:join:<game>``                      sign up (game created post)
- ``dip:ready:<game>:<phase>``             ready (orders feedback)
- ``dip:draw:<game>:<phase>:<y|n>``        secret draw vote (DM)
- ``dip:remind:<game>:<on|off>``           reminder DMs on/off (reminder DM)
- ``dip:ou:<game>:<phase>``                guided order, step 1: the unit
- ``dip:oa:<game>:<phase>:<loc>``          step 2: the action
- ``dip:ot:<game>:<phase>:<loc>:<kind>``   step 3: the order (target)
- ``dip:rt:<game>:<phase>:<loc>:<dest|->`` a retreat (or ``-``: disband) of the retreat DM
- ``dip:adj:<game>:<phase>:<power>``       the builds or removals of the adjustment DM
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.i18n import t
from bot.services import draws as draws_service
from bot.services import games as games_service
from bot.services import orders as orders_service
from bot.services import players as players_service
from bot.services.orders import SubmitResult
from bot.ui.board import BoardButton
from bot.ui.common import bot_of, channel_ids, reader_locale
from bot.ui.embeds import COLOUR, order_line_text
from bot.ui.errors import UserFacingError, guard, reply
from bot.ui.format import (
    local_code,
    local_order,
    phase_name,
    power_name,
    province_name,
    unit_words,
)
from engine import api as engine_api
from engine import variants
from engine.maps import province_of
from engine.wording import capital

MAX_OPTIONS = 25  # Discord's limit of options in a select menu
ACTIONS = ("hold", "move", "support", "convoy", "retreat", "disband", "build", "remove",
           "waive")


_guard = guard  # every component's handler: answered in time, its errors reported


async def _current_phase(interaction: discord.Interaction[Any], game_id: int,
                         phase: str) -> None:
    """A button of a past phase is expired: it changes nothing."""
    game = await games_service.get_game(bot_of(interaction).db, game_id=game_id)
    if game.phase != phase or game.status not in ("active", "paused"):
        raise UserFacingError("button.expired")


# --- sign-up, ready, draw, reminders ----------------------------------------------------------

class JoinButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=r"dip:join:(?P<game>\d+)"):
    def __init__(self, game_id: int, label: str = "Join") -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.primary,
                                           custom_id=f"dip:join:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str]) -> JoinButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _guard(interaction, self._join(interaction))

    async def _join(self, interaction: discord.Interaction[Any]) -> None:
        db = bot_of(interaction).db
        await players_service.join_game(db, game_id=self.game_id, user_id=interaction.user.id)
        await reply(interaction, t("join.done", reader_locale(interaction)))


class ReadyButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                  template=r"dip:ready:(?P<game>\d+):(?P<phase>[A-Z0-9]+)"):
    def __init__(self, game_id: int, phase: str, label: str = "Ready") -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.success,
                                           custom_id=f"dip:ready:{game_id}:{phase}"))
        self.game_id, self.phase = game_id, phase

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str]) -> ReadyButton:
        return cls(int(match["game"]), match["phase"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _guard(interaction, self._ready(interaction))

    async def _ready(self, interaction: discord.Interaction[Any]) -> None:
        await _current_phase(interaction, self.game_id, self.phase)
        bot = bot_of(interaction)
        result = await orders_service.set_ready(bot.db, game_id=self.game_id,
                                                user_id=interaction.user.id, ready=True)
        key = "ready.on_resolved" if result.turn is not None else "ready.on"
        await reply(interaction, t(key, reader_locale(interaction)))
        await bot.post_now()


class DrawVoteButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                     template=r"dip:draw:(?P<game>\d+):(?P<phase>[A-Z0-9-]+):(?P<vote>[yn])"):
    def __init__(self, game_id: int, phase: str, accept: bool, label: str = "") -> None:
        vote = "y" if accept else "n"
        style = discord.ButtonStyle.success if accept else discord.ButtonStyle.danger
        super().__init__(discord.ui.Button(label=label or vote, style=style,
                                           custom_id=f"dip:draw:{game_id}:{phase}:{vote}"))
        self.game_id, self.phase, self.accept = game_id, phase, accept

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str]
                             ) -> DrawVoteButton:
        return cls(int(match["game"]), match["phase"], match["vote"] == "y")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _guard(interaction, self._vote(interaction))

    async def _vote(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        # only the voter's own vote counts: the service finds the presser's powers
        outcome = await draws_service.vote_draw(bot.db, game_id=self.game_id,
                                                user_id=interaction.user.id,
                                                accept=self.accept)
        key = "draw.voted_yes" if self.accept else "draw.voted_no"
        await reply(interaction, t(key, reader_locale(interaction)))
        if outcome.status != "pending":
            await bot.post_now()


class RemindersButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                      template=r"dip:remind:(?P<game>\d+):(?P<state>on|off)"):
    def __init__(self, game_id: int, enabled: bool, label: str = "") -> None:
        state = "on" if enabled else "off"
        super().__init__(discord.ui.Button(label=label or state,
                                           style=discord.ButtonStyle.secondary,
                                           custom_id=f"dip:remind:{game_id}:{state}"))
        self.game_id, self.enabled = game_id, enabled

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str]
                             ) -> RemindersButton:
        return cls(int(match["game"]), match["state"] == "on")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _guard(interaction, self._set(interaction))

    async def _set(self, interaction: discord.Interaction[Any]) -> None:
        await players_service.set_reminders(bot_of(interaction).db, game_id=self.game_id,
                                            user_id=interaction.user.id, enabled=self.enabled)
        key = "reminders.on" if self.enabled else "reminders.off"
        await reply(interaction, t(key, reader_locale(interaction)))


def orders_feedback(result: SubmitResult, locale: str
                    ) -> tuple[discord.Embed, discord.ui.View]:
    """Each order as understood, normalised and checked (ephemeral), with a Ready button."""
    lines = [order_line_text(x, locale, result.phase) for x in result.lines] or [
        t("orders.none", locale)]
    embed = discord.Embed(
        title=t("orders.saved_title", locale,
                power=power_name(result.power, locale, result.variant or variants.DEFAULT),
                phase=phase_name(result.phase, locale, result.variant)),
        description="\n".join(lines)[:4000], colour=COLOUR)
    embed.set_footer(text=t("orders.saved_footer", locale))
    view = discord.ui.View(timeout=None)
    view.add_item(ReadyButton(result.game_id, result.phase, label=t("ready.button", locale)))
    return embed, view


# --- the guided order: unit -> action -> target --------------------------------------------------

async def legal_for(interaction: discord.Interaction[Any], game_id: int | None
                    ) -> tuple[str, dict[str, list[str]]]:
    """The presser's power and its legal orders per unit (engine's list), for a player of
    the game only (``game_id`` None: the game of the interaction's channel). One read: it
    answers autocompletion, at each keystroke."""
    bot = bot_of(interaction)
    game, state = await games_service.game_and_position(
        bot.db, game_id=game_id, channel=channel_ids(interaction) if game_id is None else None)
    player = game.player(interaction.user.id)
    if player is None:
        raise UserFacingError("error.player.not_in_game")
    choices = set(engine_api.powers_with_choices(state))
    powers = [p for p in player.powers if p in choices] or list(player.powers)
    legal: dict[str, list[str]] = {}
    for power in powers:
        for loc, orders in engine_api.legal_orders(state, power).items():
            legal.setdefault(loc, []).extend(orders)
    return powers[0], legal


def _kind(order_text: str) -> str:
    """Action of a normalised order (engine's text: ``A par - bur``, ``F bre S A par``...)."""
    words = order_text.split()
    for word, kind in (("S", "support"), ("C", "convoy"), ("H", "hold"), ("R", "retreat"),
                       ("D", "disband"), ("-", "move")):
        if word in words[2:3]:
            return kind
    low = order_text.lower()
    for kind in ("disband", "build", "remove", "waive"):
        if kind in low:
            return kind
    return words[-1].lower() if words else "hold"


def unit_select(game_id: int, phase: str, legal: dict[str, list[str]], locale: str
                ) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    options = [discord.SelectOption(label=(orders[0].split(" ")[0] + " " + loc.upper())
                                    if loc and orders else t("order.builds", locale),
                                    value=loc or "-")
               for loc, orders in sorted(legal.items())][:MAX_OPTIONS]
    view.add_item(UnitSelect(game_id, phase, options, t("order.pick_unit", locale)))
    return view


class UnitSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                 template=r"dip:ou:(?P<game>\d+):(?P<phase>[A-Z0-9]+)"):
    def __init__(self, game_id: int, phase: str,
                 options: list[discord.SelectOption] | None = None,
                 placeholder: str | None = None) -> None:
        super().__init__(discord.ui.Select(custom_id=f"dip:ou:{game_id}:{phase}",
                                           options=options or [discord.SelectOption(
                                               label="-")],
                                           placeholder=placeholder))
        self.game_id, self.phase = game_id, phase

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str]) -> UnitSelect:
        return cls(int(match["game"]), match["phase"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _guard(interaction, self._pick(interaction))

    async def _pick(self, interaction: discord.Interaction[Any]) -> None:
        await _current_phase(interaction, self.game_id, self.phase)
        loc = _selected(interaction)
        loc = "" if loc == "-" else loc
        _power, legal = await legal_for(interaction, self.game_id)
        locale = reader_locale(interaction)
        if loc not in legal:
            raise UserFacingError("order.not_your_unit", unit=local_code(loc, locale).upper())
        kinds = sorted({_kind(o) for o in legal[loc]}, key=ACTIONS.index)
        view = discord.ui.View(timeout=None)
        view.add_item(ActionSelect(self.game_id, self.phase, loc, [
            discord.SelectOption(label=t(f"order.action.{k}", locale), value=k)
            for k in kinds], t("order.pick_action", locale)))
        await reply(
            interaction, t("words.unit_chosen", locale, unit=capital(unit_words(
                legal[loc][0].split()[0], loc, locale, (await games_service.get_game(
                    bot_of(interaction).db, game_id=self.game_id)).variant))) if loc else
            t("order.unit_chosen", locale, unit=t("order.builds", locale)),
            view=view, ephemeral=True)


class ActionSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                   template=r"dip:oa:(?P<game>\d+):(?P<phase>[A-Z0-9]+):(?P<loc>[a-z/]*)"):
    def __init__(self, game_id: int, phase: str, loc: str,
                 options: list[discord.SelectOption] | None = None,
                 placeholder: str | None = None) -> None:
        super().__init__(discord.ui.Select(custom_id=f"dip:oa:{game_id}:{phase}:{loc}",
                                           options=options or [discord.SelectOption(
                                               label="-")],
                                           placeholder=placeholder))
        self.game_id, self.phase, self.loc = game_id, phase, loc

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str]
                             ) -> ActionSelect:
        return cls(int(match["game"]), match["phase"], match["loc"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _guard(interaction, self._pick(interaction))

    async def _pick(self, interaction: discord.Interaction[Any]) -> None:
        await _current_phase(interaction, self.game_id, self.phase)
        kind = _selected(interaction)
        _power, legal = await legal_for(interaction, self.game_id)
        orders = [o for o in legal.get(self.loc, []) if _kind(o) == kind]
        locale = reader_locale(interaction)
        if not orders:
            raise UserFacingError("order.not_your_unit",
                                  unit=local_code(self.loc, locale).upper())
        if len(orders) == 1:  # nothing left to choose: hold, disband...
            await _submit_one(interaction, self.game_id, orders[0])
            return
        view = discord.ui.View(timeout=None)
        view.add_item(OrderSelect(self.game_id, self.phase, self.loc, kind, [
            discord.SelectOption(label=local_order(o, locale)[:100], value=o[:100])
            for o in orders[:MAX_OPTIONS]],
            t("order.pick_target", locale)))
        await reply(interaction, t("order.pick_target", locale), view=view, ephemeral=True)


class OrderSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                  template=r"dip:ot:(?P<game>\d+):(?P<phase>[A-Z0-9]+):(?P<loc>[a-z/]*)"
                           r":(?P<kind>[a-z]+)"):
    def __init__(self, game_id: int, phase: str, loc: str, kind: str,
                 options: list[discord.SelectOption] | None = None,
                 placeholder: str | None = None) -> None:
        super().__init__(discord.ui.Select(custom_id=f"dip:ot:{game_id}:{phase}:{loc}:{kind}",
                                           options=options or [discord.SelectOption(
                                               label="-")],
                                           placeholder=placeholder))
        self.game_id, self.phase, self.loc, self.kind = game_id, phase, loc, kind

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str]) -> OrderSelect:
        return cls(int(match["game"]), match["phase"], match["loc"], match["kind"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _guard(interaction, self._pick(interaction))

    async def _pick(self, interaction: discord.Interaction[Any]) -> None:
        await _current_phase(interaction, self.game_id, self.phase)
        chosen = _selected(interaction)
        _power, legal = await legal_for(interaction, self.game_id)
        if chosen not in legal.get(self.loc, []):
            raise UserFacingError("order.not_legal", order=chosen)
        await _submit_one(interaction, self.game_id, chosen)


def _selected(interaction: discord.Interaction[Any]) -> str:
    data: dict[str, Any] = dict(interaction.data or {})
    values = data.get("values") or []
    if not values:
        raise UserFacingError("order.nothing_chosen")
    return str(values[0])


async def _submit_one(interaction: discord.Interaction[Any], game_id: int, order: str) -> None:
    bot = bot_of(interaction)
    result = await orders_service.add_order(bot.db, game_id=game_id, user_id=interaction.user.id, power=None,
                             order_text=order)
    embed, view = orders_feedback(result, reader_locale(interaction))
    await reply(interaction, embed=embed, view=view, ephemeral=True)


def same_unit(a: str, b: str) -> bool:
    return province_of(a) == province_of(b)


# --- the retreat and adjustment prompts (DMs) -----------------------------------------------------

class RetreatButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                    template=r"dip:rt:(?P<game>\d+):(?P<phase>[A-Z0-9]+):(?P<loc>[a-z/]+)"
                             r":(?P<dest>[a-z/]+|-)"):
    """One legal retreat of one dislodged unit (``-``: disband it). A press sends that order
    for that unit (it replaces the unit's previous one) and answers privately; the services
    refuse a presser who does not hold the unit's power."""

    def __init__(self, game_id: int, phase: str, loc: str, dest: str | None,
                 label: str = "") -> None:
        code = dest or "-"
        style = discord.ButtonStyle.secondary if dest is None else \
            discord.ButtonStyle.primary
        super().__init__(discord.ui.Button(
            label=(label or f"{loc} → {code}")[:80], style=style,
            custom_id=f"dip:rt:{game_id}:{phase}:{loc}:{code}"))
        self.game_id, self.phase, self.loc, self.dest = game_id, phase, loc, dest

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str]
                             ) -> RetreatButton:
        dest = None if match["dest"] == "-" else match["dest"]
        return cls(int(match["game"]), match["phase"], match["loc"], dest)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _guard(interaction, self._retreat(interaction))

    async def _retreat(self, interaction: discord.Interaction[Any]) -> None:
        await _current_phase(interaction, self.game_id, self.phase)
        result = await orders_service.retreat_order(
            bot_of(interaction).db, game_id=self.game_id, user_id=interaction.user.id,
            location=self.loc, target=self.dest)
        embed, view = orders_feedback(result, reader_locale(interaction))
        await reply(interaction, embed=embed, view=view, ephemeral=True)


def retreat_view(game_id: int, phase: str, dislodged: list[dict[str, Any]], locale: str,
                 variant: str) -> discord.ui.View:
    """A button per legal retreat of each unit, and one to disband it (at most 25)."""
    view = discord.ui.View(timeout=None)
    count = 0
    for unit in dislodged:
        loc = str(unit["location"])
        here = province_name(loc, locale, variant)
        choices: list[str | None] = [*(str(r) for r in unit.get("retreats") or []), None]
        for dest in choices:
            if count >= MAX_OPTIONS:
                return view
            label = t("prompt.retreat_to", locale, unit=here,
                      target=province_name(dest, locale, variant)) if dest else \
                t("prompt.disband", locale, unit=here)
            view.add_item(RetreatButton(game_id, phase, loc, dest, label=label))
            count += 1
    return view


class AdjustSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                   template=r"dip:adj:(?P<game>\d+):(?P<phase>[A-Z0-9]+):(?P<power>[a-z_]+)"):
    """The builds (or removals) of one power, several at once: the choice is sent as the
    power's whole set of orders for the Winter (it replaces the previous one)."""

    def __init__(self, game_id: int, phase: str, power: str,
                 options: list[discord.SelectOption] | None = None,
                 placeholder: str | None = None, most: int = 1) -> None:
        options = options or [discord.SelectOption(label="-")]
        super().__init__(discord.ui.Select(
            custom_id=f"dip:adj:{game_id}:{phase}:{power}", options=options,
            placeholder=placeholder, min_values=1,
            max_values=max(1, min(most, len(options)))))
        self.game_id, self.phase, self.power = game_id, phase, power

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str]
                             ) -> AdjustSelect:
        return cls(int(match["game"]), match["phase"], match["power"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _guard(interaction, self._pick(interaction))

    async def _pick(self, interaction: discord.Interaction[Any]) -> None:
        await _current_phase(interaction, self.game_id, self.phase)
        data: dict[str, Any] = dict(interaction.data or {})
        chosen = [str(v) for v in data.get("values") or []]
        if not chosen:
            raise UserFacingError("order.nothing_chosen")
        result = await orders_service.submit_orders(
            bot_of(interaction).db, game_id=self.game_id, user_id=interaction.user.id,
            text="\n".join(chosen), power=self.power)
        embed, view = orders_feedback(result, reader_locale(interaction))
        await reply(interaction, embed=embed, view=view, ephemeral=True)


def adjust_view(game_id: int, phase: str, menus: list[tuple[str, list[str], int]],
                locale: str, variant: str) -> discord.ui.View:
    """One menu per power: (power, its legal builds or removals, how many are due)."""
    view = discord.ui.View(timeout=None)
    for power, orders, due in menus[:5]:
        removing = any(o.upper().startswith("REMOVE") for o in orders)
        options = [discord.SelectOption(label=adjust_label(o, locale, variant)[:100],
                                        value=o[:100]) for o in orders[:MAX_OPTIONS]]
        placeholder = t("prompt.pick_removals" if removing else "prompt.pick_builds", locale,
                        power=power_name(power, locale, variant), count=due)
        view.add_item(AdjustSelect(game_id, phase, power, options, placeholder[:150], due))
    return view


def adjust_label(order: str, locale: str, variant: str) -> str:
    """``BUILD A ber`` -> "Army — Berlin"; ``REMOVE F kie`` -> "Fleet — Kiel"; ``WAIVE``."""
    words = order.split()
    if len(words) >= 3 and words[1] in ("A", "F"):
        kind = t("unit.army" if words[1] == "A" else "unit.fleet", locale)
        return f"{kind} — {province_name(words[2], locale, variant)}"
    return t("order.action.waive", locale) if order.upper().startswith("WAIVE") else order


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    JoinButton, ReadyButton, DrawVoteButton, RemindersButton, UnitSelect, ActionSelect,
    OrderSelect, RetreatButton, AdjustSelect, BoardButton)
