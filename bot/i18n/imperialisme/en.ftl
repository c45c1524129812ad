### imperialisme catalogue (en). Keys: the catalogue key with dashes for dots. Command localisations carry their English text in .source.

error-imp-ballot_expired = This ballot is no longer valid: that vote is closed, or was opened again with new ballots (see your latest DM).
error-imp-exchange_closed = This exchange is already settled ({ $status }).
error-imp-exchange_not_found = Exchange #{ $exchange_id } does not exist.
error-imp-no_annexation = No annexation is waiting for a choice.
error-imp-no_vote_open = No vote is open for you.
error-imp-not_a_power = You hold no power in this game.
error-imp-not_the_target = Only the power concerned ({ $target }) can answer.
error-imp-not_your_ballot = This ballot belongs to another power: only its player can use it.
error-imp-power_taken = That power is already taken: { $power }.
imp-accept_button = Accept
imp-annex_pick = Choose up to { $count ->
        [one] { $count } territory
       *[other] { $count } territories
    } of { $loser } (before { $deadline }; otherwise: { $default }).
imp-annex_placeholder = Territories to annex
imp-annexed = { $winner } annexes { $territories } from { $loser }.
imp-annexed_default = { $winner } did not choose in time: the referee gives it { $territories }, taken from { $loser }.
imp-annexed_reply = Annexed: { $territories }.
imp-annexed_title = Crisis { $number }: annexation
imp-any_power = any
imp-ballot_body = { $power } votes with a weight of { $weight } (its influence when the vote opened). Support { $first } or { $second }, or vote blank. You can change your vote until { $deadline }. Nobody will know your vote: only the winner and the number of territories are announced.
imp-ballot_title = { $name }, crisis { $number }: your secret vote
imp-blank_button = Blank
imp-choose_game = You can vote in several games: give the game number ({ $games }).
imp-conference_open = The conference is open here until { $deadline }; then every other power votes in secret.
imp-crisis_declared = { $first } declared war on { $second }.
imp-crisis_random = Random draw. Seed: `{ $seed }`; its SHA-256 `{ $commit }` was published before the draw, so anyone can check it and replay the draw.
imp-crisis_title = Crisis { $number }: { $first } against { $second }
imp-declared = { $attacker } declares war on { $target } (place { $position } in the queue of declared crises).
imp-declared_queued = Your declaration is public; it is number { $position } in the queue.
imp-declared_started = Your declaration is public; crisis { $number } starts now.
imp-decline_button = Decline
imp-dm_closed = { $user }, your direct messages are closed: press the button to see the ballot of { $power } privately.
imp-dm_closed_anonymous = The player of { $power } has closed their direct messages: press the button to see the ballot privately.
imp-dm_closed_button = Vote in private
imp-drawn = Crisis { $number } is drawn: { $first } against { $second }.
imp-every = every { $hours } h
imp-exchange_answer_done = You accepted: the exchange is done.
imp-exchange_answer_refused = You declined the exchange.
imp-exchange_answer_waiting = You accepted; the other power must accept too.
imp-exchange_declined = { $by } declined: nothing changes.
imp-exchange_done = Both powers accepted: the exchange is done (final).
imp-exchange_how = { $second } accepts or declines with the buttons.
imp-exchange_sent = Proposal #{ $id } is posted; { $partner } must accept it.
imp-exchange_terms =
    { $first } gives: { $first_gives }
    { $second } gives: { $second_gives }
imp-exchange_title = Exchange #{ $id }
imp-game_over_body =
    Three powers hold a single territory. Final ranking by influence:
    { $ranking }
imp-game_over_title = { $name }: the game is over
imp-hours = { $hours } h
imp-joined = You joined **{ $name }** ({ $count ->
        [one] { $count } player
       *[other] { $count } players
    } signed up). Power wanted: { $power }.
