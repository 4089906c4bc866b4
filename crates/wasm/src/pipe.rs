//! A guest's stdout or stderr: a bounded in-memory pipe that is logged and emptied after every
//! guest entry.
//!
//! Writes never fail and never block: past the bound, bytes are counted and dropped. A failing
//! write would turn a chatty guest (a Python `print`) into a failing one, and a blocking one
//! would turn it into a timeout; neither is the guest's fault.

use std::pin::Pin;
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};

use bytes::Bytes;
use wasmtime_wasi::cli::{IsTerminal, StdoutStream};
use wasmtime_wasi::p2::{OutputStream, Pollable, StreamResult};

/// How many bytes of output one guest entry may leave before the rest is dropped.
pub(crate) const PIPE_CAPACITY: usize = 64 * 1024;

#[derive(Debug, Default)]
struct Buffer {
    bytes: Vec<u8>,
    dropped: usize,
}

/// A bounded output pipe. Clones share the buffer.
#[derive(Debug, Clone)]
pub(crate) struct LogPipe {
    buffer: Arc<Mutex<Buffer>>,
    capacity: usize,
}

impl LogPipe {
    /// An empty pipe that keeps at most `capacity` bytes.
    pub(crate) fn new(capacity: usize) -> Self {
        LogPipe {
            buffer: Arc::new(Mutex::new(Buffer::default())),
            capacity,
        }
    }

    fn push(&self, data: &[u8]) {
        // A poisoned lock only means another writer panicked mid-append: the bytes are still
        // plain bytes, keep going.
        let mut buffer = self.buffer.lock().unwrap_or_else(PoisonError::into_inner);
        let room = self.capacity.saturating_sub(buffer.bytes.len());
        let kept = room.min(data.len());
        buffer.bytes.extend_from_slice(&data[..kept]);
        buffer.dropped += data.len() - kept;
    }

    /// Takes what was written since the last call: the text (lossy UTF-8) and how many bytes
    /// were dropped past the bound. `None` when nothing was written.
    pub(crate) fn take(&self) -> Option<(String, usize)> {
        let mut buffer = self.buffer.lock().unwrap_or_else(PoisonError::into_inner);
        if buffer.bytes.is_empty() && buffer.dropped == 0 {
            return None;
        }
        let text = String::from_utf8_lossy(&buffer.bytes).into_owned();
        let dropped = buffer.dropped;
        buffer.bytes.clear();
        buffer.dropped = 0;
        Some((text, dropped))
    }
}

impl IsTerminal for LogPipe {
    fn is_terminal(&self) -> bool {
        false
    }
}

impl StdoutStream for LogPipe {
    fn async_stream(&self) -> Box<dyn tokio::io::AsyncWrite + Send + Sync> {
        Box::new(self.clone())
    }

    fn p2_stream(&self) -> Box<dyn OutputStream> {
        Box::new(self.clone())
    }
}

#[wasmtime_wasi::async_trait]
impl Pollable for LogPipe {
    async fn ready(&mut self) {}
}

impl OutputStream for LogPipe {
    fn write(&mut self, bytes: Bytes) -> StreamResult<()> {
        self.push(&bytes);
        Ok(())
    }

    fn flush(&mut self) -> StreamResult<()> {
        Ok(())
    }

    fn check_write(&mut self) -> StreamResult<usize> {
        // The permit is what one write may carry, not what is kept: the rest is dropped.
        Ok(PIPE_CAPACITY)
    }
}

impl tokio::io::AsyncWrite for LogPipe {
    fn poll_write(
        self: Pin<&mut Self>,
        _cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        self.push(buf);
        Poll::Ready(Ok(buf.len()))
    }

    fn poll_flush(self: Pin<&mut Self>, _cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Poll::Ready(Ok(()))
    }

    fn poll_shutdown(self: Pin<&mut Self>, _cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Poll::Ready(Ok(()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_past_the_bound_is_counted_and_dropped() {
        let mut pipe = LogPipe::new(8);
        assert_eq!(pipe.take(), None);
        pipe.write(Bytes::from_static(b"hello ")).expect("write");
        pipe.write(Bytes::from_static(b"world"))
            .expect("write never fails");
        assert_eq!(pipe.take(), Some(("hello wo".to_string(), 3)));
        assert_eq!(pipe.take(), None);
        pipe.write(Bytes::from_static(b"again")).expect("write");
        assert_eq!(pipe.take(), Some(("again".to_string(), 0)));
    }
}
