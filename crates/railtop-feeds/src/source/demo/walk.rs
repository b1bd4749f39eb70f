//! Deterministic randomness for the simulator: a keyed hash instead of a stateful generator, so
//! every trip's fate is a pure function of (seed, trip, step) and any instant can be replayed.

/// splitmix64's finaliser: a good 64-bit mix.
pub(crate) fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A hash of several words.
pub fn hash(parts: &[u64]) -> u64 {
    parts.iter().fold(0x5eed_u64, |acc, &p| mix(acc ^ p))
}

/// A uniform number in [0, 1) from a hash.
pub fn unit(h: u64) -> f64 {
    (h >> 11) as f64 / (1u64 << 53) as f64
}

/// How a trip's delay behaves: most trains keep time, some drift, a few go badly.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Profile {
    pub initial: i64,
    pub p_up: f64,
    pub p_down: f64,
    pub min: i64,
    pub max: i64,
}

impl Profile {
    pub fn of(trip_hash: u64) -> Profile {
        let r = unit(mix(trip_hash ^ 0x0f11e));
        let r2 = unit(mix(trip_hash ^ 0x1417));
        if r < 0.70 {
            Profile {
                initial: if r2 < 0.9 { 0 } else { 1 },
                p_up: 0.04,
                p_down: 0.12,
                // A few punctual trains run slightly early.
                min: if r2 > 0.8 { -1 } else { 0 },
                max: 4,
            }
        } else if r < 0.95 {
            Profile {
                initial: (r2 * 6.0) as i64,
                p_up: 0.16,
                p_down: 0.10,
                min: -2,
                max: 20,
            }
        } else {
            Profile {
                initial: 5 + (r2 * 20.0) as i64,
                p_up: 0.30,
                p_down: 0.05,
                min: 0,
                max: 75,
            }
        }
    }
}

/// Minutes between two steps of the walk.
pub(crate) const STEP_MIN: i64 = 2;

/// The bounded random walk of a trip's delay: its value after `steps` steps, continuing from a
/// known `(from_step, from_delay)` (use `(0, profile.initial)` to start afresh).
pub fn walk(trip_hash: u64, profile: Profile, from_step: u32, from_delay: i64, steps: u32) -> i64 {
    let mut d = from_delay;
    for step in from_step..steps {
        let r = unit(hash(&[trip_hash, u64::from(step)]));
        if r < profile.p_up {
            d += 1;
        } else if r < profile.p_up + profile.p_down {
            d -= 1;
        }
        d = d.clamp(profile.min, profile.max);
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn walk_continues_where_it_left_off() {
        let p = Profile::of(99);
        let whole = walk(99, p, 0, p.initial, 100);
        let half = walk(99, p, 0, p.initial, 40);
        assert_eq!(walk(99, p, 40, half, 100), whole);
    }

    #[test]
    fn walk_stays_in_bounds_and_drifts() {
        let mut seen_changes = 0;
        for trip in 0..500u64 {
            let h = mix(trip);
            let p = Profile::of(h);
            let mut prev = p.initial;
            for s in 1..120 {
                let d = walk(h, p, s - 1, prev, s);
                assert!((p.min..=p.max).contains(&d));
                assert!((d - prev).abs() <= 1, "one minute per step at most");
                seen_changes += usize::from(d != prev);
                prev = d;
            }
        }
        assert!(seen_changes > 1000, "delays do drift ({seen_changes})");
    }

    #[test]
    fn unit_is_in_range() {
        for i in 0..1000 {
            let u = unit(mix(i));
            assert!((0.0..1.0).contains(&u));
        }
    }
}
