//! Hostile guests fail closed, and the host keeps working after each of them.

use std::time::{Duration, Instant};

use airlock_wasm::{
    Action, FailureKind, Isolation, Limits, ScorerSettings, ScorerStage, StageError,
};

use crate::common::{host, load, relaxed};

const ISOLATIONS: [Isolation; 2] = [Isolation::Fresh, Isolation::REUSE];

/// A stage with the default limits (the 10 ms deadline).
fn stage(name: &str, isolation: Isolation) -> ScorerStage {
    stage_with(name, isolation, Limits::default())
}

fn stage_with(name: &str, isolation: Isolation, limits: Limits) -> ScorerStage {
    ScorerStage::new(
        host(),
        &load(name),
        ScorerSettings::default()
            .with_isolation(isolation)
            .with_limits(limits),
    )
    .unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// After a hostile guest failed, the same host still evaluates a healthy guest, and the hostile
/// stage itself still answers (with a new instance).
fn host_still_works() {
    let healthy = stage_with("default-scorer", Isolation::REUSE, relaxed());
    let scored = healthy.score(&Action::from_hint("rm -rf /"));
    assert_eq!(scored.failure, None, "{scored:?}");
    assert!(scored.value > 30);
}

fn assert_failed_closed(scored: &airlock_wasm::Scored, kind: FailureKind) {
    let failure = scored.failure.as_ref().expect("a failure");
    assert_eq!(failure.kind, kind, "{failure}");
    assert_eq!(scored.value, 100, "fails closed to the fallback");
    assert_eq!(scored.danger_level, None);
    assert_eq!(scored.factors.len(), 1, "{scored:?}");
    assert_eq!(scored.factors[0].code, format!("guest.{kind}"));
    assert_eq!(scored.factors[0].message, failure.message);
}

#[test]
fn an_infinite_loop_is_stopped_at_its_deadline() {
    for isolation in ISOLATIONS {
        let stage = stage("infinite-loop", isolation);
        for round in 0..3 {
            let (scored, cpu, elapsed) = timed(|| stage.score(&Action::from_hint("anything")));
            assert_failed_closed(&scored, FailureKind::Timeout);
            // The deadline is 10 ms of CPU time; about two ticks of slack on a quiet machine,
            // and a little for the host's own work around the call. The ticks come from a
            // thread of their own, which a loaded machine (this suite runs tests in parallel on
            // two cores) can leave waiting for a core while the guest runs on: the bound allows
            // for that, and still proves the loop is cut near its deadline, not left running.
            assert!(
                cpu >= Duration::from_millis(9) && cpu < Duration::from_millis(40),
                "{isolation:?} round {round}: used {cpu:?} of CPU time"
            );
            // However busy the machine, stopped at the ceiling of ten times the deadline (100
            // ms), give or take the wait for the thread to be scheduled again.
            assert!(
                elapsed < Duration::from_millis(250),
                "{isolation:?} round {round}: stopped after {elapsed:?}"
            );
        }
        let stats = stage.stats();
        assert_eq!(stats.calls, 3);
        assert_eq!(stats.failures.timeout, 3);
        host_still_works();
    }
}

#[test]
fn a_custom_deadline_is_honoured() {
    let settings = ScorerSettings::default().with_limits(Limits {
        deadline: Duration::from_millis(50),
        ..Limits::default()
    });
    let stage = ScorerStage::new(host(), &load("infinite-loop"), settings).expect("stage");
    let (scored, cpu, elapsed) = timed(|| stage.score(&Action::from_hint("anything")));
    assert_failed_closed(&scored, FailureKind::Timeout);
    assert!(
        cpu >= Duration::from_millis(45) && cpu < Duration::from_millis(70),
        "used {cpu:?} of CPU time for a deadline of 50 ms"
    );
    assert!(
        elapsed >= Duration::from_millis(45) && elapsed < Duration::from_millis(700),
        "stopped after {elapsed:?}: not between the deadline and its ceiling (500 ms)"
    );
}

/// Runs `f` and returns its result, the CPU time this thread spent in it and the wall-clock
/// time it took. Deadlines count CPU time, so that is what the bounds above are about; the
/// wall-clock time only has to stay under the ceiling, whatever else runs on the machine.
fn timed<T>(f: impl FnOnce() -> T) -> (T, Duration, Duration) {
    let cpu = || {
        let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
        Duration::new(
            u64::try_from(t.tv_sec).expect("positive"),
            u32::try_from(t.tv_nsec).expect("nanoseconds"),
        )
    };
    let (cpu_before, started) = (cpu(), Instant::now());
    let value = f();
    let elapsed = started.elapsed();
    (value, cpu() - cpu_before, elapsed)
}

#[test]
fn a_memory_bomb_hits_the_memory_limit() {
    for isolation in ISOLATIONS {
        // Filling 32 MiB takes a few milliseconds, more on a loaded machine: with the default
        // 10 ms deadline the bomb may be stopped by its deadline first (a timeout, also failing
        // closed). A long deadline makes the memory cap the limit under test.
        let stage = stage_with("memory-bomb", isolation, relaxed());
        for _ in 0..2 {
            let scored = stage.score(&Action::from_hint("anything"));
            assert_failed_closed(&scored, FailureKind::MemoryLimit);
            let message = &scored.failure.as_ref().expect("failure").message;
            assert!(message.contains("32 MiB"), "{message}");
        }
        assert_eq!(stage.stats().failures.memory_limit, 2);
        host_still_works();
    }
}

#[test]
fn a_panic_fails_closed() {
    for isolation in ISOLATIONS {
        let stage = stage_with("panic-scorer", isolation, relaxed());
        for _ in 0..2 {
            let scored = stage.score(&Action::from_hint("anything"));
            assert_failed_closed(&scored, FailureKind::Trap);
        }
        assert_eq!(stage.stats().failures.trap, 2);
        host_still_works();
    }
}

#[test]
fn a_long_factor_list_is_capped() {
    for isolation in ISOLATIONS {
        let limits = relaxed();
        // 1000 factors of 600 bytes: 600 KB, within `max_result_bytes`, far past the caps.
        let settings = ScorerSettings::default()
            .with_isolation(isolation)
            .with_limits(limits)
            .with_config(r#"{"count": 1000, "messageBytes": 600}"#);
        let stage = ScorerStage::new(host(), &load("huge-factors"), settings).expect("stage");
        let scored = stage.score(&Action::from_hint("anything"));
        assert_eq!(scored.failure, None, "{scored:?}");
        assert_eq!(scored.factors.len(), limits.max_factors + 1);
        let dropped = scored.factors.last().expect("the dropped factor");
        assert_eq!(dropped.code, "guest.factors_dropped");
        assert!(
            dropped.message.starts_with("968 more factors were dropped"),
            "{}",
            dropped.message
        );
        for f in &scored.factors {
            assert!(f.code.len() <= limits.max_factor_bytes, "{}", f.code.len());
            assert!(
                f.message.len() <= limits.max_factor_bytes,
                "{}",
                f.message.len()
            );
            assert!(f.points <= 100);
        }
        assert!(scored.factors.iter().any(|f| f.message.len() == 256));
        host_still_works();
    }
}

#[test]
fn a_result_larger_than_max_result_bytes_fails_closed() {
    for isolation in ISOLATIONS {
        // The guest's default: 100 000 factors whose 1 KiB messages all alias one buffer, about
        // 100 MB for the host to copy from 2 MB of guest memory.
        let stage = stage_with("huge-factors", isolation, relaxed());
        let started = Instant::now();
        let scored = stage.score(&Action::from_hint("anything"));
        assert_failed_closed(&scored, FailureKind::InvalidResult);
        let message = &scored.failure.as_ref().expect("failure").message;
        assert!(message.contains("too much data"), "{message}");
        assert!(
            started.elapsed() < Duration::from_secs(1),
            "{:?}",
            started.elapsed()
        );
        host_still_works();
    }
}

#[test]
fn a_bad_config_fails_at_load_with_the_guests_message() {
    let err = ScorerStage::new(host(), &load("bad-config"), ScorerSettings::default())
        .expect_err("the guest rejects its config");
    let StageError::Configure { origin, message } = &err else {
        panic!("expected a configure error, got {err:?}");
    };
    assert_eq!(origin, "bad-config.wasm");
    assert!(!message.is_empty());
    assert!(err.to_string().contains(message.as_str()), "{err}");
    host_still_works();
}
