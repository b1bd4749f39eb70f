//! Unit tests of `handler.rs`, beside it (the file would pass 400 lines with them).

use super::*;

#[test]
fn sizes_fall_back_and_are_capped() {
    assert_eq!(terminal_size(0, 0, (300, 100)), (80, 24));
    assert_eq!(terminal_size(120, 0, (300, 100)), (80, 24));
    assert_eq!(terminal_size(132, 43, (300, 100)), (132, 43));
    assert_eq!(terminal_size(100_000, 5_000, (300, 100)), (300, 100));
}
