//! A panic inside a feed's fetch or parse is that feed's failure, not the end of a server or a
//! screen. [`caught`] runs a future so that a panic while it is polled becomes a [`Caught`]
//! (message and source location), logged once per location; the panic hook installed by
//! [`install_hook`] stays silent for those (no text on a screen's terminal, no second report)
//! and leaves every other panic to the hooks before it.
//!
//! Why a thread-local flag: the hook runs on the panicking thread before it unwinds, and a
//! future is polled on one thread at a time, so "inside a catching poll" is a per-thread fact.

use std::cell::{Cell, RefCell};
use std::collections::HashSet;
use std::future::Future;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::pin::Pin;
use std::sync::{Mutex, Once};
use std::task::{Context, Poll};

thread_local! {
    /// How many catching polls are under way on this thread.
    static CATCHING: Cell<u32> = const { Cell::new(0) };
    /// What the hook saw of the last caught panic on this thread.
    static LAST: RefCell<Option<Caught>> = const { RefCell::new(None) };
}

/// A panic that was caught: what it said and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Caught {
    pub message: String,
    pub location: String,
}

impl std::fmt::Display for Caught {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} (at {})", self.message, self.location)
    }
}

/// Whether the panic under way on this thread will be caught.
pub fn is_caught_here() -> bool {
    CATCHING.with(Cell::get) > 0
}

/// Installs the hook that keeps caught panics quiet (once per process; later hooks, such as a
/// screen's, wrap it and should ask [`is_caught_here`] first).
pub fn install_hook() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if is_caught_here() {
                let message = info
                    .payload()
                    .downcast_ref::<&str>()
                    .map(|s| (*s).to_owned())
                    .or_else(|| info.payload().downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "a panic without a message".into());
                let location = info.location().map_or_else(
                    || "an unknown place".into(),
                    |l| format!("{}:{}", l.file(), l.line()),
                );
                LAST.with(|last| {
                    *last.borrow_mut() = Some(Caught {
                        message: crate::text::cleaned(&message),
                        location,
                    })
                });
                return;
            }
            previous(info);
        }));
    });
}

/// `future`, with a panic while it is polled turned into `Err(Caught)`; `what` names it in the
/// log line (written once per panic location).
pub async fn caught<F: Future>(what: &str, future: F) -> Result<F::Output, Caught> {
    install_hook();
    let outcome = Catching {
        inner: Box::pin(future),
    }
    .await;
    if let Err(caught) = &outcome {
        report(what, caught);
    }
    outcome
}

struct Catching<F> {
    inner: Pin<Box<F>>,
}

impl<F: Future> Future for Catching<F> {
    type Output = Result<F::Output, Caught>;

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        CATCHING.with(|c| c.set(c.get() + 1));
        let polled = catch_unwind(AssertUnwindSafe(|| self.inner.as_mut().poll(cx)));
        CATCHING.with(|c| c.set(c.get().saturating_sub(1)));
        match polled {
            Ok(Poll::Ready(v)) => Poll::Ready(Ok(v)),
            Ok(Poll::Pending) => Poll::Pending,
            Err(_) => Poll::Ready(Err(LAST.with(|l| l.borrow_mut().take()).unwrap_or(
                Caught {
                    message: "a panic".into(),
                    location: "an unknown place".into(),
                },
            ))),
        }
    }
}

/// One error line per place that panicked, for the life of the process.
fn report(what: &str, caught: &Caught) {
    static SEEN: Mutex<Option<HashSet<String>>> = Mutex::new(None);
    let mut seen = SEEN.lock().unwrap_or_else(|p| p.into_inner());
    let first = seen
        .get_or_insert_with(HashSet::new)
        .insert(caught.location.clone());
    if first {
        tracing::error!(
            what,
            location = %caught.location,
            message = %caught.message,
            "panic caught: a bug in railtop; {what} fails until it is fixed (logged once per place)"
        );
    } else {
        tracing::debug!(what, location = %caught.location, "panic caught again");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_panicking_future_is_an_error_with_its_place() {
        let out = caught("a test", async {
            tokio::task::yield_now().await;
            let v: Vec<u8> = Vec::new();
            #[allow(
                clippy::unnecessary_operation,
                reason = "the out-of-bounds index is the panic under test"
            )]
            v[3]
        })
        .await;
        let err = out.unwrap_err();
        assert!(err.message.contains("index out of bounds"), "{err}");
        assert!(err.location.contains("src/panics.rs:"), "{err}");
        assert!(!is_caught_here(), "the flag is cleared after the poll");
        assert_eq!(caught("a test", async { 7 }).await, Ok(7));
    }
}
