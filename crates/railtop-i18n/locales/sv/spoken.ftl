# The screen-reader mode's sentences in Swedish (reference: en/spoken.ftl; same ids, same
# variables): written out for a speech synthesiser, no abbreviations and no ′, → or +. Station
# names, train codes and the feeds' messages are put in as they come.

spoken-departures-heading = Avgångar från { $station }
spoken-arrivals-heading = Ankomster till { $station }
spoken-train-to = { $train } till { $place }
spoken-train-from = { $train } från { $place }
spoken-expected = beräknas { $time }
spoken-platform = spår { $platform }
spoken-platform-instead = spår { $new } i stället för spår { $old }
spoken-platform-unknown = spår ännu inte känt
spoken-cancelled = inställt
spoken-timetable = tid enligt tidtabellen, ingen realtidsinformation
spoken-no-live-time = ingen aktuell tid
spoken-on-time = i tid
spoken-minutes-late = { $n ->
    [one] { $n } minut försenat
   *[other] { $n } minuter försenat
}
spoken-minutes-early = { $n ->
    [one] { $n } minut tidigt
   *[other] { $n } minuter tidigt
}
spoken-now = nu { $delay }
spoken-cancelled-because = { $name } är inställt: { $why }
spoken-cancelled-now = { $name } är inställt
spoken-running-again = går igen
spoken-live-again = { $heading }: i realtid igen.
spoken-nothing-yet = inget att visa ännu.
spoken-nothing-to-choose = inget att välja ännu
spoken-place = { $at } av { $n }: { $sentence }
spoken-trains = { $n ->
    [one] { $heading }: { $n } tåg.
   *[other] { $heading }: { $n } tåg.
}
spoken-more = { $n ->
    [one] ytterligare { $n } tåg: gå igenom tavlan för att höra det.
   *[other] ytterligare { $n } tåg: gå igenom tavlan för att höra dem ett i taget.
}
spoken-closed = Tavlan är släckt för natten.
spoken-timetable-being-read = Tidtabellen läses in; tavlan kommer strax.
spoken-feed-unavailable = Datakällan har varit otillgänglig sedan { $since }.
spoken-feed-unavailable-from = Datakällan har varit otillgänglig sedan { $since }; tavlan visar läget från { $at }.

## The dashboard said

spoken-board-failed = Tavlan kan inte hämtas: { $error }
spoken-board-coming = stationens tavla är på väg.
spoken-no-board = ingen tavla ännu: med b väljer du en station, vars tavla sedan läses upp här.
spoken-nothing-selected = inget valt
spoken-next = nästa station { $station }
spoken-next-stop = nästa station { $station }
spoken-between = mellan { $from } och { $to }
spoken-help = hjälp
spoken-help-line = hjälp, { $at } av { $n }: { $line }
spoken-details = detaljer: { $train }
spoken-stop = stopp { $at } av { $n }: { $station }
spoken-passed = passerat
spoken-journey-stops = { $n ->
    [one] Resan har { $n } stopp: nedåtpilen läser upp det.
   *[other] Resan har { $n } stopp: nedåtpilen läser upp dem ett i taget.
}
spoken-search-empty = stationssökning, inget skrivet ännu
spoken-search-typed = stationssökning, du har skrivit { $typed }
spoken-search-match = { $n ->
    [one] { $n } träff; { $at } av { $n }: { $station }
   *[other] { $n } träffar; { $at } av { $n }: { $station }
}
spoken-search-none = ingen träff; Enter frågar källan efter den
spoken-map = { $n ->
    [one] kartan: { $n } tåg med känd position
   *[other] kartan: { $n } tåg med känd position
}
spoken-map-late = { $n ->
    [one] { $n } tåg med minst 5 minuters försening, nämligen { $worst }
   *[other] { $n } tåg med minst 5 minuters försening, upp till { $worst }
}
spoken-map-selected = det valda tåget, { $train }: { $place }
