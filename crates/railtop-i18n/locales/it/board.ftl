# Le parole dei tabelloni di railtop in italiano (riferimento: en/board.ftl; stessi id, stesse
# variabili). Larghezze: un titolo di colonna deve stare nella sua colonna ("≤ N").

## Titoli delle colonne dei tabelloni

# ≤ 5
col-time = ORA
# L'orario previsto; ≤ 5
col-expected = PREV.
# Minuti alla partenza; ≤ 9
col-leaves = PARTENZA
# Minuti all'arrivo; ≤ 9
col-due = ARRIVO
# ≤ 4
col-line = LIN.
# ≤ 5
col-train = TRENO
col-destination = DESTINAZIONE
col-from = PROVENIENZA
# Arrivi di un tabellone unito: in quale stazione; ≤ 5
col-at = STAZ.
# ≤ 7
col-station = STAZ.
# ≤ 5
col-station-short = STAZ.
# ≤ 8
col-platform = BINARIO
# ≤ 4
col-platform-short = BIN.
col-status = STATO
# ≤ 5
col-delay = RIT.
# ≤ 8
col-operator = VETTORE

## Lo stato di un treno

status-cancelled = soppresso
status-timetable = programmato
status-on-time = in orario
status-no-data = nessun dato
status-late = +{ $n } min
status-early = anticipo { $n } min
status-early-short = { $n }′ in anticipo
via = via

## Il tabellone del chiosco

countdown-now = adesso
countdown-in = tra { $n } min
kind-departures = partenze
kind-arrivals = arrivi
date-long = %A %-d %B %Y
date-short = %a %-d %b
board-closed = { $station } · tabellone attivo { $open }–{ $close }
screen-too-small = Schermo troppo piccolo: { $width }×{ $height }; il tabellone richiede { $min_width }×{ $min_height }.
badge-demo = DEMO
badge-clock-fixed = ORA FISSA
no-more-departures = Nessun’altra partenza per ora.
no-more-arrivals = Nessun altro arrivo per ora.
no-departures-yet = Ancora nessuna partenza: { $error }
no-arrivals-yet = Ancora nessun arrivo: { $error }
loading-departures = Caricamento partenze…
loading-arrivals = Caricamento arrivi…
retrying-in = nuovo tentativo tra { $after }
next-try-in = prossimo tentativo tra { $after }
timetable-being-read = lettura dell’orario in corso
feed-unavailable-since = dati non disponibili dalle { $since }
data-from = dati delle { $at }
updated-at = aggiornato alle { $at }
page-of = pagina { $page }/{ $pages }
next-station = poi: { $station }
filter-arrivals = arrivi
filter-lines = linee { $lines }
filter-platforms = binari { $platforms }
filter-within-hours = entro { $n } h
filter-within-minutes = entro { $n } min
filter-first = { $n ->
    [one] solo il primo
   *[other] i primi { $n }
}
walk-all = { $n } min a piedi
walk-each = a piedi: { $walks }
walk-one = { $station } { $n } min
route-to = per { $station }
route-from = da { $station }
route-via = via { $station }

## The browser's board

# Said when the page has heard nothing new for a while
web-data-old = dati vecchi di { $minutes } min
