//! Unit tests of `map.rs`, beside it (the file would pass 400 lines with them).

use super::*;

#[test]
fn every_class_has_its_own_shape_or_weight() {
    // Late and very late share a shape and differ by weight (bold, bold underlined), as
    // in the list.
    let shapes: Vec<&str> = BY_SEVERITY.iter().map(|c| glyph(*c)).collect();
    assert_eq!(shapes, ["○", "•", "•", "▴", "▲", "▲", "✕"]);
    for (i, c) in BY_SEVERITY.iter().enumerate() {
        assert_eq!(class_of(severity(*c)), *c, "{i}");
    }
}

#[test]
fn the_projection_puts_the_box_on_screen() {
    let p = Projection {
        x: [20.0, 30.0],
        y: [60.0, 70.0],
        dots: (100.0, 80.0),
    };
    assert_eq!(p.cell(20.0, 70.0), Some((0, 0)));
    assert_eq!(p.cell(29.99, 60.01), Some((49, 19)));
    assert_eq!(p.cell(31.0, 65.0), None);
    assert!(p.sees((65.0, 25.0, 66.0, 26.0)));
    assert!(!p.sees((10.0, 25.0, 11.0, 26.0)));
}
