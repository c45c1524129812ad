"""/absence through the real client, in English and in French (seed 004 §3.6): a deadline on
a day away moves to the end of the absence within the yearly allowance, or the game master is
asked for a replacement; the reason is never posted; bad input is refused, nothing changed."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, time, timedelta

from bot.i18n import command_texts, messages, t
from bot.models import utcnow
from bot.services import games as games_service
from bot.ui.absence import day_text
from bot.ui.format import deadline_text
from tests.bot.conftest import dump
from tests.cogs.helpers import OUTSIDER
from tests.e2e.correspondence import GM, dms, language, new_game, pass_deadline, public
from tests.e2e.harness import CHANNEL_ID, Harness, Member, answer

SECRET = "dentist-appointment-xyz"


def test_days_are_written_the_readers_way() -> None:
    d = date(2020, 1, 2)
    assert day_text(d, "fr") == "2 janvier 2020"
    assert day_text(d, "en-GB") == "2 January 2020"
    assert day_text(d, "en-US") == "January 2, 2020"
    assert t("error.absence.past", "fr", ends=day_text(d, "fr")) == \
        "Cette absence est déjà terminée (dernier jour le 2 janvier 2020)."


def _day(d: date, h: Harness) -> str:
    """French players write 24/12/2026, English ones 2026-12-24 (both are read anyway)."""
    return d.strftime("%d/%m/%Y") if language(h) == "fr" else d.isoformat()


def _midnight_after(d: date) -> datetime:
    return datetime.combine(d + timedelta(days=1), time(0), tzinfo=UTC)


async def _deadline(h: Harness, game_id: int) -> datetime:
    view = await games_service.get_game(h.bot.db, game_id=game_id)
    assert view.deadline is not None
    return view.deadline


async def _away(h: Harness, who: Member, starts: date, ends: date, reason: str | None = SECRET
                ) -> str:
    calls = await h.slash(who, "absence set", channel_id=CHANNEL_ID, starts=_day(starts, h),
                          ends=_day(ends, h), reason=reason)
    assert calls[0].ephemeral
    return calls[0].content


def _gm(by: dict[str, Member]) -> Member:
    """The game master, speaking the players' language."""
    return Member(GM.id, GM.name, permissions=GM.permissions, locale=by["france"].locale)


def _every_text(h: Harness, since: int) -> str:
    """Every message the bot posted since ``since`` but its ephemeral replies."""
    return "\n".join(c.text() for c in h.fake.calls[since:]
                     if c.method == "POST" and not c.ephemeral)


