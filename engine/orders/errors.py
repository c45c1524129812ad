"""Order errors: a stable code, the offending words, a suggestion, messages in fr and en."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from engine import variants
from engine.errors import RuleError

# code -> (English template, French template); params are str.format fields.
MESSAGES: dict[str, tuple[str, str]] = {
    # -- legality against the position (engine.orders.validate) ----------------------------
    "no_unit": ("There is no unit in {location_at}.", "Il n'y a pas d'unité {location_at}."),
    "not_your_unit": ("The unit in {location_at} belongs to {owner}, not to you.",
                      "L'unité {location_at} appartient à {owner}, pas à vous."),
    "not_adjacent": ("{unit} cannot reach {target}.", "{unit} ne peut pas atteindre {target}."),
    "army_to_sea": ("An army cannot go to sea ({target}).",
                    "Une armée ne peut pas aller en mer ({target})."),
    "fleet_inland": ("A fleet cannot go inland ({target}).",
                     "Une flotte ne peut pas aller à l'intérieur des terres ({target})."),
    "ambiguous_coast": ("Say which coast of {target_of}: {coasts}.",
                        "Précisez la côte {target_of} : {coasts}."),
    "wrong_coast": ("{unit} cannot reach that coast of {target_of}.",
                    "{unit} ne peut pas atteindre cette côte {target_of}."),
    "move_to_self": ("A unit cannot move to its own province.",
                     "Une unité ne peut pas se déplacer vers sa propre province."),
    "no_convoy_route": ("No convoy route could carry {unit} to {target}.",
                        "Aucun convoi ne peut mener {unit} à {target}."),
    "convoy_army_only": ("Only armies can be convoyed.", "Seules les armées peuvent être convoyées."),
    "convoy_fleet_at_sea": ("Only a fleet at sea can convoy.",
                            "Seule une flotte en mer peut convoyer."),
    "support_unreachable": ("{unit} cannot support a move into {target_at}: it could not go there itself.",
                            "{unit} ne peut pas soutenir un mouvement {target_at} : elle ne pourrait pas "
                            "s'y rendre elle-même."),
    "support_self": ("A unit cannot support itself.", "Une unité ne peut pas se soutenir elle-même."),
    "support_no_unit": ("There is no unit in {location_at} to support.",
                        "Il n'y a pas d'unité à soutenir {location_at}."),
    "convoy_no_unit": ("There is no army in {location_at} to convoy.",
                       "Il n'y a pas d'armée à convoyer {location_at}."),
    "wrong_phase": ("That order does not belong in this phase ({phase}).",
                    "Cet ordre n'a pas sa place dans cette phase ({phase})."),
    "not_dislodged": ("The unit in {location_at} is not dislodged.",
                      "L'unité {location_at} n'est pas délogée."),
    "retreat_illegal": ("{unit} cannot retreat to {target_at}; it may go to: {options}.",
                        "{unit} ne peut pas faire retraite {target_at} ; possibilités : {options}."),
    "build_not_home": ("You cannot build in {location_at}: it is not one of your home centres.",
                       "Vous ne pouvez pas construire {location_at} : ce n'est pas l'un de vos centres nationaux."),
    "build_not_owned": ("You do not own {location}.", "Vous ne possédez pas {location}."),
    "build_occupied": ("A unit already occupies {location}.", "Une unité occupe déjà {location}."),
    "build_fleet_inland": ("A fleet cannot be built inland ({location}).",
                           "Une flotte ne peut pas être construite à l'intérieur des terres "
                           "({location})."),
    "build_no_builds": ("You have no build available.", "Vous n'avez aucune construction possible."),
    "build_twice": ("Only one build per centre.", "Une seule construction par centre."),
    "two_orders": ("{unit} has another order below: send one order per unit.",
                   "{unit} a un autre ordre plus bas : un seul ordre par unité."),
    "too_many_builds": ("One build too many: you may build {count} this winter.",
                        "Une construction de trop : vous pouvez en faire {count} cet hiver."),
    "too_many_removals": ("One removal too many: you must remove {count} this winter.",
                          "Un retrait de trop : vous devez en faire {count} cet hiver."),
    "remove_no_removals": ("You have no unit to remove.", "Vous n'avez aucune unité à retirer."),
    "duplicate_order": ("{unit} already has an order; the last one counts.",
                        "{unit} a déjà un ordre ; le dernier compte."),
    "not_your_power": ("You do not command {power}.", "Vous ne commandez pas {power}."),
    "closed_territory": ("{target} belongs to a neutral country no unit may enter.",
                         "{target} appartient à un pays neutre où aucune unité ne peut entrer."),
    # -- reading the text (engine.orders.parse) --------------------------------------------
    "empty": ("The order is empty.", "L'ordre est vide."),
    "too_long": ("This order is too long ({length} characters; at most {limit}).",
                 "Cet ordre est trop long ({length} caractères ; au plus {limit})."),
    "bad_syntax": ("Could not understand “{words}”.", "Impossible de comprendre « {words} »."),
    "bad_structure": ("Could not read the structured order “{words}”.",
                      "Impossible de lire l'ordre structuré « {words} »."),
    "unknown_place": ("Unknown place: “{word}”.", "Lieu inconnu : « {word} »."),
    "ambiguous_place": ("“{word}” could mean several places: {candidates}. An ambiguous order "
                        "has no effect.",
                        "« {word} » peut désigner plusieurs lieux : {candidates}. Un ordre "
                        "ambigu est sans effet."),
    "unknown_power": ("Unknown power: “{word}”.", "Puissance inconnue : « {word} »."),
    "unknown_coast": ("{place} has no coast “{coast}” (its coasts: {coasts}).",
                      "{place} n'a pas de côte « {coast} » (ses côtes : {coasts})."),
    "missing_unit": ("Which unit? Name the unit and where it stands (e.g. A PAR).",
                     "Quelle unité ? Indiquez l'unité et sa province (par exemple A PAR)."),
    "missing_action": ("What should “{unit}” do? Hold (H), move (-), support (S), convoy (C), "
                       "retreat (R) or disband (D).",
                       "Que doit faire « {unit} » ? Tenir (H), aller (-), soutenir (S), "
                       "convoyer (C), faire retraite (R) ou se dissoudre (D)."),
    "missing_target": ("Where to? The order names no destination after “{words}”.",
                       "Vers où ? L'ordre ne donne pas de destination après « {words} »."),
    "missing_unit_type": ("Say whether to build an army (A) or a fleet (F) in {location}.",
                          "Précisez s'il faut construire une armée (A) ou une flotte (F) en "
                          "{location}."),
    "several_orders": ("This text holds {count} orders; give them one by one.",
                       "Ce texte contient {count} ordres ; donnez-les un par un."),
}


@dataclass(frozen=True)
class OrderError(RuleError):
    """A refused order: what is wrong (code), the words at fault, a suggestion."""

    words: str = ""
    suggestion: str | None = None

    # its texts are the default variant's (error.rule.classic.<code>), whichever variant of
    # written orders refuses the line
    variant: ClassVar[str] = variants.DEFAULT
    MESSAGES: ClassVar[Mapping[str, tuple[str, str]]] = MESSAGES
    FALLBACK: ClassVar[tuple[str, str]] = ("Invalid order ({code}).", "Ordre invalide ({code}).")

    def message(self, locale: str = "en") -> str:
        text = super().message(locale)
        if self.suggestion:
            text += (f" Vouliez-vous dire : {self.suggestion} ?" if locale.startswith("fr")
                     else f" Did you mean: {self.suggestion}?")
        return text

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "words": self.words, "suggestion": self.suggestion}
