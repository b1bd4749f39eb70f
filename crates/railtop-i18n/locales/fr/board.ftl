# Les mots des tableaux d’affichage de railtop en français (référence : en/board.ftl ; mêmes
# identifiants, mêmes variables). Largeurs : un titre de colonne doit tenir dans sa colonne (« ≤ N »).

## Titres de colonnes des tableaux

# ≤ 5
col-time = HEURE
# Heure prévue (prévision temps réel) ; ≤ 5
col-expected = PRÉV.
# Minutes avant le départ ; ≤ 9
col-leaves = DÉPART
# Minutes avant l’arrivée ; ≤ 9
col-due = ARRIVÉE
# ≤ 4
col-line = LIG.
# ≤ 5
col-train = TRAIN
col-destination = DESTINATION
col-from = PROVENANCE
# Arrivées d’un tableau regroupé : dans quelle gare ; ≤ 5
col-at = GARE
# ≤ 7
col-station = GARE
# ≤ 5
col-station-short = GARE
# ≤ 8
col-platform = VOIE
# ≤ 4
col-platform-short = VOIE
col-status = ÉTAT
# ≤ 5
col-delay = RET.
# ≤ 8
col-operator = EXPLOIT.

## État d’un train

status-cancelled = supprimé
status-timetable = théorique
status-on-time = à l’heure
status-no-data = sans données
status-late = +{ $n } min
status-early = avance { $n } min
status-early-short = { $n }′ en avance
via = via

## Le tableau du kiosque

countdown-now = imminent
countdown-in = dans { $n } min
kind-departures = départs
kind-arrivals = arrivées
date-long = %A %-d %B %Y
date-short = %a %-d %b
board-closed = { $station } · tableau affiché { $open }–{ $close }
screen-too-small = Écran trop petit : { $width }×{ $height } ; le tableau demande { $min_width }×{ $min_height }.
badge-demo = DÉMO
badge-clock-fixed = HEURE FIGÉE
no-more-departures = Plus de départs pour le moment.
no-more-arrivals = Plus d’arrivées pour le moment.
no-departures-yet = Pas encore de départs : { $error }
no-arrivals-yet = Pas encore d’arrivées : { $error }
loading-departures = Chargement des départs…
loading-arrivals = Chargement des arrivées…
retrying-in = nouvel essai dans { $after }
next-try-in = prochain essai dans { $after }
timetable-being-read = lecture des horaires en cours
feed-unavailable-since = données indisponibles depuis { $since }
data-from = données de { $at }
updated-at = mis à jour à { $at }
page-of = page { $page }/{ $pages }
next-station = ensuite : { $station }
filter-arrivals = arrivées
filter-lines = lignes { $lines }
filter-platforms = voies { $platforms }
filter-within-hours = d’ici { $n } h
filter-within-minutes = d’ici { $n } min
filter-first = { $n ->
    [one] le premier seulement
   *[other] les { $n } premiers
}
walk-all = { $n } min à pied
walk-each = à pied : { $walks }
walk-one = { $station } { $n } min
route-to = vers { $station }
route-from = depuis { $station }
route-via = via { $station }

## The browser's board

# Said when the page has heard nothing new for a while
web-data-old = données vieilles de { $minutes } min