async def test_a_deadline_on_a_day_away_moves_to_the_end_of_the_absence(h: Harness) -> None:
    game_id, by = await new_game(h)
    lang, france = language(h), by["france"]
    deadline = await _deadline(h, game_id)
    first, last = deadline.date(), deadline.date() + timedelta(days=2)
    mark = len(h.fake.calls)
    answer = await _away(h, france, first, last)
    assert t("absence.set_done", lang, starts=day_text(first, france.locale),
             ends=day_text(last, france.locale)) in answer
    assert SECRET in answer  # the player's own reply, ephemeral
    moved = await _deadline(h, game_id)
    assert moved == _midnight_after(last)
    days = -(-(moved - deadline) // timedelta(days=1))  # days begun count whole
    assert t("absence.set_extend", lang, count=14 - days,
             deadline=deadline_text(moved)) in answer
    posts = h.fake.posts_to(CHANNEL_ID, mark)
    assert len(posts) == 1 and f"<@{france.id}>" in posts[0].text()
    assert t("absence.extended_title", lang) in posts[0].text()
    assert SECRET not in _every_text(h, mark)  # nor in any DM: the reason is the player's


async def test_status_shows_who_is_away_never_why(h: Harness) -> None:
    _, by = await new_game(h)
    lang, italy = language(h), by["italy"]
    today = utcnow().date()
    await _away(h, italy, today, today + timedelta(days=1))
    mark = len(h.fake.calls)
    calls = await h.slash(by["england"], "game status", channel_id=CHANNEL_ID)
    text = answer(calls).text()
    assert t("absence.status_title", lang, count=1) in text
    assert t("absence.status_line", lang, user=f"<@{italy.id}>",
             ends=day_text(today + timedelta(days=1), lang)) in text
    assert SECRET not in _every_text(h, mark)


async def test_the_next_phase_deadline_is_moved_by_the_turn_pipeline(h: Harness) -> None:
    game_id, by = await new_game(h)
    deadline = await _deadline(h, game_id)
    # away around the next phase's deadline (48 h after this one), not this one
    first, last = (deadline + timedelta(days=2)).date(), (deadline + timedelta(days=3)).date()
    await _away(h, by["turkey"], first, last)
    assert await _deadline(h, game_id) == deadline
    calls = await pass_deadline(h, game_id)
    assert await _deadline(h, game_id) == _midnight_after(last)
    texts = "\n".join(c.text() for c in public(calls))
    assert f"<@{by['turkey'].id}>" in texts and SECRET not in texts


async def test_the_allowance_used_up_leaves_the_deadline(h: Harness) -> None:
    game_id, by = await new_game(h)
    lang, austria = language(h), by["austria"]
    calls = await h.slash(_gm(by), "absence policy", channel_id=CHANNEL_ID, days=1)
    assert t("absence.policy", lang, policy="extend", count=1) in calls[0].content
    deadline = await _deadline(h, game_id)
    answer = await _away(h, austria, deadline.date(), deadline.date() + timedelta(days=4))
    assert await _deadline(h, game_id) == deadline + timedelta(days=1)  # one day, not five
    assert t("absence.set_extend", lang, count=0,
             deadline=deadline_text(deadline + timedelta(days=1))) in answer
    calls = await h.slash(austria, "absence clear", channel_id=CHANNEL_ID)
    assert calls[0].content == t("absence.cleared", lang, count=1)
    moved = await _deadline(h, game_id)
    await _away(h, austria, moved.date(), moved.date() + timedelta(days=3))
    assert await _deadline(h, game_id) == moved  # the day granted stays counted
    calls = await h.slash(austria, "absence policy", channel_id=CHANNEL_ID)
    assert t("absence.remaining", lang, count=0) in calls[0].content


async def test_with_replace_the_game_master_is_asked_for_a_replacement(h: Harness) -> None:
    game_id, by = await new_game(h)
    lang, russia = language(h), by["russia"]
    calls = await h.slash(_gm(by), "absence policy", channel_id=CHANNEL_ID, mode="replace")
    assert t("absence.policy", lang, policy="replace", count=14) in calls[0].content
    deadline = await _deadline(h, game_id)
    mark = len(h.fake.calls)
    answer = await _away(h, russia, deadline.date(), deadline.date() + timedelta(days=3))
    assert t("absence.set_replace", lang) in answer
    assert await _deadline(h, game_id) == deadline  # nothing moves: a player is named
    asked = dms(h, h.fake.since(mark), GM)  # in the guild's language
    assert len(asked) == 1
    text = asked[0].text()
    replace = "`/mj remplacer`" if lang == "fr" else "`/gm replace`"  # as Discord lists it
    assert f"<@{russia.id}>" in text and replace in text and SECRET not in text
    assert not h.fake.posts_to(CHANNEL_ID, mark)
    assert SECRET not in _every_text(h, mark)


async def test_bad_absences_are_refused_and_change_nothing(h: Harness) -> None:
    _, by = await new_game(h)
    lang, england = language(h), by["england"]
    today = utcnow().date()
    await _away(h, england, today + timedelta(days=20), today + timedelta(days=22))
    before = await dump(h.bot.db)

    async def refused(who: Member, key: str, first: str, last: str, **params: object
                      ) -> None:
        calls = await h.slash(who, "absence set", channel_id=CHANNEL_ID, starts=first,
                              ends=last)
        assert calls[0].ephemeral
        assert calls[0].content == t(key, lang, **params), calls[0].content
        if key != "error.absence.bad_date":  # which shows the forms it reads
            assert not re.search(r"\d{4}-\d{2}-\d{2}", calls[0].content), "no ISO date"

    def day(d: date) -> str:
        return day_text(d, england.locale)

    later = (today + timedelta(days=3)).isoformat()
    await refused(england, "error.absence.bad_date", "32/13", later, value="32/13")
    await refused(england, "error.absence.bad_date", "tomorrow", later, value="tomorrow")
    first, last = today + timedelta(days=5), today + timedelta(days=2)
    # the days said back the reader's way (Babel), never ISO: "le 2 janvier 2020"
    await refused(england, "error.absence.ends_before", first.isoformat(), last.isoformat(),
                  starts=day(first), ends=day(last))
    past = today - timedelta(days=3)
    await refused(england, "error.absence.past", (past - timedelta(days=2)).isoformat(),
                  past.isoformat(), ends=day(past))
    far = today + timedelta(days=120)
    await refused(england, "error.absence.too_long", today.isoformat(), far.isoformat(),
                  count=121, max=90)
    await refused(england, "error.absence.overlaps", (today + timedelta(days=21)).isoformat(),
                  (today + timedelta(days=30)).isoformat(),
                  starts=day(today + timedelta(days=20)),
                  ends=day(today + timedelta(days=22)))
    stranger = Member(OUTSIDER.id, "outsider", locale=england.locale)
    calls = await h.slash(stranger, "absence set", channel_id=CHANNEL_ID, starts=later,
                          ends=later)
    assert calls[0].content == t("error.player.not_in_game", lang, user_id=stranger.id)
    calls = await h.slash(england, "absence policy", channel_id=CHANNEL_ID, mode="replace")
    assert calls[0].content == t("error.game.not_gm", lang, user_id=england.id)
    assert await dump(h.bot.db) == before


async def test_game_settings_say_the_absence_policy(h: Harness) -> None:
    _, by = await new_game(h)
    lang = language(h)
    await h.slash(_gm(by), "absence policy", channel_id=CHANNEL_ID, mode="replace", days=7)
    calls = await h.slash(by["england"], "game settings", channel_id=CHANNEL_ID)
    text = calls[0].text()
    assert t("settings.absence", lang, policy="replace", count=7) in text
    assert "absence_days" not in text and "replace" not in text.replace(
        t("settings.absence", lang, policy="replace", count=7), "")


# French forms that agree with the player's gender ("il est absent" / "elle est absente"): a
# text about a player is worded without them, so that it fits anyone
GENDERED = re.compile(r"\b(?:êtes|est|sera|serez|était|suis)\s+(?:déjà\s+|plus\s+)?"
                      r"(?:absent|prêt|inscrit|parti|revenu|remplacé|seul|exclu)\b"
                      r"|\bvous seul\b|\bn'êtes plus\b|\bl'a prévenu\b", re.IGNORECASE)


async def test_french_absences_fit_any_player(h: Harness) -> None:
    """The notice, the reply, /game status and the refusal of an overlap, said without a
    gendered agreement in French ("Absence de @joueur jusqu'au …")."""
    game_id, by = await new_game(h)
    lang, italy = language(h), by["italy"]
    deadline = await _deadline(h, game_id)
    first, last = utcnow().date(), deadline.date() + timedelta(days=1)
    mark = len(h.fake.calls)
    reply = await _away(h, italy, first, last)
    notice = _every_text(h, mark)
    status = answer(await h.slash(by["england"], "game status", channel_id=CHANNEL_ID)).text()
    again = await _away(h, italy, first, last)
    if lang == "fr":
        assert f"Absence de <@{italy.id}> jusqu'au {day_text(last, 'fr')}" in notice
        assert reply.startswith(f"Absence enregistrée du {day_text(first, 'fr')}")
        assert t("absence.status_title", lang, count=1) == "Absence"
        assert again.startswith("Vous avez déjà annoncé une absence du ")
    else:
        assert f"<@{italy.id}> is away until {day_text(last, h.guild_locale)}" in notice
    assert t("absence.status_title", lang, count=1) in status
    for text in (notice, reply, status, again):
        assert not GENDERED.search(text), text


def test_no_french_text_agrees_with_a_player_s_gender() -> None:
    found = {key: text for key, text in messages("fr").items() if GENDERED.search(text)}
    assert found == {}
    assert [x for x in command_texts("fr").values() if GENDERED.search(x)] == []
