//! Who may connect, decided on the bare TCP connection before anything is read from it (for SSH,
//! before any of the handshake's crypto): a cap on connections in all, a cap per IP address, and
//! a per-IP connection rate. Shared by `serve` (connections) and `ssh` (sessions). An admitted
//! connection holds a [`Permit`]; its slot frees itself when the permit drops, however the
//! connection ends.

use crate::ratelimit::{PerIpLimit, Verdict};
pub use ipnet::IpNet;
use std::collections::HashMap;
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::{Arc, Mutex};

pub struct Admission {
    max_sessions: usize,
    per_ip: usize,
    rate: Option<PerIpLimit>,
    open: Mutex<Open>,
}

#[derive(Default)]
struct Open {
    total: usize,
    by_ip: HashMap<IpAddr, usize>,
}

/// An admitted connection's slot.
pub struct Permit {
    admission: Arc<Admission>,
    ip: IpAddr,
}

/// Why a connection was turned away, in the words sent to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    Full(usize),
    TooManyFromIp(usize),
    TooFast { retry_after_secs: u64 },
}

impl Refusal {
    /// The refusal's reason as the metrics label it.
    pub fn label(&self) -> &'static str {
        match self {
            Refusal::Full(_) => "full",
            Refusal::TooManyFromIp(_) => "per_ip",
            Refusal::TooFast { .. } => "rate",
        }
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::Full(n) => write!(f, "all {n} places are taken; try again later"),
            Refusal::TooManyFromIp(n) => write!(
                f,
                "your address has as many connections open as one address may ({n})"
            ),
            Refusal::TooFast { retry_after_secs } => write!(
                f,
                "too many connections from your address; try again in {retry_after_secs} s"
            ),
        }
    }
}

impl Admission {
    pub fn new(max_sessions: usize, per_ip: usize, per_minute: u32) -> Arc<Admission> {
        Arc::new(Admission {
            max_sessions,
            per_ip,
            rate: NonZeroU32::new(per_minute).map(|n| PerIpLimit::per_minute(n, None)),
            open: Mutex::new(Open::default()),
        })
    }

    pub fn admit(self: &Arc<Self>, ip: IpAddr) -> Result<Permit, Refusal> {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        if open.total >= self.max_sessions {
            return Err(Refusal::Full(self.max_sessions));
        }
        let from_ip = open.by_ip.get(&ip).copied().unwrap_or(0);
        if from_ip >= self.per_ip {
            return Err(Refusal::TooManyFromIp(self.per_ip));
        }
        if let Some(Verdict::Refused { retry_after, .. }) =
            self.rate.as_ref().map(|r| r.check_local(ip))
        {
            return Err(Refusal::TooFast {
                retry_after_secs: crate::ratelimit::ceil_secs(retry_after),
            });
        }
        open.total += 1;
        open.by_ip.insert(ip, from_ip + 1);
        Ok(Permit {
            admission: Arc::clone(self),
            ip,
        })
    }

    /// Connections open now.
    pub fn open(&self) -> usize {
        self.open.lock().unwrap_or_else(|e| e.into_inner()).total
    }

    /// Forgets the rate of addresses that have been quiet (call now and then).
    pub fn forget_idle(&self) {
        if let Some(rate) = &self.rate {
            rate.forget_idle();
        }
    }
}

impl Drop for Permit {
    fn drop(&mut self) {
        let mut open = self
            .admission
            .open
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        open.total = open.total.saturating_sub(1);
        if let Some(n) = open.by_ip.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                open.by_ip.remove(&self.ip);
            }
        }
    }
}

