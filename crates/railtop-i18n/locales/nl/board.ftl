# De woorden van de vertrekborden van railtop in het Nederlands (bron: en/board.ftl; dezelfde
# id's, dezelfde variabelen). Breedtes: een kolomtitel moet in zijn kolom passen ("≤ N").

## Kolomtitels van de borden

# ≤ 5
col-time = TIJD
# De verwachte tijd; ≤ 5
col-expected = VERW.
# Minuten tot vertrek; ≤ 9
col-leaves = VERTREK
# Minuten tot aankomst; ≤ 9
col-due = AANKOMST
# ≤ 4
col-line = LIJN
# ≤ 5
col-train = TREIN
col-destination = NAAR
col-from = VAN
# Aankomst op een samengevoegd bord: op welk station; ≤ 5
col-at = STAT.
# ≤ 7
col-station = STATION
# ≤ 5
col-station-short = STAT.
# ≤ 8
col-platform = SPOOR
# ≤ 4
col-platform-short = SP.
col-status = STATUS
# ≤ 5
col-delay = VERTR
# ≤ 8
col-operator = VERVOER.

## De status van een trein

status-cancelled = rijdt niet
status-timetable = gepland
status-on-time = op tijd
status-no-data = geen gegevens
status-late = +{ $n } min
status-early = { $n } min eerder
status-early-short = { $n }′ eerder
via = via

## Het kioskbord

countdown-now = nu
countdown-in = over { $n } min
kind-departures = vertrek
kind-arrivals = aankomst
date-long = %A %-d %B %Y
date-short = %a %-d %b
board-closed = { $station } · het bord is actief { $open }–{ $close }
screen-too-small = Scherm te klein: { $width }×{ $height }; het bord heeft { $min_width }×{ $min_height } nodig.
badge-demo = DEMO
badge-clock-fixed = VASTE TIJD
no-more-departures = Voorlopig geen vertrekkende treinen meer.
no-more-arrivals = Voorlopig geen aankomende treinen meer.
no-departures-yet = Nog geen vertrektijden: { $error }
no-arrivals-yet = Nog geen aankomsttijden: { $error }
loading-departures = Vertrektijden laden…
loading-arrivals = Aankomsttijden laden…
retrying-in = nieuwe poging over { $after }
next-try-in = volgende poging over { $after }
timetable-being-read = dienstregeling wordt ingelezen
feed-unavailable-since = gegevens niet beschikbaar sinds { $since }
data-from = gegevens van { $at }
updated-at = bijgewerkt { $at }
page-of = pagina { $page }/{ $pages }
next-station = hierna: { $station }
filter-arrivals = aankomst
filter-lines = lijnen { $lines }
filter-platforms = sporen { $platforms }
filter-within-hours = binnen { $n } uur
filter-within-minutes = binnen { $n } min
filter-first = { $n ->
    [one] alleen de eerste
   *[other] de eerste { $n }
}
walk-all = { $n } min lopen
walk-each = looptijd { $walks }
walk-one = { $station } { $n } min
route-to = naar { $station }
route-from = van { $station }
route-via = via { $station }

## The browser's board

# Said when the page has heard nothing new for a while
web-data-old = gegevens { $minutes } min oud
