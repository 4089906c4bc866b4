//! Pull-based notifications (core spec 8.7.3): events accumulate per agent between reports and
//! are handed over, once, in the agent's next directive. There is no push channel.
//!
//! Built so memory stays linear in the number of agents, whatever they do:
//!
//! - A broadcast (the `danger_zone` notification every executing agent must get, 8.8.1) is kept
//!   **once**, in a ring of the last [`MAX_BROADCASTS`], and each executing agent keeps only a
//!   cursor: the first broadcast it has not seen. Queued per agent, every hard block cost one
//!   notification per running execution until delivered: memory grew with the square of the
//!   number of blocked agents (1.12 GB with 1,800 of them).
//! - Other notifications (a person decided an approval, a new challenge) are queued per agent,
//!   **coalesced** (the same kind about the same subject is kept once, the newest) and bounded
//!   ([`MAX_DIRECT`]).
//! - One directive carries at most [`MAX_DELIVERED`]; what did not fit, or left the ring before
//!   the agent reported again, is dropped, oldest first, and the directive says so with a
//!   `status` notification: "N older notifications were dropped". The state they announced (a
//!   block) answers the agents' steps anyway.

use std::collections::VecDeque;
use std::sync::Arc;

use crate::directive::{AgentNotification, NotificationType};
use crate::engine::ById;

/// Broadcasts kept for agents that have not reported since.
pub(crate) const MAX_BROADCASTS: usize = 64;
/// Other notifications kept per agent.
pub(crate) const MAX_DIRECT: usize = 16;
/// Notifications handed over in one directive, at most (plus the one that counts the dropped).
pub(crate) const MAX_DELIVERED: usize = 32;

/// A broadcast, kept once.
#[derive(Debug)]
struct Broadcast {
    /// Its position among all broadcasts (from 0).
    seq: u64,
    /// The identity key of the agent it is about (which gets it in its own directive).
    about: String,
    notification: Arc<AgentNotification>,
    /// The block it announced was lifted (8.7.3: cleared on unblock).
    withdrawn: bool,
}

/// One agent's own notifications.
#[derive(Debug, Default)]
struct Queue {
    waiting: VecDeque<AgentNotification>,
    /// How many were dropped since the agent last reported.
    dropped: u64,
}

/// The notifications waiting for each agent, by identity key.
#[derive(Debug, Default)]
pub(crate) struct Inbox {
    direct: ById<Queue>,
    broadcasts: VecDeque<Broadcast>,
    /// The sequence number the next broadcast gets.
    next_seq: u64,
    /// Each executing agent's first unseen broadcast.
    cursors: ById<u64>,
}

/// What a notification is about, for coalescing: its challenge or approval, else its agent,
/// else its text.
fn subject(n: &AgentNotification) -> (&NotificationType, &str) {
    let m = &n.metadata;
    let about = m
        .verification_id
        .as_deref()
        .or(m.approval_id.as_deref())
        .or(m.agent.as_deref())
        .unwrap_or(&n.message);
    (&n.kind, about)
}

impl Inbox {
    /// An agent starts executing: it gets the broadcasts made from now on.
    pub(crate) fn join(&mut self, agent: &str) {
        self.cursors
            .entry(agent.to_owned())
            .or_insert(self.next_seq);
    }

    /// An agent stops executing: what waits for it goes (the state it announced, such as a
    /// block, answers its next step anyway).
    pub(crate) fn leave(&mut self, agent: &str) {
        self.cursors.remove(agent);
        self.direct.remove(agent);
    }

    /// Queues a notification for one agent, replacing one of the same kind about the same
    /// subject; past [`MAX_DIRECT`] the oldest is dropped.
    pub(crate) fn push(&mut self, agent: &str, notification: AgentNotification) {
        let queue = self.direct.entry(agent.to_owned()).or_default();
        let same = subject(&notification);
        if let Some(i) = queue.waiting.iter().position(|n| subject(n) == same) {
            queue.waiting.remove(i);
        }
        queue.waiting.push_back(notification);
        if queue.waiting.len() > MAX_DIRECT {
            queue.waiting.pop_front();
            queue.dropped += 1;
        }
    }

    /// Broadcasts a notification about agent `about` to every executing agent but it (it gets
    /// the notification in its own directive).
    pub(crate) fn broadcast(&mut self, about: &str, notification: AgentNotification) {
        self.broadcasts.push_back(Broadcast {
            seq: self.next_seq,
            about: about.to_owned(),
            notification: Arc::new(notification),
            withdrawn: false,
        });
        self.next_seq += 1;
        if self.broadcasts.len() > MAX_BROADCASTS {
            self.broadcasts.pop_front();
        }
    }

