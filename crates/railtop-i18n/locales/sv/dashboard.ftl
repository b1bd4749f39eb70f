# The dashboard's own words in Swedish (the boards' words, the columns and the statuses are in
# board.ftl). Widths: "≤ N" above a message means it must fit N columns.

loading = läser in…
all-countries = Alla länder
countries-title = Länder

## The header

header-trains = { $n } tåg
header-counts = { $running } i trafik · { $gps } GPS · { $delayed ->
    [one] { $delayed } försenat
   *[other] { $delayed } försenade
}
header-punctuality = { $share }% i tid ≤{ $within }′ · median { $median }′
header-running-short = { $n } går
header-gps-short = { $n } GPS
header-late-short = { $n } sena
header-median-short = med. { $median }′
header-clock-fixed = fast klocka (RAILTOP_NOW)
header-schedule = tidtabell { $feed }
header-retry-in = nytt försök om { $after }
header-showing-old = visar { $age } gamla data
header-updated-ago = uppdaterad för { $age } sedan
header-next-in = nästa om { $after }
header-source = källa { $source }
header-hours-on-time = { $hours } h i tid
terminal-too-small = terminalen är för liten: { $width }×{ $height } (railtop behöver { $min_width }×{ $min_height })

## The train list

trains-title = Tåg { $n }
trains-sort = sortering { $key } { $order }
trains-cancelled-hidden = inställda dolda
trains-no-data = Inga data: { $error }
trains-hint-own-feed = { $feed } är din egen [[feeds]]-post: kontrollera dess URL:er (vehicle_positions, trip_updates, alerts, static_gtfs) i konfigurationsfilen.
trains-hint-upstream = De nationella flödena kan vara nere eller onåbara härifrån; `railtop --source demo` fungerar offline.
trains-hint-server = Är servern igång och nåbar? `railtop --source demo` fungerar offline.
trains-none-running = inga tåg i trafik just nu
trains-none-match = inget tåg matchar filtret
# ≤ 4
col-code = KOD
# ≤ 4
col-country-short = LAND
# ≤ 11
col-country = LAND
col-to = TILL
# ≤ 5
col-status-short = STAT.
col-next = NÄSTA
# A train's status in the list; ≤ 9
train-running = i trafik
train-scheduled = planerad
train-arrived = ankommit
# The same on a narrow list; ≤ 5
train-running-short = går
train-scheduled-short = plan.
train-arrived-short = ank.
train-cancelled-short = inst.
# What the list is sorted by
sort-delay = försening
sort-code = kod
sort-destination = destination
sort-next = nästa station
sort-country = land

## The board pane

board-title = Avgångar
board-choose-station = tryck b för att välja en station
board-none = ingen tavla: { $error }
board-none-on-route = inget tåg på den sträckan de närmaste timmarna (t: alla tåg)
board-no-arrivals = inga ankomster de närmaste timmarna
board-no-departures = inga avgångar de närmaste timmarna
data-old = data { $age } gamla
age-ago = för { $age } sedan

## The map

map-title = Karta
map-with-gps = { $n } med GPS
map-following = följer
map-no-gps = { $n } utan GPS
map-selected = valt
map-selected-short = valt
map-its-stops = dess stopp
map-stops-short = stopp
map-station = station
map-station-short = stn
map-line = järnväg
map-line-short = bana

## A train's details and journey

details-title = Tåg · ↑↓ bläddra i resan · Esc stänger
details-from = från { $station }
details-platform = spår { $platform }
details-last-seen = ingen GPS; senast sedd { $at }
details-no-position = ingen position
details-partly-cancelled = delvis inställt
# Field names; ≤ 12
field-train = tåg
field-to = till
field-from = från
field-next-station = nästa stopp
field-status = status
field-messages = meddelanden
field-delay = försening
field-platform = spår
field-scheduled = planerad
field-direction = riktning
field-position = position
field-speed = hastighet
field-last-update = uppdaterad
field-operator = operatör
field-country = land
spark-not-seen = försening: inte sedd än
spark-one = försening sedan { $since }: { $delay }′ · ett mätvärde
spark-many = försening sedan { $since } · { $n } mätvärden · { $low }′ till { $high }′
journey-title = Resa
journey-title-stops = Resa · { $n } stopp, { $passed } passerade
journey-none = Ingen resa: { $why }
journey-no-stops = Flödet anger inga stopp för det här tåget.
journey-asking = Frågar efter resan…
# The journey's columns; ≤ 5
journey-arr = ank.
journey-dep = avg.
journey-late = förs.
journey-plat = spår
journey-station = stn

## The station search

search-station = Station
search-only-to = Bara tåg till
search-only-from = Bara tåg från
search-add = Lägg till på tavlan
search-country-first = { $country } först
search-every-country = alla länder
search-keys = Enter väljer, Esc stänger
search-asking = frågar serverns stationslista…
search-server-failed = railtops egna stationer: serverns lista svarade inte ({ $why })
search-none-in-countries = inga i källans länder; Enter frågar ändå
search-no-match = ingen träff: Enter frågar källan efter den här koden
search-type = skriv ett namn eller en kod · ↑↓ välj

## The help window

