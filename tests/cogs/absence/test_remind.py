"""/remind through the real client, in English and in French: a DM at each hour the player
chose before the deadline, exactly once (a restarted scheduler sends none again), only while
orders are missing when asked, off and shown; bad hours refused, nothing changed."""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.i18n import t
from bot.scheduler import Scheduler
from bot.services import games as games_service
from bot.ui.absence import hours_text
from tests.bot.conftest import dump
from tests.cogs.helpers import OUTSIDER
from tests.e2e.correspondence import language, new_game, submit
from tests.e2e.harness import CHANNEL_ID, Harness, Member


async def _deadline(h: Harness, game_id: int) -> datetime:
    view = await games_service.get_game(h.bot.db, game_id=game_id)
    assert view.deadline is not None
    return view.deadline


async def _remind(h: Harness, who: Member, hours: str, **values: object) -> str:
    calls = await h.slash(who, "remind set", channel_id=CHANNEL_ID, hours=hours, **values)
    assert calls[0].ephemeral
    return calls[0].content


async def test_a_reminder_at_each_chosen_offset_exactly_once(h: Harness) -> None:
    game_id, by = await new_game(h)
    lang, france = language(h), by["france"]
    answer = await _remind(h, france, "24, 1")
    assert answer.startswith(t("remind.is_set", lang, hours=hours_text((24, 1), lang),
                               only_missing="no"))
    deadline = await _deadline(h, game_id)
    scheduler = h.bot.scheduler
    counts = []
    for before in (25, 24, 23, 2, 1, 0.5):
        await scheduler.run_once(now=deadline - timedelta(hours=before))
        counts.append(len(h.fake.dms_to(france.id)))
    assert counts == [0, 1, 1, 1, 2, 2]
    reminders = h.fake.dms_to(france.id)
    assert all(t("reminder.title", lang, name="G") in dm.text() for dm in reminders)
    # a restart: a new scheduler, nothing in memory, the same database
    restarted = Scheduler(h.bot.db, owner="restarted", send=scheduler.poster.send)
    await restarted.run_once(now=deadline - timedelta(minutes=20))
    assert len(h.fake.dms_to(france.id)) == 2
    # the next phase reminds again, at the same hours before its own deadline
    await restarted.run_once(now=deadline + timedelta(seconds=1))
    mark = len(h.fake.calls)
    following = await _deadline(h, game_id)
    await restarted.run_once(now=following - timedelta(hours=24))
    (again,) = h.fake.dms_to(france.id, mark)
    assert t("reminder.title", lang, name="G") in again.text()


async def test_only_missing_is_respected(h: Harness) -> None:
    game_id, by = await new_game(h)
    lang = language(h)
    await _remind(h, by["france"], "24", only_missing=True)
    await _remind(h, by["england"], "24")
    await _remind(h, by["germany"], "24", only_missing=True)
    await submit(h, by["france"], "A par H")
    await submit(h, by["england"], "A lvp H")
    deadline = await _deadline(h, game_id)
    await h.bot.scheduler.run_once(now=deadline - timedelta(hours=24))
    assert h.fake.dms_to(by["france"].id) == []  # orders in, reminders only when missing
    (ordered,) = h.fake.dms_to(by["england"].id)
    assert t("reminder.title_ordered", lang, name="G") in ordered.text()
    (missing,) = h.fake.dms_to(by["germany"].id)
    assert t("reminder.title", lang, name="G") in missing.text()


async def test_remind_show_and_off(h: Harness) -> None:
    game_id, by = await new_game(h)
    lang, italy = language(h), by["italy"]
    calls = await h.slash(italy, "remind show", channel_id=CHANNEL_ID)
    assert calls[0].content == t("remind.is_default", lang, hours=hours_text((6,), lang))
    calls = await h.slash(italy, "remind off", channel_id=CHANNEL_ID)
    assert calls[0].content == t("remind.is_off", lang)
    deadline = await _deadline(h, game_id)
    await h.bot.scheduler.run_once(now=deadline - timedelta(hours=6))
    assert h.fake.dms_to(italy.id) == []
    assert h.fake.dms_to(by["turkey"].id)  # the others keep the default reminder


