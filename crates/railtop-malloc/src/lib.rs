//! glibc's `malloc_trim`, behind a safe function: the one `unsafe` of railtop.
//!
//! glibc keeps the heap a process has freed, so a server's RSS stays at its peak after a burst of
//! load; `malloc_trim(0)` hands the free pages of every arena back to the system. The cache's
//! sweep calls it after dropping a good deal of expired answers. Measured with
//! `bench/attacks/serve.py --only cache-growth` (debug builds, 44,778 board requests): RSS 29 MB
//! before the load, 126 MB after it, and a minute later (the sweep) **36 MB** with this call,
//! **123–125 MB** without it (docs/reliability.md). Neither the `libc` crate nor `rustix` offers
//! a safe wrapper, and no well-kept crate does; so it is here, in a crate of its own, where the
//! workspace's `unsafe_code = "forbid"` does not reach, instead of allowing `unsafe` in a crate
//! that parses hostile payloads.
#![allow(
    unsafe_code,
    reason = "malloc_trim is an FFI call with no safe wrapper; this crate is that wrapper"
)]

/// Asks glibc to give the free memory of its heaps back to the system; whether it gave any.
/// Elsewhere (musl, macOS, Windows, whose allocators have no such call) it does nothing.
pub fn trim() -> bool {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        // SAFETY: malloc_trim takes no pointer and touches only glibc's own heaps, under the
        // allocator's locks; it is MT-Safe (malloc_trim(3)).
        unsafe { libc::malloc_trim(0) == 1 }
    }
    #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
    {
        false
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn freed_memory_is_given_back() {
        // 64 MiB in 64 KiB blocks (below glibc's mmap threshold), every other one kept: the
        // freed half is in the middle of the heap, where only malloc_trim returns it.
        let mut blocks: Vec<Vec<u8>> = (0..1_024).map(|i| vec![i as u8; 65_536]).collect();
        let kept: Vec<Vec<u8>> = blocks.drain(..).step_by(2).collect();
        let given = super::trim();
        if cfg!(all(target_os = "linux", target_env = "gnu")) {
            assert!(given, "glibc gave nothing back");
        }
        assert_eq!(kept.len(), 512);
    }
}
