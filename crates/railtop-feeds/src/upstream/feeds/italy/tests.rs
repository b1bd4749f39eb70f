//! ViaggiaTreno's boards, runs and journeys on the project's fixtures.

use super::*;

const BOARD: &str = "italy/partenze-milano-centrale.json";
const PROGRESS: &str = "italy/andamento-treno-9631.json";

fn board() -> Vec<Departure> {
    parse_board(&crate::test_support::fixture(BOARD))
        .unwrap()
        .departures
}

#[test]
fn frecce_are_named_by_their_number_and_platform_changes_kept() {
    let d = board();
    assert_eq!(d.len(), 6);
    let fr = &d[0];
    assert_eq!(
        (
            fr.line.as_str(),
            fr.train_code.as_deref(),
            fr.destination.as_str()
        ),
        ("FR", Some("FR 9631"), "Salerno")
    );
    assert_eq!((fr.scheduled_dep.as_str(), fr.delay), ("17:05", Some(4)));
    assert_eq!(fr.expected_dep.as_deref(), Some("17:09"));
    assert_eq!(
        (fr.platform.as_deref(), fr.planned_platform.as_deref()),
        (Some("12"), Some("8")),
        "planned 8, now 12: shown 8→12"
    );
}

#[test]
fn a_train_not_yet_started_has_no_delay_data() {
    let d = board();
    let reg = d
        .iter()
        .find(|d| d.train_code.as_deref() == Some("REG 2631"))
        .unwrap();
    assert_eq!((reg.delay, reg.expected_dep.as_deref()), (None, None));
    assert_eq!(reg.planned_platform, None, "the same platform is no change");
    assert_eq!(reg.platform.as_deref(), Some("14"));
    let early = d
        .iter()
        .find(|d| d.train_code.as_deref() == Some("REG 2649"))
        .unwrap();
    assert_eq!(early.delay, Some(-1), "running and early");
}

#[test]
fn cancellations_and_diversions_are_said() {
    let d = board();
    let ic = d.iter().find(|d| d.line == "IC").unwrap();
    assert!(ic.cancelled);
    assert_eq!((ic.delay, ic.expected_dep.as_deref()), (None, None));
    assert_eq!(ic.platform.as_deref(), Some("17"), "the planned platform");
    let ec = d.iter().find(|d| d.line == "EC").unwrap();
    assert!(!ec.cancelled);
    assert_eq!(ec.messages, ["diverted: some stops are not served"]);
}

#[test]
fn past_midnight_departures_come_after_the_evening() {
    let times: Vec<String> = board().into_iter().map(|d| d.scheduled_dep).collect();
    assert_eq!(
        times,
        ["17:05", "17:10", "17:15", "17:20", "23:40", "00:12"]
    );
}

#[test]
fn names_are_title_cased() {
    assert_eq!(title_case("NAPOLI CENTRALE"), "Napoli Centrale");
    assert_eq!(title_case("MILANO P.GARIBALDI"), "Milano P.Garibaldi");
    assert_eq!(title_case("BOLZANO / BOZEN"), "Bolzano / Bozen");
    assert_eq!(title_case("ALI' TERME"), "Ali' Terme");
    assert_eq!(title_case("Zürich HB"), "Zürich HB");
}

#[test]
fn the_board_date_is_javascripts_minute_in_rome() {
    let now = DateTime::parse_from_rfc3339("2026-10-04T06:12:27Z")
        .unwrap()
        .with_timezone(&Utc);
    assert_eq!(
        board_date(now),
        "Sun%20Oct%2004%202026%2008%3A12%3A00%20GMT%2B0200"
    );
}

#[test]
fn progress_gives_the_last_detection_and_the_next_stop() {
    let seen = parse_progress(&crate::test_support::fixture(PROGRESS)).unwrap();
    assert_eq!(seen.from.as_deref(), Some("Torino Porta Nuova"));
    assert_eq!(seen.to.as_deref(), Some("Salerno"));
    let (station, at) = seen.last_seen.clone().unwrap();
    assert_eq!(station, "Milano Lambrate");
    assert_eq!(local_hhmm(at, TZ), "16:58");
    assert_eq!(seen.delay, Some(5));
    assert!(seen.started && !seen.arrived);
    assert_eq!(seen.next_station.as_deref(), Some("Milano Centrale"));
    assert!(
        seen.stops
            .contains(&("S01700".to_string(), "Milano Centrale".to_string())),
        "boards name no station: the runs' stops do"
    );
    let italy = Italy::default();
    assert_eq!(
        italy.name_of("S01700").as_deref(),
        Some("Milano Centrale"),
        "the embedded list names the main stations"
    );
    let mut seen = seen;
    seen.stops.push(("S01999".into(), "Fuori Lista".into()));
    assert_eq!(italy.name_of("S01999"), None);
    italy.learn(&seen);
    assert_eq!(italy.name_of("S01999").as_deref(), Some("Fuori Lista"));
}

