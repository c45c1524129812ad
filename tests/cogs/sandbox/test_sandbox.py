"""/sandbox through the real client, in an English and a French guild: a what-if played to a
retreat and a build and undone, private to its owner, in DMs too; the real game untouched;
bad orders and commands refused clearly."""

from __future__ import annotations

from typing import Any

from sqlmodel import select

from bot.models import Game, OrderSet, Sandbox
from tests.e2e.correspondence import language, new_game, pass_deadline, put_position
from tests.e2e.harness import CHANNEL_ID, PNG_MAGIC, Call, Harness, Member

FR = {"to_act": "Encore sans ordres", "title": "Bac à sable", "none": "pas de bac à sable",
      "undone": "Annulé", "nothing": "Rien à annuler", "rejected": "pas été enregistrés",
      "winter": "Hiver 1901", "retreats": "retraites"}
EN = {"to_act": "Still without orders", "title": "Sandbox", "none": "no sandbox",
      "undone": "Undone", "nothing": "Nothing to undo", "rejected": "not saved",
      "winter": "Winter 1901", "retreats": "retreats"}


def words(h: Harness) -> dict[str, str]:
    return FR if language(h) == "fr" else EN


def number(h: Harness, game_id: int) -> str:
    return f"n°{game_id}" if language(h) == "fr" else f"#{game_id}"


def answer(calls: list[Call]) -> Call:
    """The reply the user sees (a deferred one is the follow-up)."""
    shown = [c for c in calls if c.text() or c.pngs()]
    assert shown, calls
    return shown[-1]


async def game_row(h: Harness, game_id: int) -> tuple[Any, ...]:
    async with h.bot.db.transaction(write=False) as session:
        game = await session.get(Game, game_id)
        assert game is not None
        orders = (await session.exec(select(OrderSet))).all()
        return game.phase, game.version, game.state, len(orders)


async def sandbox_of(h: Harness, user_id: int) -> Sandbox | None:
    async with h.bot.db.transaction(write=False) as session:
        return (await session.exec(select(Sandbox).where(Sandbox.user_id == user_id))).first()


# F1901M: Germany's army in Burgundy can be dislodged; France owns Spain and may take Belgium
UNITS = {"france": ["A par", "A mar", "A pic", "F bre"], "germany": ["A bur", "A mun", "F kie"]}
CENTRES = {"france": ["bre", "mar", "par", "spa"]}


async def test_what_if_to_a_retreat_and_a_build_then_undo(h: Harness) -> None:
    w, fr = words(h), language(h) == "fr"
    game_id, by = await new_game(h)
    await put_position(h, game_id, "F1901M", UNITS, CENTRES)
    before = await game_row(h, game_id)
    me = by["france"]
    # a copy of the game's public position, privately, with its map
    calls = await h.slash(me, "sandbox new", channel_id=CHANNEL_ID)
    shown = answer(calls)
    assert shown.ephemeral and shown.pngs()[0].startswith(PNG_MAGIC)
    assert w["title"] in shown.text() and number(h, game_id) in shown.text()
    # orders of two powers in one text, French or English names; each goes to its power
    text = ("A par - bou; A mar S A par - bou; A pic - bel; A bou H" if fr
            else "A par - bur; A mar S A par - bur; A pic - bel; A bur H")
    calls = await h.slash(me, "sandbox order", channel_id=CHANNEL_ID, text=text)
    shown = answer(calls)
    assert shown.ephemeral and "A par - bur" in shown.text().replace("bou", "bur")
    calls = await h.slash(me, "sandbox resolve", channel_id=CHANNEL_ID)
    shown = answer(calls)
    assert shown.ephemeral and shown.pngs()
    assert w["retreats"] in shown.text().lower()
    row = await sandbox_of(h, me.id)
    assert row is not None and row.state["phase"] == "F1901R"
    assert [u["location"] for u in row.state["dislodged"]] == ["bur"]
    # the retreat, then the Winter build
    await h.slash(me, "sandbox order", channel_id=CHANNEL_ID,
                  text="A bou - ruh" if fr else "A bur - ruh")
    calls = await h.slash(me, "sandbox resolve", channel_id=CHANNEL_ID)
    assert w["winter"] in answer(calls).text()
    calls = await h.slash(me, "sandbox order", channel_id=CHANNEL_ID,
                          text="Construire A par" if fr else "Build A par")
    assert ("construire a par" if language(h) == "fr" else "build a par") \
        in answer(calls).text().lower()
    calls = await h.slash(me, "sandbox map", channel_id=CHANNEL_ID)
    assert answer(calls).pngs()[0].startswith(PNG_MAGIC)
    await h.slash(me, "sandbox resolve", channel_id=CHANNEL_ID)
    row = await sandbox_of(h, me.id)
    assert row is not None and row.state["phase"] == "S1902M"
    assert {"power": "france", "type": "A", "location": "par"} in row.state["units"]
    # undo: back to the Winter with the build pending, then before the build was written
    calls = await h.slash(me, "sandbox undo", channel_id=CHANNEL_ID)
    assert w["undone"] in answer(calls).text()
    row = await sandbox_of(h, me.id)
    assert row is not None and row.state["phase"] == "W1901A" and row.orders["france"]
    await h.slash(me, "sandbox undo", channel_id=CHANNEL_ID)
    row = await sandbox_of(h, me.id)
    assert row is not None and row.state["phase"] == "W1901A" and not row.orders
    # reset: the copied position again
    await h.slash(me, "sandbox reset", channel_id=CHANNEL_ID)
    row = await sandbox_of(h, me.id)
    assert row is not None and row.state["phase"] == "F1901M"
    # nothing of this touched the game: same position, version, no orders
    assert await game_row(h, game_id) == before
    calls = await h.slash(me, "sandbox end", channel_id=CHANNEL_ID)
    assert await sandbox_of(h, me.id) is None