/// A budget for connections still in their handshake (SSH's unauthenticated ones), apart from
/// the places of those that got through, as OpenSSH's `MaxStartups start:rate:full`: up to
/// `start` are always let in; from there each new one is turned away with a chance that grows
/// from `rate` % to 100 % at `full`. Connections that never finish their handshake then cannot
/// keep real ones out: they fill this budget, not the viewers' places.
///
/// Past `start`, an address that already has a handshake under way gets no second one (as
/// OpenSSH's `PerSourceMaxStartups 1`): a flood from a few addresses then holds one place per
/// address, and the early drop that everyone else meets stays low.
#[derive(Debug)]
pub struct Startups {
    pub start: usize,
    pub rate_percent: u32,
    pub full: usize,
    open: Mutex<StartupsOpen>,
    /// Addresses (IPv6: their /64) that finished a handshake before: the last quarter of the
    /// places is theirs alone, and they meet no early drop, so a flood of strangers cannot keep
    /// a returning viewer out.
    returning: Mutex<HashMap<IpAddr, ()>>,
    /// Each source's penalty, as the instant it runs out (OpenSSH's `PerSourcePenalties`):
    /// what a source did adds to it ([`Penalty`]), and it is turned away only while more than
    /// [`PENALTY_FLOOR`] is left, so one health check or one neighbour's bare connection costs
    /// nobody anything, while a flood of them, or a stalled handshake reopened at once, does.
    penalties: Mutex<HashMap<IpAddr, std::time::Instant>>,
    /// Networks never penalised (`--penalty-exempt`: a load balancer, a monitor).
    exempt: Vec<IpNet>,
}

/// What a source did, and what it costs (OpenSSH's defaults: `noauth:1 authfail:5
/// grace-exceeded:20`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Penalty {
    /// Closed before it said a word of SSH (a TCP health check, a port probe).
    Closed,
    /// Its handshake failed (a protocol error, a refused key).
    Failed,
    /// Its handshake stalled: went quiet, or ran past its deadline, or asked for no board.
    Stalled,
}

impl Penalty {
    pub fn cost(self) -> std::time::Duration {
        std::time::Duration::from_secs(match self {
            Penalty::Closed => 1,
            Penalty::Failed => 5,
            Penalty::Stalled => 20,
        })
    }
}

/// A source is turned away while more than this is left of its penalty (OpenSSH's `min:15`).
pub const PENALTY_FLOOR: std::time::Duration = std::time::Duration::from_secs(15);
/// The most a source's penalty grows to (OpenSSH's `max:600`).
pub const PENALTY_CAP: std::time::Duration = std::time::Duration::from_secs(600);

/// Returning addresses remembered at most (past it, one is forgotten for each new one).
const MAX_RETURNING: usize = 8192;

#[derive(Debug, Default)]
struct StartupsOpen {
    total: usize,
    by_ip: HashMap<IpAddr, usize>,
}

/// A connection's place in the [`Startups`] budget until its handshake is done.
pub struct Startup {
    budget: Arc<Startups>,
    ip: IpAddr,
}

impl Startups {
    pub fn new(start: usize, rate_percent: u32, full: usize) -> Arc<Startups> {
        Arc::new(Startups {
            start,
            rate_percent: rate_percent.min(100),
            full: full.max(start).max(1),
            open: Mutex::new(StartupsOpen::default()),
            returning: Mutex::new(HashMap::new()),
            penalties: Mutex::new(HashMap::new()),
            exempt: Vec::new(),
        })
    }

    /// The same budget with `exempt` networks never penalised.
    pub fn with_exempt(
        start: usize,
        rate_percent: u32,
        full: usize,
        exempt: Vec<IpNet>,
    ) -> Arc<Startups> {
        let mut budget = Startups::new(start, rate_percent, full);
        if let Some(b) = Arc::get_mut(&mut budget) {
            b.exempt = exempt;
        }
        budget
    }

    /// `ip` did what `why` says: its penalty grows by its cost (up to [`PENALTY_CAP`]). Whether
    /// that turned it away just now (it was not before): the caller says so once.
    pub fn penalize(&self, ip: IpAddr, why: Penalty) -> bool {
        if self.exempt.iter().any(|net| net.contains(&ip)) {
            return false;
        }
        let key = crate::ratelimit::bucket_of(ip);
        let now = std::time::Instant::now();
        let mut penalties = self.penalties.lock().unwrap_or_else(|e| e.into_inner());
        if penalties.len() >= MAX_RETURNING && !penalties.contains_key(&key) {
            penalties.retain(|_, until| *until > now);
            if penalties.len() >= MAX_RETURNING {
                penalties.clear();
            }
        }
        let before = penalties
            .get(&key)
            .copied()
            .filter(|u| *u > now)
            .unwrap_or(now);
        let was_banned = before.saturating_duration_since(now) > PENALTY_FLOOR;
        let after = (before + why.cost()).min(now + PENALTY_CAP);
        penalties.insert(key, after);
        let banned = after.saturating_duration_since(now) > PENALTY_FLOOR;
        banned && !was_banned
    }

