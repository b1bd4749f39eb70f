# The screen-reader mode's sentences in Spanish (reference: en/spoken.ftl; same ids, same
# variables): written out for a speech synthesiser, no abbreviations and no ′, → or +. Station
# names, train codes and the feeds' messages are put in as they come.

spoken-departures-heading = Salidas de { $station }
spoken-arrivals-heading = Llegadas a { $station }
spoken-train-to = { $train } con destino { $place }
spoken-train-from = { $train } procedente de { $place }
spoken-expected = previsto a las { $time }
spoken-platform = vía { $platform }
spoken-platform-instead = vía { $new } en lugar de la vía { $old }
spoken-platform-unknown = vía todavía sin asignar
spoken-cancelled = suprimido
spoken-timetable = hora programada, sin datos en tiempo real
spoken-no-live-time = sin hora en tiempo real
spoken-on-time = en hora
spoken-minutes-late = { $n ->
    [one] con { $n } minuto de retraso
   *[other] con { $n } minutos de retraso
}
spoken-minutes-early = { $n ->
    [one] con { $n } minuto de adelanto
   *[other] con { $n } minutos de adelanto
}
spoken-now = ahora { $delay }
spoken-cancelled-because = { $name } ha sido suprimido: { $why }
spoken-cancelled-now = { $name } ha sido suprimido
spoken-running-again = vuelve a circular
spoken-live-again = { $heading }: de nuevo en tiempo real.
spoken-nothing-yet = todavía no hay nada que mostrar.
spoken-nothing-to-choose = todavía no hay nada que elegir
spoken-place = { $at } de { $n }: { $sentence }
spoken-trains = { $n ->
    [one] { $heading }: { $n } tren.
   *[other] { $heading }: { $n } trenes.
}
spoken-more = { $n ->
    [one] { $n } tren más: recorre el panel para oírlo.
   *[other] { $n } trenes más: recorre el panel para oírlos uno a uno.
}
spoken-closed = El panel está apagado durante la noche.
spoken-timetable-being-read = Se está leyendo el horario; el panel aparecerá a continuación.
spoken-feed-unavailable = Los datos no están disponibles desde las { $since }.
spoken-feed-unavailable-from = Los datos no están disponibles desde las { $since }; el panel es de las { $at }.

## The dashboard said

spoken-board-failed = No se puede obtener el panel: { $error }
spoken-board-coming = el panel de su estación está en camino.
spoken-no-board = todavía no hay panel: con b eliges una estación, y su panel se leerá aquí.
spoken-nothing-selected = nada seleccionado
spoken-next = próxima parada { $station }
spoken-next-stop = próxima parada { $station }
spoken-between = entre { $from } y { $to }
spoken-help = ayuda
spoken-help-line = ayuda, { $at } de { $n }: { $line }
spoken-details = detalles: { $train }
spoken-stop = parada { $at } de { $n }: { $station }
spoken-passed = ya superada
spoken-journey-stops = { $n ->
    [one] Su recorrido tiene { $n } parada: la tecla de flecha abajo la lee.
   *[other] Su recorrido tiene { $n } paradas: la tecla de flecha abajo las lee una a una.
}
spoken-search-empty = búsqueda de estación, todavía no has escrito nada
spoken-search-typed = búsqueda de estación, has escrito { $typed }
spoken-search-match = { $n ->
    [one] { $n } coincidencia; { $at } de { $n }: { $station }
   *[other] { $n } coincidencias; { $at } de { $n }: { $station }
}
spoken-search-none = ninguna coincidencia; Enter se la pide a la fuente
spoken-map = { $n ->
    [one] el mapa: { $n } tren con posición conocida
   *[other] el mapa: { $n } trenes con posición conocida
}
spoken-map-late = { $n ->
    [one] { $n } tren con al menos 5 minutos de retraso: circula { $worst }
   *[other] { $n } trenes con al menos 5 minutos de retraso, el más retrasado { $worst }
}
spoken-map-selected = el tren seleccionado, { $train }: { $place }
