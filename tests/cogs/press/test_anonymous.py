"""An anonymous letter's readers never learn its sender, not even by elimination from the
list of recipients (RULES.md secrecy), in the DM and in /inbox; French letters put articles
and elisions where French puts them. Through the real client, in an English and a French
guild."""

from __future__ import annotations

from bot.i18n import t
from bot.services import games as games_service
from bot.ui.format import power_name
from tests.e2e.correspondence import GM, language, members, new_game
from tests.e2e.harness import CHANNEL_ID, Harness

OTHERS = ("austria", "england", "france", "germany", "italy", "russia")


def _every_name(h: Harness, text: str, *powers: str) -> list[str]:
    return [p for p in powers if power_name(p, language(h), "classic") in text]


async def test_a_letter_to_every_power_does_not_tell_its_sender(h: Harness) -> None:
    lang = language(h)
    _game_id, by = await new_game(h, options={"gm_reads_press": True})
    mark = len(h.fake.calls)
    await h.slash(by["turkey"], "press", channel_id=CHANNEL_ID, text="Peace to all",
                  to=", ".join(OTHERS), anonymous=True)
    everyone = t("press.letter.everyone", lang)
    for power in OTHERS:
        dm = h.fake.dms_to(by[power].id, mark)[0].text()
        assert "Peace to all" in dm and everyone in dm
        # no power named at all: the list would leave Turkey out
        assert _every_name(h, dm, *OTHERS, "turkey") == []
        inbox = (await h.slash(by[power], "inbox", channel_id=CHANNEL_ID))[-1].text()
        assert everyone in inbox and _every_name(h, inbox, *OTHERS, "turkey") == []
    # the GM reading every letter is no wiser
    gm = (await h.slash(GM, "inbox", channel_id=CHANNEL_ID))[-1].text()
    assert "Peace to all" in gm and _every_name(h, gm, *OTHERS, "turkey") == []
    # the sender sees their own list
    sent = (await h.slash(by["turkey"], "inbox", channel_id=CHANNEL_ID))[-1].text()
    assert _every_name(h, sent, *OTHERS, "turkey") == [*OTHERS, "turkey"]


async def test_a_letter_to_some_says_how_many_others(h: Harness) -> None:
    lang = language(h)
    _game_id, by = await new_game(h)
    mark = len(h.fake.calls)
    await h.slash(by["turkey"], "press", channel_id=CHANNEL_ID, text="Just us",
                  to="italy, russia, austria", anonymous=True)
    dm = h.fake.dms_to(by["italy"].id, mark)[0].text()
    assert t("press.letter.you_and", lang, count=2) in dm
    assert _every_name(h, dm, *OTHERS, "turkey") == []
    mark = len(h.fake.calls)
    await h.slash(by["turkey"], "press", channel_id=CHANNEL_ID, text="Only you",
                  to="italy", anonymous=True)
    dm = h.fake.dms_to(by["italy"].id, mark)[0].text()
    # to the reader alone: its own power is named, which tells nothing of the sender
    assert t("press.letter.to", lang, powers=power_name("italy", lang), phase="").split(
        " ·")[0] in dm
    assert _every_name(h, dm, *OTHERS, "turkey") == ["italy"]
    inbox = (await h.slash(by["italy"], "inbox", channel_id=CHANNEL_ID))[-1].text()
    assert _every_name(h, inbox, *OTHERS, "turkey") == ["italy"]  # the reader's own only
    assert t("press.letter.you_and", lang, count=2) in inbox
    # a signed letter still lists its recipients
    mark = len(h.fake.calls)
    await h.slash(by["turkey"], "press", channel_id=CHANNEL_ID, text="Signed", to="italy, russia")
    dm = h.fake.dms_to(by["italy"].id, mark)[0].text()
    assert _every_name(h, dm, "italy", "russia", "turkey") == ["italy", "russia", "turkey"]


