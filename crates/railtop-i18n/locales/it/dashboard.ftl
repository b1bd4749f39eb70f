# The dashboard's own words in Italian (the boards' words, the columns and the statuses are in
# board.ftl). Widths: "≤ N" above a message means it must fit N columns.

loading = caricamento…
all-countries = Tutti i paesi
countries-title = Paesi

## The header

header-trains = { $n ->
    [one] { $n } treno
   *[other] { $n } treni
}
header-counts = { $running } in corsa · { $gps } GPS · { $delayed } in ritardo
header-punctuality = { $share }% in orario ≤{ $within }′ · mediana { $median }′
header-running-short = { $n } corsa
header-gps-short = { $n } GPS
header-late-short = { $n } rit.
header-median-short = med { $median }′
header-clock-fixed = orologio fisso (RAILTOP_NOW)
header-schedule = orario { $feed }
header-retry-in = nuovo tentativo tra { $after }
header-showing-old = dati di { $age } fa
header-updated-ago = aggiornato { $age } fa
header-next-in = prossimo tra { $after }
header-source = fonte { $source }
header-hours-on-time = { $hours } h in orario
terminal-too-small = terminale troppo piccolo: { $width }×{ $height } (railtop richiede { $min_width }×{ $min_height })

## The train list

trains-title = Treni { $n }
trains-sort = ordine { $key } { $order }
trains-cancelled-hidden = soppressi nascosti
trains-no-data = Nessun dato: { $error }
trains-hint-own-feed = { $feed } è una tua voce [[feeds]]: controlla i suoi URL (vehicle_positions, trip_updates, alerts, static_gtfs) nel file di configurazione.
trains-hint-upstream = I feed nazionali potrebbero essere fuori servizio o irraggiungibili da qui; `railtop --source demo` funziona offline.
trains-hint-server = Il server è in funzione e raggiungibile? `railtop --source demo` funziona offline.
trains-none-running = nessun treno in corsa adesso
trains-none-match = nessun treno corrisponde al filtro
# ≤ 4
col-code = COD.
# ≤ 4
col-country-short = NAZ.
# ≤ 11
col-country = PAESE
col-to = PER
# ≤ 5
col-status-short = STATO
col-next = PROX.
# A train's status in the list; ≤ 9
train-running = in corsa
train-scheduled = previsto
train-arrived = arrivato
# The same on a narrow list; ≤ 5
train-running-short = corsa
train-scheduled-short = prev.
train-arrived-short = arr.
train-cancelled-short = sopp.
# What the list is sorted by
sort-delay = ritardo
sort-code = codice
sort-destination = destinazione
sort-next = prossima fermata
sort-country = paese

## The board pane

board-title = Partenze
board-choose-station = premi b per scegliere una stazione
board-none = nessun tabellone: { $error }
board-none-on-route = nessun treno su quella tratta nelle prossime ore (t: tutti i treni)
board-no-arrivals = nessun arrivo nelle prossime ore
board-no-departures = nessuna partenza nelle prossime ore
data-old = dati di { $age } fa
age-ago = { $age } fa

## The map

map-title = Mappa
map-with-gps = { $n } con GPS
map-following = segue
map-no-gps = { $n } senza GPS
map-selected = selezionato
map-selected-short = sel.
map-its-stops = le sue fermate
map-stops-short = ferm.
map-station = stazione
map-station-short = staz.
map-line = linea
map-line-short = linea

## A train's details and journey

