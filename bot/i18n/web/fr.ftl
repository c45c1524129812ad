### web board catalogue (fr): the pages of the web board. Keys: the catalogue key with dashes for dots.

web-board_title = { $game } — la carte
web-spectator_title = { $game } — la carte publique
web-refused_title = La carte ne peut pas être montrée
web-refused-expired = Ce lien a expiré. Demandez-en un nouveau dans Discord : le bouton « Ouvrir la carte » de /ordres voir.
web-refused-altered = Ce lien n'est pas valable : il a été modifié ou tronqué. Ouvrez de nouveau la carte depuis Discord.
web-refused-missing = Ce navigateur n'a pas de session pour cette partie. Ouvrez la carte avec votre lien personnel dans Discord.
web-refused-other_game = Ce lien a été fait pour une autre partie. Ouvrez la carte avec le lien de cette partie.
web-refused-replaced = Votre place dans cette partie a été cédée ou quittée : cette session n'ouvre donc rien.
web-refused-not_player = Vous n'occupez aucune place dans cette partie.
web-refused-csrf = Cette demande ne vient pas de la page de la carte (son jeton de sécurité manque ou est faux). Rechargez la carte et recommencez.
web-refused-not_found = Cette partie n'existe pas.
web-refused-off = La carte n'est montrée que pendant la partie.
web-send = Envoyer les ordres
web-ready = Prêt
web-orders = Vos ordres
web-no_orders = Aucun ordre pour l'instant.
web-remove = Retirer
web-remove_order = Retirer : { $order }
web-deadline = Échéance
web-deadline_left = encore { $left }
web-deadline_passed = l'échéance est passée
web-no_deadline = Pas d'échéance
web-saved = Ordres enregistrés : /ordres voir montre les mêmes.
web-cleared = Ordres effacés.
web-ready_on = « Prêt » enregistré.
web-ready_off = Votre « Prêt » est retiré.
web-sending = Envoi…
web-type_order = Un ordre comme /ordres envoyer le prend (par exemple une retraite ou une construction envoyée d'avance)
web-add = Ajouter
web-waive = Renoncer à une construction
web-builds_due = { $power } : { $count ->
    [one] { $shown } construction à faire
   *[other] { $shown } constructions à faire
}
web-removals_due = { $power } : { $count ->
    [one] { $shown } unité à retirer
   *[other] { $shown } unités à retirer
}
web-choose = Quel ordre ?
web-cancel = Annuler
web-history = Phases passées
web-results = Derniers résultats
web-results_of = Résultats de { $phase }
web-now = La position actuelle
web-crisis = Crise en cours
web-pick_unit = Choisissez une de vos unités : cliquez ou touchez-la, ou allez-y avec Tab et appuyez sur Entrée. Échap annule.
web-picked = { $unit } : choisissez sa cible (l'unité elle-même pour tenir).
web-picked_second = { $unit } : choisissez où va l'unité qu'elle aide (sa propre place pour tenir).
web-conditional = Gardé pour sa phase : { $say }
web-nothing = Vous n'avez rien à ordonner dans cette phase.
web-votes_dm = Rien à ordonner sur cette page : les votes de L'Impérialisme se font sur Discord, en message privé avec le bot.
web-votes_dm_crisis = { $crisis }. Ses votes se font sur Discord, en message privé avec le bot : rien à ordonner sur cette page.
web-map = Carte de { $game }
web-public_link = Carte publique
web-bids = Offres secrètes
web-bids_text = Vos offres, comme /enchérir les prend
web-bids_send = Envoyer les offres
web-spectators = Tout le monde peut voir cette page : elle montre la position publique et les phases passées, jamais un ordre avant que sa phase soit résolue.
web-power_orders = { $power }
web-you_play = Vous jouez { ART($powers) }.
web-crisis_line = Crise { $number } : { ART($first) } contre { ART($second) } ({ $stage })
web-help_support = Soutenir : { $unit }…
web-help_convoy = Convoyer : { $unit }…
web-refused-throttled = Trop de demandes à la fois : attendez un instant, puis recommencez.
web-unsent = Pas encore envoyé : ces changements ne sont que sur cette page tant que vous n'appuyez pas sur Envoyer les ordres.
web-synced = Envoyé : l'arbitre a reçu cette liste.
web-deadline_at = échéance { $when } ({ $left })
web-deadline_days = { $days } j { $hours } h
web-deadline_hours = { $hours } h { $minutes } min
web-centres = Centres de ravitaillement
web-added = ✓ Ajouté : { $say }. Choisissez une autre unité, ou Envoyer les ordres.
web-bot = jouée par le bot
web-bids_saved = Offres enregistrées : /offres voir montre les mêmes.
web-bids_hint = Cette saison est celle des offres secrètes : misez sur les puissances mineures dans le formulaire, puis appuyez sur Prêt. Les unités reçoivent leurs ordres à la saison suivante.
