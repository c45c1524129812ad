"""Duel errors: a stable code, parameters, and a message in English and in French."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.errors import Local, RuleError, join_local

__all__ = ["MESSAGES", "DuelError", "Local", "join_local"]


# code -> (English template, French template)
MESSAGES: dict[str, tuple[str, str]] = {
    # -- country preferences (docs/RULES.md §5.3) ----------------------------------------------
    "empty_preferences": (
        "Rank the seven countries, e.g. `FRA, ENG, GER, ITA, AUS, RUS, TUR`.",
        "Classez les sept pays, par ex. `France, Angleterre, Allemagne, Italie, Autriche, "
        "Russie, Turquie`."),
    "unknown_country": ("{name!s} is not one of the seven countries.",
                        "{name!s} n'est pas l'un des sept pays."),
    "ambiguous_country": ("{name!s} could be several countries: {candidates}.",
                          "{name!s} peut désigner plusieurs pays : {candidates}."),
    "duplicate_country": ("{country} appears twice.", "« {country} » apparaît deux fois."),
    "missing_countries": ("Your list must rank all seven countries; missing: {countries}.",
                          "Votre liste doit classer les sept pays ; il manque : {countries}."),
    # -- bids (seed 001 rules 4-6) -------------------------------------------------------------
    "bad_bid_entry": ("Cannot read `{entry!s}`: write a country then a whole number, "
                      "e.g. `FRA 10, ENG 5`.",
                      "Impossible de lire `{entry!s}` : écrivez un pays puis un nombre entier, "
                      "par ex. `FRA 10, ANG 5`."),
    "bid_not_whole": ("Bids are whole numbers of credits (`{entry!s}`).",
                      "Les offres sont des nombres entiers de crédits (`{entry!s}`)."),
    "negative_bid": ("A bid cannot be negative ({country}).",
                     "Une offre ne peut pas être négative ({country})."),
    "own_country_bid": ("{country} is your own country: you cannot bid on it.",
                        "Vous ne pouvez pas enchérir sur votre propre pays ({country})."),
    "opponent_country_bid": ("{country} is your opponent's country: you cannot bid on it.",
                             "Vous ne pouvez pas enchérir sur le pays de votre adversaire "
                             "({country})."),
    "duplicate_bid": ("Two bids for {country}: give one.",
                      "Deux offres pour le même pays ({country}) : n'en donnez qu'une."),
    "over_budget": ("Your bids total {total} credits but you have {credits}.",
                    "Vos offres totalisent {total} crédits mais vous n'en avez que {credits}."),
    "not_a_player": ("{player!s} is not a player of this duel.",
                     "{player!s} n'est pas joueur de ce duel."),
    # -- turn sequence -------------------------------------------------------------------------
    "not_bidding_phase": ("Bids are taken only during the bidding season (now: {phase!s}).",
                          "Les offres ne se font que pendant la saison des enchères "
                          "(actuellement : {phase!s})."),
    "bidding_phase": ("This is the bidding season ({phase!s}): send bids, not orders.",
                      "C'est la saison des enchères ({phase!s}) : envoyez des offres, pas des "
                      "ordres."),
    "game_over": ("The duel is over.", "Le duel est terminé."),
    "same_player": ("A duel needs two different players.",
                    "Un duel se joue entre deux joueurs différents."),
    # -- stalemate (docs/RULES.md §5.10) ----------------------------------------------------------
    "minors_not_eliminated": ("A stalemate can be claimed only once every minor power is "
                              "eliminated; still in play: {countries}.",
                              "L'impasse ne peut être demandée qu'une fois toutes les puissances "
                              "mineures éliminées ; encore en jeu : {countries}."),
    "no_stalemate_claim": ("Nobody has claimed a stalemate.", "Personne n'a demandé l'impasse."),
    "own_stalemate_claim": ("The other player or the GM must confirm your claim.",
                            "L'autre joueur ou l'arbitre doit confirmer votre demande."),
}


@dataclass(frozen=True)
class DuelError(RuleError, ValueError):
    """A refused duel action: what is wrong (code) and its parameters."""

    variant: ClassVar[str] = "duel"
    MESSAGES: ClassVar[Mapping[str, tuple[str, str]]] = MESSAGES

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "params": self.public_params()}
