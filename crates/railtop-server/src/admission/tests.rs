//! Unit tests of `admission.rs`, beside it (the file would pass 400 lines with them).

use super::*;

#[test]
fn penalties_add_up_and_only_past_the_floor_turn_a_source_away() {
    let budget = Startups::new(8, 0, 8);
    // A bare connection (a health check) costs 1 s: nobody is turned away for it.
    assert!(!budget
        .enter_with(ip(1), 99)
        .unwrap()
        .penalized(Penalty::Closed));
    assert!(
        budget.enter_with(ip(1), 99).is_ok(),
        "one bare connection bans nobody"
    );
    // Failed handshakes (5 s each) neither, until the 15 s floor; then said once.
    assert!(!budget
        .enter_with(ip(1), 99)
        .unwrap()
        .penalized(Penalty::Failed));
    assert!(!budget
        .enter_with(ip(1), 99)
        .unwrap()
        .penalized(Penalty::Failed));
    assert!(budget
        .enter_with(ip(1), 99)
        .unwrap()
        .penalized(Penalty::Failed));
    assert!(budget.enter_with(ip(1), 99).is_err(), "penalized");
    assert!(!budget.penalize(ip(1), Penalty::Stalled), "already said");
    assert!(budget.enter_with(ip(2), 99).is_ok(), "others are not");
    // Sixteen health checks at once pass the floor too.
    for n in 0..16 {
        budget.penalize(ip(3), Penalty::Closed);
        assert_eq!(budget.enter_with(ip(3), 99).is_err(), n >= 15, "after {n}");
    }
    // The penalty is capped.
    for _ in 0..200 {
        budget.penalize(ip(4), Penalty::Stalled);
    }
    let until = budget.penalties.lock().unwrap()[&ip(4)];
    assert!(until.saturating_duration_since(std::time::Instant::now()) <= PENALTY_CAP);
    // An exempt network is never penalised.
    let exempt = Startups::with_exempt(8, 0, 8, vec!["10.0.0.0/8".parse().unwrap()]);
    for _ in 0..10 {
        exempt.penalize("10.1.2.3".parse().unwrap(), Penalty::Stalled);
    }
    assert!(exempt.enter_with("10.1.2.3".parse().unwrap(), 99).is_ok());
    budget.completed(ip(1));
    assert!(
        budget.enter_with(ip(1), 99).is_ok(),
        "a returning viewer is let in"
    );
}

#[test]
fn returning_addresses_keep_a_share_and_a_64_is_one_source() {
    // start 0, no early drop past it: only the caps decide.
    let budget = Startups::new(8, 0, 8);
    let strangers: Vec<_> = (1..=20u8)
        .filter_map(|i| budget.enter_with(ip(i), 99).ok())
        .collect();
    assert_eq!(
        strangers.len(),
        6,
        "strangers fill all but the returning quarter"
    );
    budget.completed(ip(200));
    let back = budget.enter_with(ip(200), 99);
    assert!(
        back.is_ok(),
        "a returning viewer gets in past a flood of strangers"
    );
    assert!(budget.enter_with(ip(201), 99).is_err());
    drop((strangers, back));
    let wide = Startups::new(1, 100, 4);
    let first = wide.enter_with("2001:db8:7:7::1".parse().unwrap(), 0);
    assert!(first.is_ok());
    assert!(
        wide.enter_with("2001:db8:7:7::2".parse().unwrap(), 99)
            .is_err(),
        "another address of the same /64 is the same source, busy"
    );
}

fn ip(last: u8) -> IpAddr {
    IpAddr::from([10, 0, 0, last])
}

#[test]
fn caps_per_ip_and_in_all_and_frees_slots_on_drop() {
    let admission = Admission::new(3, 2, 0);
    let a1 = admission.admit(ip(1)).unwrap();
    let _a2 = admission.admit(ip(1)).unwrap();
    assert_eq!(
        admission.admit(ip(1)).err(),
        Some(Refusal::TooManyFromIp(2))
    );
    let _b1 = admission.admit(ip(2)).unwrap();
    assert_eq!(admission.admit(ip(3)).err(), Some(Refusal::Full(3)));
    drop(a1);
    assert_eq!(admission.open(), 2);
    assert!(admission.admit(ip(1)).is_ok());
}

#[test]
fn startups_drop_early_and_more_as_they_fill() {
    let budget = Startups::new(2, 30, 6);
    let a = budget.enter_with(ip(1), 0).unwrap();
    let _b = budget.enter_with(ip(2), 0).unwrap();
    // At 2 of 6: a roll under 30 is turned away, one above gets in.
    assert!(budget.enter_with(ip(3), 29).is_err());
    let _c = budget.enter_with(ip(3), 30).unwrap();
    // At 3: the chance is 30 + 70 × 1/4 = 47 %.
    assert!(budget.enter_with(ip(4), 46).is_err());
    let _d = budget.enter_with(ip(4), 47).unwrap();
    let _e = budget.enter_with(ip(5), 99).unwrap();
    assert!(
        budget.enter_with(ip(7), 99).is_err(),
        "the last quarter is the returning addresses'"
    );
    budget.completed(ip(6));
    let _f = budget.enter_with(ip(6), 99).unwrap();
    assert_eq!(budget.open(), 6);
    assert!(budget.enter_with(ip(9), 99).is_err(), "full");
    drop(a);
    budget.completed(ip(8));
    assert!(
        budget.enter_with(ip(8), 99).is_ok(),
        "a finished handshake frees its place"
    );
}

#[test]
fn past_start_an_address_gets_one_handshake_at_a_time() {
    let budget = Startups::new(2, 0, 10);
    let first: Vec<_> = (0..2)
        .filter_map(|_| budget.enter_with(ip(1), 99).ok())
        .collect();
    assert_eq!(first.len(), 2, "up to `start`, anyone");
    assert!(
        budget.enter_with(ip(1), 99).is_err(),
        "past it, not a second"
    );
    let _other = budget.enter_with(ip(2), 99).unwrap();
    drop(first);
    let _again = budget.enter_with(ip(1), 99).unwrap();
    assert_eq!(budget.open(), 2);
    assert!(
        budget.enter_with(ip(1), 99).is_err(),
        "at `start` again, one at a time"
    );
}

#[test]
fn a_fast_reconnecting_address_is_slowed_down() {
    let admission = Admission::new(100, 100, 3);
    for _ in 0..3 {
        drop(admission.admit(ip(1)).unwrap());
    }
    assert!(matches!(
        admission.admit(ip(1)).err(),
        Some(Refusal::TooFast { retry_after_secs }) if retry_after_secs > 0
    ));
    assert!(
        admission.admit(ip(2)).is_ok(),
        "other addresses are not affected"
    );
}