async def test_bad_hours_are_refused_and_change_nothing(h: Harness) -> None:
    _, by = await new_game(h)
    lang, russia = language(h), by["russia"]
    before = await dump(h.bot.db)
    six = "1 ; 2 ; 3 ; 4 ; 5 ; 6" if lang == "fr" else "1,2,3,4,5,6"
    for bad in ("abc", "0", "-3", six, "1000", "nan", "24;x"):
        calls = await h.slash(russia, "remind set", channel_id=CHANNEL_ID, hours=bad)
        assert calls[0].ephemeral
        assert calls[0].content == t("error.remind.bad_hours", lang, value=bad), bad
    # a number that could be read two ways is asked again, never guessed
    for bad in ("1,5,24",) if lang == "fr" else ("1.5.24",):
        calls = await h.slash(russia, "remind set", channel_id=CHANNEL_ID, hours=bad)
        assert calls[0].content == t("error.remind.ambiguous_hours", lang, value=bad,
                                     piece=bad), bad
    stranger = Member(OUTSIDER.id, "outsider", locale=russia.locale)
    calls = await h.slash(stranger, "remind set", channel_id=CHANNEL_ID, hours="24")
    assert calls[0].content == t("error.player.not_in_game", lang, user_id=stranger.id)
    assert await dump(h.bot.db) == before


async def test_hours_are_read_the_way_the_reader_writes_numbers(h: Harness) -> None:
    """French writes 1,5 h and separates with semicolons; English writes 1.5 h and separates
    with commas: each reader's hours are read their way (Babel)."""
    game_id, by = await new_game(h)
    lang, france = language(h), by["france"]
    written = "1,5 ; 24" if lang == "fr" else "1.5, 24"
    answer = await _remind(h, france, written)
    assert answer.startswith(t("remind.is_set", lang, hours=hours_text((24, 1.5), lang),
                               only_missing="no")), answer
    assert ("24 h, 1,5 h" if lang == "fr" else "24 h, 1.5 h") in answer
    deadline = await _deadline(h, game_id)
    await h.bot.scheduler.run_once(now=deadline - timedelta(hours=1.5))
    assert len(h.fake.dms_to(france.id)) == 1  # 24 h and 1.5 h ahead, due at once: one DM
    # the other language's way, from a reader of that language, in the same guild
    other = Member(by["england"].id, "p", locale="en-GB" if lang == "fr" else "fr")
    calls = await h.slash(other, "remind set", channel_id=CHANNEL_ID,
                          hours="1.5, 24" if lang == "fr" else "1,5 ; 24")
    assert "1.5 h" in calls[0].content or "1,5 h" in calls[0].content, calls[0].content


async def test_an_offset_longer_than_the_phase_is_said_at_once(h: Harness) -> None:
    """Phases of 48 hours (retreats and adjustments 24): 72 hours ahead would fall before
    any phase opens, 30 hours ahead only before a movement deadline; both said when set."""
    _game_id, by = await new_game(h)
    lang, italy = language(h), by["italy"]
    answer = await _remind(h, italy, "72")
    assert t("remind.never_sent", lang, hours=hours_text((72,), lang),
             longest=hours_text((48,), lang)) in answer, answer
    assert ("Aucun rappel ne partira 72 h avant" if lang == "fr"
            else "No reminder will be sent 72 h ahead") in answer
    answer = await _remind(h, italy, "30 ; 6" if lang == "fr" else "30, 6")
    assert t("remind.longer_phases_only", lang, hours=hours_text((30,), lang),
             lengths=hours_text((48, 24), lang)) in answer, answer
    assert "never" not in answer and "Aucun rappel" not in answer
    answer = await _remind(h, italy, "6")
    assert answer == t("remind.is_set", lang, hours=hours_text((6,), lang), only_missing="no")