async def test_french_letters_have_their_articles(h: Harness) -> None:
    """"Lettre de l'Angleterre", "À l'Italie", "À la France et à l'Allemagne", "D'une
    puissance anonyme à l'Italie" (English: "Letter from England", "To France and
    Germany")."""
    lang = language(h)
    _game_id, by = await new_game(h)
    mark = len(h.fake.calls)
    await h.slash(by["england"], "press", channel_id=CHANNEL_ID, text="Hi", to="france, germany")
    dm = h.fake.dms_to(by["france"].id, mark)[0].text()
    if lang == "fr":
        assert "Lettre de l'Angleterre — G" in dm
        assert "À la France et à l'Allemagne · " in dm
    else:
        assert "Letter from England — G" in dm and "To France and Germany · " in dm
    mark = len(h.fake.calls)
    await h.slash(by["england"], "press", channel_id=CHANNEL_ID, text="Psst", to="italy",
                  anonymous=True)
    dm = h.fake.dms_to(by["italy"].id, mark)[0].text()
    inbox = (await h.slash(by["italy"], "inbox", channel_id=CHANNEL_ID))[-1].text()
    sent = (await h.slash(by["england"], "inbox", channel_id=CHANNEL_ID))[-1].text()
    if lang == "fr":
        assert "Lettre d'une puissance anonyme — G" in dm and "À l'Italie · " in dm
        assert "📨 D'une puissance anonyme à l'Italie — " in inbox
        assert "📤 Vous (l'Angleterre) à l'Italie — " in sent
        assert "📤 Vous (l'Angleterre) à la France et à l'Allemagne — " in sent
    else:
        assert "Letter from an anonymous power — G" in dm and "To Italy · " in dm
        assert "📨 From an anonymous power to Italy — " in inbox
        assert "📤 You (England) to France and Germany — " in sent
    # what the sender is told
    calls = await h.slash(by["russia"], "press", channel_id=CHANNEL_ID, text="x",
                          to="italy, turkey")
    answer = next(c for c in calls if c.is_interaction_response).content
    if lang == "fr":
        assert "Votre lettre à l'Italie et à la Turquie est partie" in answer
    else:
        assert "Your letter to Italy and Turkey is on its way" in answer


async def test_you_and_counts_the_powers_that_are_not_yours(h: Harness) -> None:
    """Four players (rules §2.14.2): one holds Austria and France. An anonymous letter to
    Austria, France and Germany reaches them as "you and one other power", not two."""
    lang = language(h)
    await h.slash(GM, "game create", channel_id=CHANNEL_ID, variant="classic", name="G")
    people = members(h)[:4]
    for m in people:
        await h.slash(m, "game join", channel_id=CHANNEL_ID)
    await h.slash(GM, "game start", channel_id=CHANNEL_ID)
    game = await games_service.game_in_channel(h.bot.db, channel_id=CHANNEL_ID)
    by_id = {m.id: m for m in people}
    holder = {pw: by_id[s.user_id] for s in game.players for pw in s.powers}
    assert holder["austria"] == holder["france"] != holder["germany"]
    mark = len(h.fake.calls)
    await h.slash(holder["england"], "press", channel_id=CHANNEL_ID, text="Three of you",
                  to="austria, france, germany", anonymous=True)
    pair = holder["austria"]
    dm = h.fake.dms_to(pair.id, mark)[0].text()
    assert "Three of you" in dm and t("press.letter.you_and", lang, count=1) in dm
    assert t("press.letter.you_and", lang, count=2) not in dm
    inbox = (await h.slash(pair, "inbox", channel_id=CHANNEL_ID))[-1].text()
    assert t("press.letter.you_and", lang, count=1) in inbox
    # Germany's player holds one of the three: two others
    dm = h.fake.dms_to(holder["germany"].id, mark)[0].text()
    assert t("press.letter.you_and", lang, count=2) in dm
