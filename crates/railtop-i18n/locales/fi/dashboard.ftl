# The dashboard's own words in Finnish (the boards' words, the columns and the statuses are in
# board.ftl). Widths: "≤ N" above a message means it must fit N columns.

loading = ladataan…
all-countries = Kaikki maat
countries-title = Maat

## The header

header-trains = { $n ->
    [one] { $n } juna
   *[other] { $n } junaa
}
header-counts = { $running } kulussa · { $gps } GPS · { $delayed } myöhässä
header-punctuality = { $share }% ajallaan ≤{ $within }′ · mediaani { $median }′
header-running-short = { $n } kulk.
header-gps-short = { $n } GPS
header-late-short = { $n } myöh.
header-median-short = med { $median }′
header-clock-fixed = kiinteä kello (RAILTOP_NOW)
header-schedule = aikataulu { $feed }
header-retry-in = uusi yritys { $after } päästä
header-showing-old = tiedot { $age } vanhoja
header-updated-ago = päivitetty { $age } sitten
header-next-in = seuraava { $after } päästä
header-source = lähde { $source }
header-hours-on-time = { $hours } h ajallaan
terminal-too-small = pääte liian pieni: { $width }×{ $height } (railtop tarvitsee { $min_width }×{ $min_height })

## The train list

trains-title = Junat { $n }
trains-sort = järjestys { $key } { $order }
trains-cancelled-hidden = perutut piilossa
trains-no-data = Ei tietoja: { $error }
trains-hint-own-feed = { $feed } on oma [[feeds]]-merkintäsi: tarkista sen URL-osoitteet (vehicle_positions, trip_updates, alerts, static_gtfs) asetustiedostosta.
trains-hint-upstream = Kansalliset syötteet voivat olla poissa käytöstä tai tavoittamattomissa täältä; `railtop --source demo` toimii ilman verkkoa.
trains-hint-server = Onko palvelin käynnissä ja tavoitettavissa? `railtop --source demo` toimii ilman verkkoa.
trains-none-running = yksikään juna ei ole nyt kulussa
trains-none-match = yksikään juna ei vastaa suodatinta
# ≤ 4
col-code = NRO
# ≤ 4
col-country-short = MAA
# ≤ 11
col-country = MAA
col-to = MÄÄRÄNPÄÄ
# ≤ 5
col-status-short = TILA
col-next = SEUR.
# A train's status in the list; ≤ 9
train-running = kulussa
train-scheduled = tulossa
train-arrived = perillä
# The same on a narrow list; ≤ 5
train-running-short = kulk.
train-scheduled-short = tul.
train-arrived-short = per.
train-cancelled-short = peru.
# What the list is sorted by
sort-delay = viive
sort-code = numero
sort-destination = määränpää
sort-next = seuraava asema
sort-country = maa

## The board pane

board-title = Lähtevät
board-choose-station = valitse asema painamalla b
board-none = ei taulua: { $error }
board-none-on-route = ei junia sillä reitillä seuraavien tuntien aikana (t: kaikki junat)
board-no-arrivals = ei saapuvia junia seuraavien tuntien aikana
board-no-departures = ei lähteviä junia seuraavien tuntien aikana
data-old = tiedot { $age } vanhoja
age-ago = { $age } sitten

## The map

map-title = Kartta
map-with-gps = { $n } GPS:llä
map-following = seuraa
map-no-gps = { $n } ilman GPS:ää
map-selected = valittu
map-selected-short = val.
map-its-stops = sen pysähdykset
map-stops-short = pysäh.
map-station = asema
map-station-short = as.
map-line = rata
map-line-short = rata

## A train's details and journey

