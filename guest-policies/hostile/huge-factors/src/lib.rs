//! Hostile test guest: a risk scorer whose `score` returns 100,000 factors, each with a 1 KiB
//! message: about 100 MiB of text for the host to lift, which it must cap (at most a configured
//! number of factors, each truncated), while the guest itself stays far below a 32 MiB memory
//! limit.
//!
//! How it fits: `score` is exported by hand, at the canonical ABI level, instead of through
//! wit-bindgen's `Guest` trait (whose lowering gives every `String` its own allocation). The
//! returned list holds `count` factor records (20 bytes each: 2 MB for 100,000) whose `message`
//! strings all point at the same buffer of `messageBytes` bytes, and whose `code` strings all
//! point at one static string. The list is built once per configuration and reused by every call.
//! `score` ignores its action (and does not free the few hundred bytes the host allocated for
//! it). Every factor has 0 points; the score is 100.
//!
//! Config (all keys optional; `{}` is the default): `{"count": 100000, "messageBytes": 1024}`,
//! with `count` at most 1,000,000 and `messageBytes` at most 1 MiB. Unknown keys are an error.

/// Factors returned when the config says nothing.
pub const DEFAULT_COUNT: u32 = 100_000;
/// Message length in bytes when the config says nothing.
pub const DEFAULT_MESSAGE_BYTES: u32 = 1024;
/// The largest `count` accepted (a 20 MB list).
pub const MAX_COUNT: u32 = 1_000_000;
/// The largest `messageBytes` accepted.
pub const MAX_MESSAGE_BYTES: u32 = 1 << 20;

/// What `score` returns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shape {
    /// How many factors.
    pub count: u32,
    /// How long each message is, in bytes.
    pub message_bytes: u32,
}

impl Default for Shape {
    fn default() -> Self {
        Self {
            count: DEFAULT_COUNT,
            message_bytes: DEFAULT_MESSAGE_BYTES,
        }
    }
}

/// Parses the config JSON.
pub fn parse_config(json: &str) -> Result<Shape, String> {
    let value: serde_json::Value = serde_json::from_str(json)
        .map_err(|e| format!("huge-factors: the config is not valid JSON: {e}"))?;
    let serde_json::Value::Object(map) = value else {
        return Err("huge-factors: the config must be a JSON object such as \
                    {\"count\": 100000, \"messageBytes\": 1024}"
            .to_owned());
    };
    let mut shape = Shape::default();
    for (key, value) in &map {
        let (slot, max) = match key.as_str() {
            "count" => (&mut shape.count, MAX_COUNT),
            "messageBytes" => (&mut shape.message_bytes, MAX_MESSAGE_BYTES),
            other => {
                return Err(format!(
                    "huge-factors: unknown config key {other:?}; expected \"count\" or \"messageBytes\""
                ));
            }
        };
        *slot = value
            .as_u64()
            .filter(|&n| n <= u64::from(max))
            .and_then(|n| u32::try_from(n).ok())
            .ok_or_else(|| format!("huge-factors: {key:?} must be an integer from 0 to {max}"))?;
    }
    Ok(shape)
}

/// The message every factor carries: `bytes` bytes of ASCII text.
pub fn message(bytes: u32) -> String {
    let head = "huge-factors: a deliberately long factor message ";
    let mut m: String = head.chars().cycle().take(bytes as usize).collect();
    m.truncate(bytes as usize);
    m
}

#[cfg(target_arch = "wasm32")]
#[allow(unsafe_code, dead_code, unused_imports, unused_macros)]
mod component {
    //! The hand-written canonical ABI exports. Layouts (canonical ABI, wasm32):
    //! `result<_, string>` is 12 bytes (discriminant u8 at 0, string pointer at 4, length at 8);
    //! `score` is 16 bytes (value u32 at 0, factors pointer at 4, count at 8, the
    //! `option<danger-level>` discriminant at 12 and payload at 13); a `factor` is 20 bytes (code
    //! pointer and length at 0 and 4, message pointer and length at 8 and 12, points at 16).
    //! Both functions return a pointer to a static return area.

    // Only for the custom section describing the world, which makes `wit-component` check these
    // exports against `airlock:policy/scorer@0.1.0`.
    wit_bindgen::generate!({ path: "../../../wit", world: "risk-scorer" });

