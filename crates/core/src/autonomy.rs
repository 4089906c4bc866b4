//! The autonomy level x risk gate (autonomy seed): risk adjusters that only raise, four hard
//! overrides applied before the lookup, and the matrix itself.
//!
//! Decisions the seed leaves open, taken here:
//!
//! - `HARD BLOCK` is [`Outcome::Deny`]: the action is refused regardless of approval. It is not
//!   [`Outcome::Stop`], which blocks the agent itself and belongs to the safety loop.
//! - The destructive-action adjuster does not apply when the base risk was derived from the
//!   danger level: a `destructive` operation already starts at `high`, and counting its
//!   destructiveness twice would make every delete `critical` (the seed's own example puts
//!   "deleting data" at `high`). It does apply when the base risk is declared or given.
//! - The matrix gates effectful actions. A `safe` action (a read) is not gated by the matrix at
//!   any level ("A0 never executes *effectful* actions"); the hard overrides still apply to it,
//!   so reading secrets still needs confirmation at every level.

use jiff::{SignedDuration, Timestamp};
use serde::{Deserialize, Serialize};

use crate::factor::{Adjuster, HardOverride, Reason, RiskSource};
use crate::levels::{AutonomyLevel, Risk};
use crate::outcome::Outcome;

use Outcome::{Allow as AL, Confirm as CO, Deny as HB, Preview as PV};

/// Rows: A0..A4. Columns: low, medium, high, critical.
const MATRIX: [[Outcome; 4]; 5] = [
    [PV, PV, PV, PV], // A0 suggest-only
    [CO, CO, CO, HB], // A1 confirm required
    [AL, CO, CO, HB], // A2 scoped autonomy
    [AL, AL, CO, HB], // A3 high autonomy
    [AL, AL, AL, CO], // A4 full autonomy
];

/// The matrix cell: what happens to an effectful action of this risk at this autonomy level.
#[inline]
pub const fn autonomy_cell(autonomy: AutonomyLevel, risk: Risk) -> Outcome {
    MATRIX[autonomy as usize][risk as usize]
}

/// A quiet-hours window in the local time of an IANA time zone (`Europe/Berlin`, following its
/// daylight saving time) or of a fixed UTC offset. The window may wrap midnight
/// (`22:00`-`07:00`) and is read on the wall clock: on the day a zone changes its offset, the
/// window still starts at 22:00 local time.
///
/// Zone rules come from the IANA database bundled into airlock by `jiff` (not the machine's
/// `/usr/share/zoneinfo`), so airlock-core still reads nothing from the system and the same
/// policy decides the same way on every machine.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "QuietHoursConfig", into = "QuietHoursConfig")]
pub struct QuietHours {
    start_minute: u16,
    end_minute: u16,
    zone: QuietZone,
}

/// Whose clock the window is read on.
#[derive(Debug, Clone)]
enum QuietZone {
    /// A fixed offset from UTC, in minutes.
    Offset(i16),
    /// An IANA time zone, by name.
    Named {
        name: String,
        zone: jiff::tz::TimeZone,
    },
}

impl PartialEq for QuietZone {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Self::Offset(a), Self::Offset(b)) => a == b,
            (Self::Named { name: a, .. }, Self::Named { name: b, .. }) => a == b,
            _ => false,
        }
    }
}

impl Eq for QuietZone {}

/// The JSON form of [`QuietHours`]: `{"start": "22:00", "end": "07:00", "time_zone":
/// "Europe/Berlin"}` or, with a fixed offset, `"utc_offset": "+01:00"` instead.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QuietHoursConfig {
    /// Start, `HH:MM`, inclusive.
    pub start: String,
    /// End, `HH:MM`, exclusive.
    pub end: String,
    /// An IANA time zone name (`Europe/Berlin`, `America/New_York`, `UTC`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_zone: Option<String>,
    /// Offset of local time from UTC, `+HH:MM` or `-HH:MM`, when no time zone is given;
    /// without either, UTC.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub utc_offset: Option<String>,
}

