### bots catalogue (fr): le bot joueur à la table (bot.services.bots). Clés : la clé du catalogue, tirets pour les points.

bots-civil_disorder_rule = Le bot joue leurs puissances (option de la partie) jusqu'à ce que le joueur ordonne de nouveau ou qu'un remplaçant prenne la suite (règles §3.6).
bots-played_by_bot = Jouées par le bot
bots-played_title = Jouées par le bot ce tour-ci
bots-started = Sièges pris par le bot (partie d'entraînement) : { $powers }.
bots-report_title = { $name } — ce que le bot a ordonné pour vous
bots-report_intro = Bon retour : vos ordres comptent de nouveau. Pendant votre absence, le bot a joué vos puissances (option de la partie : le désordre civil est joué par le bot) :
bots-report_nothing = rien à ordonner
bots-suggest_title = Les ordres du bot — { $phase }
bots-suggest_how = Rien n'a été saisi : reprenez ce qui vous plaît avec `/bac-à-sable ordre`.
bots-stats_line = { $count ->
        [one] { $count } partie avec des bots (non classée)
       *[other] { $count } parties avec des bots (non classées)
    }
settings-civil_disorder = Désordre civil d'une puissance : { $mode ->
        [bot] le bot la joue jusqu'à ce que son joueur ordonne de nouveau ou qu'un remplaçant prenne sa place
       *[hold] ses unités tiennent et elle ne construit rien (règles §2.14.3)
    }
settings-bots = Partie d'entraînement : { $count ->
        [one] { $count } siège
       *[other] { $count } sièges
    } pour le bot ({ $powers }) ; elle ne compte jamais pour le classement
error-bots-unsupported = Aucun bot ne peut s'asseoir { $variant ->
        [duel] au Duel-Diplomatie (ses pays viennent des listes des deux joueurs)
        [imperialisme] à L'Impérialisme (ses tours sont des votes et des crises, pas des ordres écrits)
       *[other] à { $variant }
    } : les options désordre civil « bot » et bots sont pour la Diplomatie.
error-sandbox-suggest_no_choice = { ART_CAP($power) } n'a rien à ordonner dans cette phase de votre bac à sable.
command-bots-civil-disorder = desordre_civil
    .source = civil_disorder
command-bots-civil-disorder-describe = Une puissance en désordre civil : elle tient (par défaut) ou le bot la joue
    .source = A power in civil disorder: it holds (default) or the bot plays it
command-bots-hold = ses unités tiennent (par défaut)
    .source = its units hold (default)
command-bots-bot = le bot la joue
    .source = the bot plays it
command-bots-bots = bots
    .source = bots
command-bots-bots-describe = Partie d'entraînement : sièges que le bot prend au début (0 à 6)
    .source = Practice game: seats the bot takes at the start (0-6)
command-bots-fill = completer
    .source = fill
command-bots-fill-describe = Les sièges que personne n'a pris : le bot les prend (partie d'entraînement)
    .source = Seats nobody took: the bot takes them (a practice game)
command-bots-suggest = suggerer
    .source = suggest
command-bots-suggest-describe = Les ordres du bot sur votre plateau (rien n'est saisi)
    .source = The bot's orders on your board (nothing is entered)
command-bots-suggest-power = De qui (par défaut : chaque puissance qui a un choix)
    .source = Whose orders (default: every power with a choice)
