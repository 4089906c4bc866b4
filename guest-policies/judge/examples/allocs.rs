//! How many heap allocations judging one action makes, over a labeled corpus: a per-call
//! allocation is a cost every action pays, in the guest's allocator too, so this counts them
//! (a counting global allocator around the system one). For finding where a judgement
//! allocates, together with `perf record` on the speed example.
//!
//! ```sh
//! cargo run --release -q -p airlock-judge --example allocs -- eval
//! cargo run --release -q -p airlock-judge --example allocs -- --recent 8 eval   # as late steps
//! ```
//!
//! Prints the median, p90 and maximum count per action and the total over the corpus, for
//! actions with no recent hint and for all of them, and the action that allocates most.

use std::alloc::{GlobalAlloc, Layout, System};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

mod labeled;

/// The system allocator, counting the allocations (and reallocations) made through it.
struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is forwarded unchanged to the system allocator; only a counter is added.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: the caller's contract is the system allocator's.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `alloc`/`realloc` above, that is from the system allocator.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: as for `dealloc`; the caller's contract is the system allocator's.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    // `--recent N`: each action judged as a late step, after the N actions before it (as the
    // speed example does), to count what reading recent hints allocates.
    let recent = labeled::recent_option(&mut args);
    let dir = PathBuf::from(
        args.into_iter()
            .next()
            .unwrap_or_else(|| "guest-policies/eval".into()),
    );
    let mut cases = labeled::actions(&dir);
    if let Some(n) = recent {
        for case in &mut cases {
            case.recent.clear();
        }
        cases = labeled::with_recent(cases, n);
    }
    let mut alone = Vec::new();
    let mut all = Vec::new();
    let mut most = (0, "");
    for action in &cases {
        let recent: Vec<&str> = action.recent.iter().map(String::as_str).collect();
        let before = ALLOCATIONS.load(Ordering::Relaxed);
        let j = airlock_judge::judge(std::hint::black_box(&action.hint), &recent);
        let n = ALLOCATIONS.load(Ordering::Relaxed) - before;
        drop(std::hint::black_box(j));
        all.push(n);
        if n > most.0 {
            most = (n, action.at.as_str());
        }
        if recent.is_empty() {
            alone.push(n);
        }
    }
    for (what, counts) in [("no recent hint", &mut alone), ("all", &mut all)] {
        counts.sort_unstable();
        if counts.is_empty() {
            continue;
        }
        println!(
            "{what}: {} actions, allocations per action: median {}, p90 {}, max {}, total {}",
            counts.len(),
            counts[counts.len() / 2],
            counts[counts.len() * 9 / 10],
            counts[counts.len() - 1],
            counts.iter().sum::<usize>(),
        );
    }
    // The action that allocates most, by where it was read: the first place to look.
    println!("most: {} allocations ({})", most.0, most.1);
}
