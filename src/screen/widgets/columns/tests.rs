//! Unit tests of `columns.rs`, beside it (the file would pass 400 lines with them).

use super::*;

#[test]
fn columns_give_way_in_order_and_the_destination_keeps_twelve() {
    let wide = columns(200, Wants::board(5, 4, 8, 12), Lang::En);
    assert!(wide.operator.is_some() && wide.via && wide.countdown && wide.expected);
    let at_120 = columns(100, Wants::board(5, 4, 8, 12), Lang::En);
    assert!(
        at_120.operator.is_none() && at_120.via && at_120.countdown,
        "{at_120:?}"
    );
    let at_80 = columns(80, Wants::board(5, 4, 8, 12), Lang::En);
    assert!(
        !at_80.via && at_80.countdown && at_80.expected && at_80.words,
        "{at_80:?}"
    );
    let at_60 = columns(60, Wants::board(5, 4, 8, 12), Lang::En);
    assert!(!at_60.countdown && at_60.expected, "{at_60:?}");
    let at_45 = columns(45, Wants::board(5, 4, 8, 12), Lang::En);
    assert!(!at_45.expected, "{at_45:?}");
    assert!(at_45.destination >= MIN_DESTINATION, "{at_45:?}");
    let at_40 = columns(40, Wants::board(5, 10, 8, 12), Lang::En);
    assert!(!at_40.words && at_40.line <= 6, "{at_40:?}");
    // From the smallest screen up, the destination never gets fewer than twelve columns
    // (12-hour times are wider: `12:05 PM`).
    for width in crate::kiosk::layout::MIN_WIDTH..300 {
        for (time, line, platform) in [(5, 4, 4), (5, 10, 8), (8, 10, 5)] {
            let c = columns(width, Wants::board(time, line, platform, 16), Lang::En);
            assert!(c.destination >= MIN_DESTINATION, "{width} {c:?}");
        }
    }
}

#[test]
fn the_train_number_is_the_code_without_its_line() {
    let row = |line: &str, code: Option<&str>| railtop_core::model::Departure {
        line: line.into(),
        train_code: code.map(str::to_string),
        ..Default::default()
    };
    assert_eq!(train_number(&row("IC", Some("IC 41"))), Some("41"));
    assert_eq!(train_number(&row("S2", Some("S2 18213"))), Some("18213"));
    assert_eq!(train_number(&row("S", Some("S2 18213"))), Some("S2 18213"));
    assert_eq!(train_number(&row("RE1", Some("4711"))), Some("4711"));
    assert_eq!(train_number(&row("IC", Some("IC"))), None);
    assert_eq!(train_number(&row("IC", None)), None);
}

#[test]
fn the_train_number_gives_way_after_the_via_stops() {
    let wants = Wants {
        number: 4,
        station: 8,
        ..Wants::board(5, 4, 4, 0)
    };
    // A merged kiosk board at 100 columns keeps both.
    let c = columns(100, wants, Lang::En);
    assert!(c.via && c.number == Some(5), "{c:?}");
    let c = columns(80, wants, Lang::En);
    assert!(!c.via && c.number.is_some() && c.countdown, "{c:?}");
    let c = columns(50, wants, Lang::En);
    assert!(
        c.number.is_none() && c.destination >= MIN_DESTINATION,
        "{c:?}"
    );
}

#[test]
fn an_arrivals_board_of_several_stations_names_its_columns_so() {
    let wants = Wants {
        station: 8,
        arrivals: true,
        ..Wants::board(5, 4, 4, 0)
    };
    let (titles, _) = columns(120, wants, Lang::En).header();
    assert_eq!(
        titles,
        ["TIME", "EXP", "DUE", "LINE", "FROM", "AT", "PL", "STATUS"]
    );
    // The station column stays to the leanest board.
    for width in crate::kiosk::layout::MIN_WIDTH..120 {
        let c = columns(width, wants, Lang::En);
        assert!(
            c.station.is_some() && c.destination >= MIN_DESTINATION,
            "{width} {c:?}"
        );
    }
}

#[test]
fn the_dashboards_board_keeps_sixteen_for_the_destination() {
    let wants = Wants {
        via: false,
        countdown: false,
        least_destination: 16,
        ..Wants::board(5, 10, 4, 12)
    };
    // The board pane of a 120-column dashboard is 44 columns inside.
    let c = columns(44, wants, Lang::En);
    assert!(c.destination >= 16, "{c:?}");
}

/// A board whose trains all keep their timetable has no EXP column to leave empty.
#[test]
fn no_expected_column_where_no_train_needs_one() {
    let wants = Wants {
        expected: false,
        ..Wants::board(8, 4, 4, 0)
    };
    let (titles, _) = columns(80, wants, Lang::En).header();
    assert!(!titles.contains(&"EXP"), "{titles:?}");
    let (titles, _) = columns(80, Wants::board(8, 4, 4, 0), Lang::En).header();
    assert!(titles.contains(&"EXP"), "{titles:?}");
}