impl QuietHours {
    /// A window from `start` to `end` (`HH:MM`) at a fixed UTC offset in minutes.
    pub fn new(start: &str, end: &str, utc_offset_minutes: i16) -> Result<Self, String> {
        if !(-18 * 60..=18 * 60).contains(&utc_offset_minutes) {
            return Err(format!(
                "utc offset of {utc_offset_minutes} minutes is outside -18:00..+18:00"
            ));
        }
        Ok(Self {
            start_minute: parse_hh_mm(start)?,
            end_minute: parse_hh_mm(end)?,
            zone: QuietZone::Offset(utc_offset_minutes),
        })
    }

    /// A window from `start` to `end` (`HH:MM`) in the IANA time zone `name`.
    pub fn in_time_zone(start: &str, end: &str, name: &str) -> Result<Self, String> {
        let zone = jiff::tz::TimeZone::get(name).map_err(|_| {
            format!(
                "time_zone '{name}' is not an IANA time zone name (such as 'Europe/Berlin' or \
                 'America/New_York')"
            )
        })?;
        Ok(Self {
            start_minute: parse_hh_mm(start)?,
            end_minute: parse_hh_mm(end)?,
            zone: QuietZone::Named {
                name: name.to_owned(),
                zone,
            },
        })
    }

    /// Whether `now` falls within the window. An empty window (start == end) never does.
    pub fn contains(&self, now: Timestamp) -> bool {
        let minute = match &self.zone {
            QuietZone::Offset(offset) => {
                let local = now.as_second() + i64::from(*offset) * 60;
                u16::try_from(local.rem_euclid(86_400) / 60).unwrap_or(0)
            }
            QuietZone::Named { zone, .. } => {
                let local = zone.to_datetime(now);
                u16::try_from(local.hour()).unwrap_or(0) * 60
                    + u16::try_from(local.minute()).unwrap_or(0)
            }
        };
        let (s, e) = (self.start_minute, self.end_minute);
        if s <= e {
            s <= minute && minute < e
        } else {
            minute >= s || minute < e
        }
    }
}

fn parse_hh_mm(s: &str) -> Result<u16, String> {
    let bad = || format!("quiet hours time '{s}' is not HH:MM (00:00-23:59)");
    let (h, m) = s.split_once(':').ok_or_else(bad)?;
    if h.len() != 2 || m.len() != 2 {
        return Err(bad());
    }
    let h: u16 = h.parse().map_err(|_| bad())?;
    let m: u16 = m.parse().map_err(|_| bad())?;
    if h > 23 || m > 59 {
        return Err(bad());
    }
    Ok(h * 60 + m)
}

impl TryFrom<QuietHoursConfig> for QuietHours {
    type Error = String;
    fn try_from(c: QuietHoursConfig) -> Result<Self, String> {
        match (c.time_zone.as_deref(), c.utc_offset.as_deref()) {
            (Some(_), Some(_)) => Err(
                "quiet_hours: give a time_zone or a utc_offset, not both (a time zone already \
                 knows its offset, including daylight saving time)"
                    .to_owned(),
            ),
            (Some(name), None) => QuietHours::in_time_zone(&c.start, &c.end, name),
            (None, None) => QuietHours::new(&c.start, &c.end, 0),
            (None, Some(o)) => {
                let bad = || format!("utc_offset '{o}' is not +HH:MM or -HH:MM");
                let (sign, rest) = match o.as_bytes().first() {
                    Some(b'+') => (1, &o[1..]),
                    Some(b'-') => (-1, &o[1..]),
                    _ => return Err(bad()),
                };
                let minutes =
                    i16::try_from(parse_hh_mm(rest).map_err(|_| bad())?).map_err(|_| bad())?;
                QuietHours::new(&c.start, &c.end, sign * minutes)
            }
        }
    }
}

