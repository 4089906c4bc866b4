//! Tables of programs' names looked up with one hash and most often one comparison, built at
//! compile time. Many readers ask of every command whether its program is in a table, and
//! most programs are in none: a binary search paid about ten string comparisons each time.
//! Open addressing with linear probing on FNV-1a; a table is kept less than half full, so
//! probes stay short and an empty slot ends every search.

/// `entries` by name in `SLOTS` slots (a power of two, more than twice the entries: checked
/// when the table is built). Names are unique (each table's test checks it is strictly
/// sorted), so the entry found is the one a binary search finds.
pub struct NameTable<T: 'static, const SLOTS: usize> {
    entries: &'static [(&'static str, T)],
    /// `k + 1` for `entries[k]`, 0 for an empty slot.
    index: [u16; SLOTS],
}

impl<T: Copy, const SLOTS: usize> NameTable<T, SLOTS> {
    /// The table of `entries`.
    pub const fn new(entries: &'static [(&'static str, T)]) -> Self {
        assert!(SLOTS.is_power_of_two() && entries.len() < SLOTS / 2);
        let mut index = [0_u16; SLOTS];
        let mut k = 0;
        while k < entries.len() {
            let mut h = Self::slot(entries[k].0.as_bytes());
            while index[h] != 0 {
                h = (h + 1) & (SLOTS - 1);
            }
            index[h] = k as u16 + 1;
            k += 1;
        }
        Self { entries, index }
    }

    /// The value of the entry named `name` (compared byte for byte).
    #[inline]
    pub fn get(&self, name: &[u8]) -> Option<T> {
        let mut h = Self::slot(name);
        loop {
            let k = self.index[h];
            if k == 0 {
                return None;
            }
            let (n, value) = self.entries[usize::from(k - 1)];
            if n.as_bytes() == name {
                return Some(value);
            }
            h = (h + 1) & (SLOTS - 1);
        }
    }

    /// FNV-1a of a name, reduced to a slot.
    #[inline]
    const fn slot(w: &[u8]) -> usize {
        let mut h: u32 = 0x811c_9dc5;
        let mut i = 0;
        while i < w.len() {
            h ^= w[i] as u32;
            h = h.wrapping_mul(0x0100_0193);
            i += 1;
        }
        h as usize & (SLOTS - 1)
    }
}
