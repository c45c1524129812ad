"""A complete Duel-Diplomatie game through the real client (issue 6), from sign-up to a
victory: ranked lists at /game join, countries by rule 3, sealed bids with a refused
over-budget set, a tie for a minor (nobody commands it: civil disorder), orders for a won
minor, a compulsory minor build made by the referee (rule 8), the occupation penalty of rule
6 deciding the next year's auction, and the occupation victory of rule 9. Bad input: bids
by a non-player, malformed bids, bids on one's own or the opponent's country, sign-up with
an incomplete list."""

from __future__ import annotations

import io
from datetime import timedelta

from PIL import Image

from bot.services import games as games_service
from bot.services import history as history_service
from tests.e2e.harness import CHANNEL_ID, PNG_MAGIC, Call, Harness, Member

GM = Member(1001, "gm", permissions=str((1 << 50) - 1))
ALICE = Member(2001, "alice", locale="en-GB")  # will play France
BOB = Member(2002, "bob", locale="fr")  # will play Germany
OUTSIDER = Member(3001, "outsider")


def assert_png(data: bytes) -> None:
    assert data.startswith(PNG_MAGIC)
    with Image.open(io.BytesIO(data)) as image:
        image.verify()


def posts(h: Harness, since: int) -> list[Call]:
    return h.fake.posts_to(CHANNEL_ID, since)


def private(calls: list[Call]) -> Call:
    answers = [c for c in calls if c.method in ("POST", "PATCH")]
    assert len(answers) == 1 and answers[0].ephemeral, [(c.method, c.path) for c in answers]
    return answers[0]


async def slash(h: Harness, who: Member, command: str, **values: object) -> list[Call]:
    return await h.slash(who, command, channel_id=CHANNEL_ID, **values)


async def orders(h: Harness, who: Member, power: str, text: str) -> None:
    reply = (await slash(h, who, "orders submit", text=text, power=power))[0]
    assert reply.ephemeral and "❌" not in reply.text(), reply.text()


async def both_ready(h: Harness) -> list[Call]:
    mark = len(h.fake.calls)
    for who in (ALICE, BOB):
        await slash(h, who, "ready")
    return posts(h, mark)


