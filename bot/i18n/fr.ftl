### Catalogue (fr). Keys: the catalogue key with dashes for dots. Command localisations carry their English text in .source.

button-expired = Ce bouton appartient à une phase passée : il n'a plus d'effet.
civil_disorder-body = Pas d'ordres pendant { $missed ->
        [one] { $missed } phase de mouvements
       *[other] { $missed } phases de mouvements de suite
    } : { ART($powers) } est en désordre civil (règles §2.14.3). Envoyez de nouveau des ordres pour le reprendre (règles §3.6).
civil_disorder-title = Désordre civil dans { $name }
draw-accept_button = Accepter la nulle
draw-accepted_at_once = Votre vote était le seul attendu : la partie se termine par une nulle.
draw-accepted_at_once_bots = Votre vote était le seul attendu : le bot, qui joue { ART($powers) }, ne vote jamais, et son abstention vaut accord (règles §3.8). La partie se termine par une nulle.
draw-ballot_body = Une nulle entre les puissances survivantes est proposée. Votre vote est secret ; seul le résultat est publié. Un seul refus met fin au vote.
draw-ballot_title = Nulle proposée dans { $name }
draw-proposed = Votre proposition de nulle est envoyée ; le vote est secret.
draw-refuse_button = Refuser
draw-voted_no = Votre vote (contre) est enregistré. Il reste secret.
draw-voted_yes = Votre vote (pour) est enregistré. Il reste secret.
error-check_failed = Vous ne pouvez pas utiliser cette commande ici.
error-conflict = La partie ne permet pas cela pour le moment.
error-cooldown = Doucement : réessayez dans { $seconds } s.
error-draw-already_open = Un vote de nulle est déjà en cours.
error-draw-none_open = Aucun vote de nulle n'est ouvert (il est peut-être terminé).
error-draw-not_a_voter = Vous ne pouvez pas voter pour cette nulle.
error-forbidden = Vous n'avez pas le droit de faire cela.
error-game-channel_busy = Ce salon a déjà une partie en cours (n°{ $game_id }).
error-game-lease_held = Un autre processus résout cette partie en ce moment.
error-game-no_game_here = Il n'y a pas de partie dans ce salon. Un modérateur peut en créer une avec /partie créer.
error-game-not_due = La phase ne peut pas encore être résolue.
error-game-not_found = La partie n°{ $game_id } n'existe pas.
error-game-not_gm = Seul le meneur de jeu peut faire cela.
error-game-stale = La partie est passée à la phase { $phase } entre-temps ; rien n'a été modifié.
error-game-variant_unsupported = « { $operation } » n'est pas encore disponible pour les parties { $variant }.
error-game-wrong_status =
    { $status ->
        [signup] La partie en est encore aux inscriptions
        [active] La partie est en cours
        [paused] La partie est en pause
        [finished] La partie est terminée
       *[other] La partie n'est pas prête
    } ; { $expected ->
        [signup] cela ne se fait que pendant les inscriptions.
        [active] cela ne se fait que pendant qu'elle est en cours.
        [paused] cela ne se fait que pendant qu'elle est en pause.
        [active_paused] cela ne se fait que pendant qu'elle est en cours ou en pause.
        [active_finished_paused] cela ne se fait qu'une fois qu'elle a commencé.
        [finished] cela ne se fait qu'une fois qu'elle est terminée.
       *[other] ce n'est pas possible à ce stade de la partie.
    }
