# The dashboard's own words in German (the boards' words, the columns and the statuses are in
# board.ftl). Widths: "≤ N" above a message means it must fit N columns.

loading = lädt…
all-countries = Alle Länder
countries-title = Länder

## The header

header-trains = { $n ->
    [one] { $n } Zug
   *[other] { $n } Züge
}
header-counts = { $running } unterwegs · { $gps } GPS · { $delayed } verspätet
header-punctuality = { $share }% pünktlich ≤{ $within }′ · Median { $median }′
header-running-short = { $n } fahr.
header-gps-short = { $n } GPS
header-late-short = { $n } spät
header-median-short = Med. { $median }′
header-clock-fixed = feste Uhrzeit (RAILTOP_NOW)
header-schedule = Fahrplan { $feed }
header-retry-in = neuer Versuch in { $after }
header-showing-old = Daten sind { $age } alt
header-updated-ago = vor { $age } aktualisiert
header-next-in = nächste in { $after }
header-source = Quelle { $source }
header-hours-on-time = { $hours } h pünktlich
terminal-too-small = Terminal zu klein: { $width }×{ $height } (railtop braucht { $min_width }×{ $min_height })

## The train list

trains-title = Züge { $n }
trains-sort = Sortierung { $key } { $order }
trains-cancelled-hidden = Ausfälle ausgeblendet
trains-no-data = Keine Daten: { $error }
trains-hint-own-feed = { $feed } ist ein eigener [[feeds]]-Eintrag: seine URLs (vehicle_positions, trip_updates, alerts, static_gtfs) in der Konfigurationsdatei prüfen.
trains-hint-upstream = Die nationalen Feeds sind vielleicht gestört oder von hier aus nicht erreichbar; `railtop --source demo` läuft offline.
trains-hint-server = Läuft der Server und ist er erreichbar? `railtop --source demo` läuft offline.
trains-none-running = gerade fährt kein Zug
trains-none-match = kein Zug passt zum Filter
# ≤ 4
col-code = NR.
# ≤ 4
col-country-short = LAND
# ≤ 11
col-country = LAND
col-to = NACH
# ≤ 5
col-status-short = STAT.
col-next = HALT
# A train's status in the list; ≤ 9
train-running = unterwegs
train-scheduled = geplant
train-arrived = am Ziel
# The same on a narrow list; ≤ 5
train-running-short = fährt
train-scheduled-short = gepl.
train-arrived-short = Ziel
train-cancelled-short = Ausf.
# What the list is sorted by
sort-delay = Verspätung
sort-code = Nummer
sort-destination = Ziel
sort-next = nächster Halt
sort-country = Land

## The board pane

board-title = Abfahrten
board-choose-station = mit b einen Bahnhof wählen
board-none = keine Tafel: { $error }
board-none-on-route = kein Zug auf dieser Strecke in den nächsten Stunden (t: alle Züge)
board-no-arrivals = keine Ankünfte in den nächsten Stunden
board-no-departures = keine Abfahrten in den nächsten Stunden
data-old = Daten { $age } alt
age-ago = vor { $age }

## The map

map-title = Karte
map-with-gps = { $n } mit GPS
map-following = folgt
map-no-gps = { $n } ohne GPS
map-selected = ausgewählt
map-selected-short = gew.
map-its-stops = seine Halte
map-stops-short = Halte
map-station = Bahnhof
map-station-short = Bhf
map-line = Strecke
map-line-short = Str.

## A train's details and journey