details-title = Treno · ↑↓ scorre il percorso · Esc chiude
details-from = da { $station }
details-platform = binario { $platform }
details-last-seen = niente GPS; visto l’ultima volta alle { $at }
details-no-position = nessuna posizione
details-partly-cancelled = parzialmente soppresso
# Field names; ≤ 12
field-train = treno
field-to = destinazione
field-from = provenienza
field-next-station = pross. ferm.
field-status = stato
field-messages = messaggi
field-delay = ritardo
field-platform = binario
field-scheduled = orario
field-direction = direzione
field-position = posizione
field-speed = velocità
field-last-update = aggiornato
field-operator = operatore
field-country = paese
spark-not-seen = ritardo: non ancora rilevato
spark-one = ritardo dalle { $since }: { $delay }′ · una rilevazione
spark-many = ritardo dalle { $since } · { $n } rilevazioni · da { $low }′ a { $high }′
journey-title = Percorso
journey-title-stops = Percorso · { $n ->
    [one] { $n } fermata
   *[other] { $n } fermate
}, { $passed ->
    [one] { $passed } passata
   *[other] { $passed } passate
}
journey-none = Nessun percorso: { $why }
journey-no-stops = Il feed non elenca fermate per questo treno.
journey-asking = Richiesta del percorso…
# The journey's columns; ≤ 5
journey-arr = arr.
journey-dep = part.
journey-late = rit.
journey-plat = bin.
journey-station = staz.

## The station search

search-station = Stazione
search-only-to = Solo treni per
search-only-from = Solo treni da
search-add = Aggiungi al tabellone
search-country-first = prima { $country }
search-every-country = tutti i paesi
search-keys = Enter sceglie, Esc chiude
search-asking = interrogo l’elenco del server…
search-server-failed = stazioni proprie di railtop: l’elenco del server non ha risposto ({ $why })
search-none-in-countries = nessuna nei paesi della fonte; Enter la chiede comunque
search-no-match = nessun risultato: Enter chiede questo codice alla fonte
search-type = scrivi un nome o un codice · ↑↓ scegli

## The help window

help-title = Tasti e segni (Esc chiude)
help-title-scrolled = Tasti e segni { $at }/{ $lines } · ↑↓ scorri · Esc chiude
help-on-the-map = Sulla mappa
help-on-the-map-how = (Tab per andarci, o M)
help-marks = Segni
help-not-live = Non live qui
legend-gps = il treno ha una posizione GPS / non ce l’ha
# ≤ 16
legend-delay-mark = +7′  2′ anticipo
legend-delay = minuti di ritardo / anticipo: 1–4′ normale, 5–14′ grassetto, 15′+ sottolineato
legend-on-time = nessun ritardo; l’intestazione conta fino a +{ $n }′ come in orario (--on-time)
legend-no-data = nessun dato in tempo reale per questo treno: non equivale a in orario
legend-cancelled = barrato; ✕ dove non c’è spazio per la parola
legend-platform = il binario è cambiato da 3 a 5
legend-next-day = un orario del tabellone del giorno dopo (dopo mezzanotte)
legend-country = paese: non ancora contato · feed in errore · conteggio di oltre 5 min fa
# ≤ 16
legend-map-trains-mark = • ▴ ▲ ○ ◆ mappa
legend-map-trains = un treno in orario / +1–4′ / +5′ (grassetto; sottolineato da 15′) / senza dati · selezionato
# ≤ 16
legend-map-lines-mark = ⠂ ⠒ ∘ mappa
legend-map-lines = una stazione · una linea ferroviaria (blu) · le fermate e il percorso del treno selezionato (ciano)

## Countries (railtop's own names for them; station names stay as the feeds give them)

country-germany = Germania
country-ireland = Irlanda
country-belgium = Belgio
country-switzerland = Svizzera
country-finland = Finlandia
country-netherlands = Paesi Bassi
country-norway = Norvegia
country-austria = Austria
country-sweden = Svezia
country-france = Francia
country-united-states = Stati Uniti
country-japan = Giappone
country-egypt = Egitto
country-bulgaria = Bulgaria
country-malaysia = Malesia
country-italy = Italia
country-spain = Spagna
country-poland = Polonia
country-czech-republic = Repubblica Ceca

## The keys: the help window's lines and the footer's hints (ids made from the English words)

