### words catalogue (en): units, places and powers inside sentences. Keys: the catalogue key with dashes for dots.

words-coast-nc = north coast
words-coast-sc = south coast
words-coast-ec = east coast
words-or = { $first } or { $last }
words-retreat_unit = { "*" }*{ $power }** — { $unit } ({ $code }) is dislodged; it may retreat to { $retreats }.
words-retreat_none = { "*" }*{ $power }** — { $unit } ({ $code }) is dislodged and has nowhere to retreat: it is disbanded.
words-unit_chosen = { $unit }: what should it do?
