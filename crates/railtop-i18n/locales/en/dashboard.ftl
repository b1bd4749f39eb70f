# The dashboard's own words in English (the boards' words, the columns and the statuses are in
# board.ftl). Widths: "≤ N" above a message means it must fit N columns.

loading = loading…
all-countries = All countries
countries-title = Countries

## The header

header-trains = { $n ->
    [one] { $n } train
   *[other] { $n } trains
}
header-counts = { $running } running · { $gps } GPS · { $delayed } delayed
header-punctuality = { $share }% on time ≤{ $within }′ · median { $median }′
header-running-short = { $n } run
header-gps-short = { $n } GPS
header-late-short = { $n } late
header-median-short = med { $median }′
header-clock-fixed = clock fixed (RAILTOP_NOW)
header-schedule = { $feed } schedule
header-retry-in = retry in { $after }
header-showing-old = showing data { $age } old
header-updated-ago = updated { $age } ago
header-next-in = next in { $after }
header-source = source { $source }
header-hours-on-time = { $hours }h on time
terminal-too-small = terminal too small: { $width }×{ $height } (railtop needs { $min_width }×{ $min_height })

## The train list

trains-title = Trains { $n }
trains-sort = sort { $key } { $order }
trains-cancelled-hidden = cancelled hidden
trains-no-data = No data: { $error }
trains-hint-own-feed = { $feed } is your own [[feeds]] entry: check its URLs (vehicle_positions, trip_updates, alerts, static_gtfs) in the configuration file.
trains-hint-upstream = The national feeds may be down or out of reach from here; `railtop --source demo` runs offline.
trains-hint-server = Is the server running and reachable? `railtop --source demo` runs offline.
trains-none-running = no trains running right now
trains-none-match = no train matches the filter
# ≤ 4
col-code = CODE
# ≤ 4
col-country-short = CTRY
# ≤ 11
col-country = COUNTRY
col-to = TO
# ≤ 5
col-status-short = STAT
col-next = NEXT
# A train's status in the list; ≤ 9
train-running = running
train-scheduled = scheduled
train-arrived = arrived
# The same on a narrow list; ≤ 5
train-running-short = run
train-scheduled-short = sched
train-arrived-short = arr
train-cancelled-short = canc
# What the list is sorted by
sort-delay = delay
sort-code = code
sort-destination = destination
sort-next = next station
sort-country = country

## The board pane

board-title = Departures
board-choose-station = press b to choose a station
board-none = no board: { $error }
board-none-on-route = no train on that route in the next hours (t: every train)
board-no-arrivals = no arrivals in the next hours
board-no-departures = no departures in the next hours
data-old = data { $age } old
age-ago = { $age } ago

## The map

map-title = Map
map-with-gps = { $n } with GPS
map-following = following
map-no-gps = { $n } no GPS
map-selected = selected
map-selected-short = sel
map-its-stops = its stops
map-stops-short = stops
map-station = station
map-station-short = stn
map-line = line
map-line-short = line

## A train's details and journey

details-title = Train · ↑↓ scroll the journey · Esc closes
details-from = from { $station }
details-platform = platform { $platform }
details-last-seen = no GPS; last seen at { $at }
details-no-position = no position
details-partly-cancelled = partly cancelled
# Field names; ≤ 12
field-train = train
field-to = to
field-from = from
field-next-station = next station
field-status = status
field-messages = messages
field-delay = delay
field-platform = platform
field-scheduled = scheduled
field-direction = direction
field-position = position
field-speed = speed
field-last-update = last update
field-operator = operator
field-country = country
spark-not-seen = delay: not seen yet
spark-one = delay since { $since }: { $delay }′ · one sample
spark-many = delay since { $since } · { $n } samples · { $low }′ to { $high }′
journey-title = Journey
journey-title-stops = Journey · { $n } stops, { $passed } passed
journey-none = No journey: { $why }
journey-no-stops = The feed lists no stops for this train.
journey-asking = Asking for the journey…
# The journey's columns; ≤ 5
journey-arr = arr
journey-dep = dep
journey-late = late
journey-plat = plat
journey-station = station

## The station search

search-station = Station
search-only-to = Only trains to
search-only-from = Only trains from
search-add = Add to the board
search-country-first = { $country } first
search-every-country = every country
search-keys = Enter picks, Esc closes
search-asking = asking the server's directory…
search-server-failed = railtop's own stations: the server's did not answer ({ $why })
search-none-in-countries = none in the source's countries; Enter asks it anyway
search-no-match = no match: Enter asks the source for this code
search-type = type a name or code · ↑↓ choose

## The help window

