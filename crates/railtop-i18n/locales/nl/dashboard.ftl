# The dashboard's own words in Dutch (the boards' words, the columns and the statuses are in
# board.ftl). Widths: "≤ N" above a message means it must fit N columns.

loading = laden…
all-countries = Alle landen
countries-title = Landen

## The header

header-trains = { $n ->
    [one] { $n } trein
   *[other] { $n } treinen
}
header-counts = { $running } rijdend · { $gps } GPS · { $delayed } vertraagd
header-punctuality = { $share }% op tijd ≤{ $within }′ · mediaan { $median }′
header-running-short = { $n } rijdt
header-gps-short = { $n } GPS
header-late-short = { $n } laat
header-median-short = med { $median }′
header-clock-fixed = vaste klok (RAILTOP_NOW)
header-schedule = dienstregeling { $feed }
header-retry-in = nieuwe poging over { $after }
header-showing-old = gegevens van { $age } geleden
header-updated-ago = { $age } geleden bijgewerkt
header-next-in = volgende over { $after }
header-source = bron { $source }
header-hours-on-time = { $hours } u op tijd
terminal-too-small = terminal te klein: { $width }×{ $height } (railtop heeft { $min_width }×{ $min_height } nodig)

## The train list

trains-title = Treinen { $n }
trains-sort = sortering { $key } { $order }
trains-cancelled-hidden = vervallen verborgen
trains-no-data = Geen gegevens: { $error }
trains-hint-own-feed = { $feed } is je eigen [[feeds]]-item: controleer de URL's (vehicle_positions, trip_updates, alerts, static_gtfs) in het configuratiebestand.
trains-hint-upstream = De nationale feeds zijn misschien onbereikbaar of liggen eruit; `railtop --source demo` werkt offline.
trains-hint-server = Draait de server en is hij bereikbaar? `railtop --source demo` werkt offline.
trains-none-running = er rijden nu geen treinen
trains-none-match = geen trein past bij het filter
# ≤ 4
col-code = CODE
# ≤ 4
col-country-short = LAND
# ≤ 11
col-country = LAND
col-to = NAAR
# ≤ 5
col-status-short = STAT.
col-next = HALTE
# A train's status in the list; ≤ 9
train-running = rijdt
train-scheduled = gepland
train-arrived = binnen
# The same on a narrow list; ≤ 5
train-running-short = rijdt
train-scheduled-short = gepl.
train-arrived-short = binn.
train-cancelled-short = verv.
# What the list is sorted by
sort-delay = vertraging
sort-code = code
sort-destination = bestemming
sort-next = volgende halte
sort-country = land

## The board pane

board-title = Vertrek
board-choose-station = druk op b om een station te kiezen
board-none = geen bord: { $error }
board-none-on-route = geen trein op dat traject in de komende uren (t: alle treinen)
board-no-arrivals = geen aankomsten in de komende uren
board-no-departures = geen vertrekken in de komende uren
data-old = gegevens { $age } oud
age-ago = { $age } geleden

## The map

map-title = Kaart
map-with-gps = { $n } met GPS
map-following = volgt
map-no-gps = { $n } zonder GPS
map-selected = geselecteerd
map-selected-short = sel.
map-its-stops = zijn haltes
map-stops-short = haltes
map-station = station
map-station-short = stn
map-line = spoorlijn
map-line-short = lijn

## A train's details and journey

details-title = Trein · ↑↓ door de rit scrollen · Esc sluit
details-from = van { $station }
details-platform = spoor { $platform }
details-last-seen = geen GPS; laatst gezien om { $at }
details-no-position = geen positie
details-partly-cancelled = gedeeltelijk vervallen
# Field names; ≤ 12
field-train = trein
field-to = naar
field-from = van
field-next-station = vlg. halte
field-status = status
field-messages = berichten
field-delay = vertraging
field-platform = spoor
field-scheduled = gepland
field-direction = richting
field-position = positie
field-speed = snelheid
field-last-update = bijgewerkt
field-operator = vervoerder
field-country = land
spark-not-seen = vertraging: nog niet gezien
spark-one = vertraging sinds { $since }: { $delay }′ · één meting
spark-many = vertraging sinds { $since } · { $n } metingen · { $low }′ tot { $high }′
journey-title = Rit
journey-title-stops = Rit · { $n ->
    [one] { $n } halte
   *[other] { $n } haltes
}, { $passed } gepasseerd
journey-none = Geen rit: { $why }
journey-no-stops = De feed geeft geen haltes voor deze trein.
journey-asking = Rit opvragen…
# The journey's columns; ≤ 5
journey-arr = aank.
journey-dep = vert.
journey-late = laat
journey-plat = spoor
journey-station = halte

## The station search

search-station = Station
search-only-to = Alleen treinen naar
search-only-from = Alleen treinen van
search-add = Aan het bord toevoegen
search-country-first = { $country } eerst
search-every-country = alle landen
search-keys = Enter kiest, Esc sluit
search-asking = de stationslijst van de server opvragen…
search-server-failed = railtops eigen stations: de lijst van de server gaf geen antwoord ({ $why })
search-none-in-countries = geen in de landen van de bron; Enter vraagt het toch
search-no-match = geen resultaat: Enter vraagt de bron naar deze code
search-type = typ een naam of code · ↑↓ kiezen

## The help window