details-title = Zug · ↑↓ blättert im Fahrtverlauf · Esc schließt
details-from = von { $station }
details-platform = Gleis { $platform }
details-last-seen = kein GPS; zuletzt gesehen um { $at }
details-no-position = keine Position
details-partly-cancelled = teilweise ausgefallen
# Field names; ≤ 12
field-train = Zug
field-to = nach
field-from = von
field-next-station = nächst. Halt
field-status = Status
field-messages = Meldungen
field-delay = Verspätung
field-platform = Gleis
field-scheduled = planmäßig
field-direction = Richtung
field-position = Position
field-speed = Tempo
field-last-update = Stand
field-operator = Betreiber
field-country = Land
spark-not-seen = Verspätung: noch nicht erfasst
spark-one = Verspätung seit { $since }: { $delay }′ · ein Messwert
spark-many = Verspätung seit { $since } · { $n } Messwerte · { $low }′ bis { $high }′
journey-title = Fahrtverlauf
journey-title-stops = Fahrtverlauf · { $n ->
    [one] { $n } Halt
   *[other] { $n } Halte
}, { $passed } passiert
journey-none = Kein Fahrtverlauf: { $why }
journey-no-stops = Der Feed nennt für diesen Zug keine Halte.
journey-asking = Fahrtverlauf wird abgefragt…
# The journey's columns; ≤ 5
journey-arr = an
journey-dep = ab
journey-late = Vsp.
journey-plat = Gl.
journey-station = Bhf

## The station search

search-station = Bahnhof
search-only-to = Nur Züge nach
search-only-from = Nur Züge von
search-add = Zur Tafel hinzufügen
search-country-first = { $country } zuerst
search-every-country = alle Länder
search-keys = Enter wählt, Esc schließt
search-asking = Verzeichnis des Servers wird abgefragt…
search-server-failed = railtops eigene Bahnhöfe: das Verzeichnis des Servers hat nicht geantwortet ({ $why })
search-none-in-countries = keiner in den Ländern der Quelle; Enter fragt trotzdem
search-no-match = kein Treffer: Enter fragt die Quelle nach diesem Code
search-type = Name oder Code eingeben · ↑↓ wählen

## The help window

help-title = Tasten und Zeichen (Esc schließt)
help-title-scrolled = Tasten und Zeichen { $at }/{ $lines } · ↑↓ blättern · Esc schließt
help-on-the-map = Auf der Karte
help-on-the-map-how = (mit Tab dorthin, oder M)
help-marks = Zeichen
help-not-live = Hier nicht live
legend-gps = der Zug hat eine GPS-Position / hat keine
# ≤ 16
legend-delay-mark = +7′  2′ früher
legend-delay = Minuten zu spät / zu früh: 1–4′ normal, 5–14′ fett, 15′+ unterstrichen
legend-on-time = keine Verspätung; die Kopfzeile zählt bis +{ $n }′ als pünktlich (--on-time)
legend-no-data = keine Echtzeitdaten für diesen Zug: nicht dasselbe wie pünktlich
legend-cancelled = durchgestrichen; ✕ wo das Wort keinen Platz hat
legend-platform = das Gleis wurde von 3 auf 5 geändert
legend-next-day = eine Zeit der Tafel am nächsten Tag (nach Mitternacht)
legend-country = Land: noch nicht gezählt · Feed gestört · Zählung älter als 5 min
# ≤ 16
legend-map-trains-mark = • ▴ ▲ ○ ◆ Karte
legend-map-trains = ein Zug pünktlich / +1–4′ / +5′ (fett; ab 15′ unterstrichen) / keine Daten · ausgewählt
# ≤ 16
legend-map-lines-mark = ⠂ ⠒ ∘ Karte
legend-map-lines = ein Bahnhof · eine Bahnstrecke (blau) · Halte und Weg des ausgewählten Zugs (cyan)

## Countries (railtop's own names for them; station names stay as the feeds give them)

country-germany = Deutschland
country-ireland = Irland
country-belgium = Belgien
country-switzerland = Schweiz
country-finland = Finnland
country-netherlands = Niederlande
country-norway = Norwegen
country-austria = Österreich
country-sweden = Schweden
country-france = Frankreich
country-united-states = USA
country-japan = Japan
country-egypt = Ägypten
country-bulgaria = Bulgarien
country-malaysia = Malaysia
country-italy = Italien
country-spain = Spanien
country-poland = Polen
country-czech-republic = Tschechien

## The keys: the help window's lines and the footer's hints (ids made from the English words)

