# The dashboard's own words in Spanish (the boards' words, the columns and the statuses are in
# board.ftl). Widths: "≤ N" above a message means it must fit N columns.

loading = cargando…
all-countries = Todos los países
countries-title = Países

## The header

header-trains = { $n ->
    [one] { $n } tren
   *[other] { $n } trenes
}
header-counts = { $running } en circulación · { $gps } GPS · { $delayed } con retraso
header-punctuality = { $share }% en hora ≤{ $within }′ · mediana { $median }′
header-running-short = { $n } circ.
header-gps-short = { $n } GPS
header-late-short = { $n } ret.
header-median-short = med { $median }′
header-clock-fixed = reloj fijo (RAILTOP_NOW)
header-schedule = horario { $feed }
header-retry-in = reintento en { $after }
header-showing-old = datos de hace { $age }
header-updated-ago = actualizado hace { $age }
header-next-in = siguiente en { $after }
header-source = fuente { $source }
header-hours-on-time = { $hours } h en hora
terminal-too-small = terminal demasiado pequeño: { $width }×{ $height } (railtop necesita { $min_width }×{ $min_height })

## The train list

trains-title = Trenes { $n }
trains-sort = orden { $key } { $order }
trains-cancelled-hidden = suprimidos ocultos
trains-no-data = Sin datos: { $error }
trains-hint-own-feed = { $feed } es tu propia entrada [[feeds]]: revisa sus URL (vehicle_positions, trip_updates, alerts, static_gtfs) en el archivo de configuración.
trains-hint-upstream = Puede que los feeds nacionales estén caídos o no se alcancen desde aquí; `railtop --source demo` funciona sin conexión.
trains-hint-server = ¿Está el servidor en marcha y accesible? `railtop --source demo` funciona sin conexión.
trains-none-running = ningún tren en circulación ahora
trains-none-match = ningún tren coincide con el filtro
# ≤ 4
col-code = CÓD.
# ≤ 4
col-country-short = PAÍS
# ≤ 11
col-country = PAÍS
col-to = DESTINO
# ≤ 5
col-status-short = EST.
col-next = PRÓX.
# A train's status in the list; ≤ 9
train-running = circula
train-scheduled = previsto
train-arrived = llegado
# The same on a narrow list; ≤ 5
train-running-short = circ.
train-scheduled-short = prev.
train-arrived-short = lleg.
train-cancelled-short = supr.
# What the list is sorted by
sort-delay = retraso
sort-code = código
sort-destination = destino
sort-next = próxima estación
sort-country = país

## The board pane

board-title = Salidas
board-choose-station = pulsa b para elegir una estación
board-none = sin panel: { $error }
board-none-on-route = ningún tren en ese trayecto en las próximas horas (t: todos los trenes)
board-no-arrivals = ninguna llegada en las próximas horas
board-no-departures = ninguna salida en las próximas horas
data-old = datos de hace { $age }
age-ago = hace { $age }

## The map

map-title = Mapa
map-with-gps = { $n } con GPS
map-following = siguiendo
map-no-gps = { $n } sin GPS
map-selected = seleccionado
map-selected-short = sel.
map-its-stops = sus paradas
map-stops-short = paradas
map-station = estación
map-station-short = est.
map-line = línea
map-line-short = línea

## A train's details and journey

details-title = Tren · ↑↓ desplaza el recorrido · Esc cierra
details-from = desde { $station }
details-platform = vía { $platform }
details-last-seen = sin GPS; visto por última vez a las { $at }
details-no-position = sin posición
details-partly-cancelled = suprimido en parte
# Field names; ≤ 12
field-train = tren
field-to = destino
field-from = origen
field-next-station = próx. parada
field-status = estado
field-messages = mensajes
field-delay = retraso
field-platform = vía
field-scheduled = programado
field-direction = dirección
field-position = posición
field-speed = velocidad
field-last-update = actualizado
field-operator = operador
field-country = país
spark-not-seen = retraso: aún no observado
spark-one = retraso desde las { $since }: { $delay }′ · una muestra
spark-many = retraso desde las { $since } · { $n } muestras · de { $low }′ a { $high }′
journey-title = Recorrido
journey-title-stops = Recorrido · { $n ->
    [one] { $n } parada
   *[other] { $n } paradas
}, { $passed ->
    [one] { $passed } pasada
   *[other] { $passed } pasadas
}
journey-none = Sin recorrido: { $why }
journey-no-stops = El feed no da paradas para este tren.
journey-asking = Pidiendo el recorrido…
# The journey's columns; ≤ 5
journey-arr = lleg.
journey-dep = sal.
journey-late = ret.
journey-plat = vía
journey-station = est.

## The station search

search-station = Estación
search-only-to = Solo trenes a
search-only-from = Solo trenes desde
search-add = Añadir al panel
search-country-first = { $country } primero
search-every-country = todos los países
search-keys = Enter elige, Esc cierra
search-asking = consultando el directorio del servidor…
search-server-failed = estaciones propias de railtop: el directorio del servidor no respondió ({ $why })
search-none-in-countries = ninguna en los países de la fuente; Enter la pide igualmente
search-no-match = sin coincidencias: Enter pide este código a la fuente
search-type = escribe un nombre o código · ↑↓ elegir

## The help window