details-title = Juna · ↑↓ vierittää matkaa · Esc sulkee
details-from = lähtöasema { $station }
details-platform = raide { $platform }
details-last-seen = ei GPS:ää; viimeksi nähty klo { $at }
details-no-position = ei sijaintia
details-partly-cancelled = osittain peruttu
# Field names; ≤ 12
field-train = juna
field-to = määränpää
field-from = lähtöasema
field-next-station = seur. asema
field-status = tila
field-messages = viestit
field-delay = viive
field-platform = raide
field-scheduled = aikataulu
field-direction = suunta
field-position = sijainti
field-speed = nopeus
field-last-update = päivitetty
field-operator = operaattori
field-country = maa
spark-not-seen = viive: ei vielä havaittu
spark-one = viive klo { $since } alkaen: { $delay }′ · yksi havainto
spark-many = viive klo { $since } alkaen · { $n } havaintoa · { $low }′–{ $high }′
journey-title = Matka
journey-title-stops = Matka · { $n ->
    [one] { $n } pysähdys
   *[other] { $n } pysähdystä
}, { $passed } ohitettu
journey-none = Ei matkatietoja: { $why }
journey-no-stops = Syöte ei kerro tämän junan pysähdyksiä.
journey-asking = Kysytään matkatietoja…
# The journey's columns; ≤ 5
journey-arr = saap.
journey-dep = lähtö
journey-late = myöh.
journey-plat = raide
journey-station = asema

## The station search

search-station = Asema
search-only-to = Vain junat asemalle
search-only-from = Vain junat asemalta
search-add = Lisää tauluun
search-country-first = { $country } ensin
search-every-country = kaikki maat
search-keys = Enter valitsee, Esc sulkee
search-asking = kysytään palvelimen asemaluetteloa…
search-server-failed = railtopin omat asemat: palvelimen luettelo ei vastannut ({ $why })
search-none-in-countries = ei yhtään lähteen maissa; Enter kysyy silti
search-no-match = ei osumia: Enter kysyy tätä koodia lähteeltä
search-type = kirjoita nimi tai koodi · ↑↓ valitse

## The help window

help-title = Näppäimet ja merkit (Esc sulkee)
help-title-scrolled = Näppäimet ja merkit { $at }/{ $lines } · ↑↓ vieritä · Esc sulkee
help-on-the-map = Kartalla
help-on-the-map-how = (Tab sinne, tai M)
help-marks = Merkit
help-not-live = Ei reaaliaikaa
legend-gps = junalla on GPS-sijainti / ei ole
# ≤ 16
legend-delay-mark = +7′ 2′ etuajassa
legend-delay = minuuttia myöhässä / etuajassa: 1–4′ tavallinen, 5–14′ lihavoitu, 15′+ alleviivattu
legend-on-time = ei viivettä; otsikko laskee ajallaan oleviksi +{ $n }′ asti (--on-time)
legend-no-data = junalle ei ole reaaliaikatietoja: eri asia kuin ajallaan
legend-cancelled = yliviivattu; ✕ kun sanalle ei ole tilaa
legend-platform = raide vaihtui 3:sta 5:een
legend-next-day = taulun aika seuraavana päivänä (puolenyön jälkeen)
legend-country = maa: ei vielä laskettu · syöte ei toimi · laskenta yli 5 min vanha
# ≤ 16
legend-map-trains-mark = • ▴ ▲ ○ ◆ kartta
legend-map-trains = juna ajallaan / +1–4′ / +5′ (lihavoitu; alleviivattu 15′ alkaen) / ei tietoja · valittu
# ≤ 16
legend-map-lines-mark = ⠂ ⠒ ∘ kartta
legend-map-lines = asema · rautatie (sininen) · valitun junan pysähdykset ja reitti (syaani)

## Countries (railtop's own names for them; station names stay as the feeds give them)

country-germany = Saksa
country-ireland = Irlanti
country-belgium = Belgia
country-switzerland = Sveitsi
country-finland = Suomi
country-netherlands = Alankomaat
country-norway = Norja
country-austria = Itävalta
country-sweden = Ruotsi
country-france = Ranska
country-united-states = Yhdysvallat
country-japan = Japani
country-egypt = Egypti
country-bulgaria = Bulgaria
country-malaysia = Malesia
country-italy = Italia
country-spain = Espanja
country-poland = Puola
country-czech-republic = Tšekki

## The keys: the help window's lines and the footer's hints (ids made from the English words)

