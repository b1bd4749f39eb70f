# The screen-reader mode's sentences in Norwegian bokmål (reference: en/spoken.ftl; same ids,
# same variables): written out for a speech synthesiser, no abbreviations and no ′, → or +.
# Station names, train codes and the feeds' messages are put in as they come.

spoken-departures-heading = Avganger fra { $station }
spoken-arrivals-heading = Ankomster til { $station }
spoken-train-to = { $train } til { $place }
spoken-train-from = { $train } fra { $place }
spoken-expected = forventet { $time }
spoken-platform = spor { $platform }
spoken-platform-instead = spor { $new } i stedet for spor { $old }
spoken-platform-unknown = spor ikke kjent ennå
spoken-cancelled = innstilt
spoken-timetable = rutetid, ingen sanntidsdata
spoken-no-live-time = ingen sanntid
spoken-on-time = i rute
spoken-minutes-late = { $n ->
    [one] { $n } minutt forsinket
   *[other] { $n } minutter forsinket
}
spoken-minutes-early = { $n ->
    [one] { $n } minutt tidlig
   *[other] { $n } minutter tidlig
}
spoken-now = nå { $delay }
spoken-cancelled-because = { $name } er innstilt: { $why }
spoken-cancelled-now = { $name } er innstilt
spoken-running-again = går igjen
spoken-live-again = { $heading }: sanntid igjen.
spoken-nothing-yet = ingenting å vise ennå.
spoken-nothing-to-choose = ingenting å velge ennå
spoken-place = { $at } av { $n }: { $sentence }
spoken-trains = { $n ->
    [one] { $heading }: { $n } tog.
   *[other] { $heading }: { $n } tog.
}
spoken-more = { $n ->
    [one] enda { $n } tog: bla gjennom tavla for å høre det.
   *[other] enda { $n } tog: bla gjennom tavla for å høre dem ett og ett.
}
spoken-closed = Tavla er slått av for natten.
spoken-timetable-being-read = Ruteplanen leses inn; tavla kommer straks.
spoken-feed-unavailable = Datakilden har vært utilgjengelig siden { $since }.
spoken-feed-unavailable-from = Datakilden har vært utilgjengelig siden { $since }; tavla viser situasjonen fra { $at }.

## The dashboard said

spoken-board-failed = Tavla kan ikke hentes: { $error }
spoken-board-coming = stasjonens tavle er på vei.
spoken-no-board = ingen tavle ennå: med b velger du en stasjon, og tavla for den leses så opp her.
spoken-nothing-selected = ingenting valgt
spoken-next = neste stasjon { $station }
spoken-next-stop = neste stasjon { $station }
spoken-between = mellom { $from } og { $to }
spoken-help = hjelp
spoken-help-line = hjelp, { $at } av { $n }: { $line }
spoken-details = detaljer: { $train }
spoken-stop = stopp { $at } av { $n }: { $station }
spoken-passed = passert
spoken-journey-stops = { $n ->
    [one] Reisen har { $n } stopp: piltasten ned leser det opp.
   *[other] Reisen har { $n } stopp: piltasten ned leser dem opp ett og ett.
}
spoken-search-empty = stasjonssøk, ingenting skrevet ennå
spoken-search-typed = stasjonssøk, du har skrevet { $typed }
spoken-search-match = { $n ->
    [one] { $n } treff; { $at } av { $n }: { $station }
   *[other] { $n } treff; { $at } av { $n }: { $station }
}
spoken-search-none = ingen treff; Enter spør kilden etter den
spoken-map = { $n ->
    [one] kartet: { $n } tog med kjent posisjon
   *[other] kartet: { $n } tog med kjent posisjon
}
spoken-map-late = { $n ->
    [one] { $n } tog med minst 5 minutters forsinkelse, nemlig { $worst }
   *[other] { $n } tog med minst 5 minutters forsinkelse, opptil { $worst }
}
spoken-map-selected = det valgte toget, { $train }: { $place }
