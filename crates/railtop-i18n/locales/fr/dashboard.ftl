# The dashboard's own words in French (the boards' words, the columns and the statuses are in
# board.ftl). Widths: "≤ N" above a message means it must fit N columns.

loading = chargement…
all-countries = Tous les pays
countries-title = Pays

## The header

header-trains = { $n ->
    [one] { $n } train
   *[other] { $n } trains
}
header-counts = { $running } en circulation · { $gps } GPS · { $delayed } en retard
header-punctuality = { $share }% à l’heure ≤{ $within }′ · médiane { $median }′
header-running-short = { $n } circ.
header-gps-short = { $n } GPS
header-late-short = { $n } ret.
header-median-short = méd. { $median }′
header-clock-fixed = horloge figée (RAILTOP_NOW)
header-schedule = horaires { $feed }
header-retry-in = nouvel essai dans { $after }
header-showing-old = données vieilles de { $age }
header-updated-ago = mis à jour il y a { $age }
header-next-in = prochaine dans { $after }
header-source = source { $source }
header-hours-on-time = { $hours } h à l’heure
terminal-too-small = terminal trop petit : { $width }×{ $height } (railtop demande { $min_width }×{ $min_height })

## The train list

trains-title = Trains { $n }
trains-sort = tri { $key } { $order }
trains-cancelled-hidden = supprimés masqués
trains-no-data = Pas de données : { $error }
trains-hint-own-feed = { $feed } est votre propre entrée [[feeds]] : vérifiez ses URL (vehicle_positions, trip_updates, alerts, static_gtfs) dans le fichier de configuration.
trains-hint-upstream = Les flux nationaux sont peut-être en panne ou injoignables d’ici ; `railtop --source demo` fonctionne hors ligne.
trains-hint-server = Le serveur tourne-t-il, et est-il joignable ? `railtop --source demo` fonctionne hors ligne.
trains-none-running = aucun train en circulation pour l’instant
trains-none-match = aucun train ne correspond au filtre
# ≤ 4
col-code = CODE
# ≤ 4
col-country-short = PAYS
# ≤ 11
col-country = PAYS
col-to = VERS
# ≤ 5
col-status-short = ÉTAT
col-next = SUIV.
# A train's status in the list; ≤ 9
train-running = circule
train-scheduled = prévu
train-arrived = arrivé
# The same on a narrow list; ≤ 5
train-running-short = circ.
train-scheduled-short = prévu
train-arrived-short = arr.
train-cancelled-short = supp.
# What the list is sorted by
sort-delay = retard
sort-code = code
sort-destination = destination
sort-next = prochain arrêt
sort-country = pays

## The board pane

board-title = Départs
board-choose-station = appuyez sur b pour choisir une gare
board-none = pas de tableau : { $error }
board-none-on-route = aucun train sur ce trajet dans les prochaines heures (t : tous les trains)
board-no-arrivals = aucune arrivée dans les prochaines heures
board-no-departures = aucun départ dans les prochaines heures
data-old = données vieilles de { $age }
age-ago = il y a { $age }

## The map

map-title = Carte
map-with-gps = { $n } avec GPS
map-following = suivi
map-no-gps = { $n } sans GPS
map-selected = sélectionné
map-selected-short = sél.
map-its-stops = ses arrêts
map-stops-short = arrêts
map-station = gare
map-station-short = gare
map-line = ligne
map-line-short = ligne

## A train's details and journey