key-quit = esci
key-previous-next-country = paese precedente / successivo
key-move-in-the-focused-pane = muoviti nell’area attiva
key-a-page-up-down = una pagina su / giù
key-first-last-train = primo / ultimo treno
key-focus-the-next-previous-pane = attiva l’area successiva / precedente
key-details-of-the-selected-train-on-the-board-the-departure-s = dettagli del treno selezionato (sul tabellone: della partenza)
key-filter-trains-as-you-type-enter-keeps-esc-clears = filtra i treni mentre scrivi (Enter tiene, Esc azzera)
key-sort-by-delay-code-destination-next-station-country = ordina per ritardo, codice, destinazione, prossima fermata, paese
key-reverse-the-sort = inverti l’ordine
key-hide-show-cancelled-trains = nascondi / mostra i treni soppressi
key-choose-the-board-s-station-names-and-codes-complete = scegli la stazione del tabellone (nomi e codici completati)
key-the-board-arrivals-departures = il tabellone: arrivi / partenze
key-the-board-only-trains-to-a-station-again-every-train = il tabellone: solo treni per una stazione (di nuovo: tutti i treni)
key-pin-the-board-s-station-again-unpin-b-lists-pins-first = fissa la stazione del tabellone (di nuovo: sblocca); b elenca prima quelle fissate
key-the-board-add-a-nearby-station-to-it-b-one-again = il tabellone: aggiungi una stazione vicina (b: di nuovo una sola)
key-show-hide-the-map = mostra / nascondi la mappa
key-the-map-over-the-whole-screen-again-back = la mappa a tutto schermo (di nuovo: indietro)
key-refresh-now = aggiorna ora
key-this-help = questo aiuto
key-close-a-window-stop-filtering = chiudi una finestra, smetti di filtrare
key-click-a-train-or-a-country-to-select-it = clicca un treno o un paese per selezionarlo
key-pan-the-map-h-l-k-j-too = sposta la mappa (anche h l k j)
key-pan-the-map = sposta la mappa
key-zoom-in-out = zoom avanti / indietro
key-fit-the-country = inquadra il paese
key-follow-the-selected-train-again-stop = segui il treno selezionato (di nuovo: smetti)
key-details-of-the-selected-train = dettagli del treno selezionato
key-hide-the-map = nascondi la mappa
key-back-to-the-train-list = torna all’elenco dei treni
key-keep-the-filter = tieni il filtro
key-clear-the-filter = azzera il filtro
key-delete-a-character = cancella un carattere
key-scroll-the-window = scorri la finestra
key-close-the-window = chiudi la finestra
key-close-the-search = chiudi la ricerca
key-show-this-station-s-board = mostra il tabellone di questa stazione
key-next-previous-match = risultato successivo / precedente
key-delete-a-word = cancella una parola
key-clear-the-field = svuota il campo
key-country = paese
key-move = muovi
key-pane = area
key-details = dettagli
key-filter = filtra
key-sort = ordina
key-cancelled = soppressi
key-station = stazione
key-map = mappa
key-refresh = aggiorna
key-help = aiuto
key-pan = sposta
key-zoom = zoom
key-fit = adatta
key-follow = segui
key-full = espandi
key-keep-filter = tieni
key-clear-filter = azzera

## Notices: why a key did nothing, said in the footer for a few seconds

notice-pinned = { $station } fissata: b la elenca per prima
notice-unpinned = { $station } sbloccata
notice-train-unknown = { $train } per { $destination } non è nell’elenco dei treni, e il tabellone non dice quale treno sia
notice-no-room-for-map = non c’è spazio per la mappa: serve { $min_width }×{ $min_height }, qui c’è { $width }×{ $height } (M: tutto schermo)
notice-no-position = il treno selezionato non ha una posizione da seguire
notice-already-shown = il tabellone mostra già quella stazione
notice-no-such-station = nessuna stazione { $station }: + ne aggiunge una offerta dall’elenco
notice-cannot-merge = il tabellone mostra già quella stazione, o { $n ->
    [one] { $n } stazione
   *[other] { $n } stazioni
} (b: di nuovo una sola)
