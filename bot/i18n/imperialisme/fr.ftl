### imperialisme catalogue (fr). Keys: the catalogue key with dashes for dots. Command localisations carry their English text in .source.

error-imp-ballot_expired = Ce bulletin n'est plus valable : ce vote est clos, ou a été rouvert avec de nouveaux bulletins (voyez votre dernier message privé).
error-imp-exchange_closed = Cet échange est déjà réglé ({ $status }).
error-imp-exchange_not_found = L'échange n° { $exchange_id } n'existe pas.
error-imp-no_annexation = Aucune annexion n'attend de choix.
error-imp-no_vote_open = Aucun vote n'est ouvert pour vous.
error-imp-not_a_power = Vous ne tenez aucune puissance dans cette partie.
error-imp-not_the_target = Seule la puissance concernée ({ $target }) peut répondre.
error-imp-not_your_ballot = Ce bulletin appartient à une autre puissance : seul son joueur peut s'en servir.
error-imp-power_taken = Cette puissance est déjà prise : { $power }.
imp-accept_button = Accepter
imp-annex_pick = Choisissez jusqu'à { $count ->
        [one] { $count } territoire
       *[other] { $count } territoires
    } { DE($loser) } (avant { $deadline } ; sinon : { $default }).
imp-annex_placeholder = Territoires à annexer
imp-annexed = { ART_CAP($winner) } annexe { $territories }, pris { A($loser) }.
imp-annexed_default = { ART_CAP($winner) } n'a pas choisi à temps : l'arbitre lui donne { $territories }, pris { A($loser) }.
imp-annexed_reply = Annexé : { $territories }.
imp-annexed_title = Crise { $number } : annexion
imp-any_power = indifférente
imp-ballot_body = { ART_CAP($power) } vote avec un poids de { $weight } (son influence à l'ouverture du vote). Soutenez { ART($first) } ou { ART($second) }, ou votez blanc. Vous pouvez changer votre vote jusqu'à { $deadline }. Personne ne connaîtra votre vote : seuls le vainqueur et le nombre de territoires sont annoncés.
imp-ballot_title = { $name }, crise { $number } : votre vote secret
imp-blank_button = Blanc
imp-choose_game = Vous pouvez voter dans plusieurs parties : donnez le numéro de la partie ({ $games }).
imp-conference_open = La conférence est ouverte ici jusqu'à { $deadline } ; ensuite toutes les autres puissances votent en secret.
imp-crisis_declared = { ART_CAP($first) } a déclaré la guerre { A($second) }.
imp-crisis_random = Tirage aléatoire. Graine : `{ $seed }` ; son SHA-256 `{ $commit }` a été publié avant le tirage : chacun peut le vérifier et refaire le tirage.
imp-crisis_title = Crise { $number } : { $first } contre { $second }
imp-declared = { ART_CAP($attacker) } déclare la guerre { A($target) } (rang { $position } dans la file des crises déclarées).
imp-declared_queued = Votre déclaration est publique ; elle est au rang { $position } de la file.
imp-declared_started = Votre déclaration est publique ; la crise { $number } commence maintenant.
imp-decline_button = Refuser
imp-dm_closed = { $user }, vos messages privés sont fermés : appuyez sur le bouton pour voir en privé le bulletin de { $power }.
imp-dm_closed_anonymous = Le joueur { DE($power) } a fermé ses messages privés : appuyez sur le bouton pour voir le bulletin en privé.
imp-dm_closed_button = Voter en privé
imp-drawn = La crise { $number } est tirée : { $first } contre { $second }.
imp-every = toutes les { $hours } h
imp-exchange_answer_done = Vous avez accepté : l'échange est fait.
imp-exchange_answer_refused = Vous avez refusé l'échange.
imp-exchange_answer_waiting = Vous avez accepté ; l'autre puissance doit accepter aussi.
imp-exchange_declined = { ART_CAP($by) } a refusé : rien ne change.
imp-exchange_done = Les deux puissances ont accepté : l'échange est fait (définitif).
imp-exchange_how = { ART_CAP($second) } accepte ou refuse avec les boutons.
imp-exchange_sent = La proposition n° { $id } est publiée ; { ART($partner) } doit l'accepter.
imp-exchange_terms =
    { ART_CAP($first) } cède : { $first_gives }
    { ART_CAP($second) } cède : { $second_gives }
imp-exchange_title = Échange n° { $id }
imp-game_over_body =
    Trois puissances ne tiennent plus qu'un territoire. Classement final par influence :
    { $ranking }
imp-game_over_title = { $name } : la partie est finie
imp-hours = { $hours } h
imp-joined = Vous avez rejoint **{ $name }** ({ $count ->
        [one] { $count } joueur inscrit
       *[other] { $count } joueurs inscrits
    }). Puissance souhaitée : { $power }.
imp-lapsed = Ces déclarations sont caduques (les puissances ne sont plus voisines) : { $pairs }.
imp-legend = Influence
imp-never = désactivé
imp-next_commit = SHA-256 de la graine du prochain tirage aléatoire : `{ $commit }`.
imp-next_crisis = Prochaine crise automatique : { $when }.
imp-not_this_game = Cette commande sert aux parties de L'Impérialisme.
imp-nothing = rien
imp-ranking_line = { $rank }. { $power } : influence { $influence } ({ $territories ->
        [one] { $territories } territoire
       *[other] { $territories } territoires
    })
imp-result_annex = { ART_CAP($winner) } choisit jusqu'à { $annexable } territoires { DE($loser) } avec le menu ci-dessous (ou /annexer) avant { $deadline } ; sinon l'arbitre prend les plus précieux.
imp-result_none = Pas de vainqueur : rien ne change.
imp-result_nothing_to_take = { ART_CAP($loser) } n'a aucun territoire que { ART($winner) } puisse prendre : rien ne change.
imp-result_title = Crise { $number } : résultat
imp-result_winner = { ART_CAP($winner) } l'emporte sur { ART($loser) } : { $territories ->
        [one] { $territories } territoire
       *[other] { $territories } territoires
    }.