error-generic = Cela n'a pas fonctionné.
error-guild_only = Cette commande ne fonctionne que sur un serveur.
error-gm-no_deadline = Rien n'attend d'échéance dans cette partie pour l'instant : il n'y a rien à prolonger.
error-history-not_found = Aucune phase { $seq } résolue dans cette partie.
error-invalid = Cette demande n'est pas valide.
error-missing_permissions = Il vous faut la permission « Gérer les salons » pour cela.
error-not_found = Introuvable.
error-options-invalid = Valeur invalide pour { $key } : { $value }.
error-options-unknown = Option de règle inconnue : { $key }.
error-options-unreadable = « { $text } » n'est pas une option : écrivez nom=valeur, séparées par des virgules (par exemple { $example }).
error-options-unknown_here = Option inconnue pour cette partie : « { $option } ». Ses options : { $known }.
error-options-rejected = { $label } ({ $option }) n'accepte pas « { $value } » : { $accepts }.
options-accepts-bool = oui ou non
options-accepts-range = un nombre entier de { $minimum } à { $maximum }
options-accepts-at_least = un nombre entier d'au moins { $minimum }
options-accepts-number = un nombre entier
options-accepts-one_of = l'une des valeurs { $values }
options-accepts-text = un texte libre
options-accepts-or_none = { $accepts }, ou none (aucune)
error-orders-no_choice = { ART_CAP($power) } n'a rien à ordonner dans cette phase.
error-orders-rejected = Vos ordres n'ont pas été enregistrés : corrigez les lignes marquées ❌ et renvoyez-les toutes.
error-phase_length-invalid = Durée de phase invalide ({ $key } : { $value }).
error-player-already_joined = Vous avez déjà une place dans cette partie.
error-player-game_full = La partie est complète ({ $max ->
        [one] { $max } joueur
       *[other] { $max } joueurs
    }).
error-player-not_active = Votre place n'est pas active ({ $status }).
error-player-not_enough = Pas assez de joueurs : { $count } (au moins { $min }).
error-player-not_in_game = Vous ne jouez pas dans cette partie.
error-player-not_your_power = { ART_CAP($power) } n'est pas votre puissance.
error-player-power_required = Vous jouez plusieurs puissances : choisissez-en une avec l'option puissance ({ $powers }).
error-player-preference_ambiguous = « { $name } » peut désigner plusieurs puissances : { $candidates }.
error-player-preference_unknown = Puissance inconnue dans vos préférences : { $name }.
error-player-too_many = Trop de joueurs : { $count } (au plus { $max }).
error-rollback-not_found = Aucune phase { $seq } où revenir.
error-unexpected = Désolé, une erreur s'est produite de notre côté. Elle a été notée ; réessayez s'il vous plaît.
game-created = Partie **{ $name }** (n°{ $id }) créée dans { $where }. Les joueurs s'inscrivent avec /partie rejoindre ou le bouton ; lancez-la avec /partie lancer.
game-deadline = Date limite
gm-adjudicated = Phase résolue : { $phase }.
gm-extended = Nouvelle date limite : { $deadline }.
gm-kicked = Le MJ a retiré { $user } de la partie.
gm-paused = Partie en pause.
gm-replaced = { $user } reprend la place.
gm-resumed = Partie reprise. Date limite : { $deadline }.
gm-rolled_back = Retour au début de la phase { $phase }.
gm_note-declared = { $user } ({ $powers }) est maintenant en désordre civil. /mj remplacer confie la place à un remplaçant.
gm_note-title = { $name } : ordres manquants ({ $phase })
gm_note-warned = { $user } ({ $powers }) n'a pas envoyé d'ordres : encore une phase de mouvements manquée et c'est le désordre civil. Un message privé lui a été envoyé.
history-empty = Aucune phase n'a encore été résolue.
history-title = Phases { DE_NAME($name) }
join-button = S'inscrire
join-done = Inscription enregistrée.
join-done_count = Vous avez rejoint **{ $name }** ({ $count ->
        [one] { $count } joueur inscrit
       *[other] { $count } joueurs inscrits
    }).