#[test]
fn board_trains_have_runs_and_never_a_position() {
    let trains =
        parse_board_trains(&crate::test_support::fixture(BOARD), "Milano Centrale").unwrap();
    let (fr, run) = &trains[0];
    assert_eq!(fr.id, "italy-S00219-9631-1791064800000");
    assert_eq!(fr.name, "FR 9631 → Salerno");
    assert_eq!(fr.status, status::RUNNING);
    assert_eq!(fr.next_station.as_deref(), Some("Milano Centrale"));
    assert_eq!(
        run.as_ref().unwrap().progress_path(),
        "/infomobilita/resteasy/viaggiatreno/andamentoTreno/S00219/9631/1791064800000"
    );
    let not_started = trains
        .iter()
        .find(|(t, _)| t.train_code == "REG 2631")
        .unwrap();
    assert_eq!(not_started.0.status, status::SCHEDULED);
    let cancelled = trains
        .iter()
        .find(|(t, _)| t.train_code == "IC 671")
        .unwrap();
    assert_eq!(cancelled.0.status, status::CANCELLED);
    let mut t = fr.clone();
    parse_progress(&crate::test_support::fixture(PROGRESS))
        .unwrap()
        .apply(&mut t);
    assert_eq!(t.last_seen.as_deref(), Some("Milano Lambrate"));
    assert_eq!(t.from.as_deref(), Some("Torino Porta Nuova"));
    assert_eq!(t.delay, Some(5));
    assert_eq!(
        (t.lat, t.lng),
        (None, None),
        "a detection is not a position"
    );
}

#[test]
fn a_run_not_started_and_one_without_detections_read() {
    let body = br#"{"origine":"COMO LAGO","destinazione":"MILANO CADORNA","nonPartito":true,
        "ritardo":0,"stazioneUltimoRilevamento":"--","oraUltimoRilevamento":null,
        "fermate":[{"stazione":"COMO LAGO","actualFermataType":0},{"stazione":"COMO BORGHI","actualFermataType":0}]}"#;
    let seen = parse_progress(body).unwrap();
    assert_eq!(seen.last_seen, None, "\"--\" is no detection");
    assert_eq!(seen.delay, None);
    assert!(!seen.started);
    assert_eq!(seen.next_station.as_deref(), Some("Como Lago"));
}
#[test]
fn an_absurd_epoch_gives_way_to_the_clock_text() {
    // 2023-12-13, Rome: the run's day at midnight is 1702422000000.
    let body = br#"[
        {"compNumeroTreno":"REG 1","orarioPartenza":1702482060000,"compOrarioPartenza":"16:41","dataPartenzaTreno":1702422000000},
        {"compNumeroTreno":"REG 2","orarioPartenza":-23541004680000,"compOrarioPartenza":"17:02","dataPartenzaTreno":1702422000000},
        {"compNumeroTreno":"REG 3","orarioPartenza":1702483500000,"compOrarioPartenza":"17:05","dataPartenzaTreno":1702422000000},
        {"compNumeroTreno":"REG 4","orarioPartenza":null,"compOrarioPartenza":"00:10","dataPartenzaTreno":1702422000000},
        {"compNumeroTreno":"REG 5","orarioPartenza":99,"compOrarioPartenza":"garbage","dataPartenzaTreno":1702422000000}
    ]"#;
    let rows: Vec<(String, String)> = parse_board(body)
        .unwrap()
        .departures
        .into_iter()
        .map(|d| (d.train_code.unwrap(), d.scheduled_dep))
        .collect();
    assert_eq!(
        rows,
        [
            ("REG 1".to_string(), "16:41".to_string()),
            ("REG 2".into(), "17:02".into()),
            ("REG 3".into(), "17:05".into()),
            ("REG 4".into(), "00:10".into()),
        ],
        "the year-1224 epoch read as 17:02, in its place; a time past midnight after; no time, no row"
    );
}

const CUT_SHORT: &[u8] = br#"{"numeroTreno":24961,"compNumeroTreno":"REG 24961","origine":"MILANO GRECO PIRELLI",
    "destinazione":"ALBAIRATE VERMEZZO","nonPartito":true,"ritardo":0,"provvedimento":0,
    "fermateSoppresse":[],"stazioneUltimoRilevamento":"--",
    "subTitle":"Treno cancellato da SARONNO a MILANO GRECO PIRELLI. Parte da MILANO GRECO PIRELLI.",
    "cambiNumero":[{"nuovoNumeroTreno":"24962","stazione":"CORSICO"}],
    "fermate":[
      {"stazione":"SARONNO","id":"S01933","actualFermataType":3,"partenza_teorica":1702479900000},
      {"stazione":"MONZA","id":"S01322","actualFermataType":3,"arrivo_teorico":1702482360000,"partenza_teorica":1702482420000},
      {"stazione":"MILANO GRECO PIRELLI","id":"S01326","actualFermataType":0,"partenza_teorica":1702483080000,"binarioProgrammatoPartenzaDescrizione":"8"},
      {"stazione":"CORSICO","id":"S01064","actualFermataType":0,"arrivo_teorico":1702485300000,"partenza_teorica":1702485360000},
      {"stazione":"ALBAIRATE VERMEZZO","id":"S01059","actualFermataType":0,"arrivo_teorico":1702486440000,"binarioProgrammatoArrivoDescrizione":"2"}
    ]}"#;

