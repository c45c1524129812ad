### duel catalogue (fr). Keys: the catalogue key with dashes for dots. Command localisations carry their English text in .source.

duel-bids-footer = Personne d'autre ne voit vos offres. Vous pouvez les changer jusqu'à l'échéance.
duel-bids-none = Aucune offre envoyée : vous offrez 0 pour chaque puissance mineure.
duel-bids-not_bidding = Pas d'enchères en ce moment : la prochaine saison s'ouvre après les ajustements d'hiver. Votre trésor : { $credits ->
        [one] { $credits } crédit
       *[other] { $credits } crédits
    }.
duel-bids-progress = Prêts
duel-bids-ready_name = Définitives
duel-bids-ready_no = non (`/offres prêt` quand elles le sont)
duel-bids-ready_yes = oui : révélées dès que les deux joueurs sont prêts
duel-bids-revealed = Les deux joueurs sont prêts : les offres sont révélées dans le salon de la partie.
duel-bids-saved = Offres enregistrées (secrètes).
duel-bids-title = Vos offres secrètes — { $year }
duel-bids-total = { $total } { $credits ->
        [one] de votre { $credits } crédit
       *[other] de vos { $credits } crédits
    }
duel-bids-total_name = Total
duel-join-done = Vous avez rejoint **{ $name }** ({ $count }/2 joueurs). Votre classement : { $ranking }.
duel-join-updated = Votre classement pour **{ $name }** est maintenant : { $ranking } ({ $count }/2 joueurs).
duel-ready-off = Vos offres ne sont plus définitives.
duel-ready-on = Vos offres sont définitives. Elles seront révélées quand les deux joueurs seront prêts, ou à l'échéance.
duel-stalemate-claimed = Impasse demandée : l'autre joueur ou l'arbitre peut la confirmer.
duel-stalemate-confirmed = Impasse confirmée : le duel est terminé.
duel-start-done = { "*" }*{ $name }** a commencé : les pays et la première saison des enchères sont annoncés dans le salon de la partie.
error-duel-deadline_passed = L'échéance des enchères est passée : les offres vont être révélées.
error-duel-no_preferences = { $user } n'a pas encore classé les sept pays : `/partie rejoindre préférences:` France, Angleterre, Allemagne, Italie, Autriche, Russie, Turquie (le préféré d'abord).
error-duel-not_bidding = Ce n'est pas la saison des enchères ({ $phase }).
error-duel-not_duel = Cette partie n'est pas un duel ({ $variant }).
error-duel-not_started = Le duel n'a pas encore commencé.
error-duel-refused = { $message_fr }
error-duel-two_players = Un duel se joue à exactement deux joueurs (inscrits : { $count }).
phase-kind-B = enchères
command-duel-bids-such-as-fra-10-eng-5-french-names-too = Offres, par ex. France 10, Angleterre 5 (ou FRA 10, ANG 5)
    .source = Bids such as FRA 10, ENG 5 (French names too)
command-duel-claim-a-stalemate-once-every-minor-is-eliminated = Demander l'impasse quand toutes les mineures sont éliminées
    .source = Claim a stalemate once every minor is eliminated
command-duel-confirm-the-stalemate-claimed-by-the-other-playe = Confirmer l'impasse demandée par l'autre joueur
    .source = Confirm the stalemate claimed by the other player
command-duel-sealed-bids-for-the-minor-powers-duel = Offres secrètes pour les puissances mineures (duel)
    .source = Sealed bids for the minor powers (duel)
command-duel-stalemate-in-a-duel-rule-10 = Impasse dans un duel (règles §5.10)
    .source = Stalemate in a duel (rules §5.10)
command-duel-your-bids-are-final-revealed-when-both-players-a = Vos offres sont définitives : révélées quand les deux le sont
    .source = Your bids are final: revealed when both players are
command-duel-your-bids-of-this-season-only-you-see-them = Vos offres de la saison (personne d'autre ne les voit)
    .source = Your bids of this season (only you see them)
command-duel-your-sealed-bids-duel = Vos offres secrètes (duel)
    .source = Your sealed bids (duel)
command-duel-bid = enchérir
    .source = bid
command-duel-bids = offres
    .source = bids
command-duel-claim = demander
    .source = claim
command-duel-confirm = confirmer
    .source = confirm
command-duel-stalemate = impasse
    .source = stalemate

## Its option (engine.variants.duel: Variant.options) in /game settings
settings-bids_accumulate = Report des enchères non dépensées à l'année suivante : { $on ->
        [yes] activé
       *[no] désactivé
    }

## Its chart measure (Variant.measures) in /game chart
chart-credits-title = crédits par année
chart-credits-axis = crédits
error-archive-credits_duel_only = Seule Duel-Diplomatie a des crédits : choisissez les centres de ravitaillement.
chart-credits-elsewhere = { error-archive-credits_duel_only }