help-title = Tangenter och tecken (Esc stänger)
help-title-scrolled = Tangenter och tecken { $at }/{ $lines } · ↑↓ bläddra · Esc stänger
help-on-the-map = På kartan
help-on-the-map-how = (Tab dit, eller M)
help-marks = Tecken
help-not-live = Inte live här
legend-gps = tåget har en GPS-position / har ingen
# ≤ 16
legend-delay-mark = +7′  2′ tidig
legend-delay = minuter sen / tidig: 1–4′ vanlig, 5–14′ fet, 15′+ understruken
legend-on-time = ingen försening; huvudet räknar upp till +{ $n }′ som i tid (--on-time)
legend-no-data = ingen realtid för det här tåget: inte samma sak som i tid
legend-cancelled = överstruken; ✕ där ordet inte får plats
legend-platform = spåret ändrades från 3 till 5
legend-next-day = en tid på tavlan nästa dag (efter midnatt)
legend-country = land: inte räknat än · flödet fungerar inte · räkningen äldre än 5 min
# ≤ 16
legend-map-trains-mark = • ▴ ▲ ○ ◆ karta
legend-map-trains = ett tåg i tid / +1–4′ / +5′ (fet; understruken från 15′) / inga data · valt
# ≤ 16
legend-map-lines-mark = ⠂ ⠒ ∘ karta
legend-map-lines = en station · en järnväg (blå) · det valda tågets stopp och rutt (cyan)

## Countries (railtop's own names for them; station names stay as the feeds give them)

country-germany = Tyskland
country-ireland = Irland
country-belgium = Belgien
country-switzerland = Schweiz
country-finland = Finland
country-netherlands = Nederländerna
country-norway = Norge
country-austria = Österrike
country-sweden = Sverige
country-france = Frankrike
country-united-states = USA
country-japan = Japan
country-egypt = Egypten
country-bulgaria = Bulgarien
country-malaysia = Malaysia
country-italy = Italien
country-spain = Spanien
country-poland = Polen
country-czech-republic = Tjeckien

## The keys: the help window's lines and the footer's hints (ids made from the English words)

key-quit = avsluta
key-previous-next-country = föregående / nästa land
key-move-in-the-focused-pane = flytta i den aktiva panelen
key-a-page-up-down = en sida upp / ned
key-first-last-train = första / sista tåget
key-focus-the-next-previous-pane = aktivera nästa / föregående panel
key-details-of-the-selected-train-on-the-board-the-departure-s = det valda tågets detaljer (på tavlan: avgångens)
key-filter-trains-as-you-type-enter-keeps-esc-clears = filtrera tåg medan du skriver (Enter behåller, Esc rensar)
key-sort-by-delay-code-destination-next-station-country = sortera efter försening, kod, destination, nästa station, land
key-reverse-the-sort = vänd sorteringen
key-hide-show-cancelled-trains = dölj / visa inställda tåg
key-choose-the-board-s-station-names-and-codes-complete = välj tavlans station (namn och koder fylls i)
key-the-board-arrivals-departures = tavlan: ankomster / avgångar
key-the-board-only-trains-to-a-station-again-every-train = tavlan: bara tåg till en station (igen: alla tåg)
key-pin-the-board-s-station-again-unpin-b-lists-pins-first = fäst tavlans station (igen: lossa); b visar fästa först
key-the-board-add-a-nearby-station-to-it-b-one-again = tavlan: lägg till en station i närheten (b: en igen)
key-show-hide-the-map = visa / dölj kartan
key-the-map-over-the-whole-screen-again-back = kartan över hela skärmen (igen: tillbaka)
key-refresh-now = uppdatera nu
key-this-help = den här hjälpen
key-close-a-window-stop-filtering = stäng ett fönster, sluta filtrera
key-click-a-train-or-a-country-to-select-it = klicka på ett tåg eller ett land för att välja det
key-pan-the-map-h-l-k-j-too = panorera kartan (även h l k j)
key-pan-the-map = panorera kartan
key-zoom-in-out = zooma in / ut
key-fit-the-country = visa hela landet
key-follow-the-selected-train-again-stop = följ det valda tåget (igen: sluta)
key-details-of-the-selected-train = det valda tågets detaljer
key-hide-the-map = dölj kartan
key-back-to-the-train-list = tillbaka till tåglistan
key-keep-the-filter = behåll filtret
key-clear-the-filter = rensa filtret
key-delete-a-character = radera ett tecken
key-scroll-the-window = rulla fönstret
key-close-the-window = stäng fönstret
key-close-the-search = stäng sökningen
key-show-this-station-s-board = visa den här stationens tavla
key-next-previous-match = nästa / föregående träff
key-delete-a-word = radera ett ord
key-clear-the-field = töm fältet
key-country = land
key-move = välj
key-pane = panel
key-details = detaljer
key-filter = filter
key-sort = sortera
key-cancelled = inställda
key-station = station
key-map = karta
key-refresh = uppdatera
key-help = hjälp
key-pan = flytta
key-zoom = zoom
key-fit = anpassa
key-follow = följ
key-full = stor
key-keep-filter = behåll
key-clear-filter = rensa

## Notices: why a key did nothing, said in the footer for a few seconds

notice-pinned = { $station } fäst: b visar den först
notice-unpinned = { $station } lossad
notice-train-unknown = { $train } till { $destination } finns inte i tåglistan, och tavlan säger inte vilket tåg det är
notice-no-room-for-map = ingen plats för kartan: den behöver { $min_width }×{ $min_height }, här är det { $width }×{ $height } (M: hela skärmen)
notice-no-position = det valda tåget har ingen position att följa
notice-already-shown = tavlan visar redan den stationen
notice-no-such-station = ingen station { $station }: + lägger till en som listan erbjuder
notice-cannot-merge = tavlan visar redan den stationen, eller { $n ->
    [one] { $n } station
   *[other] { $n } stationer
} (b: en igen)
