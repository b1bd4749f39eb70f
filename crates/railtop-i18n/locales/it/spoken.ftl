# The screen-reader mode's sentences in Italian (reference: en/spoken.ftl; same ids, same
# variables): written out for a speech synthesiser, no abbreviations and no ′, → or +. Station
# names, train codes and the feeds' messages are put in as they come.

spoken-departures-heading = Partenze da { $station }
spoken-arrivals-heading = Arrivi a { $station }
spoken-train-to = { $train } per { $place }
spoken-train-from = { $train } proveniente da { $place }
spoken-expected = previsto alle { $time }
spoken-platform = binario { $platform }
spoken-platform-instead = binario { $new } anziché binario { $old }
spoken-platform-unknown = binario non ancora noto
spoken-cancelled = soppresso
spoken-timetable = orario programmato, nessun dato in tempo reale
spoken-no-live-time = nessun orario in tempo reale
spoken-on-time = in orario
spoken-minutes-late = { $n ->
    [one] { $n } minuto di ritardo
   *[other] { $n } minuti di ritardo
}
spoken-minutes-early = { $n ->
    [one] { $n } minuto di anticipo
   *[other] { $n } minuti di anticipo
}
spoken-now = ora { $delay }
spoken-cancelled-because = { $name } è soppresso: { $why }
spoken-cancelled-now = { $name } è soppresso
spoken-running-again = di nuovo in circolazione
spoken-live-again = { $heading }: di nuovo in tempo reale.
spoken-nothing-yet = ancora niente da mostrare.
spoken-nothing-to-choose = ancora niente da scegliere
spoken-place = { $at } di { $n }: { $sentence }
spoken-trains = { $n ->
    [one] { $heading }: { $n } treno.
   *[other] { $heading }: { $n } treni.
}
spoken-more = { $n ->
    [one] { $n } altro treno: scorri il tabellone per ascoltarlo.
   *[other] altri { $n } treni: scorri il tabellone per ascoltarli uno alla volta.
}
spoken-closed = Il tabellone è spento per la notte.
spoken-timetable-being-read = Lettura dell’orario in corso; il tabellone arriva subito dopo.
spoken-feed-unavailable = I dati non sono disponibili dalle { $since }.
spoken-feed-unavailable-from = I dati non sono disponibili dalle { $since }; il tabellone è fermo alle { $at }.

## The dashboard said

spoken-board-failed = Impossibile caricare il tabellone: { $error }
spoken-board-coming = il tabellone della sua stazione sta arrivando.
spoken-no-board = ancora nessun tabellone: con b scegli una stazione, e il suo tabellone sarà letto qui.
spoken-nothing-selected = nessuna selezione
spoken-next = prossima fermata { $station }
spoken-next-stop = prossima fermata { $station }
spoken-between = tra { $from } e { $to }
spoken-help = aiuto
spoken-help-line = aiuto, { $at } di { $n }: { $line }
spoken-details = dettagli: { $train }
spoken-stop = fermata { $at } di { $n }: { $station }
spoken-passed = già superata
spoken-journey-stops = { $n ->
    [one] Il suo percorso ha { $n } fermata: il tasto freccia giù la legge.
   *[other] Il suo percorso ha { $n } fermate: il tasto freccia giù le legge una alla volta.
}
spoken-search-empty = ricerca stazione, ancora niente digitato
spoken-search-typed = ricerca stazione, hai digitato { $typed }
spoken-search-match = { $n ->
    [one] { $n } risultato; { $at } di { $n }: { $station }
   *[other] { $n } risultati; { $at } di { $n }: { $station }
}
spoken-search-none = nessun risultato; Enter la chiede alla fonte
spoken-map = { $n ->
    [one] la mappa: { $n } treno con posizione nota
   *[other] la mappa: { $n } treni con posizione nota
}
spoken-map-late = { $n ->
    [one] { $n } treno con almeno 5 minuti di ritardo, per la precisione { $worst }
   *[other] { $n } treni con almeno 5 minuti di ritardo, fino a { $worst }
}
spoken-map-selected = il treno selezionato, { $train }: { $place }
