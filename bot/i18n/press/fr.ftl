# Presse (règles §3.4.7) : communiqués, lettres privées, /courrier, options de presse.
press-anonymous = anonyme
press-gm = le meneur de jeu
press-sent = Votre communiqué est publié.
press-title = Communiqué — { $author }
press-letter-sent = { $anonymous ->
        [yes] Votre lettre non signée { A_AND($powers) } est partie : chaque destinataire la reçoit en message privé.
       *[no] Votre lettre { A_AND($powers) } est partie : chaque destinataire la reçoit en message privé.
    }
press-letter-title = Lettre { DE_AND($sender) } — { $name }
press-letter-anonymous = une puissance anonyme
press-letter-to = { A_AND_CAP($powers) } · { $phase }
# les destinataires d'une lettre anonyme comme ses lecteurs les voient : jamais une liste qui trahit l'auteur
press-letter-you_and = vous et { $count ->
        [one] une autre puissance
       *[other] { $count } autres puissances
    }
press-letter-everyone = toutes les puissances
press-letter-powers = { $count ->
        [one] une puissance
       *[other] { $count } puissances
    }
press-letter-footer = Vos lettres de cette partie : /courrier dans son salon.
press-inbox-title = Lettres { DE_NAME($name) }
press-inbox-empty = Aucune lettre pour l'instant : écrivez-en une avec /communiqué et l'option « à ».
press-inbox-received = 📨 { DE_AND_CAP($sender) } { A_AND($powers) } — { $phase }
press-inbox-sent = 📤 Vous ({ ART_AND($sender) }) { A_AND($powers) } — { $phase }
press-inbox-more = { $count ->
        [one] { $count } lettre plus ancienne n'est pas affichée.
       *[other] { $count } lettres plus anciennes ne sont pas affichées.
    }
press-player = Un joueur
press-player-lower = un joueur
press-player-new = Un nouveau joueur
press-player-old = le joueur précédent
press-seat-title = { $name } : votre puissance
press-seat-body = Vous jouez { $powers }. Cette partie est en gunboat : aucun joueur n'est nommé avant la fin, et tout message est anonyme.
press-phase-none = avant la première phase
settings-press = Presse : { $press ->
        [none] aucune
        [public] communiqués seulement
        [gunboat] gunboat (tout message anonyme, aucun joueur nommé avant la fin)
       *[full] communiqués et lettres privées
    }
settings-gm_reads_press = Le meneur de jeu lit les lettres privées : { $on ->
        [yes] oui
       *[no] non
    }
error-press-gunboat_few_players = Une partie en gunboat demande au moins { $min } joueurs : avec { $count }, on saurait qui joue quelle puissance (règles §3.4.7). La partie n'a pas commencé.
error-press-gunboat_two_players = Le gunboat garde secret qui joue quelle puissance, et dans une partie à deux chacun sait qui est l'autre : choisissez la presse none (aucune lettre) ou full (règles §3.4.7). Rien n'a été créé.
error-press-disabled = La presse est désactivée dans cette partie.
error-press-public_only = Cette partie n'autorise que les communiqués : pas de lettres privées.
error-press-game_not_active = On ne peut envoyer de lettres que pendant la partie.
error-press-empty = Votre lettre est vide.
error-press-too_long = Votre lettre compte { $length } caractères ; { $max } au plus sont permis. Rien n'a été envoyé.
error-press-unknown_power = Puissance inconnue : { $name }. Écrivez des noms ou abréviations séparés par des virgules (par ex. France, Italie). Rien n'a été envoyé.
error-press-to_self = Vous ne pouvez pas écrire à { $power } : c'est votre propre puissance. Rien n'a été envoyé.
error-press-sender_eliminated = Vos puissances sont éliminées : vous ne pouvez plus écrire de lettres.
error-press-eliminated = { $power } est éliminée : aucune lettre ne peut l'atteindre. Rien n'a été envoyé.
error-press-nobody_plays = Personne ne joue { $power } : aucune lettre ne peut l'atteindre. Rien n'a été envoyé.
error-press-gm_cannot_read = Les lettres de cette partie sont privées : seuls leurs auteurs et destinataires les lisent.
error-press-not_found = Cette lettre n'existe plus.

# Commandes
command-press-to = à
    .source = to
command-press-to-describe = Puissances à qui écrire en privé (par ex. France, Italie) ; vide : un communiqué
    .source = Powers to write to privately (e.g. France, Italy); empty: a press release
command-press-describe = Un communiqué dans la partie, ou une lettre privée à des puissances
    .source = A press release in the game, or a private letter to powers
command-inbox = courrier
    .source = inbox
command-inbox-describe = Vos lettres privées de cette partie
    .source = Your private letters of this game
command-press-rules = presse
    .source = press_rules
command-press-rules-describe = Qui peut écrire : communiqués, lettres privées, gunboat
    .source = Who may write: press releases, private letters, gunboat
command-press-full = communiqués et lettres privées (par défaut)
    .source = press releases and private letters (default)
command-press-public = communiqués seulement
    .source = press releases only
command-press-none = aucune
    .source = none
command-press-gunboat = gunboat (anonyme, aucun joueur nommé)
    .source = gunboat (anonymous, no player named)
command-gm-reads-press = mj_lit_presse
    .source = gm_reads_press
command-gm-reads-press-describe = Le meneur de jeu peut lire les lettres privées (non par défaut)
    .source = The game master may read private letters (default no)