impl From<QuietHours> for QuietHoursConfig {
    fn from(q: QuietHours) -> Self {
        let hhmm = |m: u16| format!("{:02}:{:02}", m / 60, m % 60);
        let (time_zone, utc_offset) = match q.zone {
            QuietZone::Offset(o) => {
                let sign = if o < 0 { '-' } else { '+' };
                let abs = o.unsigned_abs();
                (None, Some(format!("{sign}{:02}:{:02}", abs / 60, abs % 60)))
            }
            QuietZone::Named { name, .. } => (Some(name), None),
        };
        Self {
            start: hhmm(q.start_minute),
            end: hhmm(q.end_minute),
            time_zone,
            utc_offset,
        }
    }
}

/// The operator's autonomy settings (policy `autonomy` block).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AutonomySettings {
    /// The system-wide autonomy level. Without one, the autonomy layer does not run.
    #[serde(default)]
    pub level: Option<AutonomyLevel>,
    /// Quiet hours, if any.
    #[serde(default)]
    pub quiet_hours: Option<QuietHours>,
    /// Blast radius (number of targets) above which risk is raised. Default 10.
    #[serde(default = "default_blast_radius_threshold")]
    pub blast_radius_threshold: u32,
    /// The anti-flap cooldown in seconds: the same action again within it is denied. Default 30;
    /// 0 disables.
    #[serde(default = "default_anti_flap_cooldown")]
    pub anti_flap_cooldown_seconds: u32,
    /// The hourly cap of outbound notifications. Default 60.
    #[serde(default = "default_max_notifications")]
    pub max_notifications_per_hour: u32,
}

fn default_blast_radius_threshold() -> u32 {
    10
}
fn default_anti_flap_cooldown() -> u32 {
    30
}
fn default_max_notifications() -> u32 {
    60
}

impl Default for AutonomySettings {
    fn default() -> Self {
        Self {
            level: None,
            quiet_hours: None,
            blast_radius_threshold: default_blast_radius_threshold(),
            anti_flap_cooldown_seconds: default_anti_flap_cooldown(),
            max_notifications_per_hour: default_max_notifications(),
        }
    }
}

/// What the autonomy layer needs to know about one action, beyond its risk.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AutonomyFacts {
    /// The base risk and where it came from.
    pub base: Option<(Risk, RiskSource)>,
    /// Whether the action is effectful (danger above `safe`).
    pub effectful: bool,
    /// The target is a broadcast or group channel.
    pub broadcast_target: bool,
    /// The action deletes, wipes or resets.
    pub destructive: bool,
    /// How many targets the action touches, if known.
    pub blast_radius: Option<u32>,
    /// The call requires a secret-access scope.
    pub secrets_scope: bool,
    /// The action is an outbound notification.
    pub notification: bool,
    /// Outbound notifications in the past hour, not counting this one.
    pub notifications_last_hour: u32,
    /// When the same tool, action and target last fired, if known.
    pub last_same_action_at: Option<Timestamp>,
    /// The current time.
    pub now: Option<Timestamp>,
}

/// The autonomy layer's verdict.
#[derive(Debug, Clone, PartialEq)]
pub struct AutonomyVerdict {
    /// The outcome, after overrides.
    pub outcome: Outcome,
    /// The final risk, after adjusters.
    pub risk: Risk,
    /// Each step, in order, with the outcome it implied.
    pub steps: Vec<(Outcome, Reason)>,
}

/// Runs the autonomy layer: adjusters raise the base risk, hard overrides set a floor, the
/// matrix gives the cell, and the most restrictive wins.
pub fn autonomy_gate(
    level: AutonomyLevel,
    settings: &AutonomySettings,
    facts: &AutonomyFacts,
) -> AutonomyVerdict {
    let mut steps = Vec::with_capacity(4);
    let (outcome, risk) =
        autonomy_gate_with(level, settings, facts, &mut |o, r| steps.push((o, r)));
    AutonomyVerdict {
        outcome,
        risk,
        steps,
    }
}

