//! Pull-based notifications (core spec 8.7.3): events accumulate per agent between reports and
//! are handed over, once, in the agent's next directive. There is no push channel.

use std::collections::HashMap;

use crate::directive::{AgentNotification, NotificationType};

/// The notifications waiting for each agent.
#[derive(Debug, Default)]
pub(crate) struct Inbox {
    waiting: HashMap<String, Vec<AgentNotification>>,
}

/// Waiting notifications per agent are capped so a flood of events cannot grow memory without
/// bound; the oldest are dropped first (a `danger_zone` broadcast is never dropped).
const MAX_WAITING: usize = 256;

impl Inbox {
    /// Queues a notification for one agent.
    pub(crate) fn push(&mut self, agent: &str, notification: AgentNotification) {
        let queue = self.waiting.entry(agent.to_owned()).or_default();
        queue.push(notification);
        if queue.len() > MAX_WAITING
            && let Some(i) = queue
                .iter()
                .position(|n| n.kind != NotificationType::DangerZone)
        {
            queue.remove(i);
        }
    }

    /// Queues a notification for each of `agents`.
    pub(crate) fn broadcast<'a>(
        &mut self,
        agents: impl IntoIterator<Item = &'a str>,
        notification: &AgentNotification,
    ) {
        for agent in agents {
            self.push(agent, notification.clone());
        }
    }

    /// Hands over an agent's notifications: each is delivered once.
    pub(crate) fn take(&mut self, agent: &str) -> Vec<AgentNotification> {
        self.waiting.remove(agent).unwrap_or_default()
    }

    /// Drops undelivered `danger_zone` notifications about a challenge: the block they announce
    /// has been lifted (spec 8.7.3: cleared on unblock).
    pub(crate) fn clear_danger_zone(&mut self, verification_id: &str) {
        for queue in self.waiting.values_mut() {
            queue.retain(|n| {
                !(n.kind == NotificationType::DangerZone
                    && n.metadata.verification_id.as_deref() == Some(verification_id))
            });
        }
        self.waiting.retain(|_, q| !q.is_empty());
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

    #[test]
    fn delivered_once_and_cleared_on_unblock() {
        let mut inbox = Inbox::default();
        inbox.broadcast(["a", "b"], &note(NotificationType::DangerZone, "c1"));
        inbox.broadcast(["a", "b"], &note(NotificationType::DangerZone, "c2"));
        assert_eq!(inbox.take("a").len(), 2);
        assert!(inbox.take("a").is_empty(), "delivered once");
        inbox.clear_danger_zone("c1");
        let b = inbox.take("b");
        assert_eq!(b.len(), 1);
        assert_eq!(b[0].message, "c2");
    }

    #[test]
    fn a_flood_drops_the_oldest_but_never_a_danger_zone() {
        let mut inbox = Inbox::default();
        inbox.push("a", note(NotificationType::DangerZone, "keep"));
        for i in 0..1000 {
            inbox.push("a", note(NotificationType::Status, &i.to_string()));
        }
        let got = inbox.take("a");
        assert_eq!(got.len(), MAX_WAITING);
        assert_eq!(got[0].message, "keep");
        assert_eq!(got[MAX_WAITING - 1].message, "999");
    }
}