imp-session_closed = La session d'échange est close ({ $cancelled } propositions en attente annulées).
imp-session_closed_reply = Session d'échange close ({ $cancelled } propositions en attente annulées).
imp-session_opened = Une session d'échange est ouverte : proposez avec /échange proposer. Un échange prend effet quand les deux puissances l'acceptent, et il est définitif.
imp-session_opened_reply = Session d'échange ouverte.
imp-stage-annexation = annexion
imp-stage-conference = conférence
imp-stage-resolved = résolue
imp-stage-vote = vote secret
imp-stage-withdrawn = retirée
imp-stage_closed = Crise { $number } : maintenant { $stage }.
imp-started = { "*" }*{ $name }** a commencé.
imp-started_body =
    { $seats }
    Puissances que personne ne joue (elles ne déclarent jamais la guerre et votent blanc) : { $unplayed }
    La prochaine crise aléatoire sera tirée d'une graine dont le SHA-256 est `{ $commit }`.
imp-started_title = { $name } : L'Impérialisme commence
imp-status_crisis = Crise { $number }
imp-status_line = { $power } : influence { $influence }, { $territories ->
        [one] { $territories } territoire
       *[other] { $territories } territoires
    }
imp-status_queue = Crises déclarées en attente
imp-status_ranking = Classement final
imp-status_stage = { $first } contre { $second } : { $stage } jusqu'à { $deadline }
imp-status_timing = Calendrier
imp-support_button = Soutenir { ART($power) }
imp-timing = Conférence : { $conference } · vote : { $vote } · annexion : { $annexation } · crises automatiques : { $every }
imp-vote_open_body = Toutes les puissances sauf { ART($first) } et { ART($second) } ont reçu leur bulletin en message privé. Les votes sont secrets et pondérés par l'influence ; on peut les changer jusqu'à { $deadline }. Sans vote, c'est un vote blanc. Seuls le vainqueur et le nombre de territoires seront annoncés.
imp-vote_open_title = Crise { $number } : le vote est ouvert
imp-vote_recorded = Votre vote est enregistré ; il reste secret. Vous pouvez le changer jusqu'à { $deadline }.
imp-withdraw_answer_refused = Vous avez refusé : la déclaration est maintenue.
imp-withdraw_answer_withdrawn = Vous avez consenti : la déclaration est retirée.
imp-withdraw_asked = { ART_CAP($target) } est invitée publiquement à donner son accord.
imp-withdraw_no = Refuser
imp-withdraw_refused = { ART_CAP($target) } refuse : la déclaration de guerre { DE($attacker) } est maintenue.
imp-withdraw_request = { ART_CAP($attacker) } demande à retirer sa déclaration de guerre { A($target) }. { ART_CAP($target) }, y consentez-vous ?
imp-withdraw_yes = Consentir
imp-withdrawn = { ART_CAP($attacker) } a retiré sa déclaration de guerre { A($target) }, avec l'accord { DE($target) }.
command-imperialisme-l-imp-rialisme-sign-up-start-status = L'Impérialisme : inscription, lancement, état
    .source = L'Impérialisme: sign-up, start, status
command-imperialisme-crisis = crise
    .source = crisis
command-imperialisme-crises-of-l-imp-rialisme = Crises de L'Impérialisme
    .source = Crises of L'Impérialisme
command-imperialisme-the-public-conference-of-a-crisis = La conférence publique d'une crise
    .source = The public conference of a crisis
command-imperialisme-exchange = échange
    .source = exchange
command-imperialisme-exchange-sessions-of-l-imp-rialisme = Sessions d'échange de L'Impérialisme
    .source = Exchange sessions of L'Impérialisme
command-imperialisme-sign-up-optionally-asking-for-a-power = S'inscrire, en demandant une puissance si on veut
    .source = Sign up, optionally asking for a power
command-imperialisme-the-power-you-want-first-come-first-served = La puissance voulue (premier arrivé, premier servi)
    .source = The power you want (first come, first served)
command-imperialisme-influence-crisis-in-progress-declared-crises = Influence, crise en cours, crises déclarées
    .source = Influence, crisis in progress, declared crises