key-quit = Ende
key-previous-next-country = vorheriges / nächstes Land
key-move-in-the-focused-pane = im aktiven Bereich bewegen
key-a-page-up-down = eine Seite hoch / runter
key-first-last-train = erster / letzter Zug
key-focus-the-next-previous-pane = nächsten / vorherigen Bereich aktivieren
key-details-of-the-selected-train-on-the-board-the-departure-s = Details des ausgewählten Zugs (auf der Tafel: der Abfahrt)
key-filter-trains-as-you-type-enter-keeps-esc-clears = Züge beim Tippen filtern (Enter behält, Esc löscht)
key-sort-by-delay-code-destination-next-station-country = sortieren nach Verspätung, Nummer, Ziel, nächstem Halt, Land
key-reverse-the-sort = Sortierung umkehren
key-hide-show-cancelled-trains = ausgefallene Züge aus- / einblenden
key-choose-the-board-s-station-names-and-codes-complete = Bahnhof der Tafel wählen (Namen und Codes werden ergänzt)
key-the-board-arrivals-departures = die Tafel: Ankünfte / Abfahrten
key-the-board-only-trains-to-a-station-again-every-train = die Tafel: nur Züge nach einem Bahnhof (nochmals: alle Züge)
key-pin-the-board-s-station-again-unpin-b-lists-pins-first = Bahnhof der Tafel anheften (nochmals: lösen); b zeigt angeheftete zuerst
key-the-board-add-a-nearby-station-to-it-b-one-again = die Tafel: einen Bahnhof in der Nähe hinzufügen (b: wieder nur einer)
key-show-hide-the-map = Karte ein- / ausblenden
key-the-map-over-the-whole-screen-again-back = Karte über den ganzen Bildschirm (nochmals: zurück)
key-refresh-now = jetzt aktualisieren
key-this-help = diese Hilfe
key-close-a-window-stop-filtering = Fenster schließen, Filtern beenden
key-click-a-train-or-a-country-to-select-it = einen Zug oder ein Land zum Auswählen anklicken
key-pan-the-map-h-l-k-j-too = Karte verschieben (auch h l k j)
key-pan-the-map = Karte verschieben
key-zoom-in-out = hinein- / herauszoomen
key-fit-the-country = das ganze Land zeigen
key-follow-the-selected-train-again-stop = dem ausgewählten Zug folgen (nochmals: aufhören)
key-details-of-the-selected-train = Details des ausgewählten Zugs
key-hide-the-map = Karte ausblenden
key-back-to-the-train-list = zurück zur Zugliste
key-keep-the-filter = Filter behalten
key-clear-the-filter = Filter löschen
key-delete-a-character = ein Zeichen löschen
key-scroll-the-window = im Fenster blättern
key-close-the-window = Fenster schließen
key-close-the-search = Suche schließen
key-show-this-station-s-board = Tafel dieses Bahnhofs zeigen
key-next-previous-match = nächster / vorheriger Treffer
key-delete-a-word = ein Wort löschen
key-clear-the-field = Feld leeren
key-country = Land
key-move = bewegen
key-pane = Bereich
key-details = Details
key-filter = Filter
key-sort = ordnen
key-cancelled = Ausfälle
key-station = Bahnhof
key-map = Karte
key-refresh = neu laden
key-help = Hilfe
key-pan = schieben
key-zoom = Zoom
key-fit = ganz
key-follow = folgen
key-full = groß
key-keep-filter = behalten
key-clear-filter = löschen

## Notices: why a key did nothing, said in the footer for a few seconds

notice-pinned = { $station } angeheftet: b zeigt ihn zuerst
notice-unpinned = { $station } gelöst
notice-train-unknown = { $train } nach { $destination } ist nicht in der Zugliste, und die Tafel sagt nicht, welcher Zug es ist
notice-no-room-for-map = kein Platz für die Karte: sie braucht { $min_width }×{ $min_height }, hier sind es { $width }×{ $height } (M: ganzer Bildschirm)
notice-no-position = der ausgewählte Zug hat keine Position zum Folgen
notice-already-shown = die Tafel zeigt diesen Bahnhof schon
notice-no-such-station = kein Bahnhof { $station }: + fügt einen aus der Liste hinzu
notice-cannot-merge = die Tafel zeigt diesen Bahnhof schon, oder schon { $n ->
    [one] { $n } Bahnhof
   *[other] { $n } Bahnhöfe
} (b: wieder nur einer)
