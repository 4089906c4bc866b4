//! Group commit: concurrent durable writes share one transaction and one flush to disk.
//!
//! A durable write costs a flush of the disk (fdatasync: 150-300 us on this machine, far more
//! on a busy or networked disk), and a store that gives every durable write its own flush
//! serves at most one write per flush however many callers wait: `/v1/decide` was held at
//! about 4,000 decisions/s by this alone. Here a caller queues its write and waits; the first
//! caller that finds no commit in flight becomes the committer: it takes everything queued at
//! that moment, commits it once, durably, records each write's result, and wakes every
//! waiter. Writes queued while that commit runs form the next batch, committed by one of
//! their own callers as soon as the first commit is done.
//!
//! - **Nothing waits to fill a batch.** There is no timer and no batch size to reach: a caller
//!   alone commits at once, on its own thread (no hand-off to another thread), so a write with
//!   no company costs what it cost before. Only what is already queued is batched.
//! - **No result before the flush.** A caller gets its result only after the commit of its
//!   batch returned: on success its write is on disk; if the commit fails, every write of the
//!   batch gets the error (fail closed: none of them may be reported as done).
//! - **Order.** Writes are applied in the order they were queued, and a caller's writes are
//!   queued in its program order (it waits for each), so per caller, and so per agent whose
//!   requests are answered in turn, the store holds them in order.
//! - **Backend-neutral.** The queue, the committer's election and the wake-ups are here; what a
//!   batch is, how it is committed and what the backend updates around a commit are the
//!   backend's ([`Batching`], the `commit` function). [`crate::RedbStore`] commits a batch as
//!   one redb write transaction with `Durability::Immediate`; a shared database for fleets
//!   (PostgreSQL) would commit it as one transaction, so one WAL flush, with the same queue.
//!
//! The backend's own state (the redb store's write-behind buffer and read cache) lives under
//! the same lock as the queue ([`Lane::state`]), so taking the queued writes and the lazy
//! writes before them is one step, and a commit never runs under the lock: reads and lazy
//! writes go on while the disk flushes.

use std::collections::HashMap;
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

use crate::StoreError;

/// What a backend does around a group commit, under the lock of the queue.
pub trait Batching {
    /// One queued durable write.
    type Write;
    /// What a write gets back once committed (a removed value, a sequence number...).
    type Done;
    /// What the committer takes out of the queue and commits, outside the lock.
    type Batch;

    /// Takes the queued `writes` (in order) into a batch, with whatever else of the backend's
    /// must be committed before them (the redb store's waiting lazy writes).
    fn take(&mut self, writes: Vec<Self::Write>) -> Self::Batch;

    /// After the commit of `batch`: `committed` says whether it is on disk. The backend updates
    /// what it keeps beside the file (caches, buffers, numbering) to match.
    fn settle(&mut self, batch: Self::Batch, committed: bool);
}

/// The state under the lock: the backend's, the queue, and the results not yet collected.
pub struct Lane<S: Batching> {
    /// The backend's state, kept under the same lock as the queue.
    pub state: S,
    queue: Vec<S::Write>,
    /// The ticket of `queue[0]`; tickets are handed out in queue order.
    first_queued: u64,
    committing: bool,
    /// Callers waiting in [`GroupCommit::idle`]: no new commit starts until they ran, or a
    /// steady stream of writers could keep them waiting for ever.
    idle_waiters: usize,
    results: HashMap<u64, Result<S::Done, StoreError>>,
}

impl<S: Batching> Lane<S> {
    /// Whether a commit is in flight (its writes may or may not be in the file yet).
    pub fn committing(&self) -> bool {
        self.committing
    }
}

impl<S: Batching> std::fmt::Debug for Lane<S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Lane")
            .field("queued", &self.queue.len())
            .field("committing", &self.committing)
            .finish_non_exhaustive()
    }
}

/// A queue of durable writes committed in groups; see the module's documentation.
#[derive(Debug)]
pub struct GroupCommit<S: Batching> {
    lane: Mutex<Lane<S>>,
    settled: Condvar,
}

impl<S: Batching> GroupCommit<S> {
    /// A committer around the backend's `state`.
    pub fn new(state: S) -> Self {
        Self {
            lane: Mutex::new(Lane {
                state,
                queue: Vec::new(),
                first_queued: 0,
                committing: false,
                idle_waiters: 0,
                results: HashMap::new(),
            }),
            settled: Condvar::new(),
        }
    }

