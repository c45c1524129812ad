### board catalogue (fr): the web board opened from Discord (docs/DEPLOY.md). Keys: the catalogue key with dashes for dots. Command localisations carry their English text in .source.

board-not_enabled = Le plateau web n'est pas activé sur ce serveur.
board-open = Ouvrir la carte
board-personal = Votre lien personnel vers la carte de la partie « { $name } » : il ouvre votre place, gardez-le pour vous (il expire dans une heure).
board-public = La carte publique de la partie « { $name } » (vous n'avez pas de place dans cette partie).
web-activity-title = Le plateau dans Discord
web-activity-signing_in = Connexion avec Discord…
web-activity-declined = Discord ne vous a pas connecté : le plateau doit savoir qui vous êtes (votre nom Discord seulement). Fermez l'activité et rouvrez-la avec /partie plateau.
web-refused-activity_off = Le plateau n'est pas activé comme activité Discord sur ce serveur.
web-refused-activity_code = Discord n'a pas confirmé qui vous êtes (le code de connexion a été refusé ou déjà utilisé). Fermez l'activité et rouvrez-la avec /partie plateau.
web-refused-activity_unreachable = Discord n'a pas pu être joint pour confirmer qui vous êtes. Réessayez dans un instant.
web-refused-activity_no_game = Il n'y a pas de partie dans le salon où cette activité a été ouverte.
command-board = plateau
    .source = board
command-board-open-the-map-of-this-game = Ouvrir la carte de cette partie
    .source = Open the map of this game
