# The screen-reader mode's sentences in French (reference: en/spoken.ftl; same ids, same
# variables): written out for a speech synthesiser, no abbreviations and no ′, → or +. Station
# names, train codes and the feeds' messages are put in as they come.

spoken-departures-heading = Départs à { $station }
spoken-arrivals-heading = Arrivées à { $station }
spoken-train-to = { $train } vers { $place }
spoken-train-from = { $train } depuis { $place }
spoken-expected = prévu à { $time }
spoken-platform = voie { $platform }
spoken-platform-instead = voie { $new } au lieu de la voie { $old }
spoken-platform-unknown = voie pas encore connue
spoken-cancelled = supprimé
spoken-timetable = horaire théorique, pas de données en temps réel
spoken-no-live-time = pas d’horaire en temps réel
spoken-on-time = à l’heure
spoken-minutes-late = { $n ->
    [one] { $n } minute de retard
   *[other] { $n } minutes de retard
}
spoken-minutes-early = { $n ->
    [one] { $n } minute d’avance
   *[other] { $n } minutes d’avance
}
spoken-now = désormais { $delay }
spoken-cancelled-because = { $name } est supprimé : { $why }
spoken-cancelled-now = { $name } est supprimé
spoken-running-again = circule de nouveau
spoken-live-again = { $heading } : de nouveau en temps réel.
spoken-nothing-yet = rien à afficher pour le moment.
spoken-nothing-to-choose = rien à choisir pour le moment
spoken-place = { $at } sur { $n } : { $sentence }
spoken-trains = { $n ->
    [one] { $heading } : { $n } train.
   *[other] { $heading } : { $n } trains.
}
spoken-more = { $n ->
    [one] { $n } autre train : parcourez le tableau pour l’entendre.
   *[other] { $n } autres trains : parcourez le tableau pour les entendre un par un.
}
spoken-closed = Le tableau est éteint pour la nuit.
spoken-timetable-being-read = Lecture des horaires en cours ; le tableau va suivre.
spoken-feed-unavailable = Les données sont indisponibles depuis { $since }.
spoken-feed-unavailable-from = Les données sont indisponibles depuis { $since } ; le tableau date de { $at }.

## The dashboard said

spoken-board-failed = Impossible de charger le tableau : { $error }
spoken-board-coming = le tableau de sa gare arrive.
spoken-no-board = pas encore de tableau : la touche b permet de choisir une gare, dont le tableau sera ensuite lu ici.
spoken-nothing-selected = aucune sélection
spoken-next = prochain arrêt { $station }
spoken-next-stop = prochain arrêt { $station }
spoken-between = entre { $from } et { $to }
spoken-help = aide
spoken-help-line = aide, { $at } sur { $n } : { $line }
spoken-details = détails : { $train }
spoken-stop = arrêt { $at } sur { $n } : { $station }
spoken-passed = déjà desservi
spoken-journey-stops = { $n ->
    [one] Son trajet compte { $n } arrêt : la flèche vers le bas le lit.
   *[other] Son trajet compte { $n } arrêts : la flèche vers le bas les lit un par un.
}
spoken-search-empty = recherche de gare, rien de saisi pour le moment
spoken-search-typed = recherche de gare, vous avez tapé { $typed }
spoken-search-match = { $n ->
    [one] { $n } résultat ; { $at } sur { $n } : { $station }
   *[other] { $n } résultats ; { $at } sur { $n } : { $station }
}
spoken-search-none = aucun résultat ; Enter la demande à la source
spoken-map = { $n ->
    [one] la carte : { $n } train localisé
   *[other] la carte : { $n } trains localisés
}
spoken-map-late = { $n ->
    [one] { $n } train avec au moins 5 minutes de retard, soit { $worst }
   *[other] { $n } trains avec au moins 5 minutes de retard, jusqu’à { $worst }
}
spoken-map-selected = le train sélectionné, { $train } : { $place }
