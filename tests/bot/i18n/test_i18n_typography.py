"""Issue 13 item 4: French typography — a narrow no-break space (U+202F) before ``; : ! ?``
in every French message of the catalogues and in French text built in code."""

from __future__ import annotations

import re
from dataclasses import replace

from bot.i18n import command_texts, messages, t, typography
from bot.services.errors import OrdersRejected
from bot.ui.errors import error_text
from tests.cogs.helpers import started_game
from tests.e2e.harness import CHANNEL_ID, Harness, answer

NNBSP = "\u202f"
# a high punctuation mark closing a phrase (followed by a space or the end), not preceded by
# the narrow no-break space: "Russie : 4", "Russie: 4", "Russie\u00a0: 4"
BAD = re.compile(r"(?<!\u202f)[;:!?](?=[\s\"”»*_)]|$)")


def test_every_french_message_has_the_narrow_space() -> None:
    bad = {key: source for key, source in messages("fr").items() if BAD.search(source)}
    assert not bad
    bad_commands = [text for text in command_texts("fr").values() if BAD.search(text)]
    assert not bad_commands


def test_the_english_messages_have_no_space_before_a_colon() -> None:
    assert not [k for k, v in messages("en").items() if re.search(r"[ \u202f][;:!?]\s", v)]


def test_typography_of_a_text_written_elsewhere() -> None:
    assert typography("Russie : 4 ; fin ! Vraiment ?", "fr") == \
        f"Russie{NNBSP}: 4{NNBSP}; fin{NNBSP}! Vraiment{NNBSP}?"
    assert typography("Heure <t:1:R>, https://x.y", "fr") == "Heure <t:1:R>, https://x.y"
    assert typography("Russia: 4", "en") == "Russia: 4"


def test_rendered_french_texts() -> None:
    assert t("label_value", "fr", label="Russie", value=4) == f"Russie{NNBSP}: 4"
    assert t("label_value", "en", label="Russia", value=4) == "Russia: 4"
    error = OrdersRejected(power="france", phase="S1901M", lines=[{
        "text": "A par - xyz", "ok": False, "error": {
            "code": "x", "message_fr": "Précisez la côte de spa : nc, sc.",
            "message_en": "Say which coast of spa: nc, sc."}}])
    assert f"spa{NNBSP}: nc" in error_text(error, "fr")
    assert "spa: nc" in error_text(error, "en")


async def test_french_status_counts_centres_with_the_narrow_space(harness: Harness) -> None:
    _game_id, by = await started_game(harness)
    french = replace(by["russia"], locale="fr")
    calls = await harness.slash(french, "game status", channel_id=CHANNEL_ID)
    text = answer(calls).text()
    assert f"Russie{NNBSP}: 4" in text, text
    assert not BAD.search(text.replace("<t:", "")), text
    english = await harness.slash(by["russia"], "game status", channel_id=CHANNEL_ID)
    assert "Russia: 4" in answer(english).text()