leave-done = Vous avez quitté **{ $name }**.
label_value = { $label } : { $value }
map-not_started = La partie n'a pas commencé : pas encore de carte.
map-title = { $name } — { $phase }
order-action-build = Construire
order-action-convoy = Convoyer
order-action-disband = Dissoudre
order-action-hold = Tenir
order-action-move = Attaquer / se déplacer
order-action-remove = Supprimer
order-action-retreat = Retraite
order-action-support = Soutenir
order-action-waive = Renoncer à construire
order-builds = Constructions et suppressions
order-not_legal = « { $order } » n'est pas un ordre possible maintenant.
order-not_your_unit = { $unit } n'est pas une de vos unités à ordonner maintenant.
order-nothing_chosen = Rien n'a été choisi.
order-nothing_to_order = Vous n'avez rien à ordonner dans cette phase.
order-pick_action = Action
order-pick_target = Choisissez l'ordre :
order-pick_unit = Unité
order-start = Choisissez une unité :
order-unit_chosen = { $unit } : que doit-elle faire ?
orders-cleared = Vos ordres de cette phase ont été supprimés ({ $count }).
orders-conditional-adjust = gardé pour l'hiver comme ordre conditionnel ; il ne remplace pas vos ordres de mouvement.
orders-conditional-retreat = retraite conditionnelle : utilisée seulement si cette unité est délogée ; elle ne remplace aucun ordre de mouvement.
orders-conditional-short = conditionnel
orders-modal_label = Un ordre par ligne
orders-modal_title = Vos ordres
orders-none = Aucun ordre pour l'instant (vos unités restent sur place).
orders-ready_no = /prêt pas encore envoyé
orders-ready_yes = /prêt envoyé
orders-saved_footer = Enregistrés. Un nouvel envoi les remplace tous. Appuyez sur Prêt quand vous avez fini.
orders-saved_title = Ordres — { $power }, { $phase }
orders-show_title = Vos ordres — { $phase }
phase-kind-A = ajustements
phase-kind-M = mouvements
phase-kind-R = retraites
phase-name = { $season } { $year }, { $kind }
phase-season-F = Automne
phase-season-S = Printemps
phase-season-W = Hiver
player-status-active = en jeu
player-status-civil_disorder = désordre civil
player-status-kicked = place retirée par le MJ
player-status-left = place quittée
player-status-replaced = place cédée
post-created_body = Variante : { $variant }. Meneur de jeu : { $gm }. Inscrivez-vous avec le bouton ou /partie rejoindre.
post-created_title = Nouvelle partie : { $name }
post-deadline_changed = Nouvelle date limite : { $deadline }.
post-draw_accepted = La nulle est acceptée : { $powers }.
post-draw_proposed = Une nulle a été proposée. Le vote est secret : seul le résultat sera publié.
post-draw_rejected = La nulle n'a pas été acceptée. La partie continue.
post-game_over_title = { $name } est terminée
post-neutral = Puissances neutres : { $powers }.
post-notice = Nouvelle de la partie : { $kind }.
post-paused = La partie est en pause.
post-player_kicked = { $user } a été exclu de la partie ({ $powers }).
post-player_left = { $user } a quitté la partie ({ $powers }) : désordre civil jusqu'à son remplacement.
post-player_replaced = { $new } remplace { $old } ({ $powers }).
post-press = { $text }
post-resumed = La partie reprend. Date limite : { $deadline }.
post-rolled_back = Retour à la phase { $phase } par le meneur de jeu : ce qui a été envoyé depuis ne compte plus (ce qui était en attente alors est rétabli). Date limite : { $deadline }.
post-started_body =
    { $seats }
    
    Première phase : { $phase }. Date limite : { $deadline }.
post-started_title = { $name } commence
prompt-adjust_how = Choisissez dans le menu ci-dessous, ou envoyez-les avec /ordres envoyer. { $phase } — date limite { $deadline }.
prompt-adjust_title = Ajustements dans { $name }
prompt-builds = { "*" }*{ $power }** — constructions : { $count } (centres : { $centres }, unités : { $units }). Centres nationaux libres que vous possédez : { $where }. Les constructions non ordonnées sont perdues (règles §3.5.3).
prompt-builds_lost = { $lost ->
        [one] { $lost } construction de plus impossible
       *[other] { $lost } constructions de plus impossibles
    } : aucun autre centre national libre.
