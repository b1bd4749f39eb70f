//! Unit tests of `snapshot.rs`, beside it (the file would pass 400 lines with them).

use super::*;

#[test]
fn a_snapshot_reads_back_equal_and_a_damaged_one_not_at_all() {
    let table = Timetable::from_zip(&super::super::sample_bundle()).unwrap();
    let bytes = encode(&table, "k1");
    assert_eq!(decode(&bytes, "k1").as_ref(), Some(&table));
    assert!(decode(&bytes, "k2").is_none(), "another bundle's");
    for cut in [0, 7, 20, bytes.len() / 2, bytes.len() - 1] {
        assert!(decode(&bytes[..cut], "k1").is_none(), "cut at {cut}");
    }
    let mut flipped = bytes.clone();
    let last = flipped.len() - 5;
    flipped[last] ^= 0x40;
    assert!(decode(&flipped, "k1").is_none(), "checksum");
    // A sound checksum over an index out of range (a crafted file) is refused too.
    let mut crafted = Timetable::from_zip(&super::super::sample_bundle()).unwrap();
    crafted.calls[0].stop = 999;
    assert!(decode(&encode(&crafted, "k1"), "k1").is_none());
    let mut crafted = Timetable::from_zip(&super::super::sample_bundle()).unwrap();
    crafted.trips_by_id.push(0);
    assert!(decode(&encode(&crafted, "k1"), "k1").is_none());
}

#[test]
fn written_atomically_and_read_from_disk() {
    let dir = std::env::temp_dir().join(format!("railtop-snapshot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("timetable.bin");
    let table = Timetable::from_zip(&super::super::sample_bundle()).unwrap();
    let size = write(&path, &table, "k", 1 << 20).unwrap();
    assert_eq!(std::fs::metadata(&path).unwrap().len(), size);
    let other = dir.join("small.bin");
    assert!(write(&other, &table, "k", 100).is_err(), "over its cap");
    assert!(!other.exists());
    assert_eq!(read(&path, "k", 1 << 20).as_ref(), Some(&table));
    assert!(read(&path, "k", 10).is_none(), "over the cap");
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        1,
        "no temporary file left"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A FIFO in the snapshot's place is passed over at once (opening it would wait for a
/// writer, at every start): #55 item 9.
#[test]
fn a_fifo_in_the_snapshots_place_is_not_opened() {
    let dir = std::env::temp_dir().join(format!("railtop-fifo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("timetable.bin");
    let made = std::process::Command::new("mkfifo")
        .arg(&path)
        .status()
        .expect("mkfifo (coreutils) to make a FIFO");
    assert!(made.success());
    let (done, seen) = std::sync::mpsc::channel();
    let asked = path.clone();
    std::thread::spawn(move || {
        let _ = done.send((read(&asked, "k", 1 << 20).is_none(), key(&asked).is_none()));
    });
    let read_nothing = seen
        .recv_timeout(std::time::Duration::from_secs(10))
        .expect("reading a FIFO's snapshot hung");
    assert_eq!(read_nothing, (true, true));
    std::fs::remove_dir_all(&dir).unwrap();
}
