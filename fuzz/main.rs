//! railtop's fuzzer: every parser of data from outside, fed mutated real payloads, on stable
//! Rust (no cargo-fuzz, no nightly), so CI runs it.
//!
//! ```sh
//! cargo run --example fuzz -- --seconds 3             # every target, 3 s each (what CI runs)
//! cargo run --profile fuzz --example fuzz -- --seconds 60 --target usa-trains
//! cargo run --example fuzz -- --list
//! cargo run --example fuzz -- --replay tests/fixtures/fuzz   # every crash found so far
//! ```
//!
//! Seeds are the project's fixtures (each feed's `fixtures/` folder, beside its code in
//! `crates/railtop-feeds/src/upstream/feeds/`), the recorded payloads beside the project
//! (`../shared/upstream-samples/`, or `RAILTOP_SAMPLES_DIR`) and payloads made in code. Each run
//! mutates a seed (see `mutate.rs`) and runs the target; a panic is a crash: the input is written
//! to `target/fuzz-crashes/` and the run fails. Build with overflow checks on (the dev profile,
//! or the `fuzz` profile: release speed with overflow checks and debug assertions) so that
//! arithmetic overflow is a crash too. Deterministic: `--rng N` repeats a run.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "tests, benches and the fuzzer fail loudly by design"
)]

mod mutate;
mod support;
mod targets;

use mutate::{mutate, Rng};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use targets::Target;

struct Options {
    seconds: f64,
    runs: Option<u64>,
    only: Option<String>,
    rng: u64,
    /// A folder of inputs named `<target>-….bin` to run once each instead of fuzzing.
    replay: Option<PathBuf>,
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        seconds: 3.0,
        runs: None,
        only: None,
        rng: 0x5EED,
        replay: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || args.next().ok_or(format!("{a} needs a value"));
        match a.as_str() {
            "--seconds" => o.seconds = value()?.parse().map_err(|e| format!("--seconds: {e}"))?,
            "--runs" => o.runs = Some(value()?.parse().map_err(|e| format!("--runs: {e}"))?),
            "--target" => o.only = Some(value()?),
            "--rng" => o.rng = value()?.parse().map_err(|e| format!("--rng: {e}"))?,
            "--replay" => o.replay = Some(PathBuf::from(value()?)),
            "--list" => {
                for t in targets::all() {
                    println!("{}", t.name);
                }
                std::process::exit(0);
            }
            other => return Err(format!("unknown option {other:?} (see fuzz/main.rs)")),
        }
    }
    if let Some(name) = &o.only {
        if !targets::all().any(|t| t.name == name) {
            return Err(format!("no target {name:?}; --list names them"));
        }
    }
    Ok(o)
}

fn samples_dir() -> Option<PathBuf> {
    let dir = std::env::var_os("RAILTOP_SAMPLES_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/upstream-samples")
        });
    dir.is_dir().then_some(dir)
}

/// Every file under `root` whose path below it starts with `prefix`.
fn files_under(root: &Path, prefix: &str, out: &mut Vec<Vec<u8>>) {
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
        paths.sort();
        for path in paths {
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let below = path
                .strip_prefix(root)
                .unwrap_or(&path)
                .to_string_lossy()
                .into_owned();
            let is_doc = below.ends_with(".md") || below.ends_with("routes.txt");
            if below.starts_with(prefix) && !is_doc {
                if let Ok(bytes) = std::fs::read(&path) {
                    out.push(bytes);
                }
            }
        }
    }
}

fn seeds(target: &Target, samples: Option<&Path>) -> Vec<Vec<u8>> {
    let mut out = (target.made)();
    for pattern in target.seeds {
        if let Some(below) = pattern.strip_prefix("fixtures/") {
            // `<folder>/<prefix>`: a feed's fixture folder, beside its code.
            let (folder, prefix) = below.split_once('/').unwrap_or((below, ""));
            let dir = railtop_feeds::test_support::fixture_dir(folder);
            files_under(&dir, prefix, &mut out);
        } else if let (Some(prefix), Some(dir)) = (pattern.strip_prefix("samples/"), samples) {
            files_under(dir, prefix, &mut out);
        }
    }
    out
}

struct Outcome {
    runs: u64,
    crashes: u64,
    slowest: Duration,
}

