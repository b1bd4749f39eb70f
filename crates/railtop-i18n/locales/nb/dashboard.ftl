# The dashboard's own words in Norwegian bokmål (the boards' words, the columns and the statuses
# are in board.ftl). Widths: "≤ N" above a message means it must fit N columns.

loading = laster…
all-countries = Alle land
countries-title = Land

## The header

header-trains = { $n } tog
header-counts = { $running } i trafikk · { $gps } GPS · { $delayed } forsinket
header-punctuality = { $share }% i rute ≤{ $within }′ · median { $median }′
header-running-short = { $n } går
header-gps-short = { $n } GPS
header-late-short = { $n } sene
header-median-short = med. { $median }′
header-clock-fixed = fast klokke (RAILTOP_NOW)
header-schedule = rutetabell { $feed }
header-retry-in = nytt forsøk om { $after }
header-showing-old = viser { $age } gamle data
header-updated-ago = oppdatert for { $age } siden
header-next-in = neste om { $after }
header-source = kilde { $source }
header-hours-on-time = { $hours } t i rute
terminal-too-small = terminalen er for liten: { $width }×{ $height } (railtop trenger { $min_width }×{ $min_height })

## The train list

trains-title = Tog { $n }
trains-sort = sortering { $key } { $order }
trains-cancelled-hidden = innstilte skjult
trains-no-data = Ingen data: { $error }
trains-hint-own-feed = { $feed } er din egen [[feeds]]-oppføring: sjekk URL-ene (vehicle_positions, trip_updates, alerts, static_gtfs) i konfigurasjonsfilen.
trains-hint-upstream = De nasjonale datastrømmene kan være nede eller utilgjengelige herfra; `railtop --source demo` virker uten nett.
trains-hint-server = Kjører serveren, og kan den nås? `railtop --source demo` virker uten nett.
trains-none-running = ingen tog i trafikk akkurat nå
trains-none-match = ingen tog passer med filteret
# ≤ 4
col-code = KODE
# ≤ 4
col-country-short = LAND
# ≤ 11
col-country = LAND
col-to = TIL
# ≤ 5
col-status-short = STAT.
col-next = NESTE
# A train's status in the list; ≤ 9
train-running = i trafikk
train-scheduled = planlagt
train-arrived = ankommet
# The same on a narrow list; ≤ 5
train-running-short = går
train-scheduled-short = plan.
train-arrived-short = ank.
train-cancelled-short = innst
# What the list is sorted by
sort-delay = forsinkelse
sort-code = kode
sort-destination = destinasjon
sort-next = neste stasjon
sort-country = land

## The board pane

board-title = Avganger
board-choose-station = trykk b for å velge en stasjon
board-none = ingen tavle: { $error }
board-none-on-route = ingen tog på den strekningen de neste timene (t: alle tog)
board-no-arrivals = ingen ankomster de neste timene
board-no-departures = ingen avganger de neste timene
data-old = data { $age } gamle
age-ago = for { $age } siden

## The map

map-title = Kart
map-with-gps = { $n } med GPS
map-following = følger
map-no-gps = { $n } uten GPS
map-selected = valgt
map-selected-short = valgt
map-its-stops = stoppene
map-stops-short = stopp
map-station = stasjon
map-station-short = stn
map-line = jernbane
map-line-short = bane

## A train's details and journey

details-title = Tog · ↑↓ bla i reisen · Esc lukker
details-from = fra { $station }
details-platform = spor { $platform }
details-last-seen = ingen GPS; sist sett { $at }
details-no-position = ingen posisjon
details-partly-cancelled = delvis innstilt
# Field names; ≤ 12
field-train = tog
field-to = til
field-from = fra
field-next-station = neste stopp
field-status = status
field-messages = meldinger
field-delay = forsinkelse
field-platform = spor
field-scheduled = planlagt
field-direction = retning
field-position = posisjon
field-speed = fart
field-last-update = oppdatert
field-operator = operatør
field-country = land
spark-not-seen = forsinkelse: ikke sett ennå
spark-one = forsinkelse siden { $since }: { $delay }′ · én måling
spark-many = forsinkelse siden { $since } · { $n } målinger · { $low }′ til { $high }′
journey-title = Reise
journey-title-stops = Reise · { $n } stopp, { $passed } passert
journey-none = Ingen reise: { $why }
journey-no-stops = Datastrømmen oppgir ingen stopp for dette toget.
journey-asking = Spør etter reisen…
# The journey's columns; ≤ 5
journey-arr = ank.
journey-dep = avg.
journey-late = fors.
journey-plat = spor
journey-station = stn.

## The station search

search-station = Stasjon
search-only-to = Bare tog til
search-only-from = Bare tog fra
search-add = Legg til på tavla
search-country-first = { $country } først
search-every-country = alle land
search-keys = Enter velger, Esc lukker
search-asking = spør serverens stasjonsliste…
search-server-failed = railtops egne stasjoner: serverens liste svarte ikke ({ $why })
search-none-in-countries = ingen i kildens land; Enter spør likevel
search-no-match = ingen treff: Enter spør kilden etter denne koden
search-type = skriv et navn eller en kode · ↑↓ velg

## The help window

