### edges catalogue (fr). Keys: the catalogue key with dashes for dots. Command localisations carry their English text in .source.

error-orders-too_long = Vos ordres n'ont pas été enregistrés : { $length } caractères, c'est plus que les { $max } qu'une feuille peut contenir.
error-orders-too_many_lines = Vos ordres n'ont pas été enregistrés : une feuille contient au plus { $max } ordres.
