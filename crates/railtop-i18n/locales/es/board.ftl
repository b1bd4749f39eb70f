# Las palabras de los paneles de railtop en español (referencia: en/board.ftl; mismos id,
# mismas variables). Anchos: un título de columna debe caber en su columna («≤ N»).

## Títulos de las columnas de los paneles

# ≤ 5
col-time = HORA
# La hora prevista; ≤ 5
col-expected = PREV.
# Minutos hasta la salida; ≤ 9
col-leaves = SALIDA
# Minutos hasta la llegada; ≤ 9
col-due = LLEGADA
# ≤ 4
col-line = LÍN.
# ≤ 5
col-train = TREN
col-destination = DESTINO
col-from = PROCEDENCIA
# Llegadas de un panel combinado: a qué estación; ≤ 5
col-at = EST.
# ≤ 7
col-station = ESTAC.
# ≤ 5
col-station-short = EST.
# ≤ 8
col-platform = VÍA
# ≤ 4
col-platform-short = VÍA
col-status = ESTADO
# ≤ 5
col-delay = RETR.
# ≤ 8
col-operator = OPERADOR

## El estado de un tren

status-cancelled = suprimido
status-timetable = programado
status-on-time = en hora
status-no-data = sin datos
status-late = +{ $n } min
status-early = { $n } min antes
status-early-short = { $n }′ antes
via = por

## El panel del quiosco

countdown-now = ahora
countdown-in = en { $n } min
kind-departures = salidas
kind-arrivals = llegadas
date-long = %A, %-d de %B de %Y
date-short = %a %-d %b
board-closed = { $station } · panel activo { $open }–{ $close }
screen-too-small = Pantalla demasiado pequeña: { $width }×{ $height }; el panel necesita { $min_width }×{ $min_height }.
badge-demo = DEMO
badge-clock-fixed = HORA FIJA
no-more-departures = No hay más salidas por ahora.
no-more-arrivals = No hay más llegadas por ahora.
no-departures-yet = Aún no hay salidas: { $error }
no-arrivals-yet = Aún no hay llegadas: { $error }
loading-departures = Cargando salidas…
loading-arrivals = Cargando llegadas…
retrying-in = reintento en { $after }
next-try-in = próximo intento en { $after }
timetable-being-read = leyendo el horario
feed-unavailable-since = datos no disponibles desde las { $since }
data-from = datos de las { $at }
updated-at = actualizado a las { $at }
page-of = página { $page }/{ $pages }
next-station = siguiente: { $station }
filter-arrivals = llegadas
filter-lines = líneas { $lines }
filter-platforms = vías { $platforms }
filter-within-hours = { $n ->
    [one] próxima hora
   *[other] próximas { $n } h
}
filter-within-minutes = { $n ->
    [one] próximo minuto
   *[other] próximos { $n } min
}
filter-first = { $n ->
    [one] solo el primero
   *[other] los { $n } primeros
}
walk-all = { $n } min a pie
walk-each = a pie: { $walks }
walk-one = { $station } { $n } min
route-to = hacia { $station }
route-from = desde { $station }
route-via = por { $station }

## The browser's board

# Said when the page has heard nothing new for a while
web-data-old = datos de hace { $minutes } min
