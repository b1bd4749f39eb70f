//! `watch --exec`: the user's program run per change, bounded whatever the source says. A
//! hostile or broken source can make thousands of changes a poll (5,000 trains all called
//! `IC 27`), so the runs wait in a queue of at most [`QUEUE`] (the oldest dropped, and counted),
//! start at most [`PER_MINUTE`] a minute, one at a time (so never two for one train), each in a
//! process group of its own that is killed whole at [`TIME_LIMIT`] or when `watch` stops:
//! grandchildren do not outlive it. A program that cannot start is said once, not per change.
//! Never through a shell, never with feed text in its arguments: the change is in its
//! environment (`RAILTOP_EVENT`, `RAILTOP_TRAIN`, `RAILTOP_MESSAGE`).

use std::collections::VecDeque;
use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::Notify;

/// Runs waiting at most.
pub(super) const QUEUE: usize = 64;
/// Runs started in a minute at most.
pub(super) const PER_MINUTE: usize = 30;
/// How long a run may take before its process group is killed.
pub(super) const TIME_LIMIT: Duration = Duration::from_secs(30);

/// One change, as the program gets it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Job {
    pub event: String,
    pub train: String,
    pub message: String,
}

#[derive(Default)]
struct Waiting {
    jobs: VecDeque<Job>,
    /// Dropped since last said.
    dropped: u64,
    closed: bool,
}

/// The runner of one `watch`'s program: [`Exec::submit`] each change, [`Exec::stop`] at the end.
pub(super) struct Exec {
    waiting: Arc<Mutex<Waiting>>,
    wake: Arc<Notify>,
    /// The process group of the run in hand (0: none).
    running: Arc<AtomicI32>,
    task: tokio::task::JoinHandle<()>,
}

impl Exec {
    pub fn start(program: Vec<String>) -> Exec {
        Exec::start_with(program, PER_MINUTE, TIME_LIMIT)
    }

    fn start_with(program: Vec<String>, per_minute: usize, limit: Duration) -> Exec {
        let waiting = Arc::new(Mutex::new(Waiting::default()));
        let wake = Arc::new(Notify::new());
        let running = Arc::new(AtomicI32::new(0));
        let task = tokio::spawn(runner(
            program,
            Arc::clone(&waiting),
            Arc::clone(&wake),
            Arc::clone(&running),
            per_minute,
            limit,
        ));
        Exec {
            waiting,
            wake,
            running,
            task,
        }
    }

    /// Queues a run of the program for `job`; past [`QUEUE`] waiting, the oldest goes.
    pub fn submit(&self, job: Job) {
        if let Ok(mut w) = self.waiting.lock() {
            if w.jobs.len() == QUEUE {
                w.jobs.pop_front();
                w.dropped = w.dropped.saturating_add(1);
            }
            w.jobs.push_back(job);
        }
        self.wake.notify_one();
    }

    /// What kills the run in hand (its whole process group) from anywhere: on a signal.
    pub fn killer(&self) -> impl Fn() + Send + 'static {
        let running = Arc::clone(&self.running);
        move || kill_group(running.swap(0, Ordering::SeqCst))
    }

    /// Kills the run in hand (its whole process group) and runs nothing more.
    pub fn stop(self) {
        if let Ok(mut w) = self.waiting.lock() {
            w.closed = true;
        }
        self.task.abort();
        kill_group(self.running.swap(0, Ordering::SeqCst));
    }
}

fn kill_group(group: i32) {
    if let Some(pid) = rustix::process::Pid::from_raw(group) {
        let _ = rustix::process::kill_process_group(pid, rustix::process::Signal::KILL);
    }
}

async fn runner(
    program: Vec<String>,
    waiting: Arc<Mutex<Waiting>>,
    wake: Arc<Notify>,
    running: Arc<AtomicI32>,
    per_minute: usize,
    limit: Duration,
) {
    let mut started: VecDeque<Instant> = VecDeque::new();
    let mut said_cannot_start = false;
    let mut said_drops = Instant::now()
        .checked_sub(Duration::from_secs(60))
        .unwrap_or_else(Instant::now);
    loop {
        let (job, dropped) = {
            let Ok(mut w) = waiting.lock() else { return };
            if w.closed {
                return;
            }
            let dropped = if said_drops.elapsed() >= Duration::from_secs(60) {
                std::mem::take(&mut w.dropped)
            } else {
                0
            };
            (w.jobs.pop_front(), dropped)
        };
        if dropped > 0 {
            eprintln!(
                "--exec: {dropped} change(s) not run: at most {QUEUE} wait and {per_minute} run a minute"
            );
            said_drops = Instant::now();
        }
        let Some(job) = job else {
            wake.notified().await;
            continue;
        };
        // The rate: the run waits until the oldest of the last minute's is a minute old.
        while started.len() >= per_minute {
            let oldest = started.front().copied().unwrap_or_else(Instant::now);
            let free_at = oldest + Duration::from_secs(60);
            if Instant::now() >= free_at {
                started.pop_front();
            } else {
                tokio::time::sleep_until(free_at.into()).await;
            }
        }
        started.push_back(Instant::now());
        match run(&program, &job, &running, limit).await {
            Outcome::Done => {}
            Outcome::CannotStart(e) => {
                if !said_cannot_start {
                    eprintln!(
                        "--exec {}: could not start: {e} (said once; each change still tries)",
                        railtop_core::text::cleaned(&program[0])
                    );
                    said_cannot_start = true;
                }
            }
            Outcome::Failed(why) => {
                eprintln!("--exec {}: {why}", railtop_core::text::cleaned(&program[0]));
            }
        }
    }
}