/// [`autonomy_gate`], reporting each step to `step` instead of collecting them, so the gate can
/// write them straight into its factors.
pub(crate) fn autonomy_gate_with(
    level: AutonomyLevel,
    settings: &AutonomySettings,
    facts: &AutonomyFacts,
    step: &mut impl FnMut(Outcome, Reason),
) -> (Outcome, Risk) {
    let (base, source) = facts
        .base
        .unwrap_or((Risk::Medium, RiskSource::DangerLevel));
    step(Outcome::Allow, Reason::BaseRisk { risk: base, source });

    let in_quiet_hours = match (&settings.quiet_hours, facts.now) {
        (Some(q), Some(now)) => q.contains(now),
        _ => false,
    };
    let mut risk = base;
    let mut adjust = |adjuster: Adjuster, step: &mut dyn FnMut(Outcome, Reason)| {
        risk = risk.raised();
        step(Outcome::Allow, Reason::Adjusted { adjuster, risk });
    };
    if facts.broadcast_target {
        adjust(Adjuster::BroadcastTarget, step);
    }
    if facts.destructive {
        if source == RiskSource::DangerLevel {
            step(Outcome::Allow, Reason::DestructiveAlreadyCounted);
        } else {
            adjust(Adjuster::DestructiveAction, step);
        }
    }
    if facts
        .blast_radius
        .is_some_and(|n| n > settings.blast_radius_threshold)
    {
        adjust(Adjuster::BlastRadius, step);
    }
    if in_quiet_hours {
        adjust(Adjuster::QuietHours, step);
    }

    let mut outcome = Outcome::Allow;
    let mut floor = |o: Outcome, rule: HardOverride, step: &mut dyn FnMut(Outcome, Reason)| {
        outcome = outcome.join(o);
        step(o, Reason::Override { rule });
    };
    if facts.secrets_scope {
        floor(Outcome::Confirm, HardOverride::SecretsScope, step);
    }
    if in_quiet_hours && risk >= Risk::Medium {
        floor(Outcome::Confirm, HardOverride::QuietHours, step);
    }
    if let (Some(last), Some(now)) = (facts.last_same_action_at, facts.now) {
        let cooldown = SignedDuration::from_secs(i64::from(settings.anti_flap_cooldown_seconds));
        let since = now.duration_since(last);
        if settings.anti_flap_cooldown_seconds > 0 && since < cooldown {
            floor(Outcome::Deny, HardOverride::AntiFlap, step);
        }
    }
    if facts.notification && facts.notifications_last_hour >= settings.max_notifications_per_hour {
        floor(Outcome::Deny, HardOverride::NotificationStorm, step);
    }

    if facts.effectful {
        let cell = autonomy_cell(level, risk);
        step(
            cell,
            Reason::AutonomyMatrix {
                autonomy: level,
                risk,
            },
        );
        outcome = outcome.join(cell);
    } else {
        step(Outcome::Allow, Reason::NotEffectful);
    }
    (outcome, risk)
}

#[cfg(test)]
mod tests {
    use super::*;
    use AutonomyLevel::*;
    use Risk::*;

    fn at(s: &str) -> Timestamp {
        s.parse().expect("timestamp")
    }

    fn effectful(risk: Risk) -> AutonomyFacts {
        AutonomyFacts {
            base: Some((risk, RiskSource::Policy)),
            effectful: true,
            ..AutonomyFacts::default()
        }
    }

