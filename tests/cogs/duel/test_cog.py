"""The duel commands through the real client (issue 6): /bid (sealed, ephemeral, refused
with the engine's message in the reader's language), /bids show and /bids ready, the reveal
when both players are ready, orders for the minors a player won, /stalemate."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import UTC, datetime, time, timedelta

import pytest
from sqlmodel import col, select

from bot.i18n import t
from bot.models import Outbox, utcnow
from bot.services import duel as duel_service
from bot.services import games as games_service
from tests.e2e.harness import CHANNEL_ID, Call, Harness, Member, running_bot

GM = Member(1001, "gm", permissions=str((1 << 50) - 1))
ALICE = Member(2001, "alice", locale="en-GB")
BOB = Member(2002, "bob", locale="fr")
OUTSIDER = Member(3001, "outsider")


@pytest.fixture
async def h(database_url: str) -> AsyncIterator[Harness]:
    async with running_bot(database_url) as harness:
        yield harness


async def signed_up_duel(h: Harness) -> None:
    await h.slash(GM, "game create", channel_id=CHANNEL_ID, variant="duel", name="Duel")
    await h.slash(ALICE, "game join", channel_id=CHANNEL_ID,
                  preferences="FRA, ENG, GER, ITA, AUS, RUS, TUR")
    await h.slash(BOB, "game join", channel_id=CHANNEL_ID,
                  preferences="Allemagne, Angleterre, France, Italie, Autriche, Russie, "
                              "Turquie")


async def started_duel(h: Harness) -> int:
    await signed_up_duel(h)
    game = await games_service.game_in_channel(h.bot.db, channel_id=CHANNEL_ID)
    await duel_service.start_duel(h.bot.db, game_id=game.id, user_id=GM.id, seed=1)
    await h.bot.post_now()
    return game.id


def private(calls: list[Call]) -> Call:
    """One ephemeral answer and nothing public."""
    answers = [c for c in calls if c.method in ("POST", "PATCH")]
    assert len(answers) == 1, [(c.method, c.path) for c in answers]
    assert answers[0].ephemeral
    return answers[0]


async def test_bad_bids_are_refused_privately_in_the_readers_language(h: Harness) -> None:
    await started_duel(h)
    reply = private(await h.slash(OUTSIDER, "bid", channel_id=CHANNEL_ID, text="ENG 1"))
    assert reply.content == t("error.player.not_in_game", "en")
    cases = [
        (ALICE, "beaucoup", "Cannot read `beaucoup`: write a country then a whole number"),
        (ALICE, "FRA 3", "France is your own country: you cannot bid on it."),
        (ALICE, "GER 2", "Germany is your opponent's country: you cannot bid on it."),
        (ALICE, "ENG 15, ITA 10", "Your bids total 25 credits but you have 20."),
        (BOB, "Allemagne 3", "Vous ne pouvez pas enchérir sur votre propre pays (Allemagne)"),
        (BOB, "ANG 20, ITA 3", "Vos offres totalisent 23 crédits mais vous n'en avez que 22."),
    ]
    for who, text, message in cases:
        reply = private(await h.slash(who, "bid", channel_id=CHANNEL_ID, text=text))
        assert message in reply.content, (text, reply.content)
    # nothing was stored by the refused bids
    shown = private(await h.slash(ALICE, "bids show", channel_id=CHANNEL_ID))
    assert t("duel.bids.none", "en") in shown.text()


async def test_bids_are_sealed_and_revealed_together(h: Harness) -> None:
    game_id = await started_duel(h)
    reply = private(await h.slash(ALICE, "bid", channel_id=CHANNEL_ID,
                                  text="England 5, Italy 3"))
    assert "England: **5**" in reply.text() and "Italy: **3**" in reply.text()
    assert "8 of your 20 credits" in reply.text()
    # changeable until the deadline: the second set replaces the first
    reply = private(await h.slash(ALICE, "bid", channel_id=CHANNEL_ID, text="ENG 5, ITA 4"))
    assert "Italy: **4**" in reply.text()
    # the other player sees only their own (French) view: none of Alice's numbers
    shown = private(await h.slash(BOB, "bids show", channel_id=CHANNEL_ID))
    assert t("duel.bids.none", "fr") in shown.text() and "**4**" not in shown.text()
    choices = await h.autocomplete(BOB, "bid", "text", channel_id=CHANNEL_ID, text="")
    assert choices and choices[-1]["value"] == \
        "Angleterre 0, Italie 0, Autriche 0, Russie 0, Turquie 0"
    mark = len(h.fake.calls)
    reply = private(await h.slash(ALICE, "bids ready", channel_id=CHANNEL_ID))
    assert reply.content == t("duel.ready.on", "en")
    assert not h.fake.posts_to(CHANNEL_ID, mark), "one player ready: nothing revealed"
    calls = await h.slash(BOB, "bid", channel_id=CHANNEL_ID, text="ANG 5, RUS 4, AUT 2",
                          ready=True)
    assert calls[0].ephemeral and calls[0].content == t("duel.bids.revealed", "fr")
    posts = h.fake.posts_to(CHANNEL_ID, mark)
    assert len(posts) == 1 and posts[0].pngs(), "the reveal is public, with the map"
    async with h.bot.db.transaction(write=False) as session:
        row = (await session.exec(select(Outbox).where(
            Outbox.game_id == game_id, Outbox.kind == "duel_notice")
            .order_by(col(Outbox.id).desc()))).first()
    assert row is not None and row.sent_at is not None
    text = row.payload["text_en"]
    assert "England — France 5, Germany 5 → nobody (civil disorder)" in text
    assert "Italy — France 4, Germany 0 → France (pays 4)" in text
    assert "Russia — France 0, Germany 4 → Germany (pays 4)" in text
    assert "Balances: France 16, Germany 16" in text
    # a late bid is refused: the season is over
    reply = private(await h.slash(ALICE, "bid", channel_id=CHANNEL_ID, text="ENG 1"))
    assert "only during the bidding season" in reply.content


async def test_orders_for_the_minors_won_this_year(h: Harness) -> None:
    await started_duel(h)
    await h.slash(ALICE, "bid", channel_id=CHANNEL_ID, text="ITA 2", ready=True)
    await h.slash(BOB, "bids ready", channel_id=CHANNEL_ID)
    choices = await h.autocomplete(ALICE, "orders submit", "power", channel_id=CHANNEL_ID,
                                  power="")
    assert [c["value"] for c in choices] == ["france", "italy"]
    reply = (await h.slash(ALICE, "orders submit", channel_id=CHANNEL_ID,
                           text="A ven - apu; F nap - ion", power="italy"))[0]
    assert reply.ephemeral and "✅" in reply.text() and "❌" not in reply.text()
    # Turkey went to nobody (0-0): civil disorder, nobody orders for it
    reply = (await h.slash(ALICE, "orders submit", channel_id=CHANNEL_ID,
                           text="A con - bul", power="turkey"))[0]
    assert reply.ephemeral and reply.content == t("error.player.not_your_power", "en",
                                                  power="Turkey")
    # /bids show outside a bidding season says when the next one opens
    shown = private(await h.slash(replace(ALICE, locale="fr"), "bids show",
                                  channel_id=CHANNEL_ID))
    assert t("duel.bids.not_bidding", "fr", credits=18) in shown.text()


async def test_stalemate_needs_every_minor_eliminated(h: Harness) -> None:
    await started_duel(h)
    reply = private(await h.slash(BOB, "stalemate claim", channel_id=CHANNEL_ID))
    assert "L'impasse ne peut être demandée qu'une fois" in reply.content
    reply = private(await h.slash(ALICE, "stalemate confirm", channel_id=CHANNEL_ID))
    assert reply.content == "Nobody has claimed a stalemate."


async def test_duel_commands_have_french_names_and_no_clash(h: Harness) -> None:
    from bot.i18n import command_texts
    from tests.bot.i18n.test_i18n import NAME_RE, _locale_strings
    from tests.cogs.test_cogs import walk

    french = command_texts("fr")
    mine = [h.bot.tree.get_command(name) for name in ("bid", "bids", "stalemate")]
    for command in mine:
        assert command is not None
        for kind, text in _locale_strings(command):
            assert text in french, f"no French for {text!r}"
            if kind == "name":
                assert NAME_RE.match(french[text]) and french[text] == french[text].lower()
            else:
                assert 1 <= len(french[text]) <= 100
    walk(h.bot.tree.get_commands(), french)  # unique names with the duel cog loaded


@pytest.mark.parametrize("guild_locale", ["en-US", "fr"])
async def test_an_absence_told_in_sign_up_moves_the_first_bidding_deadline(
        database_url: str, guild_locale: str) -> None:
    """Seed 004 §3.6 through the client: Bob announces days away before the duel starts;
    the first bidding deadline falls among them, so it moves, and the channel is told who
    and until when, never why."""
    async with running_bot(database_url, guild_locale=guild_locale) as h:
        await signed_up_duel(h)
        away = (utcnow() + timedelta(days=2)).date()
        calls = await h.slash(BOB, "absence set", channel_id=CHANNEL_ID,
                              starts=away.strftime("%d/%m/%Y"),
                              ends=(away + timedelta(days=3)).strftime("%d/%m/%Y"),
                              reason="chez le dentiste")
        assert calls[0].ephemeral
        mark = len(h.fake.calls)
        await h.slash(GM, "game start", channel_id=CHANNEL_ID)
        await h.bot.post_now()
        game = await games_service.game_in_channel(h.bot.db, channel_id=CHANNEL_ID)
        end = datetime.combine(away + timedelta(days=4), time(0), tzinfo=UTC)
        assert game.deadline == end
        posts = [c.text() for c in h.fake.posts_to(CHANNEL_ID, mark)]
        said = "\n".join(posts)
        lang = "fr" if guild_locale == "fr" else "en"
        # the start first, then the deadline it moved
        assert t("absence.extended_title", lang) in posts[-1] and "<@2002>" in posts[-1]
        assert "dentiste" not in said
