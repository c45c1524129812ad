"""Steps of the browser tests: picking a unit and its targets as a player does (mouse, touch
or keyboard), and reading the page's contract (``data-unit``, ``data-province``,
``data-order``)."""

from __future__ import annotations

from typing import Any

from bot.services import games as games_service
from tests.e2e.harness import CHANNEL_ID, Harness, Member

GM = Member(1001, "gm", permissions=str((1 << 50) - 1))


async def three_player_game(h: Harness, players: list[Member], *, name: str = "Web",
                            options: dict[str, Any] | None = None) -> tuple[int, dict[str, Member]]:
    """A classic game of three players started through the slash commands; each player's
    first power -> the player (seats: Russia; England, France, Germany; Austria, Italy,
    Turkey)."""
    extra = {"press": options["press"]} if options and "press" in options else {}
    await h.slash(GM, "game create", channel_id=CHANNEL_ID, variant="classic", name=name,
                  **extra)
    for p in players:
        await h.slash(p, "game join", channel_id=CHANNEL_ID)
    await h.slash(GM, "game start", channel_id=CHANNEL_ID)
    game = await games_service.game_in_channel(h.bot.db, channel_id=CHANNEL_ID)
    members = {m.id: m for m in players}
    seats = {}
    for seat in game.players:
        for power in seat.powers:
            seats[power] = members[seat.user_id]
    return game.id, seats


async def label_point(page: Any, province: str) -> tuple[float, float]:
    """Where a finger lands on a province: its name on the map (the label lets clicks
    through to the province)."""
    label = page.locator(f'[data-label="{province}"]')
    await label.scroll_into_view_if_needed()
    box = await label.bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


async def press(page: Any, selector: str, how: str = "mouse") -> None:
    element = page.locator(selector)
    if how == "tap":
        await element.scroll_into_view_if_needed()
        await element.tap()
    else:
        await element.click()


async def hit_province(page: Any, province: str, how: str = "mouse") -> None:
    x, y = await label_point(page, province)
    if how == "tap":
        await page.touchscreen.tap(x, y)
    else:
        await page.mouse.click(x, y)


async def order(page: Any, unit: str, *targets: str, choose: str | None = None,
                how: str = "mouse") -> str:
    """Pick ``unit`` ("france A par"), then each target province in turn; ``choose``: the
    sentence to pick when the page asks which order. Returns the page's hint line."""
    await press(page, f'[data-unit="{unit}"]', how)
    for target in targets:
        occupied = page.locator(f'[data-unit][data-location^="{target}"]')
        if await occupied.count():
            await press(page, f'[data-unit][data-location^="{target}"] >> nth=0', how)
        else:
            await hit_province(page, target, how)
        if choose is not None and await page.locator("#chooser").is_visible():
            await page.get_by_role("button", name=choose).click()
    return str(await page.locator("#status").text_content())


async def orders_listed(page: Any) -> list[str]:
    return [str(x) for x in await page.locator("#orders [data-order]").evaluate_all(
        "els => els.map(e => e.getAttribute('data-order'))")]


async def sentences(page: Any) -> list[str]:
    return [str(x).strip() for x in
            await page.locator("#orders [data-order] .say").all_text_contents()]
