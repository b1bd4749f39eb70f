# The screen-reader mode's words in English: sentences a speech synthesiser reads well (no ′,
# → or +; numbers and times as words and digits it says right). Station names, train codes and
# the feeds' messages are put in as they come.

spoken-departures-heading = Departures from { $station }
spoken-arrivals-heading = Arrivals at { $station }
spoken-train-to = { $train } to { $place }
spoken-train-from = { $train } from { $place }
spoken-expected = expected { $time }
spoken-platform = platform { $platform }
spoken-platform-instead = platform { $new } instead of { $old }
spoken-platform-unknown = platform not known
spoken-cancelled = cancelled
spoken-timetable = timetable time, no live data
spoken-no-live-time = no live time
spoken-on-time = on time
spoken-minutes-late = { $n ->
    [one] { $n } minute late
   *[other] { $n } minutes late
}
spoken-minutes-early = { $n ->
    [one] { $n } minute early
   *[other] { $n } minutes early
}
spoken-now = now { $delay }
spoken-cancelled-because = { $name } cancelled: { $why }
spoken-cancelled-now = { $name } cancelled
spoken-running-again = running again
spoken-live-again = { $heading }: live again.
spoken-nothing-yet = nothing to show yet.
spoken-nothing-to-choose = nothing to choose yet
spoken-place = { $at } of { $n }: { $sentence }
spoken-trains = { $n ->
    [one] { $heading }: { $n } train.
   *[other] { $heading }: { $n } trains.
}
spoken-more = { $n } more: move through the board to hear them one by one.
spoken-closed = The board is closed for the night.
spoken-timetable-being-read = The timetable is being read; the board follows.
spoken-feed-unavailable = The feed is unavailable since { $since }.
spoken-feed-unavailable-from = The feed is unavailable since { $since }; the board is from { $at }.

## The dashboard said

spoken-board-failed = The board cannot be fetched: { $error }
spoken-board-coming = its station's board is on its way.
spoken-no-board = no board yet: b chooses a station, whose board is then read here.
spoken-nothing-selected = nothing selected
spoken-next = next { $station }
spoken-next-stop = next stop { $station }
spoken-between = between { $from } and { $to }
spoken-help = help
spoken-help-line = help, { $at } of { $n }: { $line }
spoken-details = details: { $train }
spoken-stop = stop { $at } of { $n }: { $station }
spoken-passed = passed
spoken-journey-stops = Its journey has { $n } stops: the down arrow reads them.
spoken-search-empty = station search, nothing typed yet
spoken-search-typed = station search, typed { $typed }
spoken-search-match = { $n ->
    [one] { $n } match; { $at } of { $n }: { $station }
   *[other] { $n } matches; { $at } of { $n }: { $station }
}
spoken-search-none = no match; Enter asks the source for it
spoken-map = the map: { $n } trains with a position
spoken-map-late = { $n } at least 5 minutes late, the most { $worst }
spoken-map-selected = the selected train, { $train }, is { $place }