    /// Hands over an agent's notifications, oldest first: each is delivered once, at most
    /// [`MAX_DELIVERED`], after a `status` notification counting the dropped ones if any were.
    pub(crate) fn take(&mut self, agent: &str, now: jiff::Timestamp) -> Vec<AgentNotification> {
        let (mut own, mut dropped) = match self.direct.remove(agent) {
            Some(q) => (Vec::from(q.waiting), q.dropped),
            None => (Vec::new(), 0),
        };
        let mut heard = Vec::new();
        if let Some(cursor) = self.cursors.get_mut(agent) {
            let oldest = self.broadcasts.front().map_or(self.next_seq, |b| b.seq);
            // Broadcasts that left the ring before the agent reported again.
            dropped += oldest.saturating_sub(*cursor);
            heard.extend(
                self.broadcasts
                    .iter()
                    .filter(|b| b.seq >= *cursor && !b.withdrawn && b.about != agent)
                    .map(|b| Arc::clone(&b.notification)),
            );
            *cursor = self.next_seq;
        }
        // Room goes to the agent's own notifications first, then the newest broadcasts.
        if own.len() > MAX_DELIVERED {
            let extra = own.len() - MAX_DELIVERED;
            own.drain(..extra);
            dropped += extra as u64;
        }
        let room = MAX_DELIVERED - own.len();
        if heard.len() > room {
            let extra = heard.len() - room;
            heard.drain(..extra);
            dropped += extra as u64;
        }
        let mut out = Vec::with_capacity(own.len() + heard.len() + 1);
        if dropped > 0 {
            out.push(AgentNotification {
                kind: NotificationType::Status,
                message: format!(
                    "{dropped} older notifications were dropped: airlock keeps a bounded number \
                     per agent. Blocks they announced still answer every step; an operator can \
                     list them (airlock blocks)"
                ),
                metadata: Default::default(),
                timestamp: now,
            });
        }
        out.extend(heard.into_iter().map(|n| (*n).clone()));
        out.extend(own);
        out
    }

    /// Withdraws undelivered `danger_zone` notifications about a challenge: the block they
    /// announce has been lifted (spec 8.7.3: cleared on unblock).
    pub(crate) fn clear_danger_zone(&mut self, verification_id: &str) {
        let about = |n: &AgentNotification| {
            n.kind == NotificationType::DangerZone
                && n.metadata.verification_id.as_deref() == Some(verification_id)
        };
        for b in &mut self.broadcasts {
            if about(&b.notification) {
                b.withdrawn = true;
            }
        }
        for queue in self.direct.values_mut() {
            queue.waiting.retain(|n| !about(n));
        }
        self.direct
            .retain(|_, q| !q.waiting.is_empty() || q.dropped > 0);
    }

    /// What the inbox holds: notifications queued for agents (direct), broadcasts kept, and
    /// executing agents' cursors.
    pub(crate) fn sizes(&self) -> (usize, usize, usize) {
        (
            self.direct.values().map(|q| q.waiting.len()).sum(),
            self.broadcasts.len(),
            self.cursors.len(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::directive::NotificationMetadata;

    fn note(kind: NotificationType, id: &str) -> AgentNotification {
        AgentNotification {
            kind,
            message: id.into(),
            metadata: NotificationMetadata {
                verification_id: Some(id.into()),
                ..NotificationMetadata::default()
            },
            timestamp: jiff::Timestamp::UNIX_EPOCH,
        }
    }

    fn now() -> jiff::Timestamp {
        jiff::Timestamp::UNIX_EPOCH
    }

    #[test]
    fn a_broadcast_reaches_each_executing_agent_once_and_is_withdrawn_on_unblock() {
        let mut inbox = Inbox::default();
        inbox.join("a");
        inbox.join("b");
        inbox.broadcast("x", note(NotificationType::DangerZone, "c1"));
        inbox.broadcast("x", note(NotificationType::DangerZone, "c2"));
        assert_eq!(inbox.take("a", now()).len(), 2);
        assert!(inbox.take("a", now()).is_empty(), "delivered once");
        inbox.clear_danger_zone("c1");
        let b = inbox.take("b", now());
        assert_eq!(b.len(), 1);
        assert_eq!(b[0].message, "c2");
        // Not to the agent it is about, nor to agents not executing, nor to later joiners.
        inbox.join("x");
        inbox.broadcast("x", note(NotificationType::DangerZone, "c3"));
        assert!(inbox.take("x", now()).is_empty());
        assert!(inbox.take("idle", now()).is_empty());
        inbox.join("late");
        assert!(inbox.take("late", now()).is_empty());
    }

    #[test]
    fn the_same_news_is_kept_once_and_a_flood_is_counted_not_kept() {
        let mut inbox = Inbox::default();
        for _ in 0..100 {
            inbox.push("a", note(NotificationType::Status, "approval-1"));
        }
        assert_eq!(inbox.take("a", now()).len(), 1, "coalesced");
        for i in 0..1000 {
            inbox.push("a", note(NotificationType::Status, &i.to_string()));
        }
        let got = inbox.take("a", now());
        assert_eq!(got.len(), MAX_DIRECT + 1);
        assert_eq!(
            got[0].message.split(' ').next(),
            Some(&*(1000 - MAX_DIRECT).to_string())
        );
        assert_eq!(got[MAX_DIRECT].message, "999", "the newest are kept");
    }

    #[test]
    fn memory_stays_linear_and_one_answer_bounded_with_ten_thousand_blocks() {
        let mut inbox = Inbox::default();
        let agents: Vec<String> = (0..10_000).map(|i| format!("agent-{i}")).collect();
        for a in &agents {
            inbox.join(a);
        }
        for a in &agents {
            inbox.broadcast(a, note(NotificationType::DangerZone, a));
        }
        let (direct, broadcasts, cursors) = inbox.sizes();
        assert_eq!((direct, broadcasts, cursors), (0, MAX_BROADCASTS, 10_000));
        let got = inbox.take("agent-0", now());
        assert_eq!(got.len(), MAX_DELIVERED + 1);
        assert!(
            got[0]
                .message
                .starts_with("9968 older notifications were dropped"),
            "{}",
            got[0].message
        );
    }
}