async def test_a_duel_from_sign_up_to_victory(harness: Harness) -> None:
    h = harness
    # --- sign-up: ranked lists checked by the engine ------------------------------------------
    await slash(h, GM, "game create", variant="duel", name="Duel")
    reply = private(await slash(h, ALICE, "game join", preferences="France, Italie"))
    assert "Your list must rank all seven countries" in reply.content
    reply = private(await slash(h, ALICE, "game join",
                                preferences="FRA, ENG, GER, ITA, AUS, RUS, TUR"))
    assert "France > England > Germany" in reply.content
    await slash(h, BOB, "game join", preferences="Allemagne > Angleterre > France > Italie > "
                                                 "Autriche > Russie > Turquie")
    mark = len(h.fake.calls)
    await slash(h, GM, "game start")
    started = "\n".join(c.text() for c in posts(h, mark))
    assert "Different first choices" in started  # rule 3
    assert "Credits: France 20, Germany 22" in started  # rule 5
    assert any(c.pngs() for c in posts(h, mark)), "the map is posted at the start"
    game = await games_service.game_in_channel(h.bot.db, channel_id=CHANNEL_ID)
    assert game.phase == "S1901B"

    # --- bidding 1901: bad input, an over-budget set refused, a tie ---------------------------
    reply = private(await slash(h, OUTSIDER, "bid", text="ENG 1"))
    assert reply.content == "You are not a player of this game."
    reply = private(await slash(h, ALICE, "bid", text="ENG cinq"))
    assert "Cannot read `ENG cinq`" in reply.content
    reply = private(await slash(h, ALICE, "bid", text="FRA 2"))
    assert "France is your own country" in reply.content
    reply = private(await slash(h, BOB, "bid", text="France 2"))
    assert "enchérir sur le pays de votre adversaire (France)" in reply.content
    reply = private(await slash(h, ALICE, "bid", text="ENG 15, ITA 10"))
    assert reply.content == "Your bids total 25 credits but you have 20."
    private(await slash(h, ALICE, "bid", text="ENG 5, ITA 3"))
    mark = len(h.fake.calls)
    private(await slash(h, BOB, "bid", text="Angleterre 5, Russie 4, Autriche 2"))
    assert not posts(h, mark), "bids are sealed"
    # the deadline passes: the scheduler reveals both sets together
    game = await games_service.game_in_channel(h.bot.db, channel_id=CHANNEL_ID)
    assert game.deadline is not None
    assert await h.bot.scheduler.run_once(now=game.deadline + timedelta(seconds=1)) == 1
    reveal = posts(h, mark)
    assert len(reveal) == 1 and reveal[0].pngs()
    assert_png(reveal[0].pngs()[0])
    text = reveal[0].text()
    assert "England — France 5, Germany 5 → nobody (civil disorder)" in text  # the tie
    assert "Italy — France 3, Germany 0 → France (pays 3)" in text
    assert "Russia — France 0, Germany 4 → Germany (pays 4)" in text
    assert "Balances: France 17, Germany 16" in text

    # --- 1901: France orders Italy too; Russia (Bob) takes Rumania ---------------------------
    await orders(h, ALICE, "france", "A par - bur; A mar - pie; F bre - mao")
    await orders(h, ALICE, "italy", "A ven - apu")
    await orders(h, BOB, "germany", "A mun - sil")
    await orders(h, BOB, "russia", "A war - ukr")
    assert len(await both_ready(h)) == 1
    await orders(h, ALICE, "france", "A pie - ven")
    await orders(h, BOB, "russia", "A ukr - rum")
    mark = len(h.fake.calls)
    assert len(await both_ready(h)) == 1
    game = await games_service.game_in_channel(h.bot.db, channel_id=CHANNEL_ID)
    assert game.phase == "W1901A"
    # Winter: Bob does not build for Russia; the referee does (rule 8), in Warsaw
    await orders(h, ALICE, "italy", "Remove F nap")
    assert await h.bot.scheduler.run_once(now=game.deadline + timedelta(seconds=1)) == 1
    winter = posts(h, mark)[-1].text()
    assert "Warsaw" in winter or "WAR" in winter
    game = await games_service.game_in_channel(h.bot.db, channel_id=CHANNEL_ID)
    assert game.phase == "S1902B"
    state = (await history_service.phase_detail(h.bot.db, game_id=game.id, phase="W1901A"))
    built = [r for r in state.results if r.get("reason") == "referee_build"]
    assert [(r["power"], r["order"]["location"]) for r in built] == [("russia", "war")]

    # --- bidding 1902: the penalty of rule 6 (France occupies Venice) ------------------------
    # rule 5: 17 left + 1 per centre of France after the Fall (bre, mar, par, ven)
    shown = private(await slash(h, ALICE, "bids show"))
    assert "0 of your 21 credits" in shown.text()
    await slash(h, ALICE, "bid", text="ITA 8")
    mark = len(h.fake.calls)
    calls = await slash(h, BOB, "bid", text="ITA 4", ready=True)
    assert "Les deux joueurs sont prêts" not in calls[0].content  # Alice is not ready yet
    reply = (await slash(h, ALICE, "ready"))[0]  # /ready works for bids too
    assert reply.ephemeral and reply.content == "Both players are ready: the bids are revealed in the game channel."
    reveal = posts(h, mark)
    assert len(reveal) == 1
    text = reveal[0].text()
    # France bid 8 but it counts 3 (one Italian home centre occupied): Germany wins Italy
    assert "Italy — France 8 (−5 occupation → 3), Germany 4 → Germany (pays 4)" in text

    # --- Spring 1902: the French army enters Munich: victory (rule 9) --------------------------
    await orders(h, ALICE, "france", "A bur - mun")
    mark = len(h.fake.calls)
    await both_ready(h)
    over = "\n".join(c.text() for c in posts(h, mark))
    assert "France" in over
    game = await games_service.game_in_channel(h.bot.db, channel_id=CHANNEL_ID)
    assert game.status == "finished"
    assert game.result is not None and game.result["winner"] == "france"
    assert game.result["winner_user_id"] == ALICE.id and game.result["reason"] == "occupation"
    reply = private(await slash(h, BOB, "bid", text="ENG 1"))
    assert reply.content.startswith("La partie est terminée\u202f;")
