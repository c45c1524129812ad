"""``/game status`` says who the phase is waiting for, who plays a replaced power now, and
the deadline, in the reader's language (issue 12 item 8)."""

from __future__ import annotations

from tests.e2e.correspondence import (
    GM,
    language,
    new_game,
    submit,
)
from tests.e2e.harness import CHANNEL_ID, Harness, Member, answer

SUBSTITUTE = Member(4001, "substitute")


async def test_status_names_the_missing_powers_the_replacement_and_the_deadline(
        h: Harness) -> None:
    fr = language(h) == "fr"
    _game_id, by = await new_game(h)
    await submit(h, by["france"], "A par - bur")
    for power in ("england", "germany", "italy", "russia"):
        await h.slash(by[power], "ready", channel_id=CHANNEL_ID)
    await h.slash(GM, "gm replace", channel_id=CHANNEL_ID, power="turkey",
                  player=SUBSTITUTE.id)
    reader = Member(5001, "reader", locale="fr" if fr else "en-US")
    reply = answer(await h.slash(reader, "game status", channel_id=CHANNEL_ID))
    fields = {f["name"]: f["value"] for f in reply.embeds[0]["fields"]}
    waiting = fields["En attente de (2)" if fr else "Waiting for (2)"]
    assert waiting == ("Autriche, Turquie" if fr else "Austria, Turkey")
    players = fields["Joueurs (7)" if fr else "Players (7)"]
    old = by["turkey"]
    assert f"<@{SUBSTITUTE.id}> — {'Turquie' if fr else 'Turkey'}" in players
    assert f"{'remplace' if fr else 'replaces'} <@{old.id}>" in players
    assert players.count(f"<@{old.id}>") == 1, "the replaced player is not a seat of its own"
    deadline = fields["Date limite" if fr else "Deadline"]
    assert deadline.startswith("<t:") and ":R>" in deadline
    assert fields["Variante" if fr else "Variant"] == ("Diplomatie" if fr else "Diplomacy")
    # Austria is ready: only the replacement is awaited now
    await h.slash(by["austria"], "ready", channel_id=CHANNEL_ID)
    reply = answer(await h.slash(reader, "game status", channel_id=CHANNEL_ID))
    fields = {f["name"]: f["value"] for f in reply.embeds[0]["fields"]}
    assert fields["En attente de (1)" if fr else "Waiting for (1)"] == (
        "Turquie" if fr else "Turkey")


async def test_a_finished_game_awaits_nobody(h: Harness) -> None:
    """Once the game is over, /game status marks no seat as awaited, ready or written."""
    fr = language(h) == "fr"
    game_id, by = await new_game(h, options={"end_year": 1901})
    await submit(h, by["france"], "A mar - spa")
    for _ in range(3):  # S1901M, F1901M, W1901A: past the last year, the game ends
        await h.slash(GM, "gm adjudicate", channel_id=CHANNEL_ID)
    reader = Member(5001, "reader", locale="fr" if fr else "en-US")
    reply = answer(await h.slash(reader, "game status", channel_id=CHANNEL_ID))
    fields = {f["name"]: f["value"] for f in reply.embeds[0]["fields"]}
    assert fields["État" if fr else "Status"] == ("terminée" if fr else "finished"), fields
    players = fields["Joueurs (7)" if fr else "Players (7)"]
    assert all(f"<@{m.id}>" in players for m in by.values())
    assert not any(mark in players for mark in ("⏳", "✅", "📝")), players
    assert not any(name.startswith("En attente" if fr else "Waiting") for name in fields)
    _ = game_id
