//! Unit tests of `args.rs`, beside it (the file would pass 400 lines with them).

use super::*;

#[test]
fn listen_takes_a_port_a_name_or_an_address() {
    let at = |s: &str| parse_listen(s).map(|a| a.to_string());
    assert_eq!(at("8089").as_deref(), Ok("127.0.0.1:8089"));
    assert_eq!(at("0.0.0.0:8089").as_deref(), Ok("0.0.0.0:8089"));
    assert_eq!(at("[::]:8089").as_deref(), Ok("[::]:8089"));
    let local = parse_listen("localhost:8089").unwrap();
    assert!(local.ip().is_loopback() && local.port() == 8089, "{local}");
    // (No name that would need a DNS server: tests stay off the network.)
    for bad in ["", "x", "localhost", "localhost:99999", ":8089", "::1:80"] {
        assert!(parse_listen(bad).is_err(), "{bad:?}");
    }
}
