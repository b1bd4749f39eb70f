//! The mutator: turns a seed (a real payload) into a hostile variant of it.
//!
//! Two kinds of change, mixed: structural ones on seeds that are JSON (a value somewhere replaced
//! by an extreme number, a numeric string, an escape sequence, a huge string, another type, or a
//! key removed, an array element repeated), which reach the parsers' arithmetic and fallbacks;
//! and byte-level ones on any seed (flips, cuts, repeats, splices, inserted tokens), which reach
//! the readers (XML, protobuf, zip, TOML) and the error paths. Deterministic for a given seed of
//! the random generator, so a run can be repeated.

use serde_json::Value;

/// xorshift64*: small, fast, deterministic; good enough to pick mutations.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.max(1))
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }

    pub fn pick<'a, T>(&mut self, from: &'a [T]) -> &'a T {
        &from[self.below(from.len())]
    }
}

/// Numbers that break arithmetic on times and durations.
const NUMBERS: &[&str] = &[
    "-9223372036854775808",
    "9223372036854775807",
    "18446744073709551615",
    "10000000000000",
    "-10000000000000",
    "2147483648",
    "-2147483649",
    "4294967296",
    "1e308",
    "-1e308",
    "1e-320",
    "0",
    "-0",
    "-1",
    "86400",
    "1440",
    "99999999",
    "0.5",
    "NaN",
];

/// Strings that break text handling, dates and codes.
const STRINGS: &[&str] = &[
    "\u{1b}[2J\u{1b}[H",
    "\u{1b}]0;pwned\u{7}",
    "\u{9b}31m",
    "\u{202e}evil",
    "",
    " ",
    "null",
    "-9223372036854775808",
    "10000000000000",
    "1e308",
    "9999-12-31T23:59:59Z",
    "+262143-12-31T23:59:59Z",
    "-262144-01-01T00:00:00Z",
    "1970-01-01T00:00:00Z",
    "2026-13-45T25:61:61+99:99",
    "99:99",
    "24:00",
    "00000000",
    "99999999235959",
    "01003000",
    "\u{0}",
    "ÄÖÜ ß 東京 🚆",
];

/// Byte tokens inserted by the byte-level mutations.
const TOKENS: &[&str] = &[
    "\"",
    "\\",
    "{",
    "}",
    "[",
    "]",
    ",",
    ":",
    "<",
    ">",
    "</",
    "/>",
    "&amp;",
    "&#0;",
    "<![CDATA[",
    "\u{1b}[31m",
    "\u{0}",
    "\u{ff}",
    "-",
    "e9999",
    "null",
    "true",
    "\r\n",
    "%",
    "=",
    "\"\"\"",
];

fn extreme_value(rng: &mut Rng) -> Value {
    match rng.below(8) {
        0 | 1 => serde_json::from_str::<Value>(rng.pick::<&str>(NUMBERS)).unwrap_or(Value::Null),
        2 | 3 => Value::String((*rng.pick(STRINGS)).to_string()),
        4 => Value::String("x".repeat(1 << rng.below(17))),
        5 => Value::Null,
        6 => Value::Bool(rng.below(2) == 0),
        _ => match rng.below(3) {
            0 => Value::Array(Vec::new()),
            1 => Value::Object(serde_json::Map::new()),
            _ => Value::Array(vec![Value::Null; 1 + rng.below(64)]),
        },
    }
}

/// Counts the nodes of `v` (to pick one at random).
fn size(v: &Value) -> usize {
    1 + match v {
        Value::Array(a) => a.iter().map(size).sum(),
        Value::Object(o) => o.values().map(size).sum(),
        _ => 0,
    }
}

/// Changes the `n`th node of `v` (pre-order); returns how many nodes were skipped.
fn change_nth(v: &mut Value, n: &mut usize, rng: &mut Rng) -> bool {
    if *n == 0 {
        match v {
            Value::Object(o) if !o.is_empty() && rng.below(3) == 0 => {
                let key = o
                    .keys()
                    .nth(rng.below(o.len()))
                    .cloned()
                    .unwrap_or_default();
                o.remove(&key);
            }
            Value::Array(a) if !a.is_empty() && rng.below(3) == 0 => {
                let item = a[rng.below(a.len())].clone();
                let times = 1 + rng.below(50);
                a.extend(std::iter::repeat_n(item, times));
            }
            Value::Number(_) if rng.below(2) == 0 => {
                *v = Value::String((*rng.pick(NUMBERS)).to_string());
            }
            _ => *v = extreme_value(rng),
        }
        return true;
    }
    *n -= 1;
    match v {
        Value::Array(a) => a.iter_mut().any(|c| change_nth(c, n, rng)),
        Value::Object(o) => o.values_mut().any(|c| change_nth(c, n, rng)),
        _ => false,
    }
}

/// One structural change to a JSON value.
fn mutate_json(mut v: Value, rng: &mut Rng) -> Vec<u8> {
    let changes = 1 + rng.below(4);
    for _ in 0..changes {
        let mut n = rng.below(size(&v));
        change_nth(&mut v, &mut n, rng);
    }
    serde_json::to_vec(&v).unwrap_or_default()
}

/// One byte-level change.
fn mutate_bytes(data: &mut Vec<u8>, other: &[u8], rng: &mut Rng) {
    let len = data.len();
    match rng.below(7) {
        0 if len > 0 => {
            let i = rng.below(len);
            data[i] ^= 1 << rng.below(8);
        }
        1 if len > 0 => {
            let i = rng.below(len);
            data[i] = rng.next() as u8;
        }
        2 if len > 0 => {
            let start = rng.below(len);
            let end = (start + 1 + rng.below(64)).min(len);
            data.drain(start..end);
        }
        3 if len > 0 => {
            let start = rng.below(len);
            let end = (start + 1 + rng.below(256)).min(len);
            let span = data[start..end].to_vec();
            let at = rng.below(len);
            for _ in 0..1 + rng.below(8) {
                data.splice(at..at, span.iter().copied());
            }
        }
        4 if !other.is_empty() => {
            let start = rng.below(other.len());
            let end = (start + 1 + rng.below(512)).min(other.len());
            let at = rng.below(len + 1);
            data.splice(at..at, other[start..end].iter().copied());
        }
        5 => {
            // A run of digits becomes an extreme number.
            let digits: Vec<usize> = (0..len).filter(|&i| data[i].is_ascii_digit()).collect();
            if let Some(&i) = digits.get(rng.below(digits.len())) {
                let mut end = i;
                while end < len && data[end].is_ascii_digit() {
                    end += 1;
                }
                let number = rng.pick(NUMBERS).as_bytes().to_vec();
                data.splice(i..end, number);
            }
        }
        _ => {
            let at = rng.below(len + 1);
            let token = rng.pick(TOKENS).as_bytes().to_vec();
            data.splice(at..at, token);
        }
    }
}

/// A mutated copy of `seed` (`parsed`: the seed as JSON, when it is JSON); `other` is another
/// seed to splice from.
pub fn mutate(seed: &[u8], parsed: Option<&Value>, other: &[u8], rng: &mut Rng) -> Vec<u8> {
    if let Some(v) = parsed.filter(|_| rng.below(3) != 0) {
        return mutate_json(v.clone(), rng);
    }
    let mut data = seed.to_vec();
    for _ in 0..1 + rng.below(4) {
        mutate_bytes(&mut data, other, rng);
    }
    data
}