enum Outcome {
    Done,
    CannotStart(std::io::Error),
    Failed(String),
}

/// One run of `program` for `job`, in a process group of its own, killed whole at `limit`.
async fn run(program: &[String], job: &Job, running: &AtomicI32, limit: Duration) -> Outcome {
    let Some((name, args)) = program.split_first() else {
        return Outcome::Done;
    };
    let mut cmd = tokio::process::Command::new(name);
    cmd.args(args)
        .env("RAILTOP_EVENT", &job.event)
        .env("RAILTOP_TRAIN", &job.train)
        .env("RAILTOP_MESSAGE", &job.message)
        .stdin(std::process::Stdio::null())
        .process_group(0)
        .kill_on_drop(true);
    let mut child = match cmd.spawn() {
        Ok(child) => child,
        Err(e) => return Outcome::CannotStart(e),
    };
    let group = child
        .id()
        .and_then(|id| i32::try_from(id).ok())
        .unwrap_or(0);
    running.store(group, Ordering::SeqCst);
    let waited = tokio::time::timeout(limit, child.wait()).await;
    running.store(0, Ordering::SeqCst);
    // Whatever the program left behind in its group goes with it.
    kill_group(group);
    match waited {
        Ok(Ok(status)) if status.success() => Outcome::Done,
        Ok(Ok(status)) => Outcome::Failed(format!("ended with {status}")),
        Ok(Err(e)) => Outcome::Failed(e.to_string()),
        Err(_) => {
            let _ = child.kill().await;
            Outcome::Failed(format!(
                "stopped after {} (its whole process group)",
                railtop_core::duration::format(limit)
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A scratch folder, gone when dropped.
    struct Scratch(std::path::PathBuf);

    impl Scratch {
        fn new(name: &str) -> Scratch {
            let dir =
                std::env::temp_dir().join(format!("railtop-exec-{name}-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).unwrap();
            Scratch(dir)
        }

        fn path(&self) -> &std::path::Path {
            &self.0
        }
    }

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    fn job(n: usize) -> Job {
        Job {
            event: "delay".into(),
            train: format!("IC {n}"),
            message: String::new(),
        }
    }

    /// 5,000 changes at once: at most the queue runs, the rest are dropped and counted.
    #[tokio::test]
    async fn a_flood_of_changes_is_a_bounded_queue() {
        let dir = Scratch::new("flood");
        let log = dir.path().join("runs");
        let script = dir.path().join("count.sh");
        std::fs::write(
            &script,
            format!("#!/bin/sh\necho \"$RAILTOP_TRAIN\" >> {}\n", log.display()),
        )
        .unwrap();
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
        let exec = Exec::start_with(vec![script.display().to_string()], 10_000, TIME_LIMIT);
        for n in 0..5_000 {
            exec.submit(job(n));
        }
        let deadline = Instant::now() + Duration::from_secs(60);
        let runs = loop {
            tokio::time::sleep(Duration::from_millis(200)).await;
            let runs = std::fs::read_to_string(&log)
                .unwrap_or_default()
                .lines()
                .count();
            let idle = exec.waiting.lock().unwrap().jobs.is_empty()
                && exec.running.load(Ordering::SeqCst) == 0;
            if idle || Instant::now() > deadline {
                break runs;
            }
        };
        // The first may have started before the rest came; the last QUEUE are the newest.
        assert!(runs <= QUEUE + 2, "{runs} runs");
        let last = std::fs::read_to_string(&log).unwrap();
        assert_eq!(
            last.lines().last(),
            Some("IC 4999"),
            "the newest run, the oldest dropped"
        );
        exec.stop();
    }

    /// A program that outlives the limit is killed with everything it started.
    #[tokio::test]
    async fn the_limit_and_stop_kill_the_whole_process_group() {
        let dir = Scratch::new("group");
        let pids = dir.path().join("pids");
        let script = dir.path().join("slow.sh");
        // A grandchild that would sleep for a minute, then the program waits for it.
        std::fs::write(
            &script,
            format!(
                "#!/bin/sh\nsleep 60 &\necho $! >> {}\nwait\n",
                pids.display()
            ),
        )
        .unwrap();
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
        // Alive: there, and not a zombie waiting for a parent to reap it.
        let alive = |pid: &str| {
            std::fs::read_to_string(format!("/proc/{}/stat", pid.trim())).is_ok_and(|stat| {
                !stat
                    .rsplit(')')
                    .next()
                    .unwrap_or("")
                    .trim_start()
                    .starts_with('Z')
            })
        };
        let exec = Exec::start_with(
            vec![script.display().to_string()],
            10,
            Duration::from_millis(500),
        );
        exec.submit(job(1));
        tokio::time::sleep(Duration::from_secs(2)).await;
        let first = std::fs::read_to_string(&pids).unwrap();
        assert!(!alive(&first), "the grandchild outlived the limit");
        // And `stop` while a run is in hand.
        let exec2 = Exec::start_with(
            vec![script.display().to_string()],
            10,
            Duration::from_secs(60),
        );
        exec2.submit(job(2));
        tokio::time::sleep(Duration::from_millis(500)).await;
        exec2.stop();
        tokio::time::sleep(Duration::from_millis(300)).await;
        let both = std::fs::read_to_string(&pids).unwrap();
        let second = both.lines().last().unwrap();
        assert!(!alive(second), "the grandchild outlived stop");
        exec.stop();
    }
}