help-title = Taster og tegn (Esc lukker)
help-title-scrolled = Taster og tegn { $at }/{ $lines } · ↑↓ bla · Esc lukker
help-on-the-map = På kartet
help-on-the-map-how = (Tab dit, eller M)
help-marks = Tegn
help-not-live = Ikke sanntid her
legend-gps = toget har en GPS-posisjon / har ingen
# ≤ 16
legend-delay-mark = +7′  2′ tidlig
legend-delay = minutter forsinket / tidlig: 1–4′ vanlig, 5–14′ fet, 15′+ understreket
legend-on-time = ingen forsinkelse; toppen teller opptil +{ $n }′ som i rute (--on-time)
legend-no-data = ingen sanntid for dette toget: ikke det samme som i rute
legend-cancelled = gjennomstreket; ✕ der ordet ikke får plass
legend-platform = sporet ble endret fra 3 til 5
legend-next-day = en tid på tavla neste dag (etter midnatt)
legend-country = land: ikke telt ennå · datastrømmen feiler · tellingen er over 5 min gammel
# ≤ 16
legend-map-trains-mark = • ▴ ▲ ○ ◆ (kart)
legend-map-trains = et tog i rute / +1–4′ / +5′ (fet; understreket fra 15′) / ingen data · valgt
# ≤ 16
legend-map-lines-mark = ⠂ ⠒ ∘ (kart)
legend-map-lines = en stasjon · en jernbane (blå) · stoppene og ruten til det valgte toget (cyan)

## Countries (railtop's own names for them; station names stay as the feeds give them)

country-germany = Tyskland
country-ireland = Irland
country-belgium = Belgia
country-switzerland = Sveits
country-finland = Finland
country-netherlands = Nederland
country-norway = Norge
country-austria = Østerrike
country-sweden = Sverige
country-france = Frankrike
country-united-states = USA
country-japan = Japan
country-egypt = Egypt
country-bulgaria = Bulgaria
country-malaysia = Malaysia
country-italy = Italia
country-spain = Spania
country-poland = Polen
country-czech-republic = Tsjekkia

## The keys: the help window's lines and the footer's hints (ids made from the English words)

key-quit = avslutt
key-previous-next-country = forrige / neste land
key-move-in-the-focused-pane = flytt i det aktive panelet
key-a-page-up-down = en side opp / ned
key-first-last-train = første / siste tog
key-focus-the-next-previous-pane = aktiver neste / forrige panel
key-details-of-the-selected-train-on-the-board-the-departure-s = detaljer om valgt tog (på tavla: avgangens)
key-filter-trains-as-you-type-enter-keeps-esc-clears = filtrer tog mens du skriver (Enter beholder, Esc tømmer)
key-sort-by-delay-code-destination-next-station-country = sorter etter forsinkelse, kode, destinasjon, neste stasjon, land
key-reverse-the-sort = snu sorteringen
key-hide-show-cancelled-trains = skjul / vis innstilte tog
key-choose-the-board-s-station-names-and-codes-complete = velg tavlas stasjon (navn og koder fullføres)
key-the-board-arrivals-departures = tavla: ankomster / avganger
key-the-board-only-trains-to-a-station-again-every-train = tavla: bare tog til en stasjon (igjen: alle tog)
key-pin-the-board-s-station-again-unpin-b-lists-pins-first = fest tavlas stasjon (igjen: løsne); b viser festede først
key-the-board-add-a-nearby-station-to-it-b-one-again = tavla: legg til en stasjon i nærheten (b: én igjen)
key-show-hide-the-map = vis / skjul kartet
key-the-map-over-the-whole-screen-again-back = kartet over hele skjermen (igjen: tilbake)
key-refresh-now = oppdater nå
key-this-help = denne hjelpen
key-close-a-window-stop-filtering = lukk et vindu, slutt å filtrere
key-click-a-train-or-a-country-to-select-it = klikk på et tog eller et land for å velge det
key-pan-the-map-h-l-k-j-too = panorer kartet (også h l k j)
key-pan-the-map = panorer kartet
key-zoom-in-out = zoom inn / ut
key-fit-the-country = vis hele landet
key-follow-the-selected-train-again-stop = følg valgt tog (igjen: stopp)
key-details-of-the-selected-train = detaljer om valgt tog
key-hide-the-map = skjul kartet
key-back-to-the-train-list = tilbake til toglista
key-keep-the-filter = behold filteret
key-clear-the-filter = tøm filteret
key-delete-a-character = slett et tegn
key-scroll-the-window = rull i vinduet
key-close-the-window = lukk vinduet
key-close-the-search = lukk søket
key-show-this-station-s-board = vis tavla for denne stasjonen
key-next-previous-match = neste / forrige treff
key-delete-a-word = slett et ord
key-clear-the-field = tøm feltet
key-country = land
key-move = flytt
key-pane = panel
key-details = detaljer
key-filter = filtrer
key-sort = sorter
key-cancelled = innstilte
key-station = stasjon
key-map = kart
key-refresh = oppdater
key-help = hjelp
key-pan = flytt
key-zoom = zoom
key-fit = tilpass
key-follow = følg
key-full = stor
key-keep-filter = behold
key-clear-filter = tøm

## Notices: why a key did nothing, said in the footer for a few seconds

notice-pinned = { $station } festet: b viser den først
notice-unpinned = { $station } løsnet
notice-train-unknown = { $train } til { $destination } er ikke i toglista, og tavla sier ikke hvilket tog det er
notice-no-room-for-map = ikke plass til kartet: det trenger { $min_width }×{ $min_height }, her er det { $width }×{ $height } (M: hele skjermen)
notice-no-position = det valgte toget har ingen posisjon å følge
notice-already-shown = tavla viser allerede den stasjonen
notice-no-such-station = ingen stasjon { $station }: + legger til en som lista tilbyr
notice-cannot-merge = tavla viser allerede den stasjonen, eller { $n ->
    [one] { $n } stasjon
   *[other] { $n } stasjoner
} (b: én igjen)