prompt-default_disband = Sans ordre de retraite, l'unité est dissoute.
prompt-default_retreat = Sans ordre de retraite, l'unité fait retraite selon les règles : au plus près de vos centres nationaux, un centre de ravitaillement d'abord (règles §3.5.3).
prompt-disband = Dissoudre ({ $unit })
prompt-pick_builds = { $power } : choisissez vos constructions (jusqu'à { $count })
prompt-pick_removals = { $power } : choisissez les unités à retirer ({ $count })
prompt-removals = { "*" }*{ $power }** — retraits : { $count } (centres : { $centres }, unités : { $units }). Sans ordre, les règles retirent les unités les plus éloignées de vos centres nationaux (règles §3.5.3).
prompt-retreat_how = Appuyez sur un bouton ci-dessous, ou envoyez la retraite avec /ordres envoyer. { $phase } — date limite { $deadline }.
prompt-retreat_title = Retraites dans { $name }
prompt-retreat_to = { $unit } → { $target }
prompt-retreat_unit = { "*" }*{ $power }** — { $unit } ({ $where }) est délogée. Retraites possibles : { $retreats }.
ready-button = Prêt
ready-off = Votre « Prêt » est retiré.
ready-on = « Prêt » enregistré. La phase sera résolue dès que chaque joueur l'aura dit.
ready-on_resolved = Chaque joueur avait dit « Prêt » : la phase a été résolue.
reminder-body = Vous n'avez pas envoyé d'ordres pour { ART($powers) } ({ $phase }). Date limite : { $deadline }.
reminder-title = Ordres manquants dans { $name }
reminders-off = Plus de rappels pour cette partie.
reminders-on = Les rappels sont activés pour cette partie.
reminders-stop_button = Ne plus me rappeler
result-draw = Nulle entre : { $powers }.
result-ended = La partie a été arrêtée par le meneur de jeu.
result-winner = Victoire de : { $power }.
results-civil_disorder = Désordre civil
results-civil_disorder_line = { $powers } ({ $user }) — { $missed ->
        [one] { $missed } phase de mouvements sans ordres
       *[other] { $missed } phases de mouvements de suite sans ordres
    }
results-civil_disorder_rule = Leurs unités restent sur place sans se soutenir, les unités délogées sont retirées, aucune construction — jusqu'à ce que le joueur ordonne de nouveau ou qu'un remplaçant prenne la place (règles §2.14.3, §3.6).
results-eliminated = Éliminées
results-next = Phase suivante
results-nothing = Rien à signaler.
results-title = Résultats — { $phase }
settings-assignment = Puissances : { $assignment ->
        [preferences] attribuées selon les préférences des joueurs
       *[random] tirées au sort
    }
settings-auto_draw = Nulle automatique après 3 ans sans changement : { $on ->
        [yes] activée
       *[no] désactivée
    }
settings-end_year = { $year ->
        [none] Dernière année : aucune (la partie continue jusqu'à une victoire ou une nulle)
       *[other] Dernière année : { $year } (puis le plus de centres l'emporte)
    }
settings-length = { $hours } h
settings-nmr_threshold = Désordre civil après { $count ->
        [one] { $count } phase de mouvements manquée
       *[other] { $count } phases de mouvements manquées de suite
    }
settings-no = non
settings-option = { $label } : { $value }
settings-palette = Couleurs de la carte : { $palette ->
        [colorblind] adaptées aux daltoniens
       *[standard] standard
    }
settings-phase_lengths = Durées des phases (M mouvements, R retraites, A ajustements)
settings-phases = Durées des phases : mouvements { $M }, retraites { $R }, ajustements { $A }
settings-phases_other = Durées des phases : mouvements { $M }, retraites { $R }, ajustements { $A }, autres phases { $other }
settings-preset = Règles : { $preset ->
        [vortigern] Vortigern (puissances attribuées selon les préférences)
       *[standard] standard
    }
settings-seed = Graine du tirage des puissances : { $seed }
settings-seed_hidden = Graine du tirage des puissances : publiée à la fin de la partie (gunboat : avec l'ordre des inscriptions, elle dirait qui joue quelle puissance).
settings-title = Réglages { DE_NAME($name) }
settings-yes = oui
settings-victory_centers = Victoire : { $count ->
        [one] { $count } centre
       *[other] { $count } centres
    }
start-done = { "*" }*{ $name }** a commencé : les puissances et la carte sont publiées dans le salon de la partie.
status-active = en cours
status-centres = Centres de ravitaillement
status-finished = terminée
status-gm = Meneur de jeu
status-nobody_missing = personne : chaque joueur qui doit agir a envoyé ses ordres ou dit « Prêt »
status-paused = en pause
status-phase = Phase
status-players = Joueurs ({ $count })
status-replaces = remplace { $users }
status-result = Résultat
status-signup = inscriptions
status-state = État
status-title = Partie : { $name }
status-variant = Variante
status-waiting = En attente de ({ $count })
unit-army = Armée
unit-fleet = Flotte
variant-unknown = Variante inconnue « { $name } ». Connues : { $known }.
warning-body = Aucun ordre reçu pour { ART($powers) } ({ $phase }) : les unités sont restées sur place. Si vous manquez aussi la prochaine phase de mouvements, { ART($powers) } tombe en désordre civil (unités sur place sans se soutenir, aucune construction). Prochaine date limite : { $deadline }.
warning-title = Ordres non reçus dans { $name }
command-game = partie
    .source = game
command-create-join-and-follow-a-game = Créer, rejoindre et suivre une partie
    .source = Create, join and follow a game
command-orders = ordres
    .source = orders
command-send-and-check-your-orders = Envoyer et vérifier vos ordres
    .source = Send and check your orders
command-draw = nulle
    .source = draw
command-propose-a-draw = Proposer une nulle
    .source = Propose a draw
command-create = créer
    .source = create
command-create-a-game-in-this-channel-or-forum = Créer une partie dans ce salon ou ce forum
    .source = Create a game in this channel or forum
command-variant = variante
    .source = variant
command-name = nom
    .source = name
command-phase-hours = heures_par_phase
    .source = phase_hours
command-preset = préréglage
    .source = preset
command-which-game-to-play = Quel jeu jouer
    .source = Which game to play
command-name-of-the-game = Nom de la partie
    .source = Name of the game
command-hours-per-movement-phase = Heures par phase de mouvements
    .source = Hours per movement phase
command-rule-preset = Ensemble de règles
    .source = Rule preset
command-options = options
    .source = options
command-more-rule-options-name-value-name-value = Autres options de règles : nom=valeur, nom=valeur
    .source = More rule options: name=value, name=value
command-classic-diplomacy = Diplomatie classique
    .source = Classic Diplomacy
command-vortigern-french-correspondence-rules = vortigern (règles françaises par correspondance)
    .source = vortigern (French correspondence rules)
command-join = rejoindre
    .source = join
command-sign-up-for-the-game-of-this-channel = S'inscrire à la partie de ce salon
    .source = Sign up for the game of this channel
command-preferences = préférences
    .source = preferences
command-powers-you-prefer-best-first-e-g-france-italy = Puissances préférées, la meilleure d'abord (ex. France, Italie)
    .source = Powers you prefer, best first (e.g. France, Italy)
command-leave = quitter
    .source = leave
command-leave-the-game-of-this-channel = Quitter la partie de ce salon
    .source = Leave the game of this channel
command-start = lancer
    .source = start
command-start-the-game-game-master = Lancer la partie (meneur de jeu)
    .source = Start the game (game master)
command-status = état
    .source = status
command-phase-deadline-players-and-centres = Phase, date limite, joueurs et centres
    .source = Phase, deadline, players and centres
command-settings = réglages
    .source = settings
command-rule-options-of-this-game = Options de règles de cette partie
    .source = Rule options of this game
command-history = historique
    .source = history
command-past-phases-or-the-results-of-one = Phases passées, ou les résultats de l'une d'elles
    .source = Past phases, or the results of one
command-a-phase-such-as-s1901m = Une phase, par exemple S1901M
    .source = A phase such as S1901M
command-map = carte
    .source = map
command-the-map-now-or-of-a-past-phase = La carte actuelle, ou celle d'une phase passée
    .source = The map now, or of a past phase
command-the-whole-position-in-words-for-a-screen-reader = Toute la position en phrases, pour un lecteur d'écran
    .source = The whole position in words, for a screen reader
command-submit = envoyer
    .source = submit
command-send-your-orders-all-of-them = Envoyer vos ordres (tous)
    .source = Send your orders (all of them)
command-text = texte
    .source = text
command-power = puissance
    .source = power
command-orders-separated-by-or-empty-a-form-for-many-lin = Ordres séparés par ; ou , (vide : un formulaire pour plusieurs lignes)
    .source = Orders separated by ; or , (empty: a form for many lines)
command-which-of-your-powers-if-you-have-several = Laquelle de vos puissances (si vous en avez plusieurs)
    .source = Which of your powers (if you have several)
command-show = voir
    .source = show
command-your-orders-with-a-private-preview-map = Vos ordres, avec une carte d'aperçu privée
    .source = Your orders, with a private preview map
command-clear = effacer
    .source = clear
command-delete-your-orders-of-this-phase = Supprimer vos ordres de cette phase
    .source = Delete your orders of this phase
command-order = ordre
    .source = order
command-one-order-step-by-step = Un ordre, pas à pas
    .source = One order, step by step
command-unit = unité
    .source = unit
command-one-of-your-units = Une de vos unités
    .source = One of your units
command-what-it-does = Ce qu'elle fait
    .source = What it does
command-ready = prêt
    .source = ready
command-say-you-are-done-the-phase-resolves-when-all-are = Dire que vous avez fini : la phase est résolue quand tous le sont
    .source = Say you are done: the phase resolves when all are
command-state = état
    .source = state
command-on-default-or-off = oui (par défaut) ou non
    .source = on (default) or off
command-on = oui
    .source = on
command-off = non
    .source = off
command-propose = proposer
    .source = propose
command-propose-a-draw-secret-unanimous-vote = Proposer une nulle (vote secret à l'unanimité)
    .source = Propose a draw (secret unanimous vote)
command-press = communiqué
    .source = press
command-anonymous = anonyme
    .source = anonymous
command-your-message = Votre message
    .source = Your message
command-hide-who-sent-it = Cacher l'auteur
    .source = Hide who sent it
command-gm = mj
    .source = gm
command-game-master-tools = Outils du meneur de jeu
    .source = Game master tools
command-adjudicate = résoudre
    .source = adjudicate
command-resolve-the-current-phase-now = Résoudre la phase en cours maintenant
    .source = Resolve the current phase now
command-extend = prolonger
    .source = extend
command-move-the-deadline-hours-may-be-negative = Déplacer la date limite (heures, négatif possible)
    .source = Move the deadline (hours, may be negative)
command-hours = heures
    .source = hours
command-hours-to-add = Heures à ajouter
    .source = Hours to add
command-stop-the-clock = Arrêter le chronomètre
    .source = Stop the clock
command-resume = reprendre
    .source = resume
command-restart-the-clock = Relancer le chronomètre
    .source = Restart the clock
command-replace = remplacer
    .source = replace
command-give-a-seat-to-a-replacement-player = Donner une place à un remplaçant
    .source = Give a seat to a replacement player
command-player = joueur
    .source = player
command-a-power-of-the-seat-e-g-france = Une puissance de la place (ex. france)
    .source = A power of the seat (e.g. france)
command-the-new-player = Le nouveau joueur
    .source = The new player
command-kick = exclure
    .source = kick
command-remove-a-player-from-the-game = Retirer un joueur de la partie
    .source = Remove a player from the game
command-the-player-to-remove = Le joueur à retirer
    .source = The player to remove
command-rollback = revenir
    .source = rollback
command-go-back-to-the-start-of-a-past-phase = Revenir au début d'une phase passée
    .source = Go back to the start of a past phase

command-duel-diplomatie = Duel-Diplomatie
    .source = Duel-Diplomatie
command-l-imp-rialisme = L'Impérialisme
    .source = L'Impérialisme
command-standard = standard
    .source = standard
command-phase = phase
    .source = phase
command-pause = pause
    .source = pause
