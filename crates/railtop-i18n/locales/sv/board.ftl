# railtops ord för avgångstavlorna på svenska (förlaga: en/board.ftl; samma id:n, samma
# variabler). Bredder: en kolumnrubrik måste rymmas i sin kolumn ("≤ N").

## Kolumnrubriker på tavlorna

# ≤ 5
col-time = TID
# Beräknad tid; ≤ 5
col-expected = BER.
# Minuter till avgång; ≤ 9
col-leaves = AVGÅR
# Minuter till ankomst; ≤ 9
col-due = ANKOMMER
# ≤ 4
col-line = LIN.
# ≤ 5
col-train = TÅG
col-destination = TILL
col-from = FRÅN
# Ankomster på en sammanslagen tavla: vid vilken station; ≤ 5
col-at = STN.
# ≤ 7
col-station = STATION
# ≤ 5
col-station-short = STN.
# ≤ 8
col-platform = SPÅR
# ≤ 4
col-platform-short = SPÅR
col-status = STATUS
# ≤ 5
col-delay = FÖRS.
# ≤ 8
col-operator = OPERATÖR

## Ett tågs status

status-cancelled = inställt
status-timetable = tidtabell
status-on-time = i tid
status-no-data = inga data
status-late = +{ $n } min
status-early = { $n } min tidig
status-early-short = { $n }′ tidig
via = via

## Kiosktavlan

countdown-now = nu
countdown-in = om { $n } min
kind-departures = avgående
kind-arrivals = ankommande
date-long = %A %-d %B %Y
date-short = %a %-d %b
board-closed = { $station } · tavlan visas { $open }–{ $close }
screen-too-small = Skärmen är för liten: { $width }×{ $height }; tavlan behöver { $min_width }×{ $min_height }.
badge-demo = DEMO
badge-clock-fixed = LÅST KLOCKA
no-more-departures = Inga fler avgångar just nu.
no-more-arrivals = Inga fler ankomster just nu.
no-departures-yet = Inga avgångar än: { $error }
no-arrivals-yet = Inga ankomster än: { $error }
loading-departures = Hämtar avgångar…
loading-arrivals = Hämtar ankomster…
retrying-in = nytt försök om { $after }
next-try-in = nästa försök om { $after }
timetable-being-read = tidtabellen läses in
feed-unavailable-since = datakällan otillgänglig sedan { $since }
data-from = data från { $at }
updated-at = uppdaterad { $at }
page-of = sida { $page }/{ $pages }
next-station = nästa: { $station }
filter-arrivals = ankomster
filter-lines = linjer { $lines }
filter-platforms = spår { $platforms }
filter-within-hours = inom { $n } h
filter-within-minutes = inom { $n } min
filter-first = { $n ->
    [one] bara den första
   *[other] de { $n } första
}
walk-all = { $n } min promenad
walk-each = gångtid { $walks }
walk-one = { $station } { $n } min
route-to = till { $station }
route-from = från { $station }
route-via = via { $station }

## The browser's board

# Said when the page has heard nothing new for a while
web-data-old = data { $minutes } min gamla
