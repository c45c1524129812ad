### sandbox catalogue (fr) : /bac-à-sable, un plateau privé pour essayer. Clés : la clé du catalogue, tirets pour les points. Les localisations des commandes portent leur texte anglais dans .source.

sandbox-title = Bac à sable — { $variant }, { $phase }
sandbox-private = Personne d'autre ne voit ce plateau : rien de ce que vous y faites ne touche la vraie partie.
sandbox-source-variant = Parti de la position initiale de { $variant }.
sandbox-source-game = Copié de la partie n°{ $game_id } ({ $name }) à la phase { $phase } : sa position publique, aucun ordre en attente de personne.
sandbox-source-phase = Copié de la partie n°{ $game_id } ({ $name }) telle qu'elle était à la phase { $phase }.
sandbox-started = Votre bac à sable est ouvert : `/bac-à-sable ordre` pour n'importe quelle puissance, puis `/bac-à-sable résoudre`.
sandbox-replaced = Vous aviez déjà un bac à sable : il y en a un par personne, celui-ci le remplace.
sandbox-to_act = Encore sans ordres
sandbox-nobody = Toutes les puissances qui ont un choix ont des ordres.
sandbox-undo_steps = { $count ->
        [one] { $count } modification à annuler
       *[other] { $count } modifications à annuler
    }
sandbox-added = Ordres ajoutés (un nouvel ordre pour une unité remplace le précédent).
sandbox-cleared = { $count ->
        [one] { $count } ordre effacé.
       *[other] { $count } ordres effacés.
    }
sandbox-resolved = Phase résolue : { $phase }. Maintenant : { $next }.
sandbox-results = Résultats
sandbox-undone = Annulé : retour du plateau à la phase { $phase }.
sandbox-reset_done = Retour au départ ({ $phase }). `/bac-à-sable annuler` rend votre plateau.
sandbox-ended = Bac à sable fermé.
sandbox-winner = Partie finie sur ce plateau : { $winner } gagne.
sandbox-draw = Partie finie sur ce plateau : nulle entre { $powers }.
error-sandbox-none = Vous n'avez pas de bac à sable : `/bac-à-sable nouveau` en ouvre un.
error-sandbox-not_your_game = Vous ne jouez ni n'arbitrez la partie n°{ $game_id } : un bac à sable ne copie que vos propres parties (ou part de la position initiale d'une variante : `/bac-à-sable nouveau variante:`).
error-sandbox-not_started = La partie n°{ $game_id } n'a pas commencé : il n'y a pas encore de position à copier.
error-sandbox-no_phase = La partie n°{ $game_id } n'a pas de phase { $phase } résolue (écrivez-la P1901M, A1901R ou H1901A, ou S1901M, F1901R, W1901A).
error-sandbox-unknown_variant = Variante inconnue : « { $variant } ».
error-sandbox-not_orders = { $variant } ne se joue pas dans un bac à sable : ses tours sont des crises, des conférences, des votes secrets et des échanges entre les joueurs, pas un jeu d'ordres écrits par puissance que le moteur résout d'un coup.
error-sandbox-from_game_only = L'ouverture de { $variant } dépend des choix des joueurs (les pays d'un duel viennent des classements des deux joueurs) : partez de l'une de vos parties (`/bac-à-sable nouveau partie:`).
error-sandbox-game_required = Dites laquelle de vos parties copier (`partie:`), ou partez d'une variante (`variante:`).
error-sandbox-over = La partie est finie sur ce plateau : `/bac-à-sable annuler` ou `/bac-à-sable recommencer`.
error-sandbox-nothing_to_undo = Rien à annuler.
error-sandbox-which_power = Quelle puissance donne `{ $line }` ? Puissances possibles : { $powers }. Précisez-la avec `puissance:`. Rien n'a été ajouté.
error-sandbox-bids_need_power = Dites de qui sont ces offres (`puissance:`).
sandbox-map_title = Bac à sable — { $variant }
error-sandbox-busy = Votre bac à sable a changé pendant la vérification : renvoyez-le.
command-sandbox-sandbox = bac-à-sable
    .source = sandbox
command-sandbox-new = nouveau
    .source = new
command-sandbox-resolve = résoudre
    .source = resolve
command-sandbox-undo = annuler
    .source = undo
command-sandbox-reset = recommencer
    .source = reset
command-sandbox-end = fermer
    .source = end
command-sandbox-d-board = Votre plateau privé pour essayer (une copie : aucune partie ne change)
    .source = Your private what-if board (a copy; no game changes)
command-sandbox-d-new = Ouvrir un bac à sable (un par personne : il remplace le vôtre)
    .source = Start a sandbox (one per person: it replaces yours)
command-sandbox-d-variant = Depuis la position initiale de cette variante
    .source = From the opening of this variant
command-sandbox-d-game = Depuis l'une de vos parties (par défaut : celle de ce salon)
    .source = From one of your games (default: this channel's)
command-sandbox-d-phase = Une phase passée de cette partie, par ex. A1901M
    .source = A past phase of that game, e.g. F1901M
command-sandbox-d-order = Des ordres pour n'importe quelle puissance du bac à sable
    .source = Orders for any power of your sandbox (as /orders submit)
command-sandbox-d-text = Ordres séparés par ; ou , (noms français ou anglais)
    .source = Orders separated by ; or , (French or English names)
command-sandbox-d-power = De qui (par défaut : la puissance de chaque unité)
    .source = Whose orders (default: the power of each unit)
command-sandbox-d-clear = Oublier les ordres de cette phase
    .source = Forget the orders of this phase
command-sandbox-d-only = Seulement ceux de cette puissance
    .source = Only this power's
command-sandbox-d-resolve = Résoudre la phase avec ces ordres
    .source = Resolve the phase with these orders
command-sandbox-d-undo = Reprendre votre dernière modification
    .source = Take back your last change
command-sandbox-d-reset = Revenir à la position de départ
    .source = Back to the position it started from
command-sandbox-d-map = Le plateau avec vos ordres en attente
    .source = The board with your pending orders
command-sandbox-d-show = Votre bac à sable : ses ordres et sa phase
    .source = Your sandbox: its orders and phase
command-sandbox-d-end = Fermer votre bac à sable
    .source = Close your sandbox