    /// The autonomy seed's gate matrix, typed cell by cell from its table.
    #[test]
    fn every_cell_of_the_seed_matrix() {
        let spec: [(AutonomyLevel, [&str; 4]); 5] = [
            (A0, ["PREVIEW", "PREVIEW", "PREVIEW", "PREVIEW"]),
            (A1, ["CONFIRM", "CONFIRM", "CONFIRM", "HARD BLOCK"]),
            (A2, ["ALLOW", "CONFIRM", "CONFIRM", "HARD BLOCK"]),
            (A3, ["ALLOW", "ALLOW", "CONFIRM", "HARD BLOCK"]),
            (A4, ["ALLOW", "ALLOW", "ALLOW", "CONFIRM"]),
        ];
        let seed_word = |o: Outcome| match o {
            Outcome::Allow => "ALLOW",
            Outcome::Confirm => "CONFIRM",
            Outcome::Preview => "PREVIEW",
            Outcome::Deny => "HARD BLOCK",
            other => panic!("the seed has no {other} cell"),
        };
        for (level, row) in spec {
            for (risk, expected) in [Low, Medium, High, Critical].into_iter().zip(row) {
                assert_eq!(
                    seed_word(autonomy_cell(level, risk)),
                    expected,
                    "{level} x {risk}"
                );
                let verdict = autonomy_gate(level, &AutonomySettings::default(), &effectful(risk));
                assert_eq!(
                    seed_word(verdict.outcome),
                    expected,
                    "gate {level} x {risk}"
                );
            }
        }
    }

    /// The seed's risk table with its "typical gate at A2" column.
    #[test]
    fn the_seed_risk_examples_at_a2() {
        let settings = AutonomySettings {
            quiet_hours: Some(QuietHours::new("22:00", "07:00", 0).expect("window")),
            ..AutonomySettings::default()
        };
        let day = at("2026-11-25T12:00:00Z");
        let night = at("2026-11-25T23:30:00Z");
        let with = |base: Risk, source: RiskSource, f: &dyn Fn(&mut AutonomyFacts)| {
            let mut facts = AutonomyFacts {
                base: Some((base, source)),
                effectful: base > Low,
                now: Some(day),
                ..AutonomyFacts::default()
            };
            f(&mut facts);
            autonomy_gate(A2, &settings, &facts)
        };
        // Low: read-only query -> ALLOW.
        let read = with(Low, RiskSource::DangerLevel, &|_| {});
        assert_eq!((read.risk, read.outcome), (Low, Outcome::Allow));
        // Medium: a single device, a private channel, a calendar event -> CONFIRM.
        let one_device = with(Medium, RiskSource::Policy, &|f| f.blast_radius = Some(1));
        assert_eq!(
            (one_device.risk, one_device.outcome),
            (Medium, Outcome::Confirm)
        );
        // High: deleting data (danger 'destructive' starts at high) -> CONFIRM, not critical.
        let delete = with(High, RiskSource::DangerLevel, &|f| f.destructive = true);
        assert_eq!((delete.risk, delete.outcome), (High, Outcome::Confirm));
        // High: controlling many devices -> CONFIRM.
        let many = with(Medium, RiskSource::Policy, &|f| f.blast_radius = Some(40));
        assert_eq!((many.risk, many.outcome), (High, Outcome::Confirm));
        // High: sending broadly -> CONFIRM.
        let broad = with(Medium, RiskSource::Policy, &|f| f.broadcast_target = true);
        assert_eq!((broad.risk, broad.outcome), (High, Outcome::Confirm));
        // High: a notification in quiet hours -> CONFIRM.
        let quiet = with(Medium, RiskSource::Policy, &|f| {
            f.notification = true;
            f.now = Some(night);
        });
        assert_eq!((quiet.risk, quiet.outcome), (High, Outcome::Confirm));
        // Critical: public posting (high, broadcast) -> HARD BLOCK.
        let public = with(High, RiskSource::Policy, &|f| f.broadcast_target = true);
        assert_eq!((public.risk, public.outcome), (Critical, Outcome::Deny));
        // Critical: an irreversible action (danger 'dangerous' or 'forbidden') -> HARD BLOCK.
        let irreversible = with(Critical, RiskSource::DangerLevel, &|_| {});
        assert_eq!(irreversible.outcome, Outcome::Deny);
        // Critical: wide blast radius of a high-risk action -> HARD BLOCK.
        let wide = with(High, RiskSource::Policy, &|f| f.blast_radius = Some(500));
        assert_eq!((wide.risk, wide.outcome), (Critical, Outcome::Deny));
    }