help-title = Teclas y marcas (Esc cierra)
help-title-scrolled = Teclas y marcas { $at }/{ $lines } · ↑↓ desplazar · Esc cierra
help-on-the-map = En el mapa
help-on-the-map-how = (Tab para ir, o M)
help-marks = Marcas
help-not-live = Sin tiempo real
legend-gps = el tren tiene posición GPS / no la tiene
# ≤ 16
legend-delay-mark = +7′  2′ antes
legend-delay = minutos tarde / antes: 1–4′ normal, 5–14′ negrita, 15′+ subrayado
legend-on-time = sin retraso; la cabecera cuenta hasta +{ $n }′ como en hora (--on-time)
legend-no-data = sin tiempo real para este tren: no es lo mismo que en hora
legend-cancelled = tachado; ✕ donde no cabe la palabra
legend-platform = la vía cambió de 3 a 5
legend-next-day = una hora del panel al día siguiente (pasada la medianoche)
legend-country = país: aún sin contar · feed con fallos · recuento de hace más de 5 min
# ≤ 16
legend-map-trains-mark = • ▴ ▲ ○ ◆ (mapa)
legend-map-trains = un tren en hora / +1–4′ / +5′ (negrita; subrayado desde 15′) / sin datos · seleccionado
# ≤ 16
legend-map-lines-mark = ⠂ ⠒ ∘ (mapa)
legend-map-lines = una estación · una línea férrea (azul) · las paradas y la ruta del tren seleccionado (cian)

## Countries (railtop's own names for them; station names stay as the feeds give them)

country-germany = Alemania
country-ireland = Irlanda
country-belgium = Bélgica
country-switzerland = Suiza
country-finland = Finlandia
country-netherlands = Países Bajos
country-norway = Noruega
country-austria = Austria
country-sweden = Suecia
country-france = Francia
country-united-states = Estados Unidos
country-japan = Japón
country-egypt = Egipto
country-bulgaria = Bulgaria
country-malaysia = Malasia
country-italy = Italia
country-spain = España
country-poland = Polonia
country-czech-republic = República Checa

## The keys: the help window's lines and the footer's hints (ids made from the English words)

key-quit = salir
key-previous-next-country = país anterior / siguiente
key-move-in-the-focused-pane = moverse en la zona activa
key-a-page-up-down = una página arriba / abajo
key-first-last-train = primer / último tren
key-focus-the-next-previous-pane = activar la zona siguiente / anterior
key-details-of-the-selected-train-on-the-board-the-departure-s = detalles del tren seleccionado (en el panel: los de la salida)
key-filter-trains-as-you-type-enter-keeps-esc-clears = filtrar trenes al escribir (Enter mantiene, Esc borra)
key-sort-by-delay-code-destination-next-station-country = ordenar por retraso, código, destino, próxima estación, país
key-reverse-the-sort = invertir el orden
key-hide-show-cancelled-trains = ocultar / mostrar trenes suprimidos
key-choose-the-board-s-station-names-and-codes-complete = elegir la estación del panel (nombres y códigos se completan)
key-the-board-arrivals-departures = el panel: llegadas / salidas
key-the-board-only-trains-to-a-station-again-every-train = el panel: solo trenes a una estación (otra vez: todos los trenes)
key-pin-the-board-s-station-again-unpin-b-lists-pins-first = fijar la estación del panel (otra vez: soltar); b muestra primero las fijadas
key-the-board-add-a-nearby-station-to-it-b-one-again = el panel: añadirle una estación cercana (b: una sola otra vez)
key-show-hide-the-map = mostrar / ocultar el mapa
key-the-map-over-the-whole-screen-again-back = el mapa en toda la pantalla (otra vez: volver)
key-refresh-now = actualizar ahora
key-this-help = esta ayuda
key-close-a-window-stop-filtering = cerrar una ventana, dejar de filtrar
key-click-a-train-or-a-country-to-select-it = haz clic en un tren o un país para seleccionarlo
key-pan-the-map-h-l-k-j-too = mover el mapa (también h l k j)
key-pan-the-map = mover el mapa
key-zoom-in-out = acercar / alejar
key-fit-the-country = encuadrar el país
key-follow-the-selected-train-again-stop = seguir el tren seleccionado (otra vez: dejar de seguir)
key-details-of-the-selected-train = detalles del tren seleccionado
key-hide-the-map = ocultar el mapa
key-back-to-the-train-list = volver a la lista de trenes
key-keep-the-filter = mantener el filtro
key-clear-the-filter = borrar el filtro
key-delete-a-character = borrar un carácter
key-scroll-the-window = desplazar la ventana
key-close-the-window = cerrar la ventana
key-close-the-search = cerrar la búsqueda
key-show-this-station-s-board = mostrar el panel de esta estación
key-next-previous-match = coincidencia siguiente / anterior
key-delete-a-word = borrar una palabra
key-clear-the-field = vaciar el campo
key-country = país
key-move = mover
key-pane = zona
key-details = detalles
key-filter = filtrar
key-sort = ordenar
key-cancelled = suprimidos
key-station = estación
key-map = mapa
key-refresh = actualizar
key-help = ayuda
key-pan = mover
key-zoom = zoom
key-fit = ajustar
key-follow = seguir
key-full = grande
key-keep-filter = mantener
key-clear-filter = borrar

## Notices: why a key did nothing, said in the footer for a few seconds

notice-pinned = { $station } fijada: b la muestra primero
notice-unpinned = { $station } soltada
notice-train-unknown = { $train } a { $destination } no está en la lista de trenes, y el panel no dice qué tren es
notice-no-room-for-map = no hay sitio para el mapa: necesita { $min_width }×{ $min_height }, aquí hay { $width }×{ $height } (M: pantalla completa)
notice-no-position = el tren seleccionado no tiene posición que seguir
notice-already-shown = el panel ya muestra esa estación
notice-no-such-station = no hay estación { $station }: + añade una de las que ofrece la lista
notice-cannot-merge = el panel ya muestra esa estación, o { $n ->
    [one] { $n } estación
   *[other] { $n } estaciones
} (b: una sola otra vez)