    /// Whether `key` is turned away for its penalty now.
    fn is_penalized(&self, key: IpAddr) -> bool {
        let mut penalties = self.penalties.lock().unwrap_or_else(|e| e.into_inner());
        let now = std::time::Instant::now();
        match penalties.get(&key) {
            Some(until) if until.saturating_duration_since(now) > PENALTY_FLOOR => true,
            Some(until) if *until <= now => {
                penalties.remove(&key);
                false
            }
            _ => false,
        }
    }

    /// `ip` finished a handshake: from now on it may use the returning addresses' places.
    pub fn completed(&self, ip: IpAddr) {
        let key = crate::ratelimit::bucket_of(ip);
        let mut returning = self.returning.lock().unwrap_or_else(|e| e.into_inner());
        if returning.len() >= MAX_RETURNING && !returning.contains_key(&key) {
            if let Some(old) = returning.keys().next().copied() {
                returning.remove(&old);
            }
        }
        returning.insert(key, ());
    }

    fn is_returning(&self, key: IpAddr) -> bool {
        self.returning
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .contains_key(&key)
    }

    /// A place for a new connection from `ip`, or why not (`penalty`: its source's penalty;
    /// `startups`: too many handshakes under way), drawing on `roll` (0..100) when `ip` already
    /// has a handshake under way.
    pub(crate) fn enter_with(
        self: &Arc<Self>,
        ip: IpAddr,
        roll: u32,
    ) -> Result<Startup, &'static str> {
        // One subscriber's IPv6 /64 is one source, as its rate limit is.
        let ip = crate::ratelimit::bucket_of(ip);
        let returning = self.is_returning(ip);
        if !returning && self.is_penalized(ip) {
            return Err("penalty");
        }
        self.place(ip, returning, roll).ok_or("startups")
    }

    fn place(self: &Arc<Self>, ip: IpAddr, returning: bool, roll: u32) -> Option<Startup> {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        if open.total >= self.full {
            return None;
        }
        let reserved = self.full / 4;
        if !returning && open.total >= self.full - reserved {
            return None;
        }
        let busy = open.by_ip.get(&ip).is_some_and(|n| *n > 0);
        if busy && open.total >= self.start {
            return None;
        }
        if open.total >= self.start && !returning {
            // From rate % at `start` to 100 % at `full`.
            let span = (self.full - self.start).max(1) as u64;
            let past = (open.total - self.start) as u64;
            let rate = u64::from(self.rate_percent);
            let chance = rate + (100 - rate) * past / span;
            if u64::from(roll) < chance {
                return None;
            }
        }
        open.total += 1;
        *open.by_ip.entry(ip).or_insert(0) += 1;
        Some(Startup {
            budget: Arc::clone(self),
            ip,
        })
    }

    /// [`enter_with`](Self::enter_with) with a random roll.
    pub fn enter(self: &Arc<Self>, ip: IpAddr) -> Result<Startup, &'static str> {
        self.enter_with(ip, rand::random_range(0..100))
    }

    /// Connections in their handshake now.
    pub fn open(&self) -> usize {
        self.open.lock().unwrap_or_else(|e| e.into_inner()).total
    }
}

impl Startup {
    /// The handshake is done: its address is a returning one from now on, and its place frees.
    pub fn completed(self) {
        self.budget.completed(self.ip);
    }

    /// The handshake went as `why` says: its source's penalty grows, and its place frees.
    /// Whether that turned the source away just now.
    pub fn penalized(self, why: Penalty) -> bool {
        self.budget.penalize(self.ip, why)
    }
}

impl Drop for Startup {
    fn drop(&mut self) {
        let mut open = self.budget.open.lock().unwrap_or_else(|e| e.into_inner());
        open.total = open.total.saturating_sub(1);
        if let Some(n) = open.by_ip.get_mut(&self.ip) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                open.by_ip.remove(&self.ip);
            }
        }
    }
}

#[cfg(test)]
mod tests;