imp-lapsed = These declarations lapsed (the powers are no longer neighbours): { $pairs }.
imp-legend = Influence
imp-never = off
imp-next_commit = SHA-256 of the seed of the next random draw: `{ $commit }`.
imp-next_crisis = Next automatic crisis: { $when }.
imp-not_this_game = This command is for L'Impérialisme games.
imp-nothing = nothing
imp-ranking_line = { $rank }. { $power }: influence { $influence } ({ $territories ->
        [one] { $territories } territory
       *[other] { $territories } territories
    })
imp-result_annex = { $winner } chooses up to { $annexable } territories of { $loser } with the menu below (or /annex) before { $deadline }; otherwise the referee takes the most valuable ones.
imp-result_none = No winner: nothing changes.
imp-result_nothing_to_take = { $loser } has no territory that { $winner } can take: nothing changes.
imp-result_title = Crisis { $number }: result
imp-result_winner = { $winner } prevails over { $loser }: { $territories ->
        [one] { $territories } territory
       *[other] { $territories } territories
    }.
imp-session_closed = The exchange session is closed ({ $cancelled } pending proposals cancelled).
imp-session_closed_reply = Exchange session closed ({ $cancelled } pending proposals cancelled).
imp-session_opened = An exchange session is open: propose with /exchange propose. An exchange takes effect when both powers accept it, and it is final.
imp-session_opened_reply = Exchange session opened.
imp-stage-annexation = annexation
imp-stage-conference = conference
imp-stage-resolved = resolved
imp-stage-vote = secret vote
imp-stage-withdrawn = withdrawn
imp-stage_closed = Crisis { $number }: now { $stage }.
imp-started = { "*" }*{ $name }** has started.
imp-started_body =
    { $seats }
    Powers nobody plays (they never declare war and their vote is blank): { $unplayed }
    The next random crisis will be drawn from a seed whose SHA-256 is `{ $commit }`.
imp-started_title = { $name }: L'Impérialisme begins
imp-status_crisis = Crisis { $number }
imp-status_line = { $power }: influence { $influence }, { $territories ->
        [one] { $territories } territory
       *[other] { $territories } territories
    }
imp-status_queue = Declared crises waiting
imp-status_ranking = Final ranking
imp-status_stage = { $first } against { $second }: { $stage } until { $deadline }
imp-status_timing = Timing
imp-support_button = Support { $power }
imp-timing = Conference: { $conference } · vote: { $vote } · annexation: { $annexation } · automatic crises: { $every }
imp-vote_open_body = Every power except { $first } and { $second } has its ballot by DM. Votes are secret and weighted by influence; they can be changed until { $deadline }. No vote counts as blank. Only the winner and the number of territories will be announced.
imp-vote_open_title = Crisis { $number }: the vote is open
imp-vote_recorded = Your vote is recorded; it stays secret. You can change it until { $deadline }.
imp-withdraw_answer_refused = You refused: the declaration stands.
imp-withdraw_answer_withdrawn = You consented: the declaration is withdrawn.
imp-withdraw_asked = { $target } is asked publicly to consent.
imp-withdraw_no = Refuse
imp-withdraw_refused = { $target } refuses: the declaration of war of { $attacker } stands.
imp-withdraw_request = { $attacker } asks to withdraw its declaration of war on { $target }. { $target }, do you consent?
imp-withdraw_yes = Consent
imp-withdrawn = { $attacker } withdrew its declaration of war on { $target }, with the consent of { $target }.

## Phase names (engine.variants.imperialisme: Variant.phase_name)
phase-crisis-annexation = Crisis { $number }, annexation
phase-crisis-conference = Crisis { $number }, conference
phase-crisis-pending = Before crisis { $number }
phase-crisis-vote = Crisis { $number }, vote
phase-end = End of the game
phase-exchange = Exchange session, exchange { $number }

## Its chart measure (Variant.measures) in /game chart
chart-influence-title = influence after each crisis
chart-influence-axis = influence
