"""Refusals of L'Impérialisme: a stable code, parameters, messages in English and French.

Secrecy (docs/RULES.md §6.8): no message here ever names a vote's choice, a weight paired with
a voter, or a total. Parameters are territories, powers and counts that are public anyway.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from engine.errors import RuleError

# code -> (English template, French template); params are str.format fields.
MESSAGES: dict[str, tuple[str, str]] = {
    # -- map and names ------------------------------------------------------------------
    "unknown_power": ("Unknown power: {power}.", "Puissance inconnue : {power}."),
    "unknown_territory": ("Unknown territory: {territory}.",
                          "Territoire inconnu : {territory}."),
    "neutral_territory": ("{territory} is neutral and out of play.",
                          "{territory} est neutre et hors jeu."),
    "bad_map": ("The map data is invalid: {detail}.",
                "Les données de la carte sont invalides : {detail}."),
    "bad_state": ("The game state is invalid: {detail}.",
                  "L'état de la partie est invalide : {detail}."),
    "bad_request": ("The request is invalid: {detail}.", "La requête est invalide : {detail}."),
    "unknown_operation": ("Unknown operation {op!r}; one of: {known}.",
                          "Opération inconnue {op!r} ; au choix : {known}."),
    "game_over": ("The game is over.", "La partie est terminée."),
    # -- crises -------------------------------------------------------------------------
    "same_power": ("A power cannot be at war with itself.",
                   "Une puissance ne peut pas être en guerre contre elle-même."),
    "not_neighbours": ("{first} and {second} are not neighbours (no land border, no common "
                       "naval zone).",
                       "{first} et {second} ne sont pas voisines (ni frontière terrestre, ni "
                       "zone navale commune)."),
    "no_neighbours": ("No power has a neighbour: no crisis can break out.",
                      "Aucune puissance n'a de voisine : aucune crise ne peut éclater."),
    "empty_seed": ("The draw needs a non-empty seed.",
                   "Le tirage demande une graine non vide."),
    "crisis_in_progress": ("A crisis is already in progress.",
                           "Une crise est déjà en cours."),
    "no_crisis": ("There is no crisis in progress.", "Aucune crise n'est en cours."),
    "queue_empty": ("No declared crisis is waiting.",
                    "Aucune crise déclarée n'est en attente."),
    "already_declared": ("{attacker} has already declared war on {target}.",
                         "{attacker} a déjà déclaré la guerre à {target}."),
    "no_declaration": ("{attacker} has no declaration of war against {target}.",
                       "{attacker} n'a pas déclaré la guerre à {target}."),
    "withdraw_needs_consent": ("{target} must consent before {attacker} can withdraw its "
                               "declaration of war.",
                               "{target} doit donner son accord pour que {attacker} retire sa "
                               "déclaration de guerre."),
    "too_late_to_withdraw": ("The vote on this crisis is closed: too late to withdraw.",
                             "Le vote sur cette crise est clos : trop tard pour retirer "
                             "la déclaration."),
    "wrong_stage": ("The crisis is not at that stage (now: {stage}).",
                    "La crise n'en est pas à cette étape (actuellement : {stage})."),
    # -- votes (never echo a choice) ------------------------------------------------------
    "belligerent_cannot_vote": ("The two powers at war do not vote.",
                                "Les deux puissances en guerre ne votent pas."),
    "not_a_voter": ("This power has no vote in this crisis.",
                    "Cette puissance ne vote pas dans cette crise."),
    "invalid_choice": ("A vote supports one of the two powers at war, or is blank.",
                       "Un vote soutient l'une des deux puissances en guerre, ou est blanc."),
    # -- annexation ---------------------------------------------------------------------
    "not_the_winner": ("Only {winner} may annex after this crisis.",
                       "Seule la puissance {winner} peut annexer après cette crise."),
    "not_the_loser": ("The territories are taken from {loser}.",
                      "Les territoires sont pris à {loser}."),
    "not_loser_territory": ("{territory} does not belong to {loser}.",
                            "{territory} n'appartient pas à {loser}."),
    "not_eligible": ("{territory} did not border {winner} before the crisis.",
                     "{territory} n'avait pas de frontière avec {winner} avant la crise."),
    "too_many": ("At most {allowed} territories may be annexed.",
                 "On ne peut annexer que {allowed} territoires au plus."),
    "duplicate_territory": ("{territory} is listed twice.", "{territory} figure deux fois."),
    "loser_keeps_one": ("{power} must keep at least one territory.",
                        "{power} doit garder au moins un territoire."),
    # -- exchanges ----------------------------------------------------------------------
    "no_exchange_session": ("No exchange session is open.",
                            "Aucune session d'échange n'est ouverte."),
    "exchange_session_open": ("Close the exchange session before a crisis starts.",
                              "Fermez la session d'échange avant qu'une crise commence."),
    "session_already_open": ("An exchange session is already open.",
                             "Une session d'échange est déjà ouverte."),
    "empty_exchange": ("The proposal gives nothing on either side.",
                       "La proposition ne cède rien, d'aucun côté."),
    "not_giver_territory": ("{territory} does not belong to {power}.",
                            "{territory} n'appartient pas à {power}."),
    "last_territory": ("{power} cannot give away its last territory.",
                       "{power} ne peut pas céder son dernier territoire."),
    "not_accepted": ("The exchange takes effect only once both powers accept ({missing} has "
                     "not).",
                     "L'échange ne prend effet qu'une fois accepté par les deux puissances "
                     "({missing} ne l'a pas fait)."),
    "not_a_party": ("{power} is not a party to this exchange.",
                    "Cette puissance ({power}) n'est pas partie à cet échange."),
}


@dataclass(frozen=True)
class ImperialError(RuleError):
    """A refused action of L'Impérialisme: a stable ``code`` and public parameters."""

    variant: ClassVar[str] = "imperialisme"
    MESSAGES: ClassVar[Mapping[str, tuple[str, str]]] = MESSAGES
