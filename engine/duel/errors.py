"""Duel errors: a stable code, parameters, and a message in English and in French."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Local:
    """A parameter that reads differently in each language (a country's name)."""

    en: str
    fr: str

    def pick(self, locale: str) -> str:
        return self.fr if locale.startswith("fr") else self.en


def join_local(items: list[Local] | tuple[Local, ...]) -> Local:
    return Local(", ".join(i.en for i in items), ", ".join(i.fr for i in items))


# code -> (English template, French template)
MESSAGES: dict[str, tuple[str, str]] = {
    # -- country preferences (seed 001 rule 3) ----------------------------------------------
    "empty_preferences": (
        "Rank the seven countries, e.g. `FRA, ENG, GER, ITA, AUS, RUS, TUR`.",
        "Classez les sept pays, par ex. `France, Angleterre, Allemagne, Italie, Autriche, "
        "Russie, Turquie`."),
    "unknown_country": ("{name!s} is not one of the seven countries.",
                        "{name!s} n'est pas l'un des sept pays."),
    "ambiguous_country": ("{name!s} could be several countries: {candidates}.",
                          "{name!s} peut désigner plusieurs pays : {candidates}."),
    "duplicate_country": ("{country} appears twice.", "{country} apparaît deux fois."),
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
                        "{country} est votre propre pays : vous ne pouvez pas enchérir dessus."),
    "opponent_country_bid": ("{country} is your opponent's country: you cannot bid on it.",
                             "{country} est le pays de votre adversaire : vous ne pouvez pas "
                             "enchérir dessus."),
    "duplicate_bid": ("Two bids for {country}: give one.",
                      "Deux offres pour {country} : n'en donnez qu'une."),
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
    # -- stalemate (seed 001 rule 10) ----------------------------------------------------------
    "minors_not_eliminated": ("A stalemate can be claimed only once every minor power is "
                              "eliminated; still in play: {countries}.",
                              "L'impasse ne peut être demandée qu'une fois toutes les puissances "
                              "mineures éliminées ; encore en jeu : {countries}."),
    "no_stalemate_claim": ("Nobody has claimed a stalemate.", "Personne n'a demandé l'impasse."),
    "own_stalemate_claim": ("The other player or the GM must confirm your claim.",
                            "L'autre joueur ou l'arbitre doit confirmer votre demande."),
}


@dataclass(frozen=True)
class DuelError(ValueError):
    """A refused duel action: what is wrong (code) and its parameters."""

    code: str
    params: dict[str, Any] = field(default_factory=dict)

    def message(self, locale: str = "en") -> str:
        en, fr = MESSAGES.get(self.code, ("Refused ({code}).", "Refusé ({code})."))
        template = fr if locale.startswith("fr") else en
        values = {k: v.pick(locale) if isinstance(v, Local) else v for k, v in self.params.items()}
        return template.format(code=self.code, **values)

    def __str__(self) -> str:
        return self.message("en")

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "message_en": self.message("en"),
                "message_fr": self.message("fr"),
                "params": {k: v.en if isinstance(v, Local) else v
                           for k, v in self.params.items()}}