async def test_nobody_else_sees_or_touches_it(h: Harness) -> None:
    w = words(h)
    game_id, by = await new_game(h)
    owner, other = by["france"], by["germany"]
    outsider = Member(3001, "outsider", locale=owner.locale)
    await h.slash(owner, "sandbox new", channel_id=CHANNEL_ID)
    await h.slash(owner, "sandbox order", channel_id=CHANNEL_ID, text="A par - bur")
    mine = await sandbox_of(h, owner.id)
    # the others have none: every command answers so, and changes nothing
    for command in ("sandbox show", "sandbox map", "sandbox resolve", "sandbox undo",
                    "sandbox reset", "sandbox clear", "sandbox end"):
        calls = await h.slash(other, command, channel_id=CHANNEL_ID)
        assert w["none"] in answer(calls).text() and answer(calls).ephemeral, command
    calls = await h.slash(other, "sandbox order", channel_id=CHANNEL_ID, text="A mun - bur")
    assert w["none"] in answer(calls).text()
    # a game one neither plays nor referees cannot be copied
    calls = await h.slash(outsider, "sandbox new", channel_id=CHANNEL_ID, game=game_id)
    assert number(h, game_id) in answer(calls).text()
    assert await sandbox_of(h, outsider.id) is None
    # autocomplete offers only one's own games
    assert await h.autocomplete(outsider, "sandbox new", "game", channel_id=CHANNEL_ID,
                                game="") == []
    choices = await h.autocomplete(other, "sandbox new", "game", channel_id=CHANNEL_ID,
                                   game="")
    assert [c["value"] for c in choices] == [game_id]
    after = await sandbox_of(h, owner.id)
    assert mine is not None and after is not None
    assert (after.state, after.orders, after.history) == (mine.state, mine.orders,
                                                         mine.history)
    # a second sandbox replaces the first, and says so
    calls = await h.slash(owner, "sandbox new", channel_id=CHANNEL_ID, variant="classic")
    assert ("remplace" if language(h) == "fr" else "replaces") in answer(calls).text()


async def test_bad_orders_and_commands_are_refused_clearly(h: Harness) -> None:
    w, fr = words(h), language(h) == "fr"
    _game_id, by = await new_game(h)
    me = by["italy"]
    calls = await h.slash(me, "sandbox undo", channel_id=CHANNEL_ID)
    assert w["none"] in answer(calls).text()
    await h.slash(me, "sandbox new", channel_id=CHANNEL_ID)
    calls = await h.slash(me, "sandbox undo", channel_id=CHANNEL_ID)
    assert w["nothing"] in answer(calls).text()
    # a refused line refuses the text, with the reason, in the reader's language
    calls = await h.slash(me, "sandbox order", channel_id=CHANNEL_ID,
                          text="A ven - tyr; A par - mun; A rom - xyz")
    shown = answer(calls).text()
    assert w["rejected"] in shown and "❌" in shown and "xyz" in shown
    assert ("ne peut pas atteindre" if fr else "cannot reach") in shown
    row = await sandbox_of(h, me.id)
    assert row is not None and row.orders == {} and row.history == []
    calls = await h.slash(me, "sandbox order", channel_id=CHANNEL_ID, text="A ven - tyr",
                          power="france")
    assert "❌" in answer(calls).text()
    # variants that do not fit, and phases that do not exist
    calls = await h.slash(me, "sandbox new", channel_id=CHANNEL_ID, variant="imperialisme")
    assert ("votes secrets" if fr else "secret votes") in answer(calls).text()
    calls = await h.slash(me, "sandbox new", channel_id=CHANNEL_ID, variant="duel")
    assert ("classements" if fr else "rankings") in answer(calls).text()
    calls = await h.slash(me, "sandbox new", channel_id=CHANNEL_ID, variant="chess")
    assert "chess" in answer(calls).text()
    calls = await h.slash(me, "sandbox new", channel_id=CHANNEL_ID, phase="F1950M")
    assert "1950" in answer(calls).text()
    row = await sandbox_of(h, me.id)
    assert row is not None and row.state["phase"] == "S1901M"  # still the one it had


