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
    { "*" }*À faire** : inscrivez-vous avec /partie rejoindre ou le bouton ci-dessous ; le meneur de jeu lance la partie avec /partie lancer. Ensuite : { $how }
words-started_next = { "*" }*À faire** : envoyez vos ordres avec /ordres envoyer (ou /ordre, pas à pas) avant la date limite ; /prêt quand vous avez fini. La carte est jointe ; /partie état dit qui est encore attendu.
words-crises_off = désactivées
words-forum_how-orders = à chaque phase, envoyez vos ordres avec /ordres envoyer (ou /ordre) avant la date limite, puis /prêt quand vous avez fini ; les résultats et la carte sont publiés dans ce fil.
words-forum_how-duel = chaque année commence par une saison d'offres secrètes (/enchérir) pour les cinq puissances mineures, puis, à chaque phase, vous envoyez vos ordres avec /ordres envoyer avant la date limite ; les résultats et la carte sont publiés dans ce fil.
words-forum_how-imperialisme = les crises sont tirées (/crise tirer) ou déclarées (/crise déclarer) ; chacune est discutée ici, puis toutes les autres puissances votent en secret par message privé, avec le poids de leur influence ; le vainqueur annexe des territoires ; la carte est publiée après chaque crise et chaque échange.
words-imp_next = { "*" }*À faire** : discutez ici ; une puissance peut déclarer la guerre à une voisine avec /crise déclarer ; le meneur de jeu tire une crise aléatoire avec /crise tirer ou ouvre une session d'échange ; les bulletins arrivent par message privé.
