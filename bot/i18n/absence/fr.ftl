### absence catalogue (fr) : absences (règles §3.6) et rappels au choix du joueur. Keys: the catalogue key with dashes for dots. Command localisations carry their English text in .source.

absence-cleared = { $count ->
        [one] Votre absence est retirée.
       *[other] Vos { $count } absences sont retirées.
    } Les jours de prolongation déjà accordés restent comptés.
absence-extended_post = Absence de { $user } jusqu'au { $ends } : la date limite passe au { $deadline } ({ $count ->
        [one] { $count } jour
       *[other] { $count } jours
    } de son crédit).
# gunboat : la puissance, jamais son joueur (qui la joue reste secret jusqu'à la fin)
absence-extended_post_power = Absence { DE_AND($powers) } jusqu'au { $ends } : la date limite passe au { $deadline } ({ $count ->
        [one] { $count } jour
       *[other] { $count } jours
    } du crédit de son joueur).
absence-extended_title = Date limite repoussée pour une absence
absence-policy = Absences dans cette partie : { $policy ->
        [replace] le MJ nomme un remplaçant
       *[extend] une date limite tombant un jour d'absence est repoussée à la fin de l'absence, jusqu'à { $count ->
            [one] { $count } jour
           *[other] { $count } jours
        } par joueur et par année de jeu
    }.
absence-remaining = Il vous reste { $count ->
        [one] { $count } jour
       *[other] { $count } jours
    } de prolongation cette année de jeu.
absence-replace_dm = Absence annoncée par { $user } ({ $powers }) du { $starts } au { $ends } dans **{ $name }**. Les règles de cette partie vous demandent de nommer un remplaçant : `/mj remplacer`.
absence-replace_title = Un remplaçant à nommer dans { $name }
absence-set_done = Absence enregistrée du { $starts } au { $ends } (UTC).
absence-set_extend = Une date limite tombant ces jours-là est repoussée à la fin de votre absence, dans la limite de votre crédit ({ $count ->
        [one] { $count } jour restant
       *[other] { $count } jours restants
    } cette année de jeu). Date limite actuelle : { $deadline }.
absence-set_reason = Motif (personne d'autre ne le voit) : { $reason }
absence-set_replace = Le MJ a été prié de nommer un remplaçant.
absence-status_line = { $user } — jusqu'au { $ends }
absence-status_title = { $count ->
        [one] Absence
       *[other] Absences ({ $count })
    }
error-absence-bad_date = « { $value } » n'est pas une date : écrivez 2026-12-24, 24/12/2026 ou 24/12.
error-absence-ends_before = Le dernier jour ({ $ends }) précède le premier ({ $starts }).
error-absence-none = Vous n'avez annoncé aucune absence dans cette partie.
error-absence-overlaps = Vous avez déjà annoncé une absence du { $starts } au { $ends } : `/absence annuler` d'abord.
error-absence-past = Cette absence est déjà terminée (dernier jour le { $ends }).
error-absence-too_long = Une absence de { $count } jours est trop longue (au plus { $max }) : quittez la partie ou demandez un remplaçant au MJ.
error-remind-bad_hours = « { $value } » n'est pas une liste d'heures : écrivez jusqu'à cinq nombres d'heures avant la date limite, par exemple 24 ; 1,5 (au plus 720).
error-remind-ambiguous_hours = « { $value } » : « { $piece } » peut se lire de plusieurs façons. Écrivez chaque nombre d'heures avec une virgule décimale et séparez-les par des points-virgules, par exemple 24 ; 1,5.
remind-never_sent = Aucun rappel ne partira { $hours } avant : aucune phase de cette partie ne dure plus longtemps (la plus longue dure { $longest }), il tomberait donc avant l'ouverture de la phase.
remind-longer_phases_only = Les rappels { $hours } avant ne partent qu'avant les dates limites des phases plus longues (les phases de cette partie durent { $lengths }).
remind-is_default = Rappels : ceux par défaut, { $hours } avant la date limite tant que vos ordres manquent.
remind-is_off = Les rappels sont désactivés dans cette partie (`/rappels régler` pour choisir les vôtres).
remind-is_set = Rappels { $hours } avant chaque date limite{ $only_missing ->
        [yes] , seulement tant que vos ordres manquent
       *[no] {""}
    }.
reminder-body_ordered = Vos ordres pour la phase { $phase } sont envoyés ; vous pouvez encore les changer. Date limite : { $deadline }.{ $powers }
reminder-title_ordered = Date limite proche dans { $name }
settings-absence = Absences : { $policy ->
        [replace] un remplaçant nommé par le MJ
       *[extend] dates limites repoussées, jusqu'à { $count ->
            [one] { $count } jour
           *[other] { $count } jours
        } par joueur et par année de jeu
    }

command-absence-days-away-from-the-game = Jours d'absence dans la partie (annoncés à l'avance)
    .source = Days away from the game (announced in advance)
command-absence-your-reminders-before-each-deadline = Vos rappels avant chaque date limite
    .source = Your reminders before each deadline
command-absence-announce-days-away = Annoncer des jours d'absence (par ex. 2026-12-24 ou 24/12)
    .source = Announce days away (e.g. 2026-12-24 or 24/12)
command-absence-first-day-away = Premier jour d'absence (2026-12-24 ou 24/12)
    .source = First day away (2026-12-24 or 24/12)
command-absence-last-day-away = Dernier jour d'absence (2026-12-31 ou 31/12)
    .source = Last day away (2026-12-31 or 31/12)
command-absence-why = Pourquoi (personne d'autre ne le verra)
    .source = Why (only you will see it)
command-absence-withdraw = Retirer vos absences annoncées
    .source = Withdraw your announced absences
command-absence-what-an-absence-does = Ce que fait une absence dans cette partie (le MJ peut le changer)
    .source = What an absence does in this game (the GM may change it)
command-absence-gm-mode = MJ : repousser les dates limites ou nommer un remplaçant
    .source = Game master: extend deadlines or name a replacement
command-absence-gm-days = MJ : jours de prolongation par joueur et par année de jeu
    .source = Game master: days of extension per player and game year
command-absence-extend-choice = repousser les dates limites
    .source = extend the deadlines
command-absence-replace-choice = un remplaçant nommé par le MJ
    .source = a replacement named by the GM
command-absence-remind-set-description = Heures avant chaque date limite pour un rappel (par ex. 24 ; 1,5)
    .source = Hours before each deadline to be reminded (e.g. 24, 1.5)
command-absence-hours-description = Heures avant la date limite, séparées par des points-virgules (par ex. 24 ; 1,5)
    .source = Hours before the deadline, comma-separated (e.g. 24, 1.5)
command-absence-only-missing-description = Seulement tant que vos ordres manquent
    .source = Only while your orders are missing
command-absence-remind-off-description = Plus de rappels dans cette partie
    .source = No more reminders in this game
command-absence-remind-show-description = Vos rappels dans cette partie
    .source = Your reminders in this game
command-absence-absence = absence
    .source = absence
command-absence-remind = rappels
    .source = remind
command-absence-set = annoncer
    .source = absence.set
command-absence-clear = annuler
    .source = absence.clear
command-absence-policy = règle
    .source = policy
command-absence-remind-set = régler
    .source = remind.set
command-absence-remind-off = arrêter
    .source = remind.off
command-absence-from = du
    .source = from
command-absence-to = au
    .source = to
command-absence-reason = motif
    .source = reason
command-absence-mode = mode
    .source = mode
command-absence-days = jours
    .source = days
command-absence-only-missing = si_manquants
    .source = only_missing
command-absence-set-generic = régler
    .source = set
