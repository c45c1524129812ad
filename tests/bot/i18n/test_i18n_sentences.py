"""Sentences that name powers, units and places read as French does (articles, elision,
du/au) and as English does, from the catalogues' grammar functions (ART, ART_CAP, DE, A) and
the boards' grammar tables."""

from __future__ import annotations

from bot.i18n import t
from bot.ui.format import place_words, places_at, power_words, unit_words

NNBSP = "\u202f"


def test_powers_take_their_article_in_french_sentences() -> None:
    assert t("error.player.not_your_power", "fr", power="France") == \
        "La France n'est pas votre puissance."
    assert t("error.player.not_your_power", "en", power="France") == "France is not your power."
    assert t("imp.declared", "fr", attacker="Autriche-Hongrie", target="Angleterre",
             position=2).startswith("L'Autriche-Hongrie déclare la guerre à l'Angleterre (")
    assert t("imp.annexed", "fr", winner="Russie", territories="Varsovie", loser="Pologne") \
        == "La Russie annexe Varsovie, pris à la Pologne."
    assert t("imp.withdraw_refused", "fr", target="Grèce", attacker="Espagne") == \
        f"La Grèce refuse{NNBSP}: la déclaration de guerre de l'Espagne est maintenue."
    assert t("imp.declared", "en", attacker="Austria-Hungary", target="England",
             position=2).startswith("Austria-Hungary declares war on England (")


def test_a_list_of_powers_takes_an_article_each() -> None:
    text = t("reminder.body", "fr", powers="France, Allemagne", phase="Printemps 1901",
             deadline="demain")
    assert "pour la France, l'Allemagne (Printemps 1901)" in text


def test_units_and_places_in_sentences() -> None:
    assert unit_words("A", "war", "fr") == "l'armée de Varsovie"
    assert unit_words("F", "stp/sc", "fr") == "la flotte de Saint-Pétersbourg (côte sud)"
    assert unit_words("F", "nth", "en") == "the fleet in the North Sea"
    assert places_at(["pic", "par", "eng"], "fr") == "en Picardie, à Paris ou dans la Manche"
    assert places_at(["pic", "par", "eng"], "en") == "Picardy, Paris or the English Channel"
    assert places_at(["por"], "fr") == "au Portugal"
    assert place_words("eng", "fr").of == "de la Manche"
    assert power_words("russia", "fr").at == "à la Russie"


def test_the_guided_order_names_the_unit() -> None:
    assert t("words.unit_chosen", "fr", unit="L'armée de Bourgogne") == \
        f"L'armée de Bourgogne{NNBSP}: que doit-elle faire{NNBSP}?"


def test_french_readers_see_french_order_verbs() -> None:
    from bot.ui.format import local_order
    assert local_order("BUILD F kie", "fr") == "construire F fie"
    assert local_order("REMOVE A bur", "fr") == "retirer A bou"
    assert local_order("WAIVE", "fr") == "renoncer"
    assert local_order("BUILD F kie", "en") == "BUILD F kie"


def test_a_phase_is_not_put_after_en() -> None:
    """"en Printemps 1901" is not French: the phase is named in brackets."""
    text = t("warning.body", "fr", powers="France", phase="Printemps 1901, mouvements",
             deadline="demain")
    assert text.startswith(f"Aucun ordre reçu pour la France (Printemps 1901, mouvements){NNBSP}:")
    assert "en Printemps" not in t("gm_note.title", "fr", name="G", phase="Printemps 1901")