fn fuzz(target: &Target, seeds: &[Vec<u8>], o: &Options, crash_dir: &Path) -> Outcome {
    let parsed: Vec<Option<serde_json::Value>> = seeds
        .iter()
        .map(|s| serde_json::from_slice(s).ok())
        .collect();
    let mut rng = Rng::new(o.rng ^ target.name.len() as u64 ^ 0x9E37_79B9);
    let mut outcome = Outcome {
        runs: 0,
        crashes: 0,
        slowest: Duration::ZERO,
    };
    let deadline = Instant::now() + Duration::from_secs_f64(o.seconds);
    // The seeds themselves first: each must pass before anything is mutated.
    let mut pending: Vec<Vec<u8>> = seeds.to_vec();
    loop {
        let done = match o.runs {
            Some(n) => outcome.runs >= n,
            None => Instant::now() >= deadline,
        };
        if done || seeds.is_empty() {
            break;
        }
        let input = pending.pop().unwrap_or_else(|| {
            let i = rng.below(seeds.len());
            let other = &seeds[rng.below(seeds.len())];
            mutate(&seeds[i], parsed[i].as_ref(), other, &mut rng)
        });
        let started = Instant::now();
        let result = std::panic::catch_unwind(|| (target.run)(&input));
        outcome.slowest = outcome.slowest.max(started.elapsed());
        outcome.runs += 1;
        if result.is_err() {
            outcome.crashes += 1;
            let _ = std::fs::create_dir_all(crash_dir);
            let path = crash_dir.join(format!("{}-{}.bin", target.name, outcome.crashes));
            let _ = std::fs::write(&path, &input);
            eprintln!(
                "CRASH in {}: input written to {}",
                target.name,
                path.display()
            );
            if outcome.crashes >= 5 {
                break;
            }
        }
    }
    outcome
}

/// Runs every crash input of `dir` through its target once: the regression test of every crash
/// the fuzzer has found. Fails on a panic, and on a file that names no target.
fn replay(dir: &Path) -> bool {
    let Ok(entries) = std::fs::read_dir(dir) else {
        eprintln!("fuzz: cannot read {}", dir.display());
        return false;
    };
    let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    paths.sort();
    let mut ok = true;
    for path in paths
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "bin"))
    {
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        let Some(target) = targets::all()
            .filter(|t| name.starts_with(&format!("{}-", t.name)))
            .max_by_key(|t| t.name.len())
        else {
            eprintln!("fuzz: {name} names no target");
            ok = false;
            continue;
        };
        let input = std::fs::read(path).unwrap_or_default();
        let held = std::panic::catch_unwind(|| (target.run)(&input)).is_ok();
        println!("{:<50} {}", name, if held { "holds" } else { "CRASHED" });
        ok &= held;
    }
    ok
}

fn main() {
    let o = match options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("fuzz: {e}");
            std::process::exit(2);
        }
    };
    // Panics are counted and their input kept; their messages are printed once each.
    std::panic::set_hook(Box::new(|info| {
        eprintln!("panic: {info}");
    }));
    if let Some(dir) = &o.replay {
        std::process::exit(if replay(dir) { 0 } else { 1 });
    }
    let samples = samples_dir();
    let crash_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/fuzz-crashes");
    println!(
        "{:<20} {:>6} {:>10} {:>10} {:>8}  (samples: {})",
        "target",
        "seeds",
        "runs",
        "runs/s",
        "slowest",
        samples
            .as_deref()
            .map_or("none".into(), |d| d.display().to_string())
    );
    let mut crashed = false;
    let mut total = 0;
    for target in targets::all().filter(|t| o.only.as_deref().is_none_or(|n| n == t.name)) {
        let seeds = seeds(target, samples.as_deref());
        let started = Instant::now();
        let out = fuzz(target, &seeds, &o, &crash_dir);
        let secs = started.elapsed().as_secs_f64().max(1e-9);
        println!(
            "{:<20} {:>6} {:>10} {:>10.0} {:>6.0}ms{}",
            target.name,
            seeds.len(),
            out.runs,
            out.runs as f64 / secs,
            out.slowest.as_secs_f64() * 1e3,
            if out.crashes > 0 { "  CRASHED" } else { "" }
        );
        if seeds.is_empty() {
            eprintln!("fuzz: {} has no seeds", target.name);
            crashed = true;
        }
        crashed |= out.crashes > 0;
        total += out.runs;
    }
    println!("{total} runs");
    if crashed {
        std::process::exit(1);
    }
}