    #[test]
    fn adjusters_raise_one_level_each_and_cap_at_critical() {
        let settings = AutonomySettings {
            quiet_hours: Some(QuietHours::new("00:00", "23:59", 0).expect("window")),
            ..AutonomySettings::default()
        };
        let facts = AutonomyFacts {
            base: Some((Low, RiskSource::Caller)),
            effectful: true,
            broadcast_target: true,
            destructive: true,
            blast_radius: Some(11),
            now: Some(at("2026-11-25T12:00:00Z")),
            ..AutonomyFacts::default()
        };
        let v = autonomy_gate(A4, &settings, &facts);
        assert_eq!(v.risk, Critical);
        let raised: Vec<Risk> = v
            .steps
            .iter()
            .filter_map(|(_, r)| match r {
                Reason::Adjusted { risk, .. } => Some(*risk),
                _ => None,
            })
            .collect();
        assert_eq!(raised, [Medium, High, Critical, Critical]);
    }

    #[test]
    fn hard_overrides_apply_at_every_level_even_to_reads() {
        let now = at("2026-11-25T12:00:00Z");
        for level in [A0, A1, A2, A3, A4] {
            let secrets = AutonomyFacts {
                base: Some((Low, RiskSource::DangerLevel)),
                effectful: false,
                secrets_scope: true,
                ..AutonomyFacts::default()
            };
            let v = autonomy_gate(level, &AutonomySettings::default(), &secrets);
            assert_eq!(v.outcome, Outcome::Confirm, "secrets at {level}");

            let flap = AutonomyFacts {
                base: Some((Low, RiskSource::Policy)),
                effectful: true,
                last_same_action_at: Some(now - SignedDuration::from_secs(5)),
                now: Some(now),
                ..AutonomyFacts::default()
            };
            assert_eq!(
                autonomy_gate(level, &AutonomySettings::default(), &flap).outcome,
                Outcome::Deny,
                "anti-flap at {level}"
            );

            let storm = AutonomyFacts {
                base: Some((Low, RiskSource::Policy)),
                effectful: true,
                notification: true,
                notifications_last_hour: 60,
                ..AutonomyFacts::default()
            };
            assert_eq!(
                autonomy_gate(level, &AutonomySettings::default(), &storm).outcome,
                Outcome::Deny,
                "storm at {level}"
            );
        }
    }

    #[test]
    fn anti_flap_lets_the_action_through_after_the_cooldown() {
        let now = at("2026-11-25T12:00:00Z");
        let facts = AutonomyFacts {
            base: Some((Low, RiskSource::Policy)),
            effectful: true,
            last_same_action_at: Some(now - SignedDuration::from_secs(31)),
            now: Some(now),
            ..AutonomyFacts::default()
        };
        assert_eq!(
            autonomy_gate(A4, &AutonomySettings::default(), &facts).outcome,
            Outcome::Allow
        );
    }

    #[test]
    fn reads_are_not_previewed_at_a0() {
        let facts = AutonomyFacts {
            base: Some((Low, RiskSource::DangerLevel)),
            effectful: false,
            ..AutonomyFacts::default()
        };
        assert_eq!(
            autonomy_gate(A0, &AutonomySettings::default(), &facts).outcome,
            Outcome::Allow
        );
    }

