//! How a guest call fails, and how a wasmtime error is classified into one of those kinds.

use std::fmt;
use std::time::Duration;

use wasmtime::Trap;

use crate::budget::{Exceeded, WALL_CEILING_FACTOR};

/// Why a stage failed closed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FailureKind {
    /// The guest trapped (`unreachable`, a panic, an out-of-bounds access, a stack overflow...).
    Trap,
    /// The guest ran past its deadline.
    Timeout,
    /// The guest tried to grow its memory past its cap.
    MemoryLimit,
    /// The guest returned something outside the contract (e.g. a score above 100).
    InvalidResult,
    /// A new instance could not be created or configured.
    Instantiate,
}

impl FailureKind {
    /// Every kind.
    pub const ALL: [FailureKind; 5] = [
        FailureKind::Trap,
        FailureKind::Timeout,
        FailureKind::MemoryLimit,
        FailureKind::InvalidResult,
        FailureKind::Instantiate,
    ];

    /// The kind's name, as used in factor codes (`guest.<name>`) and logs.
    pub const fn as_str(self) -> &'static str {
        match self {
            FailureKind::Trap => "trap",
            FailureKind::Timeout => "timeout",
            FailureKind::MemoryLimit => "memory_limit",
            FailureKind::InvalidResult => "invalid_result",
            FailureKind::Instantiate => "instantiate",
        }
    }

    /// The factor code reporting a failure of this kind: `guest.<kind>`.
    pub const fn code(self) -> &'static str {
        match self {
            FailureKind::Trap => "guest.trap",
            FailureKind::Timeout => "guest.timeout",
            FailureKind::MemoryLimit => "guest.memory_limit",
            FailureKind::InvalidResult => "guest.invalid_result",
            FailureKind::Instantiate => "guest.instantiate",
        }
    }
}

impl fmt::Display for FailureKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A failed guest call: the typed event behind a fail-closed result.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct StageFailure {
    /// What kind of failure.
    pub kind: FailureKind,
    /// For people: what happened.
    pub message: String,
}

impl fmt::Display for StageFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.kind, self.message)
    }
}

impl std::error::Error for StageFailure {}

impl StageFailure {
    /// A failure of some kind.
    pub(crate) fn new(kind: FailureKind, message: impl Into<String>) -> Self {
        StageFailure {
            kind,
            message: message.into(),
        }
    }
}

/// Where in a guest's life an error happened: it decides what an unexplained error means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Phase {
    /// Instantiating or configuring a new instance.
    Setup,
    /// Calling the evaluation function.
    Call,
}

/// What the store saw while the guest ran, beyond the error itself.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Context {
    /// The limiter refused a memory growth during this entry.
    pub(crate) memory_refused: bool,
    /// A WASI wait of this entry was cut at its deadline.
    pub(crate) overslept: bool,
    /// The memory cap.
    pub(crate) memory_bytes: usize,
    /// The deadline of this entry.
    pub(crate) deadline: Duration,
    /// Which limit of the entry's budget stopped it, if one did.
    pub(crate) exceeded: Option<Exceeded>,
}

/// Classifies an error returned by wasmtime for a guest entry.
///
/// A memory growth refused by the limiter makes a Rust guest abort (an `unreachable` trap) and a
/// Python guest raise `MemoryError`: either way the trap that follows is reported as
/// [`FailureKind::MemoryLimit`], because the limiter recorded the refusal during this entry.
pub(crate) fn classify(err: &wasmtime::Error, phase: Phase, cx: Context) -> StageFailure {
    let trap = err.downcast_ref::<Trap>().copied();
    if trap == Some(Trap::Interrupt) || cx.overslept {
        return timeout(cx);
    }
    if cx.memory_refused {
        return StageFailure::new(
            FailureKind::MemoryLimit,
            format!(
                "the guest tried to grow its memory past its cap of {} and failed ({})",
                format_bytes(cx.memory_bytes),
                first_line(err)
            ),
        );
    }
    match (phase, trap) {
        (Phase::Setup, _) => StageFailure::new(
            FailureKind::Instantiate,
            format!("a new instance could not be started: {}", first_line(err)),
        ),
        (Phase::Call, Some(trap)) => {
            StageFailure::new(FailureKind::Trap, format!("the guest trapped: {trap}"))
        }
        // Not a trap of the guest's code: wasmtime could not lift its result (a pointer out of
        // bounds, invalid UTF-8, more data than `max_result_bytes`), or a WASI call failed.
        (Phase::Call, None) => StageFailure::new(
            FailureKind::InvalidResult,
            format!("the guest's result could not be read: {}", first_line(err)),
        ),
    }
}

