# railtops ord for avgangstavlene på norsk bokmål (forelegg: en/board.ftl; samme id-er, samme
# variabler). Bredder: en kolonnetittel må få plass i kolonnen sin («≤ N»).

## Kolonnetitler på tavlene

# ≤ 5
col-time = TID
# Forventet tid; ≤ 5
col-expected = FORV.
# Minutter til avgang; ≤ 9
col-leaves = AVGANG
# Minutter til ankomst; ≤ 9
col-due = ANKOMST
# ≤ 4
col-line = LIN.
# ≤ 5
col-train = TOG
col-destination = TIL
col-from = FRA
# Ankomster på en sammenslått tavle: ved hvilken stasjon; ≤ 5
col-at = STN.
# ≤ 7
col-station = STASJON
# ≤ 5
col-station-short = STN.
# ≤ 8
col-platform = SPOR
# ≤ 4
col-platform-short = SPOR
col-status = STATUS
# ≤ 5
col-delay = FORS.
# ≤ 8
col-operator = OPERATØR

## Et togs status

status-cancelled = innstilt
status-timetable = rutetid
status-on-time = i rute
status-no-data = ingen data
status-late = +{ $n } min
status-early = { $n } min tidlig
status-early-short = { $n }′ tidlig
via = via

## Kiosktavla

countdown-now = nå
countdown-in = om { $n } min
kind-departures = avganger
kind-arrivals = ankomster
date-long = %A %-d. %B %Y
date-short = %a %-d. %b
board-closed = { $station } · tavla vises { $open }–{ $close }
screen-too-small = Skjermen er for liten: { $width }×{ $height }; tavla trenger { $min_width }×{ $min_height }.
badge-demo = DEMO
badge-clock-fixed = LÅST KLOKKE
no-more-departures = Ingen flere avganger foreløpig.
no-more-arrivals = Ingen flere ankomster foreløpig.
no-departures-yet = Ingen avganger ennå: { $error }
no-arrivals-yet = Ingen ankomster ennå: { $error }
loading-departures = Henter avganger…
loading-arrivals = Henter ankomster…
retrying-in = nytt forsøk om { $after }
next-try-in = neste forsøk om { $after }
timetable-being-read = ruteplanen leses inn
feed-unavailable-since = datakilden utilgjengelig siden { $since }
data-from = data fra { $at }
updated-at = oppdatert { $at }
page-of = side { $page }/{ $pages }
next-station = neste: { $station }
filter-arrivals = ankomster
filter-lines = linjer { $lines }
filter-platforms = spor { $platforms }
filter-within-hours = innen { $n } t
filter-within-minutes = innen { $n } min
filter-first = { $n ->
    [one] bare den første
   *[other] de { $n } første
}
walk-all = { $n } min gange
walk-each = gangtid { $walks }
walk-one = { $station } { $n } min
route-to = til { $station }
route-from = fra { $station }
route-via = via { $station }

## The browser's board

# Said when the page has heard nothing new for a while
web-data-old = data { $minutes } min gamle