    #[test]
    fn quiet_hours_windows() {
        let q = QuietHours::new("22:00", "07:00", 60).expect("window");
        // 21:30 UTC is 22:30 at +01:00: inside.
        assert!(q.contains(at("2026-11-25T21:30:00Z")));
        // 06:30 UTC is 07:30 local: outside.
        assert!(!q.contains(at("2026-11-25T06:30:00Z")));
        let day = QuietHours::new("09:00", "17:00", 0).expect("window");
        assert!(day.contains(at("2026-11-25T09:00:00Z")));
        assert!(!day.contains(at("2026-11-25T17:00:00Z")));
        assert!(QuietHours::new("24:00", "07:00", 0).is_err());
        assert!(QuietHours::new("7:00", "08:00", 0).is_err());
        let parsed: QuietHours =
            serde_json::from_str(r#"{"start":"22:00","end":"07:00","utc_offset":"-05:30"}"#)
                .expect("quiet hours");
        assert_eq!(
            serde_json::to_value(parsed).expect("serialize")["utc_offset"],
            "-05:30"
        );
        let err = serde_json::from_str::<QuietHours>(r#"{"start":"22:00","end":"7"}"#)
            .expect_err("bad end");
        assert!(err.to_string().contains("not HH:MM"), "{err}");
    }

    /// Europe/Berlin moves from +01:00 to +02:00 at 01:00 UTC on 2026-03-29 and back at 01:00
    /// UTC on 2026-10-25: a 22:00-07:00 window follows the wall clock across both changes,
    /// where a fixed offset is an hour off for half the year.
    #[test]
    fn quiet_hours_in_a_time_zone_follow_daylight_saving_time() {
        let q: QuietHours =
            serde_json::from_str(r#"{"start":"22:00","end":"07:00","time_zone":"Europe/Berlin"}"#)
                .expect("quiet hours");
        let fixed = QuietHours::new("22:00", "07:00", 60).expect("window");
        // Winter time (+01:00), the evening before the change: 21:30 UTC is 22:30 local.
        assert!(q.contains(at("2026-03-28T21:30:00Z")));
        assert!(fixed.contains(at("2026-03-28T21:30:00Z")));
        // Summer time (+02:00): 20:30 UTC is 22:30 in Berlin, inside; +01:00 says 21:30.
        assert!(q.contains(at("2026-03-30T20:30:00Z")));
        assert!(!fixed.contains(at("2026-03-30T20:30:00Z")));
        // 05:30 UTC is 07:30 in Berlin, outside; +01:00 says 06:30, inside.
        assert!(!q.contains(at("2026-03-30T05:30:00Z")));
        assert!(fixed.contains(at("2026-03-30T05:30:00Z")));
        // The night of the change itself: 00:59 UTC is 01:59 +01:00, 01:00 UTC is 03:00 +02:00;
        // both inside, and 04:59 UTC (06:59 local) still inside, 05:00 UTC (07:00) outside.
        assert!(q.contains(at("2026-03-29T00:59:00Z")));
        assert!(q.contains(at("2026-03-29T01:00:00Z")));
        assert!(q.contains(at("2026-03-29T04:59:00Z")));
        assert!(!q.contains(at("2026-03-29T05:00:00Z")));
        // Back to winter time on 2026-10-25: 20:30 UTC is 21:30 local, outside; 21:00 UTC is
        // 22:00, inside.
        assert!(!q.contains(at("2026-10-26T20:30:00Z")));
        assert!(q.contains(at("2026-10-26T21:00:00Z")));
        // The zone round-trips by name.
        let json = serde_json::to_value(&q).expect("serialize");
        assert_eq!(json["time_zone"], "Europe/Berlin", "{json}");
        assert!(json.get("utc_offset").is_none(), "{json}");
    }

    #[test]
    fn a_bad_time_zone_and_a_zone_with_an_offset_are_refused() {
        let err = serde_json::from_str::<QuietHours>(
            r#"{"start":"22:00","end":"07:00","time_zone":"Mars/Olympus_Mons"}"#,
        )
        .expect_err("no such zone");
        assert!(err.to_string().contains("IANA"), "{err}");
        let err = serde_json::from_str::<QuietHours>(
            r#"{"start":"22:00","end":"07:00","time_zone":"Europe/Berlin","utc_offset":"+01:00"}"#,
        )
        .expect_err("both");
        assert!(err.to_string().contains("not both"), "{err}");
    }
}
