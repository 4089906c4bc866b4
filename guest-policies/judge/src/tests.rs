//! Per-family table tests of `judge`.