    /// The lane, for reads and lazy writes (never held across a commit).
    pub fn lock(&self) -> MutexGuard<'_, Lane<S>> {
        // A panic under the lock leaves the queue consistent: every change to it is a push,
        // a take, or a result recorded after a commit.
        self.lane.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Waits until no commit is in flight, for a caller that must read the file alone (the
    /// next commit cannot start while the returned guard is held).
    pub fn idle<'a>(&'a self, mut lane: MutexGuard<'a, Lane<S>>) -> MutexGuard<'a, Lane<S>> {
        if lane.committing {
            lane.idle_waiters += 1;
            while lane.committing {
                lane = self
                    .settled
                    .wait(lane)
                    .unwrap_or_else(PoisonError::into_inner);
            }
            lane.idle_waiters -= 1;
            // Writers held back for this caller may commit once it releases the lock.
            self.settled.notify_all();
        }
        lane
    }

    /// Queues `write`, and returns once it is committed durably (its result) or its batch
    /// failed (the batch's error). `commit` commits a batch durably; it runs outside the lock,
    /// on the thread of whichever caller is the committer.
    pub fn write(
        &self,
        write: S::Write,
        commit: impl FnOnce(&S::Batch) -> Result<Vec<S::Done>, StoreError>,
    ) -> Result<S::Done, StoreError> {
        let mut lane = self.lock();
        let ticket = lane.first_queued + lane.queue.len() as u64;
        lane.queue.push(write);
        let mut commit = Some(commit);
        loop {
            if let Some(result) = lane.results.remove(&ticket) {
                return result;
            }
            if lane.committing || lane.idle_waiters > 0 {
                lane = self
                    .settled
                    .wait(lane)
                    .unwrap_or_else(PoisonError::into_inner);
                continue;
            }
            // No commit in flight and ours is queued: this caller commits what is queued.
            let Some(commit) = commit.take() else {
                // Unreachable: a caller that committed has its result. Fail closed anyway.
                return Err(StoreError::Io {
                    operation: "group commit".to_owned(),
                    message: "the write's result was lost".to_owned(),
                });
            };
            let writes = std::mem::take(&mut lane.queue);
            let first = lane.first_queued;
            lane.first_queued += writes.len() as u64;
            let count = writes.len();
            let batch = lane.state.take(writes);
            lane.committing = true;
            drop(lane);

            // A panic in the commit (the backend's bug) must not leave the lane busy for ever
            // with every other writer of the batch waiting: it fails the batch like an error.
            let committed =
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| commit(&batch)))
                    .unwrap_or_else(|_| {
                        Err(StoreError::Io {
                            operation: "group commit".to_owned(),
                            message: "the commit panicked".to_owned(),
                        })
                    });
            let outcome = committed.and_then(|done| {
                if done.len() == count {
                    Ok(done)
                } else {
                    Err(StoreError::Io {
                        operation: "group commit".to_owned(),
                        message: format!("{} results for {count} writes", done.len()),
                    })
                }
            });

            lane = self.lock();
            lane.state.settle(batch, outcome.is_ok());
            match outcome {
                Ok(done) => {
                    for (i, done) in done.into_iter().enumerate() {
                        lane.results.insert(first + i as u64, Ok(done));
                    }
                }
                Err(e) => {
                    for i in 0..count {
                        lane.results.insert(first + i as u64, Err(e.clone()));
                    }
                }
            }
            lane.committing = false;
            self.settled.notify_all();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    /// A log that commits a batch by appending it, and counts commits.
    #[derive(Debug, Default)]
    struct Log {
        committed: Vec<u32>,
        taken: usize,
    }

    impl Batching for Log {
        type Write = u32;
        type Done = u32;
        type Batch = Vec<u32>;
        fn take(&mut self, writes: Vec<u32>) -> Vec<u32> {
            self.taken += 1;
            writes
        }
        fn settle(&mut self, batch: Vec<u32>, committed: bool) {
            if committed {
                self.committed.extend(batch);
            }
        }
    }

    #[test]
    fn a_lone_write_is_committed_at_once_by_its_caller() {
        let group = GroupCommit::new(Log::default());
        let caller = std::thread::current().id();
        let done = group
            .write(7, |batch| {
                assert_eq!(std::thread::current().id(), caller, "no hand-off");
                Ok(batch.clone())
            })
            .expect("committed");
        assert_eq!(done, 7);
        let lane = group.lock();
        assert_eq!(lane.state.committed, [7]);
        assert!(!lane.committing());
    }

    /// While one commit is held on the disk, the writes queued meanwhile form one batch, and
    /// each caller's writes stay in its order.
    #[test]
    fn writes_queued_during_a_commit_share_the_next_and_keep_each_callers_order() {
        let group = Arc::new(GroupCommit::new(Log::default()));
        let commits = Arc::new(AtomicUsize::new(0));
        let threads: Vec<_> = (0..8u32)
            .map(|t| {
                let (group, commits) = (Arc::clone(&group), Arc::clone(&commits));
                std::thread::spawn(move || {
                    for i in 0..50u32 {
                        let write = t * 1000 + i;
                        let done = group
                            .write(write, |batch| {
                                commits.fetch_add(1, Ordering::SeqCst);
                                std::thread::sleep(Duration::from_millis(1));
                                Ok(batch.clone())
                            })
                            .expect("committed");
                        assert_eq!(done, write, "each caller gets its own result");
                    }
                })
            })
            .collect();
        for t in threads {
            t.join().expect("writer");
        }
        let lane = group.lock();
        assert_eq!(lane.state.committed.len(), 400);
        for t in 0..8u32 {
            let mine: Vec<u32> = lane
                .state
                .committed
                .iter()
                .copied()
                .filter(|w| w / 1000 == t)
                .collect();
            assert_eq!(mine, (0..50).map(|i| t * 1000 + i).collect::<Vec<_>>());
        }
        let commits = commits.load(Ordering::SeqCst);
        assert!(
            commits < 400 / 2,
            "batched: {commits} commits for 400 writes"
        );
        assert_eq!(commits, lane.state.taken);
    }

    /// A caller waiting for the lane to be idle gets it after the commit in flight, however
    /// many writers keep queueing.
    #[test]
    fn a_caller_waiting_for_idle_is_not_starved_by_writers() {
        let group = Arc::new(GroupCommit::new(Log::default()));
        let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let writers: Vec<_> = (0..6u32)
            .map(|t| {
                let (group, stop) = (Arc::clone(&group), Arc::clone(&stop));
                std::thread::spawn(move || {
                    while !stop.load(Ordering::SeqCst) {
                        group
                            .write(t, |batch| {
                                std::thread::sleep(Duration::from_millis(2));
                                Ok(batch.clone())
                            })
                            .expect("committed");
                    }
                })
            })
            .collect();
        // Let the writers saturate the lane.
        while group.lock().state.taken < 20 {
            std::thread::sleep(Duration::from_millis(1));
        }
        for _ in 0..100 {
            let before = group.lock().state.taken;
            let lane = group.idle(group.lock());
            assert!(!lane.committing());
            // The commit in flight when it asked, and at most one that raced it to the lock.
            assert!(
                lane.state.taken <= before + 2,
                "{} commits while it waited",
                lane.state.taken - before
            );
        }
        stop.store(true, Ordering::SeqCst);
        for w in writers {
            w.join().expect("writer");
        }
    }

    /// A commit that panics fails its batch like an error; the lane goes on working.
    #[test]
    fn a_panicking_commit_fails_its_batch_and_the_lane_goes_on() {
        let group = GroupCommit::new(Log::default());
        let err = group
            .write(1, |_| panic!("a bug in the backend"))
            .expect_err("failed");
        assert!(err.to_string().contains("panicked"), "{err}");
        assert!(!group.lock().committing());
        assert_eq!(group.write(2, |b| Ok(b.clone())).expect("committed"), 2);
        assert_eq!(group.lock().state.committed, [2]);
    }

    /// A failed commit fails every write of its batch, and none of them is settled as done.
    #[test]
    fn a_failed_commit_fails_every_write_of_its_batch() {
        let group = Arc::new(GroupCommit::new(Log::default()));
        let (entered_tx, entered) = std::sync::mpsc::channel();
        let (release, released) = std::sync::mpsc::channel::<()>();
        let released = Arc::new(Mutex::new(released));
        // The first commit holds the lane busy until the others are queued.
        let first = {
            let group = Arc::clone(&group);
            let released = Arc::clone(&released);
            std::thread::spawn(move || {
                group.write(0, |batch| {
                    entered_tx.send(()).expect("entered");
                    released.lock().expect("lock").recv().expect("release");
                    Ok(batch.clone())
                })
            })
        };
        entered.recv().expect("the first commit runs");
        let failing: Vec<_> = (1..=6u32)
            .map(|w| {
                let group = Arc::clone(&group);
                std::thread::spawn(move || {
                    group.write(w, |_| {
                        Err(StoreError::Io {
                            operation: "commit".into(),
                            message: "disk full".into(),
                        })
                    })
                })
            })
            .collect();
        // All six queued behind the first commit.
        while group.lock().queue.len() < 6 {
            std::thread::sleep(Duration::from_millis(1));
        }
        release.send(()).expect("release");
        assert_eq!(first.join().expect("first").expect("committed"), 0);
        for t in failing {
            let err = t.join().expect("writer").expect_err("its batch failed");
            assert!(err.to_string().contains("disk full"), "{err}");
        }
        let lane = group.lock();
        assert_eq!(lane.state.committed, [0], "nothing of the failed batch");
        assert_eq!(lane.state.taken, 2, "the six were one batch");
    }
}