/// A timeout: the guest ran (or waited) past its deadline.
pub(crate) fn timeout(cx: Context) -> StageFailure {
    let deadline = format_duration(cx.deadline);
    let message = if cx.overslept {
        format!(
            "the guest waited (a WASI sleep or poll) past its deadline of {deadline} and was stopped"
        )
    } else if cx.exceeded == Some(Exceeded::WallCeiling) {
        format!(
            "the guest was still running after {} ({WALL_CEILING_FACTOR} times its deadline of \
             {deadline}, however little CPU time it got: the machine may be overloaded) and was \
             stopped",
            format_duration(cx.deadline.saturating_mul(WALL_CEILING_FACTOR))
        )
    } else {
        format!("the guest ran past its deadline of {deadline} of CPU time and was stopped")
    };
    StageFailure::new(FailureKind::Timeout, message)
}

/// The first line of an error's message (wasmtime appends a multi-line backtrace).
fn first_line(err: &wasmtime::Error) -> String {
    let text = format!("{err:#}");
    text.lines().next().unwrap_or_default().to_string()
}

/// `10 ms`, `1.5 s`.
pub(crate) fn format_duration(d: Duration) -> String {
    if d < Duration::from_secs(1) {
        format!("{} ms", d.as_millis())
    } else {
        format!("{:.1} s", d.as_secs_f64())
    }
}

/// `32 MiB`, `512 KiB`, `100 bytes`.
pub(crate) fn format_bytes(n: usize) -> String {
    const KIB: usize = 1024;
    const MIB: usize = 1024 * 1024;
    if n >= MIB && n.is_multiple_of(MIB) {
        format!("{} MiB", n / MIB)
    } else if n >= KIB && n.is_multiple_of(KIB) {
        format!("{} KiB", n / KIB)
    } else {
        format!("{n} bytes")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cx(memory_refused: bool) -> Context {
        Context {
            memory_refused,
            overslept: false,
            memory_bytes: 32 << 20,
            deadline: Duration::from_millis(10),
            exceeded: None,
        }
    }

    #[test]
    fn an_interrupt_is_a_timeout_even_after_a_refused_growth() {
        let err = wasmtime::Error::new(Trap::Interrupt);
        let f = classify(&err, Phase::Call, cx(true));
        assert_eq!(f.kind, FailureKind::Timeout);
        assert!(f.message.contains("10 ms"), "{f}");
    }

    #[test]
    fn a_trap_after_a_refused_growth_is_the_memory_limit() {
        let err = wasmtime::Error::new(Trap::UnreachableCodeReached);
        let f = classify(&err, Phase::Call, cx(true));
        assert_eq!(f.kind, FailureKind::MemoryLimit);
        assert!(f.message.contains("32 MiB"), "{f}");
    }

    #[test]
    fn plain_traps_and_setup_errors() {
        let err = wasmtime::Error::new(Trap::UnreachableCodeReached);
        assert_eq!(
            classify(&err, Phase::Call, cx(false)).kind,
            FailureKind::Trap
        );
        assert_eq!(
            classify(&err, Phase::Setup, cx(false)).kind,
            FailureKind::Instantiate
        );
        let err = wasmtime::Error::msg("string pointer/length out of bounds of memory");
        assert_eq!(
            classify(&err, Phase::Call, cx(false)).kind,
            FailureKind::InvalidResult
        );
    }

    #[test]
    fn a_cut_wait_is_a_timeout_whatever_followed() {
        let err = wasmtime::Error::new(Trap::UnreachableCodeReached);
        let cx = Context {
            overslept: true,
            ..cx(false)
        };
        let f = classify(&err, Phase::Call, cx);
        assert_eq!(f.kind, FailureKind::Timeout);
        assert!(f.message.contains("waited"), "{f}");
    }

    #[test]
    fn codes_are_guest_dot_kind() {
        for kind in FailureKind::ALL {
            assert_eq!(kind.code(), format!("guest.{kind}"));
        }
    }

    #[test]
    fn sizes_and_durations_read_well() {
        assert_eq!(format_bytes(32 << 20), "32 MiB");
        assert_eq!(format_bytes(64 << 10), "64 KiB");
        assert_eq!(format_bytes(100), "100 bytes");
        assert_eq!(format_duration(Duration::from_millis(10)), "10 ms");
        assert_eq!(format_duration(Duration::from_millis(1500)), "1.5 s");
    }
}