    use std::sync::Mutex;

    use super::{Shape, message, parse_config};

    const FACTOR_SIZE: usize = 20;
    const CODE: &str = "hostile.huge-factor";

    #[repr(C, align(4))]
    struct ReturnArea([u8; 16]);

    static mut RETURN_AREA: ReturnArea = ReturnArea([0; 16]);

    struct Prepared {
        shape: Shape,
        /// The factor records; their message pointers point into `message`.
        list: Vec<u8>,
        message: String,
    }

    static STATE: Mutex<Option<Prepared>> = Mutex::new(None);

    fn prepare(shape: Shape) -> Prepared {
        let message = message(shape.message_bytes);
        let mut list = vec![0_u8; shape.count as usize * FACTOR_SIZE];
        let words = [
            CODE.as_ptr() as u32,
            CODE.len() as u32,
            message.as_ptr() as u32,
            message.len() as u32,
            0, // points
        ];
        for record in list.chunks_exact_mut(FACTOR_SIZE) {
            for (slot, word) in record.chunks_exact_mut(4).zip(words) {
                slot.copy_from_slice(&word.to_le_bytes());
            }
        }
        Prepared {
            shape,
            list,
            message,
        }
    }

    fn put_u32(area: *mut u8, offset: usize, value: u32) {
        // SAFETY: `area` is the 16-byte, 4-aligned static return area and offset + 4 <= 16.
        unsafe { area.add(offset).cast::<u32>().write(value) }
    }

    /// `configure: func(config-json: string) -> result<_, string>`
    #[unsafe(export_name = "airlock:policy/scorer@0.1.0#configure")]
    unsafe extern "C" fn configure(ptr: *mut u8, len: usize) -> *mut u8 {
        __link_custom_section_describing_imports();
        // SAFETY: the host wrote `len` bytes of UTF-8 at `ptr`, allocated through cabi_realloc
        // with alignment 1, and hands their ownership to us (as wit-bindgen's own exports assume).
        let config = unsafe { String::from_raw_parts(ptr, len, len) };
        let area = (&raw mut RETURN_AREA).cast::<u8>();
        match parse_config(&config) {
            Ok(shape) => {
                *STATE.lock().unwrap_or_else(|e| e.into_inner()) = Some(prepare(shape));
                // SAFETY: see put_u32.
                unsafe { area.write(0) };
            }
            Err(error) => {
                // Leaked: configure runs once per instance.
                let error = error.leak();
                // SAFETY: see put_u32.
                unsafe { area.write(1) };
                put_u32(area, 4, error.as_ptr() as u32);
                put_u32(area, 8, error.len() as u32);
            }
        }
        area
    }

    /// `score: func(action: action) -> score`
    #[unsafe(export_name = "airlock:policy/scorer@0.1.0#score")]
    unsafe extern "C" fn score(_action: *mut u8) -> *mut u8 {
        let mut state = STATE.lock().unwrap_or_else(|e| e.into_inner());
        let prepared = state.get_or_insert_with(|| prepare(Shape::default()));
        let area = (&raw mut RETURN_AREA).cast::<u8>();
        put_u32(area, 0, 100);
        put_u32(area, 4, prepared.list.as_ptr() as u32);
        put_u32(area, 8, prepared.shape.count);
        // SAFETY: see put_u32. `option<danger-level>`: none.
        unsafe { area.add(12).write(0) };
        area
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn config() {
        assert_eq!(parse_config("{}"), Ok(Shape::default()));
        assert_eq!(
            parse_config(r#"{"count": 10, "messageBytes": 3}"#),
            Ok(Shape {
                count: 10,
                message_bytes: 3
            })
        );
        assert!(parse_config(r#"{"count": -1}"#).is_err());
        assert!(parse_config(r#"{"count": 1000001}"#).is_err());
        assert!(parse_config(r#"{"size": 1}"#).is_err());
        assert!(parse_config("[]").is_err());
        assert!(parse_config("{").is_err());
    }

    #[test]
    fn message_has_the_requested_length() {
        assert_eq!(message(1024).len(), 1024);
        assert_eq!(message(0), "");
        assert!(message(1024).is_ascii());
    }
}
