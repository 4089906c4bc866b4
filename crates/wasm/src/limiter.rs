//! The memory cap of one instance, enforced as its memories grow.

use wasmtime::ResourceLimiter;

/// The most table elements an instance may have (componentize-py's CPython needs tens of
/// thousands; the pooling allocator's slots are sized to match).
pub(crate) const MAX_TABLE_ELEMENTS: usize = 100_000;

/// Caps the linear memory of every memory of a store together, and remembers a refusal so that
/// the trap that follows it is reported as a memory limit, not a plain trap.
#[derive(Debug)]
pub(crate) struct MemoryCap {
    limit: usize,
    used: usize,
    refused: bool,
}

impl MemoryCap {
    /// A cap of `limit` bytes.
    pub(crate) fn new(limit: usize) -> Self {
        MemoryCap {
            limit,
            used: 0,
            refused: false,
        }
    }

    /// Whether a growth was refused since the last [`MemoryCap::clear_refused`].
    pub(crate) fn refused(&self) -> bool {
        self.refused
    }

    /// Forgets earlier refusals (a guest may survive a refused growth).
    pub(crate) fn clear_refused(&mut self) {
        self.refused = false;
    }
}

impl ResourceLimiter for MemoryCap {
    fn memory_growing(
        &mut self,
        current: usize,
        desired: usize,
        _maximum: Option<usize>,
    ) -> wasmtime::Result<bool> {
        let growth = desired.saturating_sub(current);
        let total = self.used.saturating_add(growth);
        if total > self.limit {
            self.refused = true;
            return Ok(false);
        }
        self.used = total;
        Ok(true)
    }

    fn table_growing(
        &mut self,
        _current: usize,
        desired: usize,
        _maximum: Option<usize>,
    ) -> wasmtime::Result<bool> {
        Ok(desired <= MAX_TABLE_ELEMENTS)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_memories_count_toward_one_cap() {
        let mut cap = MemoryCap::new(100);
        assert!(cap.memory_growing(0, 60, None).expect("grow"));
        assert!(cap.memory_growing(0, 40, None).expect("second memory"));
        assert!(!cap.refused());
        assert!(!cap.memory_growing(60, 61, None).expect("over"));
        assert!(cap.refused());
        cap.clear_refused();
        assert!(!cap.refused());
    }
}
