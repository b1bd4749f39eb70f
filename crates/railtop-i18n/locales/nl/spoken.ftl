# The screen-reader mode's sentences in Dutch (reference: en/spoken.ftl; same ids, same
# variables): written out for a speech synthesiser, no abbreviations and no ′, → or +. Station
# names, train codes and the feeds' messages are put in as they come.

spoken-departures-heading = Vertrek vanaf { $station }
spoken-arrivals-heading = Aankomst in { $station }
spoken-train-to = { $train } naar { $place }
spoken-train-from = { $train } uit { $place }
spoken-expected = verwacht om { $time }
spoken-platform = spoor { $platform }
spoken-platform-instead = spoor { $new } in plaats van spoor { $old }
spoken-platform-unknown = spoor nog niet bekend
spoken-cancelled = rijdt niet
spoken-timetable = tijd volgens de dienstregeling, geen actuele gegevens
spoken-no-live-time = geen actuele tijd
spoken-on-time = op tijd
spoken-minutes-late = { $n ->
    [one] { $n } minuut vertraging
   *[other] { $n } minuten vertraging
}
spoken-minutes-early = { $n ->
    [one] { $n } minuut eerder
   *[other] { $n } minuten eerder
}
spoken-now = nu { $delay }
spoken-cancelled-because = { $name } rijdt niet: { $why }
spoken-cancelled-now = { $name } rijdt niet
spoken-running-again = rijdt weer
spoken-live-again = { $heading }: weer actueel.
spoken-nothing-yet = nog niets te tonen.
spoken-nothing-to-choose = nog niets om te kiezen
spoken-place = { $at } van { $n }: { $sentence }
spoken-trains = { $n ->
    [one] { $heading }: { $n } trein.
   *[other] { $heading }: { $n } treinen.
}
spoken-more = { $n ->
    [one] nog { $n } trein: blader door het bord om hem te horen.
   *[other] nog { $n } treinen: blader door het bord om ze een voor een te horen.
}
spoken-closed = Het bord staat uit voor de nacht.
spoken-timetable-being-read = De dienstregeling wordt ingelezen; het bord volgt zo.
spoken-feed-unavailable = De gegevens zijn niet beschikbaar sinds { $since }.
spoken-feed-unavailable-from = De gegevens zijn niet beschikbaar sinds { $since }; het bord is van { $at }.

## The dashboard said

spoken-board-failed = Het bord kan niet worden opgehaald: { $error }
spoken-board-coming = het bord van het station komt eraan.
spoken-no-board = nog geen bord: met b kies je een station, waarvan het bord dan hier wordt voorgelezen.
spoken-nothing-selected = niets geselecteerd
spoken-next = volgend station { $station }
spoken-next-stop = volgend station { $station }
spoken-between = tussen { $from } en { $to }
spoken-help = hulp
spoken-help-line = hulp, { $at } van { $n }: { $line }
spoken-details = details: { $train }
spoken-stop = halte { $at } van { $n }: { $station }
spoken-passed = al gepasseerd
spoken-journey-stops = { $n ->
    [one] De rit heeft { $n } halte: met de pijltoets omlaag hoor je die.
   *[other] De rit heeft { $n } haltes: met de pijltoets omlaag hoor je ze een voor een.
}
spoken-search-empty = station zoeken, nog niets ingetypt
spoken-search-typed = station zoeken, ingetypt { $typed }
spoken-search-match = { $n ->
    [one] { $n } resultaat; { $at } van { $n }: { $station }
   *[other] { $n } resultaten; { $at } van { $n }: { $station }
}
spoken-search-none = geen resultaat; Enter vraagt de bron ernaar
spoken-map = { $n ->
    [one] de kaart: { $n } trein met een bekende positie
   *[other] de kaart: { $n } treinen met een bekende positie
}
spoken-map-late = { $n ->
    [one] { $n } trein met minstens 5 minuten vertraging, namelijk { $worst }
   *[other] { $n } treinen met minstens 5 minuten vertraging, tot { $worst }
}
spoken-map-selected = de geselecteerde trein, { $train }: { $place }
