# railtop's own words in English: the reference every other catalogue follows (same ids, same
# variables). Widths: a column title must fit its column (noted as "≤ N"); the screens measure
# the status and countdown words and widen their columns to fit.

## Column titles of the departure boards (capitals where the language writes titles so)

# ≤ 5
col-time = TIME
# The expected time; ≤ 5
col-expected = EXP
# Minutes until the train leaves; ≤ 9
col-leaves = LEAVES
# Minutes until the train arrives (arrivals board); ≤ 9
col-due = DUE
# ≤ 4
col-line = LINE
# ≤ 5
col-train = TRAIN
col-destination = DESTINATION
# Arrivals: where the train comes from
col-from = FROM
# Arrivals at a merged board: at which station; ≤ 5
col-at = AT
# ≤ 7
col-station = STATION
# ≤ 5
col-station-short = STN
# ≤ 8
col-platform = PLATFORM
# ≤ 4
col-platform-short = PL
col-status = STATUS
# ≤ 5
col-delay = DELAY
# ≤ 8
col-operator = OPERATOR

## A train's status

status-cancelled = cancelled
# The feed has no realtime data for the train: its time is the timetable's.
status-timetable = timetable
status-on-time = on time
status-no-data = no data
# The kiosk's words: +7 min
status-late = +{ $n } min
# The kiosk's words, $n minutes early
status-early = { $n } min early
# The dashboard's short form, $n is negative: -2′ early
status-early-short = { $n }′ early
# Before the stops a train calls at on the way
via = via

## The kiosk board

countdown-now = now
countdown-in = in { $n } min
kind-departures = departures
kind-arrivals = arrivals
# The board's date line (strftime: %A weekday, %-d day, %B month, %Y year)
date-long = %A %-d %B %Y
# The one-line header's date
date-short = %a %-d %b
board-closed = { $station } · the board shows { $open }–{ $close }
screen-too-small = Screen too small: { $width }×{ $height }; the board needs { $min_width }×{ $min_height }.
badge-demo = DEMO
badge-clock-fixed = CLOCK FIXED
no-more-departures = No more departures for now.
no-more-arrivals = No more arrivals for now.
no-departures-yet = No departures yet: { $error }
no-arrivals-yet = No arrivals yet: { $error }
loading-departures = Loading departures…
loading-arrivals = Loading arrivals…
retrying-in = retrying in { $after }
next-try-in = next try in { $after }
timetable-being-read = timetable being read
feed-unavailable-since = feed unavailable since { $since }
data-from = data from { $at }
updated-at = updated { $at }
page-of = page { $page }/{ $pages }
next-station = next: { $station }
filter-arrivals = arrivals
filter-lines = lines { $lines }
filter-platforms = platforms { $platforms }
filter-within-hours = within { $n } h
filter-within-minutes = within { $n } min
filter-first = first { $n }
walk-all = { $n } min walk
walk-each = walk { $walks }
walk-one = { $station } { $n } min
route-to = to { $station }
route-from = from { $station }
route-via = via { $station }

## The browser's board

# Said when the page has heard nothing new for a while
web-data-old = data { $minutes } min old
