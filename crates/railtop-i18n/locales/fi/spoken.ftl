# The screen-reader mode's sentences in Finnish (reference: en/spoken.ftl; same ids, same
# variables): written out for a speech synthesiser, no abbreviations and no ′, → or +. Station
# names, train codes and the feeds' messages are put in as they come, so every name stays in
# the nominative ("asemalta Helsinki", "määränpää Tampere").

spoken-departures-heading = Lähtevät junat asemalta { $station }
spoken-arrivals-heading = Saapuvat junat asemalle { $station }
spoken-train-to = { $train }, määränpää { $place }
spoken-train-from = { $train }, lähtöasema { $place }
spoken-expected = arvioitu aika { $time }
spoken-platform = raide { $platform }
spoken-platform-instead = raide { $new } raiteen { $old } sijaan
spoken-platform-unknown = raide ei vielä tiedossa
spoken-cancelled = peruttu
spoken-timetable = aikataulun mukainen aika, ei reaaliaikatietoa
spoken-no-live-time = ei ajantasaista aikaa
spoken-on-time = ajallaan
spoken-minutes-late = { $n ->
    [one] yhden minuutin myöhässä
   *[other] { $n } minuuttia myöhässä
}
spoken-minutes-early = { $n ->
    [one] yhden minuutin etuajassa
   *[other] { $n } minuuttia etuajassa
}
spoken-now = nyt { $delay }
spoken-cancelled-because = { $name }, on peruttu: { $why }
spoken-cancelled-now = { $name }, on peruttu
spoken-running-again = kulkee taas
spoken-live-again = { $heading }: tiedot taas reaaliajassa.
spoken-nothing-yet = ei vielä mitään näytettävää.
spoken-nothing-to-choose = ei vielä mitään valittavaa
spoken-place = kohta { $at }, yhteensä { $n }: { $sentence }
spoken-trains = { $n ->
    [one] { $heading }: { $n } juna.
   *[other] { $heading }: { $n } junaa.
}
spoken-more = { $n ->
    [one] vielä { $n } juna: kuulet sen, kun liikut taululla.
   *[other] vielä { $n } junaa: liiku taululla, niin kuulet ne yksi kerrallaan.
}
spoken-closed = Taulu on suljettu yön ajaksi.
spoken-timetable-being-read = Aikataulua luetaan; taulu tulee pian.
spoken-feed-unavailable = Tietolähde on ollut poissa käytöstä kello { $since } alkaen.
spoken-feed-unavailable-from = Tietolähde on ollut poissa käytöstä kello { $since } alkaen; taulu näyttää tilanteen kello { $at }.

## The dashboard said

spoken-board-failed = Taulua ei voi hakea: { $error }
spoken-board-coming = aseman taulu on tulossa.
spoken-no-board = ei vielä taulua: valitse asema painamalla b, niin sen taulu luetaan tässä.
spoken-nothing-selected = mitään ei ole valittu
spoken-next = seuraava asema { $station }
spoken-next-stop = seuraava asema { $station }
spoken-between = asemien { $from } ja { $to } välillä
spoken-help = ohje
spoken-help-line = ohje, rivi { $at }, yhteensä { $n }: { $line }
spoken-details = tiedot: { $train }
spoken-stop = pysähdys { $at }, yhteensä { $n }: { $station }
spoken-passed = ohitettu
spoken-journey-stops = { $n ->
    [one] Matkalla on { $n } pysähdys: nuoli alas lukee sen.
   *[other] Matkalla on { $n } pysähdystä: nuoli alas lukee ne yksi kerrallaan.
}
spoken-search-empty = asemahaku, mitään ei ole vielä kirjoitettu
spoken-search-typed = asemahaku, kirjoitettu { $typed }
spoken-search-match = { $n ->
    [one] { $n } osuma; osuma { $at }, yhteensä { $n }: { $station }
   *[other] { $n } osumaa; osuma { $at }, yhteensä { $n }: { $station }
}
spoken-search-none = ei osumia; Enter kysyy sitä lähteeltä
spoken-map = { $n ->
    [one] kartta: { $n } paikannettu juna
   *[other] kartta: { $n } paikannettua junaa
}
spoken-map-late = { $n ->
    [one] { $n } juna vähintään 5 minuuttia myöhässä, se on { $worst }
   *[other] { $n } junaa vähintään 5 minuuttia myöhässä, eniten { $worst }
}
spoken-map-selected = valittu juna { $train }: { $place }
