# The screen-reader mode's sentences in German (reference: en/spoken.ftl; same ids, same
# variables): written out for a speech synthesiser, no abbreviations and no ′, → or +. Station
# names, train codes and the feeds' messages are put in as they come.

spoken-departures-heading = Abfahrten ab { $station }
spoken-arrivals-heading = Ankünfte in { $station }
spoken-train-to = { $train } nach { $place }
spoken-train-from = { $train } aus { $place }
spoken-expected = voraussichtlich { $time }
spoken-platform = Gleis { $platform }
spoken-platform-instead = Gleis { $new } statt Gleis { $old }
spoken-platform-unknown = Gleis noch nicht bekannt
spoken-cancelled = fällt aus
spoken-timetable = Zeit laut Fahrplan, keine Echtzeitdaten
spoken-no-live-time = keine aktuelle Zeit
spoken-on-time = pünktlich
spoken-minutes-late = { $n ->
    [one] { $n } Minute später
   *[other] { $n } Minuten später
}
spoken-minutes-early = { $n ->
    [one] { $n } Minute früher
   *[other] { $n } Minuten früher
}
spoken-now = jetzt { $delay }
spoken-cancelled-because = { $name } fällt aus: { $why }
spoken-cancelled-now = { $name } fällt aus
spoken-running-again = fährt wieder
spoken-live-again = { $heading }: wieder in Echtzeit.
spoken-nothing-yet = noch nichts anzuzeigen.
spoken-nothing-to-choose = noch nichts zum Auswählen
spoken-place = { $at } von { $n }: { $sentence }
spoken-trains = { $n ->
    [one] { $heading }: { $n } Zug.
   *[other] { $heading }: { $n } Züge.
}
spoken-more = { $n ->
    [one] { $n } weiterer Zug: gehen Sie durch die Anzeige, um ihn zu hören.
   *[other] { $n } weitere Züge: gehen Sie durch die Anzeige, um sie einzeln zu hören.
}
spoken-closed = Die Anzeige ist über Nacht außer Betrieb.
spoken-timetable-being-read = Der Fahrplan wird eingelesen; die Anzeige folgt gleich.
spoken-feed-unavailable = Die Datenquelle ist seit { $since } nicht erreichbar.
spoken-feed-unavailable-from = Die Datenquelle ist seit { $since } nicht erreichbar; die Anzeige zeigt den Stand von { $at }.

## The dashboard said

spoken-board-failed = Die Tafel kann nicht abgerufen werden: { $error }
spoken-board-coming = die Tafel des Bahnhofs wird geladen.
spoken-no-board = noch keine Tafel: mit b wählen Sie einen Bahnhof, dessen Tafel dann hier vorgelesen wird.
spoken-nothing-selected = nichts ausgewählt
spoken-next = nächster Halt { $station }
spoken-next-stop = nächster Halt { $station }
spoken-between = zwischen { $from } und { $to }
spoken-help = Hilfe
spoken-help-line = Hilfe, { $at } von { $n }: { $line }
spoken-details = Details: { $train }
spoken-stop = Halt { $at } von { $n }: { $station }
spoken-passed = schon vorbei
spoken-journey-stops = { $n ->
    [one] Die Fahrt hat { $n } Halt: die Pfeiltaste nach unten liest ihn vor.
   *[other] Die Fahrt hat { $n } Halte: die Pfeiltaste nach unten liest sie einzeln vor.
}
spoken-search-empty = Bahnhofssuche, noch nichts eingegeben
spoken-search-typed = Bahnhofssuche, eingegeben { $typed }
spoken-search-match = { $n ->
    [one] { $n } Treffer; { $at } von { $n }: { $station }
   *[other] { $n } Treffer; { $at } von { $n }: { $station }
}
spoken-search-none = kein Treffer; Enter fragt die Quelle danach
spoken-map = { $n ->
    [one] die Karte: { $n } Zug mit bekannter Position
   *[other] die Karte: { $n } Züge mit bekannter Position
}
spoken-map-late = { $n ->
    [one] { $n } Zug mit mindestens 5 Minuten Verspätung, und zwar { $worst }
   *[other] { $n } Züge mit mindestens 5 Minuten Verspätung, bis zu { $worst }
}
spoken-map-selected = der ausgewählte Zug { $train }: { $place }
