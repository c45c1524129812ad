"""Private letters at the service level on SQLite and PostgreSQL: sealed at rest, read by
their sender and recipients only, refused without a trace."""

from __future__ import annotations

import pytest

from bot.db import Database
from bot.services import press
from bot.services.errors import ServiceError
from tests.bot.conftest import GM, dump, new_game, user_of

TEXT = "Let us take Munich together"


async def test_a_letter_is_sealed_and_read_by_its_people_only(db: Database) -> None:
    game_id = await new_game(db)
    france, italy, england = [await user_of(db, game_id, p)
                              for p in ("france", "italy", "england")]
    sent = await press.send_letter(db, game_id=game_id, user_id=france, to="Italie",
                                   text=TEXT)
    assert sent.recipients == ("italy",)
    assert TEXT not in repr(await dump(db))
    assert [x.text for x in await press.inbox(db, game_id=game_id, user_id=italy)] == [TEXT]
    assert [x.mine for x in await press.inbox(db, game_id=game_id, user_id=france)] == [True]
    assert await press.inbox(db, game_id=game_id, user_id=england) == []
    with pytest.raises(ServiceError) as refused:
        await press.inbox(db, game_id=game_id, user_id=GM)
    assert refused.value.code == "press.gm_cannot_read"


async def test_recipients_by_name_or_abbreviation() -> None:
    assert press.resolve_recipients("classic", "France, ITA") == ["france", "italy"]
    assert press.resolve_recipients("classic", "Autriche et Russie") == ["austria", "russia"]
    assert press.resolve_recipients("classic", "eng ger eng") == ["england", "germany"]
    assert press.resolve_recipients("classic", "FR IT, de") == ["france", "italy", "germany"]
    with pytest.raises(ServiceError):
        press.resolve_recipients("classic", "France, Atlantis")
    with pytest.raises(ServiceError):
        press.resolve_recipients("classic", "a")
    with pytest.raises(ServiceError):
        press.resolve_recipients("classic", " , ")


async def test_a_refused_letter_leaves_no_trace(db: Database) -> None:
    game_id = await new_game(db, options={"press": "public"})
    france = await user_of(db, game_id, "france")
    before = await dump(db)
    with pytest.raises(ServiceError) as refused:
        await press.send_letter(db, game_id=game_id, user_id=france, to="italy", text=TEXT)
    assert refused.value.code == "press.public_only"
    assert TEXT not in str(refused.value)
    assert await dump(db) == before


async def test_letters_in_an_imperialisme_game(db: Database) -> None:
    """A board of owners (seed 003): a power with territories is alive."""
    from tests.bot.services.imperialisme.test_service import USER
    from tests.bot.services.imperialisme.test_service import new_game as imperialisme_game

    game_id = await imperialisme_game(db)
    await press.send_letter(db, game_id=game_id, user_id=USER["france"], to="Serbie",
                            text=TEXT)
    letters = await press.inbox(db, game_id=game_id, user_id=USER["serbia"])
    assert [x.sender for x in letters] == [("france",)]
