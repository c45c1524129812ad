"""What players read, through the real client, in a French and an English guild: a forum
game opens like a referee's post in the guild's language (not the language of the GM's
client), the start post says what to do next, a duel's bidding notice names the minors with
their articles and French typography."""

from __future__ import annotations

from bot.i18n import t
from tests.e2e.correspondence import GM, language, members, new_game
from tests.e2e.harness import CHANNEL_ID, FORUM_ID, Harness, Member

NNBSP = "\u202f"


async def test_a_forum_game_reads_like_a_referee_post(h: Harness) -> None:
    fr = language(h) == "fr"
    calls = await h.slash(GM, "game create", channel_id=FORUM_ID, variant="classic")
    thread = next(c for c in calls if c.path == "/channels/{channel_id}/threads")
    # the GM's client is English: the post, its title included, is in the guild's language
    assert thread.json["name"] == ("Diplomatie" if fr else "Diplomacy")
    opening = thread.json["message"]["content"]
    assert opening.startswith(f"**Diplomatie**{NNBSP}: une partie de Diplomatie arbitrée ici"
                              if fr else "**Diplomacy**: a game of Diplomacy refereed here")
    assert (f"**Maintenant**{NNBSP}: les inscriptions sont ouvertes." if fr else
            "**Now**: sign-up is open.") in opening  # the state
    # what to do next, with the commands as the reader's Discord lists them
    assert (("/partie rejoindre" in opening and "/partie lancer" in opening) if fr else
            ("/game join" in opening and "/game start" in opening))
    thread_id = int(thread.answer["id"])
    h.bot._connection.parse_thread_create(h.fake.channels[thread_id])
    for m in members(h):
        await h.slash(m, "game join", channel_id=thread_id)
    mark = len(h.fake.calls)
    await h.slash(GM, "game start", channel_id=thread_id)
    (started,) = h.fake.posts_to(thread_id, mark)
    assert t("words.started_next", "fr" if fr else "en") in started.text()
    assert started.pngs(), "the map goes with it"


async def test_a_duel_bidding_notice_names_the_minors_in_sentences(h: Harness) -> None:
    fr = language(h) == "fr"
    alice, bob = (Member(2001, "alice", locale="en-GB"), Member(2002, "bob", locale="fr"))
    await h.slash(GM, "game create", channel_id=CHANNEL_ID, variant="duel", name="Duel")
    await h.slash(alice, "game join", channel_id=CHANNEL_ID,
                  preferences="FRA, ENG, GER, ITA, AUS, RUS, TUR")
    await h.slash(bob, "game join", channel_id=CHANNEL_ID,
                  preferences="GER, ENG, FRA, ITA, AUS, RUS, TUR")
    mark = len(h.fake.calls)
    await h.slash(GM, "game start", channel_id=CHANNEL_ID)
    text = "\n".join(c.text() for c in h.fake.posts_to(CHANNEL_ID, mark))
    if fr:
        assert (f"Saison des enchères 1901{NNBSP}: offres secrètes pour l'Angleterre, "
                "l'Italie, l'Autriche, la Russie, la Turquie avec `/enchérir`") in text
        assert f"Crédits{NNBSP}: France 20, Allemagne 22." in text
        assert "envoyez vos ordres" not in text  # a bidding season, not orders
    else:
        assert "sealed bids for England, Italy, Austria, Russia, Turkey with `/bid`" in text
        assert "send your orders" not in text


async def test_an_imperialisme_forum_post_says_how_the_game_is_played(h: Harness) -> None:
    """Seed 003 is a forum game: its post says crises, secret votes and annexations, not
    orders."""
    fr = language(h) == "fr"
    calls = await h.slash(GM, "game create", channel_id=FORUM_ID, variant="imperialisme")
    thread = next(c for c in calls if c.path == "/channels/{channel_id}/threads")
    opening = thread.json["message"]["content"]
    assert thread.json["name"] == "L'Impérialisme"
    assert ("les crises sont tirées (/crise tirer) ou déclarées (/crise déclarer)" if fr else
            "crises are drawn (/crisis draw) or declared (/crisis declare)") in opening
    assert "/orders submit" not in opening


async def test_the_guided_order_names_the_unit_in_the_reader_language(h: Harness) -> None:
    fr = language(h) == "fr"
    _game_id, by = await new_game(h)
    russia = by["russia"]
    step1 = (await h.slash(russia, "order", channel_id=CHANNEL_ID))[0]
    calls = await h.click(russia, h.message_of(step1), step1.custom_ids()[0], values=["war"],
                          component_type=3)
    assert calls[0].content == (f"L'armée de Varsovie{NNBSP}: que doit-elle faire{NNBSP}?"
                                if fr else "The army in Warsaw: what should it do?")
    calls = await h.click(russia, h.message_of(calls[0]), calls[0].custom_ids()[0],
                          values=["move"], component_type=3)
    labels = [o["label"] for row in calls[0].components for c in row["components"]
              for o in c.get("options") or []]
    # the targets in the reader's abbreviations (seed 004: VAR for Warsaw), values unchanged
    assert ("A var - ukr" if fr else "A war - ukr") in labels
