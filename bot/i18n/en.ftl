### Catalogue (en). Keys: the catalogue key with dashes for dots. Command localisations carry their English text in .source.

button-expired = This button belongs to a past phase: it no longer does anything.
civil_disorder-body = No orders for { $missed ->
        [one] { $missed } movement phase
       *[other] { $missed } movement phases
    } in a row: { $powers } is in civil disorder (rules §2.14.3). Send orders again to take it back (rules §3.6).
civil_disorder-title = Civil disorder in { $name }
draw-accept_button = Accept the draw
draw-accepted_at_once = You are the only voter: the game ends in a draw.
draw-accepted_at_once_bots = You are the only voter: the bot, which plays { $powers }, never votes, and its abstention counts as consent (rules §3.8). The game ends in a draw.
draw-ballot_body = A draw between the surviving powers has been proposed. Your vote is secret; only the outcome is published. One refusal ends the vote.
draw-ballot_title = Draw proposed in { $name }
draw-proposed = Your draw proposal is sent; the vote is secret.
draw-refuse_button = Refuse
draw-voted_no = Your vote (refuse) is recorded. It stays secret.
draw-voted_yes = Your vote (accept) is recorded. It stays secret.
error-check_failed = You cannot use this command here.
error-conflict = The game is not in a state that allows this.
error-cooldown = Slow down: try again in { $seconds } s.
error-draw-already_open = A draw vote is already open.
error-draw-none_open = There is no draw vote open (it may be over).
error-draw-not_a_voter = You cannot vote in this draw.
error-forbidden = You are not allowed to do that.
error-game-channel_busy = This channel already has a game running (#{ $game_id }).
error-game-lease_held = Another process is resolving this game right now.
error-game-no_game_here = There is no game in this channel. A moderator can start one with /game create.
error-game-not_due = The phase cannot be resolved yet.
error-game-not_found = Game #{ $game_id } does not exist.
error-game-not_gm = Only the game master can do that.
error-game-stale = The game moved on to { $phase } meanwhile; nothing was changed.
error-game-variant_unsupported = { $operation } is not available for { $variant } games yet.
error-game-wrong_status =
    { $status ->
        [signup] The game is still signing up players
        [active] The game is in play
        [paused] The game is paused
        [finished] The game is finished
       *[other] The game is not ready
    }; { $expected ->
        [signup] this can only be done during the sign-up.
        [active] this can only be done while it is in play.
        [paused] this can only be done while it is paused.
        [active_paused] this can only be done while it is in play or paused.
        [active_finished_paused] this can only be done once it has started.
        [finished] this can only be done once it is finished.
       *[other] this cannot be done at this stage of the game.
    }
error-generic = That did not work.
error-guild_only = This command works in a server only.
error-gm-no_deadline = Nothing in this game waits for a deadline now: there is nothing to extend.
error-history-not_found = No resolved phase { $seq } in this game.
error-invalid = That request is not valid.
error-missing_permissions = You need the Manage Channels permission for that.
error-not_found = Not found.
error-options-invalid = Invalid value for { $key }: { $value }.
error-options-unknown = Unknown rule option: { $key }.
error-options-unreadable = “{ $text }” is not an option: write name=value, separated by commas (e.g. { $example }).
error-options-unknown_here = Unknown option for this game: “{ $option }”. Its options: { $known }.
error-options-rejected = { $label } ({ $option }) does not take “{ $value }”: { $accepts }.
options-accepts-bool = yes or no
options-accepts-range = a whole number from { $minimum } to { $maximum }
options-accepts-at_least = a whole number from { $minimum }
options-accepts-number = a whole number
options-accepts-one_of = one of { $values }
options-accepts-text = any text
options-accepts-or_none = { $accepts }, or none
error-orders-no_choice = { $power } has nothing to order in this phase.
error-orders-rejected = Your orders were not saved: fix the lines marked ❌ and send them all again.
error-phase_length-invalid = Invalid phase length ({ $key }: { $value }).
error-player-already_joined = Already signed up for this game.
error-player-game_full = The game is full ({ $max ->
        [one] { $max } player
       *[other] { $max } players
    }).
error-player-not_active = Your seat is not active ({ $status }).
error-player-not_enough = Not enough players: { $count } (at least { $min }).
error-player-not_in_game = You are not a player of this game.
error-player-not_your_power = { $power } is not your power.
error-player-power_required = You play several powers: choose one with the power option ({ $powers }).
error-player-preference_ambiguous = “{ $name }” could be several powers: { $candidates }.
error-player-preference_unknown = Unknown power in your preferences: { $name }.
error-player-too_many = Too many players: { $count } (at most { $max }).
error-rollback-not_found = No phase { $seq } to go back to.
error-unexpected = Sorry, something went wrong on our side. It has been logged; please try again.
game-created = Game **{ $name }** (#{ $id }) created in { $where }. Players sign up with /game join or the button; start it with /game start.
game-deadline = Deadline
gm-adjudicated = { $phase } resolved.
gm-extended = New deadline: { $deadline }.
gm-kicked = { $user } is removed from the game.
gm-paused = Game paused.
gm-replaced = { $user } takes over the seat.
gm-resumed = Game resumed. Deadline: { $deadline }.
gm-rolled_back = Back to the start of { $phase }.
gm_note-declared = { $user } ({ $powers }) is now in civil disorder. /gm replace hands the seat to a replacement.
gm_note-title = { $name }: missed orders in { $phase }
gm_note-warned = { $user } ({ $powers }) sent no orders: one more missed movement phase and civil disorder. A DM warned them.
history-empty = No phase has been resolved yet.
history-title = Phases of { $name }
join-button = Join
join-done = You are signed up.
join-done_count = You joined **{ $name }** ({ $count ->
        [one] { $count } player
       *[other] { $count } players
    } signed up).
leave-done = You left **{ $name }**.
label_value = { $label }: { $value }
map-not_started = The game has not started: there is no map yet.
map-title = { $name } — { $phase }
order-action-build = Build
order-action-convoy = Convoy
order-action-disband = Disband
order-action-hold = Hold
order-action-move = Move
order-action-remove = Remove
order-action-retreat = Retreat
order-action-support = Support
order-action-waive = Waive a build
order-builds = Builds and removals
order-not_legal = “{ $order }” is not a legal order now.
order-not_your_unit = { $unit } is not one of your units that can be ordered now.
order-nothing_chosen = Nothing was chosen.
order-nothing_to_order = You have nothing to order in this phase.
order-pick_action = Action
order-pick_target = Choose the order:
order-pick_unit = Unit
order-start = Choose a unit:
order-unit_chosen = { $unit }: what should it do?
orders-cleared = Your orders of this phase were deleted ({ $count }).
orders-conditional-adjust = kept for the Winter as a conditional order; it does not replace your movement orders.
orders-conditional-retreat = conditional retreat: used only if this unit is dislodged; it replaces no movement order.
orders-conditional-short = conditional
orders-modal_label = One order per line
orders-modal_title = Your orders
orders-none = No orders yet (your units hold).
orders-ready_no = not ready
orders-ready_yes = ready
orders-saved_footer = Saved. Sending orders again replaces them all. Press Ready when you are done.
orders-saved_title = Orders of { $power } for { $phase }
orders-show_title = Your orders for { $phase }
phase-kind-A = adjustments
phase-kind-M = movement
phase-kind-R = retreats
phase-name = { $season } { $year }, { $kind }
phase-season-F = Fall
phase-season-S = Spring
phase-season-W = Winter
player-status-active = active
player-status-civil_disorder = civil disorder
player-status-kicked = removed
player-status-left = left
player-status-replaced = replaced
post-created_body = Variant: { $variant }. Game master: { $gm }. Sign up with the button or /game join.
post-created_title = New game: { $name }
post-deadline_changed = New deadline: { $deadline }.
post-draw_accepted = The draw is accepted: { $powers }.
post-draw_proposed = A draw has been proposed. The vote is secret: only the outcome will be published.
post-draw_rejected = The draw was not accepted. The game goes on.
post-game_over_title = { $name } is over
post-neutral = Neutral powers: { $powers }.
post-notice = Game update: { $kind }.
post-paused = The game is paused.
post-player_kicked = { $user } was removed from the game ({ $powers }).
post-player_left = { $user } left the game ({ $powers }): civil disorder until a replacement is found.
post-player_replaced = { $new } replaces { $old } ({ $powers }).
post-press = { $text }
post-resumed = The game resumes. Deadline: { $deadline }.
post-rolled_back = The game master went back to { $phase }: what was sent since no longer counts (what was pending then is restored). Deadline: { $deadline }.
post-started_body =
    { $seats }
    
    First phase: { $phase }. Deadline: { $deadline }.
post-started_title = { $name } begins
prompt-adjust_how = Choose in the menu below, or send them with /orders submit. { $phase } — deadline { $deadline }.
prompt-adjust_title = Builds and removals in { $name }
prompt-builds = { "*" }*{ $power }** — builds: { $count } (supply centres: { $centres }, units: { $units }). Free home centres you own: { $where }. Builds not ordered are lost (rules §3.5.3).
prompt-builds_lost = { $lost ->
        [one] { $lost } more build cannot
       *[other] { $lost } more builds cannot
    } be made: no other free home centre.
prompt-default_disband = Without a retreat order the unit is disbanded.
prompt-default_retreat = Without a retreat order the unit retreats where the rules choose: nearest your home centres, a supply centre first (rules §3.5.3).
prompt-disband = Disband ({ $unit })
prompt-pick_builds = { $power }: choose your builds (up to { $count })
prompt-pick_removals = { $power }: choose the units to remove ({ $count })
prompt-removals = { "*" }*{ $power }** — removals: { $count } (supply centres: { $centres }, units: { $units }). Without an order, the rules remove the units farthest from your home centres (rules §3.5.3).
prompt-retreat_how = Press a button below, or send the retreat with /orders submit. { $phase } — deadline { $deadline }.
prompt-retreat_title = Retreats in { $name }
prompt-retreat_to = { $unit } → { $target }
prompt-retreat_unit = { "*" }*{ $power }** — { $unit } ({ $where }) is dislodged. Possible retreats: { $retreats }.
ready-button = Ready
ready-off = You are no longer ready.
ready-on = You are ready. The phase resolves as soon as every player is.
ready-on_resolved = Everyone was ready: the phase has been resolved.
reminder-body = You have not sent orders for { $powers } ({ $phase }). Deadline: { $deadline }.
reminder-title = Orders missing in { $name }
reminders-off = No more reminders for this game.
reminders-on = Reminders are on for this game.
reminders-stop_button = Stop reminders
result-draw = Draw between { $powers }.
result-ended = The game was ended by the game master.
result-winner = { $power } wins.
results-civil_disorder = Civil disorder
results-civil_disorder_line = { $powers } ({ $user }) — { $missed ->
        [one] { $missed } movement phase
       *[other] { $missed } movement phases
    } in a row without orders
results-civil_disorder_rule = Their units hold without supporting each other, dislodged units are disbanded, no builds — until the player orders again or a replacement takes over (rules §2.14.3, §3.6).
results-eliminated = Eliminated
results-next = Next phase
results-nothing = Nothing to report.
results-title = Results — { $phase }
settings-assignment = Powers: { $assignment ->
        [preferences] dealt by the players' preferences
       *[random] drawn at random
    }
settings-auto_draw = Automatic draw after 3 years without a change: { $on ->
        [yes] on
       *[no] off
    }
settings-end_year = { $year ->
        [none] Last year: none (the game goes on until a victory or a draw)
       *[other] Last year: { $year } (then the most supply centres wins)
    }
settings-length = { $hours } h
settings-nmr_threshold = Civil disorder after { $count ->
        [one] { $count } missed movement phase
       *[other] { $count } missed movement phases in a row
    }
settings-no = no
settings-option = { $label }: { $value }
settings-palette = Map colours: { $palette ->
        [colorblind] colour-blind friendly
       *[standard] standard
    }
settings-phase_lengths = Phase lengths (M movement, R retreats, A adjustments)
settings-phases = Phase lengths: movement { $M }, retreats { $R }, adjustments { $A }
settings-phases_other = Phase lengths: movement { $M }, retreats { $R }, adjustments { $A }, other phases { $other }
settings-preset = Rule set: { $preset ->
        [vortigern] Vortigern (powers dealt by preferences)
       *[standard] standard
    }
settings-seed = Power draw seed: { $seed }
settings-seed_hidden = Power draw seed: published when the game ends (gunboat: with the order of sign-up it would tell who plays which power).
settings-title = Settings of { $name }
settings-yes = yes
settings-victory_centers = Victory: { $count ->
        [one] { $count } supply centre
       *[other] { $count } supply centres
    }
start-done = { "*" }*{ $name }** has started: the powers and the map are posted in the game channel.
status-active = in play
status-centres = Supply centres
status-finished = finished
status-gm = Game master
status-nobody_missing = nobody: every player who must act has sent orders or is ready
status-paused = paused
status-phase = Phase
status-players = Players ({ $count })
status-replaces = replaces { $users }
status-result = Result
status-signup = sign-up
status-state = Status
status-title = Game: { $name }
status-variant = Variant
status-waiting = Waiting for ({ $count })
unit-army = Army
unit-fleet = Fleet
variant-unknown = Unknown variant “{ $name }”. Known: { $known }.
warning-body = No orders were received for { $powers } in { $phase }: the units held. If you miss the next movement phase too, { $powers } falls into civil disorder (its units hold without supporting each other, no builds). Next deadline: { $deadline }.
warning-title = No orders received in { $name }
