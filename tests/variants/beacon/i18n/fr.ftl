### Diplomatie des phares (fr) : les textes de la variante de test, lus dans son dossier

beacon-phase = Veille { $watch } : { $kind }
beacon-kind-M = mouvements
beacon-kind-R = retraites
beacon-kind-A = levées
beacon-lit = { $power } allume son phare.
beacon-lit_reply = Le phare est allumé ({ $power }) : toute la partie le voit.
error-beacon-not_here = Aucune partie de Diplomatie des phares n'est en cours ici.
error-beacon-not_player = Seul un joueur de cette partie peut allumer un phare.
chart-units-title = unités à chaque veille
chart-units-axis = unités
command-beacon = phare
    .source = beacon
command-beacon-desc = Diplomatie des phares
    .source = Beacon Diplomacy
command-beacon-light = allumer
    .source = light
command-beacon-light-desc = Allumer le phare de votre puissance
    .source = Light your power's beacon