key-quit = lopeta
key-previous-next-country = edellinen / seuraava maa
key-move-in-the-focused-pane = liiku aktiivisessa ruudussa
key-a-page-up-down = sivu ylös / alas
key-first-last-train = ensimmäinen / viimeinen juna
key-focus-the-next-previous-pane = aktivoi seuraava / edellinen ruutu
key-details-of-the-selected-train-on-the-board-the-departure-s = valitun junan tiedot (taululla: lähdön tiedot)
key-filter-trains-as-you-type-enter-keeps-esc-clears = suodata junia kirjoittaessa (Enter pitää, Esc tyhjentää)
key-sort-by-delay-code-destination-next-station-country = järjestä viiveen, numeron, määränpään, seuraavan aseman tai maan mukaan
key-reverse-the-sort = käännä järjestys
key-hide-show-cancelled-trains = piilota / näytä perutut junat
key-choose-the-board-s-station-names-and-codes-complete = valitse taulun asema (nimet ja koodit täydentyvät)
key-the-board-arrivals-departures = taulu: saapuvat / lähtevät
key-the-board-only-trains-to-a-station-again-every-train = taulu: vain tietylle asemalle menevät junat (uudelleen: kaikki junat)
key-pin-the-board-s-station-again-unpin-b-lists-pins-first = kiinnitä taulun asema (uudelleen: irrota); b näyttää kiinnitetyt ensin
key-the-board-add-a-nearby-station-to-it-b-one-again = taulu: lisää siihen lähellä oleva asema (b: taas yksi)
key-show-hide-the-map = näytä / piilota kartta
key-the-map-over-the-whole-screen-again-back = kartta koko ruudulle (uudelleen: takaisin)
key-refresh-now = päivitä nyt
key-this-help = tämä ohje
key-close-a-window-stop-filtering = sulje ikkuna, lopeta suodatus
key-click-a-train-or-a-country-to-select-it = valitse juna tai maa napsauttamalla
key-pan-the-map-h-l-k-j-too = siirrä karttaa (myös h l k j)
key-pan-the-map = siirrä karttaa
key-zoom-in-out = lähennä / loitonna
key-fit-the-country = sovita maa näkyviin
key-follow-the-selected-train-again-stop = seuraa valittua junaa (uudelleen: lopeta)
key-details-of-the-selected-train = valitun junan tiedot
key-hide-the-map = piilota kartta
key-back-to-the-train-list = takaisin junaluetteloon
key-keep-the-filter = pidä suodatin
key-clear-the-filter = tyhjennä suodatin
key-delete-a-character = poista merkki
key-scroll-the-window = vieritä ikkunaa
key-close-the-window = sulje ikkuna
key-close-the-search = sulje haku
key-show-this-station-s-board = näytä tämän aseman taulu
key-next-previous-match = seuraava / edellinen osuma
key-delete-a-word = poista sana
key-clear-the-field = tyhjennä kenttä
key-country = maa
key-move = liiku
key-pane = ruutu
key-details = tiedot
key-filter = suodata
key-sort = järjestä
key-cancelled = perutut
key-station = asema
key-map = kartta
key-refresh = päivitä
key-help = ohje
key-pan = siirrä
key-zoom = zoom
key-fit = sovita
key-follow = seuraa
key-full = iso
key-keep-filter = pidä
key-clear-filter = tyhjennä

## Notices: why a key did nothing, said in the footer for a few seconds

notice-pinned = { $station } kiinnitetty: b näyttää sen ensin
notice-unpinned = { $station } irrotettu
notice-train-unknown = { $train }, määränpää { $destination }, ei ole junaluettelossa, eikä taulu kerro, mikä juna se on
notice-no-room-for-map = kartalle ei ole tilaa: se tarvitsee { $min_width }×{ $min_height }, tämä on { $width }×{ $height } (M: koko ruutu)
notice-no-position = valitulla junalla ei ole sijaintia, jota seurata
notice-already-shown = taulu näyttää jo sen aseman
notice-no-such-station = ei asemaa { $station }: + lisää jonkin luettelon tarjoamista
notice-cannot-merge = taulu näyttää jo sen aseman tai { $n ->
    [one] { $n } aseman
   *[other] { $n } asemaa
} (b: taas yksi)
