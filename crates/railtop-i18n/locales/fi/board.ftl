# railtopin asemataulujen sanat suomeksi (malli: en/board.ftl; samat tunnukset, samat
# muuttujat). Leveydet: sarakkeen otsikon on mahduttava sarakkeeseensa ("≤ N").

## Asemataulujen sarakeotsikot

# ≤ 5
col-time = AIKA
# Arvioitu aika; ≤ 5
col-expected = ARVIO
# Minuutit lähtöön; ≤ 9
col-leaves = LÄHTEE
# Minuutit saapumiseen; ≤ 9
col-due = SAAPUU
# ≤ 4
col-line = LIN.
# ≤ 5
col-train = JUNA
col-destination = MÄÄRÄNPÄÄ
col-from = LÄHTÖASEMA
# Yhdistetyn taulun saapuvat: millä asemalla; ≤ 5
col-at = ASEMA
# ≤ 7
col-station = ASEMA
# ≤ 5
col-station-short = ASEMA
# ≤ 8
col-platform = RAIDE
# ≤ 4
col-platform-short = RAI.
col-status = TILA
# ≤ 5
col-delay = MYÖH.
# ≤ 8
col-operator = YHTIÖ

## Junan tila

status-cancelled = peruttu
status-timetable = aikataulu
status-on-time = ajallaan
status-no-data = ei tietoja
status-late = +{ $n } min
status-early = { $n } min etuajassa
status-early-short = { $n }′ etuajassa
via = via

## Kioskitaulu

countdown-now = nyt
countdown-in = { $n } min
kind-departures = lähtevät
kind-arrivals = saapuvat
date-long = %A %-d.%-m.%Y
date-short = %a %-d.%-m.
board-closed = { $station } · taulu näkyy klo { $open }–{ $close }
screen-too-small = Näyttö on liian pieni: { $width }×{ $height }; taulu tarvitsee { $min_width }×{ $min_height }.
badge-demo = DEMO
badge-clock-fixed = AIKA LUKITTU
no-more-departures = Ei enempää lähteviä junia toistaiseksi.
no-more-arrivals = Ei enempää saapuvia junia toistaiseksi.
no-departures-yet = Ei vielä lähteviä junia: { $error }
no-arrivals-yet = Ei vielä saapuvia junia: { $error }
loading-departures = Haetaan lähteviä junia…
loading-arrivals = Haetaan saapuvia junia…
retrying-in = uusi yritys { $after } päästä
next-try-in = seuraava yritys { $after } päästä
timetable-being-read = aikataulua luetaan
feed-unavailable-since = tietolähde ei vastaa klo { $since } alkaen
data-from = tiedot klo { $at }
updated-at = päivitetty klo { $at }
page-of = sivu { $page }/{ $pages }
next-station = seuraavaksi: { $station }
filter-arrivals = saapuvat
filter-lines = linjat { $lines }
filter-platforms = raiteet { $platforms }
filter-within-hours = { $n } h sisällä
filter-within-minutes = { $n } min sisällä
filter-first = { $n ->
    [one] vain ensimmäinen
   *[other] { $n } ensimmäistä
}
walk-all = { $n } min kävely
walk-each = kävely { $walks }
walk-one = { $station } { $n } min
route-to = kohde: { $station }
route-from = lähtö: { $station }
route-via = via { $station }

## The browser's board

# Said when the page has heard nothing new for a while
web-data-old = tiedot { $minutes } min vanhoja