help-title = Keys and marks (Esc closes)
help-title-scrolled = Keys and marks { $at }/{ $lines } · ↑↓ scroll · Esc closes
help-on-the-map = On the map
help-on-the-map-how = (Tab to it, or M)
help-marks = Marks
help-not-live = Not live here
legend-gps = the train has a GPS position / has none
# ≤ 16
legend-delay-mark = +7′  2′ early
legend-delay = minutes late / early: 1–4′ plain, 5–14′ bold, 15′+ underlined
legend-on-time = no delay; the header counts up to +{ $n }′ on time (--on-time)
legend-no-data = no realtime for this train: not the same as on time
legend-cancelled = struck through; ✕ where there is no room for the word
legend-platform = the platform changed from 3 to 5
legend-next-day = a board's time on the next day (past midnight)
legend-country = country: not counted yet · feed failing · count over 5 min old
# ≤ 16
legend-map-trains-mark = • ▴ ▲ ○ ◆ (map)
legend-map-trains = a train on time / +1–4′ / +5′ (bold; underlined from 15′) / no data · selected
# ≤ 16
legend-map-lines-mark = ⠂ ⠒ ∘ (map)
legend-map-lines = a station · a rail line (blue) · the selected train's stops and route (cyan)

## Countries (railtop's own names for them; station names stay as the feeds give them)

country-germany = Germany
country-ireland = Ireland
country-belgium = Belgium
country-switzerland = Switzerland
country-finland = Finland
country-netherlands = Netherlands
country-norway = Norway
country-austria = Austria
country-sweden = Sweden
country-france = France
country-united-states = United States
country-japan = Japan
country-egypt = Egypt
country-bulgaria = Bulgaria
country-malaysia = Malaysia
country-italy = Italy
country-spain = Spain
country-poland = Poland
country-czech-republic = Czech Republic

## The keys: the help window's lines and the footer's hints (ids made from the English words)

key-quit = quit
key-previous-next-country = previous / next country
key-move-in-the-focused-pane = move in the focused pane
key-a-page-up-down = a page up / down
key-first-last-train = first / last train
key-focus-the-next-previous-pane = focus the next / previous pane
key-details-of-the-selected-train-on-the-board-the-departure-s = details of the selected train (on the board: the departure's)
key-filter-trains-as-you-type-enter-keeps-esc-clears = filter trains as you type (Enter keeps, Esc clears)
key-sort-by-delay-code-destination-next-station-country = sort by delay, code, destination, next station, country
key-reverse-the-sort = reverse the sort
key-hide-show-cancelled-trains = hide / show cancelled trains
key-choose-the-board-s-station-names-and-codes-complete = choose the board's station (names and codes complete)
key-the-board-arrivals-departures = the board: arrivals / departures
key-the-board-only-trains-to-a-station-again-every-train = the board: only trains to a station (again: every train)
key-pin-the-board-s-station-again-unpin-b-lists-pins-first = pin the board's station (again: unpin); b lists pins first
key-the-board-add-a-nearby-station-to-it-b-one-again = the board: add a nearby station to it (b: one again)
key-show-hide-the-map = show / hide the map
key-the-map-over-the-whole-screen-again-back = the map over the whole screen (again: back)
key-refresh-now = refresh now
key-this-help = this help
key-close-a-window-stop-filtering = close a window, stop filtering
key-click-a-train-or-a-country-to-select-it = click a train or a country to select it
key-pan-the-map-h-l-k-j-too = pan the map (h l k j too)
key-pan-the-map = pan the map
key-zoom-in-out = zoom in / out
key-fit-the-country = fit the country
key-follow-the-selected-train-again-stop = follow the selected train (again: stop)
key-details-of-the-selected-train = details of the selected train
key-hide-the-map = hide the map
key-back-to-the-train-list = back to the train list
key-keep-the-filter = keep the filter
key-clear-the-filter = clear the filter
key-delete-a-character = delete a character
key-scroll-the-window = scroll the window
key-close-the-window = close the window
key-close-the-search = close the search
key-show-this-station-s-board = show this station's board
key-next-previous-match = next / previous match
key-delete-a-word = delete a word
key-clear-the-field = clear the field
key-country = country
key-move = move
key-pane = pane
key-details = details
key-filter = filter
key-sort = sort
key-cancelled = cancelled
key-station = station
key-map = map
key-refresh = refresh
key-help = help
key-pan = pan
key-zoom = zoom
key-fit = fit
key-follow = follow
key-full = full
key-keep-filter = keep filter
key-clear-filter = clear filter

## Notices: why a key did nothing, said in the footer for a few seconds

notice-pinned = pinned { $station }: b lists it first
notice-unpinned = unpinned { $station }
notice-train-unknown = { $train } to { $destination } is not in the train list, and the board does not say which train it is
notice-no-room-for-map = no room for the map: it needs { $min_width }×{ $min_height }, this is { $width }×{ $height } (M: whole screen)
notice-no-position = the selected train has no position to follow
notice-already-shown = the board shows that station already
notice-no-such-station = no station { $station }: + adds one the list offers
notice-cannot-merge = the board shows that station already, or { $n } stations (b: one again)
