//! The `process_*` metrics every Prometheus client library exports (CPU seconds, resident and
//! virtual memory, open and maximum file descriptors, start time), with the names and units of
//! the Go and Python clients' process collectors so existing dashboards and alerts work.
//!
//! Read from /proc at scrape time by hand rather than through the `procfs` crate: these are
//! five fields of three files, and `procfs` turns on `rustix` features (`system`, `thread`)
//! that nothing else in the workspace uses, which changes `rustix`'s build and with it
//! wasmtime's, a 20-minute rebuild on the project's machines. The two system constants come
//! from `rustix` (already a dependency, with the features it has). On other systems, or when
//! /proc cannot be read, the metrics are left out rather than reported as zero.

use prometheus_client::registry::Registry;

/// What /proc says about this process.
#[derive(Debug, Clone, Copy, PartialEq)]
struct ProcessStat {
    /// User plus system CPU time, in clock ticks.
    cpu_ticks: u64,
    /// Start time after boot, in clock ticks.
    start_ticks: u64,
    /// Virtual memory size, in bytes.
    virtual_bytes: u64,
    /// Resident set size, in pages.
    resident_pages: u64,
}

/// Fields 14, 15 (utime, stime), 22 (starttime), 23 (vsize) and 24 (rss) of /proc/self/stat,
/// counted after the command name, which is in parentheses and may itself hold spaces and
/// parentheses (hence the last `)`).
fn parse_stat(text: &str) -> Option<ProcessStat> {
    let after_name = &text[text.rfind(')')? + 1..];
    // Field 3 (state) is the first after the name.
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    let field = |n: usize| fields.get(n - 3)?.parse::<u64>().ok();
    Some(ProcessStat {
        cpu_ticks: field(14)?.saturating_add(field(15)?),
        start_ticks: field(22)?,
        virtual_bytes: field(23)?,
        resident_pages: field(24)?,
    })
}

/// The `btime` line of /proc/stat: when the system booted, in seconds since the epoch.
fn parse_boot_time(text: &str) -> Option<u64> {
    text.lines()
        .find_map(|l| l.strip_prefix("btime "))
        .and_then(|v| v.trim().parse().ok())
}

/// The soft limit of the `Max open files` line of /proc/self/limits (`None` when unlimited).
fn parse_max_open_files(text: &str) -> Option<u64> {
    let line = text.lines().find(|l| l.starts_with("Max open files"))?;
    line["Max open files".len()..]
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// Registers what /proc says about this process now.
#[cfg(target_os = "linux")]
pub fn register(registry: &mut Registry) {
    use prometheus_client::metrics::counter::ConstCounter;
    use prometheus_client::metrics::gauge::ConstGauge;
    use prometheus_client::registry::Unit;

    let read = |path: &str| std::fs::read_to_string(path).ok();
    if let Some(stat) = read("/proc/self/stat").as_deref().and_then(parse_stat) {
        // Clock ticks are small integers: exact in an f64.
        #[allow(clippy::cast_precision_loss)]
        let ticks = rustix::param::clock_ticks_per_second() as f64;
        #[allow(clippy::cast_precision_loss)]
        let cpu = stat.cpu_ticks as f64 / ticks;
        registry.register_with_unit(
            "process_cpu",
            "Total user and system CPU time spent",
            Unit::Seconds,
            ConstCounter::new(cpu),
        );
        let page = rustix::param::page_size() as u64;
        registry.register_with_unit(
            "process_resident_memory",
            "Resident memory size",
            Unit::Bytes,
            ConstGauge::new(saturating_i64(stat.resident_pages.saturating_mul(page))),
        );
        registry.register_with_unit(
            "process_virtual_memory",
            "Virtual memory size",
            Unit::Bytes,
            ConstGauge::new(saturating_i64(stat.virtual_bytes)),
        );
        if let Some(boot) = read("/proc/stat").as_deref().and_then(parse_boot_time) {
            #[allow(clippy::cast_precision_loss)]
            let start = boot as f64 + stat.start_ticks as f64 / ticks;
            registry.register_with_unit(
                "process_start_time",
                "Start time of the process since the Unix epoch",
                Unit::Seconds,
                ConstGauge::new(start),
            );
        }
    }
    if let Ok(fds) = std::fs::read_dir("/proc/self/fd") {
        registry.register(
            "process_open_fds",
            "Open file descriptors",
            ConstGauge::new(saturating_i64(fds.count() as u64)),
        );
    }
    if let Some(max) = read("/proc/self/limits")
        .as_deref()
        .and_then(parse_max_open_files)
    {
        registry.register(
            "process_max_fds",
            "The limit on open file descriptors",
            ConstGauge::new(saturating_i64(max)),
        );
    }
}

/// Nothing to read without /proc.
#[cfg(not(target_os = "linux"))]
pub fn register(_registry: &mut Registry) {}

fn saturating_i64(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stat_fields_are_counted_after_the_last_parenthesis() {
        // A command name with a space and a parenthesis, as a process may give itself.
        let line = "4242 (air lock) x) S 1 4242 4242 0 -1 4194560 1500 0 0 0 \
                    250 70 0 0 20 0 9 0 123456 987654321 2048 18446744073709551615 1 1 0 0 0";
        assert_eq!(
            parse_stat(line),
            Some(ProcessStat {
                cpu_ticks: 320,
                start_ticks: 123_456,
                virtual_bytes: 987_654_321,
                resident_pages: 2048,
            })
        );
        assert_eq!(parse_stat("4242 (truncated"), None);
        assert_eq!(parse_stat("1 (x) S 1 2"), None);
    }

    #[test]
    fn boot_time_and_the_open_files_limit() {
        assert_eq!(
            parse_boot_time("cpu  1 2 3\nintr 5\nbtime 1764150000\nprocesses 9\n"),
            Some(1_764_150_000)
        );
        let limits = "Limit                     Soft Limit           Hard Limit           Units\n\
                      Max processes             63704                63704                processes\n\
                      Max open files            1024                 524288               files\n";
        assert_eq!(parse_max_open_files(limits), Some(1024));
        assert_eq!(
            parse_max_open_files(
                "Max open files            unlimited            unlimited            files\n"
            ),
            None
        );
    }

    /// The live process, read the way a scrape reads it.
    #[cfg(target_os = "linux")]
    #[test]
    fn this_process_reads() {
        let stat =
            parse_stat(&std::fs::read_to_string("/proc/self/stat").expect("stat")).expect("parses");
        assert!(stat.resident_pages > 0 && stat.virtual_bytes > 0);
        assert!(
            parse_boot_time(&std::fs::read_to_string("/proc/stat").expect("stat"))
                .is_some_and(|b| b > 1_000_000_000)
        );
    }
}