command-imperialisme-stage-lengths-and-automatic-crises-game-master = Durées des étapes et crises automatiques (meneur de jeu)
    .source = Stage lengths and automatic crises (game master)
command-imperialisme-conference-hours = heures_conférence
    .source = conference_hours
command-imperialisme-vote-hours = heures_vote
    .source = vote_hours
command-imperialisme-annexation-hours = heures_annexion
    .source = annexation_hours
command-imperialisme-crisis-every-hours = crise_toutes_les_heures
    .source = crisis_every_hours
command-imperialisme-automatic = automatique
    .source = automatic
command-imperialisme-length-of-a-conference = Durée d'une conférence
    .source = Length of a conference
command-imperialisme-length-of-a-vote = Durée d'un vote
    .source = Length of a vote
command-imperialisme-time-the-winner-has-to-choose = Temps laissé au vainqueur pour choisir
    .source = Time the winner has to choose
command-imperialisme-a-random-crisis-every-this-many-hours = Une crise aléatoire toutes les N heures
    .source = A random crisis every this many hours
command-imperialisme-automatic-random-crises-on-or-off = Crises aléatoires automatiques : oui ou non
    .source = Automatic random crises on or off
command-imperialisme-crisis-draw = tirer
    .source = crisis.draw
command-imperialisme-draw-a-random-crisis-now-game-master = Tirer une crise aléatoire maintenant (meneur de jeu)
    .source = Draw a random crisis now (game master)
command-imperialisme-declare = déclarer
    .source = declare
command-imperialisme-declare-war-on-a-neighbour = Déclarer la guerre à une voisine
    .source = Declare war on a neighbour
command-imperialisme-target = cible
    .source = target
command-imperialisme-the-power-you-declare-war-on = La puissance à qui vous déclarez la guerre
    .source = The power you declare war on
command-imperialisme-withdraw = retirer
    .source = withdraw
command-imperialisme-withdraw-your-declaration-the-target-must-consen = Retirer votre déclaration (la cible doit consentir)
    .source = Withdraw your declaration (the target must consent)
command-imperialisme-the-power-you-declared-war-on = La puissance à qui vous avez déclaré la guerre
    .source = The power you declared war on
command-imperialisme-close = clore
    .source = close
command-imperialisme-close-the-conference-or-the-vote-game-master = Clore la conférence, ou le vote (meneur de jeu)
    .source = Close the conference, or the vote (game master)
command-imperialisme-annex = annexer
    .source = annex
command-imperialisme-choose-the-territories-you-annex-crisis-winner = Choisir les territoires annexés (vainqueur de la crise)
    .source = Choose the territories you annex (crisis winner)
command-imperialisme-territories = territoires
    .source = territories
command-imperialisme-territories-separated-by-commas-empty-a-menu = Territoires séparés par des virgules (vide : un menu)
    .source = Territories separated by commas (empty: a menu)
command-imperialisme-open = ouvrir
    .source = open
command-imperialisme-open-an-exchange-session-game-master = Ouvrir une session d'échange (meneur de jeu)
    .source = Open an exchange session (game master)
command-imperialisme-close-the-exchange-session-game-master = Clore la session d'échange (meneur de jeu)
    .source = Close the exchange session (game master)
command-imperialisme-propose-an-exchange-to-another-power = Proposer un échange à une autre puissance
    .source = Propose an exchange to another power
command-imperialisme-with = avec
    .source = with
command-imperialisme-give = donner
    .source = give
command-imperialisme-get = recevoir
    .source = get
command-imperialisme-the-other-power = L'autre puissance
    .source = The other power
command-imperialisme-your-territories-you-give-separated-by-commas = Vos territoires cédés, séparés par des virgules
    .source = Your territories you give, separated by commas
command-imperialisme-its-territories-you-receive-separated-by-commas = Ses territoires reçus, séparés par des virgules
    .source = Its territories you receive, separated by commas
command-imperialisme-your-secret-vote-in-the-crisis-also-in-dms = Votre vote secret dans la crise (aussi en message privé)
    .source = Your secret vote in the crisis (also in DMs)
command-imperialisme-choice = choix
    .source = choice
command-imperialisme-a-power-at-war-or-blank = Une puissance en guerre, ou blanc
    .source = A power at war, or blank
command-imperialisme-game-number-if-you-vote-in-several = Numéro de la partie, si vous votez dans plusieurs
    .source = Game number, if you vote in several

command-imperialisme-imperialisme = impérialisme
    .source = imperialisme
command-imperialisme-conference = conférence
    .source = conference
command-imperialisme-vote = vote
    .source = vote

## Phase names (engine.variants.imperialisme: Variant.phase_name)
phase-crisis-annexation = Crise { $number }, annexion
phase-crisis-conference = Crise { $number }, conférence
phase-crisis-pending = Avant la crise { $number }
phase-crisis-vote = Crise { $number }, vote
phase-end = Fin de la partie
phase-exchange = Séance d'échanges, échange { $number }

## Its chart measure (Variant.measures) in /game chart
chart-influence-title = influence après chaque crise
chart-influence-axis = influence
