### words catalogue (fr): units, places and powers inside sentences. Keys: the catalogue key with dashes for dots.

words-coast-nc = côte nord
words-coast-sc = côte sud
words-coast-ec = côte est
words-or = { $first } ou { $last }
words-retreat_unit = { "*" }*{ $power }** — { $unit } ({ $code }) est délogée ; elle peut faire retraite { $retreats }.
words-retreat_none = { "*" }*{ $power }** — { $unit } ({ $code }) est délogée et n'a aucune retraite : elle est dissoute.
words-unit_chosen = { $unit } : que doit-elle faire ?
words-forum_post =
    { "*" }*{ $name }** : une partie de { $variant } arbitrée ici, meneur de jeu { $gm }.
    { "*" }*Maintenant** : les inscriptions sont ouvertes.
    { "*" }*À faire** : inscrivez-vous avec /game join ou le bouton ci-dessous ; le meneur de jeu lance la partie avec /game start. Ensuite : { $how }
words-started_next = { "*" }*À faire** : envoyez vos ordres avec /orders submit (ou /order, pas à pas) avant la date limite ; /ready quand vous avez fini. La carte est jointe ; /game status dit qui est encore attendu.
words-crises_off = désactivées
words-forum_how-orders = à chaque phase, envoyez vos ordres avec /orders submit (ou /order) avant la date limite, puis /ready quand vous avez fini ; les résultats et la carte sont publiés dans ce fil.
words-forum_how-duel = chaque année commence par une saison d'offres secrètes (/bid) pour les cinq puissances mineures, puis, à chaque phase, vous envoyez vos ordres avec /orders submit avant la date limite ; les résultats et la carte sont publiés dans ce fil.
words-forum_how-imperialisme = les crises sont tirées (/crisis draw) ou déclarées (/crisis declare) ; chacune est discutée ici, puis toutes les autres puissances votent en secret par message privé, avec le poids de leur influence ; le vainqueur annexe des territoires ; la carte est publiée après chaque crise et chaque échange.
words-imp_next = { "*" }*À faire** : discutez ici ; une puissance peut déclarer la guerre à une voisine avec /crisis declare ; le meneur de jeu tire une crise aléatoire avec /crisis draw ou ouvre une session d'échange ; les bulletins arrivent par message privé.
