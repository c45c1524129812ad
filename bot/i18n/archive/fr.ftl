### Après la partie (fr) : export, import, accéléré, graphique, scores, /stats et /classement.

settings-scoring = Décompte des points : { $scoring ->
        [sum_of_squares] somme des carrés (100 points partagés selon le carré des centres)
        [c_diplo] C-Diplo (1 pour avoir joué, 1 par centre, 38/14/7 pour les trois plus grands)
        [influence] part d'influence (la part de chaque puissance dans toute l'influence à la fin)
       *[draw_size] taille de la nulle (une victoire seule vaut 100, une nulle les partage à parts égales)
    }
archive-scores_title = Points ({ $scoring ->
        [sum_of_squares] somme des carrés
        [c_diplo] C-Diplo
        [influence] part d'influence
       *[draw_size] taille de la nulle
    })
archive-score_line = { $power } : { $points }
archive-exported = **{ $name }** : toutes les phases résolues ({ $count }) avec leurs ordres et leurs résultats, à rejouer avec `python -m engine replay FICHIER`.
archive-imported = **{ $name }** importée (partie nº { $id }) : { $count ->
        [one] { $count } phase rejouée
       *[other] { $count } phases rejouées
    }. Suivez-la avec /partie historique, /carte, /partie accéléré et /partie graphique.
archive-timelapse_title = { $name } — { $count ->
        [one] { $count } image
       *[other] { $count } images
    }
archive-chart_title = { $name } — { MEASURE($measure, "title") }
archive-chart_axis = { MEASURE($measure, "axis") }
error-archive-not_followed = Cette partie ne suit pas « { $measure } » : choisissez { $known }.
error-archive-too_big = Ce fichier est trop gros ({ $size } Ko) : un export tient en { $max } Ko au plus.
error-archive-not_json = Ce fichier n'est pas du JSON : joignez le fichier produit par /partie exporter. Rien n'a été créé.
error-archive-not_export = Ce fichier n'est pas une partie exportée par /partie exporter. Rien n'a été créé.
error-archive-unknown_variant = Cet export est celui d'un jeu que ce bot ne connaît pas ({ $variant }). Rien n'a été créé.
error-archive-no_phases = Cet export ne contient aucune phase résolue. Rien n'a été créé.
error-archive-does_not_replay = Cet export ne se rejoue pas (phase : { $phase }) : { $field ->
        [results] les résultats qu'il enregistre ne sont pas ceux que donnent ses ordres.
        [result] le résultat qu'il déclare n'est pas celui que donnent les règles depuis sa position finale.
        [phase] ses phases ne se suivent pas comme ses ordres y mènent.
        [units] ses ordres ne mènent pas aux unités enregistrées ensuite.
        [centres] ses ordres ne mènent pas aux centres de ravitaillement enregistrés ensuite.
       *[position] ses ordres ne mènent pas à la position enregistrée ensuite.
    } Rien n'a été créé.
error-archive-nothing_yet = Aucune phase de cette partie n'a encore été résolue.
ladder-stats_title = Palmarès de { $user } sur ce serveur
ladder-stats_none = { $user } n'a encore terminé aucune partie sur ce serveur.
ladder-stats_variant = { $variant }
ladder-stats_body = { $games ->
        [one] { $games } partie
       *[other] { $games } parties
    } : { $wins ->
        [one] { $wins } victoire
       *[other] { $wins } victoires
    }, { $draws ->
        [one] { $draws } nulle
       *[other] { $draws } nulles
    }, { $survivals ->
        [one] { $survivals } survie
       *[other] { $survivals } survies
    }
    Fiabilité : { $missed ->
        [one] { $missed } phase manquée
       *[other] { $missed } phases manquées
    }, { $disorders ->
        [one] { $disorders } désordre civil
       *[other] { $disorders } désordres civils
    }
    Classement : { $rating } (OpenSkill, μ { $mu }, σ { $sigma }) · points : { $points }
ladder-title = Classement { $variant } de ce serveur
ladder-empty = Aucune partie de { $variant } terminée sur ce serveur pour l'instant.
ladder-line = **{ $rank }.** { $user } — { $rating } ({ $games ->
        [one] { $games } partie
       *[other] { $games } parties
    }, { $wins ->
        [one] { $wins } victoire
       *[other] { $wins } victoires
    }, { $draws ->
        [one] { $draws } nulle
       *[other] { $draws } nulles
    })
ladder-footer = Classement : OpenSkill (Plackett–Luce) μ − 3σ, d'après les points des parties terminées.
command-archive-export = exporter
    .source = export
command-archive-export-desc = Toute la partie dans un fichier (JSON, à rejouer)
    .source = The whole game as one file (JSON, replayable)
command-archive-import = importer
    .source = import
command-archive-import-desc = Créer une partie à partir d'un fichier exporté (rejouée phase par phase)
    .source = Create a game from an exported file (replayed phase by phase)
command-archive-file = fichier
    .source = file
command-archive-file-desc = Un fichier produit par /partie exporter
    .source = A file made by /game export
command-archive-name-desc = Nom de la partie importée
    .source = Name of the imported game
command-archive-timelapse = accéléré
    .source = timelapse
command-archive-timelapse-desc = Toute la partie en carte animée
    .source = The whole game as an animated map
command-archive-format = format
    .source = format
command-archive-format-desc = GIF (lu partout) ou WebP (plus léger)
    .source = GIF (plays everywhere) or WebP (smaller)
command-archive-chart = graphique
    .source = chart
command-archive-chart-desc = Centres de ravitaillement par puissance et par année, en graphique
    .source = Supply centres per power and year, as a chart
command-archive-figure = mesure
    .source = figure
command-archive-figure-desc = Ce qu'il faut suivre (chaque partie propose les siens)
    .source = What to follow (each game offers its own)
command-ladder-stats = stats
    .source = stats
command-ladder-stats-desc = Le palmarès d'un joueur sur ce serveur, par jeu
    .source = A player's record on this server, per game
command-ladder-player = joueur
    .source = player
command-ladder-player-desc = Le joueur (vous par défaut)
    .source = The player (you by default)
command-ladder-ladder = classement
    .source = ladder
command-ladder-ladder-desc = Le classement du serveur pour un jeu
    .source = The server's ladder of one game
command-ladder-variant-desc = Quel jeu (Diplomatie classique par défaut)
    .source = Which game (Classic Diplomacy by default)
command-archive-gif = GIF
    .source = GIF
command-archive-webp = WebP
    .source = WebP
command-archive-scoring = points
    .source = scoring
command-archive-scoring-desc = Comment une partie terminée rapporte des points
    .source = How a finished game scores
command-archive-draw-size = taille de la nulle
    .source = draw size
command-archive-sum-of-squares = somme des carrés
    .source = sum of squares
command-archive-c-diplo = C-Diplo
    .source = C-Diplo

## The chart measure every board has (Variant.measures: "centres")
chart-centres-title = centres de ravitaillement par année
chart-centres-axis = centres de ravitaillement