details-title = Train · ↑↓ fait défiler le trajet · Esc ferme
details-from = depuis { $station }
details-platform = voie { $platform }
details-last-seen = pas de GPS ; vu pour la dernière fois à { $at }
details-no-position = pas de position
details-partly-cancelled = partiellement supprimé
# Field names; ≤ 12
field-train = train
field-to = destination
field-from = provenance
field-next-station = proch. arrêt
field-status = état
field-messages = messages
field-delay = retard
field-platform = voie
field-scheduled = prévu
field-direction = direction
field-position = position
field-speed = vitesse
field-last-update = mise à jour
field-operator = exploitant
field-country = pays
spark-not-seen = retard : pas encore observé
spark-one = retard depuis { $since } : { $delay }′ · une mesure
spark-many = retard depuis { $since } · { $n } mesures · de { $low }′ à { $high }′
journey-title = Trajet
journey-title-stops = Trajet · { $n ->
    [one] { $n } arrêt
   *[other] { $n } arrêts
}, { $passed ->
    [one] { $passed } passé
   *[other] { $passed } passés
}
journey-none = Pas de trajet : { $why }
journey-no-stops = Le flux ne donne aucun arrêt pour ce train.
journey-asking = Demande du trajet…
# The journey's columns; ≤ 5
journey-arr = arr.
journey-dep = dép.
journey-late = ret.
journey-plat = voie
journey-station = gare

## The station search

search-station = Gare
search-only-to = Seulement les trains vers
search-only-from = Seulement les trains depuis
search-add = Ajouter au tableau
search-country-first = { $country } d’abord
search-every-country = tous les pays
search-keys = Enter choisit, Esc ferme
search-asking = interrogation de l’annuaire du serveur…
search-server-failed = gares propres à railtop : l’annuaire du serveur n’a pas répondu ({ $why })
search-none-in-countries = aucune dans les pays de la source ; Enter l’interroge quand même
search-no-match = aucun résultat : Enter demande ce code à la source
search-type = tapez un nom ou un code · ↑↓ choisir

## The help window

help-title = Touches et signes (Esc ferme)
help-title-scrolled = Touches et signes { $at }/{ $lines } · ↑↓ défiler · Esc ferme
help-on-the-map = Sur la carte
help-on-the-map-how = (Tab pour y aller, ou M)
help-marks = Signes
help-not-live = Sans temps réel
legend-gps = le train a une position GPS / n’en a pas
# ≤ 16
legend-delay-mark = +7′  2′ d’avance
legend-delay = minutes de retard / d’avance : 1–4′ normal, 5–14′ gras, 15′+ souligné
legend-on-time = pas de retard ; l’en-tête compte jusqu’à +{ $n }′ comme à l’heure (--on-time)
legend-no-data = pas de temps réel pour ce train : ce n’est pas la même chose qu’à l’heure
legend-cancelled = barré ; ✕ là où le mot ne tient pas
legend-platform = la voie a changé de 3 à 5
legend-next-day = une heure du tableau le lendemain (après minuit)
legend-country = pays : pas encore compté · flux en échec · compte de plus de 5 min
# ≤ 16
legend-map-trains-mark = • ▴ ▲ ○ ◆ carte
legend-map-trains = un train à l’heure / +1–4′ / +5′ (gras ; souligné dès 15′) / sans données · sélectionné
# ≤ 16
legend-map-lines-mark = ⠂ ⠒ ∘ carte
legend-map-lines = une gare · une ligne ferroviaire (bleu) · les arrêts et le trajet du train sélectionné (cyan)

## Countries (railtop's own names for them; station names stay as the feeds give them)

country-germany = Allemagne
country-ireland = Irlande
country-belgium = Belgique
country-switzerland = Suisse
country-finland = Finlande
country-netherlands = Pays-Bas
country-norway = Norvège
country-austria = Autriche
country-sweden = Suède
country-france = France
country-united-states = États-Unis
country-japan = Japon
country-egypt = Égypte
country-bulgaria = Bulgarie
country-malaysia = Malaisie
country-italy = Italie
country-spain = Espagne
country-poland = Pologne
country-czech-republic = Tchéquie

## The keys: the help window's lines and the footer's hints (ids made from the English words)

