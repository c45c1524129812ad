### absence catalogue (en): absences (rules §3.6) and reminders on the player's terms. Keys: the catalogue key with dashes for dots.

absence-cleared = { $count ->
        [one] Your absence is withdrawn.
       *[other] Your { $count } absences are withdrawn.
    } Days of extension already granted stay counted.
absence-extended_post = { $user } is away until { $ends }: the deadline moves to { $deadline } ({ $count ->
        [one] { $count } day
       *[other] { $count } days
    } of their allowance).
# gunboat: the power, never its player (who plays it is secret until the end)
absence-extended_post_power = { ART_AND($powers) } is away until { $ends }: the deadline moves to { $deadline } ({ $count ->
        [one] { $count } day
       *[other] { $count } days
    } of its player's allowance).
absence-extended_title = Deadline moved for an absence
absence-policy = Absences in this game: { $policy ->
        [replace] the game master names a replacement
       *[extend] a deadline on a day away moves to the end of the absence, up to { $count ->
            [one] { $count } day
           *[other] { $count } days
        } per player and game year
    }.
absence-remaining = You have { $count ->
        [one] { $count } day
       *[other] { $count } days
    } of extension left this game year.
absence-replace_dm = { $user } ({ $powers }) will be away from { $starts } to { $ends } in **{ $name }**. The rules of this game ask you to name a replacement: `/gm replace`.
absence-replace_title = A replacement to name in { $name }
absence-set_done = You are away from { $starts } to { $ends } (UTC).
absence-set_extend = A deadline on those days moves to the end of your absence, within your allowance ({ $count ->
        [one] { $count } day
       *[other] { $count } days
    } left this game year). Deadline now: { $deadline }.
absence-set_reason = Reason (only you see it): { $reason }
absence-set_replace = The game master has been asked to name a replacement.
absence-status_line = { $user } — until { $ends }
absence-status_title = { $count ->
        [one] Away
       *[other] Away ({ $count })
    }
error-absence-bad_date = “{ $value }” is not a date: write 2026-12-24, 24/12/2026 or 24/12.
error-absence-ends_before = The last day ({ $ends }) comes before the first ({ $starts }).
error-absence-none = You have no absence announced in this game.
error-absence-overlaps = You are already away from { $starts } to { $ends }: `/absence clear` first.
error-absence-past = That absence is over already (last day { $ends }).
error-absence-too_long = An absence of { $count } days is too long (at most { $max }): leave the game or ask the game master for a replacement.
error-remind-bad_hours = “{ $value }” is not a list of hours: write up to five numbers of hours before the deadline, such as 24, 1.5 (at most 720).
error-remind-ambiguous_hours = “{ $value }”: “{ $piece }” could be read more than one way. Write each number of hours with a decimal point and separate them with commas, such as 24, 1.5.
remind-never_sent = No reminder will be sent { $hours } ahead: no phase of this game lasts longer (the longest lasts { $longest }), so it would fall before the phase opens.
remind-longer_phases_only = Reminders { $hours } ahead are sent only before the deadlines of phases that last longer (this game's phases last { $lengths }).
remind-is_default = Reminders: the default, { $hours } before the deadline while your orders are missing.
remind-is_off = Reminders are off in this game (`/remind set` to choose yours).
remind-is_set = Reminders { $hours } before each deadline{ $only_missing ->
        [yes] , only while your orders are missing
       *[no] {""}
    }.
reminder-body_ordered = Your orders for { $phase } are in; you can still change them. Deadline: { $deadline }.{ $powers }
reminder-title_ordered = Deadline soon in { $name }
settings-absence = Absences: { $policy ->
        [replace] a replacement named by the game master
       *[extend] deadlines extended, up to { $count ->
            [one] { $count } day
           *[other] { $count } days
        } per player and game year
    }