help-title = Toetsen en tekens (Esc sluit)
help-title-scrolled = Toetsen en tekens { $at }/{ $lines } · ↑↓ scrollen · Esc sluit
help-on-the-map = Op de kaart
help-on-the-map-how = (Tab ernaartoe, of M)
help-marks = Tekens
help-not-live = Hier niet live
legend-gps = de trein heeft een GPS-positie / heeft er geen
# ≤ 16
legend-delay-mark = +7′  2′ eerder
legend-delay = minuten te laat / te vroeg: 1–4′ gewoon, 5–14′ vet, 15′+ onderstreept
legend-on-time = geen vertraging; de kop telt tot +{ $n }′ als op tijd (--on-time)
legend-no-data = geen realtime voor deze trein: niet hetzelfde als op tijd
legend-cancelled = doorgestreept; ✕ waar het woord niet past
legend-platform = het spoor is gewijzigd van 3 naar 5
legend-next-day = een tijd op het bord op de volgende dag (na middernacht)
legend-country = land: nog niet geteld · feed faalt · telling ouder dan 5 min
# ≤ 16
legend-map-trains-mark = • ▴ ▲ ○ ◆ kaart
legend-map-trains = een trein op tijd / +1–4′ / +5′ (vet; onderstreept vanaf 15′) / geen gegevens · geselecteerd
# ≤ 16
legend-map-lines-mark = ⠂ ⠒ ∘ kaart
legend-map-lines = een station · een spoorlijn (blauw) · de haltes en route van de geselecteerde trein (cyaan)

## Countries (railtop's own names for them; station names stay as the feeds give them)

country-germany = Duitsland
country-ireland = Ierland
country-belgium = België
country-switzerland = Zwitserland
country-finland = Finland
country-netherlands = Nederland
country-norway = Noorwegen
country-austria = Oostenrijk
country-sweden = Zweden
country-france = Frankrijk
country-united-states = Verenigde Staten
country-japan = Japan
country-egypt = Egypte
country-bulgaria = Bulgarije
country-malaysia = Maleisië
country-italy = Italië
country-spain = Spanje
country-poland = Polen
country-czech-republic = Tsjechië

## The keys: the help window's lines and the footer's hints (ids made from the English words)

key-quit = stop
key-previous-next-country = vorig / volgend land
key-move-in-the-focused-pane = bewegen in het actieve paneel
key-a-page-up-down = een pagina omhoog / omlaag
key-first-last-train = eerste / laatste trein
key-focus-the-next-previous-pane = volgend / vorig paneel activeren
key-details-of-the-selected-train-on-the-board-the-departure-s = details van de geselecteerde trein (op het bord: van het vertrek)
key-filter-trains-as-you-type-enter-keeps-esc-clears = treinen filteren tijdens het typen (Enter houdt, Esc wist)
key-sort-by-delay-code-destination-next-station-country = sorteren op vertraging, code, bestemming, volgende halte, land
key-reverse-the-sort = sortering omkeren
key-hide-show-cancelled-trains = vervallen treinen verbergen / tonen
key-choose-the-board-s-station-names-and-codes-complete = het station van het bord kiezen (namen en codes worden aangevuld)
key-the-board-arrivals-departures = het bord: aankomst / vertrek
key-the-board-only-trains-to-a-station-again-every-train = het bord: alleen treinen naar een station (nogmaals: alle treinen)
key-pin-the-board-s-station-again-unpin-b-lists-pins-first = het station van het bord vastzetten (nogmaals: losmaken); b toont vastgezette eerst
key-the-board-add-a-nearby-station-to-it-b-one-again = het bord: een station in de buurt toevoegen (b: weer één)
key-show-hide-the-map = de kaart tonen / verbergen
key-the-map-over-the-whole-screen-again-back = de kaart over het hele scherm (nogmaals: terug)
key-refresh-now = nu verversen
key-this-help = deze hulp
key-close-a-window-stop-filtering = een venster sluiten, stoppen met filteren
key-click-a-train-or-a-country-to-select-it = klik op een trein of land om die te selecteren
key-pan-the-map-h-l-k-j-too = de kaart verschuiven (ook h l k j)
key-pan-the-map = de kaart verschuiven
key-zoom-in-out = in- / uitzoomen
key-fit-the-country = het hele land tonen
key-follow-the-selected-train-again-stop = de geselecteerde trein volgen (nogmaals: stoppen)
key-details-of-the-selected-train = details van de geselecteerde trein
key-hide-the-map = de kaart verbergen
key-back-to-the-train-list = terug naar de treinenlijst
key-keep-the-filter = het filter houden
key-clear-the-filter = het filter wissen
key-delete-a-character = een teken wissen
key-scroll-the-window = door het venster scrollen
key-close-the-window = het venster sluiten
key-close-the-search = het zoeken sluiten
key-show-this-station-s-board = het bord van dit station tonen
key-next-previous-match = volgend / vorig resultaat
key-delete-a-word = een woord wissen
key-clear-the-field = het veld leegmaken
key-country = land
key-move = beweeg
key-pane = paneel
key-details = details
key-filter = filter
key-sort = sorteer
key-cancelled = vervallen
key-station = station
key-map = kaart
key-refresh = ververs
key-help = hulp
key-pan = schuif
key-zoom = zoom
key-fit = passend
key-follow = volg
key-full = groot
key-keep-filter = houd
key-clear-filter = wis

## Notices: why a key did nothing, said in the footer for a few seconds

notice-pinned = { $station } vastgezet: b toont het eerst
notice-unpinned = { $station } losgemaakt
notice-train-unknown = { $train } naar { $destination } staat niet in de treinenlijst, en het bord zegt niet welke trein het is
notice-no-room-for-map = geen ruimte voor de kaart: die heeft { $min_width }×{ $min_height } nodig, dit is { $width }×{ $height } (M: heel scherm)
notice-no-position = de geselecteerde trein heeft geen positie om te volgen
notice-already-shown = het bord toont dat station al
notice-no-such-station = geen station { $station }: + voegt er een toe die de lijst aanbiedt
notice-cannot-merge = het bord toont dat station al, of al { $n ->
    [one] { $n } station
   *[other] { $n } stations
} (b: weer één)
