# Die Wörter der Anzeigetafeln von railtop auf Deutsch (Vorlage: en/board.ftl; gleiche IDs,
# gleiche Variablen). Breiten: Spaltentitel müssen in ihre Spalte passen („≤ N“).

## Spaltentitel der Abfahrtstafeln

# ≤ 5
col-time = ZEIT
# Erwartete Zeit (Prognose); ≤ 5
col-expected = PROG
# Minuten bis zur Abfahrt; ≤ 9
col-leaves = ABFAHRT
# Minuten bis zur Ankunft; ≤ 9
col-due = ANKUNFT
# ≤ 4
col-line = LIN.
# ≤ 5
col-train = ZUG
col-destination = ZIEL
col-from = VON
# Ankunft an welchem Bahnhof (zusammengelegte Tafel); ≤ 5
col-at = AN
# ≤ 7
col-station = BAHNHOF
# ≤ 5
col-station-short = BHF.
# ≤ 8
col-platform = GLEIS
# ≤ 4
col-platform-short = GL.
col-status = STATUS
# ≤ 5
col-delay = VERSP
# ≤ 8
col-operator = ANBIETER

## Zustand eines Zuges

status-cancelled = fällt aus
status-timetable = Fahrplan
status-on-time = pünktlich
status-no-data = keine Daten
status-late = +{ $n } Min.
status-early = { $n } Min. früher
status-early-short = { $n }′ früher
via = über

## Die Kiosk-Anzeige

countdown-now = jetzt
countdown-in = in { $n } Min.
kind-departures = Abfahrten
kind-arrivals = Ankünfte
date-long = %A, %-d. %B %Y
date-short = %a, %-d. %b
board-closed = { $station } · Anzeige in Betrieb { $open }–{ $close }
screen-too-small = Bildschirm zu klein: { $width }×{ $height }; die Anzeige braucht { $min_width }×{ $min_height }.
badge-demo = DEMO
badge-clock-fixed = UHR FIXIERT
no-more-departures = Vorerst keine weiteren Abfahrten.
no-more-arrivals = Vorerst keine weiteren Ankünfte.
no-departures-yet = Noch keine Abfahrten: { $error }
no-arrivals-yet = Noch keine Ankünfte: { $error }
loading-departures = Abfahrten werden geladen…
loading-arrivals = Ankünfte werden geladen…
retrying-in = neuer Versuch in { $after }
next-try-in = nächster Versuch in { $after }
timetable-being-read = Fahrplan wird eingelesen
feed-unavailable-since = Datenquelle seit { $since } nicht erreichbar
data-from = Datenstand { $at }
updated-at = aktualisiert { $at }
page-of = Seite { $page }/{ $pages }
next-station = danach: { $station }
filter-arrivals = Ankünfte
filter-lines = Linien { $lines }
filter-platforms = Gleise { $platforms }
filter-within-hours = innerhalb { $n } Std.
filter-within-minutes = innerhalb { $n } Min.
filter-first = { $n ->
    [one] nur der erste
   *[other] die ersten { $n }
}
walk-all = { $n } Min. Fußweg
walk-each = Fußweg { $walks }
walk-one = { $station } { $n } Min.
route-to = nach { $station }
route-from = von { $station }
route-via = über { $station }

## The browser's board

# Said when the page has heard nothing new for a while
web-data-old = Daten { $minutes } Min. alt
