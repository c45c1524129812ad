### words catalogue (fr): units, places and powers inside sentences. Keys: the catalogue key with dashes for dots.

words-coast-nc = côte nord
words-coast-sc = côte sud
words-coast-ec = côte est
words-or = { $first } ou { $last }
words-retreat_unit = { "*" }*{ $power }** — { $unit } ({ $code }) est délogée ; elle peut faire retraite { $retreats }.
words-retreat_none = { "*" }*{ $power }** — { $unit } ({ $code }) est délogée et n'a aucune retraite : elle est dissoute.
words-unit_chosen = { $unit } : que doit-elle faire ?