#[test]
fn a_cancelled_stop_is_never_the_next_and_the_subtitle_is_said() {
    let seen = parse_progress(CUT_SHORT).unwrap();
    assert_eq!(seen.next_station.as_deref(), Some("Milano Greco Pirelli"));
    assert!(seen.partly_cancelled && !seen.cancelled);
    assert_eq!(
        seen.messages,
        [
            "Treno cancellato da SARONNO a MILANO GRECO PIRELLI. Parte da MILANO GRECO PIRELLI.",
            "runs as 24962 from Corsico"
        ]
    );
    let mut t = Train::default();
    seen.apply(&mut t);
    assert!(t.partly_cancelled);
    assert_eq!(t.status, status::SCHEDULED);
    assert_eq!(t.messages.len(), 2);
}

#[test]
fn a_journey_has_every_stop_cancelled_ones_marked() {
    let (seen, stops) = parse_journey(CUT_SHORT).unwrap();
    assert_eq!(seen.code.as_deref(), Some("REG 24961"));
    let names: Vec<(&str, bool)> = stops
        .iter()
        .map(|s| (s.name.as_str(), s.cancelled))
        .collect();
    assert_eq!(
        names,
        [
            ("Saronno", true),
            ("Monza", true),
            ("Milano Greco Pirelli", false),
            ("Corsico", false),
            ("Albairate Vermezzo", false)
        ]
    );
    assert_eq!(stops[2].departure.scheduled.as_deref(), Some("16:58"));
    assert_eq!(stops[2].platform.as_deref(), Some("8"));
    assert_eq!(
        stops[4].platform.as_deref(),
        Some("2"),
        "the arrival's platform at the end"
    );
    assert_eq!(
        stops[2].departure.expected, None,
        "not started: no forecast"
    );
    assert!(stops.iter().all(|s| !s.passed));
    assert_eq!(stops[0].code.as_deref(), Some("S01933"));
}

#[test]
fn a_running_journey_carries_its_delay_forward() {
    let body = br#"{"compNumeroTreno":"REG 3035","ritardo":21,"nonPartito":false,
        "stazioneUltimoRilevamento":"CASSANO SPINOLA","oraUltimoRilevamento":1702482180000,
        "fermate":[
          {"stazione":"SAVONA","id":"S04801","actualFermataType":1,"partenza_teorica":1702474500000,"partenzaReale":1702474620000,
           "binarioProgrammatoPartenzaDescrizione":"4","binarioEffettivoPartenzaDescrizione":"3"},
          {"stazione":"CHIARI","id":"S01713","actualFermataType":1,"arrivo_teorico":1702479960000,"partenza_teorica":1702480020000,
           "partenzaReale":1702480170000,"arrivoReale":null},
          {"stazione":"TORTONA","id":"S01810","actualFermataType":0,"arrivo_teorico":1702481460000,"partenza_teorica":1702481520000}
        ]}"#;
    let (seen, stops) = parse_journey(body).unwrap();
    assert_eq!(
        seen.last_seen.map(|(s, _)| s).as_deref(),
        Some("Cassano Spinola")
    );
    assert_eq!(seen.next_station.as_deref(), Some("Tortona"));
    assert_eq!(
        (
            stops[0].platform.as_deref(),
            stops[0].planned_platform.as_deref()
        ),
        (Some("3"), Some("4"))
    );
    assert_eq!(stops[0].delay, Some(2));
    assert!(stops[1].passed);
    assert_eq!(
        (stops[1].arrival.expected.as_deref(), stops[1].delay),
        (None, Some(3)),
        "a departure detected without an arrival"
    );
    assert_eq!(stops[2].departure.scheduled.as_deref(), Some("16:32"));
    assert_eq!(stops[2].departure.expected.as_deref(), Some("16:53"));
    assert_eq!(stops[2].delay, Some(21));
}

#[test]
fn a_run_is_named_by_its_id() {
    let run = Run::from_id("italy-S01326-24961-1702422000000").unwrap();
    assert_eq!(run.id(), "italy-S01326-24961-1702422000000");
    for bad in [
        "italy-REG 1-1",
        "italy-S01326-x-1",
        "italy-S01326-1",
        "fi-1-2-3",
    ] {
        assert_eq!(Run::from_id(bad), None, "{bad}");
    }
}
