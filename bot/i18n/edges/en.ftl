### edges catalogue (en). Keys: the catalogue key with dashes for dots. Command localisations carry their English text in .source.

error-orders-too_long = Your orders were not saved: { $length } characters is more than the { $max } one sheet may hold.
error-orders-too_many_lines = Your orders were not saved: one sheet holds at most { $max } orders.