async def test_in_direct_messages_and_from_a_past_phase(h: Harness) -> None:
    fr = language(h) == "fr"
    game_id, by = await new_game(h)
    me = by["england"]
    await pass_deadline(h, game_id)  # S1901M resolved with every unit holding
    # the command is offered in DMs (the contexts Discord is told: guild 0, bot DM 1)
    await h.bot.sync_commands()
    synced = next(c for c in h.fake.commands_synced if c["name"] == "sandbox")
    assert set(synced["contexts"]) == {0, 1}
    # the past phases of one's own game are offered by name; none of another's
    choices = await h.autocomplete(me, "sandbox new", "phase", channel_id=CHANNEL_ID,
                                   game=game_id, phase="")
    assert [c["value"] for c in choices] == ["S1901M"]
    assert ("Printemps 1901" if fr else "Spring 1901") in choices[0]["name"]
    assert await h.autocomplete(Member(3001, "outsider"), "sandbox new", "phase",
                                channel_id=CHANNEL_ID, game=game_id, phase="") == []
    # in DMs: normal messages (a DM is private), the game named by its number
    calls = await h.slash(me, "sandbox new", dm=True, phase="S1901M")
    assert ("partie:" if fr else "game:") in answer(calls).text()
    calls = await h.slash(me, "sandbox new", dm=True, game=game_id,
                          phase="P1901M" if fr else "S1901M")
    shown = answer(calls)
    assert not shown.ephemeral and shown.pngs()[0].startswith(PNG_MAGIC)
    row = await sandbox_of(h, me.id)
    assert row is not None and row.state["phase"] == "S1901M"
    assert row.source["kind"] == "phase"
    calls = await h.slash(me, "sandbox order", dm=True,
                          text="F lon - mer du nord" if fr else "F lon - north sea")
    assert not answer(calls).ephemeral
    assert ("F lon - nrd" if fr else "F lon - nth") in answer(calls).text()
    calls = await h.slash(me, "sandbox resolve", dm=True)
    assert not answer(calls).ephemeral
    row = await sandbox_of(h, me.id)
    assert row is not None and row.state["phase"] == "F1901M"
    assert {"power": "england", "type": "F", "location": "nth"} in row.state["units"]
    # the opening of a variant, from DMs
    calls = await h.slash(me, "sandbox new", dm=True, variant="classic")
    assert ("position initiale de Diplomatie" if fr else "opening of Diplomacy") in \
        answer(calls).text() and "classic" not in answer(calls).text()
    row = await sandbox_of(h, me.id)
    assert row is not None and row.source["kind"] == "variant"
    calls = await h.slash(me, "sandbox end", dm=True)
    assert not answer(calls).ephemeral


async def test_an_order_of_no_single_power_is_asked_about_never_guessed(h: Harness) -> None:
    """Without `power:`, a line goes to the power it can only be (a build in a home centre
    goes to that centre's power, rules §3.4.2); a line several powers could give (a waive,
    a removal sent ahead) gets a question back naming them, and nothing is added."""
    fr = language(h) == "fr"
    _game_id, by = await new_game(h)
    me = by["italy"]
    await h.slash(me, "sandbox new", channel_id=CHANNEL_ID)
    for text in ("Waive", "Remove A mun"):
        calls = await h.slash(me, "sandbox order", channel_id=CHANNEL_ID, text=text)
        shown = answer(calls).text()
        assert (f"Quelle puissance donne `{text}`\u202f? Puissances possibles\u202f: "
                "Autriche, Angleterre, France, Allemagne, Italie, Russie, Turquie."
                if fr else f"Which power gives `{text}`? Possible powers: Austria, England, "
                "France, Germany, Italy, Russia, Turkey.") in shown, shown
        row = await sandbox_of(h, me.id)
        assert row is not None and row.orders == {}
    calls = await h.slash(me, "sandbox order", channel_id=CHANNEL_ID, text="Build A mun")
    assert "❌" not in answer(calls).text()
    row = await sandbox_of(h, me.id)
    assert row is not None and list(row.orders) == ["germany"]
    # named, the same line is that power's
    calls = await h.slash(me, "sandbox order", channel_id=CHANNEL_ID, text="Waive",
                          power="austria")
    row = await sandbox_of(h, me.id)
    assert row is not None and sorted(row.orders) == ["austria", "germany"]
