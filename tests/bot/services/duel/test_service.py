"""bot.services.duel against a real SQLite database: sign-up lists checked by the engine,
the start (rule 3, explicit seed), sealed bids in the Bid table, the reveal transaction (at
the deadline, when both are ready, by the GM), control written to Player.powers, the map
legend, stalemate claims (rule 10) and the game's result."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator
from datetime import UTC, datetime, time, timedelta
from pathlib import Path

import pytest
from PIL import Image, ImageChops
from sqlmodel import select

from bot.db import Database, migrate
from bot.i18n import command_texts
from bot.models import Game, Outbox, PhaseRecord, Player
from bot.services import absence, turns
from bot.services import duel as duel_service
from bot.services import games as games_service
from bot.services import players as players_service
from bot.services.duel.tables import Bid
from bot.services.errors import Conflict, Forbidden, RuleRefused, ServiceError, Stale
from bot.ui.errors import error_text
from engine import api as engine_api
from engine import variants

GM, ALICE, BOB, CAROL = 11, 21, 22, 23
FRANCE_FIRST = "France, Angleterre, Allemagne, Italie, Autriche, Russie, Turquie"
GERMANY_FIRST = "GER, ENG, FRA, ITA, AUS, RUS, TUR"


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    database = Database(f"sqlite+aiosqlite:///{tmp_path / 'duel.db'}")
    await migrate(database)
    yield database
    await database.dispose()


async def new_duel(db: Database, *, start: bool = True, seed: int = 7) -> int:
    game = await games_service.create_game(db, variant="duel", channel_id=1, gm_user_id=GM,
                                           name="Duel")
    await duel_service.join_duel(db, game_id=game.id, user_id=ALICE, preferences=FRANCE_FIRST)
    await duel_service.join_duel(db, game_id=game.id, user_id=BOB, preferences=GERMANY_FIRST)
    if start:
        await duel_service.start_duel(db, game_id=game.id, user_id=GM, seed=seed)
    return game.id


async def game_row(db: Database, game_id: int) -> Game:
    async with db.transaction(write=False) as session:
        game = await session.get(Game, game_id)
        assert game is not None
        return game


async def powers(db: Database, game_id: int) -> dict[int, list[str]]:
    async with db.transaction(write=False) as session:
        rows = (await session.exec(select(Player).where(Player.game_id == game_id))).all()
        return {p.user_id: list(p.powers) for p in rows}


async def outbox(db: Database, game_id: int, kind: str) -> list[Outbox]:
    async with db.transaction(write=False) as session:
        return list((await session.exec(select(Outbox).where(
            Outbox.game_id == game_id, Outbox.kind == kind))).all())


# -- sign-up and start ---------------------------------------------------------------------------
async def test_join_checks_the_ranked_list_with_the_engine(db: Database) -> None:
    game = await games_service.create_game(db, variant="duel", channel_id=1, gm_user_id=GM)
    with pytest.raises(RuleRefused) as err:
        await duel_service.join_duel(db, game_id=game.id, user_id=ALICE,
                                     preferences="France, Italie")
    assert err.value.code == "rule.duel.missing_countries"
    assert "Angleterre" in error_text(err.value, "fr")
    assert "England" in error_text(err.value, "en")
    with pytest.raises(RuleRefused) as err:
        await duel_service.join_duel(db, game_id=game.id, user_id=ALICE,
                                     preferences=FRANCE_FIRST + ", France")
    assert err.value.code == "rule.duel.duplicate_country"
    assert not (await games_service.get_game(db, game_id=game.id)).players
    joined = await duel_service.join_duel(db, game_id=game.id, user_id=ALICE,
                                          preferences=FRANCE_FIRST)
    assert joined.preferences[:2] == ("france", "england") and joined.players == 1
    again = await duel_service.join_duel(db, game_id=game.id, user_id=ALICE,
                                         preferences=GERMANY_FIRST)
    assert again.updated and again.preferences[0] == "germany" and again.players == 1


async def test_join_is_for_duels_only(db: Database) -> None:
    game = await games_service.create_game(db, variant="classic", channel_id=1,
                                           gm_user_id=GM)
    with pytest.raises(Conflict) as err:
        await duel_service.join_duel(db, game_id=game.id, user_id=ALICE,
                                     preferences=FRANCE_FIRST)
    assert err.value.code == "duel.not_duel"


async def test_start_assigns_countries_by_rule_3_and_opens_the_bidding(db: Database) -> None:
    game_id = await new_duel(db, start=False)
    with pytest.raises(ServiceError) as err:
        await duel_service.start_duel(db, game_id=game_id, user_id=ALICE)
    assert err.value.code == "game.not_gm"
    started = await duel_service.start_duel(db, game_id=game_id, user_id=GM, seed=3)
    assert started.seed == 3
    assert dict(started.seats) == {ALICE: ("france",), BOB: ("germany",)}
    game = await game_row(db, game_id)
    assert game.phase == "S1901B" and game.status == "active" and game.deadline is not None
    duel = game.state["duel"]
    # rule 5: France 20, Germany 22
    assert {p: i["credits"] for p, i in duel["players"].items()} == {"21": 20, "22": 22}
    assert game.options["assignment_seed"] == 3 and game.options["neutral"] == []
    notice = (await outbox(db, game_id, "duel_notice"))[0].payload
    assert notice["event"] == "started"
    assert "Different first choices" in notice["text_en"]
    assert "Premiers choix différents" in notice["text_fr"]
    assert "Credits: France 20, Germany 22" in notice["text_en"]
    assert "`/bid`" in notice["text_en"]
    assert f"`/{command_texts('fr')['bid']}`" in notice["text_fr"]
    assert await outbox(db, game_id, "game_started")


async def test_an_absence_announced_in_sign_up_moves_the_first_deadline(db: Database) -> None:
    """Seed 004 §3.6, as in the other games: the first bidding deadline falls on a day a
    player announced away, so it moves to the end of that absence (and the posts say so)."""
    game_id = await new_duel(db, start=False)
    now = datetime(2030, 1, 1, 12, tzinfo=UTC)
    first = (now + timedelta(hours=48)).date()
    await absence.set_absence(db, game_id=game_id, user_id=BOB, starts=first.isoformat(),
                              ends=(first + timedelta(days=2)).isoformat(), now=now)
    await duel_service.start_duel(db, game_id=game_id, user_id=GM, seed=3, now=now)
    game = await game_row(db, game_id)
    end = datetime.combine(first + timedelta(days=3), time(0), tzinfo=UTC)
    assert game.deadline is not None and game.deadline.replace(tzinfo=UTC) == end
    moved = (await outbox(db, game_id, "absence_extended"))[0].payload
    assert moved["user_id"] == BOB and moved["deadline"] == end.isoformat()
    started = (await outbox(db, game_id, "game_started"))[0].payload
    assert started["deadline"] == end.isoformat()


async def test_identical_lists_draw_lots_with_the_seed(db: Database) -> None:
    results = set()
    for seed in range(6):
        game = await games_service.create_game(db, variant="duel", channel_id=100 + seed,
                                               gm_user_id=GM)
        for user in (ALICE, BOB):
            await duel_service.join_duel(db, game_id=game.id, user_id=user,
                                         preferences=FRANCE_FIRST)
        started = await duel_service.start_duel(db, game_id=game.id, user_id=GM, seed=seed)
        seats = dict(started.seats)
        # rule 3: the winner of the draw gets the first choice, the loser the second
        assert sorted(p[0] for p in seats.values()) == ["england", "france"]
        results.add(seats[ALICE][0])
        text = (await outbox(db, game.id, "duel_notice"))[0].payload["text_en"]
        assert "lots were drawn" in text
    assert results == {"england", "france"}, "the seed decides, both outcomes happen"


async def test_start_needs_two_players_with_complete_lists(db: Database) -> None:
    game = await games_service.create_game(db, variant="duel", channel_id=1, gm_user_id=GM)
    await duel_service.join_duel(db, game_id=game.id, user_id=ALICE, preferences=FRANCE_FIRST)
    with pytest.raises(Conflict) as err:
        await duel_service.start_duel(db, game_id=game.id, user_id=GM)
    assert err.value.code == "duel.two_players"
    # a list given through the classic sign-up (not checked by the engine) is incomplete
    await players_service.join_game(db, game_id=game.id, user_id=BOB,
                                    preferences=["germany", "italy"])
    with pytest.raises(Conflict) as err:
        await duel_service.start_duel(db, game_id=game.id, user_id=GM)
    assert err.value.code == "duel.no_preferences" and str(BOB) in err.value.params["user"]
    with pytest.raises(Conflict):
        await games_service.start_game(db, game_id=game.id, user_id=GM)


# -- bids ----------------------------------------------------------------------------------------
async def test_bids_are_sealed_changeable_and_checked_at_entry(db: Database) -> None:
    game_id = await new_duel(db)
    first = await duel_service.submit_bids(db, game_id=game_id, user_id=ALICE,
                                           text="ENG 5, ITA 3")
    assert first.amounts == {"england": 5, "italy": 3, "austria": 0, "russia": 0,
                             "turkey": 0}
    second = await duel_service.submit_bids(db, game_id=game_id, user_id=ALICE,
                                            text="Angleterre 6; 4 sur Italie")
    assert second.amounts["england"] == 6 and second.amounts["italy"] == 4
    # sealed: Bob sees none of Alice's numbers, only that he has sent nothing
    bob = await duel_service.my_bids(db, game_id=game_id, user_id=BOB)
    assert bob.amounts is None and bob.country == "germany" and bob.credits == 22
    progress = await duel_service.bid_progress(db, game_id=game_id)
    assert progress.submitted == ("france",) and progress.ready == ()
    # refused at entry, with the engine's message in both languages; nothing changes
    cases = {"ENG 15, ITA 10": "over_budget", "FRA 3": "own_country_bid",
             "Allemagne 2": "opponent_country_bid", "ENG -1": "negative_bid",
             "ENG 2.5": "bid_not_whole", "beaucoup pour l'Italie": "bad_bid_entry",
             "ENG 1, ENG 2": "duplicate_bid"}
    for text, code in cases.items():
        with pytest.raises(RuleRefused) as err:
            await duel_service.submit_bids(db, game_id=game_id, user_id=ALICE, text=text)
        assert err.value.code == "rule.duel." + code, text
    with pytest.raises(RuleRefused) as err:
        await duel_service.submit_bids(db, game_id=game_id, user_id=ALICE, text="ENG 21")
    assert error_text(err.value, "en") == "Your bids total 21 credits but you have 20."
    assert "vous n'en avez que 20" in error_text(err.value, "fr")
    kept = await duel_service.my_bids(db, game_id=game_id, user_id=ALICE)
    assert kept.amounts == second.amounts
    with pytest.raises(Forbidden):
        await duel_service.submit_bids(db, game_id=game_id, user_id=CAROL, text="ENG 1")


async def test_no_bids_after_the_deadline(db: Database) -> None:
    game_id = await new_duel(db)
    game = await game_row(db, game_id)
    assert game.deadline is not None
    with pytest.raises(Conflict) as err:
        await duel_service.submit_bids(db, game_id=game_id, user_id=ALICE, text="ENG 1",
                                       now=game.deadline + timedelta(seconds=1))
    assert err.value.code == "duel.deadline_passed"


async def test_reveal_when_both_are_ready(db: Database) -> None:
    game_id = await new_duel(db)
    await duel_service.submit_bids(db, game_id=game_id, user_id=ALICE, text="ENG 5, ITA 3",
                                   ready=True)
    assert (await game_row(db, game_id)).phase == "S1901B", "one player ready: no reveal"
    view = await duel_service.submit_bids(db, game_id=game_id, user_id=BOB,
                                          text="ENG 5, RUS 4, AUS 2", ready=True)
    assert view.revealed is not None and view.revealed.next_phase == "S1901M"
    game = await game_row(db, game_id)
    duel = game.state["duel"]
    # rule 4: equal bids -> nobody; only the winner pays what it bid
    assert duel["control"] == {"england": None, "italy": "21", "austria": "22",
                               "russia": "22", "turkey": None}
    assert duel["players"]["21"]["credits"] == 17 and duel["players"]["22"]["credits"] == 16
    assert await powers(db, game_id) == {ALICE: ["france", "italy"],
                                         BOB: ["germany", "austria", "russia"]}
    async with db.transaction(write=False) as session:
        record = (await session.exec(select(PhaseRecord).where(
            PhaseRecord.game_id == game_id))).one()
    assert record.phase == "S1901B" and record.next_phase == "S1901M"
    assert {o["power"]: o["bids"]["england"] for o in record.orders} == {"france": 5,
                                                                         "germany": 5}
    reveal = [r.payload for r in await outbox(db, game_id, "duel_notice")
              if r.payload["event"] == "bidding"]
    assert len(reveal) == 1
    text_en, text_fr = reveal[0]["text_en"], reveal[0]["text_fr"]
    assert "England — France 5, Germany 5 → nobody (civil disorder)" in text_en
    assert "Italy — France 3, Germany 0 → France (pays 3)" in text_en
    assert "Balances: France 17, Germany 16" in text_en
    assert "personne (désordre civil)" in text_fr and "Soldes : France 17" in text_fr
    assert reveal[0]["map"] == {"source": "game"}
    # the game moved on: a late bid is refused by the engine (not a bidding season)
    with pytest.raises(RuleRefused) as err:
        await duel_service.submit_bids(db, game_id=game_id, user_id=ALICE, text="ENG 1")
    assert err.value.code == "rule.duel.not_bidding_phase"


async def test_reveal_at_the_deadline_counts_missing_bids_as_zero(db: Database) -> None:
    game_id = await new_duel(db)
    await duel_service.submit_bids(db, game_id=game_id, user_id=BOB, text="TUR 1")
    game = await game_row(db, game_id)
    assert game.deadline is not None
    with pytest.raises(Conflict) as err:
        await turns.adjudicate_phase(db, game_id=game_id, trigger="deadline",
                                       now=game.deadline - timedelta(minutes=1))
    assert err.value.code == "game.not_due"
    with pytest.raises(Conflict):
        await turns.adjudicate_phase(db, game_id=game_id, trigger="ready")
    outcome = await turns.adjudicate_phase(db, game_id=game_id, expected_phase="S1901B",
                                             trigger="deadline",
                                             now=game.deadline + timedelta(seconds=1))
    assert outcome.phase == "S1901B" and outcome.next_phase == "S1901M"
    game = await game_row(db, game_id)
    assert game.state["duel"]["control"]["turkey"] == "22"
    assert game.state["duel"]["control"]["england"] is None
    # the same call again is stale: one reveal only
    with pytest.raises(Stale):
        await turns.adjudicate_phase(db, game_id=game_id, expected_phase="S1901B",
                                       trigger="deadline",
                                       now=game.deadline + timedelta(days=9))


async def test_gm_reveals_and_resolve_phase_dispatches(db: Database) -> None:
    game_id = await new_duel(db)
    with pytest.raises(ServiceError) as err:
        await turns.adjudicate_phase(db, game_id=game_id, trigger="gm", user_id=ALICE)
    assert err.value.code == "game.not_gm"
    outcome = await turns.adjudicate_phase(db, game_id=game_id, trigger="gm",
                                               user_id=GM)
    assert outcome.next_phase == "S1901M"
    # a movement phase goes to the classic adjudication
    outcome = await turns.adjudicate_phase(db, game_id=game_id, trigger="gm",
                                               user_id=GM)
    assert outcome.phase == "S1901M" and outcome.next_phase == "F1901M"


async def test_bids_ready_without_bids_means_nothing(db: Database) -> None:
    game_id = await new_duel(db)
    view = await duel_service.set_bids_ready(db, game_id=game_id, user_id=ALICE)
    assert view.ready and view.amounts == {}
    undone = await duel_service.set_bids_ready(db, game_id=game_id, user_id=ALICE,
                                               ready=False)
    assert not undone.ready
    await duel_service.set_bids_ready(db, game_id=game_id, user_id=ALICE)
    view = await duel_service.set_bids_ready(db, game_id=game_id, user_id=BOB)
    assert view.revealed is not None
    game = await game_row(db, game_id)
    assert set(game.state["duel"]["control"].values()) == {None}, "0-0 everywhere"
    async with db.transaction(write=False) as session:
        bids = (await session.exec(select(Bid).where(Bid.game_id == game_id))).all()
    assert {b.bidder for b in bids} == {"france", "germany"}


async def test_orders_for_controlled_minors_only(db: Database) -> None:
    from bot.services import orders as orders_service

    game_id = await new_duel(db)
    await duel_service.submit_bids(db, game_id=game_id, user_id=ALICE, text="ITA 1",
                                   ready=True)
    await duel_service.submit_bids(db, game_id=game_id, user_id=BOB, text="RUS 1",
                                   ready=True)
    done = await orders_service.submit_orders(db, game_id=game_id, user_id=ALICE,
                                              text="A ven - apu", power="italy")
    assert done.power == "italy" and done.lines[0].ok
    for power in ("russia", "england"):  # the opponent's minor; an uncontrolled one
        with pytest.raises(Forbidden):
            await orders_service.submit_orders(db, game_id=game_id, user_id=ALICE,
                                               text="A mos H", power=power)


# -- legend, result, stalemate -------------------------------------------------------------------
async def test_legend_shows_control_and_treasuries(db: Database) -> None:
    game_id = await new_duel(db)
    state = (await game_row(db, game_id)).state
    legend = variants.get("duel").legend(state, "en")
    assert legend["rows"]["france"] == "20 credits" and legend["rows"]["italy"] == "up for bids"
    await duel_service.submit_bids(db, game_id=game_id, user_id=ALICE, text="ITA 2",
                                   ready=True)
    await duel_service.set_bids_ready(db, game_id=game_id, user_id=BOB)
    state = (await game_row(db, game_id)).state
    fr = variants.get("duel").legend(state, "fr")["rows"]
    assert fr["italy"] == "→ France" and fr["england"] == "désordre civil"
    assert fr["france"] == "18 crédits" and fr["germany"] == "22 crédits"
    with_legend = engine_api.render(state, locale="fr")
    plain = engine_api.render(state, locale="fr", extra_legend={})
    a, b = (Image.open(io.BytesIO(x)).convert("RGB") for x in (with_legend, plain))
    assert a.size == b.size and ImageChops.difference(a, b).getbbox() is not None


async def _eliminate_minors(db: Database, game_id: int) -> None:
    """Set-up: a position where every minor power is gone (rule 10's precondition)."""
    async with db.transaction() as session:
        game = await session.get(Game, game_id)
        assert game is not None
        state = dict(game.state or {})
        state["units"] = [u for u in state["units"] if u["power"] in ("france", "germany")]
        centers = {p: list(c) for p, c in state["centers"].items()}
        centers["france"] = centers["france"] + ["lon", "edi", "lvp", "spa", "por"]
        for minor in ("england", "italy", "austria", "russia", "turkey"):
            centers[minor] = []
        state["centers"] = centers
        game.state = state


async def test_stalemate_claim_and_confirmation(db: Database) -> None:
    game_id = await new_duel(db)
    with pytest.raises(RuleRefused) as err:
        await duel_service.claim_stalemate(db, game_id=game_id, user_id=ALICE)
    assert err.value.code == "rule.duel.minors_not_eliminated"
    await _eliminate_minors(db, game_id)
    await duel_service.claim_stalemate(db, game_id=game_id, user_id=ALICE)
    with pytest.raises(RuleRefused) as err:
        await duel_service.confirm_stalemate(db, game_id=game_id, user_id=ALICE)
    assert err.value.code == "rule.duel.own_stalemate_claim"
    done = await duel_service.confirm_stalemate(db, game_id=game_id, user_id=BOB)
    assert done.finished
    game = await game_row(db, game_id)
    assert game.status == "finished" and game.deadline is None
    # rule 10: more centres wins (France 8, Germany 3)
    assert game.result is not None
    assert game.result["winner"] == "france" and game.result["winner_user_id"] == ALICE
    assert game.result["reason"] == "stalemate"
    claims = [r.payload for r in await outbox(db, game_id, "duel_notice")
              if r.payload["event"] == "stalemate_claim"]
    assert claims and f"<@{ALICE}>" in claims[0]["text_en"]
    # the command as each reader's Discord lists it
    french = command_texts("fr")
    assert "`/stalemate confirm`" in claims[0]["text_en"]
    assert f"`/{french['stalemate']} {french['confirm']}`" in claims[0]["text_fr"]
    assert (await outbox(db, game_id, "game_over"))[0].payload["result"]["winner"] == "france"


async def test_gm_confirms_a_stalemate(db: Database) -> None:
    game_id = await new_duel(db)
    await _eliminate_minors(db, game_id)
    await duel_service.claim_stalemate(db, game_id=game_id, user_id=BOB)
    done = await duel_service.confirm_stalemate(db, game_id=game_id, user_id=GM)
    assert done.result is not None and done.result["winner"] == "france"
    assert done.result["victory"]["confirmed_by"] == "gm"


def test_duel_result_reads_the_engine_winner() -> None:
    state = {"duel": {"players": {"21": {"country": "france"}, "22": {"country": "germany"}},
                      "winner": None, "victory": None}}
    assert variants.get("duel").end_of_game(state) is None
    state["duel"]["winner"] = "22"
    state["duel"]["victory"] = {"kind": "occupation", "phase": "S1902M"}
    assert variants.get("duel").end_of_game(state) == {
        "winner": "germany", "winner_user_id": 22, "reason": "occupation",
        "victory": {"kind": "occupation", "phase": "S1902M"}}
    state["duel"]["winner"] = None
    state["duel"]["victory"] = {"kind": "stalemate", "draw": True}
    assert variants.get("duel").end_of_game(state)["draw"] == ["france", "germany"]  # type: ignore[index]



async def test_scheduler_reveals_the_bids_at_the_deadline(db: Database) -> None:
    from bot.scheduler import Scheduler

    game_id = await new_duel(db)
    await duel_service.submit_bids(db, game_id=game_id, user_id=ALICE, text="AUS 3")
    game = await game_row(db, game_id)
    assert game.deadline is not None
    scheduler = Scheduler(db, owner="test")
    assert await scheduler.run_once(now=game.deadline - timedelta(seconds=1)) == 0
    assert await scheduler.run_once(now=game.deadline + timedelta(seconds=1)) == 1
    game = await game_row(db, game_id)
    assert game.phase == "S1901M" and game.state["duel"]["control"]["austria"] == "21"
    assert game.lease_owner is None