key-quit = quitter
key-previous-next-country = pays précédent / suivant
key-move-in-the-focused-pane = se déplacer dans le volet actif
key-a-page-up-down = une page vers le haut / le bas
key-first-last-train = premier / dernier train
key-focus-the-next-previous-pane = activer le volet suivant / précédent
key-details-of-the-selected-train-on-the-board-the-departure-s = détails du train sélectionné (sur le tableau : ceux du départ)
key-filter-trains-as-you-type-enter-keeps-esc-clears = filtrer les trains en tapant (Enter garde, Esc efface)
key-sort-by-delay-code-destination-next-station-country = trier par retard, code, destination, prochain arrêt, pays
key-reverse-the-sort = inverser le tri
key-hide-show-cancelled-trains = masquer / afficher les trains supprimés
key-choose-the-board-s-station-names-and-codes-complete = choisir la gare du tableau (noms et codes complétés)
key-the-board-arrivals-departures = le tableau : arrivées / départs
key-the-board-only-trains-to-a-station-again-every-train = le tableau : seulement les trains vers une gare (à nouveau : tous les trains)
key-pin-the-board-s-station-again-unpin-b-lists-pins-first = épingler la gare du tableau (à nouveau : désépingler) ; b liste d’abord les épinglées
key-the-board-add-a-nearby-station-to-it-b-one-again = le tableau : y ajouter une gare proche (b : une seule à nouveau)
key-show-hide-the-map = afficher / masquer la carte
key-the-map-over-the-whole-screen-again-back = la carte sur tout l’écran (à nouveau : retour)
key-refresh-now = actualiser maintenant
key-this-help = cette aide
key-close-a-window-stop-filtering = fermer une fenêtre, arrêter de filtrer
key-click-a-train-or-a-country-to-select-it = cliquer sur un train ou un pays pour le sélectionner
key-pan-the-map-h-l-k-j-too = déplacer la carte (h l k j aussi)
key-pan-the-map = déplacer la carte
key-zoom-in-out = zoom avant / arrière
key-fit-the-country = cadrer sur le pays
key-follow-the-selected-train-again-stop = suivre le train sélectionné (à nouveau : arrêter)
key-details-of-the-selected-train = détails du train sélectionné
key-hide-the-map = masquer la carte
key-back-to-the-train-list = retour à la liste des trains
key-keep-the-filter = garder le filtre
key-clear-the-filter = effacer le filtre
key-delete-a-character = supprimer un caractère
key-scroll-the-window = faire défiler la fenêtre
key-close-the-window = fermer la fenêtre
key-close-the-search = fermer la recherche
key-show-this-station-s-board = afficher le tableau de cette gare
key-next-previous-match = résultat suivant / précédent
key-delete-a-word = supprimer un mot
key-clear-the-field = vider le champ
key-country = pays
key-move = bouger
key-pane = volet
key-details = détails
key-filter = filtrer
key-sort = trier
key-cancelled = supprimés
key-station = gare
key-map = carte
key-refresh = actualiser
key-help = aide
key-pan = bouger
key-zoom = zoom
key-fit = cadrer
key-follow = suivi
key-full = plein
key-keep-filter = garder
key-clear-filter = effacer

## Notices: why a key did nothing, said in the footer for a few seconds

notice-pinned = gare épinglée : { $station } ; b la liste en premier
notice-unpinned = gare désépinglée : { $station }
notice-train-unknown = { $train } vers { $destination } n’est pas dans la liste des trains, et le tableau ne dit pas de quel train il s’agit
notice-no-room-for-map = pas de place pour la carte : il lui faut { $min_width }×{ $min_height }, ici { $width }×{ $height } (M : plein écran)
notice-no-position = le train sélectionné n’a pas de position à suivre
notice-already-shown = le tableau affiche déjà cette gare
notice-no-such-station = pas de gare { $station } : + en ajoute une que la liste propose
notice-cannot-merge = le tableau affiche déjà cette gare, ou { $n ->
    [one] { $n } gare
   *[other] { $n } gares
} (b : une seule à nouveau)
